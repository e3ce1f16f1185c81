"""The kind-of-user field states each class's vGPU profile once: beside the class in the combo,
written from formulas/graphics.DESKTOP_CLASS_PROFILE_GIB; its tooltip names no figure."""

from __future__ import annotations

import re

from configurator.app import labels
from configurator.core.fields import BY_PATH
from configurator.core.formulas.graphics import DESKTOP_CLASS_PROFILE_GIB
from configurator.core.view.numbers import NBSP


def test_user_class_tooltip_names_no_profile_figure():
    help_text = BY_PATH["graphics.user_class"].help.source
    assert not re.search(r"\d\s*GiB", help_text)


def test_user_class_names_carry_the_profile_from_the_formula():
    names = labels.desktop_class_names()
    assert set(names) == set(DESKTOP_CLASS_PROFILE_GIB)
    for key, gib in DESKTOP_CLASS_PROFILE_GIB.items():
        assert names[key].endswith(f"({gib:g}{NBSP}GiB)")
