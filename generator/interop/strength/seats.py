"""Our strongest bots, seated at an OpenSpiel game: each reads only its own seat's view.

`our_seats(game, options, seats, seed)` returns the object that plays the seats Quarry holds
in one game. The match (match.py) tells it every action before it is played (`saw`), since
some of our bots keep public notes (CutThroat!'s Tracker), and asks it for a seat's move
(`act`) as one of our actions on our GameState, then tells it the action was played
(`after`). The bots are the ones `quarry simulate`
plays by default where that is the strongest, else the strongest it offers (BOTS); any
other bot `quarry simulate` offers can take a role instead (`bot_choices`), so that the
bots behind a simulation's figures can be measured too.
"""

from __future__ import annotations

import random
from collections.abc import Sequence

from generator.engine.simulate import derived_seeds

# the bot each role gets, by game: role -> bot name, as `quarry simulate` names them
BOTS = {
    "hunt": {"dragon": "cunning", "knight": "exact"},
    "fugitive": {"fugitive": "planning", "marshal": "deducing"},
    "cutthroat": {"seat": "deducing"},
    "parforce": {"stag": "proving", "pursuers": "proving"},
    "island": {"hunter": "tracking", "hunted": "cautious"},
}


def bot_choices(game: str) -> dict[str, tuple[str, ...]]:
    """Return, for each role of `game`, the names of the bots that can play it."""
    if game == "hunt":
        from generator.games.hunt.bots import DRAGONS, KNIGHTS

        return {"dragon": DRAGONS, "knight": KNIGHTS}
    if game == "fugitive":
        from generator.games.fugitive.bots import FUGITIVES, MARSHALS

        return {"fugitive": FUGITIVES, "marshal": MARSHALS}
    if game == "cutthroat":
        from generator.games.cutthroat.bots import BOTS as SEAT_BOTS

        return {"seat": SEAT_BOTS}
    if game == "parforce":
        from generator.games.parforce.bots import PURSUER_BOTS, STAG_BOTS

        return {"stag": STAG_BOTS, "pursuers": PURSUER_BOTS}
    from generator.games.island.bots import HUNTEDS, HUNTERS

    return {"hunter": HUNTERS, "hunted": HUNTEDS}


class OurSeats:
    """The seats one game gives our bots. `act(state, seat)` returns our action for
    `seat`, the player to move; `saw(state, action)` is told of every action before it is
    applied to `state` (chance's too)."""

    def act(self, state, seat: int):
        raise NotImplementedError

    def saw(self, state, action) -> None:
        """Most bots read everything they need from their view when they move."""

    def after(self, state) -> None:
        """Nothing to note after an action, for most bots."""


class HuntSeats(OurSeats):
    def __init__(self, options: dict, seed: int, bots: dict) -> None:
        from generator.games.hunt.bots import make_dragon, make_knight

        self.dragon, self.knight = make_dragon(bots["dragon"]), make_knight(bots["knight"])
        dragon_seed, knight_seed = derived_seeds(seed, 2)
        loops = bool(options.get("loops"))
        self.dragon.start(loops, dragon_seed)
        self.knight.start(loops, knight_seed)

    def act(self, state, seat: int):
        if seat == 0:
            return self.dragon.act(state.observation(0))
        return self.knight.act(state.knight_view())


class FugitiveSeats(OurSeats):
    def __init__(self, options: dict, seed: int, bots: dict) -> None:
        from generator.games.fugitive.bots import make_fugitive, make_marshal

        self.bots = (make_fugitive(bots["fugitive"]), make_marshal(bots["marshal"]))
        for bot, bot_seed in zip(self.bots, derived_seeds(seed, 2), strict=True):
            bot.start(bot_seed)

    def act(self, state, seat: int):
        return self.bots[seat].act(state.observation(seat))


class CutthroatSeats(OurSeats):
    """The bot of every seat, with the public Tracker the deducing bots share fed every
    take, put and guess."""

    def __init__(self, options: dict, seed: int, players: int, bots: dict) -> None:
        from generator.games.cutthroat.belief import Tracker
        from generator.games.cutthroat.bots import make_bot

        rng = random.Random(seed)
        self.bots = [
            make_bot(bots["seat"], random.Random(rng.getrandbits(64))) for _ in range(players)
        ]
        self.tracker = Tracker(players)
        self.guessed_at: int | None = None  # the log's length before a guess was played

    def act(self, state, seat: int):
        seen = state.observation(seat, with_log=False)
        seen["ranks"] = state.ranks
        seen["tracker"] = self.tracker
        return self.bots[seat].choose(seen, list(state.legal_actions()))

    def saw(self, state, action) -> None:
        from generator.games.cutthroat.bots import feed

        if state.current_player() < 0:
            return  # the deal: nothing public
        feed(self.tracker, state, action, list(state.legal_actions()))
        if action.startswith("guess"):
            self.guessed_at = len(state.log)

    def after(self, state) -> None:
        from generator.games.cutthroat.bots import feed_guess

        if self.guessed_at is not None:  # the guess's outcome is in the log now
            feed_guess(self.tracker, state.log, self.guessed_at)
            self.guessed_at = None


class ParforceSeats(OurSeats):
    """Parforcejagd hides nothing: its bots read the state itself."""

    def __init__(self, options: dict, seed: int, bots: dict) -> None:
        from generator.games.parforce.bots import PURSUER_CHOICE, STAG_CHOICE

        self.choose = (STAG_CHOICE[bots["stag"]], PURSUER_CHOICE[bots["pursuers"]])
        self.rng = random.Random(seed)

    def act(self, state, seat: int):
        return self.choose[seat](state, self.rng)


class IslandSeats(OurSeats):
    def __init__(self, options: dict, seed: int, players: int, bots: dict) -> None:
        from generator.games.island.bots import make_bot

        rng = random.Random(seed)
        self.bots = [
            make_bot(bots["hunted"], seat, random.Random(rng.getrandbits(64)), bots["hunter"])
            for seat in range(players)
        ]

    def act(self, state, seat: int):
        return self.bots[seat].choose(state.observation(seat), list(state.legal_actions()))


def our_seats(
    game: str, options: dict, players: int, seed: int, bots: dict | None = None
) -> OurSeats:
    """Return the bots that play our seats in one game of `game`, seeded by `seed`: BOTS,
    with any role named in `bots` given that bot instead."""
    chosen = {**BOTS[game], **(bots or {})}
    if game == "hunt":
        return HuntSeats(options, seed, chosen)
    if game == "fugitive":
        return FugitiveSeats(options, seed, chosen)
    if game == "cutthroat":
        return CutthroatSeats(options, seed, players, chosen)
    if game == "parforce":
        return ParforceSeats(options, seed, chosen)
    if game == "island":
        return IslandSeats(options, seed, players, chosen)
    raise ValueError(f"no bots for {game!r}")


def role_of(game: str, state, seat: int) -> str:
    """Return the role `seat` plays in `state` (on the island, the role it began with)."""
    roles: dict[str, Sequence[str]] = {
        "hunt": ("dragon", "knight"),
        "fugitive": ("fugitive", "marshal"),
        "parforce": ("stag", "pursuers"),
    }
    if game in roles:
        return roles[game][seat]
    if game == "island":
        return "hunter" if seat == state.first else "hunted"
    return "seat"
