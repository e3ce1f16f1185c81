"""The wizard's last page: the decision with its cost, its reasons and every number it took differently
(the page before it, budget, region and cards, is :mod:`.wizard_constraints`'s; the sentence for each
number taken differently, :mod:`.wizard_changes`')."""
from __future__ import annotations

from html import escape

from PySide6.QtWidgets import (
    QHBoxLayout,
    QLabel,
    QPushButton,
    QTextBrowser,
    QVBoxLayout,
    QWizardPage,
)

from configurator.app import format as fmt
from configurator.app.editor import model_summary
from configurator.app.against_constraints import verdict_items
from configurator.app.error_boundary import guarded
from configurator.app.i18n import current_language, message_text
from configurator.app.i18n import tc as _tc
from configurator.app.recommend_table import SUPPORT_CAUTION_COLOUR
from configurator.app.worker import Cancelled, JobContext, LatestJob, show_busy
from configurator.app.wizard_changes import change_text
from configurator.app.wizard_constraints import RECOMMENDER
from configurator.app.wizard_decide import Decision
from configurator.core.default_job import DEFAULT_SEQ_LEN
from configurator.core.desks import at_desks
from configurator.core.messages import msg
from configurator.core.procurement.workstations import workstations_needed
from configurator.core.ranking_basis import basis_said
from configurator.core.scenario_ranking import Objective, objective_for
from configurator.core.scenario import Scenario
from configurator.core.serving_use import load_note
from configurator.core.view.assumptions_view import assumption_notes
from configurator.core.cjk_spacing import cjk_joined
from configurator.core.view.card_names import card_name, counts_chips
from configurator.core.view.estimate_view import estimate_view
from configurator.core.view.names import model_name
from configurator.core.view.ranking_view import NONE_RANKED_FOR_FIGURES
from configurator.core.view.constraints_view import targets_held
from configurator.core.view.cost_bases import PER_UNIT, period
from configurator.core.view.rows import View, label, pair, write
from configurator.core.view.words import words
from configurator.core.workloads import family_of

RUNNING_UNITS = ("user-month", "stream-hour")
"""Units of work whose TCO per unit the answer's cost line says beside the totals: a service that
runs all the years (desktops, streams); a render job's per frame holds only at full pace all years
(its reasons say what the job alone costs)."""


RANKED_BY = ("recommender", "closest", "over-budget", "unranked")
"""How a decision the recommender's ranking chose was chosen (:attr:`Decision.chosen_by`): a card picked or owned is
not ranked."""


def rents(objective: Objective, ranked: bool) -> bool:
    """Whether the wizard's answer is a rent: the recommender chose the card (``ranked``) and ranked by rent
    (``objective``, :func:`~configurator.core.scenario_ranking.objective_for`: a rent budget with no objective asked).
    The one rule the result page's title, its busy line and its answer line ('Rent:' or 'Buy:') follow; a card picked
    or owned is bought (until December 2026 a renter's answer 'Rent: 32 × MI325X' stood under 'What to buy')."""
    return ranked and objective is Objective.CLOUD


class SummaryPage(QWizardPage):
    """The decision: model, card, count and layout, cost, why, and what was changed."""

    def __init__(self, wizard) -> None:
        super().__init__()
        self.wizard_ref = wizard
        self._title(renting=False)
        self.setSubTitle(self.tr("“Use this” puts it into the main window as one step you can undo; every "
                                 "setting can still be changed there."))
        layout = QVBoxLayout(self)
        self.busy_label = QLabel()
        self.busy_label.setObjectName("wizard-busy")
        self.busy_label.setWordWrap(True)
        layout.addWidget(self.busy_label)
        self.text = QTextBrowser()
        self.text.setObjectName("wizard-result")
        layout.addWidget(self.text, 1)
        buttons = QHBoxLayout()
        buttons.addStretch(1)
        self.alternatives = QPushButton(self.tr("Show &alternatives"))
        self.alternatives.setObjectName("wizard-alternatives")
        self.alternatives.setToolTip(self.tr("Puts this into the window and opens the recommendation panel, "
                                             "with every card ranked for this job"))
        self.alternatives.setEnabled(False)
        self.alternatives.clicked.connect(lambda: self.wizard_ref.show_alternatives())
        buttons.addWidget(self.alternatives)
        layout.addLayout(buttons)
        self.decision: Decision | None = None
        """Worked out on a worker thread; Finish ("Use this") waits for it."""
        self._job = LatestJob(self, foreground=True)  # the window's catalog pass gives way to it
        self._job.finished.connect(self._show_decision)
        self._job.step.connect(self._show_best_so_far)
        self._job.failed.connect(self._on_failed)
        self._job.busy_changed.connect(self._show_busy)

    @property
    def suggestion(self) -> tuple[Scenario, Scenario] | None:
        """(answers, scenario to apply) once decided."""
        return None if self.decision is None else (self.decision.answers, self.decision.scenario)

    def _title(self, renting: bool) -> None:
        """'What to rent' where the answer is a rent (:func:`rents`), else 'What to buy'."""
        self.renting = renting
        self.setTitle(self.tr("What to rent") if renting else self.tr("What to buy"))

    def _answer_rents(self) -> bool:
        """Whether the answers ask for a rent before the decision is made: the card left to the recommender and
        a rent budget with no objective asked (:func:`rents`, as the decision's :attr:`Decision.objective`)."""
        answers = self.wizard_ref.answers_scenario()
        objective = objective_for(answers.ranking.objective, answers.constraints.budget_basis)
        return rents(objective, self.wizard_ref.answered.card is RECOMMENDER)

    @guarded
    def initializePage(self) -> None:  # noqa: N802 - Qt's name
        """Decide on a worker thread (the recommender plans every card: seconds for a large job)."""
        self._title(self._answer_rents())
        self.decision = None
        self.text.clear()
        self.alternatives.setEnabled(False)
        steps = self.wizard_ref.decision_steps()

        def job(context: JobContext) -> Decision:  # on the worker: the best so far handed over as it grows
            for decision in steps(context.cancelled):
                if decision.partial is None:
                    return decision
                context.step(decision)
            raise Cancelled  # cut short: not a decision

        self._job.submit(job)
        self.completeChanged.emit()

    def cleanupPage(self) -> None:  # noqa: N802 - Qt's name
        self._job.cancel()  # Back: the answers are about to change; a late result is dropped
        self.decision = None

    def isComplete(self) -> bool:  # noqa: N802 - Qt's name
        return self.decision is not None

    def wait(self, timeout_ms: int = 60_000) -> bool:
        """Wait (processing events) until the decision is shown (tests)."""
        return self._job.wait(timeout_ms)

    def _show_busy(self, busy: bool) -> None:
        said = self.tr("Working out what to rent: the planner lays out every card the recommender may choose…") \
            if self.renting else self.tr("Working out what to buy: the planner lays out every card the "
                                         "recommender may choose…")
        show_busy(self.busy_label, self, said, busy)

    def _on_failed(self, error: Exception) -> None:
        from configurator.app.error_boundary import report

        report(error, "SummaryPage.initializePage", _tc("ErrorBoundary", "Preparing this page of the wizard"), self)

    @guarded
    def _show_best_so_far(self, decision: Decision) -> None:
        """The decision on the cards ranked so far, while the rest are ranked (not yet to be used:
        the final decision replaces it)."""
        done, total = decision.partial
        self.busy_label.setText(self.tr("Ranking {done} of {total} cards… below, the best so far; the final "
                                        "answer replaces it").format(done=done, total=total))
        self.text.setHtml("<p style='color:#555'><i>" + escape(self.tr("Best so far ({done} of {total} cards "
                                                                        "ranked)").format(done=done, total=total))
                          + "</i></p>" + self.decision_html(decision))

    @guarded
    def _show_decision(self, decision: Decision) -> None:
        self.decision = decision
        self._title(rents(decision.objective, decision.chosen_by in RANKED_BY))  # the answer's own words
        self.completeChanged.emit()
        self.alternatives.setEnabled(True)
        self.text.setHtml(self.decision_html(decision))

    def decision_html(self, d: Decision) -> str:
        s, est = d.scenario, d.estimate
        view = estimate_view(est)
        parts = []
        if view.layout is not None:  # the work runs a model laid out over the cards
            model = s.model
            parts.append(self.tr("<b>Model:</b> {name}, {params} B parameters ({shape})").format(
                name=escape(model_name(model.name)), params=fmt.significant(model.total_params() / 1e9),
                shape=model_summary(model)))
            if s.workload.is_training:  # not asked by the wizard: the window's, or the job's default, said
                published = s.training.seq_len == family_of(s.workload).default_seq_len(s) != DEFAULT_SEQ_LEN
                said = self.tr("<b>Sequence:</b> {tokens} tokens (the model's published pre-training context: change "
                               "it in the window)") if published else \
                    self.tr("<b>Sequence:</b> {tokens} tokens (kept from the window: change it there)")
                parts.append(said.format(tokens=fmt.whole(s.training.seq_len)))
        by = {"recommender": self.tr("chosen by the recommender from {n} ranked cards").format(n=d.ranked),
              "closest": self.tr("the closest to your constraints of {n} cards below the line").format(n=d.ranked),
              "over-budget": self.tr("of {n} cards below the line, the nearest to the budget with every item "
                                     "priced; it breaks the budget alone").format(n=d.ranked),
              "unranked": self.tr("of {n} cards not ranked for want of a figure, one that meets every constraint you "
                                  "set").format(n=d.ranked),
              "you": self.tr("the card you picked; the count and layout chosen by the planner"),
              "owned": self.tr("the cards you own, laid out by the planner")}[d.chosen_by]
        rented = rents(d.objective, d.chosen_by in RANKED_BY)
        parts.append(self._rent_line(d, by) if rented else self._buy_line(d, by))
        parts.append(self._layout_line(view))
        parts.append(self._rent_cost_line(d) if rented else self._cost_line(d))
        parts.append(escape(write(view.verdict, current_language())))
        html = (self._basis_note(d) + self._constraints_warning(d) + self._support_caution(d) + self._load_note(d)
                + self._owned_note(d)
                + "<p>"
                + "</p><p>".join(parts) + "</p>"
                + self._constraints_html(d))
        if d.reasons:
            html += "<p><b>" + self.tr("Why") + "</b></p><ul>" + "".join(
                f"<li>{escape(message_text(m))}</li>" for m in d.reasons) + "</ul>"
        html += "<p><b>" + self.tr("Numbers taken differently from your answers") + "</b></p>"
        if d.changes:
            html += "<ul>" + "".join(f"<li>{escape(change_text(c))}</li>" for c in d.changes) + "</ul>"
        else:
            html += "<p>" + self.tr("None: every number you gave is used as given.") + "</p>"
        from configurator.core.mismatch import said_beside  # the class line as the ranking's check judges it

        # the ranking chose the card: its choice is the class rule's verdict; a card picked or owned has no check
        # shown here, so the generic class line stays (an A10 picked for a full fine-tune read no class line)
        ranked = d.chosen_by in RANKED_BY
        notes = (*said_beside(est, None, ranked), *assumption_notes(est))  # the warnings, then the assumptions
        if notes:
            html += "<p><b>" + self.tr("Notes") + "</b></p><ul>" + "".join(
                f"<li>{escape(message_text(m))}</li>" for m in notes) + "</ul>"
        return html

    def _buy_line(self, d: Decision, by: str) -> str:
        """'Buy: 16 cards of Instinct MI355X in 2 servers, plus 1 spare server (8 cards) — …': the cold
        spare servers the capex below buys (``procurement.goodput``: enough for 99 % of the time) said
        beside the count, as the summary's 'in 3 servers (8 cards each; 1 of them spare)'. At the users' desks
        the workstations, one card each (until December 2026 '30 cards of RTX A6000 in 4 servers' there); one or
        two desktop boards in their deskside workstation (:mod:`configurator.core.procurement.host`). In Chinese
        the count comes before the card's name with one measure word for the line, the name's own where it counts
        chips (:func:`_cards`): '50 张 T4', '16 颗昇腾 910C 服务器……（每台 8 颗）' (until December 2026 'T4 50 张卡',
        '…（每台 8 颗） 16 张卡', persona49b)."""
        s = d.scenario
        name = card_name(d.estimate.card.name, current_language())
        cards, servers = self._cards(s.count, name), self.tr("%n server(s)", "", s.nodes)
        card = escape(name)
        if at_desks(s):  # a workstation at each desk, no server (procurement.workstations), as the summary says
            line = self.tr("<b>Buy:</b> {cards} of {card} in {workstations}, one card each — {by}").format(
                cards=cards, card=card, by=by,
                workstations=self.tr("%n deskside workstation(s)", "", workstations_needed(s.count)))
        elif d.cost is not None and d.cost.bom.host == "workstation":  # one or two desktop boards (procurement.host)
            line = self.tr("<b>Buy:</b> {cards} of {card} in {workstations} — {by}").format(
                cards=cards, card=card, by=by,
                workstations=self.tr("%n deskside workstation(s)", "", d.cost.bom.servers))
        elif not (spares := d.cost.bom.spare_servers if d.cost is not None else 0):
            line = self.tr("<b>Buy:</b> {cards} of {card} in {servers} — {by}").format(
                cards=cards, card=card, servers=servers, by=by)
        else:
            line = self.tr("<b>Buy:</b> {cards} of {card} in {servers}, plus {spares} ({spare_cards}) — {by}").format(
                cards=cards, card=card, servers=servers, by=by, spares=self.tr("%n spare server(s)", "", spares),
                spare_cards=self._cards(spares * d.cost.bom.gpus_per_server, name, named=False))
        return cjk_joined(line, current_language())  # '16 颗 昇腾': no space between two Chinese characters

    def _rent_line(self, d: Decision, by: str) -> str:
        """'Rent: 32 cards of Instinct MI325X in 4 servers — …': ranked by rent (the budget is rent), the cards are
        rented in the servers they come in, nothing bought (:attr:`Decision.objective`)."""
        s = d.scenario
        name = card_name(d.estimate.card.name, current_language())
        line = self.tr("<b>Rent:</b> {cards} of {card} in {servers} — {by}").format(
            cards=self._cards(s.count, name), card=escape(name), servers=self.tr("%n server(s)", "", s.nodes), by=by)
        return cjk_joined(line, current_language())

    def _rent_cost_line(self, d: Decision) -> str:
        """'Cost: rent 1.95 USD per card-hour; 886 USD for the whole job (rent 2026-05)': what the ranking by rent
        ranked on, the rent of the cards for the job (a service: for an hour); the purchase line where the card has
        no rent (it is not ranked by rent: the closest below the line may have none)."""
        costs = d.estimate.costs
        rate, total = costs.prices.cloud_per_hour, costs.cloud
        if rate is None or total is None:
            return self._cost_line(d)
        said = self.tr("<b>Cost:</b> rent {rate} per card-hour; {total} for the whole job (rent {date})") \
            if family_of(d.scenario.workload).one_off_job else \
            self.tr("<b>Cost:</b> rent {rate} per card-hour; {total} an hour (rent {date})")
        return said.format(rate=fmt.money(rate, costs.currency), total=fmt.money(total, costs.currency),
                           date=escape(costs.prices.cloud_price_date or "—"))

    def _basis_note(self, d: Decision) -> str:
        """First, where the recommender ranked by how the buyer pays and that is by rent: 'Ranked by rent: the
        budget is rent …' (:func:`~configurator.core.ranking_basis.basis_said`, the command line's and the
        summary's line); nothing for a card picked or owned, or a budget on the purchase."""
        said = basis_said(None, d.answers) if d.chosen_by in RANKED_BY else None
        return "" if said is None else f"<p><b>{escape(message_text(said))}</b></p>"

    def _cards(self, n: int, name: str, named: bool = True) -> str:
        """'16 cards' before a card's name; in Chinese the measure word alone ('50 张', the name follows), 颗 where
        the card's Chinese name counts chips ('昇腾 910C 服务器……（每台 8 颗）', 'A16（4 颗 GPU 之一）'), one measure
        word a line as the app's other lines (:func:`~configurator.core.view.card_names.counts_chips`). ``named``
        False: the count stands alone ('（8 张卡）', '（8 颗）')."""
        if counts_chips(name):
            return self.tr("%n card(s)", "before a card's name that counts chips", n)
        return self.tr("%n card(s)", "before a card's name", n) if named else self.tr("%n card(s)", "", n)

    def _constraints_warning(self, d: Decision) -> str:
        """A red line first when nothing meets every constraint: what is shown is the closest; where nothing is ranked
        but the configuration shown meets every constraint, the ranking's own sentence (the command line's, the
        panel's and the summary's: until December 2026 the wizard showed the nearest over the budget there)."""
        if d.chosen_by == "unranked":
            return "<p><b>" + escape(write(NONE_RANKED_FOR_FIGURES, current_language())) + "</b></p>"
        if d.meets_constraints:
            return ""
        return "<p style='color:#b00020'><b>" + escape(self.tr(
            "Nothing meets every constraint you set. The closest configuration is shown; below, what it "
            "breaks and by how much.")) + "</b></p>"

    def _load_note(self, d: Decision) -> str:
        """Before the answer, where the serving question was answered without a load (no users, no
        request rate): what was assumed and what to give — the core's words (``serving_use.load_note``)."""
        note = load_note(d.answers)
        if note is None:
            return ""
        return f"<p style='color:{SUPPORT_CAUTION_COLOUR}'><b>{escape(message_text(note))}</b></p>"

    def _owned_note(self, d: Decision) -> str:
        """Before the answer, where the cards owned cannot carry the load alone: what they carry and
        what all of it needs (:attr:`Decision.owned_alone`, the command line's sentence)."""
        if d.owned_alone is None:
            return ""
        return f"<p><b>{escape(message_text(d.owned_alone))}</b></p>"

    def _support_caution(self, d: Decision) -> str:
        """Before the answer, where the card's vendor software is past its support: that (bold, with
        the best-ranked card with no end of support on record), then what it means — the core's words."""
        if not d.cautions:
            return ""
        headline, *rest = (escape(message_text(m)) for m in d.cautions)
        return (f"<p style='color:{SUPPORT_CAUTION_COLOUR}'><b>{headline}</b>"
                + "".join(f"<br>{line}" for line in rest) + "</p>")

    def _constraints_html(self, d: Decision) -> str:
        """Each constraint the buyer set and the latency targets held, with met / not met and by how
        much: the one checker's verdicts (``Estimate.verdicts``), in the core's words."""
        language = current_language()
        w = words(language)
        items = []
        targets = targets_held(d.estimate)
        if targets is not None:
            items.append(escape(w("Latency targets: {targets}", targets=write(targets, language))))
        items += verdict_items(d.estimate, language)  # the panel's and the command line's lines
        if not items:
            return ""
        return "<p><b>" + escape(w.label("Constraints")) + "</b></p><ul>" + "".join(
            f"<li>{item}</li>" for item in items) + "</ul>"

    def _layout_line(self, view: View) -> str:
        """The layout (where the work has one) and the estimate's headline numbers, from its view model."""
        language = current_language()
        between = "<br>"  # one figure a line: each starts with its own capitalised label
        line = between.join(escape(pair(row, language)) for row in view.rows_of(view.headline))
        if view.layout is None:
            return line
        return self.tr("<b>Layout:</b> {0}").format(escape(write(view.layout, language))) + between + line

    def _price_dates(self, d: Decision) -> str:
        """The dates of the prices the cost is built on: the card's (with what the buyer must be told about it:
        older than 18 months, a list price; the ranking's '*' notes) and the price file's, for the servers and the
        rest. It read "prices as of 2026-12" (the price file's date) over an L40 priced in 2025-02 (persona49)."""
        prices, other = d.estimate.costs.prices, d.price_date or "—"
        if prices.card_price_date == "user":  # a price typed in the window (--card-price): undated
            return escape(self.tr("your card price; other prices {date}").format(date=other))
        # beside the date, a stale price says only its age: 'card price 2021-04: older than 18 months', where it read
        # 'card price 2021-04: price from 2021-04, older than 18 months' (persona50)
        told = [message_text(msg("price-stale-beside-date", months=f.params["months"]) if f.id == "price-stale" else f)
                for f in prices.card_flags]
        card = prices.card_price_date or "—"
        between = words(current_language()).label("; ")  # '；' in Chinese
        card = card if not told else self.tr("{date}: {flags}").format(date=card, flags=between.join(told))
        return escape(self.tr("card price {card}; other prices {date}").format(card=card, date=other))

    def _cost_line(self, d: Decision) -> str:
        if d.cost is None:
            return self.tr("<b>Cost:</b> not known (no price for a part of the bill of materials)")
        own = d.cost.ownership
        tco = fmt.money(own.tco, own.currency)
        if own.energy_per_year is None:  # no published power: the summary's words ('未含电费'), where
            # the line read a whole TCO beside '无法计算总拥有成本' (persona50b)
            tco = escape(message_text(msg("tco-without-energy" if own.complete else "tco-without-energy-unpriced",
                                          tco=tco)))
        totals = dict(capex=fmt.money(own.capex, own.currency), period=write(period(own.years), current_language()),
                      tco=tco, dates=self._price_dates(d))
        if own.complete and d.cost.unit in RUNNING_UNITS and d.cost.per_unit is not None:  # desktops, streams:
            return self.tr(  # what the buyer budgets by, as the ranking's column says it (persona12gfx)
                "<b>Cost:</b> capex {capex}; TCO over {period} {tco}, {cost} {per} ({dates})").format(
                # the ranking's digits: '0.0172 USD', which read '0.02 USD' here (persona49)
                cost=fmt.unit_cost(d.cost.per_unit, own.currency),
                per=escape(label(PER_UNIT[d.cost.unit], current_language())), **totals)
        text = self.tr("<b>Cost:</b> capex {capex}; TCO over {period} {tco} ({dates})").format(**totals)
        if not own.complete and own.energy_per_year is not None:  # else the TCO says so
            text += self.tr(" — some lines have no price and are left out")
        return text
