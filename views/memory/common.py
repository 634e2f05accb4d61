"""What the Memory Ledger tab's widgets share: the tiers' names and a ledger item's tooltip."""
from __future__ import annotations

from PySide6.QtCore import QCoreApplication

from tslab.models.memory import MemoryLedger, gib
from tslab.views.texts import ledger_name

GIB = float(1 << 30)


def tier_names() -> dict[str, str]:
    return {"gpu": QCoreApplication.translate("MemoryFigure", "GPU"),
            "cpu": QCoreApplication.translate("MemoryFigure", "CPU"),
            "remote": QCoreApplication.translate("MemoryFigure", "Remote GPU"),
            "nvme": QCoreApplication.translate("MemoryFigure", "NVMe")}


_TOOLTIPS: list = [None, "", {}]   # the last ledger asked about, the language's "Source", the tips by item


def item_tooltip(ledger: MemoryLedger, item) -> str:
    """What hovering `item` says (the figure and the table ask for each item of the same ledger)."""
    source = QCoreApplication.translate("MemoryFigure", "Source")
    if _TOOLTIPS[0] is not ledger or _TOOLTIPS[1] != source:   # another ledger, or another language
        _TOOLTIPS[:] = [ledger, source, {}]
    tips = _TOOLTIPS[2]
    tip = tips.get(id(item))
    if tip is None:
        share = item.bytes / ledger.total if ledger.total else 0.0
        tip = tips[id(item)] = (f"<b>{ledger_name(item.name)}</b>: {gib(item.bytes)} ({share:.1%}) — "
                                f"{tier_names()[item.tier]}<br><i>{item.formula}</i><br>{source}: {item.source}")
    return tip
