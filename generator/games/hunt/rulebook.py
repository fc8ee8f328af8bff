"""The Hunt's rulebook (render/document/rulebook.py): the cover, the table set up, the rules
and a worked example, the first turns of a hunt our bots played.

The example is true by construction: `example_record()` plays a hunt (the cunning Dragon
against the exact Knight, seed EXAMPLE_SEED), `example_turns(record)` replays the record as
`quarry replay` does (records.replay_record: every action checked, the stored log and
result compared) and then once more step by step, reading where the Dragon stood before and
after each move; the figures draw those places on the Dragon's secret map.
"""

from __future__ import annotations

from dataclasses import dataclass

import svgwrite

from generator.games.hunt.art import mini_layout, mini_map, mini_map_size
from generator.games.hunt.drawing import FLY_INK, draw_text
from generator.games.hunt.figures import map_figure
from generator.games.hunt.maps import LOCATIONS, RouteMap
from generator.games.hunt.rules import TurnRecord, new_hunt, record_for
from generator.render.document.rulebook import ExampleStep, Rulebook, replayed_intro
from generator.render.svg import document_text, new_document

EXAMPLE_SEED = 3  # a hunt whose first turns show both moves, a "yes" in Town and encounters
EXAMPLE_TURNS = 4
SEARCH_INK = "#1d4f8c"  # the K beside a place the Knight searches
DRAGON_INK = FLY_INK  # the D beside the place the Dragon moved to
MARK_R = 2.3  # mm: the radius of the disc marking a place (D: the Dragon, K: a search)
MARK_PT = 7.5
MINI = {"radius": 20.5, "r": 6.0, "stretch": 0.62}  # under 62 mm wide: never scaled down
COVER = {"radius": 52.0, "r": 13.0, "stretch": 0.7}  # the cover's five places
SETUP_MAP_MM = (150.0, 120.0)  # the map sheet's drawing, as the setup picture shows it


@dataclass(frozen=True)
class ExampleTurn:
    """One turn of the example: what the table saw (the turn's record) and where the Dragon
    stood before and after his move (his secret)."""

    record: TurnRecord
    before: int
    after: int


def example_record() -> dict:
    """Return the record of the example hunt, played by the bots with EXAMPLE_SEED."""
    from generator.games.hunt.bots import play_hunt

    state, actions = play_hunt("cunning", "exact", False, EXAMPLE_SEED)
    players = {"dragon": "cunning bot", "knight": "exact bot"}
    return record_for(state, actions, EXAMPLE_SEED, players)


def example_turns(record: dict) -> tuple[RouteMap, list[ExampleTurn], str]:
    """Replay `record` as quarry replay does (QuarryError if it does not replay), then step
    by step; return the Dragon's map, every turn with the Dragon's places, and the result
    line."""
    from generator.engine.records import replay_record
    from generator.games import registry

    result = replay_record(registry()["hunt"], record, "the rulebook's example")
    state = new_hunt(record["header"]["options"]["loops"])
    turns: list[ExampleTurn] = []
    before = after = state.place
    for text in record["actions"]:
        action = state.parse_action(text)
        if text in ("walk", "fly"):
            before = state.place
        state.apply(action)
        if text in ("walk", "fly"):
            after = state.place
        if text.startswith("search"):
            turns.append(ExampleTurn(state.log[len(turns)], before, after))
    return state.route_map, turns, result


def position_figure(route_map: RouteMap, turn: ExampleTurn) -> str:
    """Return the Dragon's secret map with this turn drawn on it: a red D beside the place
    he moved to, a blue K beside each place the Knight searched."""
    marks = [(turn.after, "D", DRAGON_INK, -1)]
    marks += [(place, "K", SEARCH_INK, 1) for place in turn.record.search]
    return _map_with_marks(route_map, MINI, marks)


def cover_figure() -> str:
    """Return the cover's art: the five places of the hunt, large, with no map drawn."""
    return _map_with_marks(None, COVER, [])


def _map_with_marks(route_map: RouteMap | None, size: dict, marks: list) -> str:
    """Return a small map (`size`: radius, r, stretch) with `marks`, each (place, letter,
    ink, side): a disc with the letter at the top left of the place's badge (side -1) or
    at its right, a little below the middle (1), clear of the name under the badge above
    it."""
    width, height = mini_map_size(size["radius"], size["r"], size["stretch"])
    pad = size["r"] * 0.9  # arrows bend outwards past the badges
    dwg = new_document(width + 2 * pad, height + 2 * pad)
    args = (width / 2 + pad, pad, size["radius"], size["r"])
    mini_map(dwg, *args, route_map, size["stretch"])
    layout = mini_layout(*args, size["stretch"])
    for place, letter, ink, side in marks:
        x, y = layout.centres[place]
        if side < 0:
            cx, cy = x - layout.r * 0.8, y - layout.r * 0.8
        else:
            cx, cy = x + layout.r * 0.95, y + layout.r * 0.3
        mark = svgwrite.container.Group(class_=f"mark {letter}")
        mark.add(svgwrite.shapes.Circle((cx, cy), MARK_R, fill=ink, stroke="white",
                                        stroke_width=0.35))  # fmt: skip
        box = 2 * MARK_R
        draw_text(mark, letter, cx - MARK_R, cy - MARK_R, box, box, MARK_PT, bold=True,
                  align="center", valign="middle", fill="white")  # fmt: skip
        dwg.add(mark)
    return document_text(dwg)


def _place(place: int) -> str:
    name = LOCATIONS[place]
    return "Town" if name == "town" else f"the {name.capitalize()}"


def turn_words(turn: ExampleTurn, in_a_row: int) -> str:
    """Return what happens in `turn`, in words (in_a_row: encounters in a row after it)."""
    record = turn.record
    words = []
    if record.aide != "none":
        words.append(f"The Knight calls the {record.aide.capitalize()}.")
    if record.town:
        words.append("Is the Dragon in Town? Yes: one point for him.")
    else:
        words.append("Is the Dragon in Town? No.")
    move = "walks" if record.move == "walk" else "flies"
    words.append(f"He {move}, in secret, from {_place(turn.before)} to {_place(turn.after)}.")
    searched = " and ".join(_place(place) for place in record.search)
    if record.encounter:
        count = {1: "the first", 2: "two", 3: "three"}.get(in_a_row, str(in_a_row))
        tail = "" if in_a_row == 1 else " in a row"
        words.append(f"The Knight searches {searched}: an encounter, {count}{tail}.")
    else:
        words.append(f"The Knight searches {searched}: nobody there.")
    return " ".join(words)


def example_steps(route_map: RouteMap, turns: list[ExampleTurn]) -> list[ExampleStep]:
    """Return the worked example's steps: the first EXAMPLE_TURNS turns, each drawn."""
    steps, in_a_row = [], 0
    for turn in turns[:EXAMPLE_TURNS]:
        in_a_row = in_a_row + 1 if turn.record.encounter else 0
        heading = f"Turn {turn.record.turn}"
        steps.append(ExampleStep(position_figure(route_map, turn), heading,
                                 turn_words(turn, in_a_row)))  # fmt: skip
    return steps


SETUP_STEPS = (
    "Choose who is the Dragon in the first hunt; the other player is the Knight. In the "
    "second hunt the roles swap.",
    "The Dragon takes a map sheet and, hidden from the Knight, draws his nine arrows: a "
    "Walk and a Fly arrow from each of Town, the Hills, the Woods and the Sea, and one Fly "
    "arrow from the Lair (no Walk arrow may point into the Lair).",
    "The Dragon keeps his log (where he goes, turn by turn) beside his map, both out of the "
    "Knight's sight. The Knight takes his log to note every answer and search.",
    "Each player keeps a reference card. The Dragon starts the hunt in Town.",
)


def rulebook() -> Rulebook:
    """Return The Hunt's rulebook: its example replayed from example_record()."""
    from generator.games.hunt.reference import REFERENCE
    from generator.games.hunt.table import needs

    route_map, turns, result = example_turns(example_record())
    table = needs(2, None)
    intro = replayed_intro(
        "the first turns of a hunt",
        "the cunning Dragon against the exact Knight",
        "Each picture is the Dragon's secret map: the red D is where he stands after his "
        "move, the blue K the place the Knight searched.",
        result,
    )

    def rules(blocks):
        return [blocks.section(heading, items) for heading, items in REFERENCE]

    return Rulebook(
        title="The Hunt",
        tagline="A Dragon hides on a secret map; a Knight hunts him. Two players, two hunts.",
        cover_art=cover_figure(),
        contents=[f"{piece.count} x {piece.name}: {piece.why}" for piece in table.pieces],
        bring=[item.text() for item in table.bring],
        setup_picture=map_figure(SETUP_MAP_MM[0], SETUP_MAP_MM[1], route_map),
        setup_caption=(
            "The Dragon's map sheet, drawn before the first turn (the map of the worked "
            "example): solid black arrows are Walk, hollow red ones Fly. Only the Dragon sees it "
            "until the hunt is over."
        ),
        setup_steps=SETUP_STEPS,
        rules=rules,
        example_intro=intro,
        example=example_steps(route_map, turns),
    )
