"""KISS & CRY's rules on a hand-built model: charts from a season, the score formula, the
modifier and home-judge rules, and programs on scripted card sequences."""

from __future__ import annotations

import random
from dataclasses import replace
from decimal import Decimal

import pytest

from authoring.decks import Deck
from authoring.findings import Location
from authoring.games.kisscry.charts import chart_for
from authoring.games.kisscry.checks import SHEETS
from authoring.games.kisscry.competition import Program, compete, program
from authoring.games.kisscry.consistency import check
from authoring.games.kisscry.model import Card, Competition, KissCry, Scores, Skater, Span
from authoring.simulation import run_rng


def scores(e: float, component: float, ded: int = 0) -> Scores:
    return Scores(e, component, component, component, component, component, ded)


SEASON = (
    ("gp1", scores(25.43, 6.1)),  # 25.43 + 0.8 x 30.5 = 49.83, the seed's example
    ("gp2", scores(30.00, 7.0, 1)),  # 30 + 28 - 1 = 57.00
    ("worlds", scores(28.00, 6.5)),  # 28 + 26 = 54.00
)


@pytest.fixture(scope="module")
def game() -> KissCry:
    chart = chart_for(SEASON, 100)
    return KissCry(
        chart_range=100,
        component_factor=0.8,
        home_judge_doubles=frozenset({11, 22, 33, 44, 55, 66, 77, 88, 99}),
        field_size=2,
        host_country="CZE",
        skaters={
            "eva": Skater("eva", "Eva Nováková", "CZE"),
            "aiko": Skater("aiko", "Aiko Sato", "JPN"),
        },
        competitions={
            c: Competition(c, c, "CZE", i) for i, c in enumerate(("gp1", "gp2", "worlds"))
        },
        results={"eva": SEASON, "aiko": SEASON[:2]},
        charts={"eva": chart, "aiko": chart_for(SEASON[:2], 100)},
        deck=tuple(Card(n, n, n) for n in range(1, 101)),
        modifiers=(Span(1, 10, -3), Span(11, 90, 0), Span(91, 100, 3)),
        home_judge=(Span(1, 50, 0.2), Span(51, 100, 0.6)),
        long_program=(Span(1, 40, 1.3), Span(41, 100, 1.5)),
        field=("eva", "aiko"),
        sheets={name: Location("kisscry.xlsx", name, i) for i, name in enumerate(SHEETS, 1)},
    )


class Script(Deck[Card]):
    """A deck that deals exactly the cards it is given: (top, bottom) pairs, in order, never
    shuffled. A Deck, because the competition draws from one."""

    cards: list[Card]

    def __init__(self, *cards: tuple[int, int]) -> None:
        super().__init__(
            [Card(i, top, bottom) for i, (top, bottom) in enumerate(cards)], random.Random()
        )

    def draw(self) -> Card:
        return self.cards.pop(0)


@pytest.mark.parametrize(
    ("events", "ranges"),
    [
        (2, [(1, 50), (51, 100)]),
        (3, [(1, 33), (34, 66), (67, 99), (100, 100)]),
        (4, [(1, 25), (26, 50), (51, 75), (76, 100)]),
        (6, [(1, 16), (17, 32), (33, 48), (49, 64), (65, 80), (81, 96), (97, 100)]),
    ],
)
def test_each_event_gets_an_equal_share_and_the_rest_draws_again(events, ranges):
    season = tuple((f"e{i}", scores(20 + i, 5.0)) for i in range(events))
    chart = chart_for(season, 100)
    assert [(s.first, s.last) for s in chart] == ranges
    assert [s.competition for s in chart[:events]] == [c for c, _ in season]
    assert all(s.scores is None for s in chart[events:])


def test_the_score_formula_and_the_seeds_modifier_example():
    assert SEASON[0][1].final(0.8) == Decimal("49.83")
    assert Program(SEASON[0][1], Decimal("49.83"), modifier=Decimal("-0.03")).final == Decimal(
        "49.80"
    )
    assert SEASON[1][1].final(0.8) == Decimal("57.00")


def test_a_program_draws_one_card_per_mark_and_draws_again_on_the_band(game):
    # eva: E from 100 (draw again) then 10 (gp1); SS..IN from 40, 70, 1, 34, 99; DED from 50.
    deck = Script(
        (100, 1), (10, 1), (40, 1), (70, 1), (1, 1), (34, 1), (99, 1), (50, 1), (1, 5)
    )  # the modifier draw: bottom 5 -> -3
    result = program(game, "eva", deck, long=False, modifiers=True, home=None)
    assert result.scores == Scores(25.43, 7.0, 6.5, 6.1, 7.0, 6.5, 1)
    assert result.base == Decimal("50.91")  # 25.43 + 0.8 x 33.1 - 1
    assert result.final == Decimal("50.88")
    assert deck.cards == []


def test_long_program_multiplies_a_fresh_base_score(game):
    deck = Script(*[(10, 1)] * 7, (1, 45))  # gp1's marks, then bottom 45 -> x1.5
    result = program(game, "eva", deck, long=True, modifiers=False, home=None)
    assert result.multiplier == Decimal("1.5")
    assert result.final == Decimal("74.75")  # 74.745 rounded half up


def test_the_home_judge_favours_only_home_skaters_on_a_double(game):
    def judged(skater: str, call: int) -> Decimal:
        deck = Script(*[(10, 1)] * 7, (1, call), (1, 60))  # second draw 60 -> 0.6 points
        return program(game, skater, deck, long=False, modifiers=False, home="CZE").home_judge

    assert judged("eva", 33) == Decimal("0.6")
    assert judged("eva", 34) == 0
    assert judged("aiko", 33) == 0  # not from the host country


def test_the_chart_expects_exactly_the_season_mean(game):
    report = check(game, 1)
    assert report.findings == []
    rows = {row[0]: row for row in report.figures[0].rows}
    assert rows["Eva Nováková"][2] == "53.61"  # (49.83 + 57.00 + 54.00) / 3, exactly
    tables = {row[0]: row for row in report.figures[1].rows}
    assert tables["P(home judge called on a draw)"][2] == "9/100"
    assert tables["expected long-program multiplier"][2] == "71/50"  # 0.4x1.3 + 0.6x1.5


def test_a_wrong_chart_is_caught_by_its_expectation(game):
    wrong = replace(game, charts={**game.charts, "eva": chart_for(SEASON[:2], 100)})
    report = check(wrong, 1)
    assert [(f.code, f.place) for f in report.findings] == [
        ("chart-expectation", "kisscry.xlsx:Charts")
    ]
    # Exact figures, no tolerance: (49.83 + 57.00) / 2 against (49.83 + 57.00 + 54.00) / 3.
    assert report.findings[0].message == (
        "eva's chart expects 53.415 in a short program, her season averages 53.61"
    )
    rows = {row[0]: row for row in report.figures[0].rows}
    assert rows["Eva Nováková"][2:] == ("53.415", "53.61", "DIFFERENT")


def test_a_competition_ranks_by_total(game):
    standings = compete(game, ["eva", "aiko"], Deck(game.deck, run_rng(3, 0)), home="CZE")
    assert [s.total for s in standings] == sorted((s.total for s in standings), reverse=True)
    again = compete(game, ["eva", "aiko"], Deck(game.deck, run_rng(3, 0)), home="CZE")
    assert [s.total for s in again] == [s.total for s in standings]


# The seed's long-program table: "NUMBER MULTIPLY SCORE BY 1-40 1.3, 41-50 1.4, 51-60 1.5,
# 61-70 1.55, 71-80 1.6, 81-90 1.7, 91-100 1.75".
SEED_MULTIPLIERS = (1.3, 1.4, 1.5, 1.55, 1.6, 1.7, 1.75)


def test_long_program_rounds_half_up_to_the_hundredth(game):
    """The seed: "LONG PROGRAM SCORES ARE OBTAINED BY TAKING THE BASE SCORE, DRAWING A NUMBER,
    AND APPLYING THE FOLLOWING SCHEME: ... MULTIPLY SCORE BY"; the kit's rulebook rounds the
    product half up to the hundredth. Every base score from 0.01 to 100.00 (10,000 of them)
    times every multiplier of the table, against integer arithmetic in hundredths."""
    scores = SEASON[0][1]
    for multiplier in SEED_MULTIPLIERS:
        per_hundred = round(multiplier * 100)  # the multiplier in hundredths, as an integer
        for base in range(1, 10_001):
            # base/100 x per_hundred/100, in ten-thousandths; half up to the hundredth.
            expected = (base * per_hundred + 50) // 100
            final = Program(
                scores, Decimal(base).scaleb(-2), multiplier=Decimal(str(multiplier))
            ).final
            assert final == Decimal(expected).scaleb(-2), (base, multiplier)
            assert final.as_tuple().exponent == -2  # printed to the hundredth, no more


def test_the_issues_example_30_01_times_1_5_is_45_02(game):
    """30.01 x 1.5 = 45.015, which rounds half up to 45.02 (floats gave 45.01)."""
    deck = Script(*[(1, 1)] * 7, (1, 45))  # bottom 45 -> x1.5
    eva = replace(
        game,
        charts={"eva": chart_for((("gp1", scores(6.01, 6.0)),), 100)},  # 6.01 + 0.8 x 30
    )
    result = program(eva, "eva", deck, long=True, modifiers=False, home=None)
    assert (result.base, result.multiplier) == (Decimal("30.01"), Decimal("1.5"))
    assert result.final == Decimal("45.02")
