"""Graphics workloads: virtual desktops, video transcoding and offline rendering.

Each capacity is one formula with its source; every efficiency or rate that is not a
catalog fact is a named, user-visible default in :class:`~configurator.core.scenario.Assumptions`.

Sources
-------
vGPU
    NVIDIA vGPU profiles divide a GPU's framebuffer into equal slices (one size per GPU by
    default; docs.nvidia.com/vgpu/deployment/citrix-virtual-apps/latest/vgpu-profile.html)
    and a GPU hosts at most 32 vGPUs (NVIDIA open-gpu-kernel-modules,
    src/nvidia/src/kernel/virtualization/kernel_vgpu_mgr.c: "max vGPU per GPU is 32"), so an
    A40 (48 GB) hosts 32 × 1 GB, 24 × 2 GB, 16 × 3 GB … 1 × 48 GB. Time-sliced vGPUs share
    the shader cores, so their combined average load must stay under the card's FP32 rate.
    The default load, 0.25 TFLOP/s per user, is what NVIDIA's density for knowledge workers
    on an A16 implies: 64 desktops per board (4 GPUs × 16 × 1 GB profiles) on 4 × 4.5 TFLOP/s
    FP32 leaves at most 0.28 TFLOP/s each (fluence.network/blog/nvidia-a16). Heavier users
    (CAD, 3D) need more; the value is the user's to set.
NVENC / NVDEC
    Encode capacity per engine is published per 1080p frame rate (NVENC Application Note,
    "NVENC Performance": per-engine figures, multiplied by the engine count only across
    simultaneous sessions, scaling with resolution and clocks). The default rate, 1080p at
    240 frames/s, H.264 on a Turing/Ampere engine (other codecs and engine generations by the
    factors of NVIDIA's table, :mod:`configurator.core.nvenc_rates`, since December 2026), is one
    2160p60 stream (or 8 × 1080p30) per encoding chip
    (vMix knowledge base 171, "Hardware encoding with NVIDIA graphics", 2025), which matches a
    measured 262–284 frames/s 1080p HEVC encode with B-frames and look-ahead on one Turing
    NVENC (github.com/rigaya/NVEnc issue 88). Preset speeds relative to P4 are measured
    ``hevc_nvenc`` speeds (P1 35.9×, P2 27.1×, P3 25.0×, P4 17.4×, P5 12.8× real time;
    gist.github.com/mcxiaoke/106132051c76aaf23c5feb6f0721a1f3). GeForce drivers allow 8
    encode sessions per system (vMix knowledge base 171).
Rendering
    Shading-bound render time scales with the FP32 rate from a time measured on a reference
    card. Within one architecture RT-core throughput grows with SM count and clock just as
    FP32 does (one RT core per SM), so the same scaling holds for ray-traced scenes; across
    RT-core generations it does not, and the estimate says so. Frames render independently,
    one card per frame, so N cards finish ``ceil(frames / N)`` frames each. The scene must fit in each card's memory (no
    out-of-core rendering assumed).
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from configurator.core.catalog import Card, load_bundled_catalog
from configurator.core.formulas import graphics as formulas
from configurator.core.formulas.economics import HOURS_PER_MONTH  # noqa: F401  (re-exported for callers)
from configurator.core.formulas.graphics import (
    DESKTOP_CLASS_LOAD_TFLOPS,
    DESKTOP_CLASS_MESSAGES,
    NV12_BYTES_PER_PIXEL,
    RENDER_BYTES_PER_PIXEL,
    render_hours,
)
from configurator.core.memory import MemoryBreakdown, usable_capacity_bytes
from configurator.core.messages import Message, msg
from configurator.core.nvenc_rates import codec_factor
from configurator.core.render_scores import measured_ratio
from configurator.core.scenario import (
    RESOLUTIONS, VGPU_PROFILES_GIB, Assumptions, Codec, EncoderPreset, Graphics, Scenario, Workload)
from configurator.core.units import GIB

PRESET_SPEED = {
    EncoderPreset.P1: 35.9 / 17.4,
    EncoderPreset.P2: 27.1 / 17.4,
    EncoderPreset.P3: 25.0 / 17.4,
    EncoderPreset.P4: 1.0,
    EncoderPreset.P5: 12.8 / 17.4,
}
"""Encoder speed of each preset relative to P4 (measured hevc_nvenc speeds, see module docstring)."""

UNITS = {Workload.VDI: "users", Workload.TRANSCODE: "streams", Workload.RENDER: "frames"}
"""What a graphics workload counts."""

def vdi_desktops_per_host(assumptions: Assumptions) -> int:
    """Desktops one two-socket server carries by its processors and memory, at the scenario's desktop
    (vCPUs, memory) and CPU overcommit (:func:`formulas.desktops_per_host`: 48 by default) [count]."""
    a = assumptions
    return formulas.desktops_per_host(formulas.VDI_HOST_CORES, a.vdi_vcpus_per_core, a.vdi_vcpus_per_desktop,
                                      formulas.VDI_HOST_RAM_GIB, a.vdi_ram_gib_per_desktop)


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


# ---- virtual desktops -------------------------------------------------------------------


def users_by_shading(card: Card, tflops_per_user: float) -> int | None:
    """Users whose average FP32 load fits in the card's rate (:func:`formulas.users_by_shading`),
    None when the card's FP32 rate is unknown."""
    if card.fp32_tflops is None:
        return None
    return formulas.users_by_shading(card.fp32_tflops, tflops_per_user)


def vdi_capacities(scenario: Scenario, card: Card) -> tuple[dict[str, float | None], list[Message]]:
    """Users per card by framebuffer, vGPU instance limit and shading load; the smaller of the
    first two is :func:`formulas.vgpu_instances` (NVIDIA's vGPU table), kept apart to name the limit."""
    g, a, messages = scenario.graphics, scenario.assumptions, []
    if g.local_display:  # a workstation at the desk: the user has the card, no vGPU slices or their messages
        caps: dict[str, float | None] = {}
    elif card.vgpu == "graphics":
        needed = desktop_profile_gib(scenario)
        by_memory = formulas.framebuffer_slices(card.memory_gb, needed)
        caps = {"framebuffer": by_memory, "vGPU instances": a.max_vgpus_per_gpu}
        size = vgpu_profile_gib(scenario, card)
        if needed != g.profile_gib:  # "not 1 GiB" only where a larger profile than the smallest was asked
            asked = {} if g.profile_gib <= min(VGPU_PROFILES_GIB) else {"asked": g.profile_gib}
            messages.append(msg("vgpu-profile-for-displays" if asked else "vgpu-profile-of-displays", **asked,
                                profile=needed, user_class=msg(DESKTOP_CLASS_MESSAGES[g.user_class]),
                                monitors=g.monitors, resolution=g.resolution))
        if size != needed:
            messages.append(msg("vgpu-profile-rounded", card=card.name, asked=needed,
                                memory=card.memory_gb, profile=size, users=by_memory))
    else:
        messages.append(msg("vgpu-unknown" if card.vgpu is None else "no-graphics-vgpu", card=card.name))
        caps = {"passthrough": 1}
    office = Graphics.model_fields["shading_tflops_per_user"].default
    typical = DESKTOP_CLASS_LOAD_TFLOPS[g.user_class]
    if g.shading_tflops_per_user == office < typical:  # a designer left at the office desktop's load
        messages.append(msg("desktop-load-of-office", user_class=msg(DESKTOP_CLASS_MESSAGES[g.user_class]),
                            load=office, typical=typical))
    shading = users_by_shading(card, g.shading_tflops_per_user)
    if shading is None:
        messages.append(msg("no-fp32-rate", card=card.name))
    caps["shading load"] = shading
    if g.local_display and card.display_outputs is not None:  # cabled to the card: its connectors bind (none: 0 users)
        caps["display outputs"] = users_by_outputs(card.display_outputs, g.monitors)
    return caps, messages


def users_by_outputs(outputs: int, monitors: int) -> int:
    """Users one card drives where each user's ``monitors`` are cabled to it (``local_display``): its
    display connectors shared out whole, ``floor(outputs ÷ monitors)`` [count]. An RTX A6000's four
    DisplayPort 1.4a outputs drive one user's four 4K monitors, not the twelve desktops its framebuffer
    holds (NVIDIA RTX A6000 datasheet: 4 × DP 1.4a; the catalog's ``display_outputs``); until December
    2026 the count was not read, and a control room of 16 local 4K displays came to one card
    (persona12gfx, session 42). At most one: each user's desk has its own workstation (one card each,
    :mod:`~configurator.core.procurement.workstations`): 16 one-monitor desks are 16 cards, not 4 (until Dec. 2026)."""
    return min(1, outputs // monitors)


def desktop_profile_gib(scenario: Scenario) -> float:
    """The vGPU framebuffer each desktop gets [GiB]: the scenario's profile, or more where its user
    class and displays need more (:func:`formulas.desktop_profile_gib`: 60 designers on two 4K
    displays need 8 GiB, not the default 1); before the card's rounding (:func:`vgpu_profile_gib`)."""
    g = scenario.graphics
    width, height = RESOLUTIONS[g.resolution]
    return max(g.profile_gib, formulas.desktop_profile_gib(g.user_class, width, height, g.monitors))


VPC_MAX_PROFILE_GIB = 2.0
"""Largest vGPU framebuffer per user NVIDIA Virtual PC (vPC) licenses: its B-series profiles are
1 and 2 GB (NVIDIA Virtual GPU Software User Guide, 'Virtual GPU Types': the B-series for vPC,
the Q-series for RTX vWS); a larger profile is a graphics workstation and needs RTX vWS [GiB]."""


def vgpu_licence(scenario: Scenario, card: Card) -> str | None:
    """The NVIDIA vGPU software licence (an item of the price file) each desktop needs, or None.

    On a card with graphics vGPU profiles: NVIDIA Virtual PC (``software-vgpu-vpc``) for office
    desktops, whose profile is at most :data:`VPC_MAX_PROFILE_GIB`; RTX Virtual Workstation
    (``software-vgpu``) for a larger profile, the graphics workstations. A whole NVIDIA card passed
    through to one desktop (no graphics profiles, or none verified) needs RTX vWS too: NVIDIA
    Virtual GPU Client Licensing User Guide, release 16 (docs.nvidia.com/vgpu/16.0/
    grid-licensing-user-guide, 'NVIDIA vGPU Software Licensed Products': "GPU pass through for
    workstation or professional 3D graphics — vWS", enforced in software; vApps at reduced
    capability; "vPC is not available on GPUs running in pass-through mode or bare-metal
    deployments", NVIDIA Control Panel help, 'About NVIDIA vGPU Software Licensing'). None where
    NVIDIA's vGPU software does not run: GeForce cards (``vgpu`` ``none``: passed through with the
    ordinary driver) and other vendors' cards (their own virtualisation, no NVIDIA licence); nor where the
    monitors are cabled to the card at the desk (``local_display``: a workstation on the ordinary driver, no
    remote session; :mod:`configurator.core.procurement.workstations`)."""
    if card.vendor != "NVIDIA" or card.vgpu == "none" or scenario.graphics.local_display:
        return None
    if card.vgpu == "graphics" and desktop_profile_gib(scenario) <= VPC_MAX_PROFILE_GIB:
        return "software-vgpu-vpc"
    return "software-vgpu"


# ---- video --------------------------------------------------------------------------------


def pixel_ratio(resolution: str) -> float:
    """1080p pixels over the stream's pixels (:func:`formulas.pixel_ratio`)."""
    return formulas.pixel_ratio(*RESOLUTIONS[resolution])


def encoder_fps(card: Card, scenario: Scenario) -> float | None:
    """1080p frames one of the card's NVENC engines encodes per second at P4 in the scenario's codec
    [frames/s]: the encoder default (H.264 on a Turing/Ampere engine) times the codec's and engine
    generation's factor from NVIDIA's table (:func:`configurator.core.nvenc_rates.codec_factor`: HEVC on
    Turing/Ampere 0.93, on Ada 1.02, on Blackwell 1.28); None where the generation does not encode the
    codec (AV1 before Ada)."""
    factor = codec_factor(card.video.nvenc_generation, scenario.graphics.codec)
    return None if factor is None else scenario.assumptions.encoder_fps_1080p * factor


def encode_streams(card: Card, scenario: Scenario) -> int | None:
    """Streams the card's encoders carry (:func:`formulas.encoder_streams`, at :func:`encoder_fps`), None
    when unknown; 0 where the engines do not encode the codec."""
    g, engines = scenario.graphics, card.video.nvenc
    if engines is None:
        return None
    fps = encoder_fps(card, scenario)
    if fps is None:
        return 0
    return formulas.encoder_streams(engines, fps, PRESET_SPEED[g.preset], pixel_ratio(g.resolution), g.fps)


def decode_streams(card: Card, scenario: Scenario) -> int | None:
    """Streams the card's decoders carry (:func:`formulas.decoder_streams`), None when unknown."""
    g, engines = scenario.graphics, card.video.nvdec
    if engines is None:
        return None
    return formulas.decoder_streams(engines, scenario.assumptions.decoder_fps_1080p, pixel_ratio(g.resolution), g.fps)


VIDEO_ENGINES = {"encoders": ("nvenc", "NVENC"), "decoders": ("nvdec", "NVDEC")}
"""A transcoding capacity's engines (:class:`configurator.core.card.VideoEngines` field, the name said)."""


def limit_engines(card: Card, limit: str) -> tuple[int, str] | None:
    """The card's video engines behind the capacity ``limit`` ('encoders' on an L4: (2, 'NVENC')), the
    count that decides a transcoding answer; None for another limit or engines not counted."""
    field, name = VIDEO_ENGINES.get(limit, (None, None))
    engines = getattr(card.video, field) if field else None
    return (engines, name) if engines else None


def transcode_capacities(scenario: Scenario, card: Card) -> tuple[dict[str, float | None], list[Message]]:
    """Streams per card by encoders, decoders and (consumer cards) the driver's session limit."""
    g, messages = scenario.graphics, []
    encode = encode_streams(card, scenario)
    if encode is None:
        messages.append(msg("encoder-unknown", card=card.name))
    elif card.video.nvenc == 0:
        messages.append(msg("no-encoder", card=card.name))
    if g.codec is Codec.AV1 and card.video.av1_encode is not True and card.video.nvenc:
        messages.append(msg("no-av1-encoder", card=card.name))
        encode = 0
    caps: dict[str, float | None] = {"encoders": encode}
    if g.decode:
        caps["decoders"] = decode_streams(card, scenario)
    if card.is_consumer:
        sessions = scenario.assumptions.consumer_encode_sessions
        messages.append(msg("consumer-encode-sessions", card=card.name, sessions=sessions))
        caps["encode sessions"] = math.floor(sessions / min(scenario.parallelism.cards_per_node, scenario.count))
    return caps, messages


# ---- rendering ----------------------------------------------------------------------------


def measured_speedup(card: Card, scenario: Scenario) -> float | None:
    """How much faster ``card`` renders than the scenario's reference card by their measured Blender
    Open Data scores (:func:`configurator.core.render_scores.measured_ratio`), None unless both
    are measured (then FP32 scaling stands in)."""
    return measured_ratio(card.id, scenario.graphics.reference_card)


def measured_fp32_share(card: Card, scenario: Scenario) -> float | None:
    """The card's measured render speed over the speed FP32 scaling gives it, both from the reference
    card (dimensionless): 0.69 for an H100 NVL against an RTX 4090, whose FP32 rate says 0.73 of the
    4090's where Blender Open Data measures 0.50; None unless measured and the FP32 rate known."""
    speedup = measured_speedup(card, scenario)
    if speedup is None or not card.fp32_tflops:
        return None
    return speedup / (card.fp32_tflops / scenario.graphics.reference_fp32_tflops)


def minutes_per_frame(card: Card, scenario: Scenario) -> float | None:
    """Time per frame from the reference card's [min]: divided by the measured speed-up where both
    cards have a render score (:func:`measured_speedup`), else scaled by FP32 rate
    (:func:`formulas.scaled_minutes_per_frame`); None when neither is known."""
    g = scenario.graphics
    speedup = measured_speedup(card, scenario)
    if speedup is not None:
        return g.reference_minutes_per_frame / speedup
    if card.fp32_tflops is None:
        return None
    return formulas.scaled_minutes_per_frame(g.reference_minutes_per_frame, g.reference_fp32_tflops, card.fp32_tflops)


def cards_for_deadline(card: Card, scenario: Scenario) -> int | None:
    """The fewest ``card`` that render the scenario's frames within its deadline
    (:func:`formulas.cards_for_deadline`) [count]; None without a deadline, without the card's FP32
    rate, or when one frame takes longer than the deadline."""
    deadline = scenario.constraints.deadline_hours
    minutes = minutes_per_frame(card, scenario)
    if not deadline or not minutes:
        return None
    return formulas.cards_for_deadline(scenario.graphics.frames, minutes, deadline)


def frame_beyond_deadline(card: Card, scenario: Scenario) -> Message | None:
    """That one frame on ``card`` takes longer than the whole deadline, so no count meets it (frames
    are whole on a card, :func:`formulas.render_hours`); None when it does not, or without a deadline
    or a time per frame. A 20-frame job in a minute on L40S (1.42 min a frame) said only "misses the
    deadline by 0.416 min", as if more cards would do (persona check, December 2026)."""
    deadline = scenario.constraints.deadline_hours
    minutes = minutes_per_frame(card, scenario)
    if not deadline or not minutes or cards_for_deadline(card, scenario) is not None:
        return None
    return msg("frame-beyond-deadline", card=card.name, frame=minutes / 60, deadline=deadline)


RT_CORE_GENERATIONS = (("Turing", 1), ("Ampere", 2), ("Ada", 3), ("Blackwell", 4))
"""RT-core generation by NVIDIA architecture: A40 'second-generation RT Cores' (Ampere),
L40/L40S and RTX 4090 'third-generation' (Ada), RTX 5090 'fourth generation' (Blackwell)
(datasheet reprints cited in catalog.json); Turing introduced RT cores."""


def rt_generation(card: Card) -> int | None:
    """The card's RT-core generation, None when it has none or it is not known."""
    if not card.rt_cores:
        return None
    name = card.architecture or ""
    return next((gen for arch, gen in RT_CORE_GENERATIONS if name.startswith(arch)), None)


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


def vgpu_profile_gib(scenario: Scenario, card: Card) -> float:
    """The vGPU size each desktop gets on ``card`` [GiB]: the scenario's profile, or the card's next
    vGPU type where the profile does not divide its memory (:func:`formulas.vgpu_profile_gib`:
    5 GiB on a 48 GB L40S is its 6 GB type); the profile as asked on cards without graphics vGPU."""
    if card.vgpu != "graphics":
        return desktop_profile_gib(scenario)
    return formulas.vgpu_profile_gib(card.memory_gb, desktop_profile_gib(scenario))


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
        messages.append(msg("vdi-host-desktops", desktops=host, per=arranged,
                            vcpus=scenario.assumptions.vdi_vcpus_per_desktop,
                            ram=scenario.assumptions.vdi_ram_gib_per_desktop,
                            ratio=scenario.assumptions.vdi_vcpus_per_core,
                            cores=formulas.VDI_HOST_CORES))
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


def reference_card_name(scenario: Scenario) -> str:
    """The name of the card the time per frame was measured on (``graphics.reference_card`` is its
    catalog id); the id itself where the bundled catalog does not list it (a card of the user's own)."""
    card_id = scenario.graphics.reference_card
    bundled = load_bundled_catalog()
    return bundled.get(card_id).name if card_id in bundled else card_id


def card_fit_messages(scenario: Scenario, card: Card) -> list[Message]:
    """Warnings about the card itself for graphics work: consumer card, display outputs."""
    messages = []
    if card.is_consumer:
        messages.append(msg("consumer-card-datacenter", card=card.name))
    if card.display_outputs == 0 and card.video.nvenc == 0:
        messages.append(msg("no-display-no-encoder", card=card.name))
    elif card.display_outputs == 0 and scenario.graphics.local_display:
        messages.append(msg("no-display-outputs", card=card.name))
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
