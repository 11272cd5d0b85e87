"""RINKSIDE HOCKEY's neutral zone (seed L794-L873): a team with the puck in the neutral zone
meets a stop light. A new draw's Left face shows RED (a defender stands up: challenge him
or dump the puck in), YELLOW (a matchup on NEU, or a chip and chase, a skate or a pass into
the zone) or GREEN (skate in, start a rush or shoot from centre ice); its Right face names
the carrier (`nz_off`) and its Left face the defender (`nz_defender`), read together on one
draw (README §3.5 P24-P25).

A failed play reads the Right face's FAILED NEUTRAL ZONE PLAY (L860-L871). Every rule
resolves to a `zone.ZoneResult`, among whose outcomes are this slice's: the dump-in
(`DumpIn`, played by `dump.py`), a failed rush (`FailedRush`, played by the rush slice), a
stop light the forecheck forces (`ForcedScenario`) and the centre-ice shot
(`CentreIceShot`)."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import Rinkside, Skater
from authoring.games.rinkside.momentum import award
from authoring.games.rinkside.policy import Coach, NeutralPlay, ask_neutral_play
from authoring.games.rinkside.pregame import confidence_check
from authoring.games.rinkside.saves import stopped
from authoring.games.rinkside.state import GameState, TeamSide, other
from authoring.games.rinkside.zone import (
    CentreIceShot,
    Colour,
    DumpIn,
    FailedRush,
    Hit,
    LoosePuck,
    Possession,
    Rush,
    ShotChance,
    Stoppage,
    ZoneResult,
    checks,
    commit_penalty,
    defender_at,
    draw_penalty,
    end_of,
    offensive,
    physical_hit,
    rating,
    set_up_shooter,
    skater_at,
    tally_hit,
)

RED = 10
BLUE = 20
BLACK = 100


def picks_up(game: GameState, shown: Draw) -> TeamSide:
    """A puck loose in the neutral zone (L742, L824): the new draw's Right H or V says
    whether the home or the visiting team picks it up; play goes on with the stop light of
    that same card ("If H is showing … the Neutral Zone Red, Green or Yellow determines the
    play")."""
    if shown.right.hv not in ("H", "V"):
        raise ValueError(f"card {shown.right_card}'s Right face shows no H/V")
    side: TeamSide = "home" if shown.right.hv == "H" else "visitor"
    game.log(f"{side} picks up the loose puck in the neutral zone")
    return side


def neutral_zone(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    coach: Coach,
    draw: Callable[[], Draw],
    colour: Colour | None = None,
    shown: Draw | None = None,
) -> ZoneResult:
    """`side` has the puck in the neutral zone: a new draw's Left stop light (or the forced
    `colour`) with that draw's carrier and defender (L806-L842); `shown` is a card already
    drawn whose stop light is read (the loose puck's H/V card, L824)."""
    shown = shown or draw()
    light = colour or shown.left.nz_colour
    carrier = skater_at(game, side, shown.right.nz_off)
    game.log(f"neutral zone {light}: {carrier.name} has the puck")
    if light == "RED":
        return neutral_red(model, game, side, coach, carrier, shown, draw)
    if light == "YELLOW":
        return neutral_yellow(model, game, side, carrier, shown, draw)
    if light == "GREEN":
        forced = shown if colour == "GREEN" else None
        return neutral_green(model, game, side, coach, carrier, draw, forced)
    raise ValueError(f"card {shown.left_card}'s Left face shows no stop light: {light!r}")


def neutral_red(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    coach: Coach,
    carrier: Skater,
    shown: Draw,
    draw: Callable[[], Draw],
) -> ZoneResult:
    """RED (L806-L816): the Left face's defender stands up; the coach challenges him or
    dumps the puck in. A challenge reads a new draw's Left red on the defender's Defense:
    within it he stops the carrier (a hit within NZ-H, a big one within NZ-B) and that
    draw's Right FAILED NEUTRAL ZONE PLAY follows; above it the carrier skates in."""
    rival = other(side)
    defender = defender_at(game, rival, shown.left.nz_defender)
    if defender is None:  # L1096: nobody stands him up, he skates in
        game.log(f"{carrier.name} finds his lane open")
        return skate_in(model, game, side, carrier, draw)
    defense = rating(model, defender, "defense")
    chances: dict[NeutralPlay, Fraction] = {
        "challenge": Fraction(RED - min(defense, RED), RED),
        "dump in": Fraction(1),
    }
    if ask_neutral_play(coach, game, side, carrier, chances) == "dump in":
        return ZoneResult(DumpIn(side, carrier))
    attempt = draw()
    red = attempt.left.red
    if red <= defense:
        hit = tally_hit(model, game, rival, defender, red, "nz_hit", "nz_big_hit")
        game.log(f"{defender.name} stands up {carrier.name}")
        failed = failed_neutral_play(model, game, side, attempt, draw)
        made = checks(draw_penalty(model, rival, defender, attempt))
        hits = (() if hit is None else (hit,)) + failed.hits
        return ZoneResult(failed.outcome, made + failed.penalties, hits)
    game.log(f"{carrier.name} skates around {defender.name}")
    commit = checks(commit_penalty(model, rival, defender, attempt))
    entered = skate_in(model, game, side, carrier, draw)
    return entered.preceded_by(commit)


def neutral_yellow(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    carrier: Skater,
    shown: Draw,
    draw: Callable[[], Draw],
) -> ZoneResult:
    """YELLOW (L818-L840): a MATCHUP on NEU against the Left face's defender, or the
    carrier's CHIP & CHASE or SKATE INTO ZONE (a new draw's Left blue on his Offense) or
    PASS INTO ZONE (a new draw's Black #100 on his Pass, the Right face's zone-play
    offensive player taking the puck)."""
    play = shown.left.nz_yellow
    if play == "MATCHUP":
        return matchup(model, game, side, carrier, shown, draw)
    if play not in ("CHIP & CHASE", "SKATE INTO ZONE", "PASS INTO ZONE"):
        raise ValueError(f"card {shown.left_card}'s Left face shows no yellow play: {play!r}")
    attempt = draw()
    if play == "PASS INTO ZONE":
        made = attempt.black100 <= offensive(model, game, carrier, "pass")
    else:
        made = attempt.left.blue <= offensive(model, game, carrier, "offense")
    if not made:
        game.log(f"{carrier.name}: {play.lower()} fails")
        commit = checks(commit_penalty(model, side, carrier, attempt))
        failed = failed_neutral_play(model, game, side, draw(), draw)
        return failed.preceded_by(commit)
    penalty = checks(draw_penalty(model, side, carrier, attempt))
    game.log(f"{carrier.name}: {play.lower()} comes off")
    if play == "PASS INTO ZONE":
        receiver = skater_at(game, side, attempt.right.zone_off)
        return ZoneResult(Possession(side, end_of(other(side)), receiver), penalty)
    entered = skate_in(model, game, side, carrier, draw)
    return entered.preceded_by(penalty)


def matchup(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    carrier: Skater,
    shown: Draw,
    draw: Callable[[], Draw],
) -> ZoneResult:
    """YELLOW with a position (L820-L828): the higher Neutral rating wins. The defender's
    win reads a new draw's FAILED NEUTRAL ZONE PLAY; the carrier's skates him in; equal
    ratings mark [T] at once and a new draw's Right H or V takes the puck in the neutral
    zone. No number is drawn for the matchup itself, so no penalty is checked."""
    defender = defender_at(game, other(side), shown.left.nz_defender)
    if defender is None:  # L1096: nobody meets him, he skates in
        return skate_in(model, game, side, carrier, draw)
    ours, theirs = rating(model, carrier, "neutral"), rating(model, defender, "neutral")
    game.log(f"{carrier.name} ({ours}) meets {defender.name} ({theirs})")
    if theirs > ours:
        return failed_neutral_play(model, game, side, draw(), draw)
    if ours > theirs:
        return skate_in(model, game, side, carrier, draw)
    game.mark_event(even=True, power_play=False)
    return ZoneResult(LoosePuck("neutral"))


def neutral_green(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    coach: Coach,
    carrier: Skater,
    draw: Callable[[], Draw],
    forced: Draw | None = None,
) -> ZoneResult:
    """GREEN (L842-L858): the coach has the carrier skate in, initiate a rush or shoot from
    centre ice. A GREEN the forecheck forces (L778) has no stop-light card: the card drawn
    for it (`forced`) names the carrier and is the one L842 reads for his skate in."""
    sets_up = max(
        offensive(model, game, carrier, "set_up"), offensive(model, game, carrier, "quality_shot")
    )
    chances: dict[NeutralPlay, Fraction] = {
        "skate in": Fraction(min(sets_up, BLUE), BLUE),
        "initiate rush": Fraction(min(offensive(model, game, carrier, "initiate_rush"), RED), RED),
        "centre-ice shot": Fraction(min(offensive(model, game, carrier, "sniper"), BLACK), BLACK),
    }
    chosen = ask_neutral_play(coach, game, side, carrier, chances)
    if chosen == "initiate rush":
        return initiate_rush(model, game, side, carrier, draw)
    if chosen == "centre-ice shot":
        return centre_ice_shot(model, game, side, coach, carrier, draw)
    return skate_in(model, game, side, carrier, draw, forced)


def skate_in(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    carrier: Skater,
    draw: Callable[[], Draw],
    shown: Draw | None = None,
) -> ZoneResult:
    """The carrier enters the offensive zone unchallenged (L844-L846): a new draw's (or the
    card `shown` already drawn for it) Left blue within his S-U sets up the graded teammate,
    within his Q-S he makes a quality chance himself (within both: odd sets up, even
    shoots); above both he keeps the puck with every option. A made chance checks the
    penalty he draws."""
    shown = shown or draw()
    blue = shown.left.blue
    sets_up = blue <= offensive(model, game, carrier, "set_up")
    shoots = blue <= offensive(model, game, carrier, "quality_shot")
    if not (sets_up or shoots):
        return ZoneResult(Possession(side, end_of(other(side)), carrier))
    penalty = checks(draw_penalty(model, side, carrier, shown))
    if sets_up and (not shoots or blue % 2):
        shooter = set_up_shooter(model, game, side, carrier, shown)
        return ZoneResult(ShotChance(shooter, "q", "set-up", passer=carrier), penalty)
    return ZoneResult(ShotChance(carrier, "q", "quality shot"), penalty)


def initiate_rush(
    model: Rinkside, game: GameState, side: TeamSide, carrier: Skater, draw: Callable[[], Draw]
) -> ZoneResult:
    """INITIATE RUSH (L848-L852): a new draw's Left red within his I-R starts a rush, above
    it the rush fails."""
    attempt = draw()
    if attempt.left.red <= offensive(model, game, carrier, "initiate_rush"):
        game.log(f"{carrier.name} starts a rush")
        return ZoneResult(Rush(side), checks(draw_penalty(model, side, carrier, attempt)))
    game.log(f"{carrier.name} fails to start a rush")
    return ZoneResult(FailedRush(side), checks(commit_penalty(model, side, carrier, attempt)))


def centre_ice_shot(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    coach: Coach,
    shooter: Skater,
    draw: Callable[[], Draw],
) -> ZoneResult:
    """CENTER ICE SHOT (L854-L858): a new draw's Black #100 within his Sniper challenges the
    goalie, whose low-quality (black) number on the next draw's Black #100 decides; a goal
    brings his confidence check (on another draw) and a doubled goal bump (`coach` answers
    how it is used). Above Sniper the shot's last digit says which: odd, on goal and saved
    as an easy shot; even, wide, a loose puck in the other team's end."""
    rival = other(side)
    goalie = game.team(rival)
    card = model.goalie_cards[goalie.lineup.goalie.goalie_id]
    shot = draw()
    if shot.black100 > offensive(model, game, shooter, "sniper"):
        if shot.black100 % 2 == 0:
            game.log(f"{shooter.name} shoots from centre ice, wide")
            return ZoneResult(LoosePuck(end_of(rival)))
        return _saved(game, side, shooter, shot)
    saved_on = draw()
    if stopped(card, "lq", goalie.goalie_level, saved_on.black100):
        return _saved(game, side, shooter, saved_on)
    game.count(side, "shots")
    game.count(side, "goals")
    game.log(f"{shooter.name} scores from centre ice")
    goalie.goalie_level = confidence_check(
        model.tables, draw(), card["goalie_rating"], goalie.goalie_level
    )
    game.log(f"{goalie.lineup.goalie.name}'s confidence: {goalie.goalie_level} game")
    bump = award(model, game, side, "goal", coach, times=2)
    return ZoneResult(CentreIceShot(side, shooter, "goal", momentum=bump))


def _saved(game: GameState, side: TeamSide, shooter: Skater, saved_on: Draw) -> ZoneResult:
    game.count(side, "shots")
    game.count(other(side), "saves")
    game.log(f"{shooter.name} shoots from centre ice: saved")
    return ZoneResult(CentreIceShot(side, shooter, "saved", saved_on))


# The failed neutral-zone play (L860-L871).


def failed_neutral_play(
    model: Rinkside, game: GameState, side: TeamSide, shown: Draw, draw: Callable[[], Draw]
) -> ZoneResult:
    """`side`'s neutral-zone play failed: `shown`'s Right FAILED NEUTRAL ZONE PLAY. The other
    team takes the puck in the neutral zone (after an exposed player's hit too), or rushes;
    an offside or a puck out of play is a neutral-zone faceoff [T]; OFFSIDES? reads the
    Right forechecker's Offense on the next draw's Left blue (the carried card README §3.5
    P06 balances): within it he stays onside, a loose puck in the other team's end."""
    result = shown.right.nz_failed
    rival = other(side)
    game.log(f"failed neutral-zone play: {result}")
    if result == "NEUTRAL ZONE":
        return ZoneResult(Possession(rival, "neutral", None))
    if result == "TURNOVER":
        return ZoneResult(Rush(rival))
    if result == "EXPOSE PLAYER":
        exposed = draw()
        hitter = defender_at(game, rival, exposed.left.nz_defender)
        hits = () if hitter is None else nz_physical(model, game, rival, hitter, exposed)
        return ZoneResult(Possession(rival, "neutral", None), hits=hits)
    if result == "OFFSIDES":
        return ZoneResult(Stoppage("neutral", True, "offside"))
    if result == "OFFSIDES?":
        chaser = skater_at(game, side, shown.right.forecheck_who)
        if draw().left.blue <= offensive(model, game, chaser, "offense"):
            game.log(f"{chaser.name} stays onside")
            return ZoneResult(LoosePuck(end_of(rival)))
        return ZoneResult(Stoppage("neutral", True, "offside"))
    if result == "PUCK OoP":
        return ZoneResult(Stoppage("neutral", True, "puck out of play"))
    raise ValueError(f"card {shown.right_card}'s Right face shows no failed NZ play: {result!r}")


def nz_physical(
    model: Rinkside, game: GameState, side: TeamSide, hitter: Skater, shown: Draw
) -> tuple[Hit, ...]:
    """An exposed player (L752, L866): `shown`'s Right PHYSICAL action for `hitter`, a HIT
    with its number within his NZ-H, a BIG HIT within his NZ-B (README §2.3 U64, U66)."""
    return physical_hit(
        model, game, side, hitter, shown, "nz_hit", "nz_big_hit", " in the neutral zone"
    )
