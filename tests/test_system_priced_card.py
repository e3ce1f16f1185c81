"""A card sold only in a rack-scale system priced whole (a GB200 NVL72 rack) is not told "no purchase
price: enter one" while its bill carries the system's price (session 40, persona10)."""

from configurator.core.economics import no_purchase_message, system_priced
from configurator.core.scenario import Economics


def test_a_rack_scale_card_priced_in_its_system_says_so(catalog):
    card = catalog.get("gb200")
    assert system_priced(card, Economics())
    said = no_purchase_message(card, None, Economics())
    assert said.id == "purchase-in-system-price"
    assert "rack-scale system" in said.text and "整机柜" in said.text_in("zh_CN")


def test_a_card_without_any_price_still_asks_for_one(catalog):
    card = catalog.get("br100")
    assert not system_priced(card, Economics())
    assert no_purchase_message(card, None, Economics()).id == "no-purchase-price"
