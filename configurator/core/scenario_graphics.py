"""The graphics load of a scenario (virtual desktops, video streams, a render job), a frozen and validated
pydantic model, with the vGPU profiles and the display resolutions it allows. Re-exported by
:mod:`configurator.core.scenario_sections` and :mod:`configurator.core.scenario`; its descriptions are read as
:mod:`configurator.core.scenario_sections` says."""

from __future__ import annotations

from typing import Literal

from pydantic import Field, model_validator

from configurator.core.frozen_model import FrozenModel
from configurator.core.scenario_choices import Codec, EncoderPreset


VGPU_PROFILES_GIB = (1, 2, 3, 4, 6, 8, 12, 16, 24, 32, 48, 96)
"""Framebuffer sizes of NVIDIA vGPU profiles (A40-1Q … A40-48Q; 32 and 96 on 96 GB cards) [GiB]."""

RESOLUTIONS = {"720p": (1280, 720), "1080p": (1920, 1080), "1440p": (2560, 1440), "2160p": (3840, 2160)}
"""Resolutions a transcoding stream or a virtual desktop's display may have: name -> (width, height)
[pixels]."""


class Graphics(FrozenModel):
    """Load of a graphics deployment: virtual desktops, video streams or a render job."""

    users: int = Field(default=100, ge=1, le=1_000_000, description="virtual desktop users")
    profile_gib: float = Field(
        default=1, ge=1, le=96,
        description="vGPU framebuffer asked per user [GiB]; the user class and displays raise it where they need "
                    "more (core/graphics.py desktop_profile_gib). Default 1 GiB, the 1B profile: the default desktop is "
                    "a knowledge worker on one 1920×1080 display, which NVIDIA's Virtual PC Sizing Guide sizes at 1B "
                    "(docs.nvidia.com/vgpu/sizing/virtual-pc/latest, 'Test Findings', nVector knowledge worker on "
                    "A16: 1B for one HD display, 2B for two HD or more pixels), the density (64 desktops of 1 GB per "
                    "A16 board) the default shading load 0.25 TFLOP/s is derived from; the 2 GiB default before "
                    "December 2026 gave every single-display office desktop twice its framebuffer")
    user_class: Literal["knowledge", "power", "designer", "heavy"] = Field(
        default="knowledge", exclude_if=lambda kind: kind == "knowledge",
        description="kind of desktop user: knowledge worker, power user, designer, heavy 3D/VFX user; with the "
                    "displays it sets the least vGPU profile (core/formulas/graphics.py desktop_profile_gib)")
    monitors: int = Field(default=1, ge=1, le=4, exclude_if=lambda n: n == 1,
                          description="displays of each virtual desktop, at ``resolution`` each")
    shading_tflops_per_user: float = Field(
        default=0.25, ge=0.001, le=1000, description="average FP32 shading load of one user [TFLOP/s]"
    )
    streams: int = Field(default=100, ge=1, le=1_000_000, description="concurrent video streams")
    resolution: Literal["720p", "1080p", "1440p", "2160p"] = "1080p"
    fps: float = Field(default=30, ge=1, le=240, description="frames per second of each stream [1/s]")
    codec: Codec = Codec.H264
    preset: EncoderPreset = EncoderPreset.P4
    decode: bool = Field(default=True, description="streams are decoded on the card too (transcoding)")
    scene_gib: float = Field(default=8, ge=0.01, le=4096, description="geometry and textures of the scene [GiB]")
    frames: int = Field(default=1000, ge=1, le=10_000_000, description="frames to render")
    reference_card: str = Field(default="rtx-4090", description="card the time per frame was measured on")
    reference_fp32_tflops: float = Field(
        default=82.6, ge=0.01, le=100_000, description="that card's FP32 rate [TFLOP/s]")
    reference_rt_generation: int | None = Field(
        default=3, ge=1, le=10, description="RT-core generation of that card (None = none or unknown)"
    )
    reference_minutes_per_frame: float = Field(default=5, ge=0.001, le=100_000, description="[min]")
    render_width: int = Field(default=3840, ge=16, le=32768, description="[pixels]")
    render_height: int = Field(default=2160, ge=16, le=32768, description="[pixels]")
    render_layers: int = Field(default=4, ge=1, le=64, description="output layers (AOVs) kept in memory")
    local_display: bool = Field(
        default=False,
        description="the monitors are cabled to the card: a workstation at each user's desk (virtual desktops: no "
                    "vGPU, no server, no PUE) or one that shows the render; the card needs display outputs "
                    "(data-centre cards have none)")

    @model_validator(mode="after")
    def _profile_exists(self) -> Graphics:
        if self.profile_gib not in VGPU_PROFILES_GIB:
            sizes = ", ".join(f"{p:g}" for p in VGPU_PROFILES_GIB)
            raise ValueError(f"vGPU profile {self.profile_gib:g} GiB does not exist; profiles are {sizes} GiB")
        return self
