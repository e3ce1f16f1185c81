"""The editable defaults behind an estimate, as a section of rows (issue 14, part 5): the
command line's last table, in English or Chinese. Qt-free.

Each family names the defaults its numbers rest on (:data:`ASSUMPTIONS`): efficiencies and
memory overheads for the AI families; the vGPU limit for desktops, the video engines and encode
sessions for video, how render speed is carried from the reference card for rendering; then
the facility and the card's prices for every family.
"""

from __future__ import annotations

from collections.abc import Callable

from configurator.core.attention_kernel import training_attention_efficiency
from configurator.core.currency import PRICE_FILE_CURRENCY, dated_rate, is_dated_rate
from configurator.core.economics import host_watts
from configurator.core.engine_step import engine_step_notes
from configurator.core.scenario_sections import Economics
from configurator.core.formulas.dualpipe import runs_dualpipe
from configurator.core.formulas.graphics import VDI_HOST_CORES, VDI_HOST_RAM_GIB
from configurator.core.graphics import encoder_fps, measured_speedup, reference_card_name, vdi_desktops_per_host
from configurator.core.render_scores import FP32_SCALING_MEDIAN_ERROR, FP32_SCALING_WORST_ERROR, RENDER_SCORES
from configurator.core.estimate import Estimate
from configurator.core.messages import Message
from configurator.core.desks import at_desks
from configurator.core.procurement.host import in_office
from configurator.core.training_speed import expert_overlap_in_force
from configurator.core.training_held_states import defers_gradient_reduction
from configurator.core.formulas.moe import MOE_DISPATCHER_DEFAULT
from configurator.core.view.names import MOE_DISPATCHER, tp_overlap_table_label
from configurator.core.view.rows import Amount, Phrase, Row, Section
from configurator.core.workloads import family_of


def electricity_price(economics: Economics) -> Amount:
    """The electricity price [currency/kWh], its unit "/kWh" left to the sentence: an amount of money
    to three significant digits below one unit ('0.630 元', '0.0792 EUR': the money writer's cost per
    unit, :func:`configurator.core.view.numbers.unit_cost`), as the facility row and the summary's power
    table both write it (until December 2026 a figure beside a hand-written code, '0.630 CNY/kWh', that
    the Chinese text's rewrite turned into '0.630 元/kWh' in one and not the other)."""
    return Amount(economics.electricity_per_kwh, economics.currency, money=True, per_unit=True)


def figure(value: float) -> Amount:
    """An assumption as written in the scenario: a whole number as a count (thousands grouped), else
    three significant digits (PUE 1.30, 0.500 GiB)."""
    return Amount(value, "count") if float(value).is_integer() else Amount(value)


EFFICIENCIES = ("matrix products {mm} (training), {pre} (serving steps) and {prompt} (a prompt alone, to its first "
                "token) of the measured GEMM rate at their shapes, attention {att}, bandwidth {bw}, decode bandwidth "
                "{dec}, links {links}")
"""The efficiencies row (a label id): the products' three shares of the GEMM rate, training's
(``Assumptions.matmul_efficiency``), a serving step's (``prefill_efficiency``) and a prompt prefilled alone
on an idle copy, which sets the time to first token (``prompt_efficiency``; shown since December 2026: it
was the one efficiency behind every TTFT that the list left out). ``prompt_overlap``, held at the
roofline by its derivation, is a constant of the formula like ``comm_overlap`` and is not listed."""


def _model(est: Estimate) -> list[Row]:
    """The efficiencies and memory overheads behind a training or serving estimate."""
    a = est.scenario.assumptions

    def share(value: float) -> Amount:
        return Amount(value, "share")

    return [
        Row("Efficiencies", Phrase(
            EFFICIENCIES,
            {"mm": share(a.matmul_efficiency), "att": share(training_attention_efficiency(est.scenario, est.card)),
             "bw": share(a.bandwidth_efficiency), "dec": share(a.decode_bandwidth_efficiency),
             "pre": share(a.prefill_efficiency), "prompt": share(a.prompt_efficiency),
             "links": share(a.link_efficiency)}), key="efficiencies"),
        Row("Overhead", Phrase(
            "framework context {ctx} GiB per card, allocator reserve {alloc} ({full} when layers are recomputed)",
            {"ctx": figure(a.cuda_context_gib), "alloc": share(a.allocator_overhead),
             "full": share(a.allocator_overhead_recompute)}), key="overheads"),
    ]


def _desktops(est: Estimate) -> list[Row]:
    """The vGPU default behind a virtual-desktop estimate (each workload lists only its own: the video
    engines and the encode sessions were listed under desktops and renders until December 2026). None at the
    users' desks (``--local-display``): a workstation each, no vGPU and no desktop host (until December 2026
    "at most 32 vGPUs per GPU" and "48 desktops a server" under "4 deskside workstations: no server")."""
    a = est.scenario.assumptions
    if at_desks(est.scenario):
        return []
    return [
        Row("vGPU", Phrase("at most {n} vGPUs per GPU", {"n": figure(a.max_vgpus_per_gpu)}), key="vgpu"),
        Row("Desktop host", Phrase(
            "{desktops} desktops a server: {vcpus} vCPU and {ram} GiB each, {ratio} vCPU per core on {cores} cores "
            "and {host_ram} GiB",
            {"desktops": figure(vdi_desktops_per_host(a)), "vcpus": figure(a.vdi_vcpus_per_desktop),
             "ram": figure(a.vdi_ram_gib_per_desktop), "ratio": figure(a.vdi_vcpus_per_core),
             "cores": figure(VDI_HOST_CORES), "host_ram": figure(VDI_HOST_RAM_GIB)}), key="desktop_host"),
    ]


DESK_HOST_WATTS = "Workstation power besides its card"
"""The host power row at the users' desks (``--local-display``; a label id): its value is
:data:`DESK_HOST_WATTS_UNKNOWN`, the energy counting the cards alone
(:func:`~configurator.core.economics.deployment_power` at the desks; until December 2026 "Host power besides
the cards (a rack server's: no workstation figure on file)" 930 W, a rack server's power counted for each desk)."""

DESK_HOST_WATTS_UNKNOWN = ("not counted: no figure on file for a workstation without its card; energy is the cards' "
                           "alone")
"""The value of the :data:`DESK_HOST_WATTS` row: unknown, never a guess (a label id)."""


def host_watts_label(est: Estimate) -> str:
    """The label id of the hosts' own power row: a server's, or :data:`DESK_HOST_WATTS` at the desks."""
    return DESK_HOST_WATTS if in_office(est.scenario, est.card) else "Each server besides its cards"


def host_watts_value(est: Estimate) -> Amount | Phrase:
    """The hosts' own power: a server's [W] (:func:`~configurator.core.economics.host_watts`), or at the desks
    :data:`DESK_HOST_WATTS_UNKNOWN` (not counted); so too in one deskside workstation
    (:func:`~configurator.core.procurement.host.in_office`)."""
    if in_office(est.scenario, est.card):
        return Phrase(DESK_HOST_WATTS_UNKNOWN, {})
    return Amount(host_watts(est.card, est.scenario), "W")


ENCODER_RATE = ("{codec} on this card's engines: {default} for H.264 on a Turing/Ampere engine × {factor} from "
                "NVIDIA's table")
"""Where the encoder's rate for the scenario's codec and the card's engine generation comes from: the default
it is of (:func:`configurator.core.graphics.encoder_fps`; a label id)."""

VIDEO_ENGINES = "{enc} 1080p frames/s per encoder at P4, {dec} per decoder, {n} surfaces per stream"
"""The video engines' rates (a label id)."""

VIDEO_ENGINES_FROM = "{enc} 1080p frames/s per encoder at P4 ({why}), {dec} per decoder, {n} surfaces per stream"
"""The video engines' rates, the encoder's with where it comes from after its unit (:data:`ENCODER_RATE`; a
label id): "1080p 259（…）帧/秒" put the note between the number and its unit until December 2026."""


def _video(est: Estimate) -> list[Row]:
    """The video engines' defaults and the consumer driver's session limit behind a transcoding estimate: the
    encoder rate used, the default as it is where the card's generation and codec take it unchanged (factor
    1), else with the default and the factor it came from."""
    a, fps = est.scenario.assumptions, encoder_fps(est.card, est.scenario)
    said = {"dec": figure(a.decoder_fps_1080p), "n": figure(a.video_surfaces_per_stream)}
    if fps is None or abs(fps - a.encoder_fps_1080p) < 1e-9:
        engines = Phrase(VIDEO_ENGINES, {"enc": figure(a.encoder_fps_1080p), **said})
    else:
        why = Phrase(ENCODER_RATE, {"codec": est.scenario.graphics.codec.value.upper(),
                                    "default": figure(a.encoder_fps_1080p),
                                    "factor": figure(fps / a.encoder_fps_1080p)})
        engines = Phrase(VIDEO_ENGINES_FROM, {"enc": figure(fps), "why": why, **said})
    return [
        Row("Video engines", engines, key="video_engines"),
        Row("Encode sessions", Phrase("consumer cards {s} per server", {"s": figure(a.consumer_encode_sessions)}),
            key="encode_sessions"),
    ]


def _rendering(est: Estimate) -> list[Row]:
    """How the time per frame was carried from the reference card to this one: by measured render
    scores where both have one (:data:`configurator.core.render_scores.RENDER_SCORES`), else by FP32
    rate with that scaling's cross-validated error; and the memory beside the scene."""
    g, card = est.scenario.graphics, est.card
    reference = reference_card_name(est.scenario)
    mine, theirs = RENDER_SCORES.get(card.id), RENDER_SCORES.get(g.reference_card)
    if measured_speedup(card, est.scenario) is not None:  # the estimate's own rule: both cards measured
        speed = Phrase("from {reference}'s time per frame by measured speed: Blender Open Data medians (Cycles, "
                       "OptiX, Blender {version}), {card} {score} and {reference} {ref} samples/min",
                       {"reference": reference, "version": mine.blender_version, "card": card.name,
                        "score": figure(round(mine.samples_per_minute)),
                        "ref": figure(round(theirs.samples_per_minute))})
    else:
        speed = Phrase("from {reference}'s time per frame by FP32 rate: on {n} cards measured, off by a median "
                       "{median}, up to {worst}",
                       {"reference": reference, "n": len(RENDER_SCORES),
                        "median": Amount(FP32_SCALING_MEDIAN_ERROR, "share"),
                        "worst": Amount(FP32_SCALING_WORST_ERROR, "share")})
    overhead = Phrase("framework context {ctx} GiB per card",
                      {"ctx": figure(est.scenario.assumptions.cuda_context_gib)})
    return [Row("Render speed", speed, key="render_speed"), Row("Overhead", overhead, key="overheads")]


def _gradient_reduction(est: Estimate) -> Phrase:
    """When ZeRO 2/3 beside pipeline stages reduce-scatter the gradients (:func:`defers_gradient_reduction`,
    which memory and time both read), and whether the scenario said so or the recipe's framework did."""
    how = "once a step, each card holding its stage's gradients whole" if defers_gradient_reduction(est.scenario) \
        else "after every micro-batch's backward, each rank keeping its share"
    said = "as the scenario states" if est.scenario.training.grad_reduce != "recipe" else \
        "as the recipe's framework does it"
    return Phrase("{how} ({said})", {"how": how, "said": said})


def _expert_all_to_all(est: Estimate) -> str:
    """Whether the expert all-to-all is hidden, and by what (:func:`expert_overlap_in_force`): DualPipe,
    Megatron-LM's overlap asked for, or exposed (its overlap asked for beside full recomputation too)."""
    t = est.scenario.training
    if expert_overlap_in_force(est.scenario):
        return "overlapped with another micro-batch's compute (DualPipe)" \
            if runs_dualpipe(t.pipeline_algorithm, est.scenario.parallelism.pp) else \
            "overlapped with another micro-batch's compute (Megatron-LM --overlap-moe-expert-parallel-comm)"
    if t.expert_overlap:
        return "exposed: Megatron-LM does not overlap it under full recomputation"
    return "exposed: the schedule runs it on the critical path"


def _training(est: Estimate) -> list[Row]:
    """The model's defaults; whether the expert all-to-all is overlapped where experts are split
    (``parallelism.ep`` above 1), and by which token dispatcher where not the default alltoall
    (``training.moe_dispatcher``); when the gradients are reduced where ZeRO 2/3 run beside pipeline
    stages (``training.grad_reduce``); the userbuffers table the tensor-parallel overlap runs where the
    scenario names one (``parallelism.tp_comm_overlap_cfg``; Transformer Engine's default unsaid)."""
    par = est.scenario.parallelism
    rows = _model(est)
    if par.ep > 1 and est.scenario.model.is_moe:
        rows.append(Row("Expert all-to-all", _expert_all_to_all(est), key="expert_overlap"))
        if est.scenario.training.moe_dispatcher != MOE_DISPATCHER_DEFAULT:  # the default goes unsaid
            rows.append(Row("MoE token dispatcher", MOE_DISPATCHER[est.scenario.training.moe_dispatcher],
                            key="moe_dispatcher"))
    if par.zero >= 2 and par.pp > 1:
        rows.append(Row("Gradient reduction", _gradient_reduction(est), key="grad_reduce"))
    if par.tp > 1 and par.tp_comm_overlap and par.tp_comm_overlap_cfg is not None:
        table = Phrase("userbuffers table {table}",
                       {"table": Phrase(*tp_overlap_table_label(par.tp_comm_overlap_cfg))})
        rows.append(Row("Tensor-parallel overlap", table, key="tp_comm_overlap_cfg"))
    return rows


def _serving(est: Estimate) -> list[Row]:
    """The model's defaults and the engine step the estimate ran at where the engine's default or the
    planner's (:func:`~configurator.core.engine_step.engine_step_notes`: an assumption, listed here and not
    among the warnings, until December 2026 a warning on every serving estimate)."""
    return [*_model(est), *(Row("Engine", note, key="engine_step")
                            for note in engine_step_notes(est.scenario, est.card))]


ASSUMPTIONS: dict[str, Callable[[Estimate], list[Row]]] = {
    "training": _training, "serving": _serving, "desktops": _desktops, "video": _video, "rendering": _rendering}
"""The editable defaults of each built-in family (before the facility and the prices). A family
without an entry (one added as a package) gets :func:`family_assumptions`."""


def family_assumptions(est: Estimate) -> list[Row]:
    """The defaults of ``est``'s family: its entry in :data:`ASSUMPTIONS`, else the model's
    efficiencies and overheads for a family that runs a model (``WorkloadFamily.runs_model``) and
    none of its own for one that does not (the facility and the prices follow for every family)."""
    family = family_of(est.scenario.workload)
    rows = ASSUMPTIONS.get(family.name) or (_model if family.runs_model else None)
    return rows(est) if rows else []


def assumption_notes(est: Estimate) -> tuple[Message, ...]:
    """The sentences among the family's assumptions (:func:`family_assumptions`; the engine step of a serving
    estimate): the one list the window, the JSON, the command line and the summary say them from, apart from
    the warnings (:attr:`Estimate.messages`)."""
    return tuple(row.value for row in family_assumptions(est) if isinstance(row.value, Message))


def assumptions_section(est: Estimate) -> Section:
    """The family's defaults, the facility (PUE, board power share, electricity, utilisation,
    amortisation; each server's own power) and the card's prices with their dates."""
    s, c = est.scenario, est.costs
    e = s.economics
    office = in_office(s, est.card)  # at the desks or in one deskside workstation: no PUE
    facility = Phrase(FACILITY_ROW[office],
                      {"pue": figure(e.pue), "share": Amount(e.power_fraction, "share"),
                       "price": electricity_price(e),
                       "u": Amount(e.utilisation, "share"), "years": figure(e.amortisation_years)})
    rows_by_price = PRICES_ROW if c.prices.cloud_per_hour is not None else PRICES_ROW_NO_CLOUD
    prices = Phrase(rows_by_price[est.card.priced_per],
                    {"card": Amount(c.prices.card_price, c.currency, money=True), "n": est.card.gpus_per_board,
                     "chip": est.card.chip_word,
                     "card_date": _price_date(c.prices.card_price_date),
                     "cloud": Amount(c.prices.cloud_per_hour, c.currency, money=True),
                     "cloud_date": _price_date(c.prices.cloud_price_date)})
    rows = [*family_assumptions(est),
            Row("Site" if office else "Facility", facility, key="facility"),
            Row(host_watts_label(est), host_watts_value(est), key="host_watts"),
            Row("Prices", prices, key="prices")]
    if e.currency != PRICE_FILE_CURRENCY:
        rows.append(Row("Exchange rate", exchange_rate(e.currency, e.usd_to_currency), key="exchange_rate"))
    return Section("assumptions", "Assumptions (editable defaults)", tuple(rows))


FACILITY_ROW = {
    False: "PUE {pue}, average board power {share} of TDP, electricity {price}/kWh, {u} utilisation, {years} years",
    True: "office: no facility overhead (PUE) applied, average board power {share} of TDP, electricity "
          "{price}/kWh, {u} utilisation, {years} years"}
"""The facility row (label ids) in a data hall, and at the users' desks (:func:`at_desks`), whose energy takes no
PUE (:func:`~configurator.core.desks.applied_pue`; until December 2026 "PUE 1.54" stood there and multiplied it)."""

PRICES_ROW = {
    "per card": "card {card} ({card_date}), cloud {cloud} per card-hour ({cloud_date}); midpoints of quoted "
                "price ranges",
    "per board": "board of {n} {chip}s {card} ({card_date}), cloud {cloud} per card-hour ({cloud_date}); midpoints of "
                 "quoted price ranges"}
"""The prices row by what the card's price buys (:attr:`configurator.core.card.Card.priced_per`): an A16's
purchase price is a board's of 4 GPUs, its rent per GPU (label ids)."""

PRICES_ROW_NO_CLOUD = {
    "per card": "card {card} ({card_date}), no cloud price; midpoints of quoted price ranges",
    "per board": "board of {n} {chip}s {card} ({card_date}), no cloud price; midpoints of quoted price ranges"}
""":data:`PRICES_ROW` of a card no cloud sells by the hour: "cloud — per card-hour (no date)" said it as a
blank to fill (session 47, look)."""


def _price_date(date: str | None) -> str:
    """A price's date, or in words (label ids) a price the user typed ("user") and none."""
    return "your price" if date == "user" else date or "no date"


def exchange_rate(currency: str, per_usd: float) -> Phrase:
    """The rate money is converted at, and whose it is: the price file's with its date, the
    user's, or the approximate fallback where the price file has none (core/currency.py)."""
    values = {"rate": f"{per_usd:g}", "currency": currency}  # as given: 7.1918, not three digits
    if is_dated_rate(currency, per_usd):
        rate = dated_rate(currency)
        if rate is not None and rate.date:
            return Phrase("{rate} {currency} per USD, the price file's rate of {date}", {**values, "date": rate.date})
        return Phrase("{rate} {currency} per USD, an approximate rate (the price file has none)", values)
    return Phrase("{rate} {currency} per USD, your rate", values)
