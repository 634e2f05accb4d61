"""The classroom model on a chosen cluster, as the mesh and network tests build their scenarios."""
from __future__ import annotations

from tslab.models.presets import load_preset
from tslab.models.scenario import Scenario


def classroom_on(nodes: int, gpus_per_node: int = 8, **values: object) -> Scenario:
    """The classroom model (32 heads and KV heads, 32 layers) on `nodes` × `gpus_per_node` GPUs:
    keys without a section are parallel.*, every parallel degree not given is 1, and dp, unless
    given, fills the world."""
    changes = {"cluster.nodes": nodes, "cluster.gpus_per_node": gpus_per_node,
               "parallel.tp": 1, "parallel.pp": 1, "parallel.cp": 1, "parallel.ep": 1, "parallel.etp": 1}
    changes.update({key if "." in key else f"parallel.{key}": value for key, value in values.items()})
    if "parallel.dp" not in changes:
        width = changes["parallel.tp"] * changes["parallel.pp"] * changes["parallel.cp"]
        changes["parallel.dp"] = nodes * gpus_per_node // width
    return load_preset("classroom-7b").replace(**changes)
