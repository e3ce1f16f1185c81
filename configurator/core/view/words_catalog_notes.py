"""Chinese of the catalog's notes on each card (``Card.notes``: which figures are dense or sparse,
derived or unverified; the Chinese interface, session 18). Keyed by the notes' exact English text, as
:mod:`configurator.core.view.words_catalog` is, and merged with it into the one catalogue; a catalog
edit that changes a note fails ``tests/test_catalog_chinese.py`` until its Chinese is written here.
Every figure of a note is kept as the note writes it (the test compares them); dates are written
the Chinese way (2023 年 10 月).
"""

from __future__ import annotations

ZH_CN_NOTES: dict[str, str] = {
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
    ("AMD ROCm table (dense): Matrix FP64 163.4, Vector FP64 81.7, FP32 163.4, TF32 653.7, FP16/BF16 1,307.4, "
     "FP8/INT8 2,614.9. Sparsity doubles FP16/FP8/INT8. Beware third-party pages listing 2,615 as 'FP16 dense' "
     "(that is FP8). HF hardware page lists 'MSRP $15k' (community estimate, not AMD)."):
        "AMD ROCm 规格表（稠密）：矩阵 FP64 163.4，向量 FP64 81.7，FP32 163.4，TF32 653.7，FP16/BF16 "
        "1,307.4，FP8/INT8 2,614.9。稀疏使 FP16/FP8/INT8 翻倍。注意有第三方页面把 2,615 列为“FP16 稠密”（实为 "
        "FP8）。HF 硬件页面列出“MSRP $15k”（社区估计，非 AMD 数据）。",
    ("AMD table: FP64/FP32 vector 47.9, FP64/FP32 matrix 95.7, FP16/BF16 383, INT8/INT4 383 TOPS (no sparsity, "
     "no TF32/FP8). Appears to software as two 64 GB GPUs (GCDs). 500 W typical, 560 W peak. Sold only in 4-module "
     "liquid-cooled nodes (HPE Cray EX235a: Frontier, LUMI-G, CSCS Alps; a node item of the price file), so the "
     "link domain is 4. link_gbps 500 = a module's Infinity Fabric to the other three modules of its node, 5 links x 50 GB/s "
     "one way, both directions added as for NVLink (links: rocm-smi on a 4-module node; Frontier guide 50-100 GB/s "
     "between GCDs of different modules); a ring through the four modules uses 4 of the 5 (200 GB/s one way). Before "
     "2026-12-04: 800 GB/s over a domain of 8, an aggregate of all 8 links both ways, not verified."):
        "AMD 规格表：FP64/FP32 向量 47.9，FP64/FP32 矩阵 95.7，FP16/BF16 383，INT8/INT4 383 TOPS（无稀疏，无 "
        "TF32/FP8）。在软件中呈现为两个 64 GB GPU（GCD）。典型 500 W，峰值 560 W。仅随 4 模块液冷节点销售（HPE Cray "
        "EX235a：Frontier、LUMI-G、CSCS Alps；价格文件中的 4 模块节点条目），因此互联域为 4。link_gbps 500 = 一个模块到"
        "节点内其余三个模块的 Infinity Fabric：5 条链路 × 单向 50 GB/s，与 NVLink 一样按双向合计（链路数：4 模块节点上的 "
        "ROCm SMI；Frontier 指南：不同模块的 GCD 之间 50-100 GB/s）；贯穿四个模块的环使用 5 条中的 4 条（单向 200 GB/s）。"
        "2026-12-04 之前：域为 8、800 GB/s，即全部 8 条链路双向合计，未经核实。",
    ("AWS Neuron docs: FP8 1,299, BF16/FP16/TF32 667, FP32 181 TFLOPS dense per chip; 96 GiB HBM at 2.9 TB/s. "
     "Power per chip not published. Rent-only (EC2 Trn2)."):
        "AWS Neuron 文档：每芯片稠密 FP8 1,299，BF16/FP16/TF32 667，FP32 181 TFLOPS；96 GiB HBM，2.9 "
        "TB/s。每芯片功耗未公布。仅可租用（EC2 Trn2）。",
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
    ("The 910C as Chinese buyers mostly buy it: eight to a server, Huawei's Atlas 800T A3 (training) or Atlas 800I "
     "A3 (inference) SuperPoD Server, or a partner's server on the A200T A3 Box8. Huawei's MindCluster 7.3.0 guide "
     "gives each of these servers eight HiAM modules (one 910C each: two dies joined by SIO) connected through HCCS, "
     "and vLLM-Ascend runs one instance per Atlas 800T A3 server on 8 NPUs, 16 dies. Chip figures as the ascend-910c "
     "entry (CloudMatrix384 paper): 752 TF dense BF16/FP16, 128 GB, 3.2 TB/s. HCCS domain: the 8 modules of one "
     "server. Link 784 GB/s both directions is the chip's own UB/HCCS figure, taken for the in-server HCCS because "
     "Huawei gives these servers the node affinity of the Atlas 900 A3 SuperPoD's compute node (HCCS-L1 inside a "
     "node); no Huawei figure for the in-server bandwidth was found. Scale-out: the NPUs' own RoCE ports, 400 Gbit/s "
     "per 910C (50 GB/s one way) as on the CloudMatrix384 node's RDMA plane, so no NICs are bought. Board power left "
     "null: no Huawei power figure for the Atlas 800T/800I A3 server or the 910C module was found (searched 2026-12: "
     "hiascend.com MindCluster, CANN and ascend-dmi pages, vLLM-Ascend and SGLang Ascend pages, web pages in English "
     "and Chinese). Price: the ascend-910c entry's per-chip figure, reused per 910C; no server price was found. The "
     "server line of a bill is the app's 8-way baseboard server without accelerators (the HGX-class chassis, CPUs "
     "and memory of the price file), a stand-in for the A3 server's own chassis and Kunpeng CPUs, not a Huawei price "
     "— get a Huawei or partner (H3C, xFusion) quote."
     " Searched again 2026-12-06 (Atlas 800T/800I A3 and 910C power in English and Chinese, hiascend.com "
     "MindCluster and CANN pages, press on the 910C): still no module or server power found; the ascend-dmi power "
     "test names the A3 products but gives no rated figure."
     " INT8 and FP8 left null as in the ascend-910c entry (no published INT8 rate; no FP8 format)."):
        "这是中国买家最常购买的 910C 形态：每台服务器 8 个，即华为 Atlas 800T A3（训练）"
        "或 Atlas 800I A3（推理）超节点服务器（SuperPoD Server），"
        "或基于 A200T A3 Box8 的合作伙伴服务器。"
        "华为 MindCluster 7.3.0 指南给出这些服务器各有 8 个 HiAM 模组（每个为一颗 910C："
        "两个裸片经 SIO 相连），模组间经 HCCS 互联；"
        "vLLM-Ascend 在每台 Atlas 800T A3 服务器上以 8 个 NPU、"
        "16 个裸片运行一个实例。芯片数字与 ascend-910c 条目相同（CloudMatrix384 论文）："
        "稠密 BF16/FP16 752 TF，128 GB，3.2 TB/s。HCCS 域：一台服务器的 8 个模组。"
        "链路 784 GB/s（双向合计）为芯片自身的 UB/HCCS 数字，用于服务器内的 HCCS，"
        "因为华为给这些服务器的节点亲和性与 Atlas 900 A3 SuperPoD 计算节点相同（节点内为 HCCS-L1）"
        "；未找到华为给出的服务器内带宽。横向扩展：NPU 自带的 RoCE 端口，"
        "每颗 910C 400 Gbit/s（单向 50 GB/s），"
        "与 CloudMatrix384 节点的 RDMA 平面相同，因此不另购网卡。板卡功耗留空："
        "未找到华为给出的 Atlas 800T/800I A3 服务器或 910C 模组功耗（2026-12 检索了 hiascend.com 的 MindCluster、"
        "CANN 与 ascend-dmi 页面、vLLM-Ascend 与 SGLang 的 Ascend 页面，"
        "以及中英文网页）。价格：沿用 ascend-910c 条目的每芯片数字，按每颗 910C 计；未找到服务器价格。"
        "物料清单中的服务器一行是本应用不含加速器的 8 路基板服务器（价格文件中 HGX 级的机箱、CPU 与内存），"
        "用以代替 A3 服务器自身的机箱与 Kunpeng CPU，并非华为价格——请向华为或合作伙伴（H3C、"
        "xFusion）询价。"
        "2026-12-06 再次检索（英文与中文的 Atlas 800T/800I A3 及 910C 功耗、hiascend.com 的 MindCluster 与 CANN "
        "页面、910C 的报道）：仍未找到模组或服务器的功耗；ascend-dmi 的功耗测试列出 A3 产品，但未给出额定数字。"
        "INT8 与 FP8 留空，同 ascend-910c 条目（未公布 INT8 算力；无 FP8 格式）。",
    ("BF16/FP16 752 TF dense per chip from Huawei's own CloudMatrix384 paper (2025), replacing the press "
     "figures 780 (BF16, DigiTimes via TechPowerUp) and 800 (FP16). 128 GB, 3.2 TB/s. Chip-to-chip (UB) 784 GB/s "
     "both directions (2026-12): Huawei's 2025 keynote gives 784 GB/s, and the CloudMatrix paper gives each of "
     "the two dies seven 224 Gbit/s links, 196 GB/s one way — 392 GB/s one way per chip; the ~400 GB/s of "
     "TechPowerUp/DigiTimes is close to that one-way figure. Board power left null: neither the paper nor the "
     "keynote gives one, and no Huawei page for the Atlas 900 A3 SuperPoD or Atlas 800T A3 was found with a "
     "module power (searched 2026-12, hiascend.com and web pages in English and Chinese); a supernode's power "
     "divided by 384 is not a module's power. CloudMatrix 384 ≈ 300 PF BF16. No official datasheet."
     " Searched again 2026-12-06: still no Huawei module power found."
     " INT8 left null (searched 2026-12-06: the CloudMatrix384 paper, which serves DeepSeek-R1 in INT8 but states "
     "only the 752 TF BF16/FP16 rate; Huawei's 2025 keynote, which lists INT8 among the 910C's formats without a "
     "rate; press on the 910C): no INT8 rate is published, and doubling the FP16 rate as the 910B's operator "
     "figures do would be a derivation, not a figure. No FP8 (formats FP32/HF32/FP16/BF16/INT8)."):
        "BF16/FP16 每芯片稠密 752 TF，出自华为自己的 CloudMatrix384 论文（2025），取代媒体数字 "
        "780（BF16，DigiTimes 经 TechPowerUp）与 800（FP16）。128 GB，3.2 TB/s。芯片间（UB）带宽 784 GB/s，双向合计"
        "（2026-12）：华为 2025 年主题演讲给出 784 GB/s，CloudMatrix 论文给出两个裸片各有 7 条 224 Gbit/s 链路、"
        "单向 196 GB/s——每芯片单向 392 GB/s；TechPowerUp/DigiTimes 所说的约 400 GB/s 与该单向数字接近。板卡功耗留空："
        "论文与主题演讲均未给出，也未找到列出模组功耗的 Atlas 900 A3 SuperPoD 或 Atlas 800T A3 华为页面（2026-12 "
        "检索了 hiascend.com 及中英文网页）；超节点功耗除以 384 并不是模组功耗。CloudMatrix 384 ≈ 300 PF BF16。"
        "无官方规格书。"
        "2026-12-06 再次检索：仍未找到华为的模组功耗。"
        "INT8 留空（2026-12-06 检索：CloudMatrix384 论文以 INT8 运行 "
        "DeepSeek-R1，但只给出 752 TF 的 BF16/FP16 算力；华为 2025 年主题演讲把 "
        "INT8 列为 910C 支持的格式，但未给算力；以及有关 910C 的报道）：没有公开的 INT8 算力，像 "
        "910B 的云服务商数字那样把 FP16 算力翻倍属于推算，不是公布数字。无 FP8（格式为 "
        "FP32/HF32/FP16/BF16/INT8）。",
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
    ("Consumer gaming card: 4,096 MUSA cores @1.8 GHz, 128 tensor cores (AI TOPS not published), 16 GB (NOT 32 "
     "GB), 14 Gbps x 256-bit = 448 GB/s (one outlet wrongly says 384). 255 W TGP. Not a training card. Early "
     "drivers: weak game compatibility."):
        "消费级游戏卡：4,096 个 MUSA 核心 @1.8 GHz，128 个张量核心（AI TOPS 未公布），16 GB（不是 32 GB），14 "
        "Gbps x 256 位 = 448 GB/s（有一家媒体误称 384）。TGP 255 W。不是训练卡。早期驱动：游戏兼容性差。",
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
    ("Dense rates derived like the MI355X entry at the MI350X's 2.2 GHz: 256 CU × 8,192 FP8 flop/clk × 2.2 GHz "
     "= 4.61 PF FP8; FP16 half, MXFP4/MXFP6 double; FP64 and FP32 = the MI355X's × 2.2/2.4. AMD headline "
     "figures with sparsity are twice these."):
        "稠密算力按 MI355X 条目的方法、以 MI350X 的 2.2 GHz 推得：256 个 CU × 每时钟 8,192 次 FP8 运算 × 2.2 "
        "GHz = 4.61 PF FP8；FP16 减半，MXFP4/MXFP6 翻倍；FP64 与 FP32 = MI355X 的值 × 2.2/2.4。AMD "
        "含稀疏的宣传数字为这些值的两倍。",
    ("Dense tensor with FP32 accumulate (GeForce half-rate): FP16/BF16 165.2, FP8 330.3; with FP16 accumulate "
     "FP16 330.3 / FP8 660.6. INT8 660.6 (1,321 sparse = NVIDIA 'AI TOPS'). Consumer card: no ECC, no NVLink; "
     "datacenter use restricted by GeForce EULA. FP16-accumulate tensor rate 330.3 dense (fp16_acc16_tflops) "
     "from the Ada whitepaper; a stock card measures 325.7 with FP16 and 165.6 with FP32 accumulate."):
        "FP32 累加的稠密张量算力（GeForce 减半速率）：FP16/BF16 165.2，FP8 330.3；FP16 累加时 FP16 330.3 / FP8 "
        "660.6。INT8 660.6（稀疏 1,321 = NVIDIA“AI TOPS”）。消费级卡：无 ECC、无 NVLink；GeForce EULA "
        "限制数据中心使用。FP16 累加的张量算力稠密 330.3（fp16_acc16_tflops），出自 Ada 白皮书；一张公版卡实测 "
        "FP16 累加 325.7、FP32 累加 165.6。",
    ("Dense values derived: 256 CU x 8,192 FP8 flop/clk x 2.4 GHz = 5.03 PF (ISSCC: '5 petaflops'); FP16 half, "
     "MXFP4/MXFP6 double. AMD headline '20.1 PF FP4/FP6' and '10.1 POPS INT8' are with sparsity (svethardware: "
     "INT8 5 POPS dense). FP32 157.3 TF. TF32 not listed for CDNA4. MI350X sibling: 1,000 W, ~9.2 PF FP4 dense."):
        "稠密值推算：256 个 CU x 每时钟 8,192 次 FP8 运算 x 2.4 GHz = 5.03 PF（ISSCC：“5 PFLOPS”）；FP16 "
        "减半，MXFP4/MXFP6 翻倍。AMD 宣传的“20.1 PF FP4/FP6”与“10.1 POPS INT8”含稀疏（svethardware：INT8 稠密 "
        "5 POPS）。FP32 157.3 TF。CDNA4 未列 TF32。同系列 MI350X：1,000 W，FP4 稠密约 9.2 PF。",
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
    ("Google docs: 197 TF BF16, 393 TOPS INT8 per chip (older page: 394), 16 GB HBM2 at 819 GB/s. Power and "
     "price per chip not in retrieved docs. Rent-only; for reference comparison."):
        "Google 文档：每芯片 197 TF BF16、393 TOPS INT8（旧页面：394），16 GB HBM2，819 "
        "GB/s。所获文档中无每芯片功耗与价格。仅可租用；供参考比较。",
    ("Google docs: 2,307 TF BF16, 4,614 TF FP8 dense per chip, 192 GiB HBM (marketed 192 GB), 9,216-chip Pods. "
     "HBM bandwidth 7.3 TB/s from Google's Hot Chips 2025 talk (the April 2025 announcement said 7.2 TB/s; the "
     "docs' bandwidth row was not in the stored copy). Power per chip not published. Rent-only."):
        "Google 文档：每芯片稠密 2,307 TF BF16、4,614 TF FP8，192 GiB HBM（宣传为 192 GB），Pod 为 9,216 "
        "个芯片。HBM 带宽 7.3 TB/s 出自 Google 在 Hot Chips 2025 的报告（2025 年 4 月发布时称 7.2 "
        "TB/s；所存副本中没有文档的带宽一行）。每芯片功耗未公布。仅可租用。",
    ("Google docs: 918 TF BF16 and 1,836 TOPS INT8 per chip (dense), 32 GB HBM at 1,638 GB/s, 256-chip Pods. "
     "Power per chip not published. Rent-only; no purchase price exists."):
        "Google 文档：每芯片 918 TF BF16 与 1,836 TOPS INT8（稠密），32 GB HBM，1,638 GB/s，Pod 为 256 "
        "个芯片。每芯片功耗未公布。仅可租用；不存在购买价格。",
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
    ("Half of BR100 (vendor claims): FP32 128, TF32+ 256, BF16 512, INT8 1,024. '壁仞104P' appeared in CCTV's "
     "Sep-2025 domestic-card comparison."
     " FP16 left null as in the br100 entry (no published FP16 rate; no FP8 format)."):
        "BR100 的一半（厂商宣称）：FP32 128，TF32+ 256，BF16 512，INT8 1,024。“壁仞104P”出现在央视 2025 年 9 "
        "月的国产卡对比中。"
        "FP16 留空，同 br100 条目（未公布 FP16 算力；无 FP8 格式）。",
    ("Huawei publishes no public per-chip datasheet. Reported FP16: ~256–376 TF depending on SKU (910B1–B4), "
     "most-cited ~320 TF; memory 32–64 GB HBM2e; bandwidth claims range 0.4–1.6 TB/s; power 310–400 W. Sources "
     "contradict each other — treat all values as unverified; get vendor quote sheet. Bandwidth 1,600 GB/s "
     "(2026-12) derived: the 910C is two 910B dies with eight HBM2E stacks at 3.2 TB/s, so one 910B die has "
     "four stacks at 1.6 TB/s — still not a Huawei datasheet figure. Second pass 2026-12: board power 350 W is "
     "Huawei's own design power for the Ascend 910 module (Hot Chips 31, 2019), whose module form the 910B keeps "
     "— no Huawei figure for the 910B itself was found (searched: hiascend.com documentation of the Atlas 300T "
     "A2, Atlas 800T A2 and Atlas 900 A2 PoD, the npu-smi and ascend-dmi power pages, and web pages in English "
     "and Chinese); reports for the 910B give 310 W (boardor, 2025) to 400 W. An estimate, not a server's power "
     "divided by its cards. BF16 320 = the FP16 rate: Huawei's CloudMatrix384 paper gives the 910B-class die one "
     "dense BF16/FP16 rate and Huawei's 2025 keynote lists BF16 among the 910C's formats; no separate 910B BF16 figure "
     "is published. HCCS 392 GB/s both directions (196 GB/s one way): the paper gives each 910B-class die seven "
     "224 Gbit/s links, and Huawei's keynote gives the two-die 910C twice that, 784 GB/s; one server's eight NPUs "
     "form a full mesh. INT8 640 TOPS (2026-12-06): no Huawei 910B datasheet gives an INT8 rate; the operator and "
     "press figures pair INT8 = 2 × FP16 (Gitee AI's compute docs 280 TFLOPS FP16 with 560 TOPS INT8; a 2025 blog "
     "320 with 640), as Huawei's own Da Vinci cube (8192 INT8 against 4096 FP16 MACs) and Ascend 910 figures (256 "
     "and 512) do, so 640 goes with the catalog's 320 FP16. None of them names sparsity and Huawei's Ascend figures "
     "have been dense; confidence low. No FP8: Huawei's 2025 keynote lists the 910C's formats as "
     "FP32/HF32/FP16/BF16/INT8 and adds FP8/MXFP8/HiF8 only with the Ascend 950."):
        "华为未公开发布单芯片规格书。报道的 FP16：约 256–376 TF，视型号（910B1–B4）而定，最常引用约 320 "
        "TF；显存 32–64 GB HBM2e；带宽说法从 0.4 到 1.6 TB/s 不等；功耗 310–400 "
        "W。各来源相互矛盾——所有数值均视为未核实；请获取厂商报价单。带宽 1,600 GB/s（2026-12）为推算：910C "
        "是两个 910B 裸片加八个 HBM2E 堆栈，共 3.2 TB/s，因此一个 910B 裸片为四个堆栈、1.6 "
        "TB/s——仍不是华为规格书数字。第二轮核查（2026-12）：板卡功耗 350 W 是华为自己给出的昇腾 910 模组设计功耗"
        "（Hot Chips 31，2019），910B 沿用该模组形态——未找到华为针对 910B 本身的数字（检索了 hiascend.com 上 "
        "Atlas 300T A2、Atlas 800T A2 与 Atlas 900 A2 PoD 的文档、npu-smi 与 ascend-dmi 的功耗页面，以及中英文网页）；"
        "对 910B 的报道从 310 W（boardor，2025）到 400 W 不等。此为估计值，并非服务器功耗除以卡数。BF16 320 = FP16 "
        "算力：华为 CloudMatrix384 论文给 910B 级裸片的是同一个稠密 BF16/FP16 算力，华为 2025 年主题演讲也将 BF16 "
        "列为 910C 支持的格式；未见单独公布的 910B BF16 数字。HCCS 392 GB/s 为双向合计（单向 196 GB/s）：论文给出每个 "
        "910B 级裸片 7 条 224 Gbit/s 链路，华为主题演讲给出双裸片 910C 为其两倍即 784 GB/s；一台服务器的 8 个 NPU "
        "全互联。INT8 640 TOPS（2026-12-06）：华为没有给出 910B INT8 算力的规格书；云服务商与媒体的数字都是 INT8 = 2 × "
        "FP16（Gitee AI 算力文档为 FP16 280 TFLOPS、INT8 560 TOPS；2025 年一篇博客为 320 与 640），与华为自己的达芬奇 "
        "Cube（8192 个 INT8 对 4096 个 FP16 MAC）及昇腾 910 的数字（256 与 512）一致，因此 640 与目录中的 FP16 320 "
        "相配。这些来源都未提稀疏，华为的昇腾数字向来是稠密值；可信度低。无 FP8：华为 2025 年主题演讲列出的 910C "
        "格式为 FP32/HF32/FP16/BF16/INT8，FP8/MXFP8/HiF8 到昇腾 950 才加入。",
    ("Huawei's keynote figures (FP8/MXFP8/HiF8 1 PF, MXFP4 2 PF, 128 GB, 1.6 TB/s); Huawei does not say dense "
     "or sparse (Ascend figures have historically been dense). The Atlas 350 card was reported with 112 GB and "
     "1.56 PF FP4 at 600 W — the board power here is that report. BF16/FP16 not published. No datasheet; get a "
     "vendor quote sheet."
     " Searched again 2026-12-06 (the Atlas 350 launch coverage of 2026-03-21: 1.56 PF FP4, 112 GB, '2.87 times the "
     "H20' with no precision named): no BF16/FP16 rate is published."):
        "华为主题演讲数字（FP8/MXFP8/HiF8 1 PF，MXFP4 2 PF，128 GB，1.6 "
        "TB/s）；华为未说明稠密还是稀疏（昇腾的数字历来为稠密）。据报 Atlas 350 卡为 112 GB、FP4 1.56 PF、600 "
        "W——此处板卡功耗即取自该报道。BF16/FP16 未公布。无规格书；请获取厂商报价单。"
        "2026-12-06 再次检索（2026-03-21 的 Atlas 350 上市报道：FP4 1.56 PF、112 GB、“H20 的 2.87 "
        "倍”且未注明精度）：未公布 BF16/FP16 算力。",
    ("Identical compute to 40GB; only memory differs. FP64 Tensor 19.5 TF."):
        "算力与 40GB 版相同；仅显存不同。FP64 Tensor 19.5 TF。",
    ("Intel does not publish a full TFLOPS table; BF16 432 / FP8 865 are Intel's Gaudi-3-launch comparison "
     "figures (one article typo'd 835). nvlink_gbps=600 = 24x100GbE bidirectional (Ethernet, not NVLink). "
     "Intel published Computex-2024 list prices for Gaudi 2 and Gaudi 3 kits (Next Platform), but the Gaudi 2 "
     "figure was not in retrieved text (commonly reported $65,000 per 8-card kit — verify). China variant "
     "HL-225B has reduced networking. (AWS DL1 uses first-gen Gaudi, not Gaudi 2.)"):
        "Intel 未公布完整的 TFLOPS 表；BF16 432 / FP8 865 是 Intel 在 Gaudi 3 "
        "发布时给出的对比数字（一篇文章误写为 835）。nvlink_gbps=600 = 24x100GbE 双向（以太网，而非 "
        "NVLink）。Intel 在 Computex-2024 公布了 Gaudi 2 与 Gaudi 3 套件的目录价（Next "
        "Platform），但所获文本中没有 Gaudi 2 的数字（常见报道为每 8 卡套件 $65,000——请核实）。中国版 HL-225B "
        "网络能力有所削减。（AWS DL1 使用第一代 Gaudi，而非 Gaudi 2。）",
    ("Listed per GPU so that counts, memory and power stay per GPU: one A16 board = 4 of these (250 W, 64 GB "
     "in four separate 16 GB pools). Board power 250 W / 4 = 62.5 W per GPU. BF16 taken equal to FP16 (Ampere "
     "tensor cores run both at one rate); INT4 not listed in the datasheet reprint. FP64 0.07 TF per GPU = "
     "4.5/64 (GA10x 1/64 rate), not in the A16 datasheet."):
        "按 GPU 列出，使数量、显存与功耗都按每 GPU 计：一块 A16 板卡 = 4 个这样的 GPU（250 W，64 "
        "GB，分为四个独立的 16 GB 显存池）。板卡功耗 250 W / 4 = 每 GPU 62.5 W。BF16 取与 FP16 相同（Ampere "
        "张量核心以同一速率运行两者）；规格书转载中未列 INT4。FP64 每 GPU 0.07 TF = 4.5/64（GA10x 的 1/64 "
        "速率），A16 规格书中没有。",
    ("Listed per NPU so that counts, memory and power stay per NPU: one Atlas 300I Duo board = 2 of these "
     "(Huawei: 96 GB LPDDR4X, 408 GB/s, FP16 140 TFLOPS, INT8 280 TOPS, 150 W). Per NPU: 48 GB, 204 GB/s, FP16 70, "
     "INT8 140, 75 W (board figures / 2). No BF16: vLLM Ascend runs the 310P in FP16 only. Huawei also sells a 48 GB "
     "board (24 GB per NPU), not listed here. Release year not found in the sources."):
        "按 NPU 列出，使数量、内存与功耗都按每 NPU 计：一块 Atlas 300I Duo 板卡 = 2 个这样的 NPU（华为：96 GB "
        "LPDDR4X，408 GB/s，FP16 140 TFLOPS，INT8 280 TOPS，150 W）。每 NPU：48 GB，204 GB/s，FP16 70，INT8 140，"
        "75 W（板卡数字 / 2）。无 BF16：vLLM Ascend 在 310P 上只以 FP16 运行。华为另有 48 GB 板卡（每 NPU 24 "
        "GB），此处未列。来源中未找到发布年份。",
    ("Listed per system (one GB10). FP4 500 TF dense = NVIDIA's 1 PF with sparsity halved; FP32 31 TF. "
     "BF16/FP8 tensor rates not published (NVIDIA quotes FP4 only) and left empty rather than derived. A BF16 or "
     "FP16 request falls back to the FP32 rate, and the estimate says so (searched again 2026-12-06: see the "
     "sources). 128 GB is shared with the CPU and the OS. Desktop developer system; vGPU not verified."):
        "按整机列出（一个 GB10）。FP4 稠密 500 TF = NVIDIA 含稀疏的 1 PF 减半；FP32 31 TF。BF16/FP8 "
        "张量算力未公布（NVIDIA 只给出 FP4），留空而不推算。BF16 或 FP16 请求回退到 FP32 算力，估算中会注明"
        "（2026-12-06 再次检索：见来源）。128 GB 与 CPU 及操作系统共享。桌面开发者整机；vGPU 未核实。",
    ("Matrix BF16 = FP8 = 1,835 TF (dense; no sparsity claims); vector BF16 28.7 TF. 3.67–3.7 TB/s. OAM 900 W; "
     "PCIe card 600 W. link_gbps=1050 = the 21 scale-up 200GbE ports, bidirectional (Ethernet, not NVLink); "
     "the other 3 ports are the scale-out network (scale_out_gbps). Intel: end of the Gaudi line."):
        "矩阵 BF16 = FP8 = 1,835 TF（稠密；未宣称稀疏）；向量 BF16 28.7 TF。3.67–3.7 TB/s。OAM 900 W；PCIe 卡 "
        "600 W。link_gbps=1050 = 21 个纵向扩展 200GbE 端口，双向（以太网，而非 NVLink）；另外 3 "
        "个端口为横向扩展网络（scale_out_gbps）。Intel：Gaudi 产品线到此为止。",
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
    ("Only what CCTV showed: 96 GB HBM2e, 700 GB/s inter-chip, 400 W; compute not disclosed."
     " Searched again 2026-12-06 (T-Head's January 2026 launch coverage of the Zhenwu 810E): the 700 GB/s is the "
     "inter-chip link (ICN), not memory bandwidth; no HBM bandwidth and no compute rate is published."):
        "仅有央视展示的内容：96 GB HBM2e，芯片间 700 GB/s，400 W；算力未披露。"
        "2026-12-06 再次检索（平头哥 2026 年 1 月真武 810E 发布的报道）：700 GB/s "
        "为片间互联（ICN），并非显存带宽；未公布 HBM 带宽，也未公布算力。",
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
    ("Same CDNA3 die and datasheet peaks as the MI300X (FP16/BF16 1,307.4, FP8 2,614.9 dense; FP8 5,229.8 "
     "with sparsity); HBM3E 256 GB at 6 TB/s (initially announced as 288 GB, shipped 256 GB). 1,000 W boar"
     "d power against the MI300X's 750 W, which holds a higher clock through dense matrix products: AMD me"
     "asured 843 TFLOP/s BF16 at a median 1,447 MHz and 1,519 FP8 at 1,464 MHz, against the MI300X's 708 a"
     "t 1,207 and 1,273 at 1,230 MHz (hipBLASLt, one method for both; checked 2026-12-06; the estimator's "
     "GEMM ceiling for this card, formulas/gemm_efficiency.py)."):
        ("与 MI300X 为同一 CDNA3 芯片，规格书峰值相同（FP16/BF16 1,307.4，FP8 2,614.9 稠密；含稀疏 FP8 5,229.8）；HBM3E 256 GB，6 TB/s（"
        "最初公布为 288 GB，出货为 256 GB）。板卡功耗 1,000 W，MI300X 为 750 W，因而在稠密矩阵乘中保持更高频率：AMD 实测 BF16 843 TFLOP/s（中位频率 1,"
        "447 MHz）、FP8 1,519（1,464 MHz），MI300X 为 708（1,207 MHz）与 1,273（1,230 MHz）（hipBLASLt，两者方法相同；2026-12-06 "
        "核对；即估算器为此卡设定的 GEMM 上限，formulas/gemm_efficiency.py）。"),
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
    ("Single source (via TechPowerUp): FP32 37, FP16/BF16 147, INT8 295, 32 GB HBM2 1.2 TB/s, '300 W' card "
     "(other Chinese sources say 250 W — unresolved)."):
        "单一来源（经 TechPowerUp）：FP32 37，FP16/BF16 147，INT8 295，32 GB HBM2 1.2 TB/s，“300 "
        "W”卡（其他中文来源称 250 W——尚无定论）。",
    ("Specs first disclosed Feb 2026: 80 GB, 1.6 TB/s, ~1 PFLOPS FP8 (dense/sparse not stated), 784 GB/s "
     "interconnect. Vendor claims only."
     " Searched again 2026-12-06 (Moore Threads' February 2026 disclosure and its coverage, reports on its 2025 "
     "STAR Market prospectus): only the FP8 rate is published; no BF16/FP16 rate and no board power, so the card "
     "stays unrated."):
        "规格首次披露于 2026 年 2 月：80 GB，1.6 TB/s，约 1 PFLOPS FP8（未说明稠密或稀疏），互联 784 "
        "GB/s。仅为厂商宣称。"
        "2026-12-06 再次检索（摩尔线程 2026 年 2 月的披露及其报道、其 2025 年科创板招股说明书的报道）：只公布了 FP8 "
        "算力；无 BF16/FP16 算力，也无板卡功耗，故仍无法评级。",
    ("TDP configurable 40–60 W. Dense tensor per hmc-tech: TF32 9.06, FP16 18.13, INT8 36.25, INT4 72.5 "
     "(sparse ×2)."):
        "TDP 可配置 40–60 W。稠密张量算力据 hmc-tech：TF32 9.06，FP16 18.13，INT8 36.25，INT4 72.5（稀疏 ×2）。",
    ("This is the 32 GB Chunxiao card (cloud graphics/AI), not the S80. TDP not found in retrieved sources. "
     "Tensor throughput not published."):
        "这是 32 GB 的春晓卡（云端图形/AI），不是 S80。所获来源中未找到 TDP。张量吞吐量未公布。",
    ("Vendor claims (Hot Chips 2022), not independently measured: FP32 256 (vector), TF32+ 512 (Biren-specific "
     "format), BF16 1,024, INT8 2,048. No FP64. Memory bandwidth: Tom's 1.64 TB/s (4096-bit); several outlets "
     "say 2.3 TB/s — unresolved. Only 64 GB version announced (no 128 GB). TSMC reportedly halted production "
     "for Biren in 2022 (tweakers/Bloomberg)."
     " FP16 left null (searched 2026-12-06: Biren's Hot Chips 2022 figures as Tom's Hardware and TechPowerUp "
     "report them list FP16 among the formats but give no FP16 rate, Tom's table shows '?'); BF16 is Biren's only "
     "16-bit rate. The formats listed have no FP8."):
        "厂商宣称（Hot Chips 2022），未经独立测量：FP32 256（向量），TF32+ 512（壁仞特有格式），BF16 "
        "1,024，INT8 2,048。无 FP64。显存带宽：Tom's 为 1.64 TB/s（4096 位）；多家媒体称 2.3 "
        "TB/s——尚无定论。只公布了 64 GB 版（无 128 GB）。据报台积电于 2022 "
        "年停止为壁仞代工（tweakers/Bloomberg）。"
        "FP16 留空（2026-12-06 检索：Tom's Hardware 与 TechPowerUp 报道的壁仞"
        " Hot Chips 2022 数字把 FP16 列为支持的格式，但未给 FP16 算力，Tom's "
        "的表中为“?”）；BF16 是壁仞唯一给出的 16 位算力。所列格式中没有 FP8。",
    ("Vendor figures: FP32 25, TF32 50, FP16/BF16 100, INT8 200 (later materials: 25/49/98/196); max 450 W. "
     "128 tensor cores, 384-bit. One article wrongly gives MTLink 768 GB/s (that is memory bandwidth)."):
        "厂商数字：FP32 25，TF32 50，FP16/BF16 100，INT8 200（后来的资料：25/49/98/196）；最大 450 W。128 "
        "个张量核心，384 位。一篇文章误称 MTLink 768 GB/s（那是显存带宽）。",
    ("Vendor launch figures (Mar 2022): FP32 32, FP16/BF16 96, INT16 128, INT8 256, INT4 512 (dense, no "
     "sparsity claimed). Max training power 250 W."):
        "厂商发布数字（2022 年 3 月）：FP32 32，FP16/BF16 96，INT16 128，INT8 256，INT4 "
        "512（稠密，未宣称稀疏）。最大训练功耗 250 W。",
}
"""A card's notes in Chinese, by their English text."""
