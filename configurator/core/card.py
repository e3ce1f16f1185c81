"""A card's schema: what the catalog says of one accelerator card (memory, rates, links, video
engines, software, export status, prices with their source, date, kind and confidence) and the
ranges that refuse a wrong unit. Read and merged by :mod:`configurator.core.catalog`. Its prices
(:mod:`~configurator.core.card_prices`), its software (:mod:`~configurator.core.card_software`) and
its trade status (:mod:`~configurator.core.card_trade`) are schemas of their own, their names
importable from here too."""

from __future__ import annotations

import re
from typing import Literal, get_args

from pydantic import Field, field_validator, model_validator

from configurator.core.calendar_date import DATE_PATTERN, checked_date  # noqa: F401 - checked_date re-exported
from configurator.core.card_prices import (  # noqa: F401 - the price schema, re-exported (catalog, dialogs, tests)
    CLOUD_MARKETS,
    ISO_CURRENCIES,
    MAX_PRICE,
    ORIGIN_DESCRIPTION,
    PRICE_CONDITIONS,
    CloudMarket,
    Origin,
    PriceCondition,
    PriceConfidence,
    PriceEntry,
    PriceKind,
    checked_currency,
)
from configurator.core.card_software import (  # noqa: F401 - the software schema, re-exported (catalog, software)
    FRAMEWORKS,
    DroppedBy,
    Framework,
    FrameworkSupport,
    SoftwareStack,
    SupportEnd,
    SupportLevel,
)
from configurator.core.card_trade import (
    Availability, ChinaExport, ExportChange, HeldInCountry, LicenceFee, Reported, checked_history)
from configurator.core.frozen_model import FrozenModel
from configurator.core.messages import msg
from configurator.core.messages_said import said
from configurator.core.scenario_choices import Workload
from configurator.core.units import Precision

CardClass = Literal["training", "inference", "graphics", "workstation", "edge"]
CARD_CLASSES: tuple[str, ...] = get_args(CardClass)
"""The card classes, in the catalog's order (``recommend --classes`` takes them)."""
LinkType = Literal[
    "nvlink",
    "nvlink-bridge",
    "infinity-fabric",
    "ethernet-roce",
    "ici",
    "hccs",
    "mlu-link",
    "blink",
    "mtlink",
    "proprietary",
    "none",
]

CardConfidence = Literal["high", "medium", "low", "preliminary"]
"""``preliminary`` = announced figures for a part not yet shipping (or not yet documented)."""
ChinaImportStance = Literal["barred", "discouraged"]
"""China's own stance on bringing a card in, as reported (no published regulation names a card):
``barred`` = China's customs, the authority over entry, told importers the card may not enter
mainland China (the H200, January 2026): it cannot be delivered there whatever the US licence says;
``discouraged`` = Chinese regulators (CAC, NDRC, MIIT) told firms not to buy, order or test it
(the H20, August 2025; the RTX PRO 6000D, September 2025): it can still enter, a buyer there
weighs the risk. No entry (``Card.china_import`` None) = no stance known."""
CHINA_IMPORT_STANCES: tuple[str, ...] = get_args(ChinaImportStance)
VgpuSupport = Literal["graphics", "compute", "none"]
"""NVIDIA vGPU (or vendor equivalent): ``graphics`` = virtual desktop/workstation profiles
(vPC, vApps, RTX vWS); ``compute`` = compute-only profiles (C-series, AI Enterprise);
``none`` = passthrough only (a whole card per virtual machine)."""

PCIE_GBPS_PER_LANE_ONE_WAY: dict[int, float] = {3: 0.985, 4: 1.969, 5: 3.938, 6: 7.563}
"""Usable PCIe bandwidth per lane and direction after line coding [GB/s] (PCI-SIG specs)."""


_Frozen = FrozenModel


# ---- the smallest figures a card can have ------------------------------------------------
# A card's figures divide the work (memory, bandwidth, rates), so a figure near zero is not a
# slow card but a broken one: 1e-50 TFLOP/s gives times of 10⁵⁰ hours. The smallest accelerator
# one would size with this program is NVIDIA's Jetson Nano module (NVIDIA's Jetson Nano module
# data sheet: 4 GB LPDDR4, 64 bit, 25.6 GB/s; 5 or 10 W; 128 Maxwell cores at 921 MHz, 472 GFLOP/s
# FP16, so 236 GFLOP/s FP32 and 1/32 of that in FP64); each floor below is about a tenth of its
# figure, rounded down to 1, 2 or 5 × 10ⁿ. Every real card passes, a figure given in the
# wrong unit (MB for GB, GFLOP/s for TFLOP/s a thousand times over) or near zero is refused with
# the field's name.

MIN_MEMORY_GB = 0.2
"""Smallest memory of a card [GB]: a tenth of the Jetson Nano's 4 GB, rounded down."""
MIN_BANDWIDTH_GBPS = 2.0
"""Smallest memory bandwidth [GB/s]: a tenth of the Jetson Nano's 25.6 GB/s, rounded down."""
MIN_POWER_W = 0.5
"""Smallest board power [W]: a tenth of the Jetson Nano's 5 W mode."""
MIN_RATE_TFLOPS = 0.0005
"""Smallest dense peak rate of any precision [TFLOP/s or TOP/s]: a tenth of the Jetson Nano's
FP64 rate (236 GFLOP/s FP32 / 32 = 7.4 GFLOP/s), rounded down: 0.5 GFLOP/s."""
MIN_LINK_GBPS = 0.02
"""Smallest card-to-card or scale-out link [GB/s]: a tenth of gigabit Ethernet (0.25 GB/s both
ways), rounded down."""
MIN_DIE_AREA_MM2 = 5.0
"""Smallest logic die area [mm²]: a tenth of the smallest GPU die sold on a card (NVIDIA GP108,
GeForce GT 1030: 74 mm²), rounded down."""


def _dense_peak(unit: str):
    """A card's dense peak rate in one precision: :data:`MIN_RATE_TFLOPS` to 10⁶ [``unit``]; None =
    not supported or not published."""
    return Field(default=None, ge=MIN_RATE_TFLOPS, le=1_000_000, description=f"dense peak [{unit}]")


class Interconnect(_Frozen):
    """GPU-to-GPU link and host bus of one card."""

    link: LinkType
    link_gbps: float | None = Field(default=None, ge=MIN_LINK_GBPS, le=100_000,
                                    description="per card, both directions [GB/s]")
    domain_size: int = Field(default=1, ge=1, le=100_000, description="cards sharing the fast link")
    scale_out_gbps: float | None = Field(
        default=None, ge=MIN_LINK_GBPS, le=10_000,
        description="scale-out network per card built into the card, one way [GB/s] (None = the server's NICs)")
    pcie_gen: int | None = Field(default=None, ge=1, le=7)
    pcie_lanes: int | None = Field(default=None, ge=1, le=32)
    switchless_board: int | None = Field(
        default=None, ge=3, le=16,
        description="cards on the card's server board without a switch, each card's links split evenly among the "
                    "others (NVIDIA HGX H100 4-GPU: 4) [count]; None = no such board known")
    switchless_board_source: str | None = Field(default=None, min_length=3,
                                                description="where the board's wiring is stated, and when it was read")
    description: str | None = None

    @property
    def pcie_gbps_one_way(self) -> float | None:
        """Host-bus bandwidth in one direction [GB/s]."""
        if self.pcie_gen is None or self.pcie_gen not in PCIE_GBPS_PER_LANE_ONE_WAY:
            return None
        return PCIE_GBPS_PER_LANE_ONE_WAY[self.pcie_gen] * (self.pcie_lanes or 16)

    @property
    def link_gbps_one_way(self) -> float | None:
        """GPU-to-GPU link bandwidth in one direction [GB/s]."""
        return None if self.link_gbps is None or self.link == "none" else self.link_gbps / 2


class VideoEngines(_Frozen):
    """Hardware video engines (None = not verified)."""

    nvenc: int | None = Field(default=None, ge=0, le=64, description="encoder engines")
    nvdec: int | None = Field(default=None, ge=0, le=64, description="decoder engines")
    av1_encode: bool | None = None
    nvenc_generation: int | None = Field(default=None, ge=1, le=20, description="NVENC generation (7 = Turing/Ampere)")
    nvdec_generation: int | None = Field(default=None, ge=1, le=20, description="NVDEC generation (5 = Ampere/Ada)")
    description: str | None = None


CoolerKind = Literal["passive", "blower", "flow-through", "active-fan", "liquid"]
"""The cooler a card is sold with, as its vendor's datasheet or product page names it: ``passive``
(a heatsink without a fan: the server's fans push air through it front to back), ``blower`` (a
radial fan that exhausts out of the bracket), ``flow-through`` (axial fans blowing through the fin
stack into the case: a workstation's open-air cooler), ``active-fan`` (axial fans on the card
blowing into the case), ``liquid`` (cold plates, in liquid-cooled servers and racks)."""


class Cooling(_Frozen):
    """The cooler of a card as sold, with its source; ``kind`` None where the sources read do not
    state it, or the card is sold with several (board partners' designs, editions): ``note`` says
    which, never a guess."""

    kind: CoolerKind | None = Field(description="the cooler it is sold with (None: not stated, or several)")
    source: str = Field(min_length=3, description="where the cooler is stated, or where it was looked for")
    note: str | None = None
    rack_edition: str | None = Field(default=None, description="the catalog id of its vendor's edition of the "
                                     "board for rack servers (a passive server edition), where the vendor sells one "
                                     "and this edition is not it")

    @model_validator(mode="after")
    def _unknown_says_why(self) -> Cooling:
        if self.kind is None and not self.note:
            raise ValueError("a cooling kind left unknown needs a note saying why")
        return self


class DisplayDefault(_Frozen):
    """Whether a card's display outputs work as it ships, with how they are switched on where they do not and the
    source: a data-centre board with connectors may ship set up for virtual desktops, its outputs off (NVIDIA's
    A40 and L40S), which a buyer cabling monitors at desks must know. ``enabled`` None where the sources read do
    not say (``note`` says what was looked for, never a guess)."""

    enabled: bool | None = Field(description="the outputs work as the card ships (None: not stated)")
    how: str | None = Field(default=None, min_length=3, description="how outputs shipped off are switched on")
    source: str = Field(min_length=3, description="where the default is stated, or where it was looked for")
    date: str = Field(pattern=DATE_PATTERN, description="when the source was read")
    confidence: Literal["high", "medium", "low"]
    note: str | None = None

    @model_validator(mode="after")
    def _unknown_says_why(self) -> DisplayDefault:
        if self.enabled is None and not self.note:
            raise ValueError("a display default left unknown needs a note saying why")
        if self.enabled is False and not self.how:
            raise ValueError("outputs shipped off need how they are switched on")
        return self


class ExportControl(_Frozen):
    """US export-control status of a card for buyers in mainland China."""

    china: ChinaExport
    rule: str = Field(min_length=3, description="the rule or letter that decides it, in words")
    date: str = Field(pattern=r"^\d{4}(-\d{2}(-\d{2})?)?$", description="when that status was last established")
    source: str = Field(min_length=3)
    note: str | None = None
    made_for_china: bool = Field(False, description="a version the vendor made for sale in mainland "
                                 "China under the export rules (the vendor names it so: H20, L20, H800 …)")
    licence_fee: LicenceFee | None = Field(
        default=None, description="the share of licensed sales the US government takes (None: none known)")
    history: tuple[ExportChange, ...] = Field(
        default=(), description="the earlier statuses, oldest first, each from its date until the next "
                                "(the current one is ``china``, as of ``date``)")

    @model_validator(mode="after")
    def _history_before_now(self) -> ExportControl:
        checked_history(self.history, self.date)
        return self


class ClassPositioning(Reported):
    """A further card class the card's vendor positions it for, beside its one ``category``, in the vendor's own
    words (its datasheet or product page): the NVIDIA L40S, an inference-class card, is "the most powerful universal
    GPU for the data center … from gen AI, LLM inference, small-model training and fine-tuning to 3D graphics,
    rendering, and video applications". ``date``: when the vendor's page was published or read; ``source``: where
    the sentence is stated. Read by the class filters and checks (:meth:`Card.positioned_for`)."""

    card_class: CardClass = Field(description="the further class the vendor positions the card for")
    workloads: tuple[Workload, ...] = Field(
        default=(), description="the work of that class the vendor's sentence names, where it names only some "
                                "(the L40S's 'small-model training and fine-tuning': fine-tunes, not a pre-training of "
                                "any size); empty: all of it")
    quote: str = Field(min_length=20, description="the vendor's positioning sentence, quoted as written")
    date: str = Field(pattern=DATE_PATTERN, description="when the vendor's page was published or read")


class ChinaImport(Reported):
    """China's own import stance on a card (:data:`ChinaImportStance`), dated and sourced: the
    second gate a buyer in mainland China faces, beside the US export status (:class:`ExportControl`)."""

    status: ChinaImportStance
    date: str = Field(pattern=DATE_PATTERN, description="when the stance was reported")
    held_in_country: HeldInCountry | None = Field(
        default=None, description="cards a provider in mainland China holds and rents out, and how they came in "
                                  "(None: none reported; a rent there of a barred card is then refused)")


RATE_FIELDS: dict[Precision, str] = {
    Precision.FP32: "fp32_tflops",
    Precision.TF32: "tf32_tflops",
    Precision.BF16: "bf16_tflops",
    Precision.FP16: "fp16_tflops",
    Precision.FP8: "fp8_tflops",
    Precision.INT8: "int8_tops",
    Precision.FP4: "fp4_tflops",
    Precision.INT4: "int4_tops",
}
"""Catalog field holding each precision's dense peak rate."""

_SLUG = re.compile(r"^[a-z0-9][a-z0-9.\-]*$")


class Card(_Frozen):
    """One accelerator card with sourced specifications.

    Rates are dense (non-sparse) peaks; ``None`` means not supported or not published
    (``notes`` says which).
    """

    id: str
    vendor: str
    name: str
    architecture: str | None = None
    year: int | None = Field(default=None, ge=2010, le=2030)
    category: CardClass
    also_classes: tuple[ClassPositioning, ...] = Field(
        default=(), description="further classes the vendor positions the card for, each with the vendor's sentence "
                                "(none: the vendor positions it for its ``category`` alone, or no sentence was found)")
    form_factor: str | None = None
    cooling: Cooling | None = Field(default=None, description="the cooler it is sold with, sourced "
                                    "(None: a user's card that does not say)")
    memory_gb: float = Field(ge=MIN_MEMORY_GB, le=2048, description="marketed capacity [GB]")
    memory_type: str | None = None
    usable_memory_gib: float | None = Field(default=None, ge=MIN_MEMORY_GB, le=2048,
                                            description="measured [GiB]")
    usable_memory_source: str | None = None
    bandwidth_gbps: float | None = Field(default=None, ge=MIN_BANDWIDTH_GBPS, le=1_000_000,
                                         description="memory bandwidth [GB/s]")
    tdp_w: float | None = Field(default=None, ge=MIN_POWER_W, le=5000, description="board power [W]")
    fp64_tflops: float | None = _dense_peak("TFLOP/s")
    fp32_tflops: float | None = _dense_peak("TFLOP/s")
    tf32_tflops: float | None = _dense_peak("TFLOP/s")
    bf16_tflops: float | None = _dense_peak("TFLOP/s")
    fp16_tflops: float | None = _dense_peak("TFLOP/s")
    fp8_tflops: float | None = _dense_peak("TFLOP/s")
    int8_tops: float | None = _dense_peak("TOP/s")
    fp4_tflops: float | None = _dense_peak("TFLOP/s")
    int4_tops: float | None = _dense_peak("TOP/s")
    fp16_acc16_tflops: float | None = Field(
        default=None, ge=MIN_RATE_TFLOPS, le=1_000_000,
        description="dense FP16 tensor peak with FP16 accumulate where it differs from fp16_tflops (with FP32 "
                    "accumulate): GeForce cards run FP32 accumulate at half rate [TFLOP/s]; None = the same "
                    "as fp16_tflops (one published figure, full rate both ways) or not published (notes say which)")
    interconnect: Interconnect
    video: VideoEngines = VideoEngines()
    display_outputs: int | None = Field(default=None, ge=0, le=64)
    display_default: DisplayDefault | None = Field(
        default=None, description="whether the display outputs work as shipped, sourced (None: not recorded)")
    ecc: bool | None = None
    rt_cores: int | None = Field(default=None, ge=0, le=100_000, description="ray-tracing cores (0 = none)")
    vgpu: VgpuSupport | None = Field(default=None, description="virtual GPU support (None = not verified)")
    gpus_per_board: int = Field(default=1, ge=1, le=16, description="GPUs sold on one board (A16: 4)")
    die_area_mm2: float | None = Field(
        default=None, ge=MIN_DIE_AREA_MM2, le=10_000,
        description="logic die area, all compute dies [mm²] (for ECCN 3A090 density)")
    prices: tuple[PriceEntry, ...] = ()
    price_note: str | None = Field(default=None, description="where prices were looked for when none is listed")
    software: SoftwareStack | None = None
    export_control: ExportControl | None = None
    china_import: ChinaImport | None = Field(
        default=None, description="China's own import stance, as reported (None: none known)")
    availability: Availability | None = Field(
        default=None, description="whether new cards are made, as reported (None: not recorded)")
    sources: tuple[str, ...] = Field(min_length=1)
    confidence: CardConfidence
    notes: str | None = None
    origin: Origin = Field(default="catalog", exclude=True, description=ORIGIN_DESCRIPTION)

    @field_validator("id")
    @classmethod
    def _id_is_slug(cls, value: str) -> str:
        if not _SLUG.match(value):
            raise said(ValueError, msg("card-id-not-slug"))
        return value

    @field_validator("sources")
    @classmethod
    def _sources_not_blank(cls, value: tuple[str, ...]) -> tuple[str, ...]:
        if any(not s.strip() for s in value):
            raise ValueError("a source is blank")
        return value

    @model_validator(mode="after")
    def _usable_not_above_marketed(self) -> Card:
        if self.usable_memory_gib is not None and self.usable_memory_gib > self.memory_gb * 1.1:
            raise said(ValueError, msg("card-usable-above-marketed"))
        return self

    @model_validator(mode="after")
    def _fp16_accumulate_not_below_fp32(self) -> Card:
        if self.fp16_acc16_tflops is not None and (
                self.fp16_tflops is None or not self.fp16_tflops <= self.fp16_acc16_tflops <= 2.02 * self.fp16_tflops):
            raise ValueError("fp16_acc16_tflops must lie between fp16_tflops and twice it (GeForce: FP32 "
                             "accumulate at half the FP16-accumulate rate)")
        return self

    @model_validator(mode="after")
    def _also_classes_are_further(self) -> Card:
        further = [p.card_class for p in self.also_classes]
        if self.category in further or len(set(further)) < len(further):
            raise ValueError("also_classes names the card's own category, or a class twice")
        return self

    @property
    def classes(self) -> tuple[str, ...]:
        """The classes the card is positioned for: its ``category`` first, then those of :attr:`also_classes`."""
        return (self.category, *self.further_classes)

    @property
    def further_classes(self) -> tuple[str, ...]:
        """The classes the vendor positions the card for beside its ``category`` (:attr:`also_classes`)."""
        return tuple(p.card_class for p in self.also_classes)

    def positioned_for(self, classes: tuple[str, ...] | list[str], workload: Workload | None = None) -> bool:
        """Whether the card is positioned for any of ``classes``: its ``category`` or a class its vendor also
        positions it for (:attr:`also_classes`, sourced), for ``workload`` where the vendor names only some of
        that class's work (None: any of it). The one test of the class filters
        (:meth:`~configurator.core.recommend_filters.Filters.allows`) and the class checks
        (:mod:`~configurator.core.mismatch`): until December 2026 they read the one ``category``, so a full
        fine-tune ranked no L40S, which NVIDIA positions for fine-tuning too (classes47)."""
        return self.category in classes or any(
            p.card_class in classes and (workload is None or not p.workloads or workload in p.workloads)
            for p in self.also_classes)

    def peak_tflops(self, precision: Precision) -> float | None:
        """Dense peak rate for ``precision`` [TFLOP/s or TOPS], None if unsupported."""
        return getattr(self, RATE_FIELDS[precision])

    def fp16_peak_tflops(self, accumulate16: bool) -> float | None:
        """Dense FP16 tensor peak [TFLOP/s]: with FP16 accumulate (``accumulate16``) the card's
        ``fp16_acc16_tflops`` where it differs, else ``fp16_tflops`` (FP32 accumulate). NVIDIA's
        architecture whitepapers list both ("Peak FP16 Tensor TFLOPS with FP16 Accumulate" / "with
        FP32 Accumulate"): equal on data-centre and professional cards, FP32 accumulate at half
        rate on GeForce (Ampere GA102, Ada, Blackwell RTX whitepapers)."""
        if accumulate16 and self.fp16_acc16_tflops is not None:
            return self.fp16_acc16_tflops
        return self.fp16_tflops

    def supports(self, precision: Precision) -> bool:
        """Whether the card has a published dense rate for ``precision``."""
        return self.peak_tflops(precision) is not None

    @property
    def is_user(self) -> bool:
        """A card from the user's own file (not the bundled catalog)."""
        return self.origin == "user"

    @property
    def is_consumer(self) -> bool:
        """A consumer (GeForce-class) graphics card: no ECC, data-centre use restricted by licence."""
        return self.category == "graphics" and self.ecc is False

    @property
    def priced_per(self) -> str:
        """What one purchase price of the card buys, in words (a term of the messages): ``per board``
        where a board carries several GPUs and is bought whole (A16: 4 GPUs, :attr:`gpus_per_board`),
        else ``per card``. The one rule every price label of a purchase reads (the estimate's purchase
        row, the ranking's price column, "when price decides", the assumptions); rent stays per
        card-hour (clouds rent an A16's GPUs one by one)."""
        return "per board" if self.gpus_per_board > 1 else "per card"

    @property
    def chip_word(self) -> str:
        """What the card's vendor calls one of its accelerator chips, the word every multi-chip board is
        said in (the price column '1,400 USD/2 NPUs', the bill's '4 boards, 8 NPUs each'): ``NPU`` for
        Huawei's Ascend (its own word: "Atlas 300I Duo, 2 NPUs"), else ``GPU``."""
        return "NPU" if self.vendor == "Huawei" else "GPU"

    @property
    def has_fast_link(self) -> bool:
        """Whether cards talk over a dedicated GPU-to-GPU link rather than PCIe."""
        return self.interconnect.link != "none" and self.interconnect.link_gbps is not None


class NotAProduct(_Frozen):
    """A name that circulates as a card but is not one, with what the real product is."""

    claim: str
    vendor: str
    aliases: tuple[str, ...] = ()
    explanation: str


class UnlistedCard(_Frozen):
    """A real product left out because no specification could be verified."""

    name: str
    reason: str
    sources: tuple[str, ...] = ()
