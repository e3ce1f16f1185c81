"""The interface every workload family implements, the :class:`Estimate` every family returns,
and the quantities a family hands out.

A family (training, serving, desktops, video, rendering) owns what differs between
workloads: how an estimate is assembled, the deployments worth ranking, the memory curve, the
cost chart's point, what its cost is quoted per, the figure ranked when speed is the objective,
what limits it and the work a deployment does in a year. The rest of the core asks
``family_of(workload)`` instead of branching on the workload (issue 14, part 6). A new workload
is one new package under :mod:`configurator.core.workloads` and one registry line.

What every family shares sits beside this module, below the families: layout edits and card
counts (:mod:`~configurator.core.workloads.layout`), the messages and verdicts of an estimate
(:mod:`~configurator.core.workloads.checks`) and the memo of estimates
(:mod:`~configurator.core.workloads.memo`).
"""

from __future__ import annotations

import math
from abc import ABC, abstractmethod
from collections.abc import Sequence
from dataclasses import dataclass, field
from enum import StrEnum

from configurator.core.catalog import Card
from configurator.core.default_job import DEFAULT_CARD, DEFAULT_CARD_FOR_REGION, DEFAULT_SEQ_LEN
from configurator.core.economics import HOURS_PER_YEAR, Costs, Power
from configurator.core.frozen_record import fast_init, lazy_fields
from configurator.core.graphics import GraphicsSpeed
from configurator.core.memory import TIGHT_FIT_HEADROOM, MemoryBreakdown
from configurator.core.messages import DAYS_ABOVE_HOURS, HOURS_PER_DAY, Message, msg
from configurator.core.training_speed import TrainingSpeed
from configurator.core.precision import PrecisionPlan
from configurator.core.scenario import Scenario, Workload
from configurator.core.serving_speed import ServingSpeed
from configurator.core.software import Needs
from configurator.core.verdicts import Verdict, blocking


@fast_init
@dataclass(frozen=True)
class Limits:
    """The largest load that still fits on the card."""

    max_micro_batch: int | None = None
    max_concurrency: int | None = None
    max_context: int | None = None


@dataclass(frozen=True)
class FamilySpeed:
    """The speed of a family that has no record of its own (one added as a package besides
    training, serving and graphics, which keep ``TrainingSpeed``, ``ServingSpeed`` and
    ``GraphicsSpeed``): what the deployment does, in the family's unit, and for a job that ends
    the time it takes. The estimate's JSON, its view model and the summary read it."""

    throughput: float
    """What the whole deployment does per unit of time, in :attr:`unit`."""
    unit: str
    """Unit of :attr:`throughput` and :attr:`per_card` (``tokens/s``, ``images/s``)."""
    cards: int
    """Cards doing the work [count]."""
    hours: float | None = None
    """Time to finish the job [h] (None: work that runs on)."""
    tokens_per_s: float | None = None
    """Tokens per second when the work is tokens [tokens/s] (None otherwise)."""
    limiting: str = "compute"
    """The factor that bounds the speed (a name of ``core/view/names.FACTORS``)."""

    @property
    def per_card(self) -> float:
        """What one card does, in :attr:`unit`."""
        return self.throughput / self.cards

    @property
    def tokens_per_s_per_card(self) -> float | None:
        """Tokens per second one card does [tokens/s] (None: the work is not tokens)."""
        return None if self.tokens_per_s is None else self.tokens_per_s / self.cards

    @property
    def gpu_hours(self) -> float | None:
        """Card-hours of the job [GPU-h] (None: work that runs on)."""
        return None if self.hours is None else self.hours * self.cards


@fast_init
@dataclass(frozen=True)
class Estimate:
    """Everything the estimator says about one (Scenario, Card). Its JSON is
    :func:`configurator.core.estimate_json.estimate_to_dict` (with the deployment cost passed in)."""

    scenario: Scenario
    card: Card
    plan: PrecisionPlan
    memory: MemoryBreakdown
    limits: Limits
    training: TrainingSpeed | None
    serving: ServingSpeed | None
    power: Power | None
    energy_kwh: float | None
    costs: Costs
    messages: tuple[Message, ...]
    graphics: GraphicsSpeed | None = None
    verdicts: tuple[Verdict, ...] = ()
    """Every constraint the scenario states, checked (:mod:`configurator.core.constraints`): the one
    answer to "does it meet the budget, region, deadline, power and latency targets", with how much
    it misses or has to spare."""
    speed: FamilySpeed | None = None
    """The speed of a family outside training, serving and graphics (:class:`FamilySpeed`)."""

    @property
    def violations(self) -> tuple[Verdict, ...]:
        """The verdicts that keep this configuration from being ranked as meeting the constraints."""
        return blocking(self.verdicts)

    @property
    def fits(self) -> bool:
        return self.memory.fits

    @property
    def hours(self) -> float | None:
        """Time for the job: training, or a render job (None for serving and streaming)."""
        if self.training:
            return self.training.hours
        if self.graphics:
            return self.graphics.hours
        return self.speed.hours if self.speed else None

    @property
    def tokens_per_s(self) -> float | None:
        speed = self.training or self.serving or self.speed
        return speed.tokens_per_s if speed else None

    @property
    def throughput(self) -> float | None:
        """Tokens/s (AI), users or streams carried, frames per hour (rendering), or an added
        family's throughput in its own unit (:attr:`FamilySpeed.unit`)."""
        if self.graphics:
            return self.graphics.throughput
        if self.speed:
            return self.speed.throughput
        return self.tokens_per_s

    @property
    def usable(self) -> bool:
        """Fits in memory and carries the whole load (graphics: all users or streams)."""
        return self.fits and (self.graphics is None or self.graphics.meets_demand)

    @property
    def warnings(self) -> list[str]:
        return [m.text for m in self.messages]


lazy_fields(Estimate, "limits", "messages", "verdicts")
"""A family may give :attr:`Estimate.limits`, :attr:`Estimate.messages` and :attr:`Estimate.verdicts` as a
:class:`~configurator.core.frozen_record.LazyValue`, worked out when first read (the window, the CLI and
the JSON read them; a ranking reads only the verdicts): read, each is its value."""


class CostBasis(StrEnum):
    """What a cost counts: owning the cards (purchase plus electricity, amortised) or renting
    them. The values are those :func:`configurator.core.economics.job_costs` writes into
    ``Costs.basis``, so one vocabulary serves the estimate, the chart and the ranking."""

    OWNERSHIP = "ownership"
    CLOUD = "cloud"
    TCO = "tco"
    """The ranking's: the whole bill of materials owned over the years, per unit of work
    (:attr:`configurator.core.procurement.deployment.DeploymentCost.ranked_per_unit`); the cost
    chart's basis wherever the chosen card has it (:func:`configurator.core.analysis.analysis_steps`)."""


@dataclass(frozen=True)
class MemoryCurve:
    """Memory per card against the load that drives it, with the limit [B]."""

    variable: str  # "micro_batch", "context", "users", "streams" or "scene_gib"
    values: tuple[int, ...]
    totals: tuple[float, ...]
    limit: float
    current: int


@dataclass(frozen=True)
class CatalogPoint:
    """One card in the cost chart: the scenario on that card.

    ``x_value`` is the family's quantity in ``x_unit`` (hours to train or render, seconds per
    output token, cards for the whole load); ``cost`` is in the scenario's currency per
    ``cost_unit`` (the whole job, a million tokens, a user-month or a stream-hour).
    """

    card: Card
    x_value: float
    cost: float
    fits: bool
    basis: CostBasis | None = None
    x_unit: str = ""
    cost_unit: str = ""
    estimate: Estimate | None = field(default=None, compare=False, repr=False)
    """The estimate the point is of: its cost on the ranking's basis, the TCO, is worked out from
    it where the chart is (:func:`configurator.core.analysis.on_basis`; the procurement package
    reads the families, so they do not price a bill of materials themselves)."""
    units_per_cost: float = 1.0
    """The family's cost units (``cost_unit``: million tokens, frames) in one of the chart's
    (``chart_cost_unit``): the job's for a chart of the whole job's cost, else 1 [count]."""


MILLION_TOKENS = "million tokens"
"""The cost unit of the AI families (training, serving)."""

TIGHT_HEADROOM = TIGHT_FIT_HEADROOM
"""Below this share of the card's usable memory left free, memory is what limits (batch, context):
the tight-fit headroom (:data:`~configurator.core.memory.TIGHT_FIT_HEADROOM`), one figure, so a
configuration warned of a tight fit is the one whose limit is called memory."""


def basis_of(costs: Costs) -> CostBasis | None:
    """The :class:`CostBasis` of ``costs`` (None when nothing is priced)."""
    return None if costs.basis is None else CostBasis(costs.basis)


def geometric(limit: int, points: int = 24) -> tuple[int, ...]:
    """About ``points`` whole numbers from 1 to ``limit``, evenly spaced on a log axis."""
    values = {1}
    value = 1.0
    step = max(limit, 2) ** (1 / points)
    while value < limit:
        value *= step
        values.add(min(limit, round(value)))
    return tuple(sorted(values))


SHOWN_DIGITS = 3
"""Significant digits of a time or latency a reason quotes (as the tables show it)."""


def shown_figure(value: float) -> float:
    """``value`` rounded to :data:`SHOWN_DIGITS` significant digits (57.14 -> 57.1, 1234.5 ->
    1230.0): the speeds the fastest option is compared at (the reasons write them ``{x:sig}``, as the
    tables do); never 0 for a time that is not nothing."""
    if value == 0 or not math.isfinite(value):
        return value
    return round(value, SHOWN_DIGITS - 1 - math.floor(math.log10(abs(value))))


def deadline_alternative(fastest_hours: float, card: Card, count: int, chosen_hours: float) -> Message | None:
    """The fastest configuration's time beside the recommendation's [h]: a deadline under the
    recommendation's time rules it out and changes the answer. In minutes when the recommendation
    takes less than an hour (a '0 h' would say nothing); in days when it takes more than
    :data:`~configurator.core.messages.DAYS_ABOVE_HOURS` (the deadline messages' one rule). The times go
    as they are: the templates write them to three significant digits as the tables do (``{days:sig}``:
    "4.60 days"; until December 2026 rounded here and written ``{days:,g}``, "4.6 天" beside the
    table's "4.60 天")."""
    if not (math.isfinite(fastest_hours) and math.isfinite(chosen_hours)):
        return None
    if chosen_hours > DAYS_ABOVE_HOURS:
        return msg("reason-deadline-changes-days", days=fastest_hours / HOURS_PER_DAY, card=card.name,
                   count=count, chosen_days=chosen_hours / HOURS_PER_DAY)
    if chosen_hours < 1:
        return msg("reason-deadline-changes-minutes", minutes=fastest_hours * 60, card=card.name,
                   count=count, chosen_minutes=chosen_hours * 60)
    return msg("reason-deadline-changes", hours=fastest_hours, card=card.name, count=count,
               chosen_hours=chosen_hours)


class WorkloadFamily(ABC):
    """One family of workloads. Subclasses set the class attributes and implement the methods;
    each delegates to the core function that computes the number (its package's plan and
    estimate modules, graphics, memory, economics). A hand-picked card of the wrong class is
    :mod:`configurator.core.mismatch`'s (it ranks, so it sits above the families)."""

    name: str
    """Short id: ``training``, ``serving``, ``desktops``, ``video`` or ``rendering``."""
    workloads: frozenset[Workload]
    """The :class:`Workload` values the family serves (each value has exactly one family)."""
    x_unit: str
    """Unit of the cost chart's x quantity (:attr:`CatalogPoint.x_value`)."""
    chart_cost_unit: str
    """What the cost chart's cost is per (:attr:`CatalogPoint.cost_unit`)."""
    cost_unit: str
    """The unit of work a ranking cost is quoted per: ``million tokens``, ``user-month``,
    ``stream-hour`` or ``frame``."""
    unit_scale: float
    """Units of :meth:`work_paid_for` in one ``cost_unit`` (1e6 tokens per million tokens)."""
    speed_unit: str
    """Unit of :meth:`speed_figure` (lower is faster)."""
    speed_percentile: int | None = None
    """The percentile of requests :meth:`speed_figure` is at where it is a latency (serving: 50, the
    median time per output token, while a ranking's text column shows the targets' percentile); None
    where the figure is not one of a distribution (hours for a job, cards) [%]."""
    one_off_job: bool
    """True when the work is a job that ends (training, rendering): costs and energy are for
    the job; False when it runs on (serving, desktops, streams): costs are per hour."""
    job_pace: str | None = None
    """For a job that ends (``one_off_job``), what its cards do at the job's pace, one word: ``"train"``,
    ``"render"``. The TCO per unit of such work spreads the purchase over every year of the TCO at that
    pace, so its label and the job-alone reason say "if the cards train at this pace all 4 years"
    (:func:`configurator.core.view.cost_bases.basis_label`, :func:`configurator.core.messages.pace_msg`);
    None for work that runs on. Until December 2026 the caveat was keyed on the unit "frame", and a pre-training run with a
    deadline read its TCO per million tokens without it. Read it as :attr:`pace`."""

    @property
    def pace(self) -> str | None:
        """:attr:`job_pace`, or ``"work"`` for a job that ends whose family names none (one added as a
        package); None for work that runs on."""
        return self.job_pace or ("work" if self.one_off_job else None)
    default_card: str = DEFAULT_CARD
    """The card (catalog id) a scenario of the family's work starts on where the user names none: the
    command line without ``--card`` or a scenario file, the window's editor and wizard on a change of
    workload (:func:`~configurator.core.workloads.job_defaults.with_default_card`). Training and serving:
    :data:`~configurator.core.default_job.DEFAULT_CARD`; a graphics family names a card of a class its
    work runs on (until December 2026 ``estimate --workload vdi`` started on the H100, which has no video
    engines nor display outputs)."""
    default_card_for_region: dict[str, str] = DEFAULT_CARD_FOR_REGION
    """The card (catalog id) the family's work starts on for a region whose buyers cannot simply buy
    :attr:`default_card` (its export status there is not ``permitted``), by region: training and serving
    :data:`~configurator.core.default_job.DEFAULT_CARD_FOR_REGION` (mainland China the Ascend 910B); a
    graphics family names a card of its own sold there. Read by the window's editor and wizard on a change
    of workload (:func:`~configurator.core.workloads.job_defaults.region_default_card`)."""
    default_classes: dict[Workload, tuple[str, ...]]
    """Card classes the recommendation considers for each of the family's workloads unless
    the user picks others (``recommend.DEFAULT_CLASSES``)."""
    runs_model: bool = False
    """True when the work runs a neural network (training, serving): its estimate and assumptions are
    shown with the model's memory parts, name and efficiencies (the view's fallback for a family
    without tables of its own)."""
    software_needs: Needs | None = None
    """The frameworks the family's work runs on (a ranking names a card's gaps as a porting risk);
    None: the workload's entry in :data:`configurator.core.software.WORKLOAD_NEEDS` (the built-in
    families')."""
    billed_regardless_of_use: bool = False
    """True when the unit of work is paid for whether used or not (a desktop per month): its
    ownership cost per unit ignores utilisation."""
    ranking_reads_count: bool = True
    """Whether the family's catalog ranking (:func:`configurator.core.recommend.recommend`) reads the
    scenario's card count and card (``count``, ``card_id``; the card's typed prices and owned cards
    aside, which :func:`~configurator.core.recommend_pricing.priced_for` gives that card alone). True for
    training: a scenario without Auto batch fields keeps the global batch its count sets. False
    where each card's deployment is searched over counts of its own from the workload alone
    (serving, graphics): the ranking is the same at any count and card. What a ranking reads is
    :func:`configurator.core.recommend.ranking_question`'s to say (the panel keeps its ranking
    where that is unchanged)."""

    def default_seq_len(self, scenario: Scenario) -> int:
        """Tokens per sequence ``scenario`` takes where the user gives none [tokens]: the one default of
        :mod:`configurator.core.default_job` (a fine-tune's); a family that pre-trains overrides it."""
        return DEFAULT_SEQ_LEN

    # ---- estimate ---------------------------------------------------------------------

    @abstractmethod
    def assemble(self, scenario: Scenario, card: Card) -> Estimate:
        """The family's estimate of ``scenario`` on ``scenario.count`` × ``card``."""

    @abstractmethod
    def sweep(self, scenario: Scenario, card: Card, counts: Sequence[int]) -> list[Estimate]:
        """Estimates at each of ``counts`` (already valid for the scenario's layout)."""

    def layout_sweep(self, chosen: Estimate, card: Card, counts: Sequence[int]) -> list[Estimate] | None:
        """``chosen``'s own layout at each of ``counts`` where it holds (the scaling chart's lines: one layout,
        more or fewer copies of it); None, the default, where the chart draws :meth:`sweep`, the count's own plan."""
        return None

    def plans_layout(self, scenario: Scenario) -> bool:
        """Whether the family has layout fields the planner chooses (Auto)."""
        return False

    def clear_memos(self) -> None:
        """Forget the family's kept searches (layout plans; the estimate memo is
        :func:`configurator.core.workloads.memo.clear_memo`); none by default."""
        return None

    # ---- deployments: what the recommendation ranks ------------------------------------

    @abstractmethod
    def deployments(self, scenario: Scenario, card: Card, all_counts: bool = False, whole_systems: bool = False
                    ) -> list[Estimate]:
        """The configurations of ``card`` worth ranking for ``scenario``'s job; ``whole_systems``
        when the cards are bought (rack-scale systems in whole racks) rather than rented;
        ``all_counts`` to go on past the first counts that meet every constraint."""

    def closest_deployment(self, scenario: Scenario, card: Card, whole_systems: bool = False) -> Estimate | None:
        """When no deployment meets the targets: the one closest to meeting them, to list below the
        line (None: the family has no such search)."""
        return None

    def deadline_out_of_reach(self, scenario: Scenario, card: Card) -> tuple[int, float] | None:
        """When no count tried can meet the deadline even at the card's peak: (cards, hours) (None:
        some count could, no deadline, or the family has no deadline)."""
        return None

    def missed_deadline(self, scenario: Scenario, card: Card) -> Message | None:
        """When the deadline, not memory, is why no count of ``card`` is kept: the fastest it goes
        at any count tried, as a message (None: not the reason)."""
        return None

    def carrying_whole_load(self, est: Estimate) -> Estimate:
        """The same scenario on as many cards as carry every user or stream (``est`` itself for
        families without such a load)."""
        return est

    # ---- what the window draws --------------------------------------------------------

    @abstractmethod
    def memory_curve(self, scenario: Scenario, card: Card, on_card: int = 1) -> MemoryCurve:
        """Memory per card against the load that drives it for this family."""

    @abstractmethod
    def catalog_point(self, scenario: Scenario, card: Card, chosen: Estimate | None = None) -> CatalogPoint | None:
        """The cost chart's point of ``card`` (``chosen``: its estimate when already made)."""

    # ---- ranking and cost -------------------------------------------------------------

    @abstractmethod
    def speed_figure(self, est: Estimate) -> float:
        """The figure ranked when speed is the objective, in :attr:`speed_unit` (lower is faster)."""

    @abstractmethod
    def work_paid_for(self, est: Estimate, hours: float) -> float:
        """Work a cost over ``hours`` covers, in ``unit_scale`` × ``cost_unit``."""

    @abstractmethod
    def work_per_year(self, est: Estimate) -> float | None:
        """Work a year of full use does, in ``unit_scale`` × ``cost_unit`` per year."""

    def at_the_pace_asked(self, est: Estimate, full_per_year: float) -> float:
        """A one-off job's work in a year (``full_per_year`` at full use), with a deadline at most
        the job every deadline: the pace the buyer asked for; capacity beyond it is paid for but
        idle, as a serving deployment's beyond its stated request rate [``cost_unit`` per year].
        Without the cap a job that scales with the cards spread a cluster's fixed lines over work
        nobody asked for, and the largest count tried read cheapest."""
        deadline = est.scenario.constraints.deadline_hours
        job = self.work_paid_for(est, deadline) if deadline else 0.0
        return min(full_per_year, job / deadline * HOURS_PER_YEAR) if job else full_per_year

    @abstractmethod
    def limiting_factor(self, est: Estimate) -> str:
        """The one factor that bounds ``est`` (the recommendation's "Limited by")."""

    def can_run(self, card: Card, workload: Workload) -> bool:
        """Whether ``card`` is a card for ``workload``, one of the family's: True for any card of the
        family's work that runs a model (a graphics card fine-tunes); a graphics family says which."""
        return True

    @abstractmethod
    def can_rank(self, est: Estimate) -> bool:
        """Whether ``est`` has the figures a ranking needs (a speed)."""

    @abstractmethod
    def limit_reason(self, est: Estimate) -> Message:
        """The ranking's first reason: what bounds the configuration, in numbers."""

    def tighter_target_changes_answer(self, scenario: Scenario) -> bool:
        """Whether a target tighter than the recommendation's figure would change the answer, so
        that :meth:`faster_alternative` is worth saying (False where every card is already sized
        to the scenario's own target: a tighter one only buys more of each)."""
        return True

    def faster_alternative(self, fastest_figure: float, card: Card, count: int,
                           chosen_figure: float) -> Message | None:
        """The fastest configuration (``count`` × ``card`` at ``fastest_figure``) beside the
        recommended one (at ``chosen_figure``), both in :attr:`speed_unit`: a target tighter than
        the recommendation's figure rules it out (None: not worth saying)."""
        return None

    def checked_speed(self, est: Estimate) -> float:
        """The speed a stated target is checked at, in :attr:`speed_unit` (lower is faster): the
        ranked :meth:`speed_figure`, unless the family checks its targets at another figure (serving:
        the time per output token at the targets' percentile, the verdict's)."""
        return self.speed_figure(est)

    def fastest_instead(self, fastest: Estimate, chosen: Estimate) -> Message | None:
        """:meth:`faster_alternative` of two configurations, each at :meth:`checked_speed`."""
        return self.faster_alternative(self.checked_speed(fastest), fastest.card, fastest.scenario.count,
                                       self.checked_speed(chosen))

    def cheaper_reason(self, card: Card, other: Card, ratio: float) -> Message:
        """Why ``card`` beats the best card of another class on cost (``ratio`` × cheaper)."""
        return msg("reason-class-cheaper", card=card.name, category=card.category, ratio=ratio, cheaper=1 - 1 / ratio,
                   other=other.name, other_category=other.category)

    def unrated(self, scenario: Scenario, card: Card) -> Message | None:
        """Why ``card`` cannot be rated for ``scenario`` at all: a figure its speed needs that the
        catalog lacks (:func:`~configurator.core.workloads.checks.unrated_message`); None when
        it has them, or the family reads none (a family that times work overrides this)."""
        return None

    def rejection(self, scenario: Scenario, card: Card) -> Message:
        """Why a card has no deployment for ``scenario`` at any count tried."""
        return msg("left-out-no-fit")

    # ---- layout -----------------------------------------------------------------------

    has_layout: bool = True
    """Whether the deployment has a parallel layout (tensor, pipeline, data parallel)."""
    carries_load: bool = False
    """True when a count carries a number of users or streams (desktops, video): the
    deployment is the count that carries them all."""


def finite(value: float | None) -> float:
    """``value``, or infinity when it is unknown (ranks last)."""
    return math.inf if value is None else value
