"""How the plan puts decoder layers on pipeline ranks, as Megatron-LM's stage-split flags (core_v0.15.0)."""

from __future__ import annotations

from configurator.core.memory import scenario_stage_layers
from configurator.core.scenario import Scenario

def pipeline_rank_layers(s: Scenario) -> tuple[int, ...]:
    """Decoder layers on each pipeline rank as the estimate balanced them [count]: the first and
    the last rank as :func:`~configurator.core.memory.scenario_stage_layers` gives them, the rest
    shared among the middle ranks, none above the fullest stage where they fit."""
    pp, n = s.parallelism.pp, s.model.n_layers
    if pp == 1:
        return (n,)
    first, _fullest, last = scenario_stage_layers(s, pp)
    if pp == 2:
        first = min(first, n - 1)
        return first, n - first
    middle = n - first - last
    if middle < pp - 2 or first < 1 or last < 1:  # not a split of these layers: the even one
        base, extra = divmod(n, pp)
        return tuple(base + (rank < extra) for rank in range(pp))
    base, extra = divmod(middle, pp - 2)
    return first, *(base + (rank < extra) for rank in range(pp - 2)), last


def megatron_pipeline_layout(s: Scenario) -> str:
    """The plan's stage split as Megatron-LM's ``--pipeline-model-parallel-layout``
    (``megatron/core/transformer/pipeline_parallel_layer_layout.py`` at core_v0.15.0): ``pp ×
    virtual stages`` chunks separated by ``|``, chunk ``v · pp + rank`` being virtual stage ``v`` of
    pipeline rank ``rank``, each ``t`` one decoder layer, ``E`` the embedding (first chunk) and ``L``
    the loss (last chunk); each rank's layers (:func:`pipeline_rank_layers`) shared evenly among
    its virtual stages, the first rank's later stages and every other rank's earlier ones taking
    the odd layers (so a chunk left without a layer holds the embedding or the loss); runs of
    equal chunks written ``(chunk|)*n``, as that parser unrolls them."""
    par = s.parallelism
    vp = max(1, par.virtual_stages)
    chunks: list[str] = []
    for v in range(vp):
        for rank, layers in enumerate(pipeline_rank_layers(s)):
            base, extra = divmod(layers, vp)
            fuller = v >= vp - extra if rank == 0 else v < extra  # the embedding's chunk the lighter one
            chunks.append("t" * (base + fuller))
    chunks[0] = "E" + chunks[0]
    chunks[-1] += "L"
    out: list[str] = []
    i = 0
    while i < len(chunks):
        j = i
        while j + 1 < len(chunks) and chunks[j + 1] == chunks[i]:
            j += 1
        run = j - i + 1 if j + 1 < len(chunks) else j - i  # the last chunk is written bare, without a "|"
        if run > 1:
            out.append(f"({chunks[i]}|)*{run}")
            i += run
        else:
            out.append(chunks[i] + ("|" if i + 1 < len(chunks) else ""))
            i += 1
    return "".join(out)


def megatron_stage_split(s: Scenario) -> list[str]:
    """Megatron-LM's flags for how the plan puts layers on pipeline ranks, each combination one
    ``validate_args`` and ``TransformerConfig.__post_init__`` take at core_v0.15.0: nothing where
    the layers split evenly over the ranks (and, with virtual stages, over every chunk:
    ``--num-layers-per-virtual-pipeline-stage``); ``--decoder-first-pipeline-num-layers`` and
    ``--decoder-last-pipeline-num-layers`` where only the first and last rank differ and the middle
    ranks split the rest evenly, without virtual stages; else the whole split as
    ``--pipeline-model-parallel-layout`` (:func:`megatron_pipeline_layout`), which sets the virtual
    stages itself and takes none of the others."""
    par, n = s.parallelism, s.model.n_layers
    if par.pp == 1:
        return []
    ranks = pipeline_rank_layers(s)
    vp = max(1, par.virtual_stages)
    even = len(set(ranks)) == 1
    if even and vp == 1:
        return []
    if even and n % (par.pp * vp) == 0:
        return ["--num-layers-per-virtual-pipeline-stage", str(n // (par.pp * vp))]
    if vp == 1 and par.pp > 2 and len(set(ranks[1:-1])) == 1:
        return ["--decoder-first-pipeline-num-layers", str(ranks[0]),
                "--decoder-last-pipeline-num-layers", str(ranks[-1])]
    return ["--pipeline-model-parallel-layout", megatron_pipeline_layout(s)]
