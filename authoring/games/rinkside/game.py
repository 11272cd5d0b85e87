"""RINKSIDE HOCKEY's game loop: a whole game from the pre-game skate to the end of the 3rd
period, each rule module's outcome value handed to the rule that plays it.

The rule modules never play the next phase themselves; `Match.play` takes the value one
returned (a faceoff to take, a team with the puck somewhere, a loose puck, a shot chance, a
rush, a dump-in, a stoppage ...) and calls the rule for it, which returns the next value.
Around that dispatch the loop keeps what no single rule owns: the penalty box and the power
play's strength, delayed penalties, the whistle's scrums and fights, momentum, line changes
at stoppages, the draws counted by period and the end of each period. A tied game stays
tied: the seed has no overtime."""

from __future__ import annotations

import random
from collections import Counter, deque
from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from fractions import Fraction

from authoring.games.rinkside import (
    battles,
    breakouts,
    dump,
    extras,
    fights,
    goals,
    momentum,
    neutral,
    penalties,
    rush,
    shots,
    whistle,
)
from authoring.games.rinkside.deck import Face, Side
from authoring.games.rinkside.draws import Draw, DrawPile
from authoring.games.rinkside.extras import Colour
from authoring.games.rinkside.faceoffs import faceoff
from authoring.games.rinkside.model import Goalie, Rinkside, Skater
from authoring.games.rinkside.policy import (
    Coach,
    OwnEndPlay,
    ask_offensive_play,
    ask_own_end,
    ask_quarterback,
    change_lines,
)
from authoring.games.rinkside.pregame import pregame_skate
from authoring.games.rinkside.saves import save_column
from authoring.games.rinkside.shots import ShotResult, Strength
from authoring.games.rinkside.state import (
    SIDES,
    STEP_SECONDS,
    STEPS_PER_PERIOD,
    GameState,
    TeamSide,
    Zone,
    other,
)
from authoring.games.rinkside.zone import (
    RED_RANGE,
    Breakaway,
    CentreIceShot,
    ClearAttempt,
    DumpIn,
    FailedRush,
    ForcedScenario,
    Hit,
    LoosePuck,
    NetScramble,
    Outcome,
    PenaltyCheck,
    Possession,
    Rush,
    ShotChance,
    Stoppage,
    ZoneResult,
    defender_at,
    end_of,
    offensive_chances,
    offensive_option,
    rating,
    set_up_shooter,
    skater_at,
)
from authoring.games.rinkside.zone import Colour as StopLight

# A game is some 600 draws (seed L85: about two shuffles a period); one that runs to ten
# times that is a loop between rules, not hockey.
MAX_DRAWS = 6_000
PENALTY_MINUTES = {"minor": 2, "major": 5, "misconduct": 10}
LAST_SECOND_SHOTS = 2  # a last-second try's shot and its "only 1 follow up shot" (L1363)
FIGHT_MINUTES = {
    "fighting major": 5,
    "instigator minor": 2,
    "game misconduct": 10,
    "misconduct": 10,
}
# Penalties that send a player to the league discipline office (L1252-L1257); a fight's
# game misconduct (the third man's, the instigator's) is one too, and so is a brawl.
DISCIPLINE_PENALTIES = ("match", "game misconduct", "major and game misconduct")
BRAWL = "brawl"
# Which PenaltyChart column a penalty check reads, by the kind of check (README §11.11).
PLAY_TYPE: dict[str, penalties.PlayType] = {
    "hitting": "hit_battle",
    "draw": "offensive",
    "commit": "zone",
}


class RunawayGame(RuntimeError):
    """A game that drew past `MAX_DRAWS`: the rules are passing the puck in a circle."""


Read = tuple[Draw, Side, Colour]  # a red or blue number some rule read, and where
Stint = tuple[Goalie | None, int, int, int]  # in net; shots against, saves, steps at its start


class WatchedFace(Face):
    """A face of a card the loop drew, noting each red or blue number a rule reads off it:
    an auxiliary play follows a yellow 10 read (L1317, README §9 Q2), and only the rules
    know which numbers they read. Only `red` and `blue` are watched (properties over the
    printed values), so the other reads cost nothing extra."""

    @property
    def red(self) -> int:
        return self._read("red")

    @property
    def blue(self) -> int:
        return self._read("blue")

    def _read(self, colour: Colour) -> int:
        printed = self.__dict__
        reads, shown, side = printed["seen"]
        reads.append((shown, side, colour))
        return int(printed[colour])


def watched(shown: Draw, reads: list[Read]) -> Draw:
    """`shown` with faces that note the numbers read off them into `reads`."""
    faces = []
    for side, face in (("left", shown.left), ("right", shown.right)):
        copy = object.__new__(WatchedFace)
        copy.__dict__.update(face.__dict__, seen=(reads, shown, side))
        faces.append(copy)
    return replace(shown, left=faces[0], right=faces[1])


@dataclass(frozen=True)
class ScoringPlay:
    period: int
    clock: str
    side: TeamSide
    scorer: str
    assists: tuple[str, ...]
    strength: str  # EV, PP or SH


@dataclass(frozen=True)
class PlayerLine:
    """One player's game. A skater's goals, assists, shots on goal, penalty minutes and
    hits; a goalie's shots against and saves while he was in net and his time there (and
    the rare goal he shoots into an empty net, with its shot)."""

    player_id: str
    side: TeamSide
    goals: int = 0
    assists: int = 0
    shots: int = 0
    pim: int = 0
    hits: int = 0
    shots_against: int = 0
    saves: int = 0
    seconds: int = 0  # in net

    @property
    def minutes(self) -> str:
        return f"{self.seconds // 60}:{self.seconds % 60:02d}"


PLAYER_STATS = ("goals", "assists", "shots", "pim", "hits", "shots_against", "saves", "seconds")


@dataclass(frozen=True)
class GameRecord:
    """A finished game: the box score by (side, stat, period), the goals in order, the
    play-by-play, and the draws and reshuffles of the deck in each period; each player's
    line, the hottest intensity the game reached, the players it sends to the discipline
    office (id, the penalty or "brawl") and the players hurt (id, InjuryLength's text).

    The stats: goals, assists, shots (on goal), saves (made by the side's goalie),
    pp_goals, pp_chances, empty_net_goals, disallowed_goals, penalties, pim (minutes), hits
    and fights."""

    home: str
    visitor: str
    box: tuple[tuple[TeamSide, str, int, int], ...]
    scoring: tuple[ScoringPlay, ...]
    plays: tuple[str, ...]
    draws: tuple[int, ...]  # by period
    reshuffles: tuple[int, ...]  # by period
    lines: tuple[PlayerLine, ...] = ()
    peak_intensity: str = "NORMAL"
    discipline: tuple[tuple[str, str], ...] = ()
    injuries: tuple[tuple[str, str], ...] = ()

    def line(self, player_id: str) -> PlayerLine:
        """`player_id`'s line; a player with nothing to his name has none of his own."""
        found = next((line for line in self.lines if line.player_id == player_id), None)
        if found is None:
            raise KeyError(f"no line for {player_id!r} in this game")
        return found

    def stat(self, side: TeamSide, stat: str, period: int | None = None) -> int:
        return sum(
            count
            for s, name, p, count in self.box
            if s == side and name == stat and period in (None, p)
        )

    @property
    def score(self) -> tuple[int, int]:
        """(visitor, home) goals."""
        return self.stat("visitor", "goals"), self.stat("home", "goals")


def play_game(
    model: Rinkside,
    home: str,
    visitor: str,
    rng: random.Random,
    coaches: Mapping[TeamSide, Coach],
    *,
    dirty_start: int | None = None,
    sitting: frozenset[str] = frozenset(),
    starting_goalies: Mapping[TeamSide, str] | None = None,
) -> GameRecord:
    """Play `visitor` at `home` on a deck shuffled by `rng`, `coaches` answering for each.
    What a season decides about a game: `dirty_start` the dirty-play level it starts at
    instead of the rivalry's (L1188: a back-to-back after a BOILING game), `sitting` the
    skaters out of it (suspended or injured; `Lineup.without` fills their places), and
    `starting_goalies` each side's goalie in net (the club's starter when not named)."""
    game = GameState.new(model, home, visitor, sitting=sitting, goalies=starting_goalies)
    match = Match(model, game, DrawPile(model.cards, rng), coaches)
    return match.run(dirty_start)


class Match:
    """One game being played: the state the rules act on, the deck, the coaches and what the
    loop itself keeps (the penalty box, the extra box-score columns, the draws by period)."""

    def __init__(
        self,
        model: Rinkside,
        game: GameState,
        pile: DrawPile,
        coaches: Mapping[TeamSide, Coach],
    ) -> None:
        self.model, self.game, self.pile, self.coaches = model, game, pile, coaches
        self.box = penalties.PenaltyBox()
        self.extra: Counter[tuple[TeamSide, str, int]] = Counter()
        self.scoring: list[ScoringPlay] = []
        self.last: Draw | None = None
        self.recent: deque[str] = deque(maxlen=12)
        self.draws_at: list[tuple[int, int]] = []  # (draws, reshuffles) at each period's end
        self.delayed: tuple[PenaltyCheck, Zone] | None = None  # called, play going on (L1019)
        self.cleared_marked = False  # a penalty kill's clear marked its own [T] this play
        self.dirty = False  # a dirty play since the last whistle: an automatic scrum (L1194)
        self.playing: TeamSide | None = None  # the team on a power play at the last sync
        self.buzzer = False  # a last-second try (L1363): a rush or rebound goal is timed
        self.reads: list[Read] = []  # the numbers read off the cards since the last play
        self.lines: Counter[tuple[str, TeamSide, str]] = Counter()  # (player, side, stat)
        self.discipline: list[tuple[str, str]] = []  # (player, why), in play order
        self.injuries: list[tuple[str, str]] = []  # (player, out for)
        self.stints = {side: self.stint(side) for side in SIDES}

    # The deck.

    def draw(self) -> Draw:
        if self.pile.draws >= MAX_DRAWS:
            raise RunawayGame(
                f"the game drew {MAX_DRAWS} cards without ending; last outcomes: "
                + " | ".join(self.recent)
            )
        self.last = watched(self.pile.draw(), self.reads)
        return self.last

    @property
    def shown(self) -> Draw:
        """The last draw made, the one a rule's outcome was read on."""
        return self.last if self.last is not None else self.draw()

    # The game.

    def run(self, dirty_start: int | None = None) -> GameRecord:
        game = self.game
        pregame_skate(self.model, game, self.draw, self.coaches)
        if dirty_start is not None and dirty_start != game.dirty_level:
            game.dirty_level = dirty_start
            game.log(f"dirty-play level {dirty_start}: the second game of a back-to-back")
        change_lines(game, self.coaches)
        self.grudge()
        following: Outcome = Stoppage("neutral", False, "opening faceoff")
        self.reads.clear()
        while not game.final:
            self.recent.append(f"P{game.period} {game.clock} {type(following).__name__}")
            steps = (game.period, game.steps)
            self.sync_timing()
            before, played = game.zone, following
            self.cleared_marked = False
            following = self.delayed_whistle(played, self.play(played))
            following = self.auxiliary(played, following)
            self.zone_cleared(before, following)
            self.tick_penalties(steps)
            game.zone = self.zone_of(following)
            if game.time_up and game.zone == "neutral":
                self.last_second(following)
                self.end_period()
                if not game.final:
                    following = Stoppage("neutral", False, "start of period")
        for side in SIDES:
            self.close_stint(side)
        return self.record()

    # The players' lines.

    def credit(self, player: Skater | Goalie, stat: str, amount: int = 1) -> None:
        if isinstance(player, Goalie):
            key, side = player.goalie_id, self.goalie_side(player)
        else:
            key, side = player.skater_id, self.side_of(player)
        self.lines[key, side, stat] += amount

    def goalie_side(self, goalie: Goalie) -> TeamSide:
        return "home" if goalie.team_id == self.game.home.lineup.team_id else "visitor"

    def stint(self, side: TeamSide) -> Stint:
        """`side`'s net from now: its goalie (None when pulled), the shots against, saves
        and :30 steps so far."""
        game, team = self.game, self.game.team(side)
        return (
            None if team.goalie_pulled else team.lineup.goalie,
            game.total(other(side), "shots"),
            game.total(side, "saves"),
            (game.period - 1) * STEPS_PER_PERIOD + game.steps,
        )

    def close_stint(self, side: TeamSide) -> None:
        """Credit the goalie who has been in `side`'s net since the last change with the
        shots, saves and time since, and start the next stint; the shots on an empty net
        go to nobody. Called right after the net may have changed (a goalie pulled or put
        back, an injured goalie replaced) and at the end."""
        goalie, shots_then, saves_then, steps_then = self.stints[side]
        now = self.stints[side] = self.stint(side)
        if goalie is not None:
            self.credit(goalie, "shots_against", now[1] - shots_then)
            self.credit(goalie, "saves", now[2] - saves_then)
            self.credit(goalie, "seconds", (now[3] - steps_then) * STEP_SECONDS)

    def credit_shots(self, attempts: tuple[shots.Attempt, ...]) -> None:
        """Each shot on goal (saved or scored) to its shooter; a deflected one to the
        player who tipped it, who is credited with its goal too."""
        for attempt in attempts:
            if attempt.result in ("saved", "goal"):
                deflected = attempt.traffic == "deflection" and attempt.by is not None
                self.credit(attempt.by if deflected and attempt.by else attempt.shooter, "shots")

    def last_second(self, outcome: Outcome) -> None:
        """L1355-L1365: time is up with a team holding the puck in the neutral zone. The
        neutral zone it faces is a new draw's Left colour (as the scenario reads it, L806),
        the try a further draw's Left red (T_LastSecond); a rush is played to its shot and
        a centre-ice shot to its one rebound, a rush or rebound goal counting only before
        the buzzer (`before_the_buzzer`). Where the play leaves the puck does not matter:
        the period is over."""
        if not isinstance(outcome, Possession) or outcome.zone != "neutral":
            return
        side, game = outcome.side, self.game
        colour = self.draw().left.nz_colour
        if colour is None:
            raise ValueError("the face shows no neutral-zone colour where the rule reads one")
        chosen = extras.last_second_try(
            self.model, game, side, colour, self.draw(), self.coach(side)
        )
        if chosen is None:
            return
        carrier = outcome.carrier or skater_at(game, side, self.shown.right.zone_off)
        self.buzzer = True
        try:
            if chosen == "rush":
                following = self.settle(rush.rush(self.model, game, side, self.draw))
                if isinstance(following, ShotChance | Breakaway):
                    self.play(following)
            else:
                shot = neutral.centre_ice_shot(
                    self.model, game, side, self.coach(side), carrier, self.draw
                )
                following = self.settle(shot)
                if isinstance(following, CentreIceShot):
                    self.centre_ice_shot(following)
        finally:
            self.buzzer = False

    # Auxiliary plays and injuries (L1311-L1339).

    def auxiliary(self, played: Outcome, following: Outcome) -> Outcome:
        """L1317: a yellow 10 read by a rule while `played` was played, with the other
        face's #100 ending in 0, brings one auxiliary play, whatever number of them showed.
        Its puck (a loose puck, a team's puck, a whistle) replaces `following`, unless play
        had already stopped; a penalty, an injury, a confidence check or the crowd's
        momentum happen and play goes on as it was."""
        reads, self.reads[:] = list(self.reads), []
        if not any(extras.auxiliary_triggered(*read) for read in reads):
            return following
        game = self.game
        game.zone = self.zone_of(following)
        attacking = holder(following, self.side_of) or holder(played, self.side_of)
        if attacking is None:
            attacking = "home" if game.zone == "visitor end" else "visitor"
        carrier = following.carrier if isinstance(following, Possession) else None
        short = frozenset(side for side in SIDES if self.strength(side) == "short-handed")
        aux = extras.auxiliary_play(
            self.model,
            game,
            self.draw,
            attacking=attacking,
            carrier=carrier,
            last_play=(attacking, carrier) if carrier is not None else None,
            short_handed=short,
        )
        self.reads.clear()
        self.count(attacking, "auxiliary_plays")
        outcome = aux.outcome
        if isinstance(outcome, extras.Injury):
            self.injure(outcome)
        elif isinstance(outcome, extras.AuxiliaryPenalty):
            return self.auxiliary_penalty(outcome, following)
        elif isinstance(outcome, extras.MomentumBump):
            coach = self.coach(outcome.side)
            momentum.award(self.model, game, outcome.side, "momentum bump", coach)
        elif isinstance(outcome, extras.EmptyNetGoal):
            self.count(outcome.side, "empty_net_goals")
            shooter = game.team(outcome.side).lineup.goalie
            self.credit(shooter, "shots")
            self.goal(outcome.side, shooter, ())
            return Stoppage("neutral", False, "goal")
        elif isinstance(outcome, LoosePuck | Possession | Stoppage):
            return following if isinstance(following, Stoppage) else outcome
        return following

    def injure(self, injury: extras.Injury) -> None:
        """L1323: the injured player leaves the game (however long InjuryLength says he is
        out, the seed's game has no return; a season carries the games he misses): his
        places go to the next skater at his position one line or pair down; an injured
        goalie gives way to the other."""
        team = self.game.team(injury.side)
        self.count(injury.side, "injuries")
        hurt = team.lineup.goalie.goalie_id if injury.player is None else injury.player.skater_id
        self.injuries.append((hurt, injury.out_for))
        if injury.player is None:
            team.lineup = team.lineup.with_backup(self.model)
            self.close_stint(injury.side)
            self.game.log(f"{team.lineup.goalie.name} comes in for the {injury.side} goalie")
            return
        team.lineup = team.lineup.without(injury.player)
        self.game.log(f"{injury.player.name} leaves the game")

    def auxiliary_penalty(self, given: extras.AuxiliaryPenalty, following: Outcome) -> Outcome:
        """A bench misconduct is served without leaving a team short and play goes on; a
        minor (too many men, delay of game) stops play for the power play's faceoff. The
        player is the one the penalty locator names (PenalizedPlayer, L1025)."""
        player = penalties.penalised_player(
            self.model, self.game, self.box, other(given.side), self.draw()
        )
        self.game.count(given.side, "penalties")
        self.count(given.side, "pim", given.minutes)
        self.credit(player, "pim", given.minutes)
        if given.minutes > PENALTY_MINUTES["minor"]:
            steps = given.minutes * 2
            self.box.serving.append(penalties.Serving(given.side, player, steps, strength=False))
            return following
        self.box.assess(penalties.Infraction(given.side, player, given.penalty), self.model)
        return penalties.power_play_start(given.side, self.game.zone)

    def end_period(self) -> None:
        self.game.end_period()
        self.draws_at.append((self.pile.draws, self.pile.reshuffles))

    def sync_timing(self) -> None:
        """Power-play timing (L1048-L1062) while the box leaves a team short; a team going
        on a power play (from even strength or a 4-on-4) has a power-play chance."""
        playing = self.box.power_play()
        if playing is not None and playing != self.playing:
            self.count(playing, "pp_chances")
        self.playing = playing
        self.game.power_play_timing = playing is not None
        self.sync_offense_bonus()
        self.sync_places()

    def sync_places(self) -> None:
        """Who the rules may name (README §11.16): the places the box leaves empty, and the
        skaters in the box or thrown out, whose shifts the next at their positions take."""
        for side in SIDES:
            team = self.game.team(side)
            team.vacant = self.box.vacant(side)
            serving = [s.player for s in self.box.serving if s.side == side]
            ejected = [s for s in self.box.ejected if s.team_id == team.lineup.team_id]
            team.boxed = tuple(serving + ejected)

    def sync_offense_bonus(self) -> None:
        """L1142-L1144, L1345: +3 on every offensive rating (`zone.offensive`) for a power
        play two men up, both teams at 4-on-4 and a team with its goalie pulled; the
        reasons do not add up (a pulled goalie at 5-on-3 is still +3)."""
        for side in SIDES:
            self.game.team(side).offense_bonus = max(
                penalties.strength_bonus(self.box, side), extras.offense_bonus(self.game, side)
            )

    def zone_cleared(self, before: Zone, following: Outcome) -> None:
        """L1050: on a power play [T] is marked "any time the puck clears the zone", which
        the loop reads as a play that starts with the puck in an end and leaves it out of
        that end without a whistle."""
        if not self.game.power_play_timing or before == "neutral" or self.cleared_marked:
            return
        if not isinstance(following, Stoppage) and self.zone_of(following) != before:
            self.game.mark_event(even=False, power_play=True)

    def tick_penalties(self, before: tuple[int, int]) -> None:
        """Each :30 step a rule marked ([T]) runs the penalties in the box too (L1046)."""
        period, steps = before
        if self.game.period == period:
            for _ in range(self.game.steps - steps):
                self.box.tick()

    def count(self, side: TeamSide, stat: str, amount: int = 1) -> None:
        self.extra[side, stat, self.game.period] += amount

    def coach(self, side: TeamSide) -> Coach:
        return self.coaches[side]

    def strength(self, side: TeamSide) -> Strength:
        playing = self.box.power_play()
        if playing is None:
            return "even"
        return "power play" if playing == side else "short-handed"

    # The dispatch.

    def play(self, outcome: Outcome) -> Outcome:
        """Play `outcome` with the rule for it; the value that rule returns is next."""
        game = self.game
        if isinstance(outcome, Stoppage):
            return self.stoppage(outcome)
        if isinstance(outcome, ShotChance):
            return self.shot(outcome)
        if isinstance(outcome, Breakaway):
            return self.breakaway(outcome)
        if isinstance(outcome, FailedRush):  # still the rush: its puck chase is unmarked
            return self.settle(rush.failed_rush(game, outcome.side, self.draw()))
        following = game.rush_play and not isinstance(outcome, Rush)
        try:
            return self.open_play(outcome)
        finally:
            if following:  # L198: the play after a rush is not marked either
                game.rush_play = False

    def open_play(self, outcome: Outcome) -> Outcome:
        """Play an outcome that is neither a whistle, a shot nor part of a rush."""
        model, game, draw = self.model, self.game, self.draw
        if isinstance(outcome, Possession):
            return self.possession(outcome)
        if isinstance(outcome, LoosePuck):
            if outcome.zone == "neutral":
                shown = draw()
                return self.possession(
                    Possession(neutral.picks_up(game, shown), "neutral", None), shown
                )
            attacking = other(defending_in(outcome.zone))
            played = self.settle(
                battles.loose_puck(model, game, attacking, self.coach(attacking), draw)
            )
            if self.strength(attacking) != "power play":
                return played
            killed = penalties.penalty_kill_loose_puck(game, self.box, other(attacking), played)
            return self.killed(killed)
        if isinstance(outcome, NetScramble):
            attacking = other(outcome.defending)
            shooter = set_up_shooter(model, game, attacking, None, self.shown)
            return self.sequence(
                attacking,
                shots.net_scramble(
                    model, game, attacking, shooter, draw, strength=self.strength(attacking)
                ),
                "net scramble",
                rebound=True,
            )
        if isinstance(outcome, ClearAttempt):
            return self.clear_attempt(outcome.side)
        if isinstance(outcome, Rush):
            game.rush_play = True
            short = self.strength(outcome.side) == "short-handed"
            if short:  # L1058: the penalty kill creates a short-handed chance
                game.mark_event(even=False, power_play=True)
            result = rush.rush(model, game, outcome.side, draw, short_handed=short)
            return self.settle(result)
        if isinstance(outcome, ForcedScenario):
            return self.neutral_play(outcome.side, outcome.colour)
        if isinstance(outcome, DumpIn):
            return self.dump_in(outcome.side)
        assert isinstance(outcome, CentreIceShot), outcome
        return self.centre_ice_shot(outcome)

    def neutral_play(
        self, side: TeamSide, colour: StopLight | None = None, shown: Draw | None = None
    ) -> Outcome:
        """`side` plays the neutral zone on a new draw's stop light, the `colour` a forecheck
        forces (L778, L782) or the stop light of the card `shown` (L824); [T] once it enters
        the zone (L176)."""
        result = neutral.neutral_zone(
            self.model, self.game, side, self.coach(side), self.draw, colour, shown
        )
        entered = self.settle(result)
        if self.zone_of(entered) == end_of(other(side)):
            self.game.mark_event(even=True, power_play=False)
        return entered

    def possession(self, outcome: Possession, shown: Draw | None = None) -> Outcome:
        """`outcome.side` has the puck: in the neutral zone on `shown`'s stop light when a
        card is already showing for it (L824), in its end a breakout, in the other end an
        offensive option."""
        model, game, draw, side = self.model, self.game, self.draw, outcome.side
        if outcome.zone == "neutral":
            if game.team(other(side)).goalie_pulled:
                carrier = outcome.carrier or skater_at(game, side, self.shown.right.zone_off)
                return self.empty_net(side, carrier)
            return self.neutral_play(side, shown=shown)
        if outcome.zone == end_of(side):
            return self.settle(
                breakouts.defensive_possession(
                    model, game, side, self.coach(side), outcome.carrier, self.shown, draw
                )
            )
        carrier = outcome.carrier or skater_at(game, side, self.shown.right.zone_off)
        chances = offensive_chances(model, game, side, carrier)
        option = ask_offensive_play(self.coach(side), game, side, carrier, chances)
        failure = self.failed_power_play_move if self.strength(side) == "power play" else None
        return self.settle(
            offensive_option(model, game, side, carrier, option, draw, on_failure=failure)
        )

    # The power play and the penalty kill (L1066-L1122).

    def clear_attempt(self, side: TeamSide) -> Outcome:
        """L298: the last draw's Right zone-play defender clears; a place the box leaves
        empty gives the same position's attacker the puck (L1090); a team with momentum
        may spend it on a sure clear instead (L1309)."""
        shown, position = self.shown, self.shown.right.zone_def
        clearer = defender_at(self.game, side, position)
        if clearer is None:
            attacker = skater_at(self.game, other(side), position)
            return Possession(other(side), end_of(side), attacker)
        chance = Fraction(
            min(rating(self.model, clearer, "neutral"), breakouts.BLUE), breakouts.BLUE
        )
        if self.momentum_clear(side, clearer, chance):
            return self.settle(breakouts.clear_with_momentum(self.game, side))
        cleared = breakouts.clear_the_zone(self.model, self.game, side, clearer, self.draw)
        self.dirty_play(side, clearer, shown)
        return self.settle(cleared)

    def momentum_clear(self, side: TeamSide, player: Skater, chance: Fraction) -> bool:
        """L1305-L1309: a team that gains the puck in its end while it has momentum may clear
        for certain with a point of it; its coach weighs that against the clear's `chance`
        (`ask_own_end`, as on a breakout)."""
        if self.game.team(side).momentum == 0:
            return False
        chances: dict[OwnEndPlay, Fraction] = {"clear": chance, "momentum clear": Fraction(1)}
        return ask_own_end(self.coach(side), self.game, side, player, chances) == "momentum clear"

    def failed_power_play_move(self, failed: Draw) -> Outcome:
        """L1076-L1086: the Right face's zone-play defender tries to clear at once; his team
        may spend momentum on a sure clear instead (L1309)."""
        playing = self.box.power_play()
        assert playing is not None
        killing = other(playing)
        defender = defender_at(self.game, killing, failed.right.zone_def)
        if defender is not None:
            chance = Fraction(min(rating(self.model, defender, "defense"), RED_RANGE), RED_RANGE)
            if self.momentum_clear(killing, defender, chance):
                momentum.momentum_clear(self.game, killing)
                return self.killed(penalties.Cleared(killing))
        result = penalties.failed_move_clear(
            self.model, self.game, self.box, self.coach(playing), killing, failed, self.draw
        )
        if isinstance(result, ZoneResult):
            return self.settle(result)
        return self.killed(result)

    def killed(self, result: Outcome | penalties.Cleared | penalties.ShortHanded) -> Outcome:
        """A penalty kill's play: a clear marks [T] (L1050) and the power play sets up again
        (L1096); a short-handed chance is the killers' rush ([T], L1058)."""
        if isinstance(result, penalties.ShortHanded):
            return Rush(result.side)
        if not isinstance(result, penalties.Cleared):
            return result
        if result.timed:
            self.game.mark_event(even=False, power_play=True)
            self.cleared_marked = True
        return self.power_play_setup(other(result.side))

    def power_play_setup(self, side: TeamSide) -> Outcome:
        """L1094-L1114: the power play sets up from neutral ice, its quarterback named by its
        coach; at even strength again (the penalty over) the puck is simply in neutral ice."""
        if self.strength(side) != "power play":
            return Possession(side, "neutral", None)
        options = penalties.quarterback_options(self.game, self.box, side)
        quarterback = ask_quarterback(self.coach(side), self.game, side, options)
        result = penalties.power_play_setup(
            self.model, self.game, self.box, side, quarterback, self.draw
        )
        return self.killed(result)

    def empty_net(self, side: TeamSide, carrier: Skater) -> Outcome:
        """L1347-L1351: `side` has the puck in the neutral zone with the other net empty."""
        short = self.strength(side) == "short-handed"
        attack = extras.empty_net_attack(
            self.model, self.game, side, carrier, self.draw, short_handed=short
        )
        if attack.goal is not None:
            self.count(side, "empty_net_goals")
            self.credit(carrier, "shots")
            self.goal(side, carrier, ())
            return Stoppage("neutral", False, "goal")
        if attack.timed:  # L1351: the defender keeps it out of the open net
            self.game.mark_event(even=True, power_play=False)
        outcome = attack.outcome
        if isinstance(outcome, LoosePuck | Possession | Stoppage):
            return outcome
        raise ValueError(f"an empty-net attack came to {outcome!r}")

    def dump_in(self, side: TeamSide) -> Outcome:
        result = dump.dump_in(self.model, self.game, side, self.coach(other(side)), self.draw)
        return self.settle(result)

    def settle(self, result: ZoneResult) -> Outcome:
        """The hits and penalty checks a play came with, then its outcome; a penalty called
        and whistled at once stops play first. Each defensive play, battle, forecheck and
        hit is a dirty-play chance, one a card: a hit on the card a battle was read on is
        the same play."""
        read: list[Draw] = []
        for act in result.acts:
            self.dirty_play(act.side, act.player, act.shown, read)
        for hit in result.hits:
            self.credit(hit.hitter, "hits")
            self.big_hit(hit)
            self.dirty_play(hit.side, hit.hitter, self.shown, read)
        outcome: Outcome = result.outcome
        for check in result.penalties:
            whistled = self.penalty_check(check)
            if whistled is not None:
                outcome = whistled
        return outcome

    def dirty_play(
        self, side: TeamSide, player: Skater, shown: Draw, read: list[Draw] | None = None
    ) -> None:
        """L1188-L1194: a defensive play, hit, battle, forecheck or clear is a dirty play
        when the card its number came from (`shown`; for a hit or a clear the play's last
        draw) shows a dirty-play chance at or below the game's level. A card already `read`
        for this play is not read again. Its scrum comes at the next whistle."""
        if read is not None:
            if any(shown is done for done in read):
                return
            read.append(shown)
        if whistle.dirty_play(self.model, self.game, side, player, shown) is not None:
            self.dirty = True

    def big_hit(self, hit: Hit) -> None:
        if hit.big:
            momentum.award(self.model, self.game, hit.side, "big hit", self.coach(hit.side))

    # Penalties.

    def penalty_check(self, check: PenaltyCheck) -> Stoppage | None:
        """L1001-L1019, L1140: on a power play only an odd number counts; the official calls
        it by the filled boxes of the face opposite the Right #100 that set it off (the
        last draw's Left face); called and whistled, the penalty is administered and play
        stops for the power play's faceoff. A delayed penalty lets play go on until the
        penalised team touches the puck (`delayed_whistle`); a second one called meanwhile
        is whistled at once."""
        if not penalties.checked_during_power_play(self.box, check):
            return None
        if not penalties.official_calls(self.model, self.game, self.shown.left):
            return None
        if not penalties.whistled_at_once(self.box, check) and self.delayed is None:
            self.delayed = (check, self.game.zone)
            self.game.log(f"delayed penalty on {penalties.penalised_side(check)}")
            return None
        penalised = self.penalise(check, PLAY_TYPE[check.kind])
        return penalties.power_play_start(penalised, self.game.zone)

    def delayed_whistle(self, played: Outcome, following: Outcome) -> Outcome:
        """L1019: a delayed penalty's play goes on "until the other team touches the puck"
        (the penalised team has it, or it gets a loose puck's defensive play), the goalie
        makes a save, or play stops; then [T] and the power play's faceoff. The loop reads
        any shot sequence of the other team as ending it (a save, a goal or a miss), and a
        goal scored during the delay does not cancel the penalty (the seed says nothing of
        it). At a period's end a pending penalty is whistled too."""
        if self.delayed is None:
            return following
        check, zone = self.delayed
        penalised = penalties.penalised_side(check)
        shot = isinstance(played, ShotChance | NetScramble | Breakaway | CentreIceShot)
        stopped = isinstance(following, Stoppage) or self.game.time_up
        if not (shot or stopped or holder(following, self.side_of) == penalised):
            return following
        self.delayed = None
        self.penalise(check, PLAY_TYPE[check.kind])
        self.game.mark_event(even=True, power_play=False)  # L184: after a delayed penalty
        return penalties.power_play_start(penalised, zone)

    def penalise(self, check: PenaltyCheck, play_type: penalties.PlayType) -> TeamSide:
        """Administer a called penalty; returns the team penalised."""
        before = self.box.power_play()
        assessed = penalties.administer(
            self.model, self.game, self.box, check, play_type, self.draw
        )
        for given in (assessed.infraction, assessed.retaliation):
            if given is not None:
                self.count(given.side, "pim", self.minutes(given))
                self.credit(given.player, "pim", self.minutes(given))
                if given.severe in DISCIPLINE_PENALTIES:
                    self.discipline.append((given.player.skater_id, given.severe))
        penalised = assessed.infraction.side
        self.sync_places()
        if before == self.box.power_play() == other(penalised):  # a 5-on-3: a second chance
            self.count(other(penalised), "pp_chances")
        return penalised

    def minutes(self, infraction: penalties.Infraction) -> int:
        if infraction.severe is None:
            return PENALTY_MINUTES["minor"]
        rule = self.model.tables.penalty_consequences[infraction.severe]
        return (
            PENALTY_MINUTES["major"] * rule.major
            + PENALTY_MINUTES["minor"] * rule.power_plays
            + rule.misconduct
            + PENALTY_MINUTES["misconduct"] * rule.ejected  # a game misconduct's 10 (NHL's)
        )

    # Shots.

    def shot(self, chance: ShotChance) -> Outcome:
        side = self.side_of(chance.shooter)
        result = shots.take_shot(
            self.model,
            self.game,
            side,
            chance.shooter,
            chance.chance,
            self.draw,
            last=self.shown,
            passer=chance.passer,
            strength=self.strength(side),
            rush=chance.kind in rush.RUSH_KINDS,
            most=LAST_SECOND_SHOTS if self.buzzer else shots.MAX_SHOTS,
        )
        return self.sequence(side, result, chance.kind)

    def side_of(self, skater: Skater) -> TeamSide:
        return "home" if skater.team_id == self.game.home.lineup.team_id else "visitor"

    def sequence(
        self, side: TeamSide, result: ShotResult, kind: str, *, rebound: bool = False
    ) -> Outcome:
        """Where a shot sequence left the puck; a goal is scored here. `kind` is the play
        that made the chance, `rebound` True when the sequence follows a save."""
        self.credit_shots(result.attempts)
        for hitter in result.hitters:
            self.credit(hitter, "hits")
        if result.goal is not None:
            later = rebound or len(result.attempts) > 1
            self.described_goal(side, result.goal, kind, rebound=later)
        return after_shots(result.then, other(side))

    def described_goal(self, side: TeamSide, goal: shots.Goal, kind: str, *, rebound: bool) -> None:
        """L1367-L1373: the goal's description and the goalie's reaction on a new draw; a
        description marked for review is decided on one more, and a disallowed goal comes
        off the scoreboard, its shot a save (the box score keeps saves = shots - goals)."""
        if self.buzzer and not extras.before_the_buzzer(self.draw(), side):
            self.game.log("the goal came after the buzzer")
            self.game.box[side, "goals", self.game.period] -= 1
            if self.game.team(other(side)).goalie_pulled:  # nobody saved it: no shot on goal
                self.game.box[side, "shots", self.game.period] -= 1
                self.credit(goal.scorer, "shots", -1)
            else:
                self.game.count(other(side), "saves")
            self.count(side, "after_buzzer_goals")
            return
        if self.game.team(other(side)).goalie_pulled:  # not described, as in `empty_net`
            self.count(side, "empty_net_goals")
            self.goal(side, goal.scorer, goal.assists)
            return
        call = goals.describe_goal(
            self.model, self.game, side, goals.goal_type(goal, kind, rebound), self.draw
        )
        if call.counts:
            self.goal(side, goal.scorer, goal.assists)
            return
        self.game.box[side, "goals", self.game.period] -= 1
        self.game.count(other(side), "saves")
        self.count(side, "disallowed_goals")

    def goal(self, side: TeamSide, scorer: Skater | Goalie, helpers: tuple[Skater, ...]) -> None:
        strength = {"even": "EV", "power play": "PP", "short-handed": "SH"}[self.strength(side)]
        if strength == "PP":
            self.count(side, "pp_goals")
            self.box.goal(side)
        self.count(side, "assists", len(helpers))
        self.credit(scorer, "goals")
        for helper in helpers:
            self.credit(helper, "assists")
        self.scoring.append(
            ScoringPlay(
                self.game.period,
                self.game.clock,
                side,
                scorer.name,
                tuple(s.name for s in helpers),
                strength,
            )
        )
        momentum.goal_scored(self.model, self.game, side, self.coach(side))

    def breakaway(self, outcome: Breakaway) -> Outcome:
        side = outcome.side
        result = rush.breakaway_shot(self.model, self.game, outcome, self.draw)
        self.credit_shots((result.attempt,))
        if result.goal is not None:
            self.described_goal(side, result.goal, "breakaway", rebound=False)
            return Stoppage("neutral", False, "goal")
        if result.then in ("loose puck", "neutral zone", "zone faceoff"):
            return after_shots(result.then, other(side))
        played = shots.play_on_after_save(
            self.model,
            self.game,
            side,
            result.then,
            result.last,
            self.draw,
            strength=self.strength(side),
            most=self.follow_ups(),
        )
        return self.sequence(side, played, "breakaway", rebound=True)

    def centre_ice_shot(self, outcome: CentreIceShot) -> Outcome:
        side = outcome.side
        self.credit(outcome.shooter, "shots")  # saved or scored, always on goal
        if outcome.result == "goal":
            self.goal(side, outcome.shooter, ())
            return Stoppage("neutral", False, "goal")
        assert outcome.saved_on is not None
        card = self.model.goalie_cards[self.game.team(other(side)).lineup.goalie.goalie_id]
        column = save_column(card, "easy", outcome.saved_on.black100)
        played = shots.play_on_after_save(
            self.model, self.game, side, column, outcome.saved_on, self.draw, most=self.follow_ups()
        )
        return self.sequence(side, played, "centre ice shot", rebound=True)

    def follow_ups(self) -> int:
        """Shots a sequence may still take after a save made outside it: one in the last
        second (L1363), else the usual chain."""
        return LAST_SECOND_SHOTS - 1 if self.buzzer else shots.MAX_SHOTS

    # Stoppages.

    def stoppage(self, outcome: Stoppage) -> Outcome:
        """The whistle (L170-L198, L1146-L1198): [T] when the seed marks it, what the Right
        face starts (a scrum, an agitator), line changes, then the faceoff."""
        game = self.game
        if not game.rush_play:
            game.mark_event(even=outcome.timed, power_play=outcome.power_play_timed)
        game.rush_play = False
        if outcome.why not in ("opening faceoff", "start of period"):
            self.after_whistle()
        if game.time_up and outcome.faceoff_zone == "neutral" and not game.final:
            game.zone = "neutral"
            return Stoppage("neutral", False, "end of period")  # the run loop ends it
        for side in SIDES:  # L1345: the goalie pulled or put back at the whistle
            extras.ask_pull_goalie(self.coach(side), game, side)
            self.close_stint(side)
        self.sync_offense_bonus()
        change_lines(game, self.coaches)
        self.grudge()
        return self.faceoff(outcome.faceoff_zone)

    def grudge(self) -> None:
        """L130-L136: enforcers with a pre-game grudge fight the first time both are on the
        ice, here when the lines are out for a faceoff."""
        enforcers = fights.grudge_match(self.model, self.game)
        if enforcers is None:
            return
        self.game.enforcers_fight = False
        self.game.log("the enforcers settle their pre-game grudge")
        self.fight(visitor=enforcers["visitor"], home=enforcers["home"])

    def after_whistle(self) -> None:
        event = whistle.after_whistle(self.game, self.shown, dirty_play=self.dirty)
        self.dirty = False
        if event in ("scrum", "automatic scrum"):
            automatic = event == "automatic scrum"
            held = whistle.scrum(self.model, self.game, self.draw, automatic=automatic)
            if held.coincidental:
                self.coincidental_minors()
            if held.fight:
                self.fight()
        elif event == "agitator":
            agitation = whistle.agitator(self.model, self.game, self.draw)
            if agitation.momentum is not None:
                coach = self.coach(agitation.side)
                momentum.award(self.model, self.game, agitation.side, agitation.momentum, coach)
            if agitation.outcome == "penalty":
                rival = other(agitation.side)
                check = PenaltyCheck(rival, agitation.retaliator, "commit", 1, True)
                self.penalise(check, "hit_battle")
            elif agitation.outcome == "fight":
                sides = {
                    agitation.side: agitation.agitator,
                    other(agitation.side): agitation.retaliator,
                }
                self.fight(visitor=sides["visitor"], home=sides["home"], goaded=agitation.side)

    def coincidental_minors(self) -> None:
        """L1156: one player of each team off for a minor; the teams stay at even strength."""
        for side in SIDES:
            player = penalties.penalised_player(
                self.model, self.game, self.box, other(side), self.draw()
            )
            infraction = penalties.Infraction(side, player, "roughing")
            self.box.assess(infraction, self.model)
            self.game.count(side, "penalties")
            self.count(side, "pim", PENALTY_MINUTES["minor"])
            self.credit(player, "pim", PENALTY_MINUTES["minor"])

    def fight(
        self,
        *,
        visitor: Skater | None = None,
        home: Skater | None = None,
        goaded: TeamSide | None = None,
    ) -> None:
        """A fight and its brawl's further fights (L1206-L1250): the penalties to the box
        (majors and misconducts served without leaving a team short), the winner's
        momentum."""
        fighting: list[Skater] = []
        bout = fights.fight(self.model, self.game, self.draw, visitor=visitor, home=home)
        more = bout.more_fights
        if more > 0:  # L1257: every fighter of a brawl goes to the discipline office
            self.discipline += [(s.skater_id, BRAWL) for s in (bout.visitor, bout.home)]
        while True:
            fighting += [bout.visitor, bout.home]
            for side in SIDES:
                self.count(side, "fights")
            for given in bout.penalties:
                self.fight_penalty(given)
            if bout.winner is not None:
                won_by = bout.winner
                fights_coach = self.coach(won_by)
                momentum.fight_won(
                    self.model, self.game, won_by, fights_coach, goaded=goaded == won_by
                )
            fewest = min(len(self.game.team(side).skaters()) for side in SIDES)
            if more <= 0 or len(fighting) >= 2 * fewest:
                break
            more -= 1
            bout = fights.fight(self.model, self.game, self.draw, excluding=fighting)
            self.discipline += [(s.skater_id, BRAWL) for s in (bout.visitor, bout.home)]

    def fight_penalty(self, given: fights.FightPenalty) -> None:
        self.game.count(given.side, "penalties")
        self.count(given.side, "pim", FIGHT_MINUTES[given.penalty])
        self.credit(given.player, "pim", FIGHT_MINUTES[given.penalty])
        if given.penalty in DISCIPLINE_PENALTIES:
            self.discipline.append((given.player.skater_id, given.penalty))
        if given.penalty == "instigator minor":
            self.box.assess(
                penalties.Infraction(given.side, given.player, "instigating"), self.model
            )
            return
        steps = FIGHT_MINUTES[given.penalty] * 2
        self.box.serving.append(penalties.Serving(given.side, given.player, steps, strength=False))

    def faceoff(self, zone: Zone) -> Outcome:
        """Take the faceoff; a PENALTY symbol the official calls is a minor to the team its
        Right face shows, an ENFORCERS symbol the fight check, and the draw is taken again
        (README §11.2)."""
        model, game = self.model, self.game
        while True:
            result = faceoff(model, game, zone, self.draw)
            if result.interruption == "PENALTY":
                if result.called and result.penalised is not None:
                    taker = result.takers[0 if result.penalised == "visitor" else 1]
                    check = PenaltyCheck(result.penalised, taker, "commit", 1, True)
                    self.penalise(check, "faceoff")
                    zone = penalties.power_play_start(result.penalised, zone).faceoff_zone
                continue
            if result.interruption == "ENFORCERS":
                if fights.fight_check(model, game, self.draw).fight:
                    self.fight()
                continue
            assert result.winner is not None and result.controller is not None
            if self.killing_draw_marked(result.winner, zone, dumps=result.dump_in):
                game.mark_event(even=False, power_play=True)
            if result.dump_in:
                return DumpIn(result.winner, result.controller)
            strength = self.strength(result.winner)
            if strength == "short-handed" and zone == end_of(result.winner):
                killed = penalties.penalty_kill_faceoff_clear(
                    model, game, self.box, result.winner, self.shown, self.draw
                )
                return self.killed(killed)
            if strength == "power play" and zone != end_of(other(result.winner)):
                return self.power_play_setup(result.winner)  # L1096-L1098
            return Possession(result.winner, zone, result.controller)

    def killing_draw_marked(self, winner: TeamSide, zone: Zone, *, dumps: bool) -> bool:
        """L1060-L1062: a [T] when the penalty kill wins a neutral-zone draw and dumps the
        puck in, or wins one in the power play's end and plays the puck there."""
        if self.strength(winner) != "short-handed":
            return False
        return dumps if zone == "neutral" else zone != end_of(winner)

    def zone_of(self, outcome: Outcome) -> Zone:
        """Where the puck is for `outcome`: whether a period may end (L170) and whether a
        neutral-zone play entered the zone (L174)."""
        if isinstance(outcome, Possession | LoosePuck):
            return outcome.zone
        if isinstance(outcome, Stoppage):
            return outcome.faceoff_zone
        if isinstance(outcome, ShotChance):
            return end_of(other(self.side_of(outcome.shooter)))
        if isinstance(outcome, Breakaway):
            return end_of(other(outcome.side))
        if isinstance(outcome, NetScramble):
            return end_of(outcome.defending)
        if isinstance(outcome, ClearAttempt):
            return end_of(outcome.side)
        return "neutral"

    # The record.

    def record(self) -> GameRecord:
        box = Counter(self.game.box)
        box.update(self.extra)
        draws, reshuffles, before = [], [], (0, 0)
        for at in self.draws_at:
            draws.append(at[0] - before[0])
            reshuffles.append(at[1] - before[1])
            before = at
        return GameRecord(
            self.game.home.lineup.team_id,
            self.game.visitor.lineup.team_id,
            tuple(sorted((s, stat, p, n) for (s, stat, p), n in box.items() if n)),
            tuple(self.scoring),
            tuple(self.game.plays),
            tuple(draws),
            tuple(reshuffles),
            self.player_lines(),
            self.game.peak_intensity,
            tuple(self.discipline),
            tuple(self.injuries),
        )

    def player_lines(self) -> tuple[PlayerLine, ...]:
        """Every player with something to his name, in the order first credited."""
        tallies: dict[tuple[str, TeamSide], dict[str, int]] = {}
        for (player, side, stat), count in self.lines.items():
            tallies.setdefault((player, side), {})[stat] = count
        return tuple(PlayerLine(player, side, **stats) for (player, side), stats in tallies.items())


def after_shots(then: shots.Then, defending: TeamSide) -> Outcome:
    """Where a shot sequence's `then` leaves the puck."""
    end = end_of(defending)
    if then == "loose puck":
        return LoosePuck(end)
    if then == "neutral zone":
        return LoosePuck("neutral")
    if then == "zone faceoff":
        return Stoppage(end, False, "the puck is covered or out of play")  # [T] marked
    if then == "centre faceoff":
        return Stoppage("neutral", False, "goal")
    return Possession(defending, end, None)


def holder(outcome: Outcome, side_of: Callable[[Skater], TeamSide]) -> TeamSide | None:
    """The team with the puck in `outcome`, None for a loose puck, a scramble or a
    whistle."""
    if isinstance(outcome, ShotChance):
        return side_of(outcome.shooter)
    if isinstance(outcome, LoosePuck | NetScramble | Stoppage):
        return None
    return outcome.side


def defending_in(zone: Zone) -> TeamSide:
    """The team whose end `zone` is."""
    return "home" if zone == "home end" else "visitor"
