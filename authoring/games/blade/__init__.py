"""BLADE: a table-driven game of professional speed skating (seed 000)."""

from functools import partial

from authoring.game import Game, Simulation, deferred, packaged
from authoring.games.blade import consistency, derive, race
from authoring.games.blade.checks import CHECKS, MODEL_CHECKS, SHEETS
from authoring.games.blade.model import EVENTS, build_model

GAME = Game(
    name="blade",
    title="BLADE",
    workbook_name="blade.xlsx",
    # RealRates: real racing's rates, which only `check` reads.
    sheets=(*SHEETS, "RealRates"),
    content=packaged("authoring.content", "blade"),
    templates=packaged("authoring.templates", "blade"),
    checks=CHECKS,
    model_checks=MODEL_CHECKS,
    model=build_model,
    consistency=consistency.check,
    simulations={
        event: Simulation(
            partial(race.simulate, event=event), "a race of the event's field, skaters in pairs"
        )
        for event in EVENTS
    },
    derive=derive.DERIVATION,
    components=deferred("authoring.games.blade.kit", "components"),
)
