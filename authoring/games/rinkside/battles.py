"""RINKSIDE HOCKEY's loose puck in the zone (seed L320-L417): a new card's Left face names the
zone-play result, its Right face the offensive and defensive players involved, and the
result's number (red or blue) decides the play against the named player's rating.

Offence-led results (OFFENSE NORMAL, OFFENSE DANGEROUS, O-BATTLE, HOLD PUCK IN, BAD
BOUNCE) may name a *LD/*RD: his coach decides whether he activates (BAD BOUNCE gives no
choice); staying back hands the defence the puck, failing after activating hands it an
automatic rush. Defence-led results (DEFENSE PLAY PUCK, PLAY MAN, TAKEAWAY, D-BATTLE) give
the puck to the Right face's offensive player when the defender fails. The goalie freezes
or moves the puck; six results stop play. Every result resolves to a `zone.ZoneResult`."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import Rinkside, Skater
from authoring.games.rinkside.policy import Coach, ask_activation
from authoring.games.rinkside.state import GameState, TeamSide, other
from authoring.games.rinkside.zone import (
    Hit,
    LoosePuck,
    Outcome,
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
    set_up_shooter,
    skater_at,
    tally_hit,
)

BLUE = 20
OFFENCE_LED = ("OFFENSE NORMAL", "OFFENSE DANGEROUS", "O-BATTLE", "HOLD PUCK IN", "BAD BOUNCE")
DEFENCE_LED = ("DEFENSE PLAY PUCK", "DEFENSE PLAY MAN", "DEFENSE TAKEAWAY", "D-BATTLE")
# The stoppages (L404-L415): whether the faceoff stays in the zone, [T] at even strength
# (L172-L190) and [T] on a power play (L1056: the attacking power play's hand pass or high
# stick, and nothing else here).
STOPPAGES: dict[str, tuple[bool, bool, bool]] = {
    "PUCK OUT OF PLAY": (True, True, False),
    "PUCK FROZEN": (True, True, False),
    "BOARD SCRUM PUCK FROZEN": (True, True, False),
    "HIGH STICK D": (True, True, False),
    "HAND PASS": (False, False, True),
    "HIGH STICK O": (False, False, True),
}


def loose_puck(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    coach: Coach,
    draw: Callable[[], Draw],
) -> ZoneResult:
    """Play a loose puck in `attacking`'s offensive zone on a new card (L320); `coach` is
    the attacking team's, asked about a starred defenceman."""
    shown = draw()
    result = shown.left.zone
    game.log(f"loose puck: {result}")
    if result in OFFENCE_LED:
        return offence_play(model, game, attacking, coach, shown, draw)
    if result in DEFENCE_LED:
        return _defence_play(model, game, attacking, shown)
    if result == "BOARD SCRUM":
        return board_scrum(model, game, attacking, coach, shown)
    if result in ("GOALIE FREEZE PUCK", "GOALIE MOVE PUCK"):
        return _goalie_play(model, game, attacking, shown)
    if result in STOPPAGES:
        in_zone, timed, power_play_timed = STOPPAGES[result]
        zone = end_of(other(attacking)) if in_zone else "neutral"
        return ZoneResult(Stoppage(zone, timed, result.lower(), power_play_timed))
    raise ValueError(f"card {shown.left_card}'s Left face shows no zone play: {result!r}")


def dangerous_play_on_failure(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    coach: Coach,
    shown: Draw,
    draw: Callable[[], Draw],
) -> ZoneResult | None:
    """The special note (L417): when the defence or the goalie fails a play on a draw whose
    Left face shows OFFENSE DANGEROUS, the Right face's offensive player gets that dangerous
    play at once; None when the face shows anything else."""
    if shown.left.zone != "OFFENSE DANGEROUS":
        return None
    game.log("the failed play leaves a dangerous chance")
    return offence_play(model, game, attacking, coach, shown, draw)


def offence_play(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    coach: Coach,
    shown: Draw,
    draw: Callable[[], Draw],
) -> ZoneResult:
    """An offence-led result of the Left face `shown` for the Right face's offensive player
    (L322-L338, L356-L360, L370-L380)."""
    result = shown.left.zone or ""
    defending = other(attacking)
    zone = end_of(defending)
    player = skater_at(game, attacking, shown.right.zone_off)
    starred = (shown.right.zone_off or "").startswith("*")
    rated = "o_battle" if result == "O-BATTLE" else "offense"
    number = shown.left.red if result == "O-BATTLE" else shown.left.blue
    scale = 10 if result == "O-BATTLE" else BLUE
    activated = starred and (
        result == "BAD BOUNCE"  # L378: "the defenseman MUST attempt to play the puck"
        or ask_activation(
            coach,
            game,
            attacking,
            player,
            Fraction(min(offensive(model, game, player, rated), scale), scale),
        )
    )
    if starred and not activated:
        return ZoneResult(Possession(defending, zone, None))
    if number <= offensive(model, game, player, rated):
        hits = physical_hit(model, game, attacking, player, shown) if result == "O-BATTLE" else ()
        made = _offence_made(model, game, attacking, player, shown)
        played = ZoneResult(made, checks(draw_penalty(model, attacking, player, shown)), hits)
    else:
        played = _offence_missed(model, game, attacking, player, shown, draw, activated)
    return played.tried(attacking, player, shown) if result == "O-BATTLE" else played


def _offence_missed(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    player: Skater,
    shown: Draw,
    draw: Callable[[], Draw],
    activated: bool,
) -> ZoneResult:
    """An offence-led result the offensive player missed: the defence's rush, its puck in
    the neutral zone or its recovery, his committed-penalty check first."""
    result, defending = shown.left.zone, other(attacking)
    commit = checks(commit_penalty(model, attacking, player, shown))
    if activated or result == "BAD BOUNCE":
        return ZoneResult(Rush(defending), commit)
    if result == "HOLD PUCK IN":
        return ZoneResult(Possession(defending, "neutral", None), commit)
    recovered = defence_recovers(model, game, defending, shown, draw)
    return recovered.preceded_by(commit)


def _offence_made(
    model: Rinkside, game: GameState, attacking: TeamSide, player: Skater, shown: Draw
) -> Outcome:
    """What an offensive player's recovery leads to: a quality or high-quality chance on a
    dangerous play (L334), a set-up or quality chance on a low enough blue after a normal
    one (L326: both, odd sets up, even shoots), otherwise the puck with every option."""
    result, blue = shown.left.zone, shown.left.blue
    if result == "OFFENSE DANGEROUS":
        if blue <= offensive(model, game, player, "hqs"):
            return ShotChance(player, "hq", "dangerous play")
        return ShotChance(player, "q", "dangerous play")
    if result == "OFFENSE NORMAL":
        sets_up = blue <= offensive(model, game, player, "set_up")
        shoots = blue <= offensive(model, game, player, "quality_shot")
        if sets_up and (not shoots or blue % 2):
            shooter = set_up_shooter(model, game, attacking, player, shown)
            return ShotChance(shooter, "q", "set-up")
        if shoots:
            return ShotChance(player, "q", "quality shot")
    return Possession(attacking, end_of(other(attacking)), player)


def _defence_play(model: Rinkside, game: GameState, attacking: TeamSide, shown: Draw) -> ZoneResult:
    """A defence-led result for the Right face's defensive player (L340-L354, L362-L366):
    made, his team has the puck; missed, the Right face's offensive player has it."""
    result = shown.left.zone
    defending = other(attacking)
    zone = end_of(defending)
    defender = defender_at(game, defending, shown.right.zone_def)
    if defender is None:  # L1090: the same position's offensive player gains the puck
        named = skater_at(game, attacking, shown.right.zone_def)
        return ZoneResult(Possession(attacking, zone, named))
    hits: tuple[Hit, ...] = ()
    if result == "D-BATTLE":
        made = shown.left.blue <= rating(model, defender, "d_battle")
        if made and shown.left.blue <= rating(model, defender, "physical"):
            hits = (delivered_hit(game, defending, defender, big=False),)
    elif result == "DEFENSE TAKEAWAY":
        made = shown.left.red <= rating(model, defender, "takeaway")
    else:
        hit = tally_hit(model, game, defending, defender, shown.left.red, "hit", "big_hit")
        hits = () if hit is None else (hit,)
        if result == "DEFENSE PLAY MAN":
            made = hit is not None
        else:
            made = shown.left.red <= rating(model, defender, "defense")
    if made:
        penalty = draw_penalty(model, defending, defender, shown)
        played = ZoneResult(Possession(defending, zone, defender), checks(penalty), hits)
    else:
        carrier = skater_at(game, attacking, shown.right.zone_off)
        penalty = commit_penalty(model, defending, defender, shown)
        played = ZoneResult(Possession(attacking, zone, carrier), checks(penalty), hits)
    return played.tried(defending, defender, shown)


def board_scrum(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    coach: Coach,
    shown: Draw,
) -> ZoneResult:
    """A board scrum (L370) between the Left face's BOARD SCRUM player (*D: the defenceman
    on the Left face's side) and the Right face's defensive player: the defence wins on a
    blue within D-Battle minus O-Battle (+ `Settings.board_scrum_offset`), a hit too within his
    PHY; above it the offence wins, with the PHYSICAL section's hit if his rating covers
    it. The loser is checked for a committed penalty."""
    defending = other(attacking)
    zone = end_of(defending)
    named = shown.left.zone_who or ""
    if named == "*D":
        named = "LD" if shown.left.side == "L" else "RD"
    attacker = skater_at(game, attacking, named)
    defender = defender_at(game, defending, shown.right.zone_def)
    if defender is None:  # L1090: nobody battles him, the attacker has the puck
        return ZoneResult(Possession(attacking, zone, attacker))
    span = (
        rating(model, defender, "d_battle")
        - offensive(model, game, attacker, "o_battle")
        + model.settings.board_scrum_offset
    )
    activated = False
    if named in ("LD", "RD"):
        wins = Fraction(BLUE - max(0, min(span, BLUE)), BLUE)
        activated = ask_activation(coach, game, attacking, attacker, wins)
        if not activated:
            return ZoneResult(Possession(defending, zone, None))
    hits: tuple[Hit, ...] = ()
    if shown.left.blue <= span:
        hits = (
            (delivered_hit(game, defending, defender, big=False),)
            if shown.left.blue <= rating(model, defender, "physical")
            else ()
        )
        penalty = checks(commit_penalty(model, attacking, attacker, shown))
        outcome: Outcome = Rush(defending) if activated else Possession(defending, zone, defender)
        return ZoneResult(outcome, penalty, hits).tried(defending, defender, shown)
    hits = physical_hit(model, game, attacking, attacker, shown)
    penalty = checks(commit_penalty(model, defending, defender, shown))
    won = ZoneResult(Possession(attacking, zone, attacker), penalty, hits)
    return won.tried(defending, defender, shown)


def _goalie_play(model: Rinkside, game: GameState, attacking: TeamSide, shown: Draw) -> ZoneResult:
    """GOALIE FREEZE PUCK on the blue against Rebound Control (L392-L396); GOALIE MOVE PUCK
    on the red against Control Puck (to a teammate) and Play Puck (to the corner, another
    loose puck) (L398-L402). A miss gives the Right face's offensive player the puck."""
    defending = other(attacking)
    zone = end_of(defending)
    card = model.goalie_cards[game.team(defending).lineup.goalie.goalie_id]
    if shown.left.zone == "GOALIE FREEZE PUCK":
        if shown.left.blue <= card["rebound_control"]:
            frozen = Stoppage(zone, True, "goalie freezes the puck", power_play_timed=True)
            return ZoneResult(frozen)
    elif shown.left.red <= card["control_puck"]:
        return ZoneResult(Possession(defending, zone, None))
    elif shown.left.red <= card["play_puck"]:
        return ZoneResult(LoosePuck(zone))
    return ZoneResult(Possession(attacking, zone, skater_at(game, attacking, shown.right.zone_off)))
