"""BIATHLON BLAST: a racing card game of skiing and shooting (seed 003).

The data, its checks, a first race engine with bots and simulated playtesting are here;
per-seat bot choice, the balance check and the printed kit are still to come.
"""

from functools import partial

from authoring.game import Game
from authoring.games.biathlon import simulate, worldcup
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
    simulations={
        **{course: partial(simulate.simulate, course=course) for course in COURSES},
        "world_cup": worldcup.simulate,
    },
)
