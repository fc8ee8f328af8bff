"""The variant designer's knobs: the tunable numbers, the constraint language and the limits.

The tunable numbers are the fields of rules.Rules: `markers` (on each life card at the
start), `extend` (markers an extended play takes), `double` (a double extended play) and
`sudden_at` (characters alive when the hearts leave play). A designer constraint is a
linear relation between them, written `LEFT OP RIGHT` (case and spaces ignored):

  OP       <=, >= or = (== is read as =)
  a side   terms joined by + and -; a term is a whole number, a number's name, or a
           product of one name with whole numbers and `n` (e.g. 2*extend, markers*n)
  names    markers, extend, double, sudden_at (or sudden), total (markers * n: the
           markers on the table), n (the player count, a constant)

Examples: markers>=6, extend<=4, double>=extend+1, sudden_at=3, markers*n<=80, total<=80.

`parse_constraints` returns them parsed (QuarryError on text it cannot read, a relation
naming no tunable number, or a bound outside the engine's range); `check_limits` checks the
command's numbers before any work.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.errors import QuarryError
from generator.games.cutthroat.rules import MAX_PLAYERS, MIN_PLAYERS, RULE_OPTIONS, Rules

NAMES = RULE_OPTIONS  # the primary variables, in this order everywhere
ALIASES = {"sudden": "sudden_at"}
# The ranges a number keeps unless the designer's constraints contradict a side: wide
# enough to hold real variants, narrow enough that no candidate is a joke (a life of 2
# markers, or of 20). The engine's own ranges (Rules.BOUNDS) always hold.
DEFAULT_RANGES = {"markers": (4, 16), "extend": (3, 6), "double": (3, 8), "sudden_at": (2, 5)}
ENGINE_RELATION = "double>=extend"  # Rules refuses a double extended play smaller than one
MAX_GAMES = 100_000
MAX_CANDIDATES = 50
MAX_TOTAL_GAMES = 1_000_000  # every candidate and the published rules together
MAX_CONSTANT = 10_000
ACCEPTED = (
    "LEFT OP RIGHT with OP <=, >= or =, sides made of whole numbers and the names "
    "markers, extend, double, sudden_at, total (markers*n) and n (players), "
    "e.g. markers>=6, double>=extend+1, markers*n<=80"
)
_RELATION = re.compile(r"^([^<>=]+)(<=|>=|==|=)([^<>=]+)$")
_TERM = re.compile(r"[+-]?[^+-]+")


@dataclass(frozen=True)
class DesignConstraint:
    """One parsed designer constraint: sum(coefficients[name] * name) `op` bound, the text
    it was written as made compact and lower case (which tells constraints apart), and the
    text as written (not compared), which names it in messages."""

    text: str
    coefficients: tuple[tuple[str, int], ...]  # (name, coefficient), names in NAMES order
    op: str
    bound: int
    written: str = field(default="", compare=False)

    @property
    def label(self) -> str:
        """Return the constraint as messages name it: as it was written."""
        return self.written or self.text

    @property
    def names(self) -> tuple[str, ...]:
        """Return the tunable numbers the constraint involves."""
        return tuple(name for name, _ in self.coefficients)

    def holds(self, rules: Rules) -> bool:
        """Return True if `rules` meets the constraint."""
        total = sum(c * getattr(rules, name) for name, c in self.coefficients)
        if self.op == "<=":
            return total <= self.bound
        if self.op == ">=":
            return total >= self.bound
        return total == self.bound


def _side(text: str, players: int, whole: str) -> tuple[dict[str, int], int]:
    """Return ({name: coefficient}, constant) of one side of a relation."""
    if "".join(_TERM.findall(text)) != text:
        raise QuarryError(f"constraint {whole!r}: cannot read {text!r}; write {ACCEPTED}")
    coefficients: dict[str, int] = {}
    constant = 0
    for term in _TERM.findall(text):
        sign = -1 if term.startswith("-") else 1
        factors = term.lstrip("+-").split("*")
        value, name = sign, None
        for factor in factors:
            factor = ALIASES.get(factor, factor)
            if factor.isascii() and factor.isdigit():
                if int(factor) > MAX_CONSTANT:
                    raise QuarryError(
                        f"constraint {whole!r}: {factor} is larger than {MAX_CONSTANT:,}"
                    )
                value *= int(factor)
            elif factor in ("n", "players"):
                value *= players
            elif factor in NAMES or factor == "total":
                if name is not None:
                    raise QuarryError(
                        f"constraint {whole!r}: {term.lstrip('+-')!r} multiplies two tunable "
                        "numbers; a term has at most one"
                    )
                if factor == "total":
                    name, value = "markers", value * players
                else:
                    name = factor
            else:
                known = ", ".join((*NAMES, "total", "n"))
                raise QuarryError(
                    f"constraint {whole!r}: unknown name {factor!r}; the names are {known}"
                    if factor and not factor[0].isdigit()
                    else f"constraint {whole!r}: cannot read {term!r}; write {ACCEPTED}"
                )
        if name is None:
            constant += value
        else:
            coefficients[name] = coefficients.get(name, 0) + value
    return coefficients, constant


def parse_constraint(text: str, players: int) -> DesignConstraint:
    """Return the constraint written as `text` for `players` players; QuarryError if it is
    not in the language, names no tunable number, or bounds one number outside the range
    the engine plays (Rules.BOUNDS)."""
    compact = re.sub(r"\s+", "", str(text)).lower()
    match = _RELATION.match(compact)
    if not match:
        raise QuarryError(f"cannot read constraint {text!r}; write {ACCEPTED}")
    left, op, right = match.groups()
    op = "=" if op == "==" else op
    left_terms, left_constant = _side(left, players, compact)
    right_terms, right_constant = _side(right, players, compact)
    merged = dict(left_terms)
    for name, c in right_terms.items():
        merged[name] = merged.get(name, 0) - c
    coefficients = tuple((name, merged[name]) for name in NAMES if merged.get(name, 0) != 0)
    if not coefficients:
        raise QuarryError(f"constraint {text!r} names no tunable number; write {ACCEPTED}")
    bound = right_constant - left_constant
    if len(coefficients) == 1:
        ((name, c),) = coefficients
        if c < 0:  # -markers>=-8 is markers<=8
            c, bound, op = -c, -bound, {"<=": ">=", ">=": "<=", "=": "="}[op]
            coefficients = ((name, c),)
        low, high = Rules.BOUNDS[name]
        if c == 1 and not low <= bound <= high:
            raise QuarryError(
                f"constraint {text!r}: the engine plays {name} from {low} to {high}, not {bound}"
            )
    return DesignConstraint(compact, coefficients, op, bound, str(text).strip())


def parse_constraints(texts: Sequence[str], players: int) -> list[DesignConstraint]:
    """Return the constraints written in `texts`, parsed, repeats dropped, order kept."""
    parsed: dict[str, DesignConstraint] = {}
    for text in texts:
        constraint = parse_constraint(text, players)
        parsed.setdefault(constraint.text, constraint)
    return list(parsed.values())


def default_bounds() -> list[DesignConstraint]:
    """Return DEFAULT_RANGES as constraints, one per side, written e.g. 'markers>=4
    (default)': they hold unless they conflict with the designer's (solving.settle)."""
    out = []
    for name in NAMES:
        low, high = DEFAULT_RANGES[name]
        for op, bound in ((">=", low), ("<=", high)):
            if bound != Rules.BOUNDS[name][0 if op == ">=" else 1]:
                out.append(
                    DesignConstraint(f"{name}{op}{bound} (default)", ((name, 1),), op, bound)
                )
    return out


def check_limits(
    players: int, target: float, candidates: int, games: int, bots: Sequence[str], bot: str
) -> None:
    """Raise QuarryError (one line) if a number of the command is out of range: players
    6-13, target (the fairness band's half-width) above 0 and at most 0.5, candidates 1-50,
    games 1 to 100,000 per candidate and 1,000,000 in all, and `bot` one of `bots`."""
    if not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise QuarryError(f"--players must be {MIN_PLAYERS} to {MAX_PLAYERS}, got {players}")
    if not 0.0 < target <= 0.5:
        raise QuarryError(
            f"--target is the fairness band's half-width, above 0 and at most 0.5; got {target}"
        )
    if not 1 <= candidates <= MAX_CANDIDATES:
        raise QuarryError(f"--candidates must be 1 to {MAX_CANDIDATES}, got {candidates}")
    if not 1 <= games <= MAX_GAMES:
        raise QuarryError(f"--games must be from 1 to {MAX_GAMES:,}, got {games}")
    if (candidates + 1) * games > MAX_TOTAL_GAMES:
        raise QuarryError(
            f"--candidates {candidates} and --games {games} make {(candidates + 1) * games:,} "
            f"games with the published rules; the most is {MAX_TOTAL_GAMES:,}"
        )
    if bot not in bots:
        raise QuarryError(f"--bot must be one of {', '.join(bots)}, got {bot!r}")
