"""Fugitive bots, and playing games with them. A bot sees only its observation, never the state.

Marshals: `DeducingMarshal` (exact deduction of every face-down Hideout's possible values,
generator.games.fugitive.deduction; guesses all certain values as a series, else the most
likely number; draws to build roadblocks) and `RandomMarshal`. Fugitives: `PlanningFugitive`
(plans a path to the 42 with the cards he holds; places, sprints, bluffs, passes to wait)
and `RandomFugitive`. Every bot has `start(seed)` (a new game) and `act(view) -> action`;
given its seed it is deterministic.

`play_fugitive` plays one game; `play_one_fugitive` is the picklable per-game function for
`generator.engine.simulate.simulate`; `simulate_fugitive` returns the JSON summary and
`fugitive_win_rate` scores one deck configuration (for the deck designer).
"""

import json
import random
from collections.abc import Sequence
from dataclasses import replace
from functools import cache, lru_cache, partial

from generator.engine.game import CHANCE
from generator.engine.simulate import derived_seeds, simulate, summarise
from generator.games.fugitive.cards import ESCAPE, PILES, VARIANTS, DeckConfig, pile_of, published
from generator.games.fugitive.deduction import Deduction, deduce
from generator.games.fugitive.marshal_facts import HistoryFacts, Inconsistent
from generator.games.fugitive.rules import (
    FUGITIVE,
    MARSHAL,
    NORMAL_REACH,
    Draw,
    FugitiveState,
    FugitiveView,
    Guess,
    Hide,
    MarshalView,
    Pass,
    format_action,
    new_game,
)

FUGITIVES = ("planning", "random")
MARSHALS = ("deducing", "random")
MAX_TURNS = 200  # a game still running after this many Fugitive turns is stopped (capped)

# The Planning Fugitive's habits (chances per decision).
BLUFF_SPRINT = 0.15  # add one spare card he has no use for as an unneeded Sprint card
BLUFF_DRAW = 0.15  # draw from a higher pile than the one he needs
# The Random Fugitive passes this often when he may, and adds a spare Sprint card this often.
RANDOM_PASS = 0.3
RANDOM_EXTRA_SPRINT = 0.2


# --- small readings of a view ----------------------------------------------------------------
def _pick_pile(pile_sizes: Sequence[int], wanted: int) -> int:
    """Return `wanted` if that pile has cards, else the nearest pile above, else below."""
    order = [wanted, *range(wanted + 1, 3), *range(wanted - 1, -1, -1)]
    for pile in order:
        if pile_sizes[pile]:
            return pile
    return wanted  # every pile is empty: no draw step is asked for then


def _pile_for(number: int) -> int:
    """Return the pile (0-2) holding `number`, clamped to the piles' range 4-41."""
    return pile_of(min(max(number, PILES[0][0]), PILES[-1][1]))


def _last_wrong_guess(history: Sequence[dict]) -> frozenset[int]:
    """Return the numbers of the Marshal's most recent guess if it was wrong."""
    for entry in reversed(history):
        if entry["what"] == "guess":
            return frozenset() if entry["right"] else frozenset(entry["numbers"])
        if entry["what"] == "hide":
            break
    return frozenset()


def _known_cards(view: MarshalView) -> set[int]:
    """Return the cards whose place the Marshal knows (hand, revealed, discarded)."""
    known = set(view.hand) | {c for c in view.discarded if c <= ESCAPE}
    for number, _, sprint in view.row:
        if number is not None:
            known.add(number)
            known.update(sprint)
    return known


# --- Marshals --------------------------------------------------------------------------------
class DeducingMarshal:
    """The Marshal who knows every value each face-down Hideout can still have.

    Guess: from the exact deduction (deduction.deduce on her view). If she is certain of two
    or more face-down Hideouts she guesses all the certain values as a series; otherwise one
    number, the most likely: a certain value if there is one, else the number that is a
    face-down Hideout in the most completions (every way to give the face-down Hideouts
    values and Sprint card kinds that fit the facts, counted as equally likely). A single
    guess is forced by a manhunt, an extra guess or Lie Low; then too a certain value comes
    first. Ties: her seeded rng.

    Draw (roadblocks): the pile holding the number two above the highest value the newest
    Hideout can have (the cards the Fugitive needs next), or the nearest pile with cards."""

    name = "deducing"

    def __init__(self, seed: int = 0) -> None:
        self.start(seed)

    def start(self, seed: int) -> None:
        """Begin a new game."""
        self.rng = random.Random(seed)
        self.last: Deduction | None = None
        self.facts = HistoryFacts()  # the history read so far: each guess reads what is new

    def act(self, view: MarshalView):
        """Return a Draw (step "draw") or a Guess (steps "guess" and "manhunt")."""
        if view.step == "draw":
            return Draw(_pick_pile(view.pile_sizes, _pile_for(self._frontier(view) + 2)))
        deduction = deduce(view, self.facts)
        self.last = deduction
        return self.guess(deduction, single=view.single_only or view.step == "manhunt")

    def guess(self, deduction: Deduction, single: bool) -> Guess:
        """Return the guess for a deduction (see the class docstring)."""
        certain = sorted(set(deduction.certain().values()))
        if certain and (single or len(certain) == 1):
            return Guess((certain[0],))
        if len(certain) >= 2:
            return Guess(tuple(certain))
        weights = deduction.number_weights()
        if not weights:
            return Guess((self.rng.randint(1, ESCAPE - 1),))
        best = max(weights.values())
        return Guess((self.rng.choice(sorted(n for n, w in weights.items() if w == best)),))

    def _frontier(self, view: MarshalView) -> int:
        """Return the highest value the newest Hideout may have (an estimate for Hideouts
        placed since her last deduction: the one before it plus its widest reach)."""
        ranges = {}
        if self.last is not None:
            ranges = dict(zip(self.last.positions, map(max, self.last.possible), strict=True))
        top_sprint = max(view.config.sprint)
        high = 0
        for position, (number, count, _) in enumerate(view.row):
            if number is not None:
                high = number
            elif position in ranges:
                high = ranges[position]
            else:
                high = min(ESCAPE - 1, high + NORMAL_REACH + top_sprint * count)
        return high


class RandomMarshal:
    """The Marshal who draws from a random pile and guesses one random number among those
    she does not know to be elsewhere (not in her hand, not revealed, not discarded)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.start(seed)

    def start(self, seed: int) -> None:
        """Begin a new game."""
        self.rng = random.Random(seed)

    def act(self, view: MarshalView):
        """Return a Draw or a single Guess."""
        if view.step == "draw":
            return Draw(self.rng.choice([p for p in range(3) if view.pile_sizes[p]]))
        known = _known_cards(view)
        numbers = [n for n in range(1, ESCAPE) if n not in known] or [1]
        return Guess((self.rng.choice(numbers),))


# --- Fugitives -------------------------------------------------------------------------------
def _sprint_for(cards: Sequence[int], need: int, hideout: int, sprint: Sequence[int]):
    """Return Sprint cards from `cards` (never the 42) worth at least `need`, spending first
    cards at or below `hideout` (useless as later Hideouts), highest Sprint value first; then
    live cards, lowest number first. None if all of them are not enough."""
    if need <= 0:
        return ()
    dead = sorted((c for c in cards if c <= hideout), key=lambda c: (-sprint[c], c))
    live = sorted(c for c in cards if hideout < c < ESCAPE)
    chosen, total = [], 0
    for card in dead + live:
        chosen.append(card)
        total += sprint[card]
        if total >= need:
            return tuple(chosen)
    return None


def _greedy_sprint(by_value, ascending, need: int, hideout: int, sprint: Sequence[int]):
    """Return what _sprint_for returns for the cards other than `hideout`, given them twice:
    `by_value` (by Sprint value, highest first, then number) and `ascending` (by number),
    both without the 42."""
    if need <= 0:
        return ()
    chosen, total = [], 0
    for card in by_value:
        if card < hideout:
            chosen.append(card)
            total += sprint[card]
            if total >= need:
                return tuple(chosen)
    for card in ascending:
        if card > hideout:
            chosen.append(card)
            total += sprint[card]
            if total >= need:
                return tuple(chosen)
    return None


def _live_spent(sprint_cards: Sequence[int], hideout: int) -> int:
    return sum(1 for c in sprint_cards if c > hideout)


def plan_escape(
    last: int, hand: Sequence[int], bonus: int, sprint: Sequence[int], prefer=frozenset()
) -> list[tuple[int, tuple[int, ...]]] | None:
    """Return the shortest path to the 42 with the cards of `hand`: a list of (Hideout,
    Sprint cards) steps from `last` (with `bonus` reach on the first step), or None.

    Among paths with the fewest steps: fewest Sprint cards, then a first step in `prefer`.
    Sprint cards per step are chosen greedily (_sprint_for), so a path can be missed when
    only a cleverer split of the Sprint cards works."""
    memo: dict = {}
    # The hand in the two orders Sprint cards are picked in (see _sprint_for): dead ones (at
    # or below the Hideout) by Sprint value, highest first, then live ones by number; never
    # the 42. A subset keeps these orders, so each step filters them instead of sorting.
    in_order = sorted(hand)
    by_value_order = sorted((c for c in hand if c != ESCAPE), key=lambda c: (-sprint[c], c))

    def best_from(current: int, cards: frozenset, extra: int):
        key = (current, cards, extra)
        if key in memo:
            return memo[key]
        best, best_key = None, None
        others = [c for c in in_order if c in cards]
        by_value = [c for c in by_value_order if c in cards]
        live = [c for c in others if c != ESCAPE]
        total = sum(sprint[c] for c in live)
        for hideout in others:
            if hideout <= current:
                continue
            need = hideout - current - NORMAL_REACH - extra
            if need > total:
                break  # not even every card is enough, here or for any higher Hideout
            spent = _greedy_sprint(by_value, live, need, hideout, sprint)
            if spent is None:
                continue
            if hideout == ESCAPE:
                tail = []
            else:
                tail = best_from(hideout, cards - {hideout, *spent}, 0)
                if tail is None:
                    continue
            path = [(hideout, spent), *tail]
            rank = (len(path), sum(len(s) for _, s in path), path[0][0] not in prefer)
            if best_key is None or rank < best_key:
                best, best_key = path, rank
        memo[key] = best
        return best

    if ESCAPE not in hand:
        return None
    return best_from(last, frozenset(hand), bonus)


def _fugitive_context(view: FugitiveView):
    """Return (last Hideout number, Hideouts placed, face-down count) from his view."""
    hideouts = view.hideouts
    face_down = sum(1 for number, _, revealed in hideouts if not revealed)
    return hideouts[-1][0], len(hideouts) - 1, face_down


class PlanningFugitive:
    """The Fugitive who plans a path to the 42 with the cards in his hand.

    Place: if the shortest path to the 42 (plan_escape: fewest steps, then fewest Sprint
    cards) exists, he places its first step; now and then (BLUFF_SPRINT) he adds a spare
    card he cannot use later (at or below the new Hideout) as an unneeded Sprint card. With
    no path, he places the highest Hideout he can reach spending no card he could still play
    as a Hideout; if there is none he passes to wait for cards, unless he must place (his
    first turn) or has at most one face-down Hideout (a hit would end the game): then he
    places the Hideout that spends the fewest such cards. Ties prefer a number the Marshal
    has just guessed wrong (she is unlikely to guess it again).

    Draw: the pile holding the number 3 above his last Hideout (what he needs next); now and
    then (BLUFF_DRAW) a higher pile, to throw the Marshal off."""

    name = "planning"

    def __init__(self, seed: int = 0) -> None:
        self.start(seed)

    def start(self, seed: int) -> None:
        """Begin a new game."""
        self.rng = random.Random(seed)

    def act(self, view: FugitiveView):
        """Return a Draw (step "draw") or a Hide or Pass (step "place")."""
        last, placed, face_down = _fugitive_context(view)
        if view.step == "draw":
            wanted = _pile_for(last + NORMAL_REACH)
            if self.rng.random() < BLUFF_DRAW and wanted < 2:
                wanted += 1
            return Draw(_pick_pile(view.pile_sizes, wanted))
        sprint = view.config.sprint
        hand = view.hand
        prefer = _last_wrong_guess(view.history)
        path = plan_escape(last, hand, view.bonus_reach, sprint, prefer)
        if path is not None:
            hideout, spent = path[0]
            if hideout != ESCAPE and self.rng.random() < BLUFF_SPRINT:
                planned = {card for step in path for card in (step[0], *step[1])}
                spare = [c for c in hand if c < hideout and c not in planned]
                if spare:
                    spent = (*spent, self.rng.choice(spare))
            return Hide(hideout, spent)
        must = placed == 0 and view.turn == 1
        options = []
        for hideout in hand:
            if hideout <= last or hideout == ESCAPE:
                continue
            need = hideout - last - NORMAL_REACH - view.bonus_reach
            spent = _sprint_for([c for c in hand if c != hideout], need, hideout, sprint)
            if spent is not None:
                live = _live_spent(spent, hideout)
                rank = (live, len(spent), hideout not in prefer, -hideout)
                options.append((rank, hideout, spent))
        if not options:
            return Pass()
        rank, hideout, spent = min(options)
        if rank[0] > 0 and not must and face_down > 1:
            return Pass()
        return Hide(hideout, spent)


class RandomFugitive:
    """The Fugitive who draws from a random pile and, when he may pass, passes now and then
    (RANDOM_PASS); otherwise he places a random reachable Hideout with random Sprint cards
    (cards in random order until the reach is enough, now and then one more; never the 42)."""

    name = "random"

    def __init__(self, seed: int = 0) -> None:
        self.start(seed)

    def start(self, seed: int) -> None:
        """Begin a new game."""
        self.rng = random.Random(seed)

    def act(self, view: FugitiveView):
        """Return a Draw, a Hide or a Pass."""
        rng = self.rng
        if view.step == "draw":
            return Draw(rng.choice([p for p in range(3) if view.pile_sizes[p]]))
        last, placed, _ = _fugitive_context(view)
        must = placed == 0 and view.turn == 1
        if not must and rng.random() < RANDOM_PASS:
            return Pass()
        sprint = view.config.sprint
        hand = list(view.hand)
        spare_total = sum(sprint[c] for c in hand if c != ESCAPE)
        reach = last + NORMAL_REACH + view.bonus_reach
        choices = [
            h
            for h in hand
            if h > last and h - reach <= spare_total - (sprint[h] if h != ESCAPE else 0)
        ]
        if not choices:
            return Pass()
        hideout = rng.choice(choices)
        others = [c for c in hand if c not in (hideout, ESCAPE)]
        rng.shuffle(others)
        spent, total = [], 0
        for card in others:
            if total >= hideout - reach:
                break
            spent.append(card)
            total += sprint[card]
        rest = [c for c in others if c not in spent]
        if rest and rng.random() < RANDOM_EXTRA_SPRINT:
            spent.append(rest[0])
        return Hide(hideout, tuple(spent))


def make_fugitive(name: str, seed: int = 0):
    """Return a Fugitive bot by name ("planning" or "random")."""
    if name == "planning":
        return PlanningFugitive(seed)
    if name == "random":
        return RandomFugitive(seed)
    raise ValueError(f"unknown fugitive {name!r}; expected one of {', '.join(FUGITIVES)}")


def make_marshal(name: str, seed: int = 0):
    """Return a Marshal bot by name ("deducing" or "random")."""
    if name == "deducing":
        return DeducingMarshal(seed)
    if name == "random":
        return RandomMarshal(seed)
    raise ValueError(f"unknown marshal {name!r}; expected one of {', '.join(MARSHALS)}")


# --- playing ---------------------------------------------------------------------------------
def play_fugitive(
    fugitive,
    marshal,
    config: DeckConfig | None,
    seed: int,
    max_turns: int = MAX_TURNS,
    record: bool = True,
) -> tuple[FugitiveState, list[str]]:
    """Play one game and return (the final state, every action in notation; none when not
    `record`: simulations only keep the result).

    `fugitive` and `marshal` are bots (or their names); they and chance get seeds derived
    from `seed`, so the game is a pure function of (bots, config, seed). A game still
    running after `max_turns` Fugitive turns is stopped there (the state is not terminal)."""
    fugitive = make_fugitive(fugitive) if isinstance(fugitive, str) else fugitive
    marshal = make_marshal(marshal) if isinstance(marshal, str) else marshal
    chance_seed, fugitive_seed, marshal_seed = derived_seeds(seed, 3)
    chance = random.Random(chance_seed)
    fugitive.start(fugitive_seed)
    marshal.start(marshal_seed)
    state = new_game(config)
    actions = []
    while not state.is_terminal() and state.turn <= max_turns:
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(chance)
        elif player == FUGITIVE:
            action = fugitive.act(state.observation(FUGITIVE))
        else:
            action = marshal.act(state.observation(MARSHAL))
        state.apply(action)
        if record:
            actions.append(format_action(action))
    return state, actions


@cache
def _bots(fugitive: str, marshal: str) -> tuple:
    """Return one (fugitive, marshal) pair per process and matchup, reused between games."""
    return make_fugitive(fugitive), make_marshal(marshal)


@lru_cache(maxsize=64)
def _config(config_json: str) -> DeckConfig:
    return DeckConfig.from_json(json.loads(config_json))


def _result(state: FugitiveState) -> dict:
    found = sum(1 for h in state.row[1:] if h.revealed and h.number != ESCAPE)
    return {
        "fugitive_win": state.winner == FUGITIVE,
        "marshal_win": state.winner == MARSHAL,
        "manhunt": state.manhunt,
        "capped": state.winner is None,
        "turns": state.turn,
        "hideouts_placed": len(state.row) - 1,
        "hideouts_found": found,
    }


def play_one_fugitive(
    game_seed: int,
    fugitive: str = "planning",
    marshal: str = "deducing",
    config_json: str | None = None,
) -> dict:
    """Play one game and return {fugitive_win, marshal_win, manhunt, capped, turns,
    hideouts_placed, hideouts_found}. `config_json` is a whole DeckConfig as JSON text
    (Sprint values, variant, events in play and per pile); None: the published deck."""
    fugitive_bot, marshal_bot = _bots(fugitive, marshal)
    config = _config(config_json) if config_json is not None else published()
    state, _ = play_fugitive(fugitive_bot, marshal_bot, config, game_seed, record=False)
    return _result(state)


def fugitive_metrics(results: Sequence[dict]) -> dict:
    """Return the metrics of game results, each {"value": x, "ci95": [lo, hi]}:
    fugitive_win_rate, manhunt_rate and capped_rate (Wilson; capped games, stopped after
    MAX_TURNS, are no win for either side), turns, hideouts_placed and hideouts_found
    (means)."""
    metrics = summarise(results, means=("turns", "hideouts_placed", "hideouts_found"))
    rates = summarise(results, rates=("fugitive_win", "manhunt", "capped"))
    metrics["fugitive_win_rate"] = rates["fugitive_win"]
    metrics["manhunt_rate"] = rates["manhunt"]
    metrics["capped_rate"] = rates["capped"]
    return dict(sorted(metrics.items()))


def deck_for(config: DeckConfig | None, variant: str | None) -> DeckConfig:
    """Return the deck played: `config` (None: the published deck) with `variant` in place
    of its own when one is given. ValueError with the reason if the two do not fit together
    (for instance events per pile asked of a variant that puts no events into the piles)."""
    if variant is not None and variant not in VARIANTS:
        raise ValueError(f"unknown variant {variant!r}; expected one of {', '.join(VARIANTS)}")
    if config is None:
        return published(variant or "none")
    if variant is not None and variant != config.variant:
        config = replace(config, variant=variant)
    problem = config.problem()
    if problem:
        raise ValueError(f"the deck played with the variant {config.variant!r}: {problem}")
    return config


def simulate_fugitive(
    games: int,
    seed: int,
    jobs: int = 1,
    fugitive: str = "planning",
    marshal: str = "deducing",
    variant: str | None = None,
    config: DeckConfig | None = None,
    progress: bool | None = None,
) -> dict:
    """Play `games` games and return the JSON summary {"game": "fugitive", "games", "seed",
    "fugitive", "marshal", "variant", "deck", "metrics": fugitive_metrics(...)}; the same
    for every `jobs`. The deck is deck_for(config, variant): every part of `config` is
    played (Sprint values, events in play and per pile); "deck" says "published" or
    "designed"."""
    make_fugitive(fugitive)
    make_marshal(marshal)  # unknown names fail here, before any worker starts
    deck = deck_for(config, variant)
    config_json = json.dumps(deck.to_json(), sort_keys=True)
    play = partial(play_one_fugitive, fugitive=fugitive, marshal=marshal, config_json=config_json)
    results = simulate(play, games, seed, jobs=jobs, progress=progress)
    return {
        "game": "fugitive",
        "games": games,
        "seed": seed,
        "fugitive": fugitive,
        "marshal": marshal,
        "variant": deck.variant,
        "deck": "published" if deck == published(deck.variant) else "designed",
        "metrics": fugitive_metrics(results),
    }


def fugitive_win_rate(config: DeckConfig, games: int, seed: int, jobs: int = 1) -> dict:
    """Return the Planning Fugitive's win rate {"value": x, "ci95": [lo, hi]} against the
    Deducing Marshal over `games` games with deck `config`, every part of it played."""
    problem = config.problem()
    if problem:
        raise ValueError(problem)
    return simulate_fugitive(games, seed, jobs, config=config)["metrics"]["fugitive_win_rate"]


__all__ = [
    "FUGITIVES",
    "MARSHALS",
    "MAX_TURNS",
    "DeducingMarshal",
    "Inconsistent",
    "PlanningFugitive",
    "RandomFugitive",
    "RandomMarshal",
    "fugitive_metrics",
    "fugitive_win_rate",
    "make_fugitive",
    "make_marshal",
    "plan_escape",
    "play_fugitive",
    "play_one_fugitive",
    "deck_for",
    "simulate_fugitive",
]
