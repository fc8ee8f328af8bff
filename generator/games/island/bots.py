"""Bots for The Most Dangerous Game, and the simulation of many games.

A bot reads only its player's View (the public log, the Hunters' squares, its own hand and,
when Hunted, its own square and traps) and the legal actions of its own decision.

- The tracking Hunter keeps, for every Hunted, the exact set of squares he may be on
  (tracking.Track fed with the log's facts: rolls, trail reveals, sightings and silences,
  answers to cards, traps that caught someone) and moves to the square whose sight covers
  the most probability, counting every possible square of a Hunted as equally likely. A
  captured player who turns Hunter plays the same way (the log holds all it needs).
- The reckoning Hunter plays the same way but tracks as people at a table do: from what
  was shown (trail marks, sightings, answers that name squares), never from silences (a
  Hunted not seen is not narrowed to the squares out of sight) nor from the rule that no
  two Hunted started on one square. It is the model of a human Hunter the guide's balance
  for a table of people is measured with.
- The cautious Hunted keeps out of every Hunter's sight where it can, prefers hiding
  places and distance from the Hunters, and plays its cards to the same ends.
- The random bots pick uniformly among the legal actions: a floor to measure against.
"""

from __future__ import annotations

import json
import random
from collections.abc import Sequence
from functools import lru_cache, partial

from generator.engine.bitboards import bits
from generator.engine.game import CHANCE
from generator.engine.simulate import simulate, summarise
from generator.engine.stats import rate_metric
from generator.games.island.board import Island, distance, format_island, parse_island
from generator.games.island.rules import (
    ELEVATED_RANGE,
    HUNTER,
    RANGE,
    TRAIL_LAG,
    IslandState,
    Rules,
    View,
    winner_role,
    winners,
)
from generator.games.island.tracking import Track, distinct_starts

HUNTERS = ("tracking", "reckoning", "random")
HUNTEDS = ("cautious", "random")
MAX_ACTIONS = 20_000  # a game that runs longer is a bug, not a long game
WINNER_ROLES = ("hunter", "hunted", "turned", "shared")
CENTRE_LIMIT = 120  # a Hunted with more possible squares gives no centre to head for

# What a bot keeps when it must discard, best first.
KEEP = {
    "hunter": ("rifle", "forced-march", "spyglass", "net", "bear-trap", "bloodhound", "horn"),
    "hunted": ("camouflage", "dodge", "run-for-cover", "sprint", "lie-low", "deadfall"),
}


class RandomBot:
    """Picks uniformly among the legal actions."""

    def __init__(self, seat: int, rng: random.Random) -> None:
        self.rng = rng

    def choose(self, view: View, legal: Sequence[str]) -> str:
        """Return one of `legal`, at random."""
        return self.rng.choice(legal)


class Tracker:
    """The table's knowledge of every Hunted, read from the public log as it grows; with
    `shown_only`, only the facts that name where a Hunted is (at most half the island's
    squares), never those that only say where he is not, and no settling of the starts."""

    def __init__(self, shown_only: bool = False) -> None:
        self.shown_only = shown_only
        self.tracks: dict[int, Track] = {}  # the Hunted still on the island
        self.closed: dict[int, Track] = {}  # the captured and escaped: their past stays
        self.lying_low: set[int] = set()
        self.read = 0
        self.settled_at = -1  # the tracks' total changes when the starts were last settled

    def update(self, view: View) -> None:
        """Read the log events not read yet."""
        log, geo = view.log, view.island.geometry
        for event in log[self.read :]:
            kind = event[0]
            if kind == "start":
                self.tracks[event[1]] = Track(geo, geo.passable)
            elif kind == "hmove":
                self.tracks[event[1]].move(event[2], exact=event[3])
            elif kind == "extra":
                self.tracks[event[1]].extra(event[2], same_turn=event[3])
            elif kind == "fact":
                if self._told(event[2], geo):
                    self.tracks[event[1]].fact(event[2])
            elif kind == "fact-at":  # a trap laid before its layer was captured may spring
                x = event[1]
                if not self._told(event[3], geo):
                    continue
                (self.tracks[x] if x in self.tracks else self.closed[x]).fact_at(*event[2:])
            elif kind in ("captured", "escaped"):
                self.closed[event[1]] = self.tracks.pop(event[1])
            elif kind == "card" and event[2] == "lie-low":
                self.lying_low.add(event[1])
            elif kind == "turn":
                self.lying_low.discard(event[1])
        self.read = len(log)

    def _told(self, mask: int, geo) -> bool:
        """Return True if this tracker takes the fact `mask` (every fact unless shown_only;
        then only one that keeps at most half of the passable squares)."""
        return not self.shown_only or 2 * mask.bit_count() <= geo.passable.bit_count()

    def settled(self) -> dict[int, Track]:
        """Return the tracks of the Hunted still on the island, once the starts the others'
        facts forbid are ruled out (no two Hunted started on one square:
        tracking.distinct_starts), until nothing more is ruled out."""
        if self.shown_only:
            return self.tracks
        tracks = {**self.closed, **self.tracks}
        version = sum(track.changes for track in tracks.values())
        while len(tracks) > 1 and version != self.settled_at:
            ruled_out = distinct_starts({x: track.starts() for x, track in tracks.items()})
            for x, squares in ruled_out.items():
                tracks[x].fact_at(0, ~squares)
            self.settled_at = version
            version = sum(track.changes for track in tracks.values())
        return self.tracks


class IslandBot:
    """The tracking Hunter and the cautious Hunted in one: a seat's player changes side
    when captured, so one bot plays whichever role the View shows."""

    def __init__(self, seat: int, rng: random.Random, hunter: str = "tracking") -> None:
        self.seat, self.rng = seat, rng
        self.tracker = Tracker(shown_only=hunter == "reckoning")
        self.hunter_kind = hunter

    def choose(self, view: View, legal: Sequence[str]) -> str:
        """Return the action this bot plays from `legal`, seeing only `view`. Only a Hunter
        tracks: a Hunted who is captured reads the whole public log when he turns."""
        if view.role[self.seat] == HUNTER:
            self.tracker.update(view)
            if self.hunter_kind == "random" and view.decision != "camp":
                return self.rng.choice(legal)
            return _HUNTER_MOVES.get(view.decision, _first)(self, view, legal)
        return _HUNTED_MOVES.get(view.decision, _first)(self, view, legal)


def _first(bot, view: View, legal: Sequence[str]) -> str:
    return legal[0]


# --- the tracking Hunter ------------------------------------------------------------------------


def _range_at(view: View, square: int) -> int:
    return ELEVATED_RANGE if view.island.geometry.elevation >> square & 1 else RANGE


def _beliefs(bot: IslandBot) -> list[tuple[int, int, bool]]:
    """Return (possible squares, their count, lies low) of each tracked Hunted."""
    out = []
    for x, track in bot.tracker.settled().items():
        possible = track.possible()
        if possible:
            out.append((possible, possible.bit_count(), x in bot.tracker.lying_low))
    return out


def _coverage(view: View, beliefs, square: int, bonus: int = 0) -> float:
    """Return the expected number of Hunted a Hunter on `square` would see, counting each
    square a Hunted may be on as equally likely."""
    geo, metric = view.island.geometry, view.rules.vision
    sight = geo.sight(square, _range_at(view, square) + bonus, metric)
    near = geo.within(square, 2, metric)
    total = 0.0
    for possible, size, low in beliefs:
        total += (possible & (near if low else sight)).bit_count() / size
    return total


def _centres(view: View, beliefs) -> list[tuple[float, float, float]]:
    """Return (row, column, weight) of each tracked Hunted's possible squares' centre, the
    weight larger the surer the tracker is."""
    n = view.island.size
    out = []
    for possible, size, _ in beliefs:
        if size > CENTRE_LIMIT:  # too spread for a centre to mean much
            continue
        squares = bits(possible)
        rows = sum(s // n for s in squares) / size
        cols = sum(s % n for s in squares) / size
        out.append((rows, cols, 1.0 / size**0.5))
    return out


def _best_square(
    bot: IslandBot, view: View, squares: Sequence[int], bonus: int = 0, beliefs=None
) -> tuple:
    """Return (score, square) of the best square to stand on: the most expected Hunted in
    sight, then nearest the surest Hunted."""
    n = view.island.size
    beliefs = _beliefs(bot) if beliefs is None else beliefs
    centres = _centres(view, beliefs)
    best = None
    for square in squares:
        score = _coverage(view, beliefs, square, bonus)
        r, c = divmod(square, n)
        for row, col, weight in centres:
            score += 0.05 * weight / (1.0 + abs(r - row) + abs(c - col))
        score += bot.rng.random() * 1e-6
        if best is None or score > best[0]:
            best = (score, square)
    return best


def _squares_of(view: View, legal: Sequence[str], verb: str) -> list[tuple[int, str]]:
    """Return (square, action) for the actions in `legal` that are `verb` and a square."""
    squares = view.island.geometry.squares_of_texts(verb)
    return [(squares[a], a) for a in legal if a in squares]


def _hunter_move(bot: IslandBot, view: View, legal: Sequence[str]) -> str:
    if "play sure-footing" in legal:
        roll = next(e[2] for e in reversed(view.log) if e[0] == "roll")
        if roll <= 3:
            return "play sure-footing"
    options = _clear_of_own_traps(view, _squares_of(view, legal, "move"))
    _, square = _best_square(bot, view, [s for s, _ in options])
    return next(a for s, a in options if s == square)


def _clear_of_own_traps(view: View, options: list[tuple[int, str]]) -> list[tuple[int, str]]:
    """Return the options whose square springs none of the traps this player laid while
    he was Hunted (he knows where they are; they would catch him too), or all of them
    when none is clear."""
    geo = view.island.geometry
    armed = 0
    for slug, square in view.traps:
        if slug != "bear-trap":
            armed |= geo.within(square, 1, "steps")
    clear = [(s, a) for s, a in options if not armed >> s & 1]
    return clear or options


def _hunter_action(bot: IslandBot, view: View, legal: Sequence[str]) -> str:
    here = view.hunter_squares[bot.seat]
    nobody_seen = not _seen_now(view)
    plays = {a.split()[1] for a in legal if a.startswith("play ")}
    if "camp-stores" in plays:
        return "play camp-stores"
    beliefs = _beliefs(bot)
    if nobody_seen and "forced-march" in plays:
        options = _clear_of_own_traps(view, _squares_of(view, legal, "play forced-march"))
        score, square = _best_square(bot, view, [s for s, _ in options], beliefs=beliefs)
        if score > _best_square(bot, view, [here], beliefs=beliefs)[0] + 0.05:
            return next(a for s, a in options if s == square)
    if nobody_seen and "spyglass" in plays and _coverage(view, beliefs, here, 2) > 0.3:
        return "play spyglass"
    widest = _widest(bot)
    for slug in ("bloodhound", "trail-sign"):
        if widest is not None and f"play {slug} {widest}" in legal:
            return f"play {slug} {widest}"
    if "horn" in plays and bot.tracker.tracks:
        return "play horn"
    if "beaters" in plays and widest is not None:
        return _beaters(bot, view, widest)
    if "bear-trap" in plays:
        options = _squares_of(view, legal, "play bear-trap")
        mass, action = max((_trap_mass(view, beliefs, s), a) for s, a in options)
        if mass > 0.05:
            return action
    return "done"


def _seen_now(view: View) -> bool:
    """Return True if a Hunted was seen in the last look."""
    for event in reversed(view.log):
        if event[0] == "seen":
            return True
        if event[0] in ("turn", "moved"):
            return False
    return False


def _widest(bot: IslandBot) -> int | None:
    """Return the Hunted the tracker knows least about (None if none is tracked)."""
    sizes = {x: t.possible().bit_count() for x, t in bot.tracker.settled().items()}
    return max(sizes, key=sizes.get) if sizes else None


def _beaters(bot: IslandBot, view: View, x: int) -> str:
    """Name the zone that splits Hunted x's possible squares most evenly."""
    from generator.games.island.rules import ZONE_SLUGS

    possible = bot.tracker.settled()[x].possible()
    size = max(1, possible.bit_count())
    masks = view.island.geometry.zone_masks
    zone = min(range(len(masks)), key=lambda z: abs((possible & masks[z]).bit_count() / size - 0.5))
    return f"play beaters {ZONE_SLUGS[zone]}"


def _trap_mass(view: View, beliefs, square: int) -> float:
    """Return the expected number of Hunted on a trap's square or beside it."""
    area = view.island.geometry.within(square, 1, "steps")
    return sum((possible & area).bit_count() / size for possible, size, _ in beliefs)


def _hunter_attack(bot: IslandBot, view: View, legal: Sequence[str]) -> str:
    for action in legal:
        if action.startswith("attack ") and view.role[int(action.split()[1])] != HUNTER:
            return action
    return "done" if "done" in legal else "pass"


def _arm(bot: IslandBot, view: View, legal: Sequence[str]) -> str:
    for action in ("play rifle", "play net"):
        if action in legal:
            return action
    return "fight"


def _camp(bot: IslandBot, view: View, legal: Sequence[str]) -> str:
    return bot.rng.choice(legal)


def _discard(bot: IslandBot, view: View, legal: Sequence[str]) -> str:
    keep = KEEP["hunter" if view.role[bot.seat] == HUNTER else "hunted"]
    rank = {slug: i for i, slug in enumerate(keep)}
    return max(legal, key=lambda a: rank.get(a.split()[1], len(keep)))


_HUNTER_MOVES = {
    "move": _hunter_move,
    "action": _hunter_action,
    "combat": _hunter_attack,
    "ambush": _hunter_attack,
    "arm": _arm,
    "camp": _camp,
    "discard": _discard,
}


# --- the cautious Hunted ------------------------------------------------------------------------


def _threats(bot: IslandBot, view: View) -> tuple[int, list[tuple[int, int]]]:
    """Return (the squares some Hunter sees now, the Hunters' rows and columns)."""
    geo, metric, n = view.island.geometry, view.rules.vision, view.island.size
    seen, places = 0, []
    for h, where in view.hunter_squares.items():
        if h != bot.seat and where is not None:
            seen |= geo.sight(where, _range_at(view, where), metric)
            places.append(divmod(where, n))
    return seen, places


def _hunted_score(bot: IslandBot, view: View, square: int, threats) -> float:
    """Return how good `square` is for a Hunted (higher is better): out of every Hunter's
    sight now, far from the Hunters, on a hiding place, with a little noise."""
    seen, places = threats
    score = 4.0 if view.island.geometry.hiding >> square & 1 else 0.0
    if seen >> square & 1:
        score -= 100.0
    r, c = divmod(square, view.island.size)
    nearest = 16
    steps = view.rules.vision == "steps"
    for hr, hc in places:
        gap = abs(hr - r) + abs(hc - c) if steps else max(abs(hr - r), abs(hc - c))
        nearest = min(nearest, gap)
    return score + nearest + bot.rng.random() * 1.5


def _danger_score(bot: IslandBot, view: View, square: int) -> float:
    return _hunted_score(bot, view, square, _threats(bot, view))


def _hunted_best(bot: IslandBot, view: View, options: list[tuple[int, str]]) -> tuple:
    threats = _threats(bot, view)
    return max((_hunted_score(bot, view, s, threats), a) for s, a in options)


def _hunted_start(bot: IslandBot, view: View, legal: Sequence[str]) -> str:
    """Choose the best of 40 land squares drawn at random (all of them would make every
    seat's start predictable)."""
    options = _squares_of(view, bot.rng.sample(list(legal), min(40, len(legal))), "start")
    return _hunted_best(bot, view, options)[1]


def _hunted_move(bot: IslandBot, view: View, legal: Sequence[str]) -> str:
    return _hunted_best(bot, view, _squares_of(view, legal, "move"))[1]


def _nearest_hunter(view: View, seat: int) -> tuple[int, int | None]:
    size, metric, here = view.island.size, view.rules.vision, view.square
    best = (99, None)
    for h, where in view.hunter_squares.items():
        if h != seat and where is not None:
            best = min(best, (distance(where, here, size, metric), h))
    return best


def _hunted_action(bot: IslandBot, view: View, legal: Sequence[str]) -> str:
    plays = {a.split()[1] for a in legal if a.startswith("play ")}
    gap, nearest = _nearest_hunter(view, bot.seat)
    here = view.square
    if "second-wind" in plays:
        return "play second-wind"
    if "sprint" in plays and gap <= 10:
        options = _squares_of(view, legal, "play sprint")
        score, action = _hunted_best(bot, view, options)
        if score > _danger_score(bot, view, here) + 1.0:
            return action
    hiding = view.island.geometry.hiding >> here & 1
    if "lie-low" in plays and not hiding and gap <= 12:
        return "play lie-low"
    for slug in ("deadfall", "snare"):
        if slug in plays and gap <= 9:
            return f"play {slug}"
    if "false-trail" in plays and not _false_trail_waiting(view, bot.seat):
        return "play false-trail"
    if "distraction" in plays and nearest is not None and gap <= 9:
        options = [a for a in legal if a.startswith(f"play distraction {nearest} ")]
        size, metric = view.island.size, view.rules.vision

        def away(action: str) -> int:
            return distance(view.island.parse(action.split()[-1]), here, size, metric)

        return max(options, key=away)
    return "done"


def _false_trail_waiting(view: View, seat: int) -> bool:
    """Return True if this Hunted played a False Trail that no trail reveal (at the start
    of each of his turns from cycle 3) has used yet: a second would change nothing."""
    for event in reversed(view.log):
        if event[0] == "turn" and event[1] == seat and event[2] > TRAIL_LAG:
            return False
        if event[0] == "card" and event[1:3] == (seat, "false-trail"):
            return True
    return False


def _hunted_run(bot: IslandBot, view: View, legal: Sequence[str]) -> str:
    options = _squares_of(view, legal, "play run-for-cover")
    score, action = _hunted_best(bot, view, options)
    return action if score > -50 else "pass"


def _hunted_trail(bot: IslandBot, view: View, legal: Sequence[str]) -> str:
    size, here = view.island.size, view.square
    return max(legal, key=lambda a: distance(view.island.parse(a.split()[1]), here, size))


_HUNTED_MOVES = {
    "start": _hunted_start,
    "move": _hunted_move,
    "action": _hunted_action,
    "hide": lambda bot, view, legal: "play camouflage",
    "run": _hunted_run,
    "brace": lambda bot, view, legal: "play dodge",
    "trail": _hunted_trail,
    "discard": _discard,
}


# --- playing and simulating ----------------------------------------------------------------------


def make_bot(kind: str, seat: int, rng: random.Random, hunter: str = "tracking"):
    """Return a bot: "cautious" (IslandBot) or "random" for the Hunted side, with the
    Hunter side `hunter` ("tracking", "reckoning" or "random")."""
    if kind == "random" and hunter == "random":
        return RandomBot(seat, rng)
    if kind == "random":
        return _SplitBot(seat, rng, hunter)
    return IslandBot(seat, rng, hunter)


class _SplitBot(IslandBot):
    """A random Hunted that plays as a tracking Hunter once captured (or at the start)."""

    def choose(self, view: View, legal: Sequence[str]) -> str:
        if view.role[self.seat] != HUNTER:
            return self.rng.choice(legal)
        return super().choose(view, legal)


def play_game(
    island: Island,
    players: int,
    game_seed: int,
    hunter: str = "tracking",
    hunted: str = "cautious",
    rules: Rules | None = None,
) -> tuple[IslandState, list[str]]:
    """Play one game with bots; return the final state and the actions in notation."""
    rng = random.Random(game_seed)
    state = IslandState(players, island, rules)
    bots = [
        make_bot(hunted, seat, random.Random(rng.getrandbits(64)), hunter)
        for seat in range(players)
    ]
    actions: list[str] = []
    while not state.is_terminal():
        if len(actions) > MAX_ACTIONS:
            raise AssertionError(f"game {game_seed} ran past {MAX_ACTIONS} actions")
        player = state.current_player()
        if player == CHANCE:
            action = state.sample_chance(rng)
        else:
            action = bots[player].choose(state.observation(player), state.legal_actions())
        state.apply(action)
        actions.append(action)
    return state, actions


def game_result(state: IslandState) -> dict:
    """Return one game's numbers for the metrics."""
    hunted = [p for p in range(state.players) if p != state.first]
    escaped = sum(state.gone)
    role = winner_role(state)
    won = set(winners(state))
    result = {
        "hunted_survival": escaped / len(hunted),
        "captures": sum(state.turned),
        "escapes": escaped,
        "hunter_points": state.points[state.first],
        "hunted_points": sum(state.points[p] for p in hunted) / len(hunted),
        "cycles": state.cycle,
        "winner_role": role,
        "winners": sorted(won),
        "players": state.players,
    }
    return result


def play_one_island(
    game_seed: int, board: str, players: int, hunter: str, hunted: str, rules: str
) -> dict:
    """Play one game (the board as text, the rules as JSON) and return game_result."""
    state, _ = play_game(_island(board), players, game_seed, hunter, hunted, _rules(rules))
    return game_result(state)


@lru_cache(maxsize=8)
def _island(text: str) -> Island:
    """Return the island in `text`, parsed once a process: its tables and the sight and reach
    it caches are made once, not for every game."""
    return parse_island(text, "board")


@lru_cache(maxsize=8)
def _rules(rules_json: str) -> Rules:
    return Rules(**json.loads(rules_json))


def island_metrics(results: Sequence[dict], players: int) -> dict:
    """Return the metrics of game results with 95% intervals: hunted_survival (the mean
    share of Hunted who escape), captures, escapes, hunter_points, hunted_points, cycles
    (means), winner_<role> and seat_<p>_win (rates; a shared win counts for each)."""
    metrics = summarise(
        results,
        means=(
            "hunted_survival",
            "captures",
            "escapes",
            "hunter_points",
            "hunted_points",
            "cycles",
        ),
    )
    games = len(results)
    for role in WINNER_ROLES:
        wins = sum(1 for r in results if r["winner_role"] == role)
        metrics[f"winner_{role}"] = rate_metric(wins, games)
    for seat in range(players):
        wins = sum(1 for r in results if seat in r["winners"])
        metrics[f"seat_{seat}_win"] = rate_metric(wins, games)
    return dict(sorted(metrics.items()))


def simulate_island(
    island: Island,
    players: int,
    games: int,
    seed: int,
    jobs: int = 1,
    options: dict | None = None,
    progress: bool = False,
) -> dict:
    """Play `games` games on `island` and return the JSON summary {"game": "island",
    "games", "seed", "players", "hunter", "hunted", "vision", "movement", "ties", "day",
    "metrics": island_metrics(...)}; the same for every `jobs`. `options` may hold hunter
    (HUNTERS), hunted (HUNTEDS), vision, movement and ties (ValueError if unknown)."""
    play, summary = island_games(island, players, options)
    return summary(simulate(play, games, seed, jobs=jobs, progress=progress), seed)


def island_games(island: Island, players: int, options: dict | None = None) -> tuple:
    """Return (play, summary) of simulate_island's games on `island`: play(game_seed) plays
    one game (picklable), summary(results, seed) is the JSON summary of their results in
    game order. For a caller that plays the games itself (the island designer)."""
    options = dict(options or {})
    hunter = options.pop("hunter", None) or "tracking"
    hunted = options.pop("hunted", None) or "cautious"
    if hunter not in HUNTERS or hunted not in HUNTEDS:
        raise ValueError(
            f"the Hunter bot is one of {', '.join(HUNTERS)}, the Hunted bot one of "
            f"{', '.join(HUNTEDS)}"
        )
    rules = Rules(**{k: v for k, v in options.items() if v is not None})
    play = partial(
        play_one_island,
        board=format_island(island),
        players=players,
        hunter=hunter,
        hunted=hunted,
        rules=json.dumps(rules.__dict__, sort_keys=True),
    )

    def summary(results: Sequence[dict], seed: int) -> dict:
        return {
            "game": "island",
            "games": len(results),
            "seed": seed,
            "players": players,
            "hunter": hunter,
            "hunted": hunted,
            **rules.__dict__,
            "day": island.day,
            "metrics": island_metrics(results, players),
        }

    return play, summary


def game_record(
    island: Island,
    players: int,
    seed: int,
    hunter: str = "tracking",
    hunted: str = "cautious",
    rules: Rules | None = None,
) -> dict:
    """Return the record of one bot game: header (game, rules version, options, seed, the
    bots), the actions in notation and the result (docs/formats.md)."""
    from generator.games.island.board import island_text_or_default
    from generator.games.island.rules import RULES_VERSION, record_result

    rules = rules or Rules()
    state, actions = play_game(island, players, seed, hunter, hunted, rules)
    header = {
        "game": "island",
        "rules_version": RULES_VERSION,
        "options": {"players": players, "board": island_text_or_default(island), **rules.__dict__},
        "seed": seed,
        "players": {str(p): f"{hunted} Hunted, {hunter} Hunter" for p in range(players)},
    }
    return {"header": header, "actions": actions, "result": record_result(state)}
