"""`authoring build --target tts`: Tabletop Simulator images, PDFs and a saved object.

Two shipped kits are built by the CLI into fresh folders: BIATHLON BLAST (skiing cards with a
back per biathlete's box and cards printed more than once, accuracy tiles, four trail boards
drawn whole, and a rulebook, sheets and boards drawn page by page), with the files' own
addresses, and KISS & CRY (one action deck, one back; a rulebook, charts and sheets) with
`--asset-url`. The images are read back with Pillow and the PDFs with pypdf, beside the
home build's PDFs; the saved object is loaded and checked against
`data/tts_saved_object.schema.json` (a schema checked against a real save, which it names);
every count comes from the workbooks, read here with openpyxl, and the components from the
game's own kit code.
"""

from __future__ import annotations

import hashlib
import json
from collections import Counter
from functools import cache
from pathlib import Path
from typing import Any
from urllib.parse import unquote, urlsplit

import jsonschema
import openpyxl
import pypdf
import pytest
from cells import records
from pdfread import Kit, build_kit
from PIL import Image, ImageChops

from authoring.cli import main
from authoring.components import BuildContext, Printing
from authoring.game import get_game
from authoring.render.paper import PAPERS
from authoring.validate import validate_workbook

SCHEMA = Path(__file__).parent / "data" / "tts_saved_object.schema.json"
BASE = "https://example.org/playtest/kisscry/"
MAX_PIXELS = 4096
"""What TTS asks of a card sheet, and of any image, either way."""
POKER = (63.5, 88.9)
"""Every deck of both games: poker cards, in millimetres."""
ACCURACY_TILE = (60.0, 20.0)
CARD_UNITS, TILE_UNITS = 3.5, 1.32
"""Table units at scale 1: a card's height, a tile's or PDF's (the module's stated choice)."""
MM_PER_INCH = 25.4
POINTS_PER_INCH = 72.0
PAPER = PAPERS["a4"]
"""The CLI's default paper, which the table's builds draw their components on."""


def build(game: str, out: Path, *options: str) -> int:
    return main(["build", game, "--target", "tts", "--out", str(out), "--quiet", *options])


def tree_bytes(folder: Path) -> dict[str, str]:
    """Every file under `folder` by its path from there, as the digest of its bytes."""
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


def sheet_rows(game: str, sheet: str) -> list[dict[str, Any]]:
    workbook = openpyxl.load_workbook(get_game(game).workbook, read_only=True)
    try:
        return [values for _, values in records(workbook[sheet])]
    finally:
        workbook.close()


def objects(saved: dict[str, Any], name: str) -> list[dict[str, Any]]:
    return [state for state in saved["ObjectStates"] if state["Name"] == name]


@cache
def declared(game_name: str) -> dict[str, Printing]:
    """Every component the game's kit code declares, by name, with how it is printed."""
    game = get_game(game_name)
    validation = validate_workbook(game.workbook, game)
    assert validation.ok
    assert game.model is not None and game.components is not None and game.templates
    context = BuildContext(PAPER, game.templates, game.workbook_name)
    components = game.components(game.model(validation.tables), context)
    return {component.name: component.print_as for component in components}


def address(state: dict[str, Any]) -> str:
    """The address of an object's (first) file: its card sheet, top image or PDF."""
    if state["Name"] == "Custom_PDF":
        return str(state["CustomPDF"]["PDFUrl"])
    if "CustomDeck" in state:
        return str(next(iter(state["CustomDeck"].values()))["FaceURL"])
    return str(state["CustomImage"]["ImageURL"])


def first_page_inches(path: Path) -> tuple[float, float]:
    box = pypdf.PdfReader(path).pages[0].mediabox
    return float(box.width) / POINTS_PER_INCH, float(box.height) / POINTS_PER_INCH


def slots(sheet: Image.Image, columns: int, rows: int) -> list[Image.Image]:
    """A card sheet's slots, row by row from the top left."""
    width, height = sheet.width // columns, sheet.height // rows
    return [
        sheet.crop((column * width, row * height, (column + 1) * width, (row + 1) * height))
        for row in range(rows)
        for column in range(columns)
    ]


def blank(image: Image.Image) -> bool:
    """Nothing drawn: every pixel white."""
    return image.convert("L").getextrema() == (255, 255)


def same(one: Image.Image, other: Image.Image) -> bool:
    return one.size == other.size and ImageChops.difference(one, other).getbbox() is None


# --- BIATHLON BLAST, the images at their own file addresses ---------------------------------


@pytest.fixture(scope="module")
def biathlon(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tts-biathlon")
    assert build("biathlon", out) == 0
    return out / "biathlon" / "tts"


@pytest.fixture(scope="module")
def biathlon_saved(biathlon: Path) -> dict[str, Any]:
    saved: dict[str, Any] = json.loads((biathlon / "biathlon.json").read_text(encoding="utf-8"))
    return saved


@pytest.fixture(scope="module")
def biathlon_home(tmp_path_factory: pytest.TempPathFactory) -> Kit:
    """The same kit built for printing at home, each component a PDF."""
    kit = build_kit("biathlon", PAPER, tmp_path_factory)
    assert kit.exit_code == 0
    return kit


def local(url: str) -> Path:
    """The file a `file:///` address names."""
    parts = urlsplit(url)
    assert parts.scheme == "file", url
    return Path(unquote(parts.path))


def test_the_saved_object_follows_the_schema_of_a_real_save(biathlon_saved):
    schema = json.loads(SCHEMA.read_text(encoding="utf-8"))
    jsonschema.Draft202012Validator.check_schema(schema)
    jsonschema.Draft202012Validator(schema).validate(biathlon_saved)
    assert "cpero/TTS_Ark_Nova" in schema["$comment"], "the schema names the save it was checked on"


def test_every_address_is_a_file_in_the_folder_and_every_file_is_used(biathlon, biathlon_saved):
    urls = {
        value
        for key, value in _leaves(biathlon_saved)
        if key in ("FaceURL", "BackURL", "ImageURL", "ImageSecondaryURL", "PDFUrl") and value
    }
    used = {local(url) for url in urls}
    files = {path for path in biathlon.resolve().rglob("*") if path.is_file()}
    assert used == files - {biathlon.resolve() / "biathlon.json"}
    assert {path.suffix for path in used} == {".png", ".pdf"}


def _leaves(value: Any) -> list[tuple[str, Any]]:
    if isinstance(value, dict):
        return [pair for key, item in value.items() for pair in [(key, item), *_leaves(item)]]
    if isinstance(value, list):
        return [pair for item in value for pair in _leaves(item)]
    return []


def test_the_skiing_cards_are_one_deck_of_every_card_the_workbook_prints(biathlon_saved):
    cards = sheet_rows("biathlon", "Cards")
    biathletes = len(sheet_rows("biathlon", "Biathletes"))
    common = [card for card in cards if card["kind"] == "common"]
    own = [card for card in cards if card["kind"] != "common"]
    # Each box holds the common cards once, besides its own: a common card is in every box.
    printed = [1] * (len(common) * biathletes) + [card["copies"] for card in own]
    [deck] = objects(biathlon_saved, "Deck")
    assert deck["Nickname"] == "Skiing cards"
    assert len(deck["DeckIDs"]) == len(deck["ContainedObjects"]) == sum(printed) == 100
    assert [card["CardID"] for card in deck["ContainedObjects"]] == deck["DeckIDs"]
    # A design printed twice is twice in the deck, on one slot of one sheet.
    assert sorted(Counter(deck["DeckIDs"]).values()) == sorted(printed)
    for card in deck["ContainedObjects"]:
        sheet = str(card["CardID"] // 100)
        assert card["CustomDeck"] == {sheet: deck["CustomDeck"][sheet]}


def test_each_card_sheet_holds_its_designs_within_the_grid_and_size_limits(biathlon_saved):
    [deck] = objects(biathlon_saved, "Deck")
    on_sheets = Counter(card_id // 100 for card_id in set(deck["DeckIDs"]))
    designs = 0
    for key, sheet in deck["CustomDeck"].items():
        columns, rows = sheet["NumWidth"], sheet["NumHeight"]
        assert columns <= 10 and rows <= 7
        faces = Image.open(local(sheet["FaceURL"]))
        assert faces.mode == "RGB" and faces.format == "PNG"
        assert max(faces.size) <= MAX_PIXELS
        assert faces.width % columns == 0 and faces.height % rows == 0
        width, height = faces.width // columns, faces.height // rows
        assert abs(width / height - POKER[0] / POKER[1]) < 1 / height, "a poker card's shape"
        filled = [not blank(slot) for slot in slots(faces, columns, rows)]
        used = {card_id % 100 for card_id in deck["DeckIDs"] if card_id // 100 == int(key)}
        # The cards fill the first slots; the rest are blank, the last one too.
        assert used == set(range(len(used))) == {i for i, full in enumerate(filled) if full}
        assert len(used) == on_sheets[int(key)] <= 69
        designs += len(used)
    cards = sheet_rows("biathlon", "Cards")
    biathletes = len(sheet_rows("biathlon", "Biathletes"))
    common = sum(card["kind"] == "common" for card in cards)
    assert designs == common * biathletes + len(cards) - common == 86
    assert len(deck["CustomDeck"]) == 2, "86 designs: 69 on a full sheet, 17 on a second"


def test_cards_whose_backs_differ_get_a_sheet_of_backs_on_the_same_grid(biathlon_saved):
    """Each box has a back of its own, so every sheet has unique backs, and a hidden card
    shows its own back; the hidden slot of both sheets is blank, since no one back may
    stand for every card."""
    [deck] = objects(biathlon_saved, "Deck")
    backs_drawn = set()
    for sheet in deck["CustomDeck"].values():
        assert sheet["UniqueBack"] is True
        assert sheet["BackIsHidden"] is True
        faces, backs = Image.open(local(sheet["FaceURL"])), Image.open(local(sheet["BackURL"]))
        assert backs.size == faces.size
        grid = sheet["NumWidth"], sheet["NumHeight"]
        for face, back in zip(slots(faces, *grid), slots(backs, *grid), strict=True):
            assert blank(face) == blank(back)
            if not blank(back):
                backs_drawn.add(hashlib.sha256(back.tobytes()).hexdigest())
        assert blank(slots(faces, *grid)[-1]) and blank(slots(backs, *grid)[-1])
    boxes = len(sheet_rows("biathlon", "Biathletes")) + 1  # and the motivation cards' box
    assert len(backs_drawn) == boxes


def test_the_accuracy_tiles_are_double_sided_tiles_at_their_printed_size(biathlon_saved):
    tiles = [t for t in objects(biathlon_saved, "Custom_Tile") if t["Nickname"] == "Accuracy tiles"]
    assert len(tiles) == len(sheet_rows("biathlon", "Biathletes"))
    for tile in tiles:
        image = tile["CustomImage"]
        front, back = (
            Image.open(local(image["ImageURL"])),
            Image.open(local(image["ImageSecondaryURL"])),
        )
        assert front.size == back.size and not same(front, back)
        dpi = front.info["dpi"][0]
        printed = (front.width / dpi * MM_PER_INCH, front.height / dpi * MM_PER_INCH)
        assert printed == pytest.approx(ACCURACY_TILE, abs=0.2)
        assert tile["Transform"]["scaleZ"] * TILE_UNITS == pytest.approx(
            ACCURACY_TILE[1] / MM_PER_INCH, rel=0.01
        )


def test_each_trail_is_one_board_image_within_the_size_limit(biathlon_saved):
    boards = [t for t in objects(biathlon_saved, "Custom_Tile") if "Trail board" in t["Nickname"]]
    courses = sheet_rows("biathlon", "Courses")
    assert len(boards) == len(courses)
    for course in courses:
        assert sum(course["name"] in board["Nickname"] for board in boards) >= 1
    for board in boards:
        image = Image.open(local(board["CustomImage"]["ImageURL"]))
        assert max(image.size) <= MAX_PIXELS
        # Drawn whole at the most resolution TTS takes: one dot per inch more is too many.
        dpi = round(image.info["dpi"][0])
        assert round(max(image.size) * (dpi + 1) / dpi) > MAX_PIXELS
        inches = image.height / dpi
        assert board["Transform"]["scaleZ"] * TILE_UNITS == pytest.approx(inches, rel=0.01)


def test_every_component_is_on_the_table_once_as_a_deck_tiles_a_board_or_a_pdf(
    biathlon, biathlon_saved
):
    """Each object belongs to the component whose sub-folder or PDF holds its file; every
    component the kit declares has one object (tiles: one per piece), all of one kind, named
    by the component's printed title."""
    components = declared("biathlon")
    kit_folder = biathlon.resolve()
    by_component: dict[str, list[dict[str, Any]]] = {}
    for state in biathlon_saved["ObjectStates"]:
        first = local(address(state)).relative_to(kit_folder).parts[0]
        by_component.setdefault(first.removesuffix(".pdf"), []).append(state)
    assert sorted(by_component) == sorted(components)
    kinds: Counter[str] = Counter()
    for name, states in by_component.items():
        assert {state["Nickname"] for state in states} == {components[name].title}, name
        [kind] = {state["Name"] for state in states}
        if kind == "Custom_Tile" and states[0]["CustomImage"]["ImageSecondaryURL"]:
            kinds["tiles"] += 1
        else:
            assert len(states) == 1, name
            kinds["board" if kind == "Custom_Tile" else kind] += 1
    courses = len(sheet_rows("biathlon", "Courses"))
    # The skiing cards, the accuracy tiles and each course's trail board hand their pieces
    # and boards to the table; every other component is its PDF.
    assert kinds == {
        "Deck": 1,
        "tiles": 1,
        "board": courses,
        "Custom_PDF": len(components) - 2 - courses,
    }


def test_each_pdf_is_its_components_home_print_at_its_first_pages_size(
    biathlon_saved, biathlon_home
):
    pdfs = objects(biathlon_saved, "Custom_PDF")
    assert pdfs
    for state in pdfs:
        path = local(state["CustomPDF"]["PDFUrl"])
        home = biathlon_home.path(path.stem)
        assert len(pypdf.PdfReader(path).pages) == len(pypdf.PdfReader(home).pages) >= 1
        width, height = first_page_inches(path)
        assert (width, height) == first_page_inches(home)
        transform = state["Transform"]
        assert transform["scaleX"] == transform["scaleZ"]
        assert transform["scaleZ"] * TILE_UNITS == pytest.approx(height, rel=0.001)
        assert (transform["rotY"], transform["rotZ"]) == (180.0, 0.0), "face up, to the seat"


def test_no_two_objects_overlap_on_the_table(biathlon_saved):
    boxes = [_footprint(state) for state in biathlon_saved["ObjectStates"]]
    tiles = len(sheet_rows("biathlon", "Biathletes"))
    components = len(declared("biathlon"))
    # The deck, an accuracy tile per biathlete, one object for each other component.
    assert len(boxes) == 1 + tiles + (components - 2)
    for index, (x0, z0, x1, z1) in enumerate(boxes):
        for other in boxes[index + 1 :]:
            apart = x1 <= other[0] or other[2] <= x0 or z1 <= other[1] or other[3] <= z0
            assert apart, f"{(x0, z0, x1, z1)} overlaps {other}"


def _footprint(state: dict[str, Any]) -> tuple[float, float, float, float]:
    """An object's rectangle on the table from its position, scale and image proportions."""
    transform = state["Transform"]
    if state["Name"] == "Deck":
        sheet = next(iter(state["CustomDeck"].values()))
        faces = Image.open(local(sheet["FaceURL"]))
        aspect = (faces.width / sheet["NumWidth"]) / (faces.height / sheet["NumHeight"])
        depth = CARD_UNITS * transform["scaleZ"]
    elif state["Name"] == "Custom_PDF":
        width, height = first_page_inches(local(state["CustomPDF"]["PDFUrl"]))
        aspect = width / height
        depth = TILE_UNITS * transform["scaleZ"]
    else:
        image = Image.open(local(state["CustomImage"]["ImageURL"]))
        aspect = image.width / image.height
        depth = TILE_UNITS * transform["scaleZ"]
    width = depth * aspect
    x, z = transform["posX"], transform["posZ"]
    return x - width / 2, z - depth / 2, x + width / 2, z + depth / 2


# --- KISS & CRY, the images at an address of the designer's ----------------------------------


@pytest.fixture(scope="module")
def kisscry_out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("tts-kisscry")
    assert build("kisscry", out, "--asset-url", BASE) == 0
    return out


@pytest.fixture(scope="module")
def kisscry(kisscry_out: Path) -> Path:
    return kisscry_out / "kisscry" / "tts"


@pytest.fixture(scope="module")
def kisscry_saved(kisscry: Path) -> dict[str, Any]:
    saved: dict[str, Any] = json.loads((kisscry / "kisscry.json").read_text(encoding="utf-8"))
    return saved


def hosted(url: str, folder: Path) -> Path:
    """The file of the folder that an address under `BASE` names."""
    assert url.startswith(BASE), url
    return folder / unquote(url[len(BASE) :])


def test_the_action_deck_holds_each_card_of_the_deck_sheet_once(kisscry, kisscry_saved):
    deck_size = len(sheet_rows("kisscry", "Deck"))
    [deck] = objects(kisscry_saved, "Deck")
    assert len(deck["DeckIDs"]) == len(set(deck["DeckIDs"])) == deck_size
    on_sheets = Counter(card_id // 100 for card_id in deck["DeckIDs"])
    assert sorted(on_sheets.values()) == [deck_size - 69, 69]
    for key, sheet in deck["CustomDeck"].items():
        grid = sheet["NumWidth"], sheet["NumHeight"]
        faces = Image.open(hosted(sheet["FaceURL"], kisscry))
        assert max(faces.size) <= MAX_PIXELS
        cards = [not blank(slot) for slot in slots(faces, *grid)[:-1]]
        assert cards == [True] * on_sheets[int(key)] + [False] * (len(cards) - on_sheets[int(key)])
    assert [(s["NumWidth"], s["NumHeight"]) for s in deck["CustomDeck"].values()] == [
        (10, 7),
        (10, 4),
    ]
    assert not objects(kisscry_saved, "Custom_Tile"), "the skater charts are drawn page by page"
    charts = [
        pdf for pdf in objects(kisscry_saved, "Custom_PDF") if pdf["Nickname"] == "Skater charts"
    ]
    assert [pdf["CustomPDF"]["PDFUrl"] for pdf in charts] == [f"{BASE}skater-charts.pdf"]


def test_one_back_serves_every_card_and_shows_in_the_hidden_slot(kisscry, kisscry_saved):
    [deck] = objects(kisscry_saved, "Deck")
    backs = {sheet["BackURL"] for sheet in deck["CustomDeck"].values()}
    assert backs == {f"{BASE}action-deck/back.png"}
    back = Image.open(hosted(backs.pop(), kisscry))
    for sheet in deck["CustomDeck"].values():
        assert sheet["UniqueBack"] is False and sheet["BackIsHidden"] is True
        grid = sheet["NumWidth"], sheet["NumHeight"]
        faces = Image.open(hosted(sheet["FaceURL"], kisscry))
        assert faces.size == (grid[0] * back.width, grid[1] * back.height)
        assert same(slots(faces, *grid)[-1], back)


def test_every_address_starts_with_the_asset_url(kisscry, kisscry_saved):
    text = (kisscry / "kisscry.json").read_text(encoding="utf-8")
    assert "file://" not in text
    [deck] = objects(kisscry_saved, "Deck")
    for sheet in deck["CustomDeck"].values():
        for url in (sheet["FaceURL"], sheet["BackURL"]):
            assert hosted(url, kisscry).is_file()
    pdfs = [
        hosted(pdf["CustomPDF"]["PDFUrl"], kisscry) for pdf in objects(kisscry_saved, "Custom_PDF")
    ]
    # Every component but the action deck is drawn page by page.
    assert sorted(path.stem for path in pdfs) == sorted(set(declared("kisscry")) - {"action-deck"})
    assert all(pypdf.PdfReader(path).pages for path in pdfs)


def test_a_second_build_elsewhere_writes_the_same_bytes(kisscry, tmp_path):
    assert build("kisscry", tmp_path, "--asset-url", BASE) == 0
    assert tree_bytes(tmp_path / "kisscry" / "tts") == tree_bytes(kisscry)


def test_an_unchanged_build_writes_nothing_and_keeps_a_record_of_its_own(
    kisscry_out, kisscry, capsys
):
    before = tree_bytes(kisscry)
    capsys.readouterr()
    assert build("kisscry", kisscry_out, "--asset-url", BASE) == 0
    said = capsys.readouterr().out
    assert "wrote" not in said
    # The action deck's sub-folder, each other component's PDF, the saved object.
    assert f"built 0 of {len(declared('kisscry')) + 1} files" in said
    assert tree_bytes(kisscry) == before
    assert sorted(path.name for path in (kisscry_out / ".build").iterdir()) == ["kisscry.tts.json"]
    assert not [path for path in kisscry_out.rglob("*") if path.name.endswith(".part")]


def test_another_asset_url_rebuilds_the_saved_object(kisscry_out, tmp_path, capsys):
    out = tmp_path / "moved"
    assert build("kisscry", out, "--asset-url", BASE) == 0
    capsys.readouterr()
    assert build("kisscry", out, "--asset-url", "https://example.org/elsewhere") == 0
    files = len(declared("kisscry")) + 1
    assert f"built {files} of {files} files" in capsys.readouterr().out
    saved = json.loads((out / "kisscry" / "tts" / "kisscry.json").read_text(encoding="utf-8"))
    [deck] = objects(saved, "Deck")
    urls = {sheet["FaceURL"] for sheet in deck["CustomDeck"].values()}
    assert urls == {f"https://example.org/elsewhere/action-deck/faces-{n}.png" for n in (1, 2)}


@pytest.mark.parametrize(
    ("options", "message"),
    [
        (["--target", "tts", "--asset-url", "example.org/kit"], "expected the address of a folder"),
        (["--target", "tts", "--asset-url", "ftp://example.org/kit"], "expected the address"),
        (["--target", "tts", "--asset-url", f"{BASE}?raw=1"], "expected the address"),
        (["--target", "pod", "--asset-url", BASE], "use --target tts"),
        (["--asset-url", BASE], "use --target tts"),
    ],
)
def test_an_asset_url_that_cannot_serve_is_a_usage_error(options, message, tmp_path, capsys):
    arguments = ["build", "kisscry", "--out", str(tmp_path), "--quiet", *options]
    assert exit_code(arguments) == 2
    assert message in capsys.readouterr().err
    assert not (tmp_path / "kisscry").exists()


def exit_code(arguments: list[str]) -> int:
    """What the command exits with, argparse's own usage errors included."""
    try:
        return main(arguments)
    except SystemExit as stopped:
        assert isinstance(stopped.code, int)
        return stopped.code
