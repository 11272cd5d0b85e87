"""DARK BLADES' printed kit: rulebook, quick-reference sheet, spell cards, counter sheets and
a set-up sheet per scenario, all drawn from the same validated model.

The rulebook and the reference sheet typeset their tables from the same functions, so the
two can never disagree (the printed original's two copies of each table did).
"""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass
from functools import partial
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.lib.utils import simpleSplit
from reportlab.pdfgen.canvas import Canvas
from reportlab.platypus import Flowable, KeepTogether

from authoring.components import BuildContext, Component
from authoring.games.darkblades.checks import CRT_SHEETS, ODDS
from authoring.games.darkblades.model import Character, DarkBlades, Face, Marker, Spell
from authoring.render.flow import TableSource, build_markup_book, data_table, render_markup
from authoring.render.fonts import BODY, BODY_BOLD, BODY_ITALIC, draw_centred
from authoring.render.imposition import Slot, cut_guide, impose
from authoring.render.paper import CARD_SIZES, COUNTER_SIZES

TITLE = "DARK BLADES"
AUTHOR = "authoring (from the DARK BLADES workbook)"
SPELL_CARD = CARD_SIZES["poker"]
COUNTER = COUNTER_SIZES["3/4"]
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
    "mounted": "MOUNTED",
    "mounted_wounded": "WOUNDED",
    "riderless_horse": "HORSE",
    "dead_horse": "DEAD HORSE",
}
SPELL_BACK = colors.HexColor("#2b1d3a")


def components(game: DarkBlades, context: BuildContext) -> list[Component]:
    tables = named_tables(game)
    render = partial(_render, game, context)
    kit = [
        Component("rulebook", partial(_book, render("rulebook.md.j2"), tables, context, "Rules")),
        Component(
            "reference",
            partial(
                _book, render("reference.md.j2"), tables, context, "Quick-reference play sheet"
            ),
        ),
        Component(
            "spell-cards",
            partial(_spell_cards, game, context),
            reads=frozenset({"Spells", "SpellAreas", "DieTables"}),
        ),
        Component(
            "counters",
            partial(_counters, game, context),
            reads=frozenset({"Characters", "Counters", "Markers"}),
        ),
    ]
    for scenario in sorted(game.scenarios.values(), key=lambda s: s.number):
        text = render("scenario.md.j2", scenario=scenario)
        kit.append(
            Component(
                f"scenario-{scenario.number}-{scenario.id}".replace("_", "-"),
                partial(_book, text, tables, context, f"Set-up: {scenario.name}"),
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
    return tables


def _words(value: object) -> str:
    return "" if value is None else str(value).replace("_", " ")


def _columns(shift: int) -> str:
    """A column shift as the tables print it: +1, -2, or 0."""
    return f"{shift:+d}" if shift else "0"


def _crt(game: DarkBlades, sheet: str) -> Flowable:
    table = game.combat_tables[sheet]
    rows = [[str(die % 10), *codes] for die, codes in enumerate(table.codes, start=1)]
    # A results table read across a page turn is a table misread: keep each one whole.
    grid = data_table(["Die", *ODDS], rows, col_widths=[10 * mm] + [11 * mm] * len(ODDS))
    return KeepTogether([grid])


def _crt_key(game: DarkBlades, sheet: str) -> Flowable:
    keys = game.combat_tables[sheet].keys.values()
    rows = [[key.code, key.meaning] for key in sorted(keys, key=lambda k: (k.code == "-", k.code))]
    return KeepTogether([data_table(["Result", "Meaning"], rows, col_widths=[14 * mm, 140 * mm])])


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


def _cover(game: DarkBlades) -> Flowable:
    rows = [
        [cover, "may not be fired on" if shift is None else _columns(shift)]
        for cover, shift in game.cover_shifts.items()
    ]
    return data_table(["Target's cover", "Missile column shift"], rows)


def _column_shifts(game: DarkBlades) -> Flowable:
    rows = [
        [_words(s.modifier), s.applies_to, _columns(s.shift), s.condition]
        for s in game.column_shifts.values()
    ]
    return data_table(
        ["Modifier", "Applies to", "Shift", "When"],
        rows,
        col_widths=[30 * mm, 20 * mm, 12 * mm, 108 * mm],
    )


def _missile_weapons(game: DarkBlades) -> Flowable:
    rows = [
        [weapon.name, band.band, f"{band.range_from}-{band.range_to}", band.attack]
        for weapon in game.missile_weapons.values()
        for band in weapon.bands
    ]
    return data_table(["Weapon", "Range", "Hexes", "Attack strength"], rows)


def _die_table(game: DarkBlades, name: str) -> Flowable:
    rows = [[_faces(r.die_from, r.die_to), r.outcome] for r in game.die_tables[name]]
    return data_table(["Die", "Outcome"], rows, col_widths=[18 * mm, 150 * mm])


def _faces(first: int, last: int) -> str:
    """Die faces as printed on a d10, whose 10 reads 0."""
    return str(first % 10) if first == last else f"{first % 10}-{last % 10}"


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
    rows = [
        [
            c.name,
            SIDE_NAMES[c.side],
            _words(c.kind),
            c.copies,
            "yes" if c.can_ride else "",
            "yes" if c.spellcaster else "",
        ]
        for c in game.characters.values()
    ]
    return data_table(["Character", "Side", "Kind", "In the box", "Rides", "Casts spells"], rows)


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


def _forces(game: DarkBlades, scenario: str) -> Flowable:
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
    x, y, width, height = slot.trim
    canvas.setFillColor(colors.HexColor("#f6f1e3"))
    canvas.rect(*slot.bleed, stroke=0, fill=1)
    band = 12 * mm
    canvas.setFillColor(SPELL_BACK)
    canvas.rect(
        slot.bleed.x,
        y + height - band,
        slot.bleed.width,
        band + (slot.bleed.y + slot.bleed.height - y - height),
        stroke=0,
        fill=1,
    )
    canvas.setFillColor(colors.white)
    draw_centred(
        canvas,
        spell.name.upper(),
        x + width / 2,
        y + height - 8 * mm,
        BODY_BOLD,
        13,
        width - 8 * mm,
        smallest=3,
    )
    margin = 4 * mm
    lines: list[tuple[str, str, float]] = [
        (BODY_BOLD, f"Area of effect: {_words(game.spell_areas[spell.area].area)}", 8),
        (BODY, f"Affects: {_words(spell.targets)}", 8),
        (BODY, f"Duration: {_words(spell.duration)}", 8),
        (BODY, "", 4),
        *[(BODY, line, 8.5) for line in simpleSplit(spell.effect, BODY, 8.5, width - 2 * margin)],
    ]
    if spell.die_table:
        lines.append((BODY, "", 4))
        for r in game.die_tables[spell.die_table]:
            text = f"{_faces(r.die_from, r.die_to)}: {r.outcome}"
            lines += [
                (BODY, line, 7.5) for line in simpleSplit(text, BODY, 7.5, width - 2 * margin)
            ]
    for note in (spell.note, f"Cannot affect: {spell.immune}" if spell.immune else None):
        if note:
            lines.append((BODY, "", 4))
            lines += [
                (BODY_ITALIC, line, 7.5)
                for line in simpleSplit(note, BODY_ITALIC, 7.5, width - 2 * margin)
            ]
    canvas.setFillColor(colors.black)
    cursor = y + height - band - 6 * mm
    for font, text, size in lines:
        canvas.setFont(font, size)
        canvas.drawString(x + margin, cursor, text)
        cursor -= size * 1.25
    cut_guide(canvas, slot)


def _spell_back(canvas: Canvas, spell: Spell, slot: Slot) -> None:
    x, y, width, height = slot.trim
    canvas.setFillColor(SPELL_BACK)
    canvas.rect(*slot.bleed, stroke=0, fill=1)
    canvas.setStrokeColor(colors.HexColor("#c8a24a"))
    canvas.setLineWidth(1.2)
    canvas.roundRect(x + 4 * mm, y + 4 * mm, width - 8 * mm, height - 8 * mm, 3 * mm)
    canvas.setFillColor(colors.HexColor("#c8a24a"))
    canvas.setFont(BODY_BOLD, 15)
    canvas.drawCentredString(x + width / 2, y + height / 2 + 3 * mm, TITLE)
    canvas.setFont(BODY_ITALIC, 10)
    canvas.drawCentredString(x + width / 2, y + height / 2 - 5 * mm, "Spell card")


# --- counters ------------------------------------------------------------------------------


@dataclass(frozen=True)
class Piece:
    """One double-sided counter: a character's piece, or a marker."""

    character: Character | None
    piece: str
    marker: Marker | None = None

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


def counter_labels(game: DarkBlades) -> dict[str, str]:
    """The name printed on each character's counters: without a title in brackets, which
    leaves no room for the strengths, unless another character then reads the same."""
    short = {id: c.name.split(" (")[0] for id, c in game.characters.items()}
    taken = Counter(short.values())
    return {
        id: name if taken[name] == 1 else game.characters[id].name for id, name in short.items()
    }


def _counters(game: DarkBlades, context: BuildContext, path: Path) -> None:
    labels = counter_labels(game)
    impose(
        path,
        context.paper,
        counter_pieces(game),
        partial(_counter_face, labels, "front"),
        partial(_counter_face, labels, "back"),
        size=COUNTER,
        title=f"{TITLE}: counters",
        author=AUTHOR,
    )


def _counter_face(
    labels: dict[str, str], side: str, canvas: Canvas, piece: Piece, slot: Slot
) -> None:
    x, y, width, height = slot.trim
    centre = x + width / 2
    if piece.marker is not None:
        canvas.setFillColor(colors.HexColor("#fff4c2"))
        canvas.rect(*slot.bleed, stroke=0, fill=1)
        if side == "front":
            cut_guide(canvas, slot)
        canvas.setFillColor(colors.black)
        text = piece.marker.front if side == "front" else piece.marker.back
        draw_centred(
            canvas, text, centre, y + height / 2 - 2, BODY_BOLD, 8, width - 2 * mm, smallest=3
        )
        return
    character = piece.character
    face = piece.face(side)
    assert character is not None and face is not None
    dead = face.state in ("dead", "dead_horse")
    canvas.setFillColor(colors.HexColor("#bdbdbd") if dead else SIDE_COLOURS[character.side])
    canvas.rect(*slot.bleed, stroke=0, fill=1)
    if side == "front":
        cut_guide(canvas, slot)
    canvas.setFillColor(colors.black)
    draw_centred(
        canvas,
        labels[character.id],
        centre,
        y + height - 4.2 * mm,
        BODY_BOLD,
        5.5,
        width - 1.6 * mm,
        smallest=3,
    )
    label = STATE_LABELS.get(face.state)
    if label:
        canvas.setFillColor(colors.HexColor("#5a0000") if dead else colors.black)
        draw_centred(canvas, label, centre, y + height / 2, BODY, 5, width - 2 * mm, smallest=3)
    if face.state in ("mounted", "mounted_wounded"):
        _arrow(canvas, x + width - 2.6 * mm, y + height / 2 + 1 * mm)
    extra = face.weapon or (f"breath {face.special_attack}" if face.special_attack else "")
    if extra:
        canvas.setFillColor(colors.black)
        draw_centred(
            canvas,
            extra,
            centre,
            y + height / 2 - 3.2 * mm,
            BODY_ITALIC,
            4.5,
            width - 2 * mm,
            smallest=3,
        )
    for value, colour, column in (
        (face.attack, ATTACK_COLOUR, 0.2),
        (face.defence, DEFENCE_COLOUR, 0.5),
        (face.movement, MOVEMENT_COLOUR, 0.8),
    ):
        if value is not None:
            canvas.setFillColor(colour)
            canvas.setFont(BODY_BOLD, 10)
            canvas.drawCentredString(x + width * column, y + 1.6 * mm, str(value))


def _arrow(canvas: Canvas, x: float, y: float) -> None:
    """The direction arrow printed on mounted pieces."""
    path = canvas.beginPath()
    path.moveTo(x, y + 1.6 * mm)
    path.lineTo(x - 1 * mm, y)
    path.lineTo(x + 1 * mm, y)
    path.close()
    canvas.setFillColor(colors.black)
    canvas.drawPath(path, stroke=0, fill=1)
