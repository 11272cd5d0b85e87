"""RINKSIDE HOCKEY: a table-driven ice hockey game played with 100 play result cards
(seed 004). So far its league (clubs, rivalries, line-ups and every player's season) and
the numbers on the play result cards, with the deck's exact chances."""

from authoring.game import Game, packaged
from authoring.games.rinkside.checks import CHECKS, SHEETS
from authoring.games.rinkside.model import build_model

GAME = Game(
    name="rinkside",
    title="RINKSIDE HOCKEY",
    workbook_name="rinkside.xlsx",
    sheets=SHEETS,
    content=packaged("authoring.content", "rinkside"),
    checks=CHECKS,
    model=build_model,
)
