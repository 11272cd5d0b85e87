"""The BIATHLON BLAST race engine, rule by rule, each on a hand-built position.

The trail is a little loop: start 1 -> 2 -> 3 (single lane, uphill) -> 4 (downhill) -> 5 ->
range 6 -> 7 -> back to 1; after two shootings it leaves at 5 for the finish 8. Its headings
lay out on a board (the layout leaves the range westward, the targets north of it). Bots are
scripted where a rule, not a choice, is under test.
"""

from __future__ import annotations

import random
from dataclasses import replace

import pytest

from authoring.findings import Location
from authoring.games.biathlon.checks import SHEETS
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
    BOTS,
    GRID,
    Bot,
    IllegalMove,
    Move,
    Player,
    Race,
    eliminate,
    initiative,
    landing,
    moves,
    new_race,
    place_on_grid,
    play,
    play_round,
    pulse_change,
    standings,
    take_turn,
)
from authoring.games.biathlon.trail import track

SPACES = {
    1: Space(1, "flat", 2, "E", None, 0, "start"),
    2: Space(2, "flat", 2, "E", None, 0, "none"),
    3: Space(3, "uphill", 1, "E", None, 0, "none"),
    4: Space(4, "downhill", 2, "N", None, 0, "none"),
    5: Space(5, "flat", 2, "W", None, 0, "sign"),
    6: Space(6, "range", 6, "N", None, 0, "range"),
    7: Space(7, "flat", 2, "S", None, 0, "none"),
    8: Space(8, "flat", 2, "E", None, 0, "finish"),
}
LINKS = (
    Link(1, 2, "both", "any"),
    Link(2, 3, "both", "any"),
    Link(3, 4, "both", "any"),
    Link(4, 5, "both", "any"),
    Link(5, 6, "both", "to_range"),
    Link(6, 7, "both", "any"),
    Link(7, 1, "both", "any"),
    Link(5, 8, "both", "to_finish"),
)
TRACK = [1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 6, 7, 1, 2, 3, 4, 5, 8]
RANGE = TRACK.index(6)  # the first visit to the range
COLOURS = {
    "red": Colour("red", 1, "accuracy_initiative", 4, 0, "none"),
    "black": Colour("black", 2, "uphill", 3, 2, "uphill_step"),
    "yellow": Colour("yellow", 3, "flat", 3, 3, "flat_step"),
    "green": Colour("green", 4, "downhill", 3, 4, "downhill_step"),
    "blue": Colour("blue", 5, "pulse_control", 3, 3, "pulse_minus_one"),
    "white": Colour("white", 6, "wind_control", 3, 2, "wind_symbol"),
}


def act(
    uphill: int = 0,
    flat: int = 0,
    downhill: int = 0,
    pulse: int = 0,
    wind: bool = False,
    removes: bool = False,
) -> Action:
    return Action(uphill, flat, downhill, pulse, wind, removes)


def card(id: str, initiative: int | None, top: Action, bottom: Action, **die: object) -> Card:
    return Card(
        id,
        id,
        "common",
        None,
        1,
        initiative,
        die.get("die"),  # type: ignore[arg-type]
        bool(die.get("double", False)),
        top,
        bottom,
    )


CARDS = {
    "stride": card("stride", 5, act(flat=2, pulse=1), act(uphill=1)),
    "push": card("push", 7, act(uphill=2, pulse=2), act(flat=1, pulse=-1)),
    "glide": card("glide", 3, act(downhill=3), act(flat=1, pulse=-2)),
    "gust": card("gust", 4, act(flat=1, wind=True), act(flat=2, removes=True)),
}
MOTIVATION = Card("boost", "boost", "motivation", None, 8, 8, None, False, act(4), act(1))


@pytest.fixture
def game() -> Biathlon:
    return Biathlon(
        colours=COLOURS,
        biathletes={
            name: Biathlete(name, name.title(), "SWE", bib, {})
            for name, bib in (("wei", "123"), ("owens", "244"), ("pinto", "133"))
        },
        cards={**CARDS, "boost": MOTIVATION},
        range_actions={
            "wait": RangeAction("wait", 0, -2, False, False),
            "shoot": RangeAction("shoot", 2, 0, True, True),
        },
        courses={"loop": Course("loop", "test", "short", "Loop", SPACES, LINKS)},
        world_cup_points={1: 1, 2: 2, 3: 3},
        sheets={name: Location("biathlon.xlsx", name, i) for i, name in enumerate(SHEETS, 1)},
    )


class Scripted(Bot):
    """A bot whose every choice is set by the test; the rest as the greedy bot."""

    name = "scripted"

    def __init__(self, **choices: object) -> None:
        self.choices = choices

    def choose_card(self, race: Race, player: Player) -> Card:
        wanted = self.choices.get("card")
        return next((c for c in player.hand if c.id == wanted), None) or super().choose_card(
            race, player
        )

    def choose_move(self, race: Race, player: Player, options: list[Move]) -> Move:
        self.offered = options
        if "distance" in self.choices:
            side = self.choices.get("side", "top")
            wax = self.choices.get("wax", 0)
            return next(
                m
                for m in options
                if m.distance == self.choices["distance"]
                and m.card_side in (side, "wait", "shoot")
                and m.wax == wax
                and m.lane == self.choices.get("lane", m.lane)
            )
        return super().choose_move(race, player, options)

    def wind(self, race: Race, player: Player) -> str | None:
        return self.choices.get("wind", "N")  # type: ignore[return-value]

    def shoots(self, race: Race, player: Player) -> bool:
        return bool(self.choices.get("shoots", True))

    def bullets(self, race: Race, player: Player, hits: int, available: int) -> int:
        bullets = self.choices.get("bullets", 0)
        assert isinstance(bullets, int)
        return min(bullets, available)

    def pick_up(self, race: Race, player: Player) -> bool:
        return bool(self.choices.get("pick_up", False))

    def motivation(self, race: Race, player: Player) -> int | None:
        return self.choices.get("motivation", 0)  # type: ignore[return-value]


class LoadedDice(random.Random):
    """A generator whose shooting dice come up as the test says."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, a: int, b: int) -> int:
        return self.faces.pop(0) if self.faces else super().randint(a, b)


def race_of(game: Biathlon, *seats: tuple[str, str, Bot], seed: int = 1) -> Race:
    names, colours, bots = zip(*seats, strict=True)
    race = new_race(game, "loop", list(names), list(colours), list(bots), random.Random(seed))
    for player in race.players:  # a known hand: every card once, nothing discarded
        player.hand = [c for c in game.cards.values() if c.kind == "common"]
        player.discard = []
    return race


def put(player: Player, index: int, lane: int = 0, pulse: int = 0) -> Player:
    player.position, player.lane, player.pulse = index, lane, pulse
    return player


def one(game: Biathlon, colour: str = "red", **choices: object) -> tuple[Race, Player]:
    race = race_of(game, ("wei", colour, Scripted(**choices)))
    return race, race.players[0]


# --- the trail and the deal ------------------------------------------------------------------


def test_the_track_runs_two_laps_through_the_range_then_to_the_finish(game):
    assert track(game.courses["loop"]) == TRACK


def test_a_new_race_deals_gear_and_the_first_discard(game):
    race = new_race(
        game, "loop", ["wei", "owens"], ["red", "black"], [BOTS["greedy"]] * 2, random.Random(1)
    )
    red, black = race.players
    assert (red.bullets, red.wax, black.bullets, black.wax) == (4, 0, 3, 2)
    assert len(red.hand) == 3 and len(red.discard) == 1  # 4 common cards, one discarded
    assert red.position == GRID and len(race.face_up) == 2
    assert set(race.dice) == {"red", "black", "yellow", "green", "blue"}


# --- choosing cards and turn order -----------------------------------------------------------


def test_cards_are_chosen_by_everyone_before_anyone_moves(game):
    class Watching(Scripted):
        def choose_move(self, race: Race, player: Player, options: list[Move]) -> Move:
            self.hands = [len(p.hand) for p in race.players]
            return super().choose_move(race, player, options)

    first, second = Watching(card="push"), Watching(card="glide")
    race = race_of(game, ("wei", "red", first), ("owens", "black", second))
    play_round(race)
    assert first.hands == [3, 3]  # when the first mover moves, both cards are down


def test_highest_initiative_first_and_ties_by_ski_colour_order(game):
    race = race_of(
        game,
        ("wei", "black", Scripted()),
        ("owens", "red", Scripted()),
        ("pinto", "yellow", Scripted()),
    )
    black, red, yellow = race.players
    doubled_red = card("offset", None, act(uphill=1), act(flat=1), die="red", double=True)
    race.dice["red"] = 3
    order = sorted(
        [(black, CARDS["stride"]), (red, CARDS["stride"]), (yellow, doubled_red)],
        key=lambda pair: initiative(race, *pair),
    )
    # 2 x the red die's 3 = 6 beats 5; the two 5s go red before black.
    assert [p.colour for p, _ in order] == ["yellow", "red", "black"]


def test_turn_order_is_checked_again_after_a_shot(game):
    black_die = card("dice", None, act(flat=1), act(uphill=1), die="black")
    game = replace(game, cards={**game.cards, "dice": black_die})
    race = race_of(
        game,
        ("wei", "red", Scripted(card="push")),  # initiative 7, on the range: shoots first
        ("owens", "black", Scripted(card="dice")),  # the black die: 1 before the shot
        ("pinto", "yellow", Scripted(card="stride")),  # initiative 5
    )
    shooter, die_player, steady = race.players
    put(shooter, RANGE)
    put(die_player, 0)
    put(steady, 1)
    race.dice = dict.fromkeys(race.dice, 1)
    race.rng = LoadedDice(0, 6 - 1, 0, 0, 0)  # the shot turns the black die to 5
    play_round(race)
    movers = [line.split(": ")[1].split(" ")[0] for line in race.log if " plays " in line]
    assert movers == ["Wei", "Owens", "Pinto"]  # the black die's 5 now beats 5 by colour


# --- moving -----------------------------------------------------------------------------------


def test_a_move_may_stop_on_any_space_within_reach(game):
    race, player = one(game)
    put(player, 0)  # on the start line, space 1
    distances = sorted(
        {m.distance for m in moves(race, player, CARDS["push"]) if m.card_side == "top"}
    )
    assert distances == [0, 1, 2]  # 2 uphill steps: flat 2, then uphill 3


def test_steps_serve_easier_terrain_but_not_harder(game):
    race, player = one(game)
    put(player, 1)  # space 2; ahead: uphill 3, downhill 4, flat 5
    flat_only = card("flat", 1, act(flat=3), act(downhill=3))
    assert max(m.distance for m in moves(race, player, flat_only)) == 0  # no step climbs 3
    put(player, 2)  # space 3; ahead: downhill 4, flat 5, range 6
    assert max(m.distance for m in moves(race, player, flat_only) if m.card_side == "top") == 3


def test_passing_through_a_full_space_but_not_stopping_on_it(game):
    race = race_of(game, ("wei", "red", Scripted()), ("owens", "black", Scripted()))
    mover, blocker = race.players
    put(mover, 1)
    put(blocker, 2)  # alone on single-lane space 3
    climb = card("climb", 1, act(uphill=3), act(uphill=1))
    assert {m.distance for m in moves(race, mover, climb) if m.card_side == "top"} == {0, 2, 3}


def test_a_double_lane_space_holds_two(game):
    race = race_of(
        game,
        ("wei", "red", Scripted()),
        ("owens", "black", Scripted()),
        ("pinto", "yellow", Scripted()),
    )
    mover, left, right = race.players
    put(mover, 0)
    put(left, 1, lane=0)
    put(right, 1, lane=1)
    reachable = {m.distance for m in moves(race, mover, CARDS["stride"]) if m.card_side == "top"}
    assert reachable == {0}  # space 2 is full, and 3 is uphill: the flat steps stop there


def test_the_range_stops_a_move_on_the_lowest_free_mat(game):
    race = race_of(game, ("wei", "red", Scripted()), ("owens", "black", Scripted()))
    mover, shooter = race.players
    put(shooter, RANGE, lane=0)
    put(mover, RANGE - 2)  # space 4
    far = card("far", 1, act(flat=6), act(flat=1))
    assert max(m.distance for m in moves(race, mover, far)) == 2
    assert {m.lane for m in moves(race, mover, far) if m.distance == 2} == {1}  # only mat 1


# --- the pulse: cost, drafting, wind, limits --------------------------------------------------


def test_drafting_straight_behind_in_the_same_lane(game):
    race = race_of(
        game,
        ("wei", "red", Scripted()),
        ("owens", "black", Scripted()),
        ("pinto", "yellow", Scripted()),
    )
    mover, ahead, beside = race.players
    put(mover, 1)
    put(ahead, 4, lane=1)  # space 5, right lane
    behind = Move(act(downhill=2, pulse=2), "top", 2, lane=1)  # onto space 4, just behind
    assert pulse_change(race, mover, behind) == 1
    diagonal = replace(behind, lane=0)
    assert pulse_change(race, mover, diagonal) == 2
    put(beside, 3, lane=1)  # the right lane of space 4 is taken: only the diagonal is left
    assert {m.lane for m in moves(race, mover, CARDS["push"]) if m.distance == 2} == {0}


def test_the_lane_is_the_players_choice_as_in_the_fischer_example(game):
    """Seed 003: "Fischer (Red) is 3 spaces behind Wei (Black) and facing a wind blowing from
    the North. ... If Fischer ends in the right lane directly behind Wei, his Action cost
    adjustment is -1 (drafting, no wind effect). In the left lane, it's +1 (no drafting,
    headwind)." Both are legal moves, and the left lane is his to take."""
    race = race_of(
        game,
        ("owens", "red", Scripted(card="push", distance=2, lane=0)),  # as Fischer
        ("wei", "black", Scripted()),
    )
    fischer, wei = race.players
    put(fischer, 1)  # space 2
    put(wei, 4, lane=1)  # space 5, 3 spaces ahead, right lane
    race.wind = "N"  # space 4, just behind Wei, faces north
    offered = [m for m in moves(race, fischer, CARDS["push"]) if m.distance == 2]
    cost = CARDS["push"].top.pulse
    assert {m.lane: pulse_change(race, fischer, m) - cost for m in offered} == {1: -1, 0: 1}
    take_turn(race, fischer, CARDS["push"])
    assert (fischer.position, fischer.lane, fischer.pulse) == (3, 0, cost + 1)


def test_a_single_lane_space_lines_up_with_both_lanes(game):
    race = race_of(game, ("wei", "red", Scripted()), ("owens", "black", Scripted()))
    mover, ahead = race.players
    put(mover, 0)
    put(ahead, 2)  # single-lane space 3
    assert landing(race, mover, 1, 0).drafting and landing(race, mover, 1, 1).drafting


def test_no_drafting_when_both_are_on_the_shooting_range(game):
    """Seed 003: "You're not drafting if both of you are on the Shooting Range, since you're
    on the same space." """
    race = race_of(game, ("wei", "red", Scripted()), ("owens", "black", Scripted()))
    mover, ahead = race.players
    put(ahead, RANGE, lane=0)
    put(mover, RANGE - 1)
    assert not landing(race, mover, 1, 1).drafting


def test_drafting_onto_and_off_the_range_as_on_any_space(game):
    """Seed 003: "You're drafting if you end your move 1 space directly behind another
    player." and "You're not drafting if both of you are on the Shooting Range, since you're
    on the same space." Only both on the range is excluded: the space before the range drafts
    someone on it, and the range drafts someone just past it. A mat is not a lane, so no one
    is diagonally behind a biathlete on the range."""
    race = race_of(game, ("wei", "red", Scripted()), ("owens", "black", Scripted()))
    mover, ahead = race.players
    put(ahead, RANGE, lane=3)  # on a shooting mat
    put(mover, RANGE - 2)
    assert landing(race, mover, 1, 0).drafting and landing(race, mover, 1, 1).drafting
    put(ahead, RANGE + 1, lane=1)  # just past the range, right lane
    put(mover, RANGE - 1)
    assert landing(race, mover, 1, 0).drafting  # stopped on the range, 1 space behind


def test_a_biathlete_on_the_range_shields_the_space_past_it(game):
    """Seed 003: "TAILWIND: You're facing away from the wind, and no other player is directly
    behind you (blocking the tailwind)." Someone on the range is directly behind the first
    space past it, as on any other space."""
    race = race_of(game, ("wei", "red", Scripted()), ("owens", "black", Scripted()))
    mover, behind = race.players
    put(mover, RANGE)  # has shot: leaves the mat
    mover.shots = [5]
    race.wind = "N"  # space 7 past the range faces south: the wind at the mover's back
    onto_space_7 = Move(act(flat=1), "top", 1, lane=1)
    assert pulse_change(race, mover, onto_space_7) == -1  # tailwind
    put(behind, RANGE, lane=0)
    assert pulse_change(race, mover, onto_space_7) == 0  # shielded by the biathlete on the mat


def test_headwind_unless_drafting_and_tailwind_unless_shielded(game):
    race = race_of(
        game,
        ("wei", "red", Scripted()),
        ("owens", "black", Scripted()),
        ("pinto", "yellow", Scripted()),
    )
    mover, other, third = race.players
    put(mover, 0)
    put(other, 10)
    put(third, 12)
    onto_space_2 = Move(act(flat=1), "top", 1)  # facing east there
    race.wind = "E"
    assert pulse_change(race, mover, onto_space_2) == 1  # headwind
    race.wind = "N"
    assert pulse_change(race, mover, onto_space_2) == 0  # a crosswind does nothing to the pulse
    race.wind = "W"
    assert pulse_change(race, mover, onto_space_2) == -1  # tailwind
    put(other, 0, lane=1)  # on the start line, diagonally behind lane 0 of space 2...
    put(mover, 0, lane=0)
    put(third, 2)  # ... and single-lane space 3 ahead
    race.wind = "E"
    assert pulse_change(race, mover, onto_space_2) == -1  # drafting cancels the headwind
    put(third, 12)
    put(other, 0, lane=0)
    put(mover, 0, lane=1)
    race.wind = "W"
    assert pulse_change(race, mover, onto_space_2) == 0  # lane 0: shielded from the tailwind
    assert pulse_change(race, mover, replace(onto_space_2, lane=1)) == -1  # lane 1: not


def test_the_pulse_never_drops_below_zero_and_over_ten_is_out(game):
    race, player = one(game, card="glide", distance=1, side="bottom")
    put(player, 0, pulse=1)
    take_turn(race, player, CARDS["glide"])  # -2 on a pulse of 1
    assert player.pulse == 0 and player.racing
    race, player = one(game, card="push", distance=2)
    put(player, 0, pulse=9)
    take_turn(race, player, CARDS["push"])  # +2: 11
    assert not player.racing and "is out (pulse 11)" in race.log[-1]


# --- wind, discard or remove ------------------------------------------------------------------


def test_the_wind_symbol_lets_the_wind_change(game):
    race, player = one(game, distance=1, wind="S")
    put(player, 0)
    take_turn(race, player, CARDS["gust"])  # top: wind symbol
    assert race.wind == "S"
    race, player = one(game, distance=1, wind="S")
    put(player, 0)
    take_turn(race, player, CARDS["stride"])  # no symbol: the cloud stays where it is
    assert race.wind is None


def test_a_biathlete_put_out_by_the_pulse_does_not_change_the_wind(game):
    """Seed 003, Adjust Pulse: "If your pulse goes over 10, you're eliminated from the race."
    Only then, Change Wind: "After adjusting your pulse, if your Action shows the wind symbol,
    you can change the wind direction." One who is out has no wind to change."""
    storm = card("storm", 4, act(flat=1, pulse=2, wind=True), act(flat=1))
    race, player = one(game, distance=1, wind="S")
    put(player, 0, pulse=9)
    take_turn(race, player, storm)  # +2: 11, out
    assert not player.racing
    assert race.wind is None
    race, player = one(game, distance=1, wind="S")
    put(player, 0, pulse=8)
    take_turn(race, player, storm)  # +2: 10, still racing, so the wind may change
    assert player.racing and race.wind == "S"


def test_windstill_is_a_choice_too(game):
    race, player = one(game, distance=1, wind=None)
    race.wind = "E"
    put(player, 0)
    take_turn(race, player, CARDS["gust"])
    assert race.wind is None


def test_snowy_actions_are_discarded_and_icy_ones_removed(game):
    race, player = one(game, distance=1)
    put(player, 0)
    take_turn(race, player, CARDS["gust"])  # snowy top
    assert player.discard == [CARDS["gust"]]
    race, player = one(game, distance=1, side="bottom")
    put(player, 0)
    player.hand.remove(CARDS["gust"])  # played from the hand
    take_turn(race, player, CARDS["gust"])  # icy bottom
    assert player.discard == [] and CARDS["gust"] not in player.hand


# --- the hand and the discard pile ------------------------------------------------------------


def test_an_empty_hand_takes_the_discard_pile_back_for_free(game):
    race, player = one(game)
    player.hand, player.discard = [], [CARDS["stride"], CARDS["glide"]]
    put(player, 0)
    play_round(race)
    assert player.bullets == 4 and len(player.hand) + len(player.discard) == 2


def test_no_hand_and_no_discard_pile_is_out(game):
    race, player = one(game)
    player.hand, player.discard = [], []
    play_round(race)
    assert not player.racing and race.log[-1].endswith("is out (no cards left)")


def test_a_bullet_buys_the_discard_pile_back(game):
    race, player = one(game, pick_up=True, card="stride", distance=0)
    player.hand, player.discard = [CARDS["stride"]], [CARDS["glide"], CARDS["push"]]
    play_round(race)
    assert player.bullets == 3 and player.pickups == 1
    assert {c.id for c in player.hand} == {"glide", "push"}  # stride was played


def test_a_red_coach_pays_for_the_pick_up(game):
    race, player = one(game, pick_up=True, card="stride", distance=0)
    player.hand, player.discard = [CARDS["stride"]], [CARDS["glide"]]
    player.boost = ("red", 1)
    play_round(race)
    assert player.bullets == 4 and player.pickups == 1


# --- the shooting range -----------------------------------------------------------------------


def test_pinto_shoots_three_hits_and_skis_six_uphill_steps(game):
    race = race_of(game, ("pinto", "red", Scripted(distance=1)))
    player = put(race.players[0], RANGE, pulse=5)  # medium pulse: hits on 3 or more
    race.rng = LoadedDice(3, 0, 5, 1, 2)  # two dice hit
    take_turn(race, player, CARDS["stride"])
    assert player.shots == [3]  # windstill: +1
    offered = max(m.distance for m in player.bot.offered)  # type: ignore[attr-defined]
    assert offered == 6  # 3 hits x 2 uphill steps: spaces 7, 1, 2, 3, 4, 5
    assert CARDS["stride"] not in player.discard  # Shoot removes the card
    assert not race.on_range(player)


def test_a_crosswind_costs_a_hit_and_bullets_buy_hits_up_to_five(game):
    race = race_of(game, ("pinto", "red", Scripted(distance=0, bullets=4)))
    player = put(race.players[0], RANGE, pulse=0)  # low pulse: hits on 1 or more
    race.wind = "E"  # the range faces north: a crosswind
    race.rng = LoadedDice(1, 1, 1, 0, 0)
    take_turn(race, player, CARDS["stride"])
    assert player.shots == [5] and player.bullets == 1  # 3 dice - 1 = 2 hits, 3 bullets: 5


def test_a_red_coach_bullet_goes_first_at_the_range(game):
    race = race_of(game, ("pinto", "red", Scripted(distance=0, bullets=1)))
    player = put(race.players[0], RANGE, pulse=0)
    player.boost = ("red", 1)
    race.rng = LoadedDice(0, 0, 0, 0, 0)
    take_turn(race, player, CARDS["stride"])
    assert player.shots == [2] and player.bullets == 4  # windstill 1 + the coach's bullet


def test_waiting_lowers_the_pulse_and_keeps_the_mat(game):
    race = race_of(game, ("pinto", "blue", Scripted(shoots=False, distance=0, wax=1)))
    player = put(race.players[0], RANGE, pulse=8)
    take_turn(race, player, CARDS["stride"])
    assert player.pulse == 5 and player.wax == 2  # -2, and one blue wax -1 more
    assert player.discard == [CARDS["stride"]] and race.on_range(player)


def test_step_wax_boosts_a_shot_too(game):
    """Seed 003: at the range, "perform the Action and discard or remove your card, as
    specified by the chosen Shooting Range Action. This, for example, means you may use Ski
    Wax to boost your Action"; only Wait wastes step wax ("other Ski Wax colors are wasted
    since you remain in place")."""
    race = race_of(game, ("pinto", "black", Scripted(distance=4, wax=2)))
    player = put(race.players[0], RANGE, pulse=5)  # medium pulse: hits on 3 or more
    race.wind = "S"  # behind the shooter facing the targets: no crosswind, not windstill
    race.rng = LoadedDice(3, 0, 0, 0, 0)  # one hit: 2 uphill steps
    take_turn(race, player, CARDS["stride"])
    offered = player.bot.offered  # type: ignore[attr-defined]
    assert max(m.distance for m in offered if m.wax == 0) == 2  # spaces 7 and 1
    assert max(m.distance for m in offered) == 4  # two black wax: on through 2 and up 3
    assert (race.spaces[player.position], player.wax) == (3, 0)


def test_a_shot_that_stays_put_faces_the_next_space_for_the_wind(game):
    """Seed 003: "perform the Action as you would a regular one. However, even if you don't
    advance, you must still leave the shooting mat and turn to face the next space instead
    of the targets." The loop's board leaves the range westward; the targets are north."""
    race = race_of(game, ("owens", "yellow", Scripted(distance=0)))
    assert race.range_exit == "W"
    player = put(race.players[0], RANGE, pulse=5)
    race.wind = "W"  # a crosswind at the targets, a headwind toward the next space
    take_turn(race, player, CARDS["stride"])
    assert player.pulse == 6  # Shoot costs 0 here, the headwind +1
    race = race_of(game, ("owens", "yellow", Scripted(shoots=False, distance=0)))
    player = put(race.players[0], RANGE, pulse=5)
    race.wind = "W"
    take_turn(race, player, CARDS["stride"])
    assert player.pulse == 3  # waiting on the mat still faces the targets: Wait's -2 only


def test_a_shot_with_no_hits_still_leaves_the_mat(game):
    race = race_of(game, ("owens", "yellow", Scripted(distance=0)))
    player = put(race.players[0], RANGE, pulse=8)  # high pulse: hits on 4 or more
    race.wind = "E"
    race.rng = LoadedDice(0, 1, 2, 3, 3)
    take_turn(race, player, CARDS["stride"])
    assert player.shots == [0] and player.position == RANGE and not race.on_range(player)


# --- wax and coach zones ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("colour", "action", "start", "without", "with_wax"),
    [
        ("black", act(uphill=1), 1, 1, 2),  # uphill wax: space 3 and on
        ("yellow", act(flat=1), 2, 1, 2),  # flat wax onto the downhill and flat
        ("green", act(downhill=1), 2, 1, 1),  # downhill wax: 5 is flat, still 1
    ],
)
def test_step_wax_adds_a_step_of_its_terrain(game, colour, action, start, without, with_wax):
    race, player = one(game, colour=colour)
    put(player, start)
    options = moves(race, player, card("c", 1, action, action))
    assert max(m.distance for m in options if m.wax == 0) == without
    assert max(m.distance for m in options if m.wax <= 1) == with_wax


def test_blue_wax_lowers_the_action_cost(game):
    race, player = one(game, colour="blue")
    put(player, 0)
    assert pulse_change(race, player, Move(act(flat=1, pulse=2), "top", 1, wax=2)) == 0


def test_white_wax_gives_the_wind_symbol(game):
    race, player = one(game, colour="white", distance=1, wax=1, wind="W")
    put(player, 0)
    take_turn(race, player, CARDS["stride"])
    assert race.wind == "W" and player.wax == 1


def test_red_skis_carry_no_wax(game):
    race, player = one(game, colour="red")
    put(player, 0)
    assert {m.wax for m in moves(race, player, CARDS["stride"])} == {0}


def test_blue_and_white_coaches_work_on_the_same_turn(game):
    coached = dict(SPACES)
    coached[2] = replace(SPACES[2], coach_colour="blue", coach_count=2)
    coached[4] = replace(SPACES[4], coach_colour="white", coach_count=1)
    game = replace(game, courses={"loop": replace(game.courses["loop"], spaces=coached)})
    race, player = one(game, distance=1, wind="W")
    put(player, 0)
    take_turn(race, player, CARDS["stride"])  # cost 1, the blue coach's 2 wax: -1
    assert player.pulse == 0 and player.boost is None
    put(player, 2, pulse=3)
    take_turn(race, player, CARDS["stride"])  # onto the white coach: may change the wind
    assert race.wind == "W"


def test_step_coaches_boost_the_next_turn(game):
    coached = dict(SPACES)
    coached[2] = replace(SPACES[2], coach_colour="black", coach_count=2)
    game = replace(game, courses={"loop": replace(game.courses["loop"], spaces=coached)})
    race, player = one(game, distance=1)
    put(player, 0)
    take_turn(race, player, CARDS["stride"])
    assert player.boost == ("black", 2)
    # Next turn: two extra uphill steps climb space 3 and go on down 4.
    assert max(m.distance for m in moves(race, player, card("rest", 1, act(), act()))) == 2
    take_turn(race, player, card("rest", 1, act(), act()))
    assert player.boost is None  # used up on that turn


# --- the start line, the finish line, the ranking ---------------------------------------------


def test_crossing_the_start_line_takes_a_motivation_card(game):
    race, player = one(game, distance=2, motivation=1)
    put(player, RANGE + 1)  # space 7, two spaces before space 2
    shown = list(race.face_up)
    take_turn(race, player, card("long", 1, act(flat=2), act(flat=1)))
    assert player.motivation == 1 and shown[1] in player.hand
    assert len(race.face_up) == 2 and race.face_up[0] is shown[0]  # the slot refilled


def test_a_whole_race_brings_three_motivation_cards(game):
    race = new_race(
        game, "loop", ["wei", "owens"], ["red", "black"], [BOTS["greedy"]] * 2, random.Random(3)
    )
    play(race)
    assert race.winner is not None and race.winner.motivation == 3


def test_the_grid_is_set_by_the_first_discard(game):
    race = new_race(
        game, "loop", ["wei", "owens"], ["red", "black"], [BOTS["greedy"]] * 2, random.Random(1)
    )
    first = max(race.players, key=lambda p: (initiative_value(race, p), -p.order))
    assert race.log[0].startswith(f"grid: {first.biathlete.name}, ")


def test_the_grid_places_follow_the_first_discards_initiative(game):
    """Seed 003: "Place the biathletes in the grid slots (13) behind the Start Line, using the
    initiative value ... on the discarded card. The player with the highest initiative places
    their biathlete first, followed by the next highest, and so on. Ties are broken by ski
    color order." The printed grid numbers its places from the line, two to a row."""
    race = race_of(
        game,
        ("wei", "red", Scripted()),
        ("owens", "black", Scripted()),
        ("pinto", "yellow", Scripted()),
    )
    red, black, yellow = race.players
    red.discard, black.discard, yellow.discard = (
        [CARDS["stride"]],
        [CARDS["push"]],
        [CARDS["stride"]],
    )
    place_on_grid(race)
    places = {p.biathlete.id: (p.grid_place, p.lane) for p in race.players}
    assert places == {"owens": (1, 0), "wei": (2, 1), "pinto": (3, 0)}  # 7, then the 5s by colour
    # "Remaining players are ranked by their distance to the Finish Line": the front place is
    # nearer, so Owens ranks first while all three stand on the grid.
    assert standings(race) == [black, red, yellow]


def initiative_value(race: Race, player: Player) -> int:
    return player.discard[0].initiative_value(race.dice)


def test_the_first_across_the_finish_wins_and_the_round_ends(game):
    race = race_of(
        game,
        ("wei", "red", Scripted(card="push", distance=2)),
        ("owens", "black", Scripted(card="stride", distance=1)),
    )
    winner, other = race.players
    put(winner, len(TRACK) - 3, pulse=3)
    put(other, 2)
    play_round(race)
    assert race.winner is winner and other.position == 2  # the round ended before Owens


def test_crossing_the_finish_over_the_pulse_limit_is_out(game):
    race, player = one(game, distance=2)
    put(player, len(TRACK) - 3, pulse=9)
    take_turn(race, player, CARDS["push"])
    assert race.winner is None and not player.racing


def test_the_rest_are_ranked_by_distance_then_colour_and_the_eliminated_last(game):
    game = replace(
        game,
        biathletes={
            **game.biathletes,
            "x": Biathlete("x", "X", "SWE", "111", {}),
            "y": Biathlete("y", "Y", "SWE", "111", {}),
        },
    )
    race = race_of(
        game,
        *(
            (name, colour, Scripted())
            for name, colour in zip(
                ["wei", "owens", "pinto", "x", "y"],
                ["white", "blue", "red", "black", "green"],
                strict=True,
            )
        ),
    )
    wei, owens, pinto, x, y = race.players
    put(wei, 9)
    put(owens, 12)
    put(pinto, 9)
    race.rounds = 3
    eliminate(race, x, "pulse 11")
    race.rounds = 5
    eliminate(race, y, "pulse 12")
    assert [p.biathlete.id for p in standings(race)] == ["owens", "pinto", "wei", "y", "x"]


def test_two_out_in_one_round_rank_by_who_went_out_first(game):
    """Seed 003: "Players eliminated before the winner finishes are ranked last among those
    remaining. For example, in a 4-player race, if a player is eliminated first, they're
    placed 4th. If another player is eliminated later, they're placed 3rd"."""
    race = race_of(
        game,
        ("wei", "red", Scripted(card="push", distance=2)),  # initiative 7: moves first
        ("owens", "black", Scripted(card="stride", distance=1)),  # initiative 5
        ("pinto", "yellow", Scripted(card="glide", distance=0)),
    )
    first_out, second_out, survivor = race.players
    put(first_out, 10, pulse=9)  # +2 onto the range: 11
    put(second_out, 3, pulse=10)  # +1: 11
    put(survivor, 8)
    play_round(race)
    assert not first_out.racing and not second_out.racing
    # Red goes out first, so ranks below black despite the better ski colour order.
    assert standings(race) == [survivor, second_out, first_out]


# --- bots and whole races ---------------------------------------------------------------------


def test_greedy_goes_as_far_as_it_can_below_the_limit(game):
    race, player = one(game)
    put(player, 0, pulse=9)
    options = [Move(act(uphill=3, pulse=3), "top", 3), Move(act(flat=1), "bottom", 1)]
    assert BOTS["greedy"].choose_move(race, player, options).distance == 1
    player.pulse = 0
    assert BOTS["greedy"].choose_move(race, player, options).distance == 3


def test_pulse_careful_stays_in_the_medium_band_and_waits_to_aim_better(game):
    race, player = one(game)
    put(player, 0, pulse=4)
    options = [Move(act(uphill=3, pulse=3), "top", 2), Move(act(flat=2, pulse=1), "top", 1)]
    assert BOTS["pulse-careful"].choose_move(race, player, options).distance == 1
    put(player, RANGE, pulse=4)  # Wei's bib 123: a wait to pulse 2 aims at 1, not 2
    assert not BOTS["pulse-careful"].shoots(race, player)
    player.pulse = 6
    assert BOTS["pulse-careful"].shoots(race, player)  # 4 is still medium: shoot now


def test_the_random_bot_only_makes_legal_moves(game):
    race, player = one(game)
    put(player, 3)
    options = moves(race, player, CARDS["push"])
    assert all(BOTS["random"].choose_move(race, player, options) in options for _ in range(20))


class Cheat(Scripted):
    """Plays by the rules except for one decision, where it picks what it was not offered."""

    name = "cheating"

    def __init__(self, decision: str) -> None:
        if decision == "wind":
            super().__init__(card="gust", distance=1)  # the top action's wind symbol
        else:
            super().__init__(card="stride")
        self.decision = decision

    def choose_card(self, race: Race, player: Player) -> Card:
        if self.decision == "card":
            return MOTIVATION  # not in the hand
        return super().choose_card(race, player)

    def choose_move(self, race: Race, player: Player, options: list[Move]) -> Move:
        move = super().choose_move(race, player, options)
        if self.decision == "move":
            return replace(move, distance=move.distance + 2)  # further than the card goes
        if self.decision == "wax":
            return replace(move, wax=player.wax + 1)  # more wax than the biathlete holds
        return move

    def wind(self, race: Race, player: Player) -> str | None:
        return "NE" if self.decision == "wind" else super().wind(race, player)

    def bullets(self, race: Race, player: Player, hits: int, available: int) -> int:
        return available + 1 if self.decision == "bullets" else 0

    def motivation(self, race: Race, player: Player) -> int | None:
        return len(race.face_up) if self.decision == "motivation" else 0


@pytest.mark.parametrize(
    ("decision", "index", "refused"),
    [
        ("card", 0, "a card the rules do not allow: Card(id='boost'"),
        ("move", 0, "a move the rules do not allow: Move(action=Action(uphill=0, flat=2"),
        ("move", 0, "card_side='top', distance=6, wax=2, lane=0)"),  # both wax: 4 spaces
        ("wax", 0, "card_side='top', distance=4, wax=3, lane=0)"),  # black skis hold 2 wax
        ("wind", 0, "a wind the rules do not allow: 'NE'"),
        ("bullets", RANGE, "a number of bullets the rules do not allow: 4"),
        ("motivation", RANGE + 1, "a motivation card the rules do not allow: 2"),
    ],
)
def test_the_engine_refuses_a_bot_that_cheats(game, decision, index, refused):
    """ARCHITECTURE.md: the engine offers every legal move and carries out the one chosen,
    "so a bot cannot cheat". Seed 003 sets the limits a cheat breaks: a card from the hand,
    "you can stop at any time" within the steps, wax from the supply, a wind direction or the
    windstill icon, bullets "up to 5 hits in total", one of the 2 face-up Motivation Cards or
    the deck."""
    race = race_of(game, ("wei", "black", Cheat(decision)))
    put(race.players[0], index)
    race.rng = LoadedDice(0, 0, 0, 0, 0)
    with pytest.raises(IllegalMove) as refusal:
        play_round(race)
    assert "the cheating bot playing Wei (black skis) chose a " in str(refusal.value)
    assert refused in str(refusal.value)
    assert not any(" plays " in line for line in race.log)  # the turn never completed


@pytest.mark.parametrize("bot", sorted(BOTS))
def test_whole_races_end_and_replay_move_by_move(game, bot):
    def run() -> list[str]:
        race = new_race(
            game, "loop", ["wei", "owens"], ["red", "black"], [BOTS[bot]] * 2, random.Random(7)
        )
        return play(race).log

    assert run() == run() and any(" wins" in line or " is out" in line for line in run())
