"""The Knight's public belief: every route map consistent with a public hunt log, and
where the Dragon stands under each, kept exactly and lazily (PublicBelief).

The ExactKnight searches and calls aides by it and the CunningDragon moves against it
(generator.games.hunt.bots); a hypothesis is one row of arrows (WIDTH columns, UNKNOWN
until the log makes them matter) with the weight of the maps it stands for.
"""

from collections.abc import Sequence
from functools import cache

import numpy as np

from generator.games.hunt.maps import LAIR, LOCATIONS, TOWN, fly_targets, walk_targets
from generator.games.hunt.rules import PAIRS

PLACE = {name: index for index, name in enumerate(LOCATIONS)}
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
                self.arrows, self.weight, self.loc = select_maps(self.hypotheses, keep)
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
            kept = select_maps((arrows, weight, target), ~unknown)
            arrows, weight, loc = select_maps((arrows, weight, loc), unknown)
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
        kept = None if unknown.all() else select_maps(hyps, ~unknown)
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
        return place_counts(self.loc, self.weight)

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
            moved = self.step(hyps if fly else select_maps(hyps, ~at_lair), fly)
            counts = place_counts(moved[2], moved[1])
            best = int(counts.argmax())
            found = counts[best] / counts.sum()
            if needed > 1 and found > 0:
                found *= self.chain_chance(select_maps(moved, moved[2] == best), needed - 1)
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
            moved = self.step(hyps if fly else select_maps(hyps, ~at_lair), fly)
            counts = place_counts(moved[2], moved[1])
            for place in np.argsort(-counts, kind="stable")[:2]:
                if counts[place]:
                    rest = self.chain_chance(select_maps(moved, moved[2] == place), needed - 1)
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


def select_maps(hyps: Hypotheses, keep: np.ndarray) -> Hypotheses:
    arrows, weight, loc = hyps
    return arrows[keep], weight[keep], loc[keep]


def _concat(first: Hypotheses, second: Hypotheses) -> Hypotheses:
    return tuple(np.concatenate(pair) for pair in zip(first, second, strict=True))


def place_counts(loc: np.ndarray, weight: np.ndarray) -> np.ndarray:
    """Return the weighted number of maps at each place (exact integers)."""
    return np.bincount(loc, weights=weight, minlength=5).astype(np.int64)
