"""DARK BLADES: a fantasy skirmish game on the Cry Havoc system (seed 002)."""

from authoring.game import Game, Simulation, deferred, packaged
from authoring.games.darkblades import arena, consistency, maps
from authoring.games.darkblades.checks import CHECKS, SHEETS
from authoring.games.darkblades.model import build_model

GAME = Game(
    name="darkblades",
    title="DARK BLADES",
    workbook_name="darkblades.xlsx",
    sheets=SHEETS,
    content=packaged("authoring.content", "darkblades"),
    templates=packaged("authoring.templates", "darkblades"),
    checks=CHECKS,
    model=build_model,
    model_checks=maps.MODEL_CHECKS,
    consistency=consistency.check,
    simulations={
        "arena": Simulation(
            arena.simulate,
            "scenario one on its maps: Dark Blades against the creatures sent in, the guards "
            "and the rescue party",
        )
    },
    components=deferred("authoring.games.darkblades.kit", "components"),
)
