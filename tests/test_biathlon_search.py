"""The search bot: determinized greedy rollouts over the engine's legal moves.

Its strength (win rate against three greedy bots on every trail) is measured in
bench/search_biathlon.py, not here: these tests pin what it does, not how well.
"""

from __future__ import annotations

import random

import pytest
from test_biathlon_race import COLOURS, LINKS, SPACES, act, card

from authoring.cli import main
from authoring.findings import Location
from authoring.game import get_game
from authoring.games.biathlon.checks import SHEETS
from authoring.games.biathlon.model import Biathlete, Biathlon, Course, RangeAction
from authoring.games.biathlon.race import BOTS, GRID, Bot, new_race, play_round
from authoring.games.biathlon.search import Search
from authoring.games.biathlon.simulate import one_race, seat_bots
from authoring.simulation import OptionError
from authoring.validate import validate_workbook

# Three uphill steps for 2 pulse, or a flat step that rests; a sprint with no rest in it; a
# breather; and a card that goes nowhere.
TRAP = {
    "stroll": card("stroll", 5, act(uphill=3, pulse=2), act(flat=1, pulse=-3)),
    "sprint": card("sprint", 4, act(uphill=2, pulse=2), act(uphill=1, pulse=2)),
    "rest": card("rest", 3, act(flat=1, pulse=-3), act(flat=1, pulse=-3)),
    "still": card("still", 1, act(), act()),
}


@pytest.fixture(scope="module")
def shipped() -> Biathlon:
    game = get_game("biathlon")
    assert game.model is not None
    model: Biathlon = game.model(validate_workbook(game.workbook, game).tables)
    return model


@pytest.fixture
def trap() -> Biathlon:
    return Biathlon(
        colours=COLOURS,
        biathletes={
            name: Biathlete(name, name.title(), "SWE", bib, {})
            for name, bib in (("wei", "123"), ("owens", "244"))
        },
        cards=TRAP,
        range_actions={
            "wait": RangeAction("wait", 0, -2, False, False),
            "shoot": RangeAction("shoot", 2, 0, True, True),
        },
        courses={"loop": Course("loop", "test", "short", "Loop", SPACES, LINKS)},
        world_cup_points={1: 1, 2: 2},
        sheets={name: Location("biathlon.xlsx", name, i) for i, name in enumerate(SHEETS, 1)},
    )


def test_search_is_a_bot_of_the_simulation_with_its_budget():
    bots = seat_bots(["search", "greedy"], 2, rollouts=5)
    assert isinstance(bots[0], Search) and bots[0].rollouts == 5 and bots[1] is BOTS["greedy"]
    with pytest.raises(OptionError, match="known: greedy, pulse-careful, random, search"):
        seat_bots(["searcher"], 2)


def test_simulate_takes_a_rollout_budget(capsys):
    line_up = ["--bots", "search,greedy,greedy,greedy", "--rollouts", "2", "--runs", "2"]
    assert main(["simulate", "biathlon", "wolfsheim_kurz", *line_up, "-q"]) == 0
    said = capsys.readouterr().out
    assert "bots search, greedy, greedy, greedy" in said
    assert main(["simulate", "biathlon", "wolfsheim_kurz", *line_up[:3], "0", "-q"]) == 2


@pytest.mark.parametrize("course", ["wolfsheim_kurz", "portrock_short"])
def test_search_plays_whole_races_by_the_rules(shipped, course):
    """The engine refuses any move it did not offer (IllegalMove), so a finished race with
    search in every seat is a race of legal moves only."""
    race = one_race(shipped, course, 3, 0, [Search(rollouts=2)] * 4)
    assert race.winner is not None or all(not p.racing for p in race.players)
    assert sum(" plays " in line for line in race.log) > 4 * 10


def test_the_same_seed_gives_the_same_race(shipped):
    def log(run: int) -> list[str]:
        return one_race(shipped, "wolfsheim_kurz", 11, run, [Search(4), *[BOTS["greedy"]] * 3]).log

    first = log(0)
    assert log(0) == first
    assert log(1) != first


def trapped(game: Biathlon, bot: Bot) -> list[bool]:
    """Wei at pulse 8 holds stroll, sprint and rest; Owens, on the grid with a card that
    goes nowhere, can never pass her. Stroll's long uphill top takes Wei to pulse 10, and
    the sprint greedy plays next (its reach beats the rest's) costs 2 more whichever side.
    Whether Wei is still racing after each of two rounds."""
    race = new_race(
        game, "loop", ["wei", "owens"], ["red", "black"], [bot, Bot()], random.Random(5)
    )
    wei, owens = race.players
    wei.hand, wei.discard = [TRAP["stroll"], TRAP["sprint"], TRAP["rest"]], []
    wei.position, wei.lane, wei.pulse = 1, 0, 8
    owens.hand, owens.discard = [TRAP["still"]], []
    owens.position = GRID
    racing = []
    for _ in range(2):
        race.rounds += 1
        play_round(race)
        racing.append(wei.racing)
    return racing


def test_search_steps_out_of_a_trap_greedy_walks_into(trap):
    """The seed: "Your pulse can't go below 0. If your pulse goes over 10, you're eliminated
    from the race." Greedy goes as far as it can while the pulse stays at 10 or under, and
    is out the round after; search sees the next card coming and stays in the race."""
    assert trapped(trap, Bot()) == [True, False]
    assert trapped(trap, Search(rollouts=8)) == [True, True]
