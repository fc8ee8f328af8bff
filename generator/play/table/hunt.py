"""The Hunt at the table with Quarry as the Knight: the person draws a route map on paper
and answers the Knight's questions; Quarry never sees the map.

What the Knight learns is what the rules make the Dragon say: whether he is in Town at the
start of each turn, Walk or Fly, whether a search found him (and where, with the Militia),
where he stood when the Tracker is called, and the arrows the Wizard is shown. Each answer
is a fact; a fact list is possible when some legal route map gives every answer in it.
`possible_maps` checks that directly over all 82,944 maps (800,000 with loops) with numpy,
apart from the belief the Knight bot keeps, so the check is a second method beside the
bot's. An impossible answer is shown with a smallest set of earlier answers that rules it out
(found by dropping, one at a time, every earlier answer that is not needed).

In a designed hunt (`--design`) the person draws one of the design's maps, so only those
maps are possible: the check and the hypothesis keep to them (the Knight bot's own belief
does not know them, as the rules keep them from the Knight).

Quarry as the Dragon hides its map from the person and the person hides nothing, so that
game is played open (table/__init__.py).
"""

from __future__ import annotations

from dataclasses import dataclass

import numpy as np

from generator.errors import QuarryError
from generator.games.hunt.maps import LAIR, LOCATIONS, TOWN, location, map_at, map_table
from generator.games.hunt.rules import DRAGON, ENCOUNTERS_TO_VANQUISH, KNIGHT, ChooseMap, Move
from generator.play.presenters.hunt import designed_lines
from generator.play.table import Contradiction, Table, yes_no

PLACES = list(LOCATIONS)


@dataclass(frozen=True)
class Fact:
    """One thing the Dragon said: on `turn`, `kind` (town, tracker, wizard, move, search)
    with its `value`."""

    turn: int
    kind: str
    value: object

    def words(self) -> str:
        t = f"turn {self.turn}"
        if self.kind == "town":
            return f"{t}: {'in Town' if self.value else 'not in Town'} at the start"
        if self.kind == "tracker":
            return f"{t}: the Tracker found the Dragon at {PLACES[self.value].capitalize()}"
        if self.kind == "wizard":
            (a, b), arrows = self.value
            shown = ", ".join(f"{PLACES[s]}>{PLACES[e]}" for s, e in arrows) or "no arrow"
            return f"{t}: the Wizard showed {shown} between {PLACES[a]} and {PLACES[b]}"
        if self.kind == "move":
            if self.value is None:  # a move that is not needed to show a contradiction
                return ""
            return f"{t}: the Dragon said {'fly' if self.value else 'walk'}"
        places, found = self.value
        names = " and ".join(PLACES[p].capitalize() for p in places)
        if found is None:
            return f"{t}: no encounter at {names}"
        return f"{t}: an encounter at {PLACES[found].capitalize()} (searched {names})"


def possible_maps(facts: list[Fact], loops: bool, allowed: np.ndarray | None = None) -> np.ndarray:
    """Return a mask over map_table(loops): True for each map that gives every fact (and is
    in the mask `allowed`, when given: a design's maps)."""
    walk, fly = map_table(loops)
    if any(f.kind == "move" and f.value is None for f in facts):
        return _possible_with_unknown_moves(facts, walk, fly, allowed)
    rows = np.arange(len(walk))
    place = np.full(len(walk), TOWN, dtype=np.int8)
    ok = np.ones(len(walk), dtype=bool) if allowed is None else allowed.copy()
    for fact in facts:
        if fact.kind == "town":
            ok &= (place == TOWN) == fact.value
        elif fact.kind == "tracker":
            ok &= place == fact.value
        elif fact.kind == "wizard":
            (a, b), arrows = fact.value
            ok &= _wizard_code(walk, fly, a, b) == _code(arrows, a)
        elif fact.kind == "move":
            if not fact.value:
                ok &= place != LAIR
            place = (fly if fact.value else walk)[rows, place]  # -1 from the Lair: ruled out
        else:
            places, found = fact.value
            if found is None:
                ok &= ~np.isin(place, places)
            else:
                ok &= place == found
    return ok


def _possible_with_unknown_moves(facts, walk, fly, allowed) -> np.ndarray:
    """possible_maps when some moves are unknown (value None: walk or fly): each map keeps
    the set of places the Dragon may be in (a bit each) instead of one place."""
    bit = [np.uint8(1 << p) for p in range(len(PLACES))]
    places = np.full(len(walk), bit[TOWN], dtype=np.uint8)
    ok = np.ones(len(walk), dtype=bool) if allowed is None else allowed.copy()

    def step(table: np.ndarray, where: np.ndarray) -> np.ndarray:
        out = np.zeros_like(where)
        for p in range(len(PLACES)):
            dest = table[:, p]
            on = ((where >> p) & 1).astype(bool) & (dest >= 0)
            out[on] |= np.uint8(1) << dest[on].astype(np.uint8)
        return out

    for fact in facts:
        if fact.kind == "town":
            places &= bit[TOWN] if fact.value else ~bit[TOWN]
        elif fact.kind == "tracker":
            places &= bit[fact.value]
        elif fact.kind == "wizard":
            (a, b), arrows = fact.value
            ok &= _wizard_code(walk, fly, a, b) == _code(arrows, a)
        elif fact.kind == "move":
            moved = np.zeros_like(places)
            if fact.value in (None, False):
                moved |= step(walk, places)
            if fact.value in (None, True):
                moved |= step(fly, places)
            places = moved
        else:
            searched, found = fact.value
            if found is None:
                for p in searched:
                    places &= ~bit[p]
            else:
                places &= bit[found]
    return ok & (places != 0)


def _code(arrows, a: int) -> int:
    forward = sum(1 for s, _ in arrows if s == a)
    return forward * 3 + len(arrows) - forward


def _wizard_code(walk: np.ndarray, fly: np.ndarray, a: int, b: int) -> np.ndarray:
    """Return, for every map, the code of the Wizard's answer for places a and b: 3 x the
    arrows a>b plus the arrows b>a (loops never join two places)."""
    forward = (walk[:, a] == b).astype(np.int8) + (fly[:, a] == b)
    backward = (walk[:, b] == a).astype(np.int8) + (fly[:, b] == a)
    return forward * 3 + backward


def designed_mask(maps, loops: bool) -> np.ndarray | None:
    """Return the mask over map_table(loops) of a design's maps (None: no design)."""
    if not maps:
        return None
    from generator.games.hunt.maps import map_index

    mask = np.zeros(len(map_table(loops)[0]), dtype=bool)
    mask[[map_index(route_map, loops) for route_map in maps]] = True
    return mask


def needed_facts(
    facts: list[Fact], new: Fact, loops: bool, allowed: np.ndarray | None = None
) -> list[Fact]:
    """Return a smallest set (by dropping, one at a time) of `facts` that with `new` no map
    (of `allowed`, when given) gives. A move cannot be dropped, since it says how many
    steps the Dragon took, so a move that is not needed is made unknown (walk or fly,
    value None, which says nothing in words)."""
    kept = list(facts)
    for fact in facts:
        unknown = Fact(fact.turn, "move", None) if fact.kind == "move" else None
        trial = [unknown if f is fact else f for f in kept]
        trial = [f for f in trial if f is not None]
        if not possible_maps([*trial, new], loops, allowed).any():
            kept = trial
    return kept


def hides(session) -> bool:
    """The person keeps a secret from Quarry only as the Dragon."""
    return min(session.people) == DRAGON


class _KnightAtTable:
    def __init__(self, session, table: Table) -> None:
        self.session, self.table = session, table
        self.loops = bool(session.state.loops)
        self.maps = session.state.maps  # a design's maps, or none
        self.allowed = designed_mask(self.maps, self.loops)
        self.facts: list[Fact] = []

    # --- facts and the hypothesis -----------------------------------------------------------

    def add(self, fact: Fact, answer: str) -> None:
        """Take `fact` when some map gives it with every earlier one (Contradiction if not),
        and draw the hypothesis map again when the one in play does not give it."""
        ok = possible_maps([*self.facts, fact], self.loops, self.allowed)
        if not ok.any():
            needed = needed_facts(self.facts, fact, self.loops, self.allowed)
            words = [f.words() for f in needed if f.words()]
            words = words or ["the Dragon begins the hunt in Town"]
            if self.maps:
                words.append(f"your map is one of the design's {len(self.maps)} route maps")
            raise Contradiction(answer, words)
        self.facts.append(fact)
        state = self.session.state
        index = _index_of(state.route_map, self.loops)
        if not ok[index]:
            self.rehypothesize(int(np.flatnonzero(ok)[0]))

    def rehypothesize(self, index: int) -> None:
        """Play the game again from its start with the map at `index` (the same public
        game, since that map gives every fact)."""
        session = self.session
        chosen = session.state.format_action(ChooseMap(map_at(index, self.loops)))
        actions = [chosen, *session.actions[1:]]
        state = session.entry.state_from_header(session.header)
        for text in actions:
            state.apply(state.parse_action(text))
        session.state, session.actions = state, actions
        session.save()

    # --- the hunt ----------------------------------------------------------------------------

    def play(self) -> None:
        session, table = self.session, self.table
        state = session.state
        if state.phase == "map" and self.maps:
            table.say(
                f"Choose one of the design's {len(self.maps)} route maps in secret and draw "
                "it on the Dragon's map sheet: Quarry never asks which. Keep the Dragon in "
                "Town to begin.",
                *designed_lines(self.maps),
            )
            session.play(ChooseMap(self.maps[0]))
        elif state.phase == "map":
            table.say(
                "Draw your route map in secret on the Dragon's map sheet: Quarry never "
                "sees it. Keep the Dragon in Town to begin."
            )
            session.play(ChooseMap(map_at(0, self.loops)))
        else:
            self.facts = facts_of(session.state)
        while not session.over():
            state = session.state
            turn = state.turn
            if state.phase == "aide":
                self.knight_moves()
                continue
            if state.phase == "move":
                if not any(f.turn == turn and f.kind == "town" for f in self.facts):
                    self.ask_town(turn)
                self.ask_move(turn)
                continue
            self.knight_moves()

    def ask_town(self, turn: int) -> None:
        def read(text: str) -> None:
            value = yes_no(text)
            self.add(Fact(turn, "town", value), f"{'in' if value else 'not in'} Town now")

        self.table.ask(f"Turn {turn}: are you in Town?", read, ["yes", "no"], "yes or no")

    def ask_move(self, turn: int) -> None:
        def read(text: str) -> bool:
            word = text.strip().lower()
            if word not in ("walk", "fly"):
                raise QuarryError(f"{text!r} is not walk or fly")
            fly = word == "fly"
            self.add(Fact(turn, "move", fly), f"you {word} now")
            return fly

        fly = self.table.ask("Walk or fly?", read, ["walk", "fly"], "walk or fly")
        self.session.play(Move(fly))  # where that takes the Dragon is the person's secret

    def knight_moves(self) -> None:
        session, table = self.session, self.table
        state = session.state
        action = session.bot_action()
        text = state.format_action(action)
        words = text.split()
        turn = state.turn
        if words[0] == "aide":
            self.aide(turn, words[1:])
        else:
            places = tuple(location(w) for w in words[1:])
            names = " and ".join(PLACES[p].capitalize() for p in places)
            table.say(f"The Knight searches {names}.")
            self.ask_search(turn, places)
        session.play(action)

    def aide(self, turn: int, words: list[str]) -> None:
        table = self.table
        if words[0] == "none":
            table.say("The Knight calls no aide this turn.")
        elif words[0] == "militia":
            table.say("The Knight calls the Militia (a point to you): two searches this turn.")
        elif words[0] == "tracker":
            table.say("The Knight calls the Tracker (a point to you).")

            def read(text: str) -> None:
                place = _place(text)
                self.add(Fact(turn, "tracker", place), f"you are at {PLACES[place]} now")

            table.ask("Where are you now?", read, PLACES, "town, hills, woods, sea or lair")
        else:
            a, b = sorted(location(w) for w in words[1:])
            table.say(
                f"The Knight calls the Wizard (a point to you) on {PLACES[a].capitalize()}"
                f" and {PLACES[b].capitalize()}."
            )

            def read(text: str) -> None:
                arrows = _arrows(text, a, b)
                self.add(Fact(turn, "wizard", ((a, b), arrows)), f"the arrows {text.strip()}")

            table.ask(
                f"Which arrows join {PLACES[a]} and {PLACES[b]}?",
                read,
                [f"{PLACES[a]}>{PLACES[b]}", f"{PLACES[b]}>{PLACES[a]}", "none"],
                f"the arrows, each written from>to, e.g. {PLACES[a]}>{PLACES[b]} "
                f"{PLACES[b]}>{PLACES[a]}, or none",
            )

    def ask_search(self, turn: int, places: tuple[int, ...]) -> None:
        if len(places) == 1:

            def read(text: str) -> None:
                found = places[0] if yes_no(text) else None
                said = "an encounter" if found is not None else "no encounter"
                self.add(Fact(turn, "search", (places, found)), said)

            self.table.ask("Is the Dragon there?", read, ["yes", "no"], "yes or no")
            self.tell_encounters()
            return
        names = [PLACES[p] for p in places]

        def read_two(text: str) -> None:
            word = text.strip().lower()
            if word not in (*names, "no"):
                raise QuarryError(f"{text!r} is neither {names[0]}, {names[1]} nor no")
            found = None if word == "no" else location(word)
            said = f"an encounter at {word}" if found is not None else "no encounter"
            self.add(Fact(turn, "search", (places, found)), said)

        self.table.ask(
            f"Is the Dragon at {names[0]} or {names[1]}?",
            read_two,
            [*names, "no"],
            f"{names[0]}, {names[1]} or no",
        )
        self.tell_encounters()

    def tell_encounters(self) -> None:
        """Say the run of encounters the last search answer makes, when it found him."""
        run = 0
        for fact in reversed([f for f in self.facts if f.kind == "search"]):
            if fact.value[1] is None:
                break
            run += 1
        if run:
            turns = "turn" if run == 1 else f"{run} turns in a row"
            self.table.say(
                f"An encounter: the Knight has found the Dragon on {turns} "
                f"({ENCOUNTERS_TO_VANQUISH} in a row vanquish him)."
            )


def facts_of(state) -> list[Fact]:
    """Return the facts a hunt's public log holds (a resumed game's)."""
    facts = []
    for record in state.log:
        turn = record.turn
        if record.aide == "tracker":
            facts.append(Fact(turn, "tracker", record.revealed))
        if record.aide == "wizard":
            facts.append(Fact(turn, "wizard", (record.wizard_between, tuple(record.wizard))))
        if record.move is not None:
            facts.append(Fact(turn, "town", record.town))
            facts.append(Fact(turn, "move", record.move == "fly"))
        if record.encounter is not None:
            found = (
                (
                    record.revealed
                    if record.aide == "militia" and len(record.search) == 2
                    else record.search[0]
                )
                if record.encounter
                else None
            )
            facts.append(Fact(turn, "search", (tuple(record.search), found)))
    return facts


def _index_of(route_map, loops: bool) -> int:
    from generator.games.hunt.maps import map_index

    return map_index(route_map, loops)


def _place(text: str) -> int:
    try:
        return location(text.strip())
    except ValueError:
        raise QuarryError(f"{text!r} is not a place") from None


def _arrows(text: str, a: int, b: int) -> tuple[tuple[int, int], ...]:
    if text.strip().lower() == "none":
        return ()
    arrows = []
    for word in text.replace(",", " ").split():
        start, _, end = word.partition(">")
        try:
            arrow = (location(start), location(end))
        except ValueError:
            raise QuarryError(f"{word!r} is not an arrow written from>to") from None
        if set(arrow) != {a, b}:
            raise QuarryError(f"{word!r} does not join {PLACES[a]} and {PLACES[b]}")
        arrows.append(arrow)
    if len(arrows) > 4:
        raise QuarryError("two places are joined by four arrows at most")
    return tuple(sorted(arrows))


def play(session, table: Table) -> None:
    """Play the hunt at the table, Quarry as the Knight."""
    if min(session.people) != DRAGON or KNIGHT in session.people:
        raise QuarryError("the Hunt's table game with a hidden map is the Dragon's")
    _KnightAtTable(session, table).play()
