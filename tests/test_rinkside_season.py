"""RINKSIDE HOCKEY's season: the schedule's invariants, L1188's back-to-back dirty-play
start, the discipline office's suspensions and the injuries' lengths carried to the next
games, goalie starts, on hand-built situations; the season's players adding up to its
teams; and `authoring simulate rinkside season` through the CLI on a designer's renamed
copy, the same bytes whatever `--workers` is."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from dataclasses import replace

import pytest
from rinkside_engine import (
    copied_workbook,
    shipped_league,
    simulate,
)

from authoring.games.rinkside import season as season_module
from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw, DrawPile
from authoring.games.rinkside.game import GameRecord
from authoring.games.rinkside.model import Goalie
from authoring.games.rinkside.policy import (
    ByTheBook,
    IllegalChoice,
    RandomLegal,
    ask_starting_goalie,
)
from authoring.games.rinkside.season import (
    BACK_TO_BACK_LEVEL,
    WITHOUT_POWER_PLAY,
    Fixture,
    Season,
    games_out,
    play_season,
    schedule,
)
from authoring.games.rinkside.state import GameState, Lineup
from authoring.games.rinkside.zone import rating
from authoring.simulation import run_rng

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
    assert "P1 20:00 dirty-play level 3: the second game of a back-to-back" in record.plays
    assert not any("back-to-back" in play for play in season.play(rested).plays)


def test_heated_rivals_keep_their_level_on_a_back_to_back_after_boiling(league):
    """L1188: the level is bumped "up to" 1, 2 or 3: rivals at 2 go to 3, never down."""
    season = Season.new(league, 5, 0)
    season.boiling["HLX"] = 1
    assert league.rivalry("HLX", "KSP") == 2
    assert season.dirty_start(Fixture(0, 2, "HLX", "KSP", ("HLX",))) == BACK_TO_BACK_LEVEL
    assert season.dirty_start(Fixture(0, 3, "HLX", "KSP", ("HLX",))) == 2


# The discipline office and suspensions.


def test_each_player_a_game_sends_to_the_office_is_ruled_on_once(league):
    """L1252-L1257: "Whenever a player receives any of the following during the game ...
    Match Penalty, Game Misconduct, Major + Game Misconduct, Participation in a Brawl":
    one draw of the office's deck a player, however many of them he collected."""
    fighter, instigator = league.skaters["HLX-C2"], league.skaters["KSP-RD1"]

    def drawn_for(player, ruling: str) -> Draw:
        chart = league.discipline[rating(league, player, "agitator_enforcer")]
        return shown_black100(next(row.lo for row in chart.rows if row.suspension == ruling))

    season = Season.new(league, 8, 0)
    season.office = iter([drawn_for(fighter, "none"), drawn_for(instigator, "1 game")]).__next__
    cases = (
        (fighter.skater_id, "brawl"),
        (instigator.skater_id, "game misconduct"),
        (fighter.skater_id, "match"),
    )
    season.rule_on(GameRecord("HLX", "KSP", (), (), (), (), (), discipline=cases))
    with pytest.raises(StopIteration):
        season.office()
    assert season.rulings == [(instigator.skater_id, 1)]
    assert season.to_serve == {instigator.skater_id: 1}


def test_suspension_and_injury_lengths_follow_the_ruling():
    """Discipline: "1 game", "2 to 3 games", "4 to 10 games"; InjuryLength: "one shift",
    "rest of the period", "rest of the game" (no game missed), "11 to 30 games"."""
    rng = random.Random(1)
    assert games_out("none", rng) == games_out("one shift", rng) == 0
    assert games_out("rest of the game", rng) == 0
    assert games_out("1 game", rng) == 1
    assert {games_out("2 to 3 games", rng) for _ in range(40)} == {2, 3}
    assert {games_out("4 to 10 games", rng) for _ in range(200)} == set(range(4, 11))
    assert {games_out("11 to 30 games", rng) for _ in range(500)} == set(range(11, 31))


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
    case = ((player.skater_id, "match"),)
    season.rule_on(GameRecord("HLX", "KSP", (), (), (), (), (), discipline=case))
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


def test_the_next_skater_at_his_position_takes_a_sitting_players_place(league):
    """Issue 14: "his line plays with the next skater": the one stand-in rule
    (`Lineup.without`) for the season's sitting players as for a skater hurt in a game."""
    out = frozenset({"HLX-C2", "HLX-RD3"})
    lineup = GameState.new(league, "HLX", "KSP", sitting=out).home.lineup
    full = Lineup.of(league, "HLX")
    assert lineup.lines[1].c == full.lines[2].c == lineup.lines[2].c
    assert lineup.pairs[2].rd == full.pairs[1].rd
    assert lineup.lines[0] == full.lines[0]


def test_two_sitting_at_one_position_are_both_replaced_from_further_down(league):
    """The 2nd and 3rd line's centres out: the 4th line's centre plays all three shifts,
    never a sitting one; with every centre out the last one keeps his places."""
    full = Lineup.of(league, "HLX")
    centres = [line.c for line in full.lines]
    both = full.without(centres[1]).without(centres[2])
    assert [line.c for line in both.lines] == [centres[0], centres[3], centres[3], centres[3]]
    everyone = both.without(centres[0]).without(centres[3])
    assert {line.c for line in everyone.lines} == {centres[3]}


# What a season takes from a game's record.


def test_the_seasons_players_add_up_to_its_teams(league):
    """Every shot on goal, goal and assist of the league figures is some skater's (or the
    rare goalie's empty-net goal); the goalies face the other teams' shots, less those on
    an empty net, and make all the saves."""
    summary = play_season(league, 3, 0, rounds=4).summary()
    team = {stat: total for stat, total, _ in summary.sums}
    goals = sum(g for _, _, g, *_ in summary.skaters)
    assert sum(s for _, _, _, _, s, *_ in summary.skaters) <= team["shots"]
    # A game's count squared is at least the count: the sums of squares cover every game.
    for _, _, g, a, s, g2, p2, s2 in summary.skaters:
        assert g2 >= g and p2 >= g + a and s2 >= s
    assert team["goals"] - 2 <= goals <= team["goals"]
    # Each power play is one penalty's (a 5-on-3 a second one's): the others gave none.
    assert 0 <= team[WITHOUT_POWER_PLAY] == team["penalties"] - team["pp_chances"]
    assert sum(saved for *_, saved in summary.goalies) == team["saves"]
    assert sum(against for _, _, against, _ in summary.goalies) <= team["shots"]
    starts = dict(summary.goalie_starts)
    assert sum(starts.values()) == summary.team_games


class Starter(ByTheBook):
    """A coach who starts his man whatever he is offered."""

    def __init__(self, goalie: Goalie) -> None:
        super().__init__("stubborn")
        self.goalie = goalie

    def starting_goalie(self, club: str, back_to_back: bool, options: Sequence[Goalie]) -> Goalie:
        return self.goalie


def test_by_the_book_the_backup_starts_the_second_game_of_a_back_to_back(league):
    """NHL practice, the seed silent (README §11.12): the starter plays, the backup the
    second night of a back-to-back; a hurt goalie is not offered and cannot be chosen."""
    season = play_season(league, 3, 0, rounds=4)
    for played in season.games:
        fixture = played.fixture
        for club, goalie_id in zip((fixture.home, fixture.visitor), played.starters, strict=True):
            expected = 2 if club in fixture.back_to_back else 1
            assert league.goalies[goalie_id].depth == expected
    assert any(played.fixture.back_to_back for played in season.games)
    starter = next(g for g in league.goalies.values() if g.team_id == "HLX" and g.depth == 1)
    season.hurt[starter.goalie_id] = 3
    rested = Fixture(0, 99, "HLX", "KSP")
    assert season.starting_goalie(rested, "HLX").depth == 2
    with pytest.raises(IllegalChoice, match=r"coach stubborn chose .* for starting goalie"):
        ask_starting_goalie(Starter(starter), "HLX", False, [season.starting_goalie(rested, "HLX")])
    offered = sorted(
        (g for g in league.goalies.values() if g.team_id == "HLX"), key=lambda g: g.depth
    )
    picks = {ask_starting_goalie(RandomLegal(run_rng(2, 0)), "HLX", False, offered)}
    picks |= {
        ask_starting_goalie(RandomLegal(run_rng(3, k)), "HLX", False, offered) for k in range(20)
    }
    assert picks == set(offered)


def test_an_injury_longer_than_the_game_sits_him_out_the_games_it_says(league):
    """L1323: "refer to the Injury Section" (InjuryLength): "1 to 3 games" and longer are
    games the player misses, as a suspension; an injury within the game costs none."""
    season = Season.new(league, 8, 0)
    hurt, bruised = league.skaters["HLX-LW1"], league.skaters["HLX-RW1"]
    injuries = ((hurt.skater_id, "4 to 10 games"), (bruised.skater_id, "rest of the game"))
    season.carry_injuries(GameRecord("HLX", "KSP", (), (), (), (), (), injuries=injuries))
    games = season.hurt[hurt.skater_id]
    assert 4 <= games <= 10 and season.hurt[bruised.skater_id] == 0
    assert [length for _, length, _ in season.injuries] == ["4 to 10 games", "rest of the game"]
    season.play(Fixture(0, 3, "HLX", "KSP"))
    assert season.hurt[hurt.skater_id] == games - 1 and season.missed == 1
    summary = season.summary()
    played = {skater_id: gp for skater_id, gp, *_ in summary.skaters}
    assert (played[hurt.skater_id], played[bruised.skater_id]) == (0, 1)


def test_a_game_that_reached_boiling_marks_both_clubs_for_the_next_day(league, monkeypatch):
    """L1188: the level is raised when "the first game reached a Game Intensity Level of
    Boiling", read off the game's record."""
    hot = GameRecord("HLX", "KSP", (), (), (), (), (), peak_intensity="BOILING")
    monkeypatch.setattr(season_module, "play_game", lambda *args, **kwargs: hot)
    season = Season.new(league, 8, 0)
    season.play(Fixture(0, 7, "HLX", "KSP"))
    assert season.boiling == {"HLX": 7, "KSP": 7}
    assert season.dirty_start(Fixture(1, 8, "KSP", "BRV", ("KSP",))) == BACK_TO_BACK_LEVEL


def test_the_game_intensity_keeps_its_peak_after_cooler_heads(league):
    """L1250: cooler heads reset the intensity to NORMAL; the game still reached BOILING."""
    game = GameState.new(league, "HLX", "KSP")
    game.intensity = "BOILING"
    game.intensity = "NORMAL"
    assert (game.intensity, game.peak_intensity) == ("NORMAL", "BOILING")


# The command.


def test_simulate_season_prints_the_same_bytes_whatever_the_workers(designers_copy, capsys):
    arguments = (str(designers_copy), "season", "--seasons", "2", "--rounds", "3", "--seed", "4")
    code, one, _ = simulate(capsys, *arguments, "--workers", "1")
    assert code == 0
    assert simulate(capsys, *arguments, "--workers", "2")[1] == one
    for heading in (
        "Standings", "League figures", "Top scorers", "Goalies", "Calibration: skaters",
        "Calibration: goalies", "Calibration: within |z| <= 2", "Suspensions", "Injuries",
        "The seasons", "GS",
    ):  # fmt: skip
        assert heading in one
    assert "n=48" in one  # 2 seasons x 3 rounds x 4 games x 2 team-games
    assert simulate(capsys, *arguments[:-1], "5", "--workers", "1")[1] != one


def test_simulate_season_refuses_rounds_past_the_schedule(designers_copy, capsys):
    code, _, err = simulate(capsys, str(designers_copy), "season", "--rounds", "83")
    assert code == 2 and "--rounds must be 1 to 82" in err


def test_a_season_coached_at_random_is_told_apart_and_the_same_on_any_workers(
    designers_copy, capsys
):
    """Issue 14: the coach is "selectable per team, so check can tell a rule's effect from a
    coach's". `--random-coach all` puts every bench under the random-legal coach, each on its
    own generator (club, seed, season), so the same seed gives the same bytes on 1 and 2
    workers, the report says who was coached how, and the figures differ from the book's."""
    arguments = (str(designers_copy), "season", "--rounds", "2", "--seasons", "2", "--seed", "4")
    code, book, _ = simulate(capsys, *arguments, "--workers", "1")
    assert code == 0 and "every club coached by the book" in book
    at_random = (*arguments, "--random-coach", "all")
    code, one, _ = simulate(capsys, *at_random, "--workers", "1")
    assert code == 0 and "every club coached at random (any legal choice)\n" in one
    assert simulate(capsys, *at_random, "--workers", "2")[1] == one
    league = lambda out: out[out.index("League figures") : out.index("Top scorers")]  # noqa: E731
    assert league(one) != league(book)


def test_a_random_coach_for_a_club_not_in_the_league_exits_2(designers_copy, capsys):
    code, _, err = simulate(capsys, str(designers_copy), "season", "--random-coach", "HLX,XYZ")
    assert code == 2
    assert "no team 'XYZ' to play under a random coach" in err and "AVL, BRV" in err
