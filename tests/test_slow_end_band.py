"""One band per number: a verdict's slow end is an end of the likely range the same number is shown with
(session 50, slowband50; persona50b: 24 x MI300X on vLLM "likely 33.3-56.6 requests/s" beside "slow end
34.04 requests/s", the range its engine's group's, the slow end the band over every group). Both are read
through :func:`configurator.core.uncertainty.scenario_band`: the request rate's slow end is the displayed
low end, a latency's the displayed high end, in the command line's text (both languages) and its JSON;
a training job's hours, whose bands are not grouped, keep their slow end."""

from __future__ import annotations

import json
import re

import pytest
from buyer_questions import cli_text as _cli
from buyer_questions import question_scenario

from configurator.core.catalog import load_catalog
from configurator.core.estimate import estimate
from configurator.core.scenario import updated
from configurator.core.uncertainty import (
    band_for, headline_bands, scenario_band, slow_end_hours, slow_end_latency, slow_end_rate, work_group)

RATE_QUESTIONS = {
    "mi300x-vllm": ("estimate", "--workload", "inference", "--model", "llama3-70b", "--requests-per-s", "40",
                    "--card", "mi300x", "--count", "24", "--engine", "vllm"),
    "h100-trtllm": ("estimate", "--workload", "inference", "--model", "llama3-70b", "--requests-per-s", "15",
                    "--card", "h100-sxm", "--count", "8", "--engine", "tensorrt-llm", "--ttft-ms", "100000",
                    "--tpot-ms", "1000"),
}
"""Rates carried at the estimate and missed at the slow end: persona50b's 24 x MI300X on vLLM at 40 requests/s
(vLLM on ROCm's serving-throughput band), and 8 x H100 on TensorRT-LLM at 15 requests/s, latency targets loose
(TensorRT-LLM on CUDA's)."""

USERS_QUESTION = ("estimate", "--workload", "inference", "--model", "llama3-8b", "--users", "64", "--card",
                  "h100-sxm", "--count", "1", "--engine", "tensorrt-llm", "--ttft-ms", "75")
"""A users-only question on one H100 on TensorRT-LLM whose first-token target (75 ms; 70.5 ms at p90 at the
estimate) its slow end misses: the one-card prefill band of TensorRT-LLM on CUDA (high x1.084, the band over
every group x1.100)."""


def _number(text: str) -> float:
    return float(text.replace(",", ""))


@pytest.mark.parametrize("name", RATE_QUESTIONS)
def test_the_rate_slow_end_is_the_low_end_shown(name):
    data = json.loads(_cli(*RATE_QUESTIONS[name], "--json"))
    shown = data["performance"]["requests_per_s_range"]
    rate = next(c for c in data["constraints"] if c["id"] == "request-rate")
    assert rate["met"] and rate["slow_end"]["requests_per_s"] == pytest.approx(shown[0], rel=1e-3)
    text = _cli(*RATE_QUESTIONS[name])
    low = re.search(r"Requests +[\d.,]+\srequests/s \(likely ([\d.,]+)–", text).group(1)
    slow = re.search(r"slow end of the likely range \(([\d.,]+)\srequests/s\)", text).group(1)
    assert f"{_number(slow):.1f}" == low
    zh = _cli(*RATE_QUESTIONS[name], "--lang", "zh_CN")
    low_zh = re.search(r"请求速率 +[\d.,]+\s请求/秒（可能 ([\d.,]+)–", zh).group(1)
    slow_zh = re.search(r"按可能范围的慢端（([\d.,]+)\s请求/秒）", zh).group(1)
    assert f"{_number(slow_zh):.1f}" == low_zh == low


def test_the_mi300x_slow_end_reads_vllm_on_rocm():
    """persona50b's answer: the slow end the group's low end, no longer the pooled band's (34.04 requests/s)."""
    assert load_catalog().get("mi300x").software.stack == "ROCm"
    data = json.loads(_cli(*RATE_QUESTIONS["mi300x-vllm"], "--json"))
    band = data["error_bands"]["bands"]["requests_per_s"]
    assert "vLLM on ROCm" in band["note"]
    rate = data["performance"]["requests_per_s"]
    grouped = band_for("serving-throughput", rate, 24, group="vllm on ROCm").low
    pooled = band_for("serving-throughput", rate, 24).low
    slow = next(c for c in data["constraints"] if c["id"] == "request-rate")["slow_end"]["requests_per_s"]
    assert slow == pytest.approx(grouped, rel=1e-3) and grouped != pytest.approx(pooled, rel=1e-3)


def test_the_latency_slow_end_is_the_high_end_shown():
    data = json.loads(_cli(*USERS_QUESTION, "--json"))
    perf = data["performance"]
    high_share = perf["ttft_s_range"][1] / perf["ttft_s"]  # the shown range, as a share of each percentile
    ttft = next(c for c in data["constraints"] if c["id"] == "ttft")
    assert ttft["met"] and ttft["slow_end"]["ms"] == pytest.approx(ttft["actual"] * high_share, rel=1e-3)
    text = _cli(*USERS_QUESTION)
    shown = re.search(r"Time to first token .*\(likely [\d.]+\s% to ([\d.]+)\s% of each\)", text).group(1)
    slow = re.search(r"slow end of the likely range \(([\d.,]+)\sms\)", text).group(1)
    assert _number(slow) == pytest.approx(ttft["actual"] * float(shown) / 100, abs=0.06)
    zh = _cli(*USERS_QUESTION, "--lang", "zh_CN")
    assert re.search(rf"按可能范围的慢端（{re.escape(slow)}\sms）", zh)


def test_every_slow_end_reads_the_band_its_number_is_shown_with():
    """The estimate's own bands (headline_bands) and its slow ends, at the estimate's count, for a grouped
    card and engine and an ungrouped one, serving and training."""
    catalog = load_catalog()
    for card_id, engine, count in (("h100-sxm", "tensorrt-llm", 8), ("mi300x", "vllm", 24), ("h100-sxm", "vllm", 1)):
        card = catalog.get(card_id)
        scenario = question_scenario(("recommend", "--workload", "inference", "--model", "llama3-70b",
                                      "--requests-per-s", "10", "--engine", engine), catalog)
        est = estimate(updated(scenario, card_id=card_id, count=count), card)
        bands, i = headline_bands(est), est.serving
        assert slow_end_rate(i.requests_per_s, est.scenario, card) == pytest.approx(bands["requests_per_s"].low)
        assert slow_end_latency(i.ttft_s, "ttft", est.scenario, card) == pytest.approx(bands["ttft_s"].high)
        assert slow_end_latency(i.tpot_s, "tpot", est.scenario, card) == pytest.approx(bands["tpot_s"].high)
        assert work_group(est.scenario, card) == f"{engine} on {card.software.stack}"


def test_the_training_slow_end_is_unchanged():
    """Training bands are not grouped: the hours' slow end is the band over every group, as before."""
    catalog = load_catalog()
    scenario = question_scenario(("recommend", "--workload", "finetune", "--model", "llama3-70b", "--tokens", "2B",
                                  "--deadline", "1d"), catalog)
    card = catalog.get("h100-sxm")
    est = estimate(updated(scenario, card_id="h100-sxm", count=16), card)
    hours = est.training.hours
    assert work_group(est.scenario, card) is None
    assert slow_end_hours(hours, est.scenario, card) == band_for("train-throughput", hours, 16, inverse=True).high
    assert slow_end_hours(hours, est.scenario, card) == pytest.approx(headline_bands(est)["hours"].high)
    deadline = next(v for v in est.verdicts if v.id == "deadline")
    assert deadline.params["slow_hours"] == pytest.approx(headline_bands(est)["hours"].high)
    assert scenario_band("train-throughput", hours, est.scenario, card, inverse=True).group is None
