"""The rows of the H200 rig's measurements (``benchmarks/data/h200-calibration.jsonl``) and its
measured ceilings, as accuracy rows: read by :mod:`accuracy` (split from it, 2026-12-02)."""

from __future__ import annotations

import json
from collections.abc import Container, Iterator
from pathlib import Path

from accuracy_base import CATALOG, H100_GRID, H200_ENGINE, H200_GRID, H200_RIG, Row, part_of_the_benchmark, scenario
from configurator.core.architecture import preset
from configurator.core.estimate import estimate
from configurator.core.workloads.serving.memory import serving_memory_model
from configurator.core.precision import plan_serving_precision
from configurator.core.prefill_time import prefill_seconds
from configurator.core.serving_speed import decode_step_seconds
from configurator.core.units import GIB

PREFILL_MEMORY_KIND = "prefill-memory"
"""The kind of the prefill rows' transient working set (the peak over the weights of one forward pass):
a few per cent of the card, so apart from ``memory`` (whole-card totals against its ±10 % target)."""

GRID_SCRIPT = "benchmarks/gpu_grid.py"
"""The provenance ``script`` of the prepared grid's rows."""


def rig_of(row: dict) -> str:
    """A rig row's source prefix in its key (``h200:``, ``h100:``): the card's model."""
    return card_of(row).split("-")[0]


def source_of(row: dict) -> str:
    """The publication a rig row belongs to: the grid's runs on the H100 (held out), the grid's runs on
    the H200 or the first campaign."""
    if card_of(row) == "h100-sxm":
        return H100_GRID
    return H200_GRID if row.get("provenance", {}).get("script") == GRID_SCRIPT else H200_RIG


def logits_kept_bytes(row: dict, vocab: int) -> float:
    """The 16-bit logits a training row's loop kept referenced through the backward [B]: the grid's
    first two runs held them in a local (``gpu_grid_torch.train``: ``logits = model(...)`` alive until the
    step ends), where torchtitan deletes them before the backward (``train.py``: ``del pred``) and the
    estimator's eager loss counts none (``layer_activations.logits_bytes_per_token``). ``b·s·V·2``: the measured peak
    sits at the loss's backward, after the forward, so they are in it (the phase figures of the second
    run: 3.92 GiB of logits among the allocations after the 1B forward at 16k tokens). 0 for rows that
    say they deleted them (``logits_kept`` false) and the first campaign's rows."""
    return float(row["b"] * row["s"] * vocab * 2) if logits_kept(row) else 0.0


def logits_kept(row: dict) -> bool:
    """Whether a training row's loop kept its 16-bit logits through the backward: as the row says, else
    the grid's first two runs did and the first campaign's rows did not."""
    return row.get("logits_kept", source_of(row) == H200_GRID)


CALIBRATION_FILE = Path(__file__).resolve().parent / "data" / "h200-calibration.jsonl"

RIG_CARDS = {"NVIDIA H200": "h200-sxm", "NVIDIA H100 80GB HBM3": "h100-sxm"}
"""The device name torch reports on a rig (``torch.cuda.get_device_name``, the rows' ``provenance.device``)
→ the catalog card it is: the H200 SXM of the calibration, the H100 SXM of the held-out grid of 2026-12-05
(``h100-grid-2026-12-05*.jsonl``; its ``nvidia-smi`` line says 700 W, SXM)."""


def card_of(row: dict) -> str:
    """The catalog id of the card a rig row was measured on: as its provenance names the device, else
    the H200 (the first campaign's rows carry no provenance; all were measured on the H200)."""
    device = (row.get("provenance") or {}).get("device")
    return RIG_CARDS[device] if device else "h200-sxm"


def train_recompute(row: dict) -> str:
    """A training row's recomputation: the grid's rows name it, the first campaign's say ``ckpt``."""
    return row.get("recompute") or ("full" if row.get("ckpt") else "none")


def train_label(row: dict) -> str:
    """A training row's label (its accuracy row id without the source): shape (the 1B unnamed), batch,
    sequence, mode, recomputation (``ckpt`` = full) and optimizer."""
    recompute = train_recompute(row)
    policy = row.get("selective_policy") or ""
    how = {"none": "", "full": " ckpt"}.get(recompute, f" {recompute} {policy}".rstrip())
    shape = "" if row["model"] == "llama3.2-1b" else f"{row['model']} "
    adapter = f" lora r{row['lora']}" if row.get("lora") else ""
    freed = " logits-freed" if row.get("logits_kept") is False else ""  # the grid's loop from its LoRA run on
    expandable = " expandable-segments" if row.get("alloc") == "expandable" else ""
    return f"train {shape}b{row['b']} s{row['s']} {row['mode']}{adapter}{how} {row['opt']}{freed}{expandable}"


def decode_rows(path: Path = CALIBRATION_FILE) -> tuple[str, ...]:
    """Keys (the rig's prefix, ``h200:`` or ``h100:``, + label) of every decode row in ``path`` that ran (as
    :func:`h200_rows`: one out of memory or in error measured nothing)."""
    rows = (json.loads(line) for line in path.read_text().splitlines())
    return tuple(f"{rig_of(r)}:decode {r['model']} b{r['b']} ctx{r['ctx']}" for r in rows
                 if r["case"] == "decode" and not r.get("oom") and not r.get("error"))


def reserve_rows(recomputes: bool, path: Path = CALIBRATION_FILE) -> tuple[str, ...]:
    """Keys (``h200:`` + label) of the training rows whose reserve is their own, with recomputation or
    without: the caching allocator at its defaults (not expandable segments), the run neither out of
    memory nor the SGD run (its reserved figure is the run before it's to the byte: cached segments carried
    over, ``h200_rows``); LoRA runs check the reserve, they do not set it."""
    out = []
    for line in path.read_text().splitlines():
        r = json.loads(line)
        if r["case"] != "train" or r.get("oom") or r.get("error") or r.get("alloc", "default") != "default":
            continue
        if r["opt"] != "sgd" and not r.get("lora") and (train_recompute(r) != "none") == recomputes:
            out.append(f"h200:{train_label(r)}")
    return tuple(out)


_H200_MODES = {"amp_bf16": ("torch-amp", "bf16"), "bf16": ("pure", "bf16"), "fp32": ("torch-amp", "fp32")}


def h200_rows(path: Path, cases: Container[str] = ("train", "prefill", "decode")) -> Iterator[Row]:
    """The rows of the rig measurements in ``path`` (of the measurement ``cases`` given only), each
    predicted on the card its row names (:func:`card_of`)."""
    previous_reserved: dict[int, tuple[str, float]] = {}
    for line in path.read_text().splitlines():
        r = json.loads(line)
        if r["case"] not in cases or r.get("oom") or r.get("error"):  # a case that did not run measured nothing
            continue
        card_id = card_of(r)
        card = CATALOG.get(card_id)
        if r["case"] == "train":
            recipe, precision = _H200_MODES[r["mode"]]
            # rows of benchmarks/gpu_grid.py name their recomputation and selective policy; older ones say ckpt
            recompute = train_recompute(r)
            policy = {"selective_policy": r["selective_policy"]} if r.get("selective_policy") else {}
            # a LoRA row: rank-r adapters on every block linear over a frozen base in the math precision
            adapter = {"lora_rank": r["lora"], "lora_targets": "all-linear"} if r.get("lora") else {}
            s = scenario(preset(r["model"]), card_id, 1, workload="lora" if adapter else "pretrain",
                         precision=precision,
                         training={"micro_batch": r["b"], "seq_len": r["s"], "recipe": recipe, "optimizer": r["opt"],
                                   "recompute": recompute, **policy, "loss": "eager", **adapter})
            est = estimate(s, card)
            label = train_label(r)
            kept = logits_kept_bytes(r, s.model.vocab)
            reserve = (s.assumptions.allocator_overhead if recompute == "none"
                       else s.assumptions.allocator_overhead_recompute)
            # the process holds no more than the card when the run fits, the kept logits counted (MemoryBreakdown.held)
            held = est.memory.total + kept * (1.0 + reserve)
            if est.memory.fit_total + kept * (1.0 + s.assumptions.allocator_overhead) <= est.memory.budget:
                held = min(held, est.memory.budget)
            reserved = held - s.assumptions.cuda_context_gib * GIB
            peak = (est.memory.total - est.memory.overhead + kept) / GIB
            source = source_of(r)
            group = f"{r['mode']} {r['opt']}, recompute {recompute}"
            # A process's caching allocator keeps its segments from one run to the next unless emptied:
            # a run whose reserved figure equals an earlier run's to the byte, with a lower peak of its
            # own, measured that earlier run's reserve. It is compared with the larger of the two
            # predictions (the measurement procedure, not a constant), and says so.
            inherited = previous_reserved.get(r.get("reserved"))
            note = ""
            if inherited and r["peak"] < r["reserved"]:
                earlier_label, earlier_prediction = inherited
                note = (f"reserved equals the '{earlier_label}' run's to the byte with a lower peak (cached segments "
                        f"carried over): compared with the larger prediction; its own is {reserved / GIB:.2f} GiB")
                reserved = max(reserved, earlier_prediction)
            if "reserved" in r:
                previous_reserved.setdefault(r["reserved"], (label, reserved))
            if kept:
                kept_note = f"the loop kept its 16-bit logits, {kept / GIB:.2f} GiB, counted"
                note = "; ".join(filter(None, (note, kept_note)))
            if r.get("alloc", "default") == "default":  # expandable segments: another allocator, not this reserve
                yield Row(rig_of(r), label, "memory", "reserved GiB", reserved / GIB, r["reserved"] / GIB, note,
                          group=group, peak=(peak, r["peak"] / GIB), publication=source)
            yield Row(rig_of(r), label, "train-throughput", "tokens/s", est.training.tokens_per_s, r["tokens_per_s"],
                      publication=source)
        elif r["case"] == "prefill":
            # one forward pass over all b prompts at once (benchmarks/gpu_grid_torch.py): a step whose token
            # budget holds b·s tokens, the b prompts prefilled together
            s = scenario(preset(r["model"]), card_id, 1, workload="inference",
                         serving={"context": r["s"] + 1, "prompt_tokens": r["s"], "output_tokens": 1,
                                  "concurrency": r["b"], "max_batched_tokens": r["b"] * r["s"], **H200_ENGINE})
            plan = plan_serving_precision(card, s.precision)
            label = f"prefill {r['model']} b{r['b']} s{r['s']}"
            yield Row(rig_of(r), label, "prefill", "s", prefill_seconds(s, card, plan, r["s"], r["b"]), r["seconds"],
                      publication=source_of(r))
            working = serving_memory_model(s, card, plan).working_set(s.sequences_per_replica)
            yield Row(rig_of(r), label, PREFILL_MEMORY_KIND, "activations GiB", working / GIB,
                      r["peak_minus_weights"] / GIB, "transient prefill working set", publication=source_of(r))
        elif r["case"] == "decode":
            s = scenario(preset(r["model"]), card_id, 1, workload="inference",
                         serving={"context": r["ctx"] + 1, "prompt_tokens": r["ctx"], "output_tokens": 1,
                                  "concurrency": r["b"], **H200_ENGINE})
            plan = plan_serving_precision(card, s.precision)
            seconds, _ = decode_step_seconds(s, card, plan, r["b"], r["ctx"])
            yield Row(rig_of(r), f"decode {r['model']} b{r['b']} ctx{r['ctx']}", "decode", "s/step", seconds,
                      r["seconds"],
                      "plain PyTorch + CUDA graphs; the first campaign's two set the transformers profile",
                      publication=source_of(r))


def h200_ceilings(path: Path) -> list[tuple[str, float, float]]:
    """Measured ceilings vs datasheet (context for the default efficiencies)."""
    h200, out = CATALOG.get("h200-sxm"), []
    rates = {"bf16": h200.bf16_tflops, "fp16": h200.fp16_tflops, "tf32": h200.tf32_tflops, "fp32": h200.fp32_tflops,
             "fp8_e4m3": h200.fp8_tflops}
    for line in path.read_text().splitlines():
        r = json.loads(line)
        if r["case"] == "matmul" and r["dtype"] in rates:
            out.append((f"matmul {r['dtype']} [TFLOP/s]", r["TFLOPS"], rates[r["dtype"]]))
        elif r["case"] == "copy_bw":
            out.append(("copy bandwidth [GB/s]", r["GBps"], h200.bandwidth_gbps))
    return out


# ---- published results --------------------------------------------------------------------


if __name__ == "__main__":
    part_of_the_benchmark(__doc__)
