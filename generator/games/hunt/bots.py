"""Hunt bots, and playing hunts with them. A bot sees only its observation, never the state.

Knights: `ExactKnight` (exact belief over every route map, greedy-with-lookahead searches,
aides when they pay) and `RandomKnight` (uniform searches, never an aide). Dragons:
`RandomDragon` (uniform map, random moves) and `CunningDragon` (a given map, moves chosen
against the Knight's public belief). Every bot has `start(loops, seed)` (a new hunt) and
`act(observation) -> action`; given its seed it is deterministic.

`play_hunt` plays one hunt; `play_one_hunt` is the picklable per-game function for
`generator.engine.simulate.simulate`; `simulate_hunt` returns the JSON summary and
`dragon_score_against_knight` scores one fixed map (for the route-map designer).
"""

import functools
import random
from collections.abc import Sequence
from functools import cache, partial

import numpy as np

from generator.engine.simulate import simulate, summarise
from generator.engine.stats import mean_metric
from generator.games.hunt.maps import (
    LAIR,
    LOCATIONS,
    NO_ARROW,
    TOWN,
    RouteMap,
    fly_targets,
    walk_targets,
)
from generator.games.hunt.rules import (
    DRAGON,
    ENCOUNTERS_TO_VANQUISH,
    ESCAPE_BONUS,
    PAIRS,
    CallAide,
    ChooseMap,
    DragonView,
    HuntState,
    KnightView,
    Move,
    Search,
    format_action,
    new_hunt,
)

KNIGHTS = ("exact", "random")
DRAGONS = ("random", "cunning")
PLACE = {name: index for index, name in enumerate(LOCATIONS)}

# The constants below were chosen by simulation (2000 hunts per setting against the random
# and the cunning Dragon, same seeds); the figures are the Dragon's mean score.
#
# After one encounter the Knight's search score is P(here) * (1 + FOLLOW_BONUS * P(he can
# be followed next turn)); 2.77 / 3.61 against 2.80 / 3.63 for the plain P(here). Using the
# bonus outside a chain (any FOLLOW_BONUS, even only to break ties) made it worse: 2.85 / 3.67.
FOLLOW_BONUS = 1.0
# On the turns listed, an aide is called when 5 * (its gain in the chance of finishing the
# chain of encounters from this turn) - 1 point > the margin; on other turns, never. The
# estimate is only right on turn 15, where a failed chain ends the hunt: margin 0 on turns 9
# and 15 scored 2.92 / 3.80, turn 15 only 2.77 / 3.61, never 2.78 / 3.65.
AIDE_MARGIN = {15: 0.0}
# The Cunning Dragon's price of being found, by encounters already in a row (0, 1, 2):
# (1, 2, 5) scored 3.90 against the ExactKnight; (2, 3, 5) 3.61, (5, 5, 5) 3.39, and
# ignoring the Knight (0, 0, 0: always take the road to Town) 2.99.
DRAGON_STAKE = (1.0, 2.0, ESCAPE_BONUS)


UNKNOWN = -2  # an arrow the belief has not had to pin down yet
NO_WALK = -3  # the Lair's missing Walk arrow
WIDTH = 10  # columns of a hypothesis: arrows 0-3 Walk from town..sea, 4-8 Fly from
# town..lair (the digit order of maps.map_table), 9 the Lair's missing Walk (always NO_WALK)
COLUMN = np.array([[0, 1, 2, 3, 9], [4, 5, 6, 7, 8]], dtype=np.int8)  # [fly][place]
MOVE_COLUMNS = np.ascontiguousarray(COLUMN.T)  # [place] -> (Walk column, Fly column)
MOVE_OFFSETS = np.array([0, 25], dtype=np.int8)
PLACE_OFFSETS = np.array([0, 5], dtype=np.int8)
PAIR_A = np.array([a for a, _ in PAIRS], dtype=np.int8)
PAIR_B = np.array([b for _, b in PAIRS], dtype=np.int8)
# columns of the arrows Walk a, Fly a, Walk b, Fly b for each pair
WIZARD_COLUMNS = (COLUMN[0, PAIR_A], COLUMN[1, PAIR_A], COLUMN[0, PAIR_B], COLUMN[1, PAIR_B])
PAIR_OFFSETS = np.arange(0, 90, 9, dtype=np.int16)


class _Tables:
    """Constant tables for one rule set (loops or not)."""

    def __init__(self, loops: bool) -> None:
        options = [walk_targets(s, loops) for s in range(4)] + [
            fly_targets(s, loops) for s in range(5)
        ]
        self.options = [np.asarray(o, dtype=np.int8) for o in options]
        self.radix = [len(o) for o in options]
        self.stride = [int(np.prod(self.radix[i + 1 :])) for i in range(9)]
        self.total = int(np.prod(self.radix))
        self.digit = np.full((9, 5), -1, dtype=np.int64)  # option index of each target
        for arrow, targets in enumerate(options):
            for index, target in enumerate(targets):
                self.digit[arrow, target] = index
        self.k = (self.radix[0], self.radix[4])  # options of any Walk, of any Fly
        walk_rows = [list(o) for o in options[:4]] + [[NO_WALK] * self.k[0]]
        self.move_options = (
            np.asarray(walk_rows, dtype=np.int8),
            np.asarray([list(o) for o in options[4:]], dtype=np.int8),
        )  # [fly][place] -> the k places that arrow may lead to
        self.spread = np.zeros((2, 5, 5))  # [fly][place, next]: an unknown arrow's law
        for fly in (0, 1):
            for place in range(4 + fly):
                self.spread[fly, place, self.move_options[fly][place]] = 1 / self.k[fly]
        start = np.full((1, WIDTH), UNKNOWN, dtype=np.int8)
        start[0, 9] = NO_WALK
        self.start = (start, np.array([self.total], dtype=np.int64), np.zeros(1, np.int8))
        for array in self.start:
            array.setflags(write=False)


@cache
def _tables(loops: bool) -> _Tables:
    return _Tables(loops)


_ROWS = np.arange(0, WIDTH * 1024, WIDTH, dtype=np.intp)


def _row_starts(count: int) -> np.ndarray:
    """Return WIDTH * arange(count) (a view of a cached array)."""
    global _ROWS
    if count > len(_ROWS):
        _ROWS = np.arange(0, WIDTH * 2 * count, WIDTH, dtype=np.intp)
    return _ROWS[:count]


Hypotheses = tuple[np.ndarray, np.ndarray, np.ndarray]  # (arrows, weight, loc)


class PublicBelief:
    """Every route map consistent with a public log, and the Dragon's place under each.

    Exact, and lazy: a hypothesis is a partial map (the arrows the log has made matter; the
    others UNKNOWN) standing for all `weight` maps that complete it, which all put the
    Dragon at the same `loc`. An arrow is pinned down (the hypothesis split into one per
    target) only when a move uses it or the Wizard asks about it, so the uniform prior over
    all 82,944 (800,000 with loops) maps is kept exactly with a few hundred rows. `mask()`
    expands it into a boolean mask over maps.map_table. Arrays are replaced, never changed
    in place. `observe(log)` reads the records it has not read yet: the Town flag, the
    Tracker's place, the Wizard's arrows, the move (a Walk from the Lair is impossible) and
    the search's outcome."""

    def __init__(self, loops: bool) -> None:
        self.loops = loops
        self.tables = _tables(loops)
        self.total = self.tables.total
        self.reset()

    def reset(self) -> None:
        """Forget the log: every map is possible and the Dragon is in Town under each."""
        self.arrows, self.weight, self.loc = self.tables.start
        self.in_a_row = 0
        self.wizard_pairs: dict[int, tuple[int, int]] = {}
        self._record = 0  # index of the first record not fully read
        self._stage = 0  # of that record: 0 nothing read, 1 Town read, 2 move read
        self._keep: np.ndarray | None = None  # pending filter on the current hypotheses

    @property
    def hypotheses(self) -> Hypotheses:
        """Return (arrows, weight, loc) of the current hypotheses."""
        return self.arrows, self.weight, self.loc

    # --- reading the log --------------------------------------------------------------------
    def observe(self, log: Sequence[dict]) -> None:
        """Read the new parts of `log` (a KnightView log); raise ValueError if no map is left."""
        while self._record < len(log):
            record = log[self._record]
            if self._stage == 0:
                town = record.get("town")
                if town is None:
                    break
                self._require(self.loc == TOWN if town else self.loc != TOWN)
                self._stage = 1
            if self._stage == 1:
                move = record.get("move")
                if move is None:
                    break
                self._read_aide(record)
                if move == "walk":
                    self._require(self.loc != LAIR)
                self._compact()
                self.arrows, self.weight, self.loc = self.step(self.hypotheses, move == "fly")
                self._stage = 2
            encounter = record.get("encounter")
            if encounter is None:
                break
            places = [PLACE[p] for p in record["search"]]
            if encounter:
                # the Militia's find is revealed; a Tracker's `revealed` is from before the move
                militia = record.get("aide") == "militia" and len(places) == 2
                found = PLACE[record["revealed"]] if militia else places[0]
                self._require(self.loc == found)
                self.in_a_row += 1
            else:
                for place in places:
                    self._require(self.loc != place)
                self.in_a_row = 0
            self._record += 1
            self._stage = 0
        self._compact()

    def _read_aide(self, record: dict) -> None:
        aide = record.get("aide")
        if aide == "tracker":
            self._require(self.loc == PLACE[record["revealed"]])
        elif aide == "wizard":
            arrows = [(PLACE[a], PLACE[b]) for a, b in record.get("wizard") or ()]
            pair = record.get("wizard_between")
            if pair is not None:
                pair = tuple(sorted(PLACE[p] for p in pair))
            elif arrows:
                pair = tuple(sorted(arrows[0]))
            else:
                pair = self.wizard_pairs.get(record["turn"])
            if pair is None:
                return  # an empty answer to a question we did not hear: no filter (sound)
            self._compact()
            self.arrows, self.weight, self.loc = self.pin_pair(self.hypotheses, *pair)
            forward = sum(1 for s, _ in arrows if s == pair[0])
            answer = forward * 3 + len(arrows) - forward
            self._require(wizard_codes(self.arrows, *pair) == answer)

    def _require(self, condition: np.ndarray) -> None:
        if self._keep is None:
            self._keep = condition
        else:
            self._keep &= condition

    def _compact(self) -> None:
        if self._keep is not None:
            keep, self._keep = self._keep, None
            if not keep.all():
                self.arrows, self.weight, self.loc = _select(self.hypotheses, keep)
                if len(self.loc) == 0:
                    raise ValueError("no route map is consistent with the public log")

    # --- moving and pinning arrows down -----------------------------------------------------
    def step(self, hyps: Hypotheses, fly: bool) -> Hypotheses:
        """Return the hypotheses after a Walk or Fly (none may be in the Lair for a Walk),
        splitting those whose arrow was still unknown."""
        arrows, weight, loc = hyps
        column = COLUMN[int(fly)].take(loc)
        target = arrows.take(_row_starts(len(loc)) + column)
        unknown = target == UNKNOWN
        if not unknown.any():
            return arrows, weight, target
        k = self.tables.k[int(fly)]
        if unknown.all():
            kept = None
        else:
            kept = _select((arrows, weight, target), ~unknown)
            arrows, weight, loc = _select((arrows, weight, loc), unknown)
            column = column[unknown]
        split = np.repeat(arrows, k, axis=0)
        places = self.tables.move_options[int(fly)][loc].reshape(-1)
        split.reshape(-1)[_row_starts(len(places)) + np.repeat(column, k)] = places
        split_hyps = (split, np.repeat(weight // k, k), places)
        return split_hyps if kept is None else _concat(kept, split_hyps)

    def pin(self, hyps: Hypotheses, arrow: int) -> Hypotheses:
        """Return the hypotheses with `arrow` (0-8) known in every one."""
        arrows, weight, loc = hyps
        unknown = arrows[:, arrow] == UNKNOWN
        if not unknown.any():
            return hyps
        options = self.tables.options[arrow]
        k = len(options)
        kept = None if unknown.all() else _select(hyps, ~unknown)
        if kept is not None:
            arrows, weight, loc = arrows[unknown], weight[unknown], loc[unknown]
        split = np.repeat(arrows, k, axis=0)
        split[:, arrow] = np.tile(options, len(loc))
        split_hyps = (split, np.repeat(weight // k, k), np.repeat(loc, k))
        return split_hyps if kept is None else _concat(kept, split_hyps)

    def pin_pair(self, hyps: Hypotheses, a: int, b: int) -> Hypotheses:
        """Return the hypotheses with every arrow out of a and out of b known."""
        for place in (a, b):
            for fly in (0, 1):
                arrow = int(COLUMN[fly, place])
                if arrow < 9:
                    hyps = self.pin(hyps, arrow)
        return hyps

    def pin_all(self) -> Hypotheses:
        """Return the current hypotheses with all nine arrows known (one row per map)."""
        hyps = self.hypotheses
        for arrow in range(9):
            hyps = self.pin(hyps, arrow)
        return hyps

    # --- questions --------------------------------------------------------------------------
    def size(self) -> int:
        """Return how many maps are still possible."""
        return int(self.weight.sum())

    def location_counts(self) -> np.ndarray:
        """Return, for each place, how many possible maps put the Dragon there now."""
        return _counts(self.loc, self.weight)

    def map_indices(self) -> np.ndarray:
        """Return the rows (in maps.map_table) of the possible maps, ascending."""
        arrows, _, _ = self.pin_all()
        index = np.zeros(len(arrows), dtype=np.int64)
        for arrow in range(9):
            index += self.tables.digit[arrow][arrows[:, arrow]] * self.tables.stride[arrow]
        return np.sort(index)

    def mask(self) -> np.ndarray:
        """Return a boolean mask over every map of maps.map_table: True where possible."""
        mask = np.zeros(self.total, dtype=bool)
        mask[self.map_indices()] = True
        return mask

    def move_counts(self) -> np.ndarray:
        """Return a 2x5x5 array: [0 Walk / 1 Fly][now][next], how many possible maps put the
        Dragon at `now` and, after that move, at `next` (nothing for a Walk from the Lair; an
        arrow still unknown spreads its maps evenly over its possible targets)."""
        arrows, weight, loc = self.hypotheses
        targets = arrows.take(_row_starts(len(loc))[:, None] + MOVE_COLUMNS.take(loc, axis=0))
        known = targets >= 0
        weights = np.broadcast_to(weight[:, None], targets.shape)
        codes = (loc * 5)[:, None] + targets + MOVE_OFFSETS
        table = np.bincount(codes[known], weights=weights[known], minlength=50).reshape(2, 5, 5)
        unknown = targets == UNKNOWN
        if unknown.any():
            spread = np.bincount(
                (loc[:, None] + PLACE_OFFSETS)[unknown], weights=weights[unknown], minlength=10
            )
            table = table + spread.reshape(2, 5, 1) * self.tables.spread
        return table

    def follow_chances(self, table: np.ndarray | None = None) -> np.ndarray:
        """Return, for each place p, the chance that a Knight who finds the Dragon at p now
        finds him again next turn (Walk and Fly equally likely, Fly only from the Lair): the
        share of the maps with the Dragon at p that agree on the likeliest next place."""
        table = self.move_counts() if table is None else table
        here = np.maximum(table[1].sum(axis=1), 1)
        best = table.max(axis=2)
        chances = 0.5 * (best[0] + best[1]) / here
        chances[LAIR] = best[1, LAIR] / here[LAIR]
        return chances

    def chain_chance(self, hyps: Hypotheses, needed: int) -> float:
        """Return the chance that a greedy Knight finds the Dragon on each of the next `needed`
        turns, maps uniform over `hyps`, Walk and Fly equally likely (Fly from the Lair)."""
        if needed <= 0:
            return 1.0
        _, weight, loc = hyps
        total = float(weight.sum())
        if total == 0:
            return 0.0
        at_lair = loc == LAIR
        lair = float(weight[at_lair].sum())
        chance = 0.0
        for fly in (True, False):
            share = (lair + 0.5 * (total - lair)) / total if fly else 0.5 * (total - lair) / total
            if share == 0:
                continue
            moved = self.step(hyps if fly else _select(hyps, ~at_lair), fly)
            counts = _counts(moved[2], moved[1])
            best = int(counts.argmax())
            found = counts[best] / counts.sum()
            if needed > 1 and found > 0:
                found *= self.chain_chance(_select(moved, moved[2] == best), needed - 1)
            chance += share * found
        return chance

    def militia_chain_chance(self, hyps: Hypotheses, needed: int) -> float:
        """Return chain_chance when this turn's search covers the two likeliest places and an
        encounter reveals which one."""
        _, weight, loc = hyps
        total = float(weight.sum())
        at_lair = loc == LAIR
        lair = float(weight[at_lair].sum())
        chance = 0.0
        for fly in (True, False):
            share = (lair + 0.5 * (total - lair)) / total if fly else 0.5 * (total - lair) / total
            if share == 0:
                continue
            moved = self.step(hyps if fly else _select(hyps, ~at_lair), fly)
            counts = _counts(moved[2], moved[1])
            for place in np.argsort(-counts, kind="stable")[:2]:
                if counts[place]:
                    rest = self.chain_chance(_select(moved, moved[2] == place), needed - 1)
                    chance += share * counts[place] / counts.sum() * rest
        return chance


def wizard_answer_counts(hyps: Hypotheses) -> np.ndarray:
    """Return a 10x9 array: for each pair of PAIRS (a, b) and each Wizard answer code
    3 * (arrows a->b) + (arrows b->a), how many maps of `hyps` (all arrows known) give it."""
    arrows, weight, _ = hyps
    forward = (arrows[:, WIZARD_COLUMNS[0]] == PAIR_B).view(np.int8) + (
        arrows[:, WIZARD_COLUMNS[1]] == PAIR_B
    )
    back = (arrows[:, WIZARD_COLUMNS[2]] == PAIR_A).view(np.int8) + (
        arrows[:, WIZARD_COLUMNS[3]] == PAIR_A
    )
    codes = forward * 3 + back + PAIR_OFFSETS
    weights = np.broadcast_to(weight[:, None], codes.shape)
    return np.bincount(codes.ravel(), weights=weights.ravel(), minlength=90).reshape(10, 9)


def wizard_codes(arrows: np.ndarray, a: int, b: int) -> np.ndarray:
    """Return, per hypothesis (arrows out of a and b known), 3 * (a->b) + (b->a)."""
    forward = (arrows[:, COLUMN[0, a]] == b).view(np.int8) + (arrows[:, COLUMN[1, a]] == b)
    back = (arrows[:, COLUMN[0, b]] == a).view(np.int8) + (arrows[:, COLUMN[1, b]] == a)
    return forward * 3 + back


def _select(hyps: Hypotheses, keep: np.ndarray) -> Hypotheses:
    arrows, weight, loc = hyps
    return arrows[keep], weight[keep], loc[keep]


def _concat(first: Hypotheses, second: Hypotheses) -> Hypotheses:
    return tuple(np.concatenate(pair) for pair in zip(first, second, strict=True))


def _counts(loc: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """Return the weighted number of maps at each place (exact integers)."""
    return np.bincount(loc, weights=weight, minlength=5).astype(np.int64)


class ExactKnight:
    """The Knight who tracks every route map consistent with what he has seen.

    Search: where the Dragon most probably is after the announced move (uniform prior over
    the consistent maps); with one encounter behind him (three in a row vanquish) he maximises
    P(there) * (1 + FOLLOW_BONUS * P(found again next turn | found there)), preferring places
    he can follow; with the Militia, the two likeliest places. Ties: his seeded rng.

    Aides, on the turns of AIDE_MARGIN (turn 15 only, by default): for each unused aide he
    computes exactly, over the belief, the chance that a greedy Knight finishes the chain of
    encounters starting this turn (moves equally likely) with and without it; an aide gives
    the Dragon a point and saves the 5-point escape, so he calls the best one when
    5 * (its gain in that chance) - 1 > AIDE_MARGIN[turn]. The Wizard is asked about the pair
    of places whose answer splits the possible maps most evenly (highest entropy)."""

    name = "exact"

    def __init__(self, seed: int = 0, follow_bonus: float = FOLLOW_BONUS, margins=None) -> None:
        self.follow_bonus = follow_bonus
        self.margins = dict(AIDE_MARGIN if margins is None else margins)
        self.belief: PublicBelief | None = None
        self.start(False, seed)

    def start(self, loops: bool, seed: int) -> None:
        """Begin a new hunt."""
        if self.belief is None or self.belief.loops != loops:
            self.belief = PublicBelief(loops)
        self.belief.reset()
        self.rng = random.Random(seed)

    def belief_counts(self) -> np.ndarray:
        """Return, per place, how many consistent maps put the Dragon there now."""
        return self.belief.location_counts()

    def act(self, view: KnightView):
        """Return the Knight's action for `view` (phase "aide" or "search")."""
        belief = self.belief
        belief.observe(view.log)
        if view.phase == "aide":
            return self._aide(view)
        if view.militia_now:
            counts = belief.location_counts().tolist()
            first = self._pick(counts)
            counts[first] = -1
            return Search(tuple(sorted((first, self._pick(counts)))))
        if belief.in_a_row != 1 or self.follow_bonus == 0:
            return Search((self._pick(belief.location_counts().tolist()),))
        table = belief.move_counts()
        counts = table[1].sum(axis=1)  # every map allows a Fly
        scores = counts * (1.0 + self.follow_bonus * belief.follow_chances(table))
        return Search((self._pick(scores.tolist()),))

    def _pick(self, scores: list) -> int:
        """Return the index of the best score, ties broken by the rng."""
        best = max(scores)
        ties = [i for i, score in enumerate(scores) if score >= best - 1e-9 * max(best, 1.0)]
        return ties[0] if len(ties) == 1 else ties[self.rng.randrange(len(ties))]

    def _aide(self, view: KnightView) -> CallAide:
        margin = self.margins.get(view.turn)
        if margin is None:
            return CallAide(None)
        belief = self.belief
        needed = ENCOUNTERS_TO_VANQUISH - belief.in_a_row
        hyps = belief.pin_all()  # one row per possible map: no splitting in the lookahead
        _, weight, loc = hyps
        base = belief.chain_chance(hyps, needed)
        options: list[tuple[float, CallAide]] = []
        if "tracker" in view.aides_left:
            value = sum(
                belief.chain_chance(_select(hyps, loc == place), needed) * count
                for place, count in enumerate(_counts(loc, weight).tolist())
                if count
            )
            options.append((value / weight.sum(), CallAide("tracker")))
        if "militia" in view.aides_left:
            options.append((belief.militia_chain_chance(hyps, needed), CallAide("militia")))
        if "wizard" in view.aides_left:
            index = _most_even_split(wizard_answer_counts(hyps))
            pair = PAIRS[index]
            codes = wizard_codes(hyps[0], *pair)
            value = sum(
                belief.chain_chance(_select(hyps, codes == code), needed) * count
                for code, count in enumerate(np.bincount(codes, weights=weight).tolist())
                if count
            )
            options.append((value / weight.sum(), CallAide("wizard", pair)))
        best_gain, best = margin, CallAide(None)
        for value, aide in options:
            gain = ESCAPE_BONUS * (value - base) - 1.0
            if gain > best_gain + 1e-12:
                best_gain, best = gain, aide
        if best.aide == "wizard":
            belief.wizard_pairs[view.turn] = best.wizard_pair
        return best


def _most_even_split(counts: np.ndarray) -> int:
    """Return the row of `counts` (answers per pair) with the highest entropy (first on a tie)."""
    shares = counts / counts.sum(axis=1, keepdims=True)
    logs = np.log(np.where(shares > 0, shares, 1.0))
    entropy = -(shares * logs).sum(axis=1)
    return int(np.flatnonzero(entropy >= entropy.max() - 1e-9)[0])


class RandomKnight:
    """The Knight who searches uniformly at random and never calls an aide."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.start(False, seed)

    def start(self, loops: bool, seed: int) -> None:
        """Begin a new hunt."""
        self.rng = random.Random(seed)

    def act(self, view: KnightView):
        """Return no aide, or a uniformly random search."""
        if view.phase == "aide":
            return CallAide(None)
        if view.militia_now:
            return Search(tuple(sorted(self.rng.sample(range(5), 2))))
        return Search((self.rng.randrange(5),))


class RandomDragon:
    """The Dragon with a uniformly random legal map who walks or flies at random (he must fly
    from the Lair)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.start(False, seed)

    def start(self, loops: bool, seed: int) -> None:
        """Begin a new hunt."""
        self.loops = loops
        self.rng = random.Random(seed)

    def act(self, view: DragonView):
        """Return a random map (first) or a random move."""
        if view.public.phase == "map":
            return ChooseMap(random_map(self.rng, self.loops))
        if view.place == LAIR:
            return Move(True)
        return Move(self.rng.random() < 0.5)


# What the cunning Dragon asks the route generator for when no maps are given to him.
CUNNING_CONSTRAINTS = ("town-reachable", "no-dead-end", "town-revisits>=2")


@functools.cache
def designed_maps(loops: bool) -> tuple[RouteMap, ...]:
    """Return 16 route maps from the CP-SAT generator under CUNNING_CONSTRAINTS (once per
    process): maps that let a Dragon keep coming back to Town."""
    from generator.games.hunt.design import design_maps

    return tuple(design_maps(list(CUNNING_CONSTRAINTS), seed=0, loops=loops, candidates=16))


class CunningDragon:
    """The Dragon who plays a given map and moves against the Knight's public belief.

    His map is drawn (seeded) from `candidates` (default: designed_maps, the route
    generator's maps that keep Town within reach). Each turn he
    computes the belief any Knight can hold from the public log (the ExactKnight's belief)
    and, for Walk and Fly, the share of the maps the Knight would still hold after that move
    that put the Dragon where that move really takes him (`risk`). He takes the move that
    maximises  [it leads to Town] - DRAGON_STAKE[encounters in a row] * risk : a Town point
    next turn is worth 1, being found is priced by how close it brings the vanquish (1, 2, or
    the 5-point escape bonus with two encounters in a row). Ties are broken by his rng. He
    must fly from the Lair."""

    name = "cunning"

    def __init__(self, seed: int = 0, candidates: Sequence[RouteMap] | None = None) -> None:
        self.candidates = list(candidates) if candidates else None
        self.belief: PublicBelief | None = None
        self.start(False, seed)

    def start(self, loops: bool, seed: int) -> None:
        """Begin a new hunt."""
        if self.belief is None or self.belief.loops != loops:
            self.belief = PublicBelief(loops)
        self.belief.reset()
        self.loops = loops
        self.rng = random.Random(seed)

    def act(self, view: DragonView):
        """Return a map from the candidates (first), then the safer move."""
        if view.public.phase == "map":
            pool = self.candidates or designed_maps(self.loops)
            return ChooseMap(pool[self.rng.randrange(len(pool))])
        if view.place == LAIR:
            return Move(True)
        belief = self.belief
        belief.observe(view.public.log)
        stake = DRAGON_STAKE[min(belief.in_a_row, len(DRAGON_STAKE) - 1)]
        values = []
        table = belief.move_counts()
        for fly in (False, True):
            target = view.route_map.step(view.place, fly)
            shares = table[int(fly)].sum(axis=0)
            risk = shares[target] / shares.sum()
            values.append((target == TOWN) - stake * risk)
        if abs(values[0] - values[1]) < 1e-12:
            return Move(self.rng.random() < 0.5)
        return Move(values[1] > values[0])


def random_map(rng: random.Random, loops: bool) -> RouteMap:
    """Return a map drawn uniformly from every legal map (the law of maps.random_map, drawn
    with a `random.Random`, which is several times faster than numpy for nine draws)."""
    walk = tuple(rng.choice(walk_targets(s, loops)) for s in range(4)) + (NO_ARROW,)
    return RouteMap(walk, tuple(rng.choice(fly_targets(s, loops)) for s in range(5)))


def make_knight(name: str, seed: int = 0):
    """Return a Knight bot by name ("exact" or "random")."""
    if name == "exact":
        return ExactKnight(seed)
    if name == "random":
        return RandomKnight(seed)
    raise ValueError(f"unknown knight {name!r}; expected one of {', '.join(KNIGHTS)}")


def make_dragon(name: str, seed: int = 0, candidates: Sequence[RouteMap] | None = None):
    """Return a Dragon bot by name ("random" or "cunning"; candidates only for cunning)."""
    if name == "random":
        return RandomDragon(seed)
    if name == "cunning":
        return CunningDragon(seed, candidates)
    raise ValueError(f"unknown dragon {name!r}; expected one of {', '.join(DRAGONS)}")


def play_hunt(dragon, knight, loops: bool, seed: int) -> tuple[HuntState, list[str]]:
    """Play one hunt to its end and return (the final state, every action in notation).

    `dragon` and `knight` are bots (or their names); they are restarted with seeds derived
    from `seed`, so the hunt is a pure function of (bots, loops, seed)."""
    dragon = make_dragon(dragon) if isinstance(dragon, str) else dragon
    knight = make_knight(knight) if isinstance(knight, str) else knight
    dragon_seed, knight_seed = np.random.SeedSequence(seed).generate_state(2, np.uint64)
    dragon.start(loops, int(dragon_seed))
    knight.start(loops, int(knight_seed))
    state = new_hunt(loops)
    actions = []
    while state.phase != "over":
        if state.current_player() == DRAGON:
            action = dragon.act(state.observation(DRAGON))
        else:
            action = knight.act(state.knight_view())
        state.apply(action)
        actions.append(format_action(action))
    return state, actions


@cache
def _bots(knight: str, dragon: str) -> tuple:
    """Return one (dragon, knight) pair per process and matchup, reused between hunts."""
    return make_dragon(dragon), make_knight(knight)


def _result(state: HuntState) -> dict:
    return {
        "dragon_score": state.dragon_score(),
        "vanquished": state.vanquished,
        "town_points": state.town_points,
        "aides_used": len(state.aides_used),
        "turns": state.turn,
    }


def play_one_hunt(
    game_seed: int, knight: str = "exact", dragon: str = "random", loops: bool = False
) -> dict:
    """Play one hunt and return {dragon_score, vanquished, town_points, aides_used, turns}."""
    dragon_bot, knight_bot = _bots(knight, dragon)
    state, _ = play_hunt(dragon_bot, knight_bot, loops, game_seed)
    return _result(state)


def hunt_metrics(results: Sequence[dict]) -> dict:
    """Return the metrics of hunt results, each {"value": x, "ci95": [lo, hi]}: vanquish_rate
    (Wilson), dragon_score, town_points, aides_used and turns (means)."""
    metrics = summarise(results, means=("dragon_score", "town_points", "aides_used", "turns"))
    metrics["vanquish_rate"] = summarise(results, rates=("vanquished",))["vanquished"]
    return dict(sorted(metrics.items()))


def simulate_hunt(
    games: int,
    seed: int,
    jobs: int = 1,
    knight: str = "exact",
    dragon: str = "random",
    loops: bool = False,
    progress: bool | None = None,
) -> dict:
    """Play `games` hunts and return the JSON summary {"game": "hunt", "games", "seed",
    "knight", "dragon", "loops", "metrics": hunt_metrics(...)}; the same for every `jobs`."""
    make_knight(knight)
    make_dragon(dragon)  # unknown names fail here, before any worker starts
    play = partial(play_one_hunt, knight=knight, dragon=dragon, loops=loops)
    results = simulate(play, games, seed, jobs=jobs, progress=progress)
    return {
        "game": "hunt",
        "games": games,
        "seed": seed,
        "knight": knight,
        "dragon": dragon,
        "loops": loops,
        "metrics": hunt_metrics(results),
    }


def _play_fixed_map(game_seed: int, route_map: RouteMap, loops: bool) -> dict:
    dragon = CunningDragon(candidates=[route_map])
    state, _ = play_hunt(dragon, _bots("exact", "random")[1], loops, game_seed)
    return _result(state)


def dragon_score_against_knight(
    route_map: RouteMap, games: int, seed: int, loops: bool = False, jobs: int = 1
) -> dict:
    """Return the Dragon's mean score {"value": x, "ci95": [lo, hi]} over `games` hunts in
    which he plays `route_map` with cunning moves against the ExactKnight."""
    problem = route_map.problem(loops)
    if problem:
        raise ValueError(problem)
    play = partial(_play_fixed_map, route_map=route_map, loops=loops)
    results = simulate(play, games, seed, jobs=jobs)
    return mean_metric([r["dragon_score"] for r in results])


__all__ = [
    "DRAGONS",
    "KNIGHTS",
    "CunningDragon",
    "ExactKnight",
    "PublicBelief",
    "RandomDragon",
    "RandomKnight",
    "dragon_score_against_knight",
    "hunt_metrics",
    "make_dragon",
    "make_knight",
    "play_hunt",
    "play_one_hunt",
    "simulate_hunt",
]
