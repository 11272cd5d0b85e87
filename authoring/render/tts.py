"""Tabletop Simulator: a kit as images, PDFs and a saved object laying them out on a table.

`build --target tts` writes what a designer needs to host a remote playtest in Tabletop
Simulator (TTS): the images of every deck, counter and board, the PDF of every other
component (rulebooks, charts, sheets), and `<slug>.json`, a saved object that lays them all
out on the table (Objects > Saved Objects, or the save folder).

What TTS takes, as its knowledge base says (Berserk-Games/Tabletop-Simulator-Knowledge-Base,
docs/custom-content/custom-deck.md, asset-creation.md, custom-tile.md, custom-token.md) and
as real saves show:

- A deck is cut from card sheets: one image holding a grid of faces, at most 10 across and 7
  down. The sheet's last slot is the "hidden" face TTS shows for a card in someone else's
  hand; with Back is Hidden it shows the card's back there instead, which is what a real
  table shows the other players, so every sheet here says so. Either way that slot is no
  card, so a sheet holds at most 69 (the 10 x 7 sheets of a real save hold 69 cards each);
  here it holds the deck's back, or stays blank when the backs differ. A deck of more cards
  has more sheets, one `CustomDeck` entry each. The back is one image for all the sheet's
  cards, or, with Unique Backs, a sheet of backs on the same grid: so it is for a component
  whose cards have backs of their own (a back per box of cards, a card printed both sides).
- Images are PNG or JPEG, in RGB. A deck sheet is best at most 4096 pixels wide and, like
  every image, kept within 4096 x 4096: so each image here is drawn at the highest
  resolution up to `MAX_DPI` at which it (a whole 10 x 7 sheet, for a deck) stays within
  `MAX_PIXELS` each way. A poker card gets 163 dpi: 408 x 571 pixels, a full sheet 4080 x
  3997. Faces carry no bleed: TTS shows exactly the image, so it is the trim alone.
- A custom tile has a top image and a bottom one, a thickness in table units (about an inch)
  and a shape; a custom token has a single image, cut out along its transparency, so both
  its sides show the same face, and tiles load faster. Counters are double-sided, so they
  are `Custom_Tile`s, each with its front as its top and its back as its bottom, as real
  saves hold their double-sided tiles and player boards. A board is a `Custom_Tile` too,
  one image of the whole board, as real saves hold their main boards: tiles and boards
  then share one rule of scale.

The saved object is checked (tests/test_tts.py) against a JSON Schema of the parts written
here, itself checked against a real save: `tests/data/tts_saved_object.schema.json` names
it. Decks are saved as TTS saves them, `Deck` objects (a lone card as a `Card`) holding
their `Card`s, each card's `CardID` being its sheet's id times 100 plus its slot.

A designer's own card, counter and board drawings are the kit's: `impose` hands the pieces
of each component to this module's writer (`imposition.writing_faces`, as for the
print-on-demand faces of `authoring.render.pod`, whose drawing and rasterising is shared),
and `write_tiled` hands it each board whole (`tiling.writing_art`), with no game code
changed. A component whose pieces are all one card size (`paper.CARD_SIZES`) is a deck;
other pieces are tiles; items alike on both faces are one design, drawn once and used once
per copy (a card printed twice is twice in its deck). A component that hands over neither
pieces nor a board (a book, charts, a score sheet, a board drawn page by page) lies on the
table as the PDF it prints at home, which the build hands to `TableImages.component`: a
`Custom_PDF` object, which TTS shows page by page, as real saves hold their PDFs
(cpero/TTS_Ark_Nova and timur-tabi/canterbury-tts, TS_Save_1.json, whose keys the schema
holds). The file is `<component>.pdf` beside the image sub-folders, each named by its
component as they are, so that the build reports and records it under the component's name.

Scale and layout. TTS measures the table in units of about an inch; every object keeps its
printed size in those units. TTS sizes a card from its sheet's slot: at scale 1 it is 3.5
units tall (a poker card), and a tile or board at scale 1 is about 1.32 units tall, its
width following its image's proportions, as measured against a published mod's real board
(frankieliu/tts-tools, docs/TTS_SCALING_SOLVED.md; TTS documents neither). So a card's
scale is its height in inches over 3.5 and a tile's over 1.32. A PDF takes a tile's scale
too, from its first page's height: TTS documents no size for it, but its Lua type is a
tile's (`Tile`, as WardLordRuby/scriptedSheepshead-TTS, Global.-1.lua, finds its rulebooks
by). That is an inference, not a measurement: the real saves scale their PDFs as they
please (5.9 lying on the table, 11.7 stood up as a wall), so they give no rule. The objects
are laid out in rows no wider than `ROW_WIDTH` from their printed sizes, `GAP` apart, the
whole centred on the table: each component's tiles as one block of rows, decks face down,
every object turned to face the first seat (as real saves turn theirs) and dropped from
just above the table, unlocked, so each settles on whatever table the host has. Were TTS to
size a wide tile by its longer side instead, it would only come out smaller: never
overlapping.

Images, PDFs and the saved object are the same bytes on every run (PNG holds no time, the
kit's PDFs are written invariant, the JSON holds no date), so with `--asset-url` two builds
are byte for byte alike. Images are PNG: lossless for the small text of counters and cards,
and no larger than TTS handles well. A file's URL is the absolute `file:///` address of
where the build puts it, or, with `--asset-url BASE`, BASE followed by its path in the
folder. TTS loads local files, but only the machine that has them sees them
(asset-importing.md): enough to try the table out alone; for a remote playtest the designer
uploads the folder and builds with its address, so that every player's TTS can fetch the
images and PDFs.
"""

from __future__ import annotations

import io
import json
import math
import shutil
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TypeVar
from urllib.parse import quote

import pypdfium2
from PIL import Image

from authoring.components import Printing
from authoring.render.document import new_canvas
from authoring.render.imposition import Draw, Rect, writing_faces
from authoring.render.paper import CARD_SIZES, Paper, Size
from authoring.render.pod import (
    POINTS_PER_INCH,
    Designs,
    OnceEach,
    pixels,
    rasterised_faces,
    rasterised_pages,
)
from authoring.render.tiling import Draw as DrawArt
from authoring.render.tiling import writing_art

MAX_PIXELS = 4096
"""The most pixels an image has either way: what TTS asks of deck sheets and images."""
MAX_DPI = 300
"""The most resolution an image gets: a print shop's, enough for the smallest text."""
SHEET_COLUMNS = 10
SHEET_ROWS = 7
CARDS_PER_SHEET = SHEET_COLUMNS * SHEET_ROWS - 1
"""A sheet's last slot is the hidden face, never a card."""

CARD_UNITS = 3.5
"""A card's height on the table at scale 1, in table units (inches)."""
TILE_UNITS = 1.32
"""A tile's, board's or PDF's height on the table at scale 1."""
ROW_WIDTH = 48.0
"""The table's objects lie in rows at most this wide: four feet, a table's width."""
GAP = 1.0
"""Between neighbouring objects on the table, and between rows."""
TILE_GAP = 0.25
"""Between neighbouring tiles of one component."""
DROP_HEIGHT = 1.5
"""Where objects start: just above a table's top (about 1 unit up), to settle on it."""
TILE_THICKNESS = 0.1
"""A counter or tile punched from card (the thickness real saves give theirs)."""
BOARD_THICKNESS = 0.2
CARD_SHAPE = 0
"""TTS's card type 0: a rectangle with rounded corners, as it draws cards by default."""
BOX_TILE = 0
"""TTS's tile type 0: a plain rectangle, every counter's outline."""

SHARED_BACK = "back.png"
BOARD = "board.png"

Item = TypeVar("Item")


@dataclass(frozen=True)
class CardSheet:
    """One card sheet of a deck: its faces image and the back its cards use (the deck's
    one back, or a sheet of backs on the same grid)."""

    faces: str
    back: str
    columns: int
    rows: int
    unique_back: bool


@dataclass(frozen=True)
class Deck:
    """A component printed as cards: its sheets, and each card in the deck's order as the
    (sheet, slot) holding its design."""

    title: str
    size: Size
    sheets: tuple[CardSheet, ...]
    cards: tuple[tuple[int, int], ...]


@dataclass(frozen=True)
class Tile:
    """One double-sided piece that is no card: its two images, from the kit's folder."""

    front: str
    back: str
    size: Size


@dataclass(frozen=True)
class Tiles:
    """A component's counters or tiles, one `Tile` per piece (copies included)."""

    title: str
    tiles: tuple[Tile, ...]


@dataclass(frozen=True)
class Board:
    """A board drawn whole: one image of `width` x `height` points."""

    title: str
    image: str
    width: float
    height: float


@dataclass(frozen=True)
class Pdf:
    """A component drawn page by page: its PDF `file`, whose first page is `width` x `height`
    points."""

    title: str
    file: str
    width: float
    height: float


Piece = Deck | Tiles | Board | Pdf
Address = Callable[[str], str]
"""A file's URL from its path in the kit's folder."""


@dataclass
class TableImages:
    """A kit's images and PDFs written into `folder` (a sub-folder of images or a PDF per
    component), with the objects they make gathered as they are written, and the saved
    object written last: `title` names it, `base` starts every file's URL."""

    folder: Path
    title: str
    base: str
    slug: str
    pieces: list[Piece] = field(default_factory=list)
    made: dict[str, None] = field(default_factory=dict)
    """Each component's sub-folder of images or its PDF, in the order they were drawn."""

    @contextmanager
    def component(self, name: str, printing: Printing, written: Path) -> Iterator[None]:
        """While the block writes component `name` to `written`, its pieces and boards
        become images; a component that hands over neither lies on the table as the PDF
        the block wrote."""
        writer = _ComponentImages(self, name, printing)
        with writing_faces(writer), writing_art(writer):
            yield
        if not (writer.pieces_once.done or writer.board_once.done):
            self._keep_pdf(name, printing.title, written)

    def finish(self) -> list[str]:
        """Write the saved object; return what the folder holds: each component's
        sub-folder or PDF, then the saved object."""
        name = f"{self.slug}.json"
        saved = _saved_object(self.title, self.pieces, self.url)
        text = json.dumps(saved, indent=2, ensure_ascii=False)
        (self.folder / name).write_text(text + "\n", encoding="utf-8")
        return [*self.made, name]

    def url(self, path: str) -> str:
        return self.base + quote(path)

    def _keep_pdf(self, component: str, title: str, written: Path) -> None:
        """Copy the component's PDF into the folder, as a piece the size of its first page."""
        name = f"{component}.pdf"
        kept = self.folder / name
        shutil.copyfile(written, kept)
        document = pypdfium2.PdfDocument(kept)
        try:
            width, height = document[0].get_size()
        finally:
            document.close()
        self.pieces.append(Pdf(title, name, width, height))
        self.made[name] = None


@dataclass
class _ComponentImages:
    """The `FaceWriter` and `ArtWriter` of one component: its images go to its own folder."""

    images: TableImages
    component: str
    printing: Printing
    pieces_once: OnceEach = field(default_factory=lambda: OnceEach("imposes its pieces"))
    board_once: OnceEach = field(default_factory=lambda: OnceEach("draws a board"))

    def write_faces(
        self,
        items: Sequence[Item],
        sizes: Sequence[Size],
        draw_front: Draw[Item],
        draw_back: Draw[Item],
    ) -> None:
        self.pieces_once.check(self.component)
        card_sized = all(size == sizes[0] for size in sizes) and sizes[0] in CARD_SIZES.values()
        if card_sized:
            self.images.pieces.append(self._deck(items, sizes[0], draw_front, draw_back))
        else:
            self.images.pieces.append(self._tiles(items, sizes, draw_front, draw_back))

    def write_art(self, width: float, height: float, draw: DrawArt) -> None:
        self.board_once.check(self.component)
        dpi = fitting_dpi(width, height)
        pages = io.BytesIO()
        canvas = new_canvas(pages, Paper("board", width, height), title="", author="", subject="")
        draw(canvas)
        canvas.showPage()
        canvas.save()
        [image] = rasterised_pages(pages.getvalue(), [Rect(0.0, 0.0, width, height)], dpi)
        self._save(image, BOARD, dpi)
        board = Board(self.printing.title, f"{self.component}/{BOARD}", width, height)
        self.images.pieces.append(board)

    def _deck(
        self, items: Sequence[Item], size: Size, draw_front: Draw[Item], draw_back: Draw[Item]
    ) -> Deck:
        """The items as card sheets: each design once, in the order of its first card."""
        dpi = fitting_dpi(size.width, size.height, SHEET_COLUMNS, SHEET_ROWS)
        fronts, backs = rasterised_faces(
            items, [size] * len(items), draw_front, draw_back, bleed=0.0, dpi=dpi
        )
        designs = Designs.of(fronts, backs)
        shared_back = designs.shared_back
        if shared_back:
            self._save(backs[0], SHARED_BACK, dpi)
        blank = Image.new("RGB", fronts[0].size, "white")
        # The hidden slot holds the back they share; when the backs differ it stays blank,
        # since TTS shows each hidden card's own back (Back is Hidden) instead.
        hidden = backs[0] if shared_back else blank
        sheets = []
        place: dict[int, tuple[int, int]] = {}
        groups = designs.groups
        for number, start in enumerate(range(0, len(groups), CARDS_PER_SHEET), start=1):
            on_sheet = groups[start : start + CARDS_PER_SHEET]
            columns, rows = sheet_grid(len(on_sheet))
            faces = f"faces-{number}.png"
            self._save(_sheet([fronts[d[0]] for d in on_sheet], columns, rows, hidden), faces, dpi)
            back = SHARED_BACK
            if not shared_back:
                back = f"backs-{number}.png"
                self._save(_sheet([backs[d[0]] for d in on_sheet], columns, rows, blank), back, dpi)
            folder = self.component
            sheets.append(
                CardSheet(f"{folder}/{faces}", f"{folder}/{back}", columns, rows, not shared_back)
            )
            for slot, design in enumerate(on_sheet):
                for index in design:
                    place[index] = (number - 1, slot)
        cards = [place[index] for index in range(len(items))] * self.printing.copies
        return Deck(self.printing.title, size, tuple(sheets), tuple(cards))

    def _tiles(
        self,
        items: Sequence[Item],
        sizes: Sequence[Size],
        draw_front: Draw[Item],
        draw_back: Draw[Item],
    ) -> Tiles:
        """Each design's two faces as images, written once and used by each of its pieces."""
        widest = max(sizes, key=lambda size: size.width)
        tallest = max(sizes, key=lambda size: size.height)
        dpi = fitting_dpi(widest.width, tallest.height)
        fronts, backs = rasterised_faces(items, sizes, draw_front, draw_back, bleed=0.0, dpi=dpi)
        designs = Designs.of(fronts, backs)
        if designs.shared_back:
            self._save(backs[0], SHARED_BACK, dpi)
        faces: dict[int, tuple[str, str]] = {}
        for design in designs.groups:
            first, named = design[0], designs.name(design)
            front = self._save(fronts[first], f"{named}-front.png", dpi)
            back = f"{self.component}/{SHARED_BACK}"
            if not designs.shared_back:
                back = self._save(backs[first], f"{named}-back.png", dpi)
            for index in design:
                faces[index] = (front, back)
        tiles = [Tile(*faces[index], sizes[index]) for index in range(len(items))]
        return Tiles(self.printing.title, tuple(tiles * self.printing.copies))

    def _save(self, image: Image.Image, name: str, dpi: int) -> str:
        """Write the image into the component's folder; return its path from the kit's."""
        folder = self.images.folder / self.component
        folder.mkdir(exist_ok=True)
        image.save(folder / name, format="PNG", dpi=(dpi, dpi))
        self.images.made[self.component] = None
        return f"{self.component}/{name}"


def fitting_dpi(width: float, height: float, across: int = 1, down: int = 1) -> int:
    """The highest resolution up to `MAX_DPI` at which `across` x `down` images of
    `width` x `height` points stay within `MAX_PIXELS` each way."""
    most = MAX_PIXELS * POINTS_PER_INCH / max(across * width, down * height)
    dpi = min(MAX_DPI, math.floor(most))
    while across * pixels(width, dpi) > MAX_PIXELS or down * pixels(height, dpi) > MAX_PIXELS:
        dpi -= 1
    return dpi


def sheet_grid(cards: int) -> tuple[int, int]:
    """The columns and rows of a sheet of `cards` cards and its hidden face: as wide as it
    needs up to 10 across, as few rows as hold them."""
    slots = cards + 1
    columns = min(SHEET_COLUMNS, slots)
    return columns, math.ceil(slots / columns)


def _sheet(
    faces: Sequence[Image.Image], columns: int, rows: int, hidden: Image.Image
) -> Image.Image:
    """The faces in slots row by row from the top left, `hidden` in the last slot."""
    width, height = hidden.size
    sheet = Image.new("RGB", (columns * width, rows * height), "white")
    slots = [*faces, *[None] * (columns * rows - len(faces) - 1), hidden]
    for slot, face in enumerate(slots):
        if face is not None:
            sheet.paste(face, ((slot % columns) * width, (slot // columns) * height))
    return sheet


# --- the saved object --------------------------------------------------------------------


def _saved_object(title: str, pieces: Sequence[Piece], url: Address) -> dict[str, Any]:
    """The saved object holding every piece, laid out on the table (see the module's
    docstring); `url` gives a file's address from its path in the kit's folder."""
    objects = _Objects(url)
    footprints = [_footprint(piece) for piece in pieces]
    places, width, depth = _shelves(footprints, ROW_WIDTH, GAP)
    for piece, (x, z) in zip(pieces, places, strict=True):
        # Rows run from the far side of the table towards the first seat, centred.
        left, top = x - width / 2, depth / 2 - z
        objects.add(piece, left, top)
    return {
        "SaveName": title,
        "GameMode": title,
        "Date": "",
        "Table": "",
        "Sky": "",
        "Note": "",
        "Rules": "",
        "XmlUI": "",
        "LuaScript": "",
        "LuaScriptState": "",
        "ObjectStates": objects.states,
        "TabStates": {},
        "VersionNumber": "",
    }


def _units(points: float) -> float:
    """A printed length as table units: inches."""
    return points / POINTS_PER_INCH


def _shelves(
    boxes: Sequence[tuple[float, float]], width: float, gap: float
) -> tuple[list[tuple[float, float]], float, float]:
    """Boxes (width, depth) laid left to right in rows at most `width` wide (a wider box has
    a row of its own), rows one below the other, `gap` between neighbours: each box's top
    left corner from the block's top left (x right, z down), and the block's width and
    depth."""
    places = []
    x = z = row_depth = used = 0.0
    for box_width, box_depth in boxes:
        if x > 0 and x + box_width > width:
            z += row_depth + gap
            x = row_depth = 0.0
        places.append((x, z))
        used = max(used, x + box_width)
        x += box_width + gap
        row_depth = max(row_depth, box_depth)
    return places, used, z + row_depth


def _tile_block(tiles: Tiles) -> tuple[list[tuple[float, float]], float, float]:
    """A component's tiles in rows of a roughly square block."""
    boxes = [(_units(tile.size.width), _units(tile.size.height)) for tile in tiles.tiles]
    area = sum((w + TILE_GAP) * (d + TILE_GAP) for w, d in boxes)
    width = max(max(w for w, _ in boxes), math.sqrt(area))
    return _shelves(boxes, width, TILE_GAP)


def _footprint(piece: Piece) -> tuple[float, float]:
    """The room a piece takes on the table, width by depth, in table units."""
    if isinstance(piece, Deck):
        return _units(piece.size.width), _units(piece.size.height)
    if isinstance(piece, Board | Pdf):
        return _units(piece.width), _units(piece.height)
    _, width, depth = _tile_block(piece)
    return width, depth


@dataclass
class _Objects:
    """The saved object's states, numbered as they are added: each object its GUID, each
    card sheet its `CustomDeck` id."""

    url: Address
    states: list[dict[str, Any]] = field(default_factory=list)
    objects: int = 0
    sheets: int = 0

    def add(self, piece: Piece, left: float, top: float) -> None:
        """The piece's objects, the piece's footprint's top left corner at (left, top)."""
        if isinstance(piece, Tiles):
            places, _, _ = _tile_block(piece)
            for tile, (x, z) in zip(piece.tiles, places, strict=True):
                width, depth = _units(tile.size.width), _units(tile.size.height)
                centre = (left + x + width / 2, top - z - depth / 2)
                faces = (self.url(tile.front), self.url(tile.back))
                self._tile(piece.title, faces, tile.size.height, centre, TILE_THICKNESS)
            return
        width, depth = _footprint(piece)
        centre = (left + width / 2, top - depth / 2)
        if isinstance(piece, Deck):
            self._deck(piece, centre)
        elif isinstance(piece, Pdf):
            self._pdf(piece, centre)
        else:
            # No bottom image: TTS shows the top one on both sides.
            faces = (self.url(piece.image), "")
            self._tile(piece.title, faces, piece.height, centre, BOARD_THICKNESS)

    def _guid(self) -> str:
        """A GUID unique in the save: TTS gives a spawned object a new one if it clashes."""
        self.objects += 1
        return f"{self.objects:06x}"

    def _deck(self, deck: Deck, centre: tuple[float, float]) -> None:
        first = self.sheets + 1
        self.sheets += len(deck.sheets)
        entries = {
            str(first + number): {
                "FaceURL": self.url(sheet.faces),
                "BackURL": self.url(sheet.back),
                "NumWidth": sheet.columns,
                "NumHeight": sheet.rows,
                "BackIsHidden": True,
                "UniqueBack": sheet.unique_back,
                "Type": CARD_SHAPE,
            }
            for number, sheet in enumerate(deck.sheets)
        }
        transform = _transform(centre, _units(deck.size.height) / CARD_UNITS, face_down=True)
        sideways = deck.size.width > deck.size.height

        def card(sheet: int, slot: int) -> dict[str, Any]:
            key = str(first + sheet)
            state = _common(self._guid(), "Card", transform, "")
            state |= {
                "HideWhenFaceDown": True,
                "Hands": True,
                "CardID": int(key) * 100 + slot,
                "SidewaysCard": sideways,
                "CustomDeck": {key: entries[key]},
            }
            return state

        if len(deck.cards) == 1:
            # TTS keeps a single card as a card: a deck holds two or more.
            self.states.append(card(*deck.cards[0]) | {"Nickname": deck.title})
            return
        state = _common(self._guid(), "Deck", transform, deck.title)
        cards = [card(sheet, slot) for sheet, slot in deck.cards]
        state |= {
            "HideWhenFaceDown": True,
            "Hands": False,
            "SidewaysCard": sideways,
            "DeckIDs": [card["CardID"] for card in cards],
            "CustomDeck": entries,
            "ContainedObjects": cards,
        }
        self.states.append(state)

    def _pdf(self, pdf: Pdf, centre: tuple[float, float]) -> None:
        """A PDF face up at its first page's printed size, scaled as a tile, open at its
        first page."""
        transform = _transform(centre, _units(pdf.height) / TILE_UNITS)
        state = _common(self._guid(), "Custom_PDF", transform, pdf.title)
        state |= {
            "HideWhenFaceDown": False,
            "Hands": False,
            "CustomPDF": {
                "PDFUrl": self.url(pdf.file),
                "PDFPassword": "",
                "PDFPage": 0,
                "PDFPageOffset": 0,
            },
        }
        self.states.append(state)

    def _tile(
        self,
        title: str,
        faces: tuple[str, str],
        height: float,
        centre: tuple[float, float],
        thickness: float,
    ) -> None:
        """A custom tile showing `faces` (top, bottom), `height` points tall."""
        front, back = faces
        transform = _transform(centre, _units(height) / TILE_UNITS)
        state = _common(self._guid(), "Custom_Tile", transform, title)
        state |= {
            "HideWhenFaceDown": False,
            "Hands": False,
            "CustomImage": {
                "ImageURL": front,
                "ImageSecondaryURL": back,
                "ImageScalar": 1.0,
                "WidthScale": 0.0,
                "CustomTile": {
                    "Type": BOX_TILE,
                    "Thickness": thickness,
                    "Stackable": False,
                    "Stretch": True,
                },
            },
        }
        self.states.append(state)


def _common(guid: str, name: str, transform: dict[str, float], nickname: str) -> dict[str, Any]:
    """What every object of the save holds, as TTS writes it."""
    return {
        "GUID": guid,
        "Name": name,
        "Transform": transform,
        "Nickname": nickname,
        "Description": "",
        "Locked": False,
        "Grid": True,
        "Snap": True,
        "Tooltip": True,
    }


def _transform(
    centre: tuple[float, float], scale: float, *, face_down: bool = False
) -> dict[str, float]:
    """At `centre` (x, z), turned to face the first seat, face down or up; lengths rounded
    to a thousandth of an inch, which keeps the file stable and short."""
    x, z = centre
    return {
        "posX": round(x, 3),
        "posY": DROP_HEIGHT,
        "posZ": round(z, 3),
        "rotX": 0.0,
        "rotY": 180.0,
        "rotZ": 180.0 if face_down else 0.0,
        "scaleX": round(scale, 4),
        "scaleY": 1.0,
        "scaleZ": round(scale, 4),
    }
