"""CutThroat!'s bots and the simulation that measures the game.

A bot sees only its observation (its own identity and enemy, and what is public) and the
legal actions; `choose(observation, actions)` returns one of them.

- `random`: any legal action.
- `deducing`: keeps the exact chance of every identity under the model of belief.py (fed
  every public take, put and guess), guesses the likeliest pairing when its chance is at
  least GUESS_AT, and otherwise plays: it takes off the card of its hunter, the living seat
  that has chosen to take most markers off its own card among those that have taken more
  off it than off any other card (that seat's character as revealed, or else its
  likeliest). While there is no such seat, or two alike (or the hunter's card is empty), it
  takes by the model it reads others with: mostly off its enemy, rarely off itself. It puts
  by that model too, so that its puts say no more about it than anyone's: mostly back on
  itself, not always; all but always when its card is down to its last two markers.
- `simple`: plays rather than guesses (it guesses one turn in GUESS_EVERY, a hidden player
  and a character at random), takes markers off its enemy's card while it has any (off the
  fullest card of another character when its enemy is itself or empty), puts them back on
  its own character, and always takes the enemy's extended play. It makes no attempt to
  hide who it is, which is what a deducing bot will read.

Neither the simple nor the deducing bot declines an extended play (`pass`): one is a play
with an extra marker to put back where it likes. Both make the takes a right guess owes the
revealed card first, the order the notation once required.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from dataclasses import asdict
from functools import cache, partial

from generator.engine.game import CHANCE
from generator.engine.simulate import simulate, summarise
from generator.engine.stats import mean_metric, rate_metric
from generator.games.cutthroat.belief import Tracker, choice_weights
from generator.games.cutthroat.rules import (
    PUBLISHED,
    RULES_VERSION,
    CutthroatState,
    Rules,
    record_result,
)

BOTS = ("random", "simple", "deducing")
GUESS_AT = 0.5
GUESS_EVERY = 8
MAX_STEPS = 100_000


@cache
def rank_index(ranks: tuple[str, ...]) -> dict[str, int]:
    """Return {rank: index} of a table's ranks."""
    return {rank: index for index, rank in enumerate(ranks)}


class RandomBot:
    """Any legal action."""

    def __init__(self, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, seen: dict, actions: list[str]) -> str:
        return self.rng.choice(actions)


class SimpleBot(RandomBot):
    """Hurts its enemy, helps itself, guesses now and then (module docstring)."""

    def choose(self, seen: dict, actions: list[str]) -> str:
        phase = seen["phase"]
        if phase == "bonus":
            return "bonus"
        if phase == "main":
            if actions[0] == "play" and self.rng.randrange(GUESS_EVERY):
                return "play"
            guesses = [a for a in actions if a.startswith("guess")]
            return self.rng.choice(guesses) if guesses else "play"
        own = seen["identity"]
        if phase == "put":
            text = "put " + own
            return text if text in actions else self.rng.choice(actions)
        if seen["owed"] is not None:  # what a right guess owes the revealed card, first
            return "take " + seen["owed"]
        if actions[-1] == "pass":  # it never declines an extended play
            actions = actions[:-1]
        enemy = seen["enemy"]
        text = "take " + enemy
        if enemy != own and text in actions:
            return text
        mine = "take " + own
        others = [a for a in actions if a != mine] or actions
        markers, index = seen["markers"], rank_index(tuple(seen["ranks"]))
        counts = [markers[index[a[5:]]] for a in others]
        most = max(counts)
        return self.rng.choice([a for a, n in zip(others, counts, strict=True) if n == most])


class DeducingBot(RandomBot):
    """Reads the table with the model of belief.py and plays by it (module docstring)."""

    def choose(self, seen: dict, actions: list[str]) -> str:
        phase = seen["phase"]
        if phase == "bonus":
            return "bonus"
        names = rank_index(tuple(seen["ranks"]))
        own = names[seen["identity"]]
        if phase == "main":
            return self._turn(seen, actions, names, own)
        if seen["owed"] is not None:  # what a right guess owes the revealed card, first
            return "take " + seen["owed"]
        if actions[-1] == "pass":  # it never declines an extended play
            actions = actions[:-1]
        if len(actions) == 1:
            return actions[0]
        if phase == "take":
            hunter = self._hunter(seen, names, own)
            if hunter is not None and hunter != own and seen["markers"][hunter]:
                return "take " + seen["ranks"][hunter]
        targets = [names[a.split()[1]] for a in actions]
        weights = choice_weights(phase, own, names[seen["enemy"]], targets, seen["markers"])
        return self.rng.choices(actions, weights)[0]

    @staticmethod
    def _hunter(seen: dict, names: dict[str, int], own: int) -> int | None:
        """Return the character of the bot's hunter (None while there is none): among the
        living seats that have chosen to take more markers off the bot's own card than off
        any other card, the one that has taken most off it; revealed, or else its likeliest
        character. A seat that has taken as much off another card hunts that one as much;
        counting it made the first seat to move, the first seen taking, everyone's target
        (its share of the wins among deducing bots 0.086, now 0.141: docs/rules/cutthroat.md).
        A tie between two seats is no hunter, for the same reason."""
        tracker, revealed, alive = seen["tracker"], seen["revealed"], seen["alive"]
        hunter, most, tie = None, 0, False
        for seat, took in enumerate(tracker.took):
            count = took[own]
            if not count or count < most or seat == seen["seat"]:
                continue
            if any(n >= count for card, n in enumerate(took) if card != own):
                continue
            rank = revealed.get(seat)
            if rank is None or alive[names[rank]]:
                hunter, most, tie = seat, count, count == most
        if hunter is None or tie:
            return None
        if hunter in revealed:
            return names[revealed[hunter]]
        known = {seat: names[rank] for seat, rank in revealed.items()}
        known[seen["seat"]] = own
        chances = tracker.marginals(known)
        return max((p, c) for (seat, c), p in chances.items() if seat == hunter)[1]

    def _turn(self, seen: dict, actions: list[str], names: dict[str, int], own: int) -> str:
        """Guess the likeliest pairing when it is likely enough; else play."""
        guesses = [a for a in actions if a.startswith("guess")]
        if not guesses:
            return "play"
        known = {seat: names[rank] for seat, rank in seen["revealed"].items()}
        known[seen["seat"]] = own
        chances = seen["tracker"].marginals(known)
        best, chance = None, -1.0
        for action in guesses:
            _, seat, rank = action.split()
            p = chances.get((int(seat), names[rank]), 0.0)
            if p > chance:
                best, chance = action, p
        if chance >= GUESS_AT or "play" not in actions:
            return best
        return "play"


def make_bot(name: str, rng: random.Random) -> RandomBot:
    """Return the bot called `name` (ValueError if there is none)."""
    if name not in BOTS:
        raise ValueError(f"the bot is one of {', '.join(BOTS)}, not {name!r}")
    return {"simple": SimpleBot, "deducing": DeducingBot, "random": RandomBot}[name](rng)


def choice_targets(state: CutthroatState, action: str, actions: list[str]) -> list[int]:
    """Return the cards the player to move chose among for the take or put `action`, all
    public: the legal takes or puts, but only the revealed card for a take a right guess
    owes it (any order is legal, yet those takes are owed, so they choose nothing)."""
    index = rank_index(state.ranks)
    chosen = index[action.split()[1]]
    if action.startswith("take") and state.owed() and chosen == state.focus:
        return [chosen]
    return [index[a.split()[1]] for a in actions if a != "pass"]


def feed(tracker: Tracker, state: CutthroatState, action: str, actions: list[str]) -> None:
    """Tell the tracker about a take or put the player to move is about to make: what it
    chose among the cards it could (all public)."""
    head, _, rank = action.partition(" ")
    if head in ("take", "put"):
        targets = choice_targets(state, action, actions)
        tracker.choice(state.seat, head, rank_index(state.ranks)[rank], targets, state.markers)


def feed_guess(tracker: Tracker, log: list[tuple], since: int) -> None:
    """Tell the tracker about a guess announced in the log at or after `since`."""
    for event in log[since:]:
        if event[0] == "guess":
            _, seat, named, character, right = event
            tracker.guess(seat, named, character, right)


def play_game(
    players: int,
    game_seed: int,
    bot: str | Sequence[str] = "simple",
    first: int = 0,
    rules: Rules = PUBLISHED,
) -> tuple[CutthroatState, list[str]]:
    """Play one game with `bot` in every seat (or bot[s] in seat s); return the final state
    and the actions."""
    rng = random.Random(game_seed)
    state = CutthroatState(players, first, rules=rules)
    names = [bot] * players if isinstance(bot, str) else list(bot)
    bots = [make_bot(name, random.Random(rng.getrandbits(64))) for name in names]
    # public: every seat's choices as the whole table sees them (kept when someone reads it)
    tracker = Tracker(players) if "deducing" in names else None
    ranks = state.ranks  # a tuple: the bots cannot change it
    actions: list[str] = []
    # the loop runs some 300 times a game: its methods are looked up once
    is_terminal, to_move, observe = state.is_terminal, state.current_player, state.observation
    legal_actions, apply, record = state.legal_actions, state.apply, actions.append
    while not is_terminal():
        if len(actions) > MAX_STEPS:
            raise AssertionError(f"game {game_seed} ran past {MAX_STEPS} steps")
        player = to_move()
        if player == CHANCE:
            action = state.sample_chance(rng)
            apply(action)
            record(action)
            continue
        seen = observe(player, with_log=False)
        seen["ranks"] = ranks
        seen["tracker"] = tracker
        legal = legal_actions()
        action = bots[player].choose(seen, legal)
        if tracker is None:
            apply(action)
        else:
            since = len(state.log)
            feed(tracker, state, action, legal)
            apply(action)
            if action.startswith("guess"):
                feed_guess(tracker, state.log, since)
        record(action)
    return state, actions


def game_result(state: CutthroatState, first: int = 0) -> dict:
    """Return one game's numbers for the metrics; "shares" lists each turn position's share
    of the win (position p is the p-th seat to move, seat (first + p) mod N; a shared win
    is split evenly)."""
    reveals = sum(1 for e in state.log if e[0] == "reveal")
    guesses = [e for e in state.log if e[0] == "guess"]
    returns = state.returns()
    return {
        "winners": list(state.winners),
        "shares": [returns[(first + p) % state.players] for p in range(state.players)],
        "turns": state.turns,
        "reveal_rate": reveals / state.players,
        "right_guess_rate": sum(1 for e in guesses if e[4]) / len(guesses) if guesses else 0.0,
        "shared": len(state.winners) > 1,
    }


def play_one_cutthroat(
    game_seed: int, players: int, bot: str, first: int = 0, rules: Rules = PUBLISHED
) -> dict:
    """Play one game and return game_result (a picklable top-level function)."""
    state, _ = play_game(players, game_seed, bot, first, rules)
    return game_result(state, first)


def cutthroat_metrics(results: Sequence[dict], players: int) -> dict:
    """Return the metrics with 95% intervals: seat_<p>_win, the mean share of the win of
    the p-th seat to move (a shared win split evenly; the shares of a game sum to 1),
    shared_win_rate, and the means turns, reveal_rate, right_guess_rate."""
    metrics = summarise(results, means=("turns", "reveal_rate", "right_guess_rate"))
    games = len(results)
    for position in range(players):
        metrics[f"seat_{position}_win"] = mean_metric([r["shares"][position] for r in results])
    metrics["shared_win_rate"] = rate_metric(sum(1 for r in results if r["shared"]), games)
    return dict(sorted(metrics.items()))


def simulate_cutthroat(
    players: int, games: int, seed: int, jobs: int = 1, bot: str = "simple",
    progress: bool = False, first: int = 0, rules: Rules = PUBLISHED,
) -> dict:  # fmt: skip
    """Play `games` games of `players` and return the JSON summary {"game": "cutthroat",
    "games", "seed", "players", "bot", "first", "rules", "metrics"}; the same for every
    `jobs`. Seat numbers in the metrics are table seats: seat `first` moves first."""
    make_bot(bot, random.Random(0))  # ValueError before any game for an unknown bot
    CutthroatState(players, first)  # and for a bad player count or first seat
    play = partial(play_one_cutthroat, players=players, bot=bot, first=first, rules=rules)
    results = simulate(play, games, seed, jobs=jobs, progress=progress)
    return {
        "game": "cutthroat",
        "games": games,
        "seed": seed,
        "players": players,
        "bot": bot,
        "first": first,
        "rules": asdict(rules),
        "metrics": cutthroat_metrics(results, players),
    }


def game_record(
    players: int, seed: int, bot: str = "simple", first: int = 0, rules: Rules = PUBLISHED
) -> dict:
    """Return the record of one bot game: header, actions, result (docs/formats.md)."""
    state, actions = play_game(players, seed, bot, first, rules)
    options = {"players": players, "first": first, "turn_limit": state.turn_limit}
    header = {
        "game": "cutthroat",
        "rules_version": RULES_VERSION,
        "options": {**options, **asdict(rules)},
        "seed": seed,
        "players": {str(seat): f"{bot} bot" for seat in range(players)},
    }
    return {"header": header, "actions": actions, "result": record_result(state)}


def record_text(record: dict) -> str:
    """Return a record as the JSON text of an example file."""
    return json.dumps(record, indent=2, sort_keys=True, ensure_ascii=False) + "\n"
