"""RINKSIDE HOCKEY's pre-game skate (seed L102-164, L1188): each goalie's warm-up, the
officials' mode, the enforcers' grudge, the rivals' starting dirty-play level and the
coaches' opening strategies. Each check reads its text table (README §4.2) on a new draw;
the confidence check in play repeats the warm-up's (L566-570)."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import Rinkside
from authoring.games.rinkside.policy import Coach, choose_strategies
from authoring.games.rinkside.state import (
    GAME_LEVELS,
    OFFICIATING,
    SIDES,
    GameLevel,
    GameState,
    Officiating,
    TeamSide,
)
from authoring.games.rinkside.texttables import EnforcersRow, TextTables

# What a warm-up check puts at stake (T_WarmUp's result), when it comes off.
AT_STAKE: dict[str, GameLevel] = {"bad game": "Bad", "good game": "Good"}


def warm_up(tables: TextTables, draw: Draw, goalie_rating: int) -> GameLevel:
    """The game level a goalie starts at: the Right #100 says which check is made, the Left
    #100 against his Goalie Rating whether it comes off (L110-112)."""
    check = tables.warm_up[draw.right.n100]
    within = draw.left.n100 <= goalie_rating
    comes_off = within if check.when == "at_or_below" else not within
    return AT_STAKE[check.result] if comes_off else "Normal"


def confidence_check(
    tables: TextTables, draw: Draw, goalie_rating: int, level: GameLevel
) -> GameLevel:
    """The warm-up's check made again in play (L568): a bad-game result drops the goalie a
    level, a good-game result raises him one, anything else leaves him where he is; Bad and
    Great are the ends."""
    step = {"Bad": -1, "Normal": 0, "Good": 1}[warm_up(tables, draw, goalie_rating)]
    index = GAME_LEVELS.index(level) + step
    return GAME_LEVELS[min(max(index, 0), len(GAME_LEVELS) - 1)]


def officiating(tables: TextTables, draw: Draw) -> Officiating:
    """How tightly the officials call the game, on the Left #100 (L118-122; README §0)."""
    mode = tables.officiating[draw.left.n100].result
    if mode not in OFFICIATING:
        raise ValueError(f"T_Officiating gives {mode!r}, a mode the engine does not play")
    return mode


def enforcers(tables: TextTables, draw: Draw) -> EnforcersRow:
    """Whether the enforcers carry a grudge onto the ice, on the Left #100 (L130-136)."""
    return tables.enforcers[draw.left.n100]


def pregame_skate(
    model: Rinkside,
    game: GameState,
    draw: Callable[[], Draw],
    coaches: Mapping[TeamSide, Coach],
) -> None:
    """The whole skate in the seed's order, on `draw`n cards (a `DrawPile`'s draw): the
    visitor's goalie then the home goalie warm up on a draw each, then one draw for the
    officials and one for the enforcers; the rivals' level is set and each coach picks the
    opening strategies."""
    tables = model.tables
    for side in SIDES:
        team = game.team(side)
        goalie = team.lineup.goalie
        rating = model.goalie_cards[goalie.goalie_id]["goalie_rating"]
        team.goalie_level = warm_up(tables, draw(), rating)
        game.log(f"{side} goalie {goalie.name} warms up: {team.goalie_level} game")
    game.officiating = officiating(tables, draw())
    game.log(f"officials: {game.officiating}")
    grudge = enforcers(tables, draw())
    game.enforcers_fight = grudge.fight
    game.log(f"enforcers: {grudge.result}")
    game.dirty_level = model.rivalry(game.home.lineup.team_id, game.visitor.lineup.team_id)
    game.log(f"dirty-play level {game.dirty_level}")
    choose_strategies(game, coaches)
