"""Each figure of the gallery declares what it draws from (FigureSpec.reads): an edit of a key it
does not read leaves its caption (every number it states) as it was, so the gallery may keep its
thumbnail. Checked on a sample of the other keys per figure, spread over the whole key list."""
from __future__ import annotations

import pytest
import shiboken6
from edits import edit_outside

from tslab.models.derived import concerns
from tslab.models.document import document_keys
from tslab.models.presets import preset_document
from tslab.views.gallery import figures
from tslab.views.gallery.view import build_figure

BASES = {"classroom": preset_document("classroom-7b"), "deepseek": preset_document("deepseek-v3")}
SAMPLE = 16   # keys checked per figure and document, besides the title and the DP degree


def caption(spec, document) -> str:
    figure = build_figure(spec, document)
    try:
        return figure.caption_text()
    finally:
        shiboken6.delete(figure)   # now, with its model: hundreds are built here


@pytest.mark.parametrize("spec", [spec for spec in figures() if spec.reads], ids=lambda spec: spec.key)
@pytest.mark.parametrize("base", list(BASES))
def test_a_figure_reads_only_what_it_declares(qapp, spec, base) -> None:
    document = BASES[base]
    reads = spec.read_keys(document)
    others = [key for key in document_keys() if not concerns([key], reads)]
    start = sum(map(ord, spec.key)) % len(others)
    step = max(1, len(others) // SAMPLE)
    sample = dict.fromkeys([key for key in ("title", "parallel.dp") if key in others]
                           + [others[(start + i * step) % len(others)] for i in range(SAMPLE)])
    reference = caption(spec, document)
    checked = 0
    for key in sample:
        edited = edit_outside(document, key, reads)
        if edited is None:
            continue
        assert spec.shows(document, edited)
        assert caption(spec, edited) == reference, f"figure {spec.key} reads {key} but does not declare it"
        checked += 1
    assert checked >= SAMPLE // 2


def test_a_diagram_of_stated_facts_reads_nothing(qapp) -> None:
    diagrams = [spec for spec in figures() if spec.tab is None]
    assert diagrams and all(not spec.reads for spec in diagrams)
    classroom, deepseek = BASES["classroom"], BASES["deepseek"]
    for spec in diagrams:
        assert spec.shows(classroom, deepseek)
        assert caption(spec, classroom) == caption(spec, deepseek)


def test_every_figure_drawn_from_the_document_declares_its_reads() -> None:
    assert all(spec.reads for spec in figures() if spec.tab is not None)
