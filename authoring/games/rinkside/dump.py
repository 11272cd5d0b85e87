"""RINKSIDE HOCKEY's dump-in and chase (seed L875-L913): the attacking team shoots the puck
into the defending team's end and the Left face's dump-and-chase section says who goes for
it: the offensive forechecker (FORECHECK), a battle along the boards (D-BATTLE, O-BATTLE),
the goalie (GOALIE, GOALIE RISKY PLAY?), or an icing (ICING, ICING?).

The dump's draw names its players on its Right face (`dump_off`, `dump_def`,
`forecheck_who`, `zone_off`) and the number deciding the play is read on the next draw, the
carried card README §3.5 P06 balances. Every result resolves to a `zone.ZoneResult`; a rush
the goalie starts is `zone.Rush`, played by `rush.py`."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import Rinkside, Skater
from authoring.games.rinkside.policy import Coach, ask_risky_play
from authoring.games.rinkside.saves import Chance
from authoring.games.rinkside.state import GameState, TeamSide, other
from authoring.games.rinkside.zone import (
    Hit,
    LoosePuck,
    Possession,
    Rush,
    ShotChance,
    Stoppage,
    ZoneResult,
    checks,
    commit_penalty,
    defence_recovers,
    defender_at,
    delivered_hit,
    draw_penalty,
    end_of,
    offensive,
    physical_hit,
    rating,
    skater_at,
)

RED = 10
FCO_EXCESS = 20  # a forecheck rating above 20 lets the forechecker keep the puck (L885)


def dump_in(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    defending_coach: Coach,
    draw: Callable[[], Draw],
) -> ZoneResult:
    """`attacking` dumps the puck into the defending team's end (L879): [T] is marked, a new
    draw's Left face gives the play; `defending_coach` answers GOALIE RISKY PLAY?."""
    game.mark_event(even=True, power_play=False)  # L1048: a power play marks no dump-in
    shown = draw()
    play = shown.left.dump
    game.log(f"{game.team(attacking).lineup.team_id} dumps it in: {play}")
    if play == "FORECHECK":
        return forecheck(model, game, attacking, shown, draw)
    if play == "D-BATTLE":
        return defensive_battle(model, game, attacking, shown, draw)
    if play == "O-BATTLE":
        return offensive_battle(model, game, attacking, shown, draw)
    if play == "GOALIE":
        return goalie_plays_it(model, game, attacking, shown, draw)
    if play == "GOALIE RISKY PLAY?":
        return risky_play(model, game, attacking, defending_coach, shown, draw)
    if play == "ICING":
        return ZoneResult(Stoppage(end_of(attacking), False, "icing"))
    if play == "ICING?":
        return maybe_icing(model, game, attacking, shown, draw)
    raise ValueError(f"card {shown.left_card}'s Left face shows no dump-in play: {play!r}")


def forecheck(
    model: Rinkside, game: GameState, attacking: TeamSide, shown: Draw, draw: Callable[[], Draw]
) -> ZoneResult:
    """FORECHECK (L881-L887): the dump draw's offensive dump-and-chase player against the next
    draw's blue on his FCO. Made, the next draw's Right zone-play offensive player has the
    puck (the forechecker himself on a blue within his FCO over 20) and the forechecker hits
    on that face's PHYSICAL action within his Hit or Big Hit rating. Missed, the defence
    recovers, with its hitting strategy's hit, and clears or breaks out."""
    defending = other(attacking)
    zone = end_of(defending)
    chaser = skater_at(game, attacking, shown.right.dump_off)
    decided = draw()
    fco = offensive(model, game, chaser, "forecheck_off")
    if decided.left.blue > fco:
        recovered = defence_recovers(model, game, defending, decided, draw)
        commit = checks(commit_penalty(model, attacking, chaser, decided))
        return recovered.preceded_by(commit).tried(attacking, chaser, decided)
    if decided.left.blue <= fco - FCO_EXCESS:
        carrier = chaser
    else:
        carrier = skater_at(game, attacking, decided.right.zone_off)
    hits = physical_hit(model, game, attacking, chaser, decided)
    penalty = checks(draw_penalty(model, attacking, chaser, decided))
    made = ZoneResult(Possession(attacking, zone, carrier), penalty, hits)
    return made.tried(attacking, chaser, decided)


def defensive_battle(
    model: Rinkside, game: GameState, attacking: TeamSide, shown: Draw, draw: Callable[[], Draw]
) -> ZoneResult:
    """D-BATTLE (L889, as L362-L364): the dump draw's defensive dump-and-chase player against
    the next draw's blue on his D-Battle, a hit too within his PHY; winning, his team clears
    or breaks out with him carrying; losing, that draw's Right zone-play offensive player
    has the puck."""
    defending = other(attacking)
    zone = end_of(defending)
    defender = defender_at(game, defending, shown.right.dump_def)
    if defender is None:  # L1090: the same position's offensive player gains the puck
        named = skater_at(game, attacking, shown.right.dump_def)
        return ZoneResult(Possession(attacking, zone, named))
    decided = draw()
    blue = decided.left.blue
    if blue <= rating(model, defender, "d_battle"):
        hits: tuple[Hit, ...] = ()
        if blue <= rating(model, defender, "physical"):  # a plain hit, as L364
            hits = (delivered_hit(game, defending, defender, big=False),)
        penalty = checks(draw_penalty(model, defending, defender, decided))
        won = ZoneResult(Possession(defending, zone, defender), penalty, hits)
        return won.tried(defending, defender, decided)
    carrier = skater_at(game, attacking, decided.right.zone_off)
    penalty = checks(commit_penalty(model, defending, defender, decided))
    lost = ZoneResult(Possession(attacking, zone, carrier), penalty)
    return lost.tried(defending, defender, decided)


def offensive_battle(
    model: Rinkside, game: GameState, attacking: TeamSide, shown: Draw, draw: Callable[[], Draw]
) -> ZoneResult:
    """O-BATTLE (L891, as L356-L360): the dump draw's offensive dump-and-chase player against
    the next draw's red on his O-Battle, hitting on its PHYSICAL action; winning, that
    draw's Right zone-play offensive player has the puck; losing, the defence recovers as
    after any failed offensive play."""
    defending = other(attacking)
    zone = end_of(defending)
    chaser = skater_at(game, attacking, shown.right.dump_off)
    decided = draw()
    if decided.left.red <= offensive(model, game, chaser, "o_battle"):
        hits = physical_hit(model, game, attacking, chaser, decided)
        carrier = skater_at(game, attacking, decided.right.zone_off)
        penalty = checks(draw_penalty(model, attacking, chaser, decided))
        won = ZoneResult(Possession(attacking, zone, carrier), penalty, hits)
        return won.tried(attacking, chaser, decided)
    recovered = defence_recovers(model, game, defending, decided, draw)
    commit = checks(commit_penalty(model, attacking, chaser, decided))
    return recovered.preceded_by(commit).tried(attacking, chaser, decided)


def goalie_plays_it(
    model: Rinkside, game: GameState, attacking: TeamSide, shown: Draw, draw: Callable[[], Draw]
) -> ZoneResult:
    """GOALIE (L893-L899): the next draw's red on the goalie's card: within Control Puck to a
    teammate (clear or breakout), within Play Puck to the corner (a loose puck), above it
    that draw's Right zone-play offensive player has the puck."""
    defending = other(attacking)
    zone = end_of(defending)
    card = model.goalie_cards[game.team(defending).lineup.goalie.goalie_id]
    decided = draw()
    red = decided.left.red
    if red <= card["control_puck"]:
        return ZoneResult(Possession(defending, zone, None))
    if red <= card["play_puck"]:
        return ZoneResult(LoosePuck(zone))
    carrier = skater_at(game, attacking, decided.right.zone_off)
    return ZoneResult(Possession(attacking, zone, carrier))


def risky_play(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    defending_coach: Coach,
    shown: Draw,
    draw: Callable[[], Draw],
) -> ZoneResult:
    """GOALIE RISKY PLAY? (L901-L907): the defending coach decides, seeing the dump draw's
    Right zone-play offensive player (the threat). Going for it, the next draw's red: within
    Control Puck he starts a rush; within Play Puck an odd red to a teammate (clear or
    breakout), an even one to the corner; above it the threat gets a dangerous play at once.
    Staying home, the threat has the puck and a new draw's Left zone play decides: OFFENSE
    DANGEROUS gives him that dangerous play, anything else the puck with every option."""
    defending = other(attacking)
    zone = end_of(defending)
    card = model.goalie_cards[game.team(defending).lineup.goalie.goalie_id]
    threat = skater_at(game, attacking, shown.right.zone_off)
    success = Fraction(min(card["play_puck"], RED), RED)
    if ask_risky_play(defending_coach, game, defending, threat, success):
        decided = draw()
        red = decided.left.red
        if red <= card["control_puck"]:
            return ZoneResult(Rush(defending))
        if red <= card["play_puck"]:
            if red % 2:
                return ZoneResult(Possession(defending, zone, None))
            return ZoneResult(LoosePuck(zone))
        return dangerous_play(model, game, attacking, threat, decided, draw)
    decided = draw()
    if decided.left.zone == "OFFENSE DANGEROUS":
        return dangerous_play(model, game, attacking, threat, decided, draw)
    return ZoneResult(Possession(attacking, zone, threat))


def dangerous_play(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    threat: Skater,
    decided: Draw,
    draw: Callable[[], Draw],
) -> ZoneResult:
    """An automatic OFFENSE DANGEROUS (L334-L338) for `threat` on `decided`'s blue: within
    his Offense a quality shot, a high-quality one within his HQS too; above it the defence
    recovers with its hitting. No activation question: the seed gives the play to him."""
    game.log(f"{threat.name} gets a dangerous chance")
    blue = decided.left.blue
    if blue <= offensive(model, game, threat, "offense"):
        chance: Chance = "hq" if blue <= offensive(model, game, threat, "hqs") else "q"
        penalty = checks(draw_penalty(model, attacking, threat, decided))
        return ZoneResult(ShotChance(threat, chance, "dangerous play"), penalty)
    recovered = defence_recovers(model, game, other(attacking), decided, draw)
    commit = checks(commit_penalty(model, attacking, threat, decided))
    return recovered.preceded_by(commit)


def maybe_icing(
    model: Rinkside, game: GameState, attacking: TeamSide, shown: Draw, draw: Callable[[], Draw]
) -> ZoneResult:
    """ICING? (L911): the dump draw's Right forechecker against the next draw's blue on his
    FCO: within it he beats the defender, a loose puck in the defending team's end; above
    it the icing stands, a faceoff in the dumping team's end."""
    chaser = skater_at(game, attacking, shown.right.forecheck_who)
    decided = draw()
    if decided.left.blue <= offensive(model, game, chaser, "forecheck_off"):
        return ZoneResult(LoosePuck(end_of(other(attacking))))
    return ZoneResult(Stoppage(end_of(attacking), False, "icing"))
