"""The rules of The Most Dangerous Game as docs/rules/island.md states them.

A state is driven by a stack of steps. A step either waits for an action (a player's choice,
or CHANCE: a die roll or a card drawn) or is done by the engine at once (a look, a reveal,
the next turn). Actions are texts in the game's notation ("roll 5", "draw sprint", "move F12",
"play distraction 3 F9", "attack 2", "done"); parse_action checks the grammar, apply checks
legality against the step on top of the stack.

What the table sees goes into `log`, a list of public events. Facts about a Hunted's square
are events a tracker reads directly (see tracking.Track): ("start", x), ("hmove", x, steps,
exact), ("extra", x, steps, same_turn), ("fact", x, mask) and ("fact-at", x, time, mask),
where time counts the Hunted's moves (0 at his start, one more per "hmove" or "extra") and
same_turn says whether a card move shares a turn (and its one boat crossing) with his move
before it.
"""

from __future__ import annotations

import random
from bisect import bisect_left
from collections.abc import Callable, Hashable
from dataclasses import dataclass

from generator.engine.bitboards import bits
from generator.engine.game import CHANCE, TERMINAL, GameState, IllegalAction
from generator.engine.notation import is_ascii_number
from generator.games.island import cards
from generator.games.island.board import ZONES, Island, default_island, distance

RULES_VERSION = 1
HUNTER, HUNTED = cards.HUNTER, cards.HUNTED
MIN_PLAYERS, MAX_PLAYERS = 4, 7
HAND_LIMIT, DRAW_TO, START_CARDS = 3, 4, 3
HUNTER_DIE, HUNTED_DIE, CHOOSE_DIE = 8, 6, 6
RANGE, ELEVATED_RANGE, NEAR_RANGE = 6, 8, 2
SPYGLASS_BONUS, HORN_RANGE = 2, 10
CARD_STEPS = {"sprint": 2, "forced-march": 3, "run-for-cover": 2, "distraction": 2}
TRAIL_LAG = 2  # in cycle c a Hunted shows mark c - 2
CAPTURE_POINTS, ESCAPE_POINTS, LAST_SURVIVOR_POINTS = 2, 2, 4
OPTION_VALUES = {
    "vision": ("steps", "square"),
    "movement": ("exact", "up-to"),
    "ties": ("hunted", "hunter", "reroll"),
}
DEFAULTS = {"vision": "steps", "movement": "exact", "ties": "hunted"}
ZONE_SLUGS = tuple(zone.lower().replace(" ", "-") for zone in ZONES)
_ORDERS = {  # players -> first -> the turn order from `first`
    n: [[(first + i) % n for i in range(n)] for first in range(n)]
    for n in range(MIN_PLAYERS, MAX_PLAYERS + 1)
}


@dataclass(frozen=True)
class Rules:
    """The options of one game (see docs/rules/island.md, "Options")."""

    vision: str = "steps"
    movement: str = "exact"
    ties: str = "hunted"

    def __post_init__(self) -> None:
        for name, allowed in OPTION_VALUES.items():
            if getattr(self, name) not in allowed:
                raise ValueError(f"{name} must be one of {', '.join(allowed)}")


class IslandState(GameState):
    """A game of The Most Dangerous Game for 4-7 players on `island`."""

    def __init__(self, players: int, island: Island | None = None, rules: Rules | None = None):
        if not MIN_PLAYERS <= players <= MAX_PLAYERS:
            raise ValueError(f"the game takes {MIN_PLAYERS} to {MAX_PLAYERS} players")
        self.island = island or default_island()
        self.geo = self.island.geometry
        self.rules = rules or Rules()
        self.players = players
        self.first = -1  # the player who hunts from the start; his turn begins each cycle
        self.role = [HUNTED] * players
        self.turned = [False] * players
        self.gone = [False] * players  # an escaped Hunted
        self.pos: list[int | None] = [None] * players
        self.hand: list[list[str]] = [[] for _ in range(players)]
        self.piles = {deck: cards.deck_counts(deck) for deck in (HUNTER, HUNTED)}
        self.discards = {deck: dict.fromkeys(cards.deck_counts(deck), 0) for deck in self.piles}
        self.points = [0] * players
        self.marks: list[list[int]] = [[] for _ in range(players)]
        self.mark_times: list[list[int]] = [[] for _ in range(players)]
        self.clock = [0] * players
        self.traps: list[dict] = []
        self.trap_count = 0
        self.visible: set[int] = set()
        self.lie_low: set[int] = set()
        self.false_trail: set[int] = set()
        self.snared: set[int] = set()
        self.cycle = 0
        self.turn = -1  # whose turn it is
        self.turns = 0
        self.crossed: set[int] = set()  # tokens that crossed by boat in this turn
        self.moved_turn = [-1] * players  # the turn of each Hunted's latest move
        self.start_order: list[int] = []  # the Hunted in the order they chose their starts
        self.shown_memo: dict[tuple[int, int], tuple] = {}  # _shown_starts, once made
        self.rolls: list[int] = []
        self.attacked: set[int] = set()
        self.fight: dict | None = None
        self.setup_rolls: dict[int, int] = {}
        self.rolling = list(range(players))
        self.over = False
        self._legal: list[str] | None = None  # the legal actions, until the next apply
        self.log: list[tuple] = []
        self.stack: list[tuple] = [("choose-roll",)]
        # called with the state and each of the engine's own steps just before it runs
        # (`_run`); the table game listens there for the moments a Hunted must speak
        self.watch: Callable[[IslandState, tuple], None] | None = None

    # --- the protocol ------------------------------------------------------------------------

    def current_player(self) -> int:
        if self.over:
            return TERMINAL
        return _WHO[self.stack[-1][0]](self, self.stack[-1])

    def is_terminal(self) -> bool:
        return self.over

    def returns(self) -> list[float]:
        return [float(p) for p in self.points]

    def clone(self) -> IslandState:
        other = IslandState.__new__(IslandState)
        other.__dict__.update(self.__dict__)
        for name in ("role", "turned", "gone", "pos", "points", "clock", "stack", "log", "rolls"):
            setattr(other, name, list(getattr(self, name)))
        other.moved_turn = list(self.moved_turn)
        other.start_order = list(self.start_order)
        other.shown_memo = {}
        for name in ("visible", "lie_low", "false_trail", "snared", "attacked", "crossed"):
            setattr(other, name, set(getattr(self, name)))
        other.hand = [list(h) for h in self.hand]
        other.marks = [list(m) for m in self.marks]
        other.mark_times = [list(m) for m in self.mark_times]
        other.piles = {k: dict(v) for k, v in self.piles.items()}
        other.discards = {k: dict(v) for k, v in self.discards.items()}
        other.traps = [dict(t) for t in self.traps]
        other.fight = None
        if self.fight:
            other.fight = {k: list(v) if isinstance(v, list) else v for k, v in self.fight.items()}
        other.setup_rolls = dict(self.setup_rolls)
        other.rolling = list(self.rolling)
        other.watch = None
        return other

    def parse_action(self, text: str) -> Hashable:
        words = text.split()
        if not words or words[0] not in _GRAMMAR:
            raise IllegalAction(f"{text!r} is not an action of this game; see docs/formats.md")
        if not _GRAMMAR[words[0]](words[1:], self):
            raise IllegalAction(f"{text!r} is not written as the notation asks (docs/formats.md)")
        return " ".join(words)

    def format_action(self, action: Hashable) -> str:
        return str(action)

    def legal_actions(self) -> list[str]:
        if self.over:
            return []
        if self._legal is None:
            step = self.stack[-1]
            self._legal = _LEGAL[step[0]](self, step)
        return self._legal

    def apply(self, action: Hashable) -> None:
        if self.over:
            raise IllegalAction("the game is over")
        text = str(action)
        step = self.stack[-1]
        if text not in self.legal_actions():
            raise IllegalAction(_why_not(self, step, text))
        self.stack.pop()
        self._legal = None
        _APPLY[step[0]](self, step, text.split())
        self._run()

    def sample_chance(self, rng: random.Random) -> str:
        """Return a chance action drawn with its probability (a die roll or a card)."""
        step = self.stack[-1]
        if step[0] == "draw":
            pile = self.piles[self.role[step[1]]]
            kinds = [k for k, n in pile.items() if n]
            return "draw " + rng.choices(kinds, weights=[pile[k] for k in kinds])[0]
        return f"roll {rng.randint(1, _die(self, step))}"

    def observation(self, player: int) -> View:
        return View(self, player)

    # --- helpers the steps share ---------------------------------------------------------------

    def order(self) -> list[int]:
        """Return the players in turn order from the first Hunter."""
        return _ORDERS[self.players][max(self.first, 0)]

    def hunters(self) -> list[int]:
        """Return the Hunters in turn order from the first Hunter."""
        role = self.role
        return [p for p in self.order() if role[p] == HUNTER]

    def hunted(self) -> list[int]:
        """Return the Hunted still on the island, in turn order from the first Hunter."""
        role, gone = self.role, self.gone
        return [p for p in self.order() if role[p] == HUNTED and not gone[p]]

    def sight_range(self, hunter: int, bonus: int = 0) -> int:
        """Return a Hunter's range: 6, or 8 on an elevation; plus `bonus` (Spyglass)."""
        on_high = self.geo.elevation >> self.pos[hunter] & 1
        return (ELEVATED_RANGE if on_high else RANGE) + bonus

    def sight_mask(self, hunted: int, bonus: int = 0, only: int | None = None) -> int:
        """Return the squares on which `hunted` would be seen by the Hunters (or only by
        `only`) now: the union of their sight, Lie Low shrinking it to 2 steps."""
        metric = self.rules.vision
        mask = 0
        for h in [only] if only is not None else self.hunters():
            if hunted in self.lie_low:
                mask |= self.geo.within(self.pos[h], NEAR_RANGE, metric)
            else:
                mask |= self.geo.sight(self.pos[h], self.sight_range(h, bonus), metric)
        return mask & self.geo.passable

    def sees(self, hunter: int, hunted: int) -> bool:
        """Return True if `hunter` sees `hunted` where he stands now."""
        return bool(self.sight_mask(hunted, only=hunter) >> self.pos[hunted] & 1)

    def _event(self, *event) -> None:
        self.log.append(event)

    def _fact(self, x: int, mask: int) -> None:
        self._event("fact", x, mask & self.geo.passable)

    def _push(self, *steps: tuple) -> None:
        """Push steps so that the first given runs first."""
        self.stack.extend(reversed(steps))

    def _run(self) -> None:
        """Do the engine's own steps until one waits for an action or the game ends."""
        watch = self.watch
        while not self.over and self.stack and self.stack[-1][0] in _AUTO:
            if watch is not None:
                watch(self, self.stack[-1])
            step = self.stack.pop()
            _AUTO[step[0]](self, step)
        if not self.stack and not self.over:
            raise AssertionError("the stack ran dry before the game ended")


# --- who acts ---------------------------------------------------------------------------------


def _die(state: IslandState, step: tuple) -> int:
    kind = step[0]
    if kind == "choose-roll":
        return CHOOSE_DIE
    if kind == "roll":
        return HUNTER_DIE if state.role[step[1]] == HUNTER else HUNTED_DIE
    if kind == "fight-roll":
        return HUNTER_DIE if state.role[step[1]] == HUNTER else HUNTED_DIE
    raise AssertionError(kind)


_WHO = {
    "choose-roll": lambda s, step: CHANCE,
    "draw": lambda s, step: CHANCE,
    "roll": lambda s, step: CHANCE,
    "fight-roll": lambda s, step: CHANCE,
}
for _kind in ("camp", "start", "trail", "move", "action", "hide", "run", "combat", "ambush"):
    _WHO[_kind] = lambda s, step: step[1]
for _kind in ("arm", "brace", "discard"):
    _WHO[_kind] = lambda s, step: step[1]


# --- legal actions ----------------------------------------------------------------------------


def _rolls(state, step):
    return [f"roll {n}" for n in range(1, _die(state, step) + 1)]


def _draws(state, step):
    pile = state.piles[state.role[step[1]]]
    return [f"draw {k}" for k, n in pile.items() if n]


def _camp(state, step):
    return [f"camp {state.island.name(s)}" for s in state.island.camp]


def _start(state, step):
    squares, texts = _land_starts(state.geo)
    starts = list(texts)
    for square in reversed(bits(_taken_starts(state) & state.geo.land)):
        del starts[bisect_left(squares, square)]
    return starts


def _land_starts(geo) -> tuple[tuple[int, ...], tuple[str, ...]]:
    """Return the land squares in order and their "start" texts; made once per island."""
    made = geo.memo.get(("starts",))
    if made is None:
        squares = tuple(bits(geo.land))
        texts = geo.texts("start")
        made = geo.memo[("starts",)] = (squares, tuple(texts[s] for s in squares))
    return made


def _taken_starts(state: IslandState) -> int:
    """Return the squares the Hunted who chose before have started on (each Hunted starts
    on a square of his own; the ones choosing later are shown these, docs/rules/island.md)."""
    taken = 0
    for marks in state.marks:
        if marks:
            taken |= 1 << marks[0]
    return taken


def _trail(state, step):
    true = state.marks[step[1]][step[2]]
    near = state.geo.within(true, 3, "steps") & state.geo.passable
    return [f"trail {state.island.name(s)}" for s in bits(near)]


def _destinations(state: IslandState, player: int, boat: bool = True) -> int:
    """Return where `player` may end his move by one of his rolls (with the turn's boat
    crossing if he has not used it, and `boat`)."""
    exact = state.rules.movement == "exact"
    start = 1 << state.pos[player]
    boat = boat and player not in state.crossed
    mask = 0
    for roll in state.rolls:
        mask |= state.geo.reach(start, roll, exact, boat)
    return mask


def _move(state, step):
    p = step[1]
    texts = state.geo.texts("move")
    actions = [texts[s] for s in bits(_destinations(state, p))]
    if state.role[p] == HUNTER and "sure-footing" in state.hand[p]:
        actions.append("play sure-footing")
    return actions


def _targets(state: IslandState, p: int) -> list[int]:
    """Return the other players a card of `p` may name: Hunted on the island for a Hunter,
    Hunters for a Hunted (Distraction)."""
    if state.role[p] == HUNTER:
        return state.hunted()
    return state.hunters()


def _card_plays(state: IslandState, p: int, slug: str) -> list[str]:
    """Return every way `p` may play `slug` in his action phase."""
    geo, here = state.geo, state.pos[p]
    if slug in ("sprint", "forced-march"):
        return _walks(state, f"play {slug}", p, here, CARD_STEPS[slug])
    if slug in ("snare", "deadfall", "false-trail", "second-wind", "lie-low"):
        return [f"play {slug}"]
    if slug in ("spyglass", "camp-stores", "horn"):
        return [f"play {slug}"]
    if slug == "distraction":
        plays = []
        for h in state.hunters():
            plays += _walks(state, f"play distraction {h}", h, state.pos[h], CARD_STEPS[slug])
        return plays
    if slug in ("bloodhound", "trail-sign"):
        ok = [x for x in _targets(state, p) if slug == "trail-sign" or len(state.marks[x]) >= 2]
        return [f"play {slug} {x}" for x in ok]
    if slug == "beaters":
        return [f"play beaters {z}" for z in ZONE_SLUGS]
    if slug == "bear-trap":
        return _plays_around(geo, "play bear-trap", here, 3, state.rules.vision)
    return []  # instants are played in their own windows


def _walks(state: IslandState, verb: str, token: int, square: int, steps: int) -> list[str]:
    """Return "<verb> <square>" for every square a walk of up to `steps` steps takes the
    token of player `token` to from `square`, a boat crossing counting one step while he
    has not crossed in this turn; made once per island."""
    geo = state.geo
    boat = token not in state.crossed
    key = ("walks", verb, square, steps, boat)
    plays = geo.memo.get(key)
    if plays is None:
        near = geo.reach(1 << square, steps, exact=False, boat=boat)
        texts = geo.texts(verb)
        plays = geo.memo[key] = [texts[s] for s in bits(near)]
    return plays


def _plays_around(geo, verb: str, square: int, steps: int, metric: str) -> list[str]:
    """Return "<verb> <square>" for every square within `steps` of `square` in `metric`
    ("steps" or "square"), counted straight over the grid; made once per island."""
    key = ("plays", verb, square, steps, metric)
    plays = geo.memo.get(key)
    if plays is None:
        near = geo.within(square, steps, metric) & geo.passable
        texts = geo.texts(verb)
        plays = geo.memo[key] = [texts[s] for s in bits(near)]
    return plays


def _action(state, step):
    p = step[1]
    actions = ["done"]
    for slug in sorted(set(state.hand[p])):
        if cards.KINDS[slug].timing != "instant":
            actions += _card_plays(state, p, slug)
    return actions


def _hide(state, step):
    return ["play camouflage", "pass"]


def _run(state, step):
    x = step[1]
    return _walks(state, "play run-for-cover", x, state.pos[x], CARD_STEPS["run-for-cover"]) + [
        "pass"
    ]


def combat_targets(state: IslandState, h: int) -> list[int]:
    """Return the players Hunter `h` may attack in his combat phase: Hunted he sees (seen
    in the last look) and Hunters within his range, each once per turn."""
    out = []
    for x in state.hunted():
        if x in state.visible and x not in state.attacked and state.sees(h, x):
            out.append(x)
    radius = state.sight_range(h)
    for other in state.hunters():
        if other != h and other not in state.attacked:
            gap = distance(state.pos[h], state.pos[other], state.island.size, state.rules.vision)
            if gap <= radius:
                out.append(other)
    return sorted(out)


def _combat(state, step):
    return [f"attack {x}" for x in combat_targets(state, step[1])] + ["done"]


def _ambush(state, step):
    return [f"attack {step[2]}", "pass"]


def _arm(state, step):
    h = step[1]
    plays = [f"play {s}" for s in ("rifle", "net") if s in state.hand[h]]
    plays = [p for p in plays if p.split()[1] not in state.fight["played"]]
    return plays + ["fight"]


def _brace(state, step):
    return ["play dodge", "fight"]


def _discard(state, step):
    return [f"discard {s}" for s in sorted(set(state.hand[step[1]]))]


_LEGAL = {
    "choose-roll": _rolls,
    "roll": _rolls,
    "fight-roll": _rolls,
    "draw": _draws,
    "camp": _camp,
    "start": _start,
    "trail": _trail,
    "move": _move,
    "action": _action,
    "hide": _hide,
    "run": _run,
    "combat": _combat,
    "ambush": _ambush,
    "arm": _arm,
    "brace": _brace,
    "discard": _discard,
}


def _why_not(state: IslandState, step: tuple, text: str) -> str:
    waiting = {
        "choose-roll": "a d6 roll to choose the Hunter",
        "roll": "a movement roll",
        "fight-roll": "a combat roll",
        "draw": "a card drawn",
        "camp": "a camp square",
        "start": "a starting square on land",
        "trail": "a false trail square within 3 of the true one",
        "move": "a square the roll reaches",
        "action": "a card to play or done",
        "hide": "play camouflage or pass",
        "run": "play run-for-cover (up to 2 steps) or pass",
        "combat": "attack a player in range, or done",
        "ambush": "attack or pass",
        "arm": "play rifle, play net or fight",
        "brace": "play dodge or fight",
        "discard": "a card of the hand to discard",
    }[step[0]]
    who = "chance" if _WHO[step[0]](state, step) == CHANCE else f"player {step[1]}"
    why = _rule_in_the_way(state, step, text.split())
    return f"not legal now: the game waits for {who}: {waiting}" + (f"; {why}" if why else "")


def _rule_in_the_way(state: IslandState, step: tuple, words: list[str]) -> str:
    """Return the rule that makes `words` wrong here, when one plainly does ("" if none):
    a start already taken, a second boat crossing in a turn, the step a trap, a capture or
    a betrayal put in the way."""
    if not words:
        return ""
    kind = step[0]
    square = state.island.parse(words[-1]) if _is_square(words[-1], state) else None
    if kind == "start" and square is not None and _taken_starts(state) >> square & 1:
        return f"{words[-1]} is an earlier Hunted's start, and each starts on a square of his own"
    sailor = _second_crossing(state, words) if kind in ("move", "action", "run") else None
    if sailor is not None:
        return f"player {sailor} has sailed in this turn, and a boat is used once a turn"
    if len(step) > 2 and kind == "camp":
        return step[2]
    if kind == "action" and words[0] in ("roll", "move") and _held_by_a_snare(state, step[1]):
        return f"a Snare caught player {step[1]}: he does not move in this turn"
    if kind == "arm" and state.role[step[2]] == HUNTER:
        return "a Rifle or a Net may be played in any attack, a betrayal too"
    return ""


def _second_crossing(state: IslandState, words: list[str]) -> int | None:
    """Return the player whose token `words` would take where only a second boat crossing
    in this turn reaches (by his roll, or by a card's steps), else None."""
    player, steps = state.stack[-1][1], None
    if words[0] == "play" and len(words) >= 3 and words[1] in CARD_STEPS:
        steps = CARD_STEPS[words[1]]
        if words[1] == "distraction":
            if len(words) != 4 or not is_ascii_number(words[2]):
                return None
            player = int(words[2])
    elif words[0] != "move" or len(words) != 2:
        return None
    if player not in state.crossed or not _is_square(words[-1], state):
        return None
    start = 1 << state.pos[player]
    if steps is None:
        exact = state.rules.movement == "exact"
        sailing = 0
        for roll in state.rolls:
            sailing |= state.geo.reach(start, roll, exact)
    else:
        sailing = state.geo.reach(start, steps, exact=False)
    return player if sailing >> state.island.parse(words[-1]) & 1 else None


def _held_by_a_snare(state: IslandState, p: int) -> bool:
    """Return True if a Snare took player p's movement phase in the turn going on."""
    for event in reversed(state.log):
        if event[0] == "turn":
            return False
        if event == ("snared", p):
            return True
    return False


# --- applying actions -------------------------------------------------------------------------


def _apply_choose_roll(state, step, words):
    p = state.rolling[len(state.setup_rolls)]
    state.setup_rolls[p] = int(words[1])
    if len(state.setup_rolls) < len(state.rolling):
        state.stack.append(("choose-roll",))
        return
    best = max(state.setup_rolls.values())
    top = [p for p, n in state.setup_rolls.items() if n == best]
    state._event("choose-rolls", tuple(sorted(state.setup_rolls.items())))
    state.setup_rolls = {}
    if len(top) > 1:
        state.rolling = top
        state.stack.append(("choose-roll",))
        return
    first = top[0]
    state.first = first
    state.role[first] = HUNTER
    state._event("hunter", first)
    steps: list[tuple] = []
    for p in state.order():
        steps += [("draw", p)] * START_CARDS
    steps.append(("camp", first))
    steps += [("start", x) for x in state.hunted()]
    steps.append(("next-turn",))
    state._push(*steps)


def _apply_draw(state, step, words):
    p, slug = step[1], words[1]
    deck = state.role[p]
    state.piles[deck][slug] -= 1
    state.hand[p].append(slug)
    state._event("drew", p)


def _apply_camp(state, step, words):
    p = step[1]
    state.pos[p] = state.island.parse(words[1])
    state._event("camp", p, state.pos[p])
    state.stack.append(("look", None))


def _apply_start(state, step, words):
    x = step[1]
    state.pos[x] = state.island.parse(words[1])
    state.marks[x].append(state.pos[x])
    state.mark_times[x].append(0)
    state.start_order.append(x)
    state._event("start", x)
    land = state.geo.land
    state._fact(x, land)


def _apply_trail(state, step, words):
    x, mark = step[1], step[2]
    shown = state.island.parse(words[1])
    state.false_trail.discard(x)
    near = state.geo.within(shown, 3, "steps")
    state._event("reveal", x, mark, shown, True)
    state._event("fact-at", x, state.mark_times[x][mark], near)


def _apply_roll(state, step, words):
    p = step[1]
    state.rolls.append(int(words[1]))
    state._event("roll", p, int(words[1]))


def _apply_move(state, step, words):
    p = step[1]
    if words[0] == "play":  # Sure Footing: roll again, then move by either roll
        _discard_played(state, p, "sure-footing")
        state._event("card", p, "sure-footing")  # every card played is seen by all
        state._push(("roll", p), ("move", p))
        return
    target = state.island.parse(words[1])
    if not _destinations(state, p, boat=False) >> target & 1:
        state.crossed.add(p)  # no walk on foot gets there: he sailed
    rolls = tuple(state.rolls)
    state.rolls = []
    state.pos[p] = target
    if state.role[p] == HUNTER:
        state._event("moved", p, target, rolls)
        state._push(("hunter-moved", p), ("look", None))
    else:
        state.clock[p] += 1
        state.moved_turn[p] = state.turns
        exact = state.rules.movement == "exact"
        state._event("hmove", p, rolls[0], exact)
        state._push(("hunted-moved", p), ("look", p))


def _walk_to(state: IslandState, p: int, target: int, steps: int) -> None:
    """Move player p's token up to `steps` steps to `target` (a card's move), noting the
    turn's boat crossing when no walk on foot gets there."""
    foot = state.geo.reach(1 << state.pos[p], steps, exact=False, boat=False)
    if not foot >> target & 1:
        state.crossed.add(p)
    state.pos[p] = target


def _hunted_extra(state: IslandState, x: int, steps: int) -> None:
    """Write a Hunted's card move in the log: his time advances, and the move shares his
    turn's boat crossing with his move before it when both fall in the same turn."""
    state.clock[x] += 1
    state._event("extra", x, steps, state.moved_turn[x] == state.turns)
    state.moved_turn[x] = state.turns


def _discard_played(state: IslandState, p: int, slug: str) -> None:
    state.hand[p].remove(slug)
    state.discards[cards.KINDS[slug].deck][slug] += 1


def _apply_action(state, step, words):
    p = step[1]
    if words[0] == "done":
        return
    slug = words[1]
    _discard_played(state, p, slug)
    state.stack.append(("action", p))  # more cards may follow
    _CARD_EFFECTS[slug](state, p, words[2:])


def _apply_hide(state, step, words):
    x, mask = step[1], step[2]
    if words[0] == "play":
        _discard_played(state, x, "camouflage")
        state.visible.discard(x)
        state._event("card", x, "camouflage")
        state._fact(x, mask)
        return
    _seen(state, x)


def _seen(state: IslandState, x: int) -> None:
    state.visible.add(x)
    state._event("seen", x, state.pos[x])
    state._fact(x, 1 << state.pos[x])
    if "run-for-cover" in state.hand[x]:
        state.stack.append(("run", x))


def _apply_run(state, step, words):
    x = step[1]
    if words[0] == "pass":
        return
    _discard_played(state, x, "run-for-cover")
    _walk_to(state, x, state.island.parse(words[2]), CARD_STEPS["run-for-cover"])
    state._event("card", x, "run-for-cover")
    _hunted_extra(state, x, CARD_STEPS["run-for-cover"])
    state._push(("hunted-moved", x), ("look", x))


def _apply_combat(state, step, words):
    h = step[1]
    if words[0] == "done":
        return
    target = int(words[1])
    state.stack.append(("combat", h))
    _start_fight(state, h, target)


def _apply_ambush(state, step, words):
    if words[0] == "attack":
        _start_fight(state, step[1], step[2])


def _start_fight(state: IslandState, h: int, target: int) -> None:
    state.attacked.add(target)
    betrayal = state.role[target] == HUNTER
    state.fight = {"attacker": h, "defender": target, "bonus": [0, 0], "netted": False}
    state.fight["played"] = []
    state._event("attack", h, target)
    steps: list[tuple] = []
    if {"rifle", "net"} & set(state.hand[h]):  # "when you attack": a betrayal is one too
        steps.append(("arm", h, target))
    if not betrayal:
        steps.append(("brace-if", target, h))
    steps += [("fight-roll", h), ("fight-roll", target), ("resolve",)]
    state._push(*steps)


def _apply_arm(state, step, words):
    h = step[1]
    if words[0] == "fight":
        return
    slug = words[1]
    _discard_played(state, h, slug)
    state.fight["played"].append(slug)
    state._event("card", h, slug)
    if slug == "rifle":
        state.fight["bonus"][0] += 2
    else:
        state.fight["netted"] = True
    state.stack.append(("arm", h, step[2]))


def _apply_brace(state, step, words):
    x = step[1]
    if words[0] == "play":
        _discard_played(state, x, "dodge")
        state.fight["bonus"][1] += 2
        state._event("card", x, "dodge")


def _apply_fight_roll(state, step, words):
    state.fight.setdefault("rolls", []).append(int(words[1]))


def _apply_discard(state, step, words):
    p = step[1]
    state.hand[p].remove(words[1])
    state.discards[state.role[p]][words[1]] += 1
    state._event("discarded", p)


_APPLY = {
    "choose-roll": _apply_choose_roll,
    "draw": _apply_draw,
    "camp": _apply_camp,
    "start": _apply_start,
    "trail": _apply_trail,
    "roll": _apply_roll,
    "move": _apply_move,
    "action": _apply_action,
    "hide": _apply_hide,
    "run": _apply_run,
    "combat": _apply_combat,
    "ambush": _apply_ambush,
    "arm": _apply_arm,
    "brace": _apply_brace,
    "fight-roll": _apply_fight_roll,
    "discard": _apply_discard,
}


# --- card effects (action phase) ---------------------------------------------------------------


def _card_move(state: IslandState, p: int, args: list[str], slug: str) -> None:
    _walk_to(state, p, state.island.parse(args[0]), CARD_STEPS[slug])
    state._event("card", p, slug)
    if state.role[p] == HUNTER:
        state._event("moved", p, state.pos[p], ())
        state._push(("hunter-moved", p), ("look", None))
    else:
        _hunted_extra(state, p, CARD_STEPS[slug])
        state._push(("hunted-moved", p), ("look", p))


def _trap(state: IslandState, p: int, slug: str, square: int) -> None:
    state._event("card", p, slug)
    state.trap_count += 1
    trap = {"id": state.trap_count, "owner": p, "slug": slug, "square": square}
    trap["time"] = state.clock[p]
    state.traps.append(trap)
    public_square = square if state.role[p] == HUNTER else None
    state._event("trap", p, slug, state.trap_count, public_square)


def _draw_more(state: IslandState, p: int, count: int) -> None:
    state._push(*[("draw-if", p)] * count)


def _answer(state: IslandState, x: int, mask: int, yes: bool, what: str) -> None:
    state._event("answer", x, what, yes)
    state._fact(x, mask if yes else ~mask)


def _play_zone_question(state, p, args, slug):
    if slug == "beaters":
        zone = ZONE_SLUGS.index(args[0])
        state._event("card", p, slug, args[0])
        for x in state.hunted():
            inside = state.island.zones[state.pos[x]] == zone
            _answer(state, x, state.geo.zone_masks[zone], inside, f"in the {ZONES[zone]}")
        return
    x = int(args[0])
    zone = state.island.zones[state.pos[x]]
    state._event("card", p, slug, x)
    _answer(state, x, state.geo.zone_masks[zone], True, f"in the {ZONES[zone]}")


def _play_horn(state, p, args, slug):
    state._event("card", p, slug)
    near = state.geo.within(state.pos[p], HORN_RANGE, state.rules.vision)
    for x in state.hunted():
        _answer(state, x, near, bool(near >> state.pos[x] & 1), "within 10")


def _play_bloodhound(state, p, args, slug):
    x = int(args[0])
    mark = len(state.marks[x]) - 2
    square = state.marks[x][mark]
    state._event("card", p, slug, x)
    state._event("reveal", x, mark, square, False)
    state._event("fact-at", x, state.mark_times[x][mark], 1 << square)


def _play_spyglass(state, p, args, slug):
    state._event("card", p, slug)
    state.stack.append(("look-far", p))


def _play_distraction(state, p, args, slug):
    h = int(args[0])
    _walk_to(state, h, state.island.parse(args[1]), CARD_STEPS[slug])
    state._event("card", p, slug, h)
    state._event("moved", h, state.pos[h], ())
    state._push(("hunter-moved", h), ("look", None))


_CARD_EFFECTS = {
    "sprint": lambda s, p, a: _card_move(s, p, a, "sprint"),
    "forced-march": lambda s, p, a: _card_move(s, p, a, "forced-march"),
    "snare": lambda s, p, a: _trap(s, p, "snare", s.pos[p]),
    "deadfall": lambda s, p, a: _trap(s, p, "deadfall", s.pos[p]),
    "bear-trap": lambda s, p, a: _trap(s, p, "bear-trap", s.island.parse(a[0])),
    "false-trail": lambda s, p, a: (s.false_trail.add(p), s._event("card", p, "false-trail")),
    "second-wind": lambda s, p, a: (s._event("card", p, "second-wind"), _draw_more(s, p, 2)),
    "camp-stores": lambda s, p, a: (s._event("card", p, "camp-stores"), _draw_more(s, p, 2)),
    "lie-low": lambda s, p, a: (s.lie_low.add(p), s._event("card", p, "lie-low")),
    "distraction": lambda s, p, a: _play_distraction(s, p, a, "distraction"),
    "spyglass": lambda s, p, a: _play_spyglass(s, p, a, "spyglass"),
    "beaters": lambda s, p, a: _play_zone_question(s, p, a, "beaters"),
    "trail-sign": lambda s, p, a: _play_zone_question(s, p, a, "trail-sign"),
    "horn": lambda s, p, a: _play_horn(s, p, a, "horn"),
    "bloodhound": lambda s, p, a: _play_bloodhound(s, p, a, "bloodhound"),
}


# --- the engine's own steps -------------------------------------------------------------------


def _auto_next_turn(state: IslandState, step) -> None:
    nxt = state.first if state.turn < 0 else (state.turn + 1) % state.players
    if nxt == state.first:
        if state.cycle == 3 * state.island.day:
            _escape_all(state)
            return
        state.cycle += 1
        state._event("cycle", state.cycle)
    state.turn = nxt
    state.turns += 1
    state.crossed = set()
    state.attacked = set()
    state.lie_low.discard(nxt)
    state._event("turn", nxt, state.cycle)
    steps: list[tuple] = []
    if state.role[nxt] == HUNTED and state.cycle >= TRAIL_LAG + 1:
        steps.append(("reveal", nxt))
    steps += [("draw-phase", nxt), ("move-phase", nxt), ("action", nxt)]
    steps += [("combat-phase", nxt), ("end-turn", nxt), ("next-turn",)]
    state._push(*steps)


def _auto_reveal(state, step) -> None:
    x = step[1]
    mark = state.cycle - TRAIL_LAG - 1  # mark c - 2, counted from 0
    if x in state.false_trail:
        state.stack.append(("trail", x, mark))
        return
    square = state.marks[x][mark]
    state._event("reveal", x, mark, square, False)
    state._event("fact-at", x, state.mark_times[x][mark], 1 << square)


def _auto_draw_phase(state, step) -> None:
    p = step[1]
    count = DRAW_TO - len(state.hand[p]) if len(state.hand[p]) < HAND_LIMIT else 1
    _draw_more(state, p, count)


def _auto_draw_if(state, step) -> None:
    """Draw a card if the deck (refilled from its discards when empty) has one."""
    p = step[1]
    deck = state.role[p]
    if not any(state.piles[deck].values()):
        state.piles[deck] = state.discards[deck]
        state.discards[deck] = dict.fromkeys(state.piles[deck], 0)
        state._event("reshuffle", deck)
    if any(state.piles[deck].values()):
        state.stack.append(("draw", p))


def _auto_move_phase(state, step) -> None:
    p = step[1]
    if p in state.snared:
        state.snared.discard(p)
        state._event("snared", p)
        return
    state._push(("roll", p), ("move", p))


def _auto_look(state, step) -> None:
    """Every Hunted (or only the one who moved) within a Hunter's sight is seen."""
    who = step[1]
    targets = state.hunted() if who is None else [who]
    steps = []
    for x in targets:
        if state.gone[x] or state.role[x] != HUNTED or state.pos[x] is None:
            continue
        mask = state.sight_mask(x, step[2] if len(step) > 2 else 0)
        if mask >> state.pos[x] & 1:
            steps.append(("sighted", x, mask))
        else:
            state.visible.discard(x)
            state._fact(x, ~mask)
    state._push(*steps)


def _auto_look_far(state, step) -> None:
    """A Spyglass: a look by one Hunter with his range raised by 2."""
    h = step[1]
    steps = []
    for x in state.hunted():
        mask = state.sight_mask(x, SPYGLASS_BONUS, only=h)
        if x in state.visible:  # already seen: the Spyglass tells nothing new of him
            continue
        if mask >> state.pos[x] & 1:
            steps.append(("sighted", x, mask))
        else:
            state._fact(x, ~mask)
    state._push(*steps)


def _auto_sighted(state, step) -> None:
    x, mask = step[1], step[2]
    if "camouflage" in state.hand[x]:
        state.stack.append(("hide", x, mask))
    else:
        _seen(state, x)


def _auto_hunter_moved(state, step) -> None:
    """A Hunter ended a move: every Hunted's trap on or beside his square catches him, a
    trap whose layer has since been captured too, and that layer himself."""
    h = step[1]
    area = _area(state, state.pos[h])
    caught = [t for t in state.traps if t["slug"] != "bear-trap" and area >> t["square"] & 1]
    for trap in caught:
        state.traps.remove(trap)
        x = trap["owner"]
        state._event("sprung", x, trap["slug"], trap["id"], trap["square"], h)
        state._event("fact-at", x, trap["time"], 1 << trap["square"])
        if trap["slug"] == "snare":
            state.snared.add(h)
        elif trap["slug"] == "deadfall":
            why = f"a {trap['slug'].title()} laid by player {x} caught him"
            state._push(("camp", h, why + " (a trap stays until a Hunter springs it)"))


def _area(state: IslandState, square: int) -> int:
    """Return a trap's reach: its square and the four beside it."""
    return state.geo.within(square, 1, "steps")


def _auto_hunted_moved(state, step) -> None:
    """A Hunted ended a move: a Hunter's trap on or beside his square catches him."""
    x = step[1]
    bear = [t for t in state.traps if t["slug"] == "bear-trap"]
    if not bear:
        return
    covered = 0
    for trap in bear:
        covered |= _area(state, trap["square"])
    caught = [t for t in bear if _area(state, t["square"]) >> state.pos[x] & 1]
    if not caught:
        state._fact(x, ~covered)
        return
    for trap in caught:
        state.traps.remove(trap)
        state._event("sprung", trap["owner"], "bear-trap", trap["id"], trap["square"], x)
    state.visible.add(x)
    state._event("seen", x, state.pos[x])
    state._fact(x, 1 << state.pos[x])


def _auto_combat_phase(state, step) -> None:
    p = step[1]
    if state.role[p] == HUNTER:
        if combat_targets(state, p):
            state.stack.append(("combat", p))
        return
    state._push(*[("ambush-if", h, p) for h in state.hunters()])


def _auto_ambush_if(state, step) -> None:
    h, x = step[1], step[2]
    if state.role[x] == HUNTED and x in state.visible and state.sees(h, x):
        state.stack.append(("ambush", h, x))


def _auto_brace_if(state, step) -> None:
    x, h = step[1], step[2]
    if not state.fight["netted"] and "dodge" in state.hand[x]:
        state.stack.append(("brace", x, h))


def _auto_resolve(state, step) -> None:
    fight = state.fight
    h, x = fight["attacker"], fight["defender"]
    a, d = fight["rolls"][-2:]
    total_a, total_d = a + fight["bonus"][0], d + fight["bonus"][1]
    betrayal = state.role[x] == HUNTER
    if total_a == total_d and not betrayal and state.rules.ties == "reroll":
        state._event("fight", h, x, total_a, total_d, "again")
        state._push(("fight-roll", h), ("fight-roll", x), ("resolve",))
        return
    state.fight = None
    if betrayal:
        if total_a == total_d:
            state._event("fight", h, x, total_a, total_d, "tie")
            return
        loser = x if total_a > total_d else h
        state._event("fight", h, x, total_a, total_d, "won" if loser == x else "lost")
        state._push(("camp", loser, "he lost a betrayal"))
        return
    won = total_a > total_d or (total_a == total_d and state.rules.ties == "hunter")
    state._event("fight", h, x, total_a, total_d, "won" if won else "lost")
    if won:
        _capture(state, h, x)


def _capture(state: IslandState, h: int, x: int) -> None:
    state.points[h] += CAPTURE_POINTS
    for slug in state.hand[x]:
        state.discards[HUNTED][slug] += 1
    state.hand[x] = []  # his traps stay: one remains in play until a Hunter springs it
    state.visible.discard(x)
    state.lie_low.discard(x)
    state.false_trail.discard(x)
    state.role[x] = HUNTER
    state.turned[x] = True
    state._event("captured", x, h)
    if not state.hunted():
        state.over = True
        state._event("end", "captured")
        return
    state._push(*[("draw-if", x)] * START_CARDS, ("camp", x, "he was captured"))


def _escape_all(state: IslandState) -> None:
    survivors = state.hunted()
    last = len(survivors) == 1 and any(state.turned)
    for x in survivors:
        state.gone[x] = True
        state.points[x] += ESCAPE_POINTS + (LAST_SURVIVOR_POINTS if last else 0)
        state._event("escaped", x, last)
    state.over = True
    state._event("end", "escaped")


def _auto_end_turn(state, step) -> None:
    p = step[1]
    if len(state.hand[p]) > HAND_LIMIT:
        state._push(("discard", p), ("end-turn", p))
        return
    if state.role[p] == HUNTED and not state.gone[p]:
        state.marks[p].append(state.pos[p])
        state.mark_times[p].append(state.clock[p])
        state._event("mark", p, len(state.marks[p]) - 1, state.clock[p])


_AUTO = {
    "next-turn": _auto_next_turn,
    "reveal": _auto_reveal,
    "draw-phase": _auto_draw_phase,
    "draw-if": _auto_draw_if,
    "move-phase": _auto_move_phase,
    "look": _auto_look,
    "look-far": _auto_look_far,
    "sighted": _auto_sighted,
    "hunter-moved": _auto_hunter_moved,
    "hunted-moved": _auto_hunted_moved,
    "combat-phase": _auto_combat_phase,
    "ambush-if": _auto_ambush_if,
    "brace-if": _auto_brace_if,
    "resolve": _auto_resolve,
    "end-turn": _auto_end_turn,
}


# --- notation ---------------------------------------------------------------------------------


def _is_square(word: str, state: IslandState) -> bool:
    try:
        state.island.parse(word)
    except ValueError:
        return False
    return True


def _is_player(word: str, state: IslandState) -> bool:
    return is_ascii_number(word) and int(word) < state.players


def _play_grammar(args: list[str], state: IslandState) -> bool:
    if not args or args[0] not in cards.KINDS:
        return False
    rest = args[1:]
    shape = _CARD_ARGS.get(args[0], "")
    if len(rest) != len(shape):
        return False
    checks = {"s": _is_square, "p": _is_player, "z": lambda w, s: w in ZONE_SLUGS}
    return all(checks[kind](word, state) for kind, word in zip(shape, rest, strict=True))


_CARD_ARGS = {
    "sprint": "s",
    "forced-march": "s",
    "run-for-cover": "s",
    "bear-trap": "s",
    "distraction": "ps",
    "bloodhound": "p",
    "trail-sign": "p",
    "beaters": "z",
}
_GRAMMAR = {
    "roll": lambda a, s: len(a) == 1 and is_ascii_number(a[0]),
    "draw": lambda a, s: len(a) == 1 and a[0] in cards.KINDS,
    "camp": lambda a, s: len(a) == 1 and _is_square(a[0], s),
    "start": lambda a, s: len(a) == 1 and _is_square(a[0], s),
    "trail": lambda a, s: len(a) == 1 and _is_square(a[0], s),
    "move": lambda a, s: len(a) == 1 and _is_square(a[0], s),
    "play": _play_grammar,
    "attack": lambda a, s: len(a) == 1 and _is_player(a[0], s),
    "discard": lambda a, s: len(a) == 1 and a[0] in cards.KINDS,
    "done": lambda a, s: not a,
    "pass": lambda a, s: not a,
    "fight": lambda a, s: not a,
}


# --- what a player sees -------------------------------------------------------------------------


class View:
    """What `player` may know: the public log and the Hunters' squares, every player's
    role, points and hand size; his own hand, and if he is Hunted his own square, marks and
    traps. The traps he laid as a Hunted stay his to know after a capture, and so do the
    starts he was shown when he chose his own: {Hunted: square} of those who chose before
    him (`shown_starts`). The log is shared read-only with the state (it holds public
    events only)."""

    __slots__ = ("player", "log", "role", "hunter_squares", "points", "hand_sizes", "hand")
    __slots__ += ("square", "marks", "traps", "cycle", "decision", "island", "rules", "first")
    __slots__ += ("shown_starts",)

    def __init__(self, state: IslandState, player: int) -> None:
        self.player = player
        self.log = state.log
        self.island, self.rules, self.first = state.island, state.rules, state.first
        self.role = tuple(state.role)
        self.hunter_squares = {h: state.pos[h] for h in state.hunters()}
        self.points = tuple(state.points)
        self.hand_sizes = tuple(len(h) for h in state.hand)
        self.hand = tuple(state.hand[player]) if player >= 0 else ()
        mine = player >= 0 and state.role[player] == HUNTED
        self.square = state.pos[player] if player >= 0 else None
        self.marks = tuple(state.marks[player]) if mine else ()
        self.traps = tuple(
            (t["slug"], t["square"])
            for t in state.traps
            if t["owner"] == player or t["slug"] == "bear-trap"
        )
        self.shown_starts = dict(_shown_starts(state, player))
        self.cycle = state.cycle
        step = state.stack[-1] if state.stack and not state.over else ("over",)
        self.decision = (
            step[0] if _WHO.get(step[0], lambda s, t: CHANCE)(state, step) == player else None
        )


def _shown_starts(state: IslandState, player: int) -> tuple[tuple[int, int], ...]:
    """Return ((Hunted, start square), ...) of the Hunted who chose their starts before
    `player` did (all who have chosen, for a Hunted yet to choose); none for the first
    Hunter. Made once for each stage of the setup."""
    order = state.start_order
    key = (player, len(order))
    shown = state.shown_memo.get(key)
    if shown is None:
        before = order[: order.index(player)] if player in order else order
        if player < 0 or (player not in order and state.role[player] == HUNTER):
            before = []  # the first Hunter is never shown a start
        shown = state.shown_memo[key] = tuple((y, state.marks[y][0]) for y in before)
    return shown


# --- records ----------------------------------------------------------------------------------

OPTIONS = ("players", "board", "vision", "movement", "ties")


def state_from_header(header: dict) -> IslandState:
    """Return a new game with the options of a record's header: players (4-7), board
    ("default" or a board's text), vision, movement, ties (ValueError if malformed)."""
    from generator.errors import QuarryError
    from generator.games.island.board import parse_island

    version = header.get("rules_version", RULES_VERSION)
    if version != RULES_VERSION:
        raise ValueError(f"rules_version {version!r} is not {RULES_VERSION}")
    options = header.get("options", {})
    players = options.get("players", 5)
    if type(players) is not int or not MIN_PLAYERS <= players <= MAX_PLAYERS:
        raise ValueError(f"options.players must be {MIN_PLAYERS} to {MAX_PLAYERS}")
    board = options.get("board", "default")
    if not isinstance(board, str):
        raise ValueError('options.board must be "default" or the text of a board file')
    try:
        island = default_island() if board == "default" else parse_island(board, "options.board")
    except QuarryError as error:
        raise ValueError(str(error)) from None
    rules = {k: options.get(k, DEFAULTS[k]) for k in DEFAULTS}
    if any(not isinstance(v, str) for v in rules.values()):
        raise ValueError("options.vision, movement and ties are texts")
    return IslandState(players, island, Rules(**rules))


def turn_of(state: IslandState) -> str:
    """Return where a game is: "setup", or "cycle C, player P"."""
    if state.cycle == 0:
        return "setup"
    return f"cycle {state.cycle}, player {state.turn}"


def winners(state: IslandState) -> list[int]:
    """Return the players with the most points (all of them on equal points)."""
    best = max(state.points)
    return [p for p, n in enumerate(state.points) if n == best]


def winner_role(state: IslandState) -> str:
    """Return who won: "hunter" (the first Hunter alone), "hunted" (Hunted who escaped),
    "turned" (a captured player), or "shared" (a tie across those)."""
    kinds = set()
    for p in winners(state):
        kinds.add("hunter" if p == state.first else "turned" if state.turned[p] else "hunted")
    return kinds.pop() if len(kinds) == 1 else "shared"


def record_result(state: IslandState) -> dict:
    """Return a record's result: points, captures, escapes, cycles and the winners."""
    escaped = [p for p in range(state.players) if state.gone[p]]
    return {
        "points": list(state.points),
        "hunter": state.first,
        "captured": [p for p in range(state.players) if state.turned[p]],
        "escaped": escaped,
        "cycles": state.cycle,
        "winners": winners(state) if state.over else None,
        "winner_role": winner_role(state) if state.over else None,
    }


def result_text(state: IslandState) -> str:
    """Return a one-line account of the game's end (or where an unfinished record stops)."""
    captured = sum(state.turned)
    escaped = sum(state.gone)
    tally = f"{captured} captured, {escaped} escaped; points {state.points}"
    if not state.over:
        return f"the record stops in {turn_of(state)}; {tally}"
    who = ", ".join(f"player {p}" for p in winners(state))
    return f"over after cycle {state.cycle}: {tally}; won by {who} ({winner_role(state)})"
