"""Dialogs that add the user's own cards and prices to the user overlay file."""

from __future__ import annotations

from datetime import date

from pydantic import ValidationError
from PySide6.QtWidgets import (
    QComboBox,
    QDialog,
    QDialogButtonBox,
    QDoubleSpinBox,
    QFormLayout,
    QLabel,
    QLineEdit,
    QPlainTextEdit,
    QSpinBox,
    QVBoxLayout,
    QWidget,
)

from configurator.app.binders import NONE_DATA
from configurator.app.controller import ScenarioController
from configurator.app.i18n import current_language, message_text
from configurator.app.inputs import StrictDoubleSpinBox
from configurator.app.labels import class_names, named
from configurator.core.bounds import error_line_message
from configurator.core.card import PRICE_CONDITIONS
from configurator.core.view.card_names import card_name
from configurator.core.view.card_view import CONFIDENCE, PRICE_KINDS
from configurator.core.view.card_view import LINKS as LINK_NAMES
from configurator.core.view.rows import Phrase, label, write
from configurator.core.catalog import (
    RATE_FIELDS,
    Card,
    CatalogError,
    PriceEntry,
    default_overlay_path,
    free_card_id,
    save_user_card,
    save_user_price,
)

VGPU_LICENCE_CHOICES: dict[bool | None, str] = {
    None: "Not stated: the bill's vGPU licences count on the rent too",
    True: "Included: the provider says the rent holds the NVIDIA vGPU licence",
    False: "Not included: the provider says the licence is bought apart",
}
"""The price dialog's choices for a rent's ``vgpu_licence_included`` (:class:`PriceEntry`), by label id."""
VGPU_LICENCE_TIP = ("Cloud prices: whether the GPU-hour includes the NVIDIA vGPU licence (RTX vWS, vPC) a virtual "
                    "desktop needs; included, the bill's vGPU licences count on buying only")

LINKS = ("none", "nvlink", "nvlink-bridge", "infinity-fabric", "ethernet-roce", "ici", "hccs", "mlu-link", "blink",
         "mtlink", "proprietary")


def _number(maximum: float, suffix: str, decimals: int = 1, money: bool = False) -> QDoubleSpinBox:
    """A box of a card's figure from 0 (shown "—") to ``maximum`` in ``suffix``'s unit, written with the
    decimals it needs ("80 GB", where it read "80.0 GB" until December 2026); an amount of ``money``
    keeps its cents."""
    box = StrictDoubleSpinBox()
    box.trimmed = not money
    box.setRange(0, maximum)
    box.setDecimals(decimals)
    box.setSuffix(suffix)
    box.setSpecialValueText("—")
    return box


class _ValidatingDialog(QDialog):
    """OK validates; a problem is shown in the dialog, which then stays open."""

    def __init__(self, controller: ScenarioController, parent: QWidget | None) -> None:
        super().__init__(parent)
        self.controller = controller
        self.form = QFormLayout()
        self.problem = QLabel()
        self.problem.setWordWrap(True)
        self.problem.setStyleSheet("color: #b00020;")
        buttons = QDialogButtonBox(QDialogButtonBox.StandardButton.Save | QDialogButtonBox.StandardButton.Cancel)
        buttons.accepted.connect(self.save)
        buttons.rejected.connect(self.reject)
        layout = QVBoxLayout(self)
        layout.addLayout(self.form)
        layout.addWidget(self.problem)
        layout.addWidget(buttons)

    def save(self) -> bool:
        try:
            catalog = self._write()
        except ValidationError as error:
            self.problem.setText(message_text(error_line_message(error, Card)))  # in the window's language
            return False
        except CatalogError as error:  # a refusal (issue 25) in the window's language
            said = error.message or getattr(error, "said", None)  # a file it cannot read: its message
            self.problem.setText(message_text(said) if said is not None else str(error))
            return False
        except OSError as error:  # a full disk, a read-only folder: said in the window's language
            from configurator.app.window_files import failure_reason

            self.problem.setText(failure_reason(error))
            return False
        self.controller.set_catalog(catalog)
        self.accept()
        return True

    def _write(self):
        raise NotImplementedError


class CardDialog(_ValidatingDialog):
    """Add or edit a card of your own in the user overlay; starting from a bundled card, the new card
    gets an id of its own (a bundled card is never replaced: issue 25) and none of its prices."""

    def __init__(self, controller: ScenarioController, card: Card | None = None, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.setWindowTitle(self.tr("My card"))
        self.id = QLineEdit()
        self.id.setPlaceholderText(self.tr("lowercase-id, e.g. my-l40s"))
        self.name = QLineEdit()
        self.vendor = QLineEdit()
        self.category = QComboBox()
        for key, label in class_names().items():
            self.category.addItem(label, key)
        self.memory = _number(2048, " GB")
        self.bandwidth = _number(100000, " GB/s", 0)
        self.tdp = _number(5000, " W", 0)
        self.rates = {p: _number(100000, " TFLOP/s" if "tflops" in f else " TOPS") for p, f in RATE_FIELDS.items()}
        self.link = QComboBox()  # named in the window's language, the catalog's key as data (was "nvlink", "none")
        link_names = named(LINK_NAMES)
        for key in LINKS:
            self.link.addItem(link_names.get(key, key), key)
        self.link_gbps = _number(100000, " GB/s", 0)
        self.domain = QSpinBox()
        self.domain.setRange(1, 1024)
        self.sources = QPlainTextEdit()
        self.sources.setPlaceholderText(self.tr("One source per line: datasheet URL, quote, measurement"))
        self.sources.setMaximumHeight(70)
        self.confidence = QComboBox()  # was "high", "medium" … in English in the Chinese window too
        for key, text in named(CONFIDENCE).items():
            if key is not None:
                self.confidence.addItem(text, key)
        rows = [(self.tr("Id"), self.id), (self.tr("Name"), self.name), (self.tr("Vendor"), self.vendor),
                (self.tr("Class"), self.category), (self.tr("Memory"), self.memory),
                (self.tr("Bandwidth"), self.bandwidth), (self.tr("Board power"), self.tdp)]
        rows += [(self.tr("{0} dense").format(p.value.upper()), box) for p, box in self.rates.items()]
        rows += [(self.tr("Card link"), self.link), (self.tr("Link bandwidth"), self.link_gbps),
                 (self.tr("Cards per link domain"), self.domain), (self.tr("Sources"), self.sources),
                 (self.tr("Confidence"), self.confidence)]
        for label, widget in rows:
            self.form.addRow(label, widget)
        self._base = card
        if card is not None:
            self._show(card)
            self._own_id_for(card)

    def _own_id_for(self, card: Card) -> None:
        """Starting from a bundled card, the user's card gets an id of its own (a card of the user
        cannot replace a bundled one: issue 25), and the dialog says so."""
        if card.is_user:
            return
        self.id.setText(free_card_id(card.id, self.controller.catalog))
        self.name.setText(write(Phrase("{name} (mine)", {"name": card.name}), current_language()))
        self.own_id_note = QLabel(label("A card of your own gets an id of its own: the bundled card stays as it is.",
                                        current_language()))
        self.own_id_note.setWordWrap(True)
        self.form.insertRow(0, self.own_id_note)

    def _show(self, card: Card) -> None:
        self.id.setText(card.id)
        self.name.setText(card.name)
        self.vendor.setText(card.vendor)
        self.category.setCurrentIndex(self.category.findData(card.category))
        self.memory.setValue(card.memory_gb)
        self.bandwidth.setValue(card.bandwidth_gbps or 0)
        self.tdp.setValue(card.tdp_w or 0)
        for precision, box in self.rates.items():
            box.setValue(card.peak_tflops(precision) or 0)
        self.link.setCurrentIndex(self.link.findData(card.interconnect.link))
        self.link_gbps.setValue(card.interconnect.link_gbps or 0)
        self.domain.setValue(card.interconnect.domain_size)
        self.sources.setPlainText("\n".join(card.sources))
        self.confidence.setCurrentIndex(self.confidence.findData(card.confidence))

    def card_data(self) -> dict:
        """The dialog's fields as a catalog entry (0 = not published)."""
        base = self._base.model_dump(mode="json") if self._base else {}
        if self._base is not None and not self._base.is_user:
            base["prices"] = []  # the bundled card's prices stay the catalog's, not the user's
        data = {
            **base,
            "id": self.id.text().strip(),
            "name": self.name.text().strip(),
            "vendor": self.vendor.text().strip(),
            "category": self.category.currentData(),
            "memory_gb": self.memory.value(),
            "bandwidth_gbps": self.bandwidth.value() or None,
            "tdp_w": self.tdp.value() or None,
            "interconnect": {**base.get("interconnect", {}), "link": self.link.currentData(),
                             "link_gbps": self.link_gbps.value() or None, "domain_size": self.domain.value()},
            "sources": [line.strip() for line in self.sources.toPlainText().splitlines() if line.strip()],
            "confidence": self.confidence.currentData(),
        }
        for precision, box in self.rates.items():
            data[RATE_FIELDS[precision]] = box.value() or None
        return data

    def _write(self):
        return save_user_card(default_overlay_path(), Card.model_validate(self.card_data()))


class PriceDialog(_ValidatingDialog):
    """Add a dated, sourced price for a card to the user overlay."""

    def __init__(self, controller: ScenarioController, card: Card, parent: QWidget | None = None) -> None:
        super().__init__(controller, parent)
        self.card = card
        self.setWindowTitle(self.tr("Price for {0}").format(card_name(card.name, current_language())))
        self.amount = _number(100_000_000, "", 2, money=True)
        self.currency = QComboBox()
        self.currency.setEditable(True)
        self.currency.addItems(["USD", "CNY", "EUR"])
        self.currency.setCurrentText(controller.scenario.economics.currency)  # a Chinese buyer's quote is in CNY
        self.kind = QComboBox()
        for kind in ("street", "quote", "list", "launch", "cloud-hourly"):
            self.kind.addItem(label(PRICE_KINDS[kind], current_language()), kind)
        self.provider = QLineEdit()
        self.provider.setPlaceholderText(label("Cloud prices: who rents the card", current_language()))
        self.tier = QLineEdit()
        self.tier.setPlaceholderText(label("Cloud prices: on-demand, 1-year reserved, spot …", current_language()))
        self.confidence = QComboBox()
        self.confidence.addItem(self.tr("High (a quote or the seller's own price list)"), "high")
        self.confidence.addItem(self.tr("Medium (a dated report or price index)"), "medium")
        self.confidence.addItem(self.tr("Low (an estimate)"), "low")
        self.condition = QComboBox()  # a used card's price is ranked only where the buyer takes used cards
        conditions = {"new": self.tr("New"), "used": self.tr("Used (no warranty from the maker)"),
                      "refurbished": self.tr("Refurbished")}
        for condition in PRICE_CONDITIONS:
            self.condition.addItem(conditions[condition], condition)
        self.condition.setToolTip(self.tr("A used or refurbished card's price is ranked only when the scenario "
                                          "accepts used cards, and only for a card without a new card's price"))
        self.vgpu_licence = QComboBox()  # a rent's vgpu_licence_included: only a rent has one
        for included, words in VGPU_LICENCE_CHOICES.items():
            self.vgpu_licence.addItem(label(words, current_language()), NONE_DATA if included is None else included)
        self.vgpu_licence.setToolTip(label(VGPU_LICENCE_TIP, current_language()))
        self.kind.currentIndexChanged.connect(self._update_vgpu_licence)
        self._update_vgpu_licence()
        self.date = QLineEdit(date.today().strftime("%Y-%m"))
        self.source = QLineEdit()
        self.source.setPlaceholderText(self.tr("Quote number, URL or supplier"))
        for text, widget in ((self.tr("Amount"), self.amount), (self.tr("Currency"), self.currency),
                             (self.tr("Kind"), self.kind), (self.tr("Condition"), self.condition),
                             (self.tr("Date (YYYY-MM)"), self.date),
                             (self.tr("Source"), self.source), (self.tr("Confidence"), self.confidence),
                             (label("Provider", current_language()), self.provider),
                             (label("Offer", current_language()), self.tier),
                             (label("vGPU licence in the rent", current_language()), self.vgpu_licence)):
            self.form.addRow(text, widget)

    def _update_vgpu_licence(self) -> None:
        """Only a rent says whether its price holds the vGPU licence: for a purchase price the box is
        disabled and back at "not stated" (a purchase price with the field set is refused)."""
        rent = self.kind.currentData() == "cloud-hourly"
        if not rent:
            self.vgpu_licence.setCurrentIndex(0)
        self.vgpu_licence.setEnabled(rent)

    def _write(self):
        price = PriceEntry.model_validate({
            "amount": self.amount.value(), "currency": self.currency.currentText().strip().upper(),
            "date": self.date.text().strip(), "kind": self.kind.currentData(), "source": self.source.text().strip(),
            "confidence": self.confidence.currentData(), "condition": self.condition.currentData(),
            "provider": self.provider.text().strip() or None, "tier": self.tier.text().strip() or None,
            "vgpu_licence_included": None if self.vgpu_licence.currentData() == NONE_DATA else
            self.vgpu_licence.currentData(),
        })
        return save_user_price(default_overlay_path(), self.card.id, price)
