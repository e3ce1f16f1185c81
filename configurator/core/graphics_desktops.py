"""Virtual desktops (VDI) on graphics cards: users per card by vGPU framebuffer slices, the vGPU instance
limit, the shading load and (at the desk) the display outputs; the vGPU profile each desktop gets, the
desktops a server's processors and memory carry, and the NVIDIA vGPU licence each desktop needs.
The graphics workloads' capacity of a count of cards is :func:`configurator.core.graphics.graphics_speed`.

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
"""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.formulas import graphics as formulas
from configurator.core.formulas.graphics import DESKTOP_CLASS_LOAD_TFLOPS, DESKTOP_CLASS_MESSAGES
from configurator.core.messages import Message, msg
from configurator.core.scenario import RESOLUTIONS, VGPU_PROFILES_GIB, Assumptions, Graphics, Scenario


def vdi_desktops_per_host(assumptions: Assumptions) -> int:
    """Desktops one two-socket server carries by its processors and memory, at the scenario's desktop
    (vCPUs, memory) and CPU overcommit (:func:`formulas.desktops_per_host`: 48 by default) [count]."""
    a = assumptions
    return formulas.desktops_per_host(formulas.VDI_HOST_CORES, a.vdi_vcpus_per_core, a.vdi_vcpus_per_desktop,
                                      formulas.VDI_HOST_RAM_GIB, a.vdi_ram_gib_per_desktop)


def vdi_host_message(assumptions: Assumptions, per_server: int) -> Message:
    """What a server's processors and memory carry and which of the two binds (:func:`vdi_desktops_per_host`),
    with ``per_server`` cards a server: the processors where they carry no more than the memory (32 cores at
    6 vCPU a core, 4 vCPU a desktop: 48; 512 GiB at 6 GiB: 85, so the processors), else the memory (at 16 GiB
    a desktop: 32). Until December 2026 the answer said the count, not which of the two set it (persona51vdi)."""
    a = assumptions
    by_cpu = formulas.desktops_by_cpu(formulas.VDI_HOST_CORES, a.vdi_vcpus_per_core, a.vdi_vcpus_per_desktop)
    by_memory = formulas.desktops_by_memory(formulas.VDI_HOST_RAM_GIB, a.vdi_ram_gib_per_desktop)
    limit = "vdi-host-limit-processors" if by_cpu <= by_memory else "vdi-host-limit-memory"
    return msg("vdi-host-desktops", desktops=vdi_desktops_per_host(a), per=per_server, limit=msg(limit),
               vcpus=a.vdi_vcpus_per_desktop, ram=a.vdi_ram_gib_per_desktop, ratio=a.vdi_vcpus_per_core,
               cores=formulas.VDI_HOST_CORES, host_ram=formulas.VDI_HOST_RAM_GIB, by_cpu=by_cpu,
               by_memory=by_memory)


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
                                monitors=g.monitors, resolution=g.resolution,
                                displays=msg("displays-one" if g.monitors == 1 else "displays-many")))
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


def vgpu_profile_gib(scenario: Scenario, card: Card) -> float:
    """The vGPU size each desktop gets on ``card`` [GiB]: the scenario's profile, or the card's next
    vGPU type where the profile does not divide its memory (:func:`formulas.vgpu_profile_gib`:
    5 GiB on a 48 GB L40S is its 6 GB type); the profile as asked on cards without graphics vGPU."""
    if card.vgpu != "graphics":
        return desktop_profile_gib(scenario)
    return formulas.vgpu_profile_gib(card.memory_gb, desktop_profile_gib(scenario))
