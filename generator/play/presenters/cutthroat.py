"""CutThroat! on screen: your identity and enemy, every character's life card (markers,
heart, whether it is alive and whose it is once revealed), and the public log in words.
Everything but the deal is public, so every move is told as it is; the deal tells each seat
only its own two cards."""

from __future__ import annotations

from generator.games.cutthroat.rules import REMOVED
from generator.play.presenters import Presenter

LOG_SHOWN = 8  # the last entries of the public log on the screen


class CutthroatPresenter(Presenter):
    def seat_name(self, state, seat: int) -> str:
        return f"seat {seat}"

    def show(self, state, seat: int) -> list[str]:
        seen = state.observation(seat)
        ranks = state.ranks
        owner = {rank: s for s, rank in seen["revealed"].items()}
        lines = [
            f"CutThroat!, {state.players} seats; you are seat {seat}: "
            f"the {seen['identity']}, and your enemy is the {seen['enemy']}.",
            "",
            "character  markers  heart          player",
        ]
        for character, rank in enumerate(ranks):
            heart = seen["hearts"][character]
            if heart is None:
                held = "beside it"
            elif heart == REMOVED:
                held = "out of play"
            else:
                held = f"held by seat {heart}"
            alive = seen["alive"][character]
            status = str(seen["markers"][character]) if alive else "dead"
            if rank == seen["identity"]:
                who = "you"
            else:
                who = f"seat {owner[rank]}" if rank in owner else "hidden"
            lines.append(f"  {rank:>2}       {status:>5}    {held:<14} {who}")
        lines.append("")
        if seen["sudden"]:
            lines.append("Sudden death: a character dies when its card is left empty.")
        if seen["phase"] == "over":
            lines.append("The game is over.")
        else:
            lines.append(
                f"Seat {seen['to_move']} to move ({_phase(seen['phase'])})"
                + (f"; the revealed {seen['owed']} is owed takes" if seen["owed"] else "")
            )
        log = seen["log"][-LOG_SHOWN:]
        if log:
            lines.append("Lately:")
            lines += [f"  {_words(entry, ranks)}" for entry in log]
        return lines

    def announce(self, before, action, after, viewer, mover) -> list[str]:
        new = after.log[len(before.log) :]
        lines = []
        for entry in new:
            if entry[0] == "deal":
                seen = after.observation(viewer, with_log=False)
                lines.append(
                    f"The cards are dealt: you are the {seen['identity']}, "
                    f"and your enemy is the {seen['enemy']}."
                )
            else:
                lines.append(_words(entry, after.ranks))
        return lines

    def belief(self, seats, seat: int, state) -> str:
        """The likeliest identity of each hidden seat, from the public tracker the deducing
        bots share, given what this seat knows (its own card and the revealed ones)."""
        tracker = getattr(seats, "tracker", None)
        if tracker is None:
            return "plays from the public record and its own cards"
        seen = state.observation(seat, with_log=False)
        names = {rank: c for c, rank in enumerate(state.ranks)}
        known = {s: names[rank] for s, rank in seen["revealed"].items()}
        known[seat] = names[seen["identity"]]
        chances = tracker.marginals(known)
        best: dict[int, tuple[float, int]] = {}
        for (other, character), p in chances.items():
            if other not in best or p > best[other][0]:
                best[other] = (p, character)
        parts = [
            f"seat {other} the {state.ranks[c]} ({p:.0%})" for other, (p, c) in sorted(best.items())
        ]
        return "likeliest: " + ", ".join(parts) if parts else "every identity is known"


def _phase(phase: str) -> str:
    return {
        "main": "play or guess",
        "take": "taking markers",
        "put": "putting markers back",
        "bonus": "the enemy's extended play, or pass",
    }.get(phase, phase)


def _words(entry: tuple, ranks: tuple[str, ...]) -> str:
    """Return one public log entry in words."""
    kind = entry[0]
    if kind == "guess":
        _, guesser, target, character, right = entry
        verdict = "right" if right else "wrong"
        return f"seat {guesser} guesses seat {target} is the {ranks[character]}: {verdict}"
    if kind == "take":
        return f"seat {entry[1]} takes a marker off the {ranks[entry[2]]}"
    if kind == "put":
        return f"seat {entry[1]} puts a marker on the {ranks[entry[2]]}"
    if kind == "pass":
        return f"seat {entry[1]} passes"
    if kind == "return":
        return f"seat {entry[1]} gives back the heart of the {ranks[entry[2]]}"
    if kind == "wound":
        return f"seat {entry[1]} wounds the {ranks[entry[2]]} and takes its heart"
    if kind == "death":
        return f"the {ranks[entry[2]]} dies"
    if kind == "sudden":
        return "three characters are left: sudden death"
    if kind == "reveal":
        return f"seat {entry[1]} is the {ranks[entry[2]]}"
    if kind == "free pass":
        return "free pass: " + ", ".join(f"the {ranks[c]}" for c in entry[1:]) + " shown"
    if kind == "deal":
        return "the cards are dealt"
    names = {
        "play": "plays",
        "extend": "makes an extended play",
        "double": "makes a double extended play",
        "bonus": "takes the enemy's extended play",
    }
    return f"seat {entry[1]} {names.get(kind, kind)}"


PRESENTER = CutthroatPresenter()
