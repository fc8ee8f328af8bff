"""The Most Dangerous Game: what a player cannot see is drawn again, and the game replayed.

A player does not see the other players' cards (only how many each holds: what is drawn and
what is discarded stays hidden, what is played is shown), nor the squares of the other
Hunted (their start, unless they chose it before him, and every move of theirs, unless a
sighting, a reveal or a sprung trap shows it). Everything else is in the public log. So a
game he cannot tell from the real one keeps every public step and rewrites the hidden ones:
the other Hunted's start and move squares, the others' draws and discards, and the passes
(no Camouflage, no Dodge, no Run for Cover, no Rifle played) that a different hand asks for
or no longer offers.

The squares: each other Hunted's path comes from the exact tracker (tracking.Track, fed by
bots.Tracker with the whole public log, the starts tied together by distinct_starts) with
the facts this player has besides: the starts he was shown, his own start (no one else
started there), the squares where a Hunted's trap that no Hunter has sprung cannot lie (no
Hunter has ended a move beside it since it was laid), and, when the game stops in the
middle of a look, that the Hunted the look has not called unseen are in sight. A path is
drawn backwards: his square now uniformly among the squares the forward sets allow now
(then whether he has crossed by boat in this turn, uniformly among the states that fit),
and each earlier square uniformly among those of the forward set at that time from which
his move reaches the later one. Each path fits every fact; paths are not equally likely (a
step with fewer squares to choose from weighs more). The paths are drawn again until no two
Hunted share a start (the Hunted tied together exactly, given the paths' distribution).

The cards: the game is replayed step by step, and each hidden draw is drawn when its turn
comes, in proportion to each kind's count in the pile as the replay has it, less the cards
this player will draw himself from the same pile before it is next reshuffled (and among
the kinds its player lacks, when his plays leave this draw no choice). When another
player plays a card his drawn hand lacks (or is about to be asked for it: Camouflage when a
look sees him, Dodge, Rifle or Net when a fight starts), one of his cards he can do without
(as many of his later plays can still be met, from his hand or his own later draws) is
redrawn as that kind: taken from the pile where every draw since that card's left one to
spare and no reshuffle came between, or swapped with a card of that kind another hidden hand
can do without, threw away or lost in a capture, drawn since the same reshuffle; uniformly
among those repairs. When the pile lacks a card this player draws himself, a spare card of
that kind in another hidden hand is redrawn as a kind the pile could spare (or swapped with
a card thrown away or lost in a capture before the reshuffle, so that the refilled pile held
it). A hidden discard throws away,
uniformly, a card its player can do without. So a history whose draws no later play
constrains is drawn as the game's chance deals it (given this player's own later draws,
exactly when he has at most one more from that pile); a constrained one is a consistent
history, not the exact posterior (a repair takes the card that was missing, not every
history that holds it in proportion to its chance).

Every step of the replay must leave the public log as the real game's, and the finished
history is replayed once more, its hidden passes set right (a card redrawn after the fact
may open a window or close one), and kept only when it gives the player's view. A try that
fails (no repair fits) is dropped and another is drawn, TRIES in all. A repair moves one
card and reaches across one reshuffle at most, so after reshuffles a position may leave
nearly every try without one. In random five-player games (40 games, every 20th step, each
player: 4,875 calls, 3,795 of them after a reshuffle) 33 calls found no history in TRIES
tries, all after a reshuffle (about 1 in 115 of those); in four-player ones none of 2,088.

Then, and only then, the sampler falls back on the real game's hidden cards, and is no
longer blind to them. It keeps the real game's hidden draws and discards (so also the hands
a capture threw away) of each deck before its last reshuffle but one, and draws the rest as
above; failing that, those before its last reshuffle, so that the refilled pile is the real
one; failing that, every hidden card, drawing only the squares (FALLBACK_TRIES tries
each). A repair for a later play may still swap a kept card (a repair
reaches back across one reshuffle), so the kept cards are the real ones but for such swaps.
In those calls the searching player is shown real cards he could not see: in the 33 above,
each found its history at the first fallback. That can only make him stronger; in `quarry
strength` he is our bots' opponent. The sampler raises ValueError only when even the last
fallback finds no history (never seen: in our checks the real cards with any squares the
tracker allows always gave the view), or when PATH_TRIES draws of the paths find no
distinct starts.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections import Counter
from dataclasses import dataclass, field
from functools import lru_cache, wraps

from generator.engine.bitboards import bits
from generator.engine.game import CHANCE, IllegalAction
from generator.games.island.bots import Tracker
from generator.games.island.rules import HUNTED
from generator.games.island.tracking import Track
from generator.interop.resample import Step, new_state, pick, replay
from generator.interop.text import observation_text

TRIES = 1000  # draws of the paths and replays tried before falling back
FALLBACK_TRIES = 200  # tries at each fallback that keeps some of the real hidden cards
PATH_TRIES = 500  # draws of the paths tried before giving up on distinct starts
MEMO_LIMIT = 50_000  # answers a position keeps for the draws from it (see _per_position)
PASSES = {"hide": "pass", "run": "pass", "arm": "fight", "brace": "fight"}
SQUARE_MOVES = ("move ", "play sprint ", "play run-for-cover ")  # a Hunted's move names a square


class _Broken(Exception):
    """A try whose replay does not give the player's view."""


@dataclass(frozen=True)
class _Real:
    """One step of the real history: who acted, at what kind of step, the action, and what
    of it is hidden from the player (None, "draw", "start", "square", "discard", "pass")."""

    who: int
    kind: str
    action: str
    hidden: str | None
    deck: str | None = None  # the deck a hidden draw or discard is of


@dataclass
class _Position:
    """What a player knows after a history, worked out once for all draws from it."""

    steps: list[_Real]
    end: tuple[str, int]  # the kind of step the real game waits at, and for whom
    log: list[tuple]
    wanted: str
    tracks: dict[int, Track]  # the other Hunted who have started
    own_start: int | None
    draws: dict[int, list[int]]  # each other player's hidden draws (history indices)
    plays: dict[int, list[tuple[int, str]]]  # each other player's cards played
    dumps: dict[int, list[int]]  # the steps after which a player's hand went (a capture)
    own_draws: list[tuple[int, str, str]]  # his own draws: (index, deck, kind)
    reshuffled: dict[str, list[int]]  # deck -> the steps after which its pile was refilled
    memo: dict = field(default_factory=dict, repr=False, compare=False)  # _per_position's

    def epoch(self, deck: str, index: int) -> int:
        """Return how many times `deck` had been reshuffled before step `index`."""
        return bisect_left(self.reshuffled.get(deck, []), index)


def _hidden(state, step_kind: str, who: int, action: str, player: int, shown) -> str | None:
    """Return what of `action` is hidden from `player` (see _Real), before it is played."""
    if who == CHANCE:
        return "draw" if step_kind == "draw" and state.stack[-1][1] != player else None
    if who == player:
        return None
    if step_kind == "discard":
        return "discard"
    if step_kind in PASSES and action == PASSES[step_kind]:
        return "pass"
    if step_kind == "start":
        return None if who in shown else "start"
    if state.role[who] == HUNTED and action.startswith(SQUARE_MOVES):
        return "square"
    return None


@lru_cache(maxsize=32)
def _position(options: tuple, actions: tuple, player: int) -> _Position | None:
    """Return what `player` knows after `actions` (None when nothing is hidden from him)."""
    final, _ = replay("island", dict(options), actions)
    shown = dict(final.observation(player).shown_starts)
    state = new_state("island", dict(options))
    steps: list[_Real] = []
    draws: dict[int, list[int]] = {}
    plays: dict[int, list[tuple[int, str]]] = {}
    dumps: dict[int, list[int]] = {}
    own_draws: list[tuple[int, str, str]] = []
    reshuffled: dict[str, list[int]] = {}
    for index, action in enumerate(actions):
        kind, who = state.stack[-1][0], state.current_player()
        hidden = _hidden(state, kind, who, action, player, shown)
        deck = None
        if hidden == "draw":
            deck = state.role[state.stack[-1][1]]
        elif hidden == "discard":
            deck = state.role[who]
        steps.append(_Real(who, kind, action, hidden, deck))
        if kind == "draw":
            drawer, deck = state.stack[-1][1], state.role[state.stack[-1][1]]
            if drawer == player:
                own_draws.append((index, deck, action.split()[1]))
            else:
                draws.setdefault(drawer, []).append(index)
        elif who not in (CHANCE, player) and action.startswith("play "):
            plays.setdefault(who, []).append((index, action.split()[1]))
        roles, read = list(state.role), len(state.log)
        state.apply(action)
        for seat, role in enumerate(roles):
            if role != state.role[seat]:
                dumps.setdefault(seat, []).append(index)
        for event in state.log[read:]:
            if event[0] == "reshuffle":
                reshuffled.setdefault(event[1], []).append(index)
    if not any(step.hidden in ("draw", "start", "square") for step in steps):
        return None
    view = state.observation(player)
    top = state.stack[-1] if state.stack and not state.over else ("over",)
    own_start = state.marks[player][0] if state.marks[player] else None
    return _Position(
        steps,
        (top[0], state.current_player()),
        list(state.log),
        observation_text(view),
        _tracks(state, view, player, own_start),
        own_start,
        draws,
        plays,
        dumps,
        own_draws,
        reshuffled,
    )


def _tracks(state, view, player: int, own_start: int | None) -> dict[int, Track]:
    """Return the tracks of the other Hunted who have started: the table's exact tracker
    with the facts `player` has besides (see the module's docstring)."""
    tracker = Tracker()
    tracker.update(view)
    everyone = {**tracker.closed, **tracker.tracks}
    if own_start is not None:
        everyone[player].fact_at(0, 1 << own_start)
    for hunted, square in view.shown_starts.items():
        everyone[hunted].fact_at(0, 1 << square)
    for owner, time, banned in _unsprung_traps(state):
        if owner != player:
            everyone[owner].fact_at(time, ~banned)
    for step in state.stack:  # a look that saw him, not told yet: no fact says he is unseen
        if step[0] in ("sighted", "hide") and step[1] != player:
            everyone[step[1]].fact(step[2])
    tracker.settled()
    return {x: track for x, track in {**tracker.closed, **tracker.tracks}.items() if x != player}


def _unsprung_traps(state) -> list[tuple[int, int, int]]:
    """Return (owner, his time when he laid it, the squares it cannot be on) for each trap a
    Hunted laid that is still unsprung: no Hunter has ended a move on or beside it since."""
    geo, clock, open_traps = state.geo, Counter(), {}
    for event in state.log:
        kind = event[0]
        if kind in ("hmove", "extra"):
            clock[event[1]] += 1
        elif kind == "trap" and event[4] is None:
            open_traps[event[3]] = [event[1], clock[event[1]], 0]
        elif kind == "moved":
            for trap in open_traps.values():
                trap[2] |= geo.within(event[2], 1, "steps")
        elif kind == "sprung":
            open_traps.pop(event[3], None)
    return [tuple(trap) for trap in open_traps.values()]


def _per_position(work):
    """Keep what `work(position, *args)` returns in the position's memo: a search draws
    thousands of games from one position, and these answers depend on nothing else (a
    hand comes as a sorted tuple). Only the first MEMO_LIMIT answers are kept, which bounds
    the memory; the answers, and so the games drawn, are the same either way. Callers only
    read what they get."""

    @wraps(work)
    def remembered(position: _Position, *args):
        key = (work.__name__, *args)
        answer = position.memo.get(key)
        if answer is None:
            answer = work(position, *args)
            if len(position.memo) < MEMO_LIMIT:
                position.memo[key] = answer
        return answer

    return remembered


# --- the squares --------------------------------------------------------------------------------


def _path(position: _Position, hunted: int, draw) -> list[int]:
    """Return a square for each of the Hunted's times, drawn backwards through the forward
    sets (see the module's docstring)."""
    track = position.tracks[hunted]
    now = track.now()
    square = pick(_squares_now(position, hunted), draw)
    crossed = _crossed(track.free[now], track.used[now], square, draw)
    path = [square]
    for time in range(now - 1, -1, -1):
        before, free, used = _before(position, hunted, time, square, crossed)
        square = pick(before, draw)
        if free is not None:
            crossed = _crossed(free, used, square, draw)
        path.append(square)
    return path[::-1]


@_per_position
def _squares_now(position: _Position, hunted: int) -> list[int]:
    """Return the squares the Hunted may be on now, in order."""
    return bits(position.tracks[hunted].possible())


@_per_position
def _before(
    position: _Position, hunted: int, time: int, square: int, crossed: bool
) -> tuple[list[int], int | None, int | None]:
    """Return the squares the Hunted may have stood on at `time` when he stands on `square`
    at the time after it (having crossed by boat in that turn or not), and the two sets
    whether he had crossed then is drawn from (None when he cannot have: he walked on from
    a square where he had not crossed)."""
    track = position.tracks[hunted]
    geo, move = track.geometry, track.moves[time]
    free, used = track.free[time], track.used[time]
    foot, boat = geo.reach_split(1 << square, 0, move.steps, move.exact)
    if move.fresh:  # a new turn: any state before it will do
        return bits((boat if crossed else foot) & (free | used)), free, used
    if crossed:  # he crossed in this move (from free), or before it (from used)
        return bits((boat & free) | (foot & used)), boat & free, foot & used
    return bits(foot & free), None, None


def _crossed(free: int, used: int, square: int, draw) -> bool:
    """Return whether he had crossed by boat in this turn on `square`, uniformly among the
    states the sets allow."""
    states = [state for state, mask in ((False, free), (True, used)) if mask >> square & 1]
    return pick(states, draw)


def _paths(position: _Position, draw) -> dict[int, list[int]]:
    """Return a path for every other Hunted who has started, no two starting together."""
    for _ in range(PATH_TRIES):
        paths = {x: _path(position, x, draw) for x in position.tracks}
        starts = [path[0] for path in paths.values()]
        if position.own_start is not None:
            starts.append(position.own_start)
        if len(set(starts)) == len(starts):
            return paths
    raise ValueError(f"no distinct starts found in {PATH_TRIES} draws")


# --- the cards ----------------------------------------------------------------------------------


@_per_position
def _later_plays(position: _Position, seat: int, index: int) -> list[tuple[int, str]]:
    """Return `seat`'s plays after step `index`, up to his hand's next loss (a capture)."""
    dumps = position.dumps.get(seat, [])
    after = bisect_right(dumps, index)
    until = dumps[after] if after < len(dumps) else len(position.steps)
    return [(t, slug) for t, slug in position.plays.get(seat, []) if index < t < until]


@_per_position
def _spare_kinds(position: _Position, seat: int, index: int, hand: tuple) -> frozenset[str]:
    """Return the kinds of `hand` one card of which `seat` can do without: as many of his
    plays after step `index` can be given a card without it as with it."""
    plays = _later_plays(position, seat, index)
    draws = position.draws.get(seat, [])
    first = bisect_right(draws, index)

    def unmet(cards: Counter) -> int:
        """Count the plays neither `cards` nor a draw of his own before them can serve."""
        left, lacking, missed = Counter(cards), 0, 0
        for time, slug in plays:
            if left[slug]:
                left[slug] -= 1
            elif bisect_right(draws, time) - first > lacking:
                lacking += 1
            else:
                missed += 1
        return missed

    held = Counter(hand)
    now = unmet(held)
    return frozenset(kind for kind in held if unmet(held - Counter([kind])) <= now)


def _weighted(weights: dict[str, int], draw) -> str:
    """Return a kind in proportion to its weight (those of weight 0 or less never)."""
    kinds = [kind for kind, n in weights.items() if n > 0]
    if not kinds:
        raise _Broken("the pile holds no card for this draw")
    point = draw() * sum(weights[kind] for kind in kinds)
    for kind in kinds:
        point -= weights[kind]
        if point < 0:
            return kind
    return kinds[-1]


class _Replay:
    """The game being drawn: the copy's state and history, the slots (history indices) of
    the cards each other player holds, each pile after every draw, and where each pile was
    reshuffled."""

    def __init__(self, options: dict, position: _Position, player: int) -> None:
        self.copy = new_state("island", options)
        self.out: list[Step] = []
        self.position, self.player = position, player
        self.held: dict[int, list[tuple[int, str]]] = {}  # seat -> (slot, kind) held
        self.piles: dict[str, list[tuple[int, dict]]] = {}  # deck -> (slot, pile after it)
        self.refills: dict[str, list[int]] = {}  # deck -> the first slot after each reshuffle
        # cards thrown away unseen: [seat, slot, kind, deck, the step, whether a capture]
        self.thrown: list[list] = []
        self.rewritten = False  # whether a repair changed a card drawn before now

    def play(self, action: str) -> None:
        """Play `action` in the copy, which must keep to the real game's public log."""
        copy, before = self.copy, len(self.copy.log)
        roles, top = list(copy.role), copy.stack[-1]
        drawer = top[1] if top[0] == "draw" else None
        self.out.append(Step(copy.current_player(), action, action))
        try:
            copy.apply(action)
        except ValueError as error:  # a card the copy's hand does not hold
            raise _Broken(f"the copy cannot play {action}: {error}") from error
        log, after = copy.log, len(copy.log)
        if log[before:] != self.position.log[before:after]:
            raise _Broken("the public log differs")
        if drawer is not None:
            deck = roles[drawer]
            self.piles.setdefault(deck, []).append((len(self.out) - 1, dict(copy.piles[deck])))
            if drawer != self.player:
                self.held.setdefault(drawer, []).append((len(self.out) - 1, action.split()[1]))
        if roles != copy.role:
            for seat, role in enumerate(roles):
                if role != copy.role[seat]:  # captured: his hand went to the discards
                    self.thrown += [
                        [seat, slot, held, role, len(self.out) - 1, True]
                        for slot, held in self.held.get(seat, [])
                    ]
                    self.held[seat] = []
        for at in range(before, after):
            if log[at][0] == "reshuffle":
                self.refills.setdefault(log[at][1], []).append(len(self.out))

    def let_go(self, seat: int, kind: str) -> int | None:
        """Forget a card `seat` played or discarded; return its slot."""
        slots = self.held.get(seat, [])
        for at, (slot, held) in enumerate(slots):
            if held == kind:
                del slots[at]
                return slot
        return None

    def epoch(self, deck: str, slot: int) -> int:
        """Return how many times `deck` had been reshuffled before `slot`."""
        return bisect_right(self.refills.get(deck, []), slot)

    def give(self, seat: int, index: int, kind: str, draw) -> None:
        """Make `seat` hold `kind` for a play of his after real step `index`: one of his cards
        he can do without (for his plays after `index`) is redrawn as `kind`, taken from the
        pile (his card drawn since its last reshuffle), or from a card of `kind` another
        hidden hand can do without, threw away or lost in a capture (drawn since the same
        reshuffle as his; it becomes his card, and his card takes its place, in the refilled
        pile too when it was thrown before the last reshuffle), where the piles between
        allow it; uniformly among such."""
        copy, deck = self.copy, self.copy.role[seat]
        refills = self.refills.get(deck, [])
        mine = self._spare(seat, index)
        fits = []
        if copy.piles[deck][kind] - 1 >= _kept(self.position, index, deck)[kind]:
            fits += [
                (slot, old, None)
                for slot, old in mine
                if bisect_right(refills, slot) == len(refills) and self._room(deck, kind, slot)
            ]
        for other in self.held:
            if other == seat or copy.role[other] != deck:
                continue
            for their, held in self._spare(other, index):
                if held != kind:
                    continue
                for slot, old in mine:
                    if bisect_right(refills, slot) != bisect_right(refills, their):
                        continue  # a reshuffle between: the piles after it would differ
                    low, high = min(slot, their), max(slot, their)
                    spared = kind if slot < their else old
                    if self._room(deck, spared, low, high):
                        fits.append((slot, old, (other, their)))
        spare_in_pile = copy.piles[deck][kind] - 1 >= _kept(self.position, index, deck)[kind]
        for thrown in self.thrown:
            other, their, held, its_deck, at = thrown[:5]
            if held != kind or its_deck != deck:
                continue
            if self.epoch(deck, at) != len(refills):  # it went into the pile as refilled
                if self.epoch(deck, at) != len(refills) - 1 or not spare_in_pile:
                    continue
                if not self._room(deck, kind, refills[-1]):
                    continue
            for slot, old in mine:
                if self.epoch(deck, slot) != self.epoch(deck, their):
                    continue
                low, high = min(slot, their), max(slot, their)
                if self._room(deck, kind if slot < their else old, low, high):
                    fits.append((slot, old, thrown))
        if not fits:
            raise _Broken(f"no card of player {seat} could have been a {kind}")
        self.rewritten = True
        slot, old, swap = pick(fits, draw)
        if swap is None:
            self._shift(deck, kind, old, slot, len(self.out))
            copy.piles[deck][kind] -= 1
            copy.piles[deck][old] += 1
        else:
            other, their = swap[:2]
            if slot < their:
                self._shift(deck, kind, old, slot, their)
            else:
                self._shift(deck, old, kind, their, slot)
            if isinstance(swap, tuple):
                self._redraw(other, their, kind, old)
            else:  # a discard: he threw away `old`, drawn where `kind` was
                swap[2], at = old, swap[4]
                self.out[their] = Step(CHANCE, f"draw {old}", f"draw {old}")
                if not swap[5]:
                    self.out[at] = Step(other, f"discard {old}", f"discard {old}")
                where = copy.discards if self.epoch(deck, at) == len(refills) else copy.piles
                if where is copy.piles:  # the refilled pile held `old` where it held `kind`
                    self._shift(deck, kind, old, refills[-1], len(self.out))
                where[deck][kind] -= 1
                where[deck][old] += 1
        self._redraw(seat, slot, old, kind)

    def free_up(self, kind: str, index: int, draw) -> None:
        """Make the pile hold a `kind` for this player's own draw at step `index`: a card of
        `kind` another hidden hand can do without is redrawn as a kind the pile held to
        spare from its draw on (drawn since the last reshuffle), or swapped with a card
        thrown away before the last reshuffle (drawn since the same reshuffle as his), so
        that the refilled pile got the `kind`; uniformly among such."""
        copy, deck = self.copy, self.copy.role[self.copy.stack[-1][1]]
        pile, kept = copy.piles[deck], _kept(self.position, index, deck)
        refills = self.refills.get(deck, [])
        spared = [k for k, n in pile.items() if k != kind and n - kept[k] >= 1]
        fits = []
        for other in self.held:
            if copy.role[other] != deck:
                continue
            for slot, held in self._spare(other, index):
                if held != kind:
                    continue
                if self.epoch(deck, slot) == len(refills):
                    fits += [(other, slot, k, None) for k in spared if self._room(deck, k, slot)]
                for thrown in self.thrown:
                    _, their, old, its_deck, at = thrown[:5]
                    if its_deck != deck or old not in spared or not refills:
                        continue
                    if self.epoch(deck, at) != len(refills) - 1:
                        continue  # not thrown into the pile as last refilled
                    if self.epoch(deck, their) != self.epoch(deck, slot):
                        continue
                    low, high = min(slot, their), max(slot, their)
                    between = old if slot < their else kind
                    if self._room(deck, between, low, high) and self._room(deck, old, refills[-1]):
                        fits.append((other, slot, old, thrown))
        if not fits:
            raise _Broken(f"the pile could not have kept a {kind}")
        self.rewritten = True
        other, slot, instead, thrown = pick(fits, draw)
        if thrown is None:
            self._shift(deck, instead, kind, slot, len(self.out))
        else:
            their, at = thrown[1], thrown[4]
            if slot < their:
                self._shift(deck, instead, kind, slot, their)
            else:
                self._shift(deck, kind, instead, their, slot)
            self._shift(deck, instead, kind, refills[-1], len(self.out))
            thrown[2] = kind
            self.out[their] = Step(CHANCE, f"draw {kind}", f"draw {kind}")
            if not thrown[5]:  # a capture threw his whole hand: no step names the card
                self.out[at] = Step(thrown[0], f"discard {kind}", f"discard {kind}")
        pile[instead] -= 1
        pile[kind] += 1
        self._redraw(other, slot, kind, instead)

    def _spare(self, seat: int, index: int) -> list[tuple[int, str]]:
        """Return the slots of `seat`'s cards he can do without after step `index`."""
        hand = self.copy.hand[seat]
        spare = _spare_kinds(self.position, seat, index, tuple(sorted(hand)))
        return [(slot, held) for slot, held in self.held.get(seat, []) if held in spare]

    def _room(self, deck: str, kind: str, low: int, high: int | None = None) -> bool:
        """Return whether `deck`'s pile held a `kind` to spare after every draw from slot
        `low` up to `high` (to now when None)."""
        return all(
            pile[kind] >= 1
            for at, pile in self.piles.get(deck, [])
            if at >= low and (high is None or at < high)
        )

    def _shift(self, deck: str, taken: str, left: str, low: int, high: int) -> None:
        """Note that the pile held one `taken` fewer and one `left` more after the draws
        from slot `low` to before `high`."""
        for at, pile in self.piles.get(deck, []):
            if low <= at < high:
                pile[taken] -= 1
                pile[left] += 1

    def _redraw(self, seat: int, slot: int, old: str, kind: str) -> None:
        """Make `seat`'s card drawn at `slot` a `kind` instead of `old`."""
        hand = self.copy.hand[seat]
        hand.remove(old)
        hand.append(kind)
        self.copy._legal = None
        self.out[slot] = Step(CHANCE, f"draw {kind}", f"draw {kind}")
        slots = self.held[seat]
        slots[slots.index((slot, old))] = (slot, kind)

    def flush(self, coming: frozenset[tuple[str, int]]) -> None:
        """Pass at the copy's hidden passes that the real game does not wait at (`coming`:
        the steps, kind and player, the real game waits at next, up to its next step that
        is no window)."""
        copy, player = self.copy, self.player
        while not copy.over:
            top = copy.stack[-1][0]
            if top not in PASSES:
                return
            mover = copy.current_player()
            if mover == player or (top, mover) in coming:
                return
            self.play(PASSES[top])


@_per_position
def _kept(position: _Position, index: int, deck: str) -> Counter:
    """Return the cards this player draws himself from `deck`'s pile after step `index`,
    before it is next reshuffled: the pile keeps them for him."""
    epoch = position.epoch(deck, index)
    return Counter(
        kind
        for at, own_deck, kind in position.own_draws
        if at > index and own_deck == deck and position.epoch(deck, at) == epoch
    )


def _draw_card(game: _Replay, index: int, draw) -> str:
    """Return the kind drawn at hidden step `index`: in proportion to the pile, less what
    this player draws himself from it later; among the kinds his plays will lack when
    every draw of his until one of them must serve them (when the pile has one)."""
    copy = game.copy
    seat = copy.stack[-1][1]
    deck = copy.role[seat]
    kept = _kept(game.position, index, deck)
    weights = {k: n - kept[k] for k, n in copy.piles[deck].items()}
    wanted = _wanted_now(game.position, seat, index, tuple(sorted(copy.hand[seat])))
    if any(weights[k] > 0 for k in wanted):
        weights = {k: n for k, n in weights.items() if k in wanted}
    return _weighted(weights, draw)


@_per_position
def _wanted_now(position: _Position, seat: int, index: int, hand: tuple) -> frozenset[str]:
    """Return the kinds the draw at step `index` must be one of, for `seat`'s plays to be
    met: those lacking for the plays up to the first whose lacking cards take every draw
    of his from this one until it (none when no play is that near)."""
    draws = position.draws.get(seat, [])
    first = bisect_left(draws, index)
    left, lacking = Counter(hand), []
    for time, slug in _later_plays(position, seat, index):
        if left[slug]:
            left[slug] -= 1
            continue
        lacking.append(slug)
        if bisect_left(draws, time) - first <= len(lacking):
            return frozenset(lacking)
    return frozenset()


def _discard_card(game: _Replay, index: int, draw, card: str | None = None) -> str:
    """Return the card a hidden discard throws away: uniformly among those the player's
    later plays do not need (among all, if each is needed); `card` when it is kept."""
    copy = game.copy
    seat = copy.stack[-1][1]
    hand = copy.hand[seat]
    if card is None:
        spare = _spare_kinds(game.position, seat, index, tuple(sorted(hand)))
        card = pick(sorted(card for card in hand if card in spare) or sorted(hand), draw)
    slot = game.let_go(seat, card)
    if slot is not None:
        game.thrown.append([seat, slot, card, copy.role[seat], len(game.out), False])
    return card


# --- the replay ---------------------------------------------------------------------------------


def _window(position: _Position, index: int) -> list[_Real]:
    """Return real step `index` and the windows (hidden passes) right after it."""
    window = [position.steps[index]]
    for real in position.steps[index + 1 :]:
        if real.kind not in PASSES:
            break
        window.append(real)
    return window


@_per_position
def _plan(position: _Position, player: int) -> list[tuple[frozenset, list[tuple[int, str]]]]:
    """Return, for each real step, what every try asks of it: the (kind, player) of the step
    and of the windows right after it, and the cards (seat, kind) other players play in
    them, in order."""
    plan = []
    for index in range(len(position.steps)):
        window = _window(position, index)
        coming = frozenset((real.kind, real.who) for real in window)
        asks = [
            (real.who, real.action.split()[1])
            for real in window
            if real.who not in (CHANCE, player) and real.action.startswith("play ")
        ]
        plan.append((coming, asks))
    return plan


def _attempt(
    options: dict, position: _Position, player: int, draw, keep: frozenset = frozenset()
) -> _Replay:
    """Return one game drawn as the module's docstring says (its state and history), the
    real game's hidden draws and discards at the steps in `keep` kept; _Broken when it
    leaves the public log, cannot give a player a card he plays or gives another view."""
    paths = _paths(position, draw)
    game = _Replay(options, position, player)
    plan = _plan(position, player)
    for index, real in enumerate(position.steps):
        coming, asks = plan[index]
        game.flush(coming)
        copy = game.copy
        here = (copy.stack[-1][0], copy.current_player())
        if real.hidden == "pass" and here != (real.kind, real.who):
            continue  # the copy's hand does not offer this pass
        action = real.action
        if real.hidden == "draw":
            action = real.action if index in keep else "draw " + _draw_card(game, index, draw)
        elif real.hidden == "discard":
            card = real.action.split()[1] if index in keep else None
            action = "discard " + _discard_card(game, index, draw, card)
        elif real.hidden == "start":
            action = "start " + copy.island.name(paths[real.who][0])
        elif real.hidden == "square":
            square = paths[real.who][copy.clock[real.who] + 1]
            action = action.rsplit(" ", 1)[0] + " " + copy.island.name(square)
        if asks:  # the cards this step and the windows it opens ask for
            asked: Counter = Counter()
            for seat, slug in asks:
                asked[(seat, slug)] += 1
                if copy.hand[seat].count(slug) < asked[(seat, slug)]:
                    game.give(seat, index - 1, slug, draw)  # spare from this step on
        own_draw = real.kind == "draw" and real.hidden is None
        if own_draw and not copy.piles[copy.role[player]][action.split()[1]]:
            game.free_up(action.split()[1], index, draw)
        if real.who not in (CHANCE, player) and action.startswith("play "):
            game.let_go(real.who, action.split()[1])
        game.play(action)
    game.flush(frozenset({position.end}))
    if game.rewritten:
        game = _settled(options, position, player, game.out)
    if observation_text(game.copy.observation(player)) != position.wanted:
        raise _Broken("the view differs")
    return game


def _settled(options: dict, position: _Position, player: int, drawn: list[Step]) -> _Replay:
    """Return `drawn` replayed from the start with its hidden passes set right: a card
    redrawn after the fact may open a window (a Camouflage held when a look saw him) or
    close one, so a pass is played where the replay waits at another player's window that
    the next step does not answer, and one is left out where no window waits for it. A
    history no repair rewrote needs none of this: its replay is the one drawn, step for
    step, so _attempt keeps that."""
    game = _Replay(options, position, player)
    copy = game.copy
    for step in drawn:
        while not copy.over and copy.stack[-1][0] in PASSES:
            mover = copy.current_player()
            if mover == player or (step.player == mover and step.action in copy.legal_actions()):
                break
            game.play(PASSES[copy.stack[-1][0]])
        hidden_pass = step.action in ("pass", "fight") and step.player not in (CHANCE, player)
        answered = copy.current_player() == step.player and step.action in copy.legal_actions()
        if hidden_pass and not answered:
            continue  # no window waits for this pass any more
        game.play(step.action)
    game.flush(frozenset({position.end}))
    return game


def _fallbacks(position: _Position) -> list[tuple[frozenset, int]]:
    """Return the hidden card steps to keep as the real game's, and how many tries to give
    each: none (TRIES), then those of each deck before its last reshuffle but one, before
    its last reshuffle, then all (FALLBACK_TRIES each)."""
    levels = [(frozenset(), TRIES)]
    for redrawn in (2, 1, 0):
        keep = frozenset(
            index
            for index, real in enumerate(position.steps)
            if real.deck is not None
            and position.epoch(real.deck, index)
            < len(position.reshuffled.get(real.deck, [])) + 1 - redrawn
        )
        if keep and keep != levels[-1][0]:
            levels.append((keep, FALLBACK_TRIES))
    return levels


def resample_state(options: dict, history: list[Step], player: int, draw):
    """Return (the state, its history) of a game drawn as the module's docstring says; None
    when nothing is hidden from `player`."""
    if player < 0:
        return None
    actions = tuple(str(step.action) for step in history)
    position = _position(tuple(sorted(options.items())), actions, player)
    if position is None:
        return None  # nothing drawn or chosen out of his sight yet
    for keep, tries in _fallbacks(position):
        for _ in range(tries):
            try:
                game = _attempt(dict(options), position, player, draw, keep)
            except (_Broken, IllegalAction):
                continue
            return game.copy, game.out
    raise ValueError("no consistent island game found, even with every hidden card kept")
