"""`tslab export`: a tab or a gallery figure rendered headless to PNG, SVG or PDF, or the handout."""
from __future__ import annotations

import argparse
import os
from pathlib import Path

from tslab.desktop.cli.common import UserError, check_out, resolve_document, warn
from tslab.desktop.cli.parser import TABS
from tslab.desktop.fonts import NO_CJK_FONT, has_cjk_font

MIN_SIZE, MAX_SIZE = 200, 8000  # logical pixels per side of an exported figure


def parse_size(text: str) -> tuple[int, int]:
    """`WxH` as two whole numbers of logical pixels, each in [MIN_SIZE, MAX_SIZE]."""
    width, sep, height = text.lower().partition("x")
    if not sep or not width.strip().isdigit() or not height.strip().isdigit():
        raise UserError(f"--size must be WIDTHxHEIGHT in pixels, e.g. 1400x860, not {text!r}")
    size = int(width), int(height)
    if not all(MIN_SIZE <= side <= MAX_SIZE for side in size):
        raise UserError(f"--size sides must be between {MIN_SIZE} and {MAX_SIZE} pixels, not {text}")
    return size


def cmd_export(args: argparse.Namespace) -> int:
    if not args.scale > 0 or args.scale > 16:
        raise UserError(f"--scale must be in (0, 16], not {args.scale}")
    size = parse_size(args.size)
    check_out(args.out)
    if args.figure is not None:
        return export_figures(args, size)
    if args.out == "-" and args.tab == "all":
        raise UserError("--out - (standard output) takes one figure; --tab all writes a directory")
    # Each tab judges the scenario itself: the mesh draws what it can of an invalid topology
    # (with the reasons), the memory ledger refuses one.
    document = resolve_document(args, check=False)
    os.environ["QT_QPA_PLATFORM"] = "offscreen"  # headless by design, display or not
    from tslab.desktop.export import ExportError, ensure_app, export_tabs
    tabs = list(TABS) if args.tab == "all" else [args.tab]
    if args.lang == "zh":
        ensure_app(args.lang)  # the font database needs the application
        if not has_cjk_font():
            warn(NO_CJK_FONT)
    try:
        written = export_tabs(document, tabs, args.format, Path(args.out), scale=args.scale, lang=args.lang,
                              directory=args.tab == "all", size=size)
    except ExportError as exc:
        for path in exc.written:  # what was written is listed even when a tab had no figure
            print(path)
        raise UserError(str(exc)) from None
    for path in written:
        print(path)
    return 0


def is_handout(args: argparse.Namespace) -> bool:
    """`--figure all --format pdf --out FILE.pdf` (FILE.pdf not a directory): the handout."""
    out = Path(args.out)
    return args.figure == "all" and args.format == "pdf" and out.suffix.lower() == ".pdf" and not out.is_dir()


def export_figures(args: argparse.Namespace, size: tuple[int, int]) -> int:
    """`export --figure NAME|all`: one figure's file, every figure as NAME.FORMAT in a directory, or
    the handout PDF."""
    from tslab.views.gallery import figures  # Qt's modules, not yet an application
    registered = [spec.key for spec in figures()]
    if args.figure != "all" and args.figure not in registered:
        choices = ", ".join(repr(key) for key in registered + ["all"])
        raise UserError(f"argument --figure: invalid choice: {args.figure!r} (choose from {choices})")
    out = Path(args.out)
    if args.figure == "all" and args.out == "-":
        raise UserError("--out - (standard output) takes one figure; --figure all writes a directory, or with "
                        "--format pdf the handout to a FILE.pdf")
    if args.figure == "all" and args.format != "pdf" and out.suffix.lower() == ".pdf" and not out.is_dir():
        raise UserError(f"{args.out}: the handout is a PDF (--format pdf); to write every figure as "
                        f"NAME.{args.format}, name a directory")
    document = resolve_document(args, check=False)  # each figure draws what it can, or says which preset it drew
    os.environ["QT_QPA_PLATFORM"] = "offscreen"
    from tslab.desktop.export import ExportError, ensure_app, export_figures as write_figures
    from tslab.desktop.handout import write_handout
    ensure_app(args.lang)
    if args.lang == "zh" and not has_cjk_font():
        warn(NO_CJK_FONT)
    try:
        if is_handout(args):
            written = [write_handout(document, out, lang=args.lang, size=size)]
        else:
            keys = registered if args.figure == "all" else [args.figure]
            written = write_figures(document, keys, args.format, out, scale=args.scale, lang=args.lang,
                                    directory=args.figure == "all", size=size)
    except ExportError as exc:
        for path in exc.written:
            print(path)
        raise UserError(str(exc)) from None
    for path in written:
        print(path)
    return 0
