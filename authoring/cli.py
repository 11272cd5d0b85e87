"""The `authoring` command: a few verbs, data in, reports and sheets out.

Exit codes: 0 no errors (warnings allowed), 1 the data has errors, 2 usage error or
unreadable input.
"""

from __future__ import annotations

import argparse
import inspect
import sys
from collections.abc import Sequence
from pathlib import Path

from authoring.build import build_game
from authoring.findings import Finding, render_json, render_text, sorted_findings
from authoring.game import Game, Model, UnknownGame, all_games, get_game
from authoring.render.paper import PAPERS
from authoring.report import Report
from authoring.schema import SchemaFileError
from authoring.simulation import OptionError
from authoring.template import write_template
from authoring.validate import validate_workbook
from authoring.workbook import UnreadableWorkbook

EXIT_OK, EXIT_ERRORS, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    pass


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    arguments = parser.parse_args(argv)
    try:
        result: int = arguments.run(arguments)
        return result
    except (UsageError, UnknownGame, UnreadableWorkbook, SchemaFileError) as error:
        print(f"authoring: {error}", file=sys.stderr)
        return EXIT_USAGE


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="authoring",
        description="Validate, simulate and print table-driven tabletop games from workbooks.",
    )
    verbs = parser.add_subparsers(required=True, metavar="COMMAND")

    games = verbs.add_parser("games", help="list the games known, with their content paths")
    games.set_defaults(run=_games)

    validate = verbs.add_parser("validate", help="check workbooks against schemas and rules")
    validate.add_argument(
        "targets",
        nargs="*",
        metavar="GAME|WORKBOOK.xlsx",
        help="game names or workbook files (default: every game)",
    )
    validate.add_argument("--game", help="the game a workbook file belongs to")
    validate.add_argument(
        "--sheet",
        action="append",
        default=[],
        metavar="SHEET",
        help="validate only this sheet (repeatable)",
    )
    validate.add_argument("--format", choices=["text", "json"], default="text")
    validate.set_defaults(run=_validate)

    check = verbs.add_parser(
        "check", help="validate, then prove the tables with the game's reference rules"
    )
    check.add_argument("games", nargs="*", metavar="GAME", help="default: every game")
    check.add_argument("--seed", type=int, default=1, help="seed for any Monte Carlo figure")
    check.add_argument("--format", choices=["text", "json"], default="text")
    check.set_defaults(run=_check)

    simulate = verbs.add_parser("simulate", help="run one of a game's simulations")
    simulate.add_argument("game")
    simulate.add_argument("scenario", nargs="?", help="default: the game's only simulation")
    simulate.add_argument("--runs", type=_positive, default=10_000)
    simulate.add_argument("--field", type=_positive, metavar="N", help="skaters in the field")
    simulate.add_argument("--host", metavar="COUNTRY", help="the host country's code")
    simulate.add_argument("--players", type=_positive, metavar="N", help="players in the race")
    simulate.add_argument(
        "--bots",
        type=lambda text: tuple(text.split(",")),
        metavar="BOT[,BOT...]",
        help="the bot in each seat, or one for every seat",
    )
    simulate.add_argument("--seed", type=int, default=1)
    simulate.add_argument("--format", choices=["text", "json"], default="text")
    simulate.set_defaults(run=_simulate)

    build = verbs.add_parser("build", help="validate, then print every component to PDF")
    build.add_argument("games", nargs="*", metavar="GAME", help="default: every game")
    build.add_argument("--paper", choices=sorted(PAPERS), default="a4")
    build.add_argument("--out", type=Path, default=Path("output"), metavar="DIR")
    build.set_defaults(run=_build)

    derive = verbs.add_parser("derive", help="propose ratings from the facts, into a new workbook")
    derive.add_argument("game")
    derive.add_argument("-o", "--output", type=Path, required=True, metavar="FILE.xlsx")
    derive.add_argument("--force", action="store_true", help="replace an existing file")
    derive.set_defaults(run=_derive)

    template = verbs.add_parser("template", help="write a blank workbook for a game")
    template.add_argument("game")
    template.add_argument("-o", "--output", type=Path, required=True, metavar="FILE.xlsx")
    template.add_argument("--force", action="store_true", help="replace an existing file")
    template.set_defaults(run=_template)
    return parser


def _games(arguments: argparse.Namespace) -> int:
    for game in all_games().values():
        print(f"{game.name:<14} {game.title:<28} {_shown(game.content_dir)}")
    return EXIT_OK


def _validate(arguments: argparse.Namespace) -> int:
    findings: list[Finding] = []
    for path, game in _targets(arguments.targets, arguments.game):
        unknown = set(arguments.sheet) - set(game.sheets)
        if unknown:
            raise UsageError(f"{game.name} has no sheet {', '.join(sorted(unknown))}")
        findings += validate_workbook(
            path, game, display=_shown(path), only=arguments.sheet
        ).findings
    print(render_json(findings) if arguments.format == "json" else render_text(findings))
    return EXIT_ERRORS if any(f.severity == "error" for f in findings) else EXIT_OK


def _positive(text: str) -> int:
    number = int(text)
    if number < 1:
        raise argparse.ArgumentTypeError(f"{text} is not a positive number")
    return number


def _model(game: Game) -> tuple[Report, Model | None]:
    """Validate the game's workbook; the model too when the data has no errors."""
    validation = validate_workbook(game.workbook, game, display=_shown(game.workbook))
    report = Report(findings=list(validation.findings))
    if not validation.ok or game.model is None:
        return report, None
    return report, game.model(validation.tables)


def _print_report(report: Report, form: str) -> int:
    print(report.as_json() if form == "json" else report.as_text())
    return EXIT_ERRORS if any(f.severity == "error" for f in report.findings) else EXIT_OK


def _check(arguments: argparse.Namespace) -> int:
    games = [get_game(name) for name in arguments.games] or [
        game for game in all_games().values() if game.consistency is not None
    ]
    report = Report()
    for game in games:
        if game.consistency is None:
            raise UsageError(f"{game.name} has no reference rules to check with yet")
        validation, model = _model(game)
        report.findings += validation.findings
        if model is not None:
            proof = game.consistency(model, _shown(game.workbook), arguments.seed)
            report.findings += proof.findings
            report.figures += proof.figures
    report.findings = sorted_findings(report.findings)
    return _print_report(report, arguments.format)


def _simulate(arguments: argparse.Namespace) -> int:
    game = get_game(arguments.game)
    known = ", ".join(game.simulations) or "none"
    name = arguments.scenario
    if name is None and len(game.simulations) == 1:
        name = next(iter(game.simulations))
    simulation = game.simulations.get(name or "")
    if simulation is None:
        raise UsageError(f"{game.name} has no simulation {name!r} (known: {known})")
    options = {
        option: value
        for option, value in (
            ("field", arguments.field),
            ("host", arguments.host),
            ("players", arguments.players),
            ("bots", arguments.bots),
        )
        if value is not None
    }
    for option in options:
        if option not in inspect.signature(simulation).parameters:
            raise UsageError(f"{game.name} {name} takes no --{option}")
    report, model = _model(game)
    if model is not None:
        try:
            result = simulation(model, arguments.runs, arguments.seed, **options)
        except OptionError as problem:
            raise UsageError(f"{game.name} {name}: {problem}") from None
        report.findings += result.findings
        report.figures = result.figures
    return _print_report(report, arguments.format)


def _build(arguments: argparse.Namespace) -> int:
    games = [get_game(name) for name in arguments.games] or list(all_games().values())
    paper = PAPERS[arguments.paper]
    findings: list[Finding] = []
    for game in games:
        result = build_game(game, paper, arguments.out, workbook=_shown(game.workbook))
        findings += result.findings
        for path in result.written:
            print(f"wrote {_shown(path)}")
        if game.components is None:
            print(f"{game.name}: nothing to print yet")
    print(render_text(findings))
    return EXIT_ERRORS if any(f.severity == "error" for f in findings) else EXIT_OK


def _targets(targets: list[str], game_name: str | None) -> list[tuple[Path, Game]]:
    games = all_games()
    if not targets:
        return [(game.workbook, game) for game in games.values()]
    chosen = []
    for target in targets:
        if target in games and not Path(target).is_file():
            chosen.append((games[target].workbook, games[target]))
            continue
        path = Path(target)
        if not path.exists():
            raise UsageError(f"{target}: neither a game ({', '.join(games)}) nor a file")
        chosen.append((path, get_game(game_name) if game_name else _game_of(path, games)))
    return chosen


def _game_of(path: Path, games: dict[str, Game]) -> Game:
    for game in games.values():
        if path.name == game.workbook_name:
            return game
    if len(games) == 1:
        return next(iter(games.values()))
    raise UsageError(f"{path}: cannot tell which game this workbook is for; add --game NAME")


def _writable(output: Path, game: Game, force: bool) -> None:
    if output.exists() and not force:
        raise UsageError(f"{output} exists; it is never written over (use --force to replace it)")
    if output.resolve() == game.workbook.resolve():
        raise UsageError(f"{output} is the game's own workbook; it is never written over")


def _derive(arguments: argparse.Namespace) -> int:
    game = get_game(arguments.game)
    if game.derive is None:
        raise UsageError(f"{game.name} has nothing to derive")
    _writable(arguments.output, game, arguments.force)
    report, model = _model(game)
    if model is None:
        return _print_report(report, "text")
    rows = game.derive(model, arguments.output)
    print(f"wrote {_shown(arguments.output)}: {rows} proposed rows")
    return EXIT_OK


def _template(arguments: argparse.Namespace) -> int:
    game = get_game(arguments.game)
    output: Path = arguments.output
    _writable(output, game, arguments.force)
    write_template(game, output)
    print(f"wrote {_shown(output)}: {len(game.sheets)} sheets for {game.title}")
    return EXIT_OK


def _shown(path: Path) -> str:
    try:
        return str(path.resolve().relative_to(Path.cwd()))
    except ValueError:
        return str(path)
