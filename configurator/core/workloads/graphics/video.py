"""Video transcoding: streams on NVENC/NVDEC engines, priced per stream-hour.

Capacity per card from :func:`configurator.core.graphics.graphics_speed` (engines, sessions,
framebuffer)."""

from __future__ import annotations

from configurator.core.catalog import Card
from configurator.core.economics import HOURS_PER_YEAR
from configurator.core.messages import Message, msg
from configurator.core.scenario import Codec, Scenario, Workload
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.graphics.family import LoadFamily


NO_AV1_ENCODER = msg("left-out-no-av1")
"""Why a card whose encoders do not encode AV1 (Turing and Ampere NVENC: T4, A10, A16) is left out of
an AV1 ranking (:func:`configurator.core.graphics.transcode_capacities`)."""


class VideoFamily(LoadFamily):
    name = "video"
    workloads = frozenset({Workload.TRANSCODE})
    load_variable = "streams"
    default_classes = {Workload.TRANSCODE: ("graphics", "inference", "workstation", "edge")}
    default_card = "l4"  # NVIDIA's low-power video card: 2 NVENC with AV1, 72 W; first in the default ranking
    default_card_for_region = {"cn": "t4"}  # the L4 needs a US export licence there; the T4, its 70 W
    # forerunner (1 NVENC, H.264 and HEVC, the default codec H.264), is permitted: the catalog's export status
    per_card_unit = "streams per card"
    chart_cost_unit = "stream-hour"
    cost_unit = "stream-hour"
    needs = ("video-encoders", "display-outputs")
    unit_scale = 1.0
    speed_unit = "cards"

    def speed_figure(self, est: Estimate) -> float:
        """The cards deployed [cards]: every stream is real time, so fewer is 'faster'."""
        return float(est.scenario.count)

    def work_paid_for(self, est: Estimate, hours: float) -> float:
        """Stream-hours carried over ``hours`` [stream-hour]."""
        return est.graphics.served * hours

    def work_per_year(self, est: Estimate) -> float | None:
        """Stream-hours carried in a year [stream-hour/year]."""
        return None if est.graphics is None else est.graphics.served * HOURS_PER_YEAR

    def rejection(self, scenario: Scenario, card: Card) -> Message:
        """A card without video encoders, or whose encoders the catalog has not verified, carries no
        stream at any count (:func:`configurator.core.graphics.encode_streams`): said so, not "does not
        fit" (its memory fits; an L20 48GB was rejected in those words)."""
        if not card.video.nvenc:
            return msg("left-out-no-encoder" if card.video.nvenc == 0 else "left-out-encoders-unverified")
        if scenario.graphics.codec is Codec.AV1 and card.video.av1_encode is not True:
            return NO_AV1_ENCODER  # a T4 read "does not fit at any count tried" for AV1 until December 2026
        return super().rejection(scenario, card)
