"""The planner's global-batch messages (a batch that does not split over the cards, moved to the
nearest that does or widened within 5 % to split over more ranks) and the serving batch's (an offline
batch filled, the engine step's default said: core/engine_step.py), en and zh_CN; merged into
:mod:`configurator.core.messages`."""

from __future__ import annotations

BATCH_ENGLISH: dict[str, str] = {
    "engine-step-default": (
        "Engine step of {tokens:,} tokens (prefill chunk): {engine}'s default on the {memory} GB card"
    ),
    "engine-step-default-served": (
        "Engine step of {tokens:,} tokens (prefill chunk): {engine}'s default for its OpenAI-compatible server on the "
        "{memory} GB card"
    ),
    "engine-step-default-offline": (
        "Engine step of {tokens:,} tokens (prefill chunk): {engine}'s default for offline batch (its LLM class) on the "
        "{memory} GB card"
    ),
    "engine-step-planned": (
        "Engine step of {tokens:,} tokens (prefill chunk), planned: {engine}'s default on the {memory} GB card is "
        "{default:,}; set by {flag} in the launch settings"
    ),
    "engine-step-planned-no-flag": (
        "Engine step of {tokens:,} tokens (prefill chunk), planned: {engine}'s default on the {memory} GB card is "
        "{default:,}; set it in the engine's settings"
    ),
    "serving-batch-filled": (
        "Offline batch with no volume given: planned at the largest batch that fits in memory within the "
        "engine's default cap of {cap:,} sequences a copy: {batch:,} sequences a copy, {users:,} at once (give "
        "the requests a day or the users at once to size it to your volume)"
    ),
    "serving-batch-filled-memory": (
        "Offline batch with no volume given: planned at the largest batch that fits in memory: {batch:,} "
        "sequences a copy, {users:,} at once (give the requests a day or the users at once to size it to your "
        "volume)"
    ),
    "batch-does-not-divide": (
        "A global batch of {batch:,} tokens does not split evenly over the data-parallel ranks of {count:,} cards; "
        "nearest that do: {low:,} or {high:,} tokens"
    ),
    "batch-does-not-divide-one": (
        "A global batch of {batch:,} tokens does not split evenly over the data-parallel ranks of {count:,} cards; "
        "the nearest that does: {nearest:,} tokens"
    ),
    "batch-moved": (
        "A global batch of {batch:,} tokens does not split evenly over the data-parallel ranks of {count:,} cards: "
        "planned at {used:,} tokens, the nearest that does (set the global batch to choose another)"
    ),
    "batch-widened": (
        "At exactly {batch:,} tokens of global batch, the fastest layout of {count:,} cards has a data-parallel "
        "width of only {dp_asked:,}: planned instead at {used:,} tokens ({moved:+.1%}), at width {dp_used:,}, "
        "{faster:.0%} faster (pin the layout to choose another)"
    ),
    "cp-for-batch": (
        "Context parallel {cp:,} for {seq:,}-token sequences: {sequences:,} sequences of the global batch do not "
        "split over the {ranks:,} data-parallel ranks {count:,} cards give at TP {tp:,} · PP {pp:,}, so each "
        "sequence is split over {cp:,} cards (DP {dp:,}); {low:,} or {high:,} tokens ({low_moved:+.1%}, "
        "{high_moved:+.1%}) would split over all {ranks:,} (set the global batch to plan there)"
    ),
    "batch-moved-wider": (
        "A global batch of {batch:,} tokens does not split evenly over the data-parallel ranks of {count:,} cards: "
        "planned at {used:,} tokens ({moved:+.1%}), at a data-parallel width of {dp_used:,}, {faster:.0%} faster "
        "than the nearest that splits, {nearest:,} tokens at width {dp_nearest:,} (set the global batch to choose "
        "another)"
    ),
    "batch-does-not-divide-none": (
        "A global batch of {batch:,} tokens cannot be split over {count:,} cards with the settings pinned; "
        "free a pinned setting or change the card count"
    ),
    "batch-accumulation-pinned": (
        "The gradient accumulation is pinned at {accum:,}: the planner keeps it, so the global batch can only be "
        "micro-batch × {accum:,} × data-parallel width; leave accumulation to Auto to keep the batch you set"
    ),
}

BATCH_CHINESE: dict[str, str] = {
    "engine-step-default": "引擎步长 {tokens:,} 词元（预填充分块）：{engine} 在 {memory} GB 显卡上的默认值",
    "engine-step-default-served": "引擎步长 {tokens:,} 词元（预填充分块）：{engine} 的 OpenAI 兼容服务器"
                                  "在 {memory} GB 显卡上的默认值",
    "engine-step-default-offline": "引擎步长 {tokens:,} 词元（预填充分块）：{engine} 离线批处理（LLM 类）"
                                   "在 {memory} GB 显卡上的默认值",
    "engine-step-planned": "引擎步长 {tokens:,} 词元（预填充分块）为规划值：{engine} 在 {memory} GB 显卡上的默认值为 "
                           "{default:,}；由启动设置中的 {flag} 设定",
    "engine-step-planned-no-flag": "引擎步长 {tokens:,} 词元（预填充分块）为规划值：{engine} 在 {memory} GB 显卡上的默认值"
                                   "为 {default:,}；请在引擎设置中设定",
    "serving-batch-filled": "离线批处理未给出处理量：按内存能容纳、且不超过引擎默认上限（每个副本 {cap:,} 条序列）的最大批量规划：每个副本 "
                            "{batch:,} 条序列，同时 {users:,} 条（填写每天请求数或同时服务的用户数，可按实际用量规划）",
    "serving-batch-filled-memory": "离线批处理未给出处理量：按内存能容纳的最大批量规划：每个副本 {batch:,} 条序列，同时 {users:,} 条"
                                   "（填写每天请求数或同时服务的用户数，可按实际用量规划）",
    "batch-does-not-divide": "{batch:,} 词元的全局批量无法在 {count:,} 张卡的数据并行副本间均分；最接近的可行值：{low:,} 或 {high:,} 词元",
    "batch-does-not-divide-one": "{batch:,} 词元的全局批量无法在 {count:,} 张卡的数据并行副本间均分；最接近的可行值：{nearest:,} 词元",
    "batch-moved": "{batch:,} 词元的全局批量无法在 {count:,} 张卡的数据并行副本间均分：按最接近的可行值 {used:,} 词元规划（可自行设置全局批量）",
    "batch-widened": "{count:,} 张卡上，{batch:,} 词元全局批量的最快布局数据并行宽度仅为 {dp_asked:,}：按 {used:,} 词元规划（{moved:+.1%}），宽度 {dp_used:,}，训练快 {faster:.0%}（固定并行布局可另选）",
    "batch-moved-wider": "{batch:,} 词元的全局批量无法在 {count:,} 张卡的数据并行副本间均分：按 {used:,} 词元规划（{moved:+.1%}），数据并行宽度 {dp_used:,}，比最接近的可行值 {nearest:,} 词元（宽度 {dp_nearest:,}）训练快 {faster:.0%}（可自行设置全局批量）",
    "cp-for-batch": "对 {seq:,} 词元的序列采用上下文并行 {cp:,}：全局批量的 {sequences:,} 条序列无法在 {count:,} 张卡（TP {tp:,} · PP {pp:,}）"
                    "的 {ranks:,} 个数据并行副本间均分，故每条序列分到 {cp:,} 张卡上（DP {dp:,}）；{low:,} 或 {high:,} 词元"
                    "（{low_moved:+.1%}、{high_moved:+.1%}）可在全部 {ranks:,} 个副本间均分（设置全局批量即可按此规划）",
    "batch-does-not-divide-none": "{batch:,} 词元的全局批量在已固定的设置下无法分配到 {count:,} 张卡上；请放开固定的设置或更改卡数",
    "batch-accumulation-pinned": "梯度累积已固定为 {accum:,}：规划器不改动它，全局批量只能是微批 × {accum:,} × 数据并行宽度；将梯度累积设为自动，即可保持所设的全局批量",
}
