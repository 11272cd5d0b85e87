"""RINKSIDE HOCKEY: a table-driven ice hockey game played with 100 play result cards
(seed 004). So far its league (clubs, rivalries, line-ups, every player's season), the
numbers on the play result cards, every use the rules make of a rating, the skater and
goalie cards derived from the seasons, and the game-centre charts."""

from authoring.game import Game, deferred, packaged
from authoring.games.rinkside import consistency, derive
from authoring.games.rinkside.checks import CHECKS, MODEL_CHECKS, SHEETS
from authoring.games.rinkside.model import build_model

GAME = Game(
    name="rinkside",
    title="RINKSIDE HOCKEY",
    workbook_name="rinkside.xlsx",
    sheets=SHEETS,
    content=packaged("authoring.content", "rinkside"),
    templates=packaged("authoring.templates", "rinkside"),
    checks=CHECKS,
    model_checks=MODEL_CHECKS,
    model=build_model,
    consistency=consistency.check,
    derive=derive.DERIVATION,
    components=deferred("authoring.games.rinkside.kit", "components"),
)
