"""The measurements of the prepared grid (``gpu_grid.py``) in PyTorch, on one CUDA device.

Imported only when the grid runs (``python3 benchmarks/gpu_grid.py``): it needs torch and a GPU.
The model (``gpu_grid_model.py``) is written the way ``benchmarks/data/README.md`` describes the
calibration rows' model: RMSNorm computed in fp32, rotary embeddings, ``scaled_dot_product_attention``
(causal; flash, cuDNN or memory-efficient kernels only, never the math fallback), SwiGLU MLP, separate
q, k, v, o, gate, up and down projections (torchtitan's layout, whose per-op selective recomputation
counts them in that order). Values are random: a timing needs the shapes, not the weights.
"""

from __future__ import annotations

import datetime
import gc
import hashlib
import json
import os
import statistics
import subprocess
import time
from pathlib import Path

from gpu_grid_work import part_of_the_grid

if __name__ == "__main__":  # a part of the grid, not a tool of its own (and torch may be absent)
    part_of_the_grid(__doc__)

import torch  # noqa: E402
import torch.nn.functional as F  # noqa: E402
from torch.nn.attention import sdpa_kernel  # noqa: E402

import gpu_grid_model as rig  # noqa: E402 - the model measured, and DEVICE
import gpu_grid_time as timing  # noqa: E402
import gpu_grid_work as work  # noqa: E402
from gpu_grid_model import SDPA_BACKENDS, Llama, add_lora, build, decode_layer, probe  # noqa: E402

MEASURED = {
    "gemm": "y = x·Wᵀ, x [m×k] and W [n×k] random normal; bf16: torch.mm(x, W.t()); fp8_e4m3: "
            "torch._scaled_mm with per-tensor fp32 scales, bf16 output, use_fast_accum=False (its default); "
            "W rotated over `copies` copies (≥ 4× the 60 MB L2); after 3 warm-up products the `reps` products "
            "are captured in one CUDA graph (`timing`: 'cuda graph'; 'eager' where capture failed) and replayed "
            "once to warm; seconds = CUDA-event time of one more replay / reps",
    "prefill": "forward of the whole model (random bf16 weights) over b×s prompt tokens under torch.inference_mode, "
               "logits of the last position only, no KV cache kept; seconds = median of 3 CUDA-event-timed "
               "passes after 1 warm-up; peak_minus_weights = max_memory_allocated during the passes minus "
               "memory_allocated before them (weights and token ids)",
    "train": "training steps of the model (fp32 parameters, bf16 autocast, loss = cross-entropy on fp32-upcast "
             "logits of every position (the 16-bit logits deleted before the backward; kept by the runs of 2026-12-04, "
             "rows without logits_kept), tied embeddings, torch.optim.AdamW(fused=True), zero_grad(set_to_none=True)); "
             "recompute full = every block under torch.utils.checkpoint (non-reentrant), selective = torchtitan's "
             "per-op policy (save mm outputs except every second one and the SDPA kernels' outputs); allocator "
             "emptied and peak statistics reset before the model is built; peak = max_memory_allocated and reserved "
             "= max_memory_reserved over 1 warm-up and 3 timed steps; step_s = median of the timed steps",
}
MEASURED["memory"] = (MEASURED["train"] + "; the second campaign (--only memory): 1 warm-up and 2 timed steps; "
                      "alloc 'expandable' = torch.cuda.memory._set_allocator_settings('expandable_segments:True') "
                      "before the model is built; mem_after_forward = memory_allocated once the logits exist, "
                      "mem_after_loss = once the loss on fp32 logits exists (warm-up step); allocator = counters "
                      "of torch.cuda.memory_stats() at the end")
MEASURED["reserve"] = MEASURED["memory"]
MEASURED["lora"] = (MEASURED["memory"].split("; the second campaign")[0] + "; LoRA (--only lora): the model built "
                    "in bf16 and frozen (embedding, norms, every weight), each block linear wrapped as base(x) + "
                    "B·(A·x)·alpha with fp32 A [r×in] (normal/r) and B [out×r] (zeros), no dropout; "
                    "AdamW(fused) over "
                    "A and B alone; 1 warm-up and 2 timed steps; model_flops = 2 forwards (+ the layers' forward "
                    "under full recomputation)")
MEASURED["nearlimit"] = (MEASURED["memory"].split("; the second campaign")[0] + "; near the card (--only nearlimit): "
                         "1 warm-up and 1 timed step at the default allocator, s chosen so the estimator's peak "
                         "(predicted_peak) is `target` of the device's total_memory; oom = the step ran out of "
                         "memory; allocator = counters of torch.cuda.memory_stats() at the end")
MEASURED["shortprefill"] = (
    MEASURED["prefill"].replace("3 CUDA-event-timed passes after 1", "5 CUDA-event-timed passes after 2")
    + "; short prompts (--only shortprefill): graph true = the forward captured in one CUDA graph (after a "
      "side-stream warm-up), each timed pass a replay (`timing`); peak_minus_weights includes the graph's memory pool")
MEASURED["decode"] = ("one decode step of the whole model (random bf16 weights, torch.inference_mode): b sequences "
                      "of one new token each over a full static bf16 KV cache of ctx tokens (random values; the new "
                      "K and V written into its last slot), SDPA without a mask (flash/cuDNN/efficient kernels), "
                      "logits of the new token; after 3 warm-up steps (the last on a side stream) the step is captured in one "
                      "CUDA graph, "
                      "replayed once to warm, then `reps` replays CUDA-event timed: seconds = their time / reps; "
                      "min_bytes = bf16 weights read once (layers' matmuls and the head) + kv_bytes")
"""What exactly each kind of row measured (every row's ``provenance.measured``)."""

# ---- measurements ----------------------------------------------------------------------------


def timed(fn, repeats: int) -> list[float]:
    """CUDA-event times of ``repeats`` calls of ``fn``, one each [s]."""
    out = []
    for _ in range(repeats):
        start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
        start.record()
        fn()
        end.record()
        end.synchronize()
        out.append(start.elapsed_time(end) / 1e3)
    return out


class Gemm:
    """GEMM cases; keeps the weight copies of the last (dtype, n, k) between its m."""

    def __init__(self):
        self.key, self.weights = None, []

    def __call__(self, p: dict) -> dict:
        fp8 = p["dtype"] == "fp8_e4m3"
        key = (p["dtype"], p["n"], p["k"], p["copies"])
        if key != self.key:
            self.weights = []
            free()
            self.weights = [random((p["n"], p["k"]), fp8) for _ in range(p["copies"])]
            self.key = key
        x = random((p["m"], p["k"]), fp8)
        one = torch.tensor(1.0, device=rig.DEVICE)
        if fp8:
            def op(w):
                return torch._scaled_mm(x, w.t(), scale_a=one, scale_b=one, out_dtype=torch.bfloat16)
        else:
            def op(w):
                return torch.mm(x, w.t())
        for i in range(3):
            op(self.weights[i % len(self.weights)])
        reps, weights = p["reps"], self.weights

        def run():
            for i in range(reps):
                op(weights[i % len(weights)])

        replay, how = replayed(run)
        seconds = timed(replay, 1)[0] / reps
        flops = 2.0 * p["m"] * p["n"] * p["k"]
        moved = work.gemm_bytes(p["m"], p["n"], p["k"], 1.0 if fp8 else 2.0)
        return {"seconds": seconds, "TFLOPS": flops / seconds / 1e12, "GBps": moved / seconds / 1e9, "timing": how}


def replayed(run):
    """``run`` captured in one CUDA graph and warmed by a replay, so its kernels run back to back
    without Python or launch gaps (a decode-sized product takes a few µs), with ``"cuda graph"``;
    ``run`` itself with ``"eager"`` where capture fails or the device is not CUDA."""
    if rig.DEVICE != "cuda":
        return run, "eager"
    try:
        side = torch.cuda.Stream()
        side.wait_stream(torch.cuda.current_stream())
        with torch.cuda.stream(side):  # PyTorch's advice: warm up on a side stream before capture
            run()
        torch.cuda.current_stream().wait_stream(side)
        graph = torch.cuda.CUDAGraph()
        with torch.cuda.graph(graph):
            run()
        graph.replay()
        return graph.replay, "cuda graph"
    except RuntimeError:
        torch.cuda.synchronize()
        return run, "eager"


def random(size, fp8: bool):
    t = torch.randn(size, device=rig.DEVICE, dtype=torch.bfloat16)
    return t.to(torch.float8_e4m3fn) if fp8 else t


class KeptModel:
    """A kind of case that keeps one bf16 model between its cases, built again when the model changes."""

    def __init__(self):
        self.name, self.model = None, None

    def model_for(self, name: str) -> "Llama":
        """The bf16 model ``name``: the one kept, or a new one built after the old one is freed."""
        if self.name != name:
            self.model = None
            free()
            self.model, self.name = build(name, torch.bfloat16), name
        return self.model


class Prefill(KeptModel):
    """Prefill cases; keeps the bf16 model between them."""

    def __call__(self, p: dict) -> dict:
        self.model_for(p["model"])
        shape = work.SHAPES[p["model"]]
        ids = torch.randint(shape["vocab"], (p["b"], p["s"]), device=rig.DEVICE)
        warm, n = timing.REPEATS["shortprefill" if "graph" in p else "prefill"]
        torch.cuda.synchronize()
        torch.cuda.reset_peak_memory_stats()
        before = torch.cuda.memory_allocated()
        with torch.inference_mode():
            for _ in range(warm):
                self.model(ids, True)
            forward, how = (replayed(lambda: self.model(ids, True)) if p.get("graph")
                            else (lambda: self.model(ids, True), "eager"))
            seconds = statistics.median(timed(forward, n))
        flops = work.forward_flops(shape, p["b"], p["s"], True)
        extra = {"timing": how} if "graph" in p else {}
        return {**extra, "seconds": seconds, "peak_minus_weights": torch.cuda.max_memory_allocated() - before,
                "tokens_per_s": p["b"] * p["s"] / seconds, "model_flops": flops, "TFLOPS": flops / seconds / 1e12}


class Decode(KeptModel):
    """Decode cases; keeps the bf16 model between them."""

    def __call__(self, p: dict) -> dict:
        model, shape, b, ctx = self.model_for(p["model"]), work.SHAPES[p["model"]], p["b"], p["ctx"]
        hd, kvh = shape["head_dim"], shape["n_kv_heads"]
        caches = [(torch.randn(b, kvh, ctx, hd, device=rig.DEVICE, dtype=torch.bfloat16),
                   torch.randn(b, kvh, ctx, hd, device=rig.DEVICE, dtype=torch.bfloat16)) for _ in model.layers]
        ids = torch.randint(shape["vocab"], (b, 1), device=rig.DEVICE)
        inv = 1.0 / (500000.0 ** (torch.arange(0, hd, 2, device=rig.DEVICE, dtype=torch.float32) / hd))
        angle = torch.cat((inv, inv)) * (ctx - 1)
        cos, sin = angle.cos().to(torch.bfloat16), angle.sin().to(torch.bfloat16)
        head = model.embed.weight if model.head is None else model.head.weight

        def step():
            x = model.embed(ids)
            for layer, (k_cache, v_cache) in zip(model.layers, caches):
                x = decode_layer(layer, x, cos, sin, k_cache, v_cache)
            return F.linear(model.norm(x), head)

        with torch.inference_mode():
            for _ in range(2):  # eager warm-ups; replayed() warms once more on a side stream
                step()
            replay, how = replayed(step)
            torch.cuda.synchronize()
            reps = p["reps"]
            start, end = torch.cuda.Event(enable_timing=True), torch.cuda.Event(enable_timing=True)
            start.record()
            for _ in range(reps):
                replay()
            end.record()
            end.synchronize()
        seconds = start.elapsed_time(end) / 1e3 / reps
        kv = work.kv_cache_bytes(shape, b, ctx)
        least = work.weight_bytes(shape) + kv
        del replay, caches
        return {"seconds": seconds, "tokens_per_s": b / seconds, "kv_bytes": kv, "min_bytes": least,
                "GBps_effective": least / seconds / 1e9, "timing": how}


ALLOCATOR_STATS = ("num_alloc_retries", "num_ooms", "inactive_split_bytes.all.peak", "requested_bytes.all.peak",
                   "active_bytes.all.peak", "segment.all.peak", "oversize_allocations.peak")
"""Counters of ``torch.cuda.memory_stats()`` a memory-campaign row keeps (where this torch has them)."""


def counted(row: dict) -> dict:
    """``row`` with the allocator's counters (:data:`ALLOCATOR_STATS`) as they stand now."""
    stats = torch.cuda.memory_stats()
    return {**row, "allocator": {k: stats[k] for k in ALLOCATOR_STATS if k in stats}}


def set_expandable(on: bool) -> None:
    """Turn PyTorch's expandable segments on or off for the segments mapped from now on."""
    torch.cuda.memory._set_allocator_settings(f"expandable_segments:{'True' if on else 'False'}")


def memory(p: dict, kind: str = "memory") -> dict:
    """One case of the second campaign (or the near-limit one, ``kind``: its passes): :func:`train` under the
    allocator setting ``p['alloc']``, with the phase figures and the allocator's counters."""
    expandable = p.pop("alloc") == "expandable"
    if expandable:
        free()
        set_expandable(True)
    try:
        row = train(p, phases=True, repeats=timing.REPEATS[kind])
    finally:
        if expandable:
            free()
            set_expandable(False)
    return counted(row)


def card_bytes() -> int:
    """The device's memory as torch reports it [B] (the device row's ``total_mem``)."""
    return torch.cuda.get_device_properties(0).total_memory


def lora(p: dict) -> dict:
    """One case of the LoRA campaign: :func:`train` with adapters, the phase figures and the counters."""
    return counted(train(p, phases=True, repeats=timing.REPEATS["lora"]))


def train(p: dict, phases: bool = False, repeats: tuple[int, int] | None = None) -> dict:
    """One training case, in the calibration rows' fields (``benchmarks/data/README.md``); with
    ``phases`` also the memory allocated after the forward and after the loss of the first step."""
    free()
    torch.cuda.reset_peak_memory_stats()
    shape = work.SHAPES[p["model"]]
    rank = p.get("lora", 0)
    model = build(p["model"], torch.bfloat16 if rank else torch.float32, p["recompute"])
    if rank:
        add_lora(model, rank)
    params = sum(t.numel() for t in model.parameters())
    trained = [t for t in model.parameters() if t.requires_grad]
    row = {"mode": "amp_bf16", "ckpt": p["recompute"] == "full", "lora": rank, "opt": "adamw",
           "selective_policy": "per-op" if p["recompute"] == "selective" else None,
           "params": params, "trainable": sum(t.numel() for t in trained),
           "mem_after_init": torch.cuda.memory_allocated(), "logits_kept": False}
    if rank:
        row["base_dtype"] = "bf16"
    opt = torch.optim.AdamW(trained, lr=1e-5, fused=True)
    ids = torch.randint(shape["vocab"], (p["b"], p["s"] + 1), device=rig.DEVICE)

    def step():
        with torch.autocast(rig.DEVICE, dtype=torch.bfloat16):
            logits = model(ids[:, :-1], False)
        if phases and "mem_after_forward" not in row:
            row["mem_after_forward"] = torch.cuda.memory_allocated()
        loss = F.cross_entropy(logits.float().view(-1, shape["vocab"]), ids[:, 1:].reshape(-1))
        if phases and "mem_after_loss" not in row:
            row["mem_after_loss"] = torch.cuda.memory_allocated()
        # torchtitan frees its logits before the backward (train.py: "del pred"); the first two runs kept them
        del logits
        loss.backward()
        opt.step()
        opt.zero_grad(set_to_none=True)

    warm, n = repeats or timing.REPEATS["train"]
    try:
        for _ in range(warm):
            step()
        torch.cuda.synchronize()
        row["mem_after_step1"] = torch.cuda.memory_allocated()
        step_s = statistics.median(timed(step, n))
    except torch.cuda.OutOfMemoryError as error:
        row.update(oom=True, error=first_line(error), reserved=torch.cuda.max_memory_reserved(),
                   peak=torch.cuda.max_memory_allocated())
        return row
    flops = (work.lora_flops if rank else work.train_flops)(shape, p["b"], p["s"], p["recompute"])
    row.update(peak=torch.cuda.max_memory_allocated(), reserved=torch.cuda.max_memory_reserved(),
               mem_steady=torch.cuda.memory_allocated(), step_s=step_s, tokens_per_s=p["b"] * p["s"] / step_s,
               model_flops=flops, TFLOPS=flops / step_s / 1e12)
    return row


def first_line(error: BaseException) -> str:
    return (str(error).splitlines() or [""])[0][:300]


def free():
    gc.collect()
    torch.cuda.synchronize()
    torch.cuda.empty_cache()


# ---- provenance and the run ------------------------------------------------------------------


def provenance(git: str | None) -> dict:
    """Date, versions, device and the script's identity, shared by every row of the run."""
    here = Path(__file__).resolve().parent
    digest = hashlib.sha256()
    for name in ("gpu_grid.py", "gpu_grid_work.py", "gpu_grid_time.py", "gpu_grid_torch.py", "gpu_grid_model.py"):
        digest.update((here / name).read_bytes())
    if git is None:
        try:
            git = subprocess.run(["git", "-C", str(here), "rev-parse", "HEAD"], capture_output=True, text=True,
                                 timeout=10, check=True).stdout.strip() or None
        except (OSError, subprocess.SubprocessError):
            git = None
    props = torch.cuda.get_device_properties(0)
    return {"date": datetime.datetime.now(datetime.UTC).isoformat(timespec="seconds"),
            "torch": torch.__version__, "cuda": torch.version.cuda, "cudnn": torch.backends.cudnn.version(),
            "device": props.name, "sms": props.multi_processor_count, "total_mem": props.total_memory,
            "alloc_conf": os.environ.get("PYTORCH_CUDA_ALLOC_CONF"), "script": "benchmarks/gpu_grid.py",
            "script_sha256": digest.hexdigest(), "git": git}


ROW_CASE = {"shortprefill": "prefill", "memory": "train", "lora": "train", "reserve": "train", "nearlimit": "train"}
"""The row's ``case`` for a kind of the plan: the memory campaign's rows are training rows."""


def fresh() -> dict:
    """What measures each kind, with no model or weights kept from an earlier case."""
    return {"gemm": Gemm(), "prefill": Prefill(), "train": train, "memory": memory, "lora": lora,
            "decode": Decode(), "reserve": memory, "nearlimit": lambda p: memory(p, "nearlimit"),
            "shortprefill": Prefill()}


def run(cases: list, out: Path, budget_s: float, git: str | None, started: float) -> int:
    """Measure ``cases`` in order, appending one JSON line per case to ``out`` as soon as it is measured.
    ``started`` is the ``time.perf_counter()`` of the script's start."""
    out.parent.mkdir(parents=True, exist_ok=True)
    prov = provenance(git)
    attention = probe()
    measures = fresh()
    kind = None
    with out.open("a", encoding="utf-8") as f:
        def write(row):
            f.write(json.dumps(row) + "\n")
            f.flush()
            os.fsync(f.fileno())

        write({"case": "device", "name": prov["device"], "total_mem": prov["total_mem"], "sms": prov["sms"],
               "torch": prov["torch"], "attention": attention, "provenance": {**prov, "measured": "the device"}})
        with sdpa_kernel(SDPA_BACKENDS):
            for i, case in enumerate(cases, 1):
                elapsed = time.perf_counter() - started
                if elapsed + case.seconds > budget_s:
                    print(f"[{elapsed:6.1f} s] skip {case.label()} (est {case.seconds:.1f} s)", flush=True)
                    continue
                if case.kind != kind:  # the previous kind's model or weights go
                    measures = fresh()
                    kind = case.kind
                try:
                    result = measures[case.kind](dict(case.params))
                except Exception as error:  # noqa: BLE001 - a failed case is a row too; the run goes on
                    result = {"error": f"{type(error).__name__}: {first_line(error)}"}
                    measures = fresh()
                    free()
                row = {"case": ROW_CASE.get(case.kind, case.kind), **{k: v for k, v in case.params.items()}, **result,
                       "est_s": round(case.seconds, 3),
                       "provenance": {**prov, "measured": MEASURED[case.kind], "attention": attention}}
                write(row)
                took = time.perf_counter() - started - elapsed
                shown = [f"{k}={result[k]:.4g}" for k in ("seconds", "step_s", "TFLOPS", "peak", "reserved")
                         if k in result]
                summary = result.get("error") or ", ".join(shown)
                print(f"[{elapsed:6.1f} s] {i}/{len(cases)} {case.label()}: {summary} ({took:.2f} s, est "
                      f"{case.seconds:.2f})", flush=True)
    print(f"done in {time.perf_counter() - started:.0f} s; rows in {out}", flush=True)
    return 0
