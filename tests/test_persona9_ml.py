"""Persona check, December 2026 (session 40: an ML engineer with a deadline, in English): what a
practitioner reads off ``estimate`` before signing — the parallel layout it would launch."""

from __future__ import annotations

import re

from configurator.cli import build_parser, main
from configurator.cli_scenario import scenario_from_args, with_constraints


def _run(capsys, *argv: str) -> str:
    assert main(list(argv)) == 0
    return capsys.readouterr().out


def test_the_estimate_table_says_the_layout_it_plans(capsys):
    """``estimate`` printed memory, speed and cost but not the TP · PP · CP · DP · ZeRO · micro-batch
    it planned them at (only ``--json`` and ``plan`` had it): the line the results panel and the
    ranking's first show is the third line, in either language."""
    argv = ("estimate", "--workload", "pretrain", "--model", "llama3-8b", "--seq", "131072", "--tokens", "50B",
            "--card", "h100-sxm", "--count", "64")
    lines = _run(capsys, *argv).splitlines()
    assert lines[2].startswith("Layout: TP ") and " CP " in lines[2] and "ZeRO" in lines[2]
    assert "micro-batch" in lines[2] and "global batch" in lines[2]
    assert _run(capsys, *argv, "--lang", "zh_CN").splitlines()[2].startswith("并行布局：张量并行 ")
    serving = _run(capsys, "estimate", "--workload", "inference", "--model", "llama3-8b", "--card", "l4",
                   "--concurrency", "8").splitlines()
    assert serving[2].startswith("Layout: TP ") and "per copy" in serving[2]
    graphics = _run(capsys, "estimate", "--workload", "vdi", "--card", "l4", "--users", "16").splitlines()
    assert not any(line.startswith("Layout:") for line in graphics)


def test_what_would_fit_says_the_memory_the_fit_is_judged_on(capsys):
    """A full fine-tune of Llama 3 8B on one H100 does not fit; two do, but only as the allocator gives
    its cache back: "More cards" said "93.4 GiB per card of 79.2 GiB — fits", a number over the limit
    beside "fits". It says what the run needs (the peak and the reserve kept near the limit)."""
    out = _run(capsys, "estimate", "--workload", "finetune", "--model", "llama3-8b", "--card", "h100-sxm",
               "--count", "1", "--tokens", "100M", "--offload", "none")  # else offloaded: it fits (offload50)
    line = next(line for line in out.splitlines() if line.startswith("  - More cards:"))
    need, allowed = (float(x) for x in re.findall(r"([\d.]+) GiB", line))
    assert line.endswith("— fits") and need <= allowed


def test_a_ranked_row_never_fits_with_negative_headroom(capsys):
    """Ranked by fewest cards, one GH200 144 GB or two H100 PCIe full-fine-tune Llama 3 8B at their
    peak: the reason said "fits with -19.0 % memory headroom"; it says the headroom at the peak and
    that the allocator's usual cache is given back."""
    out = _run(capsys, "recommend", "--workload", "finetune", "--model", "llama3-8b", "--tokens", "100M",
               "--objective", "fewest-cards", "--vendor", "nvidia", "--limit", "5",
               "--offload", "none")  # on the cards alone: else one offloaded card of each is fewest (offload50)
    assert "% memory headroom" in out and not re.search(r"-[\d.]+\s%\smemory headroom", out)
    assert "memory headroom at its peak, the allocator giving its usual cache back" in out


def test_a_lora_that_does_not_fit_is_offered_qlora(capsys):
    """LoRA of Llama 3 70B on one 80 GB card: its 16-bit base alone is 131 GiB; "What would fit" offered
    more cards or another card, not the 4-bit base QLoRA fine-tunes it with on that one card. And in
    Chinese a change follows its full-width colon without a space ("增加卡数： 2 ×")."""
    argv = ("estimate", "--workload", "lora", "--model", "llama3-70b", "--card", "h100-sxm", "--count", "1",
            "--examples", "50k")
    out = _run(capsys, *argv)
    assert "  - QLoRA: QLoRA (4-bit base, LoRA adapters): " in out and out.count("— fits") >= 2
    chinese = _run(capsys, *argv, "--lang", "zh_CN")
    assert "  - 增加卡数：2 × H100" in chinese and "：QLoRA（4 位基座" in chinese and "： " not in chinese


def test_a_deadline_for_serving_points_to_the_rate(capsys):
    """An offline batch due by a deadline (so many prompts in 48 h) is sized by its rate: ``--deadline``
    with ``--workload inference`` is refused, naming the flag serving reads for it."""
    assert main(["recommend", "--workload", "inference", "--use", "batch", "--model", "llama3.1-70b",
                 "--deadline", "48h"]) != 0
    err = capsys.readouterr().err
    assert "--deadline is not read by --workload inference" in err and "give --requests-per-s" in err


def test_the_micro_batch_curve_crosses_the_limit_where_the_verdict_turns(catalog):
    """2 × H100 full-fine-tune Llama 3 8B at micro-batch 4 with full recomputation: it fits (the
    allocator gives its usual cache back near the limit) while the memory-against-micro-batch curve,
    drawn with that cache, lay above the limit at every micro-batch. The curve is what each
    micro-batch needs, so the planned one sits under the line and the largest that fits is the last."""
    from configurator.core.analysis import memory_curve
    from configurator.core.estimate import estimate
    from configurator.core.workloads.training.plan import estimated

    args = build_parser().parse_args(["estimate", "--workload", "finetune", "--model", "llama3-8b", "--card",
                                      "h100-sxm", "--count", "2", "--tokens", "100M"])
    card = catalog.get("h100-sxm")
    est = estimated(with_constraints(scenario_from_args(args, catalog), args), card)
    assert est.fits and est.memory.total > est.memory.budget  # the case: fits only as the cache is given back
    curve = memory_curve(est.scenario, card)
    at = dict(zip(curve.values, curve.totals))
    largest = est.limits.max_micro_batch
    assert at[est.scenario.training.micro_batch] <= curve.limit and at[largest] <= curve.limit
    assert at[largest + 1] > curve.limit
    assert at[est.scenario.training.micro_batch] == estimate(est.scenario, card).memory.fit_total


def test_a_job_longer_than_the_years_owned_is_said(capsys):
    """Llama 3.1 405B on 15 T tokens under a budget alone: the first, 256 × Gaudi 3, takes 2,294 days
    beside a TCO counted over 4 years, and nothing said so. The ranking's first and the estimate say
    it, in days and years; a job within the years says nothing of it."""
    out = _run(capsys, "recommend", "--workload", "pretrain", "--model", "llama3.1-405b", "--tokens", "15T",
               "--budget", "50M", "--limit", "2")
    why = out.split("Why the first:")[1]
    assert re.search(r"The job takes [\d,]+ days \([\d.]+ years\), longer than the 4 years the hardware is owned", why)
    est = _run(capsys, "estimate", "--workload", "pretrain", "--model", "llama3.1-405b", "--tokens", "15T",
               "--card", "gaudi3", "--count", "256", "--years", "5")
    assert "longer than the 5 years the hardware is owned" in est.split("Warnings")[1]
    fine = _run(capsys, "estimate", "--workload", "pretrain", "--model", "llama3-8b", "--tokens", "1T",
                "--card", "h100-sxm", "--count", "64")
    assert "years the hardware is owned" not in fine
    zh = _run(capsys, "estimate", "--workload", "pretrain", "--model", "llama3.1-405b", "--tokens", "15T",
              "--card", "gaudi3", "--count", "256", "--lang", "zh_CN")
    assert "超过硬件使用和折旧的 4 年" in zh


def test_a_model_size_out_of_range_is_refused_as_every_flag_is(capsys):
    """``--params 0`` said "parameter count must be between 1e6 and 1e13", without the flag and in
    English whatever ``--lang``: it names the flag and its range, in the user's language."""
    assert main(["estimate", "--params", "0"]) != 0
    assert capsys.readouterr().err.strip().endswith("--params: 0 is outside the range 1M to 10T [parameters]")
    assert main(["estimate", "--params", "50T", "--lang", "zh_CN"]) != 0
    assert "--params：5e+13 超出范围 1M 至 10T" in capsys.readouterr().err


def test_a_fit_on_the_cache_given_back_with_little_left_is_called_tight(capsys):
    """One GH200 144 GB full-fine-tunes Llama 3 8B with 1.0 % left once the allocator gives its cache
    back: it said only that the cache is given back; it also says the fit is tight."""
    out = _run(capsys, "estimate", "--workload", "finetune", "--model", "llama3-8b", "--tokens", "100M",
               "--card", "gh200-144gb", "--count", "1")
    warnings = out.split("Warnings")[1]
    assert "but gives it back near the limit" in warnings and re.search(r"Fits with only 1\.0\s% headroom", warnings)


def test_a_count_typed_for_the_ranking_is_said_not_kept(capsys):
    """``recommend --count 2`` for a full fine-tune of Llama 3 8B answered 8 × Gaudi 3 and the rest at
    their own counts, the typed count silently dropped: the ranking says first that it is not kept
    and which command answers for that count."""
    argv = ("recommend", "--workload", "finetune", "--model", "llama3-8b", "--tokens", "100M", "--limit", "2")
    first = _run(capsys, *argv, "--count", "2").splitlines()[2]
    assert first.startswith("--count 2 is not kept") and "estimate --card ID --count 2" in first
    assert "is not kept" not in _run(capsys, *argv)
