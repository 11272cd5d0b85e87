"""RINKSIDE HOCKEY's deck as a table draws it (README §0): a shuffled stack of the 100 play
result cards, the top card turned over beside it at each draw.

What a draw shows is the turned card's back (the Left face) beside the front of the card now
on top of the stack (the Right face). The next draw turns that same card, so the Right face
of one draw and the Left face of the next are the two sides of one card. When the last card
is turned there is no stack to show a Right face, so the 99 cards already turned, all but
the one lying face up, are shuffled into a new stack (`Settings.last_card`
`reshuffle_others`); the face-up card joins the following reshuffle."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import dataclass

from authoring.games.rinkside.deck import Card, Face, Side, black_n100


@dataclass(frozen=True)
class Draw:
    """The two faces in view after a draw, and the cards they belong to (None on a draw made
    by hand for a rule's test)."""

    left: Face
    right: Face
    left_card: int | None = None
    right_card: int | None = None

    @property
    def black100(self) -> int:
        """Black #100: the Left face's black digit then the Right face's, 00 read as 100
        (seed L96)."""
        return black_n100(self.left, self.right)

    def face(self, side: Side) -> Face:
        return self.left if side == "left" else self.right


class DrawPile:
    """The stack of play result cards in play, drawn one card at a time from a seeded
    generator, so the same generator state always gives the same draws."""

    def __init__(self, cards: Sequence[Card], rng: random.Random) -> None:
        if len(cards) < 2:
            raise ValueError("a draw shows two cards: the deck needs at least two")
        self._cards = tuple(cards)
        self._rng = rng
        self._stack = list(self._cards)  # the top card last
        self._rng.shuffle(self._stack)
        self.reshuffles = 0
        self.draws = 0

    @property
    def left_in_stack(self) -> int:
        return len(self._stack)

    def draw(self) -> Draw:
        """Turn the top card over: its back is the Left face, the new top card's front the
        Right face; turning the last card first reshuffles every other card into a stack."""
        turned = self._stack.pop()
        if not self._stack:
            self._stack = [card for card in self._cards if card is not turned]
            self._rng.shuffle(self._stack)
            self.reshuffles += 1
        showing = self._stack[-1]
        self.draws += 1
        return Draw(turned.left, showing.right, turned.card, showing.card)
