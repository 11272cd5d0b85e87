"""DARK BLADES' printed kit: rulebook, quick-reference sheet, spell cards, counter sheets and
a set-up sheet per scenario, all drawn from the same validated model.

The rulebook and the reference sheet typeset their tables from the same functions, so the
two can never disagree (the printed original's two copies of each table did).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether, Paragraph, Table

from authoring.components import BuildContext, Component, Printing
from authoring.games.darkblades.checks import CRT_SHEETS, ODDS
from authoring.games.darkblades.mapsheets import COUNTER, MOUNTED_COUNTER, write_map
from authoring.games.darkblades.model import Character, DarkBlades, Face, Marker, Spell
from authoring.render.cards import SMALLEST, CardFrame, card_back, card_face, title_band
from authoring.render.flow import (
    BOOK_MARGIN,
    Heading,
    TableSource,
    build_markup_book,
    data_table,
    render_markup,
    side_by_side,
    styles,
)
from authoring.render.fonts import BODY, BODY_BOLD, BODY_ITALIC, register_body_fonts
from authoring.render.imposition import Slot, impose
from authoring.render.paper import CARD_SIZES, Size
from authoring.render.tokens import (
    GLYPHS,
    TokenFace,
    TokenStyle,
    Value,
    draw_token,
    fitting_text,
)
from authoring.render.words import number_range

TITLE = "DARK BLADES"
AUTHOR = "authoring (from the DARK BLADES workbook)"
SPELL_CARD = CARD_SIZES["poker"]
SIDE_NAMES = {"dark_blades": "Dark Blades", "black_fox": "Black Fox", "neutral": "Neutral"}
SIDE_COLOURS = {
    "dark_blades": colors.HexColor("#c9dcf0"),
    "black_fox": colors.HexColor("#f0c9c9"),
    "neutral": colors.HexColor("#e4e0cc"),
}
# The seed's colour code for the printed strengths.
ATTACK_COLOUR, DEFENCE_COLOUR, MOVEMENT_COLOUR = (
    colors.black,
    colors.HexColor("#b00000"),
    colors.HexColor("#0040a0"),
)
STATE_LABELS = {
    "stunned": "STUNNED",
    "wounded": "WOUNDED",
    "dead": "DEAD",
    "mounted_wounded": "WOUNDED",
    "riderless_horse": "NO RIDER",
    "dead_horse": "DEAD HORSE",
}
DEAD_STATES = frozenset({"dead", "dead_horse"})
RIDDEN_STATES = frozenset({"mounted", "mounted_wounded"})
# The seed's arrow: the way a horse faces, towards the far end of its two hexes.
FACING_STATES = RIDDEN_STATES | {"riderless_horse"}
MISSILE_MARKS = {"shortbow": "bow", "crossbow": "crossbow"}
COUNTER_STYLE = TokenStyle(cut=False)  # imposed: `impose` draws the cut
MARKER_TINT = colors.HexColor("#fff4c2")
DEAD_TINT = colors.HexColor("#bdbdbd")
DEAD_INK = colors.HexColor("#5a0000")
DEAD_MARK_INK = colors.HexColor("#6e6e6e")
SPELL_BACK = colors.HexColor("#2b1d3a")
SPELL_GOLD = colors.HexColor("#c8a24a")
SPELL_FRONT_FRAME = CardFrame(
    paper=colors.HexColor("#f6f1e3"),
    radius=2 * mm,
    title_height=9 * mm,
    title_size=13.0,
    title_fill=SPELL_BACK,
    title_ink=colors.white,
)
SPELL_BACK_FRAME = CardFrame(
    paper=SPELL_BACK,
    radius=3 * mm,
    ink=SPELL_GOLD,
    line=SPELL_GOLD,
    line_width=1.2,
    back_title_size=15.0,
    back_subtitle_size=10.0,
    back_subtitle_drop=8 * mm,
)
SPELL_TEXT_DROP = 5 * mm
"""From the title band down to the first line's baseline."""


def components(game: DarkBlades, context: BuildContext) -> list[Component]:
    tables = named_tables(game)
    render = partial(_render, game, context)
    kit = [
        Component(
            "rulebook",
            partial(_book, render("rulebook.md.j2"), tables, context, "Rules"),
            printing=Printing(
                "Rulebook", double_sided=True, how="Staple the pages at the top left corner."
            ),
        ),
        Component(
            "reference",
            partial(_reference, game, render("reference.md.j2"), tables, context),
            printing=Printing(
                "Quick reference",
                card_stock=True,
                double_sided=True,
                copies=2,
                how="One for each player, beside the map.",
            ),
        ),
        Component(
            "spell-cards",
            partial(_spell_cards, game, context),
            reads=frozenset({"Spells", "SpellAreas", "DieTables"}),
            printing=Printing.double_sided_pieces(
                "Spell cards",
                how="Cut along the solid lines and shuffle the cards into one deck.",
            ),
        ),
        Component(
            "counters",
            partial(_counters, game, context),
            reads=frozenset({"Characters", "Counters", "Markers"}),
            printing=Printing.double_sided_pieces(
                "Counters",
                how="Cut along the solid lines. A mounted counter is one piece two hexes long: "
                "do not cut it in two.",
            ),
        ),
    ]
    for sheet, hex_map in game.maps.items():
        kit.append(
            Component(
                f"map-{sheet.removeprefix('Map').lower()}",
                partial(
                    write_map,
                    game,
                    sheet,
                    context.paper,
                    title=context.titled(f"{TITLE}: {hex_map.title}"),
                    author=AUTHOR,
                ),
                reads=frozenset({sheet, "HexSides", "Places", "Terrain", "Scenarios"}),
                printing=Printing(
                    f"Map: {hex_map.title}",
                    how="Trim each sheet where it says, glue it over its neighbour's strip so "
                    "the crosshairs meet, then cut the map out along its thick outline.",
                ),
            )
        )
    for scenario in sorted(game.scenarios.values(), key=lambda s: s.number):
        text = render("scenario.md.j2", scenario=scenario)
        kit.append(
            Component(
                f"scenario-{scenario.number}-{scenario.id}".replace("_", "-"),
                partial(_book, text, tables, context, f"Set-up: {scenario.name}"),
                printing=Printing(f"Set-up: {scenario.name}"),
            )
        )
    return kit


def _render(game: DarkBlades, context: BuildContext, name: str, **extra: object) -> str:
    return render_markup(
        context.templates, name, model=game, title=TITLE, edition=context.edition, **extra
    )


def _book(
    text: str,
    tables: dict[str, TableSource],
    context: BuildContext,
    subject: str,
    path: Path,
) -> None:
    build_markup_book(
        path,
        context.paper,
        text,
        tables,
        title=f"{TITLE}: {subject}",
        author=AUTHOR,
        subject=subject,
    )


# --- tables shared by the rulebook, the reference sheet and the set-up sheets -------------


def named_tables(game: DarkBlades) -> dict[str, TableSource]:
    tables: dict[str, TableSource] = {
        "terrain": partial(_terrain, game),
        "terrain_shifts": partial(_terrain_shifts, game),
        "cover": partial(_cover, game),
        "column_shifts": partial(_column_shifts, game),
        "missile_weapons": partial(_missile_weapons, game),
        "spells": partial(_spells, game),
        "spell_areas": partial(_spell_areas, game),
        "characters": partial(_characters, game),
    }
    for sheet in CRT_SHEETS:
        tables[f"crt:{sheet}"] = partial(_crt, game, sheet)
        tables[f"key:{sheet}"] = partial(_crt_key, game, sheet)
    for name in game.die_tables:
        tables[f"die:{name}"] = partial(_die_table, game, name)
    for side in SIDE_NAMES:
        tables[f"counters:{side}"] = partial(_counter_values, game, side)
    for scenario in game.scenarios:
        tables[f"forces:{scenario}"] = partial(_forces, game, scenario)
        # A set-up sheet fits on one page with its forces' rows set close.
        tables[f"set_up_forces:{scenario}"] = partial(_tight_forces, game, scenario)
    return tables


def _words(value: object) -> str:
    return "" if value is None else str(value).replace("_", " ")


def _columns(shift: int) -> str:
    """A column shift as the tables print it: +1, -2, or 0."""
    return f"{shift:+d}" if shift else "0"


def _crt(game: DarkBlades, sheet: str) -> Flowable:
    # A results table read across a page turn is a table misread: keep each one whole.
    grid = data_table(
        ["Die", *ODDS], _crt_rows(game, sheet), col_widths=[10 * mm] + [11 * mm] * len(ODDS)
    )
    return KeepTogether([grid])


def _crt_rows(game: DarkBlades, sheet: str) -> list[list[str]]:
    table = game.combat_tables[sheet]
    return [[str(die % 10), *codes] for die, codes in enumerate(table.codes, start=1)]


def _crt_key(game: DarkBlades, sheet: str) -> Flowable:
    rows = _key_rows(game, sheet)
    return KeepTogether([data_table(["Result", "Meaning"], rows, col_widths=[14 * mm, 140 * mm])])


def _key_rows(game: DarkBlades, sheet: str) -> list[list[str]]:
    keys = game.combat_tables[sheet].keys.values()
    return [[key.code, key.meaning] for key in sorted(keys, key=lambda k: (k.code == "-", k.code))]


# --- the quick reference: landscape, each results table beside its key ----------------------

# Read at arm's length: no text under this size.
REFERENCE_TEXT = 7.0
REFERENCE_DIE_COLUMN = 8 * mm
REFERENCE_ODDS_COLUMN = 7 * mm
REFERENCE_RESULT_COLUMN = 12 * mm
REFERENCE_KEY_TITLE = "Key"
REFERENCE_GAP = 3 * mm
CLOSE_CELL_PADDING = 2.0
"""Left and right of a cell, in points: narrow enough that fifteen odds columns and a key
share a line."""
CLOSE_ROWS = (
    ("TOPPADDING", (0, 0), (-1, -1), 0.5),
    ("BOTTOMPADDING", (0, 0), (-1, -1), 0.5),
)


def _reference(
    game: DarkBlades, text: str, tables: dict[str, TableSource], context: BuildContext, path: Path
) -> None:
    paper = context.paper.landscape()
    width = paper.width - 2 * BOOK_MARGIN
    beside: dict[str, TableSource] = {}
    for sheet in CRT_SHEETS:
        beside[f"crt_and_key:{sheet}"] = partial(_crt_and_key, game, sheet, width)
        beside[f"crt_key_and_missile_tables:{sheet}"] = partial(
            _crt_and_key, game, sheet, width, beneath_key=partial(_missile_tables, game, width / 2)
        )
    build_markup_book(
        path,
        paper,
        text,
        {**tables, **beside},
        title=f"{TITLE}: quick reference",
        author=AUTHOR,
        subject="Quick reference",
    )


def _tight(table: Table) -> Table:
    """The table's rows set close (its cells made with `CLOSE_CELL_PADDING`)."""
    table.setStyle(list(CLOSE_ROWS))
    return table


def _crt_and_key(
    game: DarkBlades,
    sheet: str,
    width: float,
    *,
    beneath_key: Callable[[], Flowable] | None = None,
) -> Flowable:
    """A results table under its title in the left half of the page, its key under the
    key's own title in the right half (then `beneath_key`, where the key leaves room): a
    code and its meaning read at one glance."""
    grid = data_table(
        ["Die", *ODDS],
        _crt_rows(game, sheet),
        col_widths=[REFERENCE_DIE_COLUMN] + [REFERENCE_ODDS_COLUMN] * len(ODDS),
        font_size=REFERENCE_TEXT,
        padding=CLOSE_CELL_PADDING,
    )
    key = data_table(
        ["Result", "Meaning"],
        _key_rows(game, sheet),
        col_widths=[REFERENCE_RESULT_COLUMN, width / 2 - REFERENCE_RESULT_COLUMN],
        font_size=REFERENCE_TEXT,
        padding=CLOSE_CELL_PADDING,
    )
    title = Heading(game.combat_tables[sheet].title, 2)
    key_title = Paragraph(REFERENCE_KEY_TITLE, styles()["h3"])
    right = [key_title, _tight(key), *([beneath_key()] if beneath_key else [])]
    return side_by_side([[title, _tight(grid)], right], width / 2)


def _missile_tables(game: DarkBlades, width: float) -> Flowable:
    """The tables a missile shot reads besides its results table, side by side in `width`."""
    room = width / 2 - REFERENCE_GAP
    parts = [
        (
            "Missile ranges",
            _missile_weapons(
                game,
                col_widths=[share * room for share in (0.3, 0.2, 0.2, 0.3)],
                font_size=REFERENCE_TEXT,
                padding=CLOSE_CELL_PADDING,
            ),
        ),
        (
            "Cover against missiles",
            _cover(
                game,
                col_widths=[room / 2, room / 2],
                font_size=REFERENCE_TEXT,
                padding=CLOSE_CELL_PADDING,
            ),
        ),
    ]
    columns = [[Heading(title, 2), _tight(table)] for title, table in parts]
    return side_by_side(columns, width / 2)


def _terrain(game: DarkBlades) -> Flowable:
    rows = [
        [
            t.name,
            t.foot_cost,
            t.mounted_cost,
            _words(t.cover),
            t.advantage or "",
            " ".join(n for n in (t.advantage_note, t.movement_note) if n),
        ]
        for t in game.terrain
    ]
    return data_table(
        ["Hex", "Foot", "Mounted", "Cover", "Advantage", "Notes"],
        rows,
        col_widths=[30 * mm, 16 * mm, 18 * mm, 16 * mm, 18 * mm, 72 * mm],
    )


def _terrain_shifts(game: DarkBlades) -> Flowable:
    rows = [
        [attacker, defender, _columns(shift)]
        for (attacker, defender), shift in game.terrain_shifts.items()
    ]
    return data_table(["Attacker in", "Defender in", "Columns (+ right, - left)"], rows)


def _cover(game: DarkBlades, **layout: Any) -> Table:
    rows = [
        [cover, "may not be fired on" if shift is None else _columns(shift)]
        for cover, shift in game.cover_shifts.items()
    ]
    return data_table(["Target's cover", "Missile column shift"], rows, **layout)


def _column_shifts(game: DarkBlades) -> Flowable:
    # A condition may name another modifier by its identifier: print it as the table does.
    rows = [
        [_words(s.modifier), s.applies_to, _columns(s.shift), _words(s.condition)]
        for s in game.column_shifts.values()
    ]
    return data_table(
        ["Modifier", "Applies to", "Shift", "When"],
        rows,
        col_widths=[30 * mm, 20 * mm, 12 * mm, 108 * mm],
    )


def _missile_weapons(game: DarkBlades, **layout: Any) -> Table:
    rows = [
        [weapon.name, band.band, number_range(band.range_from, band.range_to), band.attack]
        for weapon in game.missile_weapons.values()
        for band in weapon.bands
    ]
    return data_table(["Weapon", "Range", "Hexes", "Attack strength"], rows, **layout)


def _die_table(game: DarkBlades, name: str) -> Flowable:
    rows = [[_faces(r.die_from, r.die_to), r.outcome] for r in game.die_tables[name]]
    return data_table(["Die", "Outcome"], rows, col_widths=[18 * mm, 150 * mm])


def _faces(first: int, last: int) -> str:
    """Die faces as printed on a d10, whose 10 reads 0."""
    return number_range(first % 10, last % 10)


def _spells(game: DarkBlades) -> Flowable:
    rows = [
        [s.name, s.copies, _words(s.area), _words(s.targets), _words(s.duration), s.effect]
        for s in game.spells
    ]
    return data_table(
        ["Spell", "Cards", "Area", "Targets", "Duration", "Effect"],
        rows,
        col_widths=[26 * mm, 11 * mm, 18 * mm, 20 * mm, 20 * mm, 75 * mm],
    )


def _spell_areas(game: DarkBlades) -> Flowable:
    rows = [
        [_words(a.area), a.reach_hexes, a.radius_hexes, a.description]
        for a in game.spell_areas.values()
    ]
    return data_table(
        ["Area", "Reach", "Radius", "Description"],
        rows,
        col_widths=[24 * mm, 14 * mm, 14 * mm, 118 * mm],
    )


def _characters(game: DarkBlades) -> Flowable:
    labels = counter_labels(game)
    rows = [
        [
            c.name,
            "" if labels[c.id] == c.name else labels[c.id],
            SIDE_NAMES[c.side],
            _words(c.kind),
            c.copies,
            "yes" if c.can_ride else "",
            "yes" if c.spellcaster else "",
        ]
        for c in game.characters.values()
    ]
    return data_table(
        ["Character", "Its pieces read", "Side", "Kind", "In the box", "Rides", "Casts spells"],
        rows,
    )


def _strengths(face: Face | None) -> str:
    if face is None:
        return ""
    return " / ".join(
        "-" if value is None else str(value) for value in (face.attack, face.defence, face.movement)
    )


def _counter_values(game: DarkBlades, side: str) -> Flowable:
    rows = []
    for c in game.characters.values():
        if c.side != side:
            continue
        faces = c.faces
        weapon = next((f.weapon for f in faces.values() if f.weapon), None)
        rows.append(
            [
                c.name,
                _strengths(faces.get("healthy")),
                _strengths(faces.get("wounded")),
                _strengths(faces.get("stunned")),
                _strengths(faces.get("mounted")),
                _strengths(faces.get("mounted_wounded")),
                weapon or "",
            ]
        )
    return data_table(
        ["Character", "Healthy", "Wounded", "Stunned", "Mounted", "Mounted, wounded", "Missile"],
        rows,
        col_widths=[42 * mm, 20 * mm, 20 * mm, 20 * mm, 20 * mm, 26 * mm, 20 * mm],
    )


def _tight_forces(game: DarkBlades, scenario: str) -> Flowable:
    return _tight(_forces(game, scenario, padding=CLOSE_CELL_PADDING))


def _forces(game: DarkBlades, scenario: str, **layout: Any) -> Table:
    rows = [
        [
            SIDE_NAMES[f.side],
            _words(f.group),
            game.characters[f.character].name,
            f.count,
            "mounted" if f.mounted else "on foot",
            f.entry_turn,
            f.notes or "",
        ]
        for f in game.scenarios[scenario].forces
    ]
    return data_table(
        ["Side", "Group", "Character", "Count", "Starts", "Turn", "Notes"],
        rows,
        col_widths=[22 * mm, 22 * mm, 40 * mm, 12 * mm, 16 * mm, 11 * mm, 47 * mm],
        **layout,
    )


# --- spell cards ---------------------------------------------------------------------------


def _spell_cards(game: DarkBlades, context: BuildContext, path: Path) -> None:
    deck = [spell for spell in game.spells for _ in range(spell.copies)]
    impose(
        path,
        context.paper,
        deck,
        partial(_spell_front, game),
        _spell_back,
        size=SPELL_CARD,
        title=f"{TITLE}: spell cards",
        author=AUTHOR,
    )


def _spell_front(game: DarkBlades, canvas: Canvas, spell: Spell, slot: Slot) -> None:
    safe = card_face(canvas, slot, SPELL_FRONT_FRAME)
    body = title_band(canvas, safe, spell.name.upper(), SPELL_FRONT_FRAME)
    width = body.width
    lines: list[tuple[str, str, float]] = [
        (BODY_BOLD, f"Area of effect: {_words(game.spell_areas[spell.area].area)}", 8),
        (BODY, f"Affects: {_words(spell.targets)}", 8),
        (BODY, f"Duration: {_words(spell.duration)}", 8),
        (BODY, "", 4),
        *[(BODY, line, 8.5) for line in simpleSplit(spell.effect, BODY, 8.5, width)],
    ]
    if spell.die_table:
        lines.append((BODY, "", 4))
        for r in game.die_tables[spell.die_table]:
            row = f"{_faces(r.die_from, r.die_to)}: {r.outcome}"
            lines += [(BODY, line, 7.5) for line in simpleSplit(row, BODY, 7.5, width)]
    for note in (spell.note, f"Cannot affect: {spell.immune}" if spell.immune else None):
        if note:
            lines.append((BODY, "", 4))
            lines += [
                (BODY_ITALIC, line, 7.5) for line in simpleSplit(note, BODY_ITALIC, 7.5, width)
            ]
    canvas.setFillColor(SPELL_FRONT_FRAME.ink)
    cursor = body.y + body.height - SPELL_TEXT_DROP
    for font, line, size in lines:
        canvas.setFont(font, size)
        canvas.drawString(body.x, cursor, line)
        cursor -= size * 1.25


def _spell_back(canvas: Canvas, spell: Spell, slot: Slot) -> None:
    card_back(canvas, slot, SPELL_BACK_FRAME, TITLE, "Spell card")


# --- counters ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """One double-sided counter: a character's piece, or a marker."""

    character: Character | None
    piece: str
    marker: Marker | None = None

    @property
    def mounted(self) -> bool:
        """A horse and rider, two hexes long."""
        return self.piece.startswith("mounted")

    def face(self, side: str) -> Face | None:
        if self.character is None:
            return None
        return next(
            f for f in self.character.faces.values() if f.piece == self.piece and f.face == side
        )


def counter_pieces(game: DarkBlades) -> list[Piece]:
    pieces = []
    for character in game.characters.values():
        names = sorted({face.piece for face in character.faces.values()})
        pieces += [Piece(character, name) for _ in range(character.copies) for name in names]
    pieces += [Piece(None, "marker", m) for m in game.markers for _ in range(m.copies)]
    return pieces


def counter_size(piece: Piece) -> Size:
    """A mounted piece covers two hexes; every other piece is a square."""
    return MOUNTED_COUNTER if piece.mounted else COUNTER


def label_texts(game: DarkBlades) -> dict[str, tuple[str, ...]]:
    """The names a character's counters may print, longest first: the full name, then the
    designer's short name, or else the name without a title in brackets when no other
    character then reads the same."""
    untitled = {id: c.name.split(" (")[0] for id, c in game.characters.items()}
    taken = Counter(untitled.values())
    texts: dict[str, tuple[str, ...]] = {}
    for id, character in game.characters.items():
        shorter = character.short_name or (untitled[id] if taken[untitled[id]] == 1 else None)
        texts[id] = tuple(dict.fromkeys(t for t in (character.name, shorter) if t))
    return texts


def counter_labels(game: DarkBlades) -> dict[str, str]:
    """The name printed on all of a character's counters: the first of its `label_texts`
    that fits a square counter at the smallest size, else its shortest (too long, and
    reported at its cell when drawn)."""
    register_body_fonts()
    room = COUNTER.width - 2 * COUNTER_STYLE.inset
    return {
        id: fitting_text(texts, COUNTER_STYLE.label_font, room, SMALLEST)
        for id, texts in label_texts(game).items()
    }


def _counters(game: DarkBlades, context: BuildContext, path: Path) -> None:
    labels = counter_labels(game)
    impose(
        path,
        context.paper,
        counter_pieces(game),
        partial(_counter, labels, front=True),
        partial(_counter, labels, front=False),
        size=counter_size,
        title=f"{TITLE}: counters",
        author=AUTHOR,
    )


def _counter(
    labels: dict[str, str], canvas: Canvas, piece: Piece, slot: Slot, *, front: bool
) -> None:
    face = counter_face(labels, piece, "front" if front else "back")
    draw_token(canvas, face, slot, COUNTER_STYLE, front=front)


def counter_face(labels: dict[str, str], piece: Piece, side: str) -> TokenFace:
    if piece.marker is not None:
        text = piece.marker.front if side == "front" else piece.marker.back
        return TokenFace(labels=(text,), tint=MARKER_TINT)
    character = piece.character
    face = piece.face(side)
    assert character is not None and face is not None
    dead = face.state in DEAD_STATES
    marks = [character.mark] if character.mark else []
    missile = MISSILE_MARKS.get(face.weapon or "")
    if missile and missile not in marks:
        marks.append(missile)
    if piece.mounted:
        marks = ["horse", *marks] if face.state in RIDDEN_STATES else ["horse"]
    if face.state in FACING_STATES:
        marks.append("arrow")
    captions = [STATE_LABELS[face.state]] if face.state in STATE_LABELS else []
    if face.special_attack:
        captions.append(f"BREATH {face.special_attack}")
    strengths = (
        (face.attack, ATTACK_COLOUR),
        (face.defence, DEFENCE_COLOUR),
        (face.movement, MOVEMENT_COLOUR),
    )
    values = tuple(None if value is None else Value(str(value), ink) for value, ink in strengths)
    return TokenFace(
        labels=(labels[character.id],),
        tint=DEAD_TINT if dead else SIDE_COLOURS[character.side],
        marks=tuple(GLYPHS[name] for name in marks),
        captions=tuple(captions),
        values=values if any(values) else (),
        mark_ink=DEAD_MARK_INK if dead else colors.black,
        caption_ink=DEAD_INK if dead else colors.black,
    )
