"""RINKSIDE HOCKEY after the whistle (seed L1146-L1309): the chippiness meter, scrums,
agitators, dirty plays, fights, discipline and momentum, each rule on a hand-made draw on
the shipped workbook's line-ups, the players' ratings set by hand where the rule reads
them."""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from dataclasses import replace
from typing import Any

import pytest
from rinkside_engine import NO_CARDS, at, cards, new_game

from authoring.games.rinkside import GAME
from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.fights import (
    advantage_of,
    discipline,
    fight,
    fight_check,
    find_fighter,
)
from authoring.games.rinkside.model import FighterLocatorRow, Rinkside, SkaterCard, build_model
from authoring.games.rinkside.momentum import (
    award,
    breakout_by_momentum,
    fight_won,
    goal_scored,
    mo_level,
    momentum_clear,
)
from authoring.games.rinkside.policy import ByTheBook, IllegalChoice, MomentumUse, RandomLegal
from authoring.games.rinkside.state import GameState, TeamSide
from authoring.games.rinkside.whistle import (
    add_chippiness,
    after_whistle,
    agitator,
    dirty_play,
    scrum,
)
from authoring.validate import validate_workbook

# The shared fixtures from rinkside_engine, found by pytest under their fixture names.
SHARED_FIXTURES = (new_game,)
CHIPPINESS_FULL = 8  # the meter's full mark these tests are written against (L1160)


@pytest.fixture(scope="module", name="league")
def league_with_a_meter_full_at_8() -> Rinkside:
    """The shipped league with `Settings.chippiness_full` set to the tests' 8, so a retuned
    workbook does not move the hand-built situations."""
    shipped = build_model(validate_workbook(GAME.workbook, GAME).tables)
    return replace(shipped, settings=replace(shipped.settings, chippiness_full=CHIPPINESS_FULL))


POSITIONS = ("LW", "C", "RW", "LD", "RD")


def face(black: int = 0, n100: int = 50, red: int = 1, blue: int = 1, **sections: object) -> Face:
    return Face(black=black, n100=n100, red=red, blue=blue, **sections)  # type: ignore[arg-type]


def shown(
    black100: int = 50,
    left: dict[str, Any] | None = None,
    right: dict[str, Any] | None = None,
) -> Draw:
    """A draw showing `black100` (its tens on the Left face, its units on the Right, 100 as
    00) and the faces' other numbers and sections as given."""
    tens, units = divmod(black100 % 100, 10)
    return Draw(face(black=tens, **(left or {})), face(black=units, **(right or {})))


def rated(league: Rinkside, game: GameState, side: TeamSide, **ratings: list[int]) -> Rinkside:
    """The league with one rating of each of `side`'s five skaters on the ice set by hand,
    in LW, C, RW, LD, RD order: `agitator_enforcer=[6, 6, 2, 6, 6]`."""
    changed = dict(league.skater_cards)
    for index, skater in enumerate(game.team(side).skaters()):
        card = changed[skater.skater_id]
        values = {name: by_position[index] for name, by_position in ratings.items()}
        changed[skater.skater_id] = SkaterCard(skater.skater_id, {**card.ratings, **values})
    return replace(league, skater_cards=changed)


class Answers(ByTheBook):
    """A coach who answers the momentum question as told, and records the options."""

    def __init__(self, answer: MomentumUse) -> None:
        super().__init__("answers")
        self.answer = answer
        self.offered: list[tuple[MomentumUse, ...]] = []

    def momentum_use(
        self, game: GameState, side: TeamSide, points: int, options: Sequence[MomentumUse]
    ) -> MomentumUse:
        self.offered.append(tuple(options))
        return self.answer


NOBODY = Answers("never asked")  # type: ignore[arg-type]


# The chippiness meter (L1156-L1160).


def test_the_meter_is_full_from_8_and_past_10_raises_the_intensity_keeping_it_full(league, game):
    """Seed L1158: "Once the Chippiness Meter accumulates enough points to reach 8, 9 or
    10, a fight may occur as the Chippiness Meter is now full"; L1160: "If the Chippiness
    Meter accumulates more than 10 points, you increase the Game Intensity … the meter is
    still considered FULL for fighting purposes"."""
    assert not add_chippiness(league, game, 7).full
    eight = add_chippiness(league, game, 1)
    assert (eight.meter, eight.full, eight.intensity, eight.rose) == (8, True, "NORMAL", False)
    eleven = add_chippiness(league, game, 3)
    assert (eleven.meter, eleven.full, eleven.intensity, eleven.rose) == (1, True, "AGITATED", True)
    game.intensity = "BOILING"
    game.chippiness = 9
    top = add_chippiness(league, game, 3)
    assert (top.meter, top.intensity, top.rose) == (2, "BOILING", False)
    assert add_chippiness(league, game, -5).meter == 0


def test_the_full_mark_is_the_settings(league, game):
    """Settings.chippiness_full: the meter is full from this value (README §1.1, L1158)."""
    model = replace(league, settings=replace(league.settings, chippiness_full=10))
    assert not add_chippiness(model, game, 9).full
    assert add_chippiness(model, game, 1).full


# After the whistle and scrums (L1154-L1158).


@pytest.mark.parametrize(
    ("section", "intensity", "dirty", "event"),
    [
        ("SCRUM-N", "NORMAL", False, "scrum"),
        ("SCRUM-AHB", "NORMAL", False, "nothing"),
        ("SCRUM-AHB", "AGITATED", False, "scrum"),
        ("SCRUM-AHB", "BOILING", False, "scrum"),
        ("SCRUM-N", "HOT", False, "scrum"),
        ("AGITATOR", "NORMAL", False, "agitator"),
        (None, "NORMAL", False, "nothing"),
        (None, "NORMAL", True, "automatic scrum"),
        ("AGITATOR", "HOT", True, "automatic scrum"),
    ],
)
def test_the_whistle_starts_a_scrum_by_intensity_an_agitator_or_a_dirty_plays_scrum(
    game, section, intensity, dirty, event
):
    """Seed L1154: "During NORMAL GAME INTENSITY, Scrums only occur when Scrum-Normal is
    showing on the Right PRC. Once the game gets to AGITATED, HOT or BOILING … either the
    Scrum-Normal … or Scrum - Agitated, Hot and Boiling"; L1164: "When the Right PRC After
    Whistle Section shows Agitator"; L1194: "Dirty Plays lead to an Automatic Scrum … regardless
    if one is showing on the Right PRC"."""
    game.intensity = intensity
    whistle = shown(right={"after_whistle": section})
    assert after_whistle(game, whistle, dirty_play=dirty) == event


@pytest.mark.parametrize(
    ("intensity", "black100", "result", "points"),
    [
        ("NORMAL", 70, "players separated", 0),
        ("NORMAL", 71, "words exchanged", 1),
        ("NORMAL", 100, "gloves off, linesmen in", 3),
        ("AGITATED", 90, "face-wash", 2),
        ("BOILING", 79, "gloves off, linesmen in", 3),
    ],
)
def test_a_scrum_reads_black_100_in_the_column_of_the_intensity(
    league, game, intensity, black100, result, points
):
    """Seed L1156: "draw a new card. Use the Black #100 to determine what type of Scrum takes
    place. Use the column associated with the current Game Intensity … adjust the Chippiness
    Meter accordingly" (NORMAL and AGITATED's ranges the calibration's, README §11.18: NORMAL
    separated 1-70, words 71-88, gloves off 100; AGITATED face-wash 90-95)."""
    game.intensity = intensity
    outcome = scrum(league, game, cards(shown(black100, right={"blue": 20})))
    assert (outcome.row.result, outcome.row.chippiness) == (result, points)
    assert outcome.meter is not None and outcome.meter.points == points
    assert game.chippiness == points and not outcome.coincidental and not outcome.fight


@pytest.mark.parametrize(
    ("intensity", "blue", "coincidental"),
    [
        ("NORMAL", 1, False),
        ("AGITATED", 2, True),
        ("AGITATED", 3, False),
        ("HOT", 3, True),
        ("HOT", 4, False),
        ("BOILING", 5, False),
    ],
)
def test_coincidental_minors_on_a_right_blue_within_the_intensitys_range(
    league, game, intensity, blue, coincidental
):
    """Seed L1156: "If the Right PRC Blue Number is within the Coincidental Penalty Range
    associated with the current Game Intensity, the Official takes two players off the ice
    with Coincidental Penalties" (the ranges the calibration's, README §11.18 and §11.23:
    none at NORMAL, AGITATED 1-2, HOT 1-3, BOILING 1-4)."""
    game.intensity = intensity
    assert scrum(league, game, cards(shown(1, right={"blue": blue}))).coincidental is coincidental


@pytest.mark.parametrize(
    ("meter", "black100", "fight"),
    [(8, 41, True), (8, 42, False), (7, 73, True), (6, 73, False), (0, 1, False)],
)
def test_a_scrum_is_a_fight_on_an_odd_second_digit_with_the_meter_full(
    league, game, meter, black100, fight
):
    """Seed L1158: "When determining what type of Scrum takes place AND the Black #100 second
    digit is ODD AND the Chippiness Meter is FULL, a fight occurs" (the scrum's own points
    count: 7 + words exchanged's 1, NORMAL 71-88 since the calibration, README §11.18, fills
    it)."""
    game.chippiness = meter
    assert scrum(league, game, cards(shown(black100, right={"blue": 20}))).fight is fight


def test_the_meter_stays_full_after_rising_until_cooler_heads(league, game):
    """Seed L1160: "the Chippiness Meter remains full until a fight takes place and the
    result of the fight calls for the meter to be emptied"."""
    add_chippiness(league, game, 11)
    assert game.chippiness == 1 and game.intensity == "AGITATED"
    assert scrum(league, game, cards(shown(1, right={"blue": 20}))).fight


def test_the_automatic_scrum_adds_nothing_and_fights_whenever_the_meter_is_full(league, game):
    """Seed L1194-L1196: "Do not move the meter again as you have already added +3 … Fights
    occur if the Dirty Play leads to the Chippiness Meter being Full after the Dirty Play"."""
    game.chippiness = 8
    outcome = scrum(league, game, cards(shown(98, right={"blue": 20})), automatic=True)
    assert outcome.meter is None and game.chippiness == 8 and outcome.fight
    game.chippiness, game.meter_full = 5, False
    assert not scrum(league, game, cards(shown(99, right={"blue": 20})), automatic=True).fight


# Agitators (L1162-L1182).


def agitator_cards(
    scenario: int, hv: str, who: tuple[int, int], required: int, retaliation: int
) -> Callable[[], Draw]:
    return cards(
        shown(scenario, right={"hv": hv}),
        shown(left={"n100": who[0]}, right={"n100": who[1]}),
        shown(left={"n100": required}, right={"n100": retaliation}),
    )


def test_an_agitator_who_meets_the_number_and_goes_unanswered_earns_2(league, game):
    """Seed L1172-L1176: "If the Agitator has an Agitator/Enforcer Rating equal to or lower
    than the number required, his efforts are successful … If the Agitator meets the number
    requirement but the opponent does not retaliate, his team gets a Momentum Bump of +2"."""
    model = rated(league, game, "home", agitator_enforcer=[6, 4, 6, 6, 6])
    model = rated(model, game, "visitor", secondary_penalty=[90, 90, 90, 90, 90])
    # C (51-60) agitates the visitor's LW (21-40); [4] (51-75) is needed; 89 < 90.
    outcome = agitator(model, game, agitator_cards(10, "H", (55, 30), 60, 89))
    assert outcome.side == "home" and outcome.scenario.scenario == "chirping"
    assert outcome.agitator == at(game, "home", "C")
    assert outcome.retaliator == at(game, "visitor", "LW")
    assert (outcome.required, outcome.succeeded, outcome.retaliated) == (4, True, False)
    assert (outcome.outcome, outcome.momentum) == ("no retaliation", "agitator not answered")


def test_an_answered_agitator_draws_the_scenarios_penalty_or_a_fight(league, game):
    """Seed L1174: "If the opponent has a number equal to or greater than the number
    required, he retaliates against the Agitator and either a Penalty is called or a fight
    takes place"; L1178: "If the Agitator draws a Penalty, his team gets a Momentum Bump of
    +3"."""
    model = rated(league, game, "visitor", agitator_enforcer=[6, 6, 3, 6, 6])
    model = rated(model, game, "home", secondary_penalty=[90, 90, 90, 90, 90])
    penalty = agitator(model, game, agitator_cards(36, "V", (75, 90), 40, 90))
    assert penalty.agitator == at(game, "visitor", "RW")
    assert penalty.retaliator == at(game, "home", "RD")
    assert (penalty.outcome, penalty.momentum) == ("penalty", "agitator draws a penalty")
    goaded = agitator(model, game, agitator_cards(93, "V", (75, 90), 40, 95))
    assert goaded.scenario.scenario == "jab at the goalie"
    assert (goaded.outcome, goaded.momentum) == ("fight", None)


def test_an_agitator_above_the_number_fails_whatever_the_opponent_shows(league, game):
    """Seed L1172: the agitator succeeds only with "an Agitator/Enforcer Rating equal to or
    lower than the number required" (the engine's reading: a failed agitator draws no
    retaliation)."""
    model = rated(league, game, "home", agitator_enforcer=[6, 6, 6, 6, 6])
    outcome = agitator(model, game, agitator_cards(10, "H", (55, 30), 100, 100))
    assert (outcome.required, outcome.succeeded, outcome.retaliated) == (6, True, True)
    failed = agitator(model, game, agitator_cards(10, "H", (55, 30), 90, 100))
    assert (failed.required, failed.succeeded, failed.outcome, failed.momentum) == (
        5,
        False,
        "nothing",
        None,
    )


@pytest.mark.parametrize(
    ("ratings", "grade_pos", "side", "position"),
    [
        ([6, 6, 2, 6, 6], "F", "L", "RW"),
        ([2, 6, 2, 6, 6], "F", "R", "RW"),
        ([2, 6, 2, 6, 6], "F", "L", "LW"),
        ([2, 6, 6, 6, 2], "D", "L", "RD"),
        ([6, 6, 6, 2, 2], "F", "R", "RD"),
    ],
)
def test_agi_is_the_lowest_agitator_enforcer_on_the_ice(
    league, game, ratings, grade_pos, side, position
):
    """Seed L1170: "IF the player indicated is AGI instead of a position, the player with the
    lowest Agitator/Enforcer number is the agitator involved" (ties: Forward/Defense on the
    Right face, Left/Right on the Left face, as for fighters, L1210)."""
    model = rated(league, game, "home", agitator_enforcer=ratings)
    who = Draw(face(n100=1, side=side), face(n100=1, grade_pos=grade_pos))
    draws = cards(shown(10, right={"hv": "H"}), who, shown())
    assert agitator(model, game, draws).agitator == at(game, "home", position)


# Dirty plays (L1184-L1198).


@pytest.mark.parametrize(
    ("chance", "level", "fires"),
    [
        ("D5", 5, True),
        ("D3", 5, True),
        ("D6", 5, False),
        ("D", 0, True),
        ("D1", 0, False),
        ("D7", 7, True),
        (None, 7, False),
    ],
)
def test_a_dirty_play_fires_at_or_below_the_games_level(league, game, chance, level, fires):
    """Seed L1190: "if a player makes a defensive play AND the PRC shows D5 or anything less
    (D4, D3, D2 etc.) and the current Dirty Play Level is 5, he makes a Dirty Play"; L1198:
    "Whenever a Dirty Play Chance … is above the current Dirty Play Level of the game it is
    simply disregarded" (a plain D is level 0, README §5.5)."""
    game.dirty_level = level
    player = at(game, "home", "LD")
    played = dirty_play(league, game, "home", player, shown(left={"dirty": chance}))
    assert (played is not None) is fires
    assert game.chippiness == (3 if fires else 0)


def test_a_dirty_play_adds_3_and_raises_the_level_to_at_most_7(league, game):
    """Seed L1192: "ALL DIRTY PLAYS add +3 to the Chippiness Meter"; L1190: "Each Dirty Play
    leads to an increased chance of more Dirty Plays" (Settings.dirty_rise levels, at most
    the 7 of L1188)."""
    player = at(game, "visitor", "C")
    played = dirty_play(league, game, "visitor", player, shown(left={"dirty": "D"}))
    assert played is not None
    assert (played.card_level, played.meter.meter, played.dirty_level) == (0, 3, 1)
    model = replace(league, settings=replace(league.settings, dirty_rise=3))
    game.dirty_level = 6
    again = dirty_play(model, game, "visitor", player, shown(left={"dirty": "D2"}))
    assert again is not None and again.dirty_level == 7 and again.meter.meter == 6


# Fights (L1200-L1250).


def test_the_enforcers_check_fights_only_with_an_enforcer_on_each_side(league, game):
    """Seed L214: "When this symbol is showing on the Left PRC during a draw, the enforcers
    on the ice may initiate a fight. Refer to the FIGHT CARD Section". With a skater of A/E
    2 or lower on the ice for each team the FightCheck sheet decides: a fight, or a long
    stare, chippiness +1 (the sheet's 1-5 and 6-15 since the calibration, README §11.18).
    With none on one side nobody starts anything: no card is drawn, no stare."""
    model = rated(league, game, "home", agitator_enforcer=[6, 6, 2, 6, 6])
    model = rated(model, game, "visitor", agitator_enforcer=[1, 6, 6, 6, 6])
    assert fight_check(model, game, cards(shown(5))).fight
    stare = fight_check(model, game, cards(shown(6)))
    assert not stare.fight and stare.meter is not None and game.chippiness == 1
    lone = rated(model, game, "visitor", agitator_enforcer=[3, 6, 6, 6, 6])
    assert not fight_check(lone, game, NO_CARDS).fight and game.chippiness == 1


@pytest.mark.parametrize(
    ("sought", "lowest", "ratings", "position"),
    [
        (3, False, [6, 3, 6, 6, 6], "C"),
        (3, False, [6, 2, 4, 6, 6], "C"),
        (1, False, [6, 6, 6, 4, 2], "RD"),
        (2, True, [5, 6, 6, 6, 5], "RD"),
    ],
)
def test_the_fighter_has_the_a_e_sought_else_the_nearest_lower_first_or_l_the_lowest(
    league, game, sought, lowest, ratings, position
):
    """Seed L1210: "If the player involved is a 3, locate a player on the ice with an
    Agitator/Enforcer Rating of 3 … If a number is showing with [L] along side it, use the
    player with the lowest Agitator/Enforcer Rating AND the lowest Secondary Penalty
    Number"."""
    model = rated(
        league, game, "home", agitator_enforcer=ratings, secondary_penalty=[50, 50, 50, 50, 40]
    )
    row = FighterLocatorRow(1, 1, sought, lowest)
    assert find_fighter(model, game, "home", row, shown()) == at(game, "home", position)


def fighters(league: Rinkside, game: GameState, visitor: list[int], home: list[int]) -> Rinkside:
    """A/E and Secondary Penalty set so that the locator's [1] finds the LW of each team."""
    model = rated(league, game, "visitor", agitator_enforcer=visitor)
    model = rated(
        model, game, "visitor", secondary_penalty=[60] * 5, commit_penalty=[1, 5, 4, 3, 2]
    )
    model = rated(model, game, "home", agitator_enforcer=home)
    return rated(model, game, "home", secondary_penalty=[60] * 5, commit_penalty=[1, 5, 4, 3, 2])


def test_the_advantage_range_is_10_plus_the_difference_and_equal_ratings_favour_home(league, game):
    """Seed L1218: "if the Visiting Team fighter has an Agitator/Enforcer Rating of 4 and the
    Home Team fighter has an Agitator/Enforcer Rating of 1, the difference is 3. Add 3 to 10
    for a total range of 1-13 … If the Blue Number is within that Range, the lower rated
    fighter has the advantage"; L1220: "IF both players share the same rating, the Home Team
    fighter has the range of 1-10"."""
    model = fighters(league, game, [4, 6, 6, 6, 6], [1, 6, 6, 6, 6])
    visitor, home = at(game, "visitor", "LW"), at(game, "home", "LW")
    assert advantage_of(model, visitor, home, 13) == "home"
    assert advantage_of(model, visitor, home, 14) == "visitor"
    level = fighters(league, game, [3, 6, 6, 6, 6], [3, 6, 6, 6, 6])
    assert advantage_of(level, visitor, home, 10) == "home"
    assert advantage_of(level, visitor, home, 11) == "visitor"


def fight_cards(
    blue_left: int,
    blue_right: int,
    black100: int = 50,
    *extra: Draw,
    misconduct: Draw | None = None,
) -> Callable[[], Draw]:
    """The locator card (both [1]), the deciding card, any extra cards, the misconduct card
    (by default no misconduct and no cooler heads)."""
    start = shown(left={"n100": 1}, right={"n100": 1})
    decider = shown(black100, left={"blue": blue_left}, right={"blue": blue_right})
    last = misconduct or shown(99, left={"n100": 1}, right={"n100": 1})
    return cards(start, decider, *extra, last)


@pytest.mark.parametrize(
    ("blue_left", "blue_right", "result", "winner", "points"),
    [
        (13, 6, "decisive win", "home", -2),
        (13, 19, "upset", "visitor", 2),
        (14, 3, "decisive win", "visitor", -2),
        (14, 12, "draw", None, 1),
        (20, 17, "upset", "home", 2),
    ],
)
def test_the_right_blue_reads_the_advantaged_fighters_result_table(
    league, game, blue_left, blue_right, result, winner, points
):
    """Seed L1222: "Use the Right PRC Blue Number of the last card drawn to determine the
    result"; L1226: "look at the Higher or Lower Advantage section of the Fight Card … Move
    the Momentum Meter and Chippines Meter according to the result"."""
    model = fighters(league, game, [4, 6, 6, 6, 6], [1, 6, 6, 6, 6])
    game.chippiness = 5
    outcome = fight(model, game, fight_cards(blue_left, blue_right))
    assert (outcome.visitor, outcome.home) == (at(game, "visitor", "LW"), at(game, "home", "LW"))
    assert (outcome.result.result, outcome.winner, outcome.meter.points) == (result, winner, points)
    assert game.chippiness == 5 + points
    assert [(p.side, p.penalty) for p in outcome.penalties] == [
        ("visitor", "fighting major"),
        ("home", "fighting major"),
    ]


@pytest.mark.parametrize(("black100", "instigator"), [(1, "visitor"), (8, "home"), (7, "visitor")])
def test_an_instigator_odd_visitor_even_home_takes_2_and_a_game_misconduct(
    league, game, black100, instigator
):
    """Seed L1234: "That player receives a 2:00 Instigator Penalty … AND the Instigating
    Player receives a 5:00 Fighting Major and a 10:00 Game Misconduct … ODD Visitor EVEN
    Home"."""
    model = fighters(league, game, [1, 6, 6, 6, 6], [1, 6, 6, 6, 6])
    outcome = fight(model, game, fight_cards(1, 1, black100))
    given = [(p.side, p.player, p.penalty) for p in outcome.penalties]
    fighter = at(game, instigator, "LW")
    assert (instigator, fighter, "instigator minor") in given
    assert (instigator, fighter, "game misconduct") in given and len(given) == 4


def test_without_the_instigator_rule_nobody_is_an_instigator(league, game):
    """Seed L1234: "(unless you are playing in an era when the Instigator Penalty was not
    called)": Settings.instigator_rule FALSE."""
    model = fighters(league, game, [1, 6, 6, 6, 6], [1, 6, 6, 6, 6])
    model = replace(model, settings=replace(model.settings, instigator_rule=False))
    outcome = fight(model, game, fight_cards(1, 1, 1))
    assert [p.penalty for p in outcome.penalties] == ["fighting major", "fighting major"]


@pytest.mark.parametrize(
    ("black100", "side", "position"),
    [(1, "visitor", "C"), (41, "visitor", "RW"), (72, "home", "LD"), (100, "home", "RD")],
)
def test_a_third_man_in_is_found_by_commit_penalty_odd_visitor_even_home(
    league, game, black100, side, position
):
    """Seed L1238: "a 3rd Man enters the fight and receives a 10:00 Game Misconduct Penalty.
    Use the chart to determine which player jumps in, according to his Penalty Rating AND if
    he is on the ODD Visitor or EVEN Home team" (Commit Penalty, README §5.6; the fighter
    himself passed over: C 5, RW 4, LD 3, RD 2 from the highest)."""
    model = fighters(league, game, [1, 6, 6, 6, 6], [1, 6, 6, 6, 6])
    outcome = fight(model, game, fight_cards(1, 1, 10, shown(black100)))
    assert outcome.extra == "third man in"
    assert outcome.penalties[-1] == type(outcome.penalties[0])(
        side, at(game, side, position), "game misconduct"
    )


@pytest.mark.parametrize(
    ("black100", "more", "full", "bench_draw", "bench"),
    [(12, 2, False, None, False), (13, 3, False, None, False), (14, 0, True, 20, True)],
)
def test_brawls_bring_more_fights_and_a_full_brawl_may_empty_the_benches(
    league, game, black100, more, full, bench_draw, bench
):
    """Seed L1240-L1242: "a BRAWL occurs with either 2 or 3 additional fights … IF it falls
    in the FULL BRAWL Range, all players on the ice fight … Draw a new number, if the Black
    #100 is between 1 and 20, a bench clearing brawl occurs"."""
    model = fighters(league, game, [1, 6, 6, 6, 6], [1, 6, 6, 6, 6])
    extra = () if bench_draw is None else (shown(bench_draw),)
    outcome = fight(model, game, fight_cards(1, 1, black100, *extra))
    assert (outcome.more_fights, outcome.full_brawl, outcome.bench_clearing) == (more, full, bench)
    if full:
        assert not fight(model, game, fight_cards(1, 1, 14, shown(21))).bench_clearing


def test_a_brawls_further_fights_pass_over_the_first_fighters(league, game):
    """Seed L1240: "Duplicate the same process for determining which players are involved":
    a player already fighting is not found again (the engine's reading)."""
    model = fighters(league, game, [1, 2, 6, 6, 6], [1, 6, 2, 6, 6])
    first = (at(game, "visitor", "LW"), at(game, "home", "LW"))
    outcome = fight(model, game, fight_cards(1, 1), excluding=first)
    assert (outcome.visitor, outcome.home) == (at(game, "visitor", "C"), at(game, "home", "RW"))


def test_a_misconduct_on_a_number_at_or_over_the_secondary_penalty(league, game):
    """Seed L1246: "Use the Left PRC #100 to check against the Visiting Team Fighter's
    Secondary Penalty Number and the Right PRC #100 … When the #100 is equal to or higher than
    the fighter's Secondary Penalty Rating, he receives the additional 10:00 Misconduct"."""
    model = fighters(league, game, [1, 6, 6, 6, 6], [1, 6, 6, 6, 6])
    misconduct = shown(99, left={"n100": 60}, right={"n100": 59})
    outcome = fight(model, game, fight_cards(1, 1, misconduct=misconduct))
    assert [(p.side, p.penalty) for p in outcome.penalties][-1] == ("visitor", "misconduct")
    assert len(outcome.penalties) == 3


@pytest.mark.parametrize(
    ("intensity", "black100", "cooled"),
    [("NORMAL", 85, True), ("NORMAL", 86, False), ("BOILING", 100, True), ("HOT", 96, False)],
)
def test_cooler_heads_reset_the_meter_intensity_and_dirty_plays(
    league, game, intensity, black100, cooled
):
    """Seed L1250: "refer to the Black #100 and compare it to the Effect of the Fight on the
    Game Section … If the Black #100 is within the Range for the current Game Intensity:
    Cooler Heads Prevail. You will re-set both the Chippiness Meter to Normal and 0 and the
    Dirty Plays to 0" (the ranges the calibration's, README §11.18: NORMAL 1-85, HOT 1-95,
    BOILING 1-100)."""
    model = fighters(league, game, [1, 6, 6, 6, 6], [1, 6, 6, 6, 6])
    game.intensity, game.chippiness, game.meter_full, game.dirty_level = intensity, 9, True, 4
    misconduct = shown(black100, left={"n100": 1}, right={"n100": 1})
    outcome = fight(model, game, fight_cards(1, 1, misconduct=misconduct))
    assert outcome.cooler_heads is cooled
    state = (game.chippiness, game.meter_full, game.intensity, game.dirty_level)
    assert (state == (0, False, "NORMAL", 0)) is cooled


def test_given_fighters_skip_the_locator_card(league, game):
    """Seed L1180: an agitator may "goad his opponent into a fight": the two fight, with no
    locator card (the engine's reading)."""
    model = fighters(league, game, [1, 6, 6, 6, 6], [1, 6, 6, 6, 6])
    visitor, home = at(game, "visitor", "RD"), at(game, "home", "C")
    decider = shown(50, left={"blue": 1}, right={"blue": 1})
    outcome = fight(model, game, cards(decider, shown(99)), visitor=visitor, home=home)
    assert (outcome.visitor, outcome.home, outcome.winner) == (visitor, home, "home")


@pytest.mark.parametrize(
    ("ae", "black100", "suspension"),
    [(1, 50, "none"), (1, 51, "1 game"), (6, 100, "4 to 10 games"), (3, 90, "2 to 3 games")],
)
def test_the_discipline_office_reads_black_100_by_the_players_a_e(
    league, game, ae, black100, suspension
):
    """Seed L1252-L1259: "refer to the League Discipline Office to determine if a Suspension
    Takes Place … Use the player's Agitator/Enforcer Rating and refer to the League
    Discipline Office Chart"."""
    model = rated(league, game, "home", agitator_enforcer=[ae] * 5)
    assert discipline(model, at(game, "home", "C"), shown(black100)) == suspension


# Momentum (L1264-L1309).


@pytest.mark.parametrize(
    ("points", "level"), [(0, 0), (2, 0), (3, 1), (8, 2), (9, 3), (13, 4), (40, 4)]
)
def test_momentum_levels_by_points(league, points, level):
    """Seed L1266-L1273: "1 to 2 MOMENTUM · 3 to 4 MOMENTUM LEVEL 1 · 5 to 8 MOMENTUM LEVEL
    2 · 9 to 12 MOMENTUM LEVEL 3 · 13 and UP MOMENTUM LEVEL 4"."""
    assert mo_level(league, points) == level


def test_a_momentum_play_adds_or_takes_away_only_while_the_other_team_has_momentum(league, game):
    """Seed L1279: "Each time a team makes a Momentum play, either add to that team's Momentum
    Total or Subtract from the other team's Momentum Total if they are playing with
    Momentum"."""
    change = award(league, game, "home", "great save", NOBODY)
    assert (change.points, change.use, change.after) == (3, "add", (0, 3))
    taker = Answers("take away")
    change = award(league, game, "visitor", "agitator draws a penalty", taker, times=2)
    assert taker.offered == [("add", "take away")]
    assert (change.points, change.use, change.after) == (6, "take away", (0, 0))
    with pytest.raises(IllegalChoice, match="for momentum use"):
        game.home.momentum = 1
        stubborn = Answers("keep it")  # type: ignore[arg-type]
        award(league, game, "visitor", "goal", stubborn)


def test_by_the_book_slows_the_team_with_more_momentum_and_random_legal_is_seeded(game):
    """Seed L1297: momentum wins breakouts, so ByTheBook takes points away from a rival with
    at least as many and builds its own otherwise; RandomLegal picks either."""
    options: tuple[MomentumUse, ...] = ("add", "take away")
    game.home.momentum, game.visitor.momentum = 2, 2
    assert ByTheBook().momentum_use(game, "home", 1, options) == "take away"
    game.home.momentum = 3
    assert ByTheBook().momentum_use(game, "home", 1, options) == "add"
    picks = {
        RandomLegal(random.Random(seed)).momentum_use(game, "home", 1, options)
        for seed in range(20)
    }
    assert picks == set(options)


def test_a_won_fight_shifts_the_momentum_or_earns_2_doubled_for_a_goading_agitator(league, game):
    """Seed L1289: "WIN FIGHT · Take all of the Momentum from the other team and place the
    team gaining the … MOMENTUM LEVEL 2" (README §5.3); L1182: "If the Agitator is able to
    goad his opponent into a fight AND he wins the fight, he gets double the Momentum
    Bump"."""
    game.home.momentum, game.visitor.momentum = 7, 2
    shifted = fight_won(league, game, "visitor", NOBODY)
    assert (shifted.use, shifted.after) == ("shift", (5, 0))
    game.visitor.momentum = 0
    plain = fight_won(league, game, "home", NOBODY, goaded=True)
    assert (plain.points, plain.after) == (4, (0, 4))


@pytest.mark.parametrize(
    ("period", "steps", "score", "shifted"),
    [
        (3, 0, (0, 1), True),  # go-ahead, visitor 0 home 1
        (3, 21, (1, 1), True),  # tying with 9:30 left
        (3, 20, (1, 1), False),  # tying with 10:00 left
        (2, 39, (0, 1), False),
        (3, 5, (0, 3), False),
    ],
)
def test_late_goals_in_the_3rd_shift_the_momentum(league, game, period, steps, score, shifted):
    """Seed L1291-L1293: "GO AHEAD GOAL IN 3rd PERIOD … GAME TYING GOAL WITH LESS THEN 10:00
    in the 3rd PERIOD"; any other goal is worth +2 (L1279)."""
    game.period, game.steps = period, steps
    game.box["visitor", "goals", period] += score[0]
    game.box["home", "goals", period] += score[1]
    game.visitor.momentum = 3
    change = goal_scored(league, game, "home", Answers("add"))
    assert (change.use == "shift") is shifted
    assert change.after == ((0, 5) if shifted else (3, 2))


@pytest.mark.parametrize(
    ("points", "mo", "wins"),
    [(9, 3, True), (9, 4, False), (3, 1, True), (2, 1, False), (20, None, False)],
)
def test_a_breakout_succeeds_on_an_mo_level_the_team_has(league, game, points, mo, wins):
    """Seed L1301-L1303: "the card drawn to get the result of the Breakout shows a MO LEVEL on
    the Left PRC, the Breakout is successful no matter the result … playing with a Momentum
    Level 3; MO 1, MO 2 and MO 3 showing on the Left PRC allows the Breakout"."""
    game.home.momentum = points
    assert breakout_by_momentum(league, game, "home", shown(left={"mo": mo})) is wins


def test_a_momentum_clear_spends_a_point_and_credits_the_other_team_a_hit(game):
    """Seed L1307: "The team clearing the puck must deduct 1 Momentum Point from the total and
    the other team is credited with a hit"."""
    assert not momentum_clear(game, "home")
    game.home.momentum = 1
    assert momentum_clear(game, "home")
    assert game.home.momentum == 0 and game.total("visitor", "hits") == 1
