"""The MLPerf Inference LLM benchmarks the held-out and calibration rows run (split from ``accuracy_serving.py``):
each benchmark's model, dataset prompt lengths, answer spread and Server limits, declared once
(:data:`MLPERF_BENCHMARKS`); the builders are :func:`accuracy_serving._mlperf` and
:func:`accuracy_heldout._mlperf_vllm`."""

from __future__ import annotations

import dataclasses

from configurator.core.load import MLPERF_SERVER_LIMITS

MLPERF_PROMPT_TOKENS = 222
"""Mean prompt of MLPerf's Llama 2 70B dataset [tokens]: 222.3 over its 24,576 samples (median 152,
longest 1,021; the Llama 2 chat template included), the mean of ``tok_input_length`` of
open_orca_gpt4_tokenized_llama.sampled_24576.pkl (mlcommons/inference language/llama2-70b) as
tabulated per sample in
https://github.com/openshift-psap/performance-dashboard/blob/7cd1065d1e2c53ee745cbda08e2a8f13a42c93bb/mlperf-data/summaries/llama2-70b-99.csv
(Red Hat PSAP's MLPerf dashboard, committed 2025-11-04, read 2026-12-02; 24,576 rows of input_length,
output_length; its shortest reference answer, 3 tokens, and longest prompt and answer, 1,021 and
1,016, are processorca.py's filters, ``>= 3`` and ``< 1024``). Its output_length column is the GPT-4
reference answer (mean 218.9), not what Llama 2 generates: each row's own tokens/s ÷ samples/s
(290-291 tokens) is the output length used. Loadgen issues whole permutations of the 24,576 samples
(llama2-70b ``performance_sample_count_override = 24576`` and ``sample_concatenate_permutation = 1``
in mlcommons/inference loadgen/mlperf.conf), so the dataset's mean is the run's."""
MLPERF_MEDIAN_PROMPT_TOKENS = 152
"""Median prompt of the same 24,576 samples [tokens] (the median of ``input_length`` in the same
PSAP table as :data:`MLPERF_PROMPT_TOKENS`, read 2026-12-02): the prompt a Server row's p50 TTFT is
compared at (:func:`accuracy_serving._ttft_at_prompt`)."""
MLPERF_ANSWER_SHARES = (0.0228, 0.0594, 0.1051, 0.1553, 0.2056, 0.2604, 0.3107, 0.3563, 0.4066, 0.4568, 0.5162,
                        0.5802, 0.6487, 0.7127, 0.7766, 0.8360, 0.9000, 0.9548, 1.0115, 1.0736, 1.1330, 1.2015,
                        1.2700, 1.3477, 1.4253, 1.5258, 1.6492, 1.8045, 1.9918, 2.2431, 2.6223, 3.3212)
"""The answer lengths of MLPerf's Llama 2 70B dataset as multiples of their mean, at the midpoints of 32
equal-probability bands (quantiles (j + 0.5)/32 of ``output_length`` ÷ its mean 218.9, numpy's linear rule, over the
24,576 rows of the PSAP table :data:`MLPERF_PROMPT_TOKENS` cites; median 190, 1 % of answers at most 4 tokens,
the longest 1,016): the load model's TPOT percentiles are a mixture over them
(:attr:`~configurator.core.load.StepCosts.answer_shares`; LoadGen takes the p99 over requests of each one's
``(latency − TTFT)/(tokens − 1)``). Assumed: Llama 2's own answers, whose mean each row states (tokens/s ÷
samples/s, ~290), spread as the GPT-4 reference answers do about theirs (the results publish no per-sample
lengths of Llama 2's). The 32 bands put the p99 within 0.1 % of the mixture over all 24,576 lengths at an MLPerf
row's step variance."""


@dataclasses.dataclass(frozen=True)
class MlperfBenchmark:
    """What one MLPerf Inference LLM benchmark fixes for every submission: the model, its dataset's
    prompt lengths and answer spread, and the Server scenario's p99 limits (a key of
    :data:`~configurator.core.load.MLPERF_SERVER_LIMITS`)."""

    model: str
    """The architecture preset the benchmark runs."""
    prompt_tokens: int
    """Mean prompt of the dataset [tokens]: the prompt every request is run at."""
    median_prompt_tokens: int
    """Median prompt of the dataset [tokens]: where a Server row's p50 TTFT is compared."""
    longest_prompt: int
    """Longest prompt of the dataset [tokens]: the top of the matching-prompt diagnostic's search."""
    answer_shares: tuple[float, ...]
    """The answers' lengths over their mean (:attr:`~configurator.core.load.StepCosts.answer_shares`)."""
    limits: str
    """The key of the Server scenario's limits in :data:`~configurator.core.load.MLPERF_SERVER_LIMITS`."""
    dataset: str
    """The dataset's name, for the row notes."""


MLPERF_405B_ANSWER_SHARES = (0.2892, 0.3053, 0.3111, 0.3199, 0.5623, 0.6076, 0.6193, 0.6295, 0.7317, 0.8685, 0.9274,
                             0.9669, 1.0019, 1.0297, 1.0589, 1.0866, 1.1115, 1.1334, 1.1538, 1.1757, 1.1976, 1.2166,
                             1.2298, 1.2429, 1.2575, 1.2838, 1.3159, 1.3554, 1.4050, 1.4678, 1.5394, 1.6781)
"""The answer lengths of MLPerf's Llama 3.1 405B dataset as multiples of their mean, built as
:data:`MLPERF_ANSWER_SHARES` (quantiles (j + 0.5)/32 of ``output_length`` ÷ its mean 684.7, numpy's linear rule)
over the 8,313 rows of
https://github.com/openshift-psap/performance-dashboard/blob/67033baeaac181a3a35641dd2b86a7cb22d856dd/mlperf-data/summaries/llama3-1-405b.csv
(Red Hat PSAP's MLPerf dashboard, committed 2025-11-20, read 2026-12-05; the reference answers of
mlperf_llama3.1_405b_dataset_8313_processed_fp16_eval.pkl, mlcommons/inference language/llama3.1-405b; median 753,
longest 1,830). Assumed, as for Llama 2 70B: the model's own answers (each row states their mean, ~650 tokens)
spread as the reference answers do about theirs."""
MLPERF_8B_ANSWER_SHARES = (1.0,)
"""The answers of MLPerf's Llama 3.1 8B runs all run to the generation cap: NVIDIA's
closed/NVIDIA/code/llama3_1-8b/tensorrt/generation_config.json (mlcommons/inference_results_v5.1, 965182b0) sets
``max_output_len`` 128 with ``use_stop_tokens`` false, and every submission's tokens/s ÷ samples/s is 129 (the
reference summaries' own lengths, mean 81.6, median 74, are not what the runs generate): one band, every answer
the mean."""

MLPERF_BENCHMARKS = {
    "llama2-70b": MlperfBenchmark("llama2-70b", MLPERF_PROMPT_TOKENS, MLPERF_MEDIAN_PROMPT_TOKENS, 1024,
                                  MLPERF_ANSWER_SHARES, "llama2-70b", "OpenOrca"),
    "llama3.1-405b": MlperfBenchmark("llama3.1-405b", 9429, 10112, 20000, MLPERF_405B_ANSWER_SHARES, "llama3.1-405b",
                                     "the long-context mix"),
    "llama3.1-8b": MlperfBenchmark("llama3.1-8b", 871, 784, 2540, MLPERF_8B_ANSWER_SHARES, "llama3.1-8b",
                                   "CNN/DailyMail"),
}
"""The MLPerf Inference LLM benchmarks the held-out rows run, keyed by benchmark (one place for each one's
dataset and limits; the limits themselves are :data:`~configurator.core.load.MLPERF_SERVER_LIMITS`', checked against
each run's mlperf_log_summary.txt ``ttft_latency``/``tpot_latency``: 405B 6,000/175 ms, 8B 2,000/100 ms).
Llama 2 70B: :data:`MLPERF_PROMPT_TOKENS` and its neighbours. Llama 3.1 405B: 8,313 samples (loadgen
``performance_sample_count`` 8313 in every run's summary), prompts of mean 9,428.6, median 10,112, 476 to 19,988
tokens (the input_length column of the 405B table :data:`MLPERF_405B_ANSWER_SHARES` cites; NVIDIA's engines
build ``max_input_len`` 20,000). Llama 3.1 8B: CNN/DailyMail's 13,368 validation articles
(``performance_sample_count`` 13368), prompts of mean 870.7, median 784, 79 to 2,540 tokens (input_length of
https://github.com/openshift-psap/performance-dashboard/blob/7cd1065d1e2c53ee745cbda08e2a8f13a42c93bb/mlperf-data/summaries/llama3-1-8b-datacenter.csv,
committed 2025-11-04, read 2026-12-05)."""


def limits_text(benchmark: str) -> str:
    """The Server limits of ``benchmark`` as a row's note reads them ("p99 TTFT <= 2 s and TPOT <= 200 ms")."""
    limits = MLPERF_SERVER_LIMITS[MLPERF_BENCHMARKS[benchmark].limits]
    return f"p99 TTFT <= {limits.ttft_ms / 1000:g} s and TPOT <= {limits.tpot_ms:g} ms"


if __name__ == "__main__":
    from accuracy_base import part_of_the_benchmark

    part_of_the_benchmark(__doc__)
