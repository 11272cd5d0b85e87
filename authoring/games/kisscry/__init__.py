"""KISS & CRY: a table-driven game of women's figure skating (seed 001)."""

from authoring.game import Game
from authoring.games.kisscry import charts, competition, consistency, kit
from authoring.games.kisscry.checks import CHECKS, SHEETS
from authoring.games.kisscry.model import build_model

GAME = Game(
    name="kisscry",
    title="KISS & CRY",
    workbook_name="kisscry.xlsx",
    sheets=SHEETS,
    checks=CHECKS,
    model=build_model,
    consistency=consistency.check,
    simulations={"competition": competition.simulate},
    derive=charts.write_charts,
    components=kit.components,
)
