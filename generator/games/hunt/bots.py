"""Hunt bots, and playing hunts with them. A bot sees only its observation, never the state.

Knights: `ExactKnight` (exact belief over every route map, greedy-with-lookahead searches,
aides when they pay) and `RandomKnight` (uniform searches, never an aide). Dragons:
`RandomDragon` (uniform map, random moves) and `CunningDragon` (a given map, moves chosen
against the Knight's public belief). Every bot has `start(loops, seed)` (a new hunt) and
`act(observation) -> action`; given its seed it is deterministic.

`play_hunt` plays one hunt and `play_match` a whole match (two hunts, roles swapped);
`play_one_hunt` and `play_one_match` are the picklable per-game functions for
`generator.engine.simulate.simulate`; `simulate_hunt` returns the JSON summary and
`dragon_score_against_knight` scores one fixed map (for the route-map designer).

The belief both clever bots reason with (PublicBelief) is in belief.py.
"""

import functools
import random
from collections.abc import Sequence
from functools import cache, partial

import numpy as np

from generator.engine.simulate import derived_seeds, simulate, summarise
from generator.engine.stats import mean_metric
from generator.games.hunt.belief import UNKNOWN as UNKNOWN  # an arrow not pinned down yet
from generator.games.hunt.belief import (
    PublicBelief,
    place_counts,
    select_maps,
    wizard_answer_counts,
    wizard_codes,
)
from generator.games.hunt.maps import LAIR, NO_ARROW, TOWN, RouteMap, fly_targets, walk_targets
from generator.games.hunt.match import DRAW, HUNTS, MatchState, dragon_seat, new_match
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
                belief.chain_chance(select_maps(hyps, loc == place), needed) * count
                for place, count in enumerate(place_counts(loc, weight).tolist())
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
                belief.chain_chance(select_maps(hyps, codes == code), needed) * count
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
        """Return a random map (first; one of the designed maps in a designed hunt) or a
        random move."""
        if view.public.phase == "map":
            if view.maps:
                return ChooseMap(view.maps[self.rng.randrange(len(view.maps))])
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
    from generator.games.hunt.design.solving import design_maps

    return tuple(design_maps(list(CUNNING_CONSTRAINTS), seed=0, loops=loops, candidates=16))


class CunningDragon:
    """The Dragon who plays a given map and moves against the Knight's public belief.

    His map is drawn (seeded) from the hunt's designed maps when the rules give some
    (DragonView.maps), else from `candidates` (default: designed_maps, the route
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
        """Return a map from the candidates (first; the hunt's designed maps when it has
        them), then the safer move."""
        if view.public.phase == "map":
            pool = view.maps or self.candidates or designed_maps(self.loops)
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


def _start(dragon, knight, loops: bool, seed: int) -> tuple:
    """Return the (dragon, knight) bots (made from their names if need be), restarted for a
    new hunt with seeds derived from `seed`."""
    dragon = make_dragon(dragon) if isinstance(dragon, str) else dragon
    knight = make_knight(knight) if isinstance(knight, str) else knight
    dragon_seed, knight_seed = derived_seeds(seed, 2)
    dragon.start(loops, dragon_seed)
    knight.start(loops, knight_seed)
    return dragon, knight


def play_hunt(
    dragon, knight, loops: bool, seed: int, record: bool = True
) -> tuple[HuntState, list[str]]:
    """Play one hunt to its end and return (the final state, every action in notation; none
    when not `record`: simulations only keep the result).

    `dragon` and `knight` are bots (or their names); they are restarted with seeds derived
    from `seed`, so the hunt is a pure function of (bots, loops, seed)."""
    dragon, knight = _start(dragon, knight, loops, seed)
    state = new_hunt(loops)
    actions = []
    while state.phase != "over":
        if state.current_player() == DRAGON:
            action = dragon.act(state.observation(DRAGON))
        else:
            action = knight.act(state.knight_view())
        state.apply(action)
        if record:
            actions.append(format_action(action))
    return state, actions


def play_match(seats: Sequence[tuple], loops: bool, seed: int) -> tuple[MatchState, list[str]]:
    """Play a whole match and return (the final state, every action of both hunts in
    notation).

    `seats` gives each seat's (dragon, knight) bots or names: seat A's Dragon plays the first
    hunt against seat B's Knight, then seat B's Dragon the second against seat A's Knight.
    Each bot acts on its seat's view of the hunt (MatchView.view) and is restarted for each
    hunt with seeds derived from `seed`, so the match is a pure function of its inputs."""
    hunt_seeds = derived_seeds(seed, HUNTS)
    state, actions, bots = new_match(loops), [], None
    while not state.is_terminal():
        number = state.hunt_number
        if bots is None or bots[0] != number:
            dragon_side = seats[dragon_seat(number)][0]
            knight_side = seats[1 - dragon_seat(number)][1]
            bots = (number, *_start(dragon_side, knight_side, loops, hunt_seeds[number - 1]))
        view = state.observation(state.current_player())
        bot = bots[1] if view.role == "dragon" else bots[2]
        action = bot.act(view.view)
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
    state, _ = play_hunt(dragon_bot, knight_bot, loops, game_seed, record=False)
    return _result(state)


def play_one_match(
    game_seed: int, knight: str = "exact", dragon: str = "random", loops: bool = False
) -> dict:
    """Play one match, both seats with the same bots, and return {a_wins, b_wins, draw (who
    won), a_score, b_score (each seat's Dragon score)}: what match_metrics reads."""
    dragon_bot, knight_bot = _bots(knight, dragon)
    pair = (dragon_bot, knight_bot)
    state, _ = play_match((pair, pair), loops, game_seed)
    a_score, b_score = state.dragon_scores()
    winner = state.winner()
    return {
        "a_wins": winner == "A",
        "b_wins": winner == "B",
        "draw": winner == DRAW,
        "a_score": a_score,
        "b_score": b_score,
    }


def match_metrics(results: Sequence[dict]) -> dict:
    """Return the metrics of match results, each {"value": x, "ci95": [lo, hi]}: the share
    of matches won by seat A (the first Dragon), by seat B, and drawn (Wilson intervals), and
    each seat's mean Dragon score, and seat A's points (a win 1, a draw 1/2; a mean)."""
    rows = [{**r, "a_points": r["a_wins"] + r["draw"] / 2} for r in results]
    metrics = summarise(
        rows, rates=("a_wins", "b_wins", "draw"), means=("a_score", "b_score", "a_points")
    )
    names = {
        "a_wins": "seat_a_wins",
        "b_wins": "seat_b_wins",
        "draw": "draws",
        "a_score": "seat_a_score",
        "b_score": "seat_b_score",
        "a_points": "seat_a_points",
    }
    return dict(sorted((names[key], value) for key, value in metrics.items()))


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
    match: bool = False,
) -> dict:
    """Play `games` hunts, or with `match` that many whole matches (the same bots in both
    seats), and return the JSON summary {"game": "hunt", "games", "seed", "knight",
    "dragon", "loops", "match", "metrics"}: hunt_metrics, or match_metrics for matches;
    the same for every `jobs`."""
    make_knight(knight)
    make_dragon(dragon)  # unknown names fail here, before any worker starts
    play_one = play_one_match if match else play_one_hunt
    play = partial(play_one, knight=knight, dragon=dragon, loops=loops)
    results = simulate(play, games, seed, jobs=jobs, progress=progress)
    return {
        "game": "hunt",
        "games": games,
        "seed": seed,
        "knight": knight,
        "dragon": dragon,
        "loops": loops,
        "match": match,
        "metrics": match_metrics(results) if match else hunt_metrics(results),
    }


def _play_fixed_map(game_seed: int, route_map: RouteMap, loops: bool) -> dict:
    dragon = CunningDragon(candidates=[route_map])
    state, _ = play_hunt(dragon, _bots("exact", "random")[1], loops, game_seed, record=False)
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
    "match_metrics",
    "play_hunt",
    "play_match",
    "play_one_hunt",
    "play_one_match",
    "simulate_hunt",
]
