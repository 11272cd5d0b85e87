"""BIATHLON BLAST: a racing card game of skiing and shooting (seed 003).

The workbook's data and checks, the race engine with its bots, simulated playtesting on
each trail and over a World Cup, the balance check and the printed kit.
"""

from functools import partial

from authoring.game import Game
from authoring.games.biathlon import consistency, kit, simulate, worldcup
from authoring.games.biathlon.checks import CHECKS, SHEETS
from authoring.games.biathlon.model import build_model

COURSES = ("wolfsheim_lang", "wolfsheim_kurz", "portrock_short", "portrock_long")

GAME = Game(
    name="biathlon",
    title="BIATHLON BLAST",
    workbook_name="biathlon.xlsx",
    sheets=SHEETS,
    checks=CHECKS,
    model=build_model,
    consistency=consistency.check,
    simulations={
        **{course: partial(simulate.simulate, course=course) for course in COURSES},
        "world_cup": worldcup.simulate,
    },
    components=kit.components,
)
