"""BLADE's rules on a hand-built model: modifiers, exact base times, derivation on a known
case, and the race engine on scripted card sequences."""

from __future__ import annotations

import random
from dataclasses import replace
from fractions import Fraction

import pytest

from authoring.decks import Deck
from authoring.findings import Location
from authoring.games.blade.checks import SHEETS
from authoring.games.blade.derive import derive, pair_moments
from authoring.games.blade.model import (
    Blade,
    Card,
    Event,
    Modifier,
    ModifierReading,
    Rating,
    Skater,
    Span,
)
from authoring.games.blade.race import Entry, run_race, standings
from authoring.games.blade.rules import (
    base_time_distribution,
    chance_faster,
    letter_distribution,
    modified_letter,
    moments,
)
from authoring.games.blade.timing import (
    LETTERS,
    ROWS,
    format_time,
    model_time,
    parse_fall_time,
    parse_time,
)

MODIFIERS: list[Modifier] = (
    [0] * 8
    + [m for k, n in ((1, 12), (2, 10), (3, 8), (4, 6), (5, 4), (6, 2)) for m in [k, -k] * n]
    + [extreme for extreme in ("MAX", "MIN") for _ in range(4)]
)


FROM_BEST = ModifierReading(minus_is_slower=True, faster_from_worst=False)
FROM_BOTH_ENDS = ModifierReading(minus_is_slower=True, faster_from_worst=True)
READINGS = (FROM_BEST, FROM_BOTH_ENDS)


def letter(name: str) -> int:
    return LETTERS.index(name)


def rating(best: str, worst: str, skater: str = "", event: str = "m500") -> Rating:
    return Rating(skater, event, letter(best), letter(worst))


@pytest.fixture(scope="module")
def game() -> Blade:
    record = 33.61
    event = Event("m500", "men", 500, "Men's 500 m", record, 0, letter("T"), 0.012, 0.0055, 0.012)
    chart = tuple(
        tuple(round(model_time(record, 0.012, 0.0055, 0.012, L, row), 2) for L in range(22))
        for row in range(1, ROWS + 1)
    )
    deck = tuple(
        Card(number, (number - 1) % ROWS + 1, number, MODIFIERS[number - 1])
        for number in range(1, 101)
    )
    skaters = {
        "ann": Skater("ann", "Ann Åsberg", "SWE", "men", 5),
        "bo": Skater("bo", "Bo Nowak", "POL", "men", 1),
        "cy": Skater("cy", "Cy Dvořák", "CZE", "men", 3),
    }
    ratings = {
        ("ann", "m500"): rating("A", "C", "ann"),
        ("bo", "m500"): rating("A", "G", "bo"),
        ("cy", "m500"): rating("D", "G", "cy"),
    }
    return Blade(
        modifier_reading=FROM_BEST,
        derive_tolerance=1,
        z_threshold=3.0,
        world_record_margin=0.5,
        results_needed=3,
        events={"m500": event},
        charts={"m500": chart},
        skaters=skaters,
        ratings=ratings,
        results={},
        deck=deck,
        stage_charts={
            "start": (
                Span(1, 10, "fast_start"),
                Span(11, 15, "stumble"),
                Span(16, 16, "damaged_skate"),
                Span(17, 100, "no_effect"),
            ),
            "mid_race": (
                Span(1, 2, "disqualified"),
                Span(3, 6, "stumble"),
                Span(7, 12, "good_position"),
                Span(13, 15, "possible_fall"),
                Span(16, 100, "no_effect"),
            ),
            "final_lap": (
                Span(1, 1, "disqualified"),
                Span(2, 9, "burst_of_speed"),
                Span(10, 12, "possible_fall"),
                Span(13, 100, "no_effect"),
            ),
        },
        grade_draw=tuple(Span(5 * i + 1, 5 * i + 5, i) for i in range(20)),
        falls_chart=(Span(1, 50, 4.0), Span(51, 90, 8.0), Span(91, 100, 65.0)),
        injury_table=(
            Span(1, 70, "no_injury"),
            Span(71, 90, "skates_on"),
            Span(91, 100, "withdraws"),
        ),
        field={"m500": ("ann", "bo", "cy")},
        sheets={name: Location("blade.xlsx", name, i) for i, name in enumerate(SHEETS, 1)},
    )


class Script:
    """A deck that deals exactly the cards it is given, in order."""

    def __init__(self, *cards: tuple[int, int, Modifier]) -> None:
        self.cards = [
            Card(i, top, middle, modifier) for i, (top, middle, modifier) in enumerate(cards)
        ]

    def draw(self) -> Card:
        return self.cards.pop(0)


def middle(n: int) -> tuple[int, int, Modifier]:
    return (1, n, 0)


def test_times_in_the_event_formats():
    assert parse_time("34.52") == 34.52
    assert parse_time("1:45.32") == pytest.approx(105.32)
    assert parse_time("12:30.74") == pytest.approx(750.74)
    assert parse_time("1:75.00") is None and parse_time("1-5") is None
    assert [format_time(t) for t in (34.52, 105.32, 372.4)] == ["34.52", "1:45.32", "6:12.40"]
    assert parse_fall_time("1.05") == 65 and parse_fall_time("0.08") == 8


@pytest.mark.parametrize("reading", READINGS)
@pytest.mark.parametrize(
    ("best", "worst", "modifier", "expected"),
    [
        ("D", "G", -2, "F"),
        ("O", "Q", 5, "O"),
        ("Q", "T", "MAX", "Q"),
    ],
)
def test_both_readings_give_the_seeds_three_worked_examples(
    reading, best, worst, modifier, expected
):
    """Seed 000: "Let's say our skater has a grade range of D-G. We draw an action card,
    consulting the bottom entry. We get a -2. In this instance, we would count down 2 letters
    from the skater's highest grade (D), giving them a modified result of F." -- "A modified
    integer calls for a +5 letter grade modifier; the skater has a range of O-Q; you would use
    the "O" column." -- "An action draw for the bottom entry is "MAX", and a skater's range is
    Q-T. You would use the "Q" column on the time chart."
    """
    assert LETTERS[modified_letter(rating(best, worst), modifier, reading)] == expected


@pytest.mark.parametrize(
    ("best", "worst", "modifier", "from_best", "from_both_ends"),
    [
        ("Q", "T", "MIN", "T", "T"),
        ("D", "G", -9, "G", "G"),
        ("D", "G", 0, "D", "D"),
        ("D", "G", 1, "D", "F"),
        ("D", "G", 2, "D", "E"),
        ("D", "G", 3, "D", "D"),
        ("O", "Q", 1, "O", "P"),
    ],
)
def test_a_plus_counts_from_the_best_or_up_from_the_worst_letter_and_stays_in_the_rating(
    best, worst, modifier, from_best, from_both_ends
):
    """Seed 000: "If a modified integer reading would push the range either above or below the
    skater's printed range, use their highest/lowest range as appropriate." and "use either the
    athletes maximum range (first letter of the range) or minimum range (second letter)." Read
    from the best letter a plus can only go above the range; read up from the worst letter it
    lands inside the range until it overshoots."""
    assert LETTERS[modified_letter(rating(best, worst), modifier, FROM_BEST)] == from_best
    assert LETTERS[modified_letter(rating(best, worst), modifier, FROM_BOTH_ENDS)] == (
        from_both_ends
    )


def test_the_direction_of_a_minus_is_a_setting():
    """Seed 000: "Note that all minus ("-") modifiers go higher in the alphabet (the base times
    will be lower)." Read as the note's parenthesis, a minus points toward A."""
    minus_is_faster = ModifierReading(minus_is_slower=False, faster_from_worst=False)
    assert LETTERS[modified_letter(rating("D", "G"), 2, minus_is_faster)] == "F"
    assert LETTERS[modified_letter(rating("D", "G"), -2, minus_is_faster)] == "D"
    both_ends = ModifierReading(minus_is_slower=False, faster_from_worst=True)
    assert LETTERS[modified_letter(rating("D", "G"), -2, both_ends)] == "E"
    assert LETTERS[modified_letter(rating("D", "G"), 2, both_ends)] == "F"


def test_letter_distribution_is_exact(game):
    chances = letter_distribution(game, rating("A", "C"))
    # 0, all plus cards and MAX give A; -1 gives B; -2 and below and MIN give C.
    assert chances[letter("A")] == pytest.approx((8 + 42 + 4) / 100)
    assert chances[letter("B")] == pytest.approx(12 / 100)
    assert chances[letter("C")] == pytest.approx((30 + 4) / 100)
    assert sum(chances.values()) == 1


def test_letter_distribution_counting_a_plus_up_from_the_worst_letter(game):
    chances = letter_distribution(replace(game, modifier_reading=FROM_BOTH_ENDS), rating("A", "G"))
    # 0, MAX and +6 give A; each -n gives the n-th letter after A, each +n the n-th before G;
    # -6 and MIN give G.
    expected = {"A": 8 + 4 + 2, "B": 12 + 4, "C": 10 + 6, "D": 8 + 8, "E": 6 + 10, "F": 4 + 12}
    for name, cards in expected.items():
        assert chances[letter(name)] == Fraction(cards, 100), name
    assert chances[letter("G")] == Fraction(2 + 4, 100)


def test_rulebook_claims_hold_exactly(game):
    narrow = base_time_distribution(game, rating("A", "C"))
    wide = base_time_distribution(game, rating("A", "G"))
    assert chance_faster(narrow, wide) > 0.5
    spreads = [
        moments(base_time_distribution(game, rating("A", LETTERS[w])))[1] for w in range(0, 7)
    ]
    assert spreads == sorted(spreads) and len(set(spreads)) == len(spreads)


def test_chance_faster_counts_ties_half():
    assert chance_faster({1.0: 1.0}, {1.0: 1.0}) == 0.5
    assert chance_faster({1.0: 0.5, 3.0: 0.5}, {2.0: 1.0}) == 0.5


def test_derivation_recovers_a_known_rating(game):
    truth = rating("C", "F", "cy")
    distribution = base_time_distribution(game, truth)
    # A season that is exactly the rating's distribution: every outcome as often as it comes.
    season = tuple(t for t, p in distribution.items() for _ in range(round(p * 5000)))
    seeded = replace(game, results={("cy", "m500"): season}, ratings={("cy", "m500"): truth})
    found = derive(seeded)[("cy", "m500")]
    assert found.rating.label == "C-F"
    assert found.results == len(season)


def test_a_short_season_does_not_reject_the_true_rating(game):
    truth = rating("C", "F", "cy")
    distribution = base_time_distribution(game, truth)
    season = tuple(random.Random(7).choices(list(distribution), list(distribution.values()), k=8))
    seeded = replace(game, results={("cy", "m500"): season}, ratings={("cy", "m500"): truth})
    found = derive(seeded)[("cy", "m500")]
    # Eight results pin the best letter; the true pair stays well inside the season's reach.
    assert abs(found.rating.best - truth.best) <= 1
    assert found.roster_distance is not None and found.roster_distance < seeded.z_threshold**2


def test_a_rating_far_from_the_season_is_rejected(game):
    truth, roster = rating("C", "F", "cy"), rating("H", "K", "cy")
    distribution = base_time_distribution(game, truth)
    season = tuple(random.Random(7).choices(list(distribution), list(distribution.values()), k=8))
    seeded = replace(game, results={("cy", "m500"): season}, ratings={("cy", "m500"): roster})
    found = derive(seeded)[("cy", "m500")]
    assert found.roster_distance is not None and found.roster_distance > seeded.z_threshold**2


def test_pair_moments_match_the_exact_distribution(game):
    mean, sd = pair_moments(game, "m500")[(letter("B"), letter("E"))]
    assert (mean, sd) == pytest.approx(moments(base_time_distribution(game, rating("B", "E"))))


def test_a_race_by_scripted_cards(game):
    deck = Script(
        # start: ann fast start; grade draw 3 -> A = her best; gain the last digit of 47
        middle(5),
        middle(3),
        middle(47),
        # bo stumbles: lose the last digit of 23; cy: no effect
        middle(12),
        middle(23),
        middle(50),
        # mid-race: ann possible fall, draw 4 <= fall rating 5 -> falls; time draw 60 -> 8 s,
        # ends in 0 -> injury table 95 -> withdraws
        middle(14),
        middle(4),
        middle(60),
        middle(95),
        # bo disqualified; cy no effect
        middle(1),
        middle(50),
        # final lap: cy burst of speed, grade 18 -> D = cy's best; gain 9 -> 0.09
        middle(5),
        middle(18),
        middle(99),
        # base times: only cy is still racing: modifier -2 from D -> F, row 25
        (1, 1, -2),
        (25, 1, 0),
    )
    entries = {e.skater: e for e in run_race(game, "m500", ["ann", "bo", "cy"], deck)}
    assert entries["ann"].stages["start"] == pytest.approx(-0.07)
    assert entries["ann"].fall_time == 8.0 and entries["ann"].status == "withdrew"
    assert entries["bo"].stages["start"] == pytest.approx(0.03)
    assert entries["bo"].status == "disqualified"
    cy = entries["cy"]
    assert cy.letter is not None and cy.base is not None
    assert LETTERS[cy.letter] == "F" and cy.row == 25
    assert cy.base == game.chart_time("m500", letter("F"), 25)
    assert cy.official == pytest.approx(round(cy.base - 0.09, 2))
    assert [e.skater for e in standings(list(entries.values()))] == ["cy", "ann", "bo"]
    assert deck.cards == []


def test_fall_rating_one_falls_only_on_a_trailing_one(game):
    def falls(draw: int) -> bool:
        # bo (fall rating 1): no effect at the start, a possible fall at mid-race, then the
        # fall check; a fall draws 20 on the falls chart (4 s, ends in 0: injury table 50).
        deck = Script(
            middle(50), middle(13), middle(draw), middle(20), middle(50), *[(25, 50, 0)] * 6
        )
        [entry] = run_race(game, "m500", ["bo"], deck)
        return entry.falls == 1

    assert falls(31) and falls(1)
    assert not falls(2) and not falls(30)


def test_other_fall_ratings_fall_at_or_below_the_rating(game):
    def falls(draw: int) -> bool:
        deck = Script(
            middle(50), middle(13), middle(draw), middle(20), middle(50), *[(25, 50, 0)] * 6
        )
        [entry] = run_race(game, "m500", ["cy"], deck)  # fall rating 3
        return entry.falls == 1

    assert falls(3) and falls(1)
    assert not falls(4) and not falls(31)


def test_races_are_reproducible(game):
    first = run_race(game, "m500", ["ann", "bo", "cy"], Deck(game.deck, random.Random("9/0")))
    again = run_race(game, "m500", ["ann", "bo", "cy"], Deck(game.deck, random.Random("9/0")))
    assert [e.official for e in first] == [e.official for e in again]


def test_a_fall_ending_in_one_brings_down_a_close_pair_partner(game):
    def race(partner_row: int) -> dict[str, Entry]:
        deck = Script(
            middle(50),
            middle(50),  # start: no effect for ann and cy
            middle(13),
            middle(3),
            middle(41),
            # ann: possible fall, falls (3 <= 5), draws 41 on the falls chart: 4 s, ends in 1
            *[middle(50)] * 3,  # cy's mid-race, both final laps: no effect
            (25, 1, 0),
            (25, 1, 0),  # ann: modifier 0 -> A, row 25
            (25, 1, 0),
            (partner_row, 1, 0),  # cy: modifier 0 -> D, then the row
            middle(60),
            middle(50),
            middle(50),  # cy's fall (8 s), injury draws for both
        )
        return {e.skater: e for e in run_race(game, "m500", ["ann", "cy"], deck)}

    # cy's D is slower than ann's A by more than 0.02 s on the same row: no collision.
    assert race(25)["cy"].falls == 0
    equal = replace(game, ratings={**game.ratings, ("cy", "m500"): rating("A", "A", "cy")})

    deck = Script(
        middle(50),
        middle(50),
        middle(13),
        middle(3),
        middle(41),
        *[middle(50)] * 3,
        (25, 1, 0),
        (25, 1, 0),
        (25, 1, 0),
        (25, 1, 0),
        middle(60),
        middle(50),
        middle(50),
    )
    entries = {e.skater: e for e in run_race(equal, "m500", ["ann", "cy"], deck)}
    assert entries["ann"].collision and entries["cy"].falls == 1
    assert entries["cy"].fall_time == 8.0
    assert "collision with ann" in entries["cy"].notes
