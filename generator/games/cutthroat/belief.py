"""Who is who in CutThroat!: a model of how people play, and the exact chance of each
identity given what the table has seen.

The model (docs/rules/cutthroat.md, "The deducing bot"). Identities are a uniformly random
permutation of the characters over the seats. A player's choices depend on its identity c and
its enemy e; the enemy is treated as uniform over the N characters, on its own for each
player (the real enemy cards are a second permutation: the model lets that go). At a choice
among target cards (any card with markers for a take, any living character for a put) the
player picks a card with weight

- its own card: OWN_TAKE (taking from yourself is rare) or OWN_PUT (you look after
  yourself), and DANGER_PUT when its own card holds DANGER markers or fewer;
- its enemy's card (when that is not its own): ENEMY_TAKE or ENEMY_PUT;
- any other card: 1.

A guess names a character other than the guesser's own (weight OWN_NAME for its own). A take
or put with one target tells nothing. Public facts are exact: a wrong guess rules a pairing
out, a reveal fixes one.

`Tracker` keeps, for every seat and character, the likelihood of that seat's public choices
if it were that character, and how many markers each seat chose to take off each card (the
deducing bot reads who is hunting it from these; they do not enter the chances).
`identity_marginals` turns a table of likelihoods into the exact probability of each
pairing under the permutation, by Ryser's formula for the permanent and its derivatives (one
matrix product over the 2^n subsets): the likelihood of a pairing is weight(s, c) times the
permanent of the rest. The tests check it against enumerating every permutation.
"""

from __future__ import annotations

from functools import cache
from typing import TYPE_CHECKING

if TYPE_CHECKING:  # numpy is imported where the chances are worked out: the simple and
    import numpy as np  # random bots, and their simulations, start without it

OWN_TAKE, ENEMY_TAKE = 0.1, 8.0
OWN_PUT, ENEMY_PUT = 30.0, 0.25
DANGER, DANGER_PUT = 2, 200.0
OWN_NAME = 0.02
FLOOR = 1e-12  # rows are rescaled so that their largest entry is 1; smaller is treated as 0


def own_weight(kind: str, markers_on_own: int) -> float:
    """Return the weight of a player's own card at a take or a put."""
    if kind == "take":
        return OWN_TAKE
    return DANGER_PUT if markers_on_own <= DANGER else OWN_PUT


def choice_weights(
    kind: str, identity: int, enemy: int, targets: list[int], markers: list[int]
) -> list[float]:
    """Return the model's weight of each target for a player who knows it is `identity`
    with enemy `enemy` (the bot samples its takes and puts from these)."""
    enemy_weight = ENEMY_TAKE if kind == "take" else ENEMY_PUT
    out = []
    for card in targets:
        if card == identity:
            out.append(own_weight(kind, markers[identity]))
        elif card == enemy:
            out.append(enemy_weight)
        else:
            out.append(1.0)
    return out


def choice_likelihood(
    kind: str, chosen: int, targets: list[int], markers: list[int], characters: int
) -> list[float]:
    """Return, for each character c, the chance under the model that a player who is c
    picks `chosen` among `targets`, the enemy summed over uniformly (closed form)."""
    enemy_weight = ENEMY_TAKE if kind == "take" else ENEMY_PUT
    k = len(targets)
    in_targets = [False] * characters
    for card in targets:
        in_targets[card] = True
    out = []
    for c in range(characters):
        own = own_weight(kind, markers[c])
        inside = in_targets[c]
        enemies_in = k - inside  # enemies e != c whose card is a target
        z0 = k + (own - 1.0) * inside  # enemy not a target (or the player itself)
        z1 = z0 + enemy_weight - 1.0  # enemy a target other than the player
        if chosen == c:
            p = own * (enemies_in / z1 + (characters - enemies_in) / z0)
        else:
            p = enemy_weight / z1 + (enemies_in - 1) / z1 + (characters - enemies_in) / z0
        out.append(p / characters)
    return out


class Tracker:
    """The likelihood table of a table of `players`, fed every public choice."""

    def __init__(self, players: int) -> None:
        self.players = players
        self.table = [[1.0] * players for _ in range(players)]  # seat -> character
        self.took = [[0] * players for _ in range(players)]  # seat -> card: chosen takes

    def _scale(self, seat: int, factors: list[float]) -> None:
        row = [w * f for w, f in zip(self.table[seat], factors, strict=True)]
        top = max(row)
        self.table[seat] = [w / top if w / top > FLOOR else 0.0 for w in row]

    def choice(self, seat: int, kind: str, chosen: int, targets: list[int], markers: list[int]):
        """Seat `seat` took from (kind "take") or put on (kind "put") card `chosen`, the
        cards it could choose being `targets` and the markers as they were. A take with a
        choice is counted in `took`."""
        if len(targets) > 1:
            if kind == "take":
                self.took[seat][chosen] += 1
            self._scale(seat, choice_likelihood(kind, chosen, targets, markers, self.players))

    def guess(self, seat: int, named_seat: int, character: int, right: bool) -> None:
        """Seat `seat` named `character` for `named_seat`; a wrong guess rules it out."""
        factors = [1.0] * self.players
        factors[character] = OWN_NAME
        self._scale(seat, factors)
        if not right:
            row = list(self.table[named_seat])
            row[character] = 0.0
            self.table[named_seat] = row

    def marginals(self, known: dict[int, int]) -> dict[tuple[int, int], float]:
        """Return {(seat, character): probability} for the seats not in `known` (seat ->
        character: the asker's own and every revealed identity)."""
        seats = [s for s in range(self.players) if s not in known]
        taken = set(known.values())
        characters = [c for c in range(self.players) if c not in taken]
        import numpy as np

        weights = np.array([[self.table[s][c] for c in characters] for s in seats])
        weights = weights.reshape(len(seats), len(characters))
        table = identity_marginals(weights)
        return {
            (s, c): float(table[i, j])
            for i, s in enumerate(seats)
            for j, c in enumerate(characters)
        }


@cache
def _one_blas_thread() -> None:
    """Hold BLAS to one thread in this process, once. Quarry runs games in parallel
    processes (--jobs, Dask workers); BLAS threads on top of them only contend, and the
    matrix products here are small. At 13 players they made deducing games 2.5 times slower
    by CPU time and 2.2 times by the clock (bench/bench_cutthroat.py)."""
    from threadpoolctl import threadpool_limits

    threadpool_limits(limits=1, user_api="blas")


@cache
def _subsets(n: int) -> tuple[np.ndarray, np.ndarray]:
    """Return the 2^n subsets of n columns as a 0/1 matrix and Ryser's sign of each."""
    import numpy as np

    masks = np.arange(1 << n)
    members = ((masks[:, None] >> np.arange(n)) & 1).astype(float)
    signs = np.where((n - members.sum(axis=1)) % 2 == 0, 1.0, -1.0)
    return members, signs


def identity_marginals(weights: np.ndarray) -> np.ndarray:
    """Return P[s, c]: the chance that row s is paired with column c when a perfect
    pairing is drawn with probability proportional to the product of its weights (rows and
    columns equal in number; weights >= 0, some pairing positive). ValueError otherwise."""
    import numpy as np

    n = weights.shape[0]
    if weights.shape != (n, n):
        raise ValueError(f"a square table is needed, got {weights.shape}")
    if n == 0:
        return weights.copy()
    sums = weights.sum(axis=1, keepdims=True)
    if np.any(sums <= 0):
        raise ValueError("a row has no possible pairing")
    a = weights / sums
    _one_blas_thread()
    members, signs = _subsets(n)
    rows = members @ a.T  # rows[S, i]: the sum of row i over the columns in S
    ones = np.ones((rows.shape[0], 1))
    before = np.cumprod(np.hstack([ones, rows[:, :-1]]), axis=1)
    after = np.cumprod(np.hstack([ones, rows[:, :0:-1]]), axis=1)[:, ::-1]
    others = before * after  # the product over every row but i
    derivative = (others * signs[:, None]).T @ members  # d perm / d a[i, j]
    permanent = float(signs @ (others[:, 0] * rows[:, 0]))
    if permanent <= 0:
        raise ValueError("no pairing is possible")
    return np.clip(a * derivative / permanent, 0.0, 1.0)
