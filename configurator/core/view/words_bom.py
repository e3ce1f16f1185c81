"""Chinese names of the bill of materials' items (accelerators bought, owned or in a system's price;
servers; network; storage; racks; licences), keyed by the exact English, merged into
:mod:`configurator.core.view.words`' catalogue."""

from __future__ import annotations

ZH_CN_BOM: dict[str, str] = {
    # the kinds a bill names its lines by (core/view/bom_names.KINDS; "Facility" and "Workstations" are the
    # catalogue's words of the assumptions row and the capacity table)
    "Accelerators": "加速卡",
    "Servers": "服务器",
    "Network": "网络",
    "Storage": "存储",
    "Racks": "机柜",
    "Software": "软件",
    "{item} — {role}": "{item}——{role}",  # a line's item and what it is there for: Chinese dash, unspaced
    "Accelerator cards (spares)": "加速卡（备件）",
    "whole boards, priced by the board": "按整块板卡购买，按板卡计价",
    "Accelerator cards already owned (not bought)": "已拥有的加速卡（不再采购）",
    "already owned (not bought)": "已拥有（不再采购）",
    "Accelerators included in the system price": "加速卡（已含在整机价格中）",
    "sold with the server, not used by the layout": "随服务器整机购买，当前布局未使用",
    "; {n} more cards bought with the servers, unused": "；另有 {n} 张卡随服务器整机购买，未使用",
    ", a desktop unit: no server, no rack": "，桌面整机：无需服务器，无需机柜",  # a DGX Spark (the summary's configuration)
    ", {n} desktop units: no server, no rack": "，共 {n} 台桌面整机：无需服务器，无需机柜",
    ", in {n} deskside workstations (1 card each): no server, no rack": "，装在 {n} 台桌边工作站中（每台 1 张卡）：无需服务器，无需机柜",
    ", in 1 deskside workstation: no server, no rack": "，装在 1 台桌边工作站中：无需服务器，无需机柜",
    "8-GPU baseboard server (CPUs, memory, NVMe; no GPUs)": "8 卡基板服务器（含 CPU、内存、NVMe，不含 GPU）",
    "8-GPU baseboard server for 1 kW modules (no GPUs)": "8 卡基板服务器（1 kW 模组，不含 GPU）",
    "{n}-slot PCIe GPU server (no GPUs)": "{n} 槽 PCIe GPU 服务器（不含 GPU）",
    "2U server for 8 low-profile cards (no cards)": "可装 8 张半高卡的 2U 服务器（不含加速卡）",
    "2U server for 4 full-length single-slot cards (no cards)": "可装 4 张全高全长单槽卡的 2U 服务器（不含加速卡）",
    "4U chassis for 20 single-slot cards (no cards)": "可装 20 张单槽卡的 4U 机箱（不含加速卡）",
    "Grace Hopper node for 1 superchip (no superchip; no x86 CPU)": "单超级芯片 Grace Hopper 节点（不含超级芯片，无 x86 CPU）",
    "GH200 NVL2 node for 2 superchips (no superchips; no x86 CPU)": "GH200 NVL2 双超级芯片节点（不含超级芯片，无 x86 CPU）",
    "Liquid-cooled node for 4 Grace Hopper superchips (no superchips)": "液冷四超级芯片 Grace Hopper 节点（不含超级芯片）",
    "Liquid-cooled node for 4 MI250X modules (no modules)": "可装 4 个 MI250X 模块的液冷节点（不含模块）",
    "Atlas 800T A2 server for 8 Ascend 910B (no NPUs; price and power estimated as an HGX host's)": "可装 8 颗昇腾 910B 的 Atlas 800T A2 服务器（不含 NPU；价格与功耗按 HGX 主机估算）",
    "Atlas 800 inference server (model 3000) for 4 Atlas 300I Duo, 8 NPUs (no cards; price and power estimated as a 2U PCIe server's)":
        "可装 4 张 Atlas 300I Duo（8 颗 NPU）的 Atlas 800 推理服务器（型号 3000）（不含加速卡；价格与功耗按 2U PCIe 服务器估算）",
    "Atlas 800T/800I A3 server for 8 Ascend 910C (no NPUs; price and power estimated as an HGX host's)": "可装 8 颗昇腾 910C 的 Atlas 800T/800I A3 服务器（不含 NPU；价格与功耗按 HGX 主机估算）",
    "Rack-scale NVL72 system (72 GPUs, liquid-cooled)": "机柜级 NVL72 系统（72 颗 GPU，液冷）",
    "Rack-scale GB300 NVL72 system (72 GPUs, liquid-cooled)": "机柜级 GB300 NVL72 系统（72 颗 GPU，液冷）",
    "Rack-scale system (no price on file: enter a quote)": "机柜级系统（价格文件中无价格：请录入报价）",
    "Huawei CloudMatrix 384 supernode (384 NPUs, 16 racks)": "华为 CloudMatrix 384 超节点（384 颗 NPU，16 个机柜）",
    "Rack-scale Vera Rubin NVL72 system (72 GPUs, liquid-cooled)": "机柜级 Vera Rubin NVL72 系统（72 颗 GPU，液冷）",
    "Spare servers": "备用服务器",
    "400 Gb/s network adapters": "400 Gb/s 网卡",
    "800 Gb/s network adapters": "800 Gb/s 网卡",
    "64-port 400 Gb/s InfiniBand switches": "64 端口 400 Gb/s InfiniBand 交换机",
    "32-port 400 Gb/s Ethernet switches": "32 端口 400 Gb/s 以太网交换机",
    "64-port 800 Gb/s Ethernet switches": "64 端口 800 Gb/s 以太网交换机",
    "Scale-out leaf switches": "横向扩展叶交换机",
    "{switches} ({ports} × 400 Gb/s)": "{switches}（{ports} × 400 Gb/s）",
    "Scale-out spine switches": "横向扩展脊交换机",
    "Scale-out core switches": "横向扩展核心交换机",
    "400 Gb/s links (optics and fibre)": "400 Gb/s 链路（光模块与光纤）",
    "Storage and in-band management switches": "存储与带内管理交换机",
    "25 GbE front-end, storage and in-band switches": "25 GbE 前端、存储与带内管理交换机",
    "Out-of-band management switches": "带外管理交换机",
    "Shared all-flash storage": "共享全闪存储",
    "Deskside workstations (no card)": "桌边工作站（不含卡）",
    "Deskside workstations for two cards (no cards)": "双卡桌边工作站（不含卡）",
    "Workstations at the desks of {users} users, the monitors cabled to the card ({user_class}, "
    "{monitors}\u00a0×\u00a0{resolution})":
        "为 {users} 位用户的工位配置工作站，显示器直连显卡（{user_class}，{monitors}\u00a0×\u00a0{resolution}）",
    "Air-cooled racks with PDUs": "风冷机柜（含 PDU）",
    "Liquid-cooled racks (cooling)": "液冷机柜（冷却）",
    "Network racks (air-cooled)": "网络机柜（风冷）",
    "Installation and cabling": "安装与布线",
    "NVIDIA AI Enterprise licences": "NVIDIA AI Enterprise 许可",
    "vGPU licences (RTX vWS, per user)": "vGPU 许可（RTX vWS，按用户）",
    "vGPU licences (vPC, per user)": "vGPU 许可（vPC，按用户）",
}
