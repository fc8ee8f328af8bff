"""The Hunt on screen. The Dragon sees his secret route map, where he stands and the public
log; the Knight sees the public log, the aides he has left and what the log tells him.

Everything is drawn from the seat's own observation (DragonView or KnightView): the Knight's
screen and what he is told of the Dragon's moves come from the public log alone, so two hunts
that differ only in the map look the same to him.
"""

from __future__ import annotations

from generator.engine.game import CHANCE
from generator.games.hunt.maps import LAIR, LOCATIONS, TOWN, RouteMap
from generator.games.hunt.rules import (
    AIDE_TURNS,
    ENCOUNTERS_TO_VANQUISH,
    ESCAPE_BONUS,
    LAST_TURN,
    CallAide,
    ChooseMap,
    DragonView,
    KnightView,
    Move,
    Search,
    format_action,
)
from generator.play.presenters import Presenter

DRAGON, KNIGHT = 0, 1
# a map the notation example offers: a ring on foot, every Fly to the Lair and back to Town
_EXAMPLE_MAP = RouteMap((1, 2, 3, 0, -1), (LAIR, LAIR, LAIR, LAIR, TOWN))


def _place(name_or_index) -> str:
    """Return a place as the screen names it: "Town", "the Hills", "the Lair"."""
    name = LOCATIONS[name_or_index] if isinstance(name_or_index, int) else name_or_index
    return "Town" if name == "town" else f"the {name.capitalize()}"


def _public(view) -> KnightView:
    return view.public if isinstance(view, DragonView) else view


def _in_a_row(log) -> int:
    """Return the encounters in a row at the end of the log's finished searches."""
    count = 0
    for record in log:
        if record.get("encounter") is None:
            continue
        count = count + 1 if record["encounter"] else 0
    return count


def _vanquished(log) -> bool:
    """Return True when the log ends with the encounters in a row that end the hunt (the
    hunt stops at once, so the run at the end is the only one that can reach it)."""
    return _in_a_row(log) >= ENCOUNTERS_TO_VANQUISH


def _score(public: KnightView) -> tuple[int, int, int]:
    """Return the Dragon's (points, Town turns, aides called) as the log shows them (the
    escape bonus included once the hunt is over and he was not vanquished)."""
    town = sum(1 for r in public.log if r.get("town"))
    aides = sum(1 for r in public.log if r.get("aide", "none") != "none")
    points = town + aides
    if public.phase == "over" and not _vanquished(public.log):
        points += ESCAPE_BONUS
    return points, town, aides


def _aide_text(record: dict) -> str:
    aide = record.get("aide", "none")
    if aide == "none":
        return "-"
    if aide == "tracker":
        return f"tracker: was in {record['revealed']}"
    if aide == "militia":
        return "militia"
    pair = record.get("wizard_between") or []
    arrows = record.get("wizard") or []
    shown = ", ".join(f"{a}>{b}" for a, b in arrows) or "no arrow"
    return f"wizard {'+'.join(pair)}: {shown}"


def _found_text(record: dict) -> str:
    encounter = record.get("encounter")
    if encounter is None:
        return ""
    if not encounter:
        return "no"
    if record.get("aide") == "militia" and len(record.get("search", ())) == 2:
        return f"yes, {record['revealed']}"
    return "yes"


def _log_lines(public: KnightView) -> list[str]:
    if not public.log:
        return ["No turn played yet."]
    lines = ["turn  in Town  move  search       found        aide"]
    for r in public.log:
        town = {True: "yes", False: "no", None: "?"}[r.get("town")]
        move = r.get("move") or ""
        search = " ".join(r.get("search") or ())
        lines.append(
            f"{r['turn']:>3}   {town:<7}  {move:<4}  {search:<11}  {_found_text(r):<11}  "
            f"{_aide_text(r)}".rstrip()
        )
    return lines


def _to_do(public: KnightView, seat: int, designed: bool = False) -> str:
    phase = public.phase
    if phase == "over":
        return "The hunt is over."
    mine = {"map": DRAGON, "move": DRAGON, "aide": KNIGHT, "search": KNIGHT}[phase]
    what = {
        "map": "choose a route map of the design" if designed else "draw the route map",
        "move": "walk or fly",
        "aide": "call an aide, or none",
        "search": "search two places (Militia)" if public.militia_now else "search a place",
    }[phase]
    who = "you" if mine == seat else ("the Dragon" if mine == DRAGON else "the Knight")
    return f"Now {who}: {what}."


def _summary(public: KnightView) -> list[str]:
    """Return a few lines of what the public log says about the Dragon."""
    log = public.log
    points, town, aides = _score(public)
    lines = [f"Dragon's points so far: {points} ({town} turns begun in Town, {aides} aides)"]
    begun = [r for r in log if r.get("town") is not None]
    away = [str(r["turn"]) for r in begun if not r["town"]]
    if begun:
        lines.append("Not in Town at the start of turns: " + (", ".join(away) if away else "none"))
    met = [str(r["turn"]) for r in log if r.get("encounter")]
    lines.append(
        f"Encounters on turns: {', '.join(met) if met else 'none'}; in a row now: "
        f"{_in_a_row(log)} of {ENCOUNTERS_TO_VANQUISH}"
    )
    sure, since = None, []
    for r in log:
        if r.get("aide") == "tracker" and r.get("revealed"):
            sure, since = f"{_place(r['revealed'])} at the start of turn {r['turn']}", []
        if r.get("move"):
            since.append(r["move"])
        if r.get("encounter"):
            found = r["revealed"] if len(r.get("search", ())) == 2 else r["search"][0]
            sure, since = f"{_place(found)} after the move of turn {r['turn']}", []
    if sure is None:
        lines.append("Last sure place: Town at the start; moves since: " + _moves(since))
    else:
        lines.append(f"Last sure place: {sure}; moves since: " + _moves(since))
    return lines


def _moves(moves: list[str]) -> str:
    if not moves:
        return "none"
    if len(moves) > 8:
        return f"{len(moves)} ({', '.join(moves[-6:])} the last six)"
    return ", ".join(moves)


def designed_lines(maps) -> list[str]:
    """Return the designed maps the Dragon chooses from, numbered from 1, a line each."""
    lines = []
    for number, route_map in enumerate(maps, start=1):
        walk = " ".join(f"{LOCATIONS[s]}>{LOCATIONS[route_map.walk[s]]}" for s in range(4))
        fly = " ".join(f"{LOCATIONS[s]}>{LOCATIONS[route_map.fly[s]]}" for s in range(5))
        lines.append(f"  map {number}: walk {walk}; fly {fly}")
    return lines


def _map_lines(route_map: RouteMap | None, maps=()) -> list[str]:
    if route_map is None:
        if maps:
            return [
                f"The design's route maps (choose one: map 1 to map {len(maps)}):",
                *designed_lines(maps),
            ]
        return ["Your route map: not drawn yet."]
    lines = ["Your route map (secret):"]
    for source in range(5):
        walk = "no Walk arrow" if source == LAIR else f"walk -> {LOCATIONS[route_map.walk[source]]}"
        lines.append(
            f"  {LOCATIONS[source]:<6} {walk:<16} fly -> {LOCATIONS[route_map.fly[source]]}"
        )
    return lines


class HuntPresenter(Presenter):
    roles = {"dragon": DRAGON, "knight": KNIGHT}

    def players(self, state) -> int:
        return 2

    def show(self, state, seat: int) -> list[str]:
        view = state.observation(seat)
        public = _public(view)
        role = "the Dragon" if seat == DRAGON else "the Knight"
        turn = f"turn {public.turn} of {LAST_TURN}" if public.turn else "before the first turn"
        if public.turn > LAST_TURN:
            turn = f"turn {public.turn} (overtime)"
        loops = "; loops allowed" if public.loops else ""
        to_do = _to_do(public, seat, bool(getattr(view, "maps", ())))
        lines = [f"The Hunt: you are {role}; {turn}{loops}. {to_do}"]
        if seat == DRAGON:
            lines += _map_lines(view.route_map, view.maps)
            if view.route_map is not None:
                lines.append(f"You are in {_place(view.place)}.")
        left = ", ".join(public.aides_left) if public.aides_left else "none"
        lines.append(
            f"Aides the Knight has left: {left} (called at the start of turns "
            f"{', '.join(map(str, AIDE_TURNS))})"
        )
        lines.append("")
        lines += _log_lines(public)
        lines.append("")
        if seat == DRAGON:
            points, town, aides = _score(public)
            lines.append(
                f"Your points so far: {points} ({town} turns begun in Town, {aides} aides); "
                f"encounters in a row: {_in_a_row(public.log)} of {ENCOUNTERS_TO_VANQUISH}"
            )
        else:
            lines += _summary(public)
        if public.phase == "over":
            lines.append(_ending(public))
        return lines

    def moves(self, state) -> list[str] | None:
        if state.phase == "map":
            if state.maps:  # a designed hunt: the design's maps, by number
                return [f"map {number}" for number in range(1, len(state.maps) + 1)]
            return None
        return super().moves(state)

    def move_example(self, state) -> str:
        """Return one legal move at this step, in notation."""
        if state.phase == "map" and _EXAMPLE_MAP.problem(state.loops) is None:
            return format_action(ChooseMap(_EXAMPLE_MAP))
        return format_action(state.legal_actions()[0])

    def move_help(self, state) -> str:
        if state.phase != "map":
            return super().move_help(state)
        return "\n".join(
            [
                "draw your route map in one line: map walk=A>B,... fly=A>B,...",
                "  walk= gives the Walk arrows of town, hills, woods and sea (the Lair has none;",
                "  no Walk leads into the Lair); fly= gives the Fly arrows of all five places.",
                "  Places: town, hills, woods, sea, lair; "
                + (
                    "an arrow may lead back to its own place."
                    if state.loops
                    else "no arrow may lead back to its own place."
                ),
                "  For example:",
                self.move_example(state),
            ]
        )

    def announce(self, before, action, after, viewer: int, mover: int) -> list[str]:
        old = _public(before.observation(viewer))
        new = _public(after.observation(viewer))
        mine = mover == viewer
        lines: list[str] = []
        if isinstance(action, ChooseMap):
            lines.append(
                "You draw your route map." if mine else "The Dragon draws his route map in secret."
            )
        elif isinstance(action, Move):
            move = new.log[-1]["move"]
            if mine:
                lines.append(f"You {move} to {_place(after.observation(viewer).place)}.")
            else:
                lines.append(f"The Dragon says {move.capitalize()} and moves in secret.")
        elif isinstance(action, CallAide):
            lines.append(self._aide_news(new.log[-1], mine))
        elif isinstance(action, Search):
            record = new.log[len(old.log) - 1]
            lines.append(self._search_news(record, mine, viewer, _in_a_row(new.log)))
        elif mover == CHANCE:
            lines.append("Chance plays a part.")
        # a turn's Town announcement, once the viewer may see it
        for index, record in enumerate(new.log):
            town = record.get("town")
            fresh = index >= len(old.log)
            earlier = None if fresh else old.log[index].get("town")
            who = "You are" if viewer == DRAGON else "The Dragon is"
            said = "" if town is None else ("in Town (+1 point)" if town else "not in Town")
            if fresh and town is None:
                lines.append(f"Turn {record['turn']} begins: the Knight may call an aide first.")
            elif fresh:
                lines.append(f"Turn {record['turn']} begins. {who} {said}.")
            elif town is not None and earlier is None:
                lines.append(f"{who} {said}.")
        if new.phase == "over" and old.phase != "over":
            lines.append(_ending(new))
        return lines

    def _aide_news(self, record: dict, mine: bool) -> str:
        who = "You call" if mine else "The Knight calls"
        aide = record.get("aide", "none")
        if aide == "none":
            return f"{who} no aide this turn."
        if aide == "tracker":
            where = _place(record["revealed"])
            return f"{who} the Tracker: the Dragon is in {where} before he moves."
        if aide == "militia":
            return f"{who} the Militia: two places are searched this turn."
        pair = " and ".join(_place(p) for p in record.get("wizard_between") or ())
        arrows = record.get("wizard") or []
        shown = ", ".join(f"{a} to {b}" for a, b in arrows)
        answer = f"arrows shown: {shown}" if arrows else "no arrow joins them"
        return f"{who} the Wizard about {pair}: {answer}."

    def _search_news(self, record: dict, mine: bool, viewer: int, in_a_row: int) -> str:
        places = " and ".join(_place(p) for p in record["search"])
        who = "You search" if mine else "The Knight searches"
        if not record["encounter"]:
            return f"{who} {places}: no encounter."
        where = ""
        if len(record["search"]) == 2:
            where = f" in {_place(record['revealed'])}"
        them = "you" if viewer == DRAGON else "the Dragon"
        return (
            f"{who} {places}: found {them}{where}! "
            f"({in_a_row} of {ENCOUNTERS_TO_VANQUISH} encounters in a row)"
        )

    def belief(self, seats, seat: int, state) -> str:
        if seat == KNIGHT:
            return _knight_belief(seats.knight)
        return _dragon_belief(seats.dragon, state)


def _ending(public: KnightView) -> str:
    points, town, aides = _score(public)
    if _vanquished(public.log):
        how = "the Dragon is vanquished"
    else:
        how = f"the Dragon escapes (+{ESCAPE_BONUS})"
    return f"The hunt is over after turn {public.turn}: {how}; he scores {points}."


def _counts_text(counts) -> str:
    parts = [f"{LOCATIONS[p]} {int(c):,}" for p, c in enumerate(counts) if c]
    return ", ".join(parts) if parts else "nowhere"


def _knight_belief(knight) -> str:
    belief = getattr(knight, "belief", None)
    if belief is None:
        return "searches at random and keeps no belief"
    size = belief.size()
    counts = belief.location_counts()
    places = [LOCATIONS[p] for p, c in enumerate(counts) if c]
    return (
        f"{size:,} route maps fit the log; the Dragon could be in {', '.join(places)}\n"
        f"maps by place: {_counts_text(counts)}"
    )


def _dragon_belief(dragon, state) -> str:
    view = state.observation(DRAGON)
    if view.public.phase == "map":
        if view.maps:
            return f"picks one of the {len(view.maps)} route maps of the design"
        pool = getattr(dragon, "candidates", None)
        if hasattr(dragon, "belief"):
            from generator.games.hunt.bots import designed_maps

            count = len(pool or designed_maps(view.public.loops))
            return f"picks one of {count} designed route maps that keep Town within reach"
        return "draws a route map at random"
    belief = getattr(dragon, "belief", None)
    if belief is None:
        return "knows his map and where he is; walks or flies at random"
    if view.place == LAIR:
        return "knows he is in the Lair, which has only a Fly arrow: he must fly"
    size = belief.size()
    here = int(belief.location_counts()[view.place])
    return (
        f"knows his map and that he is in {_place(view.place)}\n"
        f"the Knight can still tell apart {size:,} maps; {here:,} of them put him there"
    )


PRESENTER = HuntPresenter()
