"""Fugitive at the table, Quarry as the Marshal: the person is the Fugitive with real cards
Quarry never sees, played by a script that holds a real game of its own (its own deal, its
own planning Fugitive) and answers every question from it. An honest one plays to the end
(through the real terminal program, and the record replays); a liar is refused exactly at
the answer after which no hidden completion fits, which a second method (the CP-SAT model of
deduction.py, with the reach between face-up neighbours checked here) finds too."""

from __future__ import annotations

import dataclasses
import json
import random
import re

import pexpect
import pytest

from generator.games.fugitive.bots import make_fugitive
from generator.games.fugitive.cards import EVENT_BY_CARD, published
from generator.games.fugitive.deduction import build_model
from generator.games.fugitive.marshal_facts import Inconsistent, read_table
from generator.games.fugitive.rules import (
    FUGITIVE,
    MARSHAL,
    Discard,
    Draw,
    FugitiveState,
    Guess,
    Pass,
    deal_for,
    parse_action,
)
from generator.play.setup import chosen_bots, new_session
from generator.play.table import Table
from generator.play.table import fugitive as at_table
from tests.play.test_play_command import FRESH, plain, send, spawn

QUESTIONS = (
    r"Turn \d+: which pile do you draw from\?",
    r"Turn \d+: lay your first Hideout: hide N \(N Sprint cards under it\)",
    r"A second Hideout \(hide N\), or pass",
    r"Turn \d+: what do you lay\? hide N, escape N \(the 42\) or pass",
    r"Which Sprint cards lie under the 42\?",
    r"The Marshal draws from pile \d: which card is it\?",
    r"(?:Manhunt: the|An extra guess: the|The) Marshal guesses [\d and]+: (?:is|are) [^>]*\?",
    r"Turn the \d+ face up: which Sprint cards lie under it\? \(numbers, or none\)",
    r"Which cards of the row did you turn up for [\d and]+, counting the 0 as card 0: [\d or]+\?",
    r"What came off pile \d: [^>]*\?",
    r"Turn up the top card of [^>:]*: which event is it\?",
    r"Informant: is your newest face-down Hideout [^>]*\?",
    r"Dragnet: [^>]*\? \(it leaves play\)",
)
QUESTION = re.compile("(" + "|".join(QUESTIONS) + ") " + FRESH)


class Fugitive:
    """A person at the table with the real cards: a whole game of their own (deal from
    `seed`, a planning Fugitive's choices, the events of `variant`), told each of the
    Marshal's moves as Quarry says them (`hear`: the card a False Lead takes from her).
    `lie` names a kind of answer given falsely once (`guess`: "no" to the first guess that
    is right; `series`: "no" to the first right guess of two or more numbers; `escape`: the
    42 laid with no Sprint card when it had some; `parity`: the other parity to the first
    Informant; `dragnet`: his newest face-down Hideout named as a Dragnet's card)."""

    def __init__(self, seed: int, lie: str | None = None, variant: str = "none") -> None:
        self.state = FugitiveState(config=published(variant))
        self.state.apply(deal_for(self.state.config, random.Random(seed)))
        self.bot = make_fugitive("planning")
        self.bot.start(seed)
        self.rng = random.Random(seed + 1)
        self.lie, self.lied = lie, False
        self.told = None  # the Marshal's view as told, at the lie
        self.escape: tuple[int, ...] = ()
        self.turned: dict[int, tuple[int, ...]] = {}
        self.places: tuple[int, ...] = ()
        self.drawn: list[dict] = []  # the history entries of the last draw
        self.answers = 0
        self.lied_at: int | None = None

    def hear(self, line: str) -> None:
        taken = re.match(r"The Marshal discards the (\d+), picked at random", line)
        if taken:
            self.state.apply(Discard(int(taken.group(1))))

    def _apply(self, action) -> None:
        at = len(self.state.history)
        self.state.apply(action)
        self.drawn = self.state.history[at:]

    def _last_event(self) -> dict:
        return next(e for e in reversed(self.state.history) if e["what"] == "event")

    def _name(self, card: int) -> str:
        if card in EVENT_BY_CARD:
            return EVENT_BY_CARD[card].name
        return "placeholder" if card > 42 else str(card)

    def _lie(self, told) -> None:
        self.lied, self.lied_at, self.told = True, self.answers, told

    def answer(self, question: str) -> str:
        self.answers += 1
        state = self.state
        if "which pile" in question:
            action = self.bot.act(state.observation(FUGITIVE))
            assert isinstance(action, Draw)
            self._apply(action)
            return str(action.pile + 1)
        if question.startswith("What came off pile"):
            if self.drawn[0].get("placeholder"):
                return "placeholder"
            if len(self.drawn) > 1 and self.drawn[1]["what"] == "event":
                return EVENT_BY_CARD[self._card(self.drawn[1])].name
            return "hideout"
        if question.startswith("Turn up the top card"):
            return EVENT_BY_CARD[self._card(self._last_event())].name
        if question.startswith("Informant"):
            parity = self._last_event()["parity"]
            if self.lie == "parity" and not self.lied:
                before = state.observation(MARSHAL)
                history = list(before.history)
                at = max(i for i, e in enumerate(history) if e["what"] == "event")
                other = "odd" if parity == "even" else "even"
                history[at] = {**history[at], "parity": other}
                self._lie(dataclasses.replace(before, history=tuple(history)))
                return other
            return parity
        if question.startswith("Dragnet"):
            before = state.observation(MARSHAL)
            action = state.sample_chance(self.rng)
            self._apply(action)
            if self.lie == "dragnet" and not self.lied:
                card = next(h.number for h in reversed(state.row) if not h.revealed)
                entry = {"what": "discard", "player": "fugitive", "card": card}
                self._lie(
                    dataclasses.replace(
                        before,
                        history=(*before.history, entry),
                        discarded=(*before.discarded, card),
                    )
                )
                return str(card)
            return str(action.card)
        if "lay" in question or "second Hideout" in question:
            action = self.bot.act(state.observation(FUGITIVE))
            before = state.observation(MARSHAL)
            self._apply(action)
            if isinstance(action, Pass):
                return "pass"
            if action.hideout == 42:
                self.escape = action.sprint
                if self.lie == "escape" and action.sprint and not self.lied:
                    self.escape = ()
                    entry = {"what": "hide", "sprints": 0, "escape": True}
                    self._lie(
                        dataclasses.replace(
                            before, history=(*before.history, entry), row=(*before.row, (42, 0, ()))
                        )
                    )
                    return "escape 0"
                return f"escape {len(action.sprint)}"
            return f"hide {len(action.sprint)}"
        if "under the 42" in question:
            return " ".join(map(str, self.escape)) or "none"
        drawn = re.match(r"The Marshal draws from pile (\d)", question)
        if drawn:
            pile = int(drawn.group(1)) - 1
            card = state.piles[pile][0]
            self._apply(Draw(pile))
            return self._name(card)
        guessed = re.search(r"Marshal guesses ([\d and]+):", question)
        if guessed:
            numbers = tuple(int(n) for n in guessed.group(1).split(" and "))
            down = {h.number: (i, h.sprint) for i, h in enumerate(state.row) if not h.revealed}
            right = all(n in down for n in numbers)
            self.turned = {n: down[n][1] for n in numbers} if right else {}
            self.places = tuple(down[n][0] for n in numbers) if right else ()
            before = state.observation(MARSHAL)
            self._apply(Guess(numbers))
            lying = self.lie == "guess" or (self.lie == "series" and len(numbers) > 1)
            if right and lying and not self.lied:
                entry = {"what": "guess", "numbers": list(numbers), "right": False, "revealed": []}
                self._lie(dataclasses.replace(before, history=(*before.history, entry)))
                return "no"
            return "yes" if right else "no"
        turned = re.match(r"Turn the (\d+) face up", question)
        if turned:
            return " ".join(map(str, self.turned[int(turned.group(1))])) or "none"
        assert question.startswith("Which cards of the row"), question
        return " and ".join(map(str, self.places))

    @staticmethod
    def _card(entry: dict) -> int:
        return next(e.card for e in EVENT_BY_CARD.values() if e.key == entry["event"])


def feasible(view) -> bool:
    """The second method: whether some completion fits the Marshal's view, by the CP-SAT
    model (and, for two face-up neighbours, which it takes as given, by their reach)."""
    from ortools.sat.python import cp_model

    try:  # at the table the 42 is never a Sprint card (docs/play.md's Choice)
        table = read_table(view)
    except Inconsistent:
        return False
    table = dataclasses.replace(table, unknown=table.unknown - {42})
    row = view.row
    for (a, _, _), (b, _, cards), slot in zip(row, row[1:], table.slots, strict=False):
        if a is None or b is None:
            continue
        if not a < b <= a + 3 + slot.bonus + sum(view.config.sprint[c] for c in cards):
            return False
    if not table.hidden:
        return True
    model, _, _ = build_model(table)
    solver = cp_model.CpSolver()
    solver.parameters.num_workers = 1
    return solver.solve(model) in (cp_model.OPTIMAL, cp_model.FEASIBLE)


class ScriptedPrompt:
    def __init__(self, person: Fugitive) -> None:
        self.person, self.refused = person, []

    def ask(self, text: str, choices) -> str:
        return self.person.answer(text.removesuffix(" > "))


def table_session(seed: int, variant: str = "none", record=None):
    options = {} if variant == "none" else {"variant": variant}
    return new_session(
        "fugitive", options, seed, "fugitive", chosen_bots("fugitive", []), record, table=True
    )


def play_in_process(seed: int, person: Fugitive, record=None, variant: str = "none"):
    """Play a table game in this process; return (session, what Quarry said)."""
    session = table_session(seed, variant, record)
    said: list[str] = []

    def write(line: str) -> None:
        said.append(line)
        person.hear(line)

    table = Table(write)
    table.prompt = ScriptedPrompt(person)
    at_table.play(session, table)
    return session, said


# --- (1) an honest Fugitive plays to the end ------------------------------------------------
@pytest.mark.parametrize("seed", [3, 8])
def test_an_honest_fugitive_is_never_refused_and_the_hypothesis_tells_his_story(seed):
    person = Fugitive(seed)
    session, said = play_in_process(seed, person)
    assert not any(line.startswith("That cannot be") for line in said), said
    assert session.over() and person.state.is_terminal()
    assert session.state.winner == person.state.winner
    # the hypothesis gives the Marshal exactly the view the real cards gave her
    mine, real = session.state.observation(MARSHAL), person.state.observation(MARSHAL)
    assert (mine.row, mine.hand, mine.history) == (real.row, real.hand, real.history)


# Games whose events bring out every question the variants ask (FEATURES names them): the
# Fugitive's and the Marshal's event draws, Placeholders, discovery events, an Informant's
# parity, a Dragnet's card (the Fugitive's discard) and a False Lead's (the Marshal's).
EVENT_GAMES = {
    ("random", 4): {"event-fugitive", "event-marshal", "informant", "discard-marshal"},
    ("random", 6): {"event-fugitive", "event-marshal", "discard-fugitive", "discard-marshal"},
    ("discovery", 3): {"discovered", "informant", "discard-fugitive", "discard-marshal"},
    ("helpful-fugitive", 5): {"event-fugitive", "event-marshal", "discard-marshal"},
    ("helpful-marshal", 6): {"event-fugitive", "event-marshal", "informant", "discard-fugitive"},
    ("catchup", 7): {"placeholder-fugitive", "placeholder-marshal", "discard-marshal"},
}


def features(history) -> set[str]:
    """Return what a game's public history holds of events (the names of EVENT_GAMES)."""
    found = set()
    for before, entry in zip(history, history[1:], strict=False):
        if entry["what"] == "event":
            if before["what"] != "draw":
                found.add("discovered")
            elif before.get("placeholder"):
                found.add(f"placeholder-{before['player']}")
            else:
                found.add(f"event-{before['player']}")
            if "parity" in entry:
                found.add("informant")
        if entry["what"] == "discard":
            found.add(f"discard-{entry['player']}")
    return found


@pytest.mark.parametrize("variant,seed", sorted(EVENT_GAMES))
def test_an_honest_fugitive_with_events_is_never_refused_and_told_every_event(variant, seed):
    person = Fugitive(seed, variant=variant)
    session, said = play_in_process(seed, person, variant=variant)
    assert not any(line.startswith("That cannot be") for line in said), said
    assert session.over() and session.state.winner == person.state.winner
    mine, real = session.state.observation(MARSHAL), person.state.observation(MARSHAL)
    assert (mine.row, mine.hand, mine.history) == (real.row, real.hand, real.history)
    assert EVENT_GAMES[variant, seed] <= features(real.history)
    # each event turned up is told in its own words, and the setup says what to shuffle in
    for entry in real.history:
        if entry["what"] == "event":
            event = EVENT_BY_CARD[Fugitive._card(entry)]
            assert any(f"{event.name}: {event.text}" in line for line in said), event.name
    assert said[1].startswith("Now ")


@pytest.mark.parametrize("variant,seed", [("none", 3), ("random", 6)])
def test_an_honest_fugitive_at_the_terminal_plays_to_the_end_and_the_record_replays(
    tmp_path, quarry, variant, seed
):
    person = Fugitive(seed, variant=variant)
    record = tmp_path / "table.json"
    more = [] if variant == "none" else ["--variant", variant]
    child = spawn(
        "fugitive",
        "--seat",
        "fugitive",
        "--table",
        "--seed",
        str(seed),
        "--record",
        str(record),
        *more,
    )
    transcript = []
    while True:
        at = child.expect([QUESTION, pexpect.EOF], timeout=300)
        transcript.append(plain(child.before))
        for line in plain(child.before).splitlines():
            person.hear(line.strip())
        if at == 1:
            break
        question = plain(child.match.group(1))
        answer = person.answer(question)
        transcript.append(f"{question} > {answer}")
        send(child, answer)
    child.close()
    text = "\n".join(transcript)
    assert child.exitstatus == 0, text
    assert "That cannot be" not in text
    assert "Game over:" in text
    assert "Lay the 0 face up" in text
    data = json.loads(record.read_text())
    assert data["result"]["winner"] == (
        "fugitive" if person.state.winner == FUGITIVE else "marshal"
    )
    replayed = quarry("replay", "fugitive", record)
    assert replayed.returncode == 0, replayed.stderr
    # Quarry's hidden game is not the person's (it never saw the cards), only its view is
    hides = [parse_action(a) for a in data["actions"] if a.startswith("hide")]
    assert len(hides) == len(person.state.row) - 1


@pytest.mark.parametrize(
    "variant,seed,stop",
    [("none", 8, "20"), ("discovery", 3, "Dragnet"), ("random", 4, "Informant")],
)
def test_a_table_game_stopped_and_resumed_from_its_record_goes_on_to_the_end(
    tmp_path, variant, seed, stop
):
    """Stopped at the 20th answer, or at the first question an event asks, and gone on with
    from the record. A draw is played (and kept) only once all it brings out is said, so an
    event's question stops the draw too: gone on with, Quarry asks for it again, and the
    person, who keeps the card drawn, says the same again (here: the person as they were
    before that draw's first question)."""
    import copy

    from generator.play.screen import Quit
    from generator.play.setup import resumed_session

    person, record = Fugitive(seed, variant=variant), tmp_path / "table.json"

    class Stopping(ScriptedPrompt):
        before_draw = None

        def ask(self, text, choices):
            if "which pile" in text or text.startswith("The Marshal draws"):
                self.before_draw = copy.deepcopy(person.__dict__)
            if person.answers == 20 if stop == "20" else text.startswith(stop):
                if stop == "Informant":  # a draw's question (a Dragnet is a step of its own)
                    person.__dict__.update(self.before_draw)
                raise Quit
            return super().ask(text, choices)

    session = table_session(seed, variant, record)
    table = Table(person.hear)
    table.prompt = Stopping(person)
    with pytest.raises(Quit):
        at_table.play(session, table)
    session = resumed_session("fugitive", record, record)
    table.prompt = ScriptedPrompt(person)
    at_table.play(session, table)
    assert session.over() and session.state.winner == person.state.winner
    mine, real = session.state.observation(MARSHAL), person.state.observation(MARSHAL)
    assert (mine.row, mine.hand, mine.history) == (real.row, real.hand, real.history)
    assert "result" in json.loads(record.read_text())


# --- (2) a lie is caught exactly where no completion fits -----------------------------------
class Refused(Exception):
    pass


class Stop(Exception):
    pass


def until_the_lie(seed: int, lie: str, variant: str = "none"):
    """Play with a Fugitive who lies once; return (what happened, the person, what Quarry
    said): "refused" (Quarry refused an answer: the person's answer count then), "accepted"
    (Quarry asked on after the lie) or "over" (the game ended)."""
    person = Fugitive(seed, lie, variant)
    said: list[str] = []

    def write(line: str) -> None:
        said.append(line)
        person.hear(line)
        if line.startswith("Answer again"):  # the refusal, shown whole
            raise Refused(person.answers)

    class Watch(ScriptedPrompt):
        def ask(self, text, choices):
            if person.lied:
                raise Stop
            return super().ask(text, choices)

    session = table_session(seed, variant)
    table = Table(write)
    table.prompt = Watch(person)
    try:
        at_table.play(session, table)
    except Refused as refused:
        return ("refused", refused.args[0]), person, said
    except Stop:
        return ("accepted", person.answers), person, said
    return ("over", person.answers), person, said


LIES = [
    ("guess", 3, "none"),
    ("series", 5, "none"),
    ("series", 7, "none"),
    ("escape", 2, "none"),
    ("escape", 5, "none"),
    ("parity", 22, "random"),
    ("parity", 1, "random"),
    ("parity", 11, "discovery"),
    ("dragnet", 2, "helpful-marshal"),
    ("dragnet", 20, "discovery"),
    ("dragnet", 13, "discovery"),
]


@pytest.mark.parametrize("lie,seed,variant", LIES)
def test_a_lie_is_refused_exactly_when_no_hidden_game_fits_it(lie, seed, variant):
    (what, at), person, said = until_the_lie(seed, lie, variant)
    assert person.lied, "the game ended before the lie"
    assert at == person.lied_at  # nothing before the lie was refused
    if what == "refused":
        assert not feasible(person.told)  # the second method finds no completion either
        assert any(line.startswith("  - turn ") for line in said)  # the facts, in words
    else:
        assert feasible(person.told)  # a completion fits the lie: it must be taken


def test_the_lies_above_hold_both_a_refused_and_a_possible_one_of_each_kind():
    outcomes: dict[str, set[str]] = {}
    for lie, seed, variant in LIES:
        outcomes.setdefault(lie, set()).add(until_the_lie(seed, lie, variant)[0][0])
    for lie in ("parity", "dragnet"):
        assert "refused" in outcomes[lie] and outcomes[lie] - {"refused"}, lie
    everything = set().union(*outcomes.values())
    assert "refused" in everything and everything - {"refused"}


# --- (3) the fact checks on a hand-built position ---------------------------------------------
def position(actions: list[str]) -> FugitiveState:
    state = FugitiveState(config=published())
    piles = (
        (4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14),
        tuple(range(15, 29)),
        tuple(range(29, 42)),
    )
    state.apply(
        parse_action(
            "deal " + " ".join(f"{i + 1}={'.'.join(map(str, p))}" for i, p in enumerate(piles))
        )
    )
    for text in actions:
        state.apply(parse_action(text))
    return state


def test_the_checks_on_a_hand_built_position():
    # he holds 1 2 3 42 4 5 6 15 16; lays the 3 (no Sprint), then the 6 (no Sprint)
    state = position(["hide 3", "hide 6", "draw 1", "draw 1", "guess 5"])
    view = state.observation(MARSHAL)
    assert view.hand == (7, 8)
    found = at_table.deduction(view)
    assert found is not None and found.possible[0] == frozenset({1, 2, 3})
    # the second Hideout, with no Sprint card, is at most 3 above the first, and not the 5
    assert found.possible[1] == frozenset({2, 3, 4, 6})
    words = at_table.facts_in_words(view)
    assert words[1] == (
        "turn 1: the Hideout after a face-down Hideout had no Sprint card, so it is 2, 3, 4 or 6"
    )

    # a "no" to a guess of 2 3 4 6 (all four values of the second) is still possible...
    def miss(numbers):
        entry = {"what": "guess", "numbers": numbers, "right": False, "revealed": []}
        return dataclasses.replace(view, history=(*view.history, entry))

    assert at_table.deduction(miss([6])) is not None
    # ...but not once the first Hideout can only be 1, 2 or 3 and each of them is named
    assert at_table.deduction(miss([1])) is not None
    narrowed = miss([1])
    narrowed = dataclasses.replace(
        narrowed, history=(*narrowed.history, *miss([2]).history[-1:], *miss([3]).history[-1:])
    )
    assert at_table.deduction(narrowed) is None
    assert not feasible(narrowed)
    # the 42 cannot follow on turn 2 with one Sprint card: the second Hideout is at most 6
    entry = {"what": "hide", "sprints": 1, "escape": True}
    escape = dataclasses.replace(
        view,
        history=(*view.history, {"what": "draw", "player": "fugitive", "pile": 1}, entry),
        row=(*view.row, (42, 1, (1,))),
    )
    assert at_table.deduction(escape) is None and not feasible(escape)
    # a card in view twice: the Marshal holds the 7, so the 42 cannot lie on it
    twice = dataclasses.replace(escape, row=(*view.row, (42, 1, (7,))))
    assert "in the Marshal's hand" in at_table.known_problem(twice)
    # the Marshal's draw of a card he laid face up is refused; of any other, taken
    turned = position(["hide 3", "hide 6", "draw 1", "draw 1", "guess 6"])
    seen = turned.observation(MARSHAL)
    assert at_table.known_problem(dataclasses.replace(seen, hand=(6, 7, 8))) is not None
    assert at_table.deduction(dataclasses.replace(seen, hand=(7, 8, 15))) is not None
    # a card discarded face up (a Dragnet's, a False Lead's) is in view like the others
    assert "in the Marshal's hand" in at_table.known_problem(
        dataclasses.replace(view, discarded=(7,))
    )
    assert at_table.known_problem(dataclasses.replace(view, discarded=(9,))) is None


# --- (4) events on a hand-built deal ------------------------------------------------------------
RANDOM_DEAL = (
    "deal 1=4.5.6.7.E101.8.E102.9.10.11.12.13.14 "
    "2=15.16.17.18.E105.19.20.21.22.E106.23.24.25.26.27.28 "
    "3=29.30.E103.31.32.33.34.35.36.37.38.39.E108.40.41"
)


def marshal_at(variant: str, deal: str, actions: list[str]):
    """Return Quarry's Marshal at the table after `deal` and `actions`, and what it said."""
    session = table_session(1, variant)
    session.play(session.state.parse_action(deal) if deal else session.chance_action())
    for text in actions:
        session.play(session.state.parse_action(text))
    said: list[str] = []
    return at_table._MarshalAtTable(session, Table(said.append)), said


def test_an_event_drawn_is_brought_to_the_top_of_its_pile_keeping_the_deal_one_the_variant_deals():
    from generator.errors import QuarryError
    from generator.games.fugitive.rules import _deal_problem
    from generator.play.table import Contradiction

    # he lays the 3 and passes; the Marshal draws the 29 and the 30 and misses with 1
    marshal, said = marshal_at(
        "random", RANDOM_DEAL, ["hide 3", "pass", "draw 3", "draw 3", "guess 1"]
    )
    state = marshal.session.state
    assert state.steps[0].kind == "draw" and state.steps[0].player == FUGITIVE
    # the Fast Horse lies in pile 3 here; he says it came off pile 1: it is swapped in for
    # one of pile 1's undrawn events, and the past stays as it was
    before = state.observation(MARSHAL).history
    fast_horse = marshal.read_kind(0, "Fast Horse")
    marshal.draw(0, fast_horse, FUGITIVE)
    state = marshal.session.state
    assert state.history[: len(before)] == list(before)
    assert state.history[len(before) :] == [
        {"what": "draw", "player": "fugitive", "pile": 1},
        {"what": "event", "event": "fast-horse", "drawer": "fugitive"},
    ]
    assert state.bonus_reach == 2 and said[-1].startswith("You draw Fast Horse: ")
    deal = parse_action(marshal.session.actions[0])
    assert _deal_problem(state.config, deal) is None
    assert [sum(c > 42 for c in pile) for pile in deal.piles] == [2, 2, 2]
    assert 103 in deal.piles[0] and 103 not in deal.piles[2]
    # an event left out of play (the Windfall) can come off a pile that still holds one
    marshal.draw(1, marshal.read_kind(1, "windfall"), FUGITIVE)
    deal = parse_action(marshal.session.actions[0])
    assert _deal_problem(marshal.session.state.config, deal) is None
    assert 109 in deal.piles[1]
    assert marshal.session.state.history[-1]["event"] == "windfall"
    # the Fast Horse again is refused with what was turned up; a word that is no card too
    with pytest.raises(Contradiction, match="Fast Horse"):
        marshal.read_kind(2, "fast-horse")
    with pytest.raises(QuarryError, match="neither a Hideout nor an event"):
        marshal.read_kind(2, "a rabbit")


class Answers:
    """A prompt that gives these answers in turn."""

    def __init__(self, *answers: str) -> None:
        self.answers = list(answers)

    def ask(self, text, choices) -> str:
        return self.answers.pop(0)


def test_a_dragnet_card_in_view_is_refused_and_one_he_can_hold_is_discarded():
    marshal, said = marshal_at(
        "random", RANDOM_DEAL, ["hide 3", "pass", "draw 3", "draw 3", "guess 1"]
    )
    marshal.draw(0, marshal.read_kind(0, "dragnet"), FUGITIVE)
    state = marshal.session.state
    assert state.steps[0].kind == "discard" and state.steps[0].victim == FUGITIVE
    # the 29 is in the Marshal's hand and the 42 never goes; the 2 he may well hold
    marshal.table.prompt = Answers("29", "42", "2")
    marshal.discard()
    assert any(line.startswith("That cannot be: the 29") for line in said)
    assert any("the 42 is never discarded" in line for line in said)
    state = marshal.session.state
    assert state.history[-1] == {"what": "discard", "player": "fugitive", "card": 2}
    assert 2 not in state.hands[FUGITIVE] and state.steps[0].kind == "draw"


def test_a_helpful_variant_takes_only_its_own_events_and_catchup_only_placeholders():
    from generator.errors import QuarryError

    marshal, _ = marshal_at("helpful-fugitive", "", [])
    with pytest.raises(QuarryError, match="not in this deck's piles"):
        marshal.read_kind(0, "Informant")  # binoculars: the Marshal's icon
    assert marshal.read_kind(0, "Safe House") == 101
    catchup, _ = marshal_at("catchup", "", [])
    with pytest.raises(QuarryError, match="puts no events into the piles"):
        catchup.read_kind(0, "Safe House")
    assert catchup.read_kind(0, "placeholder") == catchup.read_kind(0, "P203") == "placeholder"
    with pytest.raises(QuarryError, match="keep your card's number to yourself"):
        catchup.read_kind(0, "7")


def test_quarry_as_the_fugitive_is_refused_in_one_line():
    from generator.errors import QuarryError

    session = new_session(
        "fugitive", {}, 1, "marshal", chosen_bots("fugitive", []), None, table=True
    )
    assert not at_table.hides(session)
    with pytest.raises(QuarryError, match="Fugitive at the table is played with you as"):
        at_table.play(session, Table(print))
    assert at_table.refusal(table_session(1, "random")) is None
