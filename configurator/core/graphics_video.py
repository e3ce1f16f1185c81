"""Video transcoding on NVENC / NVDEC engines: streams per card by its encoders, decoders and (consumer
cards) the driver's session limit, and the encode rate of the scenario's codec and preset. The graphics
workloads' capacity of a count of cards is :func:`configurator.core.graphics.graphics_speed`.

Sources
-------
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
"""

from __future__ import annotations

import math

from configurator.core.catalog import Card
from configurator.core.formulas import graphics as formulas
from configurator.core.messages import Message, msg
from configurator.core.nvenc_rates import codec_factor
from configurator.core.scenario import RESOLUTIONS, Codec, EncoderPreset, Scenario


PRESET_SPEED = {
    EncoderPreset.P1: 35.9 / 17.4,
    EncoderPreset.P2: 27.1 / 17.4,
    EncoderPreset.P3: 25.0 / 17.4,
    EncoderPreset.P4: 1.0,
    EncoderPreset.P5: 12.8 / 17.4,
}
"""Encoder speed of each preset relative to P4 (measured hevc_nvenc speeds, see module docstring)."""


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
