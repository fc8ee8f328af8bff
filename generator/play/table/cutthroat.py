"""CutThroat! at the table: Quarry deals, the person plays one seat, Quarry's bots the rest.

**Choice** (who deals). Quarry plays every seat but one, and each of its seats has a secret
identity and enemy that must differ from the person's. Whoever deals those cards knows by
elimination which ranks are left for the person, so there is no deal in which Quarry holds
its seats' cards and does not know the person's. Quarry therefore deals: it tells the
person which identity and enemy to take from the diamonds and spades, face down, and keeps
its own seats' cards in memory (the other diamonds and spades stay in the box). Its bots
still play only from their own seats' views, as on screen; nothing they decide reads the
person's cards.

What the person says is what the rules make them say: their plays and guesses, in the
notation (`take A`, `put 8`, `guess 3 5`, `bonus`, `pass`), and a true answer when a bot
names them in a guess. An answer that contradicts the deal is caught at once and shown with
it; the person answers again.
"""

from __future__ import annotations

from generator.engine.game import CHANCE
from generator.play.table import Contradiction, Table, yes_no


def hides(session) -> bool:
    """The person's identity is the only secret, and the table game asks for it."""
    return True


def play(session, table: Table) -> None:
    """Play CutThroat! at the table until it ends."""
    seat = min(session.people)
    view = session.view
    while session.to_move() == CHANCE:  # the deal
        session.play(session.chance_action())
    state = session.state
    seen = state.observation(seat, with_log=False)
    table.say(
        f"Quarry has dealt. Take the {seen['identity']} of diamonds (who you are) and the "
        f"{seen['enemy']} of spades (your enemy) and keep them face down before you; the "
        "other diamonds and spades stay in the box. Set out the clubs of the ranks in play "
        f"as life cards with {state.rules.markers} markers on each, and their hearts.",
        f"You are seat {seat}; the seats play in order from seat {state.seat}.",
    )
    out = False
    while not session.over():
        if not out and not session.state.seat_alive(seat):
            out = True
            table.say("Your character is dead: you are out. Quarry plays the others to the end.")
        if session.to_move() == CHANCE:
            table.say(*session.play(session.chance_action()))
            continue
        if session.to_move() == seat:
            moves = view.moves(session.state) or []
            listed = f": {' | '.join(moves)}" if len(moves) <= 7 else ""
            action = table.ask(
                f"Your move (seat {seat}{listed})",
                session.parse,
                moves,
                "a move in the notation: " + " | ".join(moves[:10]),
            )
            table.say(*session.play(action))
            continue
        action = session.bot_action()
        text = session.state.format_action(action)
        words = text.split()
        if words[0] == "guess" and int(words[1]) == seat:
            _ask_answer(session, table, seat, words[2])
        table.say(*session.play(action))


def _ask_answer(session, table: Table, seat: int, rank: str) -> None:
    """Ask the person whether they are `rank`, as the rules oblige them to say truly."""
    guesser = session.state.seat
    truth = session.state.observation(seat, with_log=False)["identity"]

    def read(text: str) -> bool:
        said = yes_no(text)
        if said != (truth == rank):
            raise Contradiction(
                f"{'yes' if said else 'no'}, you are {'' if said else 'not '}the {rank}",
                [f"Quarry dealt you the {truth} of diamonds as your identity"],
            )
        return said

    table.ask(
        f"Seat {guesser} guesses that you are the {rank}. Are you?",
        read,
        ["yes", "no"],
        "yes or no",
    )
