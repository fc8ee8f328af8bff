"""CutThroat!'s first bots: legal, reproducible, blind to what they may not see; the
simulation's numbers; a bot game's record replays to its result."""

import random
from collections import Counter

import pytest

from generator.engine.game import CHANCE
from generator.games.cutthroat.belief import Tracker
from generator.games.cutthroat.bots import (
    DeducingBot,
    SimpleBot,
    feed,
    game_record,
    play_game,
    simulate_cutthroat,
)
from generator.games.cutthroat.rules import (
    CutthroatState,
    Rules,
    record_result,
    state_from_header,
)


@pytest.mark.parametrize("bot", ["random", "simple", "deducing"])
@pytest.mark.parametrize("players", [6, 9, 13])
def test_bot_games_are_legal_and_end(bot, players):
    state, actions = play_game(players, 3, bot)
    assert state.is_terminal() and state.winners
    replay = CutthroatState(players)
    for action in actions:
        replay.apply(replay.parse_action(action))  # IllegalAction if a bot cheated
    assert replay.winners == state.winners


@pytest.mark.parametrize("bot", ["random", "simple", "deducing"])
def test_bot_games_with_longer_extended_plays_are_legal_and_end(bot):
    rules = Rules(markers=9, extend=5, double=6, sudden_at=5)  # a variant the designer finds
    for seed in (17, 18, 19):  # 18: a simple bot takes off the revealed card past its two
        state, actions = play_game(8, seed, bot, rules=rules)
        replay = CutthroatState(8, rules=rules)
        for action in actions:
            replay.apply(replay.parse_action(action))
        assert replay.is_terminal() and replay.winners == state.winners


def test_a_game_is_the_same_from_the_same_seed():
    assert play_game(8, 5)[1] == play_game(8, 5)[1]
    assert play_game(8, 5)[1] != play_game(8, 6)[1]


def test_the_simple_bot_decides_from_what_it_may_see_only():
    state = CutthroatState(6)
    state.apply("deal A 2 3 4 5 6 / 3 4 5 6 A 2")
    other = CutthroatState(6)
    other.apply("deal A 2 4 3 6 5 / 3 5 4 A 6 2")  # seat 0 the same; the others differ
    state.apply("play")
    other.apply("play")
    for seen_from in (state, other):
        assert seen_from.observation(0)["identity"] == "A"
    choices = []
    for current in (state, other):
        seen = current.observation(0)
        seen["ranks"] = list(current.ranks)
        choices.append(SimpleBot(random.Random(4)).choose(seen, current.legal_actions()))
    assert choices[0] == choices[1] == "take 3"  # its enemy


def test_the_simulation_is_the_same_for_any_number_of_jobs_and_counts_every_seat():
    one = simulate_cutthroat(7, 20, 2, jobs=1)
    assert simulate_cutthroat(7, 20, 2, jobs=2) == one
    metrics = one["metrics"]
    assert {f"seat_{s}_win" for s in range(7)} <= set(metrics)
    wins = sum(metrics[f"seat_{s}_win"]["value"] for s in range(7))
    assert wins == pytest.approx(1.0)  # every game has a winner; a shared win is split
    with pytest.raises(ValueError):
        simulate_cutthroat(5, 10, 1)
    with pytest.raises(ValueError):
        simulate_cutthroat(8, 10, 1, bot="psychic")


def test_a_bot_record_replays_to_its_result():
    record = game_record(8, 11)
    state = state_from_header(record["header"])
    for action in record["actions"]:
        if state.current_player() == CHANCE:
            assert action.startswith("deal ")
        state.apply(state.parse_action(action))
    assert record_result(state) == record["result"] and state.is_terminal()


def test_the_deducing_bot_reads_the_table_better_than_chance():
    """Its guesses are right far more often than the simple bot's guesses at random, and
    it reveals more identities."""
    deducing = simulate_cutthroat(8, 12, 9, bot="deducing")["metrics"]
    simple = simulate_cutthroat(8, 12, 9, bot="simple")["metrics"]
    assert deducing["right_guess_rate"]["ci95"][0] > simple["right_guess_rate"]["ci95"][1]
    assert deducing["reveal_rate"]["value"] > simple["reveal_rate"]["value"]


def test_a_mixed_table_seats_each_bot_where_it_is_asked():
    names = ["deducing"] + ["simple"] * 6
    state, actions = play_game(7, 4, names)
    assert state.is_terminal()
    with pytest.raises(ValueError):
        play_game(7, 4, ["deducing", "clever"] + ["simple"] * 5)


def _replayed(deal: str, public: list[str], first: int = 0) -> tuple[CutthroatState, Tracker]:
    """Return a six-player table after `deal` and the `public` actions, each fed to the
    public tracker as bots.play_game feeds it."""
    state, tracker = CutthroatState(6, first=first), Tracker(6)
    state.apply(deal)
    for action in public:
        feed(tracker, state, action, state.legal_actions())
        state.apply(action)
    return state, tracker


def _seen(state: CutthroatState, tracker: Tracker) -> dict:
    """Return seat 0's observation as play_game hands it to a bot."""
    seen = state.observation(0, with_log=False)
    seen.update(ranks=list(state.ranks), tracker=tracker)
    return seen


def _seat_zero_turn(state: CutthroatState, tracker: Tracker) -> list[str]:
    """Return what a deducing bot (seed 5) does in seat 0 until its turn ends."""
    bot, made = DeducingBot(random.Random(5)), []
    while state.seat == 0 and not state.is_terminal():
        legal = state.legal_actions()
        action = bot.choose(_seen(state, tracker), legal)
        made.append(action)
        feed(tracker, state, action, legal)
        state.apply(action)
    return made


def test_the_deducing_bot_hits_its_hunter():
    """Seat 3 took two markers off seat 0's card (A) and put one on 5: seat 0 takes both
    markers of its play off 5, seat 3's likeliest character. Two deals alike for seat 0
    (identity A, enemy 3) and different for everyone else give the same choices: the bot
    reads only the public takes and puts."""
    deals = ("deal A 2 3 4 5 6 / 3 4 5 6 A 2", "deal A 5 6 2 4 3 / 3 A 6 2 5 4")
    public = ["play", "take 2", "take 4", "put 6", "play", "take 5", "take 6", "put 3"]
    public += ["play", "take A", "take A", "put 5", "play", "take 3", "take 6", "put 2"]
    public += ["play", "take 4", "take 2", "put 4"]
    decisions = []
    for deal in deals:
        state, tracker = _replayed(deal, public, first=1)
        assert state.seat == 0 and state.phase == "main"
        assert tracker.took[3][0] == 2  # seat 3 chose A twice
        state.apply("play")
        decisions.append(_seat_zero_turn(state, tracker))
    assert decisions[0] == decisions[1]
    assert decisions[0][:2] == ["take 5", "take 5"] and decisions[0][2].startswith("put ")


def test_the_deducing_bot_hides_in_its_puts():
    """Its puts follow the model it reads others with: mostly back on its own card, but not
    only, so a put says no more about it than anybody's; when its own card is down to two
    markers it all but always puts there."""
    state = CutthroatState(6)
    state.apply("deal A 2 3 4 5 6 / 3 4 5 6 A 2")
    for action in ("play", "take 2", "take 4"):
        state.apply(action)
    assert state.phase == "put" and state.seat == 0
    seen = _seen(state, Tracker(6))
    bot = DeducingBot(random.Random(3))
    puts = Counter(bot.choose(seen, state.legal_actions()) for _ in range(400))
    assert puts.most_common(1)[0][0] == "put A"
    assert 250 < puts["put A"] < 390 and len(puts) > 2
    seen["markers"] = [2, *seen["markers"][1:]]
    puts = Counter(bot.choose(seen, state.legal_actions()) for _ in range(400))
    assert puts["put A"] > 370


def test_the_deducing_bot_takes_by_the_model_while_nobody_has_hunted_it():
    """Before any seat has chosen its card, its takes follow the model: over many draws it
    takes off its enemy most and off itself almost never, but not only off its enemy."""
    state, tracker = CutthroatState(6), Tracker(6)
    state.apply("deal A 2 3 4 5 6 / 3 4 5 6 A 2")
    state.apply("play")
    seen = _seen(state, tracker)
    bot = DeducingBot(random.Random(2))
    takes = Counter(bot.choose(seen, state.legal_actions()) for _ in range(400))
    assert takes.most_common(1)[0][0] == "take 3"  # its enemy
    assert len(takes) > 2 and takes["take A"] < 10


def test_two_seats_hunting_alike_are_no_hunter():
    """Seats 1 and 3 each took one marker off seat 0's card and one off another: neither has
    taken more off it than off any other card, so the bot does not pick the first seat by
    number but takes by the model; once seat 3 has taken a second off it, seat 3 hunts it."""
    public = ["play", "take A", "take 4", "put 2", "play", "take 5", "take 6", "put 3"]
    public += ["play", "take A", "take 2", "put 4", "play", "take 3", "take 6", "put 5"]
    public += ["play", "take 4", "take 2", "put 6", "play"]
    state, tracker = _replayed("deal A 2 3 4 5 6 / 3 4 5 6 A 2", public, first=1)
    seen = _seen(state, tracker)
    assert DeducingBot._hunter(seen, {r: i for i, r in enumerate(state.ranks)}, 0) is None
    tracker.took[3][0] += 1  # now seat 3 has taken most
    assert DeducingBot._hunter(seen, {r: i for i, r in enumerate(state.ranks)}, 0) == 3


def test_a_seat_that_took_as_much_off_another_card_is_no_hunter():
    """Seats 1 and 3 each took two markers off seat 0's card (A), but seat 1 took two off 5
    as well: only seat 3 hunts A (before, the tie made no hunter), and seat 0 takes both
    markers of its play off 4, seat 3's likeliest character. Two deals alike for seat 0 and
    different for everyone else give the same choices: it reads only the public takes."""
    deals = ("deal A 2 3 4 5 6 / 3 4 5 6 A 2", "deal A 5 6 2 4 3 / 3 A 6 2 5 4")
    public = ["play", "take A", "take A", "put 2", "play", "take 5", "take 6", "put 3"]
    public += ["play", "take A", "take 4", "put 4", "play", "take 3", "take 6", "put 5"]
    public += ["play", "take 4", "take 2", "put 6", "play", "take 3", "take 5", "put A"]
    public += ["play", "take 5", "take 5", "put 2", "play", "take 2", "take 6", "put 3"]
    public += ["play", "take A", "take 6", "put 4", "play", "take 3", "take 2", "put 5"]
    public += ["play", "take 4", "take 6", "put 6"]
    decisions = []
    for deal in deals:
        state, tracker = _replayed(deal, public, first=1)
        assert state.seat == 0 and state.phase == "main"
        assert tracker.took[1][0] == tracker.took[1][4] == tracker.took[3][0] == 2
        seen = _seen(state, tracker)
        assert DeducingBot._hunter(seen, {r: i for i, r in enumerate(state.ranks)}, 0) == 3
        state.apply("play")
        decisions.append(_seat_zero_turn(state, tracker))
    assert decisions[0] == decisions[1]
    assert decisions[0][:2] == ["take 4", "take 4"] and decisions[0][2].startswith("put ")
