"""Fugitive on screen: a whole game plays through the presenter from either seat, the
Marshal's screen and what she is told never depend on the Fugitive's hidden cards, the
notation examples are legal moves, and the bots' beliefs name what their trackers hold."""

import random
import re

import pytest

from generator.engine.game import CHANCE
from generator.games.fugitive.cards import published
from generator.games.fugitive.rules import Draw, Hide, Pass, deal_for, new_game
from generator.interop.strength.seats import our_seats
from generator.play.presenters.fugitive import PRESENTER
from generator.play.screen import _moves_lines
from generator.play.session import Session

FUGITIVE, MARSHAL = 0, 1


def _header(seed: int, variant: str = "none") -> dict:
    return {"game": "fugitive", "options": {"variant": variant}, "seed": seed, "players": {}}


def _person_move(session: Session) -> str:
    moves = session.view.moves(session.state)
    if moves is None:
        return session.view.move_example(session.state)
    return moves[0]


@pytest.mark.parametrize(
    ("seat", "seed", "variant"),
    [(FUGITIVE, 3, "none"), (MARSHAL, 3, "none"), (FUGITIVE, 5, "random"), (MARSHAL, 6, "catchup")],
)
def test_a_whole_game_plays_to_its_end_from_either_seat(seat, seed, variant):
    session = Session("fugitive", _header(seed, variant), frozenset({seat}))
    said = session.advance()
    shown = []
    while not session.over():
        assert session.persons_turn()
        shown += session.view.show(session.state, seat)
        if session.view.moves(session.state) is None:
            assert session.view.move_example(session.state) in session.view.move_help(session.state)
        said += session.play(session.parse(_person_move(session)))
        said += session.advance()
    shown += session.view.show(session.state, seat)
    lines = shown + said
    assert all(len(line) < 100 for line in lines), [line for line in lines if len(line) >= 100]
    assert said[-1] in (
        "The game is over: the Fugitive wins.",
        "The game is over: the Marshal wins.",
    )
    assert shown[-1] == said[-1]
    if seat == MARSHAL:
        assert any(line.startswith("The Fugitive lays a Hideout face down with") for line in said)
        assert not any(line.startswith("You lay") for line in said)
    else:
        assert any(line.startswith("You lay the ") for line in said)


def _dealt(seed: int):
    state = new_game(published())
    state.apply(deal_for(state.config, random.Random(seed)))
    return state


def test_two_deals_look_the_same_to_the_marshal_and_differ_to_the_fugitive():
    fresh = new_game(published())
    first, second = _dealt(1), _dealt(2)
    deals = [deal_for(fresh.config, random.Random(seed)) for seed in (1, 2)]
    assert first.hands[FUGITIVE] != second.hands[FUGITIVE]
    to_marshal = [
        PRESENTER.announce(fresh, deal, after, MARSHAL, CHANCE)
        for deal, after in zip(deals, (first, second), strict=True)
    ]
    to_fugitive = [
        PRESENTER.announce(fresh, deal, after, FUGITIVE, CHANCE)
        for deal, after in zip(deals, (first, second), strict=True)
    ]
    assert to_marshal[0] == to_marshal[1] and to_marshal[0]
    assert to_fugitive[0] != to_fugitive[1]
    assert PRESENTER.show(first, MARSHAL) == PRESENTER.show(second, MARSHAL)
    assert PRESENTER.show(first, FUGITIVE) != PRESENTER.show(second, FUGITIVE)


def test_a_hideout_laid_face_down_is_told_to_the_marshal_by_its_sprint_count_only():
    state = _dealt(4)
    hand = sorted(state.hands[FUGITIVE])
    # two first Hideouts without Sprint cards: the 1 and the 2 (both within reach of the 0)
    lays = [Hide(1), Hide(2)]
    afters, news, own = [], [], []
    for lay in lays:
        after = state.clone()
        after.apply(lay)
        afters.append(after)
        news.append(PRESENTER.announce(state, lay, after, MARSHAL, FUGITIVE))
        own.append(PRESENTER.announce(state, lay, after, FUGITIVE, FUGITIVE))
    assert 1 in hand and 2 in hand
    assert news[0] == news[1] == ["The Fugitive lays a Hideout face down with no sprint card."]
    assert own[0] != own[1]
    assert PRESENTER.show(afters[0], MARSHAL) == PRESENTER.show(afters[1], MARSHAL)
    assert PRESENTER.show(afters[0], FUGITIVE) != PRESENTER.show(afters[1], FUGITIVE)
    # one Sprint card under either Hideout, a different card each time: still the same to her
    lays = [Hide(2, (1,)), Hide(3, (2,))]
    afters = []
    for lay in lays:
        after = state.clone()
        after.apply(lay)
        afters.append(after)
    assert [
        PRESENTER.announce(state, lay, a, MARSHAL, FUGITIVE)
        for lay, a in zip(lays, afters, strict=True)
    ] == [["The Fugitive lays a Hideout face down with 1 sprint card."]] * 2
    assert PRESENTER.show(afters[0], MARSHAL) == PRESENTER.show(afters[1], MARSHAL)
    assert PRESENTER.show(afters[0], FUGITIVE) != PRESENTER.show(afters[1], FUGITIVE)


def _swap_hidden(state):
    """Return a copy whose Fugitive holds a different card of the same pile and Sprint value
    (swapped with one still in the piles), the piles' order shuffled: hidden from her."""
    other = state.clone()
    for pile in other.piles:
        random.Random(len(pile)).shuffle(pile)
    for card in sorted(other.hands[FUGITIVE]):
        for pile in other.piles:
            swap = next(
                (c for c in pile if c <= 41 and c % 2 == card % 2 and _pile(c) == _pile(card) >= 0),
                None,
            )
            if swap is not None and card <= 41:
                pile[pile.index(swap)] = card
                other.hands[FUGITIVE].remove(card)
                other.hands[FUGITIVE].add(swap)
                return other
    return None


def _pile(card: int) -> int:
    """Return the draw pile of a Hideout 4-41 (-1 for the Fugitive's start cards)."""
    return -1 if card < 4 else (0 if card <= 14 else (1 if card <= 28 else 2))


def test_the_marshals_screen_and_news_never_show_the_fugitives_hidden_cards():
    """Over a whole bot game: at every step a state whose Fugitive holds other cards and
    whose piles lie in another order looks the same to the Marshal; the Fugitive's draw from
    those piles is told to her the same way, and differently to him at least once."""
    session = Session("fugitive", _header(11), frozenset())
    checked = fugitive_saw_more = 0
    while not session.over():
        state = session.state
        mover = state.current_player()
        action = session.chance_action() if mover == CHANCE else session.bot_action()
        other = _swap_hidden(state) if mover != CHANCE else None
        if other is not None and state.observation(MARSHAL) == other.observation(MARSHAL):
            assert PRESENTER.show(state, MARSHAL) == PRESENTER.show(other, MARSHAL)
            if isinstance(action, Draw) and mover == FUGITIVE:
                after, other_after = state.clone(), other.clone()
                after.apply(action)
                other_after.apply(action)
                assert PRESENTER.announce(state, action, after, MARSHAL, mover) == (
                    PRESENTER.announce(other, action, other_after, MARSHAL, mover)
                )
                fugitive_saw_more += PRESENTER.announce(
                    state, action, after, FUGITIVE, mover
                ) != PRESENTER.announce(other, action, other_after, FUGITIVE, mover)
            checked += 1
        session.play(action)
    assert checked >= 10
    assert fugitive_saw_more >= 1


def test_the_hide_steps_help_gives_a_legal_move_with_sprint_cards():
    state = _dealt(4)
    state.apply(Hide(1))
    state.apply(Pass())  # the optional second Hideout of the first turn
    while state.current_player() != FUGITIVE or state.steps[0].kind != "place":
        state.apply(state.legal_actions()[-1] if state.steps[0].kind == "draw" else _guess(41))
    example = PRESENTER.move_example(state)
    action = state.parse_action(example)
    assert action in state.legal_actions()
    assert isinstance(action, Hide) and action.sprint
    help_text = PRESENTER.move_help(state)
    assert example in help_text and "sprint" in help_text
    state.clone().apply(action)


def _guess(number: int):
    from generator.games.fugitive.rules import Guess

    return Guess((number,))


def test_the_guess_help_gives_a_legal_guess():
    session = Session("fugitive", _header(2), frozenset({MARSHAL}))
    session.advance()
    while session.state.steps[0].kind != "guess":
        session.play(session.parse(_person_move(session)))
        session.advance()
    example = session.view.move_example(session.state)
    assert re.fullmatch(r"guess \d+", example)
    assert example in session.view.move_help(session.state)
    number = int(example.split()[1])
    assert number not in session.state.hands[MARSHAL]  # she knows that one is in her hand
    session.play(session.parse(example))


def test_a_guess_step_lists_the_single_number_guesses_and_says_several_may_be_named():
    """Tab completes the listed moves: at a guess step they are "guess 1" to "guess 41";
    the line under them says a guess may name several numbers at once."""
    session = Session("fugitive", _header(2), frozenset({MARSHAL}))
    session.advance()
    while session.state.steps[0].kind != "guess":
        session.play(session.parse(_person_move(session)))
        session.advance()
    assert not session.state.single_only  # an ordinary guess: several numbers allowed
    assert session.view.moves(session.state) == [f"guess {n}" for n in range(1, 42)]
    lines = _moves_lines(session)
    assert lines[0].startswith("Your moves: guess 1 | guess 2 |")
    assert "guess 41" in " ".join(lines)
    note = " ".join(line.strip() for line in lines)
    assert "guess N M ... to name several numbers at once" in note
    assert all(len(line) < 100 for line in lines)


def test_the_marshals_belief_gives_each_face_down_hideout_its_possible_numbers():
    state = _dealt(9)
    seats = our_seats("fugitive", {}, 2, 4)
    hand = sorted(state.hands[FUGITIVE])
    low = [c for c in hand if c <= 4]
    state.apply(Hide(low[0]))
    state.apply(Hide(low[1]))
    while state.current_player() != MARSHAL or state.steps[0].kind != "guess":
        mover = state.current_player()
        state.apply(seats.act(state, mover))
    seats.act(state, MARSHAL)
    text = PRESENTER.belief(seats, MARSHAL, state)
    assert 1 <= len(text.splitlines()) <= 4
    for position in (1, 2):
        match = re.search(rf"#{position}: ([\d, -]+?)(;|$)", text, re.M)
        assert match, text
        allowed = set()
        for run in match.group(1).split(", "):
            low_end, _, high_end = run.partition("-")
            allowed.update(range(int(low_end), int(high_end or low_end) + 1))
        assert state.row[position].number in allowed
        assert len(allowed) < 41


def test_the_fugitives_belief_speaks_of_his_own_cards():
    session = Session("fugitive", _header(3), frozenset({MARSHAL}))
    session.advance()
    notes = [note for note in session.notes if note.seat == FUGITIVE]
    assert notes and all("his own cards" in note.belief for note in notes)
