"""Chinese of the price file's item names as a warning names them (the Chinese interface, session
18): ``no-price-items`` says which lines of a bill have no price by the item's name up to its first
colon (:attr:`configurator.core.procurement.deployment.Deployment.missing_prices`), a long English
description in ``resources/procurement_prices.json``. Keyed by that text and merged into
:data:`configurator.core.messages.TERMS`, so the one word lookup of a message's parameter
translates it; a bill with several unpriced lines names each so, joined in the language's way
(``；`` in Chinese)."""

from __future__ import annotations

ITEM_CHINESE: dict[str, str] = {
    "8-GPU HGX baseboard server without the GPUs": "8 GPU HGX 基板服务器（不含 GPU）",
    "8-GPU HGX B200-class server without the GPUs": "8 GPU HGX B200 级服务器（不含 GPU）",
    "Huawei Atlas 800T A2 training server without its NPUs": "华为 Atlas 800T A2 训练服务器（不含 NPU）",
    "Huawei Atlas 800 inference server (model 3000) without its cards": "华为 Atlas 800 推理服务器（型号 3000）（不含加速卡）",
    "Huawei Atlas 800T A3 / 800I A3 SuperPoD server without its NPUs": "华为 Atlas 800T A3 / 800I A3 超节点服务器（不含 NPU）",
    ("1-superchip Grace Hopper node without the superchip (NVIDIA MGX, e.g. Supermicro ARS-111GL-NHR, 1U; "
     "no x86 host, the Grace CPU being on the superchip)"):
        "可装 1 颗超级芯片的 Grace Hopper 节点（NVIDIA MGX，如 Supermicro ARS-111GL-NHR，1U；无 x86 主机，Grace CPU 在超级芯片上）"
        "（不含超级芯片）",
    "GH200 NVL2 node without the superchips": "GH200 NVL2 节点（不含超级芯片）",
    "4-superchip Grace Hopper node without the superchips": "可装 4 颗超级芯片的 Grace Hopper 节点（不含超级芯片）",
    "4-module MI250X node without the modules": "4 个 MI250X 模块的节点（不含模块）",
    "4U dual-socket PCIe Gen5 server for 8 double-width PCIe GPUs, without the GPUs":
        "4U 双路 PCIe Gen5 服务器，可装 8 张双宽 PCIe GPU（不含 GPU）",
    ("2U dual-socket server for 4 double-width PCIe GPUs (e.g. Dell R760xa / Supermicro 2U GPU class), "
     "without the GPUs"):
        "2U 双路服务器，可装 4 张双宽 PCIe GPU（如 Dell R760xa / Supermicro 2U GPU 级）（不含 GPU）",
    ("2U dual-socket server for 2 double-width PCIe GPUs (e.g. Dell PowerEdge R760 with GPU kit), "
     "without the GPUs"):
        "2U 双路服务器，可装 2 张双宽 PCIe GPU（如配 GPU 套件的 Dell PowerEdge R760）（不含 GPU）",
    ("2U dual-socket server for 8 low-profile single-slot PCIe cards (e.g. Lenovo ThinkSystem SR650 V3, Dell PowerEdge "
     "R760 class), without the cards"):
        "2U 双路服务器，可装 8 张半高单槽 PCIe 卡（如 Lenovo ThinkSystem SR650 V3、Dell PowerEdge R760 级）（不含加速卡）",
    ("2U dual-socket general-purpose server for 4 single-wide full-height full-length PCIe cards of 150 W (the A10; "
     "e.g. Lenovo ThinkSystem SR650 V2, Dell PowerEdge R760 class), without the cards"):
        "2U 双路通用服务器，可装 4 张 150 W 全高全长单槽 PCIe 卡（A10；如 Lenovo ThinkSystem SR650 V2、Dell PowerEdge R760 级）（不含加速卡）",
    "4U dual-socket PCIe-switch chassis for 18-20 single-slot cards (e.g. Supermicro SYS-6049GP-TRT with 20 T4), without the cards":
        "4U 双路 PCIe 交换机箱，可装 18-20 张单槽卡（如装 20 张 T4 的 Supermicro SYS-6049GP-TRT）（不含加速卡）",
    "1U server hosting a single low-profile single-width PCIe card (T4, L4, A2; e.g. Dell PowerEdge R660), without the card":
        "1U 服务器，可装 1 张半高单宽 PCIe 卡（T4、L4、A2；如 Dell PowerEdge R660）（不含加速卡）",
    "Deskside workstation without its card": "桌边工作站（不含卡）",
    "Deskside workstation without its cards": "双卡桌边工作站（不含卡）",
    "GB200 NVL72 rack": "GB200 NVL72 机柜",
    "GB300 NVL72 rack": "GB300 NVL72 机柜",
    "Huawei CloudMatrix 384 supernode": "华为 CloudMatrix 384 超节点",
    "NVIDIA Vera Rubin NVL72 rack": "NVIDIA Vera Rubin NVL72 机柜",
    ("NVIDIA ConnectX-7 single-port 400 Gb/s NDR/400GbE OSFP PCIe Gen5 adapter (e.g. MCX75310AAS-NEAT), "
     "per port, transceiver not included"):
        "NVIDIA ConnectX-7 单端口 400 Gb/s NDR/400GbE OSFP PCIe Gen5 网卡（如 MCX75310AAS-NEAT），每端口，不含光模块",
    "NVIDIA ConnectX-8 SuperNIC 800 Gb/s XDR/800GbE, per port": "NVIDIA ConnectX-8 SuperNIC 800 Gb/s XDR/800GbE，每端口",
    ("NVIDIA Quantum-2 QM9700 NDR InfiniBand switch, 64 × 400 Gb/s via 32 twin-port OSFP cages, 1U, "
     "internally managed; optics not included"):
        "NVIDIA Quantum-2 QM9700 NDR InfiniBand 交换机，64 × 400 Gb/s（32 个双端口 OSFP 笼），1U，内置管理；不含光模块",
    ("NVIDIA Spectrum-3 SN4700 Ethernet switch, 32 × 400 GbE QSFP-DD (12.8 Tb/s; each port splits into 2 × 200 GbE "
     "or 4 × 100 GbE), 1U; optics not included"):
        "NVIDIA Spectrum-3 SN4700 以太网交换机，32 × 400 GbE QSFP-DD（12.8 Tb/s；每个端口可拆分为 2 × 200 GbE 或 "
        "4 × 100 GbE），1U；不含光模块",
    ("NVIDIA Spectrum-4 SN5600/SN5610 Ethernet switch, 64 × 800 GbE (51.2 Tb/s), 2U; optics not "
     "included"):
        "NVIDIA Spectrum-4 SN5600/SN5610 以太网交换机，64 × 800 GbE（51.2 Tb/s），2U；不含光模块",
    "One 400 Gb/s scale-out link": "一条 400 Gb/s 横向扩展链路",
    ("48-port 1 GbE (+ 10 GbE uplinks) out-of-band management switch, e.g. NVIDIA SN2201 (DGX "
     "BasePOD/SuperPOD OOB fabric) or Dell N3248TE-ON"):
        "48 端口 1 GbE（+ 10 GbE 上行）带外管理交换机，如 NVIDIA SN2201（DGX BasePOD/SuperPOD 带外网络）或 Dell N3248TE-ON",
    ("Storage / in-band management Ethernet fabric switch, 64 × 100 GbE, e.g. NVIDIA SN4600C (DGX BasePOD) "
     "or Dell Z9264F-ON"):
        "存储 / 带内管理以太网交换机，64 × 100 GbE，如 NVIDIA SN4600C（DGX BasePOD）或 Dell Z9264F-ON",
    ("Storage / in-band management Ethernet switch, 32 × 100 GbE QSFP28, 1U, e.g. NVIDIA Spectrum-2 SN3700C "
     "(MSN3700-CS2FC)"):
        "存储 / 带内管理以太网交换机，32 × 100 GbE QSFP28，1U，如 NVIDIA Spectrum-2 SN3700C（MSN3700-CS2FC）",
    ("Front-end / storage / in-band management Ethernet switch, 48 × 25 GbE SFP28 (+ 100 GbE uplinks), 1U, "
     "e.g. Dell PowerSwitch S5248F-ON"):
        "前端 / 存储 / 带内管理以太网交换机，48 × 25 GbE SFP28（+ 100 GbE 上行），1U，如 Dell PowerSwitch S5248F-ON",
    ("Fast NVMe storage for training data, checkpoints and model weights, per TB (drives in storage "
     "servers; parallel-file-system licences not included)"):
        "用于训练数据、检查点与模型权重的高速 NVMe 存储，每 TB（存储服务器中的硬盘；不含并行文件系统许可）",
    "42U air-cooled rack enclosure with cabling and two switched rack PDUs (no UPS, no cooling plant)":
        "42U 风冷机柜，含布线与两个可开关机柜 PDU（不含 UPS 与制冷设施）",
    ("In-rack direct-liquid-cooling components for one NVL72-class rack (cold plates, tray-level "
     "plumbing/manifolds for 18 compute + 9 switch trays); EXCLUDES CDU, facility water loop and the "
     "rack/PDUs"):
        "一台 NVL72 级机柜的柜内直接液冷部件（冷板、18 个计算托盘 + 9 个交换托盘的托盘级管路/分水器）；"
        "不含 CDU、机房水路及机柜/PDU",
    "NVIDIA AI Enterprise subscription, per GPU per year, Business Standard support included":
        "NVIDIA AI Enterprise 订阅，每 GPU 每年，含 Business Standard 支持",
    "NVIDIA RTX Virtual Workstation (vWS) annual subscription, per concurrent user (CCU)":
        "NVIDIA RTX Virtual Workstation（vWS）年度订阅，每并发用户（CCU）",
    "NVIDIA Virtual PC (vPC) annual subscription, per concurrent user (CCU)":
        "NVIDIA Virtual PC（vPC）年度订阅，每并发用户（CCU）",
    "Rack-and-stack, cabling, burn-in and integration services for a GPU cluster":
        "GPU 集群的上架、布线、老化测试与集成服务",
}
"""An unpriced item's name (up to its first colon) in Chinese, by its English text."""
