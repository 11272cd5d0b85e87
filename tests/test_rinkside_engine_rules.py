"""RINKSIDE HOCKEY's pre-game skate and faceoffs, each rule on a hand-made draw: two faces
written for the situation, read against the shipped workbook's tables and line-ups."""

from __future__ import annotations

from dataclasses import replace

import pytest
from rinkside_engine import (
    HOME,
    VISITOR,
    cards,
    shipped_league,
)

from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.faceoffs import draw_winner, faceoff, winning_range
from authoring.games.rinkside.model import Rinkside, SkaterCard
from authoring.games.rinkside.policy import ByTheBook
from authoring.games.rinkside.pregame import (
    confidence_check,
    enforcers,
    officiating,
    pregame_skate,
    warm_up,
)
from authoring.games.rinkside.state import GameState, Officiating

# The shared fixtures from rinkside_engine, found by pytest under their fixture names.
SHARED_FIXTURES = shipped_league


def left(n100: int = 50, faceoff: str = "10") -> Face:
    return Face(black=0, n100=n100, red=1, blue=1, faceoff=faceoff)


def right(control: str = "C", n100: int = 50, hv: str = "H") -> Face:
    return Face(black=0, n100=n100, red=1, blue=1, faceoff_control=control, hv=hv)


def with_faceoff(league: Rinkside, ratings: dict[str, int]) -> Rinkside:
    """The league with some skaters' Faceoff Ratings set by hand."""
    changed = {
        skater_id: SkaterCard(skater_id, {**league.skater_cards[skater_id].ratings, "faceoff": n})
        for skater_id, n in ratings.items()
    }
    return replace(league, skater_cards={**league.skater_cards, **changed})


# The pre-game skate.


@pytest.mark.parametrize(
    ("left100", "level"), [(78, "Normal"), (79, "Bad"), (100, "Bad"), (1, "Normal")]
)
def test_a_right_100_of_1_to_20_makes_a_bad_game_check(league, left100, level):
    """Seed L110: with the Right #100 "between 1 and 20 a Bad Game Check occurs"; a Left
    #100 "within the Goalie Rating" spares him, one "above the Goalie Rating" starts him on a
    Bad Game."""
    for right100 in (1, 20):
        shown = Draw(left(n100=left100), right(n100=right100))
        assert warm_up(league.tables, shown, goalie_rating=78) == level


@pytest.mark.parametrize(
    ("left100", "level"), [(78, "Good"), (1, "Good"), (79, "Normal"), (100, "Normal")]
)
def test_a_right_100_of_21_to_100_makes_a_good_game_check(league, left100, level):
    """Seed L112: with the Right #100 "21-100" a Left #100 "within the Goalie Rating" starts
    him on a Good Game; otherwise he is Normal."""
    for right100 in (21, 100):
        shown = Draw(left(n100=left100), right(n100=right100))
        assert warm_up(league.tables, shown, goalie_rating=78) == level


@pytest.mark.parametrize(
    ("right100", "left100", "before", "after"),
    [
        (20, 79, "Normal", "Bad"),
        (20, 79, "Great", "Very Good"),
        (20, 79, "Bad", "Bad"),
        (20, 78, "Good", "Good"),
        (21, 78, "Normal", "Good"),
        (21, 78, "Very Good", "Great"),
        (21, 78, "Great", "Great"),
        (21, 78, "Bad", "Normal"),
        (21, 79, "Very Good", "Very Good"),
    ],
)
def test_a_confidence_check_repeats_the_warm_up_to_move_one_level(
    league, right100, left100, before, after
):
    """Seed L568: "Repeat the same process which occurred during the Pre-Game Skate … If the
    result is BAD GAME, he drops a level. If the Result is within his Goalie Rating, he raises
    a level. If neither occurs, he stays at the same level"."""
    shown = Draw(left(n100=left100), right(n100=right100))
    assert confidence_check(league.tables, shown, 78, before) == after


@pytest.mark.parametrize(
    ("left100", "mode"),
    [
        (1, "CALL IT TIGHT"),
        (20, "CALL IT TIGHT"),
        (21, "NORMAL"),
        (80, "NORMAL"),
        (81, "LET THEM PLAY"),
        (100, "LET THEM PLAY"),
    ],
)
def test_the_officials_mode_is_read_on_the_left_100(league, left100, mode):
    """Seed L118-122: "1-20" Call It Tight, "21-80" Normal, "81-100" Let Them Play; the seed
    says only "#100", read on the Left face (README §0). The Right #100 does not count."""
    for right100 in (1, 50, 100):
        assert officiating(league.tables, Draw(left(n100=left100), right(n100=right100))) == mode


@pytest.mark.parametrize(
    ("left100", "fight"),
    [(1, True), (5, True), (6, True), (7, True), (8, True), (9, False), (100, False)],
)
def test_enforcers_with_a_grudge_fight_when_first_on_the_ice_together(league, left100, fight):
    """Seed L130-136: eyeing each other, a score to settle, chirping in the media; then "the
    Enforcers will fight the first time they are on the ice together" (the seed's
    1-25/26-30/31-35, narrowed by the calibration, README §11.18: 1-5, 6-7, 8)."""
    assert enforcers(league.tables, Draw(left(n100=left100), right())).fight is fight


def test_the_pre_game_skate_sets_levels_officials_grudge_rivalry_and_strategies(league):
    """Seed L102-164 and L1188: each goalie warms up on his own draw, then a draw each for
    the officials and the enforcers; rivals start at their dirty-play level ("Rivals, Heated
    Rivals": 1, 2); each coach sets hitting and forecheck."""
    game = GameState.new(league, HOME, VISITOR)
    visitor_rating = league.goalie_cards[game.visitor.lineup.goalie.goalie_id]["goalie_rating"]
    home_rating = league.goalie_cards[game.home.lineup.goalie.goalie_id]["goalie_rating"]
    script = cards(
        Draw(left(n100=visitor_rating + 1), right(n100=7)),  # bad-game check, above: Bad
        Draw(left(n100=home_rating), right(n100=64)),  # good-game check, within: Good
        Draw(left(n100=90), right(n100=5)),  # LET THEM PLAY
        Draw(left(n100=7), right(n100=99)),  # a score to settle (6-7, README §11.18)
    )
    pregame_skate(league, game, script, {"home": ByTheBook(), "visitor": ByTheBook()})
    assert (game.visitor.goalie_level, game.home.goalie_level) == ("Bad", "Good")
    assert game.officiating == "LET THEM PLAY"
    assert game.enforcers_fight
    assert game.dirty_level == league.rivalry(HOME, VISITOR) == 2
    assert [(t.hitting, t.forecheck) for t in (game.visitor, game.home)] == [("HIT", 2)] * 2
    assert game.plays[0].startswith("P1 20:00 visitor goalie")


# Faceoffs.


def test_the_seeds_example_gives_the_better_centre_1_to_12():
    """Seed L204: visitor 7, home 5: "the range is 12. The Visiting Center has a range of 1
    to 12 for winning the faceoff"; above it he loses the draw."""
    assert winning_range(7, 5) == 12
    assert draw_winner(home_rating=5, visitor_rating=7, number=12) == "visitor"
    assert draw_winner(home_rating=5, visitor_rating=7, number=13) == "home"
    assert draw_winner(home_rating=7, visitor_rating=5, number=1) == "home"
    assert draw_winner(home_rating=7, visitor_rating=5, number=13) == "visitor"


def test_on_equal_ratings_the_home_centre_takes_1_to_10():
    """Seed L204 names only "the higher rated faceoff player"; on a tie the home centre takes
    1-10, as in fights (Settings.faceoff_tie, README §5.6)."""
    assert draw_winner(home_rating=5, visitor_rating=5, number=10) == "home"
    assert draw_winner(home_rating=5, visitor_rating=5, number=11) == "visitor"


def centres(league: Rinkside, visitor: int, home: int) -> tuple[Rinkside, GameState]:
    game = GameState.new(league, HOME, VISITOR)
    rated = with_faceoff(
        league, {game.visitor.line.c.skater_id: visitor, game.home.line.c.skater_id: home}
    )
    return rated, game


@pytest.mark.parametrize(("number", "winner"), [("12", "visitor"), ("13", "home")])
def test_a_faceoff_reads_the_left_number_and_the_right_control(league, number, winner):
    """Seed L204-206: the Left face's FACEOFF number against the range; "The Right PRC
    FACEOFF SECTION will show a position and that is the player who controls the faceoff"."""
    rated, game = centres(league, visitor=7, home=5)
    outcome = faceoff(rated, game, "neutral", cards(Draw(left(faceoff=number), right())))
    assert outcome.winner == winner


def test_the_control_position_names_the_winners_player(league):
    """Seed L206: the Right face's position "is the player who controls the faceoff"; "If
    the position listed is the Center, he simply gains control"."""
    rated, game = centres(league, visitor=7, home=5)
    for control, expected in (("LD", game.visitor.pair.ld), ("C", game.visitor.line.c)):
        shown = Draw(left(faceoff="3"), right(control=control))
        outcome = faceoff(rated, game, "neutral", cards(shown))
        assert (outcome.winner, outcome.controller) == ("visitor", expected)
    home_win = faceoff(rated, game, "home end", cards(Draw(left(faceoff="15"), right("RW"))))
    assert (home_win.winner, home_win.controller) == ("home", game.home.line.rw)
    assert game.plays[-1].endswith(f"home wins, {game.home.line.rw.name} has it")


@pytest.mark.parametrize(("symbol", "winner"), [("TOSS-D", "visitor"), ("TOSS-O", "home")])
def test_a_toss_symbol_in_the_neutral_zone_hands_the_draw_over_and_dumps_in(league, symbol, winner):
    """Seed L208-210 and L222-224: on a Neutral Zone faceoff the first symbol means the
    visiting team "has won the faceoff and automatically dumps the puck into the zone", the
    second the home team (README §5.1: TOSS-D, TOSS-O)."""
    rated, game = centres(league, visitor=9, home=1)
    outcome = faceoff(rated, game, "neutral", cards(Draw(left(faceoff=symbol), right("LW"))))
    assert (outcome.winner, outcome.dump_in) == (winner, True)
    assert outcome.controller == game.team(winner).line.lw


def test_toss_d_throws_out_the_defending_centre_and_his_best_forward_takes_a_new_draw(league):
    """Seed L208: "the Center in the defensive zone is tossed from the faceoff dot and
    another player must take the draw"; his forward with the best Faceoff Rating takes it on
    a new card (README §5.1). Home C 9 tossed, home LW 6 against visitor C 5: range 11, so a
    12 goes to the visitor, where the tossed centre's 14 would have won it."""
    game = GameState.new(league, HOME, VISITOR)
    home = game.home.line
    rated = with_faceoff(
        league,
        {
            home.c.skater_id: 9,
            home.lw.skater_id: 6,
            home.rw.skater_id: 4,
            game.visitor.line.c.skater_id: 5,
        },
    )
    script = cards(Draw(left(faceoff="TOSS-D"), right()), Draw(left(faceoff="12"), right("C")))
    outcome = faceoff(rated, game, "home end", script)
    assert outcome.tossed == (home.c,)
    assert outcome.takers == (game.visitor.line.c, home.lw)
    assert outcome.winner == "visitor"
    script = cards(Draw(left(faceoff="TOSS-D"), right()), Draw(left(faceoff="11"), right("C")))
    taken = faceoff(rated, game, "home end", script)
    assert (taken.winner, taken.controller) == ("home", home.lw)


def test_toss_o_throws_out_the_attacking_centre(league):
    """Seed L210: "the Center in the offensive zone is tossed from the faceoff dot". In the
    home end the visitor attacks, so the visitor's centre goes."""
    rated, game = centres(league, visitor=5, home=5)
    script = cards(Draw(left(faceoff="TOSS-O"), right()), Draw(left(faceoff="1"), right()))
    outcome = faceoff(rated, game, "home end", script)
    assert outcome.tossed == (game.visitor.line.c,)
    assert outcome.takers[1] == game.home.line.c


@pytest.mark.parametrize(("hv", "penalised"), [("H", "home"), ("V", "visitor")])
def test_a_penalty_symbol_interrupts_the_draw_against_the_right_faces_team(league, hv, penalised):
    """Seed L212: on PENALTY "a penalty may be called during or immediately after a
    faceoff"; the team is read on "the Home/Visitor Section of the Right PRC"."""
    rated, game = centres(league, visitor=5, home=5)
    outcome = faceoff(rated, game, "neutral", cards(Draw(left(faceoff="PENALTY"), right(hv=hv))))
    assert (outcome.winner, outcome.interruption, outcome.penalised) == (
        None,
        "PENALTY",
        penalised,
    )


def with_call_boxes(face: Face, filled: int) -> Face:
    """`face` with `filled` of its Official Call boxes filled, TIGHT first (README §5.2)."""
    return replace(face, call_tight=filled >= 1, call_normal=filled >= 2, call_ltp=filled >= 3)


@pytest.mark.parametrize(
    ("mode", "called_from"),
    [("CALL IT TIGHT", 1), ("NORMAL", 2), ("LET THEM PLAY", 3)],
)
def test_a_faceoff_penalty_is_called_only_when_the_right_faces_boxes_reach_the_mode(
    league, mode: Officiating, called_from: int
):
    """Seed L212: on PENALTY "a penalty may be called during or immediately after a faceoff"
    and L1001: "you still check with the Official to determine if he is going to make the
    call or not", on "the opposite side PRC" from the one showing the symbol: the symbol is on
    the Left face, so the Right face's boxes decide (Tight needs one, Normal two, Let Them
    Play all three). The Left face's boxes, all filled, never count."""
    for filled in range(4):
        rated, game = centres(league, visitor=5, home=5)
        game.officiating = mode
        shown = Draw(
            with_call_boxes(left(faceoff="PENALTY"), 3),
            with_call_boxes(right(hv="V"), filled),
        )
        outcome = faceoff(rated, game, "neutral", cards(shown))
        assert (outcome.interruption, outcome.penalised) == ("PENALTY", "visitor")
        assert outcome.called is (filled >= called_from), (mode, filled)
        ending = ": PENALTY" if outcome.called else ": PENALTY, no call"
        assert game.plays[-1].endswith(ending)


def test_an_enforcers_symbol_interrupts_the_draw_for_the_fight_card(league):
    """Seed L214: on ENFORCERS "the enforcers on the ice may initiate a fight", settled on
    the Fight Card."""
    rated, game = centres(league, visitor=5, home=5)
    outcome = faceoff(rated, game, "visitor end", cards(Draw(left(faceoff="ENFORCERS"), right())))
    assert (outcome.winner, outcome.interruption, outcome.penalised) == (None, "ENFORCERS", None)
