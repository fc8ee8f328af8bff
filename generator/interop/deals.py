"""Deals our rules draw whole, dealt a card at a time for OpenSpiel's explicit chance.

CutThroat! deals each seat an identity and an enemy; Fugitive shuffles three piles (and, in
its variants, events or Placeholders into them, and event piles beside them). OpenSpiel wants
small chance steps, so each card of such a deal is one chance outcome, with the probability
that makes the finished deal come up exactly as often as our rules' whole draw
(`sample_chance`); the deal is handed to our state as one action once every card is placed.

A dealer answers, from our state and the cards picked so far (outcome ids): whether the state
waits for such a deal, the outcomes of the next card with their probabilities, the deal once
complete, and how an outcome is written. Nothing here imports a framework.
"""

from __future__ import annotations

from generator.engine.game import CHANCE
from generator.games.fugitive.cards import (
    EVENTS,
    ICONS,
    PILES,
    PLACEHOLDERS,
    START_DRAWS,
    card_name,
    helped_icon,
)
from generator.games.fugitive.rules import Deal

# --- CutThroat!: identities, then enemies -----------------------------------------------------


class _Shared:
    """A dealer holds no state of a game: a copied OpenSpiel state shares it."""

    def __deepcopy__(self, memo):
        return self


class CutthroatDealer(_Shared):
    """Each seat's identity, then each seat's enemy: each pick uniform among the characters
    not yet dealt on its side (our rules shuffle both sides)."""

    @staticmethod
    def waiting(quarry) -> bool:
        return quarry.phase == "deal" and quarry.current_player() == CHANCE

    @staticmethod
    def outcomes(quarry, picks: list[int]) -> list[tuple[int, float]]:
        players = quarry.players
        side = set(picks[:players] if len(picks) < players else picks[players:])
        chance = 1 / (players - len(side))
        return [(character, chance) for character in range(players) if character not in side]

    @staticmethod
    def deal(quarry, picks: list[int]):
        players = quarry.players
        if len(picks) < 2 * players:
            return None
        return quarry.deal_text(picks[:players], picks[players:])

    @staticmethod
    def text(outcome: int) -> str:
        return f"deal card {outcome}"


# --- Fugitive: the piles, then the event piles ------------------------------------------------

# outcome ids of Fugitive's deal: the Hideouts 0-42 are their numbers, then the events, then
# the Placeholders (the plain deck's ids are the Hideouts' numbers)
FUGITIVE_CARDS = (*range(43), *(event.card for event in EVENTS), *PLACEHOLDERS)
_FUGITIVE_ID = {card: index for index, card in enumerate(FUGITIVE_CARDS)}


class _Segment:
    """A run of places dealt in order: `places` cards, from `fixed` (cards certain to go
    here, each as likely as another) and `pooled` (cards of which only `wanted` go here,
    chosen uniformly among those not yet placed)."""

    __slots__ = ("places", "fixed", "pooled", "wanted")

    def __init__(self, places: int, fixed, pooled=(), wanted: int = 0):
        self.places, self.fixed, self.pooled, self.wanted = places, tuple(fixed), pooled, wanted


def _fugitive_plan(config) -> tuple[list[_Segment], list[int]]:
    """Return the segments of a deal of `config` in dealing order, and which of them end
    a pile or an event pile (their indexes), as rules.deal_for deals: the Hideouts of each
    pile shuffled, the setup draws off its top, then the variant's extra cards shuffled into
    the rest; the event piles (discovery: one, catchup: one per icon) shuffled."""
    variant = config.variant
    counts = config.pile_counts() or (0, 0, 0)
    pooled: tuple[int, ...] = ()
    if variant == "random":
        pooled = tuple(config.event_cards())
    elif variant.startswith("helpful-"):
        pooled = tuple(config.event_cards(helped_icon(variant)))
    segments, ends = [], []
    for pile, ((low, high), drawn) in enumerate(zip(PILES, START_DRAWS, strict=True)):
        hideouts = range(low, high + 1)
        placeholders = PLACEHOLDERS[2 * pile : 2 * pile + 2] if variant == "catchup" else ()
        segments.append(_Segment(drawn, hideouts))
        rest = len(hideouts) - drawn + len(placeholders) + counts[pile]
        segments.append(_Segment(rest, (*hideouts, *placeholders), pooled, counts[pile]))
        ends.append(len(segments) - 1)
    groups: list[list[int]] = []
    if variant == "discovery":
        groups = [config.event_cards()]
    elif variant == "catchup":
        groups = [config.event_cards(icon) for icon in ICONS]
    for group in groups:
        segments.append(_Segment(len(group), group))
        ends.append(len(segments) - 1)
    return segments, ends


class FugitiveDealer(_Shared):
    """Pile 1 top first, then piles 2 and 3, then any event piles, a card at a time. A card
    certain to go into the current pile is as likely as another; an event of which a pile
    takes only some (the random and helpful variants) comes up with the chance that it is
    one of those still owed to this pile, so the piles hold what our rules' whole deal
    gives them, in the same proportions."""

    def __init__(self, config):
        self.segments, self.ends = _fugitive_plan(config)
        self.events = len(self.ends) > 3
        self.places = sum(segment.places for segment in self.segments)

    @staticmethod
    def waiting(quarry) -> bool:
        return quarry.current_player() == CHANCE and quarry.steps[0].kind == "deal"

    def outcomes(self, quarry, picks: list[int]) -> list[tuple[int, float]]:
        cards = [FUGITIVE_CARDS[pick] for pick in picks]
        used, start = set(cards), 0
        for segment in self.segments:
            if len(cards) < start + segment.places:
                return self._next(segment, cards[start:], used)
            start += segment.places
        return []

    @staticmethod
    def _next(segment: _Segment, here: list[int], used: set[int]) -> list[tuple[int, float]]:
        fixed = [card for card in segment.fixed if card not in used]
        pooled = [card for card in segment.pooled if card not in used]
        owed = segment.wanted - sum(card in segment.pooled for card in here)
        shares = len(fixed) + owed  # a card certain to come has one share, the owed ones one
        chance = [(card, 1 / shares) for card in fixed]
        if owed:
            chance += [(card, owed / (len(pooled) * shares)) for card in pooled]
        return [(_FUGITIVE_ID[card], p) for card, p in chance]

    def deal(self, quarry, picks: list[int]):
        if len(picks) < self.places:
            return None
        cards = [FUGITIVE_CARDS[pick] for pick in picks]
        runs, start, end_of = [], 0, 0
        for index, segment in enumerate(self.segments):
            start += segment.places
            if index in self.ends:
                runs.append(tuple(cards[end_of:start]))
                end_of = start
        return Deal(tuple(runs[:3]), tuple(runs[3:]))

    @staticmethod
    def text(outcome: int) -> str:
        return f"deal card {card_name(FUGITIVE_CARDS[outcome])}"


def dealer(name: str, quarry):
    """Return the dealer of game `name` (its state `quarry` at the start), or None when our
    rules draw no deal whole."""
    if name == "cutthroat":
        return CutthroatDealer()
    if name == "fugitive":
        return FugitiveDealer(quarry.config)
    return None
