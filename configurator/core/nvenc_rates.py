"""How fast one NVENC engine encodes each codec, by NVENC generation: the rows of NVIDIA's table, each
with its source and date, and the factor the encoder default (``Assumptions.encoder_fps_1080p``, H.264 on a
Turing/Ampere engine at P4) is multiplied by for another codec or generation.

Kept apart from ``catalog.json``: a rate is the engine generation's, not a card's (the catalog gives each
card's ``video.nvenc_generation``). Until December 2026 one rate, 240 frames/s at P4, stood for H.264,
HEVC and AV1 on every generation (persona check, session 35).

Source of every row: NVIDIA Video Codec SDK 13.0, NVENC Application Note, section "NVENC Performance"
(docs.nvidia.com/video-technologies/video-codec-sdk/13.0/nvenc-application-note, read 2026-12-05): indicative
frames per second of one NVENC engine, 1920 × 1080, 8-bit 4:2:0, measured on GeForce boards, by preset
and rate control, "scales (almost) linearly with the clock speeds". NVIDIA publishes the table as an image;
the values here (CBR, P3 and P5) are as transcribed into a public GitHub script (an NVENC stream estimator,
read through the code index 2026-12-05, whose own Hopper column is a placeholder and not used), not read off
NVIDIA's image here: a buyer with NVIDIA's table at hand should check them.
"""

from __future__ import annotations

from dataclasses import dataclass

from configurator.core.formulas.graphics import between_presets
from configurator.core.scenario import Codec

TABLE = "NVIDIA Video Codec SDK 13.0 NVENC Application Note, 'NVENC Performance' (1080p, CBR), as transcribed"
"""The source every row cites (see the module docstring)."""

TABLE_DATE = "2025-01"
"""When NVIDIA published Video Codec SDK 13.0, the table's edition (with Blackwell) [year-month]."""


@dataclass(frozen=True)
class EncoderRate:
    """One NVENC generation's encode rate for one codec at 1080p [frames/s per engine]; ``p3``/``p5``
    None where the generation does not encode the codec (``note`` says so)."""

    generation: int
    codec: Codec
    p3: float | None
    p5: float | None
    source: str = TABLE
    date: str = TABLE_DATE
    note: str = ""

    @property
    def p4(self) -> float | None:
        """The rate at P4, between P3 and P5 (:func:`between_presets`) [frames/s]."""
        return None if self.p3 is None or self.p5 is None else between_presets(self.p3, self.p5)


NO_AV1 = ("no AV1 encoding before Ada: NVENC Application Note, 'NVENC Capabilities' (AV1 encode on Ada and "
          "later GPUs; Ampere decodes AV1 only)")
AV1_AS_HEVC = ("AV1 taken at the generation's HEVC rate: the table's AV1 row was not transcribed; NVIDIA says "
               "NVENC AV1 encodes 'at better performance' than H.264 (NVIDIA developer blog, 'Improving Video "
               "Quality and Performance with AV1 and NVIDIA Ada Lovelace Architecture', 2022-10) — not "
               "quantified, so not used")

RATES: tuple[EncoderRate, ...] = (
    EncoderRate(7, Codec.H264, 600, 271, note="Turing column (7th-generation NVENC, Turing and Ampere; the "
                                              "Ampere column is within 2 %)"),
    EncoderRate(7, Codec.HEVC, 463, 305, note="Turing column"),
    EncoderRate(7, Codec.AV1, None, None, note=NO_AV1),
    EncoderRate(8, Codec.H264, 652, 291, note="Ada column"),
    EncoderRate(8, Codec.HEVC, 494, 343, note="Ada column"),
    EncoderRate(8, Codec.AV1, 494, 343, note=AV1_AS_HEVC),
    EncoderRate(9, Codec.H264, 718, 323, note="Blackwell column"),
    EncoderRate(9, Codec.HEVC, 529, 506, note="Blackwell column"),
    EncoderRate(9, Codec.AV1, 529, 506, note=AV1_AS_HEVC),
)
"""Every row: generation, codec, CBR frames/s at P3 and P5."""

_BY_KEY = {(r.generation, r.codec): r for r in RATES}

REFERENCE = _BY_KEY[(7, Codec.H264)]
"""The row the encoder default is of: H.264 on a Turing/Ampere engine (vMix knowledge base 171's '8 × 1080p30
per encoding chip', ``ENCODER_FPS_1080P``)."""


def encoder_rate(generation: int | None, codec: Codec) -> EncoderRate | None:
    """The row of ``generation`` and ``codec``; None for a generation the table does not list (the
    card's generation unknown, or before Turing): the encoder default then stands as it is."""
    return _BY_KEY.get((generation, codec)) if generation is not None else None


def codec_factor(generation: int | None, codec: Codec) -> float | None:
    """What the encoder default (H.264, Turing/Ampere, P4) is multiplied by for ``codec`` on an engine of
    ``generation`` [dimensionless]: the row's P4 rate over the reference row's (HEVC on an Ada engine
    411.6 / 403.2 = 1.02); 1 for a generation the table does not list; None where the generation does not
    encode the codec (AV1 before Ada)."""
    row = encoder_rate(generation, codec)
    if row is None:
        return 1.0
    return None if row.p4 is None else row.p4 / REFERENCE.p4
