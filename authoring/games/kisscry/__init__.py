"""KISS & CRY: a table-driven game of women's figure skating (seed 001)."""

from authoring.game import Game, Option, Simulation, deferred, packaged, positive
from authoring.games.kisscry import charts, competition, consistency
from authoring.games.kisscry.checks import CHECKS, SHEETS
from authoring.games.kisscry.model import build_model

GAME = Game(
    name="kisscry",
    title="KISS & CRY",
    workbook_name="kisscry.xlsx",
    sheets=SHEETS,
    content=packaged("authoring.content", "kisscry"),
    templates=packaged("authoring.templates", "kisscry"),
    checks=CHECKS,
    model=build_model,
    consistency=consistency.check,
    simulations={
        "competition": Simulation(
            competition.simulate,
            "a competition: short and long program, ranked by total",
            (
                Option(
                    "field",
                    "skaters in the field (default: the Field sheet's)",
                    positive,
                    "N",
                ),
                Option("host", "the host country's code (default: Settings')", str, "COUNTRY"),
            ),
        )
    },
    derive=charts.DERIVATION,
    components=deferred("authoring.games.kisscry.kit", "components"),
)
