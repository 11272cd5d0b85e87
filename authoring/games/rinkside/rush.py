"""RINKSIDE HOCKEY's rushes and transitions (seed L915-L997, the short-handed rush L1132-L1136):
a new draw's Left face names the play (TRANSITION, ODD MAN RUSH, BREAKAWAY, BREAKAWAY***,
OFFSIDES, 2 LINE PASS) and, on a transition or odd-man rush, the defender (or backchecking
forward) who tries to break it up on the next draw: its red for a transition, its blue for an
odd-man rush, against his Defense. Broken up, that draw's Right face says where the puck
goes (the failed-rush section); not broken up, its Black #100 on T_RushSplit makes a shot,
a pass or a drop pass by its Right rush player, a high-quality chance no one can block.

A breakaway is its own shot (`breakaway_shot`): the shooter's target +15, the goalie's
Shootout rating for the save, every great and big save in play, and a rebound-control check
after any save. No rush play marks time (L971): [T] stays with the game loop, like the
short-handed shot's [T] (L1134).

Every rule returns a `zone.ZoneResult`: its outcome (a `Breakaway` among them, and the
PUCK CHASE a `DumpIn` with no carrier) with the penalties to check."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import GoalieCard, Rinkside, Skater
from authoring.games.rinkside.saves import (
    Save,
    after_rescue,
    rebound_control,
    rescue,
    save_type,
)
from authoring.games.rinkside.shots import Attempt, Goal, How, assists
from authoring.games.rinkside.state import GameState, TeamSide, other
from authoring.games.rinkside.zone import (
    Breakaway,
    DumpIn,
    LoosePuck,
    Outcome,
    Possession,
    Rush,
    ShotChance,
    Stoppage,
    ZoneResult,
    checks,
    commit_penalty,
    defender_at,
    end_of,
    offensive,
    rating,
    set_up_shooter,
    skater_at,
)

BREAKAWAY_TARGET = 15  # added to the shooter's Shot Target Range on a breakaway (L957)
CARRIER_SHOOTS = 50  # BREAKAWAY***: a Black #100 up to 50 leaves the shot to the carrier (L959)
# The chance kinds a rush makes: none of them can be blocked (L931).
RUSH_KINDS = ("rush shot", "rush pass", "rush drop")
BACKCHECK = "bc"  # Cbc, LWbc, RWbc: a forward backchecking on a transition (L967)


def rush(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    draw: Callable[[], Draw],
    *,
    short_handed: bool = False,
) -> ZoneResult:
    """`attacking`'s rush/transition (L917): a new draw's Left rush section says what kind;
    `short_handed` when `attacking` is killing a penalty (L1132-L1136)."""
    shown = draw()
    play = shown.left.rush
    game.log(f"{game.team(attacking).lineup.team_id} rush: {play}")
    if play in ("TRANSITION", "ODD MAN RUSH"):
        defender = defender_at(game, other(attacking), _defender(shown.left.rush_defender))
        if defender is None:  # L1090: nobody is back to break it up
            return split(model, game, attacking, draw(), draw)
        odd_man = play == "ODD MAN RUSH"
        return break_up(
            model, game, attacking, defender, draw, odd_man=odd_man, short_handed=short_handed
        )
    if play == "BREAKAWAY":
        return ZoneResult(Breakaway(attacking, skater_at(game, attacking, shown.right.rush_off)))
    if play == "BREAKAWAY***":
        return two_on_the_goalie(model, game, attacking, shown, draw)
    if play == "OFFSIDES":
        return ZoneResult(Stoppage("neutral", False, "offsides"))
    if play == "2 LINE PASS":
        if model.settings.two_line_pass:
            return ZoneResult(Stoppage(end_of(attacking), False, "two-line pass"))
        game.log("the two-line pass is a clean play")
        return split(model, game, attacking, draw(), draw)
    raise ValueError(f"card {shown.left_card}'s Left face shows no rush play: {play!r}")


def _defender(named: str | None) -> str:
    """The position a rush defender mark names: Cbc is the centre backchecking (L967)."""
    if named is None:
        raise ValueError("the face names no defender for the rush")
    return named.removesuffix(BACKCHECK)


def break_up(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    defender: Skater,
    draw: Callable[[], Draw],
    *,
    odd_man: bool,
    short_handed: bool = False,
) -> ZoneResult:
    """The defender tries to break it up on a new draw (L925, L945): its red (a transition,
    even numbers) or blue (an odd-man rush) within his Defense stops it, and the draw's Right
    failed-rush section goes on; above it he is checked for a committed penalty (L941) and
    the draw's Black #100 splits the chance."""
    decided = draw()
    number = decided.left.blue if odd_man else decided.left.red
    if number <= rating(model, defender, "defense"):
        game.log(f"{defender.name} breaks up the rush")
        return failed_rush(game, attacking, decided, short_handed=short_handed)
    penalty = checks(commit_penalty(model, other(attacking), defender, decided))
    result = split(model, game, attacking, decided, draw)
    return ZoneResult(result.outcome, penalty + result.penalties)


def split(
    model: Rinkside, game: GameState, attacking: TeamSide, decided: Draw, draw: Callable[[], Draw]
) -> ZoneResult:
    """T_RushSplit on `decided`'s Black #100 (L929-L935), for its Right rush player: a shot,
    high quality; a pass or drop pass, connected on a new draw's Black #100 within his Pass,
    the shooter found on that draw as for a set-up (L268). A pass that misses is a rush
    broken up: that draw's failed-rush section goes on."""
    carrier = skater_at(game, attacking, decided.right.rush_off)
    kind = model.tables.rush_split[decided.black100].result
    if kind == "shot":
        return ZoneResult(ShotChance(carrier, "hq", "rush shot"))
    passed = draw()
    if passed.black100 > offensive(model, game, carrier, "pass"):
        game.log(f"{carrier.name}'s {kind} misses")
        return failed_rush(game, attacking, passed)
    shooter = set_up_shooter(model, game, attacking, carrier, passed)
    return ZoneResult(ShotChance(shooter, "hq", f"rush {kind}", passer=carrier))


def failed_rush(
    game: GameState, attacking: TeamSide, decided: Draw, *, short_handed: bool = False
) -> ZoneResult:
    """The Right failed-rush section (L975-L997): ZONE PLAY a loose puck where it was broken
    up (the defending team's end), PUCK CHASE the defence dumps it into the rushing team's
    end, TURNOVER the defence's own rush, D-CONTROL the defence's puck in the neutral zone,
    PUCK OoP a neutral-zone faceoff. A short-handed rush broken up always gives the power
    play a rush (L1136)."""
    defending = other(attacking)
    if short_handed:
        return ZoneResult(Rush(defending))
    section = decided.right.rush_failed
    game.log(f"failed rush: {section}")
    outcome: Outcome
    if section == "ZONE PLAY":
        outcome = LoosePuck(end_of(defending))
    elif section == "PUCK CHASE":
        outcome = DumpIn(defending, None)
    elif section == "TURNOVER":
        outcome = Rush(defending)
    elif section == "D-CONTROL":
        outcome = Possession(defending, "neutral", None)
    elif section == "PUCK OoP":
        outcome = Stoppage("neutral", False, "puck out of play")
    else:
        raise ValueError(f"card {decided.right_card}'s Right face shows no failed rush")
    return ZoneResult(outcome)


def two_on_the_goalie(
    model: Rinkside, game: GameState, attacking: TeamSide, shown: Draw, draw: Callable[[], Draw]
) -> ZoneResult:
    """BREAKAWAY*** (L959): the Right rush player has the puck; another draw's Black #100 up
    to 50 leaves him the shot, above it he dishes to the teammate a set-up finds on that
    draw."""
    carrier = skater_at(game, attacking, shown.right.rush_off)
    another = draw()
    if another.black100 <= CARRIER_SHOOTS:
        return ZoneResult(Breakaway(attacking, carrier))
    shooter = set_up_shooter(model, game, attacking, carrier, another)
    return ZoneResult(Breakaway(attacking, shooter, passer=carrier))


def short_handed_stopped(card: GoalieCard, black100: int) -> bool:
    """L1132: a short-handed rush shot that is not a breakaway is saved on a Black #100 at
    or below the goalie's SHT; above it is a short-handed goal (README §5.6)."""
    return black100 <= card["sht"]


# The breakaway shot (L957).

BreakawayThen = Literal[
    "loose puck",
    "neutral zone",
    "zone faceoff",
    "rebound",
    "scramble",
    "centre faceoff",
    "cover",
    "corner",
    "rebound shot",
]
# What each iron result leaves, as shots.py plays it (L481-L507).
IRON: dict[str, BreakawayThen] = {
    "CROSSBAR OUT OF PLAY": "zone faceoff",
    "POST REBOUND": "rebound",
    "DOUBLE POST": "scramble",
}


@dataclass(frozen=True)
class BreakawayResult:
    """The breakaway shot and where the puck goes (`then`), read on `last`: a rebound's
    clear or shot and a scramble are the game loop's to play from there, as after any save."""

    attempt: Attempt
    then: BreakawayThen
    last: Draw
    goal: Goal | None = None


def breakaway_shot(
    model: Rinkside, game: GameState, breakaway: Breakaway, draw: Callable[[], Draw]
) -> BreakawayResult:
    """The shooter alone on the goalie (L957) on a new draw's Black #100: 55, 66, 77, 88 he
    loses the puck; within his Shot Target + 15 on target (off it a miss, 97-100 wide to the
    neutral zone); the Right face's post or crossbar. On target, the next draw's Black #100
    at or below the goalie's Shootout rating is a save; above it the next blue may still
    rob him (a great save, or a big save in a Good, Very Good or Great game). Every save is
    followed at once by a rebound-control check on a new draw's blue."""
    side, shooter = breakaway.side, breakaway.shooter
    defence = game.team(other(side))
    goalie = defence.lineup.goalie
    card = model.goalie_cards[goalie.goalie_id]
    shown = draw()
    black = shown.black100
    forced = model.tables.shot_number(black)
    if forced is not None and forced.then == "loose puck":
        return _done(game, Attempt(shooter, "hq", forced.result), "loose puck", shown)
    if black > offensive(model, game, shooter, "shot_target") + BREAKAWAY_TARGET:
        if forced is not None:
            return _done(game, Attempt(shooter, "hq", forced.result), "neutral zone", shown)
        return _done(game, Attempt(shooter, "hq", "missed"), "loose puck", shown)
    if shown.right.post:
        attempt = Attempt(shooter, "hq", shown.right.post.lower())
        return _done(game, attempt, IRON.get(shown.right.post, "loose puck"), shown)
    game.count(side, "shots")
    if defence.goalie_pulled:  # L1345-L1351: no card saves an empty net
        return _scored(model, game, breakaway, shown, draw, "open net")
    saved_on = draw()
    robbed = None
    if saved_on.black100 > card["shootout"]:
        robbed = rescue(card, defence.goalie_level, draw().left.blue, sniper=False)
        if robbed is None:
            return _scored(model, game, breakaway, saved_on, draw, "shot")
        defence.goalie_level = after_rescue(defence.goalie_level, robbed)
    game.count(other(side), "saves")
    tested = draw()
    column = rebound_control(model.tables, card, tested.left.blue)
    save = Save(save_type(card, saved_on.black100), column, robbed, challenged=True)
    attempt = Attempt(shooter, "hq", "saved", save=save)
    return _done(game, attempt, column, tested)


def _scored(
    model: Rinkside,
    game: GameState,
    breakaway: Breakaway,
    last: Draw,
    draw: Callable[[], Draw],
    how: How,
) -> BreakawayResult:
    side, shooter = breakaway.side, breakaway.shooter
    game.count(side, "goals")
    helpers = assists(model, game.team(side), shooter, breakaway.passer, draw())
    goal = Goal(shooter, helpers, game.team(other(side)).lineup.goalie, how)
    names = ", ".join(s.name for s in helpers) or "unassisted"
    game.log(f"GOAL {side} on a breakaway: {shooter.name} ({names})")
    return BreakawayResult(Attempt(shooter, "hq", "goal"), "centre faceoff", last, goal)


def _done(game: GameState, attempt: Attempt, then: BreakawayThen, last: Draw) -> BreakawayResult:
    game.log(f"{attempt.shooter.name} on a breakaway: {attempt.result}")
    return BreakawayResult(attempt, then, last)
