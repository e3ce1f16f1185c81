"""The storage a bill of materials buys for virtual desktops: their disks, kept profiles and golden
image by user class (:func:`configurator.core.formulas.graphics.desktop_storage_tb`), priced per TB
as the training bill's storage (``storage-nvme-per-tb``, :mod:`configurator.core.procurement.bom`),
and what the bill says of it."""

from __future__ import annotations

from configurator.core.formulas.graphics import (
    DESKTOP_IMAGE_GB,
    DESKTOP_IMAGE_VERSIONS,
    DESKTOP_PERSISTENT,
    desktop_disk_gb,
    desktop_storage_tb,
)
from configurator.core.messages import Message, msg
from configurator.core.scenario import Scenario


def desktop_terabytes(scenario: Scenario) -> float:
    """Storage the desktops of a virtual-desktop scenario take [TB]:
    :func:`~configurator.core.formulas.graphics.desktop_storage_tb` of its users and user class."""
    return desktop_storage_tb(scenario.graphics.users, scenario.graphics.user_class)


def desktop_storage_note(scenario: Scenario, terabytes: float) -> tuple[Message, ...]:
    """What the bill of a virtual-desktop scenario says of its desktops' storage of ``terabytes``
    [TB]: the users, each desktop's GB and whether it is persistent (a full clone) or not (an
    instant clone), the golden image's versions and size; nothing without storage."""
    if not terabytes:
        return ()
    g = scenario.graphics
    said = "desktop-storage-persistent" if DESKTOP_PERSISTENT[g.user_class] else "desktop-storage-clones"
    return (msg(said, users=g.users, gb=desktop_disk_gb(g.user_class), versions=DESKTOP_IMAGE_VERSIONS,
                image=DESKTOP_IMAGE_GB, tb=terabytes),)
