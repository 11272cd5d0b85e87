"""RINKSIDE HOCKEY's optional goal descriptions, goalie reactions and goal reviews (seed
L1367-L1373): after a goal, a draw's Left #100 reads the description for the kind of goal
(GoalDescriptions) and its Right #100 the beaten goalie's reaction (GoalieReactions). A
description that asks whether the goal stands (a `review` row: some tips and screens) is
reviewed on a new draw, the two teams' #100s compared (Left the visitor's, Right the home
team's, README §9 Q12); the goal counts only when the scoring team's is higher.

Whether descriptions are played at all is the game's choice (they are optional, and without
them no goal is ever disallowed); `Settings.video_review` says only who decides, the
officials or the video, on the same draw."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import GoalDescriptionRow, GoalieReactionRow, Rinkside
from authoring.games.rinkside.shots import Goal
from authoring.games.rinkside.state import GameState, TeamSide

GoalType = Literal["rebound", "set_up", "breakaway", "rush", "point_shot", "deflection", "screen"]
DEFENCE = ("LD", "RD")
# The goal types the traffic in front of the net decides, before the play that made it.
BY_TRAFFIC: dict[str, GoalType] = {
    "screen": "screen",
    "deflection": "deflection",
    "jam": "rebound",
    "put back": "rebound",
    "open net": "rebound",
}
BY_PLAY: dict[str, GoalType] = {
    "set-up": "set_up",
    "two-man game": "set_up",
    "breakaway": "breakaway",
    "rush": "rush",
}


def goal_type(goal: Goal, kind: str, rebound: bool) -> GoalType:
    """The GoalDescriptions key of a goal (L1369 "Rebound, Set-Up, Breakaway, etc."): a
    screen or a tip by how it went in; a jam, put-back, open net or any shot after the
    first of its sequence (`rebound`) a rebound; else by the play that made the chance
    (`kind`: a set-up or two-man game, a breakaway, a rush); else a defenceman's shot is a
    point shot, and a forward's own shot a set-up when a teammate is credited, a rush when
    he is alone."""
    if goal.how in BY_TRAFFIC:
        return BY_TRAFFIC[goal.how]
    if rebound:
        return "rebound"
    if kind in BY_PLAY:
        return BY_PLAY[kind]
    if goal.scorer.position in DEFENCE:
        return "point_shot"
    return "set_up" if goal.assists else "rush"


@dataclass(frozen=True)
class GoalCall:
    """How the goal went in, how the goalie took it, and the review if one was made:
    `counts` False when the goal is disallowed; `decided_by` the officials or the video."""

    description: GoalDescriptionRow
    reaction: GoalieReactionRow
    reviewed: bool
    counts: bool
    decided_by: Literal["officials", "video"] | None = None


def describe_goal(
    model: Rinkside,
    game: GameState,
    scoring: TeamSide,
    kind: GoalType,
    draw: Callable[[], Draw],
) -> GoalCall:
    """L1369-L1373: on a new draw the Left #100 gives the description of a `kind` goal and
    the Right #100 the goalie's reaction. A description marked for review is decided on one
    more draw: the scoring team's #100 higher, the goal stands; otherwise it is disallowed
    (the caller takes it off the scoreboard)."""
    shown = draw()
    description = model.goal_descriptions[kind][shown.left.n100]
    reaction = model.goalie_reactions[shown.right.n100]
    game.log(f"{description.text}; the goalie: {reaction.reaction}")
    if not description.review:
        return GoalCall(description, reaction, reviewed=False, counts=True)
    decided_by: Literal["officials", "video"] = (
        "video" if model.settings.video_review else "officials"
    )
    counts = scoring_team_higher(draw(), scoring)
    game.log(f"{decided_by} review: the goal {'stands' if counts else 'is disallowed'}")
    return GoalCall(description, reaction, True, counts, decided_by)


def scoring_team_higher(shown: Draw, scoring: TeamSide) -> bool:
    """README §9 Q12: the visitor's #100 is the Left, the home team's the Right; the
    scoring team's must be higher, a tie is not."""
    visitor, home = shown.left.n100, shown.right.n100
    return home > visitor if scoring == "home" else visitor > home
