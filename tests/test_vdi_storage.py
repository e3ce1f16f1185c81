"""The virtual desktops' storage in the bill of materials (session 40): until December 2026 a
300-desktop bill priced cards, servers, racks and licences but no disks for the desktops. Sized by
user class (configurator/core/formulas/graphics.py desktop_storage_tb), priced per TB as the
training bill's storage, said in the bill's notes in English and Chinese."""

from __future__ import annotations

import pytest

from configurator.core.architecture import preset
from configurator.core.catalog import load_bundled_catalog
from configurator.core.estimate import estimate
from configurator.core.formulas.graphics import (
    CLONE_DELTA_GB,
    DESKTOP_IMAGE_GB,
    DESKTOP_IMAGE_VERSIONS,
    PROFILE_GB,
    desktop_disk_gb,
    desktop_storage_tb,
)
from configurator.core.procurement.bom import bill_of_materials, storage_quantity_tb
from configurator.core.procurement.deployment import deployment_cost
from configurator.core.procurement.prices import price_book_for
from configurator.core.quote import Quote
from configurator.core.scenario import Economics, Scenario, Workload, updated

STORAGE = "storage-nvme-per-tb"


@pytest.fixture(scope="module")
def catalog():
    return load_bundled_catalog()


def _vdi(card_id: str, count: int, users: int, user_class: str = "knowledge", **economics) -> Scenario:
    s = Scenario(model=preset("llama3-8b"), workload=Workload.VDI, card_id=card_id, count=count)
    s = updated(s, graphics={"users": users, "user_class": user_class})
    return s.model_copy(update={"economics": Economics(**economics)}) if economics else s


def _lines(bom, item_id):
    return [line for line in bom.lines if line.item_id == item_id]


def test_each_desktop_takes_its_class_disk_and_the_image_is_kept_in_versions():
    """Knowledge workers: non-persistent clones, their writes and kept profile; the other classes
    a persistent full clone of the image; plus the image's kept versions."""
    assert desktop_disk_gb("knowledge") == CLONE_DELTA_GB + PROFILE_GB == 15.0
    assert desktop_disk_gb("designer") == desktop_disk_gb("heavy") == DESKTOP_IMAGE_GB == 64.0
    assert desktop_storage_tb(300, "knowledge") == pytest.approx((300 * 15 + 3 * 64) / 1000)  # 4.692 TB
    assert desktop_storage_tb(40, "designer") == pytest.approx((40 * 64 + DESKTOP_IMAGE_VERSIONS * 64) / 1000)


def test_300_knowledge_workers_buy_their_desktops_storage_and_a_network_to_reach_it(catalog):
    s = _vdi("t4", 19, 300)
    bom = bill_of_materials(s, catalog.get("t4"), price_book_for(s.economics))
    storage = _lines(bom, STORAGE)
    assert bom.servers > 1 and len(storage) == 1
    assert storage[0].quantity == storage_quantity_tb(desktop_storage_tb(300, "knowledge")) == 4.7
    assert storage[0].unit == "per TB" and storage[0].unit_price == price_book_for(s.economics).item(STORAGE).unit_price
    assert _lines(bom, "switch-storage-eth-25g")  # several servers reach it over the 25 GbE pair
    note = next(n for n in bom.notes if n.id == "desktop-storage-clones")
    assert "4.7 TB" in note.text and "15 GB each" in note.text and "64 GB desktop image" in note.text


def test_designers_on_one_server_buy_persistent_desktops_storage_without_a_switch(catalog):
    s = _vdi("l4", 7, 40, "designer")
    bom = bill_of_materials(s, catalog.get("l4"), price_book_for(s.economics))
    assert bom.servers == 1
    assert _lines(bom, STORAGE)[0].quantity == storage_quantity_tb(desktop_storage_tb(40, "designer")) == 2.8
    assert not [line for line in bom.lines if line.item_id.startswith("switch-storage")]
    assert [n.id for n in bom.notes] == ["desktop-storage-persistent"]


def test_the_per_user_month_includes_the_storage(catalog):
    """The same desktops with the storage quoted at nothing cost less a user-month, by the storage line."""
    priced = estimate(_vdi("t4", 19, 300), catalog.get("t4"))
    free = estimate(_vdi("t4", 19, 300, quotes=(Quote(item=STORAGE, unit_price=0.0, currency="USD",
                                                      date="2026-12"),)), catalog.get("t4"))
    with_storage, without = deployment_cost(priced), deployment_cost(free)
    line = _lines(with_storage.bom, STORAGE)[0]
    install = price_book_for(priced.scenario.economics).rate("installation_share", 0.0)
    assert with_storage.bom.capex - without.bom.capex == pytest.approx(line.total * (1 + install))
    assert with_storage.tco_per_unit > without.tco_per_unit


@pytest.mark.parametrize("user_class, said", [("knowledge", "桌面存储：4.7 TB，300 个非持久桌面"),
                                              ("designer", "桌面存储：4.7 TB，300 个持久桌面")])
def test_the_storage_note_is_said_in_chinese(catalog, user_class, said):
    s = _vdi("t4", 19, 300, user_class)
    bom = bill_of_materials(s, catalog.get("t4"), price_book_for(s.economics))
    note = next(n for n in bom.notes if n.id.startswith("desktop-storage"))
    chinese = note.text_in("zh_CN")
    if user_class == "designer":
        said = f"桌面存储：{storage_quantity_tb(desktop_storage_tb(300, 'designer')):.1f} TB，300 个持久桌面"
    assert chinese.startswith(said) and "GB" in chinese and "Storage" not in chinese


def test_video_and_render_jobs_still_buy_no_storage(catalog):
    s = updated(_vdi("l4", 8, 100), workload=Workload.TRANSCODE)
    bom = bill_of_materials(s, catalog.get("l4"), price_book_for(s.economics))
    assert not _lines(bom, STORAGE) and not [n for n in bom.notes if n.id.startswith("desktop-storage")]
