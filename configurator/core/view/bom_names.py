"""Short names of the price file's items (``resources/procurement_prices.json``), as label ids of
the one catalogue (:mod:`configurator.core.view.words`): the printed summary's bill of materials
and the window's BOM panel name a line by the same words (the file's own names are long English
descriptions, shown as the panel's tooltip). Qt-free.
"""

from __future__ import annotations

import re

from configurator.core.view.words import Words

PCIE_SERVER = "{n}-slot PCIe GPU server (no GPUs)"
"""A PCIe server's name; ``n``: its slots for cards (``server-pcie-<n>``)."""

KIND_BY_ITEM = {"workstation-1gpu": "workstation", "workstation-2gpu": "workstation"}
"""The kind a bill names a line by, by its item id, where it is not the price file's (those are
:data:`~configurator.core.procurement.prices.ITEM_KINDS`): a deskside workstation is filed with the servers
(``kind`` "server") but is none (until December 2026 the bill's "Servers: Deskside workstations")."""


KINDS = {"accelerator": "Accelerators", "server": "Servers", "network": "Network", "storage": "Storage",
         "rack": "Racks", "facility": "Facility", "software": "Software", "workstation": "Workstations"}
"""Label id of each kind a bill names its lines by (the price file's kinds and :data:`KIND_BY_ITEM`'s): the
printed summary's bill and capex line and the window's BOM panel read them here (until December 2026 the
report's ``KIND_LABELS`` and the panel's ``kind_names``, in two translation systems)."""


def kind_label(kind: str, w: Words) -> str:
    """The name of a bill's ``kind`` (:data:`KINDS`) in ``w``'s language; a kind not listed as it is."""
    return w(KINDS.get(kind, kind))


def line_kind(line) -> str:
    """The kind ``line`` (a ``BomLine``) is named by in a bill: :data:`KIND_BY_ITEM`, else its own."""
    return KIND_BY_ITEM.get(line.item_id, line.kind)


ITEMS = {
    "server-hgx-8": "8-GPU baseboard server (CPUs, memory, NVMe; no GPUs)",
    "server-hgx-8-b200": "8-GPU baseboard server for 1 kW modules (no GPUs)",
    "server-atlas-800t-a2": "Atlas 800T A2 server for 8 Ascend 910B (no NPUs; price and power estimated as an HGX host's)",
    "server-atlas-800-a3": "Atlas 800T/800I A3 server for 8 Ascend 910C (no NPUs; price and power estimated as an HGX host's)",
    "server-atlas-800-3000": "Atlas 800 inference server (model 3000) for 4 Atlas 300I Duo, 8 NPUs (no cards; price and power estimated as a 2U PCIe server's)",
    "server-pcie-8": PCIE_SERVER, "server-pcie-4": PCIE_SERVER, "server-pcie-2": PCIE_SERVER,
    "server-pcie-1": PCIE_SERVER,
    "server-slim-2u-8": "2U server for 8 low-profile cards (no cards)",
    "server-fhfl-2u-4": "2U server for 4 full-length single-slot cards (no cards)",
    "server-dense-4u-20": "4U chassis for 20 single-slot cards (no cards)",
    "server-gh200-1": "Grace Hopper node for 1 superchip (no superchip; no x86 CPU)",
    "server-gh200-nvl2": "GH200 NVL2 node for 2 superchips (no superchips; no x86 CPU)",
    "server-gh200-4": "Liquid-cooled node for 4 Grace Hopper superchips (no superchips)",
    "server-mi250x-4": "Liquid-cooled node for 4 MI250X modules (no modules)",
    "workstation-1gpu": "Deskside workstations (no card)",
    "workstation-2gpu": "Deskside workstations for two cards (no cards)",
    "rack-nvl72": "Rack-scale NVL72 system (72 GPUs, liquid-cooled)",
    "rack-gb300-nvl72": "Rack-scale GB300 NVL72 system (72 GPUs, liquid-cooled)",
    "rack-system": "Rack-scale system (no price on file: enter a quote)",
    "rack-cloudmatrix-384": "Huawei CloudMatrix 384 supernode (384 NPUs, 16 racks)",
    "rack-vera-rubin-nvl72": "Rack-scale Vera Rubin NVL72 system (72 GPUs, liquid-cooled)",
    "nic-400g": "400 Gb/s network adapters",
    "nic-800g": "800 Gb/s network adapters",
    "switch-ib-ndr-64": "64-port 400 Gb/s InfiniBand switches",
    "switch-eth-400g-32": "32-port 400 Gb/s Ethernet switches",
    "switch-eth-800g-64": "64-port 800 Gb/s Ethernet switches",
    "link-400g": "400 Gb/s links (optics and fibre)",
    "switch-storage-eth": "Storage and in-band management switches",
    "switch-storage-eth-32": "Storage and in-band management switches",
    "switch-storage-eth-25g": "25 GbE front-end, storage and in-band switches",
    "switch-mgmt-48": "Out-of-band management switches",
    "storage-nvme-per-tb": "Shared all-flash storage",
    "rack-air": "Air-cooled racks with PDUs",
    "rack-liquid": "Liquid-cooled racks (cooling)",
    "installation": "Installation and cabling",
    "software-nvaie": "NVIDIA AI Enterprise licences",
    "software-vgpu": "vGPU licences (RTX vWS, per user)",
    "software-vgpu-vpc": "vGPU licences (vPC, per user)",
}
"""Label id of each price-file item (``rack-system``: a rack-scale system the file has no price for)."""

_SLOTS = re.compile(r"server-pcie-(\d+)$")


def item_label(item_id: str, w: Words) -> str | None:
    """The short name of a price-file item in ``w``'s language; None for an item not listed."""
    label = ITEMS.get(item_id)
    if label is None:
        return None
    slots = _SLOTS.match(item_id)
    return w(label, n=slots.group(1)) if slots else w(label)
