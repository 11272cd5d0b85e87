"""RINKSIDE HOCKEY's printed kit, every file drawn from the same validated model.

The kit is the largest of the five, so its parts live in their own modules, each handing
over its components: the rulebook and cover text (`book`), the skater and goalie cards and
the 100 play result cards (`kit_cards`), the game-centre charts, Auxiliary Chart and Fight
Card (`kit_charts`), and the scoreboard, tiles, backdrops, pawns and score sheet
(`kit_boards`).
"""

from __future__ import annotations

from authoring.components import BuildContext, Component
from authoring.games.rinkside import book, kit_boards, kit_cards, kit_charts
from authoring.games.rinkside.model import Rinkside


def components(game: Rinkside, context: BuildContext) -> list[Component]:
    return [
        *book.components(game, context),
        *kit_cards.components(game, context),
        *kit_charts.components(game, context),
        *kit_boards.components(game, context),
    ]
