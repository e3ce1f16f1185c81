"""Chinese labels of China's own import stance on a card (``Card.china_import``): the card page's
section, the summary's row and the constraints headline's few words. Merged into
:data:`configurator.core.view.words.ZH_CN`; keyed by the English label id."""

from __future__ import annotations

ZH_CN_IMPORT: dict[str, str] = {
    "Import into China: {status}": "中国进口：{status}",
    "entry barred by customs": "海关禁止入境",
    "purchases discouraged by regulators": "监管部门不鼓励采购",
    "Reported": "报道日期",
    "Import into China": "中国进口",
    "Import into China, if delivered there": "中国进口（如交付到中国大陆）",
    "China's customs bar its entry": "中国海关禁止其入境",
}
"""The stance's names (:data:`configurator.core.view.card_view.IMPORT`), the card page's heading and
row, the summary's row label and the headline's brief (:data:`configurator.core.view.constraints_view.REGION_BRIEF`)."""
