"""The BIATHLON BLAST race engine on a hand-built course and deck."""

from __future__ import annotations

import random

import pytest

from authoring.games.biathlon.model import (
    Action,
    Biathlete,
    Biathlon,
    Card,
    Colour,
    Course,
    Link,
    RangeAction,
    Space,
)
from authoring.games.biathlon.race import (
    GRID,
    Move,
    greedy,
    new_race,
    play,
    pulse_careful,
    random_legal,
    standings,
    track,
)

# A little loop: start 1 -> 2 -> 3 -> range 4 -> 5 -> back to 1; after two shootings the
# trail leaves at 3 for the finish 6.
SPACES = {
    1: Space(1, "flat", 2, "E", None, 0, "start"),
    2: Space(2, "uphill", 1, "N", None, 0, "none"),
    3: Space(3, "downhill", 2, "E", "blue", 2, "sign"),
    4: Space(4, "range", 6, "S", None, 0, "range"),
    5: Space(5, "flat", 2, "W", None, 0, "none"),
    6: Space(6, "flat", 2, "E", None, 0, "finish"),
}
LINKS = (
    Link(1, 2, "both", "any"),
    Link(2, 3, "both", "any"),
    Link(3, 4, "both", "to_range"),
    Link(4, 5, "both", "to_range"),
    Link(5, 1, "both", "to_range"),
    Link(3, 6, "both", "to_finish"),
)


def action(
    uphill: int = 0, flat: int = 0, downhill: int = 0, pulse: int = 0, removes: bool = False
) -> Action:
    return Action(uphill, flat, downhill, pulse, False, removes)


def card(
    id: str,
    initiative: int,
    top: Action,
    bottom: Action,
    kind: str = "common",
    owner: str | None = None,
) -> Card:
    return Card(id, id, kind, owner, 1, initiative, None, False, top, bottom)


@pytest.fixture
def game() -> Biathlon:
    cards = {
        "stride": card("stride", 5, action(flat=2, pulse=1), action(uphill=1)),
        "push": card("push", 7, action(uphill=2, pulse=2), action(flat=1, pulse=-1)),
        "glide": card("glide", 3, action(downhill=3), action(flat=1, pulse=-2)),
        "sprint": card("sprint", 9, action(uphill=3, pulse=3), action(flat=2, pulse=1)),
        "boost": Card(
            "boost",
            "boost",
            "motivation",
            None,
            4,
            4,
            None,
            False,
            action(uphill=4, pulse=2, removes=True),
            action(flat=1),
        ),
    }
    return Biathlon(
        colours={
            "red": Colour("red", 1, "accuracy_initiative", 4, 0, "none"),
            "black": Colour("black", 2, "uphill", 3, 2, "uphill_step"),
        },
        biathletes={
            "wei": Biathlete("wei", "Wei", "CHN", "123", {}),
            "owens": Biathlete("owens", "Owens", "USA", "244", {}),
        },
        cards=cards,
        range_actions={
            "wait": RangeAction("wait", 0, -2, False, False),
            "shoot": RangeAction("shoot", 2, 0, True, True),
        },
        courses={"loop": Course("loop", "test", "short", "Loop", SPACES, LINKS)},
        world_cup_points={1: 1, 2: 2},
    )


def test_the_track_runs_two_laps_through_the_range_then_to_the_finish(game):
    assert track(game.courses["loop"]) == [1, 2, 3, 4, 5, 1, 2, 3, 4, 5, 1, 2, 3, 6]


def test_a_new_race_deals_gear_and_the_first_discard(game):
    race = new_race(
        game, "loop", ["wei", "owens"], ["red", "black"], [greedy, greedy], random.Random(1)
    )
    red, black = race.players
    assert (red.bullets, red.wax, black.bullets, black.wax) == (4, 0, 3, 2)
    assert len(red.hand) == 3 and len(red.discard) == 1  # 4 common cards, one discarded
    assert red.position == GRID and len(race.face_up) == 2


def test_greedy_moves_as_far_as_it_can_without_passing_the_pulse_limit(game):
    race = new_race(game, "loop", ["wei"], ["red"], [greedy], random.Random(2))
    player = race.players[0]
    options = [Move(game.cards["sprint"].top, "top", 3), Move(game.cards["glide"].top, "top", 1)]
    player.pulse = 9
    assert greedy(race, player, options).distance == 1  # sprint's +3 would pass 10
    player.pulse = 0
    assert greedy(race, player, options).distance == 3


def test_pulse_careful_stays_in_the_medium_band(game):
    race = new_race(game, "loop", ["wei"], ["red"], [pulse_careful], random.Random(2))
    player = race.players[0]
    player.pulse = 4
    options = [Move(game.cards["sprint"].top, "top", 3), Move(game.cards["stride"].top, "top", 2)]
    assert pulse_careful(race, player, options).distance == 2


def test_crossing_the_start_line_brings_a_motivation_card(game):
    race = new_race(game, "loop", ["wei"], ["red"], [greedy], random.Random(3))
    player = race.players[0]
    held = len(player.hand)
    from authoring.games.biathlon.race import _advance

    _advance(race, player, 1)
    assert player.motivation == 1 and len(player.hand) == held + 1


@pytest.mark.parametrize("policy", [greedy, pulse_careful, random_legal])
def test_races_end_and_are_reproducible(game, policy):
    def run() -> list[tuple[str, int, int]]:
        race = play(
            new_race(
                game, "loop", ["wei", "owens"], ["red", "black"], [policy, policy], random.Random(7)
            )
        )
        return [(p.biathlete.id, p.position, p.pulse) for p in standings(race)] + [
            ("rounds", race.rounds, 0)
        ]

    first = run()
    assert first == run()
    assert len(first) == 3


def test_a_winner_stops_the_race_at_the_finish(game):
    race = play(
        new_race(
            game, "loop", ["wei", "owens"], ["red", "black"], [greedy, greedy], random.Random(11)
        )
    )
    assert race.winner is not None, race.log
    assert race.winner.position == len(race.spaces) - 1
    assert standings(race)[0] is race.winner
    assert race.log[-1] == f"round {race.rounds}: {race.winner.biathlete.name} wins"


def test_a_step_coach_boosts_the_next_turn(game):
    from dataclasses import replace as changed

    from authoring.games.biathlon.race import _distance, _finish_action

    spaces = dict(SPACES)
    spaces[1] = changed(SPACES[1], coach_colour="black", coach_count=2)
    course = changed(game.courses["loop"], spaces=spaces)
    coached = changed(
        game, courses={"loop": course}, colours={**game.colours, "black": game.colours["black"]}
    )
    race = new_race(coached, "loop", ["wei"], ["red"], [greedy], random.Random(4))
    player = race.players[0]
    player.position = 0  # standing on space 1, the black coach zone
    glide = coached.cards["glide"]
    _finish_action(race, player, glide.bottom, glide, Move(glide.bottom, "bottom", 0), blue_wax=0)
    assert player.boost == ("black", 2)
    # Two extra uphill steps: space 2 (uphill) and 3 (downhill) come within reach.
    assert _distance(race, player, action(), 0) == 2


def test_greedy_bots_turn_the_wind_to_their_backs_and_every_turn_is_logged(game):
    windy = Card(
        "gust",
        "gust",
        "common",
        None,
        1,
        6,
        None,
        False,
        Action(0, 2, 0, 0, True, False),
        Action(0, 1, 0, 0, True, False),
    )
    from dataclasses import replace as changed

    cards = {"gust": windy}
    race = new_race(
        changed(game, cards=cards), "loop", ["wei"], ["red"], [greedy], random.Random(5)
    )
    player = race.players[0]
    from authoring.games.biathlon.race import _turn

    _turn(race, player, windy)
    landing = race.at(player.position)
    assert race.wind == {"N": "S", "S": "N", "E": "W", "W": "E"}[SPACES[landing].heading]
    assert race.log[-1] == f"round 0: Wei plays gust (top), -1 -> {player.position}"
