"""CutThroat!: the deducing bot with the other ways of judging its hunter that
docs/rules/cutthroat.md compares it with, played under the rules as they are now.

Each rule replaces DeducingBot._hunter for the run (restored after). Printed: the strength
rows of bench_cutthroat_strength.py for the hunter by count alone, no hunter, the hunter by
count with every put on the bot's own card, and the rule kept guessing at other chances
than one half; then, for every rule, the first seat's share
of the wins among eight deducing bots (800 games of seed 3 with its interval and the largest
gap from 1/8 with the interval docs/design-cutthroat.md defines, and the mean over seeds 3,
4 and 5). Nothing is asserted; a few minutes on one core.
"""

import statistics
import weakref
from collections.abc import Callable

from bench_cutthroat_strength import ROWS, odd_shares

from generator.engine.stats import mean_interval
from generator.games.cutthroat import bots
from generator.games.cutthroat.bots import DeducingBot, simulate_cutthroat

KEPT = DeducingBot.__dict__["_hunter"]
FEED = bots.feed
FAIR = 1 / 8


def _character(seen: dict, names: dict, own: int, seat: int) -> int:
    """Return the seat's character: revealed, or else its likeliest for the bot."""
    revealed = seen["revealed"]
    if seat in revealed:
        return names[revealed[seat]]
    known = {s: names[rank] for s, rank in revealed.items()}
    known[seen["seat"]] = own
    chances = seen["tracker"].marginals(known)
    return max((p, c) for (s, c), p in chances.items() if s == seat)[1]


def ranked(key: Callable, least: int = 1, ties: str = "none", counts=None) -> staticmethod:
    """Return a hunter rule: among the living seats that took at least `least` markers off
    the bot's card, the one with the largest key(took, own) (None: not a hunter); on a tie
    no hunter ("none") or the first seat ("seat"). `counts(seen)` gives the takes counted
    (the tracker's when None)."""

    def hunter(seen: dict, names: dict, own: int) -> int | None:
        best, best_key, tie = None, None, False
        table = counts(seen) if counts else seen["tracker"].took
        for seat, took in enumerate(table):
            rank = seen["revealed"].get(seat)
            dead = rank is not None and not seen["alive"][names[rank]]
            if seat == seen["seat"] or took[own] < least or dead:
                continue
            value = key(took, own)
            if value is None:
                continue
            if best_key is None or value > best_key:
                best, best_key, tie = seat, value, False
            elif value == best_key:
                tie = True
        if best is None or (tie and ties == "none"):
            return None
        return _character(seen, names, own, best)

    return staticmethod(hunter)


def _kept_then_share(took: list[int], own: int) -> tuple | None:
    """The rule kept (more off the bot's card than off any other), the share breaking ties."""
    if any(n >= took[own] for card, n in enumerate(took) if card != own):
        return None
    return (took[own], took[own] / sum(took))


LATE = weakref.WeakKeyDictionary()  # tracker -> the takes counted after the first round


def _feed_late(tracker, state, action, actions) -> None:
    FEED(tracker, state, action, actions)
    late = LATE.setdefault(tracker, [[0] * state.players for _ in range(state.players)])
    counted = action.startswith("take") and state.turns >= state.players
    if counted and len(bots.choice_targets(state, action, actions)) > 1:
        late[state.seat][bots.rank_index(state.ranks)[action.split()[1]]] += 1


def _late(seen: dict) -> list[list[int]]:
    players = len(seen["markers"])
    return LATE.get(seen["tracker"], [[0] * players for _ in range(players)])


RULES = {
    "the rule kept": (KEPT, FEED),
    "count alone": (ranked(lambda t, o: t[o]), FEED),
    "count, ties by seat": (ranked(lambda t, o: t[o], ties="seat"), FEED),
    "no hunter": (staticmethod(lambda seen, names, own: None), FEED),
    "share of its takes": (ranked(lambda t, o: t[o] / sum(t)), FEED),
    "share, then count": (ranked(lambda t, o: (t[o] / sum(t), t[o])), FEED),
    "count, at least 2": (ranked(lambda t, o: t[o], least=2), FEED),
    "count, at least 3": (ranked(lambda t, o: t[o], least=3), FEED),
    "enemy chance, 8 to 1 a take": (
        ranked(lambda t, o: 8.0 ** t[o] / sum(8.0**n for n in t)),
        FEED,
    ),
    "count, first round not counted": (ranked(lambda t, o: t[o], counts=_late), _feed_late),
    "the rule kept, ties by share": (ranked(_kept_then_share), FEED),
}


def _use(rule: str) -> None:
    DeducingBot._hunter, bots.feed = RULES[rule]


def _own_puts(choose: Callable) -> Callable:
    def choose_own(self, seen: dict, actions: list[str]) -> str:
        own = "put " + seen["identity"]
        return own if seen["phase"] == "put" and own in actions else choose(self, seen, actions)

    return choose_own


def strength(rule: str, rows=ROWS) -> None:
    _use(rule)
    for odd, field in rows:
        share, (low, high) = mean_interval(odd_shares(odd, field))
        print(f"    one {odd:8} bot among {field:8} bots: {share:.3f} ({low:.3f}-{high:.3f})")


def first_seat(rule: str) -> str:
    _use(rule)
    shares, line = [], ""
    for seed in (3, 4, 5):
        metrics = simulate_cutthroat(8, 800, seed, bot="deducing")["metrics"]
        seats = [metrics[f"seat_{p}_win"] for p in range(8)]
        shares.append(seats[0]["value"])
        if seed == 3:
            low = max(max(s["ci95"][0] - FAIR, FAIR - s["ci95"][1], 0.0) for s in seats)
            high = max(max(abs(end - FAIR) for end in s["ci95"]) for s in seats)
            gap = max(abs(s["value"] - FAIR) for s in seats)
            first, others = seats[0], [s["value"] for s in seats[1:]]
            line = (
                f"seed 3: {first['value']:.3f} ({first['ci95'][0]:.3f}-{first['ci95'][1]:.3f}), "
                f"others {min(others):.3f}-{max(others):.3f}, gap {gap:.3f} [{low:.3f}, {high:.3f}]"
            )
    return f"seeds 3-5: {statistics.mean(shares):.3f}; {line}"


def main() -> None:
    choose, guess_at = DeducingBot.choose, bots.GUESS_AT
    try:
        print("cutthroat: the deducing bot's hunter, other rules (strength: 800 games a row)")
        for rule in ("count alone", "no hunter"):
            print(f"  strength, {rule}:")
            strength(rule)
        print("  strength, count alone, every put on its own card:")
        DeducingBot.choose = _own_puts(choose)
        strength("count alone", ROWS[:2])
        DeducingBot.choose = choose
        for at in (0.35, 0.7, 0.9):
            print(f"  strength, the rule kept, guessing at {at}:")
            bots.GUESS_AT = at
            strength("the rule kept", ROWS[:2])
        bots.GUESS_AT = guess_at
        print("  the first seat's share among deducing bots:")
        for rule in RULES:
            print(f"    {rule}: {first_seat(rule)}")
    finally:
        DeducingBot._hunter, bots.feed, DeducingBot.choose = KEPT, FEED, choose
        bots.GUESS_AT = guess_at


if __name__ == "__main__":
    main()
