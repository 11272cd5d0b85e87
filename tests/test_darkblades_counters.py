"""DARK BLADES' counters, built from the shipped workbook by `authoring build` and read back
from the PDF: every piece with its name and strengths, legible, mounted pieces two hexes
long, each back behind its front; and a name too long for a counter is an error at its cell.

Where each piece lies is worked out here from the render core's layout of the pieces' sizes
alone (each piece in a slot of its own, a mounted one two hexes long), never from the kit's
own drawing code, so the PDF is checked against an independent reading of the layout.
"""

from __future__ import annotations

import math
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass
from itertools import pairwise
from pathlib import Path
from typing import Any

import pytest
from cells import cell_where, records
from conftest import edited_copy
from pdfread import CLOSE, Kit, Run, all_runs, inside, is_note, reader
from pypdf.generic import ContentStream
from reportlab.lib import colors
from reportlab.lib.units import inch
from reportlab.pdfbase.pdfmetrics import stringWidth
from reportlab.pdfgen.canvas import Canvas
from test_darkblades_maps import hexagons

from authoring.build import build_game
from authoring.findings import Finding, Severity
from authoring.game import Game
from authoring.games.darkblades.kit import (
    MISSILE_MARKS,
    Piece,
    counter_face,
    counter_labels,
    counter_pieces,
)
from authoring.games.darkblades.mapsheets import COUNTER, MOUNTED_COUNTER
from authoring.games.darkblades.model import DarkBlades
from authoring.render.cards import SMALLEST
from authoring.render.fonts import BODY_BOLD, Overflow, noting_overflows, register_body_fonts
from authoring.render.imposition import Layout, Rect, Slot, sheets_for
from authoring.render.paper import PAPERS
from authoring.render.tokens import (
    GLYPHS,
    TokenFace,
    TokenStyle,
    Value,
    draw_token,
    fitting_text,
)
from authoring.target import resolve
from authoring.validate import Validation

GAME = "darkblades"
EDGE = 0.01  # points: rounding slack when a text must lie inside a box


@dataclass(frozen=True)
class Placed:
    """A piece and where it is cut out: its outline on the front page and on the back."""

    piece: Piece
    front: Rect
    back: Rect


def counter_layout(model: DarkBlades, kit: Kit) -> Layout:
    """The counters' sheets: their backs differ in colour, so they are laid apart, each with
    a bleed of its own (see `impose`)."""
    sizes = [MOUNTED_COUNTER if piece.mounted else COUNTER for piece in counter_pieces(model)]
    return sheets_for(kit.paper, sizes, apart=True)


def placed_pieces(model: DarkBlades, kit: Kit) -> list[list[Placed]]:
    """Each sheet's pieces where the imposition puts them: each in its own slot, its back
    in the slot's mirror place."""
    pieces = counter_pieces(model)
    return [
        [
            Placed(pieces[index], front.trim, back.trim)
            for index, front, back in zip(sheet.items, sheet.front, sheet.back, strict=True)
            if index is not None
        ]
        for sheet in counter_layout(model, kit).sheets
    ]


def runs_on(runs: Sequence[Run], outline: Rect) -> list[Run]:
    return [run for run in runs if inside(run.box, outline, tolerance=EDGE)]


def label(runs: Sequence[Run]) -> Run:
    """The topmost run on a piece: its name."""
    return max(runs, key=lambda run: run.y)


def stroked_rectangles(kit: Kit, page: int) -> list[Rect]:
    """Every rectangle the page outlines without filling it: the cut lines of the pieces."""
    document = reader(kit.path("counters"))
    found, pending = [], []
    for operands, operator in ContentStream(
        document.pages[page].get_contents(), document
    ).operations:
        if operator == b"re":
            pending.append(Rect(*(float(value) for value in operands)))
        elif operator == b"S":
            found += pending
            pending = []
        elif operator in (b"f", b"F", b"f*", b"B", b"b", b"n", b"s"):
            pending = []
    return found


# --- every piece, legible, where it belongs ------------------------------------------------


def test_every_piece_prints_its_name_front_and_back(
    kit: Kit, model: DarkBlades, validation: Validation
) -> None:
    box = {r.values["component"]: r.values["count"] for r in validation.tables["Box"].records}
    pieces = counter_pieces(model)
    assert len(pieces) == model.counters >= box["counters"]
    labels = counter_labels(model)
    sheets = placed_pieces(model, kit)
    pages = all_runs(kit.path("counters"))
    assert len(pages) == 2 * len(sheets)
    assert sum(len(sheet) for sheet in sheets) == len(pieces)
    for sheet, placed in enumerate(sheets):
        front, back = pages[2 * sheet], pages[2 * sheet + 1]
        for item in placed:
            name = label(runs_on(front, item.front)).text
            name_behind = label(runs_on(back, item.back)).text
            if item.piece.marker is not None:
                assert (name, name_behind) == (item.piece.marker.front, item.piece.marker.back)
            else:
                assert item.piece.character is not None
                assert name == name_behind == labels[item.piece.character.id]


def test_each_back_lies_behind_its_front(kit: Kit, model: DarkBlades) -> None:
    """Printed double-sided and flipped on the long edge, a name on the back sits exactly
    behind the same piece's name on the front: mirrored across the page, at the same height."""
    width = kit.paper.width
    pages = all_runs(kit.path("counters"))
    for sheet, placed in enumerate(placed_pieces(model, kit)):
        for item in placed:
            front = label(runs_on(pages[2 * sheet], item.front))
            back = label(runs_on(pages[2 * sheet + 1], item.back))
            assert back.centre == pytest.approx(width - front.centre, abs=CLOSE)
            assert back.y == pytest.approx(front.y, abs=CLOSE)


def test_the_counters_take_three_double_sided_sheets(kit: Kit, model: DarkBlades) -> None:
    """Each piece is cut from its own slot with a bleed of its own (their backs differ in
    colour): 48 mounted pieces in twelve rows of four and 166 square pieces in rows of
    eight fill three sheets."""
    pieces = counter_pieces(model)
    assert sum(piece.mounted for piece in pieces) == 48
    assert sum(not piece.mounted for piece in pieces) == 166
    assert len(reader(kit.path("counters")).pages) == 6
    layout = counter_layout(model, kit)
    assert len(layout.sheets) == 3
    rows: dict[tuple[int, float], list[float]] = defaultdict(list)
    for number, sheet in enumerate(layout.sheets):
        for slot in sheet.front:
            rows[number, round(slot.trim.y, 3)].append(round(slot.trim.width, 3))
    four = [round(MOUNTED_COUNTER.width, 3)] * 4
    assert sum(widths == four for widths in rows.values()) == 12
    assert all(
        widths == four or set(widths) == {round(COUNTER.width, 3)} for widths in rows.values()
    )


def test_simons_healthy_counter_shows_his_strengths_in_the_seeds_colours_order(
    kit: Kit, model: DarkBlades
) -> None:
    """The seed: "Attack Strength: Black. Defence Strength: Red. Movement Value: Blue." —
    printed left to right along the bottom of the piece."""
    simon = model.characters["simon"]
    healthy = simon.face("healthy")
    pages = all_runs(kit.path("counters"))
    [(sheet, item)] = [
        (sheet, item)
        for sheet, placed in enumerate(placed_pieces(model, kit))
        for item in placed
        if item.piece.character == simon and item.piece.face("front") == healthy
    ]
    runs = runs_on(pages[2 * sheet], item.front)
    bottom = min(run.y for run in runs)
    values = [run.text for run in sorted(runs, key=lambda r: r.x) if run.y == bottom]
    assert values == [str(healthy.attack), str(healthy.defence), str(healthy.movement)]
    # His other pieces' fronts carry other strengths, so the values above are the healthy ones.
    assert simon.face("wounded").attack != healthy.attack


@pytest.mark.parametrize("component", ["counters", "spell-cards"])
def test_no_text_on_a_playing_piece_is_under_6_pt(kit: Kit, component: str) -> None:
    sizes = [run.size for page in all_runs(kit.path(component)) for run in page if not is_note(run)]
    assert sizes and min(sizes) >= SMALLEST == 6


def test_every_text_lies_on_its_piece(kit: Kit, model: DarkBlades) -> None:
    pages = all_runs(kit.path("counters"))
    for sheet, placed in enumerate(placed_pieces(model, kit)):
        for side, runs in (("front", pages[2 * sheet]), ("back", pages[2 * sheet + 1])):
            outlines = [getattr(item, side) for item in placed]
            for run in runs:
                if is_note(run):
                    continue
                assert run.upright
                assert any(inside(run.box, outline, tolerance=EDGE) for outline in outlines), (
                    f"sheet {sheet + 1} {side}: {run.text!r} at ({run.x:.1f}, {run.y:.1f})"
                )


def test_names_too_long_for_a_counter_print_their_short_form(model: DarkBlades) -> None:
    """The name is printed whole where it fits at 6 pt; else the designer's short name."""
    labels = counter_labels(model)
    elite = model.characters["mon_oger_elite_pole_arm"]
    assert elite.short_name is not None
    assert labels[elite.id] == elite.short_name != elite.name
    assert labels["troll"] == model.characters["troll"].name
    # Every short name the shipped data gives is needed: its full name does not fit.
    for character in model.characters.values():
        if character.short_name is not None:
            assert labels[character.id] == character.short_name, character.id
    # Without a short name, a title in brackets is dropped when no other counter then reads
    # the same.
    assert model.characters["dark_blades"].short_name is None
    assert labels["dark_blades"] == "Dark Blades"
    assert len(set(labels.values())) == len(labels)


# --- mounted pieces cover two hexes ------------------------------------------------------


def map_hex_pitch(path: Path) -> float:
    """The distance between neighbouring hex centres along a row, measured on the printed
    map: the map's hexes are its largest hexagons (the key's samples are smaller)."""
    shapes = [corners for _, corners in hexagons(reader(path))]
    across = max(math.dist(corners[0], corners[3]) for corners in shapes)
    rows: dict[float, list[float]] = defaultdict(list)
    for corners in shapes:
        if math.dist(corners[0], corners[3]) > across - 0.5:
            rows[round(sum(y for _, y in corners) / 6, 1)].append(sum(x for x, _ in corners) / 6)
    steps = {round(b - a, 3) for xs in rows.values() for a, b in pairwise(sorted(xs))}
    assert len(steps) == 1, steps
    return steps.pop()


def test_mounted_counters_lie_on_two_neighbouring_hexes_of_the_map(
    kit: Kit, model: DarkBlades
) -> None:
    """The seed: "A mounted character occupies two hexes." A mounted piece is cut so that
    each of its square halves is centred on one of two neighbouring hexes of the printed map:
    one hex pitch (measured on the map's PDF) longer than a square piece; every other piece
    is a 3/4" square. Read from the cut lines drawn on each front page."""
    assert COUNTER.width == COUNTER.height == pytest.approx(0.75 * inch)
    pitch = map_hex_pitch(kit.path("map-arena"))
    assert pitch == pytest.approx(map_hex_pitch(kit.path("map-watermill")))
    for sheet, placed in enumerate(placed_pieces(model, kit)):
        cuts = stroked_rectangles(kit, 2 * sheet)
        for item in placed:
            [cut] = [
                rect
                for rect in cuts
                if abs(rect.x - item.front.x) <= CLOSE and abs(rect.y - item.front.y) <= CLOSE
            ]
            assert cut.height == pytest.approx(COUNTER.height, abs=CLOSE)
            if item.piece.mounted:
                first_centre = cut.x + cut.height / 2
                second_centre = cut.x + cut.width - cut.height / 2
                assert second_centre - first_centre == pytest.approx(pitch, abs=CLOSE)
            else:
                assert cut.width == pytest.approx(COUNTER.width, abs=CLOSE)
        mounted = [item for item in placed if item.piece.mounted]
        long_cuts = [rect for rect in cuts if rect.width > 1.5 * COUNTER.width]
        assert len(long_cuts) == len(mounted)
    every = [item for sheet in placed_pieces(model, kit) for item in sheet]
    riders = {c.id for c in model.characters.values() if c.can_ride}
    mounted_ids = {i.piece.character.id for i in every if i.piece.mounted and i.piece.character}
    assert mounted_ids == riders


def test_missile_troops_show_their_weapon(model: DarkBlades) -> None:
    """The seed: "Characters with missile weapons (shown on their playing piece) use the
    factors on the 'missile attack strengths' table"."""
    labels = counter_labels(model)
    armed = [
        (piece, side)
        for piece in counter_pieces(model)
        for side in ("front", "back")
        if (face := piece.face(side)) is not None and face.weapon
    ]
    assert armed
    for piece, side in armed:
        face = piece.face(side)
        assert face is not None and face.weapon is not None
        mark = GLYPHS[MISSILE_MARKS[face.weapon]]
        assert mark in counter_face(labels, piece, side).marks


# --- a name that does not fit is an error at its cell ------------------------------------


def build_errors(game: Game, tmp_path: Path, edit: Any) -> tuple[list[Finding], Path]:
    copy = edited_copy(game, tmp_path / "content", edit)
    out = tmp_path / "out"
    out.mkdir()
    result = build_game(resolve(str(copy)), PAPERS["a4"], out)
    return [f for f in result.findings if f.severity is Severity.ERROR], out


def test_a_name_too_long_without_a_short_form_is_an_error_at_its_cell(
    game: Game, tmp_path: Path
) -> None:
    place = {}

    def drop_short_name(book: Any) -> None:
        sheet = book["Characters"]
        place["name"] = cell_where(sheet, "name", id="mon_oger_elite_pole_arm")
        sheet[cell_where(sheet, "short_name", id="mon_oger_elite_pole_arm")] = None

    errors, out = build_errors(game, tmp_path, drop_short_name)
    assert [(f.code, f.sheet, f.cell, f.field) for f in errors] == [
        ("text-too-long", "Characters", place["name"], "name")
    ]
    assert "on the counters" in errors[0].message
    assert list(out.rglob("*.pdf")) == []


def test_a_short_name_still_too_long_is_an_error_at_the_short_name(
    game: Game, tmp_path: Path
) -> None:
    place = {}

    def lengthen_short_name(book: Any) -> None:
        sheet = book["Characters"]
        [(_, elite)] = [
            (row, values)
            for row, values in records(sheet)
            if values["id"] == "mon_oger_elite_pole_arm"
        ]
        place["cell"] = cell_where(sheet, "short_name", id="mon_oger_elite_pole_arm")
        sheet[place["cell"]] = f"{elite['short_name']} of the Black Fox's guard"

    errors, out = build_errors(game, tmp_path, lengthen_short_name)
    assert [(f.code, f.sheet, f.cell, f.field) for f in errors] == [
        ("text-too-long", "Characters", place["cell"], "short_name")
    ]
    assert list(out.rglob("*.pdf")) == []


# --- the render core's token verbs, which the counters above are drawn with ---------------


def test_a_label_is_the_first_text_that_fits_at_6_pt_else_the_last() -> None:
    register_body_fonts()
    room = stringWidth("Mon-Oger El. (PA)", BODY_BOLD, SMALLEST)
    texts = ("Mon-Oger Elite (pole arm)", "Mon-Oger El. (PA)", "MO")
    assert fitting_text(texts, BODY_BOLD, room) == "Mon-Oger El. (PA)"
    assert fitting_text(texts[:1], BODY_BOLD, room) == texts[0]
    assert fitting_text(texts, BODY_BOLD, room * 2) == texts[0]


def draw_one(
    path: Path, face: TokenFace, style: TokenStyle
) -> tuple[list[Overflow], list[tuple[Any, bytes]]]:
    """One face drawn on a page of its own: what overflowed, and the page's content
    operations read back."""
    canvas = Canvas(str(path), pagesize=(100, 100), invariant=1)
    square = COUNTER.width
    trim = Rect(10, 10, square, square)
    with noting_overflows() as noted:
        draw_token(canvas, face, Slot(trim, trim), style, front=True)
    canvas.save()
    page = reader(path).pages[0]
    return noted, list(ContentStream(page.get_contents(), reader(path)).operations)


def test_a_round_token_is_cut_on_its_circle_and_a_long_label_is_noted(tmp_path: Path) -> None:
    register_body_fonts()
    face = TokenFace(
        labels=("A label far too long for any token at all",),
        tint=colors.yellow,
        marks=(GLYPHS["sword"],),
        values=(Value("3", colors.black),),
    )
    noted, operations = draw_one(tmp_path / "round.pdf", face, TokenStyle(round=True))
    operators = [operator for _, operator in operations]
    # The tint is one filled rectangle; the cut a stroked circle (curves), no stroked square.
    assert operators.count(b"re") == 1
    assert b"c" in operators and b"S" in operators
    [overflow] = noted
    assert overflow.text == face.labels[0] and overflow.smallest == SMALLEST
    # Inside a circle the label has the inscribed square's width, not the whole side.
    assert overflow.room < COUNTER.width * 0.75
