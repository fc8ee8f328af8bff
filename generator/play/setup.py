"""What `quarry play` sets up before the first move: the game's options from the command
line (a designed board, deck or variant), the person's seat, the bots of the others, and
the record's header that holds all of it, so that `--resume` finds it again.

The header's `players` names each seat (by role where the game's roles sit at fixed seats,
else by number): "person", or "bot: role=name ..." with the bots that played it.
"""

from __future__ import annotations

from pathlib import Path

from generator.errors import QuarryError
from generator.games import game as registered
from generator.interop.strength.seats import BOTS, bot_choices
from generator.play.presenters import presenter
from generator.play.session import PERSON, PERSON_AT_TABLE, Session

DESIGN_GAMES = {  # the design files a game's play accepts, as `quarry kit` names them
    "board": ("island", "parforce"),
    "deck": ("fugitive",),
    "variant": ("fugitive", "cutthroat"),
}


def game_options(
    name: str,
    players: int | None,
    board: Path | None,
    deck: Path | None,
    variant: str | None,
    design: Path | None,
) -> dict:
    """Return the header options of a new game of `name` from the command line's (QuarryError,
    one line, for an option the game does not take or a file that is not a design)."""
    entry = registered(name)
    given = {"board": board, "deck": deck, "variant": variant}
    designed: dict = {}
    for option, value in given.items():
        if value is not None and name not in DESIGN_GAMES[option]:
            raise QuarryError(f"--{option} is for {' or '.join(DESIGN_GAMES[option])}, not {name}")
    if design is not None:
        from generator.kit import design_file

        path = design_file(entry, design)
        if name in ("island", "parforce"):
            board = path
        elif name == "fugitive":
            deck = path
        elif name == "cutthroat":
            variant = str(path)
        elif name == "hunt":
            designed = _hunt_design(design, path)
        else:
            raise QuarryError(f"--design: {entry.title} plays no designed content yet")
    options: dict = {}
    if players is not None:
        if name not in ("island", "cutthroat"):
            raise QuarryError(f"--players is for island (4-7) or cutthroat (6-13), not {name}")
        low, high = entry.players
        if not low <= players <= high:
            raise QuarryError(f"--players for {name} must be {low} to {high}, got {players}")
        options["players"] = players
    if board is not None:
        options["board"] = _board_text(name, board)
    if name == "fugitive":
        options |= _fugitive_options(deck, variant)
    if name == "cutthroat" and variant is not None:
        from generator.games.cutthroat.design.variant import read_variant

        chosen = read_variant(Path(variant))
        options |= chosen.to_json()["rules"]
        options.setdefault("players", chosen.players)
    if name == "parforce":
        options.setdefault("players", 2)
    return options | designed


def _hunt_design(design: Path, path: Path) -> dict:
    """Return the options of a hunt on designed route maps: `loops` as designed and `maps`,
    the maps the Dragon chooses from. A design folder gives every map its routes.json ranks
    (map.json, the best alone, when it has no routes.json); a file, its own map(s)."""
    from generator.games.hunt.maps import ROUTES_FILE, load_designed_maps
    from generator.games.hunt.rules import map_text

    if Path(design).is_dir() and (Path(design) / ROUTES_FILE).is_file():
        path = Path(design) / ROUTES_FILE
    loops, maps = load_designed_maps(path)
    return {"loops": loops, "maps": [map_text(route_map) for route_map in maps]}


def _board_text(name: str, path: Path) -> str:
    if name == "island":
        from generator.games.island.board import format_island, read_island

        return format_island(read_island(path))
    from generator.games.parforce.board import format_board, read_board

    return format_board(read_board(path))


def _fugitive_options(deck: Path | None, variant: str | None) -> dict:
    from generator.games.fugitive.cards import VARIANTS, load_config

    options: dict = {}
    if variant is not None:
        if variant not in VARIANTS:
            raise QuarryError(f"--variant must be one of {', '.join(VARIANTS)}, got {variant!r}")
        options["variant"] = variant
    if deck is not None:
        config = load_config(deck)
        data = config.to_json()
        if variant is not None and data.get("variant", variant) != variant:
            raise QuarryError(f"{deck} is a deck of variant {data['variant']!r}, not {variant!r}")
        options["variant"] = data.get("variant", options.get("variant", "none"))
        options["deck"] = {k: v for k, v in data.items() if k != "variant"}
    return options


def chosen_bots(name: str, texts: list[str]) -> dict:
    """Return role -> bot name from `--bots` texts: NAME (every role that has such a bot)
    or ROLE=NAME; QuarryError naming what each role accepts."""
    choices = bot_choices(name)
    bots: dict = {}
    for text in texts:
        role, _, bot = text.rpartition("=")
        roles = [role] if role else [r for r, names in choices.items() if text in names]
        if role and role not in choices:
            raise QuarryError(
                f"--bots: {name} has no role {role!r}; its roles: {', '.join(choices)}"
            )
        if not roles or any(bot not in choices[r] for r in roles):
            accepted = "; ".join(f"{r}: {', '.join(n)}" for r, n in choices.items())
            raise QuarryError(f"--bots: no bot {text!r} for {name}; its bots ({accepted})")
        for each in roles:
            bots[each] = bot
    return {**BOTS[name], **bots}


def person_seat(name: str, state, text: str | None) -> int:
    """Return the seat `--seat` names (a role or a seat number; the first seat when not
    given); QuarryError saying what is accepted."""
    view = presenter(name)
    players = view.players(state)
    if text is None:
        return 0
    if text.lower() in view.roles:
        return view.roles[text.lower()]
    if text.isascii() and text.isdigit() and int(text) < players:
        return int(text)
    roles = ", ".join(view.roles)
    numbers = f"a seat number 0-{players - 1}"
    raise QuarryError(f"--seat must be {roles + ' or ' if roles else ''}{numbers}, got {text!r}")


def _seat_key(name: str, seat: int) -> str:
    for role, number in presenter(name).roles.items():
        if number == seat:
            return role
    return str(seat)


def _rules_version(name: str) -> int:
    import importlib

    return importlib.import_module(f"generator.games.{name}.rules").RULES_VERSION


def new_session(
    name: str,
    options: dict,
    seed: int,
    seat_text: str | None,
    bots: dict,
    record: Path | None,
    table: bool = False,
) -> Session:
    """Return a new game with the person at the seat `seat_text` names (at the table when
    `table`)."""
    entry = registered(name)
    try:
        state = entry.state_from_header({"options": options})
    except ValueError as error:
        raise QuarryError(str(error)) from None
    seat = person_seat(name, state, seat_text)
    players = presenter(name).players(state)
    described = " ".join(f"{role}={bot}" for role, bot in sorted(bots.items()))
    header = {
        "game": name,
        "options": options,
        "players": {
            _seat_key(name, s): (PERSON_AT_TABLE if table else PERSON)
            if s == seat
            else f"bot: {described}"
            for s in range(players)
        },
        "rules_version": _rules_version(name),
        "seed": seed,
    }
    return Session(name, header, frozenset({seat}), bots, record, table)


def resumed_session(name: str, path: Path, record: Path | None) -> Session:
    """Return the game in the record at `path`, played up to its last step, the person and
    the bots at the seats its header names (QuarryError when it is not a `quarry play`
    record of `name`, or a step is not legal)."""
    from generator.engine.records import check_header, read_record
    from generator.userfiles import shown

    data = read_record(path, name)
    header = data["header"]
    entry = registered(name)
    check_header(header, entry.record_options, shown(path))
    seats = header.get("players", {})
    people = [key for key, value in seats.items() if value in (PERSON, PERSON_AT_TABLE)]
    if len(people) != 1:
        raise QuarryError(
            "not a record of quarry play: its header names no person's seat", where=shown(path)
        )
    roles = presenter(name).roles
    seat = roles.get(people[0], int(people[0]) if people[0].isdigit() else -1)
    bots: dict = {}
    for value in seats.values():
        if value.startswith("bot: "):
            for pair in value.removeprefix("bot: ").split():
                role, _, bot = pair.partition("=")
                bots[role] = bot
    try:
        bots = chosen_bots(name, [f"{role}={bot}" for role, bot in bots.items()])
    except QuarryError as error:
        raise QuarryError(str(error), where=shown(path)) from None
    table = seats[people[0]] == PERSON_AT_TABLE
    session = Session(name, header, frozenset({seat}), bots, record, table)
    try:
        session.resume(data["actions"])
    except QuarryError as error:
        raise QuarryError(str(error), where=shown(path)) from None
    return session
