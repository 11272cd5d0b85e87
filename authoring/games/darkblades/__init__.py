"""DARK BLADES: a fantasy skirmish game on the Cry Havoc system (seed 002)."""

from authoring.game import Game
from authoring.games.darkblades.checks import CHECKS, SHEETS

GAME = Game(
    name="darkblades",
    title="DARK BLADES",
    workbook_name="darkblades.xlsx",
    sheets=SHEETS,
    checks=CHECKS,
)
