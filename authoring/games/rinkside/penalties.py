"""RINKSIDE HOCKEY's penalties, power plays and penalty kills (seed L999-L1144): the
official's call on a `PenaltyCheck`, the infraction and who takes it, the severe chart and
the drawn retaliation, the penalty box in :30 steps, and the power play's own plays (the
penalty kill's faceoff clear, failed moves, loose pucks, the set-up and the quarterback, the
Forecheck's short-handed chances and power-play rushes, the +3 of 5-on-3 and 4-on-4).

As in `zone.py`, a rule returns a value and never plays the next phase; the penalty box is
this module's own state, one per game: the game loop marks [T] with `mark_penalty_time`
while a penalty runs, so the clock and the box move together."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Literal, TypeVar, get_args

from authoring.games.rinkside.battles import dangerous_play_on_failure
from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import Rinkside, Skater
from authoring.games.rinkside.policy import Coach
from authoring.games.rinkside.state import GameState, TeamSide, Zone, other
from authoring.games.rinkside.zone import (
    DEFENCE,
    FORWARDS,
    Outcome,
    PenaltyCheck,
    Possession,
    Rush,
    ShotChance,
    Stoppage,
    ZoneResult,
    end_of,
    offensive,
    rating,
    set_up_shooter,
)

PlayType = Literal["zone", "hit_battle", "offensive", "scramble_clear", "faceoff"]
POSITIONS = (*FORWARDS, *DEFENCE)
Stop = TypeVar("Stop")
MINOR_STEPS = 4  # four :30 sequences (L1046)
MAJOR_STEPS = 10  # ten :30 sequences (L1046)
MISCONDUCT_STEPS = 20  # 10:00; the seed gives no steps, the clock's :30 does
RETALIATION_BLUE = 6  # a Right blue of 1-6 tries for a retaliation (L1038)
MOST_IN_BOX = 2  # a team never plays fewer than three skaters: a third penalty waits
STRENGTH_BONUS = 3  # L1142, L1144
# The vacant places of a short-handed team, by how many of its skaters serve (engine choice).
VACANT: dict[int, tuple[str, ...]] = {0: (), 1: ("RW",), 2: ("LW", "RW")}


@dataclass(frozen=True)
class Infraction:
    """A penalty assessed to `player` of `side`: its name, its severe-chart penalty (None
    for a plain minor) and whether it is the roughing of a drawn retaliation."""

    side: TeamSide
    player: Skater
    name: str
    severe: str | None = None
    retaliation: bool = False


@dataclass(frozen=True)
class Assessed:
    """What the administration of a called penalty came to: the infraction, and the
    retaliation it drew, if any."""

    infraction: Infraction
    retaliation: Infraction | None = None


@dataclass(frozen=True)
class Cleared:
    """`side` cleared the puck out of its end; `timed` when a [T] is marked (L1048-L1062)."""

    side: TeamSide
    timed: bool = True


@dataclass(frozen=True)
class ShortHanded:
    """`side`, on the penalty kill, turns a clear into a short-handed rush (L1122)."""

    side: TeamSide


@dataclass(eq=False)
class Serving:
    """One penalty in the box: `steps` :30 sequences left; `strength` False for a
    misconduct, served without leaving the team short; `played_out` for a major. A penalty
    `waiting` starts when `follows` (the first half of a double minor) has ended and its
    team has fewer than two running."""

    side: TeamSide
    player: Skater
    steps: int
    strength: bool = True
    played_out: bool = False
    waiting: bool = False
    follows: Serving | None = None


@dataclass
class PenaltyBox:
    """Both teams' penalties being served or waiting, and the players ejected."""

    serving: list[Serving] = field(default_factory=list)
    ejected: list[Skater] = field(default_factory=list)

    def running(self, side: TeamSide) -> list[Serving]:
        """`side`'s penalties that keep it a man short now."""
        return [s for s in self.serving if s.side == side and s.strength and not s.waiting]

    def skaters(self, side: TeamSide) -> int:
        return 5 - len(self.running(side))

    def vacant(self, side: TeamSide) -> tuple[str, ...]:
        return VACANT[len(self.running(side))]

    def on_ice(self, game: GameState, side: TeamSide, position: str) -> Skater | None:
        """The skater at `position` for `side`, None when the box leaves the place empty."""
        if position.lstrip("*") in self.vacant(side):
            return None
        return game.team(side).at(position.lstrip("*"))

    def power_play(self) -> TeamSide | None:
        """The side with more skaters, None at even strength (4-on-4 included)."""
        home, visitor = self.skaters("home"), self.skaters("visitor")
        if home == visitor:
            return None
        return "home" if home > visitor else "visitor"

    def assess(self, infraction: Infraction, model: Rinkside) -> None:
        """Put the penalised player in the box for what his penalty costs (L1027-L1036): a
        minor four steps, a major ten played out, a double minor two minors one after the
        other, a misconduct 10:00 that leaves his team at full strength."""
        side, player = infraction.side, infraction.player
        if infraction.severe is None:
            self._enter(Serving(side, player, MINOR_STEPS, waiting=True))
            return
        rule = model.tables.penalty_consequences[infraction.severe]
        if rule.major:
            self._enter(Serving(side, player, MAJOR_STEPS, played_out=True, waiting=True))
        before = None
        for _ in range(rule.power_plays):
            before = Serving(side, player, MINOR_STEPS, waiting=True, follows=before)
            self._enter(before)
        if rule.misconduct:
            self.serving.append(Serving(side, player, MISCONDUCT_STEPS, strength=False))
        if rule.ejected:
            self.ejected.append(player)

    def tick(self) -> None:
        """[T] while penalties run: each running one loses a :30 step (L1046)."""
        for serving in [s for s in self.serving if not s.waiting]:
            serving.steps -= 1
            if serving.steps <= 0:
                self._release(serving)

    def goal(self, scoring: TeamSide) -> Serving | None:
        """A power-play goal ends the minor that gave it, the first to end; majors are
        played out (L1046). Returns the penalty ended, None if none did."""
        if self.power_play() != scoring:
            return None
        minors = [s for s in self.running(other(scoring)) if not s.played_out]
        if not minors:
            return None
        ended = min(minors, key=lambda s: s.steps)
        self._release(ended)
        return ended

    def _enter(self, serving: Serving) -> None:
        self.serving.append(serving)
        self._start_waiting()

    def _release(self, serving: Serving) -> None:
        self.serving.remove(serving)
        self._start_waiting()

    def _start_waiting(self) -> None:
        for serving in self.serving:
            blocked = serving.follows is not None and serving.follows in self.serving
            full = len(self.running(serving.side)) >= MOST_IN_BOX
            if serving.waiting and not blocked and not full:
                serving.waiting = False


# The official's call and whether play goes on (L1001-L1019).


def opposite_face(shown: Draw, trigger: Face) -> Face:
    """The face opposite the one whose number triggered the penalty check (L1001)."""
    return shown.left if trigger is shown.right else shown.right


def filled_boxes(face: Face) -> int:
    return sum(bool(box) for box in (face.call_tight, face.call_normal, face.call_ltp))


def official_calls(model: Rinkside, game: GameState, opposite: Face) -> bool:
    """L1001-L1013: the official calls the penalty when the opposite face's filled boxes
    reach the game's officiating mode (T_OfficialCall, README §5.2)."""
    return model.tables.official_call[game.officiating][filled_boxes(opposite)].result == (
        "penalty"
    )


def checked_during_power_play(box: PenaltyBox, check: PenaltyCheck) -> bool:
    """L1140: on a power play only an odd #100 is a penalty; an even one is ignored."""
    return box.power_play() is None or check.number % 2 == 1


def whistled_at_once(box: PenaltyBox, check: PenaltyCheck) -> bool:
    """L1017-L1019: an even number stops play, an odd one is delayed; L1140: during a
    power play a called penalty always stops play at once."""
    return check.whistled or box.power_play() is not None


def penalised_side(check: PenaltyCheck) -> TeamSide:
    """The team a called `check` penalises: the opponent of a player drawing a penalty, the
    team of one committing it (L1021-L1025)."""
    return other(check.side) if check.kind == "draw" else check.side


def goalie_commits(
    model: Rinkside, game: GameState, side: TeamSide, shown: Draw
) -> PenaltyCheck | None:
    """README §5.6 (the seed has no goalie penalty rule): a goalie who fails a play commits a
    penalty on a Right #100 within his Penalty number; the centre on the ice serves it."""
    number = shown.right.n100
    goalie = game.team(side).lineup.goalie
    if number > model.goalie_cards[goalie.goalie_id]["penalty"]:
        return None
    server = game.team(side).at("C")
    return PenaltyCheck(side, server, "commit", number, whistled=number % 2 == 0)


# Administration (L1021-L1040).


def penalised_player(
    model: Rinkside, game: GameState, box: PenaltyBox, offended: TeamSide, shown: Draw
) -> Skater:
    """L1025: the opponent of `offended` picked by the PenalizedPlayer chart on Black #100,
    ranked by Commit Penalty among his team's skaters on the ice; players sharing the rating
    are split by the Right face's F/D, then the Left face's L (the first of LW, C, RW, LD,
    RD) or R (the last)."""
    side = other(offended)
    present = [(p, s) for p in POSITIONS if (s := box.on_ice(game, side, p)) is not None]
    ratings = sorted(rating(model, s, "commit_penalty") for _, s in present)
    rank = model.penalized_player[shown.black100].from_lowest
    wanted = ratings[min(rank, len(ratings)) - 1]
    sharing = [(p, s) for p, s in present if rating(model, s, "commit_penalty") == wanted]
    if len(sharing) > 1:
        kind = DEFENCE if shown.right.grade_pos == "D" else FORWARDS
        sharing = [(p, s) for p, s in sharing if p in kind] or sharing
    return sharing[0][1] if shown.left.side == "L" else sharing[-1][1]


def administer(
    model: Rinkside,
    game: GameState,
    box: PenaltyBox,
    check: PenaltyCheck,
    play_type: PlayType,
    draw: Callable[[], Draw],
) -> Assessed:
    """L1021-L1040: who is penalised (the committing player, or the chart's pick when the
    penalty was drawn), the infraction on a new draw's Black #100, the severe chart on a
    further draw when that draw's Right #100 reaches his Secondary Penalty, and on a Right
    blue of 1-6 a retaliation drawn when its Left #100 reaches it too: a roughing minor to
    an opponent picked as a drawn penalty's player is."""
    side = penalised_side(check)
    if check.kind == "draw":
        player = penalised_player(model, game, box, check.side, draw())
    else:
        player = check.player
    shown = draw()
    name = model.penalty_chart[play_type][shown.black100].infraction
    secondary = rating(model, player, "secondary_penalty")
    severe = model.severe_chart[draw().black100].penalty if shown.right.n100 >= secondary else None
    infraction = Infraction(side, player, name, severe)
    retaliation = None
    if shown.right.blue <= RETALIATION_BLUE and shown.left.n100 >= secondary:
        opponent = penalised_player(model, game, box, side, draw())
        retaliation = Infraction(other(side), opponent, "roughing", retaliation=True)
    for given in (infraction, retaliation):
        if given is not None:
            box.assess(given, model)
            game.count(given.side, "penalties")
            game.log(f"{given.player.name}: {given.severe or 'minor'}, {given.name}")
    return Assessed(infraction, retaliation)


def power_play_start(penalised: TeamSide, zone: Zone) -> Stoppage:
    """L1064: a penalty in either end starts the power play at a faceoff beside the
    penalised team's goalie; a neutral-zone one at a neutral-zone faceoff."""
    faceoff = "neutral" if zone == "neutral" else end_of(penalised)
    return Stoppage(faceoff, timed=False, why="penalty")


# The power play's plays (L1042-L1138).

TimingEvent = Literal[
    "zone cleared",
    "goalie covers",
    "goalie freezes a loose puck",
    "hand pass or high stick by the power play",
    "short-handed chance",
    "penalty kill wins a neutral-zone faceoff and dumps in",
    "penalty kill wins an offensive-zone faceoff and plays",
]
POWER_PLAY_MARKS: frozenset[str] = frozenset(get_args(TimingEvent))


def marks_power_play_time(event: str) -> bool:
    """L1048-L1062: on a power play [T] is marked on these events and only these."""
    return event in POWER_PLAY_MARKS


def mark_penalty_time(game: GameState, box: PenaltyBox) -> None:
    """[T]: the clock's :30 step, and each running penalty's."""
    game.mark_time()
    box.tick()


def penalty_kill_faceoff_clear(
    model: Rinkside,
    game: GameState,
    box: PenaltyBox,
    killing: TeamSide,
    faceoff: Draw,
    draw: Callable[[], Draw],
) -> Cleared | Possession:
    """L1068: the penalty kill wins a faceoff in its end and clears at once: the Right
    face's faceoff-control player, or the LD or RD the Left face's L or R names when he is
    not on the ice; a new draw clears on its blue within his Neutral or its red within his
    Defense ([T]); else the power play has it, the new Right face's zone-play player."""
    named = faceoff.right.faceoff_control or ""
    clearer = box.on_ice(game, killing, named)
    if clearer is None:
        clearer = game.team(killing).at("LD" if faceoff.left.side == "L" else "RD")
    shown = draw()
    if shown.left.blue <= rating(model, clearer, "neutral") or shown.left.red <= rating(
        model, clearer, "defense"
    ):
        return Cleared(killing)
    return _power_play_puck(game, box, other(killing), shown)


def failed_move_clear(
    model: Rinkside,
    game: GameState,
    box: PenaltyBox,
    coach: Coach,
    killing: TeamSide,
    failed: Draw,
    draw: Callable[[], Draw],
) -> Cleared | Possession | ShortHanded | ZoneResult:
    """L1076-L1086, L1116-L1122: after a failed set-up, quality shot or two-man game the
    failed draw's Right zone-play defender clears on a new draw's red within his Defense
    ([T]); a red in the penalty kill's Forecheck range turns it short-handed; out of range
    the new Right face's zone-play attacker has the puck, or the new Left face's OFFENSE
    DANGEROUS plays out (`coach` answers its activation). A defender not on the ice: his
    place's attacker has it at once."""
    position = (failed.right.zone_def or "").lstrip("*")
    defender = box.on_ice(game, killing, position)
    if defender is None:
        return Possession(other(killing), end_of(killing), game.team(other(killing)).at(position))
    shown = draw()
    stopped = _kill_stop(
        model, game, killing, defender, shown.left.red, "red_left", ShortHanded(killing)
    )
    if stopped is not None:
        return stopped
    dangerous = dangerous_play_on_failure(model, game, other(killing), coach, shown, draw)
    return dangerous or _power_play_puck(game, box, other(killing), shown)


def penalty_kill_loose_puck(
    game: GameState, box: PenaltyBox, killing: TeamSide, outcome: Outcome
) -> Outcome | Cleared:
    """L1090-L1092: a penalty kill that wins a loose puck clears it at once ([T]); when the
    defender the play names is a place the box left empty, that place's attacker has it."""
    if not isinstance(outcome, Possession) or outcome.side != killing:
        return outcome
    carrier = outcome.carrier
    if carrier is not None:
        position = _position(game, killing, carrier)
        if position in box.vacant(killing):
            attacking = other(killing)
            return Possession(attacking, end_of(killing), game.team(attacking).at(position))
    return Cleared(killing)


def power_play_setup(
    model: Rinkside,
    game: GameState,
    box: PenaltyBox,
    attacking: TeamSide,
    quarterback: Skater,
    draw: Callable[[], Draw],
) -> Cleared | Possession | Rush | ShotChance:
    """L1094-L1110: a draw's Left neutral-zone defender tries to stop the set-up on a new
    draw: a blue in the penalty kill's Forecheck range gives the power play a rush (L1122),
    a blue within his Defense clears ([T]), else the new Right face's zone-play attacker has
    the puck in the zone. When that defender is not on the ice the quarterback sets up
    instead (`quarterback_setup`)."""
    killing = other(attacking)
    named = draw().left.nz_defender or ""
    defender = box.on_ice(game, killing, named)
    if defender is None:
        return quarterback_setup(model, game, box, attacking, quarterback, draw)
    shown = draw()
    stopped = _kill_stop(
        model, game, killing, defender, shown.left.blue, "blue_left", Rush(attacking)
    )
    if stopped is not None:
        return stopped
    return _power_play_puck(game, box, attacking, shown)


def _kill_stop(
    model: Rinkside,
    game: GameState,
    killing: TeamSide,
    defender: Skater,
    number: int,
    column: str,
    forechecked: Stop,
) -> Stop | Cleared | None:
    """`killing`'s penalty-killing `defender` against a new draw's `number`: `forechecked`
    when it falls in his team's Forecheck range (`column` of the chart), the puck cleared
    ([T]) within his Defense, None when neither stops the power play."""
    forecheck = model.tables.pk_forecheck[game.team(killing).forecheck][column]
    if forecheck.lo <= number <= forecheck.hi:
        return forechecked
    if number <= rating(model, defender, "defense"):
        return Cleared(killing)
    return None


def quarterback_setup(
    model: Rinkside,
    game: GameState,
    box: PenaltyBox,
    attacking: TeamSide,
    quarterback: Skater,
    draw: Callable[[], Draw],
) -> Cleared | Possession | ShotChance:
    """L1110-L1114: a new draw's blue within the quarterback's Offense sets the power play up
    in the zone; within his S-U he finds a teammate for a quality chance, within his Q-S he
    makes one himself; above his Offense the puck goes back down the ice ([T])."""
    shown = draw()
    blue = shown.left.blue
    if blue <= offensive(model, game, quarterback, "set_up"):
        shooter = set_up_shooter(model, game, attacking, quarterback, shown)
        return ShotChance(shooter, "q", "set-up", passer=quarterback)
    if blue <= offensive(model, game, quarterback, "quality_shot"):
        return ShotChance(quarterback, "q", "quality shot")
    if blue <= offensive(model, game, quarterback, "offense"):
        return Possession(attacking, end_of(other(attacking)), quarterback)
    return Cleared(other(attacking))


# 5-on-3 and 4-on-4 (L1142-L1144).


def strength_bonus(box: PenaltyBox, side: TeamSide) -> int:
    """+3 to every offensive rating of a power play two men up, and of both teams at 4-on-4;
    nothing at 5-on-5, 5-on-4 or for a penalty kill. The loop keeps it in each team's
    `offense_bonus`, which `zone.offensive` adds."""
    mine, theirs = box.skaters(side), box.skaters(other(side))
    if mine - theirs >= 2 or mine == theirs == 4:
        return STRENGTH_BONUS
    return 0


def quarterback_options(game: GameState, box: PenaltyBox, side: TeamSide) -> Sequence[Skater]:
    """The skaters a power play may name its quarterback (L1112: a defenceman, or a forward
    if the coach likes): those on the ice."""
    return tuple(s for p in POSITIONS if (s := box.on_ice(game, side, p)) is not None)


def _power_play_puck(
    game: GameState, box: PenaltyBox, attacking: TeamSide, shown: Draw
) -> Possession:
    """The power play has the puck in the zone, with the Right face's zone-play attacker, or
    its centre when the box has emptied that place (a power play short a man itself)."""
    position = (shown.right.zone_off or "C").lstrip("*")
    carrier = box.on_ice(game, attacking, position) or game.team(attacking).at("C")
    return Possession(attacking, end_of(other(attacking)), carrier)


def _position(game: GameState, side: TeamSide, skater: Skater) -> str:
    team = game.team(side)
    return next(p for p in POSITIONS if team.at(p) == skater)
