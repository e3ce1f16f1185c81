"""Graphics capacities: vGPU slices, shading load, encoder/decoder streams, render time.

Sources are in :mod:`configurator.core.graphics` (module docstring) and in each function.
"""

from __future__ import annotations

import math

_ROUNDING = 1e-9
"""Slack for floating-point ratios that are whole numbers (48 / 1.5 = 32 exactly) [count]."""

NV12_BYTES_PER_PIXEL = 1.5
"""A decoded 8-bit 4:2:0 frame (NV12): one luma byte plus half a byte of chroma per pixel [B]
(NVIDIA Video Codec SDK, NVDEC output surface format NV12)."""

RENDER_BYTES_PER_PIXEL = 16
"""One RGBA float32 output layer (AOV): 4 channels × 4 B [B per pixel]."""


def vgpu_profile_gib(memory_gib, profile_gib):
    """The vGPU size a desktop asking for ``profile_gib`` [GiB] gets on a GPU of ``memory_gib``
    [GiB]: the smallest whole size at least as large that divides the framebuffer evenly [GiB].
    NVIDIA's vGPU types split a GPU into equal slices whose sizes divide its memory (NVIDIA
    Virtual GPU Software User Guide, "Virtual GPU Types for Supported GPUs": A40, L40S,
    RTX 6000 Ada 1, 2, 3, 4, 6, 8, 12, 16, 24, 48 GB, no 5 or 10; L4, A10 1, 2, 3, 4, 6, 8, 12,
    24 GB; A16, T4 1, 2, 4, 8, 16 GB, no 3 or 6), so 5 GiB on a 48 GB card is its 6 GB type and
    3 GiB on a 16 GB GPU its 4 GB type. A profile under 1 GiB or above the memory, or memory that
    is not a whole number of GiB, is kept as asked."""
    whole = round(memory_gib)
    if profile_gib < 1 or profile_gib > memory_gib + _ROUNDING or abs(memory_gib - whole) > _ROUNDING:
        return profile_gib
    return float(next(size for size in range(math.ceil(profile_gib - _ROUNDING), whole + 1) if whole % size == 0))


DESKTOP_CLASS_PROFILE_GIB = {"knowledge": 1.0, "power": 2.0, "designer": 4.0, "heavy": 8.0}
"""vGPU framebuffer a desktop user class needs on one HD display (1920×1080) [GiB]. Knowledge
workers 1 GB (B-series 1B) and power users 2 GB (2B): NVIDIA Virtual PC (vPC) Sizing and GPU
Selection Guide (docs.nvidia.com/vgpu/sizing/virtual-pc/latest, 'Test Findings', nVector knowledge
worker on A16: 1B for one HD display, 2B for every larger set measured). Designers 4 GB and
heavy users (3D, VFX) 8 GB: NVIDIA RTX Virtual Workstation (vWS) Sizing and GPU Selection Guide
(docs.nvidia.com/vgpu/sizing/virtual-workstation/latest, 'Example VDI Deployment Configurations',
Table 9, typical deployment on L40S: light users 4Q, medium users 4Q–8Q, heavy users 12Q–24Q)."""

DESKTOP_CLASS_LOAD_TFLOPS = {"knowledge": 0.25, "power": 0.5, "designer": 2.0, "heavy": 6.0}
"""Average FP32 shading load a desktop user class starts at [TFLOP/s]. Knowledge workers 0.25: derived
from NVIDIA's 64 knowledge-worker desktops per A16 board (4 × 4.5 TFLOP/s FP32 ÷ 64 = 0.28, rounded
down; ``benchmarks/graphics_accuracy.py``). **Assumption** for the others, unsourced, to adjust: no
sizing guide publishes a shading rate per user (NVIDIA's vWS guide sizes designers by framebuffer and
measured frame rates). Until December 2026 these were the wizard's own starting points
(``app/wizard_graphics.py``), which the command line and the editor did not know of."""

DESKTOP_CLASS_MESSAGES = {"knowledge": "desktop-class-knowledge", "power": "desktop-class-power",
                          "designer": "desktop-class-designer", "heavy": "desktop-class-heavy"}
"""The message naming each desktop user class (``Graphics.user_class``), keyed as
:data:`DESKTOP_CLASS_PROFILE_GIB`. Here, beside the classes, not in :mod:`configurator.core.graphics`: the
window's labels read it before the catalog loads (``tests/test_startup.py``)."""

HD_DISPLAY_PIXELS = 1920 * 1080
"""One HD display, the display the class profiles are sized for [pixels]."""

VPC_MAX_PIXELS = 17_694_720
"""Most pixels an NVIDIA Virtual PC (B-series) desktop drives: two 4096×2160 displays, four QHD or
one 5K (vPC Sizing Guide, 'Selecting the Right NVIDIA GPU Virtualization Software', Table 4:
maximum pixel count 17,694,720 for vPC, 66,355,200 for RTX vWS) [pixels]."""

VWS_MIN_PROFILE_GIB = 4.0
"""Smallest Q-series profile the vWS sizing guide sizes a workstation user on (light users, 4Q):
a desktop whose displays exceed :data:`VPC_MAX_PIXELS` needs an RTX vWS (Q-series) profile [GiB]."""


def desktop_profile_gib(user_class, width, height, monitors):
    """The vGPU framebuffer a desktop needs for its user class and displays [GiB]: the class's
    profile on one HD display (:data:`DESKTOP_CLASS_PROFILE_GIB`), doubled when the desktop shows
    more than one HD display's pixels (``monitors`` × ``width`` × ``height`` [pixels] above
    1920×1080, or more than one monitor), and at least :data:`VWS_MIN_PROFILE_GIB` when the
    pixels exceed what a vPC desktop drives (:data:`VPC_MAX_PIXELS`). The doubling is the vPC
    guide's step (knowledge worker: 1B on one HD display; 2B on two HD, two or three QHD, one or
    two 4K, one 5K) and spans the vWS guide's range for medium users (4Q to 8Q); heavy users'
    12Q–24Q contain a heavy user's 8 → 16 GiB."""
    pixels = width * height * monitors
    base = DESKTOP_CLASS_PROFILE_GIB[user_class]
    size = base * 2 if monitors > 1 or pixels > HD_DISPLAY_PIXELS else base
    return max(size, VWS_MIN_PROFILE_GIB) if pixels > VPC_MAX_PIXELS else size


def framebuffer_slices(memory_gib, profile_gib):
    """vGPUs of ``profile_gib`` [GiB] the framebuffer of ``memory_gib`` [GiB] divides into:
    ``floor(memory / size)`` [count], ``size`` the vGPU type the profile gets
    (:func:`vgpu_profile_gib`: 5 GiB on a 48 GB card is 8 × 6 GB, not 9 × 5). vGPU sizes count
    the marketed memory in binary GB (A40-48Q is the whole 48 GB card; NVIDIA Virtual GPU
    Software User Guide, "Virtual GPU Types for Supported GPUs", A40 table)."""
    return math.floor(memory_gib / vgpu_profile_gib(memory_gib, profile_gib) + _ROUNDING)


def vgpu_instances(memory_gib, profile_gib, max_per_gpu):
    """vGPUs of ``profile_gib`` one GPU hosts: ``min(floor(memory / profile), max_per_gpu)``
    [count] (NVIDIA vGPU user guide, A40: 1Q 32, 2Q 24, 3Q 16, 4Q 12, 6Q 8, 8Q 6, 12Q 4, 16Q 3,
    24Q 2, 48Q 1 per GPU; the 32 cap is the driver's, see ``max_vgpus_per_gpu``)."""
    return min(framebuffer_slices(memory_gib, profile_gib), max_per_gpu)


def users_by_shading(fp32_tflops, tflops_per_user):
    """Users whose average FP32 load fits in the card's rate: ``floor(fp32 / load)`` [count];
    both in [TFLOP/s]. Time-sliced vGPUs share the shader cores (NVIDIA vGPU user guide,
    "Time-sliced vGPU")."""
    return math.floor(fp32_tflops / tflops_per_user + _ROUNDING)


def between_presets(p3_fps, p5_fps):
    """An encoder's rate at P4 from its rates at P3 and P5 [frames/s]: their geometric mean,
    ``sqrt(p3 × p5)`` — NVIDIA's presets step the rate by a factor, not a sum (the measured hevc_nvenc
    speeds P3 25.0×, P4 17.4×, P5 12.8×: sqrt(25.0 × 12.8) = 17.9, 3 % off; see
    :data:`configurator.core.graphics.PRESET_SPEED`); NVIDIA's table lists P1, P3, P5 and P7."""
    return math.sqrt(p3_fps * p5_fps)


def pixel_ratio(width, height):
    """1080p pixels over the stream's ``width × height`` pixels (dimensionless): engine frame
    rates scale with frame size (NVIDIA NVENC Application Note, "NVENC Performance")."""
    return 1920 * 1080 / (width * height)


def encoder_streams(engines, fps_1080p, preset_speed, pixels_ratio, fps):
    """Streams ``engines`` encoders carry: ``floor(engines × fps_1080p × preset × ratio ÷ fps)``
    [count]; ``fps_1080p`` per engine and ``fps`` per stream [frames/s], ``preset`` the speed
    relative to P4, ``ratio`` from :func:`pixel_ratio` (NVENC Application Note: per-engine
    figures, multiplied by the engine count across simultaneous sessions)."""
    return math.floor(engines * fps_1080p * preset_speed * pixels_ratio / fps + _ROUNDING)


def decoder_streams(engines, fps_1080p, pixels_ratio, fps):
    """Streams ``engines`` decoders carry: ``floor(engines × fps_1080p × ratio ÷ fps)`` [count]
    (NVDEC Application Note, "NVDEC Performance": per-engine figures)."""
    return math.floor(engines * fps_1080p * pixels_ratio / fps + _ROUNDING)


def scaled_minutes_per_frame(reference_minutes, reference_fp32_tflops, fp32_tflops):
    """Shading-bound time per frame scaled by FP32 rate from a reference card:
    ``t_ref × fp32_ref / fp32_card`` [min] (rates in [TFLOP/s])."""
    return reference_minutes * reference_fp32_tflops / fp32_tflops


def render_hours(frames, count, minutes):
    """Job time with whole frames per card: ``ceil(frames / count) × minutes / 60`` [h]."""
    return math.ceil(frames / count) * minutes / 60.0


def cards_for_deadline(frames, minutes, deadline_hours):
    """The fewest cards that render ``frames`` within ``deadline_hours`` [h] at ``minutes`` a
    frame [min], frames whole on each card (:func:`render_hours`): each card renders at most
    ``k = floor(deadline × 60 / minutes)`` frames, so ``ceil(frames / k)`` cards [count]; None
    when one frame takes longer than the deadline (no count meets it)."""
    per_card = math.floor(deadline_hours * 60.0 / minutes + _ROUNDING)
    return math.ceil(frames / per_card) if per_card > 0 else None


def decoded_surface_bytes(streams, surfaces_per_stream, width, height, bytes_per_pixel):
    """Decoded video surfaces on the card [B]: ``streams × surfaces × width × height × bytes``."""
    return streams * surfaces_per_stream * width * height * bytes_per_pixel


def session_limited_streams(count, cards_per_server, per_card, sessions_per_server):
    """Streams ``count`` cards carry in servers of ``cards_per_server`` when the driver allows
    ``sessions_per_server`` encode sessions per server whatever its cards (GeForce drivers: 8 per
    system, vMix knowledge base 171) and each card's engines carry ``per_card``:
    ``Σ_servers min(sessions, cards in the server × per_card)`` [streams]."""
    full, rest = divmod(count, cards_per_server)
    last = min(sessions_per_server, rest * per_card) if rest else 0
    return full * min(sessions_per_server, cards_per_server * per_card) + last


def useful_cards_per_server(cards_per_server, per_card, sessions_per_server):
    """Cards worth putting in one server under a per-server session limit: as many as carry its
    sessions, ``min(cards_per_server, ceil(sessions ÷ per_card))``, at least one [count]."""
    return max(1, min(cards_per_server, math.ceil(sessions_per_server / per_card)))


def session_limited_cards(demand, cards_per_server, per_card, sessions_per_server):
    """Fewest cards that carry ``demand`` streams under a per-server session limit, servers
    holding :func:`useful_cards_per_server` cards each (the last only the cards its streams
    need) [count]. Independent of any current count: no saw-tooth as cards are added."""
    useful = useful_cards_per_server(cards_per_server, per_card, sessions_per_server)
    per_server = min(sessions_per_server, useful * per_card)
    full, remaining = divmod(demand, per_server)
    return full * useful + math.ceil(remaining / per_card)


VDI_HOST_CORES = 32
"""Physical cores of the price file's two-socket PCIe servers (``server-pcie-2``, ``server-slim-2u-8``,
``server-fhfl-2u-4``: 2 × Intel Xeon Gold 6526Y, 16 cores each, Intel ARK) [count]."""

VDI_HOST_RAM_GIB = 512.0
"""Memory of those servers (16 × 32 GB DDR5, the price file's notes) [GiB]."""


def desktops_per_host(cores, vcpus_per_core, vcpus_per_desktop, ram_gib, ram_gib_per_desktop):
    """Desktops one server's processors and memory carry, whatever its GPUs:
    ``min(floor(cores × vcpus_per_core ÷ vcpus_per_desktop), floor(ram ÷ ram_per_desktop))`` [count];
    cores [count], memory [GiB]. 32 cores at 6 vCPU a core, 4 vCPU a desktop: 48; 512 GiB at 6 GiB: 85
    (VDI sizing by CPU overcommit and memory, no memory overcommit: NVIDIA Virtual PC Sizing Guide).
    The desktop's vCPUs and memory and the overcommit are the scenario's assumptions
    (``Assumptions.vdi_vcpus_per_desktop``, ``vdi_ram_gib_per_desktop``, ``vdi_vcpus_per_core``:
    4, 6 GiB and 6 by default, 48 desktops a host); until December 2026 they were constants here. At
    least one: a server hosts a desktop however large it is asked to be. Which of the two binds is said on
    the answer (:func:`desktops_by_cpu`, :func:`desktops_by_memory`)."""
    return max(1, min(desktops_by_cpu(cores, vcpus_per_core, vcpus_per_desktop),
                      desktops_by_memory(ram_gib, ram_gib_per_desktop)))


def desktops_by_cpu(cores, vcpus_per_core, vcpus_per_desktop):
    """Desktops one server's processors carry: ``floor(cores × vcpus_per_core ÷ vcpus_per_desktop)`` [count];
    cores [count], the overcommit [vCPU/core], a desktop's vCPUs [vCPU] (:func:`desktops_per_host`)."""
    return math.floor(cores * vcpus_per_core / vcpus_per_desktop + _ROUNDING)


def desktops_by_memory(ram_gib, ram_gib_per_desktop):
    """Desktops one server's memory carries, not overcommitted: ``floor(ram ÷ ram_per_desktop)`` [count];
    both [GiB] (:func:`desktops_per_host`)."""
    return math.floor(ram_gib / ram_gib_per_desktop + _ROUNDING)


DESKTOP_IMAGE_GB = 64.0
"""Disk of one Windows desktop, the golden image a pool is cloned from and a persistent desktop's
own disk [GB]: Windows 11's minimum storage, 64 GB (Microsoft, "Windows 11 specifications and
system requirements", microsoft.com, read 2026-12) — a floor: an image with a large application
set is bigger, enter its size."""

DESKTOP_IMAGE_VERSIONS = 3
"""Versions of the golden image kept on the storage (the one in use, the one being rolled out and
one to roll back to): ILTA's VDI storage formula, ``capacity = images × image size × 3 versions +
desktops × cache`` (ILTA, "VDI: Not Your Traditional Desktop Deployment", ILTA white paper,
epubs.iltanet.org/i/98946, p. 23: 25–40 GB images, 5–15 GB cache, 2–5 GB profiles a desktop;
300 desktops, one 40 GB image in 3 versions and 6 GB of cache: 2.16 TB) [count]."""

CLONE_DELTA_GB = 10.0
"""Disk a non-persistent desktop (VMware/Omnissa Horizon instant clone, Citrix MCS pooled) writes
beside the shared image while its user is logged in — page file, temporary files, the clone's own
blocks — reset at log-off [GB]: the middle of ILTA's 5–15 GB cache a desktop
(:data:`DESKTOP_IMAGE_VERSIONS`); Horizon's planning guide puts instant clones at 50–90 % less
capacity than full clones (docs.vmware.com, Horizon 7.13 Architecture Planning, "Instant Clone
Virtual Machines": 64 GB less 90 % is 6.4 GB, less 50 % 32 GB)."""

PROFILE_GB = 5.0
"""A non-persistent desktop's user profile and settings, kept on the same storage between sessions
(Horizon Dynamic Environment Manager, Citrix Profile Management, FSLogix) [GB]: the top of ILTA's
2–5 GB a desktop; redirected documents and project files are the file servers', not sized here."""

DESKTOP_PERSISTENT = {"knowledge": False, "power": True, "designer": True, "heavy": True}
"""Whether a desktop user class gets a persistent desktop (a full clone that keeps its disk, its
installed applications and its profile) or a non-persistent one (an instant clone, reset at
log-off). Knowledge workers non-persistent: Horizon's planning guide gives knowledge workers who
install no applications of their own linked or instant clones with their profile kept apart;
power users — and designers and heavy 3D users, who install and license their own applications
and plug-ins — full, persistent desktops (VMware View 5.0 Architecture Planning,
pubs.vmware.com/view-50, topic GUID-137DA4DA-D258-4D29-A8EC-DBAEC73E19E1: "For power users and
knowledge workers who must install their own applications, which adds data to the operating system
disk, create full virtual machine desktops"). Keyed as :data:`DESKTOP_CLASS_PROFILE_GIB`."""

DESKTOP_STEADY_IOPS = 10.0
"""Storage operations a desktop asks for at work [IO/s], and at boot :data:`DESKTOP_BOOT_IOPS`:
the top of TechTarget's 5–10 IOPS at work and 50–100 at boot a Windows desktop (TechTarget
SearchStorage, "The storage-for-VDI equation: Capacity, IOPS, TCO, ROI and persistency"); Dell's
measured task worker, 7–8 at work, 16–18 in a boot storm (Dell EqualLogic BP1018, "Sizing and Best
Practices for Deploying Citrix XenDesktop on VMware vSphere", 2012-01, Table 7). Not a sizing rule
on all-flash storage: 1,000 desktops booting at once ask for 100,000 IO/s, **assumption** within
what a few data-centre NVMe drives serve (hundreds of thousands of random 4 KiB operations a second
each, makers' datasheets, not on file) of the pair of storage servers the bill counts; the storage is
sized by capacity (:func:`desktop_storage_tb`)."""

DESKTOP_BOOT_IOPS = 100.0
"""A desktop's storage operations while it boots [IO/s] (:data:`DESKTOP_STEADY_IOPS`)."""


def desktop_disk_gb(user_class):
    """Storage one desktop of ``user_class`` takes [GB]: a persistent desktop its whole disk
    (:data:`DESKTOP_IMAGE_GB`, its profile on it); a non-persistent one its clone's writes and its
    kept profile (:data:`CLONE_DELTA_GB` + :data:`PROFILE_GB`), the image shared
    (:data:`DESKTOP_PERSISTENT`)."""
    return DESKTOP_IMAGE_GB if DESKTOP_PERSISTENT[user_class] else CLONE_DELTA_GB + PROFILE_GB


def desktop_storage_tb(users, user_class):
    """Storage the desktops of ``users`` users of ``user_class`` take [TB]:
    ``(users × desktop_disk_gb + DESKTOP_IMAGE_VERSIONS × DESKTOP_IMAGE_GB) ÷ 1,000`` — every
    desktop's own disk (:func:`desktop_disk_gb`) and the golden image's kept versions, ILTA's
    formula (:data:`DESKTOP_IMAGE_VERSIONS`) with the profiles added; a non-persistent desktop's
    15 GB sits in TechTarget's 10–20 GB of shared storage a Windows desktop
    (:data:`DESKTOP_STEADY_IOPS`). Usable capacity, before any deduplication (full clones of one
    image deduplicate well on arrays that do it; not counted)."""
    return (users * desktop_disk_gb(user_class) + DESKTOP_IMAGE_VERSIONS * DESKTOP_IMAGE_GB) / 1000
