"""RINKSIDE HOCKEY's shots (seed L419-L700): a chance from in-zone play (or a rebound, a
scramble) becomes a shot on its own draw, which is blocked, screened, tipped, missed, rung
off the iron or put on goal; the goalie then faces it on a new draw (`saves.py`), and what
the save leaves (a cover, a corner, a rebound, a scramble) is played out here until the
puck is covered, loose, cleared, out of play or in the net. A goal is credited with its
assists.

Which face says what (README §11.5): the draw that decided a shot (`last`) shows the shot
symbol on its Left face and the blocker or net player on its Right face (L445-L447,
L467-L471); the shot draw's Black #100 decides the target, the sniper range and the
difficulty, its Left red the block, screen or tip, its Right face the post; the save is read
on the next draw's Black #100 and a robbed goal on the blue of the draw after it."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import Literal

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import Goalie, GoalieCard, Rinkside, Skater
from authoring.games.rinkside.pregame import confidence_check
from authoring.games.rinkside.saves import (
    Chance,
    Difficulty,
    Save,
    after_rescue,
    challenged,
    difficulty,
    open_net_number,
    out_of_play,
    rebound_control,
    rescue,
    save_column,
    save_type,
    scramble_after,
    stopped,
)
from authoring.games.rinkside.state import GameState, TeamSide, TeamState, other
from authoring.games.rinkside.zone import offensive, rating, set_up_shooter

Strength = Literal["even", "power play", "short-handed"]
# The sniper range a shooter's team reads at each strength (L1076, README §5.6).
SNIPER: dict[Strength, str] = {
    "even": "sniper",
    "power play": "pp_sniper",
    "short-handed": "sh_sniper",
}
BLOCK_SYMBOLS = (
    "BLOCKED SHOT",
    "BLOCKED SHOT OoP",
    "STICK BLOCK",
    "BLOCK SHOT CLEAR",
    "BLOCKED/DEFLECTED ON NET",
    "BLOCK/SCREEN",
)
NEUTRAL_ZONE_CLEARS = (1, 3)  # a clear on 1 or 3 reaches the neutral zone (L455, L600, L684)
GRADES = "ABCD"
MAX_SHOTS = 12  # shots one sequence may chain before the goalie is taken to cover

# How play goes on after the sequence: a loose puck in the zone, the neutral zone, a
# faceoff in the defending team's end, the centre faceoff after a goal, or the defence with
# the puck (to clear or break out).
Then = Literal["loose puck", "neutral zone", "zone faceoff", "centre faceoff", "defence puck"]
Traffic = Literal["screen", "deflection", "jam", "block deflection", "put back"]
How = Literal["shot", "screen", "deflection", "jam", "put back", "open net", "own goal"]
# The goal a shot on goal scores, by the traffic in front of the net.
HOW: dict[Traffic | None, How] = {
    None: "shot",
    "block deflection": "shot",
    "screen": "screen",
    "deflection": "deflection",
    "jam": "jam",
    "put back": "put back",
}


@dataclass(frozen=True)
class Attempt:
    """One shot of a sequence: who shot it, what it came to (`result`: a specific shot
    number's result, blocked, missed, an iron result, saved or goal), the player who blocked,
    screened or tipped it (`by`), and the goalie's save."""

    shooter: Skater
    chance: Chance
    result: str
    by: Skater | None = None
    traffic: Traffic | None = None
    sniper: bool = False
    open_net: bool = False
    difficulty: Difficulty | None = None
    save: Save | None = None


@dataclass(frozen=True)
class Goal:
    """A goal: its scorer and assists, the goalie beaten, `soft` on an easy shot (L530)."""

    scorer: Skater
    assists: tuple[Skater, ...]
    goalie: Goalie
    how: How
    soft: bool = False


@dataclass(frozen=True)
class ShotResult:
    """A shot and everything it led to until play goes on another way (`then`)."""

    attempts: tuple[Attempt, ...]
    then: Then
    goal: Goal | None = None
    clears: tuple[tuple[Skater, bool], ...] = ()  # each clearing defender, and if he cleared
    hitters: tuple[Skater, ...] = ()  # defenders who hit while winning a scramble's D-BATTLE

    @property
    def saves(self) -> int:
        """The goalie's saves in the sequence: the box score keeps shots on goal and goals,
        and a goalie's saves are the shots he faced less the goals."""
        return sum(attempt.result == "saved" for attempt in self.attempts)


def take_shot(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    shooter: Skater,
    chance: Chance,
    draw: Callable[[], Draw],
    *,
    last: Draw,
    passer: Skater | None = None,
    strength: Strength = "even",
    rush: bool = False,
    most: int = MAX_SHOTS,
) -> ShotResult:
    """`side`'s `shooter` shoots on a `chance` of that quality; `last` is the draw that gave
    the chance (its shot symbol, blocker and net player), `passer` the teammate who set it
    up (he gets the first assist, L696). Every new draw is taken from `draw`. A `rush` shot
    cannot be blocked (L931) and, taken short-handed, is saved on the goalie's SHT rating
    (L1132); the rebounds it leads to are ordinary shots. At most `most` shots are taken:
    the last second allows one follow-up shot (L1363)."""
    sequence = _Sequence(model, game, side, draw, strength, rush, most)
    then = sequence.shot(shooter, chance, last, passer)
    return _result(sequence, then)


def play_on_after_save(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    result: str,
    shown: Draw,
    draw: Callable[[], Draw],
    *,
    strength: Strength = "even",
    most: int = MAX_SHOTS,
) -> ShotResult:
    """Play on from a save column's or rebound-control test's `result` (cover, corner,
    rebound, rebound shot) read on `shown`, for a save made outside `take_shot` (a
    breakaway's, a centre-ice shot's), exactly as after a save inside it, with at most
    `most` more shots."""
    sequence = _Sequence(model, game, side, draw, strength, most=most)
    return _result(sequence, sequence.after_save(result, shown))


def net_scramble(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    shooter: Skater,
    draw: Callable[[], Draw],
    *,
    strength: Strength = "even",
) -> ShotResult:
    """A net scramble in front of the goalie `side` attacks (L650-L690), `shooter` the
    last offensive player to shoot or play the puck there."""
    sequence = _Sequence(model, game, side, draw, strength)
    return _result(sequence, sequence.scramble(shooter))


def _result(sequence: _Sequence, then: Then) -> ShotResult:
    return ShotResult(
        tuple(sequence.attempts),
        then,
        sequence.goal,
        tuple(sequence.clears),
        tuple(sequence.hitters),
    )


def player(team: TeamState, position: str | None) -> Skater:
    """The skater a card's locator names; a `*` activation mark (L322) names him too."""
    return team.at(_printed(position, "player").lstrip("*"))


def present(team: TeamState, position: str | None) -> Skater | None:
    """The defender a card's locator names, None when the box leaves his place empty."""
    return team.on_ice_at(_printed(position, "player").lstrip("*"))


def _printed(value: str | None, section: str) -> str:
    """A section every card prints, as the rule reads it."""
    if value is None:
        raise ValueError(f"the face shows no {section} where the rule reads one")
    return value


@dataclass
class _Sequence:
    """One shot and all it leads to: the attempts, clears and goal gathered as the rules
    call each other (a rebound shot is a new `shot`, a scramble's open net too)."""

    model: Rinkside
    game: GameState
    side: TeamSide
    draw: Callable[[], Draw]
    strength: Strength
    rush: bool = False  # the sequence's first shot comes off a rush
    most: int = MAX_SHOTS  # shots the sequence may take before the goalie covers
    attempts: list[Attempt] = field(default_factory=list)
    clears: list[tuple[Skater, bool]] = field(default_factory=list)
    hitters: list[Skater] = field(default_factory=list)
    goal: Goal | None = None

    @property
    def offence(self) -> TeamState:
        return self.game.team(self.side)

    @property
    def defence(self) -> TeamState:
        return self.game.team(other(self.side))

    @property
    def card(self) -> GoalieCard:
        return self.model.goalie_cards[self.defence.lineup.goalie.goalie_id]

    def rated(self, skater: Skater, name: str) -> int:
        return offensive(self.model, self.game, skater, name)

    def record(self, attempt: Attempt) -> None:
        self.attempts.append(attempt)
        if attempt.save is not None:
            self.game.count(other(self.side), "saves")
        by = f" ({attempt.by.name})" if attempt.by else ""
        self.game.log(f"{attempt.shooter.name} shoots ({attempt.chance}): {attempt.result}{by}")

    def stoppage(self, *, covered: bool = False) -> Then:
        """The puck is covered or out of play: a faceoff in the defending end, [T]; on a
        power play only the goalie's cover marks it (L1052)."""
        self.game.mark_event(even=True, power_play=covered)
        return "zone faceoff"

    # The shot.

    def shot(
        self,
        shooter: Skater,
        chance: Chance,
        last: Draw,
        passer: Skater | None,
        *,
        open_net: bool = False,
    ) -> Then:
        """A shot on its own draw, read as the module docstring says, on to the goalie."""
        if len(self.attempts) >= self.most:
            self.game.log("the goalie smothers the puck")
            return self.stoppage(covered=True)
        shown = self.draw()
        black = shown.black100
        forced = self.model.tables.shot_number(black)
        if forced is not None and forced.then == "loose puck":
            self.record(Attempt(shooter, chance, forced.result, open_net=open_net))
            return "loose puck"
        symbol = last.left.shot_symbol
        traffic: Traffic | None = None
        by: Skater | None = None
        put_back = False
        first_of_rush = self.rush and not self.attempts
        blocker = None  # nobody in the lane: no block symbol, a rush's first shot, an empty place
        if symbol in BLOCK_SYMBOLS and not first_of_rush:
            blocker = present(self.defence, last.right.block_who)
        if symbol is not None and blocker is not None:
            if shown.left.red <= self.rated(blocker, "blocked_shot"):
                return self.blocked(shooter, chance, symbol, blocker, shown)
            if symbol == "BLOCKED/DEFLECTED ON NET":
                traffic, by = "block deflection", blocker
            elif symbol == "BLOCK/SCREEN":
                traffic, by = "screen", blocker
        elif symbol in ("SCREEN", "DEFLECTION"):
            helper = player(self.offence, last.right.net_who)
            made = shown.left.red <= self.rated(helper, "net")
            if symbol == "SCREEN" and made:
                traffic, by = ("jam" if helper == shooter else "screen"), helper
            elif symbol == "DEFLECTION" and helper == shooter:
                put_back = made
            elif symbol == "DEFLECTION" and made:
                traffic, by = "deflection", helper
        target = black <= self.rated(shooter, "shot_target")
        if not target and traffic in (None, "screen"):
            result = forced.result if forced is not None else "missed"
            self.record(Attempt(shooter, chance, result, open_net=open_net))
            return "neutral zone" if forced is not None else "loose puck"
        sniper = traffic != "deflection" and black <= self.rated(shooter, SNIPER[self.strength])
        quality: Chance = "hq" if sniper or traffic else chance
        hard = difficulty(self.model.tables, black)
        if shown.right.post:
            self.record(Attempt(shooter, quality, shown.right.post.lower(), by, traffic, sniper))
            return self.iron(shown.right.post, shown, shooter)
        scorer, setter = (by, shooter) if traffic == "deflection" and by else (shooter, passer)
        shot = Attempt(shooter, quality, "", by, traffic, sniper, open_net, hard)
        return self.on_goal(shot, scorer, setter, put_back=put_back)

    def blocked(
        self,
        shooter: Skater,
        chance: Chance,
        symbol: str,
        blocker: Skater,
        shown: Draw,
    ) -> Then:
        """A blocked shot (L447-L461): loose, over the glass, or cleared by the Right face's
        zone defender."""
        result = {"BLOCKED SHOT OoP": "blocked out of play", "STICK BLOCK": "stick block"}
        self.record(Attempt(shooter, chance, result.get(symbol, "blocked"), blocker, None))
        if symbol == "BLOCKED SHOT OoP":
            return self.stoppage()
        if symbol == "BLOCK SHOT CLEAR":
            return self.clear(shown)
        return "loose puck"

    def iron(self, post: str, shown: Draw, shooter: Skater) -> Then:
        """Posts and crossbars (L481-L507)."""
        if post == "CROSSBAR OUT OF PLAY":
            return self.stoppage()
        if post == "POST REBOUND":
            return self.clear(shown)
        if post == "DOUBLE POST":
            return self.goalie_scramble(shooter, self.draw())
        return "loose puck"

    def clear(self, shown: Draw) -> Then:
        """The Right face's zone defender clears on the next draw's red (L453-L457,
        L596-L604): within his Defense Rating to the corner, on 1 or 3 to the neutral zone;
        above it the offence gets a high-quality rebound shot (the set-up's shooter)."""
        defender = present(self.defence, shown.right.zone_def)
        attempt = self.draw()
        if defender is None:  # L1090: his place is empty, the offence has the rebound
            self.game.log("nobody is there to clear the rebound")
            cleared = False
        else:
            cleared = attempt.left.red <= self.rated(defender, "defense")
            self.clears.append((defender, cleared))
            self.game.log(f"{defender.name} {'clears' if cleared else 'fails to clear'}")
        if cleared:
            return "neutral zone" if attempt.left.red in NEUTRAL_ZONE_CLEARS else "loose puck"
        shooter = set_up_shooter(self.model, self.game, self.side, None, attempt)
        return self.shot(shooter, "hq", attempt, None)

    # The goalie.

    def on_goal(
        self, shot: Attempt, scorer: Skater, setter: Skater | None, *, put_back: bool = False
    ) -> Then:
        """A shot reaches the goalie: a save number on a new draw, an open net on his
        Recover Rating (L666), a goal robbed on the following blue (L550-L564)."""
        goalie, team = self.defence.lineup.goalie, self.defence
        self.game.count(self.side, "shots")
        if team.goalie_pulled:  # L1345-L1351: no card saves an empty net
            return self.scored(replace(shot, open_net=True), scorer, setter, "open net")
        saved_on = self.draw()
        black = saved_on.black100
        if shot.open_net:
            if saved_on.left.blue > open_net_number(self.card, team.goalie_level):
                return self.scored(shot, scorer, setter, "open net")
            tested = self.draw()
            result = rebound_control(self.model.tables, self.card, tested.left.blue)
            kind = save_type(self.card, black)
            self.record(_saved(shot, Save(kind, result, challenged=True)))
            return self.after_save(result, tested)
        robbed = None
        if self.rush and self.strength == "short-handed" and not self.attempts:
            if black > self.card["sht"]:  # L1132: no great or big save on a short-handed rush
                return self.scored(shot, scorer, setter, HOW[shot.traffic])
        elif not stopped(self.card, shot.chance, team.goalie_level, black):
            blue = self.draw().left.blue
            robbed = rescue(self.card, team.goalie_level, blue, sniper=shot.sniper)
            if robbed is None:
                how = HOW[shot.traffic]
                return self.scored(
                    shot, scorer, setter, how, block=shot.traffic == "block deflection"
                )
            team.goalie_level = after_rescue(team.goalie_level, robbed)
            self.game.log(f"{goalie.name} makes a {robbed}: {team.goalie_level} game")
        kind = save_type(self.card, black)
        hard = shot.difficulty or "easy"
        if put_back:
            self.record(_saved(shot, Save(kind, "rebound shot", robbed)))
            return self.on_goal(
                Attempt(scorer, "hq", "", None, "put back", difficulty=hard), scorer, None
            )
        if out_of_play(black):
            self.record(_saved(shot, Save(kind, "out of play", robbed)))
            return self.stoppage()
        if scramble_after(self.card, hard, saved_on):
            self.record(_saved(shot, Save(kind, "scramble", robbed)))
            return self.scramble(scorer)
        if challenged(hard, black, traffic=shot.traffic is not None):
            tested = self.draw()
            result = rebound_control(self.model.tables, self.card, tested.left.blue)
            self.record(_saved(shot, Save(kind, result, robbed, challenged=True)))
            return self.after_save(result, tested)
        result = save_column(self.card, hard, black)
        self.record(_saved(shot, Save(kind, result, robbed)))
        return self.after_save(result, saved_on)

    def after_save(self, result: str, shown: Draw) -> Then:
        """What the save column or the rebound-control challenge gave (L584-L612)."""
        if result == "cover":
            return self.stoppage(covered=True)
        if result == "corner":
            return "loose puck"
        if result == "rebound":
            return self.clear(shown)
        shooter = set_up_shooter(self.model, self.game, self.side, None, shown)
        return self.shot(shooter, "hq", shown, None)

    # Net scrambles (L650-L690).

    def scramble(self, shooter: Skater) -> Then:
        section = self.draw()
        kind = _printed(section.left.scramble, "net scramble")
        self.game.log(f"net scramble: {kind}")
        if kind == "GOALIE":
            return self.goalie_scramble(shooter, self.draw())
        if kind == "GOALIE+++":
            return self.goalie_recovers(shooter, self.draw())
        if kind in ("OFFENSE", "O-BATTLE"):
            attacker = player(self.offence, section.right.zone_off)
            attempt = self.draw()
            number, name = (
                (attempt.left.blue, "offense")
                if kind == "OFFENSE"
                else (attempt.left.red, "o_battle")
            )
            if number > self.rated(attacker, name):
                return "defence puck"
            return self.shot(attacker, "hq", attempt, None, open_net=True)
        defender = present(self.defence, section.right.zone_def)
        attempt = self.draw()
        if defender is None:  # L1090: his place is empty, nobody clears the scramble
            return self.open_net_shot(attempt)
        if kind == "CLEAR":
            number, name = attempt.left.red, "defense"
        else:
            number, name = attempt.left.blue, "d_battle"
        cleared = number <= self.rated(defender, name)
        self.clears.append((defender, cleared))
        if cleared:
            if kind == "D-BATTLE" and number <= self.rated(defender, "physical"):
                self.game.count(other(self.side), "hits")
                self.hitters.append(defender)
            return "neutral zone" if number in NEUTRAL_ZONE_CLEARS else "loose puck"
        return self.open_net_shot(attempt)

    def goalie_scramble(self, shooter: Skater, attempt: Draw) -> Then:
        """GOALIE (also a DOUBLE POST, L497): his Scramble Rating on the blue clears it to a
        rebound-control challenge; above it an offensive player shoots at the open net. An
        empty net has no goalie to scramble."""
        if attempt.left.blue <= self.card["scramble"] and not self.defence.goalie_pulled:
            return self.rebound_after_scramble()
        return self.open_net_shot(attempt)

    def goalie_recovers(self, shooter: Skater, attempt: Draw) -> Then:
        """GOALIE+++ (L670): his recover number at once; above it he knocks the puck into
        his own net, an unassisted goal (credited to the last shooter). An empty net has no
        goalie to recover: the puck is there for an open-net shot."""
        if self.defence.goalie_pulled:
            return self.open_net_shot(attempt)
        if attempt.left.blue <= open_net_number(self.card, self.defence.goalie_level):
            return self.rebound_after_scramble()
        shot = Attempt(shooter, "hq", "", open_net=True)
        self.game.count(self.side, "shots")  # every goal is a shot on goal in the box score
        return self.scored(shot, shooter, None, "own goal", block=True)

    def rebound_after_scramble(self) -> Then:
        tested = self.draw()
        result = rebound_control(self.model.tables, self.card, tested.left.blue)
        self.game.log(f"the goalie scrambles it away: {result}")
        return self.after_save(result, tested)

    def open_net_shot(self, attempt: Draw) -> Then:
        shooter = set_up_shooter(self.model, self.game, self.side, None, attempt)
        return self.shot(shooter, "hq", attempt, None, open_net=True)

    # Goals (L694-L700).

    def scored(
        self,
        shot: Attempt,
        scorer: Skater,
        setter: Skater | None,
        how: How,
        *,
        block: bool = False,
    ) -> Then:
        goalie, team = self.defence.lineup.goalie, self.defence
        soft = shot.difficulty == "easy" and not shot.open_net
        self.record(replace(shot, result="goal"))
        self.game.count(self.side, "goals")
        helpers: tuple[Skater, ...] = ()
        if not block:
            helpers = assists(self.model, self.offence, scorer, setter, self.draw())
        self.goal = Goal(scorer, helpers, goalie, how, soft)
        names = ", ".join(s.name for s in helpers) or "unassisted"
        self.game.log(f"GOAL {self.side}: {scorer.name} ({names})")
        if soft:
            rated = self.card["goalie_rating"]
            team.goalie_level = confidence_check(
                self.model.tables, self.draw(), rated, team.goalie_level
            )
            self.game.log(f"{goalie.name}'s confidence: {team.goalie_level} game")
        return "centre faceoff"


def _saved(shot: Attempt, save: Save) -> Attempt:
    return replace(shot, result="saved", save=save)


def assists(
    model: Rinkside, team: TeamState, scorer: Skater, passer: Skater | None, shown: Draw
) -> tuple[Skater, ...]:
    """The goal's assists on a new draw (L696-L700): the Left #100 on AssistCount gives one
    or two; the passer, if any, has the first; otherwise the Right #100 on AssistRank names
    the teammate (by Set-Up, highest first) to start from. From there, in the Left face's
    assist-credit direction (↑ to higher Set-Up, ↓ to lower), each assist goes to the next
    teammate whose Set-Up is at least the credit number; nobody left, no more assists."""
    count = model.assist_count[shown.left.n100].assists
    credit_text = _printed(shown.left.assist_credit, "assist credit")
    credit, step = int(credit_text[0]), -1 if credit_text[1] == "↑" else 1
    mates = sorted(
        (s for s in team.skaters() if s != scorer),
        key=lambda s: -rating(model, s, "set_up"),
    )
    credited: list[Skater] = []
    if passer is not None and passer in mates:
        credited.append(passer)
        index = mates.index(passer) + step
    else:
        index = min(model.assist_rank[shown.right.n100].from_highest, len(mates)) - 1
    while len(credited) < count and 0 <= index < len(mates):
        if rating(model, mates[index], "set_up") >= credit:
            credited.append(mates[index])
        index += step
    return tuple(credited)
