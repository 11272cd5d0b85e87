"""BIATHLON BLAST's printed kit, built from the shipped workbook and read back with pypdf.

Every expected value comes from the workbook (through the validated model), from the
documented course figures in content/biathlon/README.md, or from the layout the imposition
computes; the PDFs are real files written by `authoring build`.
"""

from __future__ import annotations

import math
import re
from collections import Counter
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest
from cells import row_where
from conftest import edited_copy
from openpyxl.utils import get_column_letter
from pdfread import (
    CLOSE,
    Kit,
    Run,
    all_runs,
    by_slot,
    find_sequence,
    flat,
    page_runs,
    pdf_dict,
    pdf_entry,
    pdf_title,
    reader,
    text_of,
    tokens,
)
from pypdf.generic import ContentStream, NameObject
from reportlab.lib.units import mm

from authoring.build import build_game
from authoring.cli import main
from authoring.findings import Severity
from authoring.game import Game
from authoring.games.biathlon.kit import (
    KIND_LABELS,
    PULSE_LABEL,
    STANDEE_PANEL,
    WIND_LABEL,
    SkiingCard,
    background_word,
    hits_on,
    skiing_cards,
    trails,
)
from authoring.games.biathlon.look import (
    ACCURACY_TILE,
    DISCARD,
    MIN_TEXT,
    REMOVE,
    SKIING_CARD,
    SKILL_WORDS,
    TERRAIN_LABELS,
    TITLE,
    WAX_WORDS,
    die_caption,
    flag_stripes,
    pulse_bands,
    signed,
)
from authoring.games.biathlon.model import TERRAINS, Action, Biathlon
from authoring.games.biathlon.rules import HITS_MAX
from authoring.games.biathlon.worldcup import ORDER
from authoring.render.cover import COVER_NAME
from authoring.render.imposition import SPARE_TITLE, Layout
from authoring.render.paper import PAPERS
from authoring.render.words import number_range
from authoring.target import Target, resolve

GAME = "biathlon"
TEMPLATES = Path(__file__).resolve().parent.parent / "templates" / GAME
COMPONENTS = (
    "rulebook",
    "skiing-cards",
    "accuracy-tiles",
    "standees",
    "player-boards",
    "profile-map",
    "world-cup-score-sheet",
    "tokens-and-dice",
    *(f"trail-{course.replace('_', '-')}" for course in ORDER),
)
NAMED = ("rulebook", "skiing-cards", "accuracy-tiles", "standees", "profile-map")
"""The components that print the biathletes' names."""
PIECES = ("skiing-cards", "accuracy-tiles", "standees", "tokens-and-dice")
DIACRITICS = ("Räsänen", "Kopřiva", "Lefèvre")
# content/biathlon/README.md, "Venues and Courses": laps 1-2 and lap 3, in spaces.
DOCUMENTED_LAPS = {
    "wolfsheim_lang": (39, 33),
    "wolfsheim_kurz": (36, 30),
    "portrock_short": (31, 38),
    "portrock_long": (36, 43),
}
BASE_14 = ("Courier", "Helvetica", "Times", "Symbol", "ZapfDingbats")


# --- the build, once per paper -------------------------------------------------------------


# kit, game, validation and model: the shared fixtures in conftest.py, for GAME.


def fonts_of(path: Path) -> Iterator[Any]:
    for page in reader(path).pages:
        for font in pdf_dict(page, "/Resources").get("/Font", {}).values():
            font = font.get_object()
            if font["/Subtype"] == "/Type0":
                yield from (d.get_object() for d in font["/DescendantFonts"])
            else:
                yield font


def action_texts(action: Action) -> list[str]:
    """An action's runs as a front prints them: steps per terrain, cost, wind, background."""
    texts = []
    for terrain in TERRAINS:
        texts += [str(getattr(action, terrain)), TERRAIN_LABELS[terrain]]
    texts += [signed(action.pulse), PULSE_LABEL]
    if action.wind:
        texts.append(WIND_LABEL)
    return [*texts, background_word(action)]


def initiative_texts(item: SkiingCard) -> list[str]:
    card = item.card
    if card.initiative_die is None:
        return [str(card.initiative)]
    return [*(["\u00d72"] if card.initiative_double else []), die_caption(card.initiative_die)]


def front_texts(item: SkiingCard) -> list[str]:
    owner = [item.biathlete.name] if item.biathlete is not None else []
    return [
        *initiative_texts(item),
        item.card.name,
        *owner,
        *action_texts(item.card.top),
        *action_texts(item.card.bottom),
        KIND_LABELS[item.card.kind],
    ]


def fronts(kit: Kit, component: str, layout: Layout) -> list[list[Run]]:
    """Each front's runs, sheet by sheet and slot by slot: the order the items were given."""
    found = []
    for page in all_runs(kit.path(component))[0::2]:
        slots = by_slot(page, layout.front)
        assert sorted(slots) == list(range(len(slots)))
        found += [slots[i] for i in sorted(slots) if slots[i][0].text != SPARE_TITLE]
    return found


# --- 1. files, page sizes, fonts, bytes ----------------------------------------------------


def test_build_writes_every_component_at_the_paper_size(kit: Kit) -> None:
    assert kit.exit_code == 0
    written = {path.name for path in kit.folder.iterdir()}
    # The build adds the kit's cover and print list to the game's own components.
    expected = {f"{GAME}-{name}-{kit.paper.name}.pdf" for name in (*COMPONENTS, COVER_NAME)}
    assert written == expected
    paper = sorted((kit.paper.width, kit.paper.height))
    for name in COMPONENTS:
        pages = reader(kit.path(name)).pages
        assert len(pages) > 0
        for page in pages:  # upright or turned on its side
            size = sorted((float(page.mediabox.width), float(page.mediabox.height)))
            assert size == pytest.approx(paper, abs=0.01), name


def test_every_file_has_a_title_embedded_fonts_and_prints_at_actual_size(
    kit: Kit, game: Game
) -> None:
    for name in COMPONENTS:
        document = reader(kit.path(name))
        assert pdf_title(document).startswith(game.title), name
        scaling = pdf_entry(document.trailer, "/Root", "/ViewerPreferences", "/PrintScaling")
        assert scaling == NameObject("/None")
        fonts = list(fonts_of(kit.path(name)))
        assert fonts, name
        for font in fonts:
            base = str(font["/BaseFont"]).lstrip("/").split("+")[-1]
            assert not base.startswith(BASE_14), (name, base)
            assert "/FontFile2" in font["/FontDescriptor"].get_object(), (name, base)


def test_building_twice_gives_identical_files(kit: Kit, tmp_path: Path) -> None:
    assert main(["build", GAME, "--paper", kit.paper.name, "--out", str(tmp_path)]) == 0
    for name in COMPONENTS:
        again = tmp_path / GAME / kit.path(name).name
        assert again.read_bytes() == kit.path(name).read_bytes(), name


def test_names_keep_their_diacritics_everywhere(kit: Kit, model: Biathlon) -> None:
    named = [b.name for b in model.biathletes.values() if any(n in b.name for n in DIACRITICS)]
    assert len(named) == len(DIACRITICS)
    for component in NAMED:
        text = text_of(kit.path(component))
        for name in named:
            assert name in text, (component, name)


def test_pieces_print_nothing_smaller_than_six_points(kit: Kit) -> None:
    for component in PIECES:
        sizes = [run.size for page in all_runs(kit.path(component)) for run in page]
        assert sizes and min(sizes) >= MIN_TEXT, component


# --- 2. the skiing cards -------------------------------------------------------------------


def test_the_deck_is_each_box_then_the_motivation_cards(model: Biathlon) -> None:
    deck = skiing_cards(model)
    assert len(deck) == 100
    boxes = Counter(item.biathlete.id for item in deck if item.biathlete is not None)
    assert boxes == dict.fromkeys(model.biathletes, 9)
    motivation = [item for item in deck if item.biathlete is None]
    assert len(motivation) == 28
    assert all(item.card.kind == "motivation" for item in motivation)
    for item in deck:
        if item.card.kind == "personal":
            assert item.biathlete is not None and item.card.owner == item.biathlete.id


def test_every_card_front_prints_its_card_in_deck_order(kit: Kit, model: Biathlon) -> None:
    layout = Layout.for_items(kit.paper, SKIING_CARD)
    deck = skiing_cards(model)
    assert len(reader(kit.path("skiing-cards")).pages) == 2 * math.ceil(len(deck) / 9)
    assert layout.per_sheet == 9
    printed = fronts(kit, "skiing-cards", layout)
    assert len(printed) == len(deck)
    for runs, item in zip(printed, deck, strict=True):
        assert [run.text for run in runs] == front_texts(item), item.card.name


def test_card_names_and_owners_are_counted_against_the_model(kit: Kit, model: Biathlon) -> None:
    layout = Layout.for_items(kit.paper, SKIING_CARD)
    texts = Counter(run.text for runs in fronts(kit, "skiing-cards", layout) for run in runs)
    for biathlete in model.biathletes.values():
        assert texts[biathlete.name] == 9, biathlete.name
    for card in model.cards.values():
        expected = card.copies * (len(model.biathletes) if card.kind == "common" else 1)
        assert texts[card.name] == expected, card.name
    assert texts[KIND_LABELS["motivation"]] == 28
    assert texts[KIND_LABELS["common"]] == 4 * len(model.biathletes)
    assert texts[KIND_LABELS["personal"]] == 5 * len(model.biathletes)


def test_seed_cards_read_as_the_rules_describe(kit: Kit, model: Biathlon) -> None:
    """The seed's Offset: a doubled red die, a climbing top at cost +1; an icy motivation top."""
    layout = Layout.for_items(kit.paper, SKIING_CARD)
    deck = skiing_cards(model)
    printed = fronts(kit, "skiing-cards", layout)
    offset = next(i for i, item in enumerate(deck) if item.card.id == "offset")
    texts = [run.text for run in printed[offset]]
    assert texts[:3] == ["\u00d72", "RED DIE", "Offset"]
    top = model.cards["offset"].top
    assert find_sequence(texts, [str(top.uphill), "UPHILL", str(top.flat), "FLAT"]) >= 0
    assert "+1" in texts and DISCARD in texts and REMOVE not in texts
    prime = next(i for i, item in enumerate(deck) if item.card.id == "prime_time")
    texts = [run.text for run in printed[prime]]
    assert texts.index(REMOVE) < texts.index(DISCARD)  # icy top, snowy bottom
    assert find_sequence(texts, ["2", "UPHILL", "6", "FLAT", "2", "DOWNHILL", "+2"]) >= 0
    # The die and the pulse are drawn large, their captions small.
    runs = {run.text: run for run in printed[offset]}
    assert runs["\u00d72"].size > runs["RED DIE"].size >= MIN_TEXT
    names = [run for runs in printed for run in runs if run.text in {"Offset", "Prime Time"}]
    assert all(run.size >= 9 for run in names)


def test_card_backs_register_behind_their_fronts(kit: Kit, model: Biathlon, game: Game) -> None:
    """Each box's back (name, country, bib) or the motivation back, at the mirror slot."""
    width = kit.paper.width
    layout = Layout.for_items(kit.paper, SKIING_CARD)
    deck = skiing_cards(model)
    pages = all_runs(kit.path("skiing-cards"))
    for sheet, (front, back) in enumerate(zip(pages[0::2], pages[1::2], strict=True)):
        items = deck[sheet * layout.per_sheet : (sheet + 1) * layout.per_sheet]
        if len(items) == 1:  # no sheet carries a lone card: spares with its back fill it
            items *= layout.per_sheet
        front_slots = by_slot(front, layout.front)
        back_slots = by_slot(back, layout.back)
        assert sorted(front_slots) == sorted(back_slots) == list(range(len(items)))
        for index, item in enumerate(items):
            texts = [run.text for run in back_slots[index]]
            assert texts[0] == game.title
            if item.biathlete is None:
                assert texts[1] == KIND_LABELS["motivation"]
            else:
                b = item.biathlete
                assert texts[1:] == [b.name, b.country, b.bib]
            assert item.card.name not in texts  # a back gives nothing away
            title = back_slots[index][0]
            front_trim = layout.front[index].trim
            assert title.centre == pytest.approx(
                width - (front_trim.x + front_trim.width / 2), abs=CLOSE
            )
    # The last card is alone on its sheet, top left, the rest of the sheet spares.
    last = by_slot(pages[-2], layout.front)
    assert last[0][1].text == deck[-1].card.name
    assert all(last[i][0].text == SPARE_TITLE for i in range(1, layout.per_sheet))


def test_each_box_has_its_own_flag(model: Biathlon) -> None:
    olsson = model.biathletes["olsson"]
    stripes = flag_stripes(model, olsson)
    assert "red" not in dict(stripes)  # rated 0: below average, missing from the flag
    assert sum(width for _, width in stripes) == sum(olsson.skills.values())
    flags = {tuple(flag_stripes(model, b)) for b in model.biathletes.values()}
    assert len(flags) == len(model.biathletes)


# --- 3. the accuracy tiles -----------------------------------------------------------------


def test_the_tile_fits_the_player_board_slot() -> None:
    assert (ACCURACY_TILE.width, ACCURACY_TILE.height) == pytest.approx((60 * mm, 20 * mm))
    assert ACCURACY_TILE.width < 62 * mm and ACCURACY_TILE.height < 22 * mm


def test_accuracy_tiles_show_each_bib_under_its_pulse_bands(kit: Kit, model: Biathlon) -> None:
    layout = Layout.for_items(kit.paper, ACCURACY_TILE)
    biathletes = list(model.biathletes.values())
    assert len(reader(kit.path("accuracy-tiles")).pages) == 2
    printed = fronts(kit, "accuracy-tiles", layout)
    assert len(printed) == len(biathletes)
    for runs, biathlete in zip(printed, biathletes, strict=True):
        texts = [run.text for run in runs]
        assert texts[:2] == [biathlete.name, "ACCURACY"]
        expected = []
        for band, digit in zip(pulse_bands(), biathlete.bib, strict=True):
            label = f"{band.name.upper()} {number_range(band.first, band.last)}"
            expected += [label, digit, hits_on(int(digit))]
        assert texts[2:] == expected
        # Each digit stands under its band label.
        by_text: dict[str, list[Run]] = {}
        for run in runs:
            by_text.setdefault(run.text, []).append(run)
        for band in pulse_bands():
            label_run = by_text[f"{band.name.upper()} {number_range(band.first, band.last)}"][0]
            digit_run = runs[texts.index(label_run.text) + 1]
            assert digit_run.y < label_run.y
            assert digit_run.centre == pytest.approx(label_run.centre, abs=CLOSE)


def test_accuracy_tile_backs_register_behind_their_fronts(kit: Kit, model: Biathlon) -> None:
    layout = Layout.for_items(kit.paper, ACCURACY_TILE)
    back = by_slot(all_runs(kit.path("accuracy-tiles"))[1], layout.back)
    for index, biathlete in enumerate(model.biathletes.values()):
        texts = [run.text for run in back[index]]
        assert texts == [biathlete.name, f"{biathlete.country}  \u00b7  bib {biathlete.bib}"]


# --- 4. the standees -----------------------------------------------------------------------


def test_standees_show_every_name_twice_front_and_upside_down_back(
    kit: Kit, model: Biathlon
) -> None:
    path = kit.path("standees")
    assert len(reader(path).pages) == 1
    runs = page_runs(path, 0)
    for biathlete in model.biathletes.values():
        for text in (biathlete.name, biathlete.country, biathlete.bib):
            assert sum(1 for run in runs if run.text == text) == 2, text
        front, back = sorted((r for r in runs if r.text == biathlete.name), key=lambda r: r.y)
        assert back.y > front.y  # the back panel stands above the fold
        # Turned half a circle, the back's text runs leftwards from where it starts.
        assert back.x - back.width / 2 == pytest.approx(front.centre, abs=CLOSE)


def stroked_lines(path: Path) -> tuple[list[float], list[int]]:
    """Straight strokes drawn dashed (their lengths) and solid closed outlines (their corners)."""
    document = reader(path)
    page = document.pages[0]
    dashed, outlines = [], []
    dash: list[Any] = []
    points: list[tuple[float, float]] = []
    closed = False
    for operands, operator in ContentStream(page.get_contents(), document).operations:
        if operator == b"d":
            dash = list(operands[0])
        elif operator == b"m":
            points, closed = [(float(operands[0]), float(operands[1]))], False
        elif operator == b"l":
            points.append((float(operands[0]), float(operands[1])))
        elif operator == b"h":
            closed = True
        elif operator == b"S":
            if dash and len(points) == 2:
                dashed.append(math.dist(*points))
            elif not dash and closed:
                outlines.append(len(points))
            points = []
    return dashed, outlines


def test_standee_cuts_are_solid_and_folds_dashed(kit: Kit, model: Biathlon) -> None:
    dashed, outlines = stroked_lines(kit.path("standees"))
    folds = [length for length in dashed if length == pytest.approx(STANDEE_PANEL.width)]
    assert len(folds) == len(model.biathletes)
    # Each cut runs round tab, front, back and tab: twelve corners.
    assert outlines.count(12) == len(model.biathletes)
    assert "Cut the solid outline. Fold the panels back to back on the dashed line" in flat(
        kit.path("standees")
    )


# --- 5. the rulebook -----------------------------------------------------------------------


def test_trail_figures_are_counted_on_the_course_graph(model: Biathlon) -> None:
    counted = {t.course.course: (t.lap, t.final_lap) for t in trails(model)}
    assert counted == DOCUMENTED_LAPS
    kurz = next(t for t in trails(model) if t.course.course == "wolfsheim_kurz")
    assert kurz.single_lane == 2  # only the climb to the range: Kurz's branch is double-lane
    assert [(z.colour, z.count, z.space) for z in kurz.coach_zones] == [
        ("white", 1, 6),
        ("green", 2, 27),
        ("yellow", 3, 35),
        ("blue", 2, 48),
    ]
    short = next(t for t in trails(model) if t.course.course == "portrock_short")
    laps = {z.colour: z.laps for z in short.coach_zones}
    assert laps["red"] == (1, 2, 3) and laps["blue"] == (3,)  # blue waits on the final lap


def test_pulse_bands_are_the_models() -> None:
    assert [(b.name, b.first, b.last) for b in pulse_bands()] == [
        ("low", 0, 2),
        ("medium", 3, 6),
        ("high", 7, 10),
    ]


def rulebook_rows(model: Biathlon) -> list[list[str]]:
    """Rows of the rulebook's tables, as a reader sees them, straight from the model."""
    colours = sorted(model.colours.values(), key=lambda c: c.order)
    rows = [
        [
            str(c.order),
            c.colour,
            SKILL_WORDS[c.skill],
            str(c.bullets),
            str(c.wax),
            WAX_WORDS[c.wax_effect],
        ]
        for c in colours
    ]
    rows += [
        [b.name, b.country, b.bib, *(str(b.skills[c.skill]) for c in colours)]
        for b in model.biathletes.values()
    ]
    places = sorted(model.world_cup_points)
    rows.append(["Points", *(str(model.world_cup_points[p]) for p in places)])
    wait, shoot = model.range_actions["wait"], model.range_actions["shoot"]
    rows.append(["wait", "none", signed(wait.pulse), "discarded (snowy)", "stay"])
    rows.append(["shoot", f"{shoot.uphill_per_hit} uphill per hit", signed(shoot.pulse)])
    rows.append(["Uphill steps", *(str(h * shoot.uphill_per_hit) for h in range(6))])
    return rows


def test_rulebook_prints_the_workbooks_figures(kit: Kit, model: Biathlon) -> None:
    lines = tokens(kit.path("rulebook"), drop_page_numbers=True)
    for row in rulebook_rows(model):
        assert find_sequence(lines, row) >= 0, row
    for race, trail in enumerate(trails(model), start=1):
        row = [str(race), f"{trail.venue}: {trail.course.name}", str(trail.lap)]
        assert find_sequence(lines, [*row, str(trail.final_lap)]) >= 0, row
    # A paragraph may run over a page turn: the page number is not part of its text.
    text = " ".join(" ".join(lines).split())
    for colour in model.colours.values():
        if colour.wax == 0:
            assert f"The {colour.colour} skis come with no wax at all" in text
            assert f"starts with {colour.bullets} bullets instead" in text
    assert "ski colour order: red, black, yellow, green, blue and white" in text
    assert "100 skiing cards: 9 in each biathlete's box (4 common cards and 5" in text
    assert "28 motivation cards" in text
    for trail in trails(model):
        assert f"Laps one and two are {trail.lap} spaces each" in text
        assert f"Of its {trail.spaces} spaces, {trail.single_lane} are single-lane" in text


def test_rulebook_says_what_a_short_final_lap_does(kit: Kit, model: Biathlon) -> None:
    """Seed 003: Bad Wolfsheim's trails "share a very short final lap that makes hitting your
    targets crucial for success", and on Port Rock "The long final lap lets you recover missed
    shots". The rulebook says so, with the spaces from the second shooting to the finish
    against a perfect shooting's steps, rather than claim those steps carry a biathlete home
    (10 steps against 34 to 47 spaces)."""
    text = " ".join(" ".join(tokens(kit.path("rulebook"), drop_page_numbers=True)).split())
    steps = HITS_MAX * model.range_actions["shoot"].uphill_per_hit
    for trail in trails(model):
        shortest = "shortest" if trail.venue == "Bad Wolfsheim" else "longest"
        assert f"spaces from the start line to the finish, the {shortest} lap of the race" in text
        assert (
            f"From the second shooting's mat it is {trail.home} spaces to the finish; a perfect "
            f"shooting gives {steps} steps." in text
        )
    assert {t.course.course: t.home for t in trails(model)} == {
        "wolfsheim_lang": 37,
        "wolfsheim_kurz": 34,
        "portrock_short": 42,
        "portrock_long": 47,
    }


def test_rulebook_outline_holds_the_chapters(kit: Kit) -> None:
    book = reader(kit.path("rulebook"))
    top = [entry.title for entry in book.outline if not isinstance(entry, list)]
    template = (TEMPLATES / "rulebook.md.j2").read_text(encoding="utf-8")
    chapters = re.findall(r"^# (?!#)(.+?)\s*$", template, flags=re.MULTILINE)
    assert top == chapters
    # The core opens the book with the title; the first chapter does not repeat it.
    assert top[0] == "About the game" and TITLE not in top
    assert {"Coach zones", "The World Cup", "The trails", "Designer's notes"} <= set(top)


# --- 6. the data drives the print ----------------------------------------------------------


def copied_content(game: Game, folder: Path, edit: Any) -> Target:
    """A designer's copy of the workbook with `edit(workbook)` applied, as a build target."""
    return resolve(str(edited_copy(game, folder, edit)))


def set_cell(sheet: Any, header: str, value: object, **where: object) -> None:
    column = next(cell.column for cell in sheet[1] if cell.value == header)
    sheet[f"{get_column_letter(column)}{row_where(sheet, **where)}"] = value


def test_changing_the_workbook_changes_the_print(game: Game, tmp_path: Path) -> None:
    """Swap two colours' wax (the total stays), ease Wait, and give Owens a worse bib."""

    def edit(book: Any) -> None:
        set_cell(book["Colours"], "wax", 4, colour="black")
        set_cell(book["Colours"], "wax", 2, colour="green")
        set_cell(book["RangeActions"], "pulse", -1, action="wait")
        set_cell(book["Biathletes"], "bib", "245", id="owens")

    copy = copied_content(game, tmp_path / "content", edit)
    out = tmp_path / "out"
    result = build_game(copy, PAPERS["a4"], out)
    assert not [f for f in result.findings if f.severity is Severity.ERROR]
    lines = tokens(out / GAME / f"{GAME}-rulebook-a4.pdf", drop_page_numbers=True)
    assert find_sequence(lines, ["2", "black", "uphill skiing", "3", "4"]) >= 0
    assert find_sequence(lines, ["4", "green", "downhill skiing", "3", "2"]) >= 0
    assert find_sequence(lines, ["wait", "none", "\u22121", "discarded (snowy)"]) >= 0
    assert find_sequence(lines, ["Reid Owens", "USA", "245"]) >= 0
    text = flat(out / GAME / f"{GAME}-rulebook-a4.pdf")
    assert "your pulse changes by \u22121" in text
    assert "your pulse changes by \u22122" not in text
    tiles = text_of(out / GAME / f"{GAME}-accuracy-tiles-a4.pdf")
    assert "hits on 5 or more" in tiles and "bib 245" in tiles and "bib 244" not in tiles
