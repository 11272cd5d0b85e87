"""RINKSIDE HOCKEY's table pieces (README §1.2's Box, §5.3, §5.5): the scoreboard with its
clock, meters and penalty boxes, the game tiles, the goalie backdrops, the pawns and the
score sheet, written from the shipped workbook (and a designer's copy) and read back."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pypdfium2
import pytest
from conftest import edited_copy
from pdfdraw import apply, extent, placed_operations, stray_marks, stray_texts
from pdfread import Run, find_sequence, is_note, page_runs, reader, text_of
from pypdf.generic import ContentStream
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from authoring.components import BuildContext
from authoring.games.rinkside import GAME, kit
from authoring.games.rinkside.kit_boards import (
    BACKDROP,
    BOX,
    COUNTER,
    TILE,
    TILE_STYLE,
    components,
)
from authoring.games.rinkside.kit_cards import PLAYER_CARD
from authoring.games.rinkside.model import Rinkside, build_model
from authoring.render.cards import SMALLEST
from authoring.render.document import draw_pages
from authoring.render.fonts import noting_overflows
from authoring.render.imposition import Rect
from authoring.render.paper import PAPERS, Paper
from authoring.render.tracks import Span, Track, TrackStyle, draw_track, track_size
from authoring.validate import validate_workbook

BOARDS = ("scoreboard", "tiles", "goalie-backdrops", "pawns", "score-sheet")
PIECES = ("tiles", "goalie-backdrops", "pawns")
# The seed's tiles, in its words: the officials (L124), a coach's hitting strategy (L150),
# the game intensities (L1152).
OFFICIALS = ("CALL IT TIGHT", "NORMAL", "LET THEM PLAY")
HITTING = ("HIT\N{MINUS SIGN}", "HIT", "HIT+")
INTENSITIES = ("NORMAL", "AGITATED", "HOT", "BOILING")
Edit = Callable[[Any], None]


def model_of(workbook: Path) -> Rinkside:
    validation = validate_workbook(workbook, GAME)
    assert validation.ok, validation.findings
    return build_model(validation.tables)


def write_boards(game: Rinkside, paper: Paper, folder: Path) -> dict[str, Path]:
    """Every component of the module, written, each checked to print no text too wide."""
    context = BuildContext(paper, Path("."), "rinkside.xlsx")
    paths = {}
    for component in components(game, context):
        paths[component.name] = folder / component.file_name(paper)
        with noting_overflows() as overflows:
            component.write(paths[component.name])
        assert overflows == [], component.name
    return paths


@pytest.fixture(scope="module")
def model() -> Rinkside:
    return model_of(GAME.workbook)


@pytest.fixture(scope="module", params=sorted(PAPERS))
def printed(
    request: pytest.FixtureRequest, model: Rinkside, tmp_path_factory: pytest.TempPathFactory
) -> dict[str, Path]:
    return write_boards(model, PAPERS[request.param], tmp_path_factory.mktemp(request.param))


def edited_boards(folder: Path, edit: Edit) -> dict[str, Path]:
    return write_boards(model_of(edited_copy(GAME, folder, edit)), PAPERS["a4"], folder)


# --- reading the drawing back --------------------------------------------------------------


def rectangles(path: Path, number: int) -> list[Rect]:
    """Every rectangle page `number` draws with `re`, its bounds in page coordinates."""
    pdf = reader(path)
    return [
        extent(matrix, Rect(*(float(v) for v in operands)))
        for op, operands, matrix in placed_operations(pdf, pdf.pages[number].get_contents())
        if op == "re"
    ]


def vertical_rules(path: Path, number: int) -> list[tuple[float, float, float]]:
    """Every upright line page `number` draws (`m` then `l`), as its x, bottom and top."""
    pdf = reader(path)
    found = []
    start = (0.0, 0.0)
    for op, operands, matrix in placed_operations(pdf, pdf.pages[number].get_contents()):
        if op == "m":
            start = apply(matrix, float(operands[0]), float(operands[1]))
        elif op == "l":
            end = apply(matrix, float(operands[0]), float(operands[1]))
            if abs(end[0] - start[0]) < 0.01:
                found.append((start[0], min(start[1], end[1]), max(start[1], end[1])))
            start = end
    return found


def circles(path: Path, number: int) -> list[Rect]:
    """The bounds of every circle page `number` draws: a closed path of four curves whose
    bounds are square."""
    pdf = reader(path)
    page = pdf.pages[number]
    found: list[Rect] = []
    curves: list[list[float]] = []
    for operands, operator in ContentStream(page.get_contents(), pdf).operations:
        op = operator.decode()
        if op == "m":
            curves = [[float(v) for v in operands]]
        elif op == "c":
            curves.append([float(v) for v in operands])
        elif op in ("S", "s", "f", "B", "b", "n") and len(curves) == 5:
            xs = [v for points in curves for v in points[0::2]]
            ys = [v for points in curves for v in points[1::2]]
            box = Rect(min(xs), min(ys), max(xs) - min(xs), max(ys) - min(ys))
            if abs(box.width - box.height) < 0.01:
                found.append(box)
            curves = []
        elif op in ("S", "s", "f", "B", "b", "n", "re", "l"):
            curves = []
    return found


def holding(box: Rect, run: Run) -> bool:
    """The run's text stands inside the box."""
    middle = run.box.y + run.box.height / 2
    return box.x <= run.centre <= box.x + box.width and box.y <= middle <= box.y + box.height


def squares(path: Path, side: float) -> list[Rect]:
    return [
        r for r in rectangles(path, 0) if abs(r.width - side) < 0.01 and abs(r.height - side) < 0.01
    ]


def in_squares(path: Path, side: float) -> list[Run]:
    """The texts printed inside the page's boxes of `side`, in the order drawn."""
    boxes = squares(path, side)
    return [run for run in page_runs(path, 0) if any(holding(box, run) for box in boxes)]


def front_pages(path: Path) -> list[int]:
    """An imposed file's fronts: its even pages."""
    return list(range(0, len(reader(path).pages), 2))


def pieces_read(path: Path, pages: list[int], label_sizes: set[float]) -> list[tuple[str, ...]]:
    """Each piece on the pages as its label and the captions drawn after it, in order."""
    found: list[list[str]] = []
    for number in pages:
        for run in page_runs(path, number):
            if is_note(run):
                continue
            if round(run.size, 2) in label_sizes:
                found.append([run.text])
            else:
                found[-1].append(run.text)
    return [tuple(piece) for piece in found]


# --- the scoreboard ------------------------------------------------------------------------


def clock_texts(runs: list[Run]) -> list[str]:
    return [run.text for run in runs if ":" in run.text and run.text[0].isdigit()]


def test_the_timing_track_has_40_spaces_per_period_from_20_00_to_0_30_then_the_end(printed):
    """L170: "the timing of the game is broken into :30 second increments", the pawn moving
    one increment per [T] "until there is no time left in the period"; three periods of
    20:00 (README §9 Q11): 40 spaces, each in its own box, then the 0:00 END box."""
    boxes = in_squares(printed["scoreboard"], BOX)
    expected = [f"{seconds // 60}:{seconds % 60:02d}" for seconds in range(1200, 0, -30)]
    assert len(expected) == 40 and expected[0] == "20:00" and expected[-1] == "0:30"
    assert clock_texts(boxes) == [*expected, "0:00"]
    texts = [run.text for run in page_runs(printed["scoreboard"], 0)]
    assert find_sequence(texts, ["0:00", "END"]) >= 0
    assert find_sequence(texts, ["PERIOD", "1", "2", "3"]) >= 0


def test_the_chippiness_meter_runs_0_to_10_and_is_full_from_10(printed, model):
    """L1158: a fight may occur once the meter reaches "8, 9 or 10"; L1160: past 10 the game
    intensity rises. The shipped Settings read 10 (README §5.5): FULL stands over box 10
    alone, and the note beside the meter says what a full meter does."""
    assert model.settings.chippiness_full == 10
    runs = list(page_runs(printed["scoreboard"], 0))
    texts = [run.text for run in runs]
    start = find_sequence(texts, [*(str(n) for n in range(11)), "FULL"])
    assert start >= 0
    assert texts[start + 12] == "CHIPPINESS"
    meter, full = runs[start : start + 11], runs[start + 11]
    assert full.centre == pytest.approx(meter[10].centre, abs=0.5)
    note = texts.index("FULL: a fight may break out.")
    assert texts[note + 1] == "Over 10: the game intensity rises"
    assert runs[note].y > runs[note + 1].y


def test_the_meter_is_full_where_the_designer_sets_it(tmp_path):
    """README §1.1: `chippiness_full` is the designer's reading of "8, 9 or 10"; a designer's 7
    moves FULL, and four boxes have room for its words."""

    def earlier(book: Any) -> None:
        sheet = book["Settings"]
        column = [cell.value for cell in sheet[1]].index("chippiness_full") + 1
        sheet.cell(2, column).value = 7

    board = edited_boards(tmp_path, earlier)["scoreboard"]
    runs = list(page_runs(board, 0))
    texts = [run.text for run in runs]
    start = find_sequence(texts, [*(str(n) for n in range(11)), "FULL: A FIGHT MAY BREAK OUT"])
    meter, full = runs[start : start + 11], runs[start + 11]
    assert full.centre == pytest.approx((meter[7].centre + meter[10].centre) / 2, abs=0.5)


def momentum_meters(path: Path) -> list[list[str]]:
    """Each momentum meter's boxes and the levels named over them, as drawn."""
    texts = [run.text for run in page_runs(path, 0)]
    meters = []
    for side in ("VISITOR", "HOME"):
        end = find_sequence(texts, [side, "MOMENTUM"])
        start = max(i for i in range(end) if texts[i] == "0")
        meters.append(texts[start:end])
    return meters


def test_each_team_has_a_momentum_meter_marked_with_the_levels(printed, model):
    """L1269-L1273: levels at 1-2, 3-4, 5-8, 9-12 and 13 and up; each level's name stands
    over its points, the last box reads 13+."""
    boxes = [*(str(points) for points in range(13)), "13+"]
    levels = ["MOMENTUM", "LEVEL 1", "LEVEL 2", "LEVEL 3", "LEVEL 4"]
    assert [level.level for level in model.momentum_levels] == levels
    for meter in momentum_meters(printed["scoreboard"]):
        assert meter == [*boxes, *levels]


def test_the_scoreboard_names_no_club_and_keeps_score_shots_and_penalties(printed, model):
    """L73: the scoreboard lies between whichever two teams play."""
    text = text_of(printed["scoreboard"])
    for team in model.teams.values():
        assert team.abbr not in text and team.name not in text
    for words in ("SCORE", "SHOTS", "VISITOR PENALTY BOX", "HOME PENALTY BOX"):
        assert words in text


def test_an_edited_momentum_level_prints_its_new_boundary(tmp_path):
    """A designer's copy whose LEVEL 3 runs to 13 and LEVEL 4 from 14: the meters end at
    14+ and the tiles say 9-13 and 14+ points."""

    def later(book: Any) -> None:
        sheet = book["MomentumLevels"]
        heads = [cell.value for cell in sheet[1]]
        for row in sheet.iter_rows(min_row=2):
            values = dict(zip(heads, row, strict=True))
            if values["level"].value == "LEVEL 3":
                values["hi"].value = 13
            if values["level"].value == "LEVEL 4":
                values["lo"].value = 14

    boards = edited_boards(tmp_path, later)
    for meter in momentum_meters(boards["scoreboard"]):
        assert meter[:15] == [*(str(points) for points in range(14)), "14+"]
    tiles = pieces_read(boards["tiles"], front_pages(boards["tiles"]), {TILE_STYLE.label_size})
    assert ("LEVEL 3", "9-13 POINTS", "HLX MOMENTUM") in tiles
    assert ("LEVEL 4", "14+ POINTS", "HLX MOMENTUM") in tiles
    assert not any("13+" in text for tile in tiles for text in tile)


# --- tiles, backdrops and pawns ------------------------------------------------------------


def test_the_tiles_are_the_seeds_and_no_forecheck_tile(printed, model):
    """L124 the officials' tile, L150 a hitting tile "next to the specific team", L1152 the
    game intensity tile, L1275 "the Momentum Tile for the current Momentum Total": one per
    level for each club, in its colours. The seed has no forecheck tile. Each club's
    goalie-level tile reads VERY GOOD GAME on its front and GREAT GAME on its back (L556-L566)."""
    path = printed["tiles"]
    labels = {TILE_STYLE.label_size, TILE_STYLE.label_alone_size}
    expected: Counter[tuple[str, ...]] = Counter(
        [(mode, "OFFICIALS") for mode in OFFICIALS]
        + [(intensity, "GAME INTENSITY") for intensity in INTENSITIES]
    )
    for team in model.teams.values():
        expected.update((strategy, f"{team.abbr} HITTING") for strategy in HITTING)
        for level in model.momentum_levels:
            points = f"{level.lo}+" if level.hi is None else f"{level.lo}-{level.hi}"
            expected[(level.level, f"{points} POINTS", f"{team.abbr} MOMENTUM")] += 1
    goalies = [f"{team.abbr} GOALIE" for team in model.teams.values()]
    fronts = pieces_read(path, front_pages(path), labels)
    assert Counter(fronts) == expected + Counter(("VERY GOOD GAME", g) for g in goalies)
    backs = [number + 1 for number in front_pages(path)]
    assert Counter(pieces_read(path, backs, labels)) == expected + Counter(
        ("GREAT GAME", g) for g in goalies
    )
    assert "FORECHECK" not in text_of(path).upper()


def test_each_team_has_its_pawns(printed, model):
    """L53-L63: a pawn shows which forward line, another which defence pair is on the ice;
    L170: the timing pawn. A club's pawns carry its abbreviation; a momentum marker per club,
    and the chippiness and period markers, let the meters be kept."""
    path = printed["pawns"]
    pieces = pieces_read(path, front_pages(path), {7.0, 8.0})
    expected: Counter[tuple[str, ...]] = Counter([("TIME",), ("PERIOD",), ("CHIP",)])
    for team in model.teams.values():
        expected.update([("LINE", team.abbr), ("PAIR", team.abbr), ("MO", team.abbr)])
    assert Counter(pieces) == expected


def test_each_team_has_a_goalie_backdrop_good_game_on_one_side_bad_on_the_other(printed, model):
    """L110-L112: the Bad Game or the Good Game backdrop is placed behind the goalie. The
    backdrop is the goalie card's size and a border, the card's place drawn on both sides."""
    path = printed["goalie-backdrops"]
    teams = list(model.teams.values())
    for side, word in ((0, "good game"), (1, "bad game")):
        found = []
        for number in range(side, len(reader(path).pages), 2):
            runs = [run.text for run in page_runs(path, number) if not is_note(run)]
            found += [text for text in runs if text.endswith(f": {word}")]
            places = [
                r
                for r in rectangles(path, number)
                if abs(r.width - PLAYER_CARD.width) < 0.01
                and abs(r.height - PLAYER_CARD.height) < 0.01
            ]
            assert len(places) == runs.count(word.upper())
        assert sorted(found) == sorted(f"{t.city} {t.name}: {word}" for t in teams)
    assert BACKDROP.width > PLAYER_CARD.width and BACKDROP.height > PLAYER_CARD.height


def test_a_goalie_level_tile_is_great_game_behind_very_good_game(printed, model):
    """L556-L566: from a Good Game a goalie bumps up to a Very Good, then a Great Game. One
    tile per club shows both: turning the VERY GOOD GAME tile over shows GREAT GAME, so the
    back of each club's front sits at the mirrored place of the sheet."""
    path = printed["tiles"]
    width = float(reader(path).pages[0].mediabox.width)
    seen = set()
    for number in front_pages(path):
        front = {r.text: r for r in page_runs(path, number) if r.text.endswith(" GOALIE")}
        back = {r.text: r for r in page_runs(path, number + 1) if r.text.endswith(" GOALIE")}
        assert front.keys() == back.keys()
        for caption, run in front.items():
            behind = back[caption]
            assert behind.centre == pytest.approx(width - run.centre, abs=0.5)
            assert behind.y == pytest.approx(run.y, abs=0.5)
            seen.add(caption)
    assert seen == {f"{team.abbr} GOALIE" for team in model.teams.values()}


def band_places(path: Path, number: int) -> list[tuple[Rect, Rect]]:
    """Each goalie-card place on the page with the tile-sized place drawn on its band, if any."""
    drawn = rectangles(path, number)
    cards = [
        r
        for r in drawn
        if abs(r.width - PLAYER_CARD.width) < 0.01 and abs(r.height - PLAYER_CARD.height) < 0.01
    ]
    tiles = [
        r for r in drawn if abs(r.width - TILE.width) < 0.01 and abs(r.height - TILE.height) < 0.01
    ]
    return [
        (card, tile)
        for card in cards
        for tile in tiles
        if abs(tile.x - card.x) < 0.01 and abs(tile.y - (card.y + card.height)) < 0.01
    ]


def test_the_good_game_band_is_where_the_goalie_level_tile_lies(printed, model):
    """L560-L566: a goalie on a Very Good or Great Game shows it on his backdrop. The GOOD GAME
    side's band above the card is a game tile's size and holds the words GOOD GAME, so the
    club's goalie-level tile laid on it covers them and leaves the card and the club's
    abbreviation in sight; the BAD GAME side has no such place."""
    path = printed["goalie-backdrops"]
    abbrs = {team.abbr for team in model.teams.values()}
    places = 0
    for number in range(len(reader(path).pages)):
        runs = page_runs(path, number)
        found = band_places(path, number)
        if number % 2:
            assert found == [], number
            continue
        words = [run for run in runs if run.text == "GOOD GAME"]
        assert len(found) == len(words)
        for card, tile in found:
            assert sum(holding(tile, run) for run in words) == 1
            assert not any(holding(tile, run) for run in runs if run.text in abbrs)
            assert any(
                card.x < run.centre < card.x + card.width and card.y + card.height < run.y
                for run in runs
                if run.text in abbrs
            )
        places += len(found)
    assert places == len(model.teams)
    assert BACKDROP.height - PLAYER_CARD.height >= TILE.height


def test_the_good_game_band_runs_on_into_the_bleed(printed):
    """The band reaches the backdrop's top cut: its colour goes on past the cut, so a cut a
    little high or a back offset shows the band, not the border's darker green."""
    path = printed["goalie-backdrops"]
    document = pypdfium2.PdfDocument(path)
    for number in range(0, len(document), 2):
        image = document[number].render(scale=2).to_pil().convert("RGB")
        for _card, tile in band_places(path, number):
            x = tile.x + tile.width / 2
            band = image.getpixel((int(x * 2), int(image.height - (tile.y + tile.height - 3) * 2)))
            beyond = image.getpixel(
                (int(x * 2), int(image.height - (tile.y + tile.height + 4) * 2))
            )
            assert band == beyond, (number, band, beyond)


def test_the_pieces_print_no_text_under_6_points(printed):
    """Printing.pieces: text on a piece stays legible in the hand."""
    for name in PIECES:
        for number in range(len(reader(printed[name]).pages)):
            sizes = {run.size for run in page_runs(printed[name], number)}
            assert min(sizes) >= SMALLEST, (name, number)


def square_sides(path: Path, number: int) -> Counter[float]:
    """The sides of the squares page `number` draws, and how often each is drawn."""
    return Counter(
        round(r.width, 2) for r in rectangles(path, number) if abs(r.width - r.height) < 0.01
    )


def test_a_pawn_fits_on_a_box_of_the_clock_and_the_meters(printed):
    """L170: the timing pawn moves along the clock's spaces; the markers along the meters.
    The scoreboard's most drawn square is its box; each pawn's cut is a square of its own."""
    box = square_sides(printed["scoreboard"], 0).most_common(1)[0][0]
    assert box == pytest.approx(BOX, abs=0.01)
    pawns = square_sides(printed["pawns"], 0)
    assert pawns[round(COUNTER.width, 2)] >= 1
    assert COUNTER.width < box


# --- the score sheet -----------------------------------------------------------------------


def test_the_score_sheet_has_seven_dirty_play_circles_and_the_pre_game_levels(printed, model):
    """L1188: "7 Levels of Dirty Play"; a game starts at 1, 2 or 3 for rivals, heated rivals
    or a back-to-back after BOILING, filled in on the score sheet's circles."""
    path = printed["score-sheet"]
    drawn = circles(path, 0)
    assert len(drawn) == 7
    label = next(run for run in page_runs(path, 0) if run.text.startswith("Dirty plays"))
    assert all(label.box.y <= c.y + c.height / 2 <= label.box.y + label.box.height for c in drawn)
    assert all(c.x > label.x for c in drawn)
    note = " ".join(text_of(path).split())
    heated = sorted("-".join(sorted(r.teams)) for r in model.rivalries if r.level == 2)
    assert f"heated rivals 2 ({', '.join(heated)})" in note
    assert "after BOILING 3" in note


def test_the_score_sheet_keeps_each_teams_goals_shots_and_penalties(printed):
    """L1188: the score sheet; per team its goals (time, scorer, assists), shots by period,
    penalties; the game intensity and momentum noted."""
    text = " ".join(text_of(printed["score-sheet"]).split())
    for side in ("VISITOR", "HOME"):
        assert f"{side} goals" in text and f"{side} penalties" in text
    for words in ("SCORER", "ASSISTS", "SHOTS 1", "SHOTS 3", "GAME INTENSITY", "MOMENTUM"):
        assert words in text
    for boiling in INTENSITIES:
        assert boiling in text


def test_the_score_sheet_keeps_each_teams_forecheck_strategy(printed):
    """L152: "Each coach must determine a forechecking strategy to start the game with" (1, 2
    or 3 forecheckers), and a coach may protect a late lead with Forecheck 1 (L162); the seed
    has no tile for it, so the score sheet's intensity and momentum table has a column for
    each team's strategy, in the same row of headings as the game intensity."""
    path = printed["score-sheet"]
    runs = page_runs(path, 0)
    intensity = next(run for run in runs if run.text == "GAME INTENSITY")
    heads = [run.text for run in runs if abs(run.y - intensity.y) < 0.5]
    assert "VISITOR F-CHK" in heads and "HOME F-CHK" in heads
    assert "forecheck strategy (1, 2 or 3)" in " ".join(text_of(path).split())


def test_the_score_sheet_tallies_each_sides_hits_by_period_beside_goals_and_shots(printed):
    """L314, L340, L810: whenever a hit or a big hit is made, "tally a hit for the team". The
    score sheet's top table keeps hits by period and in total, in the same row of headings as
    the goals and shots, over a row for each side."""
    path = printed["score-sheet"]
    runs = page_runs(path, 0)
    goals = next(run for run in runs if run.text == "GOALS 1")
    heads = sorted((run for run in runs if abs(run.y - goals.y) < 0.5), key=lambda run: run.x)
    assert [run.text for run in heads] == [
        *(f"GOALS {p}" for p in (1, 2, 3)),
        "TOTAL",
        *(f"SHOTS {p}" for p in (1, 2, 3)),
        "TOTAL",
        *(f"HITS {p}" for p in (1, 2, 3)),
        "TOTAL",
    ]
    sides = sorted(
        (run for run in runs if run.text in ("VISITOR", "HOME") and run.y < goals.y),
        key=lambda run: goals.y - run.y,
    )[:2]
    assert [run.text for run in sides] == ["VISITOR", "HOME"]
    # Under each hits heading a column of the grid, ruled down past both sides' rows and
    # wide enough to tally in.
    low, high = sides[-1].y, goals.y
    rules = [x for x, bottom, top in vertical_rules(path, 0) if bottom < low and top > high]
    for head in heads[-4:]:
        left = max(x for x in rules if x < head.centre)
        right = min(x for x in rules if x > head.centre)
        assert right - left >= 15 * mm, head.text


def test_the_sheets_print_inside_the_printable_area(printed):
    for name in ("scoreboard", "score-sheet"):
        assert stray_marks(printed[name], 0) == []
        assert stray_texts(printed[name], 0) == []


def test_the_kit_lists_the_boards(model):
    assert GAME.templates is not None
    context = BuildContext(PAPERS["a4"], GAME.templates, "rinkside.xlsx")
    names = [component.name for component in kit.components(model, context)]
    assert set(BOARDS) <= set(names)


# --- the render core's track ---------------------------------------------------------------


def test_a_wrapped_track_names_a_span_on_every_row_it_crosses(tmp_path):
    """A span over the end of a row is named again on the next; rows with a span are
    taller by the band its name stands in."""
    style = TrackStyle(box=30.0)
    track = Track([str(n) for n in range(7)], spans=(Span(2, 4, "HOT"),), per_row=3)
    assert track_size(track, style) == (90.0, 3 * 30.0 + 2 * style.span_band)
    path = tmp_path / "track.pdf"
    areas = []

    def page(canvas: Canvas) -> None:
        areas.append(draw_track(canvas, track, 100, 700, style))

    draw_pages(path, PAPERS["a4"], [page], title="track", author="test", subject="track")
    texts = [run.text for run in page_runs(path, 0)]
    assert texts == ["0", "1", "2", "HOT", "3", "4", "5", "HOT", "6"]
    boxes = [r for r in rectangles(path, 0) if r.width == r.height == 30.0]
    assert len(boxes) == 7
    height = 3 * 30.0 + 2 * style.span_band
    assert areas == [pytest.approx(Rect(100, 700 - height, 90.0, height))]
    assert min(box.y for box in boxes) == pytest.approx(700 - height)
