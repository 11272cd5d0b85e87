"""The coaches of a RINKSIDE HOCKEY game: the engine offers each decision's legal options
and a coach picks one. An answer that was not offered is refused (`IllegalChoice`), so a
coach can never play outside the rules.

`RandomLegal` picks uniformly from what it is offered, from its own seeded generator.
`ByTheBook` follows the seed's advice: a balanced hitting game (L142-143), Forecheck 2 for a
moderate pace and Forecheck 1 to protect a lead late in the game (L162-164), lines in turn
with the home team matching the visitor's line and pair (L71: the visitor places first)."""

from __future__ import annotations

import random
from collections.abc import Mapping, Sequence
from fractions import Fraction
from typing import Protocol, TypeVar

from authoring.games.rinkside.model import Skater
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
    Unit,
)

Option = TypeVar("Option")

LATE_STEPS = 10  # "late in the game": the last 5:00 of the 3rd period (engine's reading)
SKILLED = Fraction(1, 2)  # a defenceman who makes the play at least this often activates
ACTIVATION: tuple[bool, ...] = (True, False)


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


class ByTheBook:
    """The seed's advice, or the first option offered when its advice is not among them."""

    def __init__(self, name: str = "by the book") -> None:
        self.name = name

    def hitting(self, game: GameState, side: TeamSide, options: Sequence[Hitting]) -> Hitting:
        return _preferred("HIT", options)

    def forecheck(self, game: GameState, side: TeamSide, options: Sequence[Forecheck]) -> Forecheck:
        late = game.period == PERIODS and game.steps >= STEPS_PER_PERIOD - LATE_STEPS
        return _preferred(1 if late and game.lead(side) > 0 else 2, options)

    def unit(self, game: GameState, side: TeamSide, options: Sequence[Unit]) -> Unit:
        """The visitor sends its top line and pair at the start of a period and the next of
        each in turn after that; the home team answers with the same numbers."""
        if side == "home":
            return _preferred(game.visitor.on_ice, options)
        team = game.visitor
        if game.steps == 0:
            return _preferred(Unit(1, 1), options)
        lines, pairs = len(team.lineup.lines), len(team.lineup.pairs)
        following = Unit(team.on_ice.line % lines + 1, team.on_ice.pair % pairs + 1)
        return _preferred(following, options)

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
        options = team.lineup.units()
        team.on_ice = _checked(coach, "line change", coach.unit(game, side, options), options)
        game.log(f"{side} sends out line {team.on_ice.line}, pair {team.on_ice.pair}")


def ask_activation(
    coach: Coach, game: GameState, side: TeamSide, defenceman: Skater, success: Fraction
) -> bool:
    """Ask whether the starred defenceman activates (L322, L332, L370, L372)."""
    answer = coach.activate(game, side, defenceman, success, ACTIVATION)
    activated = _checked(coach, "activation", answer, ACTIVATION)
    game.log(f"{defenceman.name} {'activates' if activated else 'stays back'}")
    return activated
