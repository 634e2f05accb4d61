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


def item_tooltip(ledger: MemoryLedger, item) -> str:
    share = item.bytes / ledger.total if ledger.total else 0.0
    source = QCoreApplication.translate("MemoryFigure", "Source")
    return (f"<b>{ledger_name(item.name)}</b>: {gib(item.bytes)} ({share:.1%}) — {tier_names()[item.tier]}"
            f"<br><i>{item.formula}</i><br>{source}: {item.source}")
