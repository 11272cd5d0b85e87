"""BIATHLON BLAST: a racing card game of skiing and shooting (seed 003).

The workbook's data and checks, the race engine with its bots, simulated playtesting on
each trail and over a World Cup, the balance check and the printed kit.
"""

from functools import partial

from authoring.game import Game, Option, Simulation, deferred, packaged, positive
from authoring.games.biathlon import consistency, simulate, worldcup
from authoring.games.biathlon.checks import CHECKS, SHEETS
from authoring.games.biathlon.model import build_model
from authoring.games.biathlon.search import DEFAULT_ROLLOUTS

SEATS = (
    Option("players", "players in the race (default: 4)", positive, "N"),
    Option(
        "bots",
        "the bot in each seat, or one for every seat "
        f"(default: greedy; known: {', '.join(simulate.BOT_NAMES)})",
        lambda text: tuple(text.split(",")),
        "BOT[,BOT...]",
    ),
)
SEARCH_BUDGET = Option(
    "rollouts",
    f"rollouts per decision for search bots (default: {DEFAULT_ROLLOUTS})",
    positive,
    "N",
)
COURSES = ("wolfsheim_lang", "wolfsheim_kurz", "portrock_short", "portrock_long")

GAME = Game(
    name="biathlon",
    title="BIATHLON BLAST",
    workbook_name="biathlon.xlsx",
    sheets=SHEETS,
    content=packaged("authoring.content", "biathlon"),
    templates=packaged("authoring.templates", "biathlon"),
    checks=CHECKS,
    model=build_model,
    consistency=consistency.check,
    simulations={
        **{
            course: Simulation(
                partial(simulate.simulate, course=course),
                f"races on {course}: win rates per biathlete, ski colour and bot",
                (*SEATS, SEARCH_BUDGET),
            )
            for course in COURSES
        },
        "world_cup": Simulation(
            worldcup.simulate, "a World Cup: the four races, colours by finishing order", SEATS
        ),
    },
    components=deferred("authoring.games.biathlon.kit", "components"),
)
