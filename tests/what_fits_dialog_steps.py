"""Steps the what-fits dialog's tests share: type a budget and a region, save a picture of the dialog."""

from __future__ import annotations

import os


def type_budget(dialog, text: str, region: str | None) -> None:
    """Choose ``region`` (None: anywhere) and type ``text`` into the budget box, as a user does."""
    dialog.region_combo.setCurrentIndex(dialog.region_combo.findData(region or ""))
    box = dialog.budget_box
    box.lineEdit().selectAll()
    box.lineEdit().setText(text)
    box.interpretText()


def grab(dialog, tmp_path, name: str) -> None:
    """Save the dialog as ``name`` under $WHAT_FITS_GRAB_DIR (to look at it), else the test's temporary folder."""
    where = os.environ.get("WHAT_FITS_GRAB_DIR") or str(tmp_path)
    dialog.grab().save(os.path.join(where, name))
