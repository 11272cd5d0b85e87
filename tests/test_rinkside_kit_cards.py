"""RINKSIDE HOCKEY's cards as printed: skater and goalie cards club by club, the 100 play
result cards back to back, and the diagram sheet, written from the shipped workbook (and from
designers' copies) and read back with pypdf and pypdfium2.

The card files are written by the kit's own components, one by one, so that these tests do
not wait on the rest of the kit; a missing glyph goes through the real build, which stops it
before any component is drawn.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from pathlib import Path
from typing import Any, TypeVar

import pypdfium2
import pytest
from cells import column, row_where
from conftest import edited_copy
from pdfread import CLOSE, Run, all_runs, by_slot, contains, reader
from PIL import Image

from authoring.build import build_game
from authoring.components import BuildContext, Component
from authoring.findings import Severity
from authoring.game import Game
from authoring.games.rinkside.deck import Card, Face
from authoring.games.rinkside.kit_cards import (
    CALLS,
    EMPTY_BAND,
    FIRST_DIGIT_BANDS,
    GOALIE_LABELS,
    LABEL_SIZE,
    PLAY_RESULT_CARD,
    PLAYER_CARD,
    SECOND_DIGIT_BANDS,
    SKATER_LABELS,
    TOSSES,
    card_id,
    components,
    present_rows,
)
from authoring.games.rinkside.model import (
    GOALIE_RATING_GROUPS,
    GOALIE_RATINGS,
    SKATER_RATINGS,
    Goalie,
    Rinkside,
    Skater,
)
from authoring.render.cards import SMALLEST
from authoring.render.fonts import noting_overflows
from authoring.render.imposition import SPARE_TITLE, Layout, sheets_for
from authoring.render.paper import PAPERS, Paper
from authoring.target import resolve
from authoring.validate import validate_workbook

GAME = "rinkside"
CARD_FILES = ("skater-cards", "goalie-cards", "play-result-cards")
DIAGRAM = "play-result-diagram"
FORWARD_ORDER = ("LW", "C", "RW")
DEFENCE_ORDER = ("LD", "RD")


def write_cards(model: Rinkside, game: Game, paper: Paper, folder: Path) -> dict[str, Path]:
    """Every card component written into `folder`; none may hold a text too wide for its box."""
    assert game.templates is not None
    context = BuildContext(paper, game.templates, game.workbook_name)
    written = {}
    for component in components(model, context):
        path = folder / component.file_name(paper)
        with noting_overflows() as noted:
            component.write(path)
        assert noted == [], component.name
        written[component.name] = path
    return written


@pytest.fixture(scope="module", params=sorted(PAPERS))
def printed(
    request: pytest.FixtureRequest, model: Rinkside, game: Game, tmp_path_factory: Any
) -> tuple[Paper, dict[str, Path]]:
    paper = PAPERS[request.param]
    return paper, write_cards(model, game, paper, tmp_path_factory.mktemp(paper.name))


def slots(path: Path, layout: Layout) -> list[dict[int, list[Run]]]:
    """Each page's runs by slot: fronts by the front slots, backs by the back slots."""
    return [
        by_slot(runs, layout.front if number % 2 == 0 else layout.back)
        for number, runs in enumerate(all_runs(path))
    ]


Player = TypeVar("Player", Skater, Goalie)


def card_fronts(
    printed: tuple[Paper, dict[str, Path]], name: str, players: Iterable[Player]
) -> Iterator[tuple[Player, list[Run]]]:
    """Each card front of the file in print order: the player its title names, and its text
    runs in reading order."""
    paper, paths = printed
    by_title = {f"#{player.number}  {player.name}": player for player in players}
    for page in slots(paths[name], printed_layout(paper, name))[0::2]:
        for index in sorted(page):
            yield by_title[page[index][0].text], page[index]


def printed_layout(paper: Paper, name: str) -> Layout:
    """The sheets a card file is printed on: a club's skater cards fill sheets of their
    club's colour, so they share cuts; goalies of several clubs share a sheet, so their
    backs of different colours are laid apart, each with a bleed of its own."""
    if name == "goalie-cards":
        return sheets_for(paper, PLAYER_CARD, apart=True)
    return sheets_for(paper, PLAYER_CARD, apart=False)


def value_after(runs: Sequence[Run], label: str, start: int = 0) -> tuple[str, int]:
    """The value drawn right after the first small label `label` from `start`: it stands
    below the label, centred under it. Returns its text and index."""
    index = next(
        i for i in range(start, len(runs)) if runs[i].text == label and runs[i].size == LABEL_SIZE
    )
    value = runs[index + 1]
    assert value.y < runs[index].y
    assert value.centre == pytest.approx(runs[index].centre, abs=CLOSE)
    return value.text, index + 1


def values_in_order(
    runs: Sequence[Run], labels: Mapping[str, str], ratings: Sequence[str]
) -> list[str]:
    """The value printed after each rating's label, each label looked for after the one
    before it."""
    values, start = [], 0
    for rating in ratings:
        value, start = value_after(runs, labels[rating], start)
        values.append(value)
    return values


# --- what a player prints ------------------------------------------------------------------


def test_every_card_file_says_it_is_double_sided_pieces(model: Rinkside, game: Game) -> None:
    assert game.templates is not None
    context = BuildContext(PAPERS["a4"], game.templates, game.workbook_name)
    made: dict[str, Component] = {c.name: c for c in components(model, context)}
    assert list(made) == [*CARD_FILES, DIAGRAM]
    for name in CARD_FILES:
        printing = made[name].printing
        assert printing is not None
        assert printing.pieces and printing.double_sided and printing.card_stock and printing.how
    diagram = made[DIAGRAM].printing
    assert diagram is not None and not diagram.pieces and not diagram.double_sided


def test_no_text_on_a_card_is_under_six_points(printed: tuple[Paper, dict[str, Path]]) -> None:
    _, paths = printed
    for name in CARD_FILES:
        sizes = [run.size for page in all_runs(paths[name]) for run in page]
        assert sizes and min(sizes) >= SMALLEST, name


def test_the_labels_name_every_column_of_the_model() -> None:
    assert list(SKATER_LABELS) == list(SKATER_RATINGS)
    printed_by_band = {
        *GOALIE_RATING_GROUPS["easy column"],
        *GOALIE_RATING_GROUPS["difficult column"],
        *GOALIE_RATING_GROUPS["save type"],
    }
    assert set(GOALIE_LABELS) | printed_by_band == set(GOALIE_RATINGS)


# --- skater cards --------------------------------------------------------------------------


def expected_skaters(model: Rinkside) -> list[str]:
    """Club by club as the Teams sheet lists them; forward lines 1-4 as LW, C, RW, then
    defence pairs 1-3 as LD, RD: the ids say team, position and unit."""
    order = []
    for team in model.teams:
        order += [f"{team}-{p}{line}" for line in range(1, 5) for p in FORWARD_ORDER]
        order += [f"{team}-{p}{pair}" for pair in range(1, 4) for p in DEFENCE_ORDER]
    return order


def test_every_skater_card_prints_all_32_ratings_club_by_club(
    printed: tuple[Paper, dict[str, Path]], model: Rinkside
) -> None:
    seen = []
    for skater, runs in card_fronts(printed, "skater-cards", model.skaters.values()):
        seen.append(skater.skater_id)
        card = model.skater_cards[skater.skater_id]
        printed_values = values_in_order(runs, SKATER_LABELS, SKATER_RATINGS)
        assert printed_values == [str(card[r]) for r in SKATER_RATINGS], skater.skater_id
    assert seen == expected_skaters(model)


def test_names_keep_their_diacritics(
    printed: tuple[Paper, dict[str, Path]], model: Rinkside
) -> None:
    _, paths = printed
    texts = {run.text for page in all_runs(paths["skater-cards"]) for run in page}
    texts |= {run.text for page in all_runs(paths["goalie-cards"]) for run in page}
    titles = [f"#{p.number}  {p.name}" for p in model.skaters.values()]
    titles += [f"#{p.number}  {p.name}" for p in model.goalies.values()]
    accented = [title for title in titles if not title.isascii()]
    assert len(accented) > 10
    assert set(accented) <= texts


# --- goalie cards --------------------------------------------------------------------------


def cuts_of(printed_bands: Sequence[str], first: int) -> list[int]:
    """A printed column's cut points: each band's top digit, an empty band's cut the one
    before it (README §2.2: `-1` empties the first band)."""
    cuts, last = [], first - 1
    for band in printed_bands[:-1]:
        if band != EMPTY_BAND:
            last = int(band.split("-")[-1])
        cuts.append(last)
    return cuts


def test_every_goalie_card_prints_every_field(
    printed: tuple[Paper, dict[str, Path]], model: Rinkside
) -> None:
    seen = []
    for goalie, runs in card_fronts(printed, "goalie-cards", model.goalies.values()):
        seen.append(goalie.goalie_id)
        card = model.goalie_cards[goalie.goalie_id]
        labelled = [rating for rating in GOALIE_RATINGS if rating in GOALIE_LABELS]
        printed_values = values_in_order(runs, GOALIE_LABELS, labelled)
        assert printed_values == [str(card[r]) for r in labelled], goalie.goalie_id
        texts = [run.text for run in runs]
        easy, difficult = [], []
        for band in FIRST_DIGIT_BANDS:
            at = texts.index(band)
            easy.append(texts[at + 1])
            difficult.append(texts[at + 2])
        save_type = [texts[texts.index(band) + 1] for band in SECOND_DIGIT_BANDS]
        groups = GOALIE_RATING_GROUPS
        assert cuts_of(easy, 0) == [card[c] for c in groups["easy column"]]
        assert cuts_of(difficult, 0) == [card[c] for c in groups["difficult column"]]
        assert cuts_of(save_type, 1) == [card[c] for c in groups["save type"]]
    teams = list(model.teams)
    assert seen == [f"{team}-G{depth}" for team in teams for depth in (1, 2)]


# --- play result cards ---------------------------------------------------------------------


def face_values(face: Face) -> list[str]:
    """The section values a face prints as text (the call boxes are drawn, not written)."""
    skipped = {"black", "n100", "red", "blue", *CALLS}
    return [
        str(getattr(face, name))
        for name in Face.__dataclass_fields__
        if name not in skipped and getattr(face, name) not in (None, "")
    ]


def check_face(runs: Sequence[Run], card: Card, face: Face, side: str) -> None:
    numbers = {"BLACK": face.black, "#100": face.n100, "RED": face.red, "BLUE": face.blue}
    for label, number in numbers.items():
        assert value_after(runs, label)[0] == str(number), (card.card, side, label)
    printed = " ".join(run.text for run in runs)
    for value in face_values(face):
        assert value in printed, (card.card, side, value)
    assert side.upper() in {run.text for run in runs}


def test_each_card_prints_its_right_face_on_the_front_and_its_left_face_behind_it(
    printed: tuple[Paper, dict[str, Path]], model: Rinkside
) -> None:
    """A drawn card turned over shows its back, the Left face; the card below shows its
    front, the Right face (README §0). Card k's Left face sits exactly behind its Right
    face: its slot on the back page is the mirror of its slot on the front."""
    paper, paths = printed
    layout = Layout.for_items(paper, PLAY_RESULT_CARD)
    pages = all_runs(paths["play-result-cards"])
    cards = {card_id(card): card for card in model.cards}
    fronts: dict[str, tuple[int, int]] = {}
    for number in range(0, len(pages), 2):
        front = by_slot(pages[number], layout.front)
        back = by_slot(pages[number + 1], layout.back)
        for index, runs in front.items():
            marks = [run for run in runs if run.text in cards]
            if not marks:  # a blank spare filling the last sheet
                assert SPARE_TITLE in {run.text for run in runs}
                continue
            mark = marks[0]
            card = cards[mark.text]
            check_face(runs, card, card.right, "right")
            fronts[mark.text] = (number, index)
            behind = back[index]
            back_mark = next(run for run in behind if run.text in cards)
            assert back_mark.text == mark.text
            check_face(behind, card, card.left, "left")
            # Mirrored across the sheet: the back's trim is the front's, reflected.
            front_trim, back_trim = layout.front[index].trim, layout.back[index].trim
            assert back_trim.x == pytest.approx(paper.width - front_trim.x - front_trim.width)
            assert contains(back_trim, back_mark.x, back_mark.y)
            assert back_mark.x - back_trim.x == pytest.approx(mark.x - front_trim.x, abs=CLOSE)
            assert back_mark.y == pytest.approx(mark.y, abs=CLOSE)
    assert sorted(fronts, key=lambda mark: cards[mark].card) == [
        card_id(card) for card in model.cards
    ]


def test_the_centre_toss_symbols_are_two_different_marks(
    printed: tuple[Paper, dict[str, Path]], model: Rinkside
) -> None:
    """Seed L208-210: two different symbols toss a centre; printed TOSS-D (a triangle
    pointing down) and TOSS-O (pointing up), README §5.1."""
    symbols = {card.left.faceoff for card in model.cards} & set(TOSSES)
    assert symbols == set(TOSSES)
    _, paths = printed
    texts = [run.text for page in all_runs(paths["play-result-cards"])[1::2] for run in page]
    for symbol in TOSSES:
        assert texts.count(symbol) == sum(card.left.faceoff == symbol for card in model.cards)


def yellow_pixels(path: Path, page: int, run: Run, scale: float = 3) -> int:
    """How many yellow pixels the run's box holds, drawn at `scale`."""
    pdf = pypdfium2.PdfDocument(path)
    image = pdf[page].render(scale=scale).to_pil().convert("RGB")
    height = image.height
    box = run.box
    crop = image.crop(
        (
            int(box.x * scale),
            int(height - (box.y + box.height) * scale),
            int((box.x + box.width) * scale),
            int(height - box.y * scale),
        )
    )
    colours = crop.getcolors(crop.width * crop.height) or []
    return sum(count for count, (r, g, b) in colours if r > 200 and g > 160 and b < 100)


def test_red_and_blue_tens_are_printed_yellow(
    printed: tuple[Paper, dict[str, Path]], model: Rinkside
) -> None:
    """Seed L1317: a red or blue 10 is coloured yellow; any other number is not."""
    paper, paths = printed
    path = paths["play-result-cards"]
    layout = Layout.for_items(paper, PLAY_RESULT_CARD)
    pages = slots(path, layout)
    checked = {True: 0, False: 0}
    for number in (0, 1):  # the first sheet's front and back
        for runs in pages[number].values():
            for label in ("RED", "BLUE"):
                text, at = value_after(runs, label)
                ten = text == "10"
                if ten or checked[False] < 4:
                    assert (yellow_pixels(path, number, runs[at]) > 0) is ten, (label, text)
                    checked[ten] += 1
    assert checked[True] >= 1 and checked[False] >= 4


STOP_LIGHT_INKS: dict[str, Callable[[int, int, int], bool]] = {
    "RED": lambda r, g, b: r > 150 and g < 80 and b < 90,
    "YELLOW": lambda r, g, b: r > 200 and 130 < g < 200 and b < 80,
    "GREEN": lambda r, g, b: r < 100 and g > 100 and b < 110 and g - r > 50,
}
"""Each stop light's pixels: red, amber (a traffic light's yellow) and green."""


def stop_light_pixels(image: Image.Image, band: tuple[int, int, int, int]) -> dict[str, int]:
    """How many pixels of each stop-light colour the band of the image holds."""
    crop = image.crop(band)
    colours = crop.getcolors(crop.width * crop.height) or []
    pixels = [(count, rgb) for count, rgb in colours if isinstance(rgb, tuple)]
    return {
        light: sum(count for count, rgb in pixels if ink(rgb[0], rgb[1], rgb[2]))
        for light, ink in STOP_LIGHT_INKS.items()
    }


def test_the_neutral_zone_prints_its_stop_light_as_a_coloured_disc(
    printed: tuple[Paper, dict[str, Path]],
) -> None:
    """Seed L798-L802: the neutral zone is split like a stop light, red (the defence has the
    edge), yellow (play slows) and green (the way is open). The word on the Left face has a
    disc of its colour beside it, red, amber or green, and no disc of another colour."""
    paper, paths = printed
    path = paths["play-result-cards"]
    layout = Layout.for_items(paper, PLAY_RESULT_CARD)
    scale = 3
    seen: Counter[str] = Counter()
    pages = slots(path, layout)
    for number in range(1, len(pages), 2):  # the backs: the Left faces
        image = pypdfium2.PdfDocument(path)[number].render(scale=scale).to_pil().convert("RGB")
        for index, runs in pages[number].items():
            labels = [at for at, run in enumerate(runs) if run.text == "NEUTRAL ZONE"]
            if not labels:
                continue
            label, value = runs[labels[0]], runs[labels[0] + 1]
            light = value.text.split()[0]
            assert light in STOP_LIGHT_INKS, value.text
            trim = layout.back[index].trim
            low = value.box.y - value.box.height
            band = (
                int(trim.x * scale),
                int(image.height - label.y * scale),
                int((trim.x + trim.width) * scale),
                int(image.height - low * scale),
            )
            found = stop_light_pixels(image, band)
            assert found[light] > 20, (number, index, value.text, found)
            assert all(found[other] == 0 for other in found if other != light), found
            seen[light] += 1
        if len(seen) == len(STOP_LIGHT_INKS) and min(seen.values()) >= 3:
            break
    assert set(seen) == set(STOP_LIGHT_INKS)


# --- the diagram sheet ---------------------------------------------------------------------


def test_the_diagram_names_every_section_of_both_faces(
    printed: tuple[Paper, dict[str, Path]], model: Rinkside
) -> None:
    _, paths = printed
    path = paths[DIAGRAM]
    assert len(reader(path).pages) == 1
    text = " ".join(reader(path).pages[0].extract_text().split())
    assert "LEFT (back)" in text and "RIGHT (front)" in text
    for side in ("left", "right"):
        for row in present_rows(model.cards, side):
            for section in row:
                assert f"{section.label}:" in text, section.label
                assert "(L" in section.about


# --- a designer's copy ---------------------------------------------------------------------


def test_an_edited_rating_prints_the_edited_value(
    game: Game, model: Rinkside, tmp_path: Path
) -> None:
    skater = next(iter(model.skaters.values()))
    old = model.skater_cards[skater.skater_id]["faceoff"]
    new = 1 if old != 1 else 10

    def edit(book: Any) -> None:
        sheet = book["SkaterCards"]
        row = row_where(sheet, skater_id=skater.skater_id)
        sheet[f"{column(sheet, 'faceoff')}{row}"] = new

    copy = edited_copy(game, tmp_path / "copy", edit)
    validation = validate_workbook(copy, game)
    assert validation.ok
    assert game.model is not None
    edited = game.model(validation.tables)
    paths = write_cards(edited, game, PAPERS["a4"], tmp_path)
    layout = Layout.for_items(PAPERS["a4"], PLAYER_CARD)
    first = slots(paths["skater-cards"], layout)[0][0]
    assert first[0].text == f"#{skater.number}  {skater.name}"
    assert value_after(first, SKATER_LABELS["faceoff"])[0] == str(new)


def test_a_name_no_font_covers_stops_the_build_at_its_cell(game: Game, tmp_path: Path) -> None:
    name = "Čermák騎"
    place = {}

    def edit(book: Any) -> None:
        sheet = book["Skaters"]
        row = row_where(sheet, skater_id="HLX-C1")
        place["cell"] = f"{column(sheet, 'last_name')}{row}"
        sheet[place["cell"]] = name

    copy = edited_copy(game, tmp_path / "copy", edit)
    out = tmp_path / "out"
    result = build_game(resolve(str(copy)), PAPERS["a4"], out)
    errors = [f for f in result.findings if f.severity is Severity.ERROR]
    assert [(f.code, f.sheet, f.cell, f.value) for f in errors] == [
        ("missing-glyph", "Skaters", place["cell"], name)
    ]
    assert "U+9A0E" in errors[0].message
    assert not list(out.rglob("*.pdf"))
