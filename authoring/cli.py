"""The `authoring` command: a few verbs, data in, reports and sheets out.

Every verb that reads a workbook takes a game name (its shipped workbook) or a workbook path
in the same place. Exit codes: 0 no errors (warnings allowed), 1 the data has errors, 2 a
usage error or unreadable input or output, 130 interrupted.
"""

from __future__ import annotations

import argparse
import contextlib
import os
import sys
from collections.abc import Callable, Sequence
from functools import partial
from importlib.metadata import version
from pathlib import Path
from typing import Any
from urllib.parse import urlsplit

from authoring.components import HOME, PRINT_TARGETS, TTS
from authoring.files import write_atomically
from authoring.findings import Finding, Severity, render_json, render_text, sorted_findings
from authoring.game import Game, Simulation, UnknownGame, all_games, get_game, positive
from authoring.progress import set_quiet, tracked
from authoring.render.paper import FLIPS, PAPERS, Duplex, Paper, parse_back_offset
from authoring.report import Report
from authoring.schema import SchemaFileError
from authoring.simulation import OptionError, all_cores
from authoring.target import Target, UnknownWorkbook, every_game, resolve, shown
from authoring.validate import Validation, validate_workbook
from authoring.waivers import WAIVERS_SHEET
from authoring.workbook import UnreadableWorkbook, check_readable, read_workbook

# The verbs' heavier modules (building, marked copies, diff, derive, watch) are imported by the
# verb that needs them, so a quick command (a no-change rebuild) starts quickly.
EXIT_OK, EXIT_ERRORS, EXIT_USAGE, EXIT_INTERRUPTED = 0, 1, 2, 130
TARGET = "GAME|WORKBOOK"
BACK_OFFSET = "--back-offset"
ASSET_SCHEMES = ("http", "https", "file")


class UsageError(Exception):
    pass


def main(argv: Sequence[str] | None = None) -> int:
    parser = _parser()
    try:
        arguments, extra = parser.parse_known_args(_offsets_joined(argv))
        if extra and not getattr(arguments, "takes_extra", False):
            parser.error(f"unrecognized arguments: {' '.join(extra)}")
        arguments.extra = extra
        set_quiet(arguments.quiet)
        result: int = arguments.run(arguments)
        sys.stdout.flush()
        return result
    except (
        UsageError,
        UnknownGame,
        UnknownWorkbook,
        UnreadableWorkbook,
        SchemaFileError,
    ) as error:
        return _fail(str(error))
    except KeyboardInterrupt:
        return _fail("interrupted; no partial file is left behind", EXIT_INTERRUPTED)
    except BrokenPipeError:
        # The reader went away (`| head`): nothing more can be said on stdout.
        _silence_stdout()
        return EXIT_USAGE
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        _silence_stdout()
        return _fail(f"cannot write {where or 'the output: '}{error.strerror or error}")


def _offsets_joined(argv: Sequence[str] | None) -> list[str]:
    """`--back-offset -1.5,2` as `--back-offset=-1.5,2`: argparse would take a value that
    starts with a minus and is not a plain number for an option, and say none was given."""
    given = list(sys.argv[1:] if argv is None else argv)
    joined: list[str] = []
    for word in given:
        if joined and joined[-1] == BACK_OFFSET and word.startswith("-") and word[1:2] != "-":
            joined[-1] = f"{BACK_OFFSET}={word}"
        else:
            joined.append(word)
    return joined


def _fail(message: str, code: int = EXIT_USAGE) -> int:
    with contextlib.suppress(OSError):
        print(f"authoring: {message}", file=sys.stderr)
    return code


def _silence_stdout() -> None:
    """Point stdout at /dev/null so the interpreter's final flush cannot fail again."""
    devnull = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(devnull, sys.stdout.fileno())
    except (OSError, ValueError):
        pass
    finally:
        os.close(devnull)


class _Help(argparse.ArgumentDefaultsHelpFormatter, argparse.RawDescriptionHelpFormatter):
    """Every option's help ends with its default; descriptions keep their line breaks."""


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="authoring",
        description="Validate, check, simulate and print table-driven tabletop games from "
        "their workbooks. Every command takes a game's name (its shipped workbook) or the "
        "path of a workbook of that game.",
        formatter_class=_Help,
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {version('authoring')}")
    verbs = parser.add_subparsers(required=True, metavar="COMMAND")

    def verb(name: str, summary: str) -> argparse.ArgumentParser:
        parser = verbs.add_parser(name, help=summary, description=summary, formatter_class=_Help)
        _quiet_argument(parser)
        return parser

    games = verb("games", "list the games known, or one game's simulations and their options")
    games.add_argument("game", nargs="?", metavar="GAME", help="the game to describe")
    games.set_defaults(run=_games)

    validate = verb("validate", "check workbooks against their schemas and the game's checks")
    _targets_argument(validate, "every game's shipped workbook")
    validate.add_argument(
        "--sheet",
        action="append",
        default=[],
        metavar="SHEET",
        help="validate only this sheet (repeatable); default: every sheet",
    )
    _format_argument(validate)
    validate.set_defaults(run=_validate)

    check = verb("check", "validate, then prove the tables with the game's reference rules")
    _targets_argument(check, "every game with reference rules")
    check.add_argument("--seed", type=int, default=1, help="seed for every Monte Carlo figure")
    _workers_argument(check)
    _format_argument(check)
    check.set_defaults(run=_check)
    for annotating in (validate, check):
        annotating.add_argument(
            "--annotate",
            type=Path,
            metavar="OUT.xlsx",
            help="also write a copy of the workbook with every finding reported marked at its "
            "cell and listed on a first sheet, Findings",
        )
        annotating.add_argument(
            "--force", action="store_true", help="replace OUT.xlsx if it exists (never the input)"
        )
    for waiving in (validate, check):
        waiving.add_argument(
            "--no-waivers",
            action="store_true",
            help="report every warning, those the workbook's Waivers sheet accepts included",
        )
        waiving.add_argument(
            "--strict", action="store_true", help="exit 1 on any warning not waived (for CI)"
        )

    simulate = verbs.add_parser(
        "simulate",
        help="run one of a game's simulations",
        description="Run one of a game's simulations. `authoring simulate GAME --help` also "
        "lists the game's simulations and the options each takes.",
        formatter_class=_Help,
        add_help=False,
    )
    simulate.add_argument("-h", "--help", action="store_true", help="show this help and exit")
    _quiet_argument(simulate)
    _target_argument(simulate, optional=True)
    simulate.add_argument(
        "scenario", nargs="?", help="the simulation to run; default: the game's only one"
    )
    simulate.add_argument("--runs", type=_positive, default=10_000, help="runs to simulate")
    simulate.add_argument("--seed", type=int, default=1, help="the seed; same seed, same figures")
    _workers_argument(simulate)
    _format_argument(simulate)
    simulate.set_defaults(run=_simulate, takes_extra=True, parser=simulate)

    sweep = verb(
        "sweep",
        'simulate "what if" variants of a workbook, each validated like any workbook, on '
        "a Dask cluster: a table and a plot per figure",
    )
    _target_argument(sweep)
    sweep.add_argument(
        "sweep_file",
        type=Path,
        metavar="SWEEP.toml",
        help="the cells to vary and the figures to report (README: Tuning sweeps)",
    )
    sweep.add_argument("--runs", type=_positive, default=400, help="runs to simulate a variant")
    sweep.add_argument(
        "--seed", type=int, default=1, help="the seed; same seed, same figures on any cluster"
    )
    cluster = sweep.add_mutually_exclusive_group()
    cluster.add_argument(
        "--workers",
        type=_positive,
        default=all_cores(),
        metavar="N",
        help="processes of the local Dask cluster (default: every core)",
    )
    cluster.add_argument(
        "--scheduler",
        metavar="ADDRESS",
        help="a running Dask scheduler (tcp://HOST:PORT) whose workers play the variants",
    )
    sweep.add_argument(
        "--format", choices=["text", "json", "csv"], default="text", help="table form"
    )
    sweep.add_argument(
        "--out-dir",
        type=Path,
        metavar="DIR",
        help="where the table, the plots and the cache of finished variants go "
        "(default: output/sweeps/SWEEP)",
    )
    sweep.add_argument(
        "--best",
        metavar='"FIGURE min|max"',
        help="write the variant with the least or greatest FIGURE as a workbook (-o)",
    )
    sweep.add_argument(
        "-o", "--output", type=Path, metavar="BEST.xlsx", help="the best variant's workbook"
    )
    sweep.add_argument(
        "--force", action="store_true", help="replace BEST.xlsx if it exists (never the input)"
    )
    sweep.set_defaults(run=_sweep)

    build = verb(
        "build",
        "validate, then print every component of the kit to PDF; a rebuild rewrites only "
        "the files whose sheets, templates or code changed",
    )
    _targets_argument(build, "every game's shipped workbook")
    _kit_arguments(build)
    build.add_argument(
        "--calibration",
        action="store_true",
        help="write only the duplex calibration sheet, DIR/duplex-calibration-PAPER.pdf: "
        "printed once, it tells the --back-offset this printer needs (no GAME|WORKBOOK)",
    )
    build.set_defaults(run=_build)

    watch = verb("watch", "validate and rebuild a workbook's kit on every save, until Ctrl-C")
    watch.add_argument("target", metavar=TARGET, help="a game or a workbook of one")
    watch.add_argument(
        "--game",
        help="the game the workbook file belongs to (default: told from the workbook's content)",
    )
    _kit_arguments(watch)
    watch.set_defaults(run=_watch)

    derive = verb(
        "derive",
        "rewrite the sheet a game derives from its facts (ratings, charts) in a copy of the "
        "workbook, every change marked and listed on a first sheet",
    )
    _target_argument(derive)
    _output_argument(derive)
    derive.set_defaults(run=_derive)

    template = verb("template", "write a blank workbook for a game, with drop-downs and notes")
    template.add_argument("game", metavar="GAME")
    _output_argument(template)
    template.add_argument(
        "--format",
        choices=["xlsx", "ods"],
        help="the workbook's format: Excel's or LibreOffice's (default: told from -o's name)",
    )
    template.set_defaults(run=_template)

    diff = verb(
        "diff",
        "what changed between two workbooks of one game: rows matched by their key, "
        "cells old -> new, and with --check the figures that moved",
    )
    diff.add_argument("old", metavar="OLD", help="the earlier game or workbook")
    diff.add_argument("new", metavar="NEW", help="the later game or workbook")
    diff.add_argument(
        "--game",
        help="the game both workbooks belong to (default: told from each workbook's content)",
    )
    diff.add_argument(
        "--check",
        action="store_true",
        help="also run both workbooks' check and show the figures that moved beyond their "
        "sampling error",
    )
    diff.add_argument("--seed", type=int, default=1, help="seed for both checks' Monte Carlo")
    _workers_argument(diff)
    diff.add_argument(
        "--annotate",
        type=Path,
        metavar="OUT.xlsx",
        help="write a copy of NEW with every changed or added cell highlighted and commented",
    )
    diff.add_argument("--force", action="store_true", help="replace OUT.xlsx if it exists")
    _format_argument(diff)
    diff.set_defaults(run=_diff)
    return parser


def _target_argument(parser: argparse.ArgumentParser, *, optional: bool = False) -> None:
    parser.add_argument(
        "target",
        nargs="?" if optional else None,
        metavar=TARGET,
        help="a game (its shipped workbook) or a workbook file of one",
    )
    parser.add_argument(
        "--game",
        help="the game a workbook file belongs to (default: told from the workbook's content)",
    )


def _targets_argument(parser: argparse.ArgumentParser, default: str) -> None:
    parser.add_argument(
        "targets",
        nargs="*",
        metavar=TARGET,
        help=f"game names or workbook files; default: {default}",
    )
    parser.add_argument(
        "--game",
        help="the game the workbook files belong to (default: told from each workbook's content)",
    )


def _quiet_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-q", "--quiet", action="store_true", help="no progress on stderr (it shows on a terminal)"
    )


def _format_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--format", choices=["text", "json"], default="text", help="report form")


def _output_argument(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "-o", "--output", type=Path, required=True, metavar="FILE.xlsx", help="the new workbook"
    )
    parser.add_argument(
        "--force", action="store_true", help="replace FILE.xlsx if it exists (never the input)"
    )


def _workers_argument(parser: argparse.ArgumentParser) -> None:
    cores = all_cores()
    parser.add_argument(
        "--workers",
        type=_positive,
        default=cores,
        metavar="N",
        help=f"processes to simulate on (default: every core, {cores} here); the figures are "
        "the same whatever N is",
    )


def _positive(text: str) -> int:
    """`game.positive` in argparse's terms: its message is shown, not a generic one."""
    try:
        return positive(text)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def _games(arguments: argparse.Namespace) -> int:
    if arguments.game is None:
        for game in all_games().values():
            print(f"{game.name:<14} {game.title:<28} {shown(game.workbook)}")
        return EXIT_OK
    _describe(get_game(arguments.game))
    return EXIT_OK


def _describe(game: Game) -> None:
    """A game's simulations and the options each takes."""
    print(f"{game.title} ({game.name}): {shown(game.workbook)}")
    if not game.simulations:
        print("no simulations")
    for name, simulation in game.simulations.items():
        print(f"\nsimulate {game.name} {name}\n  {simulation.summary}")
        for option in simulation.options:
            usage = option.flag if option.positional else f"{option.flag} {option.metavar}"
            print(f"  {usage:<24} {option.help}")


def _chosen(arguments: argparse.Namespace, default: list[Target]) -> list[Target]:
    if not arguments.targets:
        if arguments.game is not None:
            return [resolve(arguments.game)]
        return default
    return [resolve(target, arguments.game) for target in arguments.targets]


def _validation(target: Target, only: Sequence[str] = ()) -> Validation:
    return validate_workbook(target.path, target.game, display=target.shown, only=only)


def _exit_code(findings: Sequence[Finding]) -> int:
    return EXIT_ERRORS if any(f.severity is Severity.ERROR for f in findings) else EXIT_OK


def _validate(arguments: argparse.Namespace) -> int:
    targets = _chosen(arguments, every_game())
    annotated = _annotation(arguments, targets)
    findings: list[Finding] = []
    waived: list[tuple[Finding, str]] = []
    for target in targets:
        unknown = set(arguments.sheet) - {*target.game.sheets, WAIVERS_SHEET}
        if unknown:
            raise UsageError(f"{target.game.name} has no sheet {', '.join(sorted(unknown))}")
        validation = _validation(target, arguments.sheet)
        if arguments.no_waivers:
            findings += validation.findings
            continue
        outcome = validation.waive(validation.findings, proofs_ran=False)
        findings += outcome.findings
        waived += outcome.waived
    if arguments.format == "json":
        print(render_json(findings, waived))
    else:
        print(render_text(findings, waived))
    _annotate(annotated, findings)
    return _verdict(findings, strict=arguments.strict)


def _verdict(findings: Sequence[Finding], *, strict: bool) -> int:
    # --strict: a warning nobody accepted fails the run, as CI wants it to.
    unwaived_warning = any(f.severity is Severity.WARNING for f in findings)
    return EXIT_ERRORS if strict and unwaived_warning else _exit_code(findings)


def _annotation(
    arguments: argparse.Namespace, targets: Sequence[Target]
) -> tuple[Target, Path] | None:
    """The one workbook `--annotate` copies, and where to, checked before any work is done."""
    output: Path | None = arguments.annotate
    if output is None:
        return None
    if len(targets) != 1:
        raise UsageError("--annotate copies one workbook: name exactly one game or file")
    _writable(output, [targets[0].path], arguments.force)
    _same_format(output, targets[0].path)
    return targets[0], output


def _annotate(annotation: tuple[Target, Path] | None, findings: Sequence[Finding]) -> None:
    """The workbook's copy with every finding reported shown at its cell."""
    if annotation is None:
        return
    target, output = annotation
    from authoring.annotate import write_annotated

    write_annotated(target.path, findings, output)
    print(f"wrote {shown(output)}: {len(findings)} findings marked, listed on sheet Findings")


def _print_report(report: Report, form: str, *, strict: bool = False) -> int:
    print(report.as_json() if form == "json" else report.as_text())
    return _verdict(report.findings, strict=strict)


def _check(arguments: argparse.Namespace) -> int:
    checked = [t for t in every_game() if t.game.consistency is not None]
    targets = _chosen(arguments, checked)
    annotated = _annotation(arguments, targets)
    report = Report()
    for target in tracked(targets, "workbooks checked"):
        game = target.game
        if game.consistency is None:
            raise UsageError(f"{game.name} has no reference rules to check with yet")
        validation = _validation(target)
        findings = list(validation.findings)
        if validation.model is not None:
            proof = game.consistency(validation.model, arguments.seed, workers=arguments.workers)
            findings += proof.findings
            report.figures += proof.figures
        if arguments.no_waivers:
            report.findings += findings
            continue
        # After the proofs, so their warnings are waived too, and stale ones are judged.
        outcome = validation.waive(findings, proofs_ran=validation.model is not None)
        report.findings += outcome.findings
        report.waived += outcome.waived
    report.findings = sorted_findings(report.findings)
    verdict = _print_report(report, arguments.format, strict=arguments.strict)
    _annotate(annotated, report.findings)
    return verdict


def _simulate(arguments: argparse.Namespace) -> int:
    if arguments.help or arguments.target is None:
        print(arguments.parser.format_help())
        if arguments.target is not None:
            _describe(resolve(arguments.target, arguments.game).game)
            return EXIT_OK
        if not arguments.help:
            raise UsageError("simulate needs a game or a workbook")
        return EXIT_OK
    target = resolve(arguments.target, arguments.game)
    game = target.game
    name, simulation = _simulation(game, arguments.scenario)
    options = _simulation_options(game, name, simulation, arguments.extra)
    validation = _validation(target)
    report = Report(findings=list(validation.findings))
    if validation.model is not None:
        try:
            result = simulation.run(
                validation.model,
                arguments.runs,
                arguments.seed,
                workers=arguments.workers,
                **options,
            )
        except OptionError as problem:
            raise UsageError(f"{game.name} {name}: {problem}") from None
        report.findings += result.findings
        report.figures = result.figures
    return _print_report(report, arguments.format)


def _simulation(game: Game, name: str | None) -> tuple[str, Simulation]:
    if name is None and len(game.simulations) == 1:
        name = next(iter(game.simulations))
    if name is not None and name in game.simulations:
        return name, game.simulations[name]
    listed = "".join(
        f"\n  {known:<16} {simulation.summary}" for known, simulation in game.simulations.items()
    )
    if name is None:
        raise UsageError(f"name the {game.name} simulation to run:{listed}")
    raise UsageError(f"{game.name} has no simulation {name!r}; its simulations:{listed}")


def _simulation_options(
    game: Game, name: str, simulation: Simulation, extra: Sequence[str]
) -> dict[str, object]:
    """The simulation's own options, parsed from what the common parser left over."""
    parser = argparse.ArgumentParser(
        prog=f"authoring simulate {game.name} {name}", add_help=False, exit_on_error=False
    )
    for option in simulation.options:
        if option.positional:
            parser.add_argument(option.name, nargs="?", metavar=option.metavar)
        else:
            parser.add_argument(option.flag, dest=option.name, metavar=option.metavar)
    try:
        parsed, unknown = parser.parse_known_args(list(extra))
    except argparse.ArgumentError as error:
        raise UsageError(f"{game.name} {name}: {error}") from None
    if unknown:
        takes = " ".join(option.flag for option in simulation.options) or "no options of its own"
        raise UsageError(f"{game.name} {name} takes {takes}; not {' '.join(unknown)}")
    values: dict[str, object] = {}
    for option in simulation.options:
        text = getattr(parsed, option.name)
        if text is None:
            continue
        try:
            values[option.name] = option.parse(text)
        except ValueError as error:
            raise UsageError(f"{game.name} {name} {option.flag}: {error}") from None
    return values


def _kit_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of the verbs that print kits: `build` and `watch`."""
    parser.add_argument("--paper", choices=sorted(PAPERS), default="a4", help="paper size")
    parser.add_argument(
        "--target",
        dest="print_target",
        choices=PRINT_TARGETS,
        default=HOME,
        help="home: the kit's PDFs to print at home; pod: for a print-on-demand shop, one "
        "300 dpi PNG per face of every card and counter, with bleed, and a manifest, in "
        "DIR/KIT/pod/; tts: for Tabletop Simulator, the card sheets, counters and boards as "
        "images, the other components as PDFs, and a saved object, DIR/KIT/tts/KIT.json, "
        "laying them out on the table; "
        "press: for a shop that imposes the kit itself, a PDF per component without crop "
        "marks, each piece's faces on pages of their own with 1/8\" bleed, boards whole, "
        "and a manifest, in DIR/KIT/press-PAPER/",
    )
    parser.add_argument(
        "--asset-url",
        type=_asset_url,
        metavar="BASE",
        help="with --target tts: the address the DIR/KIT/tts/ folder is uploaded to; the "
        "saved object names each image as BASE followed by its path in that folder, and "
        "without it by its own file:/// address, which only this machine can open",
    )
    parser.add_argument(
        BACK_OFFSET,
        type=_back_offset,
        default=(0.0, 0.0),
        metavar="X,Y",
        help="shift every back page by X mm across and Y mm up, as the calibration sheet "
        "reads it, so that backs land behind their fronts on this printer",
    )
    parser.add_argument(
        "--flip",
        choices=FLIPS,
        default="long",
        help="the edge the printer turns a double-sided sheet over on",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=Path("output"),
        metavar="DIR",
        help="folder for the kits, one folder per workbook, and their build records "
        "(DIR/.build/); a kit file is rewritten only when what it is made from changed",
    )


def _back_offset(text: str) -> tuple[float, float]:
    """`paper.parse_back_offset` in argparse's terms: its message is shown, with the option."""
    try:
        return parse_back_offset(text)
    except ValueError as problem:
        raise argparse.ArgumentTypeError(str(problem)) from None


def _asset_url(text: str) -> str:
    """A folder's address Tabletop Simulator loads images from: http, https or file, a host
    unless a file, and nothing after the path, since the images' paths go after it."""
    parts = urlsplit(text)
    if (
        parts.scheme not in ASSET_SCHEMES
        or (parts.scheme != "file" and not parts.netloc)
        or parts.query
        or parts.fragment
    ):
        raise argparse.ArgumentTypeError(
            f"expected the address of a folder, such as https://example.org/kit/, not {text!r}"
        )
    return text


def _paper(arguments: argparse.Namespace) -> Paper:
    """The paper asked for, printed with the duplex settings asked for."""
    offset_x, offset_y = arguments.back_offset
    duplex = Duplex(offset_x, offset_y, arguments.flip)
    return PAPERS[arguments.paper].printed_with(duplex)


def _kit_folder(arguments: argparse.Namespace) -> Path:
    out: Path = arguments.out
    if out.exists() and not out.is_dir():
        raise UsageError(f"--out {out}: a file, not a folder")
    return out


def _build(arguments: argparse.Namespace) -> int:
    from authoring.build import build_game

    paper = _paper(arguments)
    out = _kit_folder(arguments)
    if arguments.calibration:
        return _calibration(arguments, paper, out)
    print_target, asset_url = _print_target(arguments)
    findings: list[Finding] = []
    for target in _chosen(arguments, every_game()):
        result = build_game(target, paper, out, print_target, asset_url)
        findings += result.findings
        for line in result.lines():
            print(line)
        if target.game.components is None:
            print(f"{target.game.name}: nothing to print yet")
    print(render_text(findings))
    return _exit_code(findings)


def _print_target(arguments: argparse.Namespace) -> tuple[str, str | None]:
    """What the kit is printed for, and the address of Tabletop Simulator's images."""
    if arguments.asset_url is not None and arguments.print_target != TTS:
        raise UsageError("--asset-url names where Tabletop Simulator images are: use --target tts")
    return arguments.print_target, arguments.asset_url


def _calibration(arguments: argparse.Namespace, paper: Paper, out: Path) -> int:
    from authoring.render.calibration import file_name, write_calibration

    if arguments.targets or arguments.game is not None:
        raise UsageError("build --calibration writes the calibration sheet alone: name no game")
    out.mkdir(parents=True, exist_ok=True)
    path = out / file_name(paper)
    write_calibration(path, paper)
    print(f"wrote {shown(path)}")
    return EXIT_OK


def _watch(arguments: argparse.Namespace) -> int:
    # Imported here: the file watcher is needed by this verb alone.
    from authoring.watch import Printed, watch_workbook, workbook_saves

    paper = _paper(arguments)
    out = _kit_folder(arguments)
    print_target, asset_url = _print_target(arguments)
    target = resolve(arguments.target, arguments.game)
    if target.game.components is None:
        raise UsageError(f"{target.game.name}: nothing to print yet, so nothing to watch")

    def say(line: str) -> None:
        print(line, flush=True)  # each round is seen as it happens, even through a pipe

    printing = Printed(paper, out, print_target, asset_url)
    watch_workbook(target, printing, workbook_saves(target.path), say)
    return EXIT_OK  # reached only if the watcher stops by itself; Ctrl-C exits 130 in `main`


def _sweep(arguments: argparse.Namespace) -> int:
    from authoring import sweep
    from authoring.runners import Cluster

    target = resolve(arguments.target, arguments.game)
    game = target.game
    try:
        plan = sweep.read_sweep(arguments.sweep_file)
    except sweep.SweepError as error:
        raise UsageError(str(error)) from None
    name, simulation = _simulation(game, plan.simulation)
    options = _simulation_options(game, name, simulation, plan.option_flags())
    goal = _best_goal(arguments, plan)
    if arguments.output is not None:
        _writable(arguments.output, [target.path, game.workbook], arguments.force)
        _same_format(arguments.output, target.path)
    raw = read_workbook(target.path)
    try:
        made = sweep.variants(plan, raw)
    except sweep.SweepError as error:
        raise UsageError(str(error)) from None
    job = sweep.Job(
        game.name,
        raw,
        target.shown,
        name,
        tuple(options.items()),
        arguments.runs,
        arguments.seed,
        plan.figures,
    )
    folder: Path = arguments.out_dir or Path("output", "sweeps", plan.path.stem)
    try:
        with Cluster(arguments.workers, arguments.scheduler) as cluster:
            swept = sweep.run_sweep(plan, job, made, cluster, sweep.Cache(folder / "cache"))
    except OSError as error:
        if arguments.scheduler is None or error.filename:
            raise
        raise UsageError(
            f"cannot reach the Dask scheduler {arguments.scheduler}: {error}"
        ) from None
    if swept.missing:
        raise UsageError(
            f"{plan.path}: no {name} report cell for figure(s) {', '.join(swept.missing)}: "
            "check each [[figure]]'s table, row and column against `authoring simulate` "
            f"{game.name} {name}'s report"
        )
    report = sweep.report(swept)
    forms: dict[str, Callable[[], str]] = {
        "json": report.as_json,
        "csv": partial(sweep.as_csv, report),
        "text": report.as_text,
    }
    table = forms[arguments.format]()
    suffix = {"json": ".json", "csv": ".csv"}.get(arguments.format, ".txt")
    written = folder / f"{plan.path.stem}{suffix}"
    write_atomically(written, partial(sweep.write_text, table + "\n"))
    plots = sweep.plots(swept, folder)
    print(table)
    _say(
        f"wrote {shown(written)} and {len(plots)} plots beside it; "
        f"{len(made) - swept.resumed} variants played, {swept.resumed} from the cache"
    )
    if goal is not None:
        figure, direction = goal
        variant, estimate = sweep.best(swept, figure, direction)
        sweep.write_best(target.path, variant, figure, direction, estimate, arguments.output)
        _say(f"wrote {shown(arguments.output)}: variant {variant.number}, {figure} {estimate}")
    return _verdict(report.findings, strict=False)


def _best_goal(arguments: argparse.Namespace, plan: Any) -> tuple[str, str] | None:
    if arguments.best is None:
        if arguments.output is not None:
            raise UsageError("-o names the best variant's workbook: give --best too")
        return None
    figure, _, direction = arguments.best.rpartition(" ")
    if direction not in ("min", "max") or not figure:
        raise UsageError(f'--best {arguments.best!r}: give "FIGURE min" or "FIGURE max"')
    if figure not in {wanted.name for wanted in plan.figures}:
        known = ", ".join(repr(wanted.name) for wanted in plan.figures)
        raise UsageError(f"--best: {figure!r} is not a figure of the sweep file ({known})")
    if arguments.output is None:
        raise UsageError("--best needs -o BEST.xlsx, the workbook to write")
    return figure, direction


def _say(line: str) -> None:
    """A line on stderr beside a table on stdout, which stays the table alone."""
    with contextlib.suppress(OSError):
        print(line, file=sys.stderr)


def _same_format(output: Path, source: Path) -> None:
    """A marked copy is written in the format of the workbook it copies: its name says so."""
    form = check_readable(source)
    wanted = (".ods",) if form == "ods" else (".xlsx", ".xlsm")
    if output.suffix.lower() not in wanted:
        raise UsageError(
            f"{output}: a copy of {source.name} is written as {wanted[0]}, the format it was "
            f"read in; name it {output.stem}{wanted[0]}"
        )


def _writable(output: Path, inputs: Sequence[Path], force: bool) -> None:
    if any(output.resolve() == source.resolve() for source in inputs if source.exists()):
        raise UsageError(f"{output} is the workbook being read; it is never written over")
    if output.is_dir():
        raise UsageError(f"{output} is a folder; name a file to write")
    if output.exists() and not force:
        raise UsageError(f"{output} exists; it is never written over (use --force to replace it)")


def _derive(arguments: argparse.Namespace) -> int:
    from authoring.derive import derive_workbook

    target = resolve(arguments.target, arguments.game)
    game = target.game
    if game.derive is None:
        raise UsageError(f"{game.name} has nothing to derive")
    _writable(arguments.output, [target.path, game.workbook], arguments.force)
    _same_format(arguments.output, target.path)
    outcome = derive_workbook(
        _validation(target), game.derive, target.path, arguments.output, shown(arguments.output)
    )
    for line in outcome.lines:
        print(line)
    return EXIT_ERRORS if outcome.refused else EXIT_OK


def _template(arguments: argparse.Namespace) -> int:
    from authoring.template import TemplateFormat, write_template

    game = get_game(arguments.game)
    output: Path = arguments.output
    _writable(output, [game.workbook], arguments.force)
    told: TemplateFormat = "ods" if output.suffix.lower() == ".ods" else "xlsx"
    form: TemplateFormat = arguments.format or told
    if form != told:
        raise UsageError(
            f"{output}: an {form} workbook is named .{form}; name it {output.stem}.{form}"
        )
    write_template(game, output, form)
    print(f"wrote {shown(output)}: {len(game.sheets)} sheets for {game.title}")
    return EXIT_OK


def _diff(arguments: argparse.Namespace) -> int:
    from authoring.diff import (
        Version,
        WorkbookDiff,
        diff_figures,
        diff_tables,
        sheet_keys,
        write_marked_diff,
    )

    old = resolve(arguments.old, arguments.game)
    new = resolve(arguments.new, arguments.game)
    if old.game.name != new.game.name:
        raise UsageError(
            f"{old.shown} is a {old.game.name} workbook and {new.shown} a {new.game.name} one: "
            "diff compares two workbooks of one game"
        )
    game = new.game
    if arguments.check and game.consistency is None:
        raise UsageError(f"{game.name} has no reference rules to check with yet")
    if arguments.annotate is not None:
        _writable(arguments.annotate, [old.path, new.path], arguments.force)
        _same_format(arguments.annotate, new.path)
    before, after = _validation(old), _validation(new)
    result = WorkbookDiff(
        game.title,
        Version.of(old.shown, before.findings),
        Version.of(new.shown, after.findings),
        diff_tables(before.tables, after.tables, game.sheets, sheet_keys(game.checks)),
    )
    if arguments.check and game.consistency is not None:
        unchecked = [name for name, v in (("OLD", before), ("NEW", after)) if v.model is None]
        if unchecked:
            result.figures_missing = (
                f"{' and '.join(unchecked)} {'has' if len(unchecked) == 1 else 'have'} data "
                "errors, so check cannot run on it: no figures compared"
            )
        else:
            old_proof = game.consistency(before.model, arguments.seed, workers=arguments.workers)
            new_proof = game.consistency(after.model, arguments.seed, workers=arguments.workers)
            result.figures = diff_figures(old_proof.figures, new_proof.figures)
    print(result.as_json() if arguments.format == "json" else result.as_text())
    if arguments.annotate is not None:
        write_marked_diff(result, new.path, arguments.annotate)
        if arguments.format == "text":
            print(f"wrote {shown(arguments.annotate)}")
    return EXIT_OK
