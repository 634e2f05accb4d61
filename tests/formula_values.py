"""A small, strict reader of the numbers in the app's formula texts, for tests/test_formula_values.py.

A formula text is prose around equations. It is cut into segments at the top-level separators
"; ", ", ", ": " and " — " (not inside parentheses or brackets, and never at a thousands
separator, which has no space after it); a segment's equation is its parts between " = " (or
" → "). Each part is one of:

- numeric: numbers with their units, joined by × · / + − and parentheses, each number optionally
  preceded and followed by words that name it ("LL 0.5 MiB", "8 MoE layers", "8.5 in flight")
  and followed by parenthesised or bracketed asides, which are skipped; text after the
  expression that no operator joins to it is prose ("60 rows at most of padding …");
- symbolic: a part naming a quantity without a number for it ("Ψ_rank × 2 B", "4sbE");
- empty.

Numbers are read with the precision they are shown with: "4.00" is 4 ± 0.005, an integer is
exact; the uncertainty is carried through the arithmetic to first order. Nothing is passed to eval.
"""
from __future__ import annotations

import re
from dataclasses import dataclass

UNITS = {"B": 1.0, "KiB": 2.0**10, "MiB": 2.0**20, "GiB": 2.0**30, "TiB": 2.0**40, "KB": 1e3, "MB": 1e6,
         "GB": 1e9, "TB": 1e12, "GB/s": 1e9, "ms": 1e-3, "µs": 1e-6, "s": 1.0, "%": 0.01}
OPERATORS = {"×": "*", "·": "*", "/": "/", "+": "+", "−": "-"}
SEPARATORS = ("; ", ", ", ": ", " — ")
EQUALS = (" = ", " → ")
_NUMBER = re.compile(r"\d{1,3}(?:,\d{3})+(?:\.\d+)?|\d+(?:\.\d+)?")
_UNIT = re.compile(r" ?(GB/s|KiB|MiB|GiB|TiB|KB|MB|GB|TB|ms|µs|B|s|%)(?![\w/])")
_WORD = re.compile(r"[^\W\d][\w'’&.-]*")      # starts with a letter; no operator inside


class FormulaError(ValueError):
    """A part that looks numeric but does not read as an expression."""


@dataclass(frozen=True)
class Quantity:
    value: float
    error: float  # absolute, from the digits shown

    def agrees(self, other: Quantity, slack: float = 0.0) -> bool:
        return abs(self.value - other.value) <= self.error + other.error + slack + 1e-9 * abs(other.value)


def number(text: str) -> Quantity:
    """A displayed number with its unit ("1,019.8 MiB", "15.94 GiB", "41.5%", "2.98 ms", "512 B")."""
    match = _NUMBER.match(text)
    if not match or match.start():
        raise FormulaError(f"no number at the start of {text!r}")
    q = _digits(match.group())
    unit = _UNIT.match(text, match.end())
    if unit:
        scale = UNITS[unit.group(1)]
        q = Quantity(q.value * scale, q.error * scale)
    return q


def _digits(text: str) -> Quantity:
    value = float(text.replace(",", ""))
    decimals = len(text.split(".")[1]) if "." in text else None
    return Quantity(value, 0.5 * 10.0 ** -decimals if decimals is not None else 0.0)


def _split_top(text: str, separators: tuple[str, ...]) -> list[str]:
    """`text` cut at each separator outside parentheses and brackets."""
    parts, depth, start, i = [], 0, 0, 0
    while i < len(text):
        c = text[i]
        if c in "([":
            depth += 1
        elif c in ")]":
            depth = max(0, depth - 1)
        elif depth == 0:
            hit = next((sep for sep in separators if text.startswith(sep, i)), None)
            if hit:
                parts.append(text[start:i])
                i += len(hit)
                start = i
                continue
        i += 1
    parts.append(text[start:])
    return parts


def equations(formula: str) -> list[list[str]]:
    """The formula's segments, each as its parts between equals signs."""
    return [[part.strip() for part in _split_top(segment, EQUALS)] for segment in _split_top(formula, SEPARATORS)]


class _Reader:
    def __init__(self, text: str):
        self.text = text
        self.i = 0

    def space(self) -> None:
        while self.i < len(self.text) and self.text[self.i] == " ":
            self.i += 1

    def peek_operator(self) -> str | None:
        """The operator next (spaces around it allowed; '/' and '·' also without)."""
        j = self.i
        while j < len(self.text) and self.text[j] == " ":
            j += 1
        if j < len(self.text) and self.text[j] in OPERATORS:
            if self.text[j] in "+−" and not (j > self.i and self.text[j + 1:j + 2] == " "):
                return None   # "+" and "−" between spaces only ("1 + 4/128", never "FP8-E4M3")
            return self.text[j]
        return None

    def take_operator(self) -> str:
        self.space()
        c = self.text[self.i]
        self.i += 1
        return c

    def skip_asides(self) -> None:
        """Parenthesised or bracketed asides after a factor: "(bf16)", "[17 activation sets …]"."""
        while True:
            j = self.i
            while j < len(self.text) and self.text[j] == " ":
                j += 1
            if j >= len(self.text) or self.text[j] not in "([" or j == self.i:
                return
            self.i = _close(self.text, j)

    def words(self) -> int:
        """Skip a run of words separated by single spaces (one space before the first allowed);
        how many, or -1 at a word glued to an operator or a parenthesis: a symbol, not a name."""
        count = 0
        while True:
            j = self.i + (1 if self.text[self.i:self.i + 1] == " " else 0)
            match = _WORD.match(self.text, j)
            if not match:
                return count
            end = match.end()
            if end < len(self.text) and (self.text[end] in OPERATORS and self.text[end] not in "+−"
                                         or self.text[end] == "("):
                return -1   # "L_moe·m" or "max(40M, 1M·dp)": symbols, not names
            self.i = end
            count += 1

    def expression(self) -> Quantity:
        q = self.term()
        while (op := self.peek_operator()) in ("+", "−"):
            self.take_operator()
            r = self.term()
            q = Quantity(q.value + r.value if op == "+" else q.value - r.value, q.error + r.error)
        return q

    def term(self) -> Quantity:
        q = self.factor()
        while (op := self.peek_operator()) in ("×", "·", "/"):
            self.take_operator()
            r = self.factor()
            if op == "/":
                if r.value == 0:
                    raise FormulaError(f"division by zero in {self.text!r}")
                value = q.value / r.value
                error = abs(value) * (_rel(q) + _rel(r))
            else:
                value = q.value * r.value
                error = abs(q.value) * r.error + abs(r.value) * q.error
            q = Quantity(value, error)
        return q

    def factor(self) -> Quantity:
        self.space()
        if self.text.startswith("(", self.i):
            end = _close(self.text, self.i)
            inner = _Reader(self.text[self.i + 1:end - 1])
            q = inner.expression()
            inner.space()
            rest = inner.text[inner.i:]
            if rest and not rest.startswith(("; ", ", ")):   # an aside may follow: "(… 4 MiB; NCCL_BUFFSIZE …)"
                raise _Symbolic(self.text)
            self.i = end
        else:
            before = self.i
            if self.words() < 0:
                raise _Symbolic(self.text)
            self.space()
            match = _NUMBER.match(self.text, self.i)
            if not match:
                self.i = before
                raise _Symbolic(self.text)
            # a number glued to a letter is a coefficient of symbols ("4sbE", "2(ρ·sbK + P)")
            end = match.end()
            if end < len(self.text) and (self.text[end].isalpha() or self.text[end] in "(_"):
                unit = _UNIT.match(self.text, end)
                if not unit or unit.start() != end or self.text[end] == " ":
                    raise _Symbolic(self.text)
            q = _digits(match.group())
            self.i = end
            unit = _UNIT.match(self.text, self.i)
            if unit:
                scale = UNITS[unit.group(1)]
                q = Quantity(q.value * scale, q.error * scale)
                self.i = unit.end()
        self.skip_asides()
        if self.words() < 0:
            raise _Symbolic(self.text)
        self.skip_asides()
        return q


class _Symbolic(Exception):
    """The part names a quantity by a symbol: not evaluated."""


def _rel(q: Quantity) -> float:
    return q.error / abs(q.value) if q.value else 0.0


def _close(text: str, start: int) -> int:
    """The index after the bracket closing the one at `start`."""
    depth = 0
    for j in range(start, len(text)):
        if text[j] in "([":
            depth += 1
        elif text[j] in ")]":
            depth -= 1
            if not depth:
                return j + 1
    raise FormulaError(f"unbalanced brackets in {text!r}")


def evaluate(part: str) -> Quantity | None:
    """A part's value, or None when it is symbolic or has no number; FormulaError when it starts
    like an expression of numbers but does not read as one."""
    if not _NUMBER.search(part):
        return None
    reader = _Reader(part)
    try:
        q = reader.expression()
    except _Symbolic:
        return None
    except IndexError as exc:
        raise FormulaError(f"cannot read {part!r}") from exc
    return q


@dataclass(frozen=True)
class Reading:
    chains: list[list[tuple[str, Quantity]]]   # each equation's numeric parts, in order
    statement: Quantity | None                 # what the first segment's last part evaluates to

    @property
    def numeric(self) -> bool:
        return any(self.chains)


def read(formula: str) -> Reading:
    """Every equation of `formula` with its numeric parts, and its statement: the first segment's
    last part (a formula opens with its value's equation, or with a bare expression of numbers);
    raises AssertionError when two numeric parts of one equation disagree."""
    chains = []
    segments = equations(formula)
    statement = evaluate(segments[0][-1])
    for parts in segments:
        if len(parts) < 2:
            continue
        numeric = [(part, q) for part in parts if (q := evaluate(part)) is not None]
        for (a, qa), (b, qb) in zip(numeric, numeric[1:]):
            assert qa.agrees(qb), f"{a!r} = {qa.value:,.6g} ± {qa.error:.3g} but {b!r} = {qb.value:,.6g} " \
                                  f"± {qb.error:.3g} in {formula!r}"
        chains.append(numeric)
    return Reading(chains, statement)
