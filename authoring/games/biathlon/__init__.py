"""BIATHLON BLAST: a racing card game of skiing and shooting (seed 003).

This session brings the data and its checks; the race engine, the bots, the simulator and
the printed kit are still to come.
"""

from authoring.game import Game
from authoring.games.biathlon.checks import CHECKS, SHEETS

GAME = Game(
    name="biathlon",
    title="BIATHLON BLAST",
    workbook_name="biathlon.xlsx",
    sheets=SHEETS,
    checks=CHECKS,
)
