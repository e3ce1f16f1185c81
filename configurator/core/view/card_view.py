"""The view model of one catalog card (issue 14, part 5): every spec with its unit, the dated
prices with their confidence, the software stack, the export status and the sources, as
sections of rows. Built once per card; the card browser's details pane and the command line's
``catalog show`` render it, in English or Chinese. Qt-free.

Free text from the catalog (sources, notes, the export rule, the video engines' description)
is written as the catalog spells it; every label, unit and level is a label id of the one
catalogue (:mod:`configurator.core.view.words`).
"""

from __future__ import annotations

from configurator.core.catalog import FRAMEWORKS, RATE_FIELDS, Card, PriceEntry
from configurator.core.currency import PRICE_FILE_CURRENCY, price_conversion
from configurator.core.export_control import card_classification
from configurator.core.messages import msg
from configurator.core.procurement import card_price
from configurator.core.scenario_sections import Economics
from configurator.core.trade_words import licence_fee_message
from configurator.core.units import Precision
from configurator.core.view.assumptions_view import exchange_rate
from configurator.core.view.cost_bases import price_as_bought
from configurator.core.view.card_classes_view import class_label, positioning_rows
from configurator.core.view.names import FRAMEWORK_NAMES, VGPU
from configurator.core.view.rows import Amount, Columns, Phrase, Row, Section, Value, View, range_phrase

LINKS = {"nvlink": "NVLink", "nvlink-bridge": "NVLink bridge", "infinity-fabric": "Infinity Fabric",
         "ethernet-roce": "Ethernet (RoCE)", "ici": "ICI", "hccs": "HCCS", "mlu-link": "MLU-Link",
         "blink": "BLink", "mtlink": "MTLink", "proprietary": "proprietary link", "none": "no card-to-card link"}
"""Label ids of the card-to-card links (``Interconnect.link``)."""

EXPORT = {"licence-required": "licence required", "not-permitted": "not permitted", "permitted": "permitted",
          "unknown": "unknown"}
"""Label ids of the US export status for mainland China (``ExportControl.china``)."""

IMPORT = {"barred": "entry barred by customs", "discouraged": "purchases discouraged by regulators",
          None: "none known"}
"""Label ids of China's own import stance on a card (``ChinaImport.status``; None: none known)."""

PRODUCTION = {"announced": "announced, not yet shipping", "in-production": "in production",
              "production-halted": "production halted", "end-of-life": "end of life"}
"""Label ids of whether new cards are made (``Availability.status``)."""

HELD = {"lawfully": "came in lawfully, before the bar", "outside-licences": "came in outside the US licences"}
"""Label ids of how the cards a provider in mainland China holds came in (``HeldInCountry.entered``)."""

CONFIDENCE = {"high": "high", "medium": "medium", "low": "low",
              "preliminary": "preliminary (announced, not shipping)", None: "not rated"}
"""Label ids of how far a card's specifications (or a price) can be trusted."""

PRICE_KINDS = {"msrp": "list price (MSRP)", "street": "street price", "cloud-hourly": "cloud, per card-hour",
               "quote": "quote", "list": "list price", "launch": "launch price"}
"""Label ids of the kinds of price (``PriceEntry.kind``)."""

COOLERS = {"passive": "passive (server airflow)", "blower": "blower", "flow-through": "flow-through (workstation)",
           "active-fan": "fan", "liquid": "liquid"}
"""Label ids of the cooler a card is sold with (``Cooling.kind``, :data:`configurator.core.card.CoolerKind`)."""

COOLING_UNPUBLISHED = "not published"
"""What stands where the catalog leaves the cooler unknown (``Cooling.kind`` None; its note says why)."""

RENT_MARKETS_SOLD = {"cn": "sold in mainland China", "global": "sold outside mainland China"}
"""Label ids of where a rent is sold (``PriceEntry.market``; none: not known)."""
RENT_VGPU_LICENCE = {True: "vGPU licence included", False: "vGPU licence not included"}
"""Label ids of whether a rent's GPU-hour holds the NVIDIA vGPU licence (``PriceEntry.vgpu_licence_included``;
none: its sources do not say, and a desktop bill's licences count on the rent too)."""

NO_NEW_PRICE = "no price for new cards — enter a quote"
"""What stands where a card's only purchase price is a used or refurbished card's (label id; the
reason, message ``purchase-price-used-only`` or ``used-price-only``, names that price)."""

FLAG_MARK = " *"
"""After a price a buyer must be told something about (list, launch or stale; the note says what)."""

PRICE_KINDS_SHORT = {"street": "street", "quote": "quote", "list": "list", "msrp": "list", "launch": "launch",
                     "cloud-hourly": "rent"}
"""Label ids of the kinds of price, short (a table cell)."""

SUPPORT = {"supported": "supported", "partial": "partial", "none": "none"}
"""Label ids of a framework's support on the card (``FrameworkSupport.status``)."""



def rate_unit(precision: Precision) -> str:
    """Integer rates are operations per second (TOPS), the rest floating point (TFLOP/s)."""
    return "TOPS" if precision.value.startswith("int") else "TFLOP/s"


def _or_none(value: object) -> Value:
    """A catalog field written as it is, or "—" where the catalog has nothing."""
    return None if value in (None, "") else str(value)


def _identity(card: Card) -> Section:
    return Section("card", "Card", (
        Row("Vendor", card.vendor, key="vendor"),
        Row("Class", class_label(card), key="category"),
        *positioning_rows(card),
        Row(Phrase("{chip} architecture", {"chip": card.chip_word}), _or_none(card.architecture), key="architecture"),
        Row("Year", _or_none(card.year), key="year"),
        Row("Form factor", _or_none(card.form_factor), key="form_factor"),
        *_cooling(card),
    ))


def _cooling(card: Card) -> tuple[Row, ...]:
    """The cooler the card is sold with, in words ("not published" where the catalog leaves it
    unknown, its note saying why), and where it is stated (a citation, quoted as written); "—" for
    a user's card that does not say."""
    cooling = card.cooling
    if cooling is None:
        return (Row("Cooling", None, key="cooling"),)
    kind = COOLING_UNPUBLISHED if cooling.kind is None else COOLERS[cooling.kind]
    row = Row("Cooling", kind, note=cooling.note, key="cooling")
    return (row,) if cooling.kind is None else (row, Row("Cooling source", cooling.source, key="cooling.source"))


def _memory(card: Card) -> Section:
    marketed = Amount(card.memory_gb, "GB", digits=2)  # marketed capacities are whole GB: '80 GB', '141 GB'
    usable = None if card.usable_memory_gib is None else Phrase(
        "{n} (measured)", {"n": Amount(card.usable_memory_gib, "GiB")})
    return Section("memory", "Memory", (
        Row("Memory", Phrase("{n} {type}", {"n": marketed, "type": card.memory_type or ""})
            if card.memory_type else marketed, key="memory_gb"),
        Row("Usable memory", usable, note=card.usable_memory_source, key="usable_memory_gib"),
        Row("Memory bandwidth", Amount(card.bandwidth_gbps, "GB/s"), key="bandwidth_gbps"),
    ))


def _rates(card: Card) -> Section:
    """The dense peak of every precision, then FP64 (not a precision the estimates run at)."""
    rows = [Row(Phrase("{precision} dense", {"precision": p.value.upper()}),
                Amount(card.peak_tflops(p), rate_unit(p)), key=RATE_FIELDS[p]) for p in Precision]
    rows.append(Row(Phrase("{precision} dense", {"precision": "FP64"}), Amount(card.fp64_tflops, "TFLOP/s"),
                    key="fp64_tflops"))
    return Section("rates", "Dense peak rates", tuple(rows))


def _board_power(card: Card) -> Value:
    """The card's power: the catalog's figure, which on a board of several GPUs is one GPU's share, said so
    with the board's whole (an Atlas 300I Duo read "Board power 75.0 W" beside "GPUs on the board 2" until
    December 2026, its board drawing 150 W: persona46c)."""
    if card.tdp_w is None or card.gpus_per_board == 1:
        return Amount(card.tdp_w, "W")
    return Phrase("{gpu} per {chip} ({board} the board of {n})", {
        "gpu": Amount(card.tdp_w, "W"), "board": Amount(card.tdp_w * card.gpus_per_board, "W"),
        "n": card.gpus_per_board, "chip": card.chip_word})


def _power_and_links(card: Card) -> Section:
    ic = card.interconnect
    pcie = None if ic.pcie_gen is None else Phrase("Gen{gen} x{lanes}", {"gen": str(ic.pcie_gen),
                                                                         "lanes": str(ic.pcie_lanes or 16)})
    return Section("links", "Power and links", (
        Row("Board power", _board_power(card), key="tdp_w"),
        Row("Card-to-card link", LINKS.get(ic.link, ic.link), note=ic.description, key="link"),
        Row("Link bandwidth", Amount(ic.link_gbps, "GB/s"), key="link_gbps"),
        Row("Cards per link domain", ic.domain_size, key="domain_size"),
        Row("PCIe", pcie, key="pcie"),
    ))


def _graphics(card: Card) -> Section:
    v = card.video
    return Section("graphics", "Graphics and video", (
        Row("Video engines", _or_none(v.description), key="video"),
        Row("Encoders and decoders", None if v.nvenc is None and v.nvdec is None else Phrase(
            "{enc} NVENC, {dec} NVDEC", {"enc": v.nvenc, "dec": v.nvdec}), key="video_engines"),
        Row("Encoder generation", v.nvenc_generation, key="nvenc_generation"),
        Row("Decoder generation", v.nvdec_generation, key="nvdec_generation"),
        Row("AV1 encode", v.av1_encode, key="av1_encode"),
        Row("Display outputs", card.display_outputs, key="display_outputs"),
        Row("Ray-tracing cores", card.rt_cores, key="rt_cores"),
        Row("vGPU", VGPU.get(card.vgpu, card.vgpu), key="vgpu"),
        Row("ECC", card.ecc, key="ecc"),
        Row(Phrase("{chip}s on the board", {"chip": card.chip_word}), card.gpus_per_board, key="gpus_per_board"),
        Row("Logic die area", Amount(card.die_area_mm2, "mm²"), key="die_area_mm2"),
    ))


def _quoted(price: PriceEntry) -> Value:
    """The amount, or the range quoted, in the price's currency."""
    amount: Value = Amount(price.amount, price.currency, money=True)
    if price.amount_high:
        amount = range_phrase(amount, Amount(price.amount_high, price.currency, money=True))
    return amount


def _price(price: PriceEntry, flags: tuple = ()) -> Row:
    """One dated price: kind and date (and "yours" for the user's own), the amount and its
    confidence; the note says the provider and offer, the source and what a buyer must be told
    (list or launch price, older than 18 months: :func:`card_price.price_flags`)."""
    value = Phrase("{amount}; confidence: {confidence}", {"amount": _quoted(price),
                                                          "confidence": CONFIDENCE[price.confidence]})
    source = price.source if not price.note else f"{price.source} — {price.note}"
    offer = Phrase("{provider}, {tier}", {"provider": price.provider, "tier": price.tier}) \
        if price.provider and price.tier else price.provider or price.tier
    label = Phrase("{kind}, {date} — yours" if card_price.is_user(price) else "{kind}, {date}",
                   {"kind": PRICE_KINDS[price.kind], "date": price.date})
    market = RENT_MARKETS_SOLD.get(price.market) if price.market else None
    licence = RENT_VGPU_LICENCE.get(price.vgpu_licence_included)
    return Row(label, value, note=_joined([offer, market, licence, source,
                                           *(f for f in flags if f.id != "price-user")]),
               key=f"price.{price.kind}")


def _joined(parts: list) -> Value:
    """Values one after another with '; ' between them (None when there are none)."""
    parts = [p for p in parts if p not in (None, "")]
    if len(parts) < 2:
        return parts[0] if parts else None
    return Phrase("{sep}".join(f"{{p{i}}}" for i in range(len(parts))),
                  {"sep": "; ", **{f"p{i}": p for i, p in enumerate(parts)}})


def ranked_price_value(chosen: card_price.CardPrice, rent: bool = False, amount: Value = None,
                       short: bool = False) -> Value:
    """'12,500 USD, street price 2026-03', '15,625 USD, list 2024 *' (``short``), '21,000 USD, quote
    2026-11, yours', '1.40 USD/h, …': the price a ranking uses (``amount``, else the entry's in its
    own currency), marked * where the buyer must be told something (:func:`card_price.price_flags`)."""
    warn = any(f.id != "price-user" for f in chosen.flags)
    if amount is None:
        amount = Amount(chosen.entry.midpoint, chosen.entry.currency, money=True)
    if rent:
        amount = Phrase("{amount}/h", {"amount": amount})
    kinds = PRICE_KINDS_SHORT if short else PRICE_KINDS
    values = {"amount": amount, "kind": kinds[chosen.entry.kind], "date": chosen.entry.date,
              "user": ", yours" if chosen.user else "", "mark": FLAG_MARK if warn else ""}
    if rent and chosen.entry.market is not None:  # the answer says which market a rent is from
        return Phrase("{amount}, {kind} {date}, {market}{user}{mark}",
                      {**values, "market": RENT_MARKETS_SOLD[chosen.entry.market]})
    return Phrase("{amount}, {kind} {date}{user}{mark}", values)


def price_description(price: PriceEntry, flags: tuple = ()) -> Value:
    """A price in full: kind, the amount or range quoted, date, confidence, provider and offer, the
    source, then what a buyer must be told (``flags``)."""
    head = Phrase("{kind} {amount}, {date}, confidence: {confidence}", {
        "kind": PRICE_KINDS[price.kind], "amount": _quoted(price), "date": price.date,
        "confidence": CONFIDENCE[price.confidence]})
    offer = ", ".join(p for p in (price.provider, price.tier) if p) or None
    market = RENT_MARKETS_SOLD.get(price.market) if price.market else None
    return _joined([head, offer, market, RENT_VGPU_LICENCE.get(price.vgpu_licence_included), price.source, *flags])


def condition_said(value: Value, entry: PriceEntry) -> Value:
    """A purchase price ``value`` labelled with the condition of the cards it buys where they are not
    new ("used: 2,800 USD, street 2026 *"), as a buyer who takes used cards is ranked and billed at
    it; ``value`` as it is for new cards' price."""
    if card_price.is_new(entry):
        return value
    return Phrase("{condition}: {price}", {"price": value, "condition": msg(f"condition-{entry.condition}")})


def in_scenario_money(chosen: card_price.CardPrice, economics: Economics | None) -> Amount | None:
    """The price ``chosen`` as the scenario's money [its currency]: the midpoint quoted, converted as a bill
    converts it (:func:`~configurator.core.currency.price_conversion`: the scenario's rate for USD, the price
    file's dated rate for another currency); None without a scenario's money or where it cannot be converted."""
    conversion = None if economics is None else price_conversion(chosen.entry.currency, economics)
    return None if conversion is None else Amount(chosen.entry.midpoint * conversion[0], economics.currency,
                                                   money=True)


def conversion_said(currency: str, economics: Economics) -> Value:
    """How a price quoted in ``currency`` became ``economics``' money: the rate (whose, of when), through USD
    at the price file's dated rate for a third currency; None where it needed none."""
    conversion = price_conversion(currency, economics)
    if conversion is None or currency == economics.currency:
        return None
    via = conversion[1]
    steps = [] if via is None else [exchange_rate(via.currency, via.per_usd)]
    if economics.currency != PRICE_FILE_CURRENCY:
        steps.append(exchange_rate(economics.currency, economics.usd_to_currency))
    return _joined(steps)


def _ranked_prices(card: Card, accept_used: bool = False, economics: Economics | None = None) -> list[Row]:
    """The purchase and cloud prices a ranking uses (the price policy's choice), marked * where
    the buyer must be told something; the note says what. ``accept_used``: the buyer takes used
    cards (``Economics.accept_used``), so a card whose only purchase price is a used card's is
    ranked at it, labelled used (:func:`card_price.bought_purchase_price`). ``economics``: the scenario's
    money, each price in its currency (:func:`in_scenario_money`) with the price as quoted, its kind, date
    and the rate in the note, as the browser's price column and its tooltip (until December 2026 the
    details pane read the quoted "33,500 USD" beside the column's 万元)."""
    rows = []
    bought = card_price.bought_purchase_price(card, accept_used)
    for chosen, name, key in ((bought, "Purchase price used in rankings", "price.ranked"),
                              (card_price.cloud_price(card), "Rent used in rankings", "price.ranked_cloud")):
        if chosen is not None:
            rent = key == "price.ranked_cloud"
            amount = in_scenario_money(chosen, economics)
            value = ranked_price_value(chosen, rent, amount=amount)
            quoted = amount is not None and chosen.entry.currency != economics.currency
            note = _joined([price_description(chosen.entry, chosen.flags), conversion_said(
                chosen.entry.currency, economics)]) if quoted else _joined(list(chosen.flags))
            rows.append(Row(name, value if rent else condition_said(price_as_bought(value, card), chosen.entry),
                            note=note, key=key))  # an A16's: per board
    used = card_price.used_purchase_price(card) if bought is None else None
    if used is not None:  # only a used card's price: not ranked, said as information
        rows.insert(0, Row("Purchase price used in rankings", NO_NEW_PRICE,
                           note=msg("used-price-only", **card_price.used_price_params(used.entry)), key="price.ranked"))
    return rows


def _prices(card: Card, accept_used: bool = False, economics: Economics | None = None) -> Section:
    rows = _ranked_prices(card, accept_used, economics)
    rows += [_price(p, card_price.price_flags(p)) for p in sorted(card.prices, key=lambda p: p.date, reverse=True)]
    if not card.prices:
        rows.append(Row("Price", "none known", key="price.none"))
    if card.price_note:
        rows.append(Row("Note", card.price_note, key="price_note"))
    return Section("prices", "Dated prices", tuple(rows))


def _software(card: Card) -> Section:
    sw = card.software
    if sw is None:
        return Section("software", Phrase("Software stack: {stack}", {"stack": "not rated"}), ())
    stack = sw.stack if not sw.version else Phrase("{stack} — {version}", {"stack": sw.stack, "version": sw.version})
    rows = [Row(FRAMEWORK_NAMES[name], SUPPORT[sw.frameworks[name].status] if not sw.frameworks[name].note else Phrase(
        "{status} ({note})", {"status": SUPPORT[sw.frameworks[name].status], "note": sw.frameworks[name].note}),
        note=sw.frameworks[name].source, key=f"software.{name}") for name in FRAMEWORKS]
    if sw.notes:
        rows.append(Row("Note", sw.notes, key="software.notes"))
    return Section("software", Phrase("Software stack: {stack}", {"stack": stack}), tuple(rows))


def clauses(text: str | None) -> Value:
    """A catalog note made of clauses joined by '; ' ('TPP 5,285; exports from outside the US …'),
    each clause a label id of its own, so that a clause shared by many cards is written once in
    each language; the note as it is where it has one clause."""
    parts = (text or "").split("; ")
    if len(parts) < 2:
        return text
    return Phrase("{sep}".join(f"{{c{i}}}" for i in range(len(parts))),
                  {"sep": "; ", **{f"c{i}": part for i, part in enumerate(parts)}})


def _export(card: Card) -> Section:
    """The China status with its rule, date and source, and the ECCN 3A090 figures computed from
    the card's rates (:func:`configurator.core.export_control.card_classification`)."""
    tpp, density, paragraph = card_classification(card)
    computed = Row("ECCN 3A090", Phrase(
        "TPP {tpp}, performance density {density} → {paragraph} (computed from the rates)",
        {"tpp": Amount(tpp, "count"), "density": Amount(density, digits=4), "paragraph": paragraph}), key="eccn")
    ec = card.export_control
    if ec is None:
        return Section("export", Phrase("Export to China: {status}", {"status": "not rated"}), (computed,))
    rows = (Row("Rule", ec.rule, note=clauses(ec.note), key="export.rule"),
            Row("Status as of", ec.date, key="export.date"),
            Row("Source", ec.source, key="export.source"), *_fee(ec), *_history(ec), computed)
    return Section("export", Phrase("Export to China: {status}", {"status": EXPORT[ec.china]}), rows)


def _fee(ec) -> tuple[Row, ...]:
    """The share of licensed sales the US government takes, in the region check's words
    (:func:`configurator.core.trade_words.licence_fee_message`), with its note and source; none without one."""
    fee = ec.licence_fee
    if fee is None:
        return ()
    return (Row("Licence fee", licence_fee_message(fee), note=clauses(fee.note), key="export.fee"),
            Row("Source", fee.source, key="export.fee.source"))


def _history(ec) -> tuple[Row, ...]:
    """How the status moved: each earlier status from its date, with its note and source, then the
    current one (the one the region check reads); none where the catalog records no earlier status."""
    if not ec.history:
        return ()
    rows = []
    for i, change in enumerate(ec.history):
        rows.append(Row("Status history" if i == 0 else "", Phrase(
            "{date}: {status}", {"date": change.date, "status": EXPORT[change.china]}), note=clauses(change.note),
            key=f"export.history.{i}"))
        rows.append(Row("Source", change.source, key=f"export.history.{i}.source"))
    rows.append(Row("", Phrase("{date}: {status} (current)", {"date": ec.date, "status": EXPORT[ec.china]}),
                    key="export.history.current"))
    return tuple(rows)


def _availability(card: Card) -> tuple[Section, ...]:
    """Whether new cards are made (``Card.availability``), where the catalog records it: the status,
    when it was reported, and the source."""
    av = card.availability
    if av is None:
        return ()
    return (Section("availability", Phrase("Production: {status}", {"status": PRODUCTION[av.status]}), (
        Row("Reported", av.date, note=clauses(av.note), key="availability.date"),
        Row("Source", av.source, key="availability.source"))),)


def _import(card: Card) -> Section:
    """China's own import stance, beside the US export status: what was reported, when, and where
    (``Card.china_import``); "none known" where the catalog holds none."""
    ci = card.china_import
    heading = Phrase("Import into China: {status}", {"status": IMPORT[ci.status if ci else None]})
    if ci is None:
        return Section("import", heading, ())
    rows = [Row("Reported", ci.date, note=clauses(ci.note), key="import.date"),
            Row("Source", ci.source, key="import.source")]
    held = ci.held_in_country
    if held is not None:  # the cards a provider there holds, and how they came in
        came_in = Phrase("{date}: {status}", {"date": held.date, "status": HELD[held.entered]})
        rows += [Row("Held in mainland China", came_in, note=clauses(held.note), key="import.held"),
                 Row("Source", held.source, key="import.held.source")]
    return Section("import", heading, tuple(rows))


def _sources(card: Card) -> Section:
    return Section("sources", "Sources", tuple(Row("", source, key=f"source.{i}")
                                              for i, source in enumerate(card.sources)))


def _notes(card: Card) -> tuple[Section, ...]:
    """What the catalog says about the card's figures (which are unverified, how a rate was derived),
    where it says anything."""
    return (Section("notes", "Notes", (Row("", card.notes, key="notes"),)),) if card.notes else ()


def card_view(card: Card, accept_used: bool = False, economics: Economics | None = None) -> View:
    """The view model of ``card``: its heading, the confidence of its specifications as the verdict
    (``good`` unless low) and its sections; ``accept_used``: the buyer takes used cards
    (``Economics.accept_used``), so the purchase price a ranking uses may be a used card's, labelled so;
    ``economics``: the scenario's money, the prices a ranking uses in its currency (None: as quoted)."""
    low = card.confidence == "low"
    verdict = "Low confidence: check a vendor datasheet before buying" if low else Phrase(
        "Specification confidence: {level}", {"level": CONFIDENCE[card.confidence]})
    heading = Phrase("{name} [{id}] — yours" if card.is_user else "{name} [{id}]", {"name": card.name, "id": card.id})
    return View(heading, verdict, not low, (
        _identity(card), _memory(card), _rates(card), _power_and_links(card), _graphics(card),
        _prices(card, accept_used, economics), _software(card), _export(card), _import(card), *_availability(card),
        _sources(card),
        *_notes(card)))


def catalog_columns(cards) -> Columns:
    """One line per card (``catalog list``): id, class, memory, bandwidth, the BF16 peak, board power,
    the confidence of its specifications, its software stack, its export status for China, its name."""
    headings = ("id", "Class", "Memory", "Memory bandwidth", Phrase("{precision} dense", {"precision": "BF16"}),
                "Board power", "Confidence", "Software stack", "Export to China", "Card")
    rows = tuple((c.id, class_label(c), Amount(c.memory_gb, "GB", digits=2), Amount(c.bandwidth_gbps, "GB/s"),
                  Amount(c.bf16_tflops, "TFLOP/s"), Amount(c.tdp_w, "W"), c.confidence,
                  c.software.stack.split(" ")[0] if c.software else "not rated",
                  EXPORT[c.export_control.china] if c.export_control else "not rated", c.name) for c in cards)
    return Columns(headings, frozenset({2, 3, 4, 5}), rows)
