"""DARK BLADES' rules around a fight, each on a hand-built situation with the real data:
horsemen across two hexes, Freeze, trolls, advancing, shortbows, mules and loose horses."""

from __future__ import annotations

from authoring.games.darkblades.checks import ODDS
from authoring.games.darkblades.combat import (
    Condition,
    Situation,
    animal_suffers,
    attack_column,
    burn,
    frozen,
    horseman_cover,
    horseman_footing,
    may_act,
    may_advance,
    may_fire_over,
    may_mount,
    regenerate,
    retreating_animals,
    suffer,
    table_for,
)
from authoring.games.darkblades.maps import Hex, parse_hex

GAME = "darkblades"  # game, validation and model: the shared fixtures in conftest.py


def at(number: str) -> Hex:
    hex = parse_hex(number)
    assert hex is not None
    return hex


def key(model, table, code):
    return model.combat_tables[table].keys[code]


def odds(column: int | None) -> str:
    assert column is not None
    return ODDS[column]


def terrain(model, name):
    return next(t for t in model.terrain if t.name == name)


def test_a_horseman_fights_from_the_worse_of_his_two_hexes(model):
    """The seed: "Mounted characters are considered to be in the most disadvantageous
    terrain of the two hexes they occupy for combat purposes."

    Simon rides with his horse's head among trees (+) and its tail in marsh (-); a Mon-Oger
    (sword) on open ground (0) attacks him: the horseman counts as in the marsh."""
    trees, marsh = terrain(model, "Tree").advantage, terrain(model, "Marsh").advantage
    assert (trees, marsh) == ("+", "-")
    footing = horseman_footing(trees, marsh)
    assert footing == horseman_footing(marsh, trees) == "-"
    assert horseman_footing("0", "+") == "0"
    simon = model.characters["simon"].face("mounted")
    mon_oger = model.characters["mon_oger_sword"].face("healthy")
    column = attack_column(
        model, [mon_oger.attack], [simon.defence], Situation(defender_terrain=footing)
    )
    assert (mon_oger.attack, simon.defence) == (10, 8)
    assert odds(column) == "2-1"  # 1-1 moved one column right by the rider's marsh


def test_a_horseman_takes_the_heavier_cover_of_his_two_hexes(model):
    """The seed: "A mounted character occupies two hexes. For cover classification he is
    considered to be totally in cover of the HEAVIER type."

    A crossbow (30 at short range) shoots at Simon (defence 8) whose horse stands half on
    open ground, half on a slope lip the bolt crosses (medium cover): 3-1 becomes 1-1."""
    assert horseman_cover(model, "none", "medium") == "medium"
    assert horseman_cover(model, "light", "none") == "light"
    assert horseman_cover(model, "medium", "infinite") == "infinite"
    cover = horseman_cover(model, "none", terrain(model, "Slope").cover)
    column = attack_column(model, [30], [8], Situation(cover=cover), missile=True)
    assert odds(column) == "1-1"
    blocked = horseman_cover(model, "light", "infinite")
    assert attack_column(model, [30], [8], Situation(cover=blocked), missile=True) is None


def test_freeze_stops_the_victim_and_leaves_him_a_stunned_target(model):
    """The card: "Target cannot perform any action in his next turn. If attacked, counts
    as stunned target." "Will not affect Dark Blades or The Black Fox."

    A frozen Mon-Oger (sword) defends with his stunned face's 2, not his 6, and a stun
    or a wound kills him, as it kills a stunned man."""
    mon_oger = model.characters["mon_oger_sword"]
    ice = frozen(model, mon_oger, Condition())
    assert ice.frozen and not may_act(ice) and may_act(Condition())
    assert ice.target_face == "stunned" and Condition().target_face == "healthy"
    assert mon_oger.face(ice.target_face).defence == 2
    assert odds(attack_column(model, [14], [mon_oger.face(ice.target_face).defence])) == "7-1"
    assert suffer(ice, key(model, "CRT_InfVsInf", "D")).health == "dead"
    assert suffer(ice, key(model, "CRT_InfVsInf", "E")).health == "dead"
    assert suffer(Condition(), key(model, "CRT_InfVsInf", "D")).health == "stunned"
    assert suffer(ice, key(model, "CRT_InfVsInf", "C")).health == "healthy"
    for immune in ("dark_blades", "black_fox"):
        assert not frozen(model, model.characters[immune], Condition()).frozen


def test_an_unburnt_troll_regenerates_and_a_burnt_one_stays_ashes(model):
    """The seed: "the troll will regenerate by 'half strength' at the players last step. A
    dead troll will become wounded, a wounded or stunned troll goes to full strength." To
    stop it, "place a 'flames' counter on the dead troll counter(s) at the end of the
    combat step"."""
    assert model.characters["troll"].special == "regenerates"
    killed = suffer(Condition(), key(model, "CRT_InfVsInf", "F"))
    assert regenerate(killed).health == "wounded"
    assert regenerate(regenerate(killed)).health == "healthy"
    assert regenerate(Condition("stunned")).health == "healthy"
    ashes = burn(killed)
    assert ashes.burnt and regenerate(ashes).health == "dead"
    assert not burn(Condition("wounded")).burnt  # only the dead are burnt


def test_the_attacker_may_advance_when_the_defender_dies_or_falls_back(model):
    """The seed: "If as a result of combat, the defender is killed, or forced to retreat,
    the attacker may advance into defender hex IMMEDIATELY ... If the attacker is adjacent
    to any live enemy characters, he may not advance in this way."

    The attacker stands at J11 and his enemy at K11; a second enemy may stand at J13 (two
    hexes away) or at I11 (next to him)."""
    attacker = at("J11")
    killed, retreat = key(model, "CRT_InfVsInf", "F"), key(model, "CRT_InfVsInf", "C")
    stunned, fell_back = key(model, "CRT_InfVsInf", "D"), key(model, "CRT_InfVsInf", "B")
    far, near = at("J13"), at("I11")
    assert attacker.distance(far) == 2 and attacker.distance(near) == 1
    assert may_advance(killed, retreated=False, attacker=attacker, live_enemies=[far])
    assert may_advance(retreat, retreated=True, attacker=attacker, live_enemies=[far])
    assert not may_advance(retreat, retreated=False, attacker=attacker, live_enemies=[far])
    assert not may_advance(stunned, retreated=False, attacker=attacker, live_enemies=[far])
    assert not may_advance(fell_back, retreated=True, attacker=attacker, live_enemies=[])
    assert not may_advance(killed, retreated=False, attacker=attacker, live_enemies=[near])


def test_only_shortbows_fire_over_characters_and_only_so_far(model):
    """The seed: "Only shortbows may fire over intervening characters, they may fire over
    a maximum of 4 intervening characters providing: 1. None of the intervening characters
    are adjacent to the target. 2. The target is either in the open or in light cover
    only."

    An archer at A11 shoots east along row 11 at a target at K11."""
    assert model.characters["elf_mercenary_shortbow"].face("healthy").weapon == "shortbow"
    target = at("K11")
    four = [at("C11"), at("D11"), at("E11"), at("F11")]
    assert may_fire_over("shortbow", four, target, "none")
    assert may_fire_over("shortbow", four, target, "light")
    assert not may_fire_over("shortbow", four, target, "medium")
    assert not may_fire_over("shortbow", [*four, at("G11")], target, "none")
    assert not may_fire_over("shortbow", [at("J11")], target, "none")  # next to the target
    assert not may_fire_over("crossbow", [at("C11")], target, "none")
    assert may_fire_over("crossbow", [], target, "medium")


def test_a_pack_mule_is_attacked_on_the_mounted_table_and_only_the_animal_counts(model):
    """The seed: "Use the table for a mounted target/opponent and when obtaining a result
    ignore RIDER casualties. If a pack mule is retreated, and is part of a string of mules,
    ALL mules will retreat - characters leading mules will not retreat in this instance."

    A Mon-Oger attacks the first of three mules Simon leads in file."""
    sheet = table_for(model, missile=False, attacker_mounted=False, target="animal")
    assert sheet == "CRT_InfVsMtd"
    assert table_for(model, missile=True, attacker_mounted=False, target="animal") == (
        "CRT_MslVsMtd"
    )
    assert table_for(model, missile=False, attacker_mounted=True, target="infantry") == (
        "CRT_MtdVsInf"
    )
    mule = Condition()
    # A rider's wound, stun or death touches no one: the mule carries no rider.
    for code in ("D", "F", "G"):
        assert animal_suffers(mule, key(model, sheet, code)).health == "healthy"
    # Only a result that kills the horse kills the mule (missiles against mounted, F).
    assert animal_suffers(mule, key(model, "CRT_MslVsMtd", "F")).health == "dead"
    assert animal_suffers(mule, key(model, "CRT_MslVsMtd", "E")).health == "healthy"
    string = ("mule_1", "mule_2", "mule_3")
    driven = key(model, sheet, "E")
    assert driven.retreat_hexes == 1
    assert retreating_animals(driven, "mule_1", string) == string  # Simon stays put
    assert retreating_animals(driven, "mule_4", string) == ("mule_4",)
    assert retreating_animals(key(model, sheet, "D"), "mule_1", string) == ()


def test_who_may_mount_a_horse_and_that_nobody_rides_a_mule(model):
    """The seed: "Pack mules are treated in the same manner as riderless horses -
    exception pack mules may never be mounted." "Only characters who started the game as
    mounted characters may remount horses acquired as a result of combat." "Wounded
    characters may not mount/remount horses.\""""
    simon, mon_oger = model.characters["simon"], model.characters["mon_oger_sword"]
    assert may_mount(simon, Condition(), animal="horse", started_mounted=True)
    assert not may_mount(simon, Condition(), animal="mule", started_mounted=True)
    assert not may_mount(simon, Condition("wounded"), animal="horse", started_mounted=True)
    assert not may_mount(simon, Condition(), animal="horse", started_mounted=False)
    assert not may_mount(mon_oger, Condition(), animal="horse", started_mounted=True)
    # A horse whose rider is thrown stands riderless, defence 4 like a mule.
    assert (
        simon.face("riderless_horse").defence
        == model.characters["pack_mule"].face("healthy").defence
    )
