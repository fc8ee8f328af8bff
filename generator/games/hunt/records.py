"""The Hunt's game records: a record holds one hunt, or a whole match when its header's
options say {"match": true}. What `quarry replay hunt` needs: a fresh state from a header,
where a state is (for messages), its result line, and the fields a record derives."""

from generator.games.hunt.match import (
    MatchState,
    match_hunts,
    match_result,
    match_result_text,
    match_turn,
    new_match,
)
from generator.games.hunt.rules import (
    RULES_VERSION,
    HuntState,
    hunt_result,
    new_hunt,
    read_maps,
    result_text,
)

OPTIONS = ("loops", "match", "maps")


def state_from_header(header: dict) -> HuntState | MatchState:
    """Return a fresh hunt, or a fresh match when options.match is true, with the options of
    a record's header: {"loops": true|false, "match": true|false, "maps": [...]}, all
    optional; "maps", the designed maps the Dragon chooses from (rules.read_maps), is for
    one hunt, not a match (ValueError naming what is wrong)."""
    options = header.get("options", {})
    if not isinstance(options, dict):
        raise ValueError('options must be an object such as {"loops": false, "match": true}')
    unknown = sorted(set(options) - set(OPTIONS))
    if unknown:
        raise ValueError(f"unknown option {unknown[0]!r}; The Hunt's options: loops, match, maps")
    for name in ("loops", "match"):
        if not isinstance(options.get(name, False), bool):
            raise ValueError(f"options.{name} must be true or false, not {options[name]!r}")
    version = header.get("rules_version", RULES_VERSION)
    if type(version) is not int or version != RULES_VERSION:
        raise ValueError(f"rules_version {version!r} is not {RULES_VERSION}")
    loops = options.get("loops", False)
    if "maps" in options:
        if options.get("match", False):
            raise ValueError("options.maps is for one hunt, not a match")
        return new_hunt(loops, read_maps(options["maps"], loops))
    return new_match(loops) if options.get("match", False) else new_hunt(loops)


def turn_of(state: HuntState | MatchState) -> int | str:
    """Return the turn of a hunt, or "hunt N, turn T" for a match."""
    return match_turn(state) if isinstance(state, MatchState) else state.turn


def result_line(state: HuntState | MatchState) -> str:
    """Return the one-line account of a replayed hunt or match (or where it stops)."""
    return match_result_text(state) if isinstance(state, MatchState) else result_text(state)


def record_fields(state: HuntState | MatchState) -> dict:
    """Return the fields a record derives from its actions, as the replay finds them: a
    hunt's "log" and "result", or a match's "hunts" and "result"."""
    if isinstance(state, MatchState):
        return {"hunts": match_hunts(state), "result": match_result(state)}
    return {"log": [record.to_json() for record in state.log], "result": hunt_result(state)}
