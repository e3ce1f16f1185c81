"""Session 50's personas: a buyer types a budget in the currency she thinks in, whatever the window counts in.
'120k USD' typed into the wizard's budget in a Chinese window (which counts in 元) was refused as if it were no
number ("enter a number from 0 to 1,000,000,000,000. It stays none"), and the graphics buyer went on without a
budget; the command line converts it (``--budget 120k USD``) and so does What fits. Now the wizard's and the
recommendation panel's budget convert it at the scenario's rate, and still refuse what names no amount."""

from __future__ import annotations

import pytest


def _type(qtbot, box, text: str) -> None:
    """Type ``text`` into ``box`` as an input method commits it, then press Return."""
    from PySide6.QtCore import Qt
    from PySide6.QtGui import QInputMethodEvent
    from PySide6.QtWidgets import QApplication

    box.setFocus()
    box.lineEdit().selectAll()
    event = QInputMethodEvent()
    event.setCommitString(text)
    QApplication.sendEvent(box.lineEdit(), event)
    qtbot.keyClick(box, Qt.Key.Key_Return)


def _limits(qtbot, controller, currency: str):
    from configurator.app.wizard import WorkloadWizard
    from configurator.core.currency import with_currency

    controller.replace(with_currency(controller.scenario, currency))
    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("vdi")
    wizard.next()
    wizard.next()
    return wizard.limits


@pytest.mark.parametrize(("currency", "typed", "usd"), [("CNY", "120k USD", 120_000), ("CNY", "$120k", 120_000),
                                                        ("USD", "80万元", None)])
def test_the_wizards_budget_in_another_currency_is_converted(qtbot, controller, currency, typed, usd):
    from configurator.core.currency import price_conversion

    limits = _limits(qtbot, controller, currency)
    _type(qtbot, limits.budget, typed)
    economics = controller.scenario.economics
    wanted = usd * economics.usd_to_currency if usd else 800_000 * price_conversion("CNY", economics)[0]
    assert limits.budget.value() == pytest.approx(round(wanted))
    assert limits.problem.text() == ""


def test_the_wizards_budget_still_refuses_what_writes_no_amount(qtbot, controller):
    limits = _limits(qtbot, controller, "CNY")
    _type(qtbot, limits.budget, "120k XYZ")  # no such currency: no rate, nothing converted
    assert limits.budget.value() == limits.budget.minimum()
    assert "120k XYZ" in limits.problem.text()


def test_the_over_budget_pick_says_the_budget_is_all_it_breaks_in_chinese(qtbot):
    """'它只超出预算' read as 'it merely exceeds the budget'; what it means is that the budget is the one
    constraint the configuration breaks."""
    from PySide6.QtCore import QCoreApplication

    from configurator.app import i18n

    i18n.install_language("zh_CN")  # English again after the test (conftest)
    said = QCoreApplication.translate("SummaryPage", "of {n} cards below the line, the nearest to the budget with "
                                                     "every item priced; it breaks the budget alone").format(n=26)
    assert said == "基准线以下 26 种配置中报价完整、最接近预算的一项；它违反的约束只有预算"


def _reason_ids(*flags: str) -> dict:
    import contextlib
    import io
    import json

    from configurator.cli import main

    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        assert main(["recommend", "--json", "--limit", "3", *flags]) == 0
    return {r["id"]: r for r in json.loads(out.getvalue())["ranked"][0]["reason_ids"]}


def test_rendering_in_china_says_the_training_cards_are_not_delivered_not_unable():
    """Rendering delivered to mainland China read 'none can do it at any count' of the training cards, which the
    same ranking elsewhere prices (3 × H100 PCIe at 3.5× the first's cost per frame): they need a licence there."""
    reasons = _reason_ids("--workload", "render", "--budget", "120k USD", "--region", "cn")
    said = reasons["reason-training-card-not-delivered"]
    assert "reason-training-card-cannot" not in reasons
    assert said["params"]["why"]["id"] == "export-licence-required"
    assert "needs a US export licence for delivery to mainland China" in said["text"]
    anywhere = _reason_ids("--workload", "render", "--budget", "120k USD")
    assert "reason-training-card-costs" in anywhere


def test_transcoding_still_cannot_at_any_count_in_china():
    reasons = _reason_ids("--workload", "transcode", "--streams", "500", "--codec", "hevc", "--region", "cn")
    assert "reason-training-card-cannot" in reasons and "reason-training-card-not-delivered" not in reasons


def test_the_not_delivered_reason_reads_in_chinese():
    from configurator.core.catalog import load_catalog
    from configurator.core.messages import msg
    from configurator.core.region import delivery_message

    card = load_catalog().get("h100-sxm")
    said = msg("reason-training-card-not-delivered", card=card.name, workload="render",
               why=delivery_message(card, "cn"), lacks=[msg("lacks-rt-cores")]).text_in("zh_CN")
    assert said.startswith("训练卡不参与离线渲染排名：H100 SXM5 80GB 向中国大陆交付需要美国出口许可")
    assert "即使能交付，选它也是代价高昂的错误" in said and "  " not in said



def test_the_rent_row_counts_a_chip_counted_card_in_chips():
    """The summary's TCO table read '租用与购买均按 同样的 8 张卡' under a bill of '8 颗' Ascend 910C (its name counts
    chips): now '同样的 8 颗 NPU', 'the same 8 NPUs'; a card counted in cards stays '同样的 8 张卡'."""
    from configurator.core.procurement.tco import RentAgainstBuy
    from configurator.core.recommend_costs import rented_message

    compared = RentAgainstBuy(8, 8, "server", 1e5, 0.0, 0.0, None, 0.5, 20.0, chip_word="NPU")
    said = rented_message(compared, chips=True)
    assert (said.text, said.text_in("zh_CN")) == ("the same 8 NPUs", "同样的 8 颗 NPU")
    assert rented_message(compared).text_in("zh_CN") == "同样的 8 张卡"


@pytest.mark.parametrize(("card", "region", "rented"), [("ascend-910c-a3-server", "cn", "同样的 8 颗 NPU"),
                                                   ("h100-sxm", "other", "同样的 8 张卡")])
def test_the_summarys_rent_row_in_chinese(tmp_path, card, region, rented):
    from configurator.cli import main

    out = tmp_path / "summary.md"
    assert main(["report", "-o", str(out), "--lang", "zh_CN", "--workload", "inference", "--model", "qwen2.5-72b",
                 "--card", card, "--count", "8", "--region", region]) == 0
    assert f"| 租用与购买均按 | {rented} |" in out.read_text(encoding="utf-8")


def test_the_wizards_stale_card_price_is_dated_once(qtbot, controller):
    """'卡价 2021-04：2021-04 的价格，已超过 18 个月' said the date twice; beside the date only the age is said."""
    import re

    from configurator.app.wizard import WorkloadWizard

    wizard = WorkloadWizard(controller)
    qtbot.addWidget(wizard)
    wizard.show()
    wizard.goal.set_workload("render")
    wizard.next()
    wizard.next()
    wizard.limits.region.setCurrentIndex(wizard.limits.region.findData("cn"))
    wizard.next()
    assert wizard.summary.wait(300_000)
    text = wizard.summary.text.toPlainText()
    dated = re.search(r"card price (\d{4}-\d{2}): (.*?)(;|\))", text)
    assert dated is not None and "price from" not in dated[2]
    if wizard.summary.decision.estimate.costs.prices.card_flags:  # the A10's 2021 price, while the catalog holds it
        assert dated[2].startswith("older than 18 months")
