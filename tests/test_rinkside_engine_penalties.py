"""RINKSIDE HOCKEY's penalties, power plays and penalty kills (seed L999-L1144), each rule on
a hand-made draw: faces carrying only what the rule reads, ratings set by hand on the shipped
workbook's line-ups. The home team is the power play (the visitor kills) unless a test says
otherwise."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

import pytest
from rinkside_engine import NO_CARDS, at, cards, new_game, rated, shipped_league

from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import GoalieCard, Rinkside, Skater
from authoring.games.rinkside.penalties import (
    Cleared,
    Infraction,
    PenaltyBox,
    ShortHanded,
    administer,
    checked_during_power_play,
    failed_move_clear,
    filled_boxes,
    goalie_commits,
    mark_penalty_time,
    marks_power_play_time,
    official_calls,
    opposite_face,
    penalised_player,
    penalty_kill_faceoff_clear,
    penalty_kill_loose_puck,
    power_play_setup,
    power_play_start,
    quarterback_options,
    quarterback_setup,
    strength_bonus,
    whistled_at_once,
)
from authoring.games.rinkside.policy import ByTheBook, IllegalChoice, RandomLegal, ask_quarterback
from authoring.games.rinkside.state import (
    Forecheck,
    GameState,
    Officiating,
    TeamSide,
    Zone,
)
from authoring.games.rinkside.zone import (
    LoosePuck,
    PenaltyCheck,
    Possession,
    Rush,
    ShotChance,
    Stoppage,
    ZoneResult,
    boosted,
)
from authoring.simulation import run_rng

# The shared fixtures from rinkside_engine, found by pytest under their fixture names.
SHARED_FIXTURES = (new_game, shipped_league)

POWER: TeamSide = "home"
KILLING: TeamSide = "visitor"
KILL_END: Zone = "visitor end"  # where the home power play attacks
QUIET = 99  # a #100 above every rating the rule compares it with


def boxes(filled: int) -> dict[str, bool]:
    """The Official Call nest with `filled` boxes filled (README §5.2)."""
    return dict(
        zip(("call_tight", "call_normal", "call_ltp"), (n < filled for n in range(3)), strict=True)
    )


def shown(
    black100: int = QUIET,
    *,
    red: int = 10,
    blue: int = 20,
    left_n100: int = 1,
    right_n100: int = 1,
    right_blue: int = 20,
    left: dict[str, object] | None = None,
    right: dict[str, object] | None = None,
) -> Draw:
    """A draw showing `black100` (the Left face's black digit the tens, the Right face's the
    units), the Left face's `red` and `blue`, the faces' own #100s and sections."""
    digits = black100 % 100
    return Draw(
        Face(black=digits // 10, n100=left_n100, red=red, blue=blue, **(left or {})),  # type: ignore[arg-type]
        Face(black=digits % 10, n100=right_n100, red=1, blue=right_blue, **(right or {})),  # type: ignore[arg-type]
    )


def minor(game: GameState, side: TeamSide, position: str = "LW") -> Infraction:
    return Infraction(side, at(game, side, position), "hooking")


def short_one(league: Rinkside, game: GameState, side: TeamSide = KILLING) -> PenaltyBox:
    """A box with one minor against `side`: a 5-on-4."""
    box = PenaltyBox()
    box.assess(minor(game, side), league)
    return box


# The official's call (L1001-L1013).


@pytest.mark.parametrize(
    ("mode", "called_from"),
    [("CALL IT TIGHT", 1), ("NORMAL", 2), ("LET THEM PLAY", 3)],
)
def test_the_official_calls_when_the_opposite_faces_boxes_reach_his_mode(
    league, game, mode: Officiating, called_from: int
):
    """Seed L1013: "in the Call It Tight mode, any time at least one box is filled a Penalty
    will be called. In the Let Them Play mode, all boxes must be filled" (README §5.2: NORMAL
    needs two)."""
    game.officiating = mode
    for filled in range(4):
        face = Face(black=0, n100=50, red=1, blue=1, **boxes(filled))  # type: ignore[arg-type]
        assert filled_boxes(face) == filled
        assert official_calls(league, game, face) is (filled >= called_from)


def test_the_call_is_read_on_the_face_opposite_the_trigger():
    """Seed L1001: "you look at the opposite side PRC from the PRC you used to determine a
    penalty could be called"."""
    draw = shown(left={**boxes(3)}, right={**boxes(0)})
    assert opposite_face(draw, draw.right) is draw.left
    assert opposite_face(draw, draw.left) is draw.right


def test_on_a_power_play_an_even_number_is_ignored_and_a_call_stops_play(league, game):
    """Seed L1140: "use only ODD numbers to determine if a penalty is committed or drawn … If
    a Penalty is called, the play is immediately whistled dead … EVEN #100 Penalty checks
    are ignored"; L1017-L1019 at even strength: even whistled dead, odd delayed."""
    player = at(game, KILLING, "C")
    even = PenaltyCheck(KILLING, player, "commit", 4, whistled=True)
    odd = PenaltyCheck(KILLING, player, "commit", 5, whistled=False)
    level = PenaltyBox()
    assert checked_during_power_play(level, even) and checked_during_power_play(level, odd)
    assert whistled_at_once(level, even) and not whistled_at_once(level, odd)
    power_play = short_one(league, game)
    assert not checked_during_power_play(power_play, even)
    assert checked_during_power_play(power_play, odd)
    assert whistled_at_once(power_play, odd)


# Who is penalised and for what (L1021-L1040).

COMMITS = {"LW": 1, "C": 3, "RW": 5, "LD": 7, "RD": 9}


@pytest.mark.parametrize(
    ("black100", "position"),
    [(5, "LW"), (15, "C"), (30, "RW"), (50, "LD"), (80, "RD"), (100, "RD")],
)
def test_a_drawn_penalty_goes_to_the_charts_rank_by_commit_penalty(
    league, game, black100, position
):
    """Seed L1025: "Use the Black #100 and refer to the Game Chart for Penalized Player. It
    will determine if the Penalty is called on the Lowest, 2nd Lowest, 3rd Lowest, 4th Lowest
    or Highest rated player. Use the player's Commit Penalty Rating" (rows 1-9 lowest … 69-100
    highest)."""
    model = rated(league, game, KILLING, **{p: {"commit_penalty": c} for p, c in COMMITS.items()})
    picked = penalised_player(model, game, PenaltyBox(), POWER, shown(black100))
    assert picked == at(game, KILLING, position)


@pytest.mark.parametrize(
    ("grade_pos", "side", "position"),
    [("F", "L", "LW"), ("F", "R", "C"), ("D", "L", "LD"), ("D", "R", "LD")],
)
def test_players_sharing_the_rating_are_split_by_forward_defence_then_left_right(
    league, game, grade_pos, side, position
):
    """Seed L1025: "If two or more players share the same rating, use the Forward/Defense and
    Left/Right sections of the PRCs to find the player" (LW, C and LD share the lowest)."""
    ratings = {"LW": 1, "C": 1, "RW": 5, "LD": 1, "RD": 9}
    model = rated(league, game, KILLING, **{p: {"commit_penalty": c} for p, c in ratings.items()})
    draw = shown(5, left={"side": side}, right={"grade_pos": grade_pos})
    assert penalised_player(model, game, PenaltyBox(), POWER, draw) == at(game, KILLING, position)


def test_a_short_handed_team_is_ranked_on_the_skaters_it_has(league, game):
    """Seed L1025 ranks the skaters on the ice: the killing team's empty RW place is not
    ranked, and the chart's highest is the highest of those left."""
    model = rated(league, game, KILLING, **{p: {"commit_penalty": c} for p, c in COMMITS.items()})
    box = short_one(league, game)
    assert penalised_player(model, game, box, POWER, shown(80)) == at(game, KILLING, "RD")
    model = rated(model, game, KILLING, RW={"commit_penalty": 10})
    assert penalised_player(model, game, box, POWER, shown(80)) == at(game, KILLING, "RD")


@pytest.mark.parametrize(
    ("play_type", "black100", "infraction"),
    [
        ("zone", 1, "tripping"),
        ("hit_battle", 45, "boarding"),
        ("offensive", 90, "goaltender interference"),
        ("scramble_clear", 60, "delay of game"),
        ("faceoff", 10, "faceoff interference"),
    ],
)
def test_a_committed_penalty_is_a_minor_read_on_the_play_types_chart(
    league, game, play_type, black100, infraction
):
    """Seed L1023: "Determine the infraction being called by referring to the Penalty Section
    of the Game Charts and look at the type of play … Draw a new card. Use the Black #100";
    L1027: "All Penalties … are 2:00 Minor Penalties UNLESS"."""
    model = rated(league, game, KILLING, LD={"secondary_penalty": 100})
    box = PenaltyBox()
    check = PenaltyCheck(KILLING, at(game, KILLING, "LD"), "commit", 3, whistled=False)
    assessed = administer(model, game, box, check, play_type, cards(shown(black100)))
    assert assessed.infraction == Infraction(KILLING, at(game, KILLING, "LD"), infraction)
    assert assessed.retaliation is None
    assert box.power_play() == POWER and box.skaters(KILLING) == 4
    assert game.total(KILLING, "penalties") == 1


def test_a_drawn_penalty_is_assessed_to_the_charted_opponent(league, game):
    """Seed L1025: "When an offensive player draws a penalty you must determine … which
    defensive player will be assessed the penalty. Draw a new card" — then the infraction on
    another."""
    model = rated(league, game, KILLING, **{p: {"commit_penalty": c} for p, c in COMMITS.items()})
    check = PenaltyCheck(POWER, at(game, POWER, "C"), "draw", 2, whistled=True)
    assessed = administer(model, game, PenaltyBox(), check, "zone", cards(shown(80), shown(25)))
    assert assessed.infraction == Infraction(KILLING, at(game, KILLING, "RD"), "hooking")


@pytest.mark.parametrize(("right_n100", "severe"), [(69, None), (70, "major"), (71, "major")])
def test_a_right_100_at_or_above_secondary_penalty_reads_the_severe_chart(
    league, game, right_n100, severe
):
    """Seed L1029: "IF the Right PRC #100 is equal to or greater than the player's Secondary
    Penalty Number, you check the Double Minor/Major Penalties chart … Draw a new card and
    use the Black #100" (41-65 major)."""
    model = rated(league, game, KILLING, C={"secondary_penalty": 70})
    check = PenaltyCheck(KILLING, at(game, KILLING, "C"), "commit", 3, whistled=False)
    infraction_draw = shown(1, right_n100=right_n100)
    assessed = administer(
        model, game, PenaltyBox(), check, "zone", cards(infraction_draw, shown(50))
    )
    assert assessed.infraction.severe == severe


def test_a_retaliation_drawn_sends_both_off_for_four_on_four(league, game):
    """Seed L1038-L1040: "the Right PRC Blue Number is 1-6 … If the Left PRC #100 is equal to
    or greater than the players Secondary Penalty Number, he draws a retaliation … assign him
    a 2:00 Roughing Penalty. Both players are removed to the Penalty Box and the teams skate
    4 on 4"."""
    model = rated(league, game, KILLING, C={"secondary_penalty": 70})
    model = rated(model, game, POWER, **{p: {"commit_penalty": c} for p, c in COMMITS.items()})
    box = PenaltyBox()
    check = PenaltyCheck(KILLING, at(game, KILLING, "C"), "commit", 3, whistled=False)
    trigger = shown(1, right_blue=6, left_n100=70)
    assessed = administer(model, game, box, check, "hit_battle", cards(trigger, shown(5)))
    assert assessed.retaliation == Infraction(POWER, at(game, POWER, "LW"), "roughing", None, True)
    assert box.skaters(POWER) == box.skaters(KILLING) == 4 and box.power_play() is None
    assert strength_bonus(box, POWER) == strength_bonus(box, KILLING) == 3


@pytest.mark.parametrize(("right_blue", "left_n100"), [(7, 70), (6, 69)])
def test_no_retaliation_above_blue_6_or_below_secondary_penalty(
    league, game, right_blue, left_n100
):
    """Seed L1038: the attempt needs a Right blue of 1-6 and the Left #100 at or above the
    player's Secondary Penalty."""
    model = rated(league, game, KILLING, C={"secondary_penalty": 70})
    check = PenaltyCheck(KILLING, at(game, KILLING, "C"), "commit", 3, whistled=False)
    trigger = shown(1, right_blue=right_blue, left_n100=left_n100)
    assert administer(model, game, PenaltyBox(), check, "zone", cards(trigger)).retaliation is None


def test_a_goalie_commits_on_his_penalty_number_and_the_centre_serves(league, game):
    """README §5.6 (the seed has no goalie penalty): a Right #100 at or below the goalie's
    Penalty number is a penalty, served by a forward on the ice (the centre)."""
    goalie = game.visitor.lineup.goalie
    card = league.goalie_cards[goalie.goalie_id]
    model = replace(
        league,
        goalie_cards={
            **league.goalie_cards,
            goalie.goalie_id: GoalieCard(goalie.goalie_id, {**card.ratings, "penalty": 3}),
        },
    )
    check = goalie_commits(model, game, KILLING, shown(right_n100=2))
    assert check == PenaltyCheck(KILLING, at(game, KILLING, "C"), "commit", 2, whistled=True)
    assert goalie_commits(model, game, KILLING, shown(right_n100=4)) is None


# The penalty box and its timing (L1031-L1046).


def test_a_minor_lasts_four_marks_and_a_power_play_goal_ends_it(league, game):
    """Seed L1046: "Minor Penalties last for four :30 second time sequences unless the team
    on the Power Play scores, at which time the Power Play is over"."""
    box = short_one(league, game)
    for _ in range(3):
        mark_penalty_time(game, box)
    assert box.power_play() == POWER and game.steps == 3
    mark_penalty_time(game, box)
    assert box.power_play() is None
    box = short_one(league, game)
    assert box.goal(KILLING) is None  # a short-handed goal ends nothing
    assert box.goal(POWER) is not None and box.power_play() is None


def test_a_major_is_played_out_whatever_is_scored(league, game):
    """Seed L1033, L1046: "a 5 minute Power Play and will continue on the Power Play until
    the 5 minutes are over, regardless of how many goals are scored"; "ten :30 second time
    sequences"."""
    box = PenaltyBox()
    box.assess(Infraction(KILLING, at(game, KILLING, "C"), "boarding", "major"), league)
    for _ in range(9):
        assert box.goal(POWER) is None
        mark_penalty_time(game, box)
    assert box.power_play() == POWER
    mark_penalty_time(game, box)
    assert box.power_play() is None


def test_a_double_minor_is_two_power_plays_one_after_the_other(league, game):
    """Seed L1032: "The opposing team receives 2 separate Power Play Opportunities": a goal
    ends the first, and the second starts."""
    box = PenaltyBox()
    box.assess(Infraction(KILLING, at(game, KILLING, "C"), "high-sticking", "double minor"), league)
    assert box.skaters(KILLING) == 4
    assert box.goal(POWER) is not None and box.power_play() == POWER
    for _ in range(4):
        mark_penalty_time(game, box)
    assert box.power_play() is None and box.serving == []


def test_misconducts_and_ejections_follow_the_consequences_table(league, game):
    """Seed L1034-L1036: "MINOR + 10:00 The player receives a 10:00 misconduct penalty in
    addition to the Minor"; "MATCH PENALTY The player is disqualified" (README §4.2: a match
    is played out as a major)."""
    box = PenaltyBox()
    box.assess(
        Infraction(KILLING, at(game, KILLING, "C"), "slashing", "minor and misconduct"), league
    )
    assert box.skaters(KILLING) == 4 and len(box.serving) == 2
    for _ in range(4):
        mark_penalty_time(game, box)
    assert box.skaters(KILLING) == 5 and len(box.serving) == 1  # the misconduct runs on
    box.assess(Infraction(KILLING, at(game, KILLING, "RW"), "slashing", "match"), league)
    assert box.ejected == [at(game, KILLING, "RW")] and box.skaters(KILLING) == 4


def test_a_third_penalty_waits_until_a_place_frees(league, game):
    """Seed L1142 stops at "5 ON 3": a team never has fewer than three skaters, so a third
    penalty waits until one of the first two ends (engine choice)."""
    box = PenaltyBox()
    for position in ("LW", "C", "RW"):
        box.assess(minor(game, KILLING, position), league)
    assert box.skaters(KILLING) == 3 and box.vacant(KILLING) == ("LW", "RW")
    for _ in range(4):
        mark_penalty_time(game, box)
    assert box.skaters(KILLING) == 4 and len(box.serving) == 1


def test_penalty_on_the_power_play_team_ends_the_power_play(league, game):
    """Seed L1140: "the Power Play will be over if the Power Play team committed the penalty"
    (it is 4-on-4 while both minors run)."""
    box = short_one(league, game)
    box.assess(minor(game, POWER, "C"), league)
    assert box.power_play() is None and box.skaters(POWER) == 4


@pytest.mark.parametrize(
    ("zone", "faceoff"),
    [("visitor end", "visitor end"), ("home end", "visitor end"), ("neutral", "neutral")],
)
def test_the_power_play_starts_beside_the_penalised_goalie_or_at_centre(zone, faceoff):
    """Seed L1064: "When a team commits a defensive zone or an offensive zone penalty, the
    Power Play starts in their own end next to their goalie. Neutral Zone Penalties begin
    with a Neutral Zone Faceoff"."""
    assert power_play_start(KILLING, zone) == Stoppage(faceoff, timed=False, why="penalty")


@pytest.mark.parametrize(
    ("event", "marks"),
    [("zone cleared", True), ("short-handed chance", True), ("shot on goal", False)],
)
def test_a_power_play_marks_time_only_on_the_seeds_events(event, marks):
    """Seed L1048: "Mark a Timing Sequence when AND ONLY WHEN the following occur"."""
    assert marks_power_play_time(event) is marks


# The penalty kill (L1068-L1092, L1116-L1128).


@pytest.mark.parametrize(("blue", "red", "cleared"), [(8, 10, True), (20, 4, True), (9, 5, False)])
def test_a_penalty_kill_faceoff_win_clears_on_neutral_or_defense(league, game, blue, red, cleared):
    """Seed L1068: "Draw a new card. If either the Blue Number is within the player's Neutral
    Rating OR the Red Number is within the player's Defense Rating, he clears the puck … If
    he fails … the Offensive Player listed in the Zone Play Section of the Right PRC"."""
    model = rated(league, game, KILLING, C={"neutral": 8, "defense": 4})
    faceoff = shown(right={"faceoff_control": "C"})
    attempt = shown(red=red, blue=blue, right={"zone_off": "RW"})
    result = penalty_kill_faceoff_clear(
        model, game, short_one(league, game), KILLING, faceoff, cards(attempt)
    )
    expected = Cleared(KILLING) if cleared else Possession(POWER, KILL_END, at(game, POWER, "RW"))
    assert result == expected


@pytest.mark.parametrize(("side", "defenceman"), [("L", "LD"), ("R", "RD")])
def test_a_faceoff_clearer_not_on_the_ice_is_the_named_sides_defenceman(
    league, game, side, defenceman
):
    """Seed L1068: "If the player listed is not on the ice, the Left or Right defenseman
    attempts to clear the zone depending upon whether Left or Right is listed on the Left
    PRC" (the killing RW's place is empty)."""
    model = rated(
        league, game, KILLING, LD={"defense": 0, "neutral": 0}, RD={"defense": 0, "neutral": 0}
    )
    model = rated(model, game, KILLING, **{defenceman: {"defense": 5, "neutral": 0}})
    faceoff = shown(left={"side": side}, right={"faceoff_control": "RW"})
    result = penalty_kill_faceoff_clear(
        model, game, short_one(league, game), KILLING, faceoff, cards(shown(red=5, blue=20))
    )
    assert result == Cleared(KILLING)


@pytest.mark.parametrize(
    ("forecheck", "red", "result"),
    [
        (1, 1, "short"),
        (1, 2, "cleared"),
        (2, 2, "short"),
        (3, 3, "short"),
        (3, 4, "cleared"),
        (3, 7, "puck"),
    ],
)
def test_a_failed_power_play_move_is_cleared_or_turned_short_handed(
    league, game, forecheck: Forecheck, red, result
):
    """Seed L1080-L1084 and L1118-L1122: the Right zone-play defender clears when "the Red
    Number is within the defensive player's Defense Rating"; with "a Forecheck 1 Strategy,
    any clearing attempt after a failed offensive play … that has a Red Number result of 1
    turns into a Shorthanded Chance" (1 or 2 for Forecheck 2, 1-3 for Forecheck 3)."""
    model = rated(league, game, KILLING, LD={"defense": 5})
    game.visitor.forecheck = forecheck
    failed = shown(right={"zone_def": "LD"})
    attempt = shown(red=red, left={"zone": "D-BATTLE"}, right={"zone_off": "LW"})
    outcome = failed_move_clear(
        model, game, short_one(league, game), ByTheBook(), KILLING, failed, cards(attempt)
    )
    expected = {
        "short": ShortHanded(KILLING),
        "cleared": Cleared(KILLING),
        "puck": Possession(POWER, KILL_END, at(game, POWER, "LW")),
    }[result]
    assert outcome == expected


def test_a_failed_clear_on_offense_dangerous_gives_the_dangerous_play(league, game):
    """Seed L1084: "If the Left PRC shows an Offensive Dangerous situation - that applies"."""
    model = rated(league, game, KILLING, LD={"defense": 2})
    model = rated(model, game, POWER, C={"offense": 12, "hqs": 4})
    failed = shown(right={"zone_def": "LD"})
    attempt = shown(
        red=7, blue=3, left={"zone": "OFFENSE DANGEROUS"}, right={"zone_off": "C", "zone_def": "LD"}
    )
    outcome = failed_move_clear(
        model, game, short_one(league, game), ByTheBook(), KILLING, failed, cards(attempt)
    )
    assert isinstance(outcome, ZoneResult)
    assert outcome.outcome == ShotChance(at(game, POWER, "C"), "hq", "dangerous play")


def test_a_failed_move_with_the_defender_off_the_ice_gives_his_places_attacker_the_puck(
    league, game
):
    """Seed L1086: "If the defensive player listed is not on the ice, that same position
    offensive player automatically gains possession of the puck"."""
    failed = shown(right={"zone_def": "*RW"})
    outcome = failed_move_clear(
        league, game, short_one(league, game), ByTheBook(), KILLING, failed, NO_CARDS
    )
    assert outcome == Possession(POWER, KILL_END, at(game, POWER, "RW"))


def test_a_penalty_kill_that_wins_a_loose_puck_clears_it(league, game):
    """Seed L1090-L1092: "Whenever a team on the Penalty Kill makes a play on the puck during
    a Loose Puck Scenario, the puck is cleared out of the Defensive Zone and a Timing
    Sequence is marked"; "If the defensive player listed is not on the ice, that same
    position offensive player automatically gains possession"."""
    box = short_one(league, game)
    won = Possession(KILLING, KILL_END, at(game, KILLING, "LD"))
    assert penalty_kill_loose_puck(game, box, KILLING, won) == Cleared(KILLING)
    assert penalty_kill_loose_puck(
        game, box, KILLING, Possession(KILLING, KILL_END, None)
    ) == Cleared(KILLING)
    vacant = Possession(KILLING, KILL_END, at(game, KILLING, "RW"))
    assert penalty_kill_loose_puck(game, box, KILLING, vacant) == Possession(
        POWER, KILL_END, at(game, POWER, "RW")
    )
    kept = LoosePuck(KILL_END)
    assert penalty_kill_loose_puck(game, box, KILLING, kept) is kept


# The power-play set-up and its quarterback (L1094-L1114, L1138).


@pytest.mark.parametrize(
    ("forecheck", "blue", "result"),
    [
        (1, 20, "rush"),
        (1, 19, "puck"),
        (2, 19, "rush"),
        (3, 18, "rush"),
        (3, 6, "cleared"),
        (3, 7, "puck"),
    ],
)
def test_the_killers_neutral_zone_defender_disrupts_the_set_up(
    league, game, forecheck: Forecheck, blue, result
):
    """Seed L1100-L1104: "If the Blue Number is within the defensive player's Defense Range,
    he prevents the Power Play team from gaining the zone … If the Blue Number is out of the
    defensive player's Defense Range … the offensive player listed in the Zone Play Section
    of the Right PRC on the puck"; L1118: a blue of 20 (19-20, 18-20) "the Power Play unit
    gets a Rush/Transition opportunity"."""
    model = rated(league, game, KILLING, C={"defense": 6})
    game.visitor.forecheck = forecheck
    named = shown(left={"nz_defender": "C"})
    attempt = shown(blue=blue, right={"zone_off": "RD"})
    outcome = power_play_setup(
        model, game, short_one(league, game), POWER, at(game, POWER, "LD"), cards(named, attempt)
    )
    expected = {
        "rush": Rush(POWER),
        "cleared": Cleared(KILLING),
        "puck": Possession(POWER, KILL_END, at(game, POWER, "RD")),
    }[result]
    assert outcome == expected


@pytest.mark.parametrize(
    ("blue", "result"), [(2, "set-up"), (4, "quality shot"), (9, "zone"), (10, "cleared")]
)
def test_the_quarterback_sets_up_when_the_named_killer_is_off_the_ice(league, game, blue, result):
    """Seed L1106, L1114: "When the player listed on the Left PRC is not on the Penalty Kill,
    you instead refer to the Power Play Quarterback"; "If the Blue Number is within his Offense
    Rating, he is able to set the Power Play up … within either of his S-U or Q-S Ranges, he
    … finds a teammate … or creates a Quality Scoring Chance for himself … out of his Offense
    Range … cleared"."""
    model = rated(league, game, POWER, LD={"offense": 9, "set_up": 2, "quality_shot": 4})
    quarterback = at(game, POWER, "LD")
    named = shown(left={"nz_defender": "RW"})
    attempt = shown(blue=blue, left={"side": "L"}, right={"grade": "A", "grade_pos": "F"})
    outcome = power_play_setup(
        model, game, short_one(league, game), POWER, quarterback, cards(named, attempt)
    )
    if result == "set-up":
        assert isinstance(outcome, ShotChance) and outcome.passer == quarterback
        assert outcome.kind == "set-up" and outcome.shooter != quarterback
    elif result == "quality shot":
        assert outcome == ShotChance(quarterback, "q", "quality shot")
    elif result == "zone":
        assert outcome == Possession(POWER, KILL_END, quarterback)
    else:
        assert outcome == Cleared(KILLING)


def test_five_on_three_adds_3_to_the_quarterbacks_offensive_ratings(league, game):
    """Seed L1142: "Whenever a Power Play has a two-man advantage … each player on the Power
    Play team receives a +3 bonus to each of his offensive ratings"."""
    model = rated(league, game, POWER, LD={"offense": 9, "set_up": 0, "quality_shot": 0})
    quarterback = at(game, POWER, "LD")
    five_on_four = short_one(league, game)
    five_on_three = short_one(league, game)
    five_on_three.assess(minor(game, KILLING, "C"), league)
    assert strength_bonus(five_on_four, POWER) == 0 and strength_bonus(five_on_three, POWER) == 3
    assert strength_bonus(five_on_three, KILLING) == 0
    attempt = shown(blue=11)
    game.team(POWER).offense_bonus = strength_bonus(five_on_four, POWER)
    assert quarterback_setup(model, game, five_on_four, POWER, quarterback, cards(attempt)) == (
        Cleared(KILLING)
    )
    game.team(POWER).offense_bonus = strength_bonus(five_on_three, POWER)
    assert quarterback_setup(model, game, five_on_three, POWER, quarterback, cards(attempt)) == (
        Possession(POWER, KILL_END, quarterback)
    )


def test_the_bonus_stops_at_the_top_of_each_range_and_skips_defensive_ratings(league, game):
    """README §5.6: the +3 raises the offensive ratings only, each capped at its range."""
    model = rated(league, game, POWER, C={"offense": 19, "set_up": 9, "defense": 4})
    centre = at(game, POWER, "C")
    assert boosted(model, centre, "offense", 3) == 20
    assert boosted(model, centre, "set_up", 3) == 10
    assert boosted(model, centre, "defense", 3) == 4


class Chooser:
    """A coach who names one quarterback whatever he is offered."""

    name = "chooser"

    def __init__(self, pick: Skater) -> None:
        self.pick = pick

    def quarterback(self, game: GameState, side: TeamSide, options: Sequence[Skater]) -> Skater:
        return self.pick


def test_the_quarterback_is_the_coachs_choice_among_the_skaters_on_the_ice(league, game):
    """Seed L1112: "The Power Play Team must designate 1 of its Defensemen as the PP
    Quarterback. It can be a Forward if desired": ByTheBook names the roster's quarterback
    (else a defenceman), a random coach any skater on the ice, and a skater not on the ice is
    refused."""
    options = quarterback_options(game, PenaltyBox(), POWER)
    assert len(options) == 5
    marked = [s for s in options if s.pp_qb]
    picked = ask_quarterback(ByTheBook(), game, POWER, options)
    assert picked == (marked[0] if marked else at(game, POWER, "LD"))
    assert picked.position in ("LD", "RD")
    coach = RandomLegal(run_rng(1, 0))
    answers = {coach.quarterback(game, POWER, options) for _ in range(200)}
    assert answers == set(options)
    bench = game.home.lineup.lines[3].c
    with pytest.raises(IllegalChoice, match="power-play quarterback"):
        ask_quarterback(Chooser(bench), game, POWER, options)  # type: ignore[arg-type]
    killers = quarterback_options(game, short_one(league, game), KILLING)
    assert at(game, KILLING, "RW") not in killers and len(killers) == 4
