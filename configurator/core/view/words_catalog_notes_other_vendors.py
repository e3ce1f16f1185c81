"""Chinese of the notes on the cards of every vendor but NVIDIA in the catalog (AMD, Intel, Google, AWS
and the Chinese vendors: Huawei, Moore Threads, Biren, Cambricon, Iluvatar CoreX, Alibaba T-Head), keyed by
the notes' exact English text; merged with NVIDIA's into
:data:`configurator.core.view.words_catalog_notes.ZH_CN_NOTES` (where the rules for writing them are).
"""

from __future__ import annotations

ZH_CN_NOTES_OTHER_VENDORS: dict[str, str] = {
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
    ("Consumer gaming card: 4,096 MUSA cores @1.8 GHz, 128 tensor cores (AI TOPS not published), 16 GB (NOT 32 "
     "GB), 14 Gbps x 256-bit = 448 GB/s (one outlet wrongly says 384). 255 W TGP. Not a training card. Early "
     "drivers: weak game compatibility."):
        "消费级游戏卡：4,096 个 MUSA 核心 @1.8 GHz，128 个张量核心（AI TOPS 未公布），16 GB（不是 32 GB），14 "
        "Gbps x 256 位 = 448 GB/s（有一家媒体误称 384）。TGP 255 W。不是训练卡。早期驱动：游戏兼容性差。",
    ("Dense rates derived like the MI355X entry at the MI350X's 2.2 GHz: 256 CU × 8,192 FP8 flop/clk × 2.2 GHz "
     "= 4.61 PF FP8; FP16 half, MXFP4/MXFP6 double; FP64 and FP32 = the MI355X's × 2.2/2.4. AMD headline "
     "figures with sparsity are twice these."):
        "稠密算力按 MI355X 条目的方法、以 MI350X 的 2.2 GHz 推得：256 个 CU × 每时钟 8,192 次 FP8 运算 × 2.2 "
        "GHz = 4.61 PF FP8；FP16 减半，MXFP4/MXFP6 翻倍；FP64 与 FP32 = MI355X 的值 × 2.2/2.4。AMD "
        "含稀疏的宣传数字为这些值的两倍。",
    ("Dense values derived: 256 CU x 8,192 FP8 flop/clk x 2.4 GHz = 5.03 PF (ISSCC: '5 petaflops'); FP16 half, "
     "MXFP4/MXFP6 double. AMD headline '20.1 PF FP4/FP6' and '10.1 POPS INT8' are with sparsity (svethardware: "
     "INT8 5 POPS dense). FP32 157.3 TF. TF32 not listed for CDNA4. MI350X sibling: 1,000 W, ~9.2 PF FP4 dense."):
        "稠密值推算：256 个 CU x 每时钟 8,192 次 FP8 运算 x 2.4 GHz = 5.03 PF（ISSCC：“5 PFLOPS”）；FP16 "
        "减半，MXFP4/MXFP6 翻倍。AMD 宣传的“20.1 PF FP4/FP6”与“10.1 POPS INT8”含稀疏（svethardware：INT8 稠密 "
        "5 POPS）。FP32 157.3 TF。CDNA4 未列 TF32。同系列 MI350X：1,000 W，FP4 稠密约 9.2 PF。",
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
    ("Listed per NPU so that counts, memory and power stay per NPU: one Atlas 300I Duo board = 2 of these "
     "(Huawei: 96 GB LPDDR4X, 408 GB/s, FP16 140 TFLOPS, INT8 280 TOPS, 150 W). Per NPU: 48 GB, 204 GB/s, FP16 70, "
     "INT8 140, 75 W (board figures / 2). No BF16: vLLM Ascend runs the 310P in FP16 only. Huawei also sells a 48 GB "
     "board (24 GB per NPU), not listed here. Release year not found in the sources."):
        "按 NPU 列出，使数量、内存与功耗都按每 NPU 计：一块 Atlas 300I Duo 板卡 = 2 个这样的 NPU（华为：96 GB "
        "LPDDR4X，408 GB/s，FP16 140 TFLOPS，INT8 280 TOPS，150 W）。每 NPU：48 GB，204 GB/s，FP16 70，INT8 140，"
        "75 W（板卡数字 / 2）。无 BF16：vLLM Ascend 在 310P 上只以 FP16 运行。华为另有 48 GB 板卡（每 NPU 24 "
        "GB），此处未列。来源中未找到发布年份。",
    ("Matrix BF16 = FP8 = 1,835 TF (dense; no sparsity claims); vector BF16 28.7 TF. 3.67–3.7 TB/s. OAM 900 W; "
     "PCIe card 600 W. link_gbps=1050 = the 21 scale-up 200GbE ports, bidirectional (Ethernet, not NVLink); "
     "the other 3 ports are the scale-out network (scale_out_gbps). Intel: end of the Gaudi line."):
        "矩阵 BF16 = FP8 = 1,835 TF（稠密；未宣称稀疏）；向量 BF16 28.7 TF。3.67–3.7 TB/s。OAM 900 W；PCIe 卡 "
        "600 W。link_gbps=1050 = 21 个纵向扩展 200GbE 端口，双向（以太网，而非 NVLink）；另外 3 "
        "个端口为横向扩展网络（scale_out_gbps）。Intel：Gaudi 产品线到此为止。",
    ("Only what CCTV showed: 96 GB HBM2e, 700 GB/s inter-chip, 400 W; compute not disclosed."
     " Searched again 2026-12-06 (T-Head's January 2026 launch coverage of the Zhenwu 810E): the 700 GB/s is the "
     "inter-chip link (ICN), not memory bandwidth; no HBM bandwidth and no compute rate is published."):
        "仅有央视展示的内容：96 GB HBM2e，芯片间 700 GB/s，400 W；算力未披露。"
        "2026-12-06 再次检索（平头哥 2026 年 1 月真武 810E 发布的报道）：700 GB/s "
        "为片间互联（ICN），并非显存带宽；未公布 HBM 带宽，也未公布算力。",
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
"""A card's notes in Chinese, by their English text, for every vendor but NVIDIA."""
