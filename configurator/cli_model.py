"""The command line's model: a preset (``--model``), a local ``config.json`` (``--model-config``) or a
size (``--params 70B``), the last taken as the wizard, the editor and ``what-fits`` take a size
(:func:`configurator.core.model_size.model_for_size`); :mod:`configurator.cli_scenario` puts it in
the scenario."""

from __future__ import annotations

import argparse
import re
import sys

from configurator.core.architecture import (MAX_PARAMS, MIN_PARAMS, ArchitectureError, ModelArchitecture,
                                            load_presets, preset)
from configurator.core.hf_config import load_hf_config
from configurator.core.messages import msg
from configurator.core.messages_said import said
from configurator.core.model_size import model_for_size
from configurator.core.view.names import model_name

SIZE_WRITTEN = re.compile(r"\s*\d+(\.\d+)?\s*[kKmMbBtT]\s*")
"""A model written as a size alone ('70b', '7B', '1.5T'): what ``--params`` takes, not a preset id."""


def model_from_args(args: argparse.Namespace) -> ModelArchitecture | None:
    """The model the flags name, or None where none does; ArchitectureError (its message said in the
    user's language) where a size is out of range, a preset unknown, or ``--model`` is given a size.

    A size within 10 % of a preset takes that preset, said on stderr (a 70 B typed is Llama 3 70B):
    until December 2026 the command line built its own shape for a size, 71 heads without
    grouped-query attention for 70 B, which tensor parallel 2, 4 or 8 cannot split, while the
    wizard answered the same size with Llama 3 70B.
    """
    if args.model_config is not None:
        return load_hf_config(args.model_config)
    if args.params is not None:
        if not MIN_PARAMS <= args.params <= MAX_PARAMS:  # said as every flag's range is, in the user's language
            raise said(ArchitectureError, msg("cli-flag", flag="--params", problem=msg(
                "value-outside-range", value=f"{args.params:g}", range=msg("range-between", low="1M", high="10T"),
                unit=" [parameters]")))
        sized = model_for_size(args.params)
        if sized.preset_id is not None:  # never a silent pick
            print(msg("cli-warning", text=msg(
                "params-takes-preset", asked=f"{args.params / 1e9:.4g}", name=model_name(sized.preset_id),
                preset=sized.preset_id, used=f"{sized.params / 1e9:.3g}")).text_in(getattr(args, "lang", "en")),
                file=sys.stderr)
        return sized.model
    if args.model is not None:
        presets = load_presets()
        if args.model not in presets and SIZE_WRITTEN.fullmatch(args.model):  # --model 70b
            raise said(ArchitectureError, msg("model-is-a-size", text=args.model))
        lower = args.model.strip().lower()  # --model Llama3-8B: the preset ids are lower case
        return preset(lower if args.model not in presets and lower in presets else args.model)
    return None
