"""The estimate's heading as a buyer reads it, the memory rows the work can hold, and what "meets" was
checked against (session 42: "1 × H100 SXM5 80GB (training), inference, Llama 3 8B" read as a card for
training and named the workload by its id; a serving estimate listed "Gradients 0 GiB"; "meets both
constraints" where none was typed)."""

from __future__ import annotations

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.estimate_json import estimate_to_dict
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.scenario import Scenario
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.rows import write


@pytest.mark.parametrize(("language", "heading", "verdict"), [
    ("en", "Inference serving: Llama 3 8B (8.03 B parameters) on 1 × H100 SXM5 80GB (a training-class card), BF16 math",
     "1 × H100 SXM5 80GB fits, 77.9 % headroom — meets the default latency targets for interactive chat"),
    ("zh_CN", "推理服务：Llama 3 8B（8.03 B 参数），1 × H100 SXM5 80GB（训练卡），BF16 运算",
     "1 × H100 SXM5 80GB 可容纳，显存余量 77.9%——满足交互式对话的默认延迟目标"),
])
def test_the_serving_heading_says_the_work_the_model_and_the_cards_class(capsys, language, heading, verdict):
    assert main(["estimate", "--workload", "inference", "--model", "llama3-8b", "--card", "h100-sxm",
                 "--lang", language]) == 0
    lines = capsys.readouterr().out.splitlines()  # after the note that no load was given
    assert heading in lines
    assert lines[lines.index(heading) + 1].replace("\u00a0", " ") == verdict


WORKLOADS = {
    "pretrain": ("Pre-train from scratch: Llama 3 8B", "从头预训练：Llama 3 8B"),
    "finetune": ("Full fine-tune: Llama 3 8B", "全参数微调：Llama 3 8B"),
    "lora": ("LoRA fine-tune: Llama 3 8B", "LoRA 微调：Llama 3 8B"),
    "qlora": ("QLoRA fine-tune (4-bit base): Llama 3 8B", "QLoRA 微调（4 位基座）：Llama 3 8B"),
    "inference": ("Inference serving: Llama 3 8B", "推理服务：Llama 3 8B"),
    "vdi": ("Virtual desktops / cloud workstations on 4 × L40S", "虚拟桌面 / 云工作站，4 × L40S"),
    "transcode": ("Video transcoding on 4 × L40S", "视频转码，4 × L40S"),
    "render": ("Offline 3D rendering on 4 × L40S", "离线三维渲染，4 × L40S"),
}
"""Each workload's heading starts with its name as the editor gives it (``names.WORKLOADS``)."""


@pytest.mark.parametrize("workload", sorted(WORKLOADS))
def test_every_workload_is_named_in_words_and_the_card_class_as_a_class(workload):
    est = estimate(Scenario(model=preset("llama3-8b"), card_id="l40s", count=4, workload=workload),
                   load_catalog().get("l40s"))
    english, chinese = (write(estimate_view(est).heading, language) for language in ("en", "zh_CN"))
    assert english.startswith(WORKLOADS[workload][0]) and english.count("(an inference-class card)") == 1
    assert chinese.startswith(WORKLOADS[workload][1]) and "（推理卡）" in chinese
    assert f", {workload}" not in english  # the id no more


@pytest.mark.parametrize(("workload", "left_out"), [("inference", {"memory.gradients", "memory.optimizer",
                                                                   "memory.not_concurrent"}),
                                                    ("pretrain", {"memory.kv_cache"})])
def test_the_memory_table_lists_only_what_the_work_can_hold(workload, left_out):
    card = load_catalog().get("h100-sxm")
    est = estimate(Scenario(model=preset("llama3-8b"), card_id="h100-sxm", count=8, workload=workload), card)
    keys = {row.key for section in estimate_view(est).sections for row in section.rows}
    assert "memory.weights" in keys and "memory.overhead" in keys
    assert not keys & left_out
    memory = estimate_to_dict(est, deployment_cost(est))["memory"]  # the JSON keeps every part
    assert {"gradients", "optimizer", "kv_cache"} <= set(memory) or {"gradients_gib", "optimizer_gib",
                                                                     "kv_cache_gib"} <= set(memory), memory
