"""RINKSIDE HOCKEY's game loop: the dispatch rules on hand-built situations, whole seeded
games and their invariants, and `authoring simulate rinkside game` through the CLI on a
designer's renamed copy of the shipped workbook."""

from __future__ import annotations

import shutil
from collections.abc import Sequence
from statistics import mean

import pytest

from authoring.cli import main
from authoring.games.rinkside import GAME
from authoring.games.rinkside import game as loop
from authoring.games.rinkside.draws import DrawPile
from authoring.games.rinkside.game import (
    GameRecord,
    Match,
    RunawayGame,
    after_shots,
    choose_option,
    play_game,
)
from authoring.games.rinkside.model import Rinkside, Skater, build_model
from authoring.games.rinkside.policy import ByTheBook, Coach, RandomLegal
from authoring.games.rinkside.state import SIDES, GameState, TeamSide
from authoring.games.rinkside.zone import LoosePuck, Possession, Stoppage, rating
from authoring.simulation import run_rng
from authoring.validate import validate_workbook

HOME, VISITOR = "HLX", "KSP"
SEED = 22
GAMES = 200


@pytest.fixture(scope="module")
def league() -> Rinkside:
    return build_model(validate_workbook(GAME.workbook, GAME).tables)


def by_the_book() -> dict[TeamSide, Coach]:
    return {side: ByTheBook() for side in SIDES}


def one_game(league: Rinkside, run: int, seed: int = SEED) -> GameRecord:
    """Run `run` of `seed`: the clubs paired in turn, both benches coached by the book."""
    teams = sorted(league.teams)
    home, visitor = teams[run % len(teams)], teams[(run + 1 + run // len(teams)) % len(teams)]
    if home == visitor:
        visitor = teams[(run + 2) % len(teams)]
    return play_game(league, home, visitor, run_rng(seed, run), by_the_book())


@pytest.fixture(scope="module")
def season(league: Rinkside) -> list[GameRecord]:
    return [one_game(league, run) for run in range(GAMES)]


# The dispatch rules on hand-built situations.


def skater_rated(league: Rinkside, wanted) -> Skater:
    return next(s for s in league.skaters.values() if wanted(s))


def test_a_skilled_carrier_tries_the_play_he_makes_more_often(league):
    """Seed L250-L266: a quality shot on a red within Q-S, a set-up within S-U. The loop's
    coach (README §11.12) tries whichever he makes more often when that is at least half
    the time: HLX's centre (Q-S 8, S-U 8) goes for the quality shot (the first on a tie)."""
    centre = GameState.new(league, HOME, VISITOR).home.line.c
    assert (rating(league, centre, "quality_shot"), rating(league, centre, "set_up")) == (8, 8)
    assert choose_option(league, centre) == "quality shot"
    passer = skater_rated(
        league,
        lambda s: (
            rating(league, s, "set_up") >= 5
            and rating(league, s, "set_up") > rating(league, s, "quality_shot")
        ),
    )
    assert choose_option(league, passer) == "set-up"


def test_a_low_rated_carrier_throws_the_puck_on_net(league):
    """Seed L288: simply throwing the puck on net "is an effective strategy when a team has
    players with low offensive ratings": HLX's right defenceman (Q-S 1, S-U 2) shoots."""
    defenceman = GameState.new(league, HOME, VISITOR).home.pair.rd
    assert choose_option(league, defenceman) == "shot on net"


@pytest.mark.parametrize(
    ("then", "expected"),
    [
        ("loose puck", LoosePuck("home end")),
        ("neutral zone", LoosePuck("neutral")),
        ("zone faceoff", Stoppage("home end", False, "the puck is covered or out of play")),
        ("centre faceoff", Stoppage("neutral", False, "goal")),
        ("defence puck", Possession("home", "home end", None)),
    ],
)
def test_a_shot_sequence_hands_the_puck_on_where_it_left_it(then, expected):
    """Seed L586-L612: a cover or a puck out of play is a faceoff in the defending end (its
    [T] marked by the shot, so not again: `timed` False), a goal a centre faceoff (L700),
    a corner or a missed net a loose puck in the zone, a clear to the neutral zone a loose
    puck there, a lost scramble the defence's puck to clear or break out."""
    assert after_shots(then, "home") == expected


def test_a_game_that_draws_past_the_bound_names_its_last_outcomes(league, monkeypatch):
    """The guard: a game drawing past MAX_DRAWS raises, naming the outcomes it was playing,
    never loops for ever (here with the bound at 50 draws, a minute or two of play)."""
    monkeypatch.setattr(loop, "MAX_DRAWS", 50)
    with pytest.raises(RunawayGame, match="drew 50 cards without ending; last outcomes: P1 ") as e:
        play_game(league, HOME, VISITOR, run_rng(SEED, 0), by_the_book())
    assert len(str(e.value).split(" | ")) == 12


def test_the_loop_takes_a_faceoff_on_a_penalty_symbol_again_after_the_penalty(league):
    """Seed L212: a PENALTY on the faceoff card; the loop administers it (a minor to the team
    the Right face shows) and takes the draw again in the penalised team's end (L1064). Found
    on the seeded pile: the first game of seed 22 whose opening faceoffs show one."""
    for run in range(200):
        record = one_game(league, run)
        penalty = [n for n, p in enumerate(record.plays) if p.endswith(": PENALTY")]
        if penalty:
            after = record.plays[penalty[0] + 1 : penalty[0] + 6]
            assert any("minor" in p or "major" in p or "misconduct" in p for p in after)
            assert any(p.split(" ", 2)[2].startswith("faceoff in the ") for p in after)
            return
    pytest.fail("no faceoff PENALTY in 200 games")


# Whole games.


def test_the_same_seed_plays_the_same_game_card_for_card(league):
    first, again = one_game(league, 3), one_game(league, 3)
    assert first == again
    assert one_game(league, 3, seed=SEED + 1).plays != first.plays


def test_random_coaches_play_whole_games_too(league):
    """Every question the loop asks is answered legally by a seeded RandomLegal coach."""
    for run in range(20):
        rng = run_rng(SEED, 1_000 + run)
        coaches = {side: RandomLegal(rng) for side in SIDES}
        record = play_game(league, HOME, VISITOR, run_rng(SEED, run), coaches)
        assert len(record.draws) == 3


def test_every_game_ends_after_three_periods_with_a_consistent_box_score(season):
    for record in season:
        assert len(record.draws) == len(record.reshuffles) == 3
        assert record.plays[-1].endswith("end of period 3")
        for side in SIDES:
            rival = "home" if side == "visitor" else "visitor"
            shots, goals = record.stat(side, "shots"), record.stat(side, "goals")
            assert goals <= shots
            assert record.stat(rival, "saves") == shots - goals
            assert sum(p.side == side for p in record.scoring) == goals
            assert record.stat(side, "assists") == sum(
                len(p.assists) for p in record.scoring if p.side == side
            )
            assert record.stat(side, "pp_goals") <= record.stat(side, "pp_chances")
            assert 2 * record.stat(side, "penalties") <= record.stat(side, "pim")
            assert record.stat(side, "pim") <= 25 * record.stat(side, "penalties")
            for period in (1, 2, 3):
                assert record.stat(side, "assists", period) <= 2 * record.stat(
                    side, "goals", period
                )


def test_the_league_figures_are_hockey_like(season, capsys):
    """Printed, not pinned (README §11.12 quotes them): the ranges only say a game is
    hockey: some goals and tens of shots a team, every period drawing cards."""

    def per_team(stat: str) -> float:
        return float(mean(r.stat(side, stat) for r in season for side in SIDES))

    goals, shots = per_team("goals"), per_team("shots")
    draws = mean(d for r in season for d in r.draws)
    reshuffles = mean(n for r in season for n in r.reshuffles)
    with capsys.disabled():
        print(
            f"\n{GAMES} games, seed {SEED}, per team-game: goals {goals:.2f}, shots {shots:.1f}, "
            f"save % {1 - goals / shots:.3f}, PP {per_team('pp_goals'):.2f}/"
            f"{per_team('pp_chances'):.2f}, penalties {per_team('penalties'):.2f}, "
            f"PIM {per_team('pim'):.1f}, hits {per_team('hits'):.1f}, "
            f"fights {per_team('fights'):.2f}; per period: draws {draws:.0f}, "
            f"reshuffles {reshuffles:.2f}; ties {sum(r.score[0] == r.score[1] for r in season)}"
        )
    assert 1 <= goals <= 10
    assert 15 <= shots <= 80
    assert 100 <= draws <= 600


def scores(records: Sequence[GameRecord]) -> list[tuple[int, int]]:
    return [r.score for r in records]


def test_a_match_counts_its_draws_by_period(league):
    match = Match(
        league,
        GameState.new(league, HOME, VISITOR),
        DrawPile(league.cards, run_rng(SEED, 0)),
        by_the_book(),
    )
    record = match.run()
    assert sum(record.draws) == match.pile.draws
    assert sum(record.reshuffles) == match.pile.reshuffles


# The command.


def test_simulate_game_without_teams_has_the_first_club_host_the_next(designers_copy, capsys):
    league = build_model(validate_workbook(designers_copy, GAME).tables)
    first, second = list(league.teams)[:2]
    code, out, _ = simulate(capsys, str(designers_copy), "game", "--seed", "4")
    assert code == 0
    assert out.startswith(f"{league.teams[second].name} ")
    assert f", {league.teams[first].name} " in out.splitlines()[0]
    code, last, _ = simulate(
        capsys, str(designers_copy), "game", "--home", list(league.teams)[-1], "--seed", "4"
    )
    assert code == 0 and last.startswith(f"{league.teams[first].name} ")


@pytest.fixture
def designers_copy(tmp_path):
    copy = tmp_path / "our league v2.xlsx"
    shutil.copy(GAME.workbook, copy)
    return copy


def simulate(capsys, *arguments: str) -> tuple[int, str, str]:
    code = main(["simulate", *arguments])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_simulate_game_prints_the_box_score_the_same_for_the_same_seed(designers_copy, capsys):
    arguments = (str(designers_copy), "game", "--home", HOME, "--visitor", VISITOR, "--seed", "7")
    code, first, _ = simulate(capsys, *arguments)
    assert code == 0
    assert simulate(capsys, *arguments)[1] == first
    for heading in ("Team stats", "Scoring", "The deck", "P1  P2  P3  total"):
        assert heading in first
    assert "Play-by-play" not in first
    assert simulate(capsys, *arguments[:-1], "8")[1] != first


def test_simulate_game_prints_the_play_by_play_on_request(designers_copy, capsys):
    code, out, _ = simulate(
        capsys, str(designers_copy), "game", "--home", HOME, "--visitor", VISITOR,
        "--play-by-play", "yes",
    )  # fmt: skip
    assert code == 0
    assert "Play-by-play" in out and "end of period 3" in out


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("--home", "XXX", "--visitor", VISITOR), "no team 'XXX' for --home"),
        (("--visitor", "hlx"), "no team 'hlx' for --visitor"),
        (("--home", HOME, "--visitor", HOME), "a team cannot play itself"),
    ],
)
def test_simulate_game_with_bad_teams_exits_2_naming_the_valid_ids(
    designers_copy, capsys, options, message
):
    code, _, err = simulate(capsys, str(designers_copy), "game", *options)
    assert code == 2
    assert message in err
    if "cannot play itself" not in message:
        assert "AVL, BRV, GRN, HLX, KSP, LMB, PNF, TRH" in err
