"""What an ML engineer sizing a cluster read wrong in the command line's answers (session 42)."""
from configurator.cli import main


def _out(capsys, args: list[str]) -> str:
    assert main(args) == 0
    return capsys.readouterr().out


def test_the_request_rate_verdict_says_its_rate_is_the_full_load_one_not_the_rate_within_the_targets(capsys):
    """'Carries up to 67.02 requests/s' sat under a note of '57.27 requests/s within the targets' for the
    same deployment: the verdict's rate is the capacity, latency targets aside, and now says so."""
    text = _out(capsys, ["estimate", "--workload", "inference", "--model", "llama3.1-8b", "--card", "h100-sxm",
                         "--count", "2", "--requests-per-s", "20", "--prompt-tokens", "1024", "--output-tokens",
                         "256", "--ttft-ms", "300", "--tpot-ms", "30"])
    line = next(line for line in text.splitlines() if "requests/s needed" in line)
    assert "at full load, latency targets aside" in line
    text = _out(capsys, ["estimate", "--workload", "inference", "--model", "llama3.1-8b", "--card", "h100-sxm",
                         "--count", "2", "--requests-per-s", "20", "--ttft-ms", "300", "--tpot-ms", "30",
                         "--lang", "zh_CN"])
    assert "满载时最多可处理" in text and "（不计延迟目标）" in text


def test_a_serving_layout_whose_copies_share_their_experts_names_it_as_the_engines_do(capsys):
    """'16 copies · EP 8, experts shared by 8 copies' is vLLM's --data-parallel-size 8 with
    --enable-expert-parallel and SGLang's --enable-dp-attention: the name an engineer asks by."""
    args = ["estimate", "--workload", "inference", "--model", "deepseek-v3", "--card", "h200-sxm", "--count", "16",
            "--concurrency", "64"]
    line = next(line for line in _out(capsys, args).splitlines() if line.startswith("Layout:"))
    assert "EP 8, experts shared by 8 copies (attention data parallel)" in line
    line = next(line for line in _out(capsys, [*args, "--lang", "zh_CN"]).splitlines() if "专家并行" in line)
    assert "专家并行 8，8 个副本共享专家（注意力数据并行）" in line


def test_the_recommend_json_speed_figure_carries_its_unit(capsys):
    """The Pareto front's "speed" read 0.0167 with no unit: for serving it is seconds per output token,
    for training hours for the job; each entry now names it (and the front its cost's unit)."""
    import json

    args = ["recommend", "--workload", "inference", "--model", "llama3.1-8b", "--concurrency", "16", "--json"]
    document = json.loads(_out(capsys, args))
    assert document["pareto"] and all(p["speed_unit"] == "s per output token" for p in document["pareto"])
    assert all(p["cost_unit"] == document["ranked"][0]["cost_unit"] for p in document["pareto"])
    assert all(u["speed_unit"] == "s per output token" for u in document["unpriced"])
    assert all(b["speed_unit"] == "s per output token" for b in document["below_the_line"])


def test_the_mfu_row_says_which_peak_it_is_a_share_of(capsys):
    """BF16 at 39 % against FP8 at 30 % MFU read as FP8 wasting the card: the FP8 run's share is of a
    peak twice as high. The row names the rate, the precision and that it is dense."""
    args = ["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "8",
            "--tokens", "10B"]
    rows = {p: next(line for line in _out(capsys, [*args, "--precision", p]).splitlines() if "MFU" in line)
            .replace("\N{NO-BREAK SPACE}", " ") for p in ("bf16", "fp8")}
    assert rows["bf16"].rstrip().endswith("of the 989.5 TFLOP/s BF16 dense peak")
    assert rows["fp8"].rstrip().endswith("of the 1,979 TFLOP/s FP8 dense peak")
    zh = next(line for line in _out(capsys, [*args, "--lang", "zh_CN"]).splitlines() if "MFU" in line)
    assert "BF16 稠密峰值 989.5" in zh and "TFLOP/s 的 " in zh


def test_a_pinned_tensor_parallel_degree_the_engines_refuse_is_said_with_the_nearest_they_take(capsys):
    """TP 3 on Llama 3.1 8B (32 heads) was estimated without a word; vLLM refuses to start it."""
    args = ["estimate", "--workload", "inference", "--model", "llama3.1-8b", "--card", "h100-sxm", "--count", "3",
            "--tp", "3"]
    text = _out(capsys, args)
    assert "TP 3 does not divide the 32 attention heads" in text and "the nearest that do: TP 2 or TP 4" in text
    assert "最接近的可行值：张量并行 2 或 4" in _out(capsys, [*args, "--lang", "zh_CN"])
    training = ["estimate", "--workload", "pretrain", "--model", "llama3-8b", "--card", "h100-sxm", "--count", "6",
                "--tp", "6", "--tokens", "10B"]
    assert "TP 6 does not divide the 32 attention heads" in _out(capsys, training)
    divides = ["estimate", "--workload", "inference", "--model", "llama3.1-8b", "--card", "h100-sxm", "--count", "4",
               "--tp", "4"]
    assert "attention heads" not in _out(capsys, divides)


def test_a_training_estimate_gives_the_model_flops_of_its_token_budget_to_check_by_hand(capsys):
    """6·N·T: Llama 3 70B on 2T tokens is 8.47×10²³ FLOP; with causal attention at 8,192 tokens 6 % more."""
    args = ["estimate", "--workload", "pretrain", "--model", "llama3-70b", "--card", "b200", "--count", "128",
            "--tokens", "2T", "--seq", "8192"]
    line = next(line for line in _out(capsys, args).splitlines() if "Model FLOPs for the token budget" in line)
    assert "8.98×10²³\N{NO-BREAK SPACE}FLOP (449\N{NO-BREAK SPACE}GFLOP per token)" in line
    zh = next(line for line in _out(capsys, [*args, "--lang", "zh_CN"]).splitlines() if "模型浮点运算量" in line)
    assert "（每词元 449" in zh


def test_a_card_typed_for_a_ranking_is_said_not_to_filter_it(capsys):
    """'recommend --card h100-sxm' ranked Gaudi 3 first without a word: --card names the card a typed
    price is for, and the ranking weighs every card."""
    args = ["recommend", "--workload", "lora", "--model", "llama3-8b", "--card", "h100-sxm", "--tokens", "1B",
            "--limit", "1"]
    first = _out(capsys, args).splitlines()[2]
    assert first.startswith("--card h100-sxm is not a filter: the ranking weighs every card")
    assert "--vendor or --classes" in first and "estimate --card h100-sxm" in first
    assert "不是筛选条件" in _out(capsys, [*args, "--lang", "zh_CN"]).splitlines()[2]
    priced = _out(capsys, [*args, "--card-price", "30000"])
    assert "is not a filter" not in priced
