"""Decks of cards drawn as at the table: shuffled, drawn to the end, shuffled again."""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Generic, TypeVar

Card = TypeVar("Card")


class Deck(Generic[Card]):
    """Draws without replacement from a shuffled pile; an empty pile is reshuffled whole.

    Reports say so: drawing from a real deck differs measurably from independent draws,
    which is what exact figures assume.
    """

    def __init__(self, cards: Sequence[Card], rng: random.Random) -> None:
        self.cards, self.rng = cards, rng
        self.pile: list[Card] = []

    def draw(self) -> Card:
        if not self.pile:
            self.pile = list(self.cards)
            self.rng.shuffle(self.pile)
        return self.pile.pop()
