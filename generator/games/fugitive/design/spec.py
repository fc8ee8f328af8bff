"""The deck designer's constraint language and the measures it speaks of: parsing a
designer's words into DeckConstraint, and measuring a deck directly (`meets`), without
the CP-SAT model (solving.py), so that every designed deck can be checked independently.

Words used below: the *scope* of a count is a group of Hideouts: `pile1` (4-14), `pile2`
(15-28), `pile3` (29-41) as in cards.PILES, `start` (0-3 and 42, never shuffled into a
pile), or, with no scope written, all 43 Hideouts 0-42. A *run* is a stretch of
consecutive Hideout numbers (inside the scope) with equal Sprint values. The events *in
play* are the ones the variant may use (DeckConfig.events); the others are set aside.

The constraint language (case and spaces are ignored; OP is >=, <= or =; K is a whole
number):

  Sprint values
  [SCOPE-]ones OP K      K cards of the scope have Sprint +1; likewise zeros, twos,
                         threes, fours, fives for 0, +2, +3, +4, +5; K 0 to the scope's
                         size (pile1 11, pile2 14, pile3 13, start 5, all 43)
  [SCOPE-]total OP K     the scope's Sprint values add up to K; K 0 to 5 x its size
  [SCOPE-]max-run OP K   the longest run in the scope is K cards; K 1 to its size
  half-three             "two Sprint cards total +3 half the time": of all pairs of two
                         different cards among 4-41 (703 pairs), the share whose values
                         add up to 3 is within 2 percentage points of 1/2. The published
                         deck (19 odd cards +1, 19 even cards +2 among 4-41: 361 of 703
                         pairs, 51.4%) meets it, as the rule text's tip says it should
  half-three<=T          the same within T percentage points (0 to 50, up to two
                         decimals, e.g. half-three<=0.1 asks for the closest possible)
  values=A..B            every Sprint value is from A to B (0 <= A <= B <= 5); without
                         it every value is 1 or 2, as printed on the published cards
  published-start        Hideouts 0-3 and 42 keep their published values (2, 1, 2, 1, 2)

  The variant
  variant=NAME           the event variant the decks are played with (cards.VARIANTS;
                         default none)

  Events in play (variants random, discovery, helpful-*, catchup)
  events OP K            K of the 10 events are in play; K 0 to 10
  fugitive-events OP K   K events with the Fugitive's icon are in play (K 0 to 4);
                         likewise marshal-events (0 to 4), neutral-events (0 to 2)
  events-balance OP K    |Fugitive-icon events - Marshal-icon events| in play is K (0 to
                         4): events-balance<=0 asks for as many on each side
  event=KEY              that event is in play (a key of cards.EVENTS, e.g. safe-house)
  no-event=KEY           that event is set aside

  Events per pile (variants random, helpful-*)
  pile1-events OP K      K events are shuffled into pile 1 (likewise pile2, pile3); K 0
                         to 10
  pile-events OP K       K events are shuffled into the three piles together; K 0 to 10
  pile-spread OP K       the most events in one pile minus the fewest in one is K (0 to
                         10): pile-spread<=1 spreads them evenly

Without any events-in-play word, all 10 events are in play; without any per-pile word, the
piles get what the rule text says (random: 2 random events in play into each pile, so at
least 6 must be in play; helpful: its icon's events in play spread evenly), and the deck
leaves events_per_pile out (None). A word of either group frees that choice for CP-SAT.
The variant has hard needs the words cannot loosen: at least one event in play (one of
its icon for helpful-*), and for random at least one event in the piles and no more in the
piles than in play; helpful-* shuffles exactly its icon's events in play into the piles.

Unknown text, a number out of range, or an event word with a variant that has no use for
it raises QuarryError before any solving; a set of constraints no deck meets raises
QuarryError naming a smallest conflicting set.

"""

import re
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

from generator.errors import QuarryError
from generator.games.fugitive.cards import (
    ESCAPE,
    EVENT_BY_KEY,
    EVENT_KEYS,
    EVENT_VARIANTS,
    HIDEOUTS,
    PILED_VARIANTS,
    PILES,
    RANDOM_PER_PILE,
    VARIANTS,
    DeckConfig,
    helped_icon,
    published,
)
from generator.solve.conflicts import conflict_error

MAX_VALUE = 5  # DeckConfig allows Sprint values 0-5
DEFAULT_VALUES = (1, 2)
# half-three's tolerance in hundredths of a percentage point: 2 points, so that the published
# deck (361 of 703 pairs, 1.35 points off) meets it as the rule text's tip says it should
HALF_THREE_DEFAULT = 200
PAIR_CARDS = tuple(range(PILES[0][0], PILES[-1][1] + 1))  # 4-41, the cards drawn from piles
PAIRS = len(PAIR_CARDS) * (len(PAIR_CARDS) - 1) // 2  # 703
MAX_EVENTS = len(EVENT_KEYS)  # 10
MAX_CANDIDATES = 50  # decks one design ranks
MAX_GAMES = 100_000  # games played with each deck

SCOPES: dict[str, tuple[int, ...]] = {
    "all": tuple(HIDEOUTS),
    "pile1": tuple(range(PILES[0][0], PILES[0][1] + 1)),
    "pile2": tuple(range(PILES[1][0], PILES[1][1] + 1)),
    "pile3": tuple(range(PILES[2][0], PILES[2][1] + 1)),
    "start": (0, 1, 2, 3, ESCAPE),
}
COUNT_NAMES = ("zeros", "ones", "twos", "threes", "fours", "fives")  # index = Sprint value
MEASURES = (*COUNT_NAMES, "total", "max-run")
# Events in play by icon: the word, the icon on the cards (cards.Event.icon).
ICON_WORDS = {"fugitive": "fugitive", "marshal": "marshal", "neutral": "none"}
ICON_SIZES = {
    word: sum(1 for key in EVENT_KEYS if EVENT_BY_KEY[key].icon == icon)
    for word, icon in ICON_WORDS.items()
}
EVENT_MEASURES = ("events", *(f"{w}-events" for w in ICON_WORDS), "events-balance")
PILE_MEASURES = ("pile-events", "pile-spread")
IN_PLAY_KINDS = ("events", "icon-events", "events-balance", "event")  # need EVENT_VARIANTS
PILE_KINDS = ("pile-events", "pile-spread")  # need PILED_VARIANTS
ACCEPTED = (
    "[SCOPE-]ones|twos|zeros|threes|fours|fives|total|max-run >=K|<=K|=K "
    "(SCOPE pile1, pile2, pile3, start, or none for all cards 0-42), "
    "half-three, half-three<=T (T 0-50 percentage points), values=A..B (0 <= A <= B <= 5), "
    f"published-start, variant=NAME ({', '.join(VARIANTS)}), "
    "events|fugitive-events|marshal-events|neutral-events|events-balance OP K, "
    "event=KEY, no-event=KEY, pile1-events|pile2-events|pile3-events|pile-events|pile-spread "
    "OP K"
)
_NUMERIC = re.compile(r"^(?:(pile[123]|start)-)?([a-z][a-z-]*[a-z])(>=|<=|==|=)(-?\d+)$", re.ASCII)
_HALF = re.compile(r"^half-three(?:<=(\d+)(?:\.(\d{1,2}))?%?)?$", re.ASCII)
_VALUES = re.compile(r"^values=(\d+)\.\.(\d+)$", re.ASCII)
_VARIANT = re.compile(r"^variant=(.+)$")
_EVENT = re.compile(r"^(no-)?event=(.+)$")


@dataclass(frozen=True)
class DeckConstraint:
    """One parsed designer constraint.

    kind: "count" (value = the Sprint value counted), "total", "max-run", "half-three"
    (bound = tolerance in hundredths of a percentage point), "values" (value..bound),
    "published-start", "variant" (name), "events" (in play), "icon-events" (name = the
    word: fugitive, marshal, neutral), "events-balance", "event" (name = the key; value 1
    in play, 0 set aside), "pile-events" (scope pile1-3, or all for the three together),
    "pile-spread"."""

    kind: str
    scope: str = "all"
    op: str | None = None
    bound: int | None = None
    value: int | None = None
    name: str | None = None
    written: str = field(default="", compare=False)  # as written; two spellings are equal

    @property
    def label(self) -> str:
        """Return the constraint as messages name it: as it was written."""
        return self.written or self.text

    @property
    def text(self) -> str:
        """Return the constraint as written canonically (e.g. 'pile1-twos>=3')."""
        prefix = "" if self.scope == "all" else f"{self.scope}-"
        if self.kind == "count":
            return f"{prefix}{COUNT_NAMES[self.value]}{self.op}{self.bound}"
        if self.kind in ("total", "max-run"):
            return f"{prefix}{self.kind}{self.op}{self.bound}"
        if self.kind == "half-three":
            if self.bound == HALF_THREE_DEFAULT:
                return "half-three"
            whole, cents = divmod(self.bound, 100)
            decimals = f".{cents:02d}".rstrip("0") if cents else ""
            return f"half-three<={whole}{decimals}"
        if self.kind == "values":
            return f"values={self.value}..{self.bound}"
        if self.kind == "variant":
            return f"variant={self.name}"
        if self.kind == "event":
            return f"{'' if self.value else 'no-'}event={self.name}"
        if self.kind == "icon-events":
            return f"{self.name}-events{self.op}{self.bound}"
        if self.kind == "pile-events":
            return f"{self.scope if self.scope != 'all' else 'pile'}-events{self.op}{self.bound}"
        if self.kind in ("events", "events-balance", "pile-spread"):
            return f"{self.kind}{self.op}{self.bound}"
        return self.kind


def parse_constraint(text: str) -> DeckConstraint:
    """Return the constraint written as `text`; QuarryError if it is not in the language or
    a number in it is out of range."""
    return replace(_parse(text), written=str(text).strip())


def _parse(text: str) -> DeckConstraint:
    compact = re.sub(r"\s+", "", str(text)).lower()
    if compact == "published-start":
        return DeckConstraint("published-start")
    if match := _HALF.match(compact):
        whole, cents = match.group(1), match.group(2)
        if whole is None:
            return DeckConstraint("half-three", bound=HALF_THREE_DEFAULT)
        hundredths = int(whole) * 100 + int((cents or "0").ljust(2, "0"))
        if hundredths > 5000:
            raise QuarryError(f"constraint {text!r}: T must be 0 to 50 percentage points")
        return DeckConstraint("half-three", bound=hundredths)
    if match := _VALUES.match(compact):
        low, high = int(match.group(1)), int(match.group(2))
        if not 0 <= low <= high <= MAX_VALUE:
            raise QuarryError(f"constraint {text!r}: values=A..B needs 0 <= A <= B <= {MAX_VALUE}")
        return DeckConstraint("values", value=low, bound=high)
    if match := _VARIANT.match(compact):
        if match.group(1) not in VARIANTS:
            raise QuarryError(
                f"constraint {text!r}: the variant must be one of {', '.join(VARIANTS)}"
            )
        return DeckConstraint("variant", name=match.group(1))
    if match := _EVENT.match(compact):
        if match.group(2) not in EVENT_BY_KEY:
            raise QuarryError(
                f"constraint {text!r}: no event {match.group(2)!r}; the events are "
                f"{', '.join(EVENT_KEYS)}"
            )
        return DeckConstraint("event", value=0 if match.group(1) else 1, name=match.group(2))
    match = _NUMERIC.match(compact)
    known = (*MEASURES, *EVENT_MEASURES, *PILE_MEASURES)
    if not match or match.group(2) not in known:
        raise QuarryError(f"unknown constraint {text!r}; accepted: {ACCEPTED}")
    scope, measure, op, number = (
        match.group(1) or "all",
        match.group(2),
        match.group(3),
        match.group(4),
    )
    op = "=" if op == "==" else op
    number = int(number)
    if measure in MEASURES:
        return _sprint_constraint(text, scope, measure, op, number)
    return _event_constraint(text, scope, measure, op, number)


def _check_range(text: str, number: int, low: int, high: int, where: str) -> None:
    if not low <= number <= high:
        raise QuarryError(f"constraint {text!r}: K must be {low} to {high} for {where}")


def _sprint_constraint(text: str, scope: str, measure: str, op: str, number: int):
    size = len(SCOPES[scope])
    where = "all cards 0-42" if scope == "all" else f"{scope} ({_scope_cards(scope)})"
    if measure == "total":
        low, high = 0, MAX_VALUE * size
    elif measure == "max-run":
        low, high = 1, size
    else:
        low, high = 0, size
    _check_range(text, number, low, high, where)
    if measure in COUNT_NAMES:
        return DeckConstraint("count", scope, op, number, COUNT_NAMES.index(measure))
    return DeckConstraint(measure, scope, op, number)


def _event_constraint(text: str, scope: str, measure: str, op: str, number: int):
    if measure == "events" and scope in ("pile1", "pile2", "pile3"):
        _check_range(text, number, 0, MAX_EVENTS, f"the events shuffled into {scope}")
        return DeckConstraint("pile-events", scope, op, number)
    if scope != "all":
        raise QuarryError(
            f"constraint {text!r}: events are counted in play (events, fugitive-events, ...) "
            f"or per pile (pile1-events, pile2-events, pile3-events), not in {scope}"
        )
    if measure == "events":
        _check_range(text, number, 0, MAX_EVENTS, "the events in play")
        return DeckConstraint("events", op=op, bound=number)
    if measure == "events-balance":
        high = max(ICON_SIZES["fugitive"], ICON_SIZES["marshal"])
        _check_range(text, number, 0, high, "the events-balance")
        return DeckConstraint("events-balance", op=op, bound=number)
    if measure == "pile-events":
        _check_range(text, number, 0, MAX_EVENTS, "the events shuffled into the piles")
        return DeckConstraint("pile-events", op=op, bound=number)
    if measure == "pile-spread":
        _check_range(text, number, 0, MAX_EVENTS, "the pile-spread")
        return DeckConstraint("pile-spread", op=op, bound=number)
    word = measure.removesuffix("-events")
    _check_range(text, number, 0, ICON_SIZES[word], f"the {word} events in play")
    return DeckConstraint("icon-events", op=op, bound=number, name=word)


def _scope_cards(scope: str) -> str:
    cards = SCOPES[scope]
    if scope == "start":
        return "0-3 and 42"
    return f"{cards[0]}-{cards[-1]}"


def parse_constraints(texts: Sequence[str]) -> list[DeckConstraint]:
    """Return the constraints written in `texts`, parsed, duplicates dropped, order kept.
    QuarryError if two different variants are asked for, or an event word comes with a
    variant that has no use for it."""
    parsed: dict[str, DeckConstraint] = {}
    for text in texts:
        constraint = parse_constraint(text)
        parsed.setdefault(constraint.text, constraint)
    variants = [c.label for c in parsed.values() if c.kind == "variant"]
    if len(variants) > 1:
        raise conflict_error("deck", variants[:2], " (one variant at a time)")
    variant = variant_of(list(parsed.values()))
    for constraint in parsed.values():
        if constraint.kind in IN_PLAY_KINDS and variant not in EVENT_VARIANTS:
            raise QuarryError(
                f"constraint {constraint.label!r} is about the events in play: it needs "
                f"variant={', variant='.join(EVENT_VARIANTS)}, not variant={variant}"
            )
        if constraint.kind in PILE_KINDS and variant not in PILED_VARIANTS:
            raise QuarryError(
                f"constraint {constraint.label!r} is about the events shuffled into the piles: "
                f"it needs variant={', variant='.join(PILED_VARIANTS)}, not variant={variant}"
            )
    return list(parsed.values())


def variant_of(constraints: Sequence[DeckConstraint]) -> str:
    """Return the variant asked for by `constraints` ("none" if none is)."""
    return next((c.name for c in constraints if c.kind == "variant"), "none")


@dataclass(frozen=True)
class DeckBase:
    """What a constraint set leaves to the rules and defaults (hard, unnamed constraints):
    Sprint values 1..2 unless values=A..B is given; with an event variant, all 10 events in
    play unless an events-in-play word is given, and the piles as the rule text says unless
    a per-pile word is given."""

    variant: str = "none"
    default_values: bool = True
    free_events: bool = False
    free_piles: bool = False

    @classmethod
    def of(cls, constraints: Sequence[DeckConstraint]) -> "DeckBase":
        """Return the base of a whole constraint set."""
        kinds = {c.kind for c in constraints}
        return cls(
            variant_of(constraints),
            "values" not in kinds,
            bool(kinds & set(IN_PLAY_KINDS)),
            bool(kinds & set(PILE_KINDS)),
        )

    def notes(self) -> str:
        """Return the defaults and the variant's needs in force, as a parenthesis for
        messages ("" if none)."""
        notes = []
        if self.default_values:
            notes.append("Sprint values 1 or 2 unless values=A..B is given")
        variant, icon = self.variant, helped_icon(self.variant)
        if variant in EVENT_VARIANTS and not self.free_events:
            notes.append("all 10 events in play unless an events word is given")
        elif variant in EVENT_VARIANTS and variant != "random":
            needed = f"one {icon} event" if icon else "one event"
            notes.append(f"{variant} needs at least {needed} in play")
        if variant == "random" and self.free_piles:
            notes.append("random shuffles 1 to all of the events in play into the piles")
        elif variant == "random":
            notes.append(f"random shuffles {RANDOM_PER_PILE} events into each pile")
        elif icon and self.free_piles:
            notes.append(f"{variant} shuffles exactly its {icon} events in play into the piles")
        return f" ({'; '.join(notes)})" if notes else ""


# --- measuring a deck in plain Python (the report's figures) -------------------------------
def three_pairs(sprint: Sequence[int]) -> int:
    """Return how many pairs of two different cards among 4-41 have values adding up to 3."""
    counts = [sum(1 for c in PAIR_CARDS if sprint[c] == v) for v in range(MAX_VALUE + 1)]
    return sum(counts[v] * counts[3 - v] for v in range(2))


def longest_run(sprint: Sequence[int], scope: str = "all") -> int:
    """Return the longest run of equal values among consecutive numbers in `scope`."""
    cards = SCOPES[scope]
    best = run = 1
    for before, card in zip(cards, cards[1:], strict=False):
        run = run + 1 if card == before + 1 and sprint[card] == sprint[before] else 1
        best = max(best, run)
    return best


def icon_count(config: DeckConfig, word: str) -> int:
    """Return how many events in play have the icon named by `word` (fugitive, marshal,
    neutral)."""
    return len(config.event_cards(ICON_WORDS[word]))


def measure(config: DeckConfig, constraint: DeckConstraint) -> int | None:
    """Return the number a numeric constraint bounds, measured on `config` directly (None
    for a per-pile measure when the variant shuffles no events into the piles)."""
    sprint, kind = config.sprint, constraint.kind
    cards = SCOPES[constraint.scope]
    if kind == "count":
        return sum(1 for c in cards if sprint[c] == constraint.value)
    if kind == "total":
        return sum(sprint[c] for c in cards)
    if kind == "max-run":
        return longest_run(sprint, constraint.scope)
    if kind == "events":
        return len(config.events)
    if kind == "icon-events":
        return icon_count(config, constraint.name)
    if kind == "events-balance":
        return abs(icon_count(config, "fugitive") - icon_count(config, "marshal"))
    counts = config.pile_counts()
    if counts is None:
        return None
    if kind == "pile-spread":
        return max(counts) - min(counts)
    return sum(counts) if constraint.scope == "all" else counts[int(constraint.scope[-1]) - 1]


def meets(config: DeckConfig, constraint: DeckConstraint) -> bool:
    """Return whether `config` meets `constraint` (measured directly, not by the model)."""
    sprint = config.sprint
    kind = constraint.kind
    if kind == "variant":
        return config.variant == constraint.name
    if kind == "published-start":
        return all(sprint[c] == published().sprint[c] for c in SCOPES["start"])
    if kind == "values":
        return all(constraint.value <= v <= constraint.bound for v in sprint)
    if kind == "half-three":
        return abs(2 * three_pairs(sprint) - PAIRS) * 10000 <= 2 * constraint.bound * PAIRS
    if kind == "event":
        return (constraint.name in config.events) == bool(constraint.value)
    measured = measure(config, constraint)
    if measured is None:
        return False
    return {">=": measured >= constraint.bound, "<=": measured <= constraint.bound}.get(
        constraint.op, measured == constraint.bound
    )
