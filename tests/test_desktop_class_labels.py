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


def test_user_class_names_in_chinese_take_full_width_brackets():
    """'知识工作者（1 GiB）' as the wizard's '按主窗口的设置（每人 1 GiB，…）' writes it; the editor's combo read
    '知识工作者 (1 GiB)' (a space and Latin brackets in Chinese) until December 2026 (look45)."""
    from configurator.app.i18n import install_language

    install_language("zh_CN")
    try:
        names = labels.desktop_class_names()
    finally:
        install_language("en")
    for key, gib in DESKTOP_CLASS_PROFILE_GIB.items():
        assert names[key].endswith(f"（{gib:g}{NBSP}GiB）") and " (" not in names[key]
