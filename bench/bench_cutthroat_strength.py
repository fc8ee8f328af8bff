"""CutThroat!: how strong each bot is against the others, as docs/rules/cutthroat.md reports.

One odd bot among seven of another kind, eight players, GAMES games per row from SEED; in
game i the odd bot sits in seat i mod 8 (seat 0 moves first), so it plays every seat equally
often. Its share of the wins (a shared win split evenly) is printed with its 95% interval; a
fair share is 1/8. The games are the same for every bot (the i-th game's seed), so two
versions of a bot are compared on the same deals. One process; about a minute.
"""

from generator.engine.simulate import game_seeds
from generator.engine.stats import mean_interval
from generator.games.cutthroat.bots import play_game

PLAYERS, GAMES, SEED = 8, 800, 1
ROWS = (("deducing", "simple"), ("simple", "deducing"),
        ("deducing", "random"), ("random", "deducing"))  # fmt: skip


def odd_shares(odd: str, field: str, games: int = GAMES, seed: int = SEED) -> list[float]:
    """Return the odd bot's share of the win in each game, its seat rotated."""
    out = []
    for game, game_seed in enumerate(game_seeds(seed, games)):
        seat = game % PLAYERS
        names = [field] * PLAYERS
        names[seat] = odd
        state, _ = play_game(PLAYERS, game_seed, names)
        out.append(state.returns()[seat])
    return out


def main() -> None:
    print(f"cutthroat: one odd bot among {PLAYERS - 1} others, {GAMES} games a row, seed {SEED}")
    for odd, field in ROWS:
        share, (low, high) = mean_interval(odd_shares(odd, field))
        print(f"  one {odd:8} bot among {field:8} bots: {share:.3f} ({low:.3f}-{high:.3f})")


if __name__ == "__main__":
    main()
