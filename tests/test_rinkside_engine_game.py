"""RINKSIDE HOCKEY's game loop: the dispatch rules on hand-built situations, whole seeded
games and their invariants, and `authoring simulate rinkside game` through the CLI on a
designer's renamed copy of the shipped workbook."""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import replace
from fractions import Fraction
from statistics import mean

import pytest
from rinkside_engine import (
    HOME,
    VISITOR,
    copied_workbook,
    shipped_league,
    simulate,
)

from authoring.games.rinkside import GAME, battles, extras, fights, penalties, shots
from authoring.games.rinkside import game as loop
from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw, DrawPile
from authoring.games.rinkside.game import (
    GameRecord,
    Match,
    PlayerLine,
    RunawayGame,
    after_shots,
    play_game,
)
from authoring.games.rinkside.model import Rinkside, Skater, build_model
from authoring.games.rinkside.policy import (
    ByTheBook,
    Coach,
    IllegalChoice,
    RandomLegal,
    ask_offensive_play,
    change_lines,
    play_shares,
)
from authoring.games.rinkside.state import SIDES, GameState, TeamSide, Unit
from authoring.games.rinkside.zone import (
    CentreIceShot,
    LoosePuck,
    PenaltyCheck,
    Possession,
    Rush,
    Stoppage,
    offensive,
    offensive_chances,
    rating,
)
from authoring.games.rinkside.zone import Option as OffensivePlay
from authoring.simulation import run_rng
from authoring.validate import validate_workbook

# The shared fixtures from rinkside_engine, found by pytest under their fixture names.
SHARED_FIXTURES = (copied_workbook, shipped_league)


SEED = 22
GAMES = 200


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


def carrier_at(league: Rinkside, position: str) -> Skater:
    return skater_rated(league, lambda s: s.position == position)


def chance(q: int, s: int) -> dict[OffensivePlay, Fraction]:
    """The chances a carrier is offered with a Q-S of `q` and an S-U of `s` (out of 10)."""
    return {
        "quality shot": Fraction(q, 10),
        "set-up": Fraction(s, 10),
        "two-man game": Fraction(1, 4),
        "cycle": Fraction(1),
        "shot on net": Fraction(1),
        "shoot wide": Fraction(1, 2),
    }


def test_the_book_mixes_a_defencemans_throws_and_cycles_by_his_quality_shot(league):
    """Seed L288: throwing the puck on net "is an effective strategy when a team has players
    with low offensive ratings"; L286: cycling "is a good option for players with low
    offensive numbers". By the book (README §11.20) a defenceman at the point throws on
    3/5 + 4q/5 of his touches and cycles on the rest: Q-S 2 gives 19/25 and 6/25; Q-S 5 and
    over, always throws."""
    defenceman = carrier_at(league, "LD")
    assert play_shares(defenceman, chance(2, 5)) == {
        "shot on net": Fraction(19, 25),
        "cycle": Fraction(6, 25),
    }
    assert play_shares(defenceman, chance(5, 1)) == {"shot on net": Fraction(1)}
    assert play_shares(defenceman, chance(7, 1)) == {"shot on net": Fraction(1)}


def test_the_book_has_a_shooter_try_his_chance_and_a_playmaker_mix_his(league):
    """Seed L246: "he has the following options available: create a quality scoring chance
    for himself, try to set up a teammate …, cycle the puck, simply shoot the puck on net".
    A winger tries the quality shot, throwing on 1/5 + 3q/10 as often; a centre making his
    chance half the time does the same, throwing on 1/5; a centre making it less often sets
    up and shoots in proportion to his chances (README §11.20)."""
    winger, centre = carrier_at(league, "RW"), carrier_at(league, "C")
    assert play_shares(winger, chance(4, 6)) == {
        "quality shot": Fraction(1),
        "shot on net": Fraction(8, 25),
    }
    assert play_shares(centre, chance(5, 8)) == {
        "quality shot": Fraction(1),
        "shot on net": Fraction(1, 5),
    }
    assert play_shares(centre, chance(3, 7)) == {
        "quality shot": Fraction(3, 10),
        "set-up": Fraction(7, 10),
        "shot on net": Fraction(1, 5),
    }


def test_on_the_power_play_nobody_cycles(league):
    """Seed L1092: "Whenever a team on the Penalty Kill makes a play on the puck during a
    Loose Puck Scenario, the puck is cleared out of the Defensive Zone and a Timing Sequence
    is marked". A cycle hands the puck to a loose-puck scenario, so on a power play the
    book's defenceman throws the cycle's share on net too (README §11.18, §11.20)."""
    defenceman = carrier_at(league, "RD")
    assert play_shares(defenceman, chance(2, 5), power_play=True) == {"shot on net": Fraction(1)}


def test_the_book_takes_each_play_in_turn_by_its_share(league):
    """README §11.20: each touch the carrier tries the play furthest behind its share of his
    touches so far. A centre with Q-S 3 and S-U 7 (shares 3/10, 7/10, 1/5) tries, over 12
    touches, 3 quality shots, 7 set-ups and 2 throws, and in the same order every time; the
    tally is the coach's own, so another coach starts afresh; a play not offered is never
    chosen."""
    game = GameState.new(league, HOME, VISITOR)
    centre = game.home.line.c
    offered = chance(3, 7)

    def season(coach: ByTheBook, options: Mapping[OffensivePlay, Fraction]) -> list[str]:
        return [ask_offensive_play(coach, game, "home", centre, options) for _ in range(12)]

    book = ByTheBook()
    plays = season(book, offered)
    assert Counter(plays) == {"set-up": 7, "quality shot": 3, "shot on net": 2}
    assert plays[:4] == ["set-up", "quality shot", "set-up", "shot on net"]
    assert season(ByTheBook(), offered) == plays
    no_set_up: dict[OffensivePlay, Fraction] = {
        play: c for play, c in offered.items() if play != "set-up"
    }
    assert "set-up" not in season(ByTheBook(), no_set_up)


def test_the_book_sends_out_the_line_and_pair_furthest_behind_their_ice_time(league):
    """Seed L63: "Line changes are executed by moving the pawns to choose a different Forward
    Line or Defensemen Pairing"; L71: "the Visiting Team must place their players on the ice
    first and the Home Team gets to match". The seed leaves the choice to the coach; by the
    book (README §11.17) each line and pair gets a modern club's share of the ice (lines
    1180/3760, 1020/3760, 870/3760, 690/3760 of the time; pairs 1470/3750, 1260/3750,
    1020/3750). After 15 steps with lines 1-3 on for 6, 5 and 4 and line 3 just off, line 4
    is furthest behind (690/3760 x 15 = 2.75 steps owed); of the pairs, with pair 3 just
    off, pair 2 (5.03 owed, 5 played) is behind and pair 1 (5.86 owed, 6 played) is not."""
    game = GameState.new(league, HOME, VISITOR)
    game.steps = 15
    visitor = game.visitor
    visitor.ice_time.update({"line 1": 6, "line 2": 5, "line 3": 4})
    visitor.ice_time.update({"pair 1": 6, "pair 2": 5, "pair 3": 4})
    visitor.on_ice, visitor.on_since = Unit(3, 3), 15
    home = game.home
    home.on_ice, home.on_since = Unit(1, 1), 11
    change_lines(game, {side: ByTheBook() for side in SIDES})
    assert visitor.on_ice == Unit(4, 2) and home.on_ice == Unit(4, 2)
    assert (home.ice_time["line 1"], home.ice_time["pair 1"], visitor.on_since) == (4, 4, 15)


def test_a_power_play_sends_out_the_first_unit_then_the_second(league):
    """Seed L63 and L71 leave line changes to the coach. By the book (README §11.18) a club
    on the power play sends its first line and pair, and its second when the first is on;
    the club killing the penalty keeps to its ice-time shares (after 15 steps with lines 1-3
    on for 6, 5 and 4 and pairs likewise, line 4 and, with pair 2 just off, pair 3 are the
    furthest behind), and, as home team, matches the visitor's numbers (L71); a home power
    play picks its own unit."""
    game = GameState.new(league, HOME, VISITOR)
    game.steps = 15
    visitor, home = game.visitor, game.home
    visitor.ice_time.update({"line 1": 6, "line 2": 5, "line 3": 4})
    visitor.ice_time.update({"pair 1": 6, "pair 2": 5, "pair 3": 4})
    visitor.on_ice, home.on_ice = Unit(3, 3), Unit(3, 3)
    visitor.on_since = home.on_since = 15
    home.vacant = ("RW",)
    change_lines(game, {side: ByTheBook() for side in SIDES})
    assert visitor.on_ice == Unit(1, 1) and home.on_ice == Unit(1, 1)
    change_lines(game, {side: ByTheBook() for side in SIDES})
    assert visitor.on_ice == Unit(2, 2)
    home.vacant, visitor.vacant = (), ("RW",)
    change_lines(game, {side: ByTheBook() for side in SIDES})
    assert visitor.on_ice == Unit(4, 3) and home.on_ice == Unit(1, 1)


def test_the_offensive_chances_weigh_each_option_on_its_number(league):
    """Seed L252-L296: Q-S and S-U against the red (1-10); the give and go's Black #100
    against the two players' combined Offense (the partner averaged over the four others on
    the ice); shooting wide against the better of S-U and Offense; cycling and throwing it
    on net always come off."""
    game = GameState.new(league, HOME, VISITOR)
    carrier = game.home.line.c
    mates = [s for s in game.home.skaters() if s != carrier]
    partner = Fraction(sum(rating(league, s, "offense") for s in mates), 4)
    offense = rating(league, carrier, "offense")
    chances = offensive_chances(league, game, "home", carrier)
    assert chances["quality shot"] == Fraction(8, 10)
    assert chances["two-man game"] == (offense + partner) / 100
    wide = max(offense, rating(league, carrier, "set_up"))
    assert chances["shoot wide"] == Fraction(wide, 100)
    assert chances["cycle"] == chances["shot on net"] == 1


def test_the_loop_asks_the_coach_and_refuses_a_play_not_offered(league):
    """Issue 14: the engine offers the legal plays and refuses any other answer."""

    class Showboat(ByTheBook):
        def offensive_play(self, game, side, carrier, chances, options):
            return "slapshot from the bench"

    game = GameState.new(league, HOME, VISITOR)
    carrier = game.home.line.c
    chances = offensive_chances(league, game, "home", carrier)
    with pytest.raises(IllegalChoice, match="slapshot from the bench"):
        ask_offensive_play(Showboat(), game, "home", carrier, chances)


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
    """Seed L212: a PENALTY on the faceoff card; when the official calls it (L1001, its line
    ends ": PENALTY"; one he lets go ends ", no call") the loop administers it (a minor to the
    team the Right face shows) and takes the draw again in the penalised team's end (L1064).
    Found on the seeded pile: the first game of seed 22 whose faceoffs show a called one."""
    for run in range(200):
        record = one_game(league, run)
        penalty = [n for n, p in enumerate(record.plays) if p.endswith(": PENALTY")]
        if penalty:
            after = record.plays[penalty[0] + 1 : penalty[0] + 6]
            assert any("minor" in p or "major" in p or "misconduct" in p for p in after)
            assert any(p.split(" ", 2)[2].startswith("faceoff in the ") for p in after)
            return
    pytest.fail("no faceoff PENALTY in 200 games")


def test_the_loop_takes_a_faceoff_again_at_once_when_its_penalty_is_not_called(league):
    """Seed L212: on PENALTY "a penalty may be called during or immediately after a
    faceoff", and L1001: "you still check with the Official to determine if he is going to
    make the call or not". One he lets go costs nobody a penalty: the very next play is the
    same draw taken again in the same zone. Found on the seeded pile: the first game of seed
    22 whose faceoffs show an uncalled one."""
    for run in range(200):
        record = one_game(league, run)
        no_call = [n for n, p in enumerate(record.plays) if p.endswith(": PENALTY, no call")]
        if no_call:
            stamp, _, text = record.plays[no_call[0]].partition(" faceoff in the ")
            zone = text.partition(":")[0].partition(",")[0]  # past any tossed centre
            assert record.plays[no_call[0] + 1].startswith(f"{stamp} faceoff in the {zone}")
            return
    pytest.fail("no uncalled faceoff PENALTY in 200 games")


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
    """Printed, not pinned (README §11.11 quotes them): the ranges only say a game is
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
        capsys, str(designers_copy), "game", list(league.teams)[-1], "--seed", "4"
    )
    assert code == 0 and last.startswith(f"{league.teams[first].name} ")


def test_simulate_game_prints_the_box_score_the_same_for_the_same_seed(designers_copy, capsys):
    arguments = (str(designers_copy), "game", HOME, VISITOR, "--seed", "7")
    code, first, _ = simulate(capsys, *arguments)
    assert code == 0
    assert simulate(capsys, *arguments)[1] == first
    for heading in ("Team stats", "Scoring", "The deck", "P1  P2  P3  total"):
        assert heading in first
    assert "Play-by-play" not in first
    assert simulate(capsys, *arguments[:-1], "8")[1] != first


def test_simulate_game_coaches_the_named_club_at_random(designers_copy, capsys):
    """Issue 14: coaches "selectable per team": `--random-coach VISITOR` leaves HOME to the
    book and gives VISITOR the random-legal coach on its own generator, so the deck's draws
    and the same seed's game stay reproducible, and the game differs from the book's."""
    arguments = (str(designers_copy), "game", HOME, VISITOR, "--seed", "7")
    code, book, _ = simulate(capsys, *arguments)
    assert code == 0 and "every club coached by the book" in book
    code, random_game, _ = simulate(capsys, *arguments, "--random-coach", VISITOR)
    assert code == 0
    assert f"{VISITOR} coached at random (any legal choice), the others by the book" in random_game
    assert simulate(capsys, *arguments, "--random-coach", VISITOR)[1] == random_game
    assert random_game != book


def test_simulate_game_prints_the_play_by_play_on_request(designers_copy, capsys):
    code, out, _ = simulate(
        capsys, str(designers_copy), "game", HOME, VISITOR, "--play-by-play", "yes",
    )  # fmt: skip
    assert code == 0
    assert "Play-by-play" in out and "end of period 3" in out


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (("XXX", VISITOR), "no team 'XXX' to play at home"),
        ((HOME, "hlx"), "no team 'hlx' to play away"),
        ((HOME, HOME), "a team cannot play itself"),
        ((HOME, VISITOR, "BRV"), "takes HOME AWAY --play-by-play --random-coach; not BRV"),
    ],
)
def test_simulate_game_with_bad_teams_exits_2_naming_the_valid_ids(
    designers_copy, capsys, options, message
):
    code, _, err = simulate(capsys, str(designers_copy), "game", *options)
    assert code == 2
    assert message in err
    if message.startswith("no team"):
        assert "AVL, BRV, GRN, HLX, KSP, LMB, PNF, TRH" in err


# Power-play timing (L1048-L1062).


def short_handed_match(league: Rinkside, penalised: TeamSide | None) -> Match:
    """A match whose `penalised` team (None: nobody) serves a minor, the loop's timing
    synchronised with the box."""
    game = GameState.new(league, HOME, VISITOR)
    match = Match(league, game, DrawPile(league.cards, run_rng(SEED, 0)), by_the_book())
    if penalised is not None:
        player = game.team(penalised).line.c
        match.box.assess(penalties.Infraction(penalised, player, "hooking"), league)
    match.sync_timing()
    return match


def test_a_power_play_marks_time_on_its_own_events_only(league):
    """Seed L1048: on a power play "Mark a Timing Sequence when AND ONLY WHEN" its listed
    events occur: a dump-in or a zone entry (L174) marks nothing then, the goalie's cover
    (L1052) marks; at even strength the dump-in marks and a clear alone does not."""
    game = short_handed_match(league, "home").game
    assert game.power_play_timing
    game.mark_event(even=True, power_play=False)
    assert game.steps == 0
    game.mark_event(even=True, power_play=True)
    assert game.steps == 1
    even = short_handed_match(league, None).game
    assert not even.power_play_timing
    even.mark_event(even=True, power_play=False)
    even.mark_event(even=False, power_play=True)
    assert even.steps == 1


def test_a_power_play_marks_the_puck_clearing_the_zone(league):
    """Seed L1050: on a power play, mark [T] "ANY TIME the puck clears the Zone through any
    type of action": the puck out of the killers' end to the neutral zone marks; kept in
    the end it does not, nor does the same clear at even strength."""
    match = short_handed_match(league, "home")
    match.zone_cleared("home end", LoosePuck("neutral"))
    assert match.game.steps == 1
    match.zone_cleared("home end", Possession("home", "home end", None))
    assert match.game.steps == 1
    even = short_handed_match(league, None)
    even.zone_cleared("home end", LoosePuck("neutral"))
    assert even.game.steps == 0


def test_the_penalty_kill_winning_a_draw_marks_time(league):
    """Seed L1060-L1062: [T] when the penalty kill "wins the faceoff and dumps the puck into
    the far zone" at centre, or wins one in the power play's end and plays the puck; not
    for a draw it wins in its own end, nor for the power play's wins."""
    match = short_handed_match(league, "home")
    assert match.killing_draw_marked("home", "neutral", dumps=True)
    assert not match.killing_draw_marked("home", "neutral", dumps=False)
    assert match.killing_draw_marked("home", "visitor end", dumps=False)
    assert not match.killing_draw_marked("home", "home end", dumps=False)
    assert not match.killing_draw_marked("visitor", "neutral", dumps=True)


def test_loose_puck_stoppages_mark_time_by_strength():
    """Seed L404-L415 mark [T] on the puck out of play, frozen and a defence high stick, and
    not on a hand pass or an offensive high stick (L188); on a power play L1056 marks only
    the power play's hand pass or high stick, L1054 the goalie's freeze."""
    assert {name: marks[1:] for name, marks in battles.STOPPAGES.items()} == {
        "PUCK OUT OF PLAY": (True, False),
        "PUCK FROZEN": (True, False),
        "BOARD SCRUM PUCK FROZEN": (True, False),
        "HIGH STICK D": (True, False),
        "HAND PASS": (False, True),
        "HIGH STICK O": (False, True),
    }


# The empty net (L1345-L1351).


def test_a_neutral_zone_puck_against_an_empty_net_is_shot_at_it(league):
    """Seed L1347-L1349: with the other goalie pulled, a team with the puck in neutral ice
    has an EMPTY NET scenario: the Left blue within the carrier's Neutral Zone Rating and
    the Right blue within his Offensive Rating let him shoot; a Black #100 within his
    Target Rating, the Right blue above 5, is an empty-net goal, a centre faceoff next."""
    match = short_handed_match(league, None)
    game = match.game
    game.home.goalie_pulled = True
    carrier = game.visitor.line.c
    moving = Draw(Face(black=0, n100=50, red=1, blue=1), Face(black=0, n100=50, red=1, blue=1))
    shot = Draw(Face(black=0, n100=50, red=1, blue=1), Face(black=1, n100=50, red=1, blue=20))
    match.draw = iter((moving, shot)).__next__  # type: ignore[method-assign]
    following = match.play(Possession("visitor", "neutral", carrier))
    assert following == Stoppage("neutral", False, "goal")
    assert game.total("visitor", "goals") == game.total("visitor", "shots") == 1
    assert match.extra["visitor", "empty_net_goals", 1] == 1
    assert match.scoring[-1].scorer == carrier.name


def test_a_coach_behind_late_pulls_his_goalie_at_a_whistle(league):
    """Seed L1345: "When a team is behind at the end of the game, it may become necessary to
    pull the goalie": by the book one goal down with 2:00 left in the 3rd, asked at the
    whistle; the leading team is not asked."""
    match = short_handed_match(league, None)
    game = match.game
    game.period, game.steps = 3, 36
    game.count("visitor", "goals")
    match.faceoff = lambda zone: Possession("home", zone, None)  # type: ignore[method-assign]
    match.stoppage(Stoppage("neutral", False, "icing"))
    assert game.home.goalie_pulled and not game.visitor.goalie_pulled


# Goal descriptions and reviews (L1367-L1373).


def face(n100: int) -> Face:
    return Face(black=0, n100=n100, red=1, blue=1)


@pytest.mark.parametrize(("review", "counts"), [((40, 60), True), ((60, 40), False)])
def test_a_reviewed_goal_stands_only_on_the_scoring_teams_higher_number(league, review, counts):
    """Seed L1369-L1373: a goal's description may call for a review; the scoring team's
    #100 (the home team's Right, README §9 Q12) must be the higher for it to stand. A
    screened goal reads the Screen descriptions, 11-20 of which are reviewed; disallowed,
    it comes off the scoreboard and its shot is the goalie's save."""
    match = short_handed_match(league, None)
    game = match.game
    scorer = game.home.line.c
    game.count("home", "shots")
    game.count("home", "goals")
    described, decided = Draw(face(15), face(50)), Draw(face(review[0]), face(review[1]))
    match.draw = iter((described, decided)).__next__  # type: ignore[method-assign]
    goal = shots.Goal(scorer, (), game.visitor.lineup.goalie, "screen")
    match.described_goal("home", goal, "quality shot", rebound=False)
    assert game.total("home", "goals") == int(counts) == len(match.scoring)
    assert game.total("visitor", "saves") == int(not counts)


def test_a_goal_not_marked_for_review_stands_on_one_draw(league):
    """Seed L1369: the description and the goalie's reaction are read off one draw; no
    review is made unless the description asks for one (no set-up goal does)."""
    match = short_handed_match(league, None)
    scorer = match.game.home.line.c
    match.draw = iter((Draw(face(15), face(50)),)).__next__  # type: ignore[method-assign]
    goal = shots.Goal(scorer, (), match.game.visitor.lineup.goalie, "shot")
    match.described_goal("home", goal, "set-up", rebound=False)
    assert match.scoring[-1].scorer == scorer.name


# Delayed penalties (L1017-L1019).

ALL_BOXES = Face(black=0, n100=50, red=1, blue=1, call_tight=True, call_normal=True, call_ltp=True)


def test_an_odd_called_penalty_is_delayed_while_the_offended_team_plays_on(league):
    """Seed L1019: on an ODD Black #100 a called penalty is delayed: "the player or team in
    control of the puck continues with the play"; a loose puck in the zone plays on."""
    match = short_handed_match(league, None)
    match.last = Draw(ALL_BOXES, face(50))  # every box filled: the official calls it
    offender = match.game.visitor.pair.ld
    check = PenaltyCheck("visitor", offender, "commit", 37, whistled=False)
    assert match.penalty_check(check) is None
    assert match.delayed == (check, "neutral")
    following = match.delayed_whistle(LoosePuck("visitor end"), LoosePuck("visitor end"))
    assert following == LoosePuck("visitor end") and match.delayed is not None
    assert match.game.total("visitor", "penalties") == 0


@pytest.mark.parametrize(
    "following",
    [Possession("visitor", "visitor end", None), Stoppage("visitor end", True, "puck frozen")],
)
def test_a_delayed_penalty_is_whistled_once_the_penalised_team_touches_the_puck(league, following):
    """Seed L1019: play goes on "until the other team touches the puck ... If the team in
    possession of the puck loses possession, play is whistled dead. Mark a time sequence
    [T] and proceed to the administration of the penalty"; the power play then starts in
    the penalised team's end (L1064)."""
    match = short_handed_match(league, None)
    offender = match.game.visitor.pair.ld
    match.delayed = (PenaltyCheck("visitor", offender, "commit", 37, False), "visitor end")
    whistled = match.delayed_whistle(LoosePuck("visitor end"), following)
    assert whistled == Stoppage("visitor end", False, "penalty")
    assert match.delayed is None and match.game.steps == 1
    assert match.game.total("visitor", "penalties") >= 1
    assert match.box.power_play() == "home"


# The power play's and the penalty kill's plays (L1066-L1122).


def test_a_failed_power_play_move_against_an_empty_place_is_the_attackers_puck(league):
    """Seed L1088: "If the defensive player listed is not on the ice, that same position
    offensive player automatically gains possession of the puck": HLX one man short plays
    without a right wing (README §11.8), so a failed move naming the RW stays KSP's."""
    match = short_handed_match(league, "home")
    failed = Draw(face(50), Face(black=0, n100=50, red=1, blue=1, zone_def="*RW"))
    match.draw = iter(()).__next__  # type: ignore[method-assign]
    following = match.failed_power_play_move(failed)
    assert following == Possession("visitor", "home end", match.game.visitor.line.rw)


def test_a_short_handed_chance_is_the_killers_rush(league):
    """Seed L1116-L1122: a clear on a red in the penalty kill's Forecheck range "turns into
    a Shorthanded Chance", played as the killers' rush/transition."""
    match = short_handed_match(league, "home")
    assert match.killed(penalties.ShortHanded("home")) == Rush("home")


def test_after_a_clear_the_power_play_sets_up_again_through_its_quarterback(league):
    """Seed L1050: [T] "ANY TIME the puck clears the Zone"; L1096-L1110: the power play
    sets up after the penalty kill clears; the Left face's neutral-zone defender being a
    place the box emptied (HLX's RW), the quarterback sets it up, a blue within his Offense
    (and above his S-U and Q-S) putting him on the puck in the zone."""
    match = short_handed_match(league, "home")
    quarterback = ByTheBook().quarterback(
        match.game, "visitor", penalties.quarterback_options(match.game, match.box, "visitor")
    )
    offense = rating(league, quarterback, "offense")
    assert offense > max(rating(league, quarterback, n) for n in ("set_up", "quality_shot"))
    named = Draw(Face(black=0, n100=50, red=1, blue=1, nz_defender="RW"), face(50))
    setup = Draw(Face(black=0, n100=50, red=1, blue=offense), face(50))
    match.draw = iter((named, setup)).__next__  # type: ignore[method-assign]
    following = match.killed(penalties.Cleared("home"))
    assert following == Possession("visitor", "home end", quarterback)
    assert match.game.steps == 1


def test_a_power_play_chance_is_counted_as_it_starts_and_again_at_five_on_three(league):
    """README §6.1 counts power plays a team-game: a team going a man up has one chance
    (the loop sees it at the next play); a second penalty while it is a man up (a 5-on-3)
    is another."""
    match = short_handed_match(league, "home")
    assert match.extra["visitor", "pp_chances", 1] == 1
    match.sync_timing()
    assert match.extra["visitor", "pp_chances", 1] == 1
    second = PenaltyCheck("home", match.game.home.pair.ld, "commit", 2, whistled=True)
    match.penalise(second, "zone")
    assert match.box.skaters("home") == 3
    assert match.extra["visitor", "pp_chances", 1] == 2


@pytest.mark.parametrize(("card", "dirty"), [("D2", True), ("D3", True), ("D4", False)])
def test_a_hit_on_a_card_at_or_below_the_dirty_level_is_a_dirty_play(league, card, dirty):
    """Seed L1190: a dirty play occurs when the card shows "D5 or anything less" at a
    dirty-play level of 5; L1192 "ALL DIRTY PLAYS add +3 to the Chippiness Meter"; L1194:
    an automatic scrum follows at the whistle. At level 3, D2 and D3 are dirty, D4 not."""
    match = short_handed_match(league, None)
    match.game.dirty_level = 3
    match.last = Draw(Face(black=0, n100=50, red=1, blue=1, dirty=card), face(50))
    match.dirty_play("home", match.game.home.pair.ld, match.last)
    assert match.dirty == dirty
    assert match.game.chippiness == (3 if dirty else 0)


# The enforcers' pre-game grudge (L130-L136).


@pytest.mark.parametrize(("line", "fought"), [(4, True), (1, False)])
def test_enforcers_with_a_grudge_fight_the_first_time_both_are_on_the_ice(league, line, fought):
    """Seed L136: "the Enforcers will fight the first time they are on the ice together".
    Each club's enforcer (its lowest A/E, 2 or lower) skates on its 4th line: both 4th
    lines out, the grudge is a fight between those two and is then settled; with the 1st
    lines out nothing happens and the grudge waits."""
    match = short_handed_match(league, None)
    game = match.game
    game.enforcers_fight = True
    for side in SIDES:
        game.team(side).on_ice = Unit(line, 1)
    match.grudge()
    assert game.enforcers_fight is not fought
    assert match.extra["home", "fights", 1] == match.extra["visitor", "fights", 1] >= fought
    if fought:
        named = next(p for p in game.plays if "fight: " in p)
        for side in SIDES:
            enforcer = fights.enforcer(league, game.team(side))
            assert enforcer is not None and enforcer.name in named
        before = match.extra["home", "fights", 1]
        match.grudge()
        assert match.extra["home", "fights", 1] == before
        assert len([p for p in game.plays if "pre-game grudge" in p]) == 1


# The last second (L1355-L1365).


def nz(colour: str, red: int) -> Face:
    return Face(black=0, n100=50, red=red, blue=1, nz_colour=colour)


@pytest.mark.parametrize(("colour", "red", "tried"), [("GREEN", 3, True), ("RED", 2, False)])
def test_the_last_second_try_reads_the_left_red_by_the_neutral_zone_faced(
    league, colour, red, tried
):
    """Seed L1361-L1365: with time up and the puck in the neutral zone, a GREEN zone gives a
    try on a Left red of 1 to 3, a RED one only on a 1. No try: the period simply ends,
    two cards drawn (the zone faced and the red)."""
    match = short_handed_match(league, None)
    game = match.game
    carrier = game.visitor.line.c
    shown = [Draw(nz(colour, 5), face(50)), Draw(nz("GREEN", red), face(50))]
    asked: list[str] = []
    match.draw = iter(shown).__next__  # type: ignore[method-assign]

    class CentreIce(ByTheBook):
        def last_second(self, game, side, options):
            asked.append(side)
            return "centre ice shot"

    match.coaches = {"visitor": CentreIce(), "home": ByTheBook()}
    if tried:
        with pytest.raises(StopIteration):  # the try goes on to draw the shot
            match.last_second(Possession("visitor", "neutral", carrier))
        assert asked == ["visitor"]
    else:
        match.last_second(Possession("visitor", "neutral", carrier))
        assert asked == []


@pytest.mark.parametrize(("numbers", "counts"), [((40, 60), True), ((60, 40), False)])
def test_a_last_second_goal_counts_only_before_the_buzzer(league, numbers, counts):
    """Seed L1361: "If the scoring team has a #100 higher than the defensive team, the goal
    is good right at the buzzer; if not, the goal is determined to happen after the
    buzzer". The home team scores (its #100 is the Right one, README §9 Q12): 60 against
    40 stands, 40 against 60 comes off the scoreboard as a save."""
    match = short_handed_match(league, None)
    game = match.game
    game.count("home", "shots")
    game.count("home", "goals")
    buzzer, described = Draw(face(numbers[0]), face(numbers[1])), Draw(face(15), face(50))
    match.draw = iter((buzzer, described)).__next__  # type: ignore[method-assign]
    match.buzzer = True
    goal = shots.Goal(game.home.line.c, (), game.visitor.lineup.goalie, "shot")
    match.described_goal("home", goal, "rush", rebound=False)
    assert game.total("home", "goals") == int(counts) == len(match.scoring)
    assert match.extra["home", "after_buzzer_goals", 1] == int(not counts)


def test_a_goal_into_an_empty_net_after_the_buzzer_is_no_shot_and_nobodys_save(league):
    """Seed L1361: a goal "determined to happen after the buzzer" does not count; L1345: with
    the goalie pulled "the net is empty". Into an empty net the shot that came too late
    was saved by nobody: the home team's goal and its shot on goal come off (the scorer's
    too), and the visitor's goalie gets no save."""
    match = short_handed_match(league, None)
    game = match.game
    scorer = game.home.line.c
    game.count("home", "shots")
    game.count("home", "goals")
    match.credit(scorer, "shots")
    game.visitor.goalie_pulled = True
    match.draw = iter((Draw(face(60), face(40)),)).__next__  # type: ignore[method-assign]
    match.buzzer = True
    goal = shots.Goal(scorer, (), game.visitor.lineup.goalie, "shot")
    match.described_goal("home", goal, "rush", rebound=False)
    assert (game.total("home", "goals"), game.total("home", "shots")) == (0, 0)
    assert game.total("visitor", "saves") == 0
    assert match.record().line(scorer.skater_id).shots == 0


# The +3 offensive bonus (L1142-L1144, L1345).


def test_four_on_four_raises_every_offensive_rating_the_rules_read_by_3(league):
    """Seed L1144: at 4-on-4 "each team receives a +3 bonus to each of its offensive
    ratings"; README §5.6: capped at the top of each scale. A minor to each team: both
    teams' carriers try a quality shot 3 in 10 more often (at most 10 in 10), defensive
    ratings unchanged; back at 5-on-5 the bonus is gone."""
    match = short_handed_match(league, None)
    game = match.game
    for side in SIDES:
        match.box.assess(penalties.Infraction(side, game.team(side).line.c, "hooking"), league)
    match.sync_timing()
    for side in SIDES:
        carrier = game.team(side).pair.ld
        printed = rating(league, carrier, "quality_shot")
        chance = offensive_chances(league, game, side, carrier)["quality shot"]
        assert chance == Fraction(min(printed + 3, 10), 10)
        assert offensive(league, game, carrier, "defense") == rating(league, carrier, "defense")
    match.box.serving.clear()
    match.sync_timing()
    assert [game.team(side).offense_bonus for side in SIDES] == [0, 0]


def test_a_pulled_goalie_gives_his_team_the_bonus_but_not_twice(league):
    """Seed L1345: with the goalie pulled "+3 is added to each Offensive Player's Offensive
    Ratings"; with it at 5-on-3 too the team still has +3 (the loop's reading: the reasons
    do not add up), and the other team nothing."""
    match = short_handed_match(league, "home")
    game = match.game
    game.visitor.goalie_pulled = True
    match.sync_timing()
    assert (game.visitor.offense_bonus, game.home.offense_bonus) == (3, 0)
    match.box.assess(penalties.Infraction("home", game.home.line.lw, "tripping"), league)
    match.sync_timing()
    assert (game.visitor.offense_bonus, game.home.offense_bonus) == (3, 0)
    top = game.visitor.line.c
    assert offensive(league, game, top, "offense") == min(rating(league, top, "offense") + 3, 20)


# Auxiliary plays and injuries (L1311-L1339).


def test_the_loop_notes_each_red_or_blue_number_a_rule_reads():
    """Seed L1317 ties an auxiliary play to "the Blue or Red Number" being 10; README §9 Q2
    reads it as the number a rule reads, so the loop's cards note the reads: the Left red
    read is noted with its draw and side, a #100 read is not."""
    reads: list[loop.Read] = []
    shown = Draw(Face(black=0, n100=50, red=10, blue=3), face(40))
    card = loop.watched(shown, reads)
    assert card.left.red == 10 and card.right.n100 == 40
    assert reads == [(shown, "left", "red")]


def aux_match(league: Rinkside, *cards_drawn: Draw) -> Match:
    match = short_handed_match(league, None)
    match.draw = iter(cards_drawn).__next__  # type: ignore[method-assign]
    return match


YELLOW_READ = Draw(Face(black=0, n100=50, red=10, blue=3), face(40))


@pytest.mark.parametrize(("right_n100", "played"), [(40, True), (45, False)])
def test_a_yellow_10_read_with_the_other_100_ending_in_0_brings_an_auxiliary_play(
    league, right_n100, played
):
    """Seed L1317: "Whenever the Blue or Red Number is 10 (yellow) and the opposite side PRC
    #100 ends in zero, an Auxiliary Play happens"; L1321: "Use the Left PRC #100": 1 is
    "stick snaps on the carrier", a loose puck where the puck is. A #100 of 45 opposite the
    10 is no auxiliary play: the team keeps the puck."""
    read = Draw(Face(black=0, n100=50, red=10, blue=3), face(right_n100))
    match = aux_match(league, Draw(face(1), face(50)))
    match.reads.append((read, "left", "red"))
    kept = Possession("home", "visitor end", match.game.home.line.c)
    following = match.auxiliary(LoosePuck("visitor end"), kept)
    assert following == (LoosePuck("visitor end") if played else kept)
    assert match.reads == []


def test_an_injured_skater_leaves_the_game_and_the_next_line_down_plays_his_shifts(league):
    """Seed L1323: "If the Right PRC #100 is between 1 and 10 a player is INJURED"; the
    injury's draw names the LW (InjuryWho 21) of the team its Right H/V shows. He leaves the
    game; the 2nd line's LW plays the 1st line's shifts and his own (the season's rule for
    a suspended player); play goes on as it was."""
    injury_draw = Draw(face(21), Face(black=0, n100=60, red=1, blue=1, hv="H"))
    match = aux_match(league, Draw(face(30), face(5)), injury_draw)
    game = match.game
    hurt, next_down = game.home.lineup.lines[0].lw, game.home.lineup.lines[1].lw
    match.reads.append((YELLOW_READ, "left", "red"))
    kept = Possession("home", "visitor end", game.home.line.c)
    assert match.auxiliary(kept, kept) == kept
    assert [line.lw for line in game.home.lineup.lines[:2]] == [next_down, next_down]
    assert hurt not in [s for line in game.home.lineup.lines for s in (line.lw, line.c, line.rw)]
    assert match.extra["home", "injuries", 1] == 1


def test_the_last_pair_s_injured_defenceman_is_replaced_from_the_pair_above(league):
    """`Lineup.without`, the one stand-in rule: the 3rd pair's LD has no pair below, so the
    2nd pair's LD plays both; an injured goalie gives way to the club's backup."""
    game = GameState.new(league, HOME, VISITOR)
    lineup = game.home.lineup
    without = lineup.without(lineup.pairs[2].ld)
    first, second = lineup.pairs[0].ld, lineup.pairs[1].ld
    assert [p.ld for p in without.pairs] == [first, second, second]
    backup = lineup.with_backup(league).goalie
    assert backup != lineup.goalie and backup.depth == 2 and backup.team_id == HOME


def test_a_too_many_men_auxiliary_play_is_a_bench_minor_and_a_power_play(league):
    """AuxiliaryChart "too many men" (Left #100 58), L1327-L1329: "ODD - Visitor EVEN -
    Home" on the Black #100 (here 01+0: 10, even, the home team): a 2:00 minor to the home
    team, whose player the penalty locator names; play stops for the power play's
    faceoff in the home end."""
    aux = Draw(Face(black=1, n100=58, red=1, blue=1), Face(black=0, n100=50, red=1, blue=1))
    match = aux_match(league, aux, Draw(face(50), face(50)))
    match.game.zone = "home end"
    match.reads.append((YELLOW_READ, "left", "red"))
    following = match.auxiliary(
        LoosePuck("home end"), Possession("visitor", "home end", match.game.visitor.line.c)
    )
    assert following == Stoppage("home end", False, "penalty")
    assert match.box.skaters("home") == 4
    assert match.extra["home", "pim", 1] == 2


# The players' lines (README §11.12).


def lines_of(
    record: GameRecord, side: TeamSide, league: Rinkside
) -> tuple[list[PlayerLine], list[PlayerLine]]:
    """`side`'s skater lines and goalie lines."""
    mine = [line for line in record.lines if line.side == side]
    return (
        [line for line in mine if line.player_id in league.skaters],
        [line for line in mine if line.player_id in league.goalies],
    )


def test_each_players_line_adds_up_to_his_teams_box_score(league, season):
    """Every goal, assist, shot on goal and penalty minute of the box score is some
    player's; the goalies' saves are the team's saves, their shots against the other
    team's shots less those on an empty net, their time in net 60:00 less the time pulled.
    A hit the seed credits to a team only (a momentum clear, L1309) is nobody's."""
    for record in season:
        for side in SIDES:
            rival: TeamSide = "home" if side == "visitor" else "visitor"
            skaters, goalies = lines_of(record, side, league)
            everyone = skaters + goalies
            for stat in ("goals", "assists", "shots", "pim"):
                assert sum(getattr(line, stat) for line in everyone) == record.stat(side, stat)
            assert sum(line.hits for line in skaters) <= record.stat(side, "hits")
            assert sum(line.saves for line in goalies) == record.stat(side, "saves")
            against = sum(line.shots_against for line in goalies)
            seconds = sum(line.seconds for line in goalies)
            if not any(play.endswith(f"{side} pulls its goalie") for play in record.plays):
                assert (against, seconds) == (record.stat(rival, "shots"), 3600)
            assert against <= record.stat(rival, "shots") and seconds <= 3600


def line_match(league: Rinkside) -> Match:
    return Match(
        league,
        GameState.new(league, HOME, VISITOR),
        DrawPile(league.cards, run_rng(SEED, 0)),
        by_the_book(),
    )


def test_a_shot_on_goal_is_its_shooters_and_a_tipped_one_the_tippers(league):
    """Issue 14's player statistics: a shot on goal, saved or scored, is credited to the
    player who shot it; a shot deflected on goal (L475: the net player "tips" it) to the
    player who tipped it, who scores it too. A missed or blocked shot is no shot on goal."""
    match = line_match(league)
    lw, c, rw, ld, rd = match.game.home.skaters()
    blocker = match.game.visitor.line.c
    match.credit_shots(
        (
            shots.Attempt(lw, "q", "saved"),
            shots.Attempt(c, "hq", "missed"),
            shots.Attempt(rw, "hq", "blocked", by=blocker),
            shots.Attempt(ld, "hq", "goal", by=rd, traffic="deflection"),
            shots.Attempt(lw, "hq", "goal", by=blocker, traffic="screen"),
        )
    )
    credited = {line.player_id: line.shots for line in match.record().lines}
    assert credited == {lw.skater_id: 2, rd.skater_id: 1}


def test_a_centre_ice_shot_is_a_shot_on_goal_and_its_goal_the_shooters(league):
    """Seed L846: the centre-ice shot that beats the goalie is a goal; saved or scored it
    is on goal, the shooter's."""
    match = line_match(league)
    shooter = match.game.visitor.line.rw
    match.game.count("visitor", "shots")
    match.game.count("visitor", "goals")
    match.centre_ice_shot(CentreIceShot("visitor", shooter, "goal"))
    line = match.record().line(shooter.skater_id)
    assert (line.goals, line.shots, line.assists) == (1, 1, 0)


def test_a_goalie_is_credited_only_while_in_net(league):
    """L1345: a pulled goalie leaves the net empty: what is shot at it is nobody's; the
    goalie put back at the next whistle is credited from then on, his time in net too."""
    match = line_match(league)
    game = match.game
    goalie = game.home.lineup.goalie
    game.steps = 10
    game.count("visitor", "shots", 3)
    game.count("home", "saves", 2)
    game.home.goalie_pulled = True
    match.close_stint("home")
    game.steps = 14
    game.count("visitor", "shots")
    game.home.goalie_pulled = False
    match.close_stint("home")
    game.steps = 20
    game.count("visitor", "shots")
    game.count("home", "saves")
    match.close_stint("home")
    line = match.record().line(goalie.goalie_id)
    assert (line.shots_against, line.saves, line.seconds, line.minutes) == (4, 3, 480, "8:00")


def test_an_injured_goalie_keeps_his_line_and_the_backup_starts_his_own(league):
    """L1323: a goalie hurt gives way to the other (README §11.13 step 8); his shots and
    time so far are his, what follows the backup's, and the record names him hurt."""
    match = line_match(league)
    game = match.game
    starter = game.home.lineup.goalie
    game.steps = 6
    game.count("visitor", "shots", 2)
    game.count("home", "saves", 2)
    match.injure(extras.Injury("home", None, True, "4 to 10 games"))
    backup = game.home.lineup.goalie
    game.steps = 8
    game.count("visitor", "shots")
    game.count("home", "saves")
    match.close_stint("home")
    record = match.record()
    assert backup != starter and backup.depth == 2
    hurt, relief = record.line(starter.goalie_id), record.line(backup.goalie_id)
    assert (hurt.shots_against, hurt.saves, hurt.seconds) == (2, 2, 180)
    assert (relief.shots_against, relief.saves, relief.seconds) == (1, 1, 60)
    assert record.injuries == ((starter.goalie_id, "4 to 10 games"),)


def test_a_fights_game_misconduct_is_the_players_and_sends_him_to_the_office(league):
    """L1238: the third man "receives a 10:00 Game Misconduct Penalty"; L1252-L1255: a
    game misconduct goes to the League Discipline Office. A fighting major is 5 minutes of
    the fighter's own and no case."""
    match = line_match(league)
    third, fighter = match.game.home.line.lw, match.game.home.line.rw
    match.fight_penalty(fights.FightPenalty("home", third, "game misconduct"))
    match.fight_penalty(fights.FightPenalty("home", fighter, "fighting major"))
    record = match.record()
    assert (record.line(third.skater_id).pim, record.line(fighter.skater_id).pim) == (10, 5)
    assert record.discipline == ((third.skater_id, "game misconduct"),)


def test_every_fighter_of_a_brawl_goes_to_the_discipline_office(league, monkeypatch):
    """L1240: a BRAWL brings "2 or 3 additional fights"; L1257: "Participation in a Brawl"
    goes to the League Discipline Office. A single fight is no case."""
    match = line_match(league)
    game = match.game
    real = fights.fight(league, game, DrawPile(league.cards, run_rng(SEED, 1)).draw)
    (lw, c, *_), (vlw, vc, *_) = game.home.skaters(), game.visitor.skaters()
    bouts = iter(
        (
            replace(real, visitor=vlw, home=lw, more_fights=1, penalties=()),
            replace(real, visitor=vc, home=c, more_fights=0, penalties=()),
            replace(real, more_fights=0, penalties=()),
        )
    )
    monkeypatch.setattr(fights, "fight", lambda *args, **kwargs: next(bouts))
    match.fight()
    assert [player for player, _ in match.discipline] == [
        vlw.skater_id, lw.skater_id, vc.skater_id, c.skater_id,
    ]  # fmt: skip
    assert {why for _, why in match.discipline} == {loop.BRAWL}
    match.fight()
    assert len(match.discipline) == 4


def test_what_a_season_decides_reaches_the_game(league):
    """`play_game`'s keywords: a skater sitting out is nowhere in the game (the next one
    down plays his shifts), the named goalie starts in net instead of the starter, and
    L1188's back-to-back level replaces the rivalry's."""
    centre = (
        Match(
            league, GameState.new(league, HOME, VISITOR), DrawPile(league.cards, run_rng(1, 0)), {}
        )
        .game.home.lineup.lines[0]
        .c
    )
    backup = next(g for g in league.goalies.values() if g.team_id == VISITOR and g.depth == 2)
    record = play_game(
        league,
        HOME,
        VISITOR,
        run_rng(SEED, 5),
        by_the_book(),
        dirty_start=3,
        sitting=frozenset({centre.skater_id}),
        starting_goalies={"visitor": backup.goalie_id},
    )
    assert not any(centre.name in play for play in record.plays)
    assert all(line.player_id != centre.skater_id for line in record.lines)
    assert record.line(backup.goalie_id).seconds > 0
    assert "P1 20:00 dirty-play level 3: the second game of a back-to-back" in record.plays
    assert league.rivalry(HOME, VISITOR) != 3


def test_simulate_game_prints_each_clubs_players_adding_up_to_its_stats(designers_copy, capsys):
    """Issue 14's box score with a line a player (G A SOG PIM): on a designer's renamed
    copy each club's players' goals, shots on goal and PIM are its team stats, and its
    goalies' saves the other column."""
    league = build_model(validate_workbook(designers_copy, GAME).tables)
    arguments = ("game", HOME, VISITOR, "--seed", "7", "--format", "json")
    code, out, _ = simulate(capsys, str(designers_copy), *arguments)
    assert code == 0
    figures = {figure["title"]: figure for figure in json.loads(out)["figures"]}
    team_stats = {row[0]: row for row in figures["Team stats"]["rows"]}
    for club in (HOME, VISITOR):
        players = figures[f"Players: {league.teams[club].name}"]
        column = {name: i for i, name in enumerate(players["header"])}
        rows = players["rows"]
        shots, saves, pim = team_stats[club][1], team_stats[club][2], team_stats[club][5]
        assert sum(row[column["SOG"]] for row in rows) == shots
        assert sum(row[column["PIM"]] for row in rows) == pim
        assert sum(row[column["SV"]] for row in rows if row[column["pos"]] == "G") == saves
        assert {row[column["pos"]] for row in rows} >= {"C", "G"}
