"""The ranking says the job it answers (session 48, jobline48): ``recommend`` prints one job line first, in
English and Chinese (the model, the token budget or the load, the constraints set, the budget, region and
deadline left open, each default said as one), its JSON carries the same as ``job``, and the window's ranking
panel heads its table with the same line (core/view/job_view.job_line). Until December 2026 a ranking headed
"Time for the token budget" never said which budget: a fine-tune's default 1 B tokens when --tokens was not typed."""

from __future__ import annotations

import contextlib
import io
import json

from configurator.cli import main


def _run(*argv: str) -> str:
    """stdout of the command line run with ``argv`` (exit status 0)."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out), contextlib.redirect_stderr(io.StringIO()):
        assert main(list(argv)) == 0
    return out.getvalue().replace("\xa0", " ")  # a number and its unit are held together by a no-break space


def test_recommend_names_the_default_token_budget_first():
    lines = _run("recommend", "--workload", "lora", "--limit", "2").splitlines()
    assert lines[0] == ("Job: LoRA fine-tune Llama 3 8B on 1B tokens (default model and token budget); "
                        "Not set: Budget, Delivery region, Deadline")
    assert lines[1] == ""
    assert lines[2].startswith("Ranked by ")


def test_recommend_job_line_in_chinese_with_the_constraints_set():
    first = _run("recommend", "--workload", "lora", "--model", "qwen2.5-7b", "--tokens", "2B", "--deadline", "2d",
                 "--region", "cn", "--limit", "2", "--lang", "zh_CN").splitlines()[0]
    assert first == "任务：用 20 亿词元对 Qwen 2.5 7B 进行 LoRA 微调；交付地区：中国大陆；期限：48 小时之内；未设定：预算"
    assert "毫秒" not in first


def test_recommend_job_line_of_a_serving_load_with_its_latency_targets():
    first = _run("recommend", "--workload", "inference", "--model", "llama3-70b", "--concurrency", "64",
                 "--budget", "500000", "--limit", "2").splitlines()[0]
    assert first == ("Job: Serve Llama 3 70B to 64 users at once; Latency targets: first token ≤ 1,000 ms and "
                     "≤ 100 ms per token at p90 (default for interactive chat); Budget: 500,000 USD — capex ceiling "
                     "(buying); Not set: Delivery region")


def test_recommend_json_carries_the_job():
    document = json.loads(_run("recommend", "--workload", "lora", "--budget", "300000", "--region", "other",
                               "--limit", "1", "--json"))
    job = document["job"]
    assert job["text"].startswith("Job: LoRA fine-tune Llama 3 8B on 1B tokens (default model and token budget)")
    assert (job["workload"], job["model"], job["model_default"]) == ("lora", "llama3-8b", True)
    assert (job["tokens"], job["tokens_default"]) == (1e9, True)
    assert job["region"] == "other" and "Delivery region: Elsewhere" in job["text"]
    assert [c["id"] for c in job["constraints"]] == ["budget"]
    assert job["constraints"][0]["basis"] == "capex" and job["not_set"] == ["deadline"]
