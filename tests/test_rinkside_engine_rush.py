"""RINKSIDE HOCKEY's dump-ins (seed L875-L913) and rushes (L915-L997, the short-handed rush
L1132-L1136), each rule on hand-made draws, the ratings set by hand on the shipped
workbook's line-ups. The home team dumps the puck in and rushes throughout; the visitor
defends its own end."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from rinkside_engine import HOME, VISITOR, Script

from authoring.games.rinkside import GAME
from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.dump import dump_in
from authoring.games.rinkside.model import (
    GoalieCard,
    Rinkside,
    Settings,
    Skater,
    SkaterCard,
    build_model,
)
from authoring.games.rinkside.policy import ByTheBook, IllegalChoice, RandomLegal
from authoring.games.rinkside.rush import (
    breakaway_shot,
    rush,
    short_handed_stopped,
)
from authoring.games.rinkside.state import GameState, TeamSide
from authoring.games.rinkside.zone import (
    Breakaway,
    DumpIn,
    Hit,
    LoosePuck,
    PenaltyCheck,
    Possession,
    Rush,
    ShotChance,
    Stoppage,
    set_up_shooter,
)
from authoring.validate import validate_workbook

QUIET = 99  # a Right #100 above every DRW and COM: no penalty


@pytest.fixture(scope="module")
def shipped() -> Rinkside:
    return build_model(validate_workbook(GAME.workbook, GAME).tables)


@pytest.fixture
def game(shipped: Rinkside) -> GameState:
    return GameState.new(shipped, HOME, VISITOR)


@pytest.fixture
def league(shipped: Rinkside, game: GameState) -> Rinkside:
    """The shipped league with round ratings on the ice: every home skater FCO 12, O-Battle
    5, Pass 60, Offense 10, HQS 4, Hit 5, Big Hit 2, Target 70, DRW and COM 5; every
    visiting skater Defense 6, D-Battle 10, PHY 3, COM 5; the visitor's goalie Play Puck 5,
    Control Puck 3, Shootout 70, GREAT SAVE 1, Rebound Control 14, SHT 95."""
    league = rated(
        shipped,
        game,
        "home",
        forecheck_off=12,
        o_battle=5,
        pass_=60,
        offense=10,
        hqs=4,
        hit=5,
        big_hit=2,
        shot_target=70,
        draw_penalty=5,
        commit_penalty=5,
    )
    league = rated(league, game, "visitor", defense=6, d_battle=10, physical=3, commit_penalty=5)
    return goalie_rated(
        league,
        game,
        play_puck=5,
        control_puck=3,
        shootout=70,
        great_save=1,
        rebound_control=14,
        sht=95,
    )


def rated(
    league: Rinkside, game: GameState, side: TeamSide, *, positions: str = "", **ratings: int
) -> Rinkside:
    """`league` with `ratings` (`pass_` for Pass) set on `side`'s skaters on the ice, all of
    them or those at `positions` (space-separated)."""
    team = game.team(side)
    chosen = positions.split() or ["LW", "C", "RW", "LD", "RD"]
    values = {name.rstrip("_"): value for name, value in ratings.items()}
    changed = {}
    for position in chosen:
        skater_id = team.at(position).skater_id
        card = league.skater_cards[skater_id]
        changed[skater_id] = SkaterCard(skater_id, {**card.ratings, **values})
    return replace(league, skater_cards={**league.skater_cards, **changed})


def goalie_rated(league: Rinkside, game: GameState, **ratings: int) -> Rinkside:
    """`league` with the visitor's goalie's `ratings` set."""
    goalie_id = game.visitor.lineup.goalie.goalie_id
    card = league.goalie_cards[goalie_id]
    changed = GoalieCard(goalie_id, {**card.ratings, **ratings})
    return replace(league, goalie_cards={**league.goalie_cards, goalie_id: changed})


def shown(
    black100: int = 99,
    *,
    red: int = 10,
    blue: int = 20,
    n100: int = QUIET,
    left: dict[str, Any] | None = None,
    right: dict[str, Any] | None = None,
) -> Draw:
    """A draw showing `black100` (tens on the Left face, units on the Right), the Left red
    and blue, the Right #100 `n100` and the faces' sections."""
    tens, units = divmod(black100 % 100, 10)
    return Draw(
        Face(black=tens, n100=50, red=red, blue=blue, **(left or {})),
        Face(black=units, n100=n100, red=1, blue=1, **(right or {})),
    )


def home(game: GameState, position: str) -> Skater:
    return game.home.at(position)


def visitor(game: GameState, position: str) -> Skater:
    return game.visitor.at(position)


class Goalkeeper(ByTheBook):
    """A coach who answers the risky-play question the same every time, and counts it; the
    other questions by the book."""

    def __init__(self, answer: object) -> None:
        super().__init__("goalkeeper")
        self.answer = answer
        self.asked: list[tuple[Skater, Fraction]] = []

    def risky_play(
        self,
        game: GameState,
        side: TeamSide,
        threat: Skater,
        success: Fraction,
        options: Sequence[bool],
    ) -> bool:
        self.asked.append((threat, success))
        return self.answer  # type: ignore[return-value]


NEVER_ASKED = Goalkeeper(None)


def dumped(league: Rinkside, game: GameState, *draws: Draw, coach: Any = NEVER_ASKED):
    script = Script(*draws)
    result = dump_in(league, game, "home", coach, script)
    script.done()
    return result


def rushed(league: Rinkside, game: GameState, *draws: Draw, short_handed: bool = False):
    script = Script(*draws)
    result = rush(league, game, "home", script, short_handed=short_handed)
    script.done()
    return result


# Dump and chase (L879-L913).

DUMP_PLAYERS = {"dump_off": "LW", "dump_def": "LD", "forecheck_who": "RW", "zone_off": "RD"}


def dump(play: str, **right: Any) -> Draw:
    return shown(left={"dump": play}, right={**DUMP_PLAYERS, **right})


def test_a_dump_in_marks_a_timing_sequence(league, game):
    """L879: "Draw a new card and refer to the Dump and Chase Play Section of the Left PRC and
    mark a time sequence [T]."""
    dumped(league, game, dump("ICING"))
    assert game.steps == 1


def test_a_forecheck_within_fco_gives_the_zone_play_player_the_puck_and_a_physical_hit(
    league, game
):
    """L881-L883: "find the Offensive Dump and Chase Player on the Right PRC. Use that
    player's Offensive Forecheck Rating FCO and draw a new card. … his team is in control of
    the puck with the Offensive Player listed in the Zone Play Section of the Right PRC …
    look at the Physical Section of the Right PRC. If that action and number is within the
    Offensive Forecheck player's rating, he also gets either a Hit or Big Hit." """
    decided = shown(blue=12, right={"zone_off": "C", "physical": "HIT", "physical_n": 5})
    result = dumped(league, game, dump("FORECHECK"), decided)
    assert result.outcome == Possession("home", "visitor end", home(game, "C"))
    assert result.hits == (Hit("home", home(game, "LW"), big=False),)
    assert game.total("home", "hits") == 1
    big = shown(blue=1, right={"zone_off": "C", "physical": "BIG HIT", "physical_n": 3})
    assert dumped(league, game, dump("FORECHECK"), big).hits == ()  # 3 is above Big Hit 2


def test_a_forecheck_within_fco_over_20_keeps_the_puck_for_the_forechecker(league, game):
    """L885: "When that is the case and the Blue Number is low enough to be within that
    player's number over 20, his forecheck is successful and HE has control of the puck …
    He has an FCO rating of 33. If the Blue Number is between 1 and 13" """
    league = rated(league, game, "home", positions="LW", forecheck_off=33)
    own = dumped(league, game, dump("FORECHECK"), shown(blue=13, right={"zone_off": "C"}))
    assert own.outcome == Possession("home", "visitor end", home(game, "LW"))
    mate = dumped(league, game, dump("FORECHECK"), shown(blue=14, right={"zone_off": "C"}))
    assert mate.outcome == Possession("home", "visitor end", home(game, "C"))


def test_a_forecheck_above_fco_gives_the_defence_the_puck_after_its_hitting(league, game):
    """L887: "he fails to recover the puck and the defensive team gains control. The
    Defensive Team may get a hit as well, depending upon the Team's Hitting Strategy … the
    Defensive Team then attempts a Clear or Breakout." """
    quiet = dumped(league, game, dump("FORECHECK"), shown(blue=13))
    assert quiet.outcome == Possession("visitor", "visitor end", None)
    assert quiet.hits == ()
    hitting = shown(blue=13, left={"hit": "HIT"}, right={"zone_def": "RD"})
    league = rated(league, game, "visitor", positions="RD", hit=4, big_hit=1)
    result = dumped(league, game, dump("FORECHECK"), hitting, shown(red=4))
    assert result.outcome == Possession("visitor", "visitor end", None)
    assert result.hits == (Hit("visitor", visitor(game, "RD"), big=False),)


def test_dump_and_chase_penalties_are_the_standard_draw_and_commit(league, game):
    """L913: "For all of the above Dump and Chase Scenarios use the standard procedure to
    determine if a penalty is drawn or committed." (L306-L308: the Right #100 within DRW or
    COM; whistled on an even one.)"""
    made = dumped(league, game, dump("FORECHECK"), shown(blue=1, n100=4, right={"zone_off": "C"}))
    assert made.penalties == (PenaltyCheck("home", home(game, "LW"), "draw", 4, True),)
    failed = dumped(league, game, dump("FORECHECK"), shown(blue=20, n100=5))
    assert failed.penalties == (PenaltyCheck("home", home(game, "LW"), "commit", 5, False),)


def test_the_d_battle_winner_clears_with_the_puck_and_hits_within_phy(league, game):
    """L889: "find the Defensive Dump and Chase Player on the Right PRC and use his Defensive
    Battle Rating and follow all procedures above for a Defensive Battle. If the Defensive
    Player wins the battle, proceed to a Clear or Breakout with his team in possession."
    (L364: a blue within his PHY is a hit too; a loss gives the offence the puck.)"""
    won = dumped(league, game, dump("D-BATTLE"), shown(blue=3))
    assert won.outcome == Possession("visitor", "visitor end", visitor(game, "LD"))
    assert won.hits == (Hit("visitor", visitor(game, "LD"), big=False),)
    plain = dumped(league, game, dump("D-BATTLE"), shown(blue=10))
    assert plain.outcome == won.outcome and plain.hits == ()
    lost = dumped(league, game, dump("D-BATTLE"), shown(blue=11, right={"zone_off": "RW"}))
    assert lost.outcome == Possession("home", "visitor end", home(game, "RW"))


def test_the_o_battle_winner_s_team_has_the_puck_with_the_zone_play_player(league, game):
    """L891: "use his Offensive Battle Rating and follow all procedures above for an
    Offensive Battle. If the Offensive Player wins the battle, the Offensive Player listed in
    the Zone Play Section of the Right PRC is in control of the puck" (the red, L356)."""
    won = dumped(league, game, dump("O-BATTLE"), shown(red=5, right={"zone_off": "C"}))
    assert won.outcome == Possession("home", "visitor end", home(game, "C"))
    lost = dumped(league, game, dump("O-BATTLE"), shown(red=6, blue=1, right={"zone_off": "C"}))
    assert lost.outcome == Possession("visitor", "visitor end", None)


@pytest.mark.parametrize(
    ("red", "expected"),
    [
        (3, Possession("visitor", "visitor end", None)),
        (4, LoosePuck("visitor end")),
        (5, LoosePuck("visitor end")),
        (6, Possession("home", "visitor end", None)),
    ],
)
def test_the_goalie_plays_a_dump_in_on_his_play_puck_and_control_puck(league, game, red, expected):
    """L895-L899: "If the Red Number is within the Goalie's Play Puck Range, he moves the puck
    to the corner … within the Goalie's Control Puck Range, he plays the puck to a teammate
    … out of the Goalie's Play Puck Range, he fails to play the puck and the offense gains
    control of the puck with the player listed on the Right PRC" """
    result = dumped(league, game, dump("GOALIE"), shown(red=red, right={"zone_off": "C"}))
    if isinstance(expected, Possession) and expected.side == "home":
        expected = replace(expected, carrier=home(game, "C"))
    assert result.outcome == expected


@pytest.mark.parametrize(
    ("red", "expected"),
    [
        (3, Rush("visitor")),
        (5, Possession("visitor", "visitor end", None)),
        (4, LoosePuck("visitor end")),
    ],
)
def test_a_goalie_who_makes_the_risky_play_rushes_clears_or_plays_the_corner(
    league, game, red, expected
):
    """L903: "If the Red Number is ODD he plays the puck to a teammate who then proceeds to a
    Clear or Breakout play. If the Red Number is EVEN, he plays the puck into the corner … If
    the Red Number is within the Goalie's Control Puck Range, he picks out a player up-ice
    and Initiates a Rush." """
    coach = Goalkeeper(True)
    result = dumped(league, game, dump("GOALIE RISKY PLAY?"), shown(red=red), coach=coach)
    assert result.outcome == expected
    assert coach.asked == [(home(game, "RD"), Fraction(5, 10))]


def test_a_goalie_who_misses_the_risky_play_concedes_a_dangerous_play(league, game):
    """L905: "he fails to play the puck and the offensive player listed in the Zone Play
    Section on the Right PRC gets an automatic Offense Dangerous Play" (L334: within his
    Offense a quality chance, within his HQS too a high-quality one). The player is the one
    the coach saw, on the dump's draw."""
    coach = Goalkeeper(True)
    threat = home(game, "RD")
    quality = dumped(league, game, dump("GOALIE RISKY PLAY?"), shown(red=6, blue=10), coach=coach)
    assert quality.outcome == ShotChance(threat, "q", "dangerous play")
    high = dumped(league, game, dump("GOALIE RISKY PLAY?"), shown(red=6, blue=4), coach=coach)
    assert high.outcome == ShotChance(threat, "hq", "dangerous play")
    missed = dumped(league, game, dump("GOALIE RISKY PLAY?"), shown(red=6, blue=11), coach=coach)
    assert missed.outcome == Possession("visitor", "visitor end", None)


def test_a_goalie_who_stays_home_leaves_the_puck_and_maybe_a_dangerous_play(league, game):
    """L907: "The offensive player listed on the Right PRC gains control of the puck. Draw a
    new card. If the Zone Play Section on the Left PRC is Offense Dangerous, that player gets
    to attempt a Dangerous Play … any other action, including defensive actions, the
    offensive player maintains possession" """
    coach = Goalkeeper(False)
    threat = home(game, "RD")
    danger = shown(blue=1, left={"zone": "OFFENSE DANGEROUS"})
    result = dumped(league, game, dump("GOALIE RISKY PLAY?"), danger, coach=coach)
    assert result.outcome == ShotChance(threat, "hq", "dangerous play")
    calm = shown(blue=1, left={"zone": "DEFENSE TAKEAWAY"})
    result = dumped(league, game, dump("GOALIE RISKY PLAY?"), calm, coach=coach)
    assert result.outcome == Possession("home", "visitor end", threat)


def test_the_risky_play_question_refuses_an_answer_not_offered(league, game):
    """L901: "forces the goalie to decide whether to make a risky play": yes or no, nothing
    else."""
    with pytest.raises(IllegalChoice, match="coach goalkeeper chose 'maybe' for risky play"):
        dumped(league, game, dump("GOALIE RISKY PLAY?"), coach=Goalkeeper("maybe"))


def test_by_the_book_goes_for_the_puck_when_the_goalie_plays_it_half_the_time(league, game):
    """L901: "The goalie must determine if that player poses a significant enough threat to
    attempt to make a risky play": the book goes for it when his Play Puck makes the play at
    least half the time; a seeded random coach gives both answers."""
    book = ByTheBook()
    assert dumped(league, game, dump("GOALIE RISKY PLAY?"), shown(red=3), coach=book).outcome == (
        Rush("visitor")
    )
    weak = goalie_rated(league, game, play_puck=4)
    stays = dumped(
        weak, game, dump("GOALIE RISKY PLAY?"), shown(left={"zone": "D-BATTLE"}), coach=book
    )
    assert stays.outcome == Possession("home", "visitor end", home(game, "RD"))
    chooser = RandomLegal(random.Random(7))
    answers = {
        chooser.risky_play(game, "visitor", home(game, "C"), Fraction(1, 2), (True, False))
        for _ in range(20)
    }
    assert answers == {True, False}


def test_icing_is_a_faceoff_in_the_dumping_team_s_end(league, game):
    """L909: "The puck is iced and a faceoff occurs in the defensive zone of the team" that
    dumped it."""
    assert dumped(league, game, dump("ICING")).outcome == Stoppage("home end", False, "icing")


def test_icing_is_beaten_by_a_blue_within_the_forechecker_s_fco(league, game):
    """L911: "If the Blue Number on the Left PRC is within the Offensive Forecheck Rating of
    the player listed on the Right PRC, he beats the defensive player to the puck and a Loose
    Puck Scenario ensues on that end of the ice." """
    league = rated(league, game, "home", positions="RW", forecheck_off=9)
    beaten = dumped(league, game, dump("ICING?"), shown(blue=9))
    assert beaten.outcome == LoosePuck("visitor end")
    iced = dumped(league, game, dump("ICING?"), shown(blue=10))
    assert iced.outcome == Stoppage("home end", False, "icing")


# Rushes and transitions (L917-L997).


def rush_draw(play: str, defender: str | None = None, carrier: str = "C") -> Draw:
    return shown(left={"rush": play, "rush_defender": defender}, right={"rush_off": carrier})


def test_a_transition_within_the_defender_s_defense_on_the_red_is_broken_up(league, game):
    """L925-L927: "Refer to that defensive player's Defense Rating and draw a new card …
    you will use the Red Number (1-10) for the result. If the Red Number is within the
    defensive player's Defense Rating, he breaks up the Transition Play. Refer to the Failed
    Rush/Transition Section on the Right PRC" """
    stopped = shown(red=6, blue=20, right={"rush_failed": "TURNOVER"})
    assert rushed(league, game, rush_draw("TRANSITION", "LD"), stopped).outcome == Rush("visitor")
    through = shown(47, red=7, blue=1, right={"rush_off": "RW"})
    result = rushed(league, game, rush_draw("TRANSITION", "LD"), through)
    assert result.outcome == ShotChance(home(game, "RW"), "hq", "rush shot")
    assert game.steps == 0  # L971: "Timing Sequences are not marked"


def test_an_odd_man_rush_is_broken_up_on_the_blue(league, game):
    """L945-L949: "you will use the Blue Number (1-20) for the result. If the Blue Number is
    within the defensive player's Defense Rating, he breaks up" the play."""
    stopped = shown(red=10, blue=6, right={"rush_failed": "D-CONTROL"})
    result = rushed(league, game, rush_draw("ODD MAN RUSH", "RD"), stopped)
    assert result.outcome == Possession("visitor", "neutral", None)
    through = shown(47, red=1, blue=7, right={"rush_off": "LW"})
    result = rushed(league, game, rush_draw("ODD MAN RUSH", "RD"), through)
    assert result.outcome == ShotChance(home(game, "LW"), "hq", "rush shot")


@pytest.mark.parametrize(("mark", "position"), [("Cbc", "C"), ("LWbc", "LW"), ("RWbc", "RW")])
def test_a_backchecking_forward_breaks_up_a_transition_on_his_defense(league, game, mark, position):
    """L967-L969: "a C, RW or LW is called upon to break up a TRANSITION play with effective
    back checking. Follow the same procedures" """
    league = rated(league, game, "visitor", defense=1)
    league = rated(league, game, "visitor", positions=position, defense=9)
    stopped = shown(red=9, right={"rush_failed": "PUCK OoP"})
    result = rushed(league, game, rush_draw("TRANSITION", mark), stopped)
    assert result.outcome == Stoppage("neutral", False, "puck out of play")


def test_only_a_defender_who_fails_is_checked_for_a_penalty(league, game):
    """L941: "Penalties on Rush/Transition Plays only occur when a defensive player fails to
    break up the Rush/Transition Play and the Official calls the penalty." """
    through = shown(10, red=7, n100=4, right={"rush_off": "C"})
    result = rushed(league, game, rush_draw("TRANSITION", "LD"), through)
    assert result.penalties == (PenaltyCheck("visitor", visitor(game, "LD"), "commit", 4, True),)
    stopped = shown(red=6, n100=4, right={"rush_failed": "ZONE PLAY"})
    assert rushed(league, game, rush_draw("TRANSITION", "LD"), stopped).penalties == ()


@pytest.mark.parametrize(
    ("black", "kind"), [(48, "rush pass"), (94, "rush pass"), (95, "rush drop")]
)
def test_a_pass_or_drop_connects_within_the_carrier_s_pass_to_a_set_up_shooter(
    league, game, black, kind
):
    """L933-L935: "Sets-Up a teammate for a Shot on Goal. Draw a new card. If the Black #100
    is within the offensive player's Pass Rating, he connects on the Set-Up pass. Refer to
    the Right PRC Section to determine whether an A, B, C or D graded player will get the
    Shot" (the README reads the text's "47-94" as 48-94); a drop pass the same way."""
    through = shown(black, red=7, right={"rush_off": "C"})
    passed = shown(60, left={"side": "L"}, right={"grade": "A", "grade_pos": "F"})
    result = rushed(league, game, rush_draw("TRANSITION", "LD"), through, passed)
    shooter = set_up_shooter(league, game, "home", home(game, "C"), passed)
    assert result.outcome == ShotChance(shooter, "hq", kind, passer=home(game, "C"))


def test_a_pass_above_the_carrier_s_pass_fails_as_a_broken_up_rush(league, game):
    """L933 names only the pass that connects; the engine reads a missed pass as the rush
    broken up: the pass draw's Failed Rush/Transition section goes on (L975)."""
    through = shown(48, red=7, right={"rush_off": "C"})
    missed = shown(61, right={"rush_failed": "PUCK CHASE"})
    result = rushed(league, game, rush_draw("TRANSITION", "LD"), through, missed)
    assert result.outcome == DumpIn("visitor", None)


@pytest.mark.parametrize(
    ("section", "expected"),
    [
        ("ZONE PLAY", LoosePuck("visitor end")),
        ("PUCK CHASE", DumpIn("visitor", None)),
        ("TURNOVER", Rush("visitor")),
        ("D-CONTROL", Possession("visitor", "neutral", None)),
        ("PUCK OoP", Stoppage("neutral", False, "puck out of play")),
    ],
)
def test_the_failed_rush_section_sends_play_on(league, game, section, expected):
    """L979-L997: "ZONE PLAY Play continues in the zone where the Rush/Transition Play was
    broken up with a Loose Puck Scenario. <PUCK CHASE> The puck ends up back in the
    Defensive Zone of the team on the Rush/Transition Play … TURNOVER … counters with a
    Rush/Transition Play of its own. D-CONTROL … a Neutral Zone Play. PUCK OoP … a Neutral
    Zone Faceoff." """
    stopped = shown(red=1, right={"rush_failed": section})
    assert rushed(league, game, rush_draw("TRANSITION", "LD"), stopped).outcome == expected


def test_a_short_handed_rush_broken_up_gives_the_power_play_a_rush(league, game):
    """L1136: "If the Power Play unit is able to break up the Rush/Transition of the
    Shorthanded team, it gets an automatic Rush/Transition counter attack" """
    stopped = shown(red=1, right={"rush_failed": "D-CONTROL"})
    result = rushed(league, game, rush_draw("TRANSITION", "LD"), stopped, short_handed=True)
    assert result.outcome == Rush("visitor")


def test_a_breakaway_goes_to_the_right_face_s_rush_player(league, game):
    """L957: "look at the Rush/Transition Section of the Right PRC to determine which
    offensive player receives the Breakaway Scoring Chance." """
    result = rushed(league, game, rush_draw("BREAKAWAY", carrier="RW"))
    assert result.outcome == Breakaway("home", home(game, "RW"))


def test_a_breakaway_with_stars_leaves_the_shot_or_dishes_it_off(league, game):
    """L959: "Draw another card. If the Black #100 is between 1-50, the player with the puck
    takes the Breakaway Shot. If the Black #100 is between 51-100, the player dishes off to
    a teammate" """
    keeps = rushed(league, game, rush_draw("BREAKAWAY***", carrier="C"), shown(50))
    assert keeps.outcome == Breakaway("home", home(game, "C"))
    dish = shown(51, left={"side": "R"}, right={"grade": "A", "grade_pos": "F"})
    dishes = rushed(league, game, rush_draw("BREAKAWAY***", carrier="C"), dish)
    shooter = set_up_shooter(league, game, "home", home(game, "C"), dish)
    assert dishes.outcome == Breakaway("home", shooter, passer=home(game, "C"))
    assert shooter != home(game, "C")


def test_offsides_and_the_two_line_pass_whistle_the_play(league, game):
    """L963-L965: "If it is Offsides, a Neutral Zone Faceoff occurs. If it is a 2 Line Pass,
    a Defensive Zone Faceoff occurs." (the two-line pass only with `Settings.two_line_pass`,
    README §9 Q4)."""
    offside = rushed(league, game, rush_draw("OFFSIDES"))
    assert offside.outcome == Stoppage("neutral", False, "offsides")
    called = replace(league, settings=Settings(two_line_pass=True))
    whistled = rushed(called, game, rush_draw("2 LINE PASS"))
    assert whistled.outcome == Stoppage("home end", False, "two-line pass")


def test_a_clean_two_line_pass_is_a_transition_nobody_breaks_up(league, game):
    """README §9 Q4: with `two_line_pass` false "a clean play (as TRANSITION with no
    defender)": a new draw's Black #100 splits the chance (L929)."""
    split = shown(47, red=1, right={"rush_off": "LW"})
    result = rushed(league, game, rush_draw("2 LINE PASS"), split)
    assert result.outcome == ShotChance(home(game, "LW"), "hq", "rush shot")
    assert result.penalties == ()


# The breakaway shot (L957).


def breakaway(league: Rinkside, game: GameState, *draws: Draw, passer: Skater | None = None):
    script = Script(*draws)
    result = breakaway_shot(league, game, Breakaway("home", home(game, "C"), passer), script)
    script.done()
    return result


def test_a_breakaway_is_on_target_within_target_plus_15(league, game):
    """L957: "Add 15 to the offensive player's Shot Target Range. On/Off Target applies to
    the Shot on Goal" (Target 70: 85 is on target, 86 a miss)."""
    saved = breakaway(league, game, shown(85), shown(70), shown(blue=3))
    assert saved.attempt.result == "saved"
    missed = breakaway(league, game, shown(86))
    assert (missed.attempt.result, missed.then) == ("missed", "loose puck")
    wide = breakaway(league, game, shown(97))
    assert wide.then == "neutral zone"


@pytest.mark.parametrize("lost", [55, 66, 77, 88])
def test_a_breakaway_shooter_can_lose_control(league, game, lost):
    """L957: "the player losing control on Black #100 results of 55, 66, 77 or 88" """
    result = breakaway(league, game, shown(lost))
    assert result.then == "loose puck"
    assert game.total("home", "shots") == 0


def test_a_breakaway_can_ring_the_post(league, game):
    """L957: "the Shot may hit the Post/Crossbar as well" (the iron played as any shot's,
    L481-L507)."""
    result = breakaway(league, game, shown(10, right={"post": "POST REBOUND"}))
    assert (result.attempt.result, result.then) == ("post rebound", "rebound")


def test_a_breakaway_save_is_on_the_shootout_rating_then_rebound_control(league, game):
    """L957: "Use the Goalie's Shootout Rating S-O to determine if he makes the save … IF
    the goalie makes the save on a Breakaway Play, it is an immediate Rebound Control Check."
    (Shootout 70, Rebound Control 14: a blue 3 is covered, 15 up a rebound shot.)"""
    covered = breakaway(league, game, shown(10), shown(70), shown(blue=1))
    assert covered.attempt.save is not None and covered.attempt.save.challenged
    assert covered.then == "cover"
    loose = breakaway(league, game, shown(10), shown(70), shown(blue=20))
    assert loose.then == "rebound shot"
    assert game.total("home", "shots") == 2 and game.total("visitor", "saves") == 2


def test_a_breakaway_above_shootout_scores_unless_a_great_save_robs_it(league, game):
    """L957: "All Goalie Save Results are in play including Great Saves AND Good, Very Good
    and Great Game save chances." (GREAT SAVE 1: a blue 1 robs the goal and raises him a
    level; a blue 2 in a Normal game does not.)"""
    robbed = breakaway(league, game, shown(10), shown(71), shown(blue=1), shown(blue=1))
    assert robbed.attempt.save is not None and robbed.attempt.save.rescue == "great save"
    assert game.visitor.goalie_level == "Good"
    scored = breakaway(
        league,
        game,
        shown(10),
        shown(71),
        shown(blue=20),  # the Good game's big-save range is below 20
        Draw(Face(0, 1, 1, 1, assist_credit="1↓"), Face(0, 1, 1, 1)),
        passer=home(game, "LW"),
    )
    assert scored.goal is not None and scored.then == "centre faceoff"
    assert scored.goal.scorer == home(game, "C")
    assert scored.goal.assists == (home(game, "LW"),)
    assert game.total("home", "goals") == 1


def test_a_short_handed_rush_shot_is_saved_on_the_goalie_s_sht(league, game):
    """L1132: "unless it is a Breakaway, all Shots on Goal require the goalie to use his SHT
    Rating to determine if a save is made or a Shorthanded goal is scored." (SHT 95)"""
    card = league.goalie_cards[game.visitor.lineup.goalie.goalie_id]
    assert short_handed_stopped(card, 95)
    assert not short_handed_stopped(card, 96)
