"""What fits on the cards I own (issue 24, part 7): the core's answer checked against first
principles on 8 × L40S, the search's claims against the estimate itself, the view in both
languages, and the command line (text, JSON, refusals)."""

from __future__ import annotations

import json

import pytest

from configurator.cli import main
from configurator.core.architecture import preset
from configurator.core.estimate import estimate, messages_for_serving_targets
from configurator.core.formats import WeightFormat
from configurator.core.scenario import Workload, updated
from configurator.core.units import GIB
from configurator.core.view.names import model_name
from configurator.core.view.rows import write
from configurator.core.view.what_fits_view import SECTIONS, heading, question
from configurator.core.view.words import ZH_CN
from configurator.core.what_fits_json import result_to_dict
from configurator.core.what_fits import (
    clear_what_fits_memo,
    owned_scenario,
    serving_formats,
    training_precisions,
    what_fits,
)
from configurator.core.what_fits_types import (
    INTERACTIVE_TARGETS,
    LADDER,
    ModelChoice,
    ServingTargets,
    Verdict,
    model_choice,
)

MODELS = (ModelChoice("8B", "llama3-8b"), ModelChoice("70B", "llama3-70b"), ModelChoice("405B", "llama3.1-405b"))


@pytest.fixture(scope="module", autouse=True)
def _answers_kept_within_this_module():
    clear_what_fits_memo()
    yield
    clear_what_fits_memo()


@pytest.fixture(scope="module")
def l40s(catalog):
    """8 × L40S (48 GB, no GPU-to-GPU link), the ladder's 8B, 70B and 405B, every task."""
    return what_fits(owned_scenario("l40s", 8), catalog, models=MODELS)


def row(answer, model: str, task: str, precision: str):
    return next(r for r in answer.rows if r.model.name == model and r.task.value == task and r.precision == precision)


# ---- first principles ------------------------------------------------------------------------


def test_70b_bf16_weights_need_several_cards_and_fit_on_eight(l40s):
    """Llama 3 70B in BF16 is 70.55 B × 2 B = 131 GiB of weights: more than one L40S allows
    (42.8 GiB to the engine), less than eight; the planner splits one copy over several cards,
    each holding its share of the layers (and the fullest stage its embedding matrix)."""
    r = row(l40s, "llama3-70b", "inference", "bf16")
    weights = 70_553_706_496 * 2
    assert weights / GIB == pytest.approx(131.4, abs=0.1)
    assert weights > r.usable_bytes and weights < 8 * r.usable_bytes
    assert r.fits
    par = r.estimate.scenario.parallelism
    assert par.tp * par.pp >= 4  # 131 GiB over cards of 42.8 GiB: at least 4 of them per copy
    embedding = 128_256 * 8192 * 2  # the first (or last) stage also holds the embedding (or output) matrix
    assert weights / (par.tp * par.pp) <= r.estimate.memory.weights <= weights / (par.tp * par.pp) + embedding
    assert r.memory_bytes <= r.usable_bytes


def test_405b_bf16_does_not_fit_on_eight(l40s):
    """Llama 3.1 405B in BF16 is 756 GiB of weights; 8 × 42.8 GiB is 342 GiB: no layout holds it.
    Spread over all eight cards a copy needs at least 756 / 8 = 94.5 GiB per card."""
    r = row(l40s, "llama3.1-405b", "inference", "bf16")
    weights = 405_853_388_800 * 2
    assert weights > 8 * r.usable_bytes
    assert r.verdict is Verdict.NO_FIT and not r.fits and r.serving is None
    assert r.memory_bytes >= weights / 8
    assert r.memory_bytes > r.usable_bytes


def test_8b_full_fine_tune_fits_and_70b_does_not(l40s):
    """Full fine-tuning with AdamW under PyTorch AMP keeps 16 B per parameter of states (fp32
    weights, gradients, two moments; ZeRO paper, Fig. 1): fully sharded over 8 cards that is
    16 × 8.03 B / 8 = 15 GiB per card for Llama 3 8B (fits in 47.5 GiB with its activations) and
    132 GiB for Llama 3 70B (fits no layout)."""
    small = row(l40s, "llama3-8b", "finetune", "bf16")
    assert small.verdict is Verdict.FITS
    assert 16 * 8_030_261_248 / 8 <= small.memory_bytes <= small.usable_bytes
    assert small.training.tokens == 1e9 and small.training.tokens_per_s > 0
    assert small.training.hours == pytest.approx(small.estimate.training.hours)
    large = row(l40s, "llama3-70b", "finetune", "bf16")
    assert large.verdict is Verdict.NO_FIT and large.training is None
    assert large.memory_bytes >= 16 * 70_553_706_496 / 8 > large.usable_bytes


def test_adapters_fit_where_full_fine_tuning_does_not(l40s):
    """LoRA and QLoRA freeze the base: Llama 3 70B fine-tunes on 8 × L40S with adapters."""
    for task, precision in (("lora", "bf16"), ("qlora", "nf4")):
        r = row(l40s, "llama3-70b", task, precision)
        assert r.verdict is Verdict.FITS and r.memory_bytes <= r.usable_bytes


def test_pre_training_is_timed_for_twenty_tokens_per_parameter(l40s):
    r = row(l40s, "llama3-8b", "pretrain", "bf16")
    assert r.training.tokens == pytest.approx(20 * 8_030_261_248)
    assert r.training.hours == pytest.approx(r.training.tokens / r.training.tokens_per_s / 3600, rel=0.1)


# ---- the serving search ----------------------------------------------------------------------


def test_users_held_meet_the_targets_and_ten_percent_more_do_not(l40s, catalog):
    """The users a serving row holds are checked by the estimate itself: at that load the
    deployment fits and meets both latency targets; 10 % more users (and one) miss something."""
    card = catalog.get("l40s")
    r = row(l40s, "llama3-8b", "inference", "fp8")
    s = r.serving
    assert r.verdict is Verdict.FITS and s.users > 100
    est = r.estimate
    assert est.scenario.serving.concurrency == s.users and est.fits
    assert messages_for_serving_targets(est.scenario, est.serving) == []
    assert s.ttft_s * 1000 <= INTERACTIVE_TARGETS.ttft_ms and s.tpot_s * 1000 <= INTERACTIVE_TARGETS.tpot_ms
    more = estimate(updated(est.scenario, serving={"concurrency": int(s.users * 1.1) + 1}), card)
    assert not more.fits or messages_for_serving_targets(more.scenario, more.serving)
    assert s.tokens_per_s_per_user == pytest.approx(1 / est.serving.tpot_s)
    assert s.tokens_per_s == pytest.approx(est.serving.tokens_per_s)
    assert s.users <= s.users_in_memory


def test_a_model_too_slow_for_one_user_says_so(l40s):
    """Llama 3.1 405B in AWQ-INT4 fits on 8 × L40S (405.85 B × 4.16 bit = 196 GiB, 24.5 GiB a card
    split eight ways) and decodes within 100 ms a token, tensor parallel over PCIe; but one user's
    1,024-token prompt alone takes more than the chat's 1 s to its first token:
    2 × 403.75 B × 1,024 FLOPs at 8 × 362 TFLOP/s × 0.55 = 0.52 s of products, and 2 × 126
    all-reduces of 1,024 × 16,384 × 2 B = 33.6 MB over PCIe (2 × 7/8 of it at 31.5 GB/s × 0.75,
    plus 34 µs of latency each) = 0.63 s."""
    r = row(l40s, "llama3.1-405b", "inference", "awq-int4")
    assert r.verdict is Verdict.TOO_SLOW and r.fits
    assert r.serving.users == 0 and r.serving.limited_by.value == "ttft"
    assert r.estimate.scenario.parallelism.tp == 8
    products = 2 * 403_752_042_496 * 1024 / (8 * 362e12 * 0.55)
    allreduce = 2 * 7 / 8 * 1024 * 16384 * 2 / (31.504e9 * 0.75) + 34e-6
    assert products == pytest.approx(0.519, abs=0.001) and 2 * 126 * allreduce == pytest.approx(0.635, abs=0.001)
    assert r.estimate.serving.idle_ttft_s >= products + 2 * 126 * allreduce > INTERACTIVE_TARGETS.ttft_ms / 1000
    assert r.serving.ttft_s * 1000 > INTERACTIVE_TARGETS.ttft_ms
    assert r.serving.tpot_s * 1000 < INTERACTIVE_TARGETS.tpot_ms


def test_70b_in_bf16_is_served_tensor_parallel_over_pcie(l40s):
    """Without a GPU-to-GPU link the eight L40S all-reduce over PCIe, as vLLM and SGLang do
    (NCCL): Llama 3 70B in BF16 runs tensor parallel (two copies over four cards each since the
    prefill efficiency was fitted, 0.921; one over all eight before, at 0.85), each card reading
    1/4 of the 141 GB of weights per token, and serves chat users within 100 ms a token, where
    pipeline stages (every weight read on one card at a time, 141 GB at 864 GB/s × 0.88 × 0.9 =
    206 ms a token) could not serve even one."""
    r = row(l40s, "llama3-70b", "inference", "bf16")
    assert r.verdict is Verdict.FITS and r.serving.users >= 20
    par = r.estimate.scenario.parallelism
    assert par.tp in (4, 8) and par.pp == 1
    assert r.serving.tpot_s * 1000 <= INTERACTIVE_TARGETS.tpot_ms
    assert 70_553_706_496 * 2 / (864e9 * 0.88 * 0.9) > 0.2


def test_looser_targets_hold_more_users(catalog):
    base = owned_scenario("l40s", 8)
    models = (ModelChoice("70B", "llama3-70b"),)
    strict = what_fits(base, catalog, models=models, tasks=(Workload.INFERENCE,))
    loose = what_fits(base, catalog, ServingTargets(10_000, 300, 90), models, (Workload.INFERENCE,))
    for a, b in zip(strict.rows, loose.rows, strict=True):
        assert b.serving.users >= a.serving.users
    assert row(loose, "llama3-70b", "inference", "bf16").serving.users > 0


# ---- what is asked ---------------------------------------------------------------------------


def test_formats_and_precisions_follow_what_the_card_computes(catalog):
    assert serving_formats(catalog.get("h100-sxm")) == (WeightFormat.BF16, WeightFormat.FP8, WeightFormat.AWQ_INT4)
    assert serving_formats(catalog.get("a100-sxm-80gb")) == (WeightFormat.BF16, WeightFormat.INT8,
                                                             WeightFormat.AWQ_INT4)
    assert WeightFormat.NVFP4 in serving_formats(catalog.get("b200"))
    assert serving_formats(catalog.get("v100-sxm-32gb"))[0] is WeightFormat.FP16
    assert training_precisions(catalog.get("h100-sxm"), Workload.FINETUNE) == ("bf16", "fp8")
    assert training_precisions(catalog.get("a100-sxm-80gb"), Workload.PRETRAIN) == ("bf16",)
    assert training_precisions(catalog.get("h100-sxm"), Workload.LORA) == ("bf16",)
    assert training_precisions(catalog.get("h100-sxm"), Workload.QLORA) == ("nf4",)


def test_every_model_task_and_precision_has_one_row(l40s, catalog):
    card = catalog.get("l40s")
    per_model = sum(len(training_precisions(card, t)) for t in Workload if t.is_training) + len(serving_formats(card))
    assert len(l40s.rows) == len(MODELS) * per_model
    assert [r.model for r in l40s.rows[::per_model]] == list(MODELS)


def test_model_choices_name_presets_or_sizes():
    assert model_choice("qwen2.5-72b").preset_id == "qwen2.5-72b"
    assert model_choice("70B").preset_id == "llama3-70b"  # within 10 % of Llama 3 70B
    assert model_choice("32B").preset_id == "qwen2.5-32b"  # a preset since December 2026
    built = model_choice("40B")
    assert built.preset_id is None and built.architecture().total_params() == pytest.approx(40e9, rel=0.05)
    for bad in ("llama9", "1e20", ""):
        with pytest.raises(ValueError):
            model_choice(bad)
    assert [c.size for c in LADDER][:3] == ["1B", "3B", "8B"]
    assert all(c.architecture().total_params() > 0 for c in LADDER)
    assert all(c.preset_id for c in LADDER)  # every rung a named model (the 32B rung was a nameless shape)
    assert next(c for c in LADDER if c.size == "32B").preset_id == model_choice("32B").preset_id


def test_an_answer_is_kept(catalog, l40s):
    again = what_fits(owned_scenario("l40s", 8), catalog, models=MODELS)
    assert again is l40s
    other = what_fits(owned_scenario("l40s", 4), catalog, models=MODELS[:1], tasks=(Workload.LORA,))
    assert other is not l40s and other.count == 4


def test_progress_sees_the_rows_as_they_come(catalog):
    seen = []
    answer = what_fits(owned_scenario("a10", 2), catalog, models=MODELS[:1], tasks=(Workload.LORA, Workload.QLORA),
                       progress=seen.append)
    assert [len(rows) for rows in seen] == [1, 2] and seen[-1] == answer.rows


def test_the_json_holds_every_row_with_its_units(l40s):
    data = json.loads(json.dumps(result_to_dict(l40s), allow_nan=False))
    assert data["card"] == {"id": "l40s", "name": "L40S", "count": 8, "cards_per_node": 8}
    assert data["serving"]["targets"] == {"ttft_ms": 1000.0, "tpot_ms": 100.0, "percentile": 90}  # the chat use's
    assert len(data["rows"]) == len(l40s.rows)
    fp8 = next(r for r in data["rows"] if r["model"] == "llama3-8b" and r["precision"] == "fp8"
               and r["task"] == "inference")
    assert fp8["fits"] and fp8["serving"]["users"] > 100 and fp8["layout"]["copies"] >= 1
    assert set(fp8["serving"]) == {"users", "users_in_memory", "limited_by", "tokens_per_s_per_user",
                                   "tokens_per_s", "ttft_s", "tpot_s"}
    no_fit = next(r for r in data["rows"] if r["model"] == "llama3.1-405b" and r["task"] == "pretrain")
    assert no_fit["verdict"] == "no-fit" and no_fit["layout"] is None and no_fit["memory_gib"] > no_fit["usable_gib"]


# ---- the view --------------------------------------------------------------------------------


def _label_ids(value) -> list[str]:
    from configurator.core.view.rows import Amount, Phrase

    if isinstance(value, Phrase):
        return [value.template, *(i for v in value.params.values() for i in _label_ids(v))]
    if isinstance(value, str) and not isinstance(value, Amount):
        return [value]
    return []


def test_every_label_of_the_view_has_chinese(l40s):
    names = {model_name(r.model.name) for r in l40s.rows} | {l40s.card.name}
    same_in_chinese = {"{n} B", "BF16", "FP8", "AWQ INT4", "p90", "vLLM", "{p0} · {p1} · {p2}",
                       "{p0} · {p1} · {p2} · {p3}"}  # sizes, format and engine names, layouts joined
    ids = [heading(l40s), *question(l40s)]
    for _title, columns in SECTIONS:
        table = columns(l40s)
        ids += [_title, *table.headings, *(v for line in table.rows for v in line)]
    missing = {i for value in ids for i in _label_ids(value)} - set(ZH_CN) - names - same_in_chinese
    assert missing == set()


def test_the_tables_name_models_as_published(l40s):
    """'Llama 3 8B', not the preset id 'llama3-8b' the Chinese dialog showed (session 28)."""
    for language in ("en", "zh_CN"):
        for _title, columns in SECTIONS:
            shown = {write(line[0], language) for line in columns(l40s).rows}
            assert shown == {"Llama 3 8B", "Llama 3 70B", "Llama 3.1 405B"}


def test_the_tables_say_the_units(l40s):
    for language in ("en", "zh_CN"):
        serving = dict(SECTIONS)["Serving"](l40s)
        line = [write(v, language) for v in serving.rows[1]]  # Llama 3 8B, FP8
        assert "GiB" in line[4] and line[7].endswith("tokens/s" if language == "en" else "词元/秒")
        assert line[10].endswith("ms")
    assert write(heading(l40s), "zh_CN") == "8 × L40S 能运行什么"


# ---- the command line ------------------------------------------------------------------------


def test_cli_prints_both_tables_in_english_and_chinese(capsys):
    assert main(["what-fits", "--owned", "l40s:8", "--models", "8B,405B", "--tasks", "finetune,qlora,inference"]) == 0
    out = capsys.readouterr().out
    assert out.startswith("What fits on 8 × L40S")
    assert "Training and fine-tuning" in out and "Serving" in out and "Users within the targets" in out
    assert "Llama 3.1 405B" in out and "does not fit" in out and "tokens/s" in out and "GiB of" in out
    assert main(["what-fits", "--owned", "l40s:8", "--models", "8B", "--tasks", "inference", "--lang", "zh_CN"]) == 0
    zh = capsys.readouterr().out
    assert zh.startswith("8 × L40S 能运行什么") and "推理服务" in zh
    assert "满足目标的用户数" in zh and "词元/秒" in zh


def test_cli_json_with_stated_load_and_targets(capsys):
    assert main(["what-fits", "--owned", "h100-sxm:8", "--models", "llama3-70b", "--tasks", "inference",
                 "--prompt-tokens", "6000", "--output-tokens", "1000", "--tpot-ms", "50", "--ttft-ms", "3000",
                 "--latency-percentile", "99", "--json"]) == 0
    data = json.loads(capsys.readouterr().out)
    assert data["serving"]["context"] == 7000  # the context follows a prompt and answer longer than 4,096
    assert data["serving"]["targets"] == {"ttft_ms": 3000.0, "tpot_ms": 50.0, "percentile": 99}
    rows = data["rows"]
    assert [r["precision"] for r in rows] == ["bf16", "fp8", "awq-int4"]
    assert all(r["fits"] for r in rows) and all(r["serving"]["tpot_s"] <= 0.05 for r in rows if r["serving"]["users"])


@pytest.mark.parametrize(("argv", "says"), [
    (["--owned", "l40s"], "--owned takes ID:COUNT"),
    (["--owned", "l40s:eight"], "--owned takes ID:COUNT"),
    (["--owned", "l40s:0"], "--owned: 0 cards is outside the range 1 to 1,000,000 cards"),
    (["--owned", "nosuchcard:8"], "--owned:"),
    (["--owned", "l40s:8", "--models", "llama9"], "--models: 'llama9' is neither"),
    (["--owned", "l40s:8", "--tasks", "trainig"], "--tasks: unknown task 'trainig'"),
    (["--owned", "l40s:8", "--seq", "0"], "--seq"),
    (["--owned", "l40s:2000000"], "--owned: 2,000,000 cards is outside"),
])
def test_cli_refuses_bad_input_in_one_line(capsys, argv, says):
    assert main(["what-fits", *argv]) == 2
    err = capsys.readouterr().err
    assert says in err and err.count("\n") == 1


def test_cli_help_names_the_command(capsys):
    with pytest.raises(SystemExit):
        main(["what-fits", "--help"])
    out = capsys.readouterr().out
    assert "--owned ID:COUNT" in out and "--tpot-ms" in out and "--context" in out
    assert "(default here: 90)" in out and "(default 50)" not in out  # this command's percentile


def test_owned_scenario_keeps_the_question(catalog):
    like = updated(owned_scenario("h100-sxm", 8), training={"tokens": 3e9}, economics={"currency": "CNY",
                                                                                        "usd_to_currency": 7.1})
    base = owned_scenario("l40s", 4, like=like)
    assert (base.card_id, base.count, base.training.tokens, base.economics.currency) == ("l40s", 4, 3e9, "CNY")
    assert base.training.seq_len == 4096 and preset("llama3-8b") == owned_scenario("a10", 1).model


def test_the_serving_load_follows_what_is_given():
    from pydantic import ValidationError

    from configurator.core.what_fits import with_serving_load

    base = owned_scenario("l40s", 8)
    load = lambda **given: (lambda s: (s.context, s.prompt_tokens, s.output_tokens))(  # noqa: E731
        with_serving_load(base, **given).serving)
    assert load() == (1280, 1024, 256)  # the context not given follows the prompt and the answer
    assert load(context=100) == (100, 80, 20)  # both shrink in their 4:1 ratio
    assert load(prompt_tokens=6000) == (6256, 6000, 256)  # the context grows to hold them
    assert load(context=1000, prompt_tokens=900) == (1000, 900, 100)
    assert load(context=1000, output_tokens=900) == (1000, 100, 900)
    with pytest.raises(ValidationError):
        with_serving_load(base, context=1000, prompt_tokens=990, output_tokens=20)


def test_cards_no_planned_copy_divides_are_used_in_part(catalog):
    """24 H100 hold Llama 3.1 405B in BF16 (756 GiB against 24 × 71.3 GiB), but every copy the
    serving planner tries on 24 is 8 cards (too small); 16 of them make one copy of TP 8 × PP 2."""
    answer = what_fits(owned_scenario("h100-sxm", 24), catalog, models=(ModelChoice("405B", "llama3.1-405b"),),
                       tasks=(Workload.INFERENCE,))
    r = row(answer, "llama3.1-405b", "inference", "bf16")
    assert r.fits and r.cards_used == 16 and r.estimate.scenario.count == 16
    par = r.estimate.scenario.parallelism
    assert par.tp * par.pp == 16
    assert "on 16 of the cards" in write(dict(SECTIONS)["Serving"](answer).rows[0][5])
    assert result_to_dict(answer)["rows"][0]["cards_used"] == 16
    assert row(answer, "llama3.1-405b", "inference", "fp8").cards_used is None  # 3 copies of 8: all 24


def test_a_global_batch_that_does_not_split_takes_the_nearest_that_does(catalog):
    """The default 4 M-token batch (1,024 sequences of 4,096) does not split over 1,000 cards; the
    row is planned at the nearest batch that does, not reported as not fitting."""
    answer = what_fits(owned_scenario("h100-sxm", 1000), catalog, models=(ModelChoice("8B", "llama3-8b"),),
                       tasks=(Workload.FINETUNE,))
    r = answer.rows[0]
    assert r.verdict is Verdict.FITS
    batch = r.estimate.scenario.global_batch_tokens
    assert batch % 4096 == 0 and (batch // 4096) % r.estimate.scenario.data_parallel == 0
    assert abs(batch - 4 * 2**20) <= 1000 * 4096
