"""Games are plugins: each declares its sheets, its content, its checks and its simulations.

A game registers itself under the `authoring.games` entry-point group, so the core finds
every installed game without naming one. A game names the folders of its shipped workbook,
schemas and templates itself, so a game shipped as a package of its own brings them along.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from functools import cached_property
from importlib import import_module
from importlib.metadata import entry_points
from importlib.resources import files
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from authoring.checks import Check, Tables
    from authoring.components import BuildContext, Component
    from authoring.derive import Derivation
    from authoring.findings import Finding
    from authoring.report import Report
    from authoring.schema import SheetSchema

# A game's typed model is its own business: the core passes it along without looking inside.
Model = Any


def deferred(module: str, name: str) -> Callable[..., Any]:
    """A plugin's function imported on first call: a game's kit needs reportlab, and a command
    that prints nothing (or a rebuild with nothing to print) should not pay for it."""

    def call(*arguments: Any, **options: Any) -> Any:
        return getattr(import_module(module), name)(*arguments, **options)

    call.__qualname__ = call.__name__ = f"{module}.{name}"
    return call


def packaged(package: str, *parts: str) -> Path:
    """A folder shipped inside an installed package (in a checkout: the source folder)."""
    return Path(str(files(package))).joinpath(*parts)


def positive(text: str) -> int:
    """A whole number of at least 1, for counts given on the command line."""
    try:
        number = int(text)
    except ValueError:
        raise ValueError(f"{text!r} is not a whole number") from None
    if number < 1:
        raise ValueError(f"{text} is not a positive number")
    return number


@dataclass(frozen=True)
class Option:
    """A simulation's own command-line option: `--name VALUE`, passed on as `name=value`;
    a `positional` one is given as a bare VALUE after the simulation's name, in the order
    the options list them (and may be left out from the last)."""

    name: str
    help: str
    parse: Callable[[str], Any] = str
    metavar: str = "VALUE"
    positional: bool = False

    @property
    def flag(self) -> str:
        return self.metavar if self.positional else "--" + self.name.replace("_", "-")


@dataclass(frozen=True)
class Simulation:
    """One of a game's simulations: (model, runs, seed, workers=N, **options) -> report,
    the runs shared out over N processes by `simulation.run_all`."""

    run: Callable[..., Report]
    summary: str
    options: tuple[Option, ...] = ()


@dataclass(frozen=True)
class Game:
    name: str
    title: str
    workbook_name: str
    sheets: tuple[str, ...]
    # The folder holding the shipped workbook and its schemas/, and the rulebook templates.
    content: Path
    templates: Path | None = None
    checks: tuple[Check, ...] = field(default=())
    # From validated tables to the game's typed model (only called when there are no errors).
    model: Callable[[Tables], Model] | None = None
    # Phase 2 of validation: checks that need the model.
    model_checks: tuple[Callable[[Model], Iterable[Finding]], ...] = ()
    # The reference rules' consistency checks: (model, seed, workers=N) -> report.
    consistency: Callable[..., Report] | None = None
    simulations: Mapping[str, Simulation] = field(default_factory=dict)
    # The sheet `authoring derive` rewrites from the facts (see `authoring/derive.py`).
    derive: Derivation | None = None
    # The printed kit: (model, build context) -> the components to write.
    components: Callable[[Model, BuildContext], Sequence[Component]] | None = None

    @property
    def workbook(self) -> Path:
        """The shipped workbook."""
        return self.content / self.workbook_name

    @cached_property
    def schemas(self) -> dict[str, SheetSchema]:
        from authoring.schema import SheetSchema

        folder = self.content / "schemas"
        return {name: SheetSchema.load(folder / f"{name}.schema.json") for name in self.sheets}


class UnknownGame(Exception):
    pass


def all_games() -> dict[str, Game]:
    games = {}
    for point in entry_points(group="authoring.games"):
        game = point.load()
        games[game.name] = game
    return dict(sorted(games.items()))


def get_game(name: str) -> Game:
    games = all_games()
    if name not in games:
        known = ", ".join(games) or "none installed"
        raise UnknownGame(f"unknown game {name!r} (known: {known})")
    return games[name]
