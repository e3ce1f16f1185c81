"""Graphics workloads: virtual desktops, video transcoding and offline rendering — the capacity of a count
of cards and what limits it (:func:`graphics_speed`), the memory on each card, the servers and boards the
cards go in, and the checks on a card for graphics work.

Each capacity is one formula with its source; every efficiency or rate that is not a
catalog fact is a named, user-visible default in :class:`~configurator.core.scenario.Assumptions`.
The capacities per card, with their sources, are in :mod:`configurator.core.graphics_desktops` (vGPU),
:mod:`configurator.core.graphics_video` (NVENC / NVDEC) and :mod:`configurator.core.graphics_rendering`
(render time); their names are importable here too, as before.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from configurator.core.catalog import Card
from configurator.core.desks import DISPLAY_OUTPUTS_OFF, PASSIVE_AT_DESK, at_desks
from configurator.core.formulas import graphics as formulas
from configurator.core.formulas.economics import HOURS_PER_MONTH  # noqa: F401  (re-exported for callers)
from configurator.core.formulas.graphics import NV12_BYTES_PER_PIXEL, RENDER_BYTES_PER_PIXEL, render_hours
from configurator.core.graphics_desktops import (  # noqa: F401  (the names not used here: re-exported for callers)
    VPC_MAX_PROFILE_GIB,
    desktop_profile_gib,
    users_by_outputs,
    users_by_shading,
    vdi_capacities,
    vdi_desktops_per_host,
    vdi_host_message,
    vgpu_licence,
    vgpu_profile_gib,
)
from configurator.core.graphics_rendering import (  # noqa: F401  (the names not used here: re-exported for callers)
    RT_CORE_GENERATIONS,
    cards_for_deadline,
    frame_beyond_deadline,
    measured_fp32_share,
    measured_speedup,
    minutes_per_frame,
    reference_card_name,
    rt_generation,
)
from configurator.core.graphics_video import (  # noqa: F401  (the names not used here: re-exported for callers)
    PRESET_SPEED,
    VIDEO_ENGINES,
    decode_streams,
    encode_streams,
    encoder_fps,
    limit_engines,
    pixel_ratio,
    transcode_capacities,
)
from configurator.core.memory import MemoryBreakdown, usable_capacity_bytes
from configurator.core.messages import Message, msg
from configurator.core.scenario import RESOLUTIONS, Scenario, Workload
from configurator.core.units import GIB

UNITS = {Workload.VDI: "users", Workload.TRANSCODE: "streams", Workload.RENDER: "frames"}
"""What a graphics workload counts."""


BOARD_SLOTS_PER_SERVER = 4
"""Double-width board slots of the 2U GPU server a multi-GPU board is housed in for graphics work
[count]: an A16 board (4 GPUs, dual-slot full-height full-length, 250 W passive; NVIDIA A16 product
brief PB-10518-001_v02) takes one double-width slot, and the GPU-optimised 2U takes four such boards
(Dell PowerEdge R760xa: "maximum number of GPUs" 4 double-width, Dell Technologies design guide
"Generative AI in the Enterprise — Inferencing", infohub.delltechnologies.com, 2023; Supermicro
SYS-221GE-NR: four double-width GPU bays; the price file's ``server-pcie-4``), a general-purpose 2U
three (Lenovo ThinkSystem SR650 V2 maintenance manual: double-wide 250/300 W GPU, maximum 3). So a
desktop server holds 4 × 4 = 16 A16 GPUs before its processors and memory bind
(:func:`server_gpu_places`); until December 2026 the layout's 8 cards a server were counted as 8 A16
GPUs, two boards in a two-slot 2U: 300 desktops of 8 GiB were 19 servers of 2 boards, 16 desktops a
host, where 10 of 4 boards carry them (32 a host, under its 48)."""


def server_gpu_places(scenario: Scenario, card: Card) -> int:
    """GPUs one server holds for a graphics workload before the host's processors and memory bind
    [count]: the layout's ``cards_per_node``; for a multi-GPU board (A16) the GPUs of
    :data:`BOARD_SLOTS_PER_SERVER` boards (16 A16 GPUs) — the layout counts cards of one GPU, a board
    takes one slot whatever its GPUs."""
    if card.gpus_per_board > 1 and scenario.workload in UNITS:
        return BOARD_SLOTS_PER_SERVER * card.gpus_per_board
    return scenario.parallelism.cards_per_node


PER_HOST = {"users": vdi_desktops_per_host}
"""What one server's processors and memory carry, by what the work counts (:data:`UNITS`), from the
scenario's assumptions: desktops (:func:`vdi_desktops_per_host`); streams and frames are the GPUs'
work, not the host's."""


@dataclass(frozen=True)
class GraphicsSpeed:
    """Capacity of ``count`` cards for a graphics workload and what limits it.

    ``per_card`` is users or streams one card carries (VDI, transcoding) or frames one card
    renders per hour (rendering). ``capacities`` lists every limit per card, the smallest of
    which is ``limiting``; None means the limit could not be evaluated.
    """

    workload: Workload
    per_card: float
    limiting: str
    capacities: tuple[tuple[str, float | None], ...]
    demand: float
    served: float
    cards_needed: int | None
    hours: float | None = None
    minutes_per_frame: float | None = None
    tflops_per_user: float | None = None
    messages: tuple[Message, ...] = ()
    load_on_card: int = 1
    """Users or streams on the busiest card at this count (1 for rendering)."""
    cards_per_server: int | None = None
    """Cards per server of the ``cards_needed`` arrangement when it is not the scenario's (a
    per-server session limit: no more cards in a server than its sessions use); None: the scenario's."""
    vgpu_profile_gib: float | None = None
    """The vGPU framebuffer each desktop gets on the card [GiB] (:func:`vgpu_profile_gib`: the class's and
    displays' profile, rounded to a size the card offers); None without vGPU slices (passthrough, video,
    rendering). Shown beside users per card: "8 users per card" on a 16 GB T4 said nothing of 2 GiB each."""

    @property
    def unit(self) -> str:
        return UNITS[self.workload]

    @property
    def meets_demand(self) -> bool:
        """All users or streams carried (rendering: always, it only takes longer)."""
        return self.workload is Workload.RENDER or self.served >= self.demand

    @property
    def throughput(self) -> float:
        """Users or streams carried, or frames per hour."""
        return self.served


# ---- which cards a graphics workload can use --------------------------------------------


def graphics_unsuitable(workload: Workload, card: Card) -> Message | None:
    """Why a card is not searched for a graphics workload: desktops need graphics vGPU
    profiles (else one card per user); rendering needs a card whose graphics hardware is
    known (renderers run on CUDA/OptiX, HIP or Metal GPUs, not on unverified accelerators)."""
    if workload is Workload.VDI and card.vgpu != "graphics":  # not verified is not "none" (RTX PRO 6000 Blackwell)
        return msg("left-out-no-vdi-vgpu" if card.vgpu is not None else "left-out-vdi-vgpu-unverified")
    if workload is Workload.RENDER and card.rt_cores is None:
        return msg("left-out-graphics-unverified")
    return None


def no_display_for_monitor(scenario: Scenario, card: Card) -> Message | None:
    """Why ``card`` cannot be deployed where a monitor is attached to it (``graphics.local_display``, a
    workstation): it has no display outputs (datacenter cards such as the L4, A16 or H100); None when it
    has some, their count is not known, or no monitor is attached."""
    if scenario.graphics.local_display and card.display_outputs == 0:
        return msg("left-out-no-display")
    return None


# ---- memory -------------------------------------------------------------------------------


def graphics_bytes_per_card(scenario: Scenario, load_on_card: float, card: Card | None = None) -> float:
    """Memory a graphics workload puts on one card [B]: vGPU framebuffers (VDI, of the vGPU type
    the card gives the profile, :func:`vgpu_profile_gib`, where ``card`` is given), decoded
    video surfaces (transcoding) or scene plus output layers (rendering)."""
    g, a = scenario.graphics, scenario.assumptions
    if scenario.workload is Workload.VDI:
        size = desktop_profile_gib(scenario) if card is None else vgpu_profile_gib(scenario, card)
        return load_on_card * size * GIB
    if scenario.workload is Workload.TRANSCODE:
        width, height = RESOLUTIONS[g.resolution]
        return formulas.decoded_surface_bytes(load_on_card, a.video_surfaces_per_stream, width, height,
                                              NV12_BYTES_PER_PIXEL)
    return g.scene_gib * GIB + g.render_width * g.render_height * RENDER_BYTES_PER_PIXEL * g.render_layers


def graphics_memory(scenario: Scenario, card: Card, load_on_card: float) -> MemoryBreakdown:
    """Memory per card. vGPU slices partition the whole marketed memory (the hypervisor
    keeps its share inside each slice); the others run in one process with a CUDA context."""
    data = graphics_bytes_per_card(scenario, load_on_card, card)
    if scenario.workload is Workload.VDI:
        capacity = card.memory_gb * GIB
        overhead = 0.0
    else:
        capacity = usable_capacity_bytes(card, scenario.assumptions)
        overhead = scenario.assumptions.cuda_context_gib * GIB
    return MemoryBreakdown(weights=0.0, gradients=0.0, optimizer=0.0, activations=0.0, kv_cache=0.0,
                           overhead=overhead, not_concurrent=0.0, total=data + overhead, capacity=capacity,
                           budget=capacity, graphics=data)


# ---- the estimate -------------------------------------------------------------------------


def _smallest(caps: dict[str, float | None], required: str | None = None) -> tuple[str, float]:
    known = {k: v for k, v in caps.items() if v is not None}
    if not known or (required is not None and caps.get(required, 0) is None):
        return "unknown", 0.0
    limit = min(known, key=lambda k: known[k])
    return limit, max(0.0, math.floor(known[limit] + 1e-9))


def graphics_speed(scenario: Scenario, card: Card) -> tuple[GraphicsSpeed, MemoryBreakdown]:
    """Capacity and memory of ``scenario.count`` cards for the scenario's graphics workload."""
    g, count, workload = scenario.graphics, scenario.count, scenario.workload
    if workload is Workload.RENDER:
        minutes = minutes_per_frame(card, scenario)
        messages = [] if minutes is not None else [msg("no-fp32-rate", card=card.name)]
        per_hour = 60.0 / minutes if minutes else 0.0
        hours = render_hours(g.frames, count, minutes) if minutes else None
        speed = GraphicsSpeed(workload, per_hour, "shading load", (("shading load", per_hour if minutes else None),),
                              float(g.frames), per_hour * count, None, hours, minutes, None, tuple(messages))
        return speed, graphics_memory(scenario, card, 1)
    if workload is Workload.VDI:
        caps, messages = vdi_capacities(scenario, card)
        demand = g.users
    else:
        caps, messages = transcode_capacities(scenario, card)
        demand = g.streams
    limiting, per_card = _smallest(caps, "encoders" if workload is Workload.TRANSCODE else None)
    served = min(demand, per_card * count)
    needed = math.ceil(demand / per_card) if per_card > 0 else None
    arranged = None
    sessions = scenario.assumptions.consumer_encode_sessions if "encode sessions" in caps else None
    hardware = _smallest({k: v for k, v in caps.items() if k != "encode sessions"}, "encoders")[1] if sessions else 0
    if sessions and hardware > 0:  # the limit is per server: count the servers, not a per-card share
        per_node = scenario.parallelism.cards_per_node
        served = min(demand, formulas.session_limited_streams(count, per_node, hardware, sessions))
        needed = formulas.session_limited_cards(demand, per_node, hardware, sessions)
        arranged = formulas.useful_cards_per_server(per_node, hardware, sessions)
    host_rule = PER_HOST.get(UNITS[workload])
    host = host_rule(scenario.assumptions) if host_rule else 0
    per_node = server_gpu_places(scenario, card)
    if card.gpus_per_board > 1 and arranged is None:  # boards by the slot (BOARD_SLOTS_PER_SERVER)
        arranged = per_node
    if host and per_card > 0 and per_node * per_card >= host:  # the host's CPUs and memory, not its GPUs, bind
        arranged = formulas.useful_cards_per_server(per_node, per_card, host)  # the servers bought for the desktops
        served = min(demand, formulas.session_limited_streams(count, arranged, per_card, host))
        needed = formulas.session_limited_cards(demand, arranged, per_card, host)
        messages.append(vdi_host_message(scenario.assumptions, arranged))
    on_card = min(per_card, math.ceil(demand / count)) if per_card else 0
    per_user = card.fp32_tflops / on_card if workload is Workload.VDI and card.fp32_tflops and on_card else None
    sliced = vgpu_profile_gib(scenario, card) if "vGPU instances" in caps else None  # desktops on vGPU slices
    speed = GraphicsSpeed(workload, per_card, limiting, tuple(caps.items()), float(demand), served, needed,
                          tflops_per_user=per_user, messages=tuple(messages), load_on_card=max(int(on_card), 1),
                          cards_per_server=arranged, vgpu_profile_gib=sliced)
    return speed, graphics_memory(scenario, card, max(on_card, 1))  # memory of at least one user or stream


def host_cards_per_server(scenario: Scenario, card: Card) -> int:
    """Cards each server holds [count]: the layout's ``cards_per_node``, or for virtual desktops no
    more than the desktops its processors and memory carry use
    (:func:`vdi_desktops_per_host`, :func:`formulas.useful_cards_per_server`): 2,000 desktops
    on L4 (24 a card) are 84 cards in 42 servers of 2, not 11 of 8 with ~182 desktops a host. A
    multi-GPU board's GPUs are counted by the board slot (:func:`server_gpu_places`: 16 A16 GPUs)."""
    per_node = server_gpu_places(scenario, card)
    host_rule = PER_HOST.get(UNITS.get(scenario.workload, ""))
    if host_rule is None:
        return per_node
    host = host_rule(scenario.assumptions)
    per_card = _smallest(vdi_capacities(scenario, card)[0])[1]
    if per_card <= 0 or per_node * per_card < host:
        return per_node
    return formulas.useful_cards_per_server(per_node, per_card, host)


def boards_needed(cards: int | None, card: Card, per_server: int | None = None) -> int | None:
    """Boards to buy when a board carries several GPUs (A16: 4) [count]: whole boards in each server
    of ``per_server`` GPUs (None: all in one pool), ``full × ceil(per_server ÷ 4) + ceil(rest ÷ 4)`` —
    7 A16 GPUs at 3 a server (a host's 48 desktops) are 3 boards, one a server, not 2."""
    if not cards:
        return None
    per_board = card.gpus_per_board
    full, rest = divmod(cards, per_server) if per_server else (0, cards)
    return full * -(-per_server // per_board) + -(-rest // per_board) if per_server else -(-rest // per_board)


def demand_messages(speed: GraphicsSpeed, count: int) -> list[Message]:
    """A warning when the cards carry fewer users or streams than asked for."""
    if speed.meets_demand:
        return []
    message_id = "misses-users" if speed.workload is Workload.VDI else "misses-streams"
    one = "-one" if count == 1 else ""  # "1 card serves 12 of 500 users", not "1 cards serve"
    if speed.cards_needed is None:  # no count carries them (no encoder, engines not verified): not "0 cards needed"
        return [msg(message_id + "-at-any-count" + one, count=count, served=speed.served, demand=speed.demand)]
    needed = speed.cards_needed
    sessions = any(name == "encode sessions" for name, _ in speed.capacities)  # a board's servers say no limit
    if speed.cards_per_server is not None and message_id == "misses-streams" and sessions:  # per server
        return [msg("misses-streams-per-server", count=count, served=speed.served, demand=speed.demand, needed=needed,
                    per=speed.cards_per_server)]
    return [msg(message_id + one, count=count, served=speed.served, demand=speed.demand, needed=needed)]


def card_fit_messages(scenario: Scenario, card: Card) -> list[Message]:
    """Warnings about the card itself for graphics work: consumer card, display outputs."""
    messages = []
    if card.is_consumer:
        messages.append(msg("consumer-card-datacenter", card=card.name))
    if card.display_outputs == 0 and card.video.nvenc == 0:
        messages.append(msg("no-display-no-encoder", card=card.name))
    elif card.display_outputs == 0 and scenario.graphics.local_display:
        messages.append(msg("no-display-outputs", card=card.name))
    elif scenario.graphics.local_display and card.display_default is not None and card.display_default.enabled is False:
        # monitors at the desks on an A40 or an L40S: their outputs ship off (Card.display_default; persona49b)
        messages.append(msg(DISPLAY_OUTPUTS_OFF, card=card.name))
    if at_desks(scenario) and card.cooling is not None and card.cooling.kind == "passive":
        # 200 designers at their desks ranked an A40 and an L40 second and third, each in a desk's workstation:
        # a passive data-centre board needs a server's airflow (the bill's own rule for one deskside workstation,
        # :func:`~configurator.core.procurement.servers.deskside_board`; persona49)
        messages.append(msg(PASSIVE_AT_DESK, card=card.name))
    rendering = scenario.workload is Workload.RENDER
    measured = measured_speedup(card, scenario)
    if rendering and card.rt_cores == 0:
        share = measured_fp32_share(card, scenario) if measured is not None else None
        messages.append(msg("no-rt-cores", card=card.name) if share is None else
                        msg("no-rt-cores-measured", card=card.name, share=share))
    beyond = frame_beyond_deadline(card, scenario) if rendering else None
    if beyond is not None:
        messages.append(beyond)
    reference_gen = scenario.graphics.reference_rt_generation
    card_gen = rt_generation(card)
    if rendering and measured is None and card_gen and reference_gen \
            and card_gen != reference_gen:  # a measured ratio holds the generations' difference
        messages.append(msg("rt-generation-differs", card=card.name, generation=card_gen,
                            reference=reference_card_name(scenario), reference_generation=reference_gen))
    if scenario.workload is Workload.VDI and vgpu_licence(scenario, card):
        messages.append(msg("vgpu-licence-in-bill"))
    return messages
