"""What a capex covers, by the kinds of its bill's priced purchase lines ('cards, servers, network, storage, racks';
'cards, storage' for a desktop unit), said in the message's language: the budget verdicts name it
(``over-budget``, ``meets-budget``). Until December 2026 they named all five whatever the bill held: a DGX Spark's
budget line listed servers, network and racks its bill does not have (session 42)."""

from __future__ import annotations

from configurator.core.word_series import SEPARATORS  # between two kinds in each language

KIND_WORDS = {"accelerator": ("cards", "加速卡"), "server": ("servers", "服务器"), "network": ("network", "网络"),
              "storage": ("storage", "存储"), "rack": ("racks", "机柜"), "facility": ("facility", "机房设施"),
              "software": ("software", "软件")}
"""A bill line's kind (the price file's ``kind``, ``accelerator`` for the cards) in English and Chinese."""



class BillCovers(str):
    """The kinds a capex covers: English as a string (what JSON writes), in Chinese by :meth:`text_in`
    (a message parameter said in its language, as :class:`~configurator.core.field_names.FieldName` is)."""

    kinds: tuple[str, ...]

    def __new__(cls, kinds: tuple[str, ...]) -> BillCovers:
        covers = super().__new__(cls, SEPARATORS["en"].join(KIND_WORDS.get(k, (k, k))[0] for k in kinds))
        covers.kinds = kinds
        return covers

    def __reduce__(self):
        return BillCovers, (self.kinds,)

    def text_in(self, language: str) -> str:
        """The kinds in ``language`` ("en" or "zh_CN")."""
        if language == "en":
            return str(self)
        return SEPARATORS.get(language, ", ").join(KIND_WORDS.get(k, (k, k))[1] for k in self.kinds)


ALL_KINDS = BillCovers(("accelerator", "server", "network", "storage", "rack"))
"""What a bill of cards in servers covers: said where the bill is not at hand (a verdict made before this parameter)."""


def bill_covers(bom) -> BillCovers:
    """The kinds of ``bom``'s priced purchase lines, in the bill's order, those already owned left out (what its
    capex sums: :attr:`~configurator.core.procurement.bom.BillOfMaterials.capex`)."""
    return BillCovers(tuple(dict.fromkeys(line.kind for line in bom.purchases
                                          if line.total is not None and line.role != "owned")))
