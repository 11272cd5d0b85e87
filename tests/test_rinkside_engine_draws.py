"""RINKSIDE HOCKEY's deck as a table draws it (README §0): the shipped 100 cards shuffled,
each draw showing the turned card's back beside the next card's front."""

from __future__ import annotations

from collections import Counter
from itertools import pairwise

import pytest

from authoring.games.rinkside import GAME
from authoring.games.rinkside.deck import Card, Face
from authoring.games.rinkside.draws import Draw, DrawPile
from authoring.games.rinkside.model import Rinkside, build_model
from authoring.simulation import run_rng
from authoring.validate import validate_workbook

SEED = 14


@pytest.fixture(scope="module")
def league() -> Rinkside:
    return build_model(validate_workbook(GAME.workbook, GAME).tables)


@pytest.fixture(scope="module")
def cards(league: Rinkside) -> tuple[Card, ...]:
    assert len(league.cards) == 100
    return league.cards


def drawn(cards: tuple[Card, ...], count: int, seed: int = SEED) -> list[Draw]:
    pile = DrawPile(cards, run_rng(seed, 0))
    return [pile.draw() for _ in range(count)]


def test_every_ordered_pair_of_two_cards_shows_and_never_a_card_with_itself(cards):
    """Seed L85: a drawn card is "flipped over to reveal the other side" beside the deck, so a
    draw is the back of one card beside the front of another: over a long run each of the
    9,900 ordered pairs of distinct cards shows, and no card beside itself."""
    seen = {(d.left_card, d.right_card) for d in drawn(cards, 200_000)}
    assert all(left != right for left, right in seen)
    assert len(seen) == 100 * 99


def test_the_right_face_of_a_draw_is_the_card_the_next_draw_turns(cards):
    """README §0, the carried card: the next draw turns over the card whose front was the
    Right face, so its back is the next Left face."""
    by_number = {card.card: card for card in cards}
    draws = drawn(cards, 1_000)
    for before, after in pairwise(draws):
        assert before.right_card == after.left_card
        assert before.right is by_number[before.right_card].right
        assert after.left is by_number[after.left_card].left


def test_the_deck_is_reshuffled_when_its_last_card_is_turned(cards):
    """Seed L85: "Once all cards are drawn, they are re-shuffled". The first stack turns all
    100 cards; the card turned last lies face up while the other 99 make the new stack, so
    every later stack is 99 cards and leaves out the card turned just before it."""
    pile = DrawPile(cards, run_rng(SEED, 0))
    first = [pile.draw() for _ in range(99)]
    assert pile.reshuffles == 0
    last = pile.draw()
    assert pile.reshuffles == 1
    assert Counter(d.left_card for d in [*first, last]) == Counter(card.card for card in cards)
    assert last.right_card != last.left_card
    second = [pile.draw() for _ in range(99)]
    assert pile.reshuffles == 2
    assert pile.draws == 199
    assert Counter(d.left_card for d in second) == Counter(
        card.card for card in cards if card.card != last.left_card
    )


@pytest.mark.parametrize(
    ("left", "right", "black100"), [(0, 5, 5), (1, 0, 10), (9, 9, 99), (0, 0, 100)]
)
def test_black_100_is_the_left_black_digit_then_the_right(left, right, black100):
    """Seed L96: the two black numbers "are combined together"; "a double 0 (00), that is
    read as 100"."""
    shown = Draw(
        Face(black=left, n100=50, red=1, blue=1), Face(black=right, n100=50, red=1, blue=1)
    )
    assert shown.black100 == black100


def test_a_seed_gives_the_same_draws_and_another_seed_others(cards):
    same = [(d.left_card, d.right_card) for d in drawn(cards, 500)]
    again = [(d.left_card, d.right_card) for d in drawn(cards, 500)]
    other = [(d.left_card, d.right_card) for d in drawn(cards, 500, seed=SEED + 1)]
    assert same == again
    assert same != other
