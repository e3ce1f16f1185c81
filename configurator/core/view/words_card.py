"""Chinese labels of the card's view model added after :mod:`configurator.core.view.words` was
full (issue 14, part 5): merged into its catalogue there. Keyed by the English label id."""

from __future__ import annotations

ZH_CN_CARD: dict[str, str] = {
    "Encoders and decoders": "编码器与解码器",
    "{enc} NVENC, {dec} NVDEC": "{enc} 个 NVENC，{dec} 个 NVDEC",
}
"""The video engines' counts, from the catalog's fields (the printed summary's card table)."""
