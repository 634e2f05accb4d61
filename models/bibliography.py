"""The course's reading list (resources/bibliography.toml): the papers and repositories the lab's
models follow, each with its year, title, canonical URL and what it changed, in English and Chinese.
The handout PDF ends with it."""
from __future__ import annotations

import functools
import tomllib
from dataclasses import dataclass
from pathlib import Path

BIBLIOGRAPHY = Path(__file__).resolve().parent.parent / "resources" / "bibliography.toml"
SCHEMA_VERSION = 1
FIELDS = ("year", "title", "url", "en", "zh")


class BibliographyError(ValueError):
    """The reading list is malformed; the message names the file, the entry and the field."""


@dataclass(frozen=True)
class Reading:
    """One entry of the reading list."""
    year: int
    title: str
    url: str        # https: the arXiv abstract page, the proceedings page or the GitHub repository
    en: str         # what it changed, in English
    zh: str         # the same, in Simplified Chinese

    def changed(self, lang: str) -> str:
        """What it changed, in `lang` ("zh" or "en")."""
        return self.zh if lang == "zh" else self.en


def parse_bibliography(text: str, name: str = "bibliography") -> tuple[Reading, ...]:
    """The entries of a reading-list TOML text, in order; BibliographyError for a missing or
    mistyped field, a URL that is not https, or entries out of year order."""
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as exc:
        raise BibliographyError(f"{name}: {exc}") from None
    if data.get("schema_version") != SCHEMA_VERSION:
        raise BibliographyError(f"{name}: schema_version must be {SCHEMA_VERSION}")
    entries = data.get("entry")
    if not isinstance(entries, list) or not entries:
        raise BibliographyError(f"{name}: no [[entry]] tables")
    readings = []
    for number, entry in enumerate(entries, 1):
        where = f"{name}: entry {number}"
        unknown = sorted(set(entry) - set(FIELDS))
        if unknown:
            raise BibliographyError(f"{where}: unknown field {unknown[0]!r}")
        for field in FIELDS:
            value = entry.get(field)
            if field == "year":
                if not isinstance(value, int) or isinstance(value, bool):
                    raise BibliographyError(f"{where}: year must be a whole number")
            elif not isinstance(value, str) or not value.strip():
                raise BibliographyError(f"{where}: {field} must be a non-empty text")
        if not entry["url"].startswith("https://"):
            raise BibliographyError(f"{where}: url must start with https://")
        readings.append(Reading(**{field: entry[field] for field in FIELDS}))
        if len(readings) > 1 and readings[-1].year < readings[-2].year:
            raise BibliographyError(f"{where}: {readings[-1].year} comes after {readings[-2].year}")
    return tuple(readings)


@functools.cache
def load_bibliography(path: Path = BIBLIOGRAPHY) -> tuple[Reading, ...]:
    """The reading list shipped with the lab (parsed once per process)."""
    return parse_bibliography(path.read_text(encoding="utf-8"), path.name)


__all__ = ["BIBLIOGRAPHY", "BibliographyError", "Reading", "load_bibliography", "parse_bibliography"]
