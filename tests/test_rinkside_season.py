"""RINKSIDE HOCKEY's season: the schedule's invariants, L1188's back-to-back dirty-play
start, the discipline office's suspensions carried to the next games on hand-built
situations, and `authoring simulate rinkside season` through the CLI on a designer's renamed
copy, the same bytes whatever `--workers` is."""

from __future__ import annotations

import random
from collections import Counter
from dataclasses import replace

from rinkside_engine import (
    copied_workbook,
    shipped_league,
    simulate,
)

from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw, DrawPile
from authoring.games.rinkside.game import GameRecord
from authoring.games.rinkside.season import (
    BACK_TO_BACK_LEVEL,
    Fixture,
    Season,
    before_discipline,
    play_season,
    schedule,
    shots_by,
    suspension_games,
    with_sitting,
)
from authoring.games.rinkside.state import Lineup
from authoring.games.rinkside.zone import rating

# The shared fixtures from rinkside_engine, found by pytest under their fixture names.
SHARED_FIXTURES = (copied_workbook, shipped_league)


GAMES_A_CLUB = 82


# The schedule.


def test_each_club_plays_82_games_41_at_home(league):
    fixtures = schedule(league.teams)
    assert len(fixtures) == GAMES_A_CLUB * len(league.teams) // 2
    assert Counter(f.home for f in fixtures) == {club: 41 for club in league.teams}
    assert Counter(f.visitor for f in fixtures) == {club: 41 for club in league.teams}
    meetings = Counter(frozenset((f.home, f.visitor)) for f in fixtures)
    assert sorted(set(meetings.values())) == [10, 12]
    for pair in meetings:
        hosted = Counter(f.home for f in fixtures if {f.home, f.visitor} == pair)
        assert sorted(hosted.values()) == [meetings[pair] // 2] * 2


def test_a_club_plays_once_a_day_and_a_back_to_back_is_flagged_on_its_second_game(league):
    fixtures = schedule(league.teams)
    days: dict[str, list[int]] = {club: [] for club in league.teams}
    for fixture in fixtures:
        for club in (fixture.home, fixture.visitor):
            previous = days[club][-1] if days[club] else None
            assert (club in fixture.back_to_back) == (previous == fixture.day - 1)
            assert previous != fixture.day
            days[club].append(fixture.day)
    tired = Counter(club for f in fixtures for club in f.back_to_back)
    assert set(tired) == set(league.teams) and len(set(tired.values())) == 1
    assert 0 < tired[next(iter(league.teams))] < GAMES_A_CLUB // 2


# L1188: the second game of a back-to-back.


def test_the_second_game_of_a_back_to_back_after_boiling_starts_at_dirty_level_3(league):
    """L1188: each game starts at 0 "unless the Pre-Game Skate requires that you bump the
    Dirty Play level up to 1, 2 or 3 because the teams are Rivals, Heated Rivals or are
    playing the 2nd game of a back-to-back and the first game reached a Game Intensity
    Level of Boiling"."""
    home, visitor = "KSP", "BRV"
    assert league.rivalry(home, visitor) == 0
    season = Season.new(league, 5, 0)
    season.boiling[visitor] = 9
    tired = Fixture(0, 10, home, visitor, (visitor,))
    rested = Fixture(1, 11, home, visitor, ())
    assert season.dirty_start(tired) == BACK_TO_BACK_LEVEL
    assert season.dirty_start(rested) == 0
    assert season.dirty_start(replace(tired, back_to_back=(home,))) == 0
    record = season.play(tired)
    assert "P1 20:00 dirty-play level 3" in record.plays
    assert "P1 20:00 dirty-play level 0" in season.play(rested).plays


def test_heated_rivals_keep_their_level_on_a_back_to_back_after_boiling(league):
    """L1188: the level is bumped "up to" 1, 2 or 3: rivals at 2 go to 3, never down."""
    season = Season.new(league, 5, 0)
    season.boiling["HLX"] = 1
    assert league.rivalry("HLX", "KSP") == 2
    assert season.dirty_start(Fixture(0, 2, "HLX", "KSP", ("HLX",))) == BACK_TO_BACK_LEVEL
    assert season.dirty_start(Fixture(0, 3, "HLX", "KSP", ("HLX",))) == 2


# The discipline office and suspensions.


def test_a_match_penalty_a_third_man_and_a_brawl_go_to_the_discipline_office():
    """L1252-L1257: "Whenever a player receives any of the following during the game ...
    Match Penalty, Game Misconduct, Major + Game Misconduct, Participation in a Brawl"."""
    plays = (
        "P1 12:00 Ann Able: match, slashing",
        "P1 11:30 Bob Baker: major, holding",
        "P2 5:00 fight: Cid Carr and Dan Dole, win for the home fighter",
        "P2 5:00 Eve Ezra joins the fight",
        "P3 9:00 fight: Fay Fox and Gus Gray, draw for the home fighter",
        "P3 9:00 fight: Hal Hunt and Ivo Ives, win for the visitor fighter",
        "P3 14:00 Jon Jay: major and game misconduct, boarding",
    )
    record = GameRecord("HLX", "KSP", (), (), plays, (), ())
    assert before_discipline(record) == [
        "Ann Able", "Eve Ezra", "Jon Jay", "Fay Fox", "Gus Gray", "Hal Hunt", "Ivo Ives",
    ]  # fmt: skip


def test_suspension_lengths_follow_the_ruling():
    rng = random.Random(1)
    assert suspension_games("none", rng) == 0
    assert suspension_games("1 game", rng) == 1
    assert {suspension_games("2 to 3 games", rng) for _ in range(40)} == {2, 3}
    assert {suspension_games("4 to 10 games", rng) for _ in range(200)} == set(range(4, 11))


def shown_black100(number: int) -> Draw:
    """A hand-made draw whose Black #100 is `number` (100 shows 0 and 0)."""
    tens, units = number // 10 % 10, number % 10
    return Draw(Face(black=tens, n100=50, red=1, blue=1), Face(black=units, n100=50, red=1, blue=1))


def test_a_suspended_player_sits_out_his_clubs_next_game_and_his_line_plays_on(league):
    """L1257: "refer to the League Discipline Office Chart to determine if there is a player
    suspension". Chosen (README §11.12): he sits his club's next games; the next skater at
    his position (the line below) plays his shifts as well as his own."""
    player = league.skaters["HLX-C2"]
    chart = league.discipline[rating(league, player, "agitator_enforcer")]
    one_game = next(row.lo for row in chart.rows if row.suspension == "1 game")
    season = Season.new(league, 8, 0)
    season.office = iter([shown_black100(one_game)]).__next__
    season.rule_on(
        GameRecord("HLX", "KSP", (), (), (f"P3 1:00 {player.name}: match, spearing",), (), ()),
        ("HLX", "KSP"),
    )
    assert season.to_serve[player.skater_id] == 1
    assert season.rulings == [(player.skater_id, 1)]
    season.office = DrawPile(league.cards, random.Random(8)).draw  # for the games' own cases

    sat = season.play(Fixture(0, 3, "HLX", "KSP"))
    assert not any(player.name in play for play in sat.plays)
    assert season.to_serve[player.skater_id] == 0 and season.served == 1
    back = season.play(Fixture(1, 5, "KSP", "HLX"))
    assert any(player.name in play for play in back.plays)
    games_played = {skater_id: gp for skater_id, gp, *_ in season.summary().skaters}
    assert games_played[player.skater_id] == 1


def test_the_next_skater_at_his_position_takes_a_suspended_players_place(league):
    centre, last_pair = league.skaters["HLX-C2"], league.skaters["HLX-RD3"]
    lineup = Lineup.of(with_sitting(league, [centre.skater_id, last_pair.skater_id]), "HLX")
    full = Lineup.of(league, "HLX")
    assert lineup.lines[1].c.name == full.lines[2].c.name == lineup.lines[2].c.name
    assert lineup.pairs[2].rd.name == full.pairs[1].rd.name
    assert lineup.lines[0] == full.lines[0]


# What a season reads from a game's play-by-play.


def test_a_skaters_shots_on_goal_are_read_from_the_play_by_play(league):
    plays = (
        "P1 19:30 Ann Able shoots (q): saved",
        "P1 19:00 Ann Able shoots (hq): missed",
        "P1 18:30 Bob Baker shoots (lq): goal",
        "P2 3:00 Bob Baker on a breakaway: saved",
        "P3 0:30 Cid Carr shoots from centre ice: saved",
        "P3 0:00 Cid Carr scores from centre ice",
    )
    record = GameRecord("HLX", "KSP", (), (), plays, (), ())
    assert shots_by(record) == {"Ann Able": 1, "Bob Baker": 2, "Cid Carr": 2}


def test_the_skaters_shots_read_add_up_to_nearly_the_teams_shots(league):
    """GameRecord counts shots by team only: the play-by-play's wording must keep up."""
    season = play_season(league, 3, 0, rounds=4)
    summary = season.summary()
    read = sum(shots for *_, shots in summary.skaters)
    team = dict((stat, total) for stat, total, _ in summary.sums)["shots"]
    assert 0.95 * team <= read <= team


# The command.


def test_simulate_season_prints_the_same_bytes_whatever_the_workers(designers_copy, capsys):
    arguments = (str(designers_copy), "season", "--seasons", "2", "--rounds", "3", "--seed", "4")
    code, one, _ = simulate(capsys, *arguments, "--workers", "1")
    assert code == 0
    assert simulate(capsys, *arguments, "--workers", "2")[1] == one
    for heading in (
        "Standings", "League figures", "Top scorers", "Goalies", "Calibration: skaters",
        "Calibration: goalies", "Calibration: within |z| <= 2", "Suspensions", "The seasons",
    ):  # fmt: skip
        assert heading in one
    assert "n=48" in one  # 2 seasons x 3 rounds x 4 games x 2 team-games
    assert simulate(capsys, *arguments[:-1], "5", "--workers", "1")[1] != one


def test_simulate_season_refuses_rounds_past_the_schedule(designers_copy, capsys):
    code, _, err = simulate(capsys, str(designers_copy), "season", "--rounds", "83")
    assert code == 2 and "--rounds must be 1 to 82" in err
