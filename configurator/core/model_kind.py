"""What kind of model a Hugging Face ``config.json`` describes, when it is not a decoder-only
language model the estimator can size (BERT, T5, ViT …), so the window can say so."""

from __future__ import annotations

from pathlib import Path
from configurator.core.hf_config import MAX_CONFIG_BYTES
from configurator.core.json_values import JsonFileError, read_json_file

ENCODER_ONLY = frozenset({"bert", "roberta", "deberta", "deberta-v2", "electra", "xlm-roberta", "distilbert",
                          "albert", "camembert", "modernbert", "mpnet", "ernie"})
"""Text encoders (masked-language models): no autoregressive decoding, no KV cache to serve."""

ENCODER_DECODER = frozenset({"t5", "mt5", "umt5", "bart", "mbart", "pegasus", "marian", "whisper", "led",
                             "prophetnet", "longt5", "switch_transformers", "fsmt", "m2m_100", "nllb-moe"})
"""Sequence-to-sequence models: an encoder and a decoder with cross-attention."""

VISION = frozenset({"vit", "deit", "beit", "swin", "swinv2", "convnext", "convnextv2", "dinov2", "clip_vision_model",
                    "siglip_vision_model", "resnet", "efficientnet", "mobilevit", "sam", "detr", "yolos"})
"""Vision encoders and CNNs: images in, no tokens out."""


def non_decoder_kind(config: object) -> tuple[str, str] | None:
    """``(family, kind)`` — kind 'encoder', 'encoder-decoder' or 'vision' — when ``config`` (a
    parsed config.json) describes such a model, else None. Multimodal configs that keep a
    decoder under ``text_config`` (Llama 4, Gemma 3, Qwen2-VL) are decoders here."""
    if not isinstance(config, dict):
        return None
    family = str(config.get("model_type", "")).lower()
    if isinstance(config.get("text_config"), dict):
        return None
    if family in VISION or (not family and "image_size" in config and "vocab_size" not in config):
        return family or "vision", "vision"
    if family in ENCODER_DECODER or config.get("is_encoder_decoder") is True or \
            any(k in config for k in ("encoder_layers", "num_decoder_layers", "decoder_layers")):
        return family or "encoder-decoder", "encoder-decoder"
    if family in ENCODER_ONLY:
        return family, "encoder"
    return None


def non_decoder_file(path: Path) -> tuple[str, str] | None:
    """``non_decoder_kind`` of the config.json at ``path`` (None when it cannot be read: the
    importer's own message then says why)."""

    try:
        return non_decoder_kind(read_json_file(Path(path), MAX_CONFIG_BYTES))
    except JsonFileError:
        return None
