"""The activation-policy editor, driven like a user would (offscreen): it edits the scenario keys
and shows why there is nothing to show for an invalid scenario."""
from __future__ import annotations

import pytest
from windows import shown

from tslab.models.memory.policy import TENSORS, activation_policy
from tslab.models.presets import load_preset
from tslab.views.document_model import DocumentModel
from tslab.views.memory.policy_table import PolicyEditor


@pytest.fixture
def editor(qtbot):
    # Kimi K2 with the storage shares instead of its ladder: the editor starts from "manual"
    scenario = load_preset("kimi-k2").replace(**{"activation.policy": "manual", "activation.fp8_fraction": 0.3,
                                                 "activation.cpu_offload_fraction": 0.5})
    return shown(qtbot, PolicyEditor(DocumentModel(scenario)), 1000, 760)


def _row(editor: PolicyEditor, key: str) -> int:
    return editor._row_keys.index(key)


def test_picking_a_ladder_and_its_steps_edits_the_scenario(editor) -> None:
    assert editor.steps.rowCount() == 0  # manual: no ladder
    editor.policy_box.setCurrentIndex(editor.policy_box.findData("kimi-k2"))
    assert editor.model.scenario.activation.policy == "kimi-k2"
    assert editor.steps.rowCount() == 4
    assert [editor.steps.item(r, 4).text() for r in range(4)] == ["yes"] * 4
    editor.steps_box.setValue(2)
    assert editor.model.scenario.activation.policy_steps == 2
    assert [editor.steps.item(r, 4).text() for r in range(4)] == ["yes", "yes", "no", "no"]
    # The table's cumulative saving is the policy's, in MiB per dense / MoE layer.
    policy = activation_policy(editor.model.scenario)
    saved = policy.steps[2].cumulative_saving_bytes
    assert editor.steps.item(2, 2).text() == f"{saved[False] / 2**20:,.1f} / {saved[True] / 2**20:,.1f}"
    # A change made elsewhere shows here.
    editor.model.set_value("activation.policy", "deepseek-v3")
    assert editor.policy_box.currentData() == "deepseek-v3" and editor.steps.rowCount() == 4


def test_a_backend_pick_writes_an_override_and_the_default_removes_it(editor) -> None:
    model = editor.model
    key = "norm2_input"
    combo = editor.tensors.cellWidget(_row(editor, key), 3)
    assert combo.currentData() == "keep"
    mib = activation_policy(model.scenario).layer(True).row(key).bytes / 2**20
    assert editor.tensors.item(_row(editor, key), 2).text() == f"{mib:,.2f}"
    combo.setCurrentIndex(combo.findData("remote"))
    assert model.scenario.activation.tensors == ("norm2_input=remote",)
    assert activation_policy(model.scenario).layer(True).row(key).backend == "remote"
    assert editor.tensors.item(_row(editor, key), 0).font().bold()  # an override is shown bold
    other = editor.tensors.cellWidget(_row(editor, "attn_out"), 3)
    other.setCurrentIndex(other.findData("fp8"))
    assert model.scenario.activation.tensors == ("norm2_input=remote", "attn_out=fp8")
    # Back to what the policy gives it anyway: the override goes.
    combo = editor.tensors.cellWidget(_row(editor, key), 3)
    combo.setCurrentIndex(combo.findData("keep"))
    assert model.scenario.activation.tensors == ("attn_out=fp8",)
    # Every tensor an MLA MoE layer saves has a row, in the policy's order.
    assert editor._row_keys == [k for k in TENSORS if activation_policy(model.scenario).layer(True).row(k)
                                or activation_policy(model.scenario).layer(False).row(k)]


def test_recompute_layers_adds_the_checkpoint_row(editor) -> None:
    editor.model.set_value("activation.recompute_layers", 1)
    assert "layer_input" in editor._row_keys
    combo = editor.tensors.cellWidget(_row(editor, "layer_input"), 3)
    combo.setCurrentIndex(combo.findData("cpu"))
    assert editor.model.scenario.activation.tensors == ("layer_input=cpu",)
    assert activation_policy(editor.model.scenario).layer(True, True).row("layer_input").backend == "cpu"


def test_an_invalid_scenario_shows_reasons_instead_of_tables(editor) -> None:
    model = editor.model
    model.set_value("parallel.tp", 3)  # 64 heads cannot be split over 3
    assert editor.reasons.isVisibleTo(editor) and "parallel.tp" in editor.reasons.text()
    assert editor.policy is None and editor.tensors.rowCount() == 0 and not editor.tensors.isEnabled()
    model.set_value("parallel.tp", 1)
    assert not editor.reasons.isVisibleTo(editor) and editor.tensors.rowCount() > 0
    # An override the policy cannot read is named too (until validate() reports it itself).
    model.set_value("activation.tensors", ("qkv=keep",))
    assert "activation.tensors" in editor.reasons.text() and editor.policy is None
    model.set_value("activation.tensors", ())
    assert editor.policy is not None
