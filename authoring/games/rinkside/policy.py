"""The coaches of a RINKSIDE HOCKEY game: the engine offers each decision's legal options
and a coach picks one. An answer that was not offered is refused (`IllegalChoice`), so a
coach can never play outside the rules.

`RandomLegal` picks uniformly from what it is offered, from its own seeded generator.
`ByTheBook` follows the seed's advice: a balanced hitting game (L142-143), Forecheck 2 for a
moderate pace and Forecheck 1 to protect a lead late in the game (L162-164), lines in turn
with the home team matching the visitor's line and pair (L71: the visitor places first)."""

from __future__ import annotations

import random
from collections import Counter, defaultdict
from collections.abc import Callable, Mapping, Sequence
from fractions import Fraction
from typing import TYPE_CHECKING, Literal, Protocol, TypeVar

from authoring.games.rinkside.model import Goalie, Skater
from authoring.games.rinkside.state import (
    FORECHECK,
    HITTING,
    PERIODS,
    SIDES,
    STEPS_PER_PERIOD,
    Forecheck,
    GameState,
    Hitting,
    TeamSide,
    TeamState,
    Unit,
    other,
)

if TYPE_CHECKING:  # zone.py's rules ask coaches, so the type is only named here
    from authoring.games.rinkside.zone import Option as OffensivePlay

Option = TypeVar("Option")

LATE_STEPS = 10  # "late in the game": the last 5:00 of the 3rd period (engine's reading)
SKILLED = Fraction(1, 2)  # a defenceman who makes the play at least this often activates
ACTIVATION: tuple[bool, ...] = (True, False)
# A momentum play adds to the team's points or takes as many from the other team (L1279).
MomentumUse = Literal["add", "take away"]
MOMENTUM_USES: tuple[MomentumUse, ...] = ("add", "take away")
RISKY_PLAY: tuple[bool, ...] = (True, False)
PULL_STEPS = 4  # ByTheBook pulls the goalie for the last 2:00 of the 3rd, behind by 1 or 2
PULL_DEFICIT = 2
LastSecondTry = Literal["rush", "centre ice shot"]
LAST_SECOND_TRIES: tuple[LastSecondTry, ...] = ("rush", "centre ice shot")
# What a team with the puck in its own end does (L710-L790, L1309), and the plays of a
# carrier in the neutral zone (L806-L858).
OwnEndPlay = Literal["breakout", "bobby orr", "clear", "momentum clear"]
NeutralPlay = Literal["challenge", "dump in", "skate in", "initiate rush", "centre-ice shot"]


class IllegalChoice(ValueError):
    """A coach answered something the engine did not offer."""

    def __init__(self, coach: str, question: str, answer: object, options: Sequence[object]):
        super().__init__(
            f"coach {coach} chose {answer!r} for {question}, which is not one of the legal "
            f"options {list(options)!r}"
        )
        self.coach = coach
        self.answer = answer


class Coach(Protocol):
    """Answers each decision from the options offered."""

    name: str

    def hitting(self, game: GameState, side: TeamSide, options: Sequence[Hitting]) -> Hitting: ...

    def forecheck(
        self, game: GameState, side: TeamSide, options: Sequence[Forecheck]
    ) -> Forecheck: ...

    def unit(self, game: GameState, side: TeamSide, options: Sequence[Unit]) -> Unit: ...

    def activate(
        self,
        game: GameState,
        side: TeamSide,
        defenceman: Skater,
        success: Fraction,
        options: Sequence[bool],
    ) -> bool:
        """Whether a *LD/*RD named for a loose puck pinches in to play it (L322), knowing
        the chance `success` that he makes the play; failing gives the opponent a rush."""
        ...

    def risky_play(
        self,
        game: GameState,
        side: TeamSide,
        threat: Skater,
        success: Fraction,
        options: Sequence[bool],
    ) -> bool:
        """Whether `side`'s goalie goes for a dump-in on GOALIE RISKY PLAY? (L897), seeing
        the attacker `threat` who gets the puck if he stays home, knowing the chance
        `success` that he plays it; failing gives `threat` a dangerous play."""
        ...

    def pull_goalie(self, game: GameState, side: TeamSide, options: Sequence[bool]) -> bool:
        """Whether a team behind late in the game sends an extra skater for its goalie
        (L1345), or, with the goalie pulled, keeps him on the bench."""
        ...

    def last_second(
        self, game: GameState, side: TeamSide, options: Sequence[LastSecondTry]
    ) -> LastSecondTry:
        """With the period's time up and the puck in the neutral zone, a rush or a shot from
        centre ice (L1361)."""
        ...

    def momentum_use(
        self, game: GameState, side: TeamSide, points: int, options: Sequence[MomentumUse]
    ) -> MomentumUse:
        """Whether `side`'s momentum play of `points` adds to its own total or takes them
        from the other team, offered only while the other team has momentum (L1279)."""
        ...

    def quarterback(self, game: GameState, side: TeamSide, options: Sequence[Skater]) -> Skater:
        """Who of the skaters on the ice sets up `side`'s power play (L1112)."""
        ...

    def own_end(
        self,
        game: GameState,
        side: TeamSide,
        carrier: Skater,
        chances: Mapping[OwnEndPlay, Fraction],
        options: Sequence[OwnEndPlay],
    ) -> OwnEndPlay:
        """What `side` does with the puck in its own end on a breakout (L710, L734, L786,
        L1309), knowing each play's chance of getting the puck out (a momentum clear's is 1)."""
        ...

    def neutral_play(
        self,
        game: GameState,
        side: TeamSide,
        carrier: Skater,
        chances: Mapping[NeutralPlay, Fraction],
        options: Sequence[NeutralPlay],
    ) -> NeutralPlay:
        """What `carrier` does in the neutral zone: on RED challenge or dump in (L806-L816), on
        GREEN skate in, initiate a rush or shoot from centre ice (L842-L858), knowing each
        play's chance of coming off (a dump-in's is 1)."""
        ...

    def offensive_play(
        self,
        game: GameState,
        side: TeamSide,
        carrier: Skater,
        chances: Mapping[OffensivePlay, Fraction],
        options: Sequence[OffensivePlay],
    ) -> OffensivePlay:
        """What `carrier` does with the puck in the offensive zone (L246-L304), knowing each
        play's chance of coming off (a cycle's and a shot on net's are 1)."""
        ...

    def starting_goalie(self, club: str, back_to_back: bool, options: Sequence[Goalie]) -> Goalie:
        """Who of `club`'s fit goalies (by depth, the starter first) starts its next game,
        knowing whether it is the second game of a back-to-back (a season's question)."""
        ...


class RandomLegal:
    """Any legal option, each equally likely."""

    def __init__(self, rng: random.Random, name: str = "random legal") -> None:
        self.name = name
        self._rng = rng

    def hitting(self, game: GameState, side: TeamSide, options: Sequence[Hitting]) -> Hitting:
        return self._rng.choice(options)

    def forecheck(self, game: GameState, side: TeamSide, options: Sequence[Forecheck]) -> Forecheck:
        return self._rng.choice(options)

    def unit(self, game: GameState, side: TeamSide, options: Sequence[Unit]) -> Unit:
        return self._rng.choice(options)

    def activate(
        self,
        game: GameState,
        side: TeamSide,
        defenceman: Skater,
        success: Fraction,
        options: Sequence[bool],
    ) -> bool:
        return self._rng.choice(options)

    def pull_goalie(self, game: GameState, side: TeamSide, options: Sequence[bool]) -> bool:
        return self._rng.choice(options)

    def last_second(
        self, game: GameState, side: TeamSide, options: Sequence[LastSecondTry]
    ) -> LastSecondTry:
        return self._rng.choice(options)

    def risky_play(
        self,
        game: GameState,
        side: TeamSide,
        threat: Skater,
        success: Fraction,
        options: Sequence[bool],
    ) -> bool:
        return self._rng.choice(options)

    def momentum_use(
        self, game: GameState, side: TeamSide, points: int, options: Sequence[MomentumUse]
    ) -> MomentumUse:
        return self._rng.choice(options)

    def quarterback(self, game: GameState, side: TeamSide, options: Sequence[Skater]) -> Skater:
        return self._rng.choice(options)

    def own_end(
        self,
        game: GameState,
        side: TeamSide,
        carrier: Skater,
        chances: Mapping[OwnEndPlay, Fraction],
        options: Sequence[OwnEndPlay],
    ) -> OwnEndPlay:
        return self._rng.choice(options)

    def neutral_play(
        self,
        game: GameState,
        side: TeamSide,
        carrier: Skater,
        chances: Mapping[NeutralPlay, Fraction],
        options: Sequence[NeutralPlay],
    ) -> NeutralPlay:
        return self._rng.choice(options)

    def offensive_play(
        self,
        game: GameState,
        side: TeamSide,
        carrier: Skater,
        chances: Mapping[OffensivePlay, Fraction],
        options: Sequence[OffensivePlay],
    ) -> OffensivePlay:
        return self._rng.choice(options)

    def starting_goalie(self, club: str, back_to_back: bool, options: Sequence[Goalie]) -> Goalie:
        return self._rng.choice(options)


class ByTheBook:
    """The seed's advice, or the first option offered when its advice is not among them."""

    def __init__(self, name: str = "by the book") -> None:
        self.name = name
        self._plays: dict[str, Counter[OffensivePlay]] = defaultdict(Counter)

    def hitting(self, game: GameState, side: TeamSide, options: Sequence[Hitting]) -> Hitting:
        return _preferred("HIT", options)

    def forecheck(self, game: GameState, side: TeamSide, options: Sequence[Forecheck]) -> Forecheck:
        late = game.period == PERIODS and game.steps >= STEPS_PER_PERIOD - LATE_STEPS
        return _preferred(1 if late and game.lead(side) > 0 else 2, options)

    def unit(self, game: GameState, side: TeamSide, options: Sequence[Unit]) -> Unit:
        """The visitor sends its top line and pair at the start of a period; after that the
        line and the pair furthest behind their share of the ice time (`ICE_SHARES`), never
        the ones just off; the home team answers with the same numbers (L71). On a power
        play a club sends its first line and pair, its second when the first is on."""
        team = game.team(side)
        if _power_play(game, side):
            first = Unit(1, 1)
            return _preferred(Unit(2, 2) if team.on_ice == first else first, options)
        if side == "home":
            return _preferred(game.visitor.on_ice, options)
        team = game.visitor
        if game.steps == 0:
            return _preferred(Unit(1, 1), options)
        line = _most_due(team, "line", team.on_ice.line)
        pair = _most_due(team, "pair", team.on_ice.pair)
        return _preferred(Unit(line, pair), options)

    def activate(
        self,
        game: GameState,
        side: TeamSide,
        defenceman: Skater,
        success: Fraction,
        options: Sequence[bool],
    ) -> bool:
        """L322: "Only skilled defenseman should attempt to make these plays or any
        defenseman if the team is trailing": skilled is making the play at least half the
        time."""
        return _preferred(success >= SKILLED or game.lead(side) < 0, options)

    def risky_play(
        self,
        game: GameState,
        side: TeamSide,
        threat: Skater,
        success: Fraction,
        options: Sequence[bool],
    ) -> bool:
        """L897: the goalie weighs whether the attacker is "a significant enough threat":
        he goes for the puck when he plays it at least half the time, and stays home
        otherwise (the engine's reading: the threat's own odds are the dangerous play's)."""
        return _preferred(success >= SKILLED, options)

    def pull_goalie(self, game: GameState, side: TeamSide, options: Sequence[bool]) -> bool:
        """L1345 "behind at the end of the game": the goalie comes off for the last 2:00 of
        the 3rd period when one or two goals down, and back on once the team is not behind."""
        late = game.period == PERIODS and game.steps >= STEPS_PER_PERIOD - PULL_STEPS
        return _preferred(late and -PULL_DEFICIT <= game.lead(side) < 0, options)

    def last_second(
        self, game: GameState, side: TeamSide, options: Sequence[LastSecondTry]
    ) -> LastSecondTry:
        """L1361: a successful rush still shoots before the buzzer and may get a rebound, so
        the rush, the better chance than a shot from centre ice."""
        return _preferred("rush", options)

    def momentum_use(
        self, game: GameState, side: TeamSide, points: int, options: Sequence[MomentumUse]
    ) -> MomentumUse:
        """L1279: momentum is worth having because it wins breakouts (L1301): take the
        points from the other team while it has at least as many as this team, so the
        team with more momentum is the one slowed; otherwise build this team's own."""
        team, rival = game.team(side), game.team(other(side))
        return _preferred("take away" if rival.momentum >= team.momentum else "add", options)

    def quarterback(self, game: GameState, side: TeamSide, options: Sequence[Skater]) -> Skater:
        """L1112 "1 of its Defensemen … It can be a Forward": the skater the roster marks as
        the team's quarterback, else the first defenceman, else the first offered."""
        marked = [s for s in options if s.pp_qb]
        defence = [s for s in options if s.position in ("LD", "RD")]
        return (marked or defence or list(options))[0]

    def own_end(
        self,
        game: GameState,
        side: TeamSide,
        carrier: Skater,
        chances: Mapping[OwnEndPlay, Fraction],
        options: Sequence[OwnEndPlay],
    ) -> OwnEndPlay:
        """L1309: momentum buys a sure clear "at the end of the game", so it is spent late in
        the 3rd period; L790 "KNOW YOUR PLAYERS": a breakout that fails more often than not
        gives way to a clear that comes off more often; the Bobby Orr Move only for a player
        whose move gets out more often than his breakout (L734 "highly skilled")."""
        late = game.period == PERIODS and game.steps >= STEPS_PER_PERIOD - LATE_STEPS
        if late and "momentum clear" in options:
            return "momentum clear"
        out = chances.get("breakout", Fraction(0))
        if chances.get("bobby orr", Fraction(0)) > out:
            return _preferred("bobby orr", options)
        if out < SKILLED and chances.get("clear", Fraction(0)) > out:
            return _preferred("clear", options)
        return _preferred("breakout", options)

    def neutral_play(
        self,
        game: GameState,
        side: TeamSide,
        carrier: Skater,
        chances: Mapping[NeutralPlay, Fraction],
        options: Sequence[NeutralPlay],
    ) -> NeutralPlay:
        """On RED, challenge the defender when the carrier gets round him at least half the
        time, else dump the puck in (L806-L816); on GREEN, skate in (L842: unimpeded, and
        he keeps the puck even when no chance comes of it) rather than risk a failed rush or
        a long shot."""
        if "challenge" in options:
            beats = chances.get("challenge", Fraction(0)) >= SKILLED
            return _preferred("challenge" if beats else "dump in", options)
        return _preferred("skate in", options)

    def offensive_play(
        self,
        game: GameState,
        side: TeamSide,
        carrier: Skater,
        chances: Mapping[OffensivePlay, Fraction],
        options: Sequence[OffensivePlay],
    ) -> OffensivePlay:
        """A coach who knows his players mixes each carrier's plays in the shares
        `play_shares` gives him, in turn: on each touch the play furthest behind its share
        of his touches so far (the larger share on a tie), so a skater's season follows his
        ratings rather than a cut-off (README §11.20)."""
        plays = play_shares(carrier, chances, power_play=_power_play(game, side))
        shares = {play: share for play, share in plays.items() if play in options}
        if not shares:
            return _preferred("shot on net", options)
        done = self._plays[carrier.skater_id]
        touches, total = sum(done.values()) + 1, sum(shares.values())
        chosen = max(
            shares, key=lambda play: (shares[play] * touches / total - done[play], shares[play])
        )
        done[chosen] += 1
        return chosen

    def starting_goalie(self, club: str, back_to_back: bool, options: Sequence[Goalie]) -> Goalie:
        """The starter, and the backup on the second night of a back-to-back, as NHL clubs
        rest their starter (the seed names no rule; README §11.12)."""
        if back_to_back and len(options) > 1:
            return options[1]
        return options[0]


# The ice time a coach gives each forward line and defence pair, from a modern club's
# minutes a game (README §6.3: centres 19:40, 17:00, 14:30, 11:30; pairs 24:30, 21:00,
# 17:00); the seed leaves line changes to the coach (L63, L71).
ICE_SHARES = {
    "line": (Fraction(1180, 3760), Fraction(1020, 3760), Fraction(870, 3760), Fraction(690, 3760)),
    "pair": (Fraction(1470, 3750), Fraction(1260, 3750), Fraction(1020, 3750)),
}


def _power_play(game: GameState, side: TeamSide) -> bool:
    """`side` has more skaters on the ice than the other team."""
    return len(game.team(other(side)).vacant) > len(game.team(side).vacant)


def _most_due(team: TeamState, kind: Literal["line", "pair"], just_off: int) -> int:
    """The unit of `kind` furthest behind its share of the ice time so far, other than the
    one just off (the lower number on a tie)."""
    shares = ICE_SHARES[kind]
    played = sum(team.ice_time[f"{kind} {n}"] for n in range(1, len(shares) + 1))

    def behind(number: int) -> Fraction:
        return shares[number - 1] * played - team.ice_time[f"{kind} {number}"]

    return max(
        (n for n in range(1, len(shares) + 1) if n != just_off),
        key=lambda n: (behind(n), -n),
    )


def play_shares(
    carrier: Skater, chances: Mapping[OffensivePlay, Fraction], *, power_play: bool = False
) -> dict[OffensivePlay, Fraction]:
    """How often the book's carrier tries each offensive play, from q and s, his chances of
    making a quality shot and a set-up (README §11.20). A defenceman at the point throws the
    puck on net (L288: "effective … with low offensive ratings") on 3/5 + 4q/5 of his
    touches (all of them from q = 1/2) and cycles on the rest (L286: "a good option for
    players with low offensive numbers"). A winger, or a centre making his own chance at
    least half the time, tries the quality shot and throws the puck on net on 1/5 of it (a
    winger 3q/10 more). A centre who makes his chance less often is the playmaker the cards
    hand the puck to most: he tries the quality shot and the set-up in proportion to q and
    s, throwing on 1/5. On a power play nobody cycles: a cycle is a loose puck, and a
    penalty kill that plays a loose puck clears the zone (L1092), so the cycle's share is
    thrown on net. Shares of nothing or less are left out."""
    q = chances.get("quality shot", Fraction(0))
    s = chances.get("set-up", Fraction(0))
    shares: dict[OffensivePlay, Fraction]
    if carrier.position in ("LD", "RD"):
        throw = min(Fraction(1), Fraction(3, 5) + 4 * q / 5)
        shares = {"shot on net": throw, "cycle": 1 - throw}
    elif carrier.position == "C" and q < SKILLED:
        shares = {"quality shot": q, "set-up": s, "shot on net": Fraction(1, 5)}
    else:
        throw = Fraction(1, 5) + (0 if carrier.position == "C" else 3 * q / 10)
        shares = {"quality shot": Fraction(1), "shot on net": throw}
    if power_play and "cycle" in shares:
        shares["shot on net"] += max(shares.pop("cycle"), Fraction(0))
    return {play: share for play, share in shares.items() if share > 0}


def club_coach(club: str, random_clubs: frozenset[str], seed: int, run: int) -> Coach:
    """The coach `club` plays under: a random-legal one, on its own generator seeded from the
    club, the seed and the run (so the deck's draws stay the same), when the club is in
    `random_clubs`; otherwise by the book."""
    if club in random_clubs:
        return RandomLegal(random.Random(f"rinkside coach {club} {seed} {run}"))
    return ByTheBook()


def _preferred(advice: Option, options: Sequence[Option]) -> Option:
    return advice if advice in options else options[0]


def _checked(coach: Coach, question: str, answer: Option, options: Sequence[Option]) -> Option:
    if answer not in options:
        raise IllegalChoice(coach.name, question, answer, options)
    return answer


def choose_strategies(game: GameState, coaches: Mapping[TeamSide, Coach]) -> None:
    """Each coach sets the hitting and forecheck strategy the team starts with (L138-160),
    the visitor first."""
    for side in SIDES:
        coach, team = coaches[side], game.team(side)
        team.hitting = _checked(coach, "hitting", coach.hitting(game, side, HITTING), HITTING)
        team.forecheck = _checked(
            coach, "forecheck", coach.forecheck(game, side, FORECHECK), FORECHECK
        )
        game.log(f"{side} plays {team.hitting}, Forecheck {team.forecheck}")


def change_lines(game: GameState, coaches: Mapping[TeamSide, Coach]) -> None:
    """At a stoppage the visitor sends out a line and a pair, then the home team, seeing
    them, sends out its own (L71)."""
    for side in SIDES:
        coach, team = coaches[side], game.team(side)
        team.close_shift(game.elapsed)
        options = team.lineup.units()
        team.on_ice = _checked(coach, "line change", coach.unit(game, side, options), options)
        game.log(f"{side} sends out line {team.on_ice.line}, pair {team.on_ice.pair}")


def ask_starting_goalie(
    coach: Coach, club: str, back_to_back: bool, options: Sequence[Goalie]
) -> Goalie:
    """Ask who starts in net for `club` from its fit goalies, the starter first."""
    answer = coach.starting_goalie(club, back_to_back, options)
    return _checked(coach, "starting goalie", answer, options)


def ask_activation(
    coach: Coach, game: GameState, side: TeamSide, defenceman: Skater, success: Fraction
) -> bool:
    """Ask whether the starred defenceman activates (L322, L332, L370, L372)."""
    answer = coach.activate(game, side, defenceman, success, ACTIVATION)
    activated = _checked(coach, "activation", answer, ACTIVATION)
    game.log(f"{defenceman.name} {'activates' if activated else 'stays back'}")
    return activated


def ask_risky_play(
    coach: Coach, game: GameState, side: TeamSide, threat: Skater, success: Fraction
) -> bool:
    """Ask whether `side`'s goalie makes the risky play on a dump-in (L897)."""
    answer = coach.risky_play(game, side, threat, success, RISKY_PLAY)
    tries = _checked(coach, "risky play", answer, RISKY_PLAY)
    game.log(f"the goalie {'goes for the puck' if tries else 'stays in his net'}")
    return tries


def ask_momentum_use(coach: Coach, game: GameState, side: TeamSide, points: int) -> MomentumUse:
    """Ask how `side` uses a momentum play while the other team has momentum (L1279)."""
    answer = coach.momentum_use(game, side, points, MOMENTUM_USES)
    return _checked(coach, "momentum use", answer, MOMENTUM_USES)


def ask_quarterback(
    coach: Coach, game: GameState, side: TeamSide, options: Sequence[Skater]
) -> Skater:
    """Ask who quarterbacks `side`'s power play set-up (L1112)."""
    answer = _checked(
        coach, "power-play quarterback", coach.quarterback(game, side, options), options
    )
    game.log(f"{answer.name} quarterbacks the power play")
    return answer


def ask_own_end(
    coach: Coach,
    game: GameState,
    side: TeamSide,
    carrier: Skater,
    chances: Mapping[OwnEndPlay, Fraction],
) -> OwnEndPlay:
    """Ask what `side` does with the puck in its own end; the options are `chances`' plays."""
    return _ask_play(coach, "own end", coach.own_end, game, side, carrier, chances, side)


def ask_neutral_play(
    coach: Coach,
    game: GameState,
    side: TeamSide,
    carrier: Skater,
    chances: Mapping[NeutralPlay, Fraction],
) -> NeutralPlay:
    """Ask what `carrier` does in the neutral zone; the options are `chances`' plays."""
    return _ask_play(
        coach, "neutral zone", coach.neutral_play, game, side, carrier, chances, carrier.name
    )


def ask_offensive_play(
    coach: Coach,
    game: GameState,
    side: TeamSide,
    carrier: Skater,
    chances: Mapping[OffensivePlay, Fraction],
) -> OffensivePlay:
    """Ask what `carrier` does in the offensive zone; the options are `chances`' plays."""
    return _ask_play(
        coach, "offensive play", coach.offensive_play, game, side, carrier, chances, carrier.name
    )


def _ask_play(
    coach: Coach,
    question: str,
    ask: Callable[
        [GameState, TeamSide, Skater, Mapping[Option, Fraction], Sequence[Option]], Option
    ],
    game: GameState,
    side: TeamSide,
    carrier: Skater,
    chances: Mapping[Option, Fraction],
    chooser: str,
) -> Option:
    """Ask `coach` one of the questions offering `chances`' plays, check and log the answer."""
    options = tuple(chances)
    chosen = _checked(coach, question, ask(game, side, carrier, chances, options), options)
    game.log(f"{chooser} chooses to {chosen}")
    return chosen
