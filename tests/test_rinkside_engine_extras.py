"""RINKSIDE HOCKEY's auxiliary plays, injuries, the empty net, the last second and goal
descriptions (seed L1311-L1373), each rule on a hand-made draw read against the shipped
workbook's charts, tables and line-ups."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace

import pytest
from rinkside_engine import at, cards, new_game, shipped_league

from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.extras import (
    AuxiliaryPenalty,
    AuxiliaryPlay,
    ConfidenceCheck,
    EmptyNetGoal,
    Injury,
    MomentumBump,
    PlayOn,
    ask_pull_goalie,
    auxiliary_play,
    auxiliary_triggered,
    before_the_buzzer,
    empty_net_attack,
    last_second_try,
    offense_bonus,
)
from authoring.games.rinkside.goals import describe_goal, goal_type
from authoring.games.rinkside.model import (
    AuxiliaryRow,
    Chart,
    Rinkside,
    Settings,
    Skater,
    SkaterCard,
)
from authoring.games.rinkside.policy import (
    ByTheBook,
    IllegalChoice,
    LastSecondTry,
    RandomLegal,
)
from authoring.games.rinkside.shots import Goal, How
from authoring.games.rinkside.state import (
    PERIODS,
    STEPS_PER_PERIOD,
    GameState,
    TeamSide,
)
from authoring.games.rinkside.zone import LoosePuck, Possession, Stoppage

# The shared fixtures from rinkside_engine, found by pytest under their fixture names.
SHARED_FIXTURES = (new_game, shipped_league)

NO_INJURY = 50  # an auxiliary draw's Right #100 above 10: the chart's play, no injury


def left(n100: int = 50, red: int = 1, blue: int = 1, black: int = 0, **sections: str) -> Face:
    return Face(black=black, n100=n100, red=red, blue=blue, **sections)  # type: ignore[arg-type]


def right(
    n100: int = NO_INJURY, red: int = 1, blue: int = 1, black: int = 0, hv: str = "H"
) -> Face:
    return Face(black=black, n100=n100, red=red, blue=blue, hv=hv)


def rated(league: Rinkside, skater: Skater, **ratings: int) -> Rinkside:
    card = league.skater_cards[skater.skater_id]
    changed = SkaterCard(skater.skater_id, {**card.ratings, **ratings})
    return replace(league, skater_cards={**league.skater_cards, skater.skater_id: changed})


def play(
    league: Rinkside,
    game: GameState,
    *draws: Draw,
    carrier: Skater | None = None,
    last_play: tuple[TeamSide, Skater] | None = None,
    short_handed: frozenset[TeamSide] = frozenset(),
    changing: frozenset[TeamSide] = frozenset(("home", "visitor")),
) -> AuxiliaryPlay:
    """An auxiliary play on `draws`, the home team attacking."""
    return auxiliary_play(
        league,
        game,
        cards(*draws),
        attacking="home",
        carrier=carrier,
        last_play=last_play,
        short_handed=short_handed,
        changing=changing,
    )


class Answers(ByTheBook):
    """A coach who gives set answers to this slice's questions, and counts them."""

    def __init__(self, pull: object = True, last: object = "rush") -> None:
        super().__init__("answers")
        self.pull, self.last, self.asked = pull, last, 0

    def pull_goalie(self, game: GameState, side: TeamSide, options: Sequence[bool]) -> bool:
        self.asked += 1
        return self.pull  # type: ignore[return-value]

    def last_second(
        self, game: GameState, side: TeamSide, options: Sequence[LastSecondTry]
    ) -> LastSecondTry:
        self.asked += 1
        return self.last  # type: ignore[return-value]


# The trigger.


@pytest.mark.parametrize(
    ("shown", "side", "colour", "fires"),
    [
        (Draw(left(red=10), right(n100=30)), "left", "red", True),
        (Draw(left(red=10), right(n100=100)), "left", "red", True),
        (Draw(left(red=10), right(n100=35)), "left", "red", False),
        (Draw(left(red=9), right(n100=30)), "left", "red", False),
        (Draw(left(blue=10), right(n100=60)), "left", "blue", True),
        (Draw(left(n100=40), right(red=10)), "right", "red", True),
        (Draw(left(n100=41), right(blue=10)), "right", "blue", False),
        # A yellow 10 in view that the rule does not read starts nothing (README §9 Q2).
        (Draw(left(red=10), right(n100=30)), "left", "blue", False),
        (Draw(left(red=10, n100=20), right(n100=33, red=4)), "right", "red", False),
    ],
)
def test_a_yellow_10_read_with_the_other_faces_100_ending_in_0_starts_an_auxiliary_play(
    shown, side, colour, fires
):
    """Seed L1317: "Whenever the Blue or Red Number is 10 (yellow) and the opposite side PRC
    #100 ends in zero, an Auxiliary Play happens"; only the number the rule reads counts
    (README §9 Q2)."""
    assert auxiliary_triggered(shown, side, colour) is fires


# The auxiliary chart.


@pytest.mark.parametrize(
    ("left100", "expected"),
    [
        (1, LoosePuck("visitor end")),
        (8, LoosePuck("visitor end")),
        (9, Possession("visitor", "visitor end", None)),
        (15, Stoppage("neutral", True, "puck strikes an official")),
        (26, Stoppage("visitor end", True, "net knocked off its pegs")),
        (27, Possession("home", "neutral", None)),
        (39, Stoppage("neutral", True, "debris thrown on the ice")),
        (50, Stoppage("visitor end", True, "pane of glass broken")),
        (51, AuxiliaryPenalty("home", "misconduct", 10, bench=True)),
        (78, Stoppage("neutral", True, "delayed offside waved off")),
        (84, AuxiliaryPenalty("visitor", "delay of game", 2, bench=False)),
        (91, MomentumBump("home", 1)),
        (100, Stoppage("neutral", True, "long whistle for a video check")),
    ],
)
def test_the_left_100_of_a_new_draw_picks_the_auxiliary_play(league, game, left100, expected):
    """Seed L1319-L1321: "Draw a new card and refer to the chart. Use the Left PRC #100 to
    determine which Auxiliary Play takes place" (the home team attacking the visitor's end;
    the bench bump's team is the Right face's H/V)."""
    game.zone = "visitor end"
    result = play(league, game, Draw(left(n100=left100), right(hv="H")))
    assert result.row == league.auxiliary_chart[left100]
    assert result.outcome == expected


def test_a_broken_skate_blade_lets_play_go_on(league, game):
    """AuxiliaryChart 33-38: the player changes at the next whistle, play goes on."""
    carrier = at(game, "home", "C")
    result = play(league, game, Draw(left(n100=33), right()), carrier=carrier)
    assert result.outcome == PlayOn("skate blade breaks", carrier)


@pytest.mark.parametrize(
    ("changing", "black", "penalised"),
    [
        (frozenset({"home"}), 3, "home"),
        (frozenset({"visitor"}), 4, "visitor"),
        (frozenset({"home", "visitor"}), 3, "visitor"),
        (frozenset({"home", "visitor"}), 4, "home"),
    ],
)
def test_too_many_men_is_a_bench_minor_on_the_changing_team(
    league, game, changing, black, penalised
):
    """Seed L1327-L1329: "The team making the line change receives a 2:00 Bench Minor. If
    both teams are making a line change: ODD - Visitor EVEN - Home" (the Black #100 of the
    auxiliary draw)."""
    shown = Draw(left(n100=57, black=0), right(black=black))
    result = play(league, game, shown, changing=changing)
    assert result.outcome == AuxiliaryPenalty(penalised, "too many men", 2, bench=True)


def test_the_goalie_shoots_at_an_empty_net_only_when_there_is_one(league, game):
    """Seed L1333-L1335: "If Opposing Team Has Empty Net - Check Goalie For Scoring EN Goal";
    with both goalies in, nothing happens and no card is drawn."""
    result = play(league, game, Draw(left(n100=63), right()))
    assert result.outcome == PlayOn("no empty net to shoot at")


@pytest.mark.parametrize(
    ("black", "short_handed", "expected"),
    [
        ((0, 1), frozenset(), EmptyNetGoal("visitor", None)),
        ((0, 2), frozenset(), Stoppage("visitor end", False, "icing")),
        ((0, 0), frozenset(), Stoppage("visitor end", False, "icing")),
        ((0, 2), frozenset({"visitor"}), Possession("home", "neutral", None)),
    ],
)
def test_the_goalie_scores_into_the_empty_net_on_a_black_01_else_ices_it(
    league, game, black, short_handed, expected
):
    """Seed L1335: "Draw a new card. If the Black #100 is 01, a goal is scored. If not,
    ICING is called unless his team is on the Penalty Kill" (00 is 100, no goal)."""
    game.home.goalie_pulled = True
    shot = Draw(left(black=black[0]), right(black=black[1]))
    result = play(league, game, Draw(left(n100=67), right()), shot, short_handed=short_handed)
    assert result.outcome == expected
    scored = expected == EmptyNetGoal("visitor", None)
    assert (game.total("visitor", "goals"), game.total("visitor", "shots")) == (scored, scored)


@pytest.mark.parametrize(
    ("hv", "right100", "goalie_left100", "before", "after"),
    [
        ("H", 20, 100, "Normal", "Bad"),
        ("V", 21, 1, "Normal", "Good"),
        ("V", 21, 1, "Great", "Great"),
        ("H", 1, 1, "Good", "Good"),
    ],
)
def test_the_confidence_check_repeats_the_warm_up_for_the_goalie_shown(
    league, game, hv, right100, goalie_left100, before, after
):
    """Seed L1339: "Repeat the same process which occurred during the Pre-Game Skate to
    determine if the goalie drops a level or gains a level" (the goalie of the team the
    auxiliary draw's H/V shows, on a new draw)."""
    side: TeamSide = "home" if hv == "H" else "visitor"
    game.team(side).goalie_level = before
    check = Draw(left(n100=goalie_left100), right(n100=right100))
    result = play(league, game, Draw(left(n100=68), right(hv=hv)), check)
    assert result.outcome == ConfidenceCheck(side, before, after)
    assert game.team(side).goalie_level == after


def test_a_play_the_engine_does_not_know_is_an_error(league, game):
    """Each AuxiliaryChart play is one the engine plays: a renamed play is refused, not
    skipped."""
    renamed = AuxiliaryRow(1, 100, "zamboni on the ice", "stoppage", timing=True)
    changed = replace(league, auxiliary_chart=Chart("left100", (renamed,)))
    with pytest.raises(ValueError, match="zamboni on the ice"):
        play(changed, game, Draw(left(n100=5), right()))


# Injuries.


@pytest.mark.parametrize(
    ("aux_right100", "left100", "hv", "right100", "position", "side", "out_for"),
    [
        (1, 1, "H", 45, "C", "home", "one shift"),
        (10, 17, "V", 46, "C", "visitor", "rest of the period"),
        (5, 18, "H", 78, "LW", "home", "rest of the game"),
        (5, 52, "V", 79, "LD", "visitor", "1 to 3 games"),
        (5, 85, "H", 98, "RD", "home", "11 to 30 games"),
    ],
)
def test_a_right_100_of_1_to_10_on_the_auxiliary_draw_injures_a_player(
    league, game, aux_right100, left100, hv, right100, position, side, out_for
):
    """Seed L1323: "If the Right PRC #100 is between 1 and 10 a player is INJURED during
    play"; on a new draw InjuryWho (Left #100) names him, the Right face's H/V his team and
    InjuryLength (Right #100) how long he is out."""
    hurt = Draw(left(n100=left100), right(n100=right100, hv=hv))
    result = play(league, game, Draw(left(n100=91), right(n100=aux_right100)), hurt)
    assert result.row is None
    assert result.outcome == Injury(side, at(game, side, position), False, out_for)


def test_a_right_100_of_11_is_no_injury(league, game):
    """Seed L1323: only "between 1 and 10" injures; 11 plays the chart (91: the crowd)."""
    result = play(league, game, Draw(left(n100=91), right(n100=11)))
    assert result.outcome == MomentumBump("home", 1)


def test_an_injury_may_hurt_the_goalie_or_the_player_of_the_last_play(league, game):
    """InjuryWho 86-90 the goalie, 91-100 the player who made the last play (whatever the
    H/V); with nobody known, the centre of the team shown."""
    injured = Draw(left(n100=5), right(n100=1))
    goalie = play(league, game, injured, Draw(left(n100=86), right(n100=1, hv="V")))
    assert goalie.outcome == Injury("visitor", None, True, "one shift")
    last: tuple[TeamSide, Skater] = ("visitor", at(game, "visitor", "RW"))
    by_last = play(
        league, game, injured, Draw(left(n100=100), right(n100=1, hv="H")), last_play=last
    )
    assert by_last.outcome == Injury("visitor", last[1], False, "one shift")
    nobody = play(league, game, injured, Draw(left(n100=91), right(n100=1, hv="H")))
    assert nobody.outcome == Injury("home", at(game, "home", "C"), False, "one shift")


# The empty net.


def test_a_pulled_goalie_gives_his_team_3_on_each_offensive_rating(game):
    """Seed L1345: "treat the play at that time EXACTLY like a 2-Man Advantage Power Play.
    In other words, +3 is added to each Offensive Player's Offensive Ratings"."""
    assert offense_bonus(game, "home") == 0
    game.home.goalie_pulled = True
    assert (offense_bonus(game, "home"), offense_bonus(game, "visitor")) == (3, 0)


def behind_late(game: GameState, side: TeamSide, steps_left: int, by: int = 1) -> None:
    game.period, game.steps = PERIODS, STEPS_PER_PERIOD - steps_left
    game.count("home" if side == "visitor" else "visitor", "goals", by)


def test_the_goalie_may_be_pulled_only_by_a_team_behind_in_the_3rd(game):
    """Seed L1345: "When a team is behind at the end of the game, it may become necessary to
    pull the goalie": a team level or ahead, or before the 3rd, is not asked."""
    coach = Answers(pull=True)
    assert ask_pull_goalie(coach, game, "home") is False
    game.period = 2
    game.count("visitor", "goals")
    assert ask_pull_goalie(coach, game, "home") is False
    assert coach.asked == 0 and not game.home.goalie_pulled
    game.period = PERIODS
    assert ask_pull_goalie(coach, game, "home") is True
    assert coach.asked == 1 and game.home.goalie_pulled


@pytest.mark.parametrize(
    ("steps_left", "by", "pulled"), [(4, 1, True), (1, 2, True), (5, 1, False), (2, 3, False)]
)
def test_by_the_book_pulls_the_goalie_for_the_last_2_minutes_one_or_two_goals_down(
    game, steps_left, by, pulled
):
    """Seed L1345 "behind at the end of the game": ByTheBook pulls him in the last 2:00
    (4 steps) of the 3rd when one or two goals down."""
    behind_late(game, "visitor", steps_left, by)
    assert ask_pull_goalie(ByTheBook(), game, "visitor") is pulled
    assert game.visitor.goalie_pulled is pulled


def test_by_the_book_puts_the_goalie_back_once_level(game):
    """A pulled goalie returns when his team is no longer behind (the question is asked
    again while he is off)."""
    game.visitor.goalie_pulled = True
    game.period, game.steps = PERIODS, STEPS_PER_PERIOD - 1
    assert ask_pull_goalie(ByTheBook(), game, "visitor") is False
    assert not game.visitor.goalie_pulled


def test_random_legal_and_an_illegal_answer_to_pulling_the_goalie(game):
    """Issue 14: every coach choice is offered and an answer not offered is refused."""
    behind_late(game, "home", 3)
    answers = {
        ask_pull_goalie(RandomLegal(random.Random(seed)), game, "home") for seed in range(20)
    }
    assert answers == {True, False}
    with pytest.raises(IllegalChoice, match="'maybe' for pull goalie"):
        ask_pull_goalie(Answers(pull="maybe"), game, "home")


def rated_attacker(league: Rinkside, game: GameState) -> tuple[Rinkside, Skater]:
    carrier = at(game, "visitor", "C")
    return rated(league, carrier, neutral=10, offense=8, shot_target=60), carrier


@pytest.mark.parametrize(
    ("moving", "expected"),
    [
        (Draw(left(blue=11), right(blue=1)), LoosePuck("neutral")),
        (Draw(left(blue=10), right(blue=9)), Possession("visitor", "home end", None)),
    ],
)
def test_the_carrier_needs_his_neutral_and_offensive_ratings_to_shoot_at_the_empty_net(
    league, game, moving, expected
):
    """Seed L1349: "if the Left PRC Blue Number is within the player's Neutral Zone Rating,
    he gains the puck and moves toward the Empty Net AND if the Right PRC Blue Number is
    within the player's Offensive Rating, he now may shoot on goal"."""
    model, carrier = rated_attacker(league, game)
    if isinstance(expected, Possession):
        expected = replace(expected, carrier=carrier)
    result = empty_net_attack(model, game, "visitor", carrier, cards(moving))
    assert result.outcome == expected and result.goal is None


MOVES = Draw(left(blue=10), right(blue=8))


@pytest.mark.parametrize(("black", "blue"), [((6, 0), 6), ((1, 5), 20)])
def test_a_black_100_within_the_target_is_an_empty_net_goal(league, game, black, blue):
    """Seed L1351: "if the Black #100 is within the player's Target Rating, the shot is on
    goal and will be an Empty Net Goal UNLESS the Right PRC Blue Number is between 1 and 5"."""
    model, carrier = rated_attacker(league, game)
    shot = Draw(left(black=black[0]), right(black=black[1], blue=blue))
    result = empty_net_attack(model, game, "visitor", carrier, cards(MOVES, shot))
    assert result.goal == EmptyNetGoal("visitor", carrier) == result.outcome
    assert (game.total("visitor", "goals"), game.total("visitor", "shots")) == (1, 1)


@pytest.mark.parametrize(
    ("short_handed", "expected"),
    [
        (False, Stoppage("visitor end", False, "icing")),
        (True, Possession("home", "home end", None)),
    ],
)
def test_a_shot_wide_of_the_empty_net_is_icing(league, game, short_handed, expected):
    """Seed L1351 says what a shot within the Target Rating does; a miss (Black #100 61 on a
    target of 60) is read as the goalie's own miss at L1335: icing, unless short-handed,
    with no [T] (L186 "Icing is called") and no shot on goal."""
    model, carrier = rated_attacker(league, game)
    shot = Draw(left(black=6), right(black=1, blue=20))
    result = empty_net_attack(
        model, game, "visitor", carrier, cards(MOVES, shot), short_handed=short_handed
    )
    assert result.outcome == expected and game.total("visitor", "goals") == 0
    assert game.total("visitor", "shots") == 0


@pytest.mark.parametrize(("red", "kept_out"), [(7, True), (8, False)])
def test_the_left_faces_neutral_zone_defender_may_keep_it_out_on_a_right_blue_1_to_5(
    league, game, red, kept_out
):
    """Seed L1351: "use the Neutral Zone Defender listed on the Left PRC and Draw a new card.
    If the Left PRC Red Number is within that player's Defensive Rating, he is able to keep
    the puck out of the open net and a Loose Play Scenario Ensues in that zone. Mark a Time
    Sequence [T]"."""
    model, carrier = rated_attacker(league, game)
    defender = at(game, "home", "LD")
    model = rated(model, defender, defense=7)
    shot = Draw(left(black=3, nz_defender="LD"), right(black=0, blue=5))
    result = empty_net_attack(
        model, game, "visitor", carrier, cards(MOVES, shot, Draw(left(red=red), right()))
    )
    assert result.defender == defender
    if kept_out:
        assert result.outcome == LoosePuck("home end") and result.timed and result.goal is None
    else:
        assert result.goal == EmptyNetGoal("visitor", carrier) and not result.timed
    assert game.total("visitor", "goals") == game.total("visitor", "shots") == (not kept_out)


# The last second.


@pytest.mark.parametrize(
    ("colour", "tries", "none"),
    [("GREEN", (1, 3), (4, 10)), ("YELLOW", (1, 2), (3, 10)), ("RED", (1,), (2, 10))],
)
def test_a_last_second_try_needs_a_left_red_by_the_neutral_zones_colour(
    league, game, colour, tries, none
):
    """Seed L1361-L1365: GREEN "if the Left PRC Red Number is between 1 and 3, the player in
    possession of the puck may attempt to Initiate a Rush or take a Center Ice Shot"; YELLOW
    "between 1 and 2"; RED "must be 1"."""
    for red in tries:
        shown = Draw(left(red=red), right())
        assert last_second_try(league, game, "home", colour, shown, ByTheBook()) == "rush"
    for red in none:
        coach = Answers()
        assert (
            last_second_try(league, game, "home", colour, Draw(left(red=red), right()), coach)
            is None
        )
        assert coach.asked == 0


def test_the_last_second_try_is_the_coachs_choice_of_rush_or_centre_ice_shot(league, game):
    """Seed L1361 "may attempt to Initiate a Rush or take a Center Ice Shot": both are
    offered, RandomLegal picks either, an answer not offered is refused."""
    shown = Draw(left(red=1), right())
    coach = Answers(last="centre ice shot")
    assert last_second_try(league, game, "home", "RED", shown, coach) == "centre ice shot"
    picked = {
        last_second_try(league, game, "home", "RED", shown, RandomLegal(random.Random(seed)))
        for seed in range(20)
    }
    assert picked == {"rush", "centre ice shot"}
    with pytest.raises(IllegalChoice, match="'slap shot' for last second"):
        last_second_try(league, game, "home", "RED", shown, Answers(last="slap shot"))


@pytest.mark.parametrize(
    ("left100", "right100", "visitor_in_time", "home_in_time"),
    [(60, 40, True, False), (40, 60, False, True), (50, 50, False, False)],
)
def test_a_last_second_goal_beats_the_buzzer_on_the_higher_100(
    left100, right100, visitor_in_time, home_in_time
):
    """Seed L1363: "If the scoring team has a #100 higher than the defensive team, the goal
    is good right at the buzzer; if not, the goal is determined to happen after the buzzer"
    (Left #100 the visitor's, Right the home team's, README §9 Q12)."""
    shown = Draw(left(n100=left100), right(n100=right100))
    assert before_the_buzzer(shown, "visitor") is visitor_in_time
    assert before_the_buzzer(shown, "home") is home_in_time


# Goal descriptions, goalie reactions and reviews.


def a_goal(game: GameState, position: str, how: How, assisted: bool = False) -> Goal:
    assists = (at(game, "home", "LW"),) if assisted else ()
    return Goal(at(game, "home", position), assists, game.visitor.lineup.goalie, how)


@pytest.mark.parametrize(
    ("position", "how", "kind", "rebound", "assisted", "expected"),
    [
        ("C", "screen", "set-up", False, True, "screen"),
        ("C", "deflection", "quality shot", False, True, "deflection"),
        ("C", "put back", "quality shot", False, False, "rebound"),
        ("RW", "open net", "quality shot", True, False, "rebound"),
        ("C", "shot", "quality shot", True, True, "rebound"),
        ("C", "shot", "set-up", False, True, "set_up"),
        ("LD", "shot", "two-man game", False, True, "set_up"),
        ("C", "shot", "breakaway", False, False, "breakaway"),
        ("LW", "shot", "rush", False, True, "rush"),
        ("RD", "shot", "shot on net", False, True, "point_shot"),
        ("C", "shot", "quality shot", False, True, "set_up"),
        ("C", "shot", "quality shot", False, False, "rush"),
    ],
)
def test_a_goal_is_described_by_its_type(game, position, how, kind, rebound, assisted, expected):
    """Seed L1369: "take account of the situation: Rebound, Set-Up, Breakaway, etc. and refer
    to the chart"; the engine's reading of each situation (README §11.10)."""
    goal = a_goal(game, position, how, assisted)
    assert goal_type(goal, kind, rebound) == expected


def test_the_left_100_describes_the_goal_and_the_right_100_the_goalies_reaction(league, game):
    """Seed L1369: "Use the Left PRC #100 to determine the Goal Description and the Right PRC
    #100 to determine how the goalie reacts"; no review, no second draw."""
    call = describe_goal(league, game, "home", "rebound", cards(Draw(left(n100=5), right(n100=95))))
    assert call.description.text == "Pounced on the loose puck and lifted it home"
    assert call.reaction.reaction == "Fishes the puck out and flips it away"
    assert (call.reviewed, call.counts, call.decided_by) == (False, True, None)


@pytest.mark.parametrize(
    ("scoring", "left100", "right100", "counts"),
    [
        ("home", 40, 41, True),
        ("home", 41, 40, False),
        ("visitor", 41, 40, True),
        ("visitor", 40, 40, False),
    ],
)
@pytest.mark.parametrize("video", [True, False])
def test_a_reviewed_goal_counts_only_on_the_scoring_teams_higher_100(
    league, game, scoring, left100, right100, counts, video
):
    """Seed L1371-L1373: "Draw a new card and use the Left and Right PRCs #100. IF the scoring
    team has a higher #100 than the team scored upon, the goal counts. If not, it is
    disallowed"; "with video review, repeat the same process BUT video review determines the
    outcome" (Settings.video_review)."""
    model = replace(league, settings=replace(league.settings, video_review=video))
    described = Draw(left(n100=15), right(n100=1))
    review = Draw(left(n100=left100), right(n100=right100))
    call = describe_goal(model, game, scoring, "deflection", cards(described, review))
    assert call.description.review and call.reviewed
    assert call.counts is counts
    assert call.decided_by == ("video" if video else "officials")


def test_settings_default_is_video_review(league):
    """README §1.1: the shipped Settings play the modern era, with video review."""
    assert Settings().video_review and league.settings.video_review
