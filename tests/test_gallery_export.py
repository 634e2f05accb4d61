"""The gallery's figures exported headless (PNG, SVG, PDF; one, several, standard output, a FIFO),
`tslab export --figure`, the lecture handout PDF and the reading list it ends with."""
from __future__ import annotations

import os
import re
import shutil
import subprocess
import threading
import tomllib
from pathlib import Path
from urllib.parse import urlparse

import pytest
from gallery_helpers import (BAR_COLOURS, BARS, BROKEN, DIAGRAM, bars_texts, colours, has_colour, register, render_svg,
                             svg_texts)
from PySide6.QtCore import QCoreApplication, QLocale, QSize
from PySide6.QtGui import QImage
from test_files import read_fifo

from tslab.desktop import cli
from tslab.desktop.export import (EXPORT_SIZE, ExportCancelled, ExportError, current_language, export_figure,
                                  export_figures, figure_language, figure_widget)
from tslab.desktop.handout import handout_facts, handout_pdf
from tslab.models.bibliography import BIBLIOGRAPHY, BibliographyError, load_bibliography, parse_bibliography
from tslab.models.memory import total_params
from tslab.models.presets import preset_document
from tslab.views.document_model import DocumentModel
from tslab.views.gallery import figures

W, H = EXPORT_SIZE.width(), EXPORT_SIZE.height()
CJK = re.compile(r"[\u4e00-\u9fff]")
POPPLER = shutil.which("pdftoppm") and shutil.which("pdftotext")
needs_poppler = pytest.mark.skipif(not POPPLER, reason="pdftoppm and pdftotext come with poppler-utils")


@pytest.fixture
def document():
    return preset_document("classroom-7b")


@pytest.fixture
def bars_diagram_broken(monkeypatch):
    """The tests' own figures (gallery_helpers) registered after the course's: test-bars,
    test-diagram and test-broken."""
    register(monkeypatch, BARS, DIAGRAM, BROKEN)


def drawable(specs=None) -> list[str]:
    return [spec.key for spec in (specs or figures()) if spec is not BROKEN]


# ---------------------------------------------------------------------------------------------
# The reading list

def test_reading_list_entries_are_complete():
    readings = load_bibliography()
    assert len(readings) >= 30
    assert readings[0].title.startswith("Large Scale Distributed Deep Networks") and readings[0].year == 2012
    assert [r.year for r in readings] == sorted(r.year for r in readings)
    assert len({r.url for r in readings}) == len(readings)
    for reading in readings:
        assert 2012 <= reading.year <= 2026 and reading.title.strip(), reading
        url = urlparse(reading.url)
        assert url.scheme == "https" and url.netloc in ("arxiv.org", "github.com", "proceedings.neurips.cc"), reading
        assert reading.en.strip() and not CJK.search(reading.en), reading
        assert CJK.search(reading.zh), reading
        assert reading.changed("zh") == reading.zh and reading.changed("en") == reading.en
        if url.netloc == "arxiv.org":  # an arXiv id yymm.nnnnn: listed the year it appeared or the next (its venue)
            assert re.fullmatch(r"/abs/\d{4}\.\d{4,5}", url.path), reading
            assert reading.year - 1 <= 2000 + int(url.path[5:7]) <= reading.year, reading
        if url.netloc == "github.com":
            assert re.fullmatch(r"/[\w.-]+/[\w.-]+", url.path), reading


def test_reading_list_file_is_plain_toml_with_a_schema_version():
    data = tomllib.loads(BIBLIOGRAPHY.read_text(encoding="utf-8"))
    assert data["schema_version"] == 1 and len(data["entry"]) == len(load_bibliography())


ENTRY = '[[entry]]\nyear = {year}\ntitle = "T"\nurl = "{url}"\nen = "what"\nzh = "改变"\n'


@pytest.mark.parametrize("text, says", [
    ("schema_version = 2\n" + ENTRY.format(year=2020, url="https://arxiv.org/abs/1"), "schema_version"),
    ("schema_version = 1\n", "no [[entry]]"),
    ("schema_version = 1\n" + ENTRY.format(year=2020, url="http://arxiv.org/abs/1"), "entry 1: url"),
    ("schema_version = 1\n" + ENTRY.format(year='"2020"', url="https://a"), "entry 1: year"),
    ("schema_version = 1\n" + ENTRY.format(year=2020, url="https://a").replace('zh = "改变"', 'zh = " "'),
     "entry 1: zh"),
    ("schema_version = 1\n" + ENTRY.format(year=2020, url="https://a") + ENTRY.format(year=2019, url="https://b"),
     "entry 2: 2019 comes after 2020"),
    ("schema_version = 1\n" + ENTRY.format(year=2020, url="https://a") + "pages = 3\n", "unknown field 'pages'"),
])
def test_malformed_reading_lists_are_refused_naming_the_entry(text, says):
    with pytest.raises(BibliographyError, match=re.escape(says)):
        parse_bibliography(text, "list.toml")


# ---------------------------------------------------------------------------------------------
# One figure, several, and where they go

def test_figure_widget_is_built_on_a_synchronous_model_at_the_size(qapp, document, bars_diagram_broken):
    figure = figure_widget(document, "test-bars", QSize(900, 600))
    try:
        assert figure.size() == QSize(900, 600)
        [model] = figure.findChildren(DocumentModel)
        assert model.synchronous and model.document == document
        assert "tp = 1, pp = 1, dp = 8, cp = 1" in figure.caption_text()
    finally:
        figure.deleteLater()
    with pytest.raises(ExportError, match="no figure 'nope'"):
        figure_widget(document, "nope")
    with pytest.raises(ExportError, match="ValueError: this test figure draws no document"):
        figure_widget(document, "test-broken")


def pdf_pages(path: Path, resolution: int = 24) -> list[QImage]:
    """Each page of a PDF as an image (pdftoppm)."""
    stem = path.with_suffix("")
    subprocess.run(["pdftoppm", "-png", "-r", str(resolution), str(path), str(stem)], check=True)
    pages = sorted(path.parent.glob(f"{stem.name}-*.png"), key=lambda p: int(p.stem.rsplit("-", 1)[1]))
    return [QImage(str(page)) for page in pages]


def pdf_text(path: Path, layout: bool = False) -> list[str]:
    """The text of each page of a PDF (pdftotext; pages end in a form feed): in reading order, one
    column after the other, or with `layout` as the lines stand on the page."""
    text = subprocess.run(["pdftotext", *(["-layout"] if layout else []), str(path), "-"], check=True,
                          capture_output=True, text=True).stdout
    return text.split("\f")[:-1]


def squeezed(*texts: str) -> str:
    """Text without white space and hyphens: a line in a column may break anywhere, and pdftotext
    joins a word broken after a hyphen without it."""
    return re.sub(r"[\s\-\u00ad]", "", "".join(texts))


@needs_poppler
@pytest.mark.parametrize("fmt", ["png", "svg", "pdf"])
def test_every_registered_figure_exports_as_a_valid_file(qapp, document, bars_diagram_broken, tmp_path, fmt):
    keys = drawable()
    out = tmp_path / "figures"
    written = export_figures(document, keys, fmt, out, directory=True)
    assert written == [out / f"{key}.{fmt}" for key in keys]
    for key, path in zip(keys, written):
        data = path.read_bytes()
        if fmt == "png":
            image = QImage()
            assert image.loadFromData(data, "PNG") and (image.width(), image.height()) == (W, H), key
        elif fmt == "svg":
            texts = svg_texts(data, (W, H))
            if key == "test-bars":
                assert texts[:3] == bars_texts(BARS, document.scenario)
            image = render_svg(data, (W, H))
        else:
            assert data.startswith(b"%PDF-"), key
            [image] = pdf_pages(path)
            assert image.width() > image.height(), key  # the figure's landscape page
            if key == "test-bars":
                [text] = pdf_text(path)
                assert [" ".join(line.split()) for line in text.splitlines()[:4] if line.strip()] \
                    == bars_texts(BARS, document.scenario)
        assert colours(image) > 1, f"{key}.{fmt} is blank"
        if key == "test-bars":
            for colour in BAR_COLOURS:
                assert has_colour(image, colour, minimum=20 if fmt == "pdf" else 200), (fmt, colour)


def test_png_at_scale_two_has_twice_the_pixels(qapp, document, bars_diagram_broken):
    image = QImage()
    assert image.loadFromData(export_figure(document, "test-bars", "png", scale=2.0), "PNG")
    assert (image.width(), image.height()) == (2 * W, 2 * H)
    assert has_colour(image, BAR_COLOURS[0], minimum=4 * 200)


def test_several_figures_write_the_drawable_ones_and_name_the_others(qapp, document, bars_diagram_broken, tmp_path):
    with pytest.raises(ExportError) as raised:
        export_figures(document, ["test-bars", "test-broken"], "png", tmp_path)
    assert raised.value.written == [tmp_path / "test-bars.png"]
    assert str(raised.value).startswith("1 of 2 figures not written (test-broken: cannot be drawn")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["test-bars.png"]


def test_one_figure_file_rules(qapp, document, bars_diagram_broken, tmp_path):
    with pytest.raises(ExportError, match="suffix .pdf names another format than the png"):
        export_figures(document, ["test-bars"], "png", tmp_path / "f.pdf")
    with pytest.raises(ExportError, match="no such directory"):
        export_figures(document, ["test-bars"], "png", tmp_path / "missing" / "f.png")
    with pytest.raises(ExportError, match="several figures need a directory"):
        export_figures(document, ["test-bars", "test-diagram"], "png", Path("-"))
    assert export_figures(document, ["test-bars"], "svg", tmp_path / "f") == [tmp_path / "f"]  # no suffix: as given
    assert svg_texts((tmp_path / "f").read_bytes(), (W, H))[:3] == bars_texts(BARS, document.scenario)
    assert not (tmp_path / "f.pdf").exists()


def test_a_fifo_is_written_through_and_one_without_a_reader_refused(qapp, document, bars_diagram_broken, tmp_path):
    fifo = tmp_path / "pipe"
    os.mkfifo(fifo)
    with pytest.raises(ExportError, match="no reader"):
        export_figures(document, ["test-bars"], "png", fifo)
    ready, received = threading.Event(), []
    reader = threading.Thread(target=read_fifo, args=(fifo, ready, received), daemon=True)
    reader.start()
    assert ready.wait(5)
    assert export_figures(document, ["test-bars"], "png", fifo) == [fifo]
    reader.join(15)
    assert not reader.is_alive() and fifo.is_fifo() and sorted(os.listdir(tmp_path)) == ["pipe"]
    image = QImage()
    assert image.loadFromData(b"".join(received), "PNG") and (image.width(), image.height()) == (W, H)


def test_a_cancel_keeps_the_files_written(qapp, document, bars_diagram_broken, tmp_path):
    asked = []

    def progress(done: int, total: int, key: str) -> bool:
        asked.append((done, total, key))
        return done < 1

    with pytest.raises(ExportCancelled) as raised:
        export_figures(document, ["test-bars", "test-diagram"], "png", tmp_path, progress=progress)
    assert asked == [(0, 2, "test-bars"), (1, 2, "test-diagram")]
    assert raised.value.written == [tmp_path / "test-bars.png"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["test-bars.png"]


def test_figure_language_swaps_the_translators_and_puts_them_back(qapp):
    assert current_language() == "en"
    with figure_language("zh"):
        assert current_language() == "zh"
        assert QCoreApplication.translate("MainWindow", "&File") == "文件(&F)"
        assert QLocale().language() == QLocale.Language.Chinese
    assert current_language() == "en"
    assert QCoreApplication.translate("MainWindow", "&File") == "&File"
    assert QLocale().language() == QLocale.Language.English


# ---------------------------------------------------------------------------------------------
# tslab export --figure

def run_cli(capsys, *args: str) -> tuple[int, list[str], list[str]]:
    status = cli.main(["export", *args])
    captured = capsys.readouterr()
    return status, captured.out.splitlines(), captured.err.splitlines()


def test_cli_writes_one_figure(qapp, capsys, tmp_path, bars_diagram_broken):
    key = next(spec.key for spec in figures() if spec not in (BARS, DIAGRAM, BROKEN))  # a course figure
    out = tmp_path / f"{key}.png"
    status, stdout, stderr = run_cli(capsys, "--figure", key, "--format", "png", "--out", str(out), "--scale", "2")
    assert (status, stdout, stderr) == (0, [str(out)], [])
    image = QImage(str(out))
    assert (image.width(), image.height()) == (2 * W, 2 * H) and colours(image) > 1


def test_cli_unknown_figure_is_one_error_line_listing_the_figures(qapp, capsys, tmp_path, bars_diagram_broken):
    out = tmp_path / "x.png"
    status, stdout, stderr = run_cli(capsys, "--figure", "no-such-figure", "--format", "png", "--out", str(out))
    assert status == 2 and stdout == [] and len(stderr) == 1
    assert stderr[0].startswith("tslab: error: argument --figure: invalid choice: 'no-such-figure' (choose from ")
    for spec in figures():
        assert repr(spec.key) in stderr[0]
    assert "'all'" in stderr[0] and not out.exists()


@pytest.mark.parametrize("args, says", [
    (("--tab", "memory", "--figure", "test-bars", "--format", "png", "--out", "OUT/x.png"),
     "not allowed with argument"),
    (("--format", "png", "--out", "OUT/x.png"), "one of the arguments --tab --figure is required"),
    (("--figure", "all", "--format", "png", "--out", "-"), "--out - (standard output) takes one figure"),
    (("--figure", "all", "--format", "svg", "--out", "OUT/h.pdf"), "the handout is a PDF (--format pdf)"),
])
def test_cli_figure_usage_errors(qapp, capsys, tmp_path, bars_diagram_broken, args, says):
    status, stdout, stderr = run_cli(capsys, *(arg.replace("OUT", str(tmp_path)) for arg in args))
    assert status == 2 and stdout == [] and len(stderr) == 1 and stderr[0].startswith("tslab: error: ")
    assert says in stderr[0], stderr
    assert list(tmp_path.iterdir()) == []


def test_cli_figure_all_writes_a_directory(qapp, capsys, tmp_path, monkeypatch):
    from tslab.views.gallery import figures_systems, figures_training
    monkeypatch.setattr(figures_training, "SPECS", ())
    monkeypatch.setattr(figures_systems, "SPECS", (BARS, DIAGRAM))
    out = tmp_path / "figures"  # missing: created
    status, stdout, stderr = run_cli(capsys, "--figure", "all", "--format", "png", "--out", str(out))
    assert (status, stderr) == (0, [])
    assert stdout == [str(out / "test-bars.png"), str(out / "test-diagram.png")]
    assert sorted(p.name for p in out.iterdir()) == ["test-bars.png", "test-diagram.png"]


def test_cli_figure_keys_are_the_registered_ones_in_course_order():
    for spec in figures():
        assert cli.FIGURES[spec.number - 1] == spec.key, spec
    assert len(cli.FIGURES) == 12 and len(set(cli.FIGURES)) == 12


# ---------------------------------------------------------------------------------------------
# The handout

@needs_poppler
def test_cli_handout_pages_title_figures_and_reading_list(qapp, capsys, tmp_path):
    """Every registered figure: a title page, a page per figure, then the reading list."""
    specs = figures()
    out = tmp_path / "handout.pdf"
    status, stdout, stderr = run_cli(capsys, "--preset", "deepseek-v3", "--figure", "all", "--format", "pdf",
                                     "--out", str(out))
    assert (status, stdout, stderr) == (0, [str(out)], [])
    texts = pdf_text(out, layout=True)
    readings = load_bibliography()
    reading_pages = texts[1 + len(specs):]
    assert reading_pages, "no reading list"
    assert len(texts) == 1 + len(specs) + len(reading_pages)
    for number, text in enumerate(texts, 1):
        assert f"Page {number} of {len(texts)}" in text, number
    title = texts[0]
    assert "Training Systems Lab — lecture handout" in title
    assert preset_document("deepseek-v3").scenario.title in title
    assert "671B parameters" in title  # DeepSeek-V3 report, abstract: 671B total parameters
    assert "2,048 GPUs: 256 nodes × 8" in title  # DeepSeek-V3 report §3.1: 2048 H800 GPUs, 8 per node
    assert "Contents" in title and "Reading list" in title
    for index, spec in enumerate(specs):
        assert f"Figure {spec.number}." in texts[1 + index], spec.key
        assert re.search(rf"Figure {spec.number}\..*\s{2 + index}\s*$", title, re.MULTILINE), spec.key
    words = squeezed(*pdf_text(out)[1 + len(specs):])
    for reading in readings:
        assert words.count(squeezed(reading.url)) == 1, reading.url
        assert squeezed(reading.title) in words, reading.title
    assert all("https://" in page for page in reading_pages)
    data = out.read_bytes()
    assert data.count(b"/URI") >= len(readings)  # the URLs are links
    assert b"/Subtype /Image" not in data  # figures as vector shapes, text as text: no bitmap anywhere
    for number, page in enumerate(pdf_pages(out), 1):
        assert colours(page) > 1, f"page {number} is blank"
        assert page.width() > page.height(), number  # A4 landscape


@needs_poppler
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_handout_text_follows_the_language(qapp, bars_diagram_broken, tmp_path, lang):
    out = tmp_path / "h.pdf"
    out.write_bytes(handout_pdf(preset_document("kimi-k2"), ["test-bars", "test-broken"], lang=lang))
    texts = pdf_text(out)
    assert len(texts) >= 4
    assert "for Kimi K2" in texts[1]  # the test figure's caption names the scenario
    assert "ValueError: this test figure draws no document" in texts[2]  # its page says why it is missing
    words = squeezed(*texts[3:])
    first = load_bibliography()[0]
    assert squeezed(first.changed(lang)) in words
    assert squeezed(first.changed("en" if lang == "zh" else "zh")) not in words
    assert current_language() == "en"  # put back


def test_handout_cancel_and_unknown_figures(qapp, bars_diagram_broken):
    with pytest.raises(ExportCancelled):
        handout_pdf(preset_document("classroom-7b"), ["test-bars"], progress=lambda done, total, key: False)
    with pytest.raises(ExportError, match="no figure 'nope'"):
        handout_pdf(preset_document("classroom-7b"), ["nope"])


def test_title_page_facts_name_the_model_parallelism_and_cluster(qapp):
    scenario = preset_document("deepseek-v3").scenario
    facts = dict(handout_facts(scenario))
    total, activated = total_params(scenario)
    assert facts["Model"].startswith(f"{scenario.model.name}: 671B parameters, {activated / 1e9:.3g}B activated")
    assert f"({scenario.model.experts} experts, {scenario.model.top_k} per token)" in facts["Model"]
    p = scenario.parallel
    assert facts["Parallelism"].startswith(f"TP {p.tp} × PP {p.pp} × DP {p.dp} × CP {p.cp}")
    assert p.tp * p.pp * p.dp * p.cp == scenario.world_size == 2048
    assert facts["GPUs and cluster"].startswith("2,048 GPUs: 256 nodes × 8 H800")
    assert f"{scenario.model.layers} layers" in facts["Shape"]


# The handout's type: every text of the title page, the footers and the reading list, and every
# figure's caption and sources, at least 8 pt, in the language asked for.

PDF_TOKEN = re.compile(rb"<<|>>|<[0-9A-Fa-f\s]*>|\((?:\\.|[^\\)])*\)|/[^\s/<>\[\]()]+|\[|\]"
                       rb"|[-+]?(?:\d+\.?\d*|\.\d+)|[A-Za-z*'\"]+")
# A page's content stream as Qt's PDF engine writes it (fonts, CMaps and images carry other keys).
PDF_CONTENT = re.compile(rb"<<\s*/Length \d+ 0 R\s*/Filter /FlateDecode\s*>>\s*stream\r?\n(.*?)endstream", re.S)


def _matrix(m: tuple, n: tuple) -> tuple:
    a, b, c, d, e, f = m
    A, B, C, D, E, F = n
    return (a * A + b * C, a * B + b * D, c * A + d * C, c * B + d * D, e * A + f * C + E, e * B + f * D + F)


def page_font_sizes(data: bytes) -> list[list[float]]:
    """For each page of a PDF written by Qt, the size in points at which each text run is shown:
    the Tf size through the text matrix and the graphics state's matrices (q/Q/cm), the size a
    reader measures on paper (PDF 1.7 §9.4.4)."""
    import zlib
    pages = []
    for stream in PDF_CONTENT.finditer(data):
        ctm, saved, operands = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), [], []
        text_matrix, size, shown = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0), 0.0, []
        for token in PDF_TOKEN.findall(zlib.decompress(stream.group(1))):
            if token[:1] in b"-+.0123456789":
                operands.append(float(token))
                continue
            if token[:1] in b"/<([]>":
                operands.append(token)
                continue
            if token == b"q":
                saved.append(ctm)
            elif token == b"Q":
                ctm = saved.pop()
            elif token == b"cm":
                ctm = _matrix(tuple(operands[-6:]), ctm)
            elif token == b"BT":
                text_matrix = (1.0, 0.0, 0.0, 1.0, 0.0, 0.0)
            elif token == b"Tf":
                size = operands[-1]
            elif token == b"Tm":
                text_matrix = tuple(operands[-6:])
            elif token in (b"Tj", b"TJ"):
                m = _matrix(text_matrix, ctm)
                shown.append(size * (m[2] ** 2 + m[3] ** 2) ** 0.5)
            operands = []
        pages.append(shown)
    return pages


def word_heights(path: Path, page: int, words: set[str]) -> list[float]:
    """The heights of the words that start with one of `words` on a page (pdftotext -bbox): in one
    font, a word's box is as tall as its size, so two words of a font compare their sizes."""
    xml = subprocess.run(["pdftotext", "-bbox", "-f", str(page), "-l", str(page), str(path), "-"], check=True,
                         capture_output=True, text=True).stdout
    return [float(y1) - float(y0) for y0, y1, word in
            re.findall(r'yMin="([\d.]+)" xMax="[\d.]+" yMax="([\d.]+)">([^<]*)</word>', xml)
            if any(word.startswith(start) for start in words)]


@needs_poppler
@pytest.mark.parametrize("lang", ["en", "zh"])
def test_handout_type_is_at_least_8_points_in_the_language_asked(qapp, capsys, tmp_path, lang):
    specs = figures()
    out = tmp_path / "handout.pdf"
    status, stdout, _ = run_cli(capsys, "--preset", "deepseek-v3", "--lang", lang, "--figure", "all",
                                "--format", "pdf", "--out", str(out))
    assert (status, stdout) == (0, [str(out)])
    sizes = page_font_sizes(out.read_bytes())
    texts = pdf_text(out)
    assert len(sizes) == len(texts) > 1 + len(specs)
    for number in [1, *range(2 + len(specs), len(texts) + 1)]:  # the title page and the reading list
        assert min(sizes[number - 1]) >= 8.0, (number, min(sizes[number - 1]))
    # The footer is set at 8 pt; each figure's "Sources:" line, in the same font, is no smaller.
    sources, page_word = ("来源：", "第") if lang == "zh" else ("Sources:", "Page")  # the footer's "Page"
    for number in range(2, 2 + len(specs)):
        footer = word_heights(out, number, {page_word})
        lines = word_heights(out, number, {sources})
        assert footer and lines, number
        assert min(lines) >= max(footer) * 0.999, (number, lines, footer)
    english = ("Training Systems Lab", "lecture handout", "Page ", "Contents", "Reading list", "Exported",
               "GPUs and cluster", "a deterministic teaching model")
    for number, text in enumerate(texts, 1):
        if lang == "zh":
            assert not [words for words in english if words in text], number
            assert f"第 {number} 页，共 {len(texts)} 页" in text
        else:
            assert f"Page {number} of {len(texts)}" in text and "Training Systems Lab" in text
    title = texts[0]
    assert preset_document("deepseek-v3").scenario.title in title and "deepseek-v3" in title
    assert ("2,048 个 GPU" if lang == "zh" else "2,048 GPUs") in title


def test_title_page_names_the_preset_or_says_the_scenario_is_its_own(qapp):
    """The handout's scenario is the one given (--preset, --scenario, the window's), classroom-7b
    when none is: the title page names the preset it is, or says it is none of them."""
    for name in ("classroom-7b", "deepseek-v3"):
        assert dict(handout_facts(preset_document(name).scenario))["Preset"] == name
    changed = preset_document("classroom-7b").replace(**{"parallel.zero": 3}).scenario
    assert dict(handout_facts(changed))["Preset"] == "(custom scenario)"
