"""RINKSIDE HOCKEY's breakout and forecheck (seed L702-L792): a team that gains the puck in
its own end tries to move it up ice, and the other team tries to take it back.

The draw that gave the defence the puck decides which happens (T_BreakoutSplit on its
Black #100, L706-L708). On a breakout the team's coach picks the play (the card's breakout
action, the Bobby Orr Move, clearing the zone, or a clear bought with momentum); on a
forecheck the other team's action is the card's. The card's columns are read by the
forechecking team's strategy (README §9 Q5), its players on the same draw (Left breakout
player, Right forechecker, README §3.5 P30) and the deciding number on a new draw.

Every rule resolves to a `zone.ZoneResult`; a puck loose in the neutral zone is
`LoosePuck("neutral")` (`neutral.picks_up` reads whose it is), the trap is a
`zone.ForcedScenario`, and a rush is `zone.Rush`."""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import Rinkside, Skater
from authoring.games.rinkside.momentum import breakout_by_momentum, momentum_clear
from authoring.games.rinkside.neutral import nz_physical
from authoring.games.rinkside.policy import Coach, OwnEndPlay, ask_own_end
from authoring.games.rinkside.state import GameState, TeamSide, other
from authoring.games.rinkside.zone import (
    ForcedScenario,
    Hit,
    LoosePuck,
    Outcome,
    Possession,
    Rush,
    Stoppage,
    ZoneResult,
    checks,
    commit_penalty,
    defender_at,
    draw_penalty,
    end_of,
    offensive,
    rating,
    skater_at,
)

BLUE = 20
BLACK = 100
FCD_EXCESS = 20  # a forecheck rating above 20 lets the forechecker win the puck (L768, L776)
AGGRESSIVE = ("ST-PASS", "CARRY P")  # the breakouts whose failure is costlier (L740-L748)


def defensive_possession(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    coach: Coach,
    carrier: Skater | None,
    shown: Draw,
    draw: Callable[[], Draw],
) -> ZoneResult:
    """`side` has just gained the puck in its own end on `shown` (`carrier` the player who
    won it, if the rule named one): a breakout or the other team's forecheck by the split
    on `shown`'s Black #100 (L706-L708). On a breakout `coach` chooses the play."""
    if model.tables.breakout_split[shown.black100].result == "forecheck":
        return forecheck(model, game, side, shown, draw)
    player = breakout_player(game, side, shown)
    holder = carrier or player
    action = breakout_action(game, side, shown)
    chances: dict[OwnEndPlay, Fraction] = {
        "breakout": Fraction(min(rating(model, player, "breakout"), BLUE), BLUE),
        "bobby orr": Fraction(min(orr_total(model, game, holder), BLACK), BLACK),
        "clear": Fraction(min(rating(model, holder, "neutral"), BLUE), BLUE),
    }
    if game.team(side).momentum > 0:
        chances["momentum clear"] = Fraction(1)
    chosen = ask_own_end(coach, game, side, holder, chances)
    if chosen == "bobby orr":
        return bobby_orr(model, game, side, holder, draw)
    if chosen == "clear":
        return clear_the_zone(model, game, side, holder, draw)
    if chosen == "momentum clear":
        return clear_with_momentum(game, side)
    return breakout(model, game, side, action, player, draw)


def breakout_player(game: GameState, side: TeamSide, shown: Draw) -> Skater:
    """The Left face's BREAKOUT PLAYER (L712)."""
    return skater_at(game, side, shown.left.breakout_player)


def breakout_action(game: GameState, side: TeamSide, shown: Draw) -> str:
    """The Right face's breakout action in the column of the forechecking team's strategy
    (L712, README §9 Q5)."""
    strategy = game.team(other(side)).forecheck
    action = getattr(shown.right, f"breakout{strategy}")
    if action not in ("B-OUT", *AGGRESSIVE):
        raise ValueError(f"card {shown.right_card}'s Right face shows no breakout: {action!r}")
    return str(action)


def orr_total(model: Rinkside, game: GameState, player: Skater) -> int:
    return offensive(model, game, player, "offense") + rating(model, player, "breakout")


# The breakout (L710-L734).


def breakout(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    action: str,
    player: Skater,
    draw: Callable[[], Draw],
) -> ZoneResult:
    """`player` tries `action` (B-OUT, ST-PASS, CARRY P) on a new draw's Left blue against
    his B-O (L714-L732): B-OUT and CARRY P reach the neutral zone with the puck, and start a
    rush within his H-M; a stretch pass is a rush or nothing. A B-OUT's draw showing an MO
    level the team has reached succeeds whatever its blue (L1301-L1303); a failure reads the
    bad breakout on another draw (L736)."""
    attempt = draw()
    blue = attempt.left.blue
    made = blue <= rating(model, player, "breakout")
    rush = blue <= rating(model, player, "head_man")
    if action == "B-OUT" and not made and breakout_by_momentum(model, game, side, attempt):
        game.log(f"{player.name} breaks out on momentum")
        return ZoneResult(Possession(side, "neutral", player))
    if made:
        penalty = checks(draw_penalty(model, side, player, attempt))
        if action == "ST-PASS" or rush:
            game.log(f"{player.name}: {action} starts a rush")
            return ZoneResult(Rush(side), penalty)
        game.log(f"{player.name}: {action} reaches the neutral zone")
        return ZoneResult(Possession(side, "neutral", player), penalty)
    game.log(f"{player.name}: {action} fails")
    failed = bad_breakout(model, game, side, action, draw)
    commit = checks(commit_penalty(model, side, player, attempt))
    return failed.preceded_by(commit)


def bobby_orr(
    model: Rinkside, game: GameState, side: TeamSide, player: Skater, draw: Callable[[], Draw]
) -> ZoneResult:
    """The Bobby Orr Move (L734, README §5.6): a new draw's Black #100 within his H-M is a
    one-man rush, within his B-O a rush with a teammate, within offense + B-O the puck in the
    neutral zone; above it a turnover, a rush against on an odd last digit, the other team's
    puck in the neutral zone on an even one."""
    attempt = draw()
    black = attempt.black100
    if black <= orr_total(model, game, player):
        penalty = checks(draw_penalty(model, side, player, attempt))
        if black <= rating(model, player, "head_man"):
            game.log(f"{player.name} goes end to end: a one-man rush")
            return ZoneResult(Rush(side), penalty)
        if black <= rating(model, player, "breakout"):
            game.log(f"{player.name} carries it out and finds a teammate for a rush")
            return ZoneResult(Rush(side), penalty)
        game.log(f"{player.name} carries it out to the neutral zone")
        return ZoneResult(Possession(side, "neutral", player), penalty)
    commit = checks(commit_penalty(model, side, player, attempt))
    game.log(f"{player.name} turns it over trying to rush it out")
    if black % 2:
        return ZoneResult(Rush(other(side)), commit)
    return ZoneResult(Possession(other(side), "neutral", None), commit)


def bad_breakout(
    model: Rinkside, game: GameState, side: TeamSide, action: str, draw: Callable[[], Draw]
) -> ZoneResult:
    """A failed breakout: a new draw's Right BAD BREAKOUT (L736-L756). After a stretch pass
    or a puck carry the other team takes the puck where a plain breakout leaves it loose,
    and rushes where it would only control it."""
    shown = draw()
    result = shown.right.bad_breakout
    rival = other(side)
    aggressive = action in AGGRESSIVE
    game.log(f"bad breakout: {result}")
    if result == "ZONE PLAY":
        if aggressive:
            carrier = skater_at(game, rival, shown.right.zone_off)
            return ZoneResult(Possession(rival, end_of(side), carrier))
        return ZoneResult(LoosePuck(end_of(side)))
    if result in ("NEUTRAL ZONE", "EXPOSE PLAYER"):
        hits = expose_player(model, game, rival, draw) if result == "EXPOSE PLAYER" else ()
        outcome: Outcome = (
            Possession(rival, "neutral", None) if aggressive else LoosePuck("neutral")
        )
        return ZoneResult(outcome, hits=hits)
    if result == "TURNOVER":
        return ZoneResult(Rush(rival))
    if result == "D-CONTROL":
        return ZoneResult(Rush(rival) if aggressive else Possession(rival, "neutral", None))
    if result == "ICING":
        return ZoneResult(Stoppage(end_of(side), False, "icing"))
    if result == "ICING?":
        return maybe_icing(model, game, side, shown, draw)
    raise ValueError(f"card {shown.right_card}'s Right face shows no bad breakout: {result!r}")


def expose_player(
    model: Rinkside, game: GameState, hitting: TeamSide, draw: Callable[[], Draw]
) -> tuple[Hit, ...]:
    """EXPOSE PLAYER (L752, L866): a new draw's Left neutral-zone defender of `hitting`
    tries the Right face's PHYSICAL action on his NZ hit ratings."""
    shown = draw()
    hitter = defender_at(game, hitting, shown.left.nz_defender)
    return () if hitter is None else nz_physical(model, game, hitting, hitter, shown)


def maybe_icing(
    model: Rinkside, game: GameState, side: TeamSide, shown: Draw, draw: Callable[[], Draw]
) -> ZoneResult:
    """ICING? (L756): the bad-breakout draw's Right forechecker of the other team against
    the next draw's Left blue on his FCO (the carried card README §3.5 P06 balances, read as
    for the dump-in's ICING?): within it he beats the defence to the puck, a loose puck in
    `side`'s end; above it the icing stands."""
    chaser = skater_at(game, other(side), shown.right.forecheck_who)
    decided = draw()
    if decided.left.blue <= min(offensive(model, game, chaser, "forecheck_off"), BLUE):
        game.log(f"{chaser.name} beats the icing")
        return ZoneResult(LoosePuck(end_of(side)))
    return ZoneResult(Stoppage(end_of(side), False, "icing"))


# The forecheck (L758-L782).


def forecheck(
    model: Rinkside, game: GameState, side: TeamSide, shown: Draw, draw: Callable[[], Draw]
) -> ZoneResult:
    """The other team forechecks `side`, which has the puck in its end: `shown`'s Left
    forecheck action by the forechecking team's strategy and its Right forechecker; F-CHK
    and PRESSURE read a new draw's Left blue on his FCD (L762-L778), ZONE RG sets up the
    trap, a neutral-zone RED on a new draw (L780)."""
    rival = other(side)
    action = getattr(shown.left, f"fchk{game.team(rival).forecheck}")
    game.log(f"{game.team(rival).lineup.team_id} forechecks: {action}")
    if action == "ZONE RG":
        return ZoneResult(ForcedScenario(side, "RED"))
    if action not in ("F-CHK", "PRESSURE"):
        raise ValueError(f"card {shown.left_card}'s Left face shows no forecheck: {action!r}")
    checker = skater_at(game, rival, shown.right.forecheck_who)
    fcd = rating(model, checker, "forecheck_def")
    attempt = draw()
    blue = attempt.left.blue
    if blue > fcd:
        commit = checks(commit_penalty(model, rival, checker, attempt))
        if action == "PRESSURE":
            return ZoneResult(ForcedScenario(side, "GREEN"), commit).tried(rival, checker, attempt)
        return ZoneResult(Possession(side, "neutral", None), commit).tried(rival, checker, attempt)
    penalty = checks(draw_penalty(model, rival, checker, attempt))
    wins_it = blue <= fcd - FCD_EXCESS
    outcome: Outcome
    if action == "F-CHK":
        outcome = Possession(rival, end_of(side), checker) if wins_it else LoosePuck(end_of(side))
    elif wins_it:
        outcome = Rush(rival)
    else:
        outcome = Possession(rival, end_of(side), skater_at(game, rival, attempt.right.zone_off))
    return ZoneResult(outcome, penalty).tried(rival, checker, attempt)


# Clearing the zone (L784-L790, L1305-L1309).


def clear_the_zone(
    model: Rinkside, game: GameState, side: TeamSide, player: Skater, draw: Callable[[], Draw]
) -> ZoneResult:
    """`player` clears instead of breaking out (L786): a new draw's Left blue within his
    Neutral rating clears the zone, a loose puck in the neutral zone, iced when the same
    draw's Right red is above his Defense (README §5.6); above it a loose puck in his end."""
    attempt = draw()
    if attempt.left.blue > rating(model, player, "neutral"):
        game.log(f"{player.name} fails to clear")
        commit = checks(commit_penalty(model, side, player, attempt))
        return ZoneResult(LoosePuck(end_of(side)), commit)
    penalty = checks(draw_penalty(model, side, player, attempt))
    if attempt.right.red > rating(model, player, "defense"):
        game.log(f"{player.name} clears it too far: icing")
        return ZoneResult(Stoppage(end_of(side), False, "icing"), penalty)
    game.log(f"{player.name} clears the zone")
    return ZoneResult(LoosePuck("neutral"), penalty)


def clear_with_momentum(game: GameState, side: TeamSide) -> ZoneResult:
    """A clear bought with a momentum point (L1309): certain, the puck loose in the neutral
    zone, the other team credited with a hit."""
    if not momentum_clear(game, side):
        raise ValueError(f"{side} has no momentum to clear with")
    return ZoneResult(LoosePuck("neutral"))
