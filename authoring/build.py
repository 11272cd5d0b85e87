"""`authoring build`: validated data in, every printed component of a game out as PDF.

A build refuses to start while the data has errors, and every text cell of the workbook is
checked against the embedded font first, so a missing glyph is an error naming its cell
rather than an empty box on the printed page.

A text too long for the box it is printed in, even at the smallest size its kit allows, is an
error at the cell it came from too; that is only known by drawing, so a build draws the
files it has to write into a part folder beside the kit (`files.part_folder`) and moves them
into the kit only when every one of them is drawn and no text overflowed. A build with an
error, or interrupted, changes nothing in the kit: it never holds a mix of old and new files.

A rebuild writes only what changed. Each kit keeps a build record, `OUT/.build/<slug>.json`
(beside the kit folders, so a kit folder holds nothing but the kit), saying for every file
it wrote a digest of what the file was made from and a digest of the bytes it got:

- what a component is made from: the values of the sheets it reads (`Component.reads`;
  every sheet when it does not say), the game's templates, the paper (and the printer's
  duplex flip and back offset, when not the default), the workbook's title
  and shown name, and the code version (package versions and the core's and the game's
  source files and schemas, so an engine change rebuilds). Values, not file bytes: saving a
  workbook unchanged rewrites nothing.
- a file is rewritten when its inputs changed, when it is missing or its bytes are not the
  ones written (deleted or edited by hand), or when the record is missing or unreadable.

A build for a print-on-demand shop (`--target pod`) writes, instead of the kit's PDFs, the
faces of its imposed pieces as images, `OUT/<slug>/pod/` (see `authoring.render.pod`). It
keeps a record of its own, `OUT/.build/<slug>.pod.json`, whose keys name the target, so a
pod build never makes a home build rebuild, and the other way round. It draws only the
components printed as pieces (`Printing.pieces`: books and sheets have no faces), and
draws them all again when anything changed, since the manifest counts them together; the
new folder replaces the old one whole once every face is drawn and no text overflowed.

A build for Tabletop Simulator (`--target tts`) is made the same way, into `OUT/<slug>/tts/`
with its record `OUT/.build/<slug>.tts.json`: the kit's decks, counters and whole boards as
images, every other component as its PDF, and a saved object laying them out (see
`authoring.render.tts`). It draws every
component, since a board is known only by being drawn (`write_tiled`), and its record's
inputs include the address its images are given (`--asset-url`, else the folder's own
`file:///` address), which the saved object spells out.

A build for a print shop's own press (`--target press`) is made the same way too, into
`OUT/<slug>/press-<paper>/` with its record `OUT/.build/<slug>.press-<paper>.json` (its
books are set on the paper): every component as a file of its own without crop marks,
pieces face by face with bleed, boards whole, and a manifest (see `authoring.render.press`).

A clean build (no errors) also records, per paper, a digest of the workbook's bytes and
everything else the build reads, with the findings it reported and the files it produced.
When a later build finds exactly the same digest and every file intact, the findings are
the same by construction (validation is a function of those bytes and that code), so it
reports them again without reading the workbook's cells, building the model or loading the
fonts: it only hashes files.
"""

from __future__ import annotations

import functools
import hashlib
import json
import os
import re
import sys
import tempfile
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from importlib.metadata import PackageNotFoundError, requires, version
from pathlib import Path
from typing import TYPE_CHECKING, Any, NamedTuple, Protocol

from authoring.checks import Tables
from authoring.components import HOME, POD, PRESS, TTS, BuildContext, Component, Printing
from authoring.files import part_folder, remove_stale_parts, write_atomically
from authoring.findings import (
    Finding,
    Location,
    Severity,
    finding_from_record,
    finding_record,
    sorted_findings,
)
from authoring.game import Game
from authoring.progress import tracked
from authoring.tables import Record, Sheet
from authoring.target import Target, shown
from authoring.validate import validate_workbook

if TYPE_CHECKING:
    from contextlib import AbstractContextManager

    from authoring.render.fonts import GlyphError, Overflow
    from authoring.render.paper import Paper
    from authoring.render.pod import UnsafeText

# The build records sit in this folder of the output folder, one per kit.
RECORD_FOLDER = ".build"
# Bumped whenever the record's shape or the meaning of its digests changes.
RECORD_FORMAT = 1
PACKAGE = "authoring"
# The folder of the kit each target besides home writes into (press: one per paper).
TARGET_FOLDERS = {POD: "pod", TTS: "tts", PRESS: "press"}
# The files of a package that make its behaviour: code, and the schemas it loads.
SOURCE_SUFFIXES = (".py", ".json")


@dataclass(frozen=True)
class Output:
    """One file of a kit after a build: written this time, or already up to date."""

    component: str
    path: Path
    written: bool


@dataclass
class BuildResult:
    # The kit's name (the workbook's slug), which the summary line starts with.
    kit: str
    findings: list[Finding]
    outputs: list[Output] = field(default_factory=list)
    # Files of an earlier build of this paper that the kit no longer has.
    removed: list[Path] = field(default_factory=list)

    @property
    def written(self) -> list[Path]:
        return [output.path for output in self.outputs if output.written]

    def lines(self) -> list[str]:
        """What a build says after its run: `wrote PATH` for every file written, then the
        summary; the findings are said by the caller, which may have several kits."""
        said = [f"wrote {shown(path)}" for path in self.written]
        said += [f"removed {shown(path)}: the workbook no longer has it" for path in self.removed]
        summary = self.summary()
        if summary is not None:
            said.append(f"{self.kit}: {summary}")
        return said

    def summary(self) -> str | None:
        """`built 3 of 21 files (rulebook, …); 18 unchanged`; None when the build has no files
        (the data has errors, or the game prints nothing yet)."""
        if not self.outputs:
            return None
        built = [output.component for output in self.outputs if output.written]
        total = len(self.outputs)
        text = f"built {len(built)} of {total} file{'s' * (total != 1)}"
        if 0 < len(built) < total:
            text += f" ({', '.join(built)})"
        if len(built) < total:
            text += f"; {total - len(built)} unchanged"
        return text


def build_game(
    target: Target,
    paper: Paper,
    out_dir: Path,
    print_target: str = HOME,
    asset_url: str | None = None,
) -> BuildResult:
    """The kit of one workbook, into `out_dir/<slug>/<slug>-<component>-<paper>.pdf`; for
    `POD`, its pieces' faces into `out_dir/<slug>/pod/`; for `TTS`, its Tabletop Simulator
    images and saved object into `out_dir/<slug>/tts/`, the images' URLs starting with
    `asset_url` (else the folder's `file:///` address); for `PRESS`, a print shop's files
    into `out_dir/<slug>/press-<paper>/` (its books are set on the paper)."""
    game = target.game
    kit = out_dir / target.slug
    folder_name = _target_folder(print_target, paper)
    record_name = target.slug if folder_name is None else f"{target.slug}.{folder_name}"
    record = BuildRecord.load(out_dir / RECORD_FOLDER / f"{record_name}.json")
    edition = None if target.path == game.workbook else target.title
    folder = kit if folder_name is None else kit / folder_name
    asset_base = _asset_base(asset_url, folder)
    besides_values = _inputs_besides_values(target, paper, edition, print_target, asset_base)
    run_key = _digest([*besides_values, f"workbook={_file_digest(target.path)}"])
    replayed = record.replay(paper, run_key, folder, target.slug)
    if replayed is not None:
        return replayed

    validation = validate_workbook(target.path, game, display=target.shown)
    findings = list(validation.findings)
    if validation.ok:
        findings += glyph_findings(validation.tables)
    model = validation.model
    if any(f.severity is Severity.ERROR for f in findings) or model is None:
        return BuildResult(target.slug, sorted_findings(findings))
    if game.components is None or game.templates is None:
        return BuildResult(target.slug, findings)
    context = BuildContext(
        paper=paper, templates=game.templates, workbook=target.shown, edition=edition
    )
    sheets = {name: sheet_digest(sheet) for name, sheet in validation.tables.items()}
    shared = _digest(besides_values)
    result = BuildResult(target.slug, findings)

    # The fonts load only when drawing.
    from authoring.render.cover import COVER_TEMPLATE
    from authoring.render.fonts import GlyphError, noting_overflows

    components = list(game.components(model, context))
    if folder_name is not None:
        title = context.titled(game.title)
        drawing, start = _image_kit(print_target, components, title, target.slug, asset_base)
        images = _build_images(target, paper, drawing, validation.tables, findings, folder, start)
        if images.outputs:
            record.files = {}
            for output in images.outputs:
                record.wrote(output.path, output.component, paper, run_key)
            record.finish(paper, run_key, findings, images.outputs)
        return images
    drawn: list[Drawn] = []
    overflows: list[PrintedOverflow] = []
    made: list[tuple[Component, Path, str]] = []
    with part_folder(kit) as staging:
        try:
            for component in tracked(components, target.slug):
                path = kit / f"{target.slug}-{component.file_name(paper)}"
                inputs = _digest([shared, component.name, *_read_sheets(component, sheets)])
                made.append((component, path, inputs))
                if record.is_current(path, inputs):
                    remove_stale_parts(path)
                    result.outputs.append(Output(component.name, path, written=False))
                    continue
                # Under the file's own name, which a component may print; the render core
                # writes it atomically inside the part folder too.
                with noting_overflows() as noted:
                    component.write(staging / path.name)
                overflows += [PrintedOverflow(component.name, overflow) for overflow in noted]
                drawn.append(Drawn(component.name, path, inputs))
                result.outputs.append(Output(component.name, path, written=True))
            if not overflows and (game.templates / COVER_TEMPLATE).is_file():
                cover = _cover(target, context, record, kit, staging, shared, made)
                if cover.written:
                    drawn.append(Drawn(cover.component, cover.path, cover.inputs))
                result.outputs.append(Output(cover.component, cover.path, cover.written))
        except GlyphError as error:
            result.findings += unprintable_findings(error)
            result.outputs = []
            return result
        if overflows:
            result.findings = sorted_findings(
                [*findings, *overflow_findings(validation.tables, overflows, target.shown)]
            )
            result.outputs = []
            return result
        kit.mkdir(exist_ok=True)
        for done in drawn:
            os.replace(staging / done.path.name, done.path)
            record.wrote(done.path, done.component, paper, done.inputs)
    result.removed = record.forget_others(kit, paper, [output.path for output in result.outputs])
    record.finish(paper, run_key, findings, result.outputs)
    return result


class ImageKit(Protocol):
    """Where an image target's drawing goes: the print-on-demand faces (`pod.FaceImages`) or
    the Tabletop Simulator table (`tts.TableImages`)."""

    def component(
        self, name: str, printing: Printing, written: Path
    ) -> AbstractContextManager[None]:
        """While the block writes component `name` to `written` (a PDF nobody else keeps),
        what it draws goes to this kit."""
        ...

    def finish(self) -> list[str]:
        """Write what goes with the images; return the files and folders made, by name."""
        ...


def _target_folder(print_target: str, paper: Paper) -> str | None:
    """The kit's folder a target other than home writes into; None: the kit's own."""
    if print_target == HOME:
        return None
    folder = TARGET_FOLDERS[print_target]
    return f"{folder}-{paper.name}" if print_target == PRESS else folder


def _image_kit(
    print_target: str,
    components: list[Component],
    title: str,
    slug: str,
    asset_base: str,
) -> tuple[list[Component], Callable[[Path], ImageKit]]:
    """The components an image target draws, and how it opens its kit on a folder: the
    print-on-demand faces of the pieces alone (books and sheets have none); Tabletop
    Simulator's pieces and boards, which any component may draw."""
    if print_target == POD:
        from authoring.render.pod import FaceImages

        return [component for component in components if component.print_as.pieces], FaceImages
    if print_target == PRESS:
        from authoring.render.press import PressFiles

        return components, PressFiles
    from authoring.render.tts import TableImages

    return components, functools.partial(TableImages, title=title, base=asset_base, slug=slug)


def _build_images(
    target: Target,
    paper: Paper,
    components: list[Component],
    tables: Tables,
    findings: list[Finding],
    folder: Path,
    start: Callable[[Path], ImageKit],
) -> BuildResult:
    """The images the components make, drawn by the kit `start` opens on a folder inside a
    part folder, and put in place of `folder` only when all are drawn without a text
    overflowing. A component that makes no images writes a PDF nobody keeps. A text a
    print-on-demand face prints within the shops' safe zone is a warning (`findings` grows)."""
    from authoring.render.fonts import GlyphError, noting_overflows
    from authoring.render.pod import noting_unsafe_texts

    result = BuildResult(target.slug, findings)
    overflows: list[PrintedOverflow] = []
    with (
        part_folder(folder) as staging,
        tempfile.TemporaryDirectory() as unkept,
        noting_unsafe_texts() as unsafe,
    ):
        drawn = staging / folder.name
        drawn.mkdir()
        images = start(drawn)
        try:
            for component in tracked(components, target.slug):
                written = Path(unkept) / component.file_name(paper)
                with (
                    noting_overflows() as noted,
                    images.component(component.name, component.print_as, written),
                ):
                    component.write(written)
                overflows += [PrintedOverflow(component.name, overflow) for overflow in noted]
        except GlyphError as error:
            result.findings += unprintable_findings(error)
            return result
        if overflows:
            result.findings = sorted_findings(
                [*findings, *overflow_findings(tables, overflows, target.shown)]
            )
            return result
        findings[:] = sorted_findings(
            [*findings, *safe_zone_findings(tables, unsafe, target.shown)]
        )
        made = images.finish()
        if folder.exists():
            # Into the part folder, which is removed with it on leaving the block.
            os.replace(folder, staging / f"{folder.name}.old")
        os.replace(drawn, folder)
    result.outputs = [Output(Path(name).stem, folder / name, written=True) for name in made]
    return result


def _asset_base(asset_url: str | None, folder: Path) -> str:
    """What every image's URL starts with: the address given, else the folder's own, each
    ending in one slash."""
    base = asset_url if asset_url is not None else folder.resolve().as_uri()
    return base.rstrip("/") + "/"


def unprintable_findings(error: GlyphError) -> list[Finding]:
    """An error for every text the drawing found the font cannot print, at its place."""
    return [
        Location(problem.place).finding(
            Severity.ERROR,
            "missing-glyph",
            f"the printing font has no glyph for {problem.characters!r}",
            value=problem.text,
            expected="characters the font covers",
        )
        for problem in error.problems
    ]


class Cover(NamedTuple):
    """The kit's cover after a build: its path, inputs, and whether it was drawn this time."""

    component: str
    path: Path
    inputs: str
    written: bool


def _cover(
    target: Target,
    context: BuildContext,
    record: BuildRecord,
    kit: Path,
    staging: Path,
    shared: str,
    made: list[tuple[Component, Path, str]],
) -> Cover:
    """The cover and print list, drawn after every other file of the kit: made from what
    they are made from, so it is drawn again whenever any of them is. Its own pages are
    counted once drawn, and it is drawn again in the rare case they were not one."""
    from authoring.render.cover import (
        COVER_NAME,
        COVER_PRINTING,
        Printed,
        page_count,
        write_cover,
    )

    paper = context.paper
    path = kit / f"{target.slug}-{COVER_NAME}-{paper.name}.pdf"
    inputs = _digest([shared, COVER_NAME, *(inputs for _, _, inputs in made)])
    if record.is_current(path, inputs):
        remove_stale_parts(path)
        return Cover(COVER_NAME, path, inputs, written=False)
    files = []
    for component, kit_path, _ in made:
        drawn = staging / kit_path.name
        pages = page_count(drawn if drawn.exists() else kit_path)
        files.append(Printed(kit_path.name, component.print_as, pages))
    printed = [Printed(path.name, COVER_PRINTING, 1), *files]
    for _ in range(2):
        write_cover(
            staging / path.name,
            paper,
            context.templates,
            printed,
            title=context.titled(target.game.title),
            author=f"authoring (from the {target.game.title} workbook)",
        )
        counted = page_count(staging / path.name)
        if counted == printed[0].pages:
            break
        printed[0] = Printed(path.name, COVER_PRINTING, counted)
    return Cover(COVER_NAME, path, inputs, written=True)


class Drawn(NamedTuple):
    """A file drawn into the part folder, waiting to be moved into the kit."""

    component: str
    path: Path
    inputs: str


class PrintedOverflow(NamedTuple):
    """A text too long for its box, and the component it is printed on."""

    component: str
    overflow: Overflow


def glyph_findings(tables: Tables) -> list[Finding]:
    """An error for every text cell holding a character the embedded font cannot print."""
    from authoring.render.fonts import missing_glyphs  # the fonts load only when building

    findings = []
    for sheet in tables.values():
        for record in sheet.records:
            for field_name, value in record.values.items():
                if not isinstance(value, str):
                    continue
                missing = missing_glyphs(value)
                if missing:
                    listed = " ".join(f"{c} (U+{ord(c):04X})" for c in sorted(missing))
                    findings.append(
                        record.finding(
                            Severity.ERROR,
                            "missing-glyph",
                            f"the printing font has no glyph for {listed} in {value!r}; it would "
                            "print as an empty box",
                            field_name,
                            expected="characters the font covers",
                        )
                    )
    return findings


# --- texts too long for their boxes ----------------------------------------------------------

# A cell found inside a longer printed text is where the text came from only when it is most
# of it: a short code (a colour, a special ability) inside a line the kit composed from many
# values is a coincidence, and the line is better reported as the kit's.
MOST_OF_THE_TEXT = 0.5


def overflow_findings(
    tables: Tables, overflows: list[PrintedOverflow], workbook: str
) -> list[Finding]:
    """An error at the cell each too-long text came from: one per cell however many boxes
    print it, with the figures of the narrowest. A text no cell holds (made up by the kit)
    is an error at the workbook naming the components it is printed on."""
    cells = list(_text_cells(tables))
    # Keyed by the source cell's place, or by the text itself when no cell holds it.
    grouped: dict[Location | str, list[PrintedOverflow]] = {}
    sources: dict[Location, tuple[Record, str]] = {}
    for printed in overflows:
        source = _source_cell(printed.overflow.text, cells)
        key: Location | str = printed.overflow.text
        if source is not None:
            key = source[0].location(source[1])
            sources[key] = source
        grouped.setdefault(key, []).append(printed)
    findings = []
    for key, printed_ones in grouped.items():
        narrowest = min(printed_ones, key=lambda p: p.overflow.room / p.overflow.needed).overflow
        components = list(dict.fromkeys(_component_words(p.component) for p in printed_ones))
        on = f"on the {_listed(components)}"
        sizes = (
            f"{narrowest.needed_mm:.1f} mm wide at the smallest size ({narrowest.smallest:g} pt), "
            f"{narrowest.room_mm:.1f} mm fit"
        )
        fits = narrowest.characters_that_fit
        expected = f"a text that fits: at most {fits} characters like these"
        if isinstance(key, str):
            message = (
                f"{narrowest.text!r}, printed {on}, is too long for its box: {sizes}; no cell "
                "holds it as printed, so shorten the cells it is made from"
            )
            findings.append(
                Location(workbook).finding(
                    Severity.ERROR,
                    "text-too-long",
                    message,
                    value=narrowest.text,
                    expected=expected,
                )
            )
            continue
        record, field_name = sources[key]
        message = f"{narrowest.text!r} is too long for its box {on}: {sizes}; shorten it"
        findings.append(
            record.finding(Severity.ERROR, "text-too-long", message, field_name, expected)
        )
    return findings


def safe_zone_findings(tables: Tables, unsafe: list[UnsafeText], workbook: str) -> list[Finding]:
    """A warning at the cell each text too long for a face's safe zone came from, and one
    per component for the texts its layout places within the zone: a shop's cut may trim
    them (`pod.SAFE_ZONE`)."""
    cells = list(_text_cells(tables))
    findings = []
    placed: dict[str, list[str]] = {}
    for text in unsafe:
        source = _source_cell(text.text, cells) if text.too_long else None
        if source is None:
            placed.setdefault(text.component, []).append(text.text)
            continue
        record, field_name = source
        message = (
            f"{text.text!r} is {text.width_mm:.1f} mm wide on the "
            f"{_component_words(text.component)}, where {text.room_mm:.1f} mm lie inside a "
            "print-on-demand shop's safe zone (1/8\" from the cut): its cut may trim it"
        )
        findings.append(
            record.finding(
                Severity.WARNING,
                "safe-zone",
                message,
                field_name,
                f"a text of at most {text.room_mm:.1f} mm",
            )
        )
    for component, texts in placed.items():
        shown = ", ".join(repr(text) for text in texts[:5])
        more = f" and {len(texts) - 5} more" if len(texts) > 5 else ""
        message = (
            f"the {_component_words(component)} print {len(texts)} texts within a "
            f"print-on-demand shop's safe zone (1/8\" from the cut), where its cut may trim "
            f"them: {shown}{more}; the layout places them there"
        )
        findings.append(
            Location(workbook).finding(
                Severity.WARNING,
                "safe-zone",
                message,
                value=texts[0],
                expected='every text at least 1/8" inside the cut',
            )
        )
    return findings


def _text_cells(tables: Tables) -> Iterator[tuple[Record, str, str]]:
    """Every text cell of the workbook as (record, field, text casefolded), in sheet order."""
    for sheet in tables.values():
        for record in sheet.records:
            for field_name, value in record.values.items():
                if isinstance(value, str) and value.strip():
                    yield record, field_name, value.strip().casefold()


def _source_cell(text: str, cells: list[tuple[Record, str, str]]) -> tuple[Record, str] | None:
    """The cell a printed text came from: the first holding exactly the text (in any case, as
    a kit may print it in capitals); else the shortest beginning with it (the kit printed
    the cell shortened, say without a title in brackets); else the longest the text holds
    as whole words that makes up most of it (the kit printed the cell with a few words of its
    own around it)."""
    printed = text.strip().casefold()
    exact = [(record, name) for record, name, cell in cells if cell == printed]
    if exact:
        return exact[0]
    shortened = [
        (len(cell), record, name)
        for record, name, cell in cells
        if cell.startswith(printed) and not cell[len(printed)].isalnum()
    ]
    if shortened:
        _, record, name = min(shortened, key=lambda found: found[0])
        return record, name
    around = [
        (len(cell), record, name)
        for record, name, cell in cells
        if len(cell) > len(printed) * MOST_OF_THE_TEXT
        and re.search(rf"(?<!\w){re.escape(cell)}(?!\w)", printed)
    ]
    if around:
        _, record, name = max(around, key=lambda found: found[0])
        return record, name
    return None


def _component_words(name: str) -> str:
    """A component's name as a designer says it: `skiing-cards` -> `skiing cards`."""
    return name.replace("-", " ")


def _listed(words: list[str]) -> str:
    return words[0] if len(words) == 1 else f"{', '.join(words[:-1])} and {words[-1]}"


# --- what a file is made from ---------------------------------------------------------------


def sheet_digest(sheet: Sheet) -> str:
    """The digest of a tabulated sheet's values, row by row in order (not of its cells'
    places or formatting: a component is made from the values alone)."""
    digest = hashlib.sha256()
    for record in sheet.records:
        digest.update(repr(tuple(record.values.items())).encode())
    return digest.hexdigest()


def _read_sheets(component: Component, sheets: dict[str, str]) -> list[str]:
    """`name=digest` for every sheet the component reads; every sheet when it has not said."""
    names = sorted(sheets) if component.reads is None else sorted(component.reads)
    unknown = [name for name in names if name not in sheets]
    if unknown:
        raise ValueError(
            f"component {component.name!r} reads {', '.join(unknown)}, which the game does not "
            f"have (its sheets: {', '.join(sheets)})"
        )
    return [f"{name}={sheets[name]}" for name in names]


def _inputs_besides_values(
    target: Target,
    paper: Paper,
    edition: str | None,
    print_target: str,
    asset_base: str,
) -> list[str]:
    """Everything a build reads besides the workbook: a component adds the values of the
    sheets it reads, the whole-run key the workbook's bytes. The printer's duplex settings
    and the print target count only when not the default, so a default build keeps the keys
    it always had; the images' address only for Tabletop Simulator, whose saved object
    spells it out."""
    game = target.game
    inputs = [
        f"format={RECORD_FORMAT}",
        f"code={code_version(game)}",
        f"templates={_folder_digest(game.templates)}",
        f"paper={paper.name}:{paper.width}x{paper.height}",
        f"edition={edition}",
        f"shown={target.shown}",
        f"slug={target.slug}",
    ]
    duplex = paper.duplex
    if not duplex.is_default:
        inputs.append(f"duplex={duplex.flip}:{duplex.offset_x!r},{duplex.offset_y!r}")
    if print_target != HOME:
        inputs.append(f"target={print_target}")
    if print_target == TTS:
        inputs.append(f"assets={asset_base}")
    return inputs


def code_version(game: Game) -> str:
    """A digest of the code that validates and draws `game`: the installed versions of this
    package, its dependencies and Python, and the core's and the game's sources and schemas."""
    return _digest([_core_version(), _game_sources(game)])


@functools.cache
def _core_version() -> str:
    parts = [f"python={sys.version}"]
    for name in [PACKAGE, *_dependencies()]:
        try:
            parts.append(f"{name}={version(name)}")
        except PackageNotFoundError:
            parts.append(f"{name}=missing")
    core, files = _package_files(Path(__file__).resolve().parent, SOURCE_SUFFIXES)
    # Each game's own folder counts for that game alone.
    games = core / "games"
    sources = [path for path in files if path.parent == games or games not in path.parents]
    return _digest([*parts, _files_digest(core, sources)])


def _dependencies() -> list[str]:
    """The distribution names this package requires at run time (extras left out)."""
    names = []
    for requirement in requires(PACKAGE) or []:
        if "extra ==" in requirement:
            continue
        match = re.match(r"[A-Za-z0-9][A-Za-z0-9._-]*", requirement)
        if match:
            names.append(match.group())
    return names


# A Game holds dicts, so it cannot be a cache key itself; its name and content folder can.
_GAME_SOURCES: dict[tuple[str, Path], str] = {}


def _game_sources(game: Game) -> str:
    key = (game.name, game.content)
    if key not in _GAME_SOURCES:
        root, sources = _game_code(game)
        schemas = sorted((game.content / "schemas").glob("*.json"))
        _GAME_SOURCES[key] = _digest(
            [_files_digest(root, sources), _files_digest(game.content, schemas)]
        )
    return _GAME_SOURCES[key]


def _game_code(game: Game) -> tuple[Path, list[Path]]:
    """The files of the package that defines the game's kit (the module alone when it is
    in no package), and the folder they are named from."""
    function: Any = game.components or game.model
    while isinstance(function, functools.partial):
        function = function.func
    module = sys.modules.get(getattr(function, "__module__", "") or "")
    if module is None or module.__file__ is None:
        return Path(), []
    package = module if hasattr(module, "__path__") else None
    if package is None:
        package = sys.modules.get(module.__name__.rpartition(".")[0])
    if package is None or package.__file__ is None:
        single = Path(module.__file__).resolve()
        return single.parent, [single]
    return _package_files(Path(package.__file__).resolve().parent, SOURCE_SUFFIXES)


def _package_files(folder: Path, suffixes: tuple[str, ...]) -> tuple[Path, list[Path]]:
    files = sorted(
        path
        for path in folder.rglob("*")
        if path.is_file()
        and "__pycache__" not in path.parts
        and (not suffixes or path.suffix in suffixes)
    )
    return folder, files


def _folder_digest(folder: Path | None) -> str:
    if folder is None or not folder.is_dir():
        return "none"
    return _files_digest(*_package_files(folder, ()))


def _files_digest(root: Path, paths: list[Path]) -> str:
    digest = hashlib.sha256()
    for path in paths:
        digest.update(path.relative_to(root).as_posix().encode() + b"\0")
        digest.update(hashlib.sha256(path.read_bytes()).digest())
    return digest.hexdigest()


def _file_digest(path: Path) -> str:
    return hashlib.sha256(path.read_bytes()).hexdigest()


def _digest(parts: list[str]) -> str:
    return hashlib.sha256("\0".join(parts).encode()).hexdigest()


# --- the build record ------------------------------------------------------------------------


@dataclass
class BuildRecord:
    """What earlier builds of one kit wrote, and from what; saved after every file moved into
    the kit, so a build interrupted while moving its files keeps the ones it moved."""

    path: Path
    # file name -> {"component", "paper", "inputs", "sha256"}
    files: dict[str, dict[str, str]] = field(default_factory=dict)
    # paper name -> {"key", "findings", "files": [{"file", "component", "sha256"}]}
    runs: dict[str, dict[str, Any]] = field(default_factory=dict)

    @classmethod
    def load(cls, path: Path) -> BuildRecord:
        """The saved record; an empty one (rebuild everything) when missing or unreadable."""
        try:
            saved = json.loads(path.read_text(encoding="utf-8"))
            if saved.get("format") != RECORD_FORMAT:
                return cls(path)
            files, runs = saved["files"], saved["runs"]
            entries = [*files.values(), *runs.values()]
            if not all(isinstance(entry, dict) for entry in entries):
                return cls(path)
            return cls(path, files, runs)
        except (OSError, ValueError, KeyError, TypeError, AttributeError):
            return cls(path)

    def save(self) -> None:
        text = json.dumps(
            {"format": RECORD_FORMAT, "files": self.files, "runs": self.runs},
            indent=1,
            sort_keys=True,
            ensure_ascii=False,
        )

        def write(temporary: Path) -> None:
            temporary.write_text(text, encoding="utf-8")

        write_atomically(self.path, write)

    def replay(self, paper: Paper, key: str, folder: Path, kit: str) -> BuildResult | None:
        """The last clean build of this paper when nothing it read has changed since and every
        file it produced in `folder` is still there as written; None when the build must
        run."""
        run = self.runs.get(paper.name)
        if not isinstance(run, dict) or run.get("key") != key:
            return None
        try:
            produced = [(folder / f["file"], f["component"], f["sha256"]) for f in run["files"]]
            findings = [finding_from_record(saved) for saved in run["findings"]]
        except (KeyError, TypeError, ValueError):
            return None
        if not all(_intact(path, sha256) for path, _, sha256 in produced):
            return None
        for path, _, _ in produced:
            remove_stale_parts(path)
        outputs = [Output(component, path, written=False) for path, component, _ in produced]
        return BuildResult(kit, findings, outputs)

    def is_current(self, path: Path, inputs: str) -> bool:
        """Whether `path` was written from exactly `inputs` and still holds what was written."""
        entry = self.files.get(path.name)
        return (
            isinstance(entry, dict)
            and entry.get("inputs") == inputs
            and _intact(path, entry.get("sha256"))
        )

    def wrote(self, path: Path, component: str, paper: Paper, inputs: str) -> None:
        self.files[path.name] = {
            "component": component,
            "paper": paper.name,
            "inputs": inputs,
            "sha256": _content_digest(path),
        }
        self.save()

    def forget_others(self, kit: Path, paper: Paper, kept: list[Path]) -> list[Path]:
        """Remove the files of this paper that earlier builds wrote and this one no longer
        makes (a scenario taken out of the workbook), so the kit matches a clean build."""
        names = {path.name for path in kept}
        removed = []
        for name, entry in list(self.files.items()):
            if entry.get("paper") != paper.name or name in names:
                continue
            path = kit / name
            if path.exists():
                path.unlink()
                removed.append(path)
            del self.files[name]
        return removed

    def finish(
        self, paper: Paper, key: str, findings: list[Finding], outputs: list[Output]
    ) -> None:
        """Record a clean build of this paper, so the next one with the same key can replay."""
        self.runs[paper.name] = {
            "key": key,
            "findings": [finding_record(finding) for finding in findings],
            "files": [
                {
                    "file": output.path.name,
                    "component": output.component,
                    "sha256": self.files[output.path.name]["sha256"],
                }
                for output in outputs
            ],
        }
        self.save()


def _intact(path: Path, sha256: object) -> bool:
    try:
        return isinstance(sha256, str) and _content_digest(path) == sha256
    except OSError:
        return False


def _content_digest(path: Path) -> str:
    """A file's digest; a folder's (a component's print-on-demand images) of all its files."""
    return _folder_digest(path) if path.is_dir() else _file_digest(path)
