"""DARK BLADES' scenario one, the Arena, played on its maps: each scenario rule on a
hand-built situation with the real data, then the report and its reproducibility."""

from __future__ import annotations

import random

import pytest

from authoring.games.darkblades import arena
from authoring.games.darkblades.arena import (
    CHALLENGER_GROUP,
    FOX_SIDE,
    GUARDS,
    HERO_SIDE,
    MAIN,
    RESCUERS,
    Arena,
    Piece,
    board_for,
    set_up,
    simulate,
)
from authoring.games.darkblades.combat import Condition
from authoring.games.darkblades.maps import Hex, parse_hex
from authoring.simulation import Proportion, run_rng

GAME = "darkblades"  # game, validation and model: the shared fixtures in conftest.py


class Dice(random.Random):
    """A die that shows the faces it is given, in order, and fails the test if rolled once
    more than planned."""

    def __init__(self, *faces: int) -> None:
        super().__init__(0)
        self.faces = list(faces)

    def randint(self, low: int, high: int) -> int:
        assert self.faces, "the die was rolled more often than the situation allows"
        return self.faces.pop(0)


def on_arena(model, number: str) -> Hex:
    """A hex of the Arena map by its printed number, where scenario one lays it: right of
    the Watermill."""
    hex = parse_hex(number)
    assert hex is not None
    return Hex(hex.row, hex.column + model.maps["MapWatermill"].columns)


def on_watermill(number: str) -> Hex:
    hex = parse_hex(number)
    assert hex is not None
    return hex


def piece(model, character: str, group: str, hex: Hex, health: str = "healthy") -> Piece:
    side = FOX_SIDE if group in (GUARDS, CHALLENGER_GROUP) else HERO_SIDE
    return Piece(
        model.characters[character].name,
        model.characters[character],
        side,
        group,
        hex,
        Condition(health=health),  # type: ignore[arg-type]
    )


def health(piece: Piece) -> str:
    return piece.condition.health


def test_the_opening_is_set_as_the_scenario_says(model):
    """The seed: "Place the allotted goblins and dwarves around the arena. Place "Dark
    Blades" on any hex in the arena and place the Dworc opposite him - 6 hexes away.
    Sunfire, Quill, and the rescue party should be placed in hexes on Map 2 - The Water
    Mill - on the mill side of the river.\""""
    board = board_for(model)
    game = set_up(model, board, run_rng(1, 0))
    hero = game.hero
    (dworc,) = game.challengers()
    assert dworc.character.id == "dworc"
    assert hero.hex in board.floor and dworc.hex in board.floor
    assert hero.hex.distance(dworc.hex) == 6
    guards = game.guards()
    assert len(guards) == 15
    assert {g.character.id for g in guards} == {"goblin_leader", "goblin", "black_dwarf"}
    # round the arena, on the rim: none can reach Dark Blades before it is roused
    assert all(min(g.hex.distance(f) for f in board.floor) == 2 for g in guards)
    assert len({g.hex for g in guards}) == 15
    rescuers = [p for p in game.pieces if p.group == RESCUERS]
    assert len(rescuers) == 9
    mill_side = model.maps["MapWatermill"]
    assert all(p.hex in mill_side and p.hex.row <= 6 for p in rescuers)
    # the same opening whatever the run: only the dice differ
    again = set_up(model, board, run_rng(1, 99))
    assert [p.hex for p in again.pieces] == [p.hex for p in game.pieces]


def test_each_beaten_creature_is_replaced_in_order_and_round_again(model):
    """The seed: "As each opponent to "Dark Blades" is defeated/killed, replace it with
    another. The order of replacement is 1. Dworc, 2. Gargoyle, 3. Dragon. Each creature
    can be used more than once if necessary."

    Each comes in on the arena floor 6 hexes from Dark Blades; once the last guard is dead
    nobody is left to let another in."""
    board = board_for(model)
    hero = piece(model, "dark_blades", MAIN, on_arena(model, "G11"))
    guard = piece(model, "goblin", GUARDS, on_arena(model, "G6"))
    first = piece(model, "dworc", CHALLENGER_GROUP, on_arena(model, "M11"))
    game = Arena(model, board, [hero, guard, first], run_rng(1, 0))
    seen = []
    for _ in range(4):
        (creature,) = game.challengers()
        seen.append(creature.character.id)
        assert creature.hex in board.floor and creature.hex.distance(hero.hex) == 6
        creature.condition = Condition(health="dead")
        game.send_challenger()
    assert seen == ["dworc", "gargoyle", "dragon", "dworc"]
    assert game.sent == {"dworc": 2, "gargoyle": 2, "dragon": 1}
    game.challengers()[0].condition = Condition(health="dead")
    guard.condition = Condition(health="dead")
    game.send_challenger()
    assert game.challengers() == []
    assert game.decided == HERO_SIDE


def opening_with(model, creature: str, hero_health: str = "healthy") -> Arena:
    """The scenario's opening, with `creature` in the arena instead of the Dworc."""
    board = board_for(model)
    pieces = set_up(model, board, run_rng(1, 0)).pieces
    for index, p in enumerate(pieces):
        if p.group == CHALLENGER_GROUP:
            pieces[index] = piece(model, creature, CHALLENGER_GROUP, p.hex)
        if p.group == MAIN:
            p.condition = Condition(health=hero_health)  # type: ignore[arg-type]
    return Arena(model, board, pieces, Dice(10, 10, 10, 10))


def test_the_rescue_party_waits_for_the_first_dragon_or_for_trouble(model):
    """The seed: "The "Dark Blades" player can move "Dark Blades" in the arena but should
    not move the other characters until the first dragon is in the arena ... If "Dark
    Blades" is in serious trouble before then they may move in to rescue him."

    Trouble is read as Dark Blades stunned or wounded."""
    waiting = opening_with(model, "dworc")
    rescuers = [p for p in waiting.pieces if p.group == RESCUERS]
    posts = [p.hex for p in rescuers]
    waiting.half(HERO_SIDE)
    assert waiting.rescue == arena.WAITING
    assert [p.hex for p in rescuers] == posts

    for creature, health, reason in (
        ("dragon", "healthy", arena.DRAGON),
        ("dworc", "wounded", arena.HURT),
        ("gargoyle", "stunned", arena.HURT),
    ):
        game = opening_with(model, creature, health)
        game.half(HERO_SIDE)
        assert game.rescue == reason, creature
        party = [p.hex for p in game.pieces if p.group == RESCUERS]
        assert all(now != then for now, then in zip(party, posts, strict=True)), creature


def test_the_guards_hold_still_until_a_rescuer_comes_within_5_hexes(model):
    """The seed: "The goblins and dwarves may not be moved until any member of the rescue
    party moves to within 5 hexes of a goblin or dwarf."

    Thrugg sets off from the Watermill's bank (R6), 7 hexes from a goblin at the Arena's E2,
    and heads for it, the enemy nearest the wounded Dark Blades: his first move brings him
    within 5. (Dark Blades is more than a goblin's move from it, so the rescue party has no
    reason to hold back.)"""
    board = board_for(model)
    hero = piece(model, "dark_blades", MAIN, on_arena(model, "G11"), "wounded")
    thrugg = piece(model, "thrugg", RESCUERS, on_watermill("R6"))
    goblin = piece(model, "goblin", GUARDS, on_arena(model, "E2"))
    assert thrugg.hex.distance(goblin.hex) == 7
    assert hero.hex.distance(goblin.hex) > goblin.face.movement + 1  # type: ignore[operator]
    game = Arena(model, board, [hero, thrugg, goblin], Dice())
    game.move(FOX_SIDE)
    assert goblin.hex == on_arena(model, "E2") and not game.guards_roused
    game.check_rescue()
    game.move(HERO_SIDE)
    assert thrugg.hex.distance(goblin.hex) <= 5
    assert game.guards_roused
    game.move(FOX_SIDE)
    assert goblin.hex != on_arena(model, "E2")

    for distance, roused in ((6, False), (5, True)):
        quiet = Arena(model, board, [hero, thrugg, goblin], Dice())
        thrugg.hex = Hex(goblin.hex.row, goblin.hex.column - distance)
        quiet.rouse_guards(thrugg)
        assert quiet.guards_roused == roused, distance


def test_the_gargoyles_breath_reaches_the_first_character_in_line_up_to_10_hexes(model):
    """The seed: the breath "has a range of 1-10 hexes, but can only affect the first
    character ... along the line of effect"; "The Gargoyle has an attack strength of 20
    when using its breath, and cannot be affected by an adverse combat result when
    attacking in this way."

    The Gargoyle stands at the floor's west end (G11), Dark Blades on the same row of hexes
    at M11, a goblin between them at J11."""
    board = board_for(model)
    gargoyle = piece(model, "gargoyle", CHALLENGER_GROUP, on_arena(model, "G11"))
    hero = piece(model, "dark_blades", MAIN, on_arena(model, "M11"))
    goblin = piece(model, "goblin", GUARDS, on_arena(model, "J11"))
    game = Arena(model, board, [gargoyle, hero, goblin], Dice())
    assert game.breath_targets(gargoyle.hex) == [goblin]
    goblin.hex = on_arena(model, "J6")
    assert game.breath_targets(gargoyle.hex) == [hero]
    # 11 hexes along the row is out of reach
    hero.hex = Hex(gargoyle.hex.row, gargoyle.hex.column + 11)
    assert game.breath_targets(gargoyle.hex) == []

    # 20 against Dark Blades' 8 is 2-1, where a 6 wounds the attacker: not the breath
    hero.hex = on_arena(model, "M11")
    game.rng = Dice(6)
    game.fight(FOX_SIDE)
    assert health(gargoyle) == health(hero) == "healthy"
    # hand to hand (14 against 8 is 1-1) a 4 wounds the Gargoyle
    hero.hex = on_arena(model, "H11")
    game.rng = Dice(4)
    game.attack([gargoyle], hero)
    assert health(gargoyle) == "wounded"


def test_a_retreat_must_end_away_from_enemies_or_it_wounds(model):
    """The seed: "A retreating character may not stack with other characters, nor may it
    move adjacent to an enemy character. Retreating characters may move through friendly
    characters. If unable to retreat, the character is wounded instead." And "If as a
    result of combat, the defender is killed, or forced to retreat, the attacker may advance
    into defender hex IMMEDIATELY".

    Dark Blades (14) attacks the Dworc (9) at 1-1, where a 2 makes the defender retreat.
    With Sunfire at L10, the one hex it may fall back to is K12."""
    board = board_for(model)
    hero = piece(model, "dark_blades", MAIN, on_arena(model, "J11"))
    dworc = piece(model, "dworc", CHALLENGER_GROUP, on_arena(model, "K11"))
    sunfire = piece(model, "sunfire", RESCUERS, on_arena(model, "L10"))
    open_game = Arena(model, board, [hero, dworc, sunfire], Dice(2))
    open_game.attack([hero], dworc)
    assert health(dworc) == "healthy"
    assert dworc.hex == on_arena(model, "K12")
    assert hero.hex == on_arena(model, "K11")  # he follows up

    hero.hex, dworc.hex = on_arena(model, "J11"), on_arena(model, "K11")
    others = [
        piece(model, name, RESCUERS, there)
        for name, there in zip(
            ("sunfire", "quill", "grast", "hohmley", "laberne"),
            (there for _, there in dworc.hex.neighbours() if there != hero.hex),
            strict=True,
        )
    ]
    closed_game = Arena(model, board, [hero, dworc, *others], Dice(2))
    closed_game.attack([hero], dworc)
    assert health(dworc) == "wounded"
    assert dworc.hex == on_arena(model, "K11") and hero.hex == on_arena(model, "J11")


def test_attackers_on_the_same_footing_combine_into_one_attack(model):
    """The seed: "When 2 or more characters attack a single character they may make
    individual attacks, or if they all have the same advantage or disadvantage of terrain
    they may combine their attack strengths into one attack."

    Grast and Hohmley (11 + 10) attack a goblin (2) on the floor: one roll at 10-1. With
    Hohmley on the slope (H7) instead, two rolls: Grast's at 5-1, Hohmley's at 5-1 moved a
    column left for attacking from the worse footing."""
    board = board_for(model)
    goblin_hex = on_arena(model, "H8")
    grast = piece(model, "grast", RESCUERS, on_arena(model, "I8"))
    hohmley = piece(model, "hohmley", RESCUERS, on_arena(model, "H9"))
    goblin = piece(model, "goblin", GUARDS, goblin_hex)
    hero = piece(model, "dark_blades", MAIN, on_arena(model, "M11"))
    assert board.grades[grast.hex] == board.grades[hohmley.hex] == "0"
    together = Arena(model, board, [hero, grast, hohmley, goblin], Dice(10))
    assert together.column([grast, hohmley], goblin) == 10  # 21 / 2 is 10-1
    together.fight(HERO_SIDE)
    assert together.rng.faces == []  # type: ignore[attr-defined]

    hohmley.hex = on_arena(model, "H7")
    goblin.condition = Condition()
    assert board.grades[hohmley.hex] == "-"
    apart = Arena(model, board, [hero, grast, hohmley, goblin], Dice(10, 10))
    assert apart.column([hohmley], goblin) == apart.column([grast], goblin) - 1  # type: ignore[operator]
    apart.fight(HERO_SIDE)
    assert apart.rng.faces == []  # type: ignore[attr-defined]


def test_stunned_pieces_stand_still_and_recover_at_the_end_of_their_half(model):
    """The seed: a stunned character "may not move, fire or attack", and at step 7 "All
    friendly characters stunned during opponents last half turn are flipped back over"."""
    board = board_for(model)
    hero = piece(model, "dark_blades", MAIN, on_arena(model, "G11"))
    dworc = piece(model, "dworc", CHALLENGER_GROUP, on_arena(model, "H11"), "stunned")
    guard = piece(model, "goblin", GUARDS, on_arena(model, "G6"))
    game = Arena(model, board, [hero, dworc, guard], Dice())
    game.half(FOX_SIDE)  # a roll would fail the die
    assert dworc.hex == on_arena(model, "H11")
    assert dworc.condition.health == "healthy"


def test_the_victory_conditions_end_the_game(model):
    """The seed: "Dark Blades wins by destroying the enemy force. The Bad Guys win by
    killing Dark Blades."

    A wounded Dworc is the last of the enemy: Thrugg's 15 against its wounded 4 is 3-1,
    where a 1 wounds it again, which kills it. Then a wounded Dark Blades next to the Dworc
    with a guard still alive: he falls back, the Dworc follows, and its 18 against his 4 is
    4-1, where a 1 kills him."""
    board = board_for(model)
    hero = piece(model, "dark_blades", MAIN, on_arena(model, "M11"))
    thrugg = piece(model, "thrugg", RESCUERS, on_arena(model, "J11"))
    dworc = piece(model, "dworc", CHALLENGER_GROUP, on_arena(model, "K11"), "wounded")
    won = Arena(model, board, [hero, thrugg, dworc], Dice(1))
    assert won.play() == HERO_SIDE
    assert won.turn == 1 and won.beaten == {"dworc": 1}

    hero = piece(model, "dark_blades", MAIN, on_arena(model, "J11"), "wounded")
    dworc = piece(model, "dworc", CHALLENGER_GROUP, on_arena(model, "K11"))
    guard = piece(model, "goblin", GUARDS, on_arena(model, "G6"))
    lost = Arena(model, board, [hero, dworc, guard], Dice(1))
    assert lost.play() == FOX_SIDE
    assert lost.hero_killer == "dworc"


@pytest.fixture(scope="module")
def report(model):
    return simulate(model, 40, 7)


def test_the_figures_do_not_depend_on_the_workers(model, report):
    """Every game draws from its own generator, so two workers give the same figures to
    the last digit; another seed gives others."""
    parallel = simulate(model, 40, 7, workers=2)
    assert [f.as_dict() for f in parallel.figures] == [f.as_dict() for f in report.figures]
    other = simulate(model, 40, 8)
    assert other.figures[0].as_dict() != report.figures[0].as_dict()


def test_the_report_gives_rates_with_intervals_and_names_what_is_left_out(report):
    outcomes, creatures, cost, left_out = report.figures
    assert cost.rows[0][0] == "turns played" and cost.rows[0][1].value >= 1
    rates = [row[1] for row in outcomes.rows]
    assert all(isinstance(rate, Proportion) for rate in rates)
    wins, losses, undecided = rates[:3]
    assert wins.runs == 40 and wins.hits + losses.hits + undecided.hits == 40
    assert [row[0] for row in creatures.rows] == ["Dworc", "Gargoyle", "Dragon"]
    assert creatures.rows[0][1].value >= 1  # the Dworc is always sent in
    rules = " ".join(row[0] for row in left_out.rows)
    assert "spells" in rules and "shortbow" in rules
    assert all(len(row) == 3 and all(row) for row in left_out.rows)  # what, why, and why it holds
    assert "floor" in left_out.rows[0][2]
    assert "guards holding still" in left_out.note and "Gargoyle's breath" in left_out.note
    text = report.as_text()
    assert "Left out of the Arena" in text and "n=40" in text


# --- the policies: how each side plays, within the rules --------------------------------


def test_the_odds_worth_fighting_at_are_read_off_the_infantry_table(model):
    """Policy: a piece attacks only where the table hurts the defender at least as often as
    the attacker. At 1-2 only the attacker can be hurt (a 3 wounds him); at 1-1 a 1 wounds
    the defender and a 4 the attacker; from 7-1 up no face hurts the attacker."""
    table = model.combat_tables[arena.TABLE]
    one_to_two, one_to_one, seven_to_one = 0, 1, 7
    assert not arena.worth_it(table, one_to_two)
    assert arena.worth_it(table, one_to_one)
    assert arena.injuries(table, one_to_one, "defender") == 1
    assert arena.injuries(table, one_to_one, "attacker") == 1
    assert arena.hurts_attacker(table, one_to_one)
    assert arena.hurts_attacker(table, seven_to_one - 1)
    assert not arena.hurts_attacker(table, seven_to_one)


def test_reachable_pays_each_hexs_cost_and_never_passes_an_enemy(model):
    """The seed: each hex "costs" movement points to enter (a slope 2, open ground 1), and
    "Characters may not pass through hexes containing live enemy characters"."""
    board = board_for(model)
    post = board.hero_start
    floor = {there for there, _ in board.steps[post] if there in board.floor}
    slope = {there for there, cost in board.steps[post] if cost == 2}
    assert floor and slope
    assert arena.reachable(board, post, 1, set()) == {post} | floor
    assert slope <= arena.reachable(board, post, 2, set())
    blocker = min(floor)
    assert blocker not in arena.reachable(board, post, 2, {blocker})


def test_dark_blades_waits_on_his_post_and_lets_the_creature_come(model):
    """Policy: before the rescue Dark Blades holds the floor hex nearest his friends and
    does not attack the Dworc: his 14 against its 9 is 1-1, where a 4 would wound him, and
    his death loses the game. Pushed off his post, he walks back to it."""
    game = opening_with(model, "dworc")
    hero = game.hero
    game.half(HERO_SIDE)
    assert hero.hex == game.board.hero_start
    game.half(FOX_SIDE)  # the Dworc comes up and attacks: a 10 at 2-1 does nothing
    (dworc,) = game.challengers()
    assert game.board.adjacent(dworc.hex, hero.hex)
    assert game.rng.faces == [10, 10, 10]  # type: ignore[attr-defined]
    game.half(HERO_SIDE)
    assert game.rng.faces == [10, 10, 10]  # type: ignore[attr-defined]

    pushed = opening_with(model, "dworc")
    pushed.hero.hex = Hex(pushed.board.hero_start.row + 2, pushed.board.hero_start.column + 1)
    assert pushed.hero.hex in pushed.board.floor
    pushed.move(HERO_SIDE)
    assert pushed.hero.hex == pushed.board.hero_start


def test_once_the_rescue_is_under_way_dark_blades_falls_back_to_his_friends(model):
    """Policy: once the rescue party sets off, Dark Blades leaves the fighting to it: he
    ends his move next to no enemy if he can, as near a rescuer as he can get. Wounded he
    has 3 movement points (the slope round the floor costs 2 a hex). The Dworc stands on
    his friends' side of him, so running straight away from it would take him away from
    them too."""
    board = board_for(model)
    hero = piece(model, "dark_blades", MAIN, on_arena(model, "G11"), "wounded")
    dworc = piece(model, "dworc", CHALLENGER_GROUP, on_arena(model, "F11"))
    thrugg = piece(model, "thrugg", RESCUERS, on_watermill("R6"))
    goblin = piece(model, "goblin", GUARDS, on_arena(model, "G16"))
    game = Arena(model, board, [hero, dworc, thrugg, goblin], Dice())
    start = hero.hex
    assert board.adjacent(start, dworc.hex)
    game.check_rescue()
    game.move_hero(hero)
    assert hero.hex in arena.reachable(board, start, 3, {dworc.hex, goblin.hex})
    assert not board.adjacent(hero.hex, dworc.hex)
    assert hero.hex.distance(thrugg.hex) == start.distance(thrugg.hex) - 2

    # with a goblin next to that hex he stops a hex farther from his friends, next to nobody
    nearest = hero.hex
    hero.hex, goblin.hex = start, on_arena(model, "E9")
    assert board.adjacent(nearest, goblin.hex)
    game.move_hero(hero)
    assert not any(board.adjacent(hero.hex, enemy) for enemy in (dworc.hex, goblin.hex))
    assert hero.hex.distance(thrugg.hex) == start.distance(thrugg.hex) - 1


def test_the_rescue_party_keeps_clear_of_the_guards_while_he_is_in_their_reach(model):
    """Policy: woken, every guard may move, and those round the arena are a move from
    Dark Blades; so while he is within a guard's move (and one hex) of one, no rescuer
    steps within 5 hexes of a guard. Once he is clear they may."""
    game = opening_with(model, "dworc", "wounded")
    rescuers = [p for p in game.pieces if p.group == RESCUERS]
    posts = [p.hex for p in rescuers]
    game.check_rescue()
    assert game.rescue == arena.HURT and game.holding_back()
    game.move(HERO_SIDE)
    assert any(p.hex != post for p, post in zip(rescuers, posts, strict=True))
    assert not game.guards_roused
    guards = game.guards()
    assert all(r.hex.distance(g.hex) > arena.GUARDS_WAKE_AT for r in rescuers for g in guards)
    assert game.wake_zone() >= {g.hex for g in guards}

    game.hero.hex = on_watermill("A1")
    assert not game.holding_back()


def test_fighters_gang_up_on_the_foe_they_beat_at_the_best_odds(model):
    """The seed lets attackers on the same footing "combine their attack strengths into
    one attack". Policy: Grast (11) and Thrugg (15), each next to a goblin (2) and a black
    dwarf (8), attack together the one they beat at the better odds: 26 against 2 is
    12-1, against 8 only 3-1. A wounded Quill (4) beside Thrugg against the dwarf: 19
    against 8 is 2-1, where a 6 wounds the weakest attacker, Quill, which would kill him;
    so Thrugg attacks alone, at 1-1."""
    board = board_for(model)
    goblin = piece(model, "goblin", GUARDS, on_arena(model, "J11"))
    dwarf = piece(model, "black_dwarf", GUARDS, on_arena(model, "K11"))
    first, second = sorted(
        {there for _, there in goblin.hex.neighbours()}
        & {there for _, there in dwarf.hex.neighbours()}
    )
    assert board.grades[first] == board.grades[second] == "0"
    grast = piece(model, "grast", RESCUERS, first)
    thrugg = piece(model, "thrugg", RESCUERS, second)
    hero = piece(model, "dark_blades", MAIN, on_watermill("A1"))
    game = Arena(model, board, [hero, grast, thrugg, goblin, dwarf], Dice())
    assert game.gang_up([grast, thrugg]) == [(goblin, [grast, thrugg])]

    quill = piece(model, "quill", RESCUERS, first, "wounded")
    goblin.condition = Condition(health="dead")
    hurt = Arena(model, board, [hero, quill, thrugg, goblin, dwarf], Dice())
    assert hurt.column([quill, thrugg], dwarf) == 2
    assert hurt.gang_up([quill, thrugg]) == [(dwarf, [thrugg])]


def test_a_fighter_comes_up_beside_its_target_on_a_free_hex(model):
    """Policy: a rescuer or woken guard ends its move on a free hex next to its target
    when one is in reach, so that several can gang up on it."""
    board = board_for(model)
    goblin = piece(model, "goblin", GUARDS, on_arena(model, "K11"))
    grast = piece(model, "grast", RESCUERS, on_arena(model, "K14"))
    thrugg = piece(model, "thrugg", RESCUERS, on_arena(model, "L14"))
    hero = piece(model, "dark_blades", MAIN, on_watermill("A1"))
    game = Arena(model, board, [hero, grast, thrugg, goblin], Dice())
    game.guards_roused = True
    grast.hex = game.station(grast, goblin)
    thrugg.hex = game.station(thrugg, goblin)
    assert board.adjacent(grast.hex, goblin.hex) and board.adjacent(thrugg.hex, goblin.hex)
    assert grast.hex != thrugg.hex


def test_woken_guards_go_for_the_weakest_enemy_in_their_reach(model):
    """Policy: a woken guard heads for the enemy in its reach it would attack at the best
    odds, Dark Blades first at equal odds, and strikes at him whenever it can. A goblin's
    6 against the wounded Dark Blades' 4 is 1-1, against Thrugg's 8 only 1-2. With nobody
    in reach it heads for the nearest enemy."""
    board = board_for(model)
    goblin = piece(model, "goblin", GUARDS, on_arena(model, "J11"))
    hero = piece(model, "dark_blades", MAIN, on_arena(model, "J14"), "wounded")
    thrugg = piece(model, "thrugg", RESCUERS, on_arena(model, "K11"))
    game = Arena(model, board, [hero, thrugg, goblin], Dice(10))
    game.guards_roused = True
    assert game.target_of(goblin) is hero

    hero.hex = on_watermill("A1")
    assert game.target_of(goblin) is thrugg

    hero.hex = next(
        there
        for _, there in goblin.hex.neighbours()
        if board.adjacent(there, thrugg.hex) and there in board.floor
    )
    assert game.gang_up([goblin]) == [(hero, [goblin])]
