"""The Hunt: rules of one hunt (a round), its actions and their notation, and the observers.
A match (two hunts, roles swapped) is in match.py; reading record headers in records.py.

Player 0 is the Dragon, player 1 the Knight. A hunt: the Dragon chooses a route map in
secret; then each turn (1) on turns 3, 9 and 15 the Knight may call one unused aide,
(2) the Dragon says whether he is in Town (a point if he is), (3) he says Walk or Fly and
moves along that arrow, (4) the Knight searches (two places with the Militia) and learns
whether he encountered the Dragon. Three encounters in a row vanquish him. After turn 15
the hunt ends, unless the Knight encountered the Dragon on the last turn played.

The option `maps` (a designed hunt, `quarry play hunt --design`) lists the route maps the
Dragon may choose from; without it he may draw any legal map. The Knight is not told them.
"""

from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from itertools import combinations

from generator.engine.actions import IndexedActions
from generator.engine.game import TERMINAL, GameState, IllegalAction
from generator.games.hunt.maps import LAIR, LOCATIONS, TOWN, RouteMap, location, map_at, map_count

DRAGON, KNIGHT = 0, 1
ROLES = ("dragon", "knight")
AIDE_TURNS = (3, 9, 15)
AIDES = ("tracker", "militia", "wizard")
LAST_TURN = 15
ENCOUNTERS_TO_VANQUISH = 3
ESCAPE_BONUS = 5
RULES_VERSION = 1
PAIRS = tuple(combinations(range(5), 2))


@dataclass(frozen=True)
class ChooseMap:
    route_map: RouteMap


@dataclass(frozen=True)
class CallAide:
    aide: str | None  # None: no aide this turn
    wizard_pair: tuple[int, int] | None = None


@dataclass(frozen=True)
class Move:
    fly: bool


@dataclass(frozen=True)
class Search:
    places: tuple[int, ...]  # one, or two (sorted) with the Militia


Action = ChooseMap | CallAide | Move | Search


@dataclass
class TurnRecord:
    """What both players know of one turn (the record fields of docs/formats.md)."""

    turn: int
    town: bool
    aide: str = "none"
    move: str | None = None
    search: tuple[int, ...] = ()
    encounter: bool | None = None
    revealed: int | None = None
    wizard: tuple[tuple[int, int], ...] | None = None
    wizard_between: tuple[int, int] | None = None  # the two places the Knight named

    def to_json(self) -> dict:
        """Return the turn as JSON with spelled locations."""
        data: dict = {
            "turn": self.turn,
            "aide": self.aide,
            "town": self.town,
            "move": self.move,
            "search": [LOCATIONS[p] for p in self.search],
            "encounter": self.encounter,
        }
        if self.revealed is not None:
            data["revealed"] = LOCATIONS[self.revealed]
        if self.wizard is not None:
            data["wizard"] = [[LOCATIONS[a], LOCATIONS[b]] for a, b in self.wizard]
        if self.wizard_between is not None:
            data["wizard_between"] = [LOCATIONS[p] for p in self.wizard_between]
        return data


@dataclass(frozen=True)
class KnightView:
    """Everything the Knight may know: the options, the turn, the public log, aides left."""

    loops: bool
    turn: int
    phase: str
    log: tuple[dict, ...]
    aides_left: tuple[str, ...]
    militia_now: bool


@dataclass(frozen=True)
class DragonView:
    """The Dragon knows all: his map and place, the designed maps he may choose from (none:
    any legal map), and everything the Knight knows."""

    public: KnightView
    route_map: RouteMap | None
    place: int
    maps: tuple[RouteMap, ...] = ()


@dataclass
class HuntState(GameState):
    """One hunt in progress. Phases: map, aide, move, search, over. `maps`: the designed
    route maps the Dragon must choose from (empty: any legal map)."""

    loops: bool = False
    maps: tuple[RouteMap, ...] = ()
    route_map: RouteMap | None = None
    place: int = TOWN
    turn: int = 0
    phase: str = "map"
    aides_used: list[str] = field(default_factory=list)
    militia_now: bool = False
    in_a_row: int = 0
    vanquished: bool = False
    town_points: int = 0
    log: list[TurnRecord] = field(default_factory=list)

    # --- protocol -----------------------------------------------------------------------
    def current_player(self) -> int:
        return {"map": DRAGON, "move": DRAGON, "aide": KNIGHT, "search": KNIGHT}.get(
            self.phase, TERMINAL
        )

    def is_terminal(self) -> bool:
        return self.phase == "over"

    def dragon_score(self) -> int:
        """Return the Dragon's points so far: Town turns, aides called, 5 for escaping."""
        escaped = self.phase == "over" and not self.vanquished
        return self.town_points + len(self.aides_used) + (ESCAPE_BONUS if escaped else 0)

    def returns(self) -> list[float]:
        score = float(self.dragon_score())
        return [score, -score]

    def aides_left(self) -> tuple[str, ...]:
        """Return the aides the Knight has not called yet."""
        return tuple(a for a in AIDES if a not in self.aides_used)

    def legal_actions(self) -> Sequence:
        """Return the legal actions: a list, or at the map step every legal route map by its
        index (map_table's order), decoded only when asked for (engine/actions.py); in a
        designed hunt, the designed maps in their order."""
        if self.phase == "map":
            if self.maps:
                return [ChooseMap(route_map) for route_map in self.maps]
            return route_map_choices(self.loops)
        if self.phase == "aide":
            actions: list = [CallAide(None)]
            for aide in self.aides_left():
                if aide == "wizard":
                    actions += [CallAide("wizard", pair) for pair in PAIRS]
                else:
                    actions.append(CallAide(aide))
            return actions
        if self.phase == "move":
            return [Move(True)] if self.place == LAIR else [Move(False), Move(True)]
        if self.phase == "search":
            if self.militia_now:
                return [Search(pair) for pair in PAIRS]
            return [Search((p,)) for p in range(5)]
        return []

    def apply(self, action) -> None:
        reason = self._illegal(action)
        if reason:
            raise IllegalAction(reason)
        if isinstance(action, ChooseMap):
            self.route_map = action.route_map
            self._start_turn(1)
        elif isinstance(action, CallAide):
            self._call_aide(action)
        elif isinstance(action, Move):
            self.place = self.route_map.step(self.place, action.fly)
            self.log[-1].move = "fly" if action.fly else "walk"
            self.phase = "search"
        else:
            self._search(action)

    def _illegal(self, action) -> str | None:
        """Return why `action` is illegal now, or None."""
        expected = {"map": ChooseMap, "aide": CallAide, "move": Move, "search": Search}
        if self.phase == "over":
            return "the hunt is over"
        if not isinstance(action, expected[self.phase]):
            wanted = {
                "map": "a route map",
                "aide": "an aide (or none)",
                "move": "walk or fly",
                "search": "a search",
            }[self.phase]
            return f"expected {wanted}"
        if isinstance(action, ChooseMap):
            problem = action.route_map.problem(self.loops)
            if problem is None and self.maps and action.route_map not in self.maps:
                return f"the Dragon must choose one of the {len(self.maps)} designed maps"
            return problem
        if isinstance(action, CallAide):
            if action.aide is None:
                return None
            if action.aide not in AIDES:
                return f"no aide called {action.aide!r}"
            if action.aide in self.aides_used:
                return f"the {action.aide} has already helped in this hunt"
            if action.aide == "wizard" and action.wizard_pair not in PAIRS:
                return "the Wizard needs two different locations"
            return None
        if isinstance(action, Move):
            if not action.fly and self.place == LAIR:
                return "the Dragon is in the Lair, which has no Walk arrow: he must fly"
            return None
        wanted = 2 if self.militia_now else 1
        if len(action.places) != wanted or len(set(action.places)) != wanted:
            return f"this search must name {wanted} different location(s)"
        if not all(0 <= p < 5 for p in action.places):
            return "unknown location"
        return None

    def _start_turn(self, turn: int) -> None:
        self.turn = turn
        self.militia_now = False
        in_town = self.place == TOWN
        self.town_points += in_town
        self.log.append(TurnRecord(turn=turn, town=in_town))
        self.phase = "aide" if turn in AIDE_TURNS and self.aides_left() else "move"

    def _call_aide(self, action: CallAide) -> None:
        record = self.log[-1]
        if action.aide is not None:
            self.aides_used.append(action.aide)
            record.aide = action.aide
            if action.aide == "tracker":
                record.revealed = self.place
            elif action.aide == "militia":
                self.militia_now = True
            else:
                a, b = action.wizard_pair
                record.wizard = tuple(self.route_map.arrows_between(a, b))
                record.wizard_between = (a, b)
        self.phase = "move"

    def _search(self, action: Search) -> None:
        record = self.log[-1]
        record.search = tuple(sorted(action.places))
        encounter = self.place in action.places
        record.encounter = encounter
        if encounter and self.militia_now:
            record.revealed = self.place
        self.in_a_row = self.in_a_row + 1 if encounter else 0
        if self.in_a_row >= ENCOUNTERS_TO_VANQUISH:
            self.vanquished = True
            self.phase = "over"
        elif self.turn >= LAST_TURN and not encounter:
            self.phase = "over"
        else:
            self._start_turn(self.turn + 1)

    # --- observers ----------------------------------------------------------------------
    def knight_view(self) -> KnightView:
        """Return what the Knight may know."""
        log = [r.to_json() for r in self.log]
        if self.phase == "aide":
            # The aide is called before the Dragon says whether he is in Town (steps 1, 2).
            log[-1]["town"] = None
        return KnightView(
            loops=self.loops,
            turn=self.turn,
            phase=self.phase,
            log=tuple(log),
            aides_left=self.aides_left(),
            militia_now=self.militia_now,
        )

    def observation(self, player: int):
        if player == KNIGHT:
            return self.knight_view()
        return DragonView(self.knight_view(), self.route_map, self.place, self.maps)

    def clone(self) -> "HuntState":
        copy = HuntState(
            loops=self.loops,
            maps=self.maps,
            route_map=self.route_map,
            place=self.place,
            turn=self.turn,
            phase=self.phase,
            aides_used=list(self.aides_used),
            militia_now=self.militia_now,
            in_a_row=self.in_a_row,
            vanquished=self.vanquished,
            town_points=self.town_points,
        )
        copy.log = [TurnRecord(**vars(r)) for r in self.log]
        return copy

    # --- notation -----------------------------------------------------------------------
    def parse_action(self, text: str):
        """Return the action written as `text` (parse_action); in a designed hunt, also
        "map N", the N-th designed map (from 1)."""
        words = text.split()
        if len(words) == 2 and words[0].lower() == "map" and words[1].isdigit():
            if not self.maps:
                raise IllegalAction("a map is written 'map walk=a>b,... fly=a>b,...'")
            number = int(words[1])
            if not 1 <= number <= len(self.maps):
                raise IllegalAction(f"the designed maps are numbered 1 to {len(self.maps)}")
            return ChooseMap(self.maps[number - 1])
        return parse_action(text)

    def format_action(self, action) -> str:
        return format_action(action)


def _places(words: list[str]) -> tuple[int, ...]:
    try:
        return tuple(sorted(location(w) for w in words))
    except ValueError as error:
        raise IllegalAction(str(error)) from None


def parse_action(text: str):
    """Return the action written as `text`:
    "map walk=town>hills,... fly=town>lair,...", "aide none|tracker|militia",
    "aide wizard hills sea", "walk", "fly", "search woods", "search woods sea"."""
    words = text.strip().lower().split()
    if not words:
        raise IllegalAction("empty action")
    head, rest = words[0], words[1:]
    if head in ("walk", "fly") and not rest:
        return Move(head == "fly")
    if head == "search" and 1 <= len(rest) <= 2:
        return Search(_places(rest))
    if head == "aide" and rest:
        if rest[0] == "none" and len(rest) == 1:
            return CallAide(None)
        if rest[0] in ("tracker", "militia") and len(rest) == 1:
            return CallAide(rest[0])
        if rest[0] == "wizard" and len(rest) == 3:
            pair = _places(rest[1:])
            return CallAide("wizard", pair)
    if head == "map" and len(rest) == 2:
        return ChooseMap(_parse_map(rest))
    raise IllegalAction(f"cannot read action {text!r}")


def _parse_map(parts: list[str]) -> RouteMap:
    tables = {}
    for part in parts:
        kind, _, arrows = part.partition("=")
        if kind not in ("walk", "fly") or kind in tables:
            raise IllegalAction("a map is written 'map walk=a>b,... fly=a>b,...'")
        table = [-1] * 5
        for arrow in arrows.split(","):
            source, _, target = arrow.partition(">")
            try:
                table[location(source)] = location(target)
            except ValueError as error:
                raise IllegalAction(str(error)) from None
        tables[kind] = tuple(table)
    return RouteMap(tables["walk"], tables["fly"])


def format_action(action) -> str:
    """Return the text notation of `action` (parse_action reads it back)."""
    if isinstance(action, Move):
        return "fly" if action.fly else "walk"
    if isinstance(action, Search):
        return "search " + " ".join(LOCATIONS[p] for p in action.places)
    if isinstance(action, CallAide):
        if action.aide is None:
            return "aide none"
        if action.aide == "wizard":
            a, b = action.wizard_pair
            return f"aide wizard {LOCATIONS[a]} {LOCATIONS[b]}"
        return f"aide {action.aide}"
    m = action.route_map
    walk = ",".join(f"{LOCATIONS[s]}>{LOCATIONS[m.walk[s]]}" for s in range(4))
    fly = ",".join(f"{LOCATIONS[s]}>{LOCATIONS[m.fly[s]]}" for s in range(5))
    return f"map walk={walk} fly={fly}"


@cache
def route_map_choices(loops: bool) -> IndexedActions:
    """Return the Dragon's choice of map: ChooseMap of every legal map, in map_table's order,
    each decoded from its index when asked for."""

    def at(index: int) -> ChooseMap:
        return ChooseMap(map_at(index, loops))

    def allows(action) -> bool:
        return isinstance(action, ChooseMap) and action.route_map.problem(loops) is None

    return IndexedActions(map_count(loops), at, allows)


def new_hunt(loops: bool = False, maps: Sequence[RouteMap] = ()) -> HuntState:
    """Return a hunt waiting for the Dragon's map (one of `maps`, when given)."""
    return HuntState(loops=loops, maps=tuple(maps))


def map_text(route_map: RouteMap) -> str:
    """Return a map as the option `maps` holds it: "walk=town>hills,... fly=town>lair,..."
    (the notation of choosing it, without "map")."""
    return format_action(ChooseMap(route_map)).removeprefix("map ")


def read_maps(texts: object, loops: bool) -> tuple[RouteMap, ...]:
    """Return the designed maps of the option `maps` (a list of map_text strings); ValueError
    naming what is wrong: not a list, an empty one, a map not written so or not legal, or
    one listed twice."""
    if not isinstance(texts, list) or not texts or not all(isinstance(t, str) for t in texts):
        raise ValueError('options.maps must be a list of maps such as ["walk=... fly=..."]')
    maps: list[RouteMap] = []
    for number, text in enumerate(texts, start=1):
        try:
            route_map = _parse_map(text.lower().split())
        except IllegalAction as error:
            raise ValueError(f"options.maps, map {number}: {error}") from None
        except KeyError:
            written = "a map is written 'walk=a>b,... fly=a>b,...'"
            raise ValueError(f"options.maps, map {number}: {written}") from None
        problem = route_map.problem(loops)
        if problem:
            raise ValueError(f"options.maps, map {number}: {problem}")
        if route_map in maps:
            raise ValueError(
                f"options.maps, map {number}: the same map as map {maps.index(route_map) + 1}"
            )
        maps.append(route_map)
    return tuple(maps)


def result_text(state: HuntState) -> str:
    """Return a one-line account of the hunt's end (or where an unfinished record stops)."""
    if not state.is_terminal():
        points = state.dragon_score()
        return f"the record stops during turn {state.turn}; the Dragon has {points} points so far"
    town, aides = state.town_points, len(state.aides_used)
    end = "vanquished" if state.vanquished else "escaped (+5)"
    return (
        f"hunt over after turn {state.turn}: Dragon {end}, scores {state.dragon_score()} "
        f"({town} turns started in Town, {aides} aides called)"
    )


def hunt_result(state: HuntState) -> dict:
    """Return a hunt's result as a record stores it: the Dragon's score (so far, while the
    hunt is not over), whether he was vanquished, and the last turn begun."""
    return {
        "dragon_score": state.dragon_score(),
        "vanquished": state.vanquished,
        "turns": state.turn,
    }


def record_for(state: HuntState, actions: list[str], seed: int, players: dict) -> dict:
    """Return the JSON record of one hunt: header, actions, the public turn log and the
    result (a whole match's record: match.match_record)."""
    return {
        "header": {
            "game": "hunt",
            "rules_version": RULES_VERSION,
            "options": {"loops": state.loops}
            | ({"maps": [map_text(m) for m in state.maps]} if state.maps else {}),
            "seed": seed,
            "players": players,
        },
        "actions": actions,
        "log": [record.to_json() for record in state.log],
        "result": hunt_result(state),
    }
