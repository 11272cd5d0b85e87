"""Duplex printing: backs placed behind their fronts for the printer's flip and back offset,
the calibration sheet that measures the offset, and the `build` options that pass it on.
Every position is read back from the PDFs written."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pypdfium2
import pytest
from pdfdraw import placed_operations
from pdfread import CLOSE, all_runs, inside, is_note, kit_runs, page_runs, reader
from reportlab.lib.units import mm
from reportlab.pdfbase import pdfmetrics

from authoring.cli import main
from authoring.files import write_atomically
from authoring.render import imposition
from authoring.render.calibration import (
    LABEL_GAP,
    LADDER_STEPS,
    crosshair_centres,
    label_of,
    write_calibration,
)
from authoring.render.fonts import BODY
from authoring.render.imposition import Layout, Line, Rect, impose
from authoring.render.paper import CARD_SIZES, COUNTER_SIZES, PAPERS, Duplex, Paper

OFFSET = (1.5 * mm, -0.5 * mm)
LABELS = [label_of(steps) for steps in range(-LADDER_STEPS, LADDER_STEPS + 1)]


def label_centre(canvas: Any, item: int, slot: Any) -> None:
    """The item's id starting at its trim centre, so the text origin marks the centre."""
    x, y, width, height = slot.trim
    canvas.setFont("Body", 4)
    canvas.drawString(x + width / 2, y + height / 2, f"#{item}")


def segments(path: Path, number: int) -> list[Line]:
    """Every straight segment page `number` strokes, in page coordinates."""
    found = []
    start: tuple[float, float] | None = None
    for op, operands, matrix in placed_operations(
        reader(path), reader(path).pages[number].get_contents()
    ):
        if op == "m":
            start = place(matrix, *map(float, operands))
        elif op == "l" and start is not None:
            end = place(matrix, *map(float, operands))
            found.append(Line(*start, *end))
            start = end
    return found


def place(matrix: Any, x: float, y: float) -> tuple[float, float]:
    a, b, c, d, e, f = matrix
    return x * a + y * c + e, x * b + y * d + f


def behind(paper: Paper, x: float, y: float) -> tuple[float, float]:
    """Where the back draws what is behind the front's (x, y): worked out here, not taken
    from the code under test."""
    flipped = (paper.width - x, y) if paper.duplex.flip == "long" else (x, paper.height - y)
    return flipped[0] + paper.duplex.offset_x, flipped[1] + paper.duplex.offset_y


def rounded(line: Line) -> frozenset[tuple[float, float]]:
    return frozenset(
        {(round(line.x1, 2), round(line.y1, 2)), (round(line.x2, 2), round(line.y2, 2))}
    )


# --- imposed sheets -------------------------------------------------------------------------


@pytest.mark.parametrize("flip", ["long", "short"])
def test_backs_land_at_the_mirror_place_for_the_flip_shifted_by_the_offset(
    tmp_path: Path, flip: str
) -> None:
    """Each back's label, every crop mark and registration target, and the sheet note of a
    back page sit at the front's mirror place for the flip, moved by exactly the offset."""
    paper = PAPERS["a4"].printed_with(Duplex(*OFFSET, flip))
    size = COUNTER_SIZES["3/4"]
    path = tmp_path / "sheet.pdf"
    items = list(range(7))
    impose(path, paper, items, label_centre, label_centre, size=size, title="Offset")
    front, back = page_runs(path, 0), page_runs(path, 1)
    front_at = {run.text: (run.x, run.y) for run in front if not is_note(run)}
    back_at = {run.text: (run.x, run.y) for run in back if not is_note(run)}
    assert sorted(front_at) == sorted(back_at) == sorted(f"#{item}" for item in items)
    for text, (x, y) in front_at.items():
        expected = behind(paper, x, y)
        # The label starts at its trim's centre: under a long flip it reads on from the
        # mirrored centre too, so only its start is mirrored, not its whole run.
        assert back_at[text] == pytest.approx(expected, abs=0.01)
    front_lines, back_lines = segments(path, 0), segments(path, 1)
    assert front_lines
    mirrored = {
        rounded(Line(*behind(paper, line.x1, line.y1), *behind(paper, line.x2, line.y2)))
        for line in front_lines
    }
    assert mirrored == {rounded(line) for line in back_lines}
    [front_note] = [run for run in front if is_note(run)]
    [back_note] = [run for run in back if is_note(run)]
    assert back_note.text.endswith(f"flip on the {flip} edge; back offset +1.5, -0.5 mm.")
    assert f"flip on the {flip} edge, at actual size" in front_note.text
    if flip == "long":
        assert back_note.centre == pytest.approx(paper.width / 2 + OFFSET[0], abs=CLOSE)
        assert back_note.y == pytest.approx(front_note.y + OFFSET[1], abs=0.01)
    else:
        box = front_note.box
        moved_top = paper.height - box.y + OFFSET[1]
        assert back_note.box.y + back_note.box.height == pytest.approx(moved_top, abs=0.01)


def test_the_layout_backs_follow_the_paper_duplex() -> None:
    paper = PAPERS["letter"].printed_with(Duplex(*OFFSET, "short"))
    layout = Layout.for_items(paper, COUNTER_SIZES["5/8"])
    for front, back in zip(layout.front, layout.back, strict=True):
        assert back.trim == pytest.approx(
            Rect(
                front.trim.x + OFFSET[0],
                paper.height - front.trim.y - front.trim.height + OFFSET[1],
                front.trim.width,
                front.trim.height,
            )
        )


def test_landscape_keeps_the_duplex_settings() -> None:
    duplex = Duplex(*OFFSET, "short")
    assert PAPERS["a4"].printed_with(duplex).landscape().duplex == duplex


# --- the build command ----------------------------------------------------------------------


@pytest.fixture(scope="module")
def kisscry_builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Path]:
    """KISS & CRY's kit built plainly, with the default duplex flags spelled out, and with
    a back offset of 2, -1 mm."""
    runs = {
        "plain": [],
        "defaults": ["--back-offset", "0,0", "--flip", "long"],
        "offset": ["--back-offset", "2,-1"],
    }
    return kit_runs("kisscry", runs, tmp_path_factory)


def test_default_duplex_flags_give_todays_bytes_and_build_key(
    kisscry_builds: dict[str, Path],
) -> None:
    plain, defaults = kisscry_builds["plain"], kisscry_builds["defaults"]
    files = sorted(path.name for path in (plain / "kisscry").iterdir())
    assert files == sorted(path.name for path in (defaults / "kisscry").iterdir())
    for name in files:
        assert (plain / "kisscry" / name).read_bytes() == (defaults / "kisscry" / name).read_bytes()
    record = ".build/kisscry.json"
    assert (plain / record).read_text() == (defaults / record).read_text()


def test_a_kit_built_with_an_offset_has_its_card_backs_shifted_by_it(
    kisscry_builds: dict[str, Path],
) -> None:
    """`build kisscry --back-offset 2,-1`: every text of the deck's back pages moves 2 mm
    across and 1 mm down; the fronts do not move."""
    name = "kisscry/kisscry-action-deck-a4.pdf"
    plain = all_runs(kisscry_builds["plain"] / name)
    moved = all_runs(kisscry_builds["offset"] / name)
    assert len(plain) == len(moved) >= 2
    for page, (before, after) in enumerate(zip(plain, moved, strict=True)):
        items = [(r.text, r.x, r.y) for r in before if not is_note(r)]
        shifted = [(r.text, r.x, r.y) for r in after if not is_note(r)]
        assert [text for text, _, _ in items] == [text for text, _, _ in shifted]
        shift = (0.0, 0.0) if page % 2 == 0 else (2 * mm, -1 * mm)
        for (_, x, y), (_, moved_x, moved_y) in zip(items, shifted, strict=True):
            assert (moved_x - x, moved_y - y) == pytest.approx(shift, abs=0.01)


def test_a_new_offset_rebuilds_and_the_same_one_replays(tmp_path: Path, capsys: Any) -> None:
    assert main(["build", "kisscry", "-q", "--out", str(tmp_path)]) == 0
    capsys.readouterr()
    assert main(["build", "kisscry", "-q", "--out", str(tmp_path), "--back-offset", "1,0"]) == 0
    assert "kisscry: built 7 of 7 files" in capsys.readouterr().out
    assert main(["build", "kisscry", "-q", "--out", str(tmp_path), "--back-offset", "1,0"]) == 0
    assert "built 0 of 7 files" in capsys.readouterr().out


@pytest.mark.parametrize("junk", ["abc", "1", "1,2,3", "1,x", "nan,0", "0,inf", "30,0", ""])
def test_a_malformed_back_offset_is_a_usage_error_naming_the_option(junk: str, capsys: Any) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["build", "kisscry", "--back-offset", junk])
    assert stopped.value.code == 2
    said = capsys.readouterr().err
    assert "argument --back-offset:" in said
    assert "Traceback" not in said


def test_a_negative_offset_needs_no_equals_sign(tmp_path: Path) -> None:
    assert main(["build", "--calibration", "--back-offset", "-1.5,2", "--out", str(tmp_path)]) == 0
    assert (
        "back offset -1.5, +2.0 mm" in page_runs(tmp_path / "duplex-calibration-a4.pdf", 1)[-1].text
    )


def test_a_bad_flip_is_a_usage_error(capsys: Any) -> None:
    with pytest.raises(SystemExit) as stopped:
        main(["build", "kisscry", "--flip", "sideways"])
    assert stopped.value.code == 2
    assert "--flip" in capsys.readouterr().err


def test_calibration_names_no_game(tmp_path: Path, capsys: Any) -> None:
    assert main(["build", "kisscry", "--calibration", "--out", str(tmp_path)]) == 2
    assert "name no game" in capsys.readouterr().err
    assert not list(tmp_path.iterdir())


# --- the calibration sheet ------------------------------------------------------------------


def calibration(tmp_path: Path, paper: Paper, *flags: str) -> Path:
    out = tmp_path / "out"
    code = main(["build", "--calibration", "--paper", paper.name, "--out", str(out), *flags])
    assert code == 0
    path = out / f"duplex-calibration-{paper.name}.pdf"
    assert len(reader(path).pages) == 2
    return path


def front_centres(path: Path) -> list[tuple[float, float]]:
    """Where the front's crosshair lines cross: the midpoints of its black lines that are
    not the grid's (the grid's run across the printable area)."""
    lines = [line for line in segments(path, 0) if length(line) < 40 * mm]
    level = [line for line in lines if line.y1 == line.y2]
    upright = [line for line in lines if line.x1 == line.x2]
    assert len(level) == len(upright) == 5
    centres = sorted(point((line.x1 + line.x2) / 2, line.y1) for line in level)
    assert centres == sorted(point(line.x1, (line.y1 + line.y2) / 2) for line in upright)
    return centres


def point(x: float, y: float) -> tuple[float, float]:
    """A position to a hundredth of a point, as the PDF writes it."""
    return round(x, 2), round(y, 2)


def length(line: Line) -> float:
    return float(abs(line.x2 - line.x1) + abs(line.y2 - line.y1))


def zero_lines(path: Path) -> tuple[list[float], list[float]]:
    """The back's 0 lines: the longest upright line of each across ladder (its x), the
    longest level line of each up ladder (its y)."""
    ticks = segments(path, 1)
    upright = [line for line in ticks if line.x1 == line.x2]
    level = [line for line in ticks if line.y1 == line.y2]
    assert len(upright) == len(level) == 5 * (2 * LADDER_STEPS + 1)
    longest_up = sorted(upright, key=length)[-5:]
    longest_level = sorted(level, key=length)[-5:]
    return sorted(line.x1 for line in longest_up), sorted(line.y1 for line in longest_level)


@pytest.mark.parametrize("flip", ["long", "short"])
@pytest.mark.parametrize("paper", list(PAPERS.values()), ids=list(PAPERS))
def test_the_back_ladders_zero_lines_lie_behind_the_front_crosshairs(
    tmp_path: Path, paper: Paper, flip: str
) -> None:
    path = calibration(tmp_path, paper, "--flip", flip)
    printed = paper.printed_with(Duplex(flip=flip))
    centres = front_centres(path)
    assert centres == sorted(point(x, y) for x, y in crosshair_centres(paper))
    xs, ys = zero_lines(path)
    expected = [behind(printed, x, y) for x, y in centres]
    assert xs == pytest.approx(sorted(x for x, _ in expected), abs=0.01)
    assert ys == pytest.approx(sorted(y for _, y in expected), abs=0.01)


@pytest.mark.parametrize("flip", ["long", "short"])
def test_an_offset_moves_every_back_line_by_it_and_no_front_line(tmp_path: Path, flip: str) -> None:
    paper = PAPERS["a4"]
    plain = calibration(tmp_path / "plain", paper, "--flip", flip)
    moved = calibration(tmp_path / "moved", paper, "--flip", flip, "--back-offset", "1.5,-0.5")
    assert segments(plain, 0) == segments(moved, 0)
    shift = [OFFSET[0], OFFSET[1]] * 2
    before, after = segments(plain, 1), segments(moved, 1)
    assert len(before) == len(after) > 0
    for line, moved_line in zip(before, after, strict=True):
        expected = [value + by for value, by in zip(line, shift, strict=True)]
        assert list(moved_line) == pytest.approx(expected, abs=0.01)
    words = " ".join(run.text for run in page_runs(moved, 0))
    assert "back offset +1.5, -0.5 mm" in words
    assert "0.0 line of every ladder sits on its crosshair" in words


@pytest.mark.parametrize("flip", ["long", "short"])
def test_every_ladder_line_is_labelled_with_its_value_beside_its_end(
    tmp_path: Path, flip: str
) -> None:
    """Ten ladders (two per crosshair), each labelled -5.0 to +5.0. Each label's digits sit
    a label gap from the end of the line standing its value away from a crosshair's mirror
    place, and no line runs through any label."""
    paper = PAPERS["a4"]
    path = calibration(tmp_path, paper, "--flip", flip)
    printed = paper.printed_with(Duplex(flip=flip))
    mirrors = [behind(printed, x, y) for x, y in crosshair_centres(paper)]
    labels = [run for run in page_runs(path, 1) if run.text in LABELS]
    assert sorted(run.text for run in labels) == sorted(LABELS * 10)
    ticks = segments(path, 1)
    face = pdfmetrics.getFont(BODY).face
    for run in labels:
        digits = Rect(run.x, run.y, run.width, face.capHeight / 1000 * run.size)
        assert not [line for line in ticks if crosses(line, digits)], run
        value = float(run.text) * mm
        own = [
            line
            for line in ticks
            if (line.x1 == line.x2 and any(line.x1 == pytest.approx(x + value) for x, _ in mirrors))
            or (line.y1 == line.y2 and any(line.y1 == pytest.approx(y + value) for _, y in mirrors))
        ]
        assert min(gap(tip(line, mirrors), digits) for line in own) == pytest.approx(
            LABEL_GAP, abs=0.05 * mm
        ), run


def tip(line: Line, centres: list[tuple[float, float]]) -> tuple[float, float]:
    """The end of a ladder line away from its crosshair."""
    ends = [(line.x1, line.y1), (line.x2, line.y2)]
    return max(ends, key=lambda p: min(abs(p[0] - x) + abs(p[1] - y) for x, y in centres))


def gap(point: tuple[float, float], box: Rect) -> float:
    """How far a point lies outside a rectangle (0 inside), along the worse axis."""
    dx = max(box.x - point[0], 0.0, point[0] - box.x - box.width)
    dy = max(box.y - point[1], 0.0, point[1] - box.y - box.height)
    return max(dx, dy)


def crosses(line: Line, box: Rect) -> bool:
    """Whether an upright or level segment passes inside a rectangle."""
    low_x, high_x = sorted((line.x1, line.x2))
    low_y, high_y = sorted((line.y1, line.y2))
    return (
        low_x < box.x + box.width
        and high_x > box.x
        and low_y < box.y + box.height
        and high_y > box.y
    )


@pytest.mark.parametrize("paper", list(PAPERS.values()), ids=list(PAPERS))
def test_the_calibration_sheet_prints_inside_the_printable_area(
    tmp_path: Path, paper: Paper
) -> None:
    path = tmp_path / "sheet.pdf"
    write_calibration(path, paper.printed_with(Duplex(flip="short")))
    area = Rect(6.35 * mm, 6.35 * mm, paper.width - 12.7 * mm, paper.height - 12.7 * mm)
    for number in range(2):
        for line in segments(path, number):
            assert inside(Rect(min(line.x1, line.x2), min(line.y1, line.y2), 0, 0), area)
        for run in page_runs(path, number):
            assert inside(run.box, area), run


# --- bleed of a piece's own colour ----------------------------------------------------------

OWN_BLEED = 2 * mm
"""The back offset a piece's own bleed must cover without showing a neighbour's colour."""
INSIDE = 0.3 * mm
"""Where a back's own colour is read: just inside its cut, where no text is printed."""
INSIDE_FRONT = 0.5 * mm
"""Where a front's own colour is read: clear of the hairline drawn on its cut."""
ROUNDING = 1e-6
DPI = 144
SAME = 24


Colour = tuple[int, int, int]


def back_sheets(path: Path) -> list[Any]:
    """The back pages of an imposed PDF as RGB images, sheet by sheet."""
    return sheet_sides(path, 1)


def sheet_sides(path: Path, side: int) -> list[Any]:
    """One side of every sheet of an imposed PDF (0 the fronts, 1 the backs) as RGB images."""
    document = pypdfium2.PdfDocument(path)
    return [
        document[number].render(scale=DPI / 72).to_pil().convert("RGB")
        for number in range(side, len(document), 2)
    ]


def colour_at(image: Any, x: float, y: float) -> Colour:
    """The pixel at page point (x, y), y up from the bottom."""
    scale = DPI / 72
    colour: Colour = image.getpixel((int(x * scale), int(image.height - y * scale)))
    return colour


def shown_by_offset(image: Any, trim: Rect, depth: float = INSIDE) -> list[tuple[Colour, Colour]]:
    """Pairs of colours at nine places along each side of a face: its own `depth` inside its cut,
    and what a back printed `OWN_BLEED` off register, or a cut that far off, would show
    there instead."""
    x, y, width, height = trim
    reach = OWN_BLEED - 0.2 * mm
    pairs = []
    for step in range(1, 10):
        across, up = x + step / 10 * width, y + step / 10 * height
        for own, shown in (
            ((x + depth, up), (x - reach, up)),
            ((x + width - depth, up), (x + width + reach, up)),
            ((across, y + depth), (across, y - reach)),
            ((across, y + height - depth), (across, y + height + reach)),
        ):
            pairs.append((colour_at(image, *own), colour_at(image, *shown)))
    return pairs


def alike(pair: tuple[Colour, Colour]) -> bool:
    return all(abs(a - b) <= SAME for a, b in zip(*pair, strict=True))


@pytest.mark.parametrize("game", ["darkblades", "biathlon", "rinkside", "kisscry", "blade"])
def test_a_two_millimetre_offset_or_miscut_shows_each_piece_its_own_colour(
    game: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On every imposed sheet of the shipped kits, a back printed 2 mm off register, or a
    front cut 2 mm off, in any direction, shows inside each piece's cut the colour the piece
    has at its cut: its own bleed, or a neighbour's face that meets it in the same colour,
    never another colour and never a neighbour's text."""
    laid_out: list[list[Any]] = []
    lay_out = imposition._laid_out

    def noted(*arguments: Any) -> Layout:
        layout = lay_out(*arguments)
        laid_out.append([layout, None])
        return layout

    def written(path: Path, writer: Any) -> None:
        laid_out[-1][1] = path.name
        write_atomically(path, writer)

    monkeypatch.setattr(imposition, "_laid_out", noted)
    monkeypatch.setattr("authoring.render.imposition.write_atomically", written)
    assert main(["build", game, "-q", "--out", str(tmp_path)]) in (0, 1)
    assert laid_out
    for layout, name in laid_out:
        path = tmp_path / game / name
        for side, depth in ((0, INSIDE_FRONT), (1, INSIDE)):
            for sheet, image in zip(layout.sheets, sheet_sides(path, side), strict=True):
                slots = sheet.back if side else sheet.front
                for slot, item in zip(slots, sheet.items, strict=True):
                    if item is not None:
                        shown = shown_by_offset(image, slot.trim, depth)
                        assert all(map(alike, shown)), (path.name, side, slot.trim, shown)


def coloured_back(colours: list[Colour]) -> Any:
    """A back filling its bleed with the item's colour, its number in the middle in white."""

    def draw(canvas: Any, item: int, slot: Any) -> None:
        canvas.setFillColorRGB(*(channel / 255 for channel in colours[item]))
        canvas.rect(*slot.bleed, stroke=0, fill=1)
        canvas.setFillColorRGB(1, 1, 1)
        canvas.setFont(BODY, 20)
        x, y, width, height = slot.trim
        canvas.drawCentredString(x + width / 2, y + height / 2, str(item))

    return draw


POKER = CARD_SIZES["poker"]
NAVY, RED = (20, 40, 110), (190, 30, 30)


def impose_cards(path: Path, colours: list[Colour]) -> Layout:
    return impose(
        path,
        PAPERS["a4"],
        list(range(len(colours))),
        label_centre,
        coloured_back(colours),
        size=POKER,
        title="cards",
    )


def touching(a: Rect, b: Rect) -> bool:
    """Whether two cut outlines share part of an edge."""
    return (abs(a.x + a.width - b.x) < 1e-3 or abs(b.x + b.width - a.x) < 1e-3) and (
        a.y < b.y + b.height and b.y < a.y + a.height
    )


def test_backs_alike_but_for_their_middle_share_cuts(tmp_path: Path) -> None:
    """Numbered backs of one colour to their edges: neighbours may share a cut, so nine
    poker cards fit on A4, and an offset shows the same navy behind every cut."""
    path = tmp_path / "navy.pdf"
    layout = impose_cards(path, [NAVY] * 12)
    assert layout.per_sheet == 9
    trims = [slot.trim for slot in layout.sheets[0].back]
    assert any(touching(a, b) for a in trims for b in trims if a != b)
    for sheet, image in zip(layout.sheets, back_sheets(path), strict=True):
        for slot, item in zip(sheet.back, sheet.items, strict=True):
            if item is not None:
                assert all(map(alike, shown_by_offset(image, slot.trim)))


def test_backs_of_different_colours_each_get_their_own_bleed(tmp_path: Path) -> None:
    """Navy and red backs side by side: sharing a cut would show red behind a navy card at
    the slightest offset, so every card keeps 2 mm or more of its own colour all round,
    paid for in cards per sheet."""
    path = tmp_path / "mixed.pdf"
    colours = [NAVY, RED] * 6
    layout = impose_cards(path, colours)
    assert layout.per_sheet < 9
    for sheet, image in zip(layout.sheets, back_sheets(path), strict=True):
        slots = [
            slot for slot, item in zip(sheet.back, sheet.items, strict=True) if item is not None
        ]
        for index, slot in enumerate(slots):
            trim, bleed = slot.trim, slot.bleed
            assert trim.x - bleed.x >= OWN_BLEED - ROUNDING
            assert trim.y - bleed.y >= OWN_BLEED - ROUNDING
            assert bleed.x + bleed.width - trim.x - trim.width >= OWN_BLEED - ROUNDING
            assert bleed.y + bleed.height - trim.y - trim.height >= OWN_BLEED - ROUNDING
            assert not any(overlapping(bleed, other.bleed) for other in slots[index + 1 :])
            assert all(map(alike, shown_by_offset(image, trim)))


def test_one_colour_per_sheet_shares_cuts_though_the_colours_differ(tmp_path: Path) -> None:
    """Nine navy backs then nine red ones (a club's cards, then the next club's): each
    sheet meets in one colour, so the cards share cuts, nine to a sheet."""
    layout = impose_cards(tmp_path / "clubs.pdf", [NAVY] * 9 + [RED] * 9)
    assert layout.per_sheet == 9
    assert len(layout.sheets) == 2


def test_a_card_beside_a_blank_slot_carries_its_bleed_into_it(tmp_path: Path) -> None:
    """Eleven cards: the second sheet's two cards share the cut between them, and their
    sides facing the blank slots carry a full bleed, so an offset shows their own navy, not
    white paper."""
    path = tmp_path / "eleven.pdf"
    layout = impose_cards(path, [NAVY] * 11)
    last = layout.sheets[1]
    filled = [slot for slot, item in zip(last.back, last.items, strict=True) if item is not None]
    assert len(filled) == 2
    image = back_sheets(path)[1]
    for slot in filled:
        assert slot.bleed.y <= slot.trim.y - OWN_BLEED + ROUNDING
        assert all(map(alike, shown_by_offset(image, slot.trim)))


def overlapping(a: Rect, b: Rect) -> bool:
    return (
        a.x < b.x + b.width - 1e-3
        and b.x < a.x + a.width - 1e-3
        and a.y < b.y + b.height - 1e-3
        and b.y < a.y + a.height - 1e-3
    )
