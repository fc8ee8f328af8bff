"""The Hunt at the table through the real terminal program: the person is the Dragon with a
route map Quarry never sees, played by a script that answers the Knight's questions from
its own map; a Dragon who lies is caught at the answer after which no map fits, as the
Knight bot's own belief (a second method, hunt/belief.py) finds it too."""

from __future__ import annotations

import json
import re

import pexpect
import pytest

from generator.games.hunt.belief import PublicBelief
from generator.games.hunt.maps import LAIR, LOCATIONS, TOWN, location, map_at
from generator.play.table.hunt import Fact, needed_facts, possible_maps
from tests.play.test_play_command import FRESH, plain, send, spawn

QUESTION = re.compile(
    r"(Turn \d+: are you in Town\?|Walk or fly\?|Is the Dragon there\?"
    r"|Is the Dragon at \w+ or \w+\?|Where are you now\?|Which arrows join \w+ and \w+\?) " + FRESH
)
SEARCH = re.compile(r"The Knight searches (\w+)(?: and (\w+))?\.")
WIZARD = re.compile(r"calls the Wizard .* on (\w+) and (\w+)\.")


class Dragon:
    """A person at the table with a route map, who answers as the rules oblige; `lie_at`
    (a question's number, from 1) gives the opposite of the true yes/no answer there and
    then keeps to the story: the true answers again, but told of a Dragon who was not
    where the map put him."""

    def __init__(self, route_map, lie_at: int | None = None) -> None:
        self.map, self.place = route_map, TOWN
        self.lie_at, self.asked = lie_at, 0
        self.log: list[dict] = []  # the public log as told, for the belief
        self.searched: tuple[int, ...] = ()
        self.caught_at: int | None = None

    def answer(self, question: str, said: str) -> str:
        self.asked += 1
        found = SEARCH.search(said)
        if found:
            self.searched = tuple(location(p) for p in found.groups() if p)
        if question.startswith("Turn"):
            self.log.append({"turn": len(self.log) + 1, "aide": "none", "search": []})
            return self._told("town", self.place == TOWN)
        if question == "Walk or fly?":
            fly = self.place == LAIR or self.map.walk[self.place] == self.place
            self.place = self.map.step(self.place, fly)
            self.log[-1]["move"] = "fly" if fly else "walk"
            return "fly" if fly else "walk"
        if question.startswith("Is the Dragon"):
            self.log[-1]["search"] = [LOCATIONS[p] for p in self.searched]
            hit = self.place in self.searched
            if len(self.searched) == 2:
                self.log[-1]["aide"] = "militia"
                self.log[-1]["encounter"] = hit
                if hit:
                    self.log[-1]["revealed"] = LOCATIONS[self.place]
                return LOCATIONS[self.place] if hit else "no"
            return self._told("encounter", hit)
        if question == "Where are you now?":
            self.log[-1]["aide"], self.log[-1]["revealed"] = "tracker", LOCATIONS[self.place]
            return LOCATIONS[self.place]
        a, b = (location(p) for p in WIZARD.search(said).groups())
        arrows = self.map.arrows_between(a, b)
        self.log[-1]["aide"] = "wizard"
        self.log[-1]["wizard"] = [[LOCATIONS[s], LOCATIONS[e]] for s, e in arrows]
        self.log[-1]["wizard_between"] = [LOCATIONS[a], LOCATIONS[b]]
        return " ".join(f"{LOCATIONS[s]}>{LOCATIONS[e]}" for s, e in arrows) or "none"

    def _told(self, field: str, truth: bool) -> str:
        told = not truth if self.asked == self.lie_at else truth
        self.log[-1][field] = told
        return "yes" if told else "no"

    def correct(self) -> str:
        """Answer the last question again, the other way (the story before it fits some
        map, which answers it one way or the other)."""
        entry = self.log[-1]
        field = "encounter" if "encounter" in entry else "town"
        entry[field] = not entry[field]
        return "yes" if entry[field] else "no"


def belief_allows(log: list[dict]) -> bool:
    belief = PublicBelief(False)
    try:
        belief.observe(log)
    except ValueError:
        return False
    return belief.size() > 0


def play_as_dragon(dragon: Dragon, record, seed: int = 2):
    """Play a whole hunt at the table; return (the program's last words, the numbers of the
    questions it refused)."""
    child = spawn(
        "hunt", "--seat", "dragon", "--table", "--seed", str(seed), "--record", str(record)
    )
    refused = []
    dragon.heard = []  # (the question, the answer, what the program said next)
    while True:
        index = child.expect([QUESTION, pexpect.EOF])
        said = plain(child.before)
        if dragon.heard:
            dragon.heard[-1] += (said,)
        if index == 1:
            break
        if "That cannot be" in said:
            refused.append(dragon.asked)
            assert not belief_allows(dragon.log), said
            send(child, dragon.correct())
            continue
        answer = dragon.answer(child.match.group(1), said)
        dragon.heard.append((child.match.group(1), answer))
        send(child, answer)
    child.close()
    return plain(child.before), refused, child.exitstatus


@pytest.mark.parametrize("index", [5, 40_000])
def test_an_honest_dragon_plays_a_whole_hunt_and_its_record_replays(index, tmp_path, quarry):
    record = tmp_path / "hunt.json"
    dragon = Dragon(map_at(index, False))
    tail, refused, status = play_as_dragon(dragon, record)
    assert status == 0, tail
    assert refused == []
    # a search that finds the Dragon is told as an encounter, with the run it makes
    searches = [(a, after) for q, a, after in dragon.heard if q.startswith("Is the Dragon")]
    assert searches and all(
        ("An encounter: the Knight has found the Dragon" in after) == (a != "no")
        for a, after in searches
    )
    assert "Game over:" in tail
    assert quarry("replay", "hunt", record).returncode == 0
    data = json.loads(record.read_text())
    assert data["header"]["players"]["dragon"] == "person at the table"


@pytest.mark.parametrize("lie_at", [1, 3, 4, 7])
def test_a_lying_dragon_is_caught_where_the_lie_becomes_impossible(lie_at, tmp_path):
    dragon = Dragon(map_at(12_345, False), lie_at=lie_at)
    tail, refused, status = play_as_dragon(dragon, tmp_path / "hunt.json")
    assert status == 0, tail
    # caught once, at the first answer after which the belief finds no map either (the
    # assertion in play_as_dragon), and never before: every answer taken still fit a map
    assert len(refused) == 1 and refused[0] >= lie_at


def test_the_facts_shown_with_a_contradiction_are_a_smallest_set_that_rules_it_out():
    facts = [
        Fact(1, "town", True),
        Fact(1, "move", False),
        Fact(1, "search", ((1,), None)),
        Fact(2, "town", False),
        Fact(2, "move", False),
        Fact(2, "search", ((3,), 3)),
    ]
    new = Fact(3, "town", True)
    assert possible_maps(facts, False).any()
    needed = needed_facts(facts, new, False)
    assert not possible_maps([*needed, new], False).any()
    for fact in needed:
        if fact.kind != "move":
            fewer = [f for f in needed if f is not fact]
            assert possible_maps([*fewer, new], False).any()


@pytest.mark.parametrize("loops", [False, True])
def test_places_as_sets_agree_with_one_place_a_map_when_every_move_is_known(loops):
    """possible_maps follows one place a map; with an unknown move it keeps a set of places
    instead (_possible_with_unknown_moves). On facts with every move known, both say the
    same of every map."""
    import random

    from generator.games.hunt.maps import map_table
    from generator.play.table.hunt import _possible_with_unknown_moves

    rng = random.Random(7)
    walk, fly = map_table(loops)
    for _ in range(12):
        facts = []
        for turn in range(1, rng.randint(2, 6)):
            if rng.random() < 0.6:
                facts.append(Fact(turn, "town", rng.random() < 0.4))
            facts.append(Fact(turn, "move", rng.random() < 0.5))
            searched = tuple(rng.sample(range(5), rng.randint(1, 2)))
            found = rng.choice([None, None, searched[0]])
            facts.append(Fact(turn, "search", (searched, found)))
        one = possible_maps(facts, loops)
        assert (one == _possible_with_unknown_moves(facts, walk, fly, None)).all()


def test_a_contradiction_names_only_the_moves_it_needs():
    """Three flights, then a walk from Town: without loops no arrow leads from Town back
    to Town, so "in Town at the start of turn 5" is ruled out by "in Town at the start of
    turn 4" alone, whatever the moves were; the earlier moves and searches are not shown."""
    facts = []
    for turn, town, fly in ((1, True, True), (2, False, True), (3, False, True), (4, True, False)):
        facts += [Fact(turn, "town", town), Fact(turn, "move", fly)]
        facts.append(Fact(turn, "search", ((1,), None)))
    new = Fact(5, "town", True)
    needed = needed_facts(facts, new, False)
    assert not possible_maps([*needed, new], False).any()
    assert [f.words() for f in needed if f.words()] == ["turn 4: in Town at the start"]
