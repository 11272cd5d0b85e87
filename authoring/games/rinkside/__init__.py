"""RINKSIDE HOCKEY: a table-driven ice hockey game played with 100 play result cards
(seed 004). So far its league (clubs, rivalries, line-ups, every player's season), the
numbers on the play result cards, every use the rules make of a rating, the skater and
goalie cards derived from the seasons, the game-centre charts, and a whole game played by
its rules (`simulate rinkside game`)."""

from authoring.game import Game, Option, Simulation, deferred, packaged
from authoring.games.rinkside import consistency, derive, simulate
from authoring.games.rinkside.checks import CHECKS, MODEL_CHECKS, SHEETS
from authoring.games.rinkside.model import build_model

# Who is coached by the book and who at random, so a rule's effect can be told from a coach's.
RANDOM_COACH = Option(
    "random_coach",
    "clubs coached at random, any legal choice (ids, comma-separated, or all); "
    "the others by the book",
    str,
    "CLUBS",
)

GAME = Game(
    name="rinkside",
    title="RINKSIDE HOCKEY",
    workbook_name="rinkside.xlsx",
    sheets=SHEETS,
    content=packaged("authoring.content", "rinkside"),
    templates=packaged("authoring.templates", "rinkside"),
    checks=CHECKS,
    model_checks=MODEL_CHECKS,
    model=build_model,
    consistency=consistency.check,
    simulations={
        "game": Simulation(
            simulate.simulate_game,
            "one game, seeded: the box score, the scoring and, on request, the play-by-play",
            (
                Option(
                    "home",
                    "the home team's id (default: the Teams sheet's first)",
                    str,
                    "HOME",
                    positional=True,
                ),
                Option(
                    "visitor",
                    "the visiting team's id (default: the club after the home team's)",
                    str,
                    "AWAY",
                    positional=True,
                ),
                Option("play_by_play", "print the play-by-play too", simulate.yes_no, "yes|no"),
                RANDOM_COACH,
            ),
        ),
        "season": Simulation(
            simulate.simulate_season,
            "K seeded seasons of the whole league: standings, league and player figures with "
            "intervals, each player beside his stat line, suspensions",
            (
                Option("seasons", "seasons to play (default 1); --runs is not used", int, "K"),
                Option(
                    "rounds", "play only the schedule's first rounds (default all 82)", int, "N"
                ),
                RANDOM_COACH,
            ),
        ),
    },
    derive=derive.DERIVATION,
    components=deferred("authoring.games.rinkside.kit", "components"),
)
