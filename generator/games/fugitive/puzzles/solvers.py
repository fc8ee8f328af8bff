"""The level-limited solvers that grade Fugitive puzzles (levels 1-3, see __init__.py): each
keeps a set of candidate numbers per face-down Hideout and narrows them to a fixed point,
writing the reasoning a person would follow."""

from collections.abc import Callable, Sequence

from generator.engine.bitboards import bits, lowest
from generator.games.fugitive.cards import PILES
from generator.games.fugitive.puzzles.facts import (
    ALL_NUMBERS,
    DIFFICULTIES,
    LEVELS,
    MAX_SPRINT,
    NORMAL_REACH,
    PILE_MASKS,
    PILE_NAMES,
    SPRINT,
    SPRINT_GROUPS,
    SPRINT_VALUE_MASKS,
    SPRINT_VALUES,
    START_CARDS,
    Puzzle,
    TableFacts,
    as_text,
    format_answer,
    is_text,
    join_words,
    mask_highest,
    numbers_text,
    pile_of,
    plural,
    position_name,
    sprint_cards_give,
    sprint_cards_text,
    table_facts,
)

# --- the level-limited solvers ----------------------------------------------------------------


class Contradiction(Exception):
    """The table (or a supposition) leaves some face-down card no possibility. The reason is
    words or a function giving them: built only when read (case analysis raises many)."""

    def __init__(self, reason: "str | Callable[[], str]") -> None:
        super().__init__()
        self.reason = reason

    def __str__(self) -> str:
        return _words(self.reason)


def _words(reason: str | Callable[[], str]) -> str:
    return reason if isinstance(reason, str) else reason()


class Board:
    """What a solver knows: candidate numbers per row position (a bit mask; revealed ones
    hold their number), and at level 2 the cards known to be Sprint cards of a Hideout."""

    def __init__(self, facts: TableFacts, level: int, steps: list[str] | None) -> None:
        self.facts, self.level, self.steps = facts, level, steps
        self.down = facts.face_down
        self.cand = [ALL_NUMBERS & ~facts.seen if n is None else 1 << n for n in facts.numbers]
        for number, _, length in facts.wrong:
            for p in self.down:
                if p <= length:
                    self.cand[p] &= ~(1 << number)
        self.forced: dict[int, int] = {}  # Sprint card -> the row position it lies under
        self.changed = False
        self.trial = False  # a supposition of case analysis

    def copy(self, steps: list[str] | None) -> "Board":
        board = Board.__new__(Board)
        board.facts, board.level, board.steps = self.facts, self.level, steps
        board.down, board.cand, board.forced = self.down, list(self.cand), dict(self.forced)
        board.changed = False
        board.trial = True
        return board

    def say(self, text: str) -> None:
        if self.steps is not None:
            self.steps.append(text)

    def narrow(self, p: int, mask: int, reason: str | Callable[[], str]) -> None:
        """Keep only the candidates of position p in `mask`, for `reason` (words, or a
        function giving them: built only when needed)."""
        old = self.cand[p]
        new = old & mask
        if new == old:
            return
        if not new:
            raise Contradiction(lambda: f"{_words(reason)}, so no number is left for H{p}")
        self.cand[p] = new
        self.changed = True
        if self.steps is not None:
            self.steps.append(f"{_words(reason)}, so H{p} {is_text(new)}.")

    def solved(self) -> bool:
        return all(self.cand[p] & (self.cand[p] - 1) == 0 for p in self.down)

    def spare(self) -> int:
        """Return how many wrong candidates are left in all."""
        return sum(self.cand[p].bit_count() - 1 for p in self.down)

    def answer(self) -> list[int]:
        return [lowest(self.cand[p]) for p in self.down]


def _read_facts(board: Board) -> None:
    """The opening steps: which cards are in view, what the wrong guesses rule out."""
    f = board.facts
    row = [n for p, n in enumerate(f.numbers) if p and n is not None]
    under = [c for s in f.sprints[1:] if s for c in s]
    parts = [f"0{', ' if row else ''}{numbers_text(row)} (the row)"]
    if under:
        parts.append(f"{numbers_text(under)} (Sprint cards of revealed Hideouts)")
    parts.append(f"{numbers_text(f.hand)} (your hand)")
    if f.discarded:
        parts.append(f"{numbers_text([c for c, _ in f.discarded])} (discarded)")
    board.say(
        f"These cards are in view, so none of them is a face-down Hideout: {'; '.join(parts)}."
    )
    for number, turn, length in f.wrong:
        hit = [f"H{p}" for p in board.down if p <= length]
        if hit:
            verb = "is" if len(hit) == 1 else "are"
            board.say(
                f"Your guess {number} on turn {turn} was wrong, and the row then ended at "
                f"H{length}: {join_words(hit)} {verb} not {number}."
            )


def _reach(board: Board, p: int, pools: "_Pools | None") -> tuple[int, Callable[[], str]]:
    """Return how far beyond 3 the Sprint cards of position p can carry, and why (a
    function: the words are only built when a worked solution is being written)."""
    f = board.facts
    k = f.counts[p]
    if f.numbers[p] is not None:
        total = sum(SPRINT[c] for c in f.sprints[p])
        if not k:
            return 0, lambda: "no Sprint cards"
        return (
            total,
            lambda: (
                f"Sprint card{'s' if k > 1 else ''} {numbers_text(f.sprints[p])} "
                f"give{'' if k > 1 else 's'} +{total}"
            ),
        )
    if not k:
        return 0, lambda: "no Sprint cards"
    if pools is None:
        return k * MAX_SPRINT, lambda: f"{sprint_cards_give(k)} at most +{k * MAX_SPRINT}"
    mask, caps = pools.pool(p)
    best, taken = _greedy(_counts(mask), caps, k)

    def probe(counts: list[list[int]], caps: Sequence[int]) -> tuple[int, int]:
        return _greedy(counts, caps, k)

    if taken < k:
        raise Contradiction(
            lambda: (
                f"H{p} has {sprint_cards_text(k)}, and {_pool_text(pools, p, mask, caps, k, probe)}"
            )
        )
    if best == k * MAX_SPRINT:
        return best, lambda: f"{sprint_cards_give(k)} at most +{best}"
    return (
        best,
        lambda: (
            f"{sprint_cards_give(k)} at most +{best}: {_pool_text(pools, p, mask, caps, k, probe)}"
        ),
    )


def _link(board: Board, p: int, reach: int, why: Callable[[], str]) -> None:
    """Narrow positions p-1 and p with each other: p-1 < p <= p-1 + 3 + Sprint."""
    cand = board.cand
    prev, cur = cand[p - 1], cand[p]
    gap = NORMAL_REACH + reach
    numbers = board.facts.numbers
    if numbers[p] is None:
        # span_mask(lowest(prev) + 1, mask_highest(prev) + gap), written out: the hottest
        # line of the puzzle generator
        low, high = (prev & -prev).bit_length(), prev.bit_length() + gap
        keep = (1 << high) - (1 << low) if high > low else 0
        if cur & keep != cur:  # narrow() is called only when it narrows: its words cost
            board.narrow(
                p,
                keep,
                lambda: (
                    f"H{p} lies above "
                    f"{'the 0' if p == 1 else f'{position_name(p - 1)} {as_text(prev)}'} "
                    f"and at most {gap} beyond it ({why()})"
                ),
            )
            cur = cand[p]
    if numbers[p - 1] is None:
        # span_mask(lowest(cur) - gap, mask_highest(cur) - 1), written out the same way
        low, high = max((cur & -cur).bit_length() - 1 - gap, 0), cur.bit_length() - 1
        keep = (1 << high) - (1 << low) if high > low else 0
        if prev & keep != prev:
            board.narrow(
                p - 1,
                keep,
                lambda: (
                    f"H{p} {as_text(cur)} lies above {position_name(p - 1)} "
                    f"and at most {gap} beyond it "
                    f"({why()})"
                ),
            )
    elif not lowest(prev) < lowest(cur) <= lowest(prev) + gap:  # both revealed
        raise Contradiction(f"H{p} cannot follow {position_name(p - 1)}")


def _counts(mask: int) -> list[list[int]]:
    """Return the cards of `mask` counted by Sprint value (rows) and group (columns)."""
    return [[(mask & vm & g).bit_count() for g in SPRINT_GROUPS] for vm in SPRINT_VALUE_MASKS]


def _greedy(
    counts: list[list[int]], caps: Sequence[int], k: int, took: list[list[int]] | None = None
) -> tuple[int, int]:
    """Return (the best Sprint total of k cards within each pile's cap, how many cards can
    be taken): highest values first, which is optimal (a partition matroid). `took`, if
    given (zeros shaped like counts), gets how many cards of each class were taken."""
    room = [k, *caps]  # his own 1, 2, 3 come from no pile, so have no cap
    total = taken = 0
    for v, (value, row) in enumerate(zip(SPRINT_VALUES, counts, strict=True)):
        for g in range(4):
            count = row[g]
            if count:
                take = k - taken  # min(count, room[g], k - taken), without the call
                if count < take:
                    take = count
                if room[g] < take:
                    take = room[g]
                if take > 0:
                    room[g] -= take
                    taken += take
                    total += take * value
                    if took is not None:
                        took[v][g] = take
        if taken == k:
            break
    return total, taken


def _usage(board: Board, in_pile: list[list[int]]) -> list[list[int]]:
    """Return usage[t][i]: the face-down cards placed by turn t known to come from pile i
    (Hideouts whose candidates all lie in it, Sprint cards known to lie under one)."""
    f = board.facts
    placed = f.placed
    per_turn = [[0, 0, 0] for _ in range(f.turn + 1)]
    for i in range(3):
        for q in in_pile[i]:
            per_turn[placed[q]][i] += 1
    for c, q in board.forced.items():
        pile = pile_of(c)
        if pile >= 0:
            per_turn[placed[q]][pile] += 1
    a = b = c = 0
    for row in per_turn:
        a += row[0]
        b += row[1]
        c += row[2]
        row[0], row[1], row[2] = a, b, c
    return per_turn


class _Pools:
    """Level 2: what one pass knows about the Sprint pool (known Hideouts, Hideouts known
    to come from a pile, Sprint cards known to lie under a Hideout)."""

    def __init__(self, board: Board) -> None:
        self.board = board
        f = board.facts
        known = 0
        for p in board.down:
            c = board.cand[p]
            if c & (c - 1) == 0:
                known |= c
        self.blocked = f.seen | known
        self.forced = dict(board.forced)
        self.in_pile = _in_pile(board)
        self.usage = _usage(board, self.in_pile)
        # slack[t][i]: the least room left in pile i on any turn from t to the end
        self.slack = [[99, 99, 99]] * (f.turn + 2)
        a = b = c = 99
        for t in range(f.turn, -1, -1):
            room, used = f.rooms[t], self.usage[t]
            a = room[0] - used[0] if room[0] - used[0] < a else a
            b = room[1] - used[1] if room[1] - used[1] < b else b
            c = room[2] - used[2] if room[2] - used[2] < c else c
            self.slack[t] = [a, b, c]

    def pool(self, p: int) -> tuple[int, list[int]]:
        """Return the cards that can be Sprint cards of position p (a mask) and each pile's
        room for them: unseen, not a known Hideout, not a Sprint card under another; at
        most the room left on every turn from the one p was placed on."""
        elsewhere = 0
        own = [0, 0, 0]
        for c, q in self.forced.items():
            if q != p:
                elsewhere |= 1 << c
            elif pile_of(c) >= 0:
                own[pile_of(c)] += 1
        slack = self.slack[self.board.facts.placed[p]]
        caps = [slack[i] + own[i] for i in range(3)]
        return ALL_NUMBERS & ~(self.blocked | elsewhere), caps

    def room_text(self, p: int, pile: int) -> str:
        """Return why pile `pile` has only its room for the Sprint cards of position p: the
        turn (from p's on) where the least is left, and the cards that take the rest."""
        f = self.board.facts
        turn = min(
            range(f.placed[p], f.turn + 1), key=lambda t: f.rooms[t][pile] - self.usage[t][pile]
        )
        hideouts = [q for q in self.in_pile[pile] if f.placed[q] <= turn]
        sprints = sorted(
            (c, q)
            for c, q in self.forced.items()
            if q != p and pile_of(c) == pile and f.placed[q] <= turn
        )
        words = _accounted(f, turn, pile, hideouts, sprints)
        drawn, name = f.drawn(turn)[pile], f"pile {pile + 1}"
        if not drawn:
            return f"he had drawn no card from {name} by turn {turn}"
        if not words:
            many = "one card" if drawn == 1 else f"{drawn} cards"
            return f"he had drawn only {many} from {name} by turn {turn}"
        if len(words) > drawn:
            return (
                f"{join_words(words)} would be {len(words)} cards from {name} placed by turn "
                f"{turn}, more than the {drawn} he had drawn from it"
            )
        verb = "accounts" if len(words) == 1 else "account"
        if drawn == 1:
            return f"{words[0]} {verb} for the one card he had drawn from {name} by turn {turn}"
        if len(words) < drawn:
            share = f"{'one' if len(words) == 1 else len(words)} of the {drawn} cards"
        else:
            share = "both cards" if drawn == 2 else f"all {drawn} cards"
        return f"{join_words(words)} {verb} for {share} he had drawn from {name} by turn {turn}"


def _in_pile(board: Board) -> list[list[int]]:
    """Return, per pile, the face-down Hideouts whose candidates all lie in that pile."""
    return [[p for p in board.down if board.cand[p] & ~PILE_MASKS[i] == 0] for i in range(3)]


def _accounted(
    f: TableFacts, turn: int, pile: int, hideouts: Sequence[int], sprints: Sequence[tuple]
) -> list[str]:
    """Return the cards placed by `turn` that come from `pile`, as words: his cards in view
    (with the cards he discarded, at the end), then the face-down Hideouts and Sprint cards
    known to come from it."""
    seen = sorted(
        c
        for q in range(1, len(f.numbers))
        if f.numbers[q] is not None and f.placed[q] <= turn
        for c in (f.numbers[q], *f.sprints[q])
        if pile_of(c) == pile
    )
    if turn == f.turn:
        seen += sorted(c for c, by in f.discarded if by == "fugitive" and pile_of(c) == pile)
    words = [str(c) for c in seen] + [f"H{q}" for q in hideouts]
    return words + [f"the {c} under H{q}" for c, q in sprints]


def _pool_text(
    pools: _Pools,
    p: int,
    mask: int,
    caps: Sequence[int],
    k: int,
    probe: Callable[[list[list[int]], Sequence[int]], object],
) -> str:
    """Return the cards position p's Sprint cards can be, in words, with the reason for each
    pile's limit where the limit matters (`probe` gives the result that a larger limit
    would change)."""
    options = []
    own = [str(c) for c in START_CARDS if mask >> c & 1]
    if own:
        options.append(f"his own {join_words(own)}")
    counts = _counts(mask)
    result = probe(counts, caps)
    reasons = []
    for i, (low, high) in enumerate(PILES):
        inside = bits(mask & PILE_MASKS[i])
        if not inside:
            continue
        if caps[i] >= len(inside) and len(inside) <= 4:
            options.append(join_words([str(c) for c in inside]))
        elif caps[i] >= len(inside):
            options.append(f"any unseen card of {low}-{high}")
        elif caps[i] > 0:
            many = "one card" if caps[i] == 1 else f"{caps[i]} cards"
            options.append(f"at most {many} of {low}-{high}")
        if caps[i] < min(len(inside), k):
            wider = list(caps)
            wider[i] = k
            if probe(counts, wider) != result:
                reasons.append(pools.room_text(p, i))
    if options:
        text = "he can sprint only with " + ", plus ".join(options)
    else:
        text = "he has no card left to sprint with"
    if len(reasons) == 1:
        text += f", as {reasons[0]}"
    elif len(reasons) == 2:
        text += f", as {reasons[0]}, and {reasons[1]}"
    elif reasons:
        text += ", as " + "; ".join(reasons[:-1]) + "; and " + reasons[-1]
    return text


def _budget_reason(board: Board, turn: int, pile: int, hideouts, sprints) -> str:
    f = board.facts
    drawn = f.drawn(turn)[pile]
    if not drawn:
        return (
            f"By turn {turn} he had drawn no card from {PILE_NAMES[pile]}: no card placed by "
            "then comes from it"
        )
    words = _accounted(f, turn, pile, hideouts, sprints)
    verb = "accounts" if len(words) == 1 else "account"
    them = "it" if drawn == 1 else "all of them"
    return (
        f"By turn {turn} he had drawn {plural(drawn, 'card')} from {PILE_NAMES[pile]}, and "
        f"{join_words(words)} {verb} for {them}: no other card placed by then comes from it"
    )


def _budgets(board: Board, pools: "_Pools") -> None:
    """Level 2: when a pile's room by some turn is taken, no other face-down Hideout placed
    by that turn comes from it. `pools` is this pass's: its usage holds while the pass has
    changed nothing."""
    f = board.facts
    if board.changed:
        in_pile = _in_pile(board)
        usage = _usage(board, in_pile)
    else:
        in_pile, usage = pools.in_pile, pools.usage
    first = min(f.placed[p] for p in board.down)
    for turn in range(first, f.turn + 1):
        for i in range(3):
            used, room = usage[turn][i], f.rooms[turn][i]
            if used < room:
                continue
            hideouts = [q for q in in_pile[i] if f.placed[q] <= turn]
            if used > room:
                raise Contradiction(
                    lambda turn=turn, i=i, h=hideouts: _overdrawn(
                        board, turn, i, h, _sprints_from(board, turn, i)
                    )
                )
            others = [
                p
                for p in board.down
                if f.placed[p] <= turn and p not in hideouts and board.cand[p] & PILE_MASKS[i]
            ]
            if not others:
                continue
            sprints = _sprints_from(board, turn, i)
            for p in others:
                board.narrow(
                    p,
                    ~PILE_MASKS[i],
                    lambda turn=turn, i=i, h=hideouts, s=sprints: _budget_reason(
                        board, turn, i, h, s
                    ),
                )
            in_pile = _in_pile(board)
            usage = _usage(board, in_pile)


def _sprints_from(board: Board, turn: int, pile: int) -> list[tuple[int, int]]:
    """Return (card, position) of the Sprint cards known to come from `pile`, placed by
    `turn`."""
    placed = board.facts.placed
    return sorted(
        (c, q) for c, q in board.forced.items() if placed[q] <= turn and pile_of(c) == pile
    )


def _overdrawn(board: Board, turn: int, pile: int, hideouts, sprints) -> str:
    words = _accounted(board.facts, turn, pile, hideouts, sprints)
    drawn = board.facts.drawn(turn)[pile]
    had = f"only {drawn}" if drawn else "none"
    return (
        f"{join_words(words)} would be {len(words)} cards from {PILE_NAMES[pile]} placed by "
        f"turn {turn}, and he had drawn {had} from it by then"
    )


def _bounds_text(board: Board, p: int) -> str:
    """Return the bounds that set the least gap before position p, in words."""
    low, prev = lowest(board.cand[p]), board.cand[p - 1]
    if p == 1:
        return f"H{p} is at least {low}"
    if prev & (prev - 1) == 0:
        return f"H{p} is at least {low} and {position_name(p - 1)} is {lowest(prev)}"
    return f"H{p} is at least {low} and {position_name(p - 1)} at most {mask_highest(prev)}"


def _without(classes: Sequence[tuple[int, int]], k: int, need: int) -> Callable:
    """Return a probe for _pool_text: for each class (Sprint value, group) in `classes`,
    whether k cards reach `need` without one card of it (with no classes: whether they
    reach it at all)."""

    def probe(counts: list[list[int]], caps: Sequence[int]) -> tuple[bool, ...]:
        if not classes:
            return (_greedy(counts, caps, k)[0] >= need,)
        out = []
        for v, g in classes:
            counts[v][g] -= 1
            out.append(_greedy(counts, caps, k)[0] >= need)
            counts[v][g] += 1
        return tuple(out)

    return probe


def _forced_sprints(board: Board, pools: "_Pools") -> None:
    """Level 2: cards every big-enough choice of a Hideout's Sprint cards must use are
    Sprint cards, so no Hideout (all different). `pools` may be from earlier in the pass
    (never smaller than now, so what it forces is forced)."""
    f = board.facts
    for p in board.down:
        k = f.counts[p]
        if not k:
            continue
        need = lowest(board.cand[p]) - mask_highest(board.cand[p - 1]) - NORMAL_REACH
        if need <= 0:
            continue
        mask, caps = pools.pool(p)
        counts = _counts(mask)
        best = _greedy(counts, caps, k)[0]
        if best < need:
            raise Contradiction(
                lambda p=p, k=k, need=need, best=best, mask=mask, caps=caps, pools=pools: (
                    f"H{p} needs at least +{need} from its {sprint_cards_text(k)} "
                    f"({_bounds_text(board, p)}), and they give at most +{best}: "
                    + _pool_text(pools, p, mask, caps, k, _without([], k, need))
                )
            )
        if best - need >= MAX_SPRINT:
            continue  # losing any one card costs at most MAX_SPRINT: nothing is forced
        new = 0
        classes = []
        taken = [[0] * len(row) for row in counts]
        _greedy(counts, caps, k, taken)
        for v, row in enumerate(counts):
            for g, count in enumerate(row):
                if not count or taken[v][g] < count:
                    continue  # a card of this class is left over: losing one costs nothing
                row[g] -= 1
                if _greedy(counts, caps, k)[0] < need:
                    new |= mask & SPRINT_VALUE_MASKS[v] & SPRINT_GROUPS[g]
                    classes.append((v, g))
                row[g] += 1
        new_cards = bits(new & ~sum(1 << c for c, q in board.forced.items() if q == p))
        if not new_cards:
            continue
        for c in new_cards:
            board.forced[c] = p
        board.changed = True
        named = join_words([str(c) for c in new_cards])
        drop = sum(1 << c for c in new_cards)
        # Once every Hideout is known the finding adds nothing to the answer (in a
        # supposition it may still lead to the contradiction).
        needed = board.trial or not board.solved()
        if board.steps is not None and needed:
            which = f"the {named}" if len(new_cards) == 1 else f"each of {named}"
            verb = "lies" if len(new_cards) == 1 else "lie"
            pool = _pool_text(pools, p, mask, caps, k, _without(classes, k, need))
            board.say(
                f"H{p} needs at least +{need} from its {sprint_cards_text(k)} "
                f"({_bounds_text(board, p)}), and {pool}: "
                f"he needs {which} to reach +{need}, so {which.removeprefix('each of ')} {verb} "
                f"under H{p}."
            )
        verb = "is a Sprint card" if len(new_cards) == 1 else "are Sprint cards"
        for q in board.down:
            board.narrow(q, ~drop, f"{named} {verb} under H{p}")
        pools = _Pools(board)


def _supply(board: Board) -> None:
    """Level 2: the face-down cards placed by each turn must be cards he can have held."""
    f = board.facts
    unseen = ALL_NUMBERS & ~f.seen
    own = (unseen & SPRINT_GROUPS[0]).bit_count()
    a, b, c = ((unseen & PILE_MASKS[i]).bit_count() for i in range(3))
    placed_by = [0] * (f.turn + 1)  # face-down cards placed on each turn
    for p in board.down:
        if f.placed[p] <= f.turn:
            placed_by[f.placed[p]] += 1 + f.counts[p]
    need = placed_by[0]
    for turn in range(1, f.turn + 1):
        need += placed_by[turn]
        room = f.rooms[turn]
        supply = own + min(room[0], a) + min(room[1], b) + min(room[2], c)
        if need > supply:
            raise Contradiction(
                f"{plural(need, 'face-down card')} were placed by turn {turn}, more than the "
                f"{supply} he can have held"
            )


def _propagate(board: Board) -> None:
    """Apply the board's level of deductions (levels 1 and 2) until nothing changes. The
    Sprint pool is read once a pass: a pool read earlier is never smaller, so the bounds
    stay sound, and passes repeat until nothing changes."""
    size = len(board.cand)
    while True:
        board.changed = False
        pools = _Pools(board) if board.level >= 2 else None
        reach = [(0, str)] + [_reach(board, p, pools) for p in range(1, size)]
        for p in range(1, size):
            _link(board, p, *reach[p])
        for p in range(size - 1, 0, -1):
            _link(board, p, *reach[p])
        if pools is not None:
            _budgets(board, pools)
            _forced_sprints(board, pools)
        if not board.changed:
            return


def _case_analysis(board: Board) -> None:
    """Level 3: strike out candidates whose assumption leads level 2 to a contradiction,
    trying the Hideouts with the fewest candidates first, until nothing more is struck.

    A candidate refuted on a board is refuted on any narrower one, so what is left at the
    end does not depend on the order of the trials. With words to write, each strike starts
    the trials over (the reasoning tries the likeliest suppositions first); without, each
    sweep tries every candidate once, striking as it goes, until a sweep strikes nothing."""
    if board.steps is not None:
        while not board.solved() and _strike_one(board):
            pass
        return
    struck = True
    while struck and not board.solved():
        struck = False
        for _, p in sorted((board.cand[p].bit_count(), p) for p in board.down):
            for value in bits(board.cand[p]):
                cand = board.cand[p]
                if cand & (cand - 1) and cand >> value & 1 and _refutes(board, p, value):
                    board.narrow(p, ~(1 << value), "")
                    _propagate(board)
                    struck = True


def _strike_one(board: Board) -> bool:
    ranked = sorted((board.cand[p].bit_count(), p) for p in board.down)
    for size, p in ranked:
        if size < 2:
            continue
        for value in bits(board.cand[p]):
            if _refutes(board, p, value):
                _strike(board, p, value)
                _propagate(board)
                return True
    return False


def _refutes(board: Board, p: int, value: int) -> bool:
    trial = board.copy(None)
    trial.cand[p] = 1 << value
    try:
        _propagate(trial)
    except Contradiction:
        return True
    return False


def _strike(board: Board, p: int, value: int) -> None:
    if board.steps is not None:
        chain: list[str] = []
        trial = board.copy(chain)
        trial.cand[p] = 1 << value
        try:
            _propagate(trial)
        except Contradiction as contradiction:
            chain.append(f"But {contradiction}.")
        board.steps.append(f"Suppose H{p} were {value}:")
        board.steps += [f"    {line}" for line in chain]
    board.narrow(p, ~(1 << value), f"If H{p} were {value}, a contradiction follows")


def run_levels(facts: TableFacts, level: int, steps: list[str] | None = None) -> Board:
    """Return the board after the level's deductions (raises Contradiction if the table
    contradicts itself)."""
    board = Board(facts, level, steps)
    _read_facts(board)
    for p in board.down:
        if not board.cand[p]:
            raise Contradiction(f"no number is left for H{p}")
    if level >= 2:
        _supply(board)
    if level >= 1:
        _propagate(board)
    if level >= 3:
        _case_analysis(board)
    return board


def run_levels_after(board: Board, facts: TableFacts) -> Board:
    """Return what run_levels(facts, board.level) returns, for `facts` that hold every fact
    of `board`'s and more (a clue added), starting from what `board` found: each level's
    deductions are sound, so they hold with more facts too, and the fixed point they reach
    is the same (the generator checks clues this way; no words are written)."""
    if board.level >= 3:
        return run_levels(facts, board.level)
    after = Board(facts, board.level, None)
    down = set(after.down)
    for p in after.down:
        after.cand[p] &= board.cand[p]
        if not after.cand[p]:
            raise Contradiction(f"no number is left for H{p}")
    after.forced = {c: q for c, q in board.forced.items() if q in down}
    if after.level >= 2:
        _supply(after)
    if after.level >= 1:
        _propagate(after)
    return after


def cases_solve(board: Board) -> bool:
    """Return whether level 3 solves the table of `board`, a level 2 board at its fixed
    point (level_solves(facts, 3) without running level 2 again)."""
    trial = board.copy(None)
    trial.trial = False
    try:
        _case_analysis(trial)
    except Contradiction:
        return False
    return trial.solved()


def solve_facts(facts: TableFacts, level: int, steps: list[str] | None = None) -> list[int] | None:
    try:
        board = run_levels(facts, level, steps)
    except Contradiction as contradiction:
        raise ValueError(f"the table contradicts itself: {contradiction}") from None
    return board.answer() if board.solved() else None


def level_solves(facts: TableFacts, level: int) -> bool:
    try:
        return run_levels(facts, level).solved()
    except Contradiction:
        return False


def solve_at_level(puzzle: Puzzle, level: int, steps: list[str] | None = None) -> list[int] | None:
    """Return the answer if the level's deductions (1-3, see the module notes) pin every
    face-down Hideout, else None. When `steps` is a list, the reasoning is appended."""
    return solve_facts(table_facts(puzzle.table), level, steps)


def solve_level1(puzzle: Puzzle, steps: list[str] | None = None) -> list[int] | None:
    """Return the answer if interval reasoning and cards in view (easy) pin it, else None."""
    return solve_at_level(puzzle, 1, steps)


def solve_level2(puzzle: Puzzle, steps: list[str] | None = None) -> list[int] | None:
    """Return the answer if level 1 with pile budgets, the real Sprint pool and
    all-different reasoning (medium) pins it, else None."""
    return solve_at_level(puzzle, 2, steps)


def solve_level3(puzzle: Puzzle, steps: list[str] | None = None) -> list[int] | None:
    """Return the answer if level 2 with one-step case analysis (hard) pins it, else None."""
    return solve_at_level(puzzle, 3, steps)


def grade(puzzle: Puzzle) -> int | None:
    """Return the lowest level (1-3) whose solver pins the answer, None if none does."""
    facts = table_facts(puzzle.table)
    for level in (1, 2, 3):
        if solve_facts(facts, level) is not None:
            return level
    return None


def difficulty_of(puzzle: Puzzle) -> str | None:
    """Return "easy", "medium" or "hard" (the lowest level that solves it), or None."""
    level = grade(puzzle)
    return DIFFICULTIES[level - 1] if level else None


def worked_solution(puzzle: Puzzle) -> list[str]:
    """Return the reasoning steps of the puzzle's own level, ending with the answer."""
    facts = table_facts(puzzle.table)
    steps: list[str] = []
    answer = solve_facts(facts, LEVELS[puzzle.difficulty], steps)
    if answer is None:
        raise ValueError(f"{puzzle.id}: its level does not solve it")
    return steps + [f"Answer: {format_answer(facts, answer)}."]
