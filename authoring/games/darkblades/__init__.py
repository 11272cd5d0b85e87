"""DARK BLADES: a fantasy skirmish game on the Cry Havoc system (seed 002)."""

from authoring.game import Game
from authoring.games.darkblades import arena, consistency, kit
from authoring.games.darkblades.checks import CHECKS, SHEETS
from authoring.games.darkblades.model import build_model

GAME = Game(
    name="darkblades",
    title="DARK BLADES",
    workbook_name="darkblades.xlsx",
    sheets=SHEETS,
    checks=CHECKS,
    model=build_model,
    consistency=lambda model, workbook, seed: consistency.check(model, workbook),
    simulations={"arena": arena.simulate},
    components=kit.components,
)
