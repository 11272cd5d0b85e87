"""BLADE: a table-driven game of professional speed skating (seed 000)."""

from functools import partial

from authoring.game import Game
from authoring.games.blade import consistency, derive, kit, race
from authoring.games.blade.checks import CHECKS, SHEETS
from authoring.games.blade.model import EVENTS, build_model

GAME = Game(
    name="blade",
    title="BLADE",
    workbook_name="blade.xlsx",
    sheets=SHEETS,
    checks=CHECKS,
    model=build_model,
    consistency=consistency.check,
    simulations={event: partial(race.simulate, event=event) for event in EVENTS},
    derive=derive.write_proposal,
    components=kit.components,
)
