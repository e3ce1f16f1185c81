"""Hugging Face ``config.json`` import: a local model config read into a
:class:`~configurator.core.architecture.ModelArchitecture` (field names follow the config's
meanings; encoder-decoder and other non-decoder configs refused with their kind)."""

from __future__ import annotations

from pathlib import Path

from pydantic import ValidationError

from configurator.core.architecture import ArchitectureError, ModelArchitecture
from configurator.core.bounds import error_line_message, field_bounds
from configurator.core.json_values import JsonFileError, describe_said, flag, read_json_file, text_value, whole_number
from configurator.core.messages import Message, msg
from configurator.core.messages_said import carried, said

_HF_KEYS = {
    "n_layers": ("num_hidden_layers", "n_layer", "num_layers"),
    "hidden": ("hidden_size", "n_embd", "d_model"),
    "n_heads": ("num_attention_heads", "n_head"),
    "n_kv_heads": ("num_key_value_heads",),
    "head_dim": ("head_dim",),
    "ffn": ("intermediate_size", "n_inner", "ffn_dim"),
    "vocab": ("vocab_size",),
    "position_embeddings": (),
    "n_experts": ("num_local_experts", "n_routed_experts", "num_experts"),
    "experts_per_token": ("num_experts_per_tok",),
    "n_shared_experts": ("n_shared_experts",),
    "expert_ffn": ("moe_intermediate_size",),
    "first_dense_layers": ("first_k_dense_replace",),
    "expert_groups": ("n_group",),
    "expert_groups_per_token": ("topk_group",),
    "kv_lora_rank": ("kv_lora_rank",),
    "q_lora_rank": ("q_lora_rank",),
    "qk_rope_head_dim": ("qk_rope_head_dim",),
    "qk_nope_head_dim": ("qk_nope_head_dim",),
    "v_head_dim": ("v_head_dim",),
}
_ENCODER_DECODER = {"t5", "mt5", "umt5", "bart", "mbart", "pegasus", "marian", "whisper", "led", "prophetnet",
                    "bert", "roberta", "deberta", "deberta-v2", "electra", "xlm-roberta", "distilbert", "albert"}
"""Families that are not decoder-only (encoder-decoder or encoder-only), refused with a message."""
MAX_CONFIG_BYTES = 4 * 1024 * 1024
"""A config.json is a few kB; larger files are not read."""


def _decoder_config(config: dict) -> dict:
    """The decoder-only language model a ``config.json`` describes.

    Multimodal configs (Llama 4, Gemma 3, Mistral 3, Qwen2-VL) keep the language model under
    ``text_config``; its keys are used, with the outer ones as defaults. Encoder-decoder and
    encoder-only models are refused with a message saying so.
    """
    family = config.get("model_type")
    text_config = config.get("text_config")
    if isinstance(text_config, dict) and config.get("num_hidden_layers") is None:
        config = {**{k: v for k, v in config.items() if k != "text_config"}, **text_config}
    elif text_config is not None and not isinstance(text_config, dict):
        raise _in_config(msg("hf-text-config-not-object"))
    inner = config.get("model_type")
    names = {str(n).lower() for n in (family, inner) if isinstance(n, str)}
    if config.get("is_encoder_decoder") is True or names & _ENCODER_DECODER or \
            any(k in config for k in ("encoder_layers", "num_decoder_layers", "decoder_layers")):
        shown = next(iter(sorted(names)), None) or msg("hf-family-unknown")
        raise said(ArchitectureError, msg("hf-not-decoder", family=shown))
    return config


def _in_config(problem: Message | BaseException) -> ArchitectureError:
    """'config.json: {problem}' as an error said in the user's language: ``problem`` a message, or an
    error carrying one (``said``; else its own English words)."""
    if isinstance(problem, BaseException):
        found = getattr(problem, "said", None)
        problem = found if isinstance(found, Message) else msg("as-written", text=str(problem))
    return said(ArchitectureError, msg("json-in-file", name="config.json", problem=problem))


_LEARNED_POSITIONS = {"gpt2", "opt", "gpt_neo", "bloom_no"}
_GELU_FAMILIES = {"gpt2", "opt", "gpt_neo", "gptj", "bloom", "falcon", "phi"}


def from_hf_config(config: dict, name: str = "imported") -> ModelArchitecture:
    """Build an architecture from a Hugging Face ``config.json`` dict (no network).

    Every size must be a JSON number that is whole and within the bounds of the matching
    ModelArchitecture field, and every flag a JSON boolean; anything else (text, ``true`` as
    a count, ``"false"`` as a flag, a 400-digit number) is an ArchitectureError naming the key.
    """
    if not isinstance(config, dict):
        raise said(ArchitectureError, msg("hf-not-object"))
    config = _decoder_config(config)

    def size(field_name: str, keys: tuple[str, ...]) -> int | None:
        key = next((k for k in keys if config.get(k) is not None), None)
        if key is None:
            return None
        bounds = field_bounds(ModelArchitecture, field_name)
        return whole_number(config[key], key, bounds.low, bounds.high)

    fields: dict = {"name": name}
    try:
        for field_name, keys in _HF_KEYS.items():
            value = size(field_name, keys)
            if value is not None:
                fields[field_name] = value
        missing = [f for f in ("n_layers", "hidden", "n_heads", "vocab") if f not in fields]
        if missing:
            raise said(ArchitectureError, msg("hf-lacks", missing=", ".join(missing)))
        family = text_value(config.get("model_type"), "model_type", "").lower()
        fields.setdefault("ffn", 4 * fields["hidden"])
        activation = text_value(config.get("hidden_act", config.get("hidden_activation")), "hidden_act", "silu")
        gated = family not in _GELU_FAMILIES and (activation in ("silu", "swiglu", "swish")
                                                  or family.startswith("gemma") and activation.startswith("gelu"))
        fields["gated_mlp"] = gated
        fields["tied_embeddings"] = flag(config.get("tie_word_embeddings"), "tie_word_embeddings",
                                         family in _GELU_FAMILIES or family.startswith("gemma"))
        fields["attention_bias"] = flag(config.get("attention_bias"), "attention_bias",
                                        family in ("qwen2", "qwen2_moe") or not gated)
        # Qwen2's attention has q, k and v biases only; Llama's attention_bias (and GPT-style
        # models' biases) cover the output projection as well (transformers' o_proj bias)
        fields["attention_output_bias"] = fields["attention_bias"] and family not in ("qwen2", "qwen2_moe")
        fields["mlp_bias"] = flag(config.get("mlp_bias"), "mlp_bias", not gated)
        if family in _LEARNED_POSITIONS:
            fields["position_embeddings"] = size("position_embeddings", ("n_positions", "max_position_embeddings")) or 0
    except ArchitectureError:
        raise
    except ValueError as error:
        raise _in_config(error) from None
    if not gated:
        fields["norm"] = "layernorm"
    if fields.get("n_experts") and family == "mixtral":
        fields["expert_ffn"] = fields["ffn"]
    try:
        fields.update(_sliding_window_fields(config, family, fields["n_layers"]))
        if family not in _LEARNED_POSITIONS:
            fields.update(_rope_fields(config))
    except ValueError as error:
        raise _in_config(error) from None
    try:
        return ModelArchitecture.model_validate(fields)
    except ValidationError as error:
        raise _in_config(error_line_message(error, ModelArchitecture)) from None


def _rope_fields(config: dict) -> dict:
    """``rope_theta``, ``rope_scaling`` and ``rope_scaling_factor`` from a config: ``rope_theta``
    (transformers 5 nests it in ``rope_parameters``), else transformers' default of 10,000; the
    scaling where ``rope_scaling`` (or ``rope_parameters``) names llama3 or yarn with a factor
    (other kinds are not read)."""
    params = config.get("rope_parameters") if isinstance(config.get("rope_parameters"), dict) else {}
    scaling = config.get("rope_scaling") if isinstance(config.get("rope_scaling"), dict) else params
    theta = config.get("rope_theta", params.get("rope_theta", 10000.0))
    if isinstance(theta, bool) or not isinstance(theta, (int, float)):
        raise said(ValueError, msg("json-not-a-number", key="rope_theta", what=describe_said(theta)))
    fields: dict = {"rope_theta": float(theta)}
    kind, factor = scaling.get("rope_type", scaling.get("type")), scaling.get("factor")
    if kind in ("llama3", "yarn") and isinstance(factor, (int, float)) and not isinstance(factor, bool):
        fields.update(rope_scaling=kind, rope_scaling_factor=float(factor))
    return fields


def _sliding_window_fields(config: dict, family: str, n_layers: int) -> dict:
    """``sliding_window`` and ``sliding_window_layers`` from a config: the window when it is set
    (and ``use_sliding_window`` is not false, as in Qwen2); the layers from ``layer_types``
    (transformers ≥ 4.53: 'sliding_attention' / 'full_attention'), else Gemma 3's
    ``sliding_window_pattern`` (every N-th layer global), else Gemma 2's alternation (even layers
    slide), else every layer (Mistral 7B v0.1)."""
    window = config.get("sliding_window")
    if window is None or config.get("use_sliding_window") is False:
        return {}
    bounds = field_bounds(ModelArchitecture, "sliding_window")
    window = whole_number(window, "sliding_window", bounds.low, bounds.high)
    types = config.get("layer_types")
    if isinstance(types, list) and types:
        layers = sum(1 for t in types if t == "sliding_attention")
    elif config.get("sliding_window_pattern"):
        pattern = whole_number(config["sliding_window_pattern"], "sliding_window_pattern", 1, 1024)
        layers = n_layers - n_layers // pattern
    elif family == "gemma2":
        layers = (n_layers + 1) // 2
    else:
        layers = n_layers
    return {"sliding_window": window, "sliding_window_layers": min(layers, n_layers)}


def load_hf_config(path: Path) -> ModelArchitecture:
    """Read a local Hugging Face ``config.json``; any unreadable or unusable file is an ArchitectureError."""
    try:
        config = read_json_file(Path(path), MAX_CONFIG_BYTES)
    except JsonFileError as error:
        raise carried(ArchitectureError, error) from None
    return from_hf_config(config, name=Path(path).parent.name or "imported")
