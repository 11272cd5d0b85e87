"""RINKSIDE HOCKEY's 100 play result cards as numbers, and what a draw shows, exactly.

A draw turns the top card over beside the stack: its back (the Left face) lies next to the
front of the card below it (the Right face). Over a shuffled deck every ordered pair of two
different cards is one equally likely draw, so every probability here is a whole count of
such pairs over their number (9,900 for 100 cards), kept as a `Fraction`: no sampling.

A pair count comes from per-card counts (README §3.3): if `n` cards pass the Left-face test,
`m` pass the Right-face test and `k` cards pass both on their own two faces, `n·m - k`
ordered pairs of different cards pass."""

from __future__ import annotations

from bisect import bisect_left
from collections import Counter
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from typing import Literal

from authoring.findings import Location

Side = Literal["left", "right"]
SIDES: tuple[Side, ...] = ("left", "right")
PREFIX: dict[Side, str] = {"left": "l_", "right": "r_"}

CARDS = 100
BLACK_VALUES = range(1, 101)  # Black #100: 01 … 99, and 00 read as 100 (seed L96)
N100_VALUES = range(1, 101)
RED_VALUES = range(1, 11)
BLUE_VALUES = range(1, 21)
DIGITS = range(10)
YELLOW = 10  # a red or blue 10 is printed yellow (seed L1317)


@dataclass(frozen=True)
class Face:
    """What is printed on one side of a card: its numbers, and its sections (README §3.2),
    each named as its PlayResultCards column without the `l_`/`r_` prefix. A section the
    face does not carry, or a blank cell, is None."""

    black: int  # 0-9: one digit of Black #100
    n100: int  # the face's own #100, 1-100
    red: int  # 1-10
    blue: int  # 1-20
    # The Left face (a card's back).
    faceoff: str | None = None  # "1"-"20", TOSS-D, TOSS-O, PENALTY, ENFORCERS
    side: str | None = None
    zone: str | None = None
    zone_who: str | None = None  # on BOARD SCRUM only
    puck_location: str | None = None
    hit_minus: str | None = None  # HIT, P? or blank, per hitting strategy
    hit: str | None = None
    hit_plus: str | None = None
    shot_symbol: str | None = None
    assist_credit: str | None = None
    breakout_player: str | None = None
    fchk1: str | None = None  # per forecheck strategy
    fchk2: str | None = None
    fchk3: str | None = None
    nz_colour: str | None = None
    nz_yellow: str | None = None  # on YELLOW only
    nz_defender: str | None = None
    dump: str | None = None
    rush: str | None = None
    rush_defender: str | None = None  # on TRANSITION and ODD MAN RUSH only
    mo: int | None = None
    dirty: str | None = None
    scramble: str | None = None
    # The Right face (a card's front).
    faceoff_control: str | None = None
    hv: str | None = None
    zone_off: str | None = None
    zone_def: str | None = None
    grade: str | None = None
    grade_pos: str | None = None
    block_who: str | None = None
    net_who: str | None = None
    post: str | None = None
    breakout1: str | None = None  # per forechecking team's strategy
    breakout2: str | None = None
    breakout3: str | None = None
    bad_breakout: str | None = None
    forecheck_who: str | None = None
    nz_off: str | None = None
    dump_off: str | None = None
    dump_def: str | None = None
    rush_off: str | None = None
    rush_failed: str | None = None
    nz_failed: str | None = None
    physical: str | None = None  # HIT or BIG HIT
    physical_n: int | None = None  # 1-10, with an action only
    after_whistle: str | None = None
    # Both faces: the Official Call boxes, filled in the order TIGHT, NORMAL, LET THEM PLAY.
    call_tight: bool | None = None
    call_normal: bool | None = None
    call_ltp: bool | None = None

    @property
    def yellow(self) -> bool:
        """A yellow 10 shows on this face: its red or its blue is 10."""
        return YELLOW in (self.red, self.blue)

    @property
    def n100_ends_in_zero(self) -> bool:
        return self.n100 % 10 == 0


@dataclass(frozen=True)
class Card:
    card: int
    left: Face  # the back: seen when this card has just been turned over
    right: Face  # the front: seen while this card lies on top of the stack
    location: Location | None = None

    def face(self, side: Side) -> Face:
        return self.left if side == "left" else self.right


FaceTest = Callable[[Face], bool]


def draw_count(cards: Sequence[Card]) -> int:
    """Ordered pairs of different cards: the equally likely draws."""
    return len(cards) * (len(cards) - 1)


def draws(cards: Sequence[Card]) -> Iterator[tuple[Face, Face]]:
    """Every draw as (Left face, Right face), each once: the space the counts here stand
    for, to enumerate when a question has no per-card formula."""
    for first in cards:
        for second in cards:
            if first is not second:
                yield first.left, second.right


def pairs_where(cards: Sequence[Card], left: FaceTest, right: FaceTest) -> int:
    """Draws whose Left face passes `left` and Right face passes `right`: n·m - k."""
    lefts = sum(left(card.left) for card in cards)
    rights = sum(right(card.right) for card in cards)
    both = sum(left(card.left) and right(card.right) for card in cards)
    return lefts * rights - both


def chance(cards: Sequence[Card], left: FaceTest, right: FaceTest) -> Fraction:
    return Fraction(pairs_where(cards, left, right), draw_count(cards))


def black_n100(left: Face, right: Face) -> int:
    """The Left face's black digit, then the Right face's; 00 is 100."""
    return 10 * left.black + right.black or 100


def black_counts(cards: Sequence[Card]) -> dict[int, int]:
    """Draws giving each Black #100, from the cards' own digit pairs (README §3.3)."""
    lefts = Counter(card.left.black for card in cards)
    rights = Counter(card.right.black for card in cards)
    own = Counter((card.left.black, card.right.black) for card in cards)
    return {10 * a + b or 100: lefts[a] * rights[b] - own[a, b] for a in DIGITS for b in DIGITS}


def black_distribution(cards: Sequence[Card]) -> dict[int, Fraction]:
    total = draw_count(cards)
    return {value: Fraction(n, total) for value, n in sorted(black_counts(cards).items())}


def face_counts(cards: Sequence[Card], side: Side, field: str) -> Counter[Hashable]:
    """How many cards show each value of `field` on that side."""
    return Counter(getattr(card.face(side), field) for card in cards)


def face_distribution(cards: Sequence[Card], side: Side, field: str) -> dict[Hashable, Fraction]:
    """A draw shows one card's face on each side, each card equally likely: count / cards."""
    counts = face_counts(cards, side, field)
    return {value: Fraction(n, len(cards)) for value, n in counts.items()}


@dataclass(frozen=True)
class AuxiliaryEvent:
    """A yellow 10 of one colour on one side, with the other side's #100 ending in 0."""

    side: Side
    colour: Literal["red", "blue"]

    def label(self) -> str:
        other = "Right" if self.side == "left" else "Left"
        return f"{self.side.capitalize()} {self.colour} 10 with {other} #100 ending 0"

    def yellow(self, face: Face) -> bool:
        return (face.red if self.colour == "red" else face.blue) == YELLOW

    def tests(self) -> tuple[FaceTest, FaceTest]:
        """(Left-face test, Right-face test)."""
        if self.side == "left":
            return self.yellow, _ends_in_zero
        return _ends_in_zero, self.yellow

    def chance(self, cards: Sequence[Card]) -> Fraction:
        return chance(cards, *self.tests())

    def on_one_card(self, card: Card) -> bool:
        """The card alone carries both halves of the event, on its own two faces: such a
        card can never show them together, which is what moves the fraction off n·m."""
        left, right = self.tests()
        return left(card.left) and right(card.right)


AUXILIARY_EVENTS = tuple(
    AuxiliaryEvent(side, colour) for side in SIDES for colour in ("red", "blue")
)


def auxiliary_count(cards: Sequence[Card]) -> int:
    """Draws that trigger an auxiliary play (seed L1317): a yellow 10 on either face with
    the opposite face's #100 ending in 0. Inclusion-exclusion over the two sides (README
    §3.4): A = back yellow, B = front #100 ends 0, C = front yellow, D = back #100 ends 0."""

    def cards_where(test: Callable[[Card], bool]) -> int:
        return sum(test(card) for card in cards)

    a = cards_where(lambda card: card.left.yellow)
    b = cards_where(lambda card: card.right.n100_ends_in_zero)
    c = cards_where(lambda card: card.right.yellow)
    d = cards_where(lambda card: card.left.n100_ends_in_zero)
    ab = cards_where(lambda card: card.left.yellow and card.right.n100_ends_in_zero)
    cd = cards_where(lambda card: card.right.yellow and card.left.n100_ends_in_zero)
    ad = cards_where(lambda card: card.left.yellow and card.left.n100_ends_in_zero)
    bc = cards_where(lambda card: card.right.yellow and card.right.n100_ends_in_zero)
    abcd = cards_where(
        lambda card: (
            card.left.yellow
            and card.left.n100_ends_in_zero
            and card.right.yellow
            and card.right.n100_ends_in_zero
        )
    )
    return (a * b - ab) + (c * d - cd) - (ad * bc - abcd)


def auxiliary_chance(cards: Sequence[Card]) -> Fraction:
    return Fraction(auxiliary_count(cards), draw_count(cards))


def n100_comparison(cards: Sequence[Card]) -> tuple[Fraction, Fraction, Fraction]:
    """P(Left #100 > Right #100), P(Right > Left), P(tie) on a draw (warm-up, fights, last
    second, goal review): over all ordered pairs including a card with itself the two sides'
    values compare as two lists, and a card's own pair is then taken out."""
    lefts = sorted(card.left.n100 for card in cards)
    rights = sorted(card.right.n100 for card in cards)
    greater = sum(bisect_left(rights, value) for value in lefts)
    ties = sum(rights.count(value) for value in lefts)
    less = len(cards) ** 2 - greater - ties
    own_greater = sum(card.left.n100 > card.right.n100 for card in cards)
    own_less = sum(card.left.n100 < card.right.n100 for card in cards)
    own_ties = len(cards) - own_greater - own_less
    total = draw_count(cards)
    return (
        Fraction(greater - own_greater, total),
        Fraction(less - own_less, total),
        Fraction(ties - own_ties, total),
    )


def _ends_in_zero(face: Face) -> bool:
    return face.n100_ends_in_zero
