"""Fugitive on screen. The Fugitive sees his hand and every card of his row; the Marshal sees
her hand, the row with its face-down Hideouts (only the count of Sprint cards under each),
the numbers found, her guesses and the piles.

Everything is drawn from the seat's own observation (FugitiveView or MarshalView), and what a
seat is told of a move comes from the public history and its own hand: a Hideout laid face
down is told to the Marshal by its count of Sprint cards only, a draw by its pile only.
"""

from __future__ import annotations

from generator.engine.game import CHANCE
from generator.games.fugitive.cards import ESCAPE, EVENT_BY_KEY, PILES, START_HAND, card_name
from generator.games.fugitive.rules import (
    NORMAL_REACH,
    FugitiveView,
    Hide,
    format_action,
)
from generator.play.presenters import Presenter

FUGITIVE, MARSHAL = 0, 1
WIDTH = 96


def _wrap(head: str, words: list[str], indent: str = "  ") -> list[str]:
    """Return `head` and `words` joined by spaces, wrapped under WIDTH characters (the
    lines after the first indented)."""
    lines, line = [], head
    for word in words:
        candidate = f"{line} {word}" if line.strip() else line + word
        if len(candidate) > WIDTH and line.strip():
            lines.append(line)
            candidate = indent + word
        line = candidate
    lines.append(line)
    return lines


def _card(card: int, sprint) -> str:
    """Return a Hideout with its Sprint value, as the card shows it: "8+2" (an event or a
    Placeholder by its name in notation)."""
    if card > ESCAPE:
        return card_name(card)
    return f"{card}+{sprint[card]}"


def _cards(cards, sprint) -> str:
    return " ".join(_card(c, sprint) for c in sorted(cards)) or "none"


def _event_name(key: str) -> str:
    return EVENT_BY_KEY[key].name if key in EVENT_BY_KEY else key


def _step_text(step: str, seat: int, single: bool, mover: int) -> str:
    """Return whose step it is and what it asks (`mover`: the player to move, which the
    whole table knows; the view itself only names the step)."""
    if step == "over":
        return "The game is over."
    mine = {
        "draw": mover,
        "place": FUGITIVE,
        "guess": MARSHAL,
        "manhunt": MARSHAL,
        "discard": CHANCE,
        "deal": CHANCE,
    }[step]
    what = {
        "draw": "draw a card",
        "place": "lay a Hideout or pass",
        "guess": "guess one number" if single else "guess",
        "manhunt": "manhunt: guess one number at a time",
        "discard": "a random discard",
        "deal": "the deal",
    }[step]
    who = "you" if mine == seat else ("chance" if mine == CHANCE else _role(mine))
    return f"Now {who}: {what}."


def _upper(text: str) -> str:
    return text[:1].upper() + text[1:]


def _sprint_count(count: int) -> str:
    if count == 0:
        return "no sprint card"
    return "1 sprint card" if count == 1 else f"{count} sprint cards"


def _role(seat: int) -> str:
    return "the Fugitive" if seat == FUGITIVE else "the Marshal"


def _guess_lines(history) -> list[str]:
    words = []
    for entry in history:
        if entry["what"] == "guess":
            numbers = " ".join(map(str, entry["numbers"]))
            words.append(f"[{numbers}: {'right' if entry['right'] else 'wrong'}]")
    return _wrap("Guesses so far:", words or ["none"])


def _event_lines(history) -> list[str]:
    words = []
    for entry in history:
        if entry["what"] == "event":
            text = f"{_event_name(entry['event'])} ({entry['drawer']}"
            if "parity" in entry:
                text += f"; Hideout #{entry['position']} is {entry['parity']}"
            words.append(text + ")")
    return _wrap("Events:", [w + "," for w in words[:-1]] + words[-1:]) if words else []


def _pile_line(view, other_hand: str) -> str:
    sizes = ", ".join(
        f"{index + 1} ({low}-{high}): {size}"
        for index, ((low, high), size) in enumerate(zip(PILES, view.pile_sizes, strict=True))
    )
    return f"Piles {sizes} cards. {other_hand}"


def _winner(view) -> int | None:
    """Return who won, as the view shows it (None while the game goes on)."""
    if view.step != "over":
        return None
    face_down = any(number is None for number, _, _ in view.row)
    if isinstance(view, FugitiveView):
        face_down = any(not revealed for _, _, revealed in view.hideouts)
    return FUGITIVE if face_down else MARSHAL


class FugitivePresenter(Presenter):
    roles = {"fugitive": FUGITIVE, "marshal": MARSHAL}

    def players(self, state) -> int:
        return 2

    def show(self, state, seat: int) -> list[str]:
        view = state.observation(seat)
        sprint = view.config.sprint
        role = _role(seat)
        turn = f"turn {view.turn}" if view.turn else "before the deal"
        now = _step_text(view.step, seat, view.single_only, state.current_player())
        lines = [f"Fugitive: you are {role}; {turn}. {now}"]
        if view.config.variant != "none":
            lines.append(f"Events variant: {view.config.variant}.")
        lines += _wrap(
            f"Your hand ({len(view.hand)} cards, number+Sprint):",
            [_card(c, sprint) for c in view.hand],
        )
        lines.append("The row, left to right:")
        if seat == FUGITIVE:
            for position, (number, cards, revealed) in enumerate(view.hideouts):
                if position == 0:
                    lines.append("  #0   0  the start, face up")
                    continue
                state_text = (
                    "face up" if number == ESCAPE else ("found" if revealed else "face down")
                )
                under = _cards(cards, sprint) if cards else "-"
                lines.append(f"  #{position:<3}{number:>2}  {state_text:<9}  sprint cards: {under}")
            last = view.hideouts[-1][0]
            reach = last + NORMAL_REACH + view.bonus_reach
            bonus = f" (+{view.bonus_reach} from events)" if view.bonus_reach else ""
            if view.step != "over":
                lines.append(
                    f"Next Hideout: above {last}, up to {reach}{bonus} plus the Sprint of the "
                    "cards laid under it."
                )
            other = f"The Marshal holds {view.marshal_hand_size} cards."
        else:
            for position, (number, count, cards) in enumerate(view.row):
                if position == 0:
                    lines.append("  #0   0  the start, face up")
                elif number is None:
                    lines.append(f"  #{position:<3} ?  face down  {_sprint_count(count)} under it")
                else:
                    found = "face up" if number == ESCAPE else "found"
                    under = _cards(cards, sprint) if cards else "-"
                    lines.append(f"  #{position:<3}{number:>2}  {found:<9}  sprint cards: {under}")
            other = f"The Fugitive holds {view.fugitive_hand_size} cards."
        lines.append(_pile_line(view, other))
        lines += _guess_lines(view.history)
        thrown = [c for c in view.discarded if c <= ESCAPE]  # events are listed below
        if thrown:
            lines += _wrap("Thrown out of play, face up:", [_card(c, sprint) for c in thrown])
        lines += _event_lines(view.history)
        if view.single_only and view.step in ("guess", "manhunt"):
            lines.append("This guess may name one number only.")
        winner = _winner(view)
        if winner is not None:
            lines.append(f"The game is over: {_role(winner)} wins.")
        return lines

    def moves_note(self, state) -> str:
        """At a guess step the moves listed are the single-number guesses (so Tab completes
        them); this says that several numbers may be named at once."""
        if state.steps and state.steps[0].kind in ("guess", "manhunt"):
            return self.move_help(state)
        return ""

    def move_example(self, state) -> str:
        """Return one legal move at this step, in notation (a Hide with Sprint cards when
        there is one among the first few hundred)."""
        step = state.steps[0].kind if state.steps else "over"
        if step in ("guess", "manhunt"):
            view = state.observation(MARSHAL)
            known = set(view.hand) | {n for n, _, _ in view.row if n is not None}
            known |= set(view.discarded)
            tried = {n for e in view.history if e["what"] == "guess" for n in e["numbers"]}
            fresh = [n for n in range(1, ESCAPE) if n not in known | tried]
            number = (fresh or [n for n in range(1, ESCAPE) if n not in known] or [1])[0]
            return f"guess {number}"
        legal = state.legal_actions()
        if step == "place":
            for index in range(min(len(legal), 400)):
                action = legal[index]
                if isinstance(action, Hide) and action.sprint:
                    return format_action(action)
        return format_action(legal[0])

    def move_help(self, state) -> str:
        step = state.steps[0].kind if state.steps else "over"
        example = self.move_example(state)
        if step in ("guess", "manhunt"):
            if step == "manhunt" or state.observation(MARSHAL).single_only:
                how = "guess N: one number from 1 to 41"
            else:
                how = (
                    "guess N, or guess N M ... to name several numbers at once (all must be "
                    "face-down Hideouts, else none is turned up)"
                )
            return f"{how}; for example: {example}"
        if step == "place":
            count = len(state.legal_actions())
            return "\n".join(
                [
                    f"{count:,} moves. Lay a Hideout: hide N, or hide N sprint A B ... to lay the",
                    "  cards A B ... under it (each adds its Sprint value to the reach)"
                    + ("; or pass." if not state.steps[0].first else "."),
                    f"  For example: {example}",
                ]
            )
        return super().move_help(state)

    def announce(self, before, action, after, viewer: int, mover: int) -> list[str]:
        old, new = before.observation(viewer), after.observation(viewer)
        sprint = new.config.sprint
        lines: list[str] = []
        gained = sorted(set(new.hand) - set(old.hand))
        entries = new.history[len(old.history) :]
        for entry in entries:
            lines += self._entry_text(entry, viewer, mover, old, new, gained, sprint)
        winner = _winner(new)
        if winner is not None and _winner(old) is None:
            lines.append(f"The game is over: {_role(winner)} wins.")
        return lines

    def _entry_text(self, entry, viewer, mover, old, new, gained, sprint) -> list[str]:
        what = entry["what"]
        if what == "deal":
            sizes = ", ".join(map(str, entry["sizes"]))
            if viewer == FUGITIVE:
                drawn = [c for c in gained if c not in START_HAND]
                return [
                    f"The cards are dealt. You take {_cards(START_HAND, sprint)} and draw "
                    f"{_cards(drawn, sprint)}.",
                    f"The piles hold {sizes} cards.",
                ]
            return [
                "The cards are dealt: the Fugitive takes his starting hand; "
                f"the piles hold {sizes} cards."
            ]
        if what == "draw":
            drawer = FUGITIVE if entry["player"] == "fugitive" else MARSHAL
            extra = " (a Placeholder: an event is called up)" if entry.get("placeholder") else ""
            if drawer == viewer:
                got = f" and get {_cards(gained, sprint)}" if gained and not extra else ""
                return [f"You draw from pile {entry['pile']}{got}{extra}."]
            return [f"{_upper(_role(drawer))} draws a card from pile {entry['pile']}{extra}."]
        if what == "event":
            drawer = (
                "you"
                if entry["drawer"] == ("fugitive", "marshal")[viewer]
                else (_role(0 if entry["drawer"] == "fugitive" else 1))
            )
            event = EVENT_BY_KEY.get(entry["event"])
            text = f"Event for {drawer}: {_event_name(entry['event'])}"
            if "parity" in entry:
                text += f": Hideout #{entry['position']} is {entry['parity']}"
            elif event is not None:
                text += f": {event.text}"
            return _wrap("", text.split())
        if what == "discard":
            whose = (
                "your"
                if entry["player"] == ("fugitive", "marshal")[viewer]
                else ("the " + entry["player"].capitalize() + "'s")
            )
            return [f"A random card leaves {whose} hand, face up: {_card(entry['card'], sprint)}."]
        if what == "hide":
            if entry["escape"]:
                who = "You lay" if viewer == FUGITIVE else "The Fugitive lays"
                return [f"{who} the 42 face up!"]
            cards = _sprint_count(entry["sprints"])
            if viewer == FUGITIVE:
                number, under, _ = new.hideouts[-1]
                with_cards = f" with sprint cards {_cards(under, sprint)}" if under else ""
                return [f"You lay the {number} face down{with_cards}."]
            return [f"The Fugitive lays a Hideout face down with {cards}."]
        if what == "pass":
            return ["You pass." if viewer == FUGITIVE else "The Fugitive passes."]
        if what == "guess":
            who = "You guess" if viewer == MARSHAL else "The Marshal guesses"
            numbers = " ".join(map(str, entry["numbers"]))
            if not entry["right"]:
                return [f"{who} {numbers}: wrong, nothing is turned up."]
            found = ", ".join(
                _card(n, sprint) + (f" (sprint {_cards(rest, sprint)})" if rest else "")
                for n, *rest in entry["revealed"]
            )
            return _wrap("", f"{who} {numbers}: right! Turned up: {found}.".split())
        if what == "manhunt":
            return [
                "No Hideout above 29 was found: a manhunt! The Marshal guesses one number at a "
                "time;",
                "  her first wrong guess lets the Fugitive escape.",
            ]
        return [f"{what}"]

    def belief(self, seats, seat: int, state) -> str:
        bot = seats.bots[seat]
        if seat == MARSHAL:
            return _marshal_belief(bot, state)
        return _fugitive_belief(bot, state)


def _ranges(values) -> str:
    """Return numbers as short runs: "5-7, 9"."""
    numbers = sorted(values)
    runs, start = [], None
    for index, number in enumerate(numbers):
        if start is None:
            start = number
        if index + 1 == len(numbers) or numbers[index + 1] != number + 1:
            runs.append(str(start) if start == number else f"{start}-{number}")
            start = None
    return ", ".join(runs) or "nothing"


def _marshal_belief(bot, state) -> str:
    deduction = getattr(bot, "last", None)
    if not hasattr(bot, "last"):
        return "guesses at random among the numbers she has not seen elsewhere"
    step = state.steps[0].kind if state.steps else "over"
    if deduction is None:
        return "draws from the pile of the cards the Fugitive likely needs next; no guess yet"
    parts = [
        f"#{position}: {_ranges(values)}"
        for position, values in zip(deduction.positions, deduction.possible, strict=True)
    ]
    head = (
        "what each face-down Hideout may still be:"
        if step in ("guess", "manhunt")
        else "draws where the Fugitive's next cards lie; at her last guess:"
    )
    lines = _wrap(head, [p + ";" for p in parts[:-1]] + parts[-1:])
    if len(lines) > 4:
        lines = lines[:3] + [f"  ... and {len(parts)} face-down Hideouts in all"]
    certain = deduction.certain()
    if certain and len(lines) < 4:
        lines.append(f"sure of: {', '.join(str(v) for v in sorted(certain.values()))}")
    return "\n".join(lines)


def _fugitive_belief(bot, state) -> str:
    if bot.__class__.__name__ != "PlanningFugitive":
        return "sees all his own cards; draws, lays and passes at random"
    view = state.observation(FUGITIVE)
    if view.step != "place":
        return "sees all his own cards; draws from the pile his next Hideouts come from"
    from generator.games.fugitive.bots import plan_escape

    last = view.hideouts[-1][0]
    path = plan_escape(last, view.hand, view.bonus_reach, view.config.sprint)
    if path is None:
        return "sees all his own cards; no way to the 42 with his hand yet"
    steps = [
        f"{hideout}" + (f" (sprint {' '.join(map(str, spent))})" if spent else "")
        for hideout, spent in path
    ]
    words = [f"{step} >" for step in steps[:-1]] + steps[-1:]
    return "\n".join(_wrap("sees all his own cards; his way to the 42:", words))


PRESENTER = FugitivePresenter()
