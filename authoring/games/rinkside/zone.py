"""RINKSIDE HOCKEY's in-zone play, the offence's side (seed L230-L318): the options of a
player with the puck in the offensive zone, who takes a set-up shot, and the defence's
hitting when it recovers the puck. The loose puck (L320-L417) is in `battles.py`.

A rule here never takes a shot or starts the next phase itself: it resolves to a value
(`ShotChance`, `Possession`, `LoosePuck`, `NetScramble`, `ClearAttempt`, `Rush`,
`Stoppage`) that a game loop dispatches on, with the penalty to check, if any, beside it
(`PenaltyCheck`; penalties are a later slice). Hits are tallied in the box score as they
happen and returned too, a big hit's momentum being a later slice's."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Literal

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import Rinkside, Skater
from authoring.games.rinkside.momentum import MomentumChange
from authoring.games.rinkside.saves import Chance
from authoring.games.rinkside.state import GameState, TeamSide, Zone, other

Option = Literal["quality shot", "set-up", "two-man game", "cycle", "shot on net", "shoot wide"]
GRADES = ("A", "B", "C", "D")  # best first
FORWARDS = ("LW", "C", "RW")  # left to right, as the Left face's L/R indicator reads them
DEFENCE = ("LD", "RD")
HITTING_SECTION = {"HIT-": "hit_minus", "HIT": "hit", "HIT+": "hit_plus"}


@dataclass(frozen=True)
class ShotChance:
    """A shot on goal for `shooter`; `kind` names the play that made it, `passer` the
    teammate who set it up (he may earn an assist, L696)."""

    shooter: Skater
    chance: Chance
    kind: str
    passer: Skater | None = None


@dataclass(frozen=True)
class Possession:
    """`side` controls the puck in `zone`. In its offensive zone `carrier` may choose any
    offensive option; in its own end the team clears or breaks out, `carrier` None when the
    seed names nobody (the breakout's own card names its player)."""

    side: TeamSide
    zone: Zone
    carrier: Skater | None


@dataclass(frozen=True)
class LoosePuck:
    """Neither team controls the puck in `zone`: play a loose puck (L320)."""

    zone: Zone


@dataclass(frozen=True)
class NetScramble:
    """The puck is loose in front of the net defended by `defending` (L296)."""

    defending: TeamSide


@dataclass(frozen=True)
class ClearAttempt:
    """`side` must try to clear the puck from its end (L298)."""

    side: TeamSide


@dataclass(frozen=True)
class Rush:
    """`side` gets an automatic rush/transition (L322, L380)."""

    side: TeamSide


@dataclass(frozen=True)
class Stoppage:
    """The whistle: a faceoff at `faceoff_zone`; `timed` when the seed marks [T] at even
    strength, `power_play_timed` when it does on a power play (L1048-L1062). The game loop
    marks the time, since rush play and power plays mark it by their own rules."""

    faceoff_zone: Zone
    timed: bool
    why: str
    power_play_timed: bool = False


@dataclass(frozen=True)
class PenaltyCheck:
    """A penalty `player` of `side` may draw or commit (`kind`: draw, commit, hitting) on
    `number`, the Right #100 that triggered it (README §0), or the red a P? hit missed on;
    `whistled` when play stops at once (an even #100, L306-L308; a hitting penalty with the
    defence holding the puck), otherwise play goes on with the penalty delayed."""

    side: TeamSide
    player: Skater
    kind: Literal["draw", "commit", "hitting"]
    number: int
    whistled: bool


@dataclass(frozen=True)
class Hit:
    """A hit tallied for `side`, a big hit when `big` (its momentum bump is a later
    slice's)."""

    side: TeamSide
    hitter: Skater
    big: bool


Colour = Literal["RED", "YELLOW", "GREEN"]  # the neutral zone's stop light (L806)


@dataclass(frozen=True)
class ForcedScenario:
    """`side` has the puck in the neutral zone and the stop light is `colour` whatever the
    card shows: RED after the other team's ZONE RG (L780), GREEN after its failed PRESSURE
    (L778). `neutral.neutral_zone(..., colour=...)` plays it."""

    side: TeamSide
    colour: Colour


@dataclass(frozen=True)
class DumpIn:
    """`side` dumps the puck into the other team's end (`dump.dump_in`): its `carrier`
    after a neutral-zone play (L816, L875); None on a failed rush's PUCK CHASE (L983),
    where the puck goes back into the rushing team's end and the seed names nobody."""

    side: TeamSide
    carrier: Skater | None


@dataclass(frozen=True)
class FailedRush:
    """`side`'s attempt to start a rush failed: the failed rush/transition (L850)."""

    side: TeamSide


@dataclass(frozen=True)
class CentreIceShot:
    """`side`'s `shooter` shot from centre ice (L854-L858). `goal`: the box score, the
    goalie's confidence check and the doubled momentum (`momentum`) are done; `saved`: the
    goalie stops it as an easy shot on `saved_on` (the shot's own draw when it never
    challenged him), whose save column the game loop reads."""

    side: TeamSide
    shooter: Skater
    result: Literal["goal", "saved"]
    saved_on: Draw | None = None
    momentum: MomentumChange | None = None


@dataclass(frozen=True)
class Breakaway:
    """`shooter` skates in alone on the goalie (L955); `passer` dished it to him on a
    BREAKAWAY*** (L959), and has the first assist (`rush.breakaway_shot` plays it)."""

    side: TeamSide
    shooter: Skater
    passer: Skater | None = None


# Every value a rule hands the game loop: what happens next.
Outcome = (
    ShotChance
    | Possession
    | LoosePuck
    | NetScramble
    | ClearAttempt
    | Rush
    | Stoppage
    | ForcedScenario
    | DumpIn
    | FailedRush
    | CentreIceShot
    | Breakaway
)


@dataclass(frozen=True)
class ZoneResult:
    """What a piece of play came to (in the zone, a breakout, the neutral zone, a dump-in,
    a rush): what happens next, the penalties to check, the hits tallied on the way and the
    defensive plays, battles and forechecks tried (`acts`, each a dirty-play chance)."""

    outcome: Outcome
    penalties: tuple[PenaltyCheck, ...] = ()
    hits: tuple[Hit, ...] = ()
    acts: tuple[Act, ...] = ()

    def preceded_by(self, penalties: tuple[PenaltyCheck, ...]) -> ZoneResult:
        """This result with `penalties`, made on the way to it, checked first."""
        return replace(self, penalties=penalties + self.penalties)

    def tried(self, side: TeamSide, player: Skater, shown: Draw) -> ZoneResult:
        """This result with `player`'s defensive play, battle or forecheck on `shown`."""
        return replace(self, acts=(*self.acts, Act(side, player, shown)))


@dataclass(frozen=True)
class Act:
    """A defensive play, battle or forecheck `player` of `side` tried, and the draw whose
    number decided it: the card a dirty play is read on (L1192)."""

    side: TeamSide
    player: Skater
    shown: Draw


def checks(*penalties: PenaltyCheck | None) -> tuple[PenaltyCheck, ...]:
    return tuple(p for p in penalties if p is not None)


def rating(model: Rinkside, skater: Skater, name: str) -> int:
    return int(model.skater_cards[skater.skater_id][name])


# The offensive ratings the +3 raises and the top of each one's range (README §2.1, §5.6).
OFFENSIVE_TOPS = {
    "offense": 20,
    "quality_shot": 10,
    "set_up": 10,
    "hqs": 20,
    "shot_target": 100,
    "sniper": 100,
    "pp_sniper": 100,
    "pass": 100,
    "initiate_rush": 10,
    "o_battle": 10,
    "forecheck_off": 35,
    "net": 10,
}


def offensive(model: Rinkside, game: GameState, skater: Skater, name: str) -> int:
    """`skater`'s rating `name` as a rule reads it in play: an offensive rating raised by his
    team's `offense_bonus` (the +3 of L1142-L1144 and L1345), capped at the top of its
    scale; any other rating as printed."""
    side: TeamSide = "home" if skater.team_id == game.home.lineup.team_id else "visitor"
    return boosted(model, skater, name, game.team(side).offense_bonus)


def boosted(model: Rinkside, skater: Skater, name: str, bonus: int) -> int:
    """`skater`'s rating `name`, raised by `bonus` when it is an offensive rating, capped at
    the top of its range."""
    value = rating(model, skater, name)
    if name not in OFFENSIVE_TOPS:
        return value
    return min(value + bonus, OFFENSIVE_TOPS[name])


def end_of(defending: TeamSide) -> Zone:
    """The zone `defending` defends: its end."""
    return "home end" if defending == "home" else "visitor end"


# The offensive options (L246-L308).

RED_RANGE = 10  # red numbers run 1-10
BLACK_RANGE = 100  # Black #100 runs 1-100


def offensive_chances(
    model: Rinkside, game: GameState, attacking: TeamSide, carrier: Skater
) -> dict[Option, Fraction]:
    """Each offensive option open to `carrier` and its chance of coming off, as a coach
    weighs them (L246-L304): a quality shot and a set-up on the red against Q-S and S-U;
    the give and go on Black #100 against the two players' combined Offense, the partner
    not known until his card is drawn, so the carrier's teammates on the ice averaged;
    shooting wide on Black #100 against the better of S-U and Offense; a cycle and a shot
    on net always come off."""
    team = game.team(attacking)
    mates = [s for s in team.skaters() if s != carrier]
    partner = Fraction(sum(offensive(model, game, s, "offense") for s in mates), len(mates))
    offense = offensive(model, game, carrier, "offense")
    wide = max(offensive(model, game, carrier, "set_up"), offense)
    return {
        "quality shot": Fraction(offensive(model, game, carrier, "quality_shot"), RED_RANGE),
        "set-up": Fraction(offensive(model, game, carrier, "set_up"), RED_RANGE),
        "two-man game": min(Fraction(1), (offense + partner) / BLACK_RANGE),
        "cycle": Fraction(1),
        "shot on net": Fraction(1),
        "shoot wide": min(Fraction(1), Fraction(wide, BLACK_RANGE)),
    }


def offensive_option(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    carrier: Skater,
    option: Option,
    draw: Callable[[], Draw],
    *,
    on_failure: Callable[[Draw], Outcome] | None = None,
) -> ZoneResult:
    """Play `option` for `carrier`, who has the puck in `attacking`'s offensive zone. A
    failed set-up, quality shot or two-man game goes to `on_failure` with the draw it
    failed on when one is given (a power play's failed move, L1076-L1086), the committed
    penalty still checked."""
    defending = other(attacking)
    zone = end_of(defending)
    if option == "cycle":  # L286: no penalty either way
        return _logged(game, f"{carrier.name} cycles the puck", ZoneResult(LoosePuck(zone)))
    if option == "shot on net":  # L288-L290: a low-quality chance, no penalty
        return _logged(
            game,
            f"{carrier.name} throws it on net",
            ZoneResult(ShotChance(carrier, "lq", "shot on net")),
        )
    shown, number, made, what = _attempt(model, game, attacking, carrier, option, draw)
    if made:
        success = _success(model, game, attacking, carrier, option, shown)
        result = ZoneResult(success, checks(draw_penalty(model, attacking, carrier, shown)))
        return _logged(game, f"{what}: made", result)
    commit = commit_penalty(model, attacking, carrier, shown)
    if on_failure is not None and option != "shoot wide":
        game.log(f"{what}: failed on the power play")
        return ZoneResult(on_failure(shown), checks(commit))
    if option == "shoot wide" or number % 2:  # L300: above both ratings, a loose puck
        return _logged(game, f"{what}: loose puck", ZoneResult(LoosePuck(zone), checks(commit)))
    recovered = defence_recovers(model, game, defending, shown, draw)
    game.log(f"{what}: the defence has it")
    return recovered.preceded_by(checks(commit))


def _attempt(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    carrier: Skater,
    option: Option,
    draw: Callable[[], Draw],
) -> tuple[Draw, int, bool, str]:
    """Draw for `option` and read it: the draw, the number read, whether the move is made
    and the play-by-play's words for it."""
    if option == "two-man game":
        partner = _two_man_partner(game, attacking, carrier, draw)
        shown = draw()
        combined = offensive(model, game, carrier, "offense") + offensive(
            model, game, partner, "offense"
        )
        what = f"{carrier.name} and {partner.name} try a give and go"
        return shown, shown.black100, shown.black100 <= combined, what
    shown = draw()
    if option == "shoot wide":
        wide = max(
            offensive(model, game, carrier, "set_up"), offensive(model, game, carrier, "offense")
        )
        what = f"{carrier.name} shoots it wide off the end boards"
        return shown, shown.black100, shown.black100 <= wide, what
    if option == "quality shot":
        what = f"{carrier.name} goes for a quality shot"
        return (
            shown,
            shown.left.red,
            shown.left.red <= offensive(model, game, carrier, "quality_shot"),
            what,
        )
    what = f"{carrier.name} tries to set up a teammate"
    return shown, shown.left.red, shown.left.red <= offensive(model, game, carrier, "set_up"), what


def _success(
    model: Rinkside,
    game: GameState,
    attacking: TeamSide,
    carrier: Skater,
    option: Option,
    shown: Draw,
) -> Outcome:
    """What a made move leads to (L254, L266, L278, L296-L298)."""
    if option == "two-man game":
        return ShotChance(carrier, "hq", "two-man game")
    if option == "quality shot":
        return ShotChance(carrier, "q", "quality shot")
    if option == "set-up":
        shooter = set_up_shooter(model, game, attacking, carrier, shown)
        return ShotChance(shooter, "q", "set-up", passer=carrier)
    defending = other(attacking)
    if shown.black100 <= offensive(model, game, carrier, "set_up"):
        return NetScramble(defending)
    return ClearAttempt(defending)


def _two_man_partner(
    game: GameState, attacking: TeamSide, carrier: Skater, draw: Callable[[], Draw]
) -> Skater:
    """The teammate the Right face's zone-play offensive player names (L276); a card naming
    the carrier himself is passed over for the next."""
    team = game.team(attacking)
    while True:
        named = draw().right.zone_off
        if named is None:
            raise ValueError("a Right face names no zone-play offensive player")
        partner = team.at(named.lstrip("*"))
        if partner != carrier:
            return partner


def set_up_shooter(
    model: Rinkside, game: GameState, attacking: TeamSide, passer: Skater | None, shown: Draw
) -> Skater:
    """Who shoots after `passer`'s set-up (L268), or a rebound or open-net shot that has no
    passer (L602, L666): the skater with the Right face's offensive grade; among several, the
    forward or defenceman the Right face's position names, then the one on the left or right
    as the Left face says. With all three forwards sharing the grade after a defenceman's
    pass, the centre shoots when the position is Defense. Nobody with the grade: the nearest
    grade, the better one first (README §9 Q13)."""
    team = game.team(attacking)
    places = [p for p in (*FORWARDS, *DEFENCE) if p not in team.vacant]
    mates = [(p, team.at(p)) for p in places if team.at(p) != passer]
    grades = {p: str(model.skater_cards[s.skater_id]["grade"]) for p, s in mates}
    wanted = GRADES.index(shown.right.grade or "")
    nearest = min(
        {GRADES.index(g) for g in grades.values()},
        key=lambda g: (abs(g - wanted), g),
    )
    sharing = [p for p, _ in mates if GRADES.index(grades[p]) == nearest]
    defence_named = shown.right.grade_pos == "D"
    if len(sharing) > 1:
        if passer is not None and sharing == list(FORWARDS) and defence_named:
            return team.at("C")
        kind = DEFENCE if defence_named else FORWARDS
        sharing = [p for p in sharing if p in kind] or sharing
    chosen = sharing[0] if shown.left.side == "L" else sharing[-1]
    return team.at(chosen)


def draw_penalty(
    model: Rinkside, side: TeamSide, player: Skater, shown: Draw
) -> PenaltyCheck | None:
    """L306: a player who makes his move draws a penalty on a Right #100 within his DRW."""
    number = shown.right.n100
    if number > rating(model, player, "draw_penalty"):
        return None
    return PenaltyCheck(side, player, "draw", number, whistled=number % 2 == 0)


def commit_penalty(
    model: Rinkside, side: TeamSide, player: Skater, shown: Draw
) -> PenaltyCheck | None:
    """L308: a player who fails commits a penalty on a Right #100 within his COM."""
    number = shown.right.n100
    if number > rating(model, player, "commit_penalty"):
        return None
    return PenaltyCheck(side, player, "commit", number, whistled=number % 2 == 0)


# Defensive-zone hitting (L310-L318).


def defence_recovers(
    model: Rinkside, game: GameState, defending: TeamSide, shown: Draw, draw: Callable[[], Draw]
) -> ZoneResult:
    """The defence takes the puck after the offence failed (L312): the Left face's HITTING
    section for its strategy says whether the Right face's defensive player tries a hit (a
    new card's red against his Hit and Big Hit Ranges) and, on P?, that a miss may be a
    penalty if the official calls it. Then the team clears or breaks out."""
    possession = Possession(defending, end_of(defending), None)
    section = getattr(shown.left, HITTING_SECTION[game.team(defending).hitting])
    if section not in ("HIT", "P?"):
        return ZoneResult(possession)
    hitter = defender_at(game, defending, shown.right.zone_def)
    if hitter is None:  # his place is empty: nobody hits
        return ZoneResult(possession)
    red = draw().left.red
    hit = tally_hit(model, game, defending, hitter, red, "hit", "big_hit")
    if hit is not None:
        return ZoneResult(possession, hits=(hit,))
    if section == "P?":
        # The defence has the puck, so a called penalty stops play at once.
        return ZoneResult(possession, (PenaltyCheck(defending, hitter, "hitting", red, True),))
    return ZoneResult(possession)


def tally_hit(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    hitter: Skater,
    number: int,
    hit_rating: str,
    big_rating: str,
) -> Hit | None:
    """A hit when `number` is within `hitter`'s `hit_rating`, a big hit within his
    `big_rating`: tallied for his team and returned; None for no hit."""
    if number > rating(model, hitter, hit_rating):
        return None
    return delivered_hit(game, side, hitter, number <= rating(model, hitter, big_rating))


def physical_hit(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    player: Skater,
    shown: Draw,
    hit_rating: str = "hit",
    big_rating: str = "big_hit",
    where: str = "",
) -> tuple[Hit, ...]:
    """The Right face's PHYSICAL action (README §5.4): a HIT with its number within the
    player's `hit_rating`, a BIG HIT within his `big_rating`; `where` ends the log line."""
    action, number = shown.right.physical, shown.right.physical_n
    if action is None or number is None:
        return ()
    big = action == "BIG HIT"
    if number > rating(model, player, big_rating if big else hit_rating):
        return ()
    return (delivered_hit(game, side, player, big, where),)


def delivered_hit(
    game: GameState, side: TeamSide, hitter: Skater, big: bool, where: str = ""
) -> Hit:
    """`hitter`'s hit, a big one when `big`, tallied for his team."""
    game.count(side, "hits")
    game.log(f"{'big hit' if big else 'hit'} by {hitter.name}{where}")
    return Hit(side, hitter, big)


def skater_at(game: GameState, side: TeamSide, position: str | None) -> Skater:
    """The skater a face's locator names; a place the box leaves empty is covered by the
    centre (`TeamState.at`)."""
    if position is None:
        raise ValueError("the face names no player for this play")
    return game.team(side).at(position.lstrip("*"))


def defender_at(game: GameState, side: TeamSide, position: str | None) -> Skater | None:
    """The defender a face's locator names, None when the box leaves his place empty:
    nobody makes the defensive play (L1090, L1096 "PLAYER NOT ON ICE")."""
    if position is None:
        raise ValueError("the face names no player for this play")
    return game.team(side).on_ice_at(position.lstrip("*"))


def _logged(game: GameState, text: str, result: ZoneResult) -> ZoneResult:
    game.log(text)
    return result
