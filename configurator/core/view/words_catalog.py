"""Chinese of the catalog's descriptive text (the Chinese interface, session 18): the video engines,
form factors, memory types, architectures, interconnects, software versions and notes, framework
notes, price notes, export rules and export notes the card's view model writes as the catalog
spells them (:mod:`configurator.core.view.card_view`). Keyed by the catalog's exact English text,
so the one lookup of a label id (:func:`configurator.core.view.rows.write`) translates them on the
screen, the command line and the printed summary alike; a catalog edit that changes such a text
fails ``tests/test_catalog_chinese.py`` until its Chinese is written here.

Citations (sources, a price's source and offer) are quoted as the source writes them, and the
card's notes are not yet translated: neither is in this table. Merged into
:data:`configurator.core.view.words.ZH_CN`.
"""

from __future__ import annotations

from configurator.core.messages_offers import OFFER_CHINESE
from configurator.core.view.words_price_notes import ZH_CN_PRICE_NOTE

ZH_CN_VIDEO: dict[str, str] = {
    "1 NVENC (7th gen) + 1 NVDEC (5th gen); 1x HDMI 2.1 + 3x DisplayPort 1.4a":
        "1 个 NVENC（第 7 代）+ 1 个 NVDEC（第 5 代）；1 个 HDMI 2.1 + 3 个 DisplayPort 1.4a",
    "1 NVENC + 2 NVDEC (AV1 decode)": "1 个 NVENC + 2 个 NVDEC（AV1 解码）",
    "1 NVENC + 2 NVDEC (AV1 decode); 3x DisplayPort 1.4 (off by default)":
        "1 个 NVENC + 2 个 NVDEC（AV1 解码）；3 个 DisplayPort 1.4（默认关闭）",
    "1 NVENC + 2 NVDEC (AV1 decode); 4x DisplayPort 1.4a": "1 个 NVENC + 2 个 NVDEC（AV1 解码）；4 个 DisplayPort 1.4a",
    "1 NVENC + 2 NVDEC (AV1 decode); no display outputs": "1 个 NVENC + 2 个 NVDEC（AV1 解码）；无显示输出",
    "1 NVENC + 2 NVDEC; no display outputs": "1 个 NVENC + 2 个 NVDEC；无显示输出",
    "14 media engines (H.265/H.264/JPEG/VP9 decode)": "14 个媒体引擎（H.265/H.264/JPEG/VP9 解码）",
    "2 NVENC (8th gen, AV1) + 1 NVDEC (5th gen); 1x HDMI 2.1 + 3x DisplayPort 1.4a":
        "2 个 NVENC（第 8 代，AV1）+ 1 个 NVDEC（第 5 代）；1 个 HDMI 2.1 + 3 个 DisplayPort 1.4a",
    "2 NVENC (8th gen, AV1) + 1 NVDEC; 1x HDMI 2.1 + 3x DisplayPort 1.4a":
        "2 个 NVENC（第 8 代，AV1）+ 1 个 NVDEC；1 个 HDMI 2.1 + 3 个 DisplayPort 1.4a",
    "2 NVENC (9th gen) + 2 NVDEC (6th gen); 1x HDMI 2.1b + 3x DisplayPort 2.1b":
        "2 个 NVENC（第 9 代）+ 2 个 NVDEC（第 6 代）；1 个 HDMI 2.1b + 3 个 DisplayPort 2.1b",
    "2 NVENC + 4 NVDEC + 4 NVJPG (AV1 enc/dec); no display outputs":
        "2 个 NVENC + 4 个 NVDEC + 4 个 NVJPG（AV1 编解码）；无显示输出",
    "3 NVENC (9th gen) + 2 NVDEC (6th gen); 1x HDMI 2.1b + 3x DisplayPort 2.1b":
        "3 个 NVENC（第 9 代）+ 2 个 NVDEC（第 6 代）；1 个 HDMI 2.1b + 3 个 DisplayPort 2.1b",
    "3 NVENC + 3 NVDEC (AV1) + 4 NVJPG; 4x DisplayPort 1.4a (off by default)":
        "3 个 NVENC + 3 个 NVDEC（AV1）+ 4 个 NVJPG；4 个 DisplayPort 1.4a（默认关闭）",
    "4 NVENC (9th gen) + 4 NVDEC (6th gen), AV1 encode": "4 个 NVENC（第 9 代）+ 4 个 NVDEC（第 6 代），AV1 编码",
    "4 NVENC (9th gen) + 4 NVDEC (6th gen), AV1 encode; 4x DisplayPort 2.1":
        "4 个 NVENC（第 9 代）+ 4 个 NVDEC（第 6 代），AV1 编码；4 个 DisplayPort 2.1",
    "7 NVDEC + 7 nvJPEG (per GPU)": "7 个 NVDEC + 7 个 nvJPEG（每 GPU）",
    "AV1/H.264/H.265 encode+decode up to 8K; 3x DisplayPort 1.4a + 1x HDMI 2.1":
        "AV1/H.264/H.265 编码与解码，最高 8K；3 个 DisplayPort 1.4a + 1 个 HDMI 2.1",
    "AV1/H.264/H.265 encode+decode up to 8K, up to 32 decoded 1080p30 streams (Chunxiao GPU, as S80); "
    "encoder count and throughput not published; 2x DisplayPort 1.4a":
        "AV1/H.264/H.265 编码与解码，最高 8K，最多解码 32 路 1080p30 视频流（春晓 GPU，同 S80）；"
        "编码器数量与吞吐量未公布；2 个 DisplayPort 1.4a",
    "Encoder/decoder counts not published in the sources found":
        "所查来源未公布编码器/解码器数量",
    "Encoder/decoder counts not published in the sources found (AD102 boards carry 2 or 3 NVENC: RTX 4090 2, "
    "L40 3); 4x DisplayPort 1.4a per TechPowerUp-derived listings":
        "所查来源未公布编码器/解码器数量（AD102 板卡有 2 或 3 个 NVENC：RTX 4090 为 2 个，L40 为 3 个）；"
        "据源自 TechPowerUp 的规格列表，4 个 DisplayPort 1.4a",
    "No NVENC (Hopper carries none); the H20's NVDEC count not published (H100/H200: 7)":
        "无 NVENC（Hopper 不带 NVENC）；H20 的 NVDEC 数量未公布（H100/H200：7 个）",
    "Video engines not published in the sources found (searched 2026-12-05)":
        "所查来源未公布视频引擎（2026-12-05 查询）",
    "Hopper GPU: no NVENC; 7 NVDEC + 7 NVJPG; no display outputs":
        "Hopper GPU：无 NVENC；7 个 NVDEC + 7 个 NVJPG；无显示输出",
    "Integrated media decoders (count not verified)": "集成媒体解码器（数量未核实）",
    "No NVENC; 5 NVDEC + 5 NVJPG; no display outputs": "无 NVENC；5 个 NVDEC + 5 个 NVJPG；无显示输出",
    "No NVENC; 7 NVDEC + 7 NVJPG; no display outputs": "无 NVENC；7 个 NVDEC + 7 个 NVJPG；无显示输出",
    "Not announced": "未公布",
    "Not verified": "未核实",
    "Not verified (VCN video decode)": "未核实（VCN 视频解码）",
    "Per GPU: 1 NVENC + 2 NVDEC (AV1 decode); board: 4 NVENC / 8 NVDEC; no display outputs":
        "每 GPU：1 个 NVENC + 2 个 NVDEC（AV1 解码）；整板：4 个 NVENC / 8 个 NVDEC；无显示输出",
    "Video codec (64-ch encode / 512-ch decode claimed)": "视频编解码器（宣称 64 路编码 / 512 路解码）",
    "Video codec units (counts not verified)": "视频编解码单元（数量未核实）",
    "encoder/decoder counts not published for the D board in the sources found":
        "所查来源未公布 D 版板卡的编码器/解码器数量",
    "encoder/decoder counts not published for the D boards in the sources found":
        "所查来源未公布 D 版板卡的编码器/解码器数量",
}
"""The video engines' description (``VideoEngines.description``)."""

ZH_CN_FORM: dict[str, str] = {
    "Cloud-only (EC2 Trn2 instances, not sold)": "仅云端提供（EC2 Trn2 实例，不单独出售）",
    "Cloud-only (not sold)": "仅云端提供（不单独出售）",
    "Desktop system, 150 × 150 × 50.5 mm; GB10 SoC ~140 W, 240 W supply":
        "桌面整机，150 × 150 × 50.5 mm；GB10 SoC 约 140 W，电源 240 W",
    "Module (CloudMatrix 384 supernode)": "模组（CloudMatrix 384 超节点）",
    "Module (Atlas 800T A3 / 800I A3 server, 8 per server)": "模组（Atlas 800T A3 / 800I A3 服务器，每台 8 个）",
    "Module on GB300 board (2 Grace + 4 GPUs per tray), liquid-cooled NVL72 rack":
        "GB300 板上模组（每托盘 2 个 Grace + 4 个 GPU），液冷 NVL72 机柜",
    "Not verified (OAM/module reported)": "未核实（据报为 OAM/模组）",
    "OAM (HL-338 PCIe card also offered)": "OAM（另有 HL-338 PCIe 卡）",
    "OAM (liquid-cooled)": "OAM（液冷）",
    "OAM, air-cooled, 1,000 W": "OAM，风冷，1,000 W",
    "OAM-style module (Atlas 800T A2) / PCIe (Atlas 300T A2)": "OAM 式模组（Atlas 800T A2）/ PCIe（Atlas 300T A2）",
    "PCIe (3–4 slot, consumer)": "PCIe（3–4 槽，消费级）",
    "PCIe (FHFL dual-slot, passive)": "PCIe（全高全长双槽，被动散热）",
    "PCIe (consumer)": "PCIe（消费级）",
    "PCIe (consumer, China-only; board partners' cards)": "PCIe（消费级，仅限中国市场；板卡合作伙伴产品）",
    "PCIe (data center)": "PCIe（数据中心）",
    "PCIe (dual slot, passive)": "PCIe（双槽，被动散热）",
    "PCIe (dual-slot FE, consumer)": "PCIe（双槽公版，消费级）",
    "PCIe (dual-slot FHFL, passive)": "PCIe（双槽全高全长，被动散热）",
    "PCIe (dual-slot)": "PCIe（双槽）",
    "PCIe (dual-slot, 2- or 4-way NVLink bridge)": "PCIe（双槽，2 路或 4 路 NVLink 桥接）",
    "PCIe (dual-slot, blower)": "PCIe（双槽，涡轮散热）",
    "PCIe (dual-slot, consumer)": "PCIe（双槽，消费级）",
    "PCIe (dual-slot, passive)": "PCIe（双槽，被动散热）",
    "PCIe (dual-slot, sold/bridged in pairs)": "PCIe（双槽，成对销售/桥接）",
    "PCIe (low-profile single-slot, passive)": "PCIe（半高单槽，被动散热）",
    "PCIe (low-profile single-slot, x8)": "PCIe（半高单槽，x8）",
    "PCIe (passive, data center)": "PCIe（被动散热，数据中心）",
    "PCIe (single-slot FHFL, passive)": "PCIe（单槽全高全长，被动散热）",
    "PCIe (triple-slot, consumer)": "PCIe（三槽，消费级）",
    "PCIe Gen5 dual-slot blower, 300 W": "PCIe Gen5 双槽涡轮散热，300 W",
    "PCIe Gen5 dual-slot, 600 W (flow-through cooler)": "PCIe Gen5 双槽，600 W（穿透式散热器）",
    "PCIe Gen5 dual-slot, passive, 400–600 W configurable": "PCIe Gen5 双槽，被动散热，400–600 W 可配置",
    "PCIe Gen5 x16, dual-slot, 360 W": "PCIe Gen5 x16，双槽，360 W",
    "PCIe accelerator card (Atlas 350)": "PCIe 加速卡（Atlas 350）",
    "PCIe board with 4 GPUs (dual slot, passive)": "PCIe 板卡，4 个 GPU（双槽，被动散热）",
    "PCIe board with 2 NPUs (passive)": "PCIe 板卡，2 个 NPU（被动散热）",
    "PCIe dual-slot; server edition passive, Max-Q workstation edition 300 W":
        "PCIe 双槽；服务器版被动散热，Max-Q 工作站版 300 W",
    "SXM (HGX B200 8-GPU board)": "SXM（HGX B200 8 GPU 基板）",
    "SXM (HGX B300 8-GPU board)": "SXM（HGX B300 8 GPU 基板）",
    "SXM (HGX H20 8-GPU board)": "SXM（HGX H20 8 GPU 基板）",
    "SXM4 (also PCIe 40/80GB versions)": "SXM4（另有 PCIe 40/80GB 版本）",
    "Superchip module (GB200, liquid-cooled NVL72 rack)": "超级芯片模组（GB200，液冷 NVL72 机柜）",
    "Superchip module: Grace CPU + H100-class GPU, NVLink-C2C 900 GB/s":
        "超级芯片模组：Grace CPU + H100 级 GPU，NVLink-C2C 900 GB/s",
    "Vera Rubin superchip (1 Vera CPU + 2 Rubin GPUs) in NVL72 racks":
        "Vera Rubin 超级芯片（1 个 Vera CPU + 2 个 Rubin GPU），用于 NVL72 机柜",
}
"""The form factor (``Card.form_factor``)."""

ZH_CN_MEMORY_TYPE: dict[str, str] = {
    "HBM2E (8 stacks)": "HBM2E（8 堆栈）",
    "HBM3 (+ up to 480 GB LPDDR5X on the Grace CPU)": "HBM3（另有 Grace CPU 上最多 480 GB LPDDR5X）",
    "HBM3e (+ up to 480 GB LPDDR5X on the Grace CPU)": "HBM3e（另有 Grace CPU 上最多 480 GB LPDDR5X）",
    "LPDDR5X, unified with the CPU": "LPDDR5X，与 CPU 统一共享",
    "HBM3e (12-high)": "HBM3e（12 层堆叠）",
    "GDDR7, 448-bit (28 × 3 GB)": "GDDR7，448 位（28 × 3 GB）",
}
"""The memory type (``Card.memory_type``); "Not verified" is the video engines' word."""

ZH_CN_SOFTWARE_VERSION: dict[str, str] = {
    "1.2x (Gaudi 2 and Gaudi 3)": "1.2x（Gaudi 2 与 Gaudi 3）",
    "CANN (950 series, 2026)": "CANN（950 系列，2026）",
    "CUDA 12.8 or newer, 13.x (sm_100 / sm_103 / sm_120 / sm_121)":
        "CUDA 12.8 或更新，13.x（sm_100 / sm_103 / sm_120 / sm_121）",
    "CUDA 12.8 or newer, 13.x (sm_120)": "CUDA 12.8 或更新，13.x（sm_120）",
    "CUDA 12.9 (last release for Volta: CUDA 13.0 dropped sm_70)":
        "CUDA 12.9（支持 Volta 的最后版本：CUDA 13.0 已移除 sm_70）",
    "Cloud TPU runtime (JAX / libtpu)": "Cloud TPU 运行时（JAX / libtpu）",
    "Neuron 2.31 or newer (Trn2)": "Neuron 2.31 或更新（Trn2）",
    "ROCm 7.0 or newer (gfx950)": "ROCm 7.0 或更新（gfx950）",
    "not released at catalog date": "截至目录日期尚未发布",
}
"""The software stack's version (``SoftwareSupport.version``), written in the section's heading."""

ZH_CN_FRAMEWORK_NOTE: dict[str, str] = {
    "950-series support not documented in the framework's pages at catalog date; Huawei states CANN continuity":
        "截至目录日期，该框架页面未说明对 950 系列的支持；华为称 CANN 保持延续",
    "AMD fork, not upstream Megatron-LM": "AMD 分支，非上游 Megatron-LM",
    "AWS's NeuronX Distributed is the Trainium counterpart": "AWS 的 NeuronX Distributed 是 Trainium 上的对应方案",
    ("Ada Lovelace (SM89) is a listed architecture and compute capability: supported by the catalog's "
     "TensorRT-LLM rule (the architecture, not the model name, decides)"):
        "Ada Lovelace（SM89）是所列架构与计算能力：按目录的 TensorRT-LLM 规则为支持（由架构而非型号名决定）",
    ("Ampere (SM80) is a listed architecture and compute capability: supported by the catalog's "
     "TensorRT-LLM rule (the architecture, not the model name, decides)"):
        "Ampere（SM80）是所列架构与计算能力：按目录的 TensorRT-LLM 规则为支持（由架构而非型号名决定）",
    ("Ampere (SM86) is a listed architecture and compute capability: supported by the catalog's "
     "TensorRT-LLM rule (the architecture, not the model name, decides)"):
        "Ampere（SM86）是所列架构与计算能力：按目录的 TensorRT-LLM 规则为支持（由架构而非型号名决定）",
    ("Blackwell is a listed architecture, but this card's compute capability (SM120) is named in neither the "
     "precision table nor the supported-hardware list (only SM100/SM103 data-centre parts and DGX Spark): "
     "partial until NVIDIA names it"):
        "Blackwell 是所列架构，但此卡的计算能力（SM120）既不在精度表中，也不在支持硬件列表中（仅列 SM100/SM103 "
        "数据中心产品与 DGX Spark）：在 NVIDIA 列出之前为部分支持",
    "CANN backend (Atlas 300T A2 / 910B class)": "CANN 后端（Atlas 300T A2 / 910B 级）",
    "CANN backend documents the 910B class only": "CANN 后端文档仅涵盖 910B 级",
    "CUDA backend": "CUDA 后端",
    "Google's MaxText is the TPU counterpart": "Google 的 MaxText 是 TPU 上的对应方案",
    "HIP backend": "HIP 后端",
    ("Hopper (SM90) is a listed architecture and compute capability: supported by the catalog's "
     "TensorRT-LLM rule (the architecture, not the model name, decides)"):
        "Hopper（SM90）是所列架构与计算能力：按目录的 TensorRT-LLM 规则为支持（由架构而非型号名决定）",
    "Intel fork": "Intel 分支",
    "Intel-maintained fork": "Intel 维护的分支",
    "MI250X is gfx90a: SGLang's kernels build for gfx942 (MI300) and gfx950 (MI350) only; checked 2026-12":
        "MI250X 为 gfx90a：SGLang 的内核仅为 gfx942（MI300）与 gfx950（MI350）构建；2026-12 核查",
    "MUSA backend": "MUSA 后端",
    "MindSpeed patches Megatron for Ascend": "MindSpeed 为昇腾修补 Megatron",
    "PyTorch/XLA; JAX is the primary framework": "PyTorch/XLA；主要框架为 JAX",
    "ROCm builds through the CUDA/HIP accelerator": "ROCm 版本通过 CUDA/HIP 加速器构建",
    ("SGLang documents an MLU CI environment, but inference support is provided outside SGLang and the page "
     "names no card"):
        "SGLang 文档中有 MLU CI 环境，但推理支持在 SGLang 之外提供，且页面未列出任何卡",
    "SGLang's NVIDIA kernels target sm_75 and newer": "SGLang 的 NVIDIA 内核面向 sm_75 及更新架构",
    "TPU platform page": "TPU 平台页面",
    "Turing (SM75) is not a listed architecture: community support only, per the support matrix":
        "Turing（SM75）不在所列架构中：据支持矩阵，仅有社区支持",
    "Volta deprecated in TensorRT 10; not in TensorRT-LLM's hardware list":
        "Volta 在 TensorRT 10 中已弃用；不在 TensorRT-LLM 的硬件列表中",
    "aarch64 wheels (DGX OS)": "aarch64 安装包（DGX OS）",
    "announced platform: CUDA, frameworks and drivers for Rubin not released at catalog date":
        "已发布但未上市的平台：截至目录日期，面向 Rubin 的 CUDA、框架与驱动尚未发布",
    "graphics card": "图形卡",
    "no Gaudi backend": "无 Gaudi 后端",
    "no vLLM plugin or fork for Biren found (2026-12): none": "未找到面向壁仞的 vLLM 插件或分支（2026-12）：不支持",
    ("plugin names Trn2 but is Beta and not among vLLM's listed hardware plugins (v0.11.2): partial by the "
     "catalog's plugin rule"):
        "插件列出 Trn2，但仍为 Beta 版，且不在 vLLM 所列硬件插件中（v0.11.2）：按目录的插件规则为部分支持",
    "runs without Transformer Engine's BF16/FP8 paths (no BF16 on this architecture)":
        "可运行，但不走 Transformer Engine 的 BF16/FP8 路径（此架构无 BF16）",
    "runs, but no NVLink for tensor parallelism and not a tested Megatron target":
        "可运行，但没有用于张量并行的 NVLink，且不是 Megatron 的测试目标",
    "through the Gaudi PyTorch bridge (HPU device), not CUDA": "通过 Gaudi PyTorch 桥接（HPU 设备），而非 CUDA",
    "torch_npu adapter": "torch_npu 适配层",
    "vllm-ascend plugin, 310P path experimental: FP16 only": "vllm-ascend 插件，310P 路径为实验性：仅 FP16",
    "inference card: not a training target": "推理卡：不是训练目标平台",
    "CANN backend": "CANN 后端",
    "torch_supa, per DeepSpeed's supa_accelerator; vendor build": "torch_supa，依据 DeepSpeed 的 supa_accelerator；厂商构建",
    "tpu-inference plugin: listed by vLLM, and its page names v5e": "tpu-inference 插件：vLLM 已列出，其页面列出 v5e",
    "tpu-inference plugin: listed by vLLM, and its page names v6e": "tpu-inference 插件：vLLM 已列出，其页面列出 v6e",
    "tpu-inference plugin: listed by vLLM, and its page names v7x": "tpu-inference 插件：vLLM 已列出，其页面列出 v7x",
    "tpu/xla accelerators": "TPU/XLA 加速器",
    "use the CUDA 12.6 wheels": "使用 CUDA 12.6 安装包",
    "used inside Alibaba Cloud; no public framework support statement": "在阿里云内部使用；无公开的框架支持声明",
    "vendor backend; models are compiled for NeuronCores": "厂商后端；模型需为 NeuronCore 编译",
    "vendor backend; operator coverage varies": "厂商后端；算子覆盖程度不一",
    "vendor builds reported but not verified": "据报有厂商构建，但未核实",
    "vendor fork (vllm_musa), not among vLLM's listed hardware plugins: partial":
        "厂商分支（vllm_musa），不在 vLLM 所列硬件插件中：部分支持",
    "vendor fork for the training cards": "面向训练卡的厂商分支",
    "vllm-ascend is listed by vLLM, but its pages do not name the 950PR (Atlas 350) at catalog date: partial":
        "vllm-ascend 已被 vLLM 列出，但截至目录日期其页面未列出 950PR（Atlas 350）：部分支持",
    "vllm-ascend plugin (vllm-project): listed by vLLM, and its installation page names Atlas A2 (910B)":
        "vllm-ascend 插件（vllm-project）：vLLM 已列出，其安装页面列出 Atlas A2（910B）",
    "vllm-ascend plugin (vllm-project): listed by vLLM, and its installation page names Atlas A3 (910C)":
        "vllm-ascend 插件（vllm-project）：vLLM 已列出，其安装页面列出 Atlas A3（910C）",
    "vllm-gaudi hardware plugin (install from source)": "vllm-gaudi 硬件插件（需从源码安装）",
    ("vllm-mlu plugin: listed by vLLM and its README names MLU370 and newer; the Cambricon SDK it needs is "
     "obtained from Cambricon (ecosystem@cambricon.com), not a public download"):
        "vllm-mlu 插件：vLLM 已列出，其 README 列出 MLU370 及更新型号；所需的寒武纪 SDK 须向寒武纪索取"
        "（ecosystem@cambricon.com），不提供公开下载",
}
"""A framework's note on the card (``FrameworkSupport.note``), written after its support level."""

ZH_CN_EXPORT_RULE: dict[str, str] = {
    "Announced rates far above the 2026 case-by-case limits (TPP 21,000, 6,500 GB/s): presumption of denial":
        "公布的算力远超 2026 年逐案审查上限（TPP 21,000、6,500 GB/s）：推定拒绝",
    ("BIS 'is-informed' letter to NVIDIA (2025-04-09): licence required for H20 to China although its TPP is "
     "below 3A090"):
        "BIS 致 NVIDIA 的告知函（2025-04-09）：H20 出口中国需许可证，尽管其 TPP 低于 3A090",
    ("Below ECCN 3A090 by its TPP and density (or not a datacenter part with TPP < 4800); end-use and "
     "end-user controls still apply"):
        "按 TPP 与性能密度低于 ECCN 3A090（或为 TPP < 4800 的非数据中心产品）；最终用途与最终用户管制仍适用",
    "China-market SKU cut to stay outside 3A090 (NVIDIA's D-series practice)":
        "为避开 3A090 而削减规格的中国市场型号（NVIDIA D 系列的做法）",
    ("Designed by a mainland-China vendor: US licences govern exports from the US and foreign-direct-product "
     "cases, not a Chinese buyer's domestic purchase"):
        "由中国大陆厂商设计：美国许可证管辖自美国出口及外国直接产品情形，不管辖中国买家的境内采购",
    ("ECCN 3A090.a above the 2026 case-by-case limits (TPP ≥ 21,000 or DRAM bandwidth ≥ 6,500 GB/s): "
     "presumption of denial"):
        "ECCN 3A090.a，超出 2026 年逐案审查上限（TPP ≥ 21,000 或 DRAM 带宽 ≥ 6,500 GB/s）：推定拒绝",
    ("ECCN 3A090.a: licence required for China; reviewed case by case since 2026-01-15 (TPP < 21,000 and "
     "DRAM bandwidth < 6,500 GB/s)"):
        "ECCN 3A090.a：出口中国需许可证；自 2026-01-15 起逐案审查（TPP < 21,000 且 DRAM 带宽 < 6,500 GB/s）",
    ("ECCN 3A090.b: licence required for China; reviewed case by case since 2026-01-15 (TPP < 21,000 and "
     "DRAM bandwidth < 6,500 GB/s)"):
        "ECCN 3A090.b：出口中国需许可证；自 2026-01-15 起逐案审查（TPP < 21,000 且 DRAM 带宽 < 6,500 GB/s）",
    "Not sold as a chip; Google Cloud has no mainland-China region": "不作为芯片出售；Google Cloud 无中国大陆区域",
    ("Not sold as a chip; rented as AWS EC2 Trn2 instances — availability in AWS's China regions not "
     "established"):
        "不作为芯片出售；以 AWS EC2 Trn2 实例租用——AWS 中国区域是否提供尚未确认",
}
"""The export rule (``ExportControl.rule``) the card's China status follows."""

ZH_CN_INTERCONNECT: dict[str, str] = {
    "2- or 4-way NVLink bridge 900 GB/s; PCIe Gen5 x16 128 GB/s": "2 路或 4 路 NVLink 桥接 900 GB/s；PCIe Gen5 x16 128 GB/s",
    "24x 100 GbE RoCE v2 on-die (in 8-card servers typically 21 ports all-to-all + 3 scale-out); PCIe Gen4 x16":
        "片上 24 个 100 GbE RoCE v2 端口（8 卡服务器中通常 21 个端口全互联 + 3 个横向扩展）；PCIe Gen4 x16",
    ("24x 200 GbE RoCE v2 on-die: 21 ports all-to-all inside the HLS-3 server (525 GB/s one way), 3 ports "
     "scale-out (75 GB/s one way) (Intel Gaudi docs, Network Configuration); PCIe Gen5 x16"):
        "片上 24 个 200 GbE RoCE v2 端口：HLS-3 服务器内 21 个端口全互联（单向 525 GB/s），3 个端口横向扩展"
        "（单向 75 GB/s）（Intel Gaudi 文档，Network Configuration）；PCIe Gen5 x16",
    "4 GPUs behind one PCIe Gen4 x16 bridge; no NVLink": "4 个 GPU 共用一个 PCIe Gen4 x16 桥；无 NVLink",
    "2 NPUs behind one PCIe Gen4 x16 interface; no NPU-to-NPU link":
        "2 个 NPU 共用一个 PCIe Gen4 x16 接口；NPU 之间无专用互联",
    "PCIe Gen3 x16 (no NVLink)": "PCIe Gen3 x16（无 NVLink）",  # the interconnect's description (card page)
    "PCIe Gen4 x16 (no NVLink)": "PCIe Gen4 x16（无 NVLink）",
    "PCIe Gen4 x16 64 GB/s (no NVLink)": "PCIe Gen4 x16 64 GB/s（无 NVLink）",
    "PCIe Gen5 x16 (no NVLink)": "PCIe Gen5 x16（无 NVLink）",
    "PCIe x16 (no NVLink)": "PCIe x16（无 NVLink）",
    ("4th-gen Infinity Fabric: 7 links × 153.6 GB/s = 1,075.2 GB/s to the other 7 GPUs of an 8-GPU platform; "
     "PCIe Gen5 x16"):
        "第 4 代 Infinity Fabric：7 条链路 × 153.6 GB/s = 1,075.2 GB/s，连接 8 GPU 平台中的其余 7 个 GPU；PCIe Gen5 x16",
    "4th-gen Infinity Fabric: 7 × 153.6 GB/s links in an 8-GPU platform; PCIe Gen5 x16":
        "第 4 代 Infinity Fabric：8 GPU 平台中 7 条 153.6 GB/s 链路；PCIe Gen5 x16",
    "BLink x8 (aggregate reported as 2.3 TB/s by some outlets, 512 GB/s by others); PCIe Gen5 x16 + CXL":
        "BLink x8（总带宽一说 2.3 TB/s，一说 512 GB/s）；PCIe Gen5 x16 + CXL",
    ("HCCS (UB) 784 GB/s per chip, both directions (2 dies × 7 links × 224 Gbit/s = 392 GB/s one way); 8 modules (16 "
     "dies) per Atlas 800T/800I A3 server joined by HCCS; scale-out over the NPUs' own RoCE ports, 400 Gbit/s per "
     "chip (50 GB/s one way)"):
        "HCCS（UB）每芯片 784 GB/s，"
        "双向合计（2 个裸片 × 7 条链路 × 224 Gbit/s = 单向 392 GB/s）；"
        "每台 Atlas 800T/800I A3 服务器 8 个模组（16 个裸片）经 HCCS 互联；"
        "横向扩展经 NPU 自带的 RoCE 端口，每芯片 400 Gbit/s（单向 50 GB/s）",
    ("UB (HCCS) 784 GB/s per chip, both directions (2 dies × 7 links × 224 Gbit/s = 392 GB/s one way); optical "
     "all-to-all in CloudMatrix 384"):
        "UB（HCCS）每芯片 784 GB/s，双向合计（2 个裸片 × 7 条链路 × 224 Gbit/s = 单向 392 GB/s）；CloudMatrix 384 中为光互联全互联",
    ("HCCS 392 GB/s per NPU, both directions (7 links × 224 Gbit/s, 196 GB/s one way), 8 NPUs in a full mesh "
     "(Atlas 800T A2); PCIe Gen4 x16; scale-out over the NPUs' own RoCE ports, one 200 GbE port per NPU (25 GB/s one "
     "way): the Atlas 800T A2's 8 NPU network ports (Huawei MindCluster Ascend Deployer guide; DaoCloud OceanStor "
     "A800 test report, Table 1-2: 8 × 200GE RoCE parameter plane)"):
        "HCCS 每 NPU 392 GB/s，双向合计（7 条链路 × 224 Gbit/s，单向 196 GB/s），8 个 NPU 全互联（Atlas 800T A2）；"
        "PCIe Gen4 x16；横向扩展经 NPU 自带的 RoCE 网口，每 NPU 一个 200 GbE 网口（单向 25 GB/s）：即 Atlas 800T A2 的 "
        "8 个 NPU 网口（华为 MindCluster Ascend Deployer 指南；DaoCloud OceanStor A800 兼容性测试报告表 1-2：参数面 "
        "8 × 200GE RoCE）",
    ("Huawei UB (Lingqu) interconnect 2 TB/s per chip (2.5× the 910C); supernode domain sizes are published "
     "only for the 950DT (Atlas 950 SuperPoD)"):
        "华为 UB（灵衢）互联，每芯片 2 TB/s（910C 的 2.5 倍）；超节点规模仅公布了 950DT 的（Atlas 950 SuperPoD）",
    "ICI 1.2 TB/s per chip (Hot Chips 2025); Pods of up to 9,216 chips joined by optical circuit switches":
        "ICI 每芯片 1.2 TB/s（Hot Chips 2025）；Pod 最多 9,216 个芯片，经光路交换机互联",
    "ICI 4 ports, 1,600 Gbps (docs also state 400 GB/s bidirectional); 2D torus up to 256 chips":
        "ICI 4 个端口，1,600 Gbps（文档另称双向 400 GB/s）；2D 环面，最多 256 个芯片",
    "ICI 4 ports, 800 GB/s bidirectional per chip; 2D torus up to 256 chips; host over PCIe Gen5":
        "ICI 4 个端口，每芯片双向 800 GB/s；2D 环面，最多 256 个芯片；经 PCIe Gen5 连接主机",
    "Infinity Fabric 7 links (896 GB/s) ; PCIe Gen5 x16": "Infinity Fabric 7 条链路（896 GB/s）；PCIe Gen5 x16",
    ("Infinity Fabric in a 4-module node: 5 links x 50 GB/s (250 GB/s one way, 500 GB/s both ways) from a module to "
     "the other three; 200 GB/s one way between its own two GCDs; PCIe Gen4 x16"):
        "4 模块节点内的 Infinity Fabric：每个模块以 5 条 × 50 GB/s 链路连接其余三个模块（单向 250 GB/s，双向合计 "
        "500 GB/s）；模块自身两个 GCD 之间单向 200 GB/s；PCIe Gen4 x16",
    "Infinity Fabric: 7 links x 128 GB/s (896 GB/s) 8-GPU mesh; PCIe Gen5 x16":
        "Infinity Fabric：7 条链路 × 128 GB/s（896 GB/s），8 GPU 网状互联；PCIe Gen5 x16",
    "Inter-card 784 GB/s (vendor)": "卡间 784 GB/s（厂商数据）",
    "Inter-chip 700 GB/s": "芯片间 700 GB/s",
    "MLU-Link bridge (4 cards) 200 GB/s per card; PCIe Gen4 x16": "MLU-Link 桥接（4 卡），每卡 200 GB/s；PCIe Gen4 x16",
    "NVLink 2 (6 links) 300 GB/s; PCIe Gen3 x16": "NVLink 2（6 条链路）300 GB/s；PCIe Gen3 x16",
    "NVLink 3 (12 links) 600 GB/s + NVSwitch; PCIe Gen4 x16": "NVLink 3（12 条链路）600 GB/s + NVSwitch；PCIe Gen4 x16",
    "NVLink 3 bridge (2-way) 112.5 GB/s both directions (4 links); PCIe Gen4 x16":
        "NVLink 3 桥接（2 路）双向 112.5 GB/s（4 条链路）；PCIe Gen4 x16",
    "NVLink 3 bridge 200 GB/s (pairs); PCIe Gen4 x16 64 GB/s": "NVLink 3 桥接 200 GB/s（成对）；PCIe Gen4 x16 64 GB/s",
    "NVLink 3 limited to 400 GB/s; PCIe Gen4 x16": "NVLink 3，限速 400 GB/s；PCIe Gen4 x16",
    "NVLink 4 (18 links) + NVSwitch; PCIe Gen5 x16 (128 GB/s)": "NVLink 4（18 条链路）+ NVSwitch；PCIe Gen5 x16（128 GB/s）",
    ("NVLink 4 900 GB/s between the superchips of a 4-way node (e.g. JUPITER, Eviden XH3000); up to 256 in "
     "DGX GH200 over NVLink Switch; NVLink-C2C 900 GB/s to its own Grace CPU"):
        "4 路节点内超级芯片之间 NVLink 4 900 GB/s（如 JUPITER、Eviden XH3000）；DGX GH200 中经 NVLink Switch "
        "最多 256 个；NVLink-C2C 900 GB/s 连接自身的 Grace CPU",
    "NVLink 4 900 GB/s between the superchips of a 4-way node; NVLink-C2C 900 GB/s to its own Grace CPU":
        "4 路节点内超级芯片之间 NVLink 4 900 GB/s；NVLink-C2C 900 GB/s 连接自身的 Grace CPU",
    "NVLink 4 limited to 400 GB/s; PCIe Gen5 x16": "NVLink 4，限速 400 GB/s；PCIe Gen5 x16",
    "NVLink 5 1.8 TB/s per GPU in 72-GPU NVLink domain (130 TB/s rack); NVLink-C2C to Grace":
        "NVLink 5 每 GPU 1.8 TB/s，72 GPU NVLink 域（整柜 130 TB/s）；NVLink-C2C 连接 Grace",
    "NVLink 5 1.8 TB/s per GPU, 72-GPU domain (130 TB/s); ConnectX-8 800 Gb/s per GPU":
        "NVLink 5 每 GPU 1.8 TB/s，72 GPU 域（130 TB/s）；每 GPU ConnectX-8 800 Gb/s",
    "NVLink 6 3.6 TB/s per GPU, 72-GPU domain (260 TB/s rack); NVLink-C2C 1.8 TB/s to the Vera CPU":
        "NVLink 6 每 GPU 3.6 TB/s，72 GPU 域（整柜 260 TB/s）；NVLink-C2C 1.8 TB/s 连接 Vera CPU",
    "NVLink bridge (2 cards) 112.5 GB/s; PCIe Gen4 x16": "NVLink 桥接（2 卡）112.5 GB/s；PCIe Gen4 x16",
    "NVLink bridge (2-way) 600 GB/s; PCIe Gen5 x16 128 GB/s": "NVLink 桥接（2 路）600 GB/s；PCIe Gen5 x16 128 GB/s",
    "NVLink bridge 600 GB/s (GPU pairs); PCIe Gen4 x16 64 GB/s": "NVLink 桥接 600 GB/s（GPU 成对）；PCIe Gen4 x16 64 GB/s",
    "NVLink bridge 600 GB/s; PCIe Gen5 x16 128 GB/s": "NVLink 桥接 600 GB/s；PCIe Gen5 x16 128 GB/s",
    "NVLink bridge to one other A40 (112.5 GB/s both directions); PCIe Gen4 x16":
        "NVLink 桥接至另一张 A40（双向 112.5 GB/s）；PCIe Gen4 x16",
    ("NeuronLink-v3 chip-to-chip, 4 links, 1.28 TB/s per chip (AWS Neuron docs, Trainium2 Architecture: "
     "\"NeuronLink-v3 for chip-to-chip interconnect provides 1.28 TB/sec bandwidth per chip\"; Inter-chip "
     "Interconnect 1280 GB/sec/chip, Trainium 384); 16 chips per trn2.48xlarge, 64 per Trn2 UltraServer"):
        "NeuronLink-v3 芯片间互联，4 条链路，每芯片 1.28 TB/s（AWS Neuron 文档《Trainium2 架构》：每芯片芯片间互联带宽 "
        "1.28 TB/s；芯片间互联 1280 GB/s/芯片，Trainium 为 384）；每个 trn2.48xlarge 16 个芯片，每台 Trn2 UltraServer 64 个",
    ("No NVLink to other systems; ConnectX-7 2 × 200 GbE (two Sparks clustered over Ethernet); NVLink-C2C "
     "between the CPU and GPU dies"):
        "不经 NVLink 连接其他系统；ConnectX-7 2 × 200 GbE（两台 Spark 经以太网组成集群）；CPU 与 GPU 裸片之间为 NVLink-C2C",
}
"""The card-to-card link's description (``Interconnect.description``), the link row's note."""

ZH_CN_ARCHITECTURE: dict[str, str] = {
    "Ascend 950 (SIMD/SIMT, HiBL 1.0 memory)": "Ascend 950（SIMD/SIMT，HiBL 1.0 显存）",
    "BiLiren (2 chiplets, TSMC 7nm, 77B transistors)": "BiLiren（2 个芯粒，台积电 7nm，770 亿晶体管）",
    "BiLiren (monolithic, 7nm)": "BiLiren（单片，7nm）",
    "Blackwell (2x GB100 dies)": "Blackwell（2 个 GB100 裸片）",
    "Blackwell (GB10, 6,144 CUDA cores, sm_121) + 20-core Arm CPU":
        "Blackwell（GB10，6,144 个 CUDA 核心，sm_121）+ 20 核 Arm CPU",
    "Blackwell (GB202, 156 SMs, 19,968 CUDA cores)": "Blackwell（GB202，156 个 SM，19,968 个 CUDA 核心）",
    "Blackwell Ultra (2 dies, 160 SMs)": "Blackwell Ultra（2 个裸片，160 个 SM）",
    "Da Vinci (2x 910B-class dies)": "达芬奇（2 个 910B 级裸片）",
    "Gaudi 3 (2 dies, 64 TPC + 8 MME, TSMC 5nm)": "Gaudi 3（2 个裸片，64 个 TPC + 8 个 MME，台积电 5nm）",
    "Hopper (GH100, cut down)": "Hopper（GH100，削减版）",
    "Hopper (GH100) + 72-core Grace CPU": "Hopper（GH100）+ 72 核 Grace CPU",
    "Da Vinci (SMIC 7nm-class)": "达芬奇（中芯国际 7nm 级）",
    "Da Vinci (Ascend 310P)": "达芬奇（昇腾 310P）",
    "MLUarch03 (Siyuan 370, 2 chips / 4 chiplets, 7nm)": "MLUarch03（思元 370，2 颗芯片 / 4 个芯粒，7nm）",
    "MUSA 'Chunxiao' (22B transistors)": "MUSA“春晓”（220 亿晶体管）",
    "MUSA 3rd gen 'Quyuan'": "第 3 代 MUSA“曲院”",
    "MUSA 4th gen 'Pinghu'": "第 4 代 MUSA“平湖”",
    "Rubin (2 reticle-size dies, HBM4) with Vera CPU": "Rubin（2 个光罩尺寸裸片，HBM4），配 Vera CPU",
    "TPU7x Ironwood (2 TensorCores, 4 SparseCores, 2 dies)": "TPU7x Ironwood（2 个 TensorCore，4 个 SparseCore，2 个裸片）",
}
"""The architecture (``Card.architecture``)."""

ZH_CN_SOFTWARE_NOTE: dict[str, str] = {
    "Intel Gaudi software (SynapseAI)": "Intel Gaudi 软件（SynapseAI）",
    "Iluvatar CoreX SDK (CUDA-like)": "Iluvatar CoreX SDK（类 CUDA）",
    "CUDA code must be ported (HIP); most PyTorch-level workloads run unchanged.":
        "CUDA 代码须移植（HIP）；大多数 PyTorch 层面的负载无需改动即可运行。",
    "CUDA kernels must be ported to Ascend C; performance depends on CANN operator coverage.":
        "CUDA 内核须移植为 Ascend C；性能取决于 CANN 的算子覆盖。",
    "Cloud-only; JAX and PyTorch (TensorFlow not supported on TPU7x, per Google's docs).":
        "仅云端提供；支持 JAX 与 PyTorch（据 Google 文档，TPU7x 不支持 TensorFlow）。",
    "Cloud-only; no CUDA.": "仅云端提供；无 CUDA。",
    "Cloud-only; no CUDA. NKI kernels replace custom CUDA kernels.": "仅云端提供；无 CUDA。以 NKI 内核替代自定义 CUDA 内核。",
    "Custom CUDA kernels must be rewritten as TPC kernels; Intel has ended the Gaudi line after Gaudi 3.":
        "自定义 CUDA 内核须改写为 TPC 内核；Intel 已在 Gaudi 3 之后终止 Gaudi 产品线。",
    "Framework support beyond PyTorch/DeepSpeed not documented publicly.": "PyTorch/DeepSpeed 以外的框架支持未见公开文档。",
    "GeForce driver licence restricts data-centre deployment; no ECC.": "GeForce 驱动许可限制数据中心部署；无 ECC。",
    "MUSA mirrors CUDA's API; CUDA code is ported with Moore Threads' tools.":
        "MUSA 仿照 CUDA 的 API；CUDA 代码可用摩尔线程的工具移植。",
    "NVIDIA states CUDA compatibility with earlier generations; nothing to test yet.":
        "NVIDIA 称 CUDA 与前代兼容；目前尚无可测试之物。",
    "Neuware version per MLU generation not published in the sources read.": "所读来源未公布各代 MLU 对应的 Neuware 版本。",
    "No public support statement from the frameworks; ask the vendor for validated builds.":
        "各框架没有公开的支持声明；请向厂商索取经验证的构建。",
    "Not sold as a card; software runs in Alibaba Cloud's own stack.": "不作为板卡出售；软件运行于阿里云自有软件栈。",
    "Volta is past CUDA 13: stay on CUDA 12.x toolkits and the frameworks' CUDA 12.6 builds.":
        "Volta 不受 CUDA 13 支持：请继续使用 CUDA 12.x 工具包及各框架的 CUDA 12.6 构建。",
}
"""The software stack's notes (``SoftwareSupport.notes``) and the two stack names that hold a phrase."""


ZH_CN_EXPORT_NOTE: dict[str, str] = {
    "10,392 from FP8 1,299 × 8) — 3A090.a either way": "按 FP8 计为 10,392，即 1,299 × 8）——两种算法都属 3A090.a",
    "Bandwidth alone (22 TB/s) exceeds the case-by-case limit": "仅带宽（22 TB/s）即超过逐案审查上限",
    "NVIDIA reportedly halted shipments in 2025 (SlashGear/Tom's) — check before buying.":
        "据报 NVIDIA 已于 2025 年停止发货（SlashGear/Tom's）——购买前请核实。",
    "NVIDIA's China-market SKU.": "NVIDIA 的中国市场型号。",
    "TPP 14,688 (BF16 918 × 16) would be 3A090.a": "TPP 14,688（BF16 918 × 16），将属 3A090.a",
    "TPP 2,368 (below 3A090 by the numbers)": "TPP 2,368（按数值低于 3A090）",
    "TPP 21,344 by the catalog's convention (TF32 667 TFLOPS counted at 32 bits":
        "按目录惯例 TPP 为 21,344（TF32 667 TFLOPS 按 32 位计",
    "TPP 36,912 (FP8 4,614 × 8) would be 3A090.a above the 2026 case-by-case limits":
        "TPP 36,912（FP8 4,614 × 8），将属 3A090.a，超出 2026 年逐案审查上限",
    "TPP 4,707 (INT8 588.35 × 8): cut below the 4,800 that catches consumer parts.":
        "TPP 4,707（INT8 588.35 × 8）：削减至覆盖消费级产品的 4,800 门槛以下。",
    "TPP 4,750 from the dense FP4 rate (1,187.5 × 4): a consumer part below 4,800, which is what the cap was for":
        "TPP 4,750，由稠密 FP4 算力计（1,187.5 × 4）：低于 4,800 的消费级产品，正是该上限所针对的",
    "TPP 4,750 from the dense FP4 rate: a consumer part below 4,800": "TPP 4,750，由稠密 FP4 算力计：低于 4,800 的消费级产品",
    "TPP not computable (rates not published)": "TPP 无法计算（算力未公布）",
    "TPP not published": "TPP 未公布",
    "a 25 % US import duty applies to the lab-tested path.": "经实验室检测的路径须缴纳 25% 的美国进口关税。",
    "availability limited by the vendor's own capacity, not by US rules.": "供货受厂商自身产能限制，而非美国规则。",
    "bandwidth 3,700 GB/s.": "带宽 3,700 GB/s。",
    "bandwidth 7,700 GB/s.": "带宽 7,700 GB/s。",
    "bandwidth 8,000 GB/s.": "带宽 8,000 GB/s。",
    "die area not published.": "裸片面积未公布。",
    "exports from outside the US and in-country transfers remain presumption of denial":
        "自美国境外出口及境内转让仍为推定拒绝",
    "not verified against a BIS classification.": "未对照 BIS 分类核实。",
    ("US licences were issued from 2025-08-08 on the condition that 15 % of the sales go to the US government "
     "(not codified in a regulation as of 2025-08-27)"):
        "美国自 2025-08-08 起发放许可证，条件是销售额的 15% 归美国政府（截至 2025-08-27 尚未写入法规）",
    ("Chinese regulators (CAC, NDRC, MIIT) discouraged H20 purchases from August 2025, and NVIDIA told suppliers "
     "to halt H20 production (The Information, 2025-08-21)"):
        "中国主管部门（国家网信办、国家发展改革委、工业和信息化部）自 2025 年 8 月起不鼓励采购 H20，"
        "NVIDIA 随后要求供应商暂停 H20 生产（The Information，2025-08-21）",
    "whether the 2026-01-15 case-by-case rule covers the H20 was not established — check before buying.":
        "2026-01-15 的逐案审查规则是否适用于 H20 尚未确认——购买前请核实。",
    ("Chinese customs reportedly told agents in January 2026 that H200s may not enter China and firms to buy them "
     "only in special circumstances (Reuters), and none had been sold to China by 2026-02-24 (US Commerce official)"):
        "据报中国海关于 2026 年 1 月告知报关代理 H200 不得入境，并要求企业仅在特殊情况下采购（路透社）；"
        "截至 2026-02-24 尚无一块售往中国（美国商务部官员）",
    "China's internet regulator (CAC) told large firms to stop testing and ordering it (Financial Times, 2025-09-17)":
        "中国国家网信办要求大型企业停止测试与订购此卡（《金融时报》，2025-09-17）",
    "rates not yet published.": "算力尚未公布。",
}
"""The clauses of the export note (``ExportControl.note``, split at '; ' by
:func:`configurator.core.view.card_view.clauses`)."""

ZH_CN_OFFER: dict[str, str] = OFFER_CHINESE
"""A price's offer: its provider (``PriceEntry.provider``) and tier (``PriceEntry.tier``),
declared in :mod:`configurator.core.messages_offers` (messages name a provider too)."""

ZH_CN_COOLING_NOTE: dict[str, str] = {
    ("a module sold on a server's baseboard or in a rack: the server's heatsinks and fans, or its cold plates, "
     "cool it; the sources read name no cooler of the module's own"):
        "模组装在服务器基板上或机柜中出售：由服务器的散热器与风扇或其冷板为其散热；所查资料未写明模组自带的散热器",
    "the sources read do not state the cooler": "所查资料未写明散热方式",
    ("NVIDIA's datasheet names the form factor \"PCIe dual-slot air-cooled\": cooled by air, but not whether by a "
     "passive heatsink or a fan; the product brief that would say was not read"):
        "NVIDIA 数据手册写明外形规格为“PCIe 双槽风冷”：风冷，但未说明是被动散热片还是风扇；"
        "可说明这一点的产品简报未能查阅",
    ("a consumer card sold in several designs (its vendor's and board partners'), each with its own fan cooler: "
     "no one kind"): "消费级显卡有多种设计（厂商公版与板卡合作伙伴版），各带自己的风扇散热器：没有统一的散热方式",
    "not sold: rented in the provider's data centre, which cools it":
        "不单独出售：在提供商的数据中心租用，由数据中心散热",
    ("sold as a module on a server's baseboard (Atlas 800T A2) and as a PCIe card (Atlas 300T A2); the sources "
     "read do not state either one's cooler"):
        ("既作为服务器基板上的模组（Atlas 800T A2）出售，也作为 PCIe 卡（Atlas 300T A2）出售；"
         "所查资料均未写明二者的散热方式"),
    "a desktop system with its own fans, not a card housed in a server": "自带风扇的桌面整机，不是装在服务器中的板卡",
    ("two editions with different coolers: a passive server edition and a 300 W Max-Q workstation edition (the "
     "form factor's words); no one kind for the card"):
        "两个版本散热方式不同：被动散热的服务器版与 300 W 的 Max-Q 工作站版（按外形规格所写）；此卡没有统一的散热方式",
}
"""Why the catalog leaves a card's cooler unknown (``Cooling.note``)."""

ZH_CN_CATALOG: dict[str, str] = {**ZH_CN_VIDEO, **ZH_CN_FORM, **ZH_CN_MEMORY_TYPE, **ZH_CN_SOFTWARE_VERSION,
                                 **ZH_CN_FRAMEWORK_NOTE, **ZH_CN_EXPORT_RULE, **ZH_CN_INTERCONNECT,
                                 **ZH_CN_ARCHITECTURE, **ZH_CN_SOFTWARE_NOTE, **ZH_CN_PRICE_NOTE, **ZH_CN_OFFER,
                                 **ZH_CN_EXPORT_NOTE, **ZH_CN_COOLING_NOTE}
"""Every catalog text of this module, merged into the one catalogue."""
