"""Virtual desktops (VDI): users on vGPU slices, paid for by the user-month.

Capacity per card from :func:`configurator.core.graphics.vdi_capacities`; the month is
:data:`configurator.core.formulas.economics.HOURS_PER_MONTH`.
"""

from __future__ import annotations

import math

from configurator.core.graphics import HOURS_PER_MONTH
from configurator.core.scenario import Workload
from configurator.core.workloads.base import Estimate
from configurator.core.workloads.graphics.family import LoadFamily

MONTHS_PER_YEAR = 12


class DesktopsFamily(LoadFamily):
    name = "desktops"
    workloads = frozenset({Workload.VDI})
    load_variable = "users"
    default_classes = {Workload.VDI: ("graphics", "inference", "workstation")}
    default_card = "l40s"  # NVIDIA's data-centre card for virtual workstations (RTX vWS, vPC): 48 GB, 3 NVENC
    default_card_for_region = {"cn": "rtx-a6000"}  # the L40S needs a US export licence there; the A6000, its
    # Ampere forerunner (48 GB, RTX vWS profiles, 4 display outputs), is permitted: the catalog's export status
    per_card_unit = "users per card"
    chart_cost_unit = "user-month"
    cost_unit = "user-month"
    needs = ("desktop-vgpu", "video-encoders", "display-outputs")  # encoders: the remote display's stream
    unit_scale = 1.0
    speed_unit = "s·TFLOP⁻¹ per user"  # 1 / (TFLOP/s of FP32 a user gets)
    billed_regardless_of_use = True  # a desktop is paid for by the month, used or not
    warns_tight_fit = False  # vGPU profiles fill the framebuffer by design
    hours_per_unit = HOURS_PER_MONTH
    licensed_per_user = True  # NVIDIA vPC / RTX vWS per desktop user

    def speed_figure(self, est: Estimate) -> float:
        """1 / the FP32 rate one user gets [s·TFLOP⁻¹]: lower is a faster desktop."""
        g = est.graphics
        return 1.0 / g.tflops_per_user if g.tflops_per_user else math.inf

    def work_paid_for(self, est: Estimate, hours: float) -> float:
        """User-months of the desktops carried over ``hours`` [user-month]."""
        return est.graphics.served * hours / HOURS_PER_MONTH

    def work_per_year(self, est: Estimate) -> float | None:
        """User-months of the desktops carried in a year [user-month/year]."""
        return None if est.graphics is None else est.graphics.served * MONTHS_PER_YEAR
