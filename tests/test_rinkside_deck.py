"""RINKSIDE HOCKEY's 100 play result cards, their numbers only: the shipped deck's exact
chances, worked out here by enumerating every draw from the cells themselves, and each deck
check caught at its cell on a copy a designer has broken."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import column, found, records, row_where
from conftest import edited_copy

from authoring.games.rinkside import GAME
from authoring.games.rinkside.deck import (
    AUXILIARY_EVENTS,
    PREFIX,
    SIDES,
    auxiliary_chance,
    black_counts,
    black_distribution,
    black_n100,
    draws,
    face_distribution,
    n100_comparison,
)
from authoring.games.rinkside.model import build_model
from authoring.validate import Validation, validate_workbook

SHEET = "PlayResultCards"
DRAWS = 9_900

Edit = Callable[[openpyxl.Workbook], None]
Row = dict[str, Any]


@pytest.fixture(scope="module")
def cards() -> list[Row]:
    """The shipped sheet's rows as openpyxl reads them, without the game's code."""
    return [values for _, values in records(openpyxl.load_workbook(GAME.workbook)[SHEET])]


@pytest.fixture
def check(tmp_path: Path) -> Callable[[Edit], Validation]:
    """Validate a designer's copy after `edit`."""
    return lambda edit: validate_workbook(edited_copy(GAME, tmp_path, edit), GAME)


def every_draw(cards: list[Row]) -> list[tuple[Row, Row]]:
    """(turned card, card now on top of the stack): its back is Left, the other's front Right."""
    return [(i, j) for i in cards for j in cards if i is not j]


def black_of(turned: Row, top: Row) -> int:
    return 10 * turned["l_black"] + top["r_black"] or 100


def chance(cards: list[Row], event: Callable[[Row, Row], bool]) -> Fraction:
    draws = every_draw(cards)
    assert len(draws) == DRAWS
    return Fraction(sum(event(i, j) for i, j in draws), DRAWS)


def shipped_cell(header: str, card: int) -> str:
    sheet = openpyxl.load_workbook(GAME.workbook)[SHEET]
    return f"{column(sheet, header)}{row_where(sheet, card=card)}"


def pair_value_cell(pair_id: str) -> str:
    """The `value` cell of a ReadTogether row in the shipped workbook."""
    sheet = openpyxl.load_workbook(GAME.workbook)["ReadTogether"]
    return f"{column(sheet, 'value')}{row_where(sheet, pair_id=pair_id)}"


def message(validation: Validation, code: str) -> str:
    [finding] = [f for f in validation.findings if f.code == code]
    return finding.message


def set_value(book: openpyxl.Workbook, header: str, card: int, value: int) -> None:
    sheet = book[SHEET]
    sheet[f"{column(sheet, header)}{row_where(sheet, card=card)}"] = value


def card_with(cards: list[Row], **match: Any) -> Row:
    return next(c for c in cards if all(c[k] == v for k, v in match.items()))


def test_the_shipped_deck_is_clean_and_the_model_holds_every_card(cards):
    validation = validate_workbook(GAME.workbook, GAME)
    assert validation.findings == []
    deck = build_model(validation.tables).cards
    assert [c.card for c in deck] == list(range(1, 101)) == [c["card"] for c in cards]
    assert [(c.left.n100, c.right.blue) for c in deck] == [
        (c["l_n100"], c["r_blue"]) for c in cards
    ]


def test_black_n100_comes_up_exactly_one_time_in_a_hundred(cards):
    """Seed L96: the Left and Right black digits "combined together" make a number from 1
    to 100, "00" read as 100. Every value is equally likely, counted over the 9,900 draws."""
    counts = dict.fromkeys(range(1, 101), 0)
    for turned, top in every_draw(cards):
        counts[black_of(turned, top)] += 1
    assert set(counts.values()) == {99}
    deck = build_model(validate_workbook(GAME.workbook, GAME).tables).cards
    assert black_distribution(deck) == {n: Fraction(1, 100) for n in range(1, 101)}
    shown = Counter(black_n100(left, right) for left, right in draws(deck))
    assert shown == Counter(black_counts(deck)) == Counter(counts)


@pytest.mark.parametrize(
    ("values", "expected"),
    [
        (lambda n: n % 11 == 0 or n == 100, Fraction(1, 10)),  # 11 … 99, and 00
        (lambda n: n % 2 == 1, Fraction(1, 2)),
        (lambda n: n <= 50, Fraction(1, 2)),
        (lambda n: n <= 47, Fraction(47, 100)),
        (lambda n: 48 <= n <= 94, Fraction(47, 100)),
        (lambda n: n >= 95, Fraction(6, 100)),
    ],
    ids=["doubles", "odd", "1-50", "1-47", "48-94", "95-100"],
)
def test_the_black_n100_ranges_the_rules_read(cards, values, expected):
    """Doubles start net scrambles (L656-658), odd or even picks the visitor or the home
    side (L1234), 1-50 decides breakout or forecheck (L706), 1-47/48-94/95-100 the rush
    (L931-935): each is its number of values in 100, exactly."""
    assert chance(cards, lambda i, j: values(black_of(i, j))) == expected


def test_each_face_carries_its_numbers_as_designed(cards):
    """Seed L91-95: a red number "between 1 and 10", a blue "between 1 and 20", a #100
    "between 1 and 100" on each face; designed as each red on 10 faces a side, each blue
    on 5, each #100 once (README §3.2)."""
    deck = build_model(validate_workbook(GAME.workbook, GAME).tables).cards
    for side in SIDES:
        prefix = PREFIX[side]
        for field, values, times in (("red", 10, 10), ("blue", 20, 5), ("n100", 100, 1)):
            column_values = sorted(c[prefix + field] for c in cards)
            assert column_values == sorted(list(range(1, values + 1)) * times)
            distribution = face_distribution(deck, side, field)
            assert distribution == {v: Fraction(times, 100) for v in range(1, values + 1)}


def test_the_yellow_tens_start_an_auxiliary_play_on_exactly_3_draws_in_100(cards):
    """Seed L1317: a red or blue 10 is "colored in yellow", and with "the opposite side"
    #100 ending in zero an auxiliary play happens. Per draw, exactly: a Left red 10 1/100,
    a Left blue 10 1/198, the same on the Right, and any of them 297/9,900 = 3/100."""

    def yellow(face: str, colour: str) -> Callable[[Row, Row], bool]:
        if face == "left":
            return lambda i, j: i[f"l_{colour}"] == 10 and j["r_n100"] % 10 == 0
        return lambda i, j: j[f"r_{colour}"] == 10 and i["l_n100"] % 10 == 0

    designed = [Fraction(1, 100), Fraction(1, 198), Fraction(1, 100), Fraction(1, 198)]
    events = [yellow(face, colour) for face in ("left", "right") for colour in ("red", "blue")]
    assert [chance(cards, event) for event in events] == designed
    assert chance(cards, lambda i, j: any(e(i, j) for e in events)) == Fraction(297, DRAWS)
    assert not any(
        c["l_red"] == c["l_blue"] == 10 or c["r_red"] == c["r_blue"] == 10 for c in cards
    )
    deck = build_model(validate_workbook(GAME.workbook, GAME).tables).cards
    assert [event.chance(deck) for event in AUXILIARY_EVENTS] == designed
    assert auxiliary_chance(deck) == Fraction(3, 100)


def test_neither_face_wins_a_comparison_of_the_two_n100s(cards):
    """Warm-up, fights, last second and goal review compare the Left and Right #100; a tie
    counts for neither (README §8.2 item 7): 49/99 each way, ties 1/99."""
    left = chance(cards, lambda i, j: i["l_n100"] > j["r_n100"])
    right = chance(cards, lambda i, j: i["l_n100"] < j["r_n100"])
    assert (left, right) == (Fraction(49, 99), Fraction(49, 99))
    deck = build_model(validate_workbook(GAME.workbook, GAME).tables).cards
    assert n100_comparison(deck) == (Fraction(49, 99), Fraction(49, 99), Fraction(1, 99))


def digits(cards: list[Row], left: int, right: int) -> int:
    """The card carrying the black digits `left` (its back) and `right` (its front)."""
    return int(card_with(cards, l_black=left, r_black=right)["card"])


def test_a_repeated_digit_pair_is_caught_at_the_edited_right_digit(check, cards):
    """The card carrying the digits 3 and 5, given a Right 4, repeats the one carrying 3 and 4.
    Right 4s now show on 11 fronts and 5s on 9: 34 comes up on 10·11 - 2 = 108 draws, 35 on
    10·9 = 90, every other x4 on 109 and x5 on 89, against 99 of 9,900. The check cannot
    tell which of the two was edited: it names the later in sheet order, at the digit of the
    side now on 11 cards."""
    edited, repeated = digits(cards, 3, 5), digits(cards, 3, 4)
    later, earlier = max(edited, repeated), min(edited, repeated)
    result = check(lambda book: set_value(book, "r_black", edited, 4))
    assert result.findings
    assert found(result, "black-n100") == [(SHEET, shipped_cell("r_black", later))]
    text = message(result, "black-n100")
    assert text == (
        "Black #100 is not uniform: 4 14 24 44 54 64 74 84 94 at 109/9,900 each; "
        "5 15 25 45 55 65 75 85 95 at 89/9,900 each; 34 at 108/9,900 = 3/275; "
        "35 at 90/9,900 = 1/110; against 99/9,900 = 1/100 for every value. "
        f"Card {later}'s black digits 3 and 4 repeat card {earlier}'s"
    )
    # The one other finding: the pair read with the Right digit (README §3.5 P03) moved.
    assert {f.code for f in result.findings} == {"black-n100", "read-together"}
    assert found(result, "read-together") == [("ReadTogether", pair_value_cell("P03"))]


def test_a_repeated_digit_pair_made_on_the_left_is_caught_at_the_left_digit(check, cards):
    edited, repeated = digits(cards, 4, 7), digits(cards, 3, 7)
    later, earlier = max(edited, repeated), min(edited, repeated)
    result = check(lambda book: set_value(book, "l_black", edited, 3))
    assert found(result, "black-n100") == [(SHEET, shipped_cell("l_black", later))]
    text = message(result, "black-n100")
    assert f"Card {later}'s black digits 3 and 7 repeat card {earlier}'s" in text


@pytest.mark.parametrize(
    ("header", "values"),
    [("l_red", range(1, 11)), ("r_blue", range(1, 21)), ("r_n100", range(1, 101))],
)
def test_a_number_on_one_face_too_many_is_caught_at_that_face(check, cards, header, values):
    """The last card takes the value of the first: that value is now on one face too many
    (the last card's, in sheet order) and its own old value on one too few."""
    last, first = cards[-1], cards[0]
    old, new = last[header], first[header]
    if old == new:
        new = next(v for v in values if v != old and sum(c[header] == v for c in cards))
    result = check(lambda book: set_value(book, header, last["card"], new))
    assert found(result, "face-numbers") == [(SHEET, shipped_cell(header, last["card"]))]
    times = sum(c[header] == new for c in cards)
    text = message(result, "face-numbers")
    assert f"{header} {new} is on {times + 1} " in text
    assert f"{old} on {times - 1}" in text and f"{new} on {times + 1}" in text


def test_a_missing_card_is_reported_on_the_sheet(check):
    def edit(book: openpyxl.Workbook) -> None:
        sheet = book[SHEET]
        sheet.delete_rows(row_where(sheet, card=100))

    result = check(edit)
    assert found(result, "missing-card") == [(SHEET, None)]
    assert message(result, "missing-card") == "no row for card 100: the deck has 100 cards"
    assert len(result.findings) == 1, "the deck's counts repeat the one missing card"


def test_a_yellow_10_beside_its_own_zero_is_caught_at_the_n100(check, cards):
    """Swap two fronts' #100 so that a second card carries a Left red 10 with its own front
    #100 ending 0: such a card never shows both at once, so the event falls from 99 to 98
    draws in 9,900."""
    carrier = card_with(
        cards,
        l_red=10,
        r_n100=next(c["r_n100"] for c in cards if c["l_red"] == 10 and c["r_n100"] % 10 == 0),
    )
    plain = next(c for c in cards if c["l_red"] == 10 and c["r_n100"] % 10 and c["l_n100"] % 10)
    donor = next(
        c
        for c in cards
        if c["r_n100"] % 10 == 0
        and c["l_red"] != 10
        and c["l_blue"] != 10
        and not (c["r_red"] == 10 or c["r_blue"] == 10)
    )

    def edit(book: openpyxl.Workbook) -> None:
        set_value(book, "r_n100", plain["card"], donor["r_n100"])
        set_value(book, "r_n100", donor["card"], plain["r_n100"])

    result = check(edit)
    later = max(carrier, plain, key=lambda c: c["card"])
    assert found(result, "yellow-10") == [(SHEET, shipped_cell("r_n100", later["card"]))]
    text = message(result, "yellow-10")
    assert "Left red 10 with Right #100 ending 0 comes up on 98/9,900 = 49/4,950" in text
    assert "designed 99/9,900 = 1/100" in text


def test_a_face_with_both_tens_is_caught_at_its_blue(check, cards):
    red_ten = next(c for c in cards if c["r_red"] == 10)
    result = check(lambda book: set_value(book, "r_blue", red_ten["card"], 10))
    assert (SHEET, shipped_cell("r_blue", red_ten["card"])) in found(result, "yellow-10")


def test_a_swap_of_backs_that_favours_one_face_in_comparisons(check, cards):
    """Two cards trade their Left #100s: both sides stay permutations, but now 51 cards have
    the higher number on the back and 49 on the front, so a draw's Left #100 wins 4,950 - 51
    = 4,899 draws (it cannot meet its own front) and the Right wins 4,950 - 49 = 4,901."""

    def backs_higher(x: Row, y: Row) -> int:
        swapped = {x["card"]: y["l_n100"], y["card"]: x["l_n100"]}
        return sum(swapped.get(c["card"], c["l_n100"]) > c["r_n100"] for c in cards)

    plain = [c for c in cards if c["l_n100"] % 10]
    x, y = next((x, y) for x in plain for y in plain if backs_higher(x, y) == 51)

    def edit(book: openpyxl.Workbook) -> None:
        set_value(book, "l_n100", x["card"], y["l_n100"])
        set_value(book, "l_n100", y["card"], x["l_n100"])

    result = check(edit)
    assert found(result, "n100-sides") == [(SHEET, None)]
    assert message(result, "n100-sides") == (
        "51 cards have the higher #100 on the back and 49 on the front: a draw's Left #100 "
        "beats the Right on 4,899/9,900 = 1,633/3,300 of draws, the Right beats the Left on "
        "4,901/9,900"
    )
    # The one other finding: the Left/Right #100 comparison pair (README §3.5 P09) moved.
    assert {f.code for f in result.findings} == {"n100-sides", "read-together"}
    assert found(result, "read-together") == [("ReadTogether", pair_value_cell("P09"))]
