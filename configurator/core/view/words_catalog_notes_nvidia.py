"""Chinese of the notes on NVIDIA's cards in the catalog (``Card.notes``: which figures are dense or sparse,
derived or unverified), keyed by the notes' exact English text; merged with the other vendors' into
:data:`configurator.core.view.words_catalog_notes.ZH_CN_NOTES` (where the rules for writing them are).
"""

from __future__ import annotations

ZH_CN_NOTES_NVIDIA: dict[str, str] = {
    ("'1,801 AI TOPS' = FP4 sparse → 900.5 dense; FP8 225.1 and FP16/BF16 112.6 are FP32-accumulate rates "
     "(GeForce half rate; twice that with FP16 accumulate), INT8 450.3 — the same ratios as the RTX 5090 "
     "entry. FP64 = FP32/64. fp16_acc16_tflops 225.1 = 2 x the FP32-accumulate 112.6: the RTX 5090's GeForce "
     "ratio, not read from a table for the 5080."):
        "“1,801 AI TOPS”为 FP4 稀疏算力 → 稠密 900.5；FP8 225.1 与 FP16/BF16 112.6 为 FP32 累加的算力（GeForce "
        "减半速率；FP16 累加时为其两倍），INT8 450.3——与 RTX 5090 条目的比例相同。FP64 = "
        "FP32/64。fp16_acc16_tflops 225.1 = 2 x FP32 累加的 112.6：沿用 RTX 5090 的 GeForce 比例，并非从 5080 "
        "的规格表读取。",
    ("'3,352 AI TOPS' = FP4 sparse → 1,676 dense. FP16/BF16 209.5 and FP8 419 are FP32-accumulate rates "
     "(419/838 with FP16 accumulate). INT4 tensor dropped on consumer Blackwell. Spheron lists 2 NVENC — "
     "NVIDIA spec is 3. Power 575 W (rec. 1000 W PSU). FP16-accumulate tensor rate 419 dense "
     "(fp16_acc16_tflops): NVIDIA's 838 TFLOPS FP16 sparse figure halved."):
        "“3,352 AI TOPS”为 FP4 稀疏算力 → 稠密 1,676。FP16/BF16 209.5 与 FP8 419 为 FP32 累加的算力（FP16 "
        "累加时为 419/838）。消费级 Blackwell 取消了 INT4 张量支持。Spheron 列为 2 个 NVENC——NVIDIA 规格为 3 "
        "个。功耗 575 W（建议 1000 W 电源）。FP16 累加的张量算力稠密 419（fp16_acc16_tflops）：NVIDIA 的 838 "
        "TFLOPS FP16 稀疏数字减半。",
    ("125 TF = FP16 Tensor (mixed precision, dense; Volta has no sparsity). No TF32/BF16/FP8 and no INT8 "
     "tensor cores (DP4A INT8 on CUDA cores ~62 TOPS per LLM-Viewer note). 32GB SXM2 released 2018; PCIe V100 "
     "is 14/7/112 TF at 250 W. Early GTC-2017 figures (15/7.5/120 TF) were pre-launch."):
        "125 TF = FP16 Tensor（混合精度，稠密；Volta 无稀疏）。无 TF32/BF16/FP8，也无 INT8 张量核心（据 "
        "LLM-Viewer 笔记，CUDA 核心上的 DP4A INT8 约 62 TOPS）。32GB SXM2 于 2018 年发布；PCIe 版 V100 为 "
        "14/7/112 TF，250 W。GTC-2017 早期数字（15/7.5/120 TF）为发布前数据。",
    ("65 TF = FP16 Tensor with FP32 accumulate (mixed precision), dense (Turing has no sparsity). Bus-powered "
     "(no aux connector). Announcement said 75 W; shipping TDP 70 W. No BF16/TF32."):
        "65 TF = FP32 累加的 FP16 Tensor（混合精度），稠密（Turing "
        "无稀疏）。由总线供电（无辅助供电接口）。发布时称 75 W；量产 TDP 70 W。无 BF16/TF32。",
    ("9,728 CUDA / 304 Tensor cores, 22.4 Gbps on 256-bit. Tensor figures = Ada whitepaper ratios "
     "(FP32-accumulate half rate), not re-read in this session. The 12GB '4080' was un-launched (became RTX "
     "4070 Ti). FP16-accumulate tensor rate 194.9 dense (fp16_acc16_tflops), twice the FP32-accumulate 97.5, "
     "per the Ada whitepaper's GeForce ratio. Audited 2026-12-03 (issue 27, the held-out llama.cpp pp512 rows "
     "+50/+54 %): the rates follow from the card's 76 SMs (9,728 CUDA cores / 128) x 4 tensor cores x 256 "
     "dense FP16 FLOP per clock with FP16 accumulate x 2,505 MHz boost = 194.9 TFLOP/s, the per-tensor-core "
     "rate of the whitepaper's RTX 4090 column (512 x 256 x 2,520 MHz = 330.3); FP32 accumulate half (97.5), "
     "INT8 and FP8-with-FP16-accumulate twice (389.9); 22.4 Gbps x 256 bit / 8 = 716.8 GB/s. No catalog number "
     "explains the rows."):
        "9,728 个 CUDA / 304 个 Tensor 核心，256 位总线 22.4 Gbps。张量数字按 Ada 白皮书比例（FP32 "
        "累加减半速率），本次未重新核读。12GB 版“4080”未发布（后改为 RTX 4070 Ti）。FP16 累加的张量算力稠密 "
        "194.9（fp16_acc16_tflops），为 FP32 累加 97.5 的两倍，依据 Ada 白皮书的 GeForce 比例。2026-12-03 "
        "审核（问题单 27，保留的 llama.cpp pp512 数据行偏差 +50/+54%）：算力由该卡的 76 个 SM（9,728 个 CUDA "
        "核心 / 128）x 4 个张量核心 x 每时钟 256 次稠密 FP16 FLOP（FP16 累加）x 2,505 MHz 加速频率 = 194.9 "
        "TFLOP/s 得出，即白皮书 RTX 4090 一栏的单张量核心速率（512 x 256 x 2,520 MHz = 330.3）；FP32 "
        "累加减半（97.5），INT8 与 FP16 累加的 FP8 为两倍（389.9）；22.4 Gbps x 256 位 / 8 = 716.8 "
        "GB/s。目录中没有哪个数字能解释这些数据行。",
    ("A100 with NVLink cut from 600 to 400 GB/s; compute/memory unchanged; 300 W PCIe / 400 W SXM. Barred by "
     "Oct-2023 export rules. GA100 like the A100: no RT cores."):
        "A100 的 NVLink 由 600 GB/s 削减至 400 GB/s；算力与显存不变；PCIe 版 300 W / SXM 版 400 W。受 2023 年 "
        "10 月出口规则禁止。GA100 与 A100 相同：无 RT 核心。",
    ("Announced figures only; not shipping at catalog date. NVIDIA quotes 50 PF NVFP4 for inference and 35 PF "
     "NVFP4 for training per GPU without a dense/sparse split comparable to earlier tables, so no rate is "
     "entered (speed, time and cost cannot be estimated). Bandwidth 22 TB/s is the CES 2026 figure (13 TB/s at "
     "GTC 2025). Board power not announced (~1,800 W reported unofficially)."
     " Searched again 2026-12-06 (NVIDIA's CES 2026 figures and their coverage): still no BF16/FP16 rate and no GPU "
     "board power published."):
        "仅有发布时公布的数字；截至目录日期尚未出货。NVIDIA 给出每 GPU 推理 50 PF NVFP4、训练 35 PF "
        "NVFP4，但未按与以往规格表可比的稠密/稀疏区分，因此未录入算力（无法估算速度、时间与成本）。带宽 22 "
        "TB/s 为 CES 2026 数字（GTC 2025 时为 13 TB/s）。板卡功耗未公布（非官方报道约 1,800 W）。"
        "2026-12-06 再次检索（NVIDIA 在 CES 2026 公布的数字及其报道）：仍未公布 BF16/FP16 算力，也未公布 GPU "
        "板卡功耗。",
    ("China-market cut of the L4 class. Tensor figures from a retailer listing that matches the circulated "
     "NVIDIA China spec (dense, like the L20's); no NVIDIA datasheet. FP32 rate, board power, video engines "
     "not published."):
        "L4 级的中国市场削减版。张量数字出自一份与流传的 NVIDIA 中国规格相符的零售商列表（稠密，与 L20 "
        "相同）；无 NVIDIA 规格书。FP32 算力、板卡功耗、视频引擎均未公布。",
    ("China-only RTX 5090 with the same GB202 configuration (170 SMs, 680 tensor cores, 32 GB GDDR7 at 28 Gbps "
     "on 512 bits = 1,792 GB/s, 575 W) but tensor throughput capped: '2,375 AI TOPS' = FP4 sparse → 1,187.5 "
     "dense (RTX 5090: 3,352). NVIDIA published no other tensor rates for the D board; BF16/FP8/INT8 are left "
     "empty rather than scaled (unknown whether every precision is capped by the same 29 %). FP32 104.8 TF as "
     "the RTX 5090 (Tom's table). Reportedly withdrawn in 2025 in favour of the 5090D V2. fp16_acc16_tflops "
     "unknown: no FP16 rate of either accumulate is published for the D board."):
        "中国专供的 RTX 5090，GB202 配置相同（170 个 SM，680 个张量核心，32 GB GDDR7，28 Gbps，512 位 = 1,792 "
        "GB/s，575 W），但张量吞吐量受限：“2,375 AI TOPS”为 FP4 稀疏 → 稠密 1,187.5（RTX 5090：3,352）。NVIDIA "
        "未公布 D 版板卡的其他张量算力；BF16/FP8/INT8 留空而不按比例推算（不清楚各精度是否都按同样的 29% "
        "限制）。FP32 104.8 TF，与 RTX 5090 相同（Tom's 表格）。据报已于 2025 年撤下，由 5090D V2 "
        "取代。fp16_acc16_tflops 未知：D 版板卡未公布任何累加方式的 FP16 算力。",
    ("China-only cut of the RTX PRO 6000 (156 of 188 SMs, 84 GB on 448 bits). NVIDIA published no rates or "
     "memory speed; at the PRO 6000's 28 Gbps the bus would give 1,568 GB/s, but the speed is not confirmed, "
     "so bandwidth and every rate are left empty."
     " Searched again 2026-12-06: NVIDIA has still published no memory speed and no rates; the reports repeat the "
     "teardown."):
        "RTX PRO 6000 的中国专供削减版（188 个 SM 中的 156 个，84 GB，448 位）。NVIDIA "
        "未公布算力与显存速率；按 PRO 6000 的 28 Gbps，该总线可达 1,568 "
        "GB/s，但速率未经证实，因此带宽与所有算力均留空。"
        "2026-12-06 再次检索：NVIDIA 仍未公布显存速率与算力；各报道只转述拆解结果。",
    ("China-only cut-down RTX 4090: 114 of 128 SMs (14,592 CUDA, 456 tensor, 114 RT cores), 24 GB GDDR6X at "
     "1,008 GB/s, 425 W (hmc-tech lists 450 W; NVIDIA's China launch and fpsbench 425 W). Tensor rates are the "
     "aggregator's dense figures from SM count and clock with FP32 accumulate (GeForce half rate), the "
     "convention of the RTX 4090 entry; INT8 588.35 = 1,177 'AI TOPS' sparse / 2. TPP 4,707 < 4,800 by design. "
     "fp16_acc16_tflops 294.18 = 2 x the FP32-accumulate 147.09: derived with the Ada whitepaper's GeForce "
     "ratio, not published for the D board."):
        "中国专供的削减版 RTX 4090：128 个 SM 中的 114 个（14,592 个 CUDA、456 个张量、114 个 RT 核心），24 GB "
        "GDDR6X，1,008 GB/s，425 W（hmc-tech 列为 450 W；NVIDIA 中国发布会与 fpsbench 为 425 "
        "W）。张量算力为聚合网站依据 SM 数与频率得出的 FP32 累加稠密数字（GeForce 减半速率），与 RTX 4090 "
        "条目的惯例一致；INT8 588.35 = 1,177 “AI TOPS”稀疏 / 2。TPP 4,707 < "
        "4,800，系有意为之。fp16_acc16_tflops 294.18 = 2 x FP32 累加的 147.09：按 Ada 白皮书的 GeForce "
        "比例推得，D 版板卡未公布。",
    ("China-only successor of the 5090D: same GB202 configuration and 2,375 AI TOPS (FP4 sparse → 1,187.5 "
     "dense) but 24 GB GDDR7 on 384 bits at 28 Gbps = 1,344 GB/s (25 % less memory and bandwidth; Tom's "
     "table). Other tensor rates not published; left empty. 575 W as the 5090D (dontleaveit). "
     "fp16_acc16_tflops unknown: no FP16 rate of either accumulate is published for the D v2 board."):
        "5090D 的中国专供后继型号：GB202 配置相同，2,375 AI TOPS（FP4 稀疏 → 稠密 1,187.5），但为 24 GB "
        "GDDR7，384 位，28 Gbps = 1,344 GB/s（显存与带宽少 25%；Tom's 表格）。其他张量算力未公布；留空。575 "
        "W，与 5090D 相同（dontleaveit）。fp16_acc16_tflops 未知：D v2 版板卡未公布任何累加方式的 FP16 算力。",
    ("Compute equal to H100 NVL (datasheet sparse 835/1,671/3,341 halved). Max TDP up to 600 W (configurable). "
     "Compute values not read directly from the H200 datasheet in this session; inferred from NVL-class "
     "datasheet figures — verify before purchase. Hopper like the H100: no RT cores. Rates are the H100 "
     "NVL/H200 NVL datasheet's sparse column halved; the itkb page cited labels those sparse rates 'dense' and "
     "is not used for them."):
        "算力与 H100 NVL 相同（规格书稀疏值 835/1,671/3,341 减半）。最大 TDP 可达 600 "
        "W（可配置）。算力数值本次未直接从 H200 规格书读取；由 NVL 级规格书数字推得——购买前请核实。Hopper 与 "
        "H100 相同：无 RT 核心。算力为 H100 NVL/H200 NVL 规格书稀疏栏减半；所引的 itkb "
        "页面把这些稀疏算力标为“稠密”，未采用。",
    ("Data-center visualization/Omniverse card (RT 209 TF). FP64 = 1/64 of FP32 (derived). Datasheet sparse: "
     "TF32 181, FP16 362.1, FP8/INT8 724, INT4 1,448."):
        "数据中心可视化/Omniverse 卡（RT 209 TF）。FP64 = FP32 的 1/64（推算）。规格书稀疏值：TF32 181，FP16 "
        "362.1，FP8/INT8 724，INT4 1,448。",
    ("Data-centre edition (passive, for servers), successor to the L40S. Memory bandwidth 1,597 GB/s and FP32 120 "
     "TFLOPS are the Server Edition datasheet's (December 2025; the Workstation Edition's 1,792 GB/s and 125.95 are "
     "another SKU's: 25 against 28 Gbps GDDR7, a lower boost clock). The tensor rates are still the family's 'up to' "
     "figures (the Workstation Edition's, 600 W), which the Server Edition datasheet does not state; scaled by its "
     "FP32 (120/125.95) they would be 4.7 % lower. At a 400 W setting they are lower. Display outputs and vGPU "
     "profiles not verified."):
        "数据中心版（被动散热，用于服务器），L40S 的后继型号。显存带宽 1,597 GB/s 与 FP32 120 TFLOPS 取自服务器版"
        "规格书（2025 年 12 月；工作站版的 1,792 GB/s 与 125.95 属另一型号：GDDR7 为 25 而非 28 Gbps，加速频率更低）。"
        "张量算力仍为该系列的“最高”数字（工作站版的，600 W），服务器版规格书未列出；按其 FP32 折算（120/125.95）"
        "会低 4.7%。设为 400 W 时更低。显示输出与 vGPU 配置未核实。",
    ("Data-centre graphics card (virtual workstations, rendering). Datasheet '*' figures are with sparsity; "
     "values here are dense. FP64 not in the datasheet table: 37.4/64 = 0.58 TF from the GA102 1/64 rate (some "
     "databases show 1/32; the GA102 whitepaper gives 1/64). A40-1Q..48Q vGPU profiles: 1 GB profile runs 32 "
     "per GPU (NVIDIA open-gpu-kernel-modules kernel_vgpu_mgr.c: at most 32 vGPUs per physical GPU)."):
        "数据中心图形卡（虚拟工作站、渲染）。规格书中带“*”的数字含稀疏；此处为稠密值。规格书表格无 FP64：按 "
        "GA102 的 1/64 速率为 37.4/64 = 0.58 TF（部分数据库显示 1/32；GA102 白皮书给出 1/64）。A40-1Q..48Q "
        "vGPU 配置：1 GB 配置每 GPU 运行 32 个（NVIDIA open-gpu-kernel-modules kernel_vgpu_mgr.c：每个物理 GPU "
        "最多 32 个 vGPU）。",
    ("Datasheet 'Tensor 309.7 TFLOPS' is FP16 sparse → 154.8 dense (LLM-Viewer and llm-analysis both use "
     "154.8). NVLink bandwidth 112.5 GB/s taken from the same-die A40 datasheet (not verified for A6000 "
     "directly). RTX vWS per NVIDIA's supported-GPU list (not re-checked). FP64 corrected 2026-12: 38.7/64 = "
     "0.60 TF (GA102 1/64 rate; 1.21 was 1/32)."):
        "规格书“Tensor 309.7 TFLOPS”为 FP16 稀疏 → 稠密 154.8（LLM-Viewer 与 llm-analysis 均采用 "
        "154.8）。NVLink 带宽 112.5 GB/s 取自同一芯片的 A40 规格书（未就 A6000 直接核实）。RTX vWS 依据 NVIDIA "
        "支持 GPU 列表（未重新核查）。FP64 于 2026-12 更正：38.7/64 = 0.60 TF（GA102 的 1/64 速率；1.21 是按 "
        "1/32 算的）。",
    ("Datasheet quotes sparse TF32 989 / FP16-BF16 1,979 / FP8 & INT8 3,958; values here are those /2 (dense). "
     "FP64 Tensor Core 67 TF. Exact clock-derived dense: TF32 494.7, FP16 989.4, FP8 1978.9 (Glenn Klockwood). "
     "No FP4/INT4 tensor support listed. Cloud: ~$1.65–6.88/GPU-hr across providers (codesota, Apr 2026)."):
        "规格书给出稀疏 TF32 989 / FP16-BF16 1,979 / FP8 与 INT8 3,958；此处取其 /2（稠密）。FP64 Tensor Core "
        "67 TF。按频率精确推算的稠密值：TF32 494.7，FP16 989.4，FP8 1978.9（Glenn Klockwood）。未列出 FP4/INT4 "
        "张量支持。云端：各服务商约 $1.65–6.88/GPU-hr（codesota，2026 年 4 月）。",
    ("Datasheet sparse values TF32 756 / FP16 1,513 / FP8 3,026 halved. FP64 Tensor 51 TF. TDP listed 300–350 "
     "W (product brief: up to 350 W). Bandwidth: datasheet '2,000 GB/s' (brief: '>2,000 GB/s')."):
        "规格书稀疏值 TF32 756 / FP16 1,513 / FP8 3,026 减半。FP64 Tensor 51 TF。TDP 列为 300–350 "
        "W（产品简介：最高 350 W）。带宽：规格书“2,000 GB/s”（简介：“>2,000 GB/s”）。",
    ("Datasheet sparse: TF32 120, FP16/BF16 242, FP8/INT8 485; halved. hmc-tech's clock-derived dense figures "
     "are ~3.5% higher (125.3 FP16). INT4 not listed on datasheet (hmc-tech gives 501 TOPS dense). "
     "Slot-powered 72 W. vGPU profiles per NVIDIA's supported-GPU list (not re-checked)."):
        "规格书稀疏值：TF32 120，FP16/BF16 242，FP8/INT8 485；已减半。hmc-tech 按频率推算的稠密数字高约 "
        "3.5%（FP16 125.3）。规格书未列 INT4（hmc-tech 给出稠密 501 TOPS）。插槽供电 72 W。vGPU 配置依据 "
        "NVIDIA 支持 GPU 列表（未重新核查）。",
    ("Datasheet sparse: TF32 125, BF16/FP16 250, INT8 500, INT4 1,000. AWS A10G is a different variant (lower "
     "tensor rate) — llm-analysis 'a10-pcie-28gb.json' memory value (28 GB) is wrong; A10 has 24 GB. vGPU "
     "profiles per NVIDIA's supported-GPU list (not re-checked). FP64 corrected 2026-12: GA102 runs FP64 at "
     "1/64 of FP32 (31.2/64 = 0.49 TF; the 0.98 listed before was a 1/32 ratio)."):
        "规格书稀疏值：TF32 125，BF16/FP16 250，INT8 500，INT4 1,000。AWS A10G "
        "是另一变体（张量算力较低）——llm-analysis“a10-pcie-28gb.json”中的显存值（28 GB）有误；A10 为 24 "
        "GB。vGPU 配置依据 NVIDIA 支持 GPU 列表（未重新核查）。FP64 于 2026-12 更正：GA102 的 FP64 为 FP32 的 "
        "1/64（31.2/64 = 0.49 TF；此前列出的 0.98 是按 1/32 算的）。",
    ("Datasheet sparse: TF32 366, FP16 733, FP8 1,466, INT8/INT4 1,466. Max power 350 W (some resellers list "
     "300 W — that is the L40). No MIG."):
        "规格书稀疏值：TF32 366，FP16 733，FP8 1,466，INT8/INT4 1,466。最大功耗 350 W（部分经销商列为 300 "
        "W——那是 L40）。无 MIG。",
    ("Dense tensor with FP32 accumulate (GeForce half-rate): FP16/BF16 165.2, FP8 330.3; with FP16 accumulate "
     "FP16 330.3 / FP8 660.6. INT8 660.6 (1,321 sparse = NVIDIA 'AI TOPS'). Consumer card: no ECC, no NVLink; "
     "datacenter use restricted by GeForce EULA. FP16-accumulate tensor rate 330.3 dense (fp16_acc16_tflops) "
     "from the Ada whitepaper; a stock card measures 325.7 with FP16 and 165.6 with FP32 accumulate."):
        "FP32 累加的稠密张量算力（GeForce 减半速率）：FP16/BF16 165.2，FP8 330.3；FP16 累加时 FP16 330.3 / FP8 "
        "660.6。INT8 660.6（稀疏 1,321 = NVIDIA“AI TOPS”）。消费级卡：无 ECC、无 NVLink；GeForce EULA "
        "限制数据中心使用。FP16 累加的张量算力稠密 330.3（fp16_acc16_tflops），出自 Ada 白皮书；一张公版卡实测 "
        "FP16 累加 325.7、FP32 累加 165.6。",
    ("FP32 91.1 TF, 960 GB/s, 300 W confirmed in 3 sources. Tensor dense = datasheet 'Tensor 1,457 TFLOPS' "
     "(FP8 sparse) /2 with Ada ratios; pro card runs FP16 w/ FP32-accumulate at full rate. Memory is GDDR6 "
     "with ECC (one German article says GDDR6X — incorrect). RTX vWS per NVIDIA's supported-GPU list (not "
     "re-checked)."):
        "FP32 91.1 TF、960 GB/s、300 W 经 3 个来源确认。稠密张量 = 规格书“Tensor 1,457 TFLOPS”（FP8 "
        "稀疏）/2，按 Ada 比例；专业卡的 FP16（FP32 累加）为全速。显存为带 ECC 的 GDDR6（一篇德文文章称 "
        "GDDR6X——有误）。RTX vWS 依据 NVIDIA 支持 GPU 列表（未重新核查）。",
    ("FP64 Tensor 10.3 TF; MIG up to 4. Memory/TDP/FP64 cross-checked (TechPowerUp-derived page: 933 GB/s, 165 "
     "W, 5.16 TF FP64); tensor values are NVIDIA datasheet sparse/2 (82/165/330/661) recalled, not re-read in "
     "this session."):
        "FP64 Tensor 10.3 TF；MIG 最多 4 个。显存/TDP/FP64 已交叉核对（源自 TechPowerUp 的页面：933 GB/s、165 "
        "W、5.16 TF FP64）；张量数值为凭记忆的 NVIDIA 规格书稀疏值/2（82/165/330/661），本次未重新核读。",
    ("FP64 Tensor Core 19.5 TF. Sparse: TF32 312, FP16 624, INT8 1,248. No FP8. Largely EOL; replaced by 80GB."):
        "FP64 Tensor Core 19.5 TF。稀疏：TF32 312，FP16 624，INT8 1,248。无 FP8。基本已停产；由 80GB 版取代。",
    ("Figures from leaked/partner spec tables widely repeated in China (FP16 148 dense ≈15% of H100); NVIDIA "
     "published no global datasheet. Some sources say HBM3e. Export status changed repeatedly in 2025 — check "
     "legality/availability."):
        "数字出自在中国广泛流传的泄露/合作伙伴规格表（FP16 稠密 148 ≈ H100 的 15%）；NVIDIA "
        "未发布全球规格书。部分来源称为 HBM3e。出口状态在 2025 年多次变化——请核实合法性与供货情况。",
    ("Full-rate FP16/BF16 with FP32 accumulate (professional card, unlike GeForce). '4,000 AI TOPS' = FP4 "
     "sparse; dense rates here. 96 GB from 3 GB GDDR7 chips in clamshell. vGPU support of the workstation "
     "edition not verified (the server edition is the vGPU part)."):
        "FP32 累加的 FP16/BF16 为全速（专业卡，与 GeForce 不同）。“4,000 AI TOPS”为 FP4 "
        "稀疏；此处为稠密算力。96 GB 由 3 GB GDDR7 颗粒双面贴装组成。工作站版的 vGPU "
        "支持未核实（服务器版才是支持 vGPU 的型号）。",
    ("GPU rates are those of the H100 SXM (same GH100 configuration, dense). Module power 450–1,000 W "
     "programmable and covers CPU, GPU and memory — board power here is the module's maximum, not the GPU "
     "alone. 96 GB HBM3 at 4 TB/s."):
        "GPU 算力与 H100 SXM 相同（GH100 配置相同，稠密）。模组功耗 450–1,000 W 可编程，涵盖 CPU、GPU "
        "与内存——此处板卡功耗为模组的最大值，并非仅 GPU。96 GB HBM3，4 TB/s。",
    ("GeForce FP16/BF16 tensor with FP32 accumulate is half rate: 71 TF dense (142 TF with FP16 accumulate); "
     "NVIDIA's '285 Tensor TFLOPS' marketing = FP16-acc sparse. Tensor figures from Ampere GA102 whitepaper "
     "(recalled, consistent with 285). NVLink bridge 112.5 GB/s and 82 RT cores from the GA102 whitepaper "
     "(2026-12). FP16-accumulate tensor rate 142 dense (fp16_acc16_tflops) from the GA102 whitepaper's RTX "
     "3090 column. Audited 2026-12-03 (issue 27): 82 SMs x 4 tensor cores x 256 dense FP16 FLOP per clock with "
     "FP16 accumulate x 1,695 MHz boost = 142.3 TFLOP/s (FP32 accumulate half, 71; INT8 twice, 284); 19.5 Gbps "
     "x 384 bit / 8 = 936 GB/s."):
        "GeForce 的 FP16/BF16 张量在 FP32 累加时为减半速率：稠密 71 TF（FP16 累加时 142 TF）；NVIDIA "
        "宣传的“285 Tensor TFLOPS”= FP16 累加稀疏值。张量数字出自 Ampere GA102 白皮书（凭记忆，与 285 "
        "一致）。NVLink 桥接 112.5 GB/s 与 82 个 RT 核心出自 GA102 白皮书（2026-12）。FP16 累加的张量算力稠密 "
        "142（fp16_acc16_tflops），出自 GA102 白皮书的 RTX 3090 一栏。2026-12-03 审核（问题单 27）：82 个 SM x "
        "4 个张量核心 x 每时钟 256 次稠密 FP16 FLOP（FP16 累加）x 1,695 MHz 加速频率 = 142.3 TFLOP/s（FP32 "
        "累加减半，71；INT8 两倍，284）；19.5 Gbps x 384 位 / 8 = 936 GB/s。",
    ("HBM3e version: 144 GB at 4.9 TB/s (NVIDIA GH200 datasheet; some pages list 141 GB like the H200). GPU "
     "rates = H100 SXM. Module power 450–1,000 W covers CPU + GPU + memory."):
        "HBM3e 版：144 GB，4.9 TB/s（NVIDIA GH200 规格书；部分页面像 H200 一样列为 141 GB）。GPU 算力 = H100 "
        "SXM。模组功耗 450–1,000 W，涵盖 CPU + GPU + 内存。",
    ("HGX B300 figures per GPU (system table ÷ 8, the catalog's board rule): TF32 1,125, BF16 2,250, FP8 "
     "4,500, FP4 13,125 dense (Glenn Klockwood; Verda rounds to 14 PF). INT8 125 TOPS dense = HGX table's 2 "
     "POPS sparse ÷ 8 ÷ 2 (corrected 2026-12 from 150). FP64 ~1.25 TF. Bandwidth 7.7 TB/s = the HGX figure "
     "(Verda), like the B200's; 8 TB/s is the chip's maximum (corrected 2026-12). Verda lists 270 GB usable; "
     "TDP ~1,100 W in HGX vs up to 1,400 W in GB300. Verify per-OEM."):
        "HGX B300 每 GPU 数字（系统表格 ÷ 8，即目录的基板规则）：稠密 TF32 1,125，BF16 2,250，FP8 4,500，FP4 "
        "13,125（Glenn Klockwood；Verda 取整为 14 PF）。INT8 稠密 125 TOPS = HGX 表格稀疏 2 POPS ÷ 8 ÷ "
        "2（2026-12 由 150 更正）。FP64 约 1.25 TF。带宽 7.7 TB/s = HGX 数字（Verda），与 B200 相同；8 TB/s "
        "是芯片的最大值（2026-12 更正）。Verda 列出可用 270 GB；HGX 中 TDP 约 1,100 W，GB300 中最高 1,400 "
        "W。请按各 OEM 核实。",
    ("HGX datasheet values are sparse (FP4 18 PF, FP8/INT8 9, FP16 4.5, TF32 2.2); halved here. FP64/FP64-TC "
     "37 TF and FP32 75 TF in current datasheet (40 / 80 TF in the 2024 launch table). Memory 180 GB usable in "
     "HGX/DGX B200 (192 GB announced at GTC 2024); bandwidth 7.7 TB/s (8 TB/s announced). 1,000 W max. Price "
     "is 'Blackwell' per-unit range quoted by CNBC, not a list price. TF32 1,125 (2026-12) = HGX B200 table 18 "
     "PF sparse ÷ 8 ÷ 2, exactly half the BF16 rate (1,100 was a rounded figure)."):
        "HGX 规格书数值为稀疏值（FP4 18 PF，FP8/INT8 9，FP16 4.5，TF32 2.2）；此处已减半。现行规格书中 "
        "FP64/FP64-TC 37 TF、FP32 75 TF（2024 年发布表格中为 40 / 80 TF）。HGX/DGX B200 中可用显存 180 GB（GTC "
        "2024 公布为 192 GB）；带宽 7.7 TB/s（公布为 8 TB/s）。最大 1,000 W。价格为 CNBC "
        "引用的“Blackwell”单价区间，并非目录价。TF32 1,125（2026-12）= HGX B200 表格稀疏 18 PF ÷ 8 ÷ 2，恰为 "
        "BF16 算力的一半（1,100 是取整数字）。",
    ("Identical compute to 40GB; only memory differs. FP64 Tensor 19.5 TF."):
        "算力与 40GB 版相同；仅显存不同。FP64 Tensor 19.5 TF。",
    ("Listed per GPU so that counts, memory and power stay per GPU: one A16 board = 4 of these (250 W, 64 GB "
     "in four separate 16 GB pools). Board power 250 W / 4 = 62.5 W per GPU. BF16 taken equal to FP16 (Ampere "
     "tensor cores run both at one rate); INT4 not listed in the datasheet reprint. FP64 0.07 TF per GPU = "
     "4.5/64 (GA10x 1/64 rate), not in the A16 datasheet."):
        "按 GPU 列出，使数量、显存与功耗都按每 GPU 计：一块 A16 板卡 = 4 个这样的 GPU（250 W，64 "
        "GB，分为四个独立的 16 GB 显存池）。板卡功耗 250 W / 4 = 每 GPU 62.5 W。BF16 取与 FP16 相同（Ampere "
        "张量核心以同一速率运行两者）；规格书转载中未列 INT4。FP64 每 GPU 0.07 TF = 4.5/64（GA10x 的 1/64 "
        "速率），A16 规格书中没有。",
    ("Listed per system (one GB10). FP4 500 TF dense = NVIDIA's 1 PF with sparsity halved; FP32 31 TF. "
     "BF16/FP8 tensor rates not published (NVIDIA quotes FP4 only) and left empty rather than derived. A BF16 or "
     "FP16 request falls back to the FP32 rate, and the estimate says so (searched again 2026-12-06: see the "
     "sources). 128 GB is shared with the CPU and the OS. Desktop developer system; vGPU not verified."):
        "按整机列出（一个 GB10）。FP4 稠密 500 TF = NVIDIA 含稀疏的 1 PF 减半；FP32 31 TF。BF16/FP8 "
        "张量算力未公布（NVIDIA 只给出 FP4），留空而不推算。BF16 或 FP16 请求回退到 FP32 算力，估算中会注明"
        "（2026-12-06 再次检索：见来源）。128 GB 与 CPU 及操作系统共享。桌面开发者整机；vGPU 未核实。",
    ("Memory/bandwidth/TDP cross-checked in two spec databases (FP32 59.35 TF there). Tensor figures are the "
     "commonly circulated NVIDIA China spec (dense), not verified from an official datasheet in this session."):
        "显存/带宽/TDP 已在两个规格数据库中交叉核对（其中 FP32 为 59.35 TF）。张量数字为常见流传的 NVIDIA "
        "中国规格（稠密），本次未从官方规格书核实。",
    ("NVIDIA per-GPU table (sparse): FP4 20 PF, FP8/INT8 10, FP16 5, TF32 2.5; halved here. FP32 80 / FP64 40 "
     "TF in the current table (launch table: 90 / 45 per GPU, per Glenn Klockwood). Up to 1,200 W per GPU. "
     "(Verda's GB200 column repeats B200 values and '129 GB' — ignored.) MLPerf system file shows 186 GB HBM3e "
     "per GPU. NVL72 rack: 72 GPUs + 36 Grace, FP4 1,440 PF sparse (720 PF dense), ~13.4 TB HBM3e, 576 TB/s. "
     "Seed claim '180 W inference card' is false."):
        "NVIDIA 每 GPU 表格（稀疏）：FP4 20 PF，FP8/INT8 10，FP16 5，TF32 2.5；此处已减半。现行表格中 FP32 80 "
        "/ FP64 40 TF（发布表格：每 GPU 90 / 45，据 Glenn Klockwood）。每 GPU 最高 1,200 W。（Verda 的 GB200 "
        "一栏照搬 B200 数值及“129 GB”——已忽略。）MLPerf 系统文件显示每 GPU 186 GB HBM3e。NVL72 机柜：72 个 GPU "
        "+ 36 个 Grace，FP4 稀疏 1,440 PF（稠密 720 PF），约 13.4 TB HBM3e，576 TB/s。初始数据中“180 W "
        "推理卡”的说法不实。",
    ("NVIDIA: 15 PF dense NVFP4 (20 PF sparse), FP8 5 PF dense / 10 sparse, 288 GB HBM3e, 8 TB/s, up to 1,"
     "400 W TGP. Verda reports 279 GB usable. INT8 (~0.165 POPS dense) and FP64 (≈1–1.4 TF, not verified) "
     "deliberately reduced. Rack: 1.08 EF dense / 1.44 EF sparse FP4, ~20 TB HBM3e, 576 TB/s. Dense BF16 2"
     ".5 PF and FP8 5 PF are the GB200's figures too (NVL72 rack tables: 360 and 720 PF sparse for 72 GPUs"
     ", both racks; checked 2026-12-06): Blackwell Ultra adds FP4, not FP8/BF16 rate. What it adds beyond:"
     " SFU exponentials for attention softmax, 10.7 TeraExponentials/s against 5 on GB200/B200 (Verda per-"
     "GPU table; NVIDIA: '2x attention-layer acceleration'), and 1,400 W against 1,200 W; the estimator mo"
     "dels neither (benchmarks/data/notes-new-cards-2026-12-06.md). FP32 83.3 TF and FP64 1.39 TF (2026-12"
     ") = the NVL72 rack figures (6 PF FP32, 100 TF FP64) ÷ 72, the catalog's board rule (system table ÷ G"
     "PUs); the 80 TF before was Verda's rounded per-GPU value."):
        ("NVIDIA：稠密 NVFP4 15 PF（稀疏 20 PF），FP8 稠密 5 PF / 稀疏 10，288 GB HBM3e，8 TB/s，TGP 最高 1,400 W。Verda 报告可用 27"
        "9 GB。INT8（稠密约 0.165 POPS）与 FP64（约 1–1.4 TF，未核实）被有意削减。机柜：FP4 稠密 1.08 EF / 稀疏 1.44 EF，约 20 TB HBM3e，57"
        "6 TB/s。稠密 BF16 2.5 PF 与 FP8 5 PF 也是 GB200 的数字（NVL72 机柜表格：72 个 GPU 稀疏 360 与 720 PF，两种机柜相同；2026-12-06 "
        "核对）：Blackwell Ultra 增加的是 FP4 算力，而非 FP8/BF16 算力。此外它增加了：注意力中的 SFU 指数运算，每秒 10.7 万亿次，GB200/B200 为 5 万亿次（"
        "Verda 每 GPU 表格；NVIDIA 称“注意力层加速 2 倍”），以及 1,400 W 对 1,200 W；估算器两者均未建模（见 2026-12-06 的新卡说明）。FP32 83.3 TF"
        " 与 FP64 1.39 TF（2026-12）= NVL72 机柜数字（6 PF FP32，100 TF FP64）÷ 72，即目录的基板规则（系统表格 ÷ GPU 数）；此前的 80 TF 是 V"
        "erda 取整的每 GPU 值。"),
    ("Peak figures same as SXM but sustained clocks lower under 300 W. (Announcement coverage quoted 250 W for "
     "an early 80GB PCIe SKU; NVIDIA datasheet: 300 W.)"):
        "峰值数字与 SXM 相同，但在 300 W 下持续频率较低。（发布报道曾给早期 80GB PCIe 型号引用 250 W；NVIDIA "
        "规格书：300 W。）",
    ("Per-GPU figures (current datasheet). Sparse datasheet values TF32 835 / FP16 1,671 / FP8 3,341 halved. "
     "TDP configurable 350–400 W. The 2023 launch sheet quoted the 2-card pair (188 GB, 7.8 TB/s, doubled "
     "TFLOPS) — do not compare pair figures with single GPUs. LLM-inference oriented but usable for training."):
        "每 GPU 数字（现行规格书）。规格书稀疏值 TF32 835 / FP16 1,671 / FP8 3,341 减半。TDP 可配置 350–400 "
        "W。2023 年发布资料给出的是双卡组合（188 GB，7.8 TB/s，TFLOPS 翻倍）——不要拿双卡数字与单 GPU "
        "比较。面向 LLM 推理，但也可用于训练。",
    ("Same GB202 configuration as the Workstation Edition at 300 W. NVIDIA's Max-Q datasheet gives 3,511 AI "
     "TOPS (FP4 sparse) → 1,755.5 dense; the other tensor rates are the Workstation Edition's scaled by "
     "3,511/4,030.4 (same silicon, lower clock). FP64 = FP32/64."):
        "GB202 配置与工作站版相同，功耗 300 W。NVIDIA 的 Max-Q 规格书给出 3,511 AI TOPS（FP4 稀疏）→ 稠密 "
        "1,755.5；其他张量算力按工作站版 × 3,511/4,030.4 缩放（同一芯片，频率更低）。FP64 = FP32/64。",
    ("Same GH100 compute as H100 SXM; only memory changes (6 stacks HBM3e). Datasheet FP8 3,958* is sparse. "
     "Announced SC23 (Nov 2023), shipping Q2 2024. MLPerf system file: 141 GB HBM3e, 18x NVLink4 900 GB/s, TGP "
     "700 W. Hopper like the H100: no RT cores."):
        "GH100 算力与 H100 SXM 相同；仅显存不同（6 个 HBM3e 堆栈）。规格书 FP8 3,958* 为稀疏值。SC23（2023 年 "
        "11 月）发布，2024 年第二季度出货。MLPerf 系统文件：141 GB HBM3e，18x NVLink4 900 GB/s，TGP 700 "
        "W。Hopper 与 H100 相同：无 RT 核心。",
    ("Same compute as 32GB. Note: llm-analysis v100-sxm-16gb.json wrongly sets mem_per_GPU_in_GB=32."):
        "算力与 32GB 版相同。注意：llm-analysis 的 v100-sxm-16gb.json 误设 mem_per_GPU_in_GB=32。",
    ("Same die as H100 SXM; NVLink cut to 400 GB/s and FP64 (incl. FP64 Tensor) cut to ~1 TFLOPS. Sold Mar–Oct "
     "2023, then barred by Oct-2023 US export rules. Low-precision compute equal to H100 SXM (inferred, not "
     "from an NVIDIA datasheet). Hopper like the H100: no RT cores."):
        "芯片与 H100 SXM 相同；NVLink 削减至 400 GB/s，FP64（含 FP64 Tensor）削减至约 1 TFLOPS。2023 年 3–10 "
        "月销售，随后被 2023 年 10 月的美国出口规则禁止。低精度算力与 H100 SXM 相同（推断，非出自 NVIDIA "
        "规格书）。Hopper 与 H100 相同：无 RT 核心。",
    ("TDP configurable 40–60 W. Dense tensor per hmc-tech: TF32 9.06, FP16 18.13, INT8 36.25, INT4 72.5 "
     "(sparse ×2)."):
        "TDP 可配置 40–60 W。稠密张量算力据 hmc-tech：TF32 9.06，FP16 18.13，INT8 36.25，INT4 72.5（稀疏 ×2）。",
}
"""An NVIDIA card's notes in Chinese, by their English text."""
