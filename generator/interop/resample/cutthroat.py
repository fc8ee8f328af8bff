"""CutThroat!: a seat does not see the other seats' identities and enemies.

What the table learns about them comes as facts about one seat at a time:
- an identity: a wrong guess says seat P is not character C; a right guess or a death
  reveals it;
- an enemy: each turn's start says whether the seat's enemy is a living character with no
  markers left (the extended play is offered or not), a heart says whether its dead
  character was the holder's enemy (a double or an extended play), a death shows it.

So the deals a seat cannot tell from the real one are the pairs of permutations (identities,
enemies) in which each seat's card lies in a set of its own. The sets of identities come from
the log's guesses; the sets of enemies are found by trying each character as a seat's enemy
and replaying the game (every fact about an enemy is about the seat to move, so the other
seats' enemies do not change the answer). Each permutation is then drawn uniformly among
those that fit, seat by seat, with the number of ways to finish as weights (counted over the
characters still free). The game is replayed on the drawn deal and kept when the seat's
view comes out the same, as it always should: the check stays as a guard (ValueError after
TRIES draws). Every consistent deal is equally likely.
"""

from __future__ import annotations

from functools import cache, lru_cache

from generator.engine.game import IllegalAction
from generator.interop.resample import Step, new_state, replay
from generator.interop.text import observation_text

TRIES = 50


@lru_cache(maxsize=64)
def _facts(
    options: tuple, actions: tuple, player: int
) -> tuple[tuple[int, ...], tuple[int, ...], str]:
    """Return (each seat's possible identities, each seat's possible enemies, as bit sets;
    the seat's view) after `actions`, as `player` knows them (the same for every draw from
    one position, so kept)."""
    state, offers, hearts = _watched_replay(dict(options), actions)
    seats = state.players
    wanted = observation_text(state.observation(player))
    revealed = {s for s, c in enumerate(state.identity) if state.revealed[c]}
    every = (1 << seats) - 1
    identities = [every] * seats
    for seat in revealed | {player}:
        identities[seat] = 1 << state.identity[seat]
    taken = sum(1 << state.identity[s] for s in revealed | {player})
    for seat in range(seats):
        if seat not in revealed and seat != player:
            identities[seat] &= ~taken
    for event in state.log:
        if event[0] == "guess" and not event[4]:
            identities[event[2]] &= ~(1 << event[3])
    enemies = [every] * seats
    for seat, wounded in offers:  # was the extended play offered? as the enemy was wounded
        enemies[seat] &= wounded if state.enemy[seat] in _members(wounded) else ~wounded
    for seat in range(seats):
        if seat == player or state.shown_enemy[seat]:
            enemies[seat] = 1 << state.enemy[seat]
        elif seat in hearts:  # a heart killed a character at its turn: the kind may tell
            enemies[seat] = sum(
                1 << c
                for c in _members(enemies[seat])
                if _enemy_fits(dict(options), actions, player, seat, c, wanted)
            )
    return tuple(identities), tuple(enemies), wanted


def _members(bits: int) -> list[int]:
    return [c for c in range(bits.bit_length()) if bits >> c & 1]


def _watched_replay(options: dict, actions: tuple):
    """Return the state after `actions`, with what the table learned about enemies on the
    way: (seat, the wounded characters) each time a seat's turn asked whether its enemy
    was wounded while markers were left, and the seats at whose turn a heart killed."""
    state = new_state("cutthroat", options)
    offers: list[tuple[int, int]] = []
    hearts: set[int] = set()
    offer_bonus, start_turn = state._offer_bonus, state._start_turn

    def watched_offer() -> None:
        if sum(state.markers):
            wounded = [state.alive[c] and not state.markers[c] for c in range(state.players)]
            offers.append((state.seat, sum(1 << c for c, w in enumerate(wounded) if w)))
        offer_bonus()

    def watched_start() -> None:
        seat, before = state.seat, len(state.log)
        start_turn()
        if any(event[0] == "death" for event in state.log[before:]):
            hearts.add(seat)

    state._offer_bonus, state._start_turn = watched_offer, watched_start
    for action in actions:
        state.apply(action)
    del state._offer_bonus, state._start_turn
    return state, offers, hearts


def _enemy_fits(
    options: dict, actions: tuple, player: int, seat: int, character: int, wanted: str
) -> bool:
    """Return whether the game replays with `player`'s view unchanged when `seat`'s enemy
    is `character` and every other card is as dealt."""
    state = new_state("cutthroat", options)
    state.apply(actions[0])
    state.enemy[seat] = character  # the deal's first turn asks nothing of an enemy
    try:
        for action in actions[1:]:
            state.apply(action)
    except (ValueError, IllegalAction):
        return False
    return observation_text(state.observation(player)) == wanted


@lru_cache(maxsize=64)
def _counter(allowed: tuple[int, ...]):
    """Return ways(seat, used): how many ways the seats from `seat` on can be given cards in
    their sets, none of them in `used` (a bit set), counted once for a position."""
    seats = len(allowed)

    @cache
    def ways(seat: int, used: int) -> int:
        if seat == seats:
            return 1
        free = allowed[seat] & ~used
        total = 0
        while free:
            low = free & -free
            total += ways(seat + 1, used | low)
            free ^= low
        return total

    return ways


def _permutation(allowed: tuple[int, ...], draw) -> list[int]:
    """Return a permutation (seat -> card) with each seat's card in its set, uniformly among
    all such."""
    ways = _counter(allowed)
    if ways(0, 0) == 0:
        raise ValueError("no deal fits what the seat knows")
    out, used = [], 0
    for seat in range(len(allowed)):
        point = draw() * ways(seat, used)
        free = allowed[seat] & ~used
        while free:
            low = free & -free
            point -= ways(seat + 1, used | low)
            if point < 0 or free == low:
                break
            free ^= low
        out.append(low.bit_length() - 1)
        used |= low
    return out


def resample(options: dict, history: list[Step], player: int, draw) -> list[Step] | None:
    if not history or player < 0:
        return None  # before the deal nothing is hidden
    actions = tuple(step.action for step in history)
    identities, enemies, wanted = _facts(tuple(sorted(options.items())), actions, player)
    start = new_state("cutthroat", options)
    for _ in range(TRIES):
        deal = start.deal_text(_permutation(identities, draw), _permutation(enemies, draw))
        try:
            other, steps = replay("cutthroat", options, (deal,) + actions[1:])
        except (ValueError, IllegalAction):
            continue
        if observation_text(other.observation(player)) == wanted:
            return steps
    raise ValueError(f"no consistent deal found in {TRIES} tries")
