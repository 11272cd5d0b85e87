"""RINKSIDE HOCKEY's game state (line-ups, clock, box score) and its coaches: the legal
options the engine offers, the advice `ByTheBook` follows and the refusal of anything not
offered."""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from rinkside_engine import HOME, VISITOR, new_game, shipped_league

from authoring.games.rinkside.policy import (
    ByTheBook,
    IllegalChoice,
    RandomLegal,
    change_lines,
    choose_strategies,
)
from authoring.games.rinkside.state import (
    FORECHECK,
    STEPS_PER_PERIOD,
    GameState,
    Hitting,
    Lineup,
    TeamSide,
    Unit,
)
from authoring.simulation import run_rng

# The shared fixtures from rinkside_engine, found by pytest under their fixture names.
SHARED_FIXTURES = (new_game, shipped_league)


def test_each_side_dresses_four_lines_three_pairs_and_its_starting_goalie(league, game):
    """Seed L53-61: "all four lines and each of the three defensive pairings", one pawn on
    the forward line and one on the pairing on the ice."""
    for team_id, team in ((HOME, game.home), (VISITOR, game.visitor)):
        lineup = team.lineup
        assert [(f.lw.position, f.c.position, f.rw.position) for f in lineup.lines] == [
            ("LW", "C", "RW")
        ] * 4
        assert [(f.lw.unit, f.c.unit, f.rw.unit) for f in lineup.lines] == [
            (n, n, n) for n in (1, 2, 3, 4)
        ]
        assert [(p.ld.unit, p.rd.unit, p.ld.position, p.rd.position) for p in lineup.pairs] == [
            (n, n, "LD", "RD") for n in (1, 2, 3)
        ]
        assert {s.team_id for s in league.roster(team_id)} == {team_id}
        assert (lineup.goalie.team_id, lineup.goalie.depth) == (team_id, 1)
        assert len(lineup.units()) == 12
    game.visitor.on_ice = Unit(3, 2)
    assert game.visitor.skaters() == (
        game.visitor.lineup.lines[2].lw,
        game.visitor.lineup.lines[2].c,
        game.visitor.lineup.lines[2].rw,
        game.visitor.lineup.pairs[1].ld,
        game.visitor.lineup.pairs[1].rd,
    )
    assert game.visitor.at("RD") == game.visitor.lineup.pairs[1].rd


def test_the_clock_runs_in_30_second_steps_to_the_end_of_the_period(game):
    """Seed L170: "move the timing pawn one :30 second increment until there is no time left
    in the period"; a period is 20:00, so 40 steps, and a mark with no time left is ignored."""
    assert game.clock == "20:00"
    game.mark_time()
    assert game.clock == "19:30"
    for _ in range(STEPS_PER_PERIOD + 5):
        game.mark_time()
    assert (game.clock, game.steps, game.time_up) == ("0:00", STEPS_PER_PERIOD, True)


def test_a_period_ends_only_once_the_defensive_zone_is_cleared(game):
    """Seed L170: "A period is not considered over until the defensive team clears the puck
    out of the defensive zone"."""
    game.zone = "home end"
    assert not game.end_period()  # time left
    game.steps = STEPS_PER_PERIOD
    assert not game.end_period()
    assert (game.period, game.clock) == (1, "0:00")
    game.zone = "neutral"
    assert game.end_period()
    assert (game.period, game.clock, game.final) == (2, "20:00", False)
    for _ in range(2):
        game.steps = STEPS_PER_PERIOD
        assert game.end_period()
    assert (game.period, game.final) == (3, True)
    assert not game.end_period()
    assert game.plays[-1] == "P3 0:00 end of period 3"


def test_the_box_score_keeps_each_stat_by_team_and_period(game):
    game.count("home", "goals")
    game.count("home", "shots", 12)
    game.period = 2
    game.count("visitor", "goals", 2)
    game.count("home", "goals")
    assert game.score == (2, 2)
    assert (game.box["home", "goals", 1], game.box["home", "goals", 2]) == (1, 1)
    assert game.total("home", "shots") == 12
    assert game.lead("visitor") == 0
    with pytest.raises(KeyError, match="assists"):
        game.count("home", "assists")


# Coaches.


class Stubborn(ByTheBook):
    """A coach who answers the hitting and line-change questions the same whatever he is
    offered; the other questions by the book."""

    def __init__(self, hitting: Hitting = "HIT", unit: Unit | None = None) -> None:
        super().__init__("stubborn")
        self.answer_hitting = hitting
        self.answer_unit = unit or Unit(1, 1)

    def hitting(self, game: GameState, side: TeamSide, options: Sequence[Hitting]) -> Hitting:
        return self.answer_hitting

    def unit(self, game: GameState, side: TeamSide, options: Sequence[Unit]) -> Unit:
        return self.answer_unit


def test_a_choice_not_offered_is_refused_naming_the_coach_and_the_choice(game):
    """Issue 14: the engine offers every legal choice and refuses an illegal one."""
    wild = Stubborn(hitting="HIT++")  # type: ignore[arg-type]
    with pytest.raises(IllegalChoice, match=r"coach stubborn chose 'HIT\+\+' for hitting"):
        choose_strategies(game, {"home": ByTheBook(), "visitor": wild})
    fifth_line = Stubborn(unit=Unit(5, 1))
    with pytest.raises(IllegalChoice, match=r"Unit\(line=5, pair=1\) for line change"):
        change_lines(game, {"home": fifth_line, "visitor": ByTheBook()})
    change_lines(game, {"home": Stubborn(unit=Unit(4, 3)), "visitor": ByTheBook()})
    assert game.home.on_ice == Unit(4, 3)


def test_random_legal_is_seeded_and_reaches_every_option(game):
    """Every line and pair combination is a legal answer at a stoppage; a seeded random coach
    repeats itself and, over many stoppages, sends out each of them."""

    def changes(seed: int) -> list[Unit]:
        coach = RandomLegal(run_rng(seed, 0))
        options = game.home.lineup.units()
        return [coach.unit(game, "home", options) for _ in range(300)]

    assert changes(1) == changes(1) != changes(2)
    assert set(changes(1)) == set(game.home.lineup.units())


def test_by_the_book_plays_a_balanced_game_at_a_moderate_pace(game):
    """Seed L143: HIT is "A balance between a strong hitting game and backing off"; L164:
    "For a more moderate approach, place both teams in a Forecheck 2 strategy"."""
    choose_strategies(game, {"home": ByTheBook(), "visitor": ByTheBook()})
    assert [(t.hitting, t.forecheck) for t in (game.visitor, game.home)] == [("HIT", 2)] * 2
    assert game.plays[:2] == [
        "P1 20:00 visitor plays HIT, Forecheck 2",
        "P1 20:00 home plays HIT, Forecheck 2",
    ]


def test_by_the_book_drops_to_forecheck_1_to_protect_a_late_lead(game):
    """Seed L162: Forecheck 1 "is also helpful when trying to protect a lead late in the
    game" (the engine's late: the last 5:00 of the 3rd)."""
    coach = ByTheBook()
    game.count("home", "goals")
    game.period, game.steps = 3, STEPS_PER_PERIOD - 10
    assert coach.forecheck(game, "home", FORECHECK) == 1
    assert coach.forecheck(game, "visitor", FORECHECK) == 2
    game.steps -= 1
    assert coach.forecheck(game, "home", FORECHECK) == 2


def test_the_visitor_places_first_and_the_home_team_matches(game):
    """Seed L71: "the Visiting Team must place their players on the ice first and the Home
    Team gets to match players accordingly": by the book the visitor starts a period with
    its top line and pair and rolls them in turn, the home team sends the same numbers."""
    book: dict[TeamSide, ByTheBook] = {"home": ByTheBook(), "visitor": ByTheBook()}
    sent = []
    for _ in range(5):
        change_lines(game, book)
        sent.append((game.visitor.on_ice, game.home.on_ice))
        game.mark_time()
    assert [visitor for visitor, _ in sent] == [
        Unit(1, 1),
        Unit(2, 2),
        Unit(3, 3),
        Unit(4, 1),
        Unit(1, 2),
    ]
    assert all(visitor == home for visitor, home in sent)


def test_a_line_up_starts_the_named_goalie_and_refuses_another_clubs(league):
    """A season names each club's starting goalie (README §11.12); the club's starter
    otherwise. The goalie on the bench is the one `with_backup` puts in: the backup for the
    starter, the starter for a backup who started."""
    goalies = sorted(
        (g for g in league.goalies.values() if g.team_id == HOME), key=lambda g: g.depth
    )
    starter, backup = goalies[0], goalies[1]
    assert Lineup.of(league, HOME).goalie == starter
    started = Lineup.of(league, HOME, backup.goalie_id)
    assert started.goalie == backup and started.with_backup(league).goalie == starter
    stranger = next(g for g in league.goalies.values() if g.team_id == VISITOR)
    with pytest.raises(ValueError, match=f"{stranger.goalie_id!r} is not a goalie of {HOME}"):
        Lineup.of(league, HOME, stranger.goalie_id)
