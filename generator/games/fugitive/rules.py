"""Fugitive: the rules of one game, its actions and their notation, and the two observers.

Player 0 is the Fugitive, player 1 the Marshal; chance deals the piles and picks random
discards. The state keeps a queue of pending steps (a draw, a placement, a guess, a chance
draw) so that events can slot extra steps in the middle of a turn.
"""

import random
from collections import deque
from collections.abc import Sequence
from dataclasses import dataclass, field

from generator.engine.actions import IndexedActions
from generator.engine.game import CHANCE, TERMINAL, GameState, IllegalAction
from generator.engine.notation import ascii_number
from generator.games.fugitive.cards import (
    ESCAPE,
    EVENT_BY_CARD,
    ICONS,
    PILED_VARIANTS,
    PILES,
    PLACEHOLDERS,
    START_DRAWS,
    START_HAND,
    VARIANTS,
    DeckConfig,
    card_name,
    helped_icon,
    parse_card,
    published,
)
from generator.games.fugitive.placements import Placements

FUGITIVE, MARSHAL = 0, 1
ROLES = ("fugitive", "marshal")
NORMAL_REACH = 3
MANHUNT_LIMIT = 29  # a manhunt is possible when no revealed Hideout is above this
RULES_VERSION = 1


# --- actions -------------------------------------------------------------------------------
@dataclass(frozen=True)
class Deal:
    """Chance: the order of each pile (top first) and of the event piles in play."""

    piles: tuple[tuple[int, ...], ...]
    events: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class Draw:
    pile: int  # 0, 1, 2


@dataclass(frozen=True)
class Hide:
    hideout: int
    sprint: tuple[int, ...] = ()

    def __post_init__(self) -> None:
        object.__setattr__(self, "sprint", tuple(sorted(self.sprint)))


@dataclass(frozen=True)
class Pass:
    pass


@dataclass(frozen=True)
class Guess:
    numbers: tuple[int, ...]

    def __post_init__(self) -> None:
        object.__setattr__(self, "numbers", tuple(sorted(self.numbers)))


@dataclass(frozen=True)
class Discard:
    """Chance: the card a random discard takes."""

    card: int


SINGLE_GUESSES = tuple(Guess((n,)) for n in range(1, 42))


# --- state ---------------------------------------------------------------------------------
@dataclass
class Hideout:
    number: int
    sprint: tuple[int, ...]
    revealed: bool


@dataclass(frozen=True)
class Step:
    kind: str  # deal, draw, place, guess, manhunt, discard
    player: int
    first: bool = False  # place: the first card of the Fugitive's first turn
    free: bool = False  # guess: an extra single guess from an event
    victim: int = -1  # discard: whose hand loses a random card


@dataclass
class FugitiveState(GameState):
    config: DeckConfig = field(default_factory=published)
    piles: list[list[int]] = field(default_factory=lambda: [[], [], []])
    event_piles: list[list[int]] = field(default_factory=list)
    hands: list[set[int]] = field(default_factory=lambda: [set(), set()])
    row: list[Hideout] = field(default_factory=lambda: [Hideout(0, (), True)])
    discarded: list[int] = field(default_factory=list)
    steps: deque = field(default_factory=lambda: deque([Step("deal", CHANCE)]))
    turn: int = 0
    marshal_turns: int = 0
    bonus_reach: int = 0
    single_only: bool = False
    winner: int | None = None
    manhunt: bool = False
    # public: what both players saw happen, an entry per thing; an entry is complete when the
    # action that wrote it is, and never changed after (views and clones share them)
    history: list[dict] = field(default_factory=list)
    _history_tuple: tuple = field(default=(), repr=False, compare=False)  # see _history_view

    # --- protocol --------------------------------------------------------------------------
    def current_player(self) -> int:
        if self.winner is not None:
            return TERMINAL
        return self.steps[0].player

    def is_terminal(self) -> bool:
        return self.winner is not None

    def returns(self) -> list[float]:
        if self.winner is None:
            return [0.0, 0.0]
        return [1.0, -1.0] if self.winner == FUGITIVE else [-1.0, 1.0]

    def face_down(self) -> list[Hideout]:
        """Return the Hideouts not yet revealed (the 42 is played face up)."""
        return [h for h in self.row if not h.revealed]

    def highest_revealed(self) -> int:
        """Return the highest revealed Hideout number (0 at the start)."""
        return max(h.number for h in self.row if h.revealed and h.number != ESCAPE)

    def reach(self, sprint: tuple[int, ...]) -> int:
        """Return the highest number the next Hideout may have with these Sprint cards."""
        total = sum(self.config.sprint[c] for c in sprint if 0 <= c <= 42)
        return self.row[-1].number + NORMAL_REACH + total + self.bonus_reach

    def legal_actions(self) -> Sequence:
        """Every legal action; for guesses only single numbers are listed (any set of
        distinct numbers 1-41 is legal as a series, and apply() accepts it). A placement
        step's actions (a pass, then each Hideout of the hand from low to high with every
        set of Sprint cards that reaches it, fewest first) come by index, each decoded when
        asked for (placements.py): a hand of a dozen cards holds thousands."""
        if self.winner is not None:
            return []
        step = self.steps[0]
        if step.kind == "deal":
            return []  # chance: use sample_chance
        if step.kind == "discard":
            return [Discard(c) for c in sorted(self._discardable(step.victim))]
        if step.kind == "draw":
            return [Draw(p) for p in range(3) if self.piles[p]]
        if step.kind in ("guess", "manhunt"):
            return list(SINGLE_GUESSES)
        return self._placement_actions(step.first)

    def _placement_actions(self, first: bool) -> IndexedActions:
        """Return a pass (but on the first turn) and every legal Hide, by index."""
        last = self.row[-1].number
        placements = Placements(
            tuple(sorted(self.hands[FUGITIVE])),
            self.config.sprint,
            last,
            last + NORMAL_REACH + self.bonus_reach,
        )
        passes = 0 if first else 1

        def at(index: int):
            if index < passes:
                return Pass()
            return Hide(*placements.at(index - passes))

        def allows(action) -> bool:
            if isinstance(action, Pass):
                return passes == 1
            return isinstance(action, Hide) and placements.allows(action.hideout, action.sprint)

        return IndexedActions(passes + placements.length, at, allows)

    def sample_chance(self, rng: random.Random):
        """Return a chance outcome drawn with `rng` (a deal, or a random discard)."""
        step = self.steps[0]
        if step.kind == "discard":
            return Discard(rng.choice(sorted(self._discardable(step.victim))))
        return deal_for(self.config, rng)

    def _discardable(self, player: int) -> set[int]:
        return {c for c in self.hands[player] if c != ESCAPE}

    def apply(self, action) -> None:
        reason = self._illegal(action)
        if reason:
            raise IllegalAction(reason)
        step = self.steps.popleft()
        _EFFECTS[type(action)](self, step, action)
        self._advance()

    # --- legality --------------------------------------------------------------------------
    def _illegal(self, action) -> str | None:
        if self.winner is not None:
            return "the game is over"
        step = self.steps[0]
        if type(action) not in _EXPECTED[step.kind]:
            return f"expected {_WANTED[step.kind]}"
        if isinstance(action, Deal):
            return _deal_problem(self.config, action)
        if isinstance(action, Draw):
            if not 0 <= action.pile <= 2:
                return "there are piles 1, 2 and 3"
            if not self.piles[action.pile]:
                return f"pile {action.pile + 1} is empty"
            return None
        if isinstance(action, Discard):
            if action.card not in self._discardable(step.victim):
                return f"the {ROLES[step.victim]} holds no card {action.card} to discard"
            return None
        if isinstance(action, Pass):
            return "on his first turn the Fugitive must place a Hideout" if step.first else None
        if isinstance(action, Hide):
            return self._hide_problem(action)
        numbers = action.numbers
        if not numbers or len(set(numbers)) != len(numbers):
            return "a guess names one or more different numbers"
        if any(not 1 <= n <= 41 for n in numbers):
            return "guesses are numbers from 1 to 41"
        if self._single_guess(step) and len(numbers) != 1:
            return "this guess must be a single number"
        return None

    def _single_guess(self, step: Step) -> bool:
        """Return whether this guess may name only one number (manhunt, extra, Lie Low)."""
        return step.kind == "manhunt" or step.free or (step.kind == "guess" and self.single_only)

    def _hide_problem(self, action: Hide) -> str | None:
        hand = self.hands[FUGITIVE]
        cards = (action.hideout, *action.sprint)
        if len(set(cards)) != len(cards):
            return "a card can be used once"
        missing = [c for c in cards if c not in hand]
        if missing:
            return f"the Fugitive does not hold {', '.join(map(card_name, missing))}"
        last = self.row[-1].number
        if action.hideout <= last:
            return f"a new Hideout must be above the last one ({last})"
        reach = self.reach(action.sprint)
        if action.hideout > reach:
            return f"{action.hideout} is out of reach: at most {reach} with these Sprint cards"
        return None

    # --- effects ---------------------------------------------------------------------------
    def _deal(self, step: Step, action: Deal) -> None:
        self.piles = [list(p) for p in action.piles]
        self.event_piles = [list(p) for p in action.events]
        hand = set(START_HAND)
        for pile, count in enumerate(START_DRAWS):
            # The setup draws come off the top; _deal_problem saw that they are Hideouts
            # (the variant's extra cards go into the piles only after them).
            hand.update(self.piles[pile][:count])
            del self.piles[pile][:count]
        self.hands[FUGITIVE] = hand
        self.history.append({"what": "deal", "sizes": [len(p) for p in self.piles]})
        self._start_fugitive_turn()

    def _draw(self, step: Step, action: Draw) -> None:
        card = self.piles[action.pile].pop(0)
        who = step.player
        entry = {"what": "draw", "player": ROLES[who], "pile": action.pile + 1}
        self.history.append(entry)
        if card <= 42:
            self.hands[who].add(card)
            return
        if card in PLACEHOLDERS:
            entry["placeholder"] = True
            hidden = len(self.face_down())
            icon = 0 if hidden <= 1 else (2 if hidden == 2 else 1)  # fugitive, marshal, none
            pile = self.event_piles[icon] if len(self.event_piles) == 3 else []
            follow = [Step("draw", who)]
            if pile:
                follow = self._event(pile.pop(0), who) + follow
            self.steps.extendleft(reversed(follow))
            return
        follow = self._event(card, who) + [Step("draw", who)]
        self.steps.extendleft(reversed(follow))

    def _event(self, card: int, drawer: int) -> list[Step]:
        """Resolve event `card` drawn by `drawer`; return the steps it adds, in order."""
        event = EVENT_BY_CARD[card]
        note = {"what": "event", "event": event.key, "drawer": ROLES[drawer]}
        self.history.append(note)
        self.discarded.append(card)
        key = event.key
        if key == "safe-house":
            return [Step("draw", FUGITIVE), Step("draw", FUGITIVE)]
        if key == "roadblock":
            return [Step("draw", MARSHAL), Step("draw", MARSHAL)]
        if key == "windfall":
            return [Step("draw", drawer), Step("draw", drawer)]
        if key == "false-lead":
            return [Step("discard", CHANCE, victim=MARSHAL)]
        if key == "dragnet":
            return [Step("discard", CHANCE, victim=FUGITIVE)]
        if key == "fast-horse" or (key == "second-wind" and drawer == FUGITIVE):
            self.bonus_reach += 2
            return []
        if key == "lie-low":
            self.single_only = True
            return []
        if key == "search-party" or key == "second-wind":
            return [Step("guess", MARSHAL, free=True)]
        hidden = self.face_down()
        if hidden:  # informant
            note["parity"] = "even" if hidden[-1].number % 2 == 0 else "odd"
            note["position"] = self.row.index(hidden[-1])
        return []

    def _discard(self, step: Step, action: Discard) -> None:
        victim = step.victim
        self.hands[victim].discard(action.card)
        self.discarded.append(action.card)
        self.history.append({"what": "discard", "player": ROLES[victim], "card": action.card})

    def _hide(self, step: Step, action: Hide) -> None:
        for card in (action.hideout, *action.sprint):
            self.hands[FUGITIVE].discard(card)
        escape = action.hideout == ESCAPE
        self.row.append(Hideout(action.hideout, action.sprint, revealed=escape))
        self.bonus_reach = 0
        self.history.append({"what": "hide", "sprints": len(action.sprint), "escape": escape})
        if escape:
            if self.highest_revealed() <= MANHUNT_LIMIT and self.face_down():
                self.manhunt = True
                self.steps.clear()
                self.steps.append(Step("manhunt", MARSHAL))
                self.history.append({"what": "manhunt"})
            else:
                self.winner = FUGITIVE
            return
        if step.first:
            self.steps.appendleft(Step("place", FUGITIVE, first=False))

    def _pass(self, step: Step, action: Pass) -> None:
        self.history.append({"what": "pass"})

    def _guess(self, step: Step, action: Guess) -> None:
        hidden = {h.number: h for h in self.face_down()}
        right = all(n in hidden for n in action.numbers)
        if step.kind == "guess" and not step.free:
            self.single_only = False
        self.history.append(
            {
                "what": "guess",
                "numbers": list(action.numbers),
                "right": right,
                "revealed": [[n, *hidden[n].sprint] for n in action.numbers] if right else [],
            }
        )
        if right:
            for n in action.numbers:
                hidden[n].revealed = True
        if not self.face_down():
            self.winner = MARSHAL
            return
        if step.kind == "manhunt":
            if right:
                self.steps.appendleft(Step("manhunt", MARSHAL))
            else:
                self.winner = FUGITIVE
            return
        if right and self.config.variant == "discovery" and self.event_piles:
            pile = self.event_piles[0]
            if pile:
                self.steps.extendleft(reversed(self._event(pile.pop(0), FUGITIVE)))

    # --- turns -----------------------------------------------------------------------------
    def _advance(self) -> None:
        """Drop steps that cannot happen (a draw from empty piles, a discard from an empty
        hand); when no step is pending, start the next player's turn."""
        while self.winner is None:
            if not self.steps:
                if self._last_mover == FUGITIVE:
                    self._start_marshal_turn()
                else:
                    self._start_fugitive_turn()
                continue
            step = self.steps[0]
            if (step.kind == "draw" and not any(self.piles)) or (
                step.kind == "discard" and not self._discardable(step.victim)
            ):
                self.steps.popleft()
                continue
            break

    @property
    def _last_mover(self) -> int:
        return FUGITIVE if self.marshal_turns < self.turn else MARSHAL

    def _start_fugitive_turn(self) -> None:
        self.turn += 1
        first = self.turn == 1
        if not first:
            self.steps.append(Step("draw", FUGITIVE))
        self.steps.append(Step("place", FUGITIVE, first=first))

    def _start_marshal_turn(self) -> None:
        self.marshal_turns += 1
        draws = 2 if self.marshal_turns == 1 else 1
        self.steps.extend(Step("draw", MARSHAL) for _ in range(draws))
        self.steps.append(Step("guess", MARSHAL))

    # --- observers -------------------------------------------------------------------------
    def observation(self, player: int):
        row, steps = self.row, self.steps
        public_row = tuple(
            [
                (h.number, len(h.sprint), h.sprint) if h.revealed else (None, len(h.sprint), None)
                for h in row
            ]
        )
        common = dict(
            turn=self.turn,
            step=steps[0].kind if steps and self.winner is None else "over",
            row=public_row,
            pile_sizes=(len(self.piles[0]), len(self.piles[1]), len(self.piles[2])),
            history=self._history_view(),
            discarded=tuple(self.discarded),
            config=self.config,
            single_only=bool(steps and self._single_guess(steps[0])),
        )
        if player == MARSHAL:
            return MarshalView(
                hand=tuple(sorted(self.hands[MARSHAL])),
                fugitive_hand_size=len(self.hands[FUGITIVE]),
                **common,
            )
        return FugitiveView(
            hand=tuple(sorted(self.hands[FUGITIVE])),
            marshal_hand_size=len(self.hands[MARSHAL]),
            hideouts=tuple([(h.number, h.sprint, h.revealed) for h in row]),
            bonus_reach=self.bonus_reach,
            **common,
        )

    def _history_view(self) -> tuple:
        """Return the history as a tuple, made anew only when entries were added (entries are
        never changed once an action is done, and the list only grows)."""
        if len(self._history_tuple) != len(self.history):
            self._history_tuple = tuple(self.history)
        return self._history_tuple

    def clone(self) -> "FugitiveState":
        copy = FugitiveState(config=self.config)
        copy.piles = [list(p) for p in self.piles]
        copy.event_piles = [list(p) for p in self.event_piles]
        copy.hands = [set(h) for h in self.hands]
        copy.row = [Hideout(h.number, h.sprint, h.revealed) for h in self.row]
        copy.discarded = list(self.discarded)
        copy.steps = deque(self.steps)
        copy.turn, copy.marshal_turns = self.turn, self.marshal_turns
        copy.bonus_reach, copy.single_only = self.bonus_reach, self.single_only
        copy.winner, copy.manhunt = self.winner, self.manhunt
        copy.history = list(self.history)  # shared entries: each is final once written
        return copy

    def parse_action(self, text: str):
        return parse_action(text)

    def format_action(self, action) -> str:
        return format_action(action)


# the action types each step takes, and the effect of each type (FugitiveState methods)
_EXPECTED = {
    "deal": (Deal,),
    "draw": (Draw,),
    "place": (Hide, Pass),
    "guess": (Guess,),
    "manhunt": (Guess,),
    "discard": (Discard,),
}
_EFFECTS = {
    Deal: FugitiveState._deal,
    Draw: FugitiveState._draw,
    Hide: FugitiveState._hide,
    Pass: FugitiveState._pass,
    Guess: FugitiveState._guess,
    Discard: FugitiveState._discard,
}

_WANTED = {
    "deal": "the deal",
    "draw": "a draw",
    "place": "a Hideout or a pass",
    "guess": "a guess",
    "manhunt": "a manhunt guess",
    "discard": "a random discard",
}


@dataclass(frozen=True)
class MarshalView:
    """What the Marshal sees at the table: the row (face-down Hideouts show only how many
    Sprint cards lie under them), revealed cards, her hand, pile sizes, every public event."""

    hand: tuple[int, ...]
    fugitive_hand_size: int
    turn: int
    step: str
    row: tuple
    pile_sizes: tuple[int, ...]
    history: tuple
    discarded: tuple[int, ...]
    config: DeckConfig
    single_only: bool


@dataclass(frozen=True)
class FugitiveView:
    """What the Fugitive knows: his hand, every card of his row, the public table."""

    hand: tuple[int, ...]
    marshal_hand_size: int
    hideouts: tuple
    bonus_reach: int
    turn: int
    step: str
    row: tuple
    pile_sizes: tuple[int, ...]
    history: tuple
    discarded: tuple[int, ...]
    config: DeckConfig
    single_only: bool


# --- setup helpers ---------------------------------------------------------------------------
def deal_for(config: DeckConfig, rng: random.Random) -> Deal:
    """Return a random deal for `config`, made in the rule text's order: the three piles of
    Hideouts are shuffled, the Fugitive's setup draws (cards.START_DRAWS) come off their
    tops, and only then are the variant's events or Placeholders (drawn from the events in
    play, config.events, as many per pile as config.pile_counts()) shuffled into what is
    left of each pile. The deal lists each pile top first as it stood before the setup
    draws, so its top START_DRAWS[p] cards of pile p are always Hideouts."""
    piles = [list(range(low, high + 1)) for low, high in PILES]
    extras: list[list[int]] = [[], [], []]
    events: tuple[tuple[int, ...], ...] = ()
    variant = config.variant
    counts = config.pile_counts()
    if variant == "random":
        chosen = rng.sample(config.event_cards(), sum(counts))
        start = 0
        for index, count in enumerate(counts):
            extras[index] += chosen[start : start + count]
            start += count
    elif variant.startswith("helpful-"):
        helped = config.event_cards(helped_icon(variant))
        rng.shuffle(helped)
        for card, index in zip(helped, _round_robin(counts), strict=True):
            extras[index].append(card)
    elif variant == "discovery":
        order = config.event_cards()
        rng.shuffle(order)
        events = (tuple(order),)
    elif variant == "catchup":
        groups = [config.event_cards(icon) for icon in ICONS]
        for group in groups:
            rng.shuffle(group)
        events = tuple(tuple(g) for g in groups)
        for index in range(3):
            extras[index] += list(PLACEHOLDERS[2 * index : 2 * index + 2])
    for pile in piles:
        rng.shuffle(pile)
    for pile, extra, drawn in zip(piles, extras, START_DRAWS, strict=True):
        if extra:  # a variant without extra cards deals exactly as the plain game
            rest = pile[drawn:] + extra
            rng.shuffle(rest)
            pile[drawn:] = rest
    return Deal(tuple(tuple(p) for p in piles), events)


def _round_robin(counts: tuple[int, ...]) -> list[int]:
    """Return pile indexes taking turns, each pile while it still wants cards: (2, 1, 1)
    gives [0, 1, 2, 0]."""
    left, order = list(counts), []
    while any(left):
        for index in range(3):
            if left[index]:
                order.append(index)
                left[index] -= 1
    return order


def _counts_text(counts: tuple[int, ...]) -> str:
    if len(set(counts)) == 1:
        return f"{counts[0]} events into each pile"
    return f"{counts[0]}, {counts[1]} and {counts[2]} events into piles 1, 2 and 3"


def _deal_problem(config: DeckConfig, deal: Deal) -> str | None:
    """Return why `deal` is not one `config` can deal (the right Hideouts in each pile, only
    events in play, as many in each pile as the configuration says), or None."""
    if len(deal.piles) != 3:
        return "a deal orders three piles"
    for index, ((low, high), pile) in enumerate(zip(PILES, deal.piles, strict=True)):
        hideouts = sorted(c for c in pile if c <= 42)
        if hideouts != list(range(low, high + 1)):
            return f"pile {index + 1} must hold exactly the Hideouts {low}-{high}"
    for index, (pile, count) in enumerate(zip(deal.piles, START_DRAWS, strict=True)):
        if any(c > 42 for c in pile[:count]):
            return (
                f"the top {count} cards of pile {index + 1} must be Hideouts: the Fugitive's "
                "setup draws come off the piles before any event or Placeholder is shuffled in"
            )
    extras = [c for pile in deal.piles for c in pile if c > 42]
    variant = config.variant
    if variant in ("none", "discovery") and extras:
        return f"no events go into the piles in the {variant!r} variant"
    if len(set(extras)) != len(extras):
        return "an event card appears twice"
    # What the variant puts into the piles and the event piles (a replayed record's deal
    # must be one the configuration can deal; an unknown card must not reach _event()).
    counts = tuple(sum(c > 42 for c in pile) for pile in deal.piles)
    in_play = set(config.event_cards())
    wanted = config.pile_counts()
    source = "" if config.events_per_pile is None else " (this deck's events_per_pile)"
    if variant in PILED_VARIANTS:
        outside = [c for c in extras if c in EVENT_BY_CARD and c not in in_play]
        if outside:
            card = outside[0]
            return f"{card_name(card)} ({EVENT_BY_CARD[card].key}) is not in play in this deck"
    if variant == "random" and (counts != wanted or any(c not in in_play for c in extras)):
        return f"the 'random' variant shuffles {_counts_text(wanted)}{source}"
    if variant.startswith("helpful-"):
        helped = sorted(config.event_cards(helped_icon(variant)))
        spread = (
            max(counts) - min(counts) <= 1 if config.events_per_pile is None else counts == wanted
        )
        if sorted(extras) != helped or not spread:
            how = "evenly over the piles" if not source else _counts_text(wanted) + source
            return (
                f"the {variant!r} variant shuffles its icon's {len(helped)} events in play, "
                f"and no others, {how}"
            )
    if variant == "catchup" and (counts != (2, 2, 2) or any(c not in PLACEHOLDERS for c in extras)):
        return "the 'catchup' variant shuffles 2 Placeholders into each pile"
    expected: tuple[list[int], ...] = ()
    if variant == "discovery":
        expected = (sorted(in_play),)
    elif variant == "catchup":
        expected = tuple(sorted(config.event_cards(icon)) for icon in ICONS)
    if tuple(sorted(p) for p in deal.events) != expected:
        if not expected:
            return f"the {variant!r} variant has no event piles"
        return f"the {variant!r} variant's event piles must hold " + (
            f"all {len(in_play)} events in play"
            if variant == "discovery"
            else "its events in play by icon (ef, em, en)"
        )
    return None


# --- notation --------------------------------------------------------------------------------
def _cards(text: str) -> tuple[int, ...]:
    if not text:
        return ()
    try:
        return tuple(parse_card(part) for part in text.split("."))
    except ValueError as error:
        raise IllegalAction(str(error)) from None


def _numbers(words: list[str]) -> tuple[int, ...]:
    try:
        return tuple(sorted(ascii_number(w) for w in words))
    except ValueError:
        raise IllegalAction(f"not numbers: {' '.join(words)!r}") from None


def parse_action(text: str):
    """Return the action written as `text`: "deal 1=.. 2=.. 3=.. [e=..|ef=.. em=.. en=..]",
    "draw 2", "hide 17", "hide 17 sprint 4 10", "pass", "guess 14", "guess 14 17",
    "discard 9"."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("empty action")
    head, rest = words[0], words[1:]
    if head == "pass" and not rest:
        return Pass()
    if head == "draw" and len(rest) == 1 and rest[0] in ("1", "2", "3"):
        return Draw(ascii_number(rest[0]) - 1)
    if head == "guess" and rest:
        return Guess(_numbers(rest))
    if head == "discard" and len(rest) == 1:
        return Discard(_cards(rest[0])[0])
    if head == "hide" and rest:
        hideout = _numbers(rest[:1])[0]
        if len(rest) == 1:
            return Hide(hideout)
        if rest[1] == "sprint" and len(rest) > 2:
            return Hide(hideout, _numbers(rest[2:]))
    if head == "deal":
        parts = dict(part.partition("=")[::2] for part in rest)
        if {"1", "2", "3"} <= set(parts):
            piles = tuple(_cards(parts[k]) for k in ("1", "2", "3"))
            if "e" in parts:
                events = (_cards(parts["e"]),)
            elif "ef" in parts:
                events = tuple(_cards(parts.get(k, "")) for k in ("ef", "em", "en"))
            else:
                events = ()
            return Deal(piles, events)
    raise IllegalAction(f"cannot read action {text!r}")


def format_action(action) -> str:
    """Return the text notation of `action` (parse_action reads it back)."""
    if isinstance(action, Pass):
        return "pass"
    if isinstance(action, Draw):
        return f"draw {action.pile + 1}"
    if isinstance(action, Guess):
        return "guess " + " ".join(map(str, action.numbers))
    if isinstance(action, Discard):
        return f"discard {card_name(action.card)}"
    if isinstance(action, Hide):
        sprint = (" sprint " + " ".join(map(str, action.sprint))) if action.sprint else ""
        return f"hide {action.hideout}{sprint}"
    piles = " ".join(f"{i + 1}={'.'.join(map(card_name, p))}" for i, p in enumerate(action.piles))
    if len(action.events) == 1:
        return f"deal {piles} e={'.'.join(map(card_name, action.events[0]))}"
    if len(action.events) == 3:
        keys = ("ef", "em", "en")
        extra = " ".join(
            f"{k}={'.'.join(map(card_name, p))}" for k, p in zip(keys, action.events, strict=True)
        )
        return f"deal {piles} {extra}"
    return f"deal {piles}"


def new_game(config: DeckConfig | None = None) -> FugitiveState:
    """Return a game waiting for its deal."""
    return FugitiveState(config=config or published())


# --- records ---------------------------------------------------------------------------------
OPTIONS = ("variant", "deck")  # the options a record's header may hold


def state_from_header(header: dict) -> FugitiveState:
    """Return a game waiting for its deal, with the options of a record's header:
    {"variant": one of cards.VARIANTS, "deck": an optional DeckConfig JSON}
    (ValueError with the reason if they are malformed)."""
    version = header.get("rules_version", RULES_VERSION)
    if version != RULES_VERSION:
        raise ValueError(f"rules_version {version!r} is not {RULES_VERSION}")
    options = header.get("options", {})
    if not isinstance(options, dict) or set(options) - set(OPTIONS):
        raise ValueError('options must be {"variant": ..., "deck": {...}} (deck is optional)')
    variant = options.get("variant", "none")
    if variant not in VARIANTS:
        raise ValueError(f"options.variant must be one of {', '.join(VARIANTS)}, not {variant!r}")
    config = published(variant)
    if options.get("deck") is not None:
        deck = options["deck"]
        if isinstance(deck, dict) and deck.get("variant", variant) != variant:
            raise ValueError(
                f"options.deck.variant {deck.get('variant')!r} differs from "
                f"options.variant {variant!r}"
            )
        try:
            config = DeckConfig.from_json({**deck, "variant": variant})
        except (TypeError, ValueError) as error:
            message = str(error) if isinstance(error, ValueError) else "a JSON object"
            raise ValueError(f"options.deck: {message}") from None
    return new_game(config)


def _ending(state: FugitiveState) -> str:
    """Return how a finished game ended: escaped, manhunt-failed, guessed or manhunt."""
    if state.winner == FUGITIVE:
        return "manhunt-failed" if state.manhunt else "escaped"
    return "manhunt" if state.manhunt else "guessed"


_ENDINGS = {
    "escaped": "Fugitive wins: escaped with the 42",
    "manhunt-failed": "Fugitive wins: escaped when the Marshal's manhunt failed",
    "guessed": "Marshal wins: caught the Fugitive by guessing all his Hideouts",
    "manhunt": "Marshal wins: caught the Fugitive in a manhunt",
}


def _placed(state: FugitiveState) -> tuple[int, int]:
    """Return (Hideouts the Fugitive placed, the 42 included; how many were found)."""
    placed = state.row[1:]
    found = sum(h.revealed and h.number != ESCAPE for h in placed)
    return len(placed), found


def result_text(state: FugitiveState) -> str:
    """Return a one-line account of the game's end (or where an unfinished record stops)."""
    placed, found = _placed(state)
    escape = " (the 42 included)" if state.row[-1].number == ESCAPE else ""
    plural = "s" if placed != 1 else ""
    tally = f"{placed} Hideout{plural} placed{escape}, {found} found by the Marshal"
    if not state.is_terminal():
        return f"the record stops during turn {state.turn}; {tally} so far"
    return f"{_ENDINGS[_ending(state)]}, on turn {state.turn}; {tally}"


def record_result(state: FugitiveState) -> dict:
    """Return a record's result: the winner, how the game ended (both None while it goes
    on), its turns, the Hideouts placed and found, and the events drawn."""
    placed, found = _placed(state)
    return {
        "turns": state.turn,
        "hideouts_placed": placed,
        "hideouts_found": found,
        "events": [h["event"] for h in state.history if h["what"] == "event"],
        "winner": ROLES[state.winner] if state.winner is not None else None,
        "ending": _ending(state) if state.winner is not None else None,
    }


def record_for(state: FugitiveState, actions: list[str], seed: int, players: dict) -> dict:
    """Return the JSON record of a game: header, actions (notation) and the result
    (record_result)."""
    options: dict = {"variant": state.config.variant}
    if state.config != published(state.config.variant):
        options["deck"] = state.config.to_json()
    return {
        "header": {
            "game": "fugitive",
            "rules_version": RULES_VERSION,
            "options": options,
            "seed": seed,
            "players": players,
        },
        "actions": actions,
        "result": record_result(state),
    }
