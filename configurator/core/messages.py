"""Warnings and reasons as message ids with parameters, plus their English text.

Translations key on the id; parameters are formatted into the template of the language.

A request rate is written to three significant digits (``{rate:sig}``) in every template, as the estimate's rows
and the slow-end messages write it (:mod:`configurator.core.messages_deadline`): "Carries up to 56.59
requests/s" stood under "may miss it at the slow end (33.3 requests/s)" until session 51 (look51);
tests/test_request_rate_format.py holds every catalogue to it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from configurator.core.cjk_spacing import cjk_joined
from configurator.core.durations import HOURS_PER_DAY  # noqa: F401 (read here by the deadline messages' callers)
from configurator.core.message_numbers import DAYS_FROM, MINUTES_BELOW, MINUTES_PER_HOUR, count_param, fraction_param
from configurator.core.frozen_record import fast_init
from configurator.core.messages_bands import BANDS_CHINESE, BANDS_ENGLISH
from configurator.core.messages_batch import BATCH_CHINESE, BATCH_ENGLISH
from configurator.core.messages_budget import BUDGET_CHINESE, BUDGET_ENGLISH
from configurator.core.messages_catalog import CATALOG_CHINESE, CATALOG_ENGLISH
from configurator.core.messages_class import CLASS_CHINESE, CLASS_ENGLISH
from configurator.core.messages_deadline import DEADLINE_CHINESE, DEADLINE_ENGLISH
from configurator.core.messages_fit import FIT_CHINESE, FIT_ENGLISH
from configurator.core.messages_fleet import FLEET_CHINESE, FLEET_ENGLISH
from configurator.core.messages_graphics import GRAPHICS_CHINESE, GRAPHICS_ENGLISH
from configurator.core.messages_owned import OWNED_CHINESE, OWNED_ENGLISH
from configurator.core.messages_offload import OFFLOAD_CHINESE, OFFLOAD_ENGLISH
from configurator.core.messages_pools import POOLS_CHINESE, POOLS_ENGLISH
from configurator.core.messages_json import JSON_CHINESE, JSON_ENGLISH
from configurator.core.messages_layout import LAYOUT_CHINESE, LAYOUT_ENGLISH
from configurator.core.messages_load import LOAD_CHINESE, LOAD_ENGLISH
from configurator.core.messages_power import POWER_CHINESE, POWER_ENGLISH
from configurator.core.messages_region import REGION_CHINESE, REGION_ENGLISH
from configurator.core.messages_prices import PRICE_CHINESE, PRICE_ENGLISH
from configurator.core.messages_left_out import LEFT_OUT_CHINESE, LEFT_OUT_ENGLISH
from configurator.core.messages_ranking import RANKING_CHINESE, RANKING_ENGLISH
from configurator.core.messages_refusals import REFUSAL_CHINESE, REFUSAL_ENGLISH
from configurator.core.messages_support import SUPPORT_CHINESE, SUPPORT_ENGLISH
from configurator.core.messages_systems import SYSTEMS_CHINESE, SYSTEMS_ENGLISH
from configurator.core.messages_terms import TERMS
from configurator.core.messages_validation import VALIDATION_CHINESE, VALIDATION_ENGLISH
from configurator.core.messages_weights import WEIGHTS_CHINESE, WEIGHTS_ENGLISH

ENGLISH: dict[str, str] = {
    "precision-fallback": "{card} has no {requested} rate (unsupported or not published): {used} used",
    "precision-emulated": (
        "{card} has no {requested} math: weights stored in {requested}, math in {used} (emulated, "
        "saves memory but not compute)"
    ),
    "precision-not-for-training": "{requested} is not a training precision: {used} used",
    "no-compute-rate": "{card} has no published compute rate: speed, time and cost cannot be estimated",
    "no-bandwidth": "{card} has no published memory bandwidth: decode speed cannot be estimated",
    "unrated-bandwidth": "{card}: no published memory bandwidth: cannot be rated",
    "unrated-compute": "{card}: no published {precision} compute rate: cannot be rated",
    "unrated-caution": "{why}; {caution}",
    "examples-as-tokens": "Data to train on: {examples} examples × {per_example} tokens = {tokens:tokens} tokens",
    "does-not-fit": (
        "Does not fit: needs {need:.1f} GiB per card, {card} allows {budget:.1f} GiB "
        "({short:.1f} GiB short)"
    ),
    "tight-fit": "Fits with only {headroom:.1pct} headroom: fragmentation or a longer sequence may overflow",
    "tp-over-pcie": "{card} has no card-to-card link: tensor parallel over PCIe",  # not "no NVLink" (an Ascend)
    "tp-across-nodes": (
        "Tensor-parallel degree {tp} exceeds {per_node} cards per node: tensor-parallel traffic crosses "
        "the network"
    ),
    "tp-beyond-link-domain": (
        "Tensor-parallel degree {tp} exceeds the {domain} cards that share {card}'s fast link: part of it "
        "runs over PCIe"
    ),
    "tp-overlap-not-applied": (
        "Tensor-parallel overlap not applied: Transformer Engine's userbuffers need the {tp} tensor-parallel cards "
        "inside one NVLink domain; their traffic is counted exposed"
    ),
    "dp-over-pcie": "{card} has no card-to-card link: gradient exchange runs over PCIe",  # as tp-over-pcie (an Ascend)
    "pipeline-bubble": (
        "Pipeline bubble: {bubble:.0pct} of each step is idle with {pp} stages and {m} micro-batches; more "
        "micro-batches a step (a larger global batch, fewer data-parallel ranks or a smaller micro-batch), "
        "interleaved stages or fewer stages would shrink it"
    ),
    "comm-exposed": (
        "{share:.0pct} of each step is exposed communication (tensor parallel {tp:.0pct}, data parallel "
        "{dp:.0pct}, pipeline {p2p:.0pct}, context parallel {cp:.0pct}, expert parallel {ep:.0pct}, "
        "CPU offload {offload:.0pct}): a larger micro-batch or global batch, or another layout, would hide it"
    ),
    "host-bound": (
        "The step waits on the host: launching eager PyTorch's kernels one by one takes {host_ms:,.0f} ms a "
        "micro-batch, the GPU's work {gpu_ms:,.0f} ms; CUDA graphs or a larger micro-batch would hide it"
    ),
    "no-layout-fits": (
        "No layout fits: the lightest needs {need_gib:,.1f} GiB per card of {capacity_gib:,.1f} GiB "
        "(pinned: {pinned}); free a pinned setting or add cards"
    ),
    "zero-without-dp": "ZeRO stage {zero} has no effect with a single data-parallel replica",
    "zero3-with-pipeline": "ZeRO-3 beside {pp} pipeline stages gathers each stage's 16-bit weights once a step and "
                           "keeps them to its end (torchtitan's default with pipeline parallelism): its traffic is "
                           "ZeRO-2's",
    "no-purchase-price": "{card} has no purchase price in the catalog: enter one to see the purchase cost",
    "purchase-in-system-price": "{card} has no price of its own: it is bought in its rack-scale system, whose "
                                "price (cards included) the bill of materials carries",
    "no-cloud-price": "{card} has no cloud price in the catalog: enter one to see the cloud cost",
    "low-confidence": "{card} specifications are low confidence: check a vendor datasheet before buying",
    "default-card-missing": (
        "The default card {card} is not in the catalog (the installed catalog.json may be damaged): "
        "{used} is shown instead"
    ),
    "default-card-for-region": "{reason}, so the window starts on {card}",
    "class-mismatch": (
        "{card} is in the {category} class; {workload} work usually belongs on {expected} cards"
    ),
    "no-display-no-encoder": "{card} has no display outputs or video encoders",
    "consumer-card-training": "{card} is a consumer card: no ECC, no NVLink, and its licence restricts data-centre use",
    "misses-deadline": "Takes {hours:sig} h: misses the {deadline:,g} h deadline by {over:duration} ({share:.0%})",
    "no-price": "{card}: no purchase price — enter a quote, or rank by cloud rent",
    "no-price-items": "{card}: no price for {items} — enter a quote to compare its total cost of ownership",
    "rack-system-of": "Rack-scale system of {gpus} {card} (quote item {item})",  # a whole system with no price yet
    "rack-system-of-in-sentence": "rack-scale system of {gpus} {card} (quote item {item})",  # a common noun mid-way
    "no-price-cloud": "{card}: no cloud rent — enter a quote of its rent to rank it by rent",
    **PRICE_ENGLISH,  # what a buyer is told about a price (core/messages_prices.py)
    **POWER_ENGLISH,  # board power, power caps, energy (core/messages_power.py)
    "kv-fp8-chosen": "The key/value cache is planned in FP8 (half the memory per token): at the engine's default "
                     "precision the load does not fit or misses its targets; set the KV precision to keep another",
    "over-budget": "Capex {cost:.0money} ({covers}): over budget by "
                   "{over:.0money} ({share:.0%}) of {budget:.0money}",
    "misses-throughput": "Trains at {rate:,.0f} tokens/s: {short:,.0f} tokens/s ({share:.0%}) short of the "
                         "{target:,.0f} tokens/s needed",
    "misses-request-rate": "Serves {rate:sig} requests/s: {short:sig} requests/s ({share:.0%}) short of the "
                           "{target:sig} requests/s needed",
    "misses-tpot": "Time per output token {ms:latency} at {percentile}: {over:latency} ({share:.0%}) over the "
                   "{target:latency} {what}",
    "misses-ttft": "Time to first token {ms:latency} at {percentile}: {over:latency} ({share:.0%}) over the "
                   "{target:latency} {what}",
    "meets-deadline": "Takes {hours:sig} h, {margin:duration} within the {deadline:,g} h deadline",
    "deadline-does-not-run": "Deadline not met: the configuration does not fit in memory, so it does not run",
    "throughput-does-not-run": "Training throughput not met: the configuration does not fit in memory, so it does "
                               "not run",
    "request-rate-does-not-run": "Request rate not met: the configuration does not fit in memory, so it does not "
                                 "run",
    "ttft-does-not-run": "Time to first token not met: the configuration does not fit in memory, so it does not "
                         "run",
    "tpot-does-not-run": "Time per output token not met: the configuration does not fit in memory, so it does not "
                         "run",
    "meets-deadline-days": "Takes {days:days}, {margin:duration} within the {deadline:,g}-day deadline",
    "misses-deadline-days": "Takes {days:days}: misses the {deadline:,g}-day deadline by {over:duration} "
                            "({share:.0%})",
    "deadline-out-of-reach-days": "{card} cannot meet the {deadline:,g}-day deadline at any count tried: even "
                                  "{count:,} cards at full peak need {days:days}",
    "deadline-unknown-days": "No time for the job could be estimated: the {deadline:,g}-day deadline cannot be "
                             "checked",
    "deadline-out-of-reach": "{card} cannot meet the {deadline:,g} h deadline at any count tried: even {count:,} "
                             "cards at full peak need {hours:sig} h",
    "deadline-unknown": "No time for the job could be estimated: the {deadline:,g} h deadline cannot be checked",
    "over-budget-partly-priced": "Capex at least {cost:.0money} (bill lines without a price: {unpriced}): over "
                                 "budget by at least {over:.0money} ({share:.0%}) of {budget:.0money}",
    "meets-budget": "Capex {cost:.0money} ({covers}), {margin:.0money} under the "
                    "budget of {budget:.0money}",
    "budget-partly-priced": "Capex {cost:.0money} for the priced items alone, against a budget of {budget:.0money}: "
                            "the budget cannot be confirmed (bill lines without a price: {unpriced}) — enter quotes "
                            "to check it",
    "over-rent-budget": "Rent {cost:.0money} {period}: over budget by {over:.0money} ({share:.0%}) "
                        "of {budget:.0money}",
    "meets-rent-budget": "Rent {cost:.0money} {period}, {margin:.0money} under the budget of "
                         "{budget:.0money}",
    "rent-budget-unpriced": "{card} has no cloud price: its rent {period} cannot be checked against the budget of "
                            "{budget:.0money}",
    "period-month": "{n} month", "period-months": "{n} months", "period-year": "{n} year", "period-years": "{n} years",
    "meets-throughput": "Trains at {rate:,.0f} tokens/s, at least the {target:,.0f} tokens/s needed",
    "throughput-unknown": "No training speed could be estimated: the {target:,.0f} tokens/s needed cannot be checked",
    "meets-request-rate": "Carries up to {rate:sig} requests/s at full load, latency targets aside; at least the "
                          "{target:sig} requests/s needed",
    "request-rate-unknown": "No serving speed could be estimated: the {target:sig} requests/s needed cannot be "
                            "checked",
    "meets-tpot": "Time per output token {ms:latency} at {percentile}, within the {target:latency} {what}",
    "tpot-unknown": "No time per token could be estimated: the {target:latency} {what} cannot be checked",
    "meets-ttft": "Time to first token {ms:latency} at {percentile}, within the {target:latency} {what}",
    "ttft-unknown": "No time to first token could be estimated: the {target:latency} {what} cannot be checked",
    "users-rate-mismatch": "{rate:sig} requests/s need about {needed:,.0f} users in flight (Little's law: the rate "
                           "× (first token {ttft_ms:,.0f} ms + {output:,} tokens × {tpot:,.1f} ms)); the {users:,} users "
                           "given, each sending the next request when the last answer ends, make at most "
                           "{most:sig} requests/s",
    "users-from-rate": "{rate:sig} requests/s keep about {users:,.0f} users in flight (Little's law: the rate × "
                       "(first token {ttft_ms:,.0f} ms + {output:,} tokens × {tpot:,.1f} ms)); the batch is planned for "
                       "them",
    "reason-decode-bound": "Decoding {concurrency:|sequence|sequences} at once on {card} is limited by {bound}",
    "reason-comm-bound": "{card}: {share:.0pct} of each step is communication; faster links would help",
    "reason-compute-bound": "{card} computes at {mfu:.0pct} MFU and fits with {headroom:.1pct} memory headroom",
    "reason-deadline-changes": "The fastest option at up to twice the first's cost, {count} × {card}, takes "
                               "{hours:sig} h (the recommendation {chosen_hours:sig} h): a deadline under "
                               "{chosen_hours:sig} h changes the answer",
    "reason-deadline-changes-minutes": "The fastest option at up to twice the first's cost, {count} × {card}, takes "
                                       "{minutes:sig} min (the recommendation {chosen_minutes:sig} min): a deadline "
                                       "under {chosen_minutes:sig} min changes the answer",
    "reason-deadline-changes-days": "The fastest option at up to twice the first's cost, {count} × {card}, takes "
                                    "{days:sig} days (the recommendation {chosen_days:sig} days): a deadline under "
                                    "{chosen_days:sig} days changes the answer",
    "reason-latency-changes": "The fastest option at up to twice the first's cost, {count} × {card}, takes "
                              "{ms:latency} per output token at {percentile} (the recommendation {chosen_ms:latency}): a "
                              "{percentile} per-token target under {chosen_ms:latency} would change the answer",
    "mismatch-training-card-for-serving": (
        "{card} is a training card: {count} × {other} carries the same load {cheaper:.0%} cheaper per token in "
        "total cost of ownership ({saving:.2money} less per million tokens)"
    ),
    "mismatch-training-card-for-serving-rent": (
        "{card} is a training card: {count} × {other} carries the same load {cheaper:.0%} cheaper per token on "
        "cloud rent ({saving:.2money} less per million tokens)"
    ),
    "mismatch-pcie-card-for-training": (
        "{card} has no card-to-card link: this training takes {hours:,.0f} h; {count} × {other} with NVLink "
        "would take {other_hours:,.0f} h"
    ),
    "prompt-exceeds-batch": (
        "Prompt of {prompt} tokens is prefilled in chunks of {chunk} tokens"
    ),
    "inference-batch-compute-bound": (
        "Decoding {concurrency:|sequence|sequences} at once is compute-bound on {card}: more concurrency adds latency"
    ),
    "serving-overloaded": (
        "{rate:sig} requests/s per model copy exceed what it can carry ({capacity:sig}/s): requests queue "
        "without bound; latencies shown are at its capacity"
    ),
    "format-not-served": (
        "{engine} does not load {format} weights: the figures assume it did; choose another weight format or engine"
    ),
    "kv-not-served": (
        "{engine} has no {precision} KV cache: the figures assume it had; choose another KV-cache precision or engine"
    ),
    "chunk-chosen": (
        "Planned engine step: {chunk:,} tokens per step (prefill chunk) and at most {batch:|sequence|sequences} per copy, "
        "the best of {tried} under the latency targets"
    ),
    "porting-risk": (
        "Porting risk: {card}'s software stack ({stack}) runs {missing} only in part or not at all — budget "
        "engineering time, or check the vendor's forks and plugins"
    ),
}

CHINESE: dict[str, str] = {
    "precision-fallback": "{card} 无 {requested} 算力（不支持或未公开）：改用 {used}",
    "precision-emulated": (
        "{card} 不支持 {requested} 运算：权重以 {requested} 存储，以 {used} 计算（模拟，只省显存不省算力）"
    ),
    "precision-not-for-training": "{requested} 不是训练精度：改用 {used}",
    "no-compute-rate": "{card} 无公开算力数据：无法估算速度、时间和成本",
    "no-bandwidth": "{card} 无公开显存带宽：无法估算解码速度",
    "unrated-bandwidth": "{card}：无公开显存带宽，无法评估",
    "unrated-compute": "{card}：无公开 {precision} 算力数据，无法评估",
    "unrated-caution": "{why}；{caution}",
    "examples-as-tokens": "训练数据：{examples} 条样本 × 每条 {per_example} 词元 = {tokens:tokens} 词元",
    "does-not-fit": "显存不足：每卡需要 {need:.1f} GiB，{card} 可用 {budget:.1f} GiB（缺 {short:.1f} GiB）",
    "tight-fit": "余量仅 {headroom:.1pct}：内存碎片或更长序列可能溢出",
    "tp-over-pcie": "{card} 无卡间互联：张量并行经由 PCIe",
    "tp-across-nodes": "张量并行度 {tp} 超过每台服务器 {per_node} 张卡：张量并行流量经过网络",
    "tp-beyond-link-domain": "张量并行度 {tp} 超过 {card} 高速互联域的 {domain} 张卡：部分经由 PCIe",
    "tp-overlap-not-applied": "未应用张量并行通信重叠：Transformer Engine 的用户缓冲区要求 {tp} 张张量并行卡位于同一 NVLink 域内；其通信按未掩盖计算",
    "dp-over-pcie": "{card} 无卡间互联：梯度交换经由 PCIe",
    "comm-exposed": "每步 {share:.0pct} 时间为未被掩盖的通信（张量并行 {tp:.0pct}、数据并行 {dp:.0pct}、流水线 {p2p:.0pct}、上下文并行 {cp:.0pct}、专家并行 {ep:.0pct}、CPU 卸载 {offload:.0pct}）：增大微批或全局批量，或换一种并行布局，可将其掩盖",
    "host-bound": "每步都在等待主机：常规 PyTorch 逐个启动算子，每个微批主机耗时 {host_ms:,.0f} ms，GPU 计算只需 {gpu_ms:,.0f} ms；CUDA 图或更大的微批可将其掩盖",
    "no-layout-fits": "没有能放下的并行布局：最省显存的布局每卡需要 {need_gib:,.1f} GiB，可用 {capacity_gib:,.1f} GiB（已固定：{pinned}）；请放开固定的设置或增加卡数",
    "pipeline-bubble": "流水线空泡：{pp} 级、{m} 个微批时每步 {bubble:.0pct} 时间空闲；增加每步微批数（更大的全局批量、更少的数据并行副本或更小的微批）、交错流水线或减少流水线级数，可缩小空泡",
    "zero-without-dp": "只有一个数据并行副本时 ZeRO 阶段 {zero} 不起作用",
    "zero3-with-pipeline": "ZeRO-3 与 {pp} 级流水线并用时，每步只聚合一次各阶段的 16 位权重并保留到步末"
                           "（PyTorch FSDP 配合流水线并行时的默认做法）：通信量与 ZeRO-2 相同",
    "no-purchase-price": "目录中没有 {card} 的采购价：请输入价格以计算采购成本",
    "purchase-in-system-price": "{card} 没有单卡价格：它随整机柜系统购买，系统价格（含加速卡）计入物料清单",
    "no-cloud-price": "目录中没有 {card} 的云租用价：请输入价格以计算云成本",
    "low-confidence": "{card} 规格数据可信度低：采购前请核对厂商规格书",
    "default-card-missing": "默认加速卡 {card} 不在加速卡目录中（安装的 catalog.json 可能已损坏）：改为显示 {used}",
    "default-card-for-region": "由于 {reason}，起始加速卡改为 {card}",
    "class-mismatch": "{card} 是{category}类卡；{workload} 通常应使用{expected}类卡",
    "no-display-no-encoder": "{card} 没有显示输出和视频编码器",
    "consumer-card-training": "{card} 是消费级显卡：无 ECC、无 NVLink，许可协议限制数据中心使用",
    "misses-deadline": "需要 {hours:sig} 小时：超出 {deadline:,g} 小时的期限 {over:duration}（{share:.0%}）",
    "no-price": "{card}：没有采购价——请输入报价，或改按云租用成本排名",
    "no-price-items": "{card}：{items} 没有价格——请输入报价，以便比较其总拥有成本",
    "rack-system-of": "{card} 机柜级系统（{gpus} 张卡，报价项 {item}）",  # was '由 384 张 … 组成的…': English word order
    "rack-system-of-in-sentence": "{card} 机柜级系统（{gpus} 张卡，报价项 {item}）",
    "no-price-cloud": "{card}：没有云租用价——请输入其租用报价，以便按租金排名",
    **PRICE_CHINESE,
    **POWER_CHINESE,
    "kv-fp8-chosen": "KV 缓存按 FP8 规划（每词元显存减半）：按推理引擎默认精度时负载放不下或达不到目标；如需其他精度请设置 KV 精度",
    "over-budget": "资本支出 {cost:.0money}（{covers}）：超出 {budget:.0money} 的预算 {over:.0money}（{share:.0%}）",
    "over-budget-partly-priced": "资本支出至少 {cost:.0money}（{unpriced} 项无价格）：超出 {budget:.0money} 的预算至少 {over:.0money}（{share:.0%}）",
    "meets-budget": "资本支出 {cost:.0money}（{covers}），低于 {budget:.0money} 的预算 {margin:.0money}",
    "budget-partly-priced": "仅已定价部分的资本支出为 {cost:.0money}，对照 {budget:.0money} 的预算：无法确认是否在预算内（{unpriced} 项无价格）——请输入报价以核对",
    "over-rent-budget": "租金{period} {cost:.0money}：超出 {budget:.0money} 的预算 {over:.0money}（{share:.0%}）",
    "meets-rent-budget": "租金{period} {cost:.0money}，低于 {budget:.0money} 的预算 {margin:.0money}",
    "rent-budget-unpriced": "{card} 没有云租用价：无法用 {budget:.0money} 的预算核对其{period}租金",
    "period-month": "{n} 个月", "period-months": "{n} 个月", "period-year": "{n} 年", "period-years": "{n} 年",
    "meets-deadline": "需要 {hours:sig} 小时，在 {deadline:,g} 小时的期限内，余 {margin:duration}",
    "deadline-does-not-run": "期限未满足：此配置显存放不下，无法运行",
    "throughput-does-not-run": "训练吞吐量未满足：此配置显存放不下，无法运行",
    "request-rate-does-not-run": "请求率未满足：此配置显存放不下，无法运行",
    "ttft-does-not-run": "首词元延迟未满足：此配置显存放不下，无法运行",
    "tpot-does-not-run": "每输出词元时间未满足：此配置显存放不下，无法运行",
    "meets-deadline-days": "需要 {days:days}，在 {deadline:,g} 天的期限内，余 {margin:duration}",
    "misses-deadline-days": "需要 {days:days}：超出 {deadline:,g} 天的期限 {over:duration}（{share:.0%}）",
    "deadline-out-of-reach-days": "{card} 在所试的任何卡数下都无法满足 {deadline:,g} 天的期限：即使 {count:,} 张卡按峰值算力"
                                  "运行也需要 {days:days}",
    "deadline-unknown-days": "无法估算作业时间：无法核对 {deadline:,g} 天的期限",
    "deadline-out-of-reach": "{card} 在所试的任何卡数下都无法满足 {deadline:,g} 小时的期限：即使 {count:,} 张卡按峰值算力运行也需要 {hours:sig} 小时",
    "deadline-unknown": "无法估算作业时间：无法核对 {deadline:,g} 小时的期限",
    "misses-throughput": "训练吞吐 {rate:,.0f} 词元/秒：比所需的 {target:,.0f} 词元/秒少 {short:,.0f} 词元/秒（{share:.0%}）",
    "meets-throughput": "训练吞吐 {rate:,.0f} 词元/秒，达到所需的 {target:,.0f} 词元/秒",
    "throughput-unknown": "无法估算训练速度：无法核对所需的 {target:,.0f} 词元/秒",
    "misses-request-rate": "可处理 {rate:sig} 请求/秒：比所需的 {target:sig} 请求/秒少 {short:sig} 请求/秒（{share:.0%}）",
    "meets-request-rate": "满载时最多可处理 {rate:sig} 请求/秒（不计延迟目标），达到所需的 {target:sig} 请求/秒",
    "request-rate-unknown": "无法估算推理速度：无法核对所需的 {target:sig} 请求/秒",
    "misses-tpot": "{percentile} 每输出词元 {ms:latency}：超过 {target:latency} 的{what} {over:latency}（{share:.0%}）",
    "meets-tpot": "{percentile} 每输出词元 {ms:latency}，在 {target:latency} 的{what}之内",
    "tpot-unknown": "无法估算每词元时间：无法核对 {target:latency} 的{what}",
    "misses-ttft": "{percentile} 首词元延迟 {ms:latency}：超过 {target:latency} 的{what} {over:latency}（{share:.0%}）",
    "meets-ttft": "{percentile} 首词元延迟 {ms:latency}，在 {target:latency} 的{what}之内",
    "ttft-unknown": "无法估算首词元延迟：无法核对 {target:latency} 的{what}",
    "users-rate-mismatch": "{rate:sig} 请求/秒需要约 {needed:,.0f} 个同时在途的用户（利特尔定律：请求率 ×（首词元 {ttft_ms:,.0f} ms + {output:,} 个词元 × {tpot:,.1f} ms））；给定的 {users:,} 个用户在上一个回答结束时即发出下一个请求，最多产生 {most:sig} 请求/秒",
    "users-from-rate": "{rate:sig} 请求/秒约有 {users:,.0f} 个用户同时在途（利特尔定律：请求率 ×（首词元 {ttft_ms:,.0f} ms + {output:,} 个词元 × {tpot:,.1f} ms））；批大小按此规划",
    "prompt-exceeds-batch": "{prompt} 词元的提示按每块 {chunk} 词元分块预填充",
    "reason-decode-bound": "{card} 同时解码 {concurrency} 条序列，瓶颈在 {bound}",
    "reason-comm-bound": "{card}：每步 {share:.0pct} 时间用于通信，更快的互联会有帮助",
    "reason-compute-bound": "{card} 算力利用率 {mfu:.0pct}，显存余量 {headroom:.1pct}",
    "reason-deadline-changes": "成本不超过首选两倍的最快方案 {count} × {card} 需 {hours:sig} 小时（推荐方案 {chosen_hours:sig} 小时）："
                               "期限短于 {chosen_hours:sig} 小时会改变答案",
    "reason-deadline-changes-minutes": "成本不超过首选两倍的最快方案 {count} × {card} 需 {minutes:sig} 分钟（推荐方案 {chosen_minutes:sig} "
                                       "分钟）：期限短于 {chosen_minutes:sig} 分钟会改变答案",
    "reason-deadline-changes-days": "成本不超过首选两倍的最快方案 {count} × {card} 需 {days:sig} 天（推荐方案 {chosen_days:sig} 天）："
                                    "期限短于 {chosen_days:sig} 天会改变答案",
    "reason-latency-changes": "成本不超过首选两倍的最快方案 {count} × {card} 的 {percentile} 每输出词元 {ms:latency}"
                              "（推荐方案 {chosen_ms:latency}）：{percentile} 每词元延迟目标低于 {chosen_ms:latency} "
                              "会改变答案",
    "mismatch-training-card-for-serving": (
        "{card} 是训练卡：{count} × {other} 负载相同，每词元总拥有成本低 {cheaper:.0%}"
        "（每百万词元省 {saving:.2money}）"
    ),
    "mismatch-training-card-for-serving-rent": (
        "{card} 是训练卡：{count} × {other} 负载相同，每词元云租用成本低 {cheaper:.0%}"
        "（每百万词元省 {saving:.2money}）"
    ),
    "mismatch-pcie-card-for-training": (
        "{card} 没有卡间高速互联：本次训练需 {hours:,.0f} 小时；{count} × {other}（NVLink）只需 {other_hours:,.0f} 小时"
    ),
    "inference-batch-compute-bound": "{card} 同时解码 {concurrency} 条序列时受算力限制：更高并发会增加延迟",
    "serving-overloaded": (
        "每个模型副本 {rate:sig} 请求/秒，超过其承载能力（{capacity:sig}/秒）：请求将无限排队；显示的延迟为满载时的值"
    ),
    "format-not-served": "{engine} 不支持 {format} 格式的权重：以上数字按其支持估算，请换一种权重格式或推理引擎",
    "kv-not-served": "{engine} 不支持 {precision} 精度的 KV 缓存：以上数字按其支持估算，请换一种 KV 缓存精度或推理引擎",
    "chunk-chosen": "规划的引擎步长：每步 {chunk:,} 词元（预填充分块），每个副本最多 {batch:,} 条序列，为在延迟目标下试过的 {tried} 中最好的",
    "porting-risk": "移植风险：{card} 的软件栈（{stack}）对 {missing} 仅部分支持或不支持——请预留工程人力，或核实厂商的分支版本与插件",
}
"""Simplified Chinese templates, in the vocabulary of resources/i18n/glossary.json."""

# what would fit (core.fit_suggestions) and the command line's refusals: in their own modules
ENGLISH.update(FIT_ENGLISH)
ENGLISH.update(RANKING_ENGLISH)
ENGLISH.update(LEFT_OUT_ENGLISH)  # why a card is left out of a ranking (core/messages_left_out.py)
ENGLISH.update(GRAPHICS_ENGLISH)  # graphics and video cards (core/messages_graphics.py)
ENGLISH.update(REFUSAL_ENGLISH)
ENGLISH.update(SUPPORT_ENGLISH)  # a card past its vendor's software support (core/messages_support.py)
ENGLISH.update(SYSTEMS_ENGLISH)  # rack-scale systems in the buyer's answer (core/messages_systems.py)
ENGLISH.update(JSON_ENGLISH)  # JSON files and values, a summary's path (core/messages_json.py)
ENGLISH.update(DEADLINE_ENGLISH)  # a deadline the likely range's slow end misses (core/messages_deadline.py)
ENGLISH.update(OWNED_ENGLISH)  # cards already owned: delivered, and what a row counts (core/messages_owned.py)
ENGLISH.update(BATCH_ENGLISH)  # the planner's global batch moved or widened (core/messages_batch.py)
ENGLISH.update(BUDGET_ENGLISH)  # the budget alone keeps every configuration out (core/messages_budget.py)
ENGLISH.update(FLEET_ENGLISH)  # a fleet the latency targets size, not the load (core/messages_fleet.py)
ENGLISH.update(LOAD_ENGLISH)  # a serving question asked without a load (core/messages_load.py)
ENGLISH.update(REGION_ENGLISH)  # export status, delivery to and renting in mainland China (core/messages_region.py)
ENGLISH.update(CATALOG_ENGLISH)  # the user's files the program cannot use, a currency without a rate (core/messages_catalog.py)
ENGLISH.update(LAYOUT_ENGLISH)  # a scenario whose parts do not fit together (core/messages_layout.py)
ENGLISH.update(VALIDATION_ENGLISH)  # a value the models refuse, by kind (core/messages_validation.py)
ENGLISH.update(WEIGHTS_ENGLISH)  # weights served as their makers publish them (core/messages_weights.py)
ENGLISH.update(CLASS_ENGLISH)  # a card of the wrong class for full training (core/messages_class.py)
ENGLISH.update(POOLS_ENGLISH)  # separate prefill and decode pools, or shared copies (core/messages_pools.py)
ENGLISH.update(OFFLOAD_ENGLISH)  # the planner's optimizer in host memory (core/messages_offload.py)
ENGLISH.update(BANDS_ENGLISH)  # a likely range of one engine on one software stack (core/messages_bands.py)
for _chinese in (FIT_CHINESE, RANKING_CHINESE, LEFT_OUT_CHINESE, FLEET_CHINESE, BUDGET_CHINESE, LOAD_CHINESE,
                 GRAPHICS_CHINESE, REFUSAL_CHINESE, SUPPORT_CHINESE, SYSTEMS_CHINESE, JSON_CHINESE, DEADLINE_CHINESE,
                 OWNED_CHINESE, BATCH_CHINESE, REGION_CHINESE, CATALOG_CHINESE, LAYOUT_CHINESE, VALIDATION_CHINESE,
                 WEIGHTS_CHINESE, CLASS_CHINESE, POOLS_CHINESE, OFFLOAD_CHINESE, BANDS_CHINESE):
    CHINESE.update(_chinese)  # the Chinese of each table the English above takes in, in this order

CATALOGUES: dict[str, dict[str, str]] = {"en": ENGLISH, "zh_CN": CHINESE}
"""Message templates by language; a missing id falls back to English."""


@fast_init
@dataclass(frozen=True)
class Message:
    """One warning or reason: an id, its parameters, and the English text."""

    id: str
    params: dict = field(default_factory=dict)

    @property
    def text(self) -> str:
        return render(self, ENGLISH)

    def text_in(self, language: str) -> str:
        """The message in ``language`` ("en" or "zh_CN")."""
        return render(self, CATALOGUES.get(language, ENGLISH))

    def to_dict(self) -> dict:
        """The id, the parameters (a message among them as its own dict) and the English text."""
        return {"id": self.id, "params": {k: _param_dict(v) for k, v in self.params.items()}, "text": self.text}


def _param_dict(value: object) -> object:
    """A parameter as JSON holds it: a message (or a list of them) as :meth:`Message.to_dict`."""
    if isinstance(value, Message):
        return value.to_dict()
    if isinstance(value, list | tuple) and any(isinstance(v, Message) for v in value):
        return [_param_dict(v) for v in value]
    return value


LIST_SEPARATORS = {"en": "; ", "zh_CN": "；"}
"""Between the items of a list parameter (the problems of one file, the unpriced lines of a bill)
in each language."""


def _param(value: object, language: str, templates: dict[str, str], said: dict) -> object:
    """A parameter as a template takes it in ``language``: a word translated (:data:`TERMS`), a
    message rendered in the same language, a list of words or messages each so and joined
    (:data:`LIST_SEPARATORS`), a whole number grouped, a number an amount of money in the message's
    ``currency`` where the template writes it so (``{cost:.0money}``:
    :data:`~configurator.core.message_numbers.MONEY`; ``said``: the message's parameters)."""
    if isinstance(value, Message):
        return render(value, templates)
    if isinstance(value, list | tuple) and value and all(isinstance(v, Message | str) for v in value):
        return LIST_SEPARATORS.get(language, "; ").join(str(_param(v, language, templates, said)) for v in value)
    if isinstance(value, str) and callable(getattr(value, "text_in", None)):  # said in the language (FieldName)
        return value.text_in(language)
    if isinstance(value, str):
        return TERMS.get(language, {}).get(value, value)
    if isinstance(value, int) and not isinstance(value, bool):
        return count_param(value, language, TERMS.get(language), said)
    if isinstance(value, float):
        return fraction_param(value, language, TERMS.get(language), said)
    return value


def render(message: Message, templates: dict[str, str]) -> str:
    """Format ``message`` with ``templates``, falling back to English."""
    template = templates.get(message.id) or ENGLISH[message.id]
    language = next((name for name, catalogue in CATALOGUES.items() if catalogue is templates), "en")
    params = {k: _param(v, language, templates, message.params) for k, v in message.params.items()}
    return finished(template.format(**params), language)


def finished(text: str, language: str) -> str:
    """A text formatted from a template (a message, a view's phrase or label) as ``language`` writes it:
    without the spaces Chinese does not write (:func:`~configurator.core.cjk_spacing.cjk_joined`:
    '瓶颈在 {bound}' with a Chinese word). Its amounts of money were written where the template names
    them (``{budget:.0money}``: '300.00 万元' in Chinese), not rewritten here, as until December 2026."""
    return cjk_joined(text, language)


def msg(message_id: str, **params: object) -> Message:
    """Make a message; the id must exist in the English catalogue."""
    if message_id not in ENGLISH:
        raise KeyError(f"unknown message id '{message_id}'")
    return Message(message_id, dict(params))


DAYS_ABOVE_HOURS = DAYS_FROM
"""A deadline longer than this is said in days, and every duration of its message with it (a job of
weeks read as "597 h, 1,563 h within the 2,160 h deadline" until December 2026) [h]: the hours from
which a job's time is written in days (:data:`~configurator.core.message_numbers.DAYS_FROM`), one
figure, so a time and its deadline change unit together."""

def deadline_msg(message_id: str, deadline: float, durations: dict[str, float],
                 gaps: dict[str, float] | None = None, **params: object) -> Message:
    """A message about a deadline of ``deadline`` hours [h] whose ``durations`` (name: hours [h])
    share its unit: hours up to :data:`DAYS_ABOVE_HOURS`, else days (the ``-days`` variant of
    ``message_id``, the deadline to a tenth of a day); under an hour in minutes (``-min``, to a tenth of
    a minute, each duration in its own unit: "the 1 min deadline", where it read "0.0167 h").

    In the ``-days`` variant the job's time is named ``days`` [d] (its JSON read ``"hours": 24.9`` of a
    24.9-day job until December 2026), another ``x_hours`` ``x_days``; a ``days`` in ``params`` is that
    time, said once.

    ``gaps`` (name: hours [h]) are the differences between a time and the deadline (the margin, the
    overrun): passed in hours whatever the deadline's unit and written ``{margin:duration}``, in their own
    unit by the one rule of a job's time (:func:`~configurator.core.message_numbers.duration_unit`,
    :data:`~configurator.core.message_numbers.SIGNIFICANT_DIGITS`): a 2.95-day job "1.32 h within the
    3-day deadline", where until December 2026 it read "0.055 days" (and "0.2 days" in the verdict met at
    the estimate, which rounded to a tenth of a day)."""
    gaps = gaps or {}
    if deadline is not None and deadline < MINUTES_BELOW:  # the -min variant: its times in their own unit
        return msg(f"{message_id}-min", deadline=round(deadline * MINUTES_PER_HOUR, 1), **durations, **gaps, **params)
    if deadline is None or deadline <= DAYS_ABOVE_HOURS:
        return msg(message_id, deadline=deadline, **durations, **gaps, **params)
    in_days = {"days" if name == "hours" else name.replace("_hours", "_days"): hours / HOURS_PER_DAY
               for name, hours in durations.items()}
    rest = {name: value for name, value in params.items() if name not in in_days}  # the same time, said once
    return msg(f"{message_id}-days", deadline=round(deadline / HOURS_PER_DAY, 1), **in_days, **gaps, **rest)


MONTHS_PER_YEAR = 12
"""Months of a year, to write a period under a year in whole months [months/year]."""


def period_msg(years: float | None) -> Message:
    """A period of ``years`` [years] in words: whole months under a year ('3 months', '3 个月': a
    0.25-year TCO read "0.25 年", persona), else years ('4 years', '4 年', '1 year'); 'N years'
    unknown. The one wording of a period of ownership: the TCO's years in the summary, the command
    line and the window (:func:`configurator.core.view.cost_bases.period`), and the years a card
    past its vendor's support is owned (:func:`configurator.core.software.past_support_meaning`;
    "在持有这批卡的 0.25 年里" until December 2026)."""
    if years is None:
        return msg("period-years", n="N")
    months = years * MONTHS_PER_YEAR
    if 0 < years < 1 and abs(months - round(months)) < 1e-9:
        whole = round(months)
        return msg("period-month" if whole == 1 else "period-months", n=f"{whole}")
    return msg("period-year" if years == 1 else "period-years", n=f"{years:g}")


def pace_msg(pace: str) -> Message:
    """What a job that ends has its cards do at its pace, one word ('train', 'render', 'work'; '训练' …:
    messages ``job-pace-*``), by its family's ``pace``: the TCO's label
    (:func:`configurator.core.view.cost_bases.basis_label`) and the job-alone reason
    (:func:`configurator.core.job_alone.job_alone_reason`) say it alike."""
    return msg(f"job-pace-{pace}")
