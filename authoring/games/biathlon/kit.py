"""BIATHLON BLAST's printed kit: the rulebook, the 100 skiing cards, the accuracy tiles, the
fold-over standees, and (from `pieces`, `boards` and `trails`) the tokens, the dice, the
boards and the score sheet, all drawn from the same validated model, each with its print-list
entry.

A card says everything twice, in colour and in words: a step box is black, yellow or green
like the terrain it is spent on and is labelled UPHILL, FLAT or DOWNHILL; an action's
background is snowy or icy and says DISCARD or REMOVE FROM GAME. So a greyscale print still
plays. Every biathlete's box has its own card back (name, country, bib and flag), so the nine
cards of a box sort themselves after a race; motivation cards share one back.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, replace
from functools import partial
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas
from reportlab.pdfgen.pathobject import PDFPathObject
from reportlab.platypus import Flowable, KeepTogether, Table

from authoring.components import BuildContext, Component, Printing
from authoring.games.biathlon import boards, pieces
from authoring.games.biathlon import trails as trail_boards
from authoring.games.biathlon.look import (
    ACCURACY_TILE,
    AUTHOR,
    BAND_NAMES,
    BAND_TINTS,
    BULLET_USES,
    DISCARD,
    INK,
    REMOVE,
    SHEET_HEAD,
    SKIING_CARD,
    SKILL_WORDS,
    SNOW,
    TERRAIN_LABELS,
    TITLE,
    WAX_WORDS,
    centred,
    die_caption,
    draw_flag,
    fitted,
    gives_bullets,
    ink_on,
    ordered_colours,
    pulse_bands,
    sheet_heading,
    signed,
    step_colour,
)
from authoring.games.biathlon.model import (
    TERRAINS,
    Action,
    Biathlete,
    Biathlon,
    Card,
    Course,
)
from authoring.games.biathlon.race import NEXT_TURN_COACHES, PULSE_LIMIT
from authoring.games.biathlon.rules import DICE, DIE_FACES, HITS_MAX
from authoring.games.biathlon.trail import LAPS, laps, track
from authoring.games.biathlon.worldcup import ORDER
from authoring.render.cards import CardFrame, card_face, safe_outline
from authoring.render.document import draw_pages, set_page_boxes
from authoring.render.flow import TableSource, build_markup_book, data_table, render_markup
from authoring.render.fonts import BODY, BODY_BOLD, BODY_ITALIC
from authoring.render.imposition import Rect, Slot, bounding, impose
from authoring.render.lines import CUT, FOLD, GLUE, line, plain_line
from authoring.render.paper import PRINTABLE_MARGIN, Paper, Size
from authoring.render.words import number_range

KIND_LABELS = {"common": "COMMON", "personal": "PERSONAL", "motivation": "MOTIVATION"}
PULSE_LABEL, WIND_LABEL = "PULSE", "WIND"

GOLD = colors.HexColor("#c9a43a")
SNOWFLAKE = colors.HexColor("#b9cddd")
ICE = colors.HexColor("#274862")
ICE_CRACK = colors.HexColor("#5b82a3")
NIGHT = colors.HexColor("#15314f")
CROWD = colors.HexColor("#8c2f1e")
CROWD_HEADS = colors.HexColor("#b0543d")
TILE_FRONT = CardFrame(paper=colors.white, safe_inset=2 * mm)
NAME_DROP = 4.3 * mm
"""An accuracy tile's name line, top edge to baseline: its capitals stay over 2 mm inside the
cut the tile shares with the one above, so a cut that far off shows no letters."""
TILE_BACK = CardFrame(paper=colors.HexColor("#dbe7f1"))


def components(game: Biathlon, context: BuildContext) -> list[Component]:
    rulebook = render_markup(
        context.templates,
        "rulebook.md.j2",
        model=game,
        title=TITLE,
        edition=context.edition,
        colours=ordered_colours(game),
        skill=SKILL_WORDS,
        wax_gives=WAX_WORDS,
        steps=step_kinds(game),
        discard=DISCARD,
        remove=REMOVE,
        same_turn=[c for c in ordered_colours(game) if c.colour not in NEXT_TURN_COACHES],
        next_turn=[c for c in ordered_colours(game) if c.colour in NEXT_TURN_COACHES],
        trails=trails(game),
        box=box_contents(game),
        pulse_limit=PULSE_LIMIT,
        hits_max=HITS_MAX,
        dice=DICE,
        die_faces=DIE_FACES,
        laps=LAPS,
        signed=signed,
        joined=joined,
    )
    return [
        Component(
            "rulebook",
            partial(_rulebook, rulebook, game, context.paper),
            printing=Printing("Rulebook", double_sided=True),
        ),
        Component(
            "skiing-cards",
            partial(_skiing_cards, game, context.paper),
            reads=frozenset({"Cards", "Biathletes", "Colours"}),
            printing=Printing.double_sided_pieces(
                "Skiing cards",
                how="Cut out along the solid lines. Sort the cards into the biathletes' decks "
                "by their backs.",
            ),
        ),
        Component(
            "accuracy-tiles",
            partial(_accuracy_tiles, game, context.paper),
            reads=frozenset({"Biathletes", "Colours"}),
            printing=Printing.double_sided_pieces(
                "Accuracy tiles",
                how="Cut out along the solid lines.",
            ),
        ),
        Component(
            "standees",
            partial(_standees, game, context.paper),
            reads=frozenset({"Biathletes", "Colours"}),
            printing=Printing("Biathlete standees", card_stock=True, pieces=True, how=STANDEE_HOW),
        ),
        Component(
            "tokens-and-dice",
            partial(pieces.write_pieces, game, context.paper),
            reads=frozenset({"Box", "Colours"}),
            printing=Printing("Tokens and dice", card_stock=True, pieces=True, how=pieces.HOW),
        ),
        *boards.components(game, context),
        *trail_boards.components(game, context),
    ]


# --- how figures are printed -----------------------------------------------------------------


def joined(words: Sequence[object]) -> str:
    """red, black and yellow."""
    texts = [str(word) for word in words]
    return texts[0] if len(texts) == 1 else ", ".join(texts[:-1]) + " and " + texts[-1]


def background_word(action: Action) -> str:
    return REMOVE if action.removes else DISCARD


# --- facts the rulebook reads from the model -------------------------------------------------


@dataclass(frozen=True)
class StepKind:
    terrain: str
    colour: str
    usable_on: tuple[str, ...]


def step_kinds(game: Biathlon) -> list[StepKind]:
    """Each kind of step and the terrain it may be spent on: its own and any easier one (the
    model lists the terrains from the hardest to the easiest)."""
    return [
        StepKind(terrain, step_colour(game, terrain), TERRAINS[index:])
        for index, terrain in enumerate(TERRAINS)
    ]


@dataclass(frozen=True)
class CoachZone:
    space: int
    colour: str
    count: int
    laps: tuple[int, ...]


@dataclass(frozen=True)
class Trail:
    """One trail as the rulebook describes it, counted on the course graph."""

    course: Course
    venue: str
    lap: int
    """Spaces from the start line through the range and back onto it (laps 1 and 2)."""
    final_lap: int
    """Spaces from the start line to the finish (lap 3)."""
    home: int
    """Spaces from the mat of the second shooting to the finish."""
    spaces: int
    single_lane: int
    terrain: dict[str, int]
    """Spaces of each terrain entered over the whole race."""
    coach_zones: tuple[CoachZone, ...]


def trails(game: Biathlon) -> list[Trail]:
    """The trails in World Cup order."""
    return [_trail(game.courses[course]) for course in ORDER]


def _trail(course: Course) -> Trail:
    race = track(course)
    start = race[0]
    crossings = [index for index, space in enumerate(race) if space == start]
    laps_at: dict[int, set[int]] = {}
    for index, space in enumerate(race):
        laps_at.setdefault(space, set()).add(sum(1 for c in crossings if c <= index))
    zones = tuple(
        CoachZone(space, here.coach_colour, here.coach_count, tuple(sorted(laps_at[space])))
        for space in dict.fromkeys(race)
        if (here := course.spaces[space]).coach_colour is not None
    )
    terrain = {kind: sum(1 for s in race if course.spaces[s].terrain == kind) for kind in TERRAINS}
    counted = laps(course)
    return Trail(
        course=course,
        venue=course.venue_name,
        lap=counted.lengths[0],
        final_lap=counted.lengths[-1],
        home=counted.to_finish,
        spaces=len(laps_at),
        single_lane=sum(1 for s in laps_at if course.spaces[s].lanes == 1),
        terrain=terrain,
        coach_zones=zones,
    )


@dataclass(frozen=True)
class BoxContents:
    common: int
    personal: int
    skiing_cards: int
    motivation: int


def box_contents(game: Biathlon) -> BoxContents:
    """The skiing cards in a biathlete's tuck box and in the whole game."""
    first = next(iter(game.biathletes))
    deck = game.deck_of(first)
    return BoxContents(
        common=sum(1 for card in deck if card.kind == "common"),
        personal=sum(1 for card in deck if card.kind == "personal"),
        skiing_cards=len(skiing_cards(game)),
        motivation=len(game.motivation_deck()),
    )


# --- the rulebook ---------------------------------------------------------------------------


def _rulebook(text: str, game: Biathlon, paper: Paper, path: Path) -> None:
    build_markup_book(
        path,
        paper,
        text,
        named_tables(game),
        title=f"{TITLE}: Rules",
        author=AUTHOR,
        subject="Rules",
    )


def named_tables(game: Biathlon) -> dict[str, TableSource]:
    return {
        "colours": partial(_colours_table, game),
        "steps": partial(_steps_table, game),
        "coach_zones": partial(_coach_zones_table, game),
        "range_actions": partial(_range_actions_table, game),
        "accuracy": _accuracy_table,
        "hits": partial(_hits_table, game),
        "world_cup": partial(_world_cup_table, game),
        "trails": partial(_trails_table, game),
        "biathletes": partial(_biathletes_table, game),
    }


def _table(
    header: Sequence[str],
    rows: Sequence[Sequence[object]],
    widths: Sequence[float],
    font_size: float = 9,
) -> Flowable:
    """A small rules table, never split by a page: a table read across a page turn is misread."""
    table: Table = data_table(header, rows, col_widths=widths, font_size=font_size)
    table.hAlign, table.spaceBefore, table.spaceAfter = "LEFT", 2, 8
    return KeepTogether([table])


def _colours_table(game: Biathlon) -> Flowable:
    rows = [
        [c.order, c.colour, SKILL_WORDS[c.skill], c.bullets, c.wax, WAX_WORDS[c.wax_effect]]
        for c in ordered_colours(game)
    ]
    header = ["Order", "Skis", "Skill", "Bullets", "Wax", "Each wax gives"]
    return _table(header, rows, [13 * mm, 16 * mm, 38 * mm, 15 * mm, 12 * mm, 40 * mm])


def _steps_table(game: Biathlon) -> Flowable:
    rows = [
        [f"{kind.terrain} step", kind.colour, ", ".join(kind.usable_on)]
        for kind in step_kinds(game)
    ]
    return _table(["Step", "Printed in", "Spent on"], rows, [28 * mm, 22 * mm, 50 * mm])


def _coach_zones_table(game: Biathlon) -> Flowable:
    rows = [
        [
            c.colour,
            "a bullet" if gives_bullets(c) else f"a {c.colour} wax",
            BULLET_USES if gives_bullets(c) else WAX_WORDS[c.wax_effect],
            "your next turn" if c.colour in NEXT_TURN_COACHES else "the same turn",
        ]
        for c in ordered_colours(game)
    ]
    header = ["Zone", "Each icon counts as", "Which gives", "Use it on"]
    return _table(header, rows, [16 * mm, 36 * mm, 38 * mm, 30 * mm])


def _range_actions_table(game: Biathlon) -> Flowable:
    rows = [
        [
            action.action,
            f"{action.uphill_per_hit} uphill per hit" if action.uphill_per_hit else "none",
            signed(action.pulse),
            "removed (icy)" if action.removes else "discarded (snowy)",
            "leave" if action.leaves_range else "stay",
        ]
        for action in game.range_actions.values()
    ]
    header = ["Range action", "Steps", "Action cost", "Card played", "Shooting mat"]
    return _table(header, rows, [26 * mm, 32 * mm, 22 * mm, 32 * mm, 24 * mm])


def _accuracy_table() -> Flowable:
    rows = [
        [band.name, number_range(band.first, band.last), ordinal(position)]
        for position, band in enumerate(pulse_bands(), start=1)
    ]
    return _table(["Pulse", "Marker on", "Bib digit read"], rows, [22 * mm, 22 * mm, 28 * mm])


def ordinal(number: int) -> str:
    return {1: "first", 2: "second", 3: "third"}[number]


def _hits_table(game: Biathlon) -> Flowable:
    per_hit = game.range_actions["shoot"].uphill_per_hit
    hits = range(HITS_MAX + 1)
    return _table(
        ["Hits", *(str(h) for h in hits)],
        [["Uphill steps", *(h * per_hit for h in hits)]],
        [24 * mm] + [12 * mm] * len(hits),
    )


def _world_cup_table(game: Biathlon) -> Flowable:
    places = sorted(game.world_cup_points)
    return _table(
        ["Place", *(ordinal_place(p) for p in places)],
        [["Points", *(game.world_cup_points[p] for p in places)]],
        [20 * mm] + [14 * mm] * len(places),
    )


def ordinal_place(place: int) -> str:
    """1st to 6th: a race has at most six biathletes."""
    return {1: "1st", 2: "2nd", 3: "3rd"}.get(place, f"{place}th")


def _trails_table(game: Biathlon) -> Flowable:
    rows = [
        [
            race,
            f"{trail.venue}: {trail.course.name}",
            trail.lap,
            trail.final_lap,
            " / ".join(str(trail.terrain[t]) for t in TERRAINS),
            trail.single_lane,
            len(trail.coach_zones),
        ]
        for race, trail in enumerate(trails(game), start=1)
    ]
    header = [
        "Race",
        "Trail",
        "Laps 1 and 2",
        "Lap 3",
        "Uphill / flat / downhill entered",
        "Single-lane spaces",
        "Coach zones",
    ]
    widths = [12 * mm, 36 * mm, 18 * mm, 14 * mm, 34 * mm, 22 * mm, 18 * mm]
    return _table(header, rows, widths)


def _biathletes_table(game: Biathlon) -> Flowable:
    colours = ordered_colours(game)
    rows = [
        [b.name, b.country, b.bib, *(b.skills[c.skill] for c in colours)]
        for b in game.biathletes.values()
    ]
    header = [
        "Biathlete",
        "Country",
        "Bib",
        *(f"{c.colour.capitalize()}: {SKILL_WORDS[c.skill]}" for c in colours),
    ]
    widths = [32 * mm, 16 * mm, 10 * mm] + [18.5 * mm] * len(colours)
    return _table(header, rows, widths, font_size=8)


# --- drawing helpers ------------------------------------------------------------------------


# --- the skiing cards -----------------------------------------------------------------------


@dataclass(frozen=True)
class SkiingCard:
    """One printed skiing card: the card, and the biathlete whose box it goes in (None for a
    motivation card, which belongs to no box)."""

    card: Card
    biathlete: Biathlete | None


def skiing_cards(game: Biathlon) -> list[SkiingCard]:
    """Each biathlete's box in turn (common cards, then personal ones), then the motivation deck."""
    boxes = [
        SkiingCard(card, biathlete)
        for biathlete in game.biathletes.values()
        for card in game.deck_of(biathlete.id)
    ]
    return boxes + [SkiingCard(card, None) for card in game.motivation_deck()]


def _skiing_cards(game: Biathlon, paper: Paper, path: Path) -> None:
    impose(
        path,
        paper,
        skiing_cards(game),
        partial(_card_front, game),
        partial(_card_back, game),
        size=SKIING_CARD,
        title=f"{TITLE}: skiing cards",
        author=AUTHOR,
    )


CARD_FRONT = CardFrame(paper=colors.white, safe_inset=3.5 * mm)
BIATHLETE_BACK = CardFrame(
    paper=NIGHT, safe_inset=4 * mm, radius=3 * mm, line=colors.white, line_width=1
)
"""A box's own back: white lines and lettering on the night sky."""
MOTIVATION_BACK = replace(BIATHLETE_BACK, paper=CROWD)
BACK_TITLE_DROP = 12 * mm
BACK_TITLE_SIZE = 12.0
BADGE = 12 * mm
HEADER = 19.5 * mm
"""From the card's top edge to its top action."""
PANEL = 29.5 * mm
PANEL_GAP = 2 * mm
PANEL_PAD = 2.2 * mm
STEP_BOX = Size("step box", 11.5 * mm, 13 * mm)
STEP_GAP = 1.6 * mm
HEART = 12 * mm
SNOWFLAKES = ((0.07, 0.3), (0.23, 0.23), (0.39, 0.33), (0.55, 0.25), (0.71, 0.34), (0.88, 0.27))
"""Where the flakes fall on a snowy panel, as fractions of its width and height."""
CIRCLE = 2.4 * mm
CIRCLE_COLOURS = {"common": INK["black"], "personal": GOLD}
"""The circle icon by card kind; a motivation card has none."""


def _card_front(game: Biathlon, canvas: Canvas, item: SkiingCard, slot: Slot) -> None:
    x, y, width, height = slot.trim
    safe = card_face(canvas, slot, CARD_FRONT)
    _initiative(canvas, item.card, safe.x, safe.y + safe.height)
    _card_title(canvas, item, safe)
    first = y + height - HEADER - PANEL
    for index, action in enumerate((item.card.top, item.card.bottom)):
        panel = Rect(safe.x, first - index * (PANEL + PANEL_GAP), safe.width, PANEL)
        _action_panel(game, canvas, action, panel)
    canvas.setFillColor(INK["black"])
    centred(canvas, KIND_LABELS[item.card.kind], x + width / 2, y + 3.4 * mm, BODY_BOLD, 6)


def _initiative(canvas: Canvas, card: Card, left: float, top: float) -> None:
    """A red number, or a die of its colour (with x2 when doubled) named underneath."""
    centre = left + BADGE / 2
    middle = top - BADGE / 2
    if card.initiative_die is None:
        canvas.setFillColor(INK["red"])
        canvas.roundRect(left, top - BADGE, BADGE, BADGE, 2 * mm, stroke=0, fill=1)
        canvas.setFillColor(colors.white)
        centred(canvas, str(card.initiative), centre, middle - 7.5, BODY_BOLD, 21)
        return
    die = card.initiative_die
    canvas.setFillColor(INK[die])
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(0.6)
    canvas.roundRect(left, top - BADGE, BADGE, BADGE, 2.5 * mm, stroke=1, fill=1)
    canvas.setStrokeColor(ink_on(die))
    canvas.setLineWidth(0.5)
    inner = 1.3 * mm
    canvas.roundRect(
        left + inner, top - BADGE + inner, BADGE - 2 * inner, BADGE - 2 * inner, 1.6 * mm
    )
    if card.initiative_double:
        canvas.setFillColor(ink_on(die))
        centred(canvas, "\u00d72", centre, middle - 5, BODY_BOLD, 15)
    canvas.setFillColor(INK["black"])
    caption = die_caption(die)
    centred(canvas, caption, centre, top - BADGE - 2.6 * mm, BODY_BOLD, 6, BADGE + 2 * mm)


def _card_title(canvas: Canvas, item: SkiingCard, safe: Rect) -> None:
    """The name, the owner under it, and the circle icon in the top right corner."""
    left = safe.x + BADGE + 2.5 * mm
    top = safe.y + safe.height
    circle_x = safe.x + safe.width - CIRCLE
    room = circle_x - CIRCLE - 1.5 * mm - left
    canvas.setFillColor(INK["black"])
    canvas.setFont(BODY_BOLD, fitted(item.card.name, BODY_BOLD, 11, room))
    canvas.drawString(left, top - 4.6 * mm, item.card.name)
    if item.biathlete is not None:
        owner = item.biathlete.name
        canvas.setFont(BODY_ITALIC, fitted(owner, BODY_ITALIC, 7.5, room))
        canvas.drawString(left, top - 8.8 * mm, owner)
    if item.card.kind in CIRCLE_COLOURS:
        canvas.setFillColor(CIRCLE_COLOURS[item.card.kind])
        canvas.setStrokeColor(INK["black"])
        canvas.setLineWidth(0.5)
        canvas.circle(circle_x, top - CIRCLE, CIRCLE, stroke=1, fill=1)


def _action_panel(game: Biathlon, canvas: Canvas, action: Action, panel: Rect) -> None:
    """Steps per terrain, the pulse cost in a heart, the wind symbol and the background."""
    canvas.setFillColor(ICE if action.removes else SNOW)
    canvas.roundRect(*panel, radius=2 * mm, stroke=0, fill=1)
    (_ice_cracks if action.removes else _snowflakes)(canvas, panel)
    ink = colors.white if action.removes else INK["black"]
    box_top = panel.y + panel.height - PANEL_PAD
    label_y = box_top - STEP_BOX.height - 2.6 * mm
    canvas.setLineWidth(0.6)
    for index, terrain in enumerate(TERRAINS):
        colour = step_colour(game, terrain)
        left = panel.x + PANEL_PAD + index * (STEP_BOX.width + STEP_GAP)
        centre = left + STEP_BOX.width / 2
        canvas.setFillColor(INK[colour])
        canvas.setStrokeColor(colors.white)
        bottom = box_top - STEP_BOX.height
        canvas.roundRect(left, bottom, STEP_BOX.width, STEP_BOX.height, 1.3 * mm, stroke=1, fill=1)
        canvas.setFillColor(ink_on(colour))
        steps = str(getattr(action, terrain))
        centred(canvas, steps, centre, bottom + 3.4 * mm, BODY_BOLD, 23)
        canvas.setFillColor(ink)
        centred(canvas, TERRAIN_LABELS[terrain], centre, label_y, BODY_BOLD, 6, STEP_BOX.width)
    heart_x = panel.x + panel.width - PANEL_PAD - HEART / 2
    heart_y = box_top - STEP_BOX.height / 2
    _heart(canvas, heart_x, heart_y, HEART)
    canvas.setFillColor(colors.white)
    centred(canvas, signed(action.pulse), heart_x, heart_y - 1 * mm, BODY_BOLD, 13, HEART * 0.7)
    canvas.setFillColor(ink)
    centred(canvas, PULSE_LABEL, heart_x, label_y, BODY_BOLD, 6)
    baseline = panel.y + 2.2 * mm
    canvas.setFont(BODY_BOLD, 6.5)
    if action.wind:
        canvas.drawString(panel.x + PANEL_PAD + 8.5 * mm, baseline, WIND_LABEL)
        _wind_symbol(canvas, panel.x + PANEL_PAD, baseline - 0.4 * mm, ink)
    canvas.drawRightString(panel.x + panel.width - PANEL_PAD, baseline, background_word(action))


def _snowflakes(canvas: Canvas, panel: Rect) -> None:
    """A light, snowy background: six-armed flakes in the space under the steps."""
    canvas.setStrokeColor(SNOWFLAKE)
    canvas.setLineWidth(0.4)
    arm = 0.9 * mm
    for rx, ry in SNOWFLAKES:
        fx, fy = panel.x + rx * panel.width, panel.y + ry * panel.height
        for degrees in (90, 30, -30):
            dx, dy = arm * math.cos(math.radians(degrees)), arm * math.sin(math.radians(degrees))
            canvas.line(fx - dx, fy - dy, fx + dx, fy + dy)


def _ice_cracks(canvas: Canvas, panel: Rect) -> None:
    """A dark, icy background: a few thin cracks across the panel."""
    canvas.setStrokeColor(ICE_CRACK)
    canvas.setLineWidth(0.4)
    for start, bends in (
        ((0.05, 0.85), ((0.22, 0.62), (0.3, 0.7), (0.48, 0.4))),
        ((0.55, 0.95), ((0.62, 0.7), (0.8, 0.62), (0.95, 0.3))),
        ((0.1, 0.1), ((0.35, 0.22), (0.52, 0.08), (0.7, 0.18))),
    ):
        path = canvas.beginPath()
        path.moveTo(panel.x + start[0] * panel.width, panel.y + start[1] * panel.height)
        for bx, by in bends:
            path.lineTo(panel.x + bx * panel.width, panel.y + by * panel.height)
        canvas.drawPath(path, stroke=1, fill=0)


def _heart(canvas: Canvas, cx: float, cy: float, size: float) -> None:
    """The pulse icon: a red heart `size` wide, centred on (cx, cy)."""
    half = size / 2
    path = canvas.beginPath()
    path.moveTo(cx, cy - half)
    path.curveTo(
        cx - 0.2 * size, cy - 0.3 * size, cx - half, cy - 0.1 * size, cx - half, cy + 0.15 * size
    )
    path.curveTo(
        cx - half, cy + 0.45 * size, cx - 0.1 * size, cy + 0.5 * size, cx, cy + 0.28 * size
    )
    path.curveTo(
        cx + 0.1 * size, cy + 0.5 * size, cx + half, cy + 0.45 * size, cx + half, cy + 0.15 * size
    )
    path.curveTo(cx + half, cy - 0.1 * size, cx + 0.2 * size, cy - 0.3 * size, cx, cy - half)
    path.close()
    canvas.setFillColor(INK["red"])
    canvas.setStrokeColor(colors.white)
    canvas.setLineWidth(0.6)
    canvas.drawPath(path, stroke=1, fill=1)


def _wind_symbol(canvas: Canvas, x: float, y: float, ink: colors.Color) -> None:
    """Three gusts ending in curls, about 8 mm wide, from (x, y) upwards."""
    canvas.setStrokeColor(ink)
    canvas.setLineWidth(0.8)
    canvas.setLineCap(1)
    for row, length in enumerate((5.0, 6.5, 4.0)):
        gy = y + row * 1.2 * mm
        end = x + length * mm
        path = canvas.beginPath()
        path.moveTo(x, gy)
        path.lineTo(end, gy)
        path.curveTo(end + 1.1 * mm, gy, end + 1.1 * mm, gy + 1 * mm, end + 0.2 * mm, gy + 1 * mm)
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.setLineCap(0)


def _card_back(game: Biathlon, canvas: Canvas, item: SkiingCard, slot: Slot) -> None:
    if item.biathlete is None:
        _motivation_back(canvas, slot)
    else:
        _biathlete_back(game, canvas, item.biathlete, slot)


def _back_frame(canvas: Canvas, slot: Slot, frame: CardFrame) -> tuple[float, float]:
    """The back's ground, its line round the safe zone and the title; returns the card's
    centre line and top."""
    x, y, width, height = slot.trim
    safe_outline(canvas, card_face(canvas, slot, frame), frame)
    canvas.setFillColor(frame.title_ink)
    centred(canvas, TITLE, x + width / 2, y + height - BACK_TITLE_DROP, BODY_BOLD, BACK_TITLE_SIZE)
    return x + width / 2, y + height


def _biathlete_back(game: Biathlon, canvas: Canvas, biathlete: Biathlete, slot: Slot) -> None:
    """The box's own back: the flag, the name, the country and the bib."""
    centre, top = _back_frame(canvas, slot, BIATHLETE_BACK)
    flag = Rect(centre - 21 * mm, top - 46 * mm, 42 * mm, 27 * mm)
    draw_flag(canvas, game, biathlete, flag)
    canvas.setFillColor(colors.white)
    centred(canvas, biathlete.name, centre, flag.y - 7 * mm, BODY_BOLD, 13, 50 * mm)
    centred(canvas, biathlete.country, centre, flag.y - 12 * mm, BODY, 10)
    _bib(canvas, biathlete.bib, centre, flag.y - 23 * mm, 17 * mm, 13)


def _bib(canvas: Canvas, bib: str, cx: float, cy: float, width: float, size: float) -> None:
    """A race bib: the bib number on a white plate."""
    height = width * 0.55
    canvas.setFillColor(colors.white)
    canvas.setStrokeColor(INK["black"])
    canvas.setLineWidth(0.6)
    canvas.roundRect(cx - width / 2, cy - height / 2, width, height, height * 0.2, stroke=1, fill=1)
    canvas.setFillColor(INK["black"])
    centred(canvas, bib, cx, cy - size * 0.35, BODY_BOLD, size)


def _motivation_back(canvas: Canvas, slot: Slot) -> None:
    """The shared back of the motivation deck: a cheering crowd."""
    centre, top = _back_frame(canvas, slot, MOTIVATION_BACK)
    centred(canvas, KIND_LABELS["motivation"], centre, top - 40 * mm, BODY_BOLD, 18)
    canvas.setFont(BODY_ITALIC, 9)
    canvas.drawCentredString(centre, top - 46 * mm, "from the crowd at the start line")
    canvas.setFillColor(CROWD_HEADS)
    x, y, width, _ = slot.trim
    for row in range(3):
        for column in range(9 - row % 2):
            hx = x + 9 * mm + column * (width - 18 * mm) / 8 + (row % 2) * (width - 18 * mm) / 16
            canvas.circle(hx, y + 10.5 * mm + row * 5 * mm, 2.1 * mm, stroke=0, fill=1)


# --- the accuracy tiles ---------------------------------------------------------------------


def _accuracy_tiles(game: Biathlon, paper: Paper, path: Path) -> None:
    impose(
        path,
        paper,
        list(game.biathletes.values()),
        _tile_front,
        partial(_tile_back, game),
        size=ACCURACY_TILE,
        title=f"{TITLE}: accuracy tiles",
        author=AUTHOR,
    )


def hits_on(face: int) -> str:
    return f"hits on {face} or more"


def _tile_front(canvas: Canvas, biathlete: Biathlete, slot: Slot) -> None:
    """Under each pulse band, the die face the biathlete hits on: the bib's digits."""
    width, top = slot.trim.width, slot.trim.y + slot.trim.height
    safe = card_face(canvas, slot, TILE_FRONT)
    canvas.setFillColor(INK["black"])
    canvas.setFont(BODY_BOLD, fitted(biathlete.name, BODY_BOLD, 8, width * 0.6))
    canvas.drawString(safe.x, top - NAME_DROP, biathlete.name)
    canvas.setFont(BODY_BOLD, 6)
    canvas.drawRightString(safe.x + safe.width, top - NAME_DROP, "ACCURACY")
    column = safe.width / len(BAND_NAMES)
    for index, band in enumerate(pulse_bands()):
        left = safe.x + index * column
        centre = left + column / 2
        canvas.setFillColor(BAND_TINTS[index])
        canvas.rect(left + 0.3 * mm, top - 8.6 * mm, column - 0.6 * mm, 3.6 * mm, stroke=0, fill=1)
        canvas.setFillColor(INK["black"])
        label = f"{band.name.upper()} {number_range(band.first, band.last)}"
        centred(canvas, label, centre, top - 7.7 * mm, BODY_BOLD, 6, column)
        face = biathlete.accuracy(band.first)
        centred(canvas, str(face), centre, top - 14.2 * mm, BODY_BOLD, 16)
        centred(canvas, hits_on(face), centre, top - 17.4 * mm, BODY, 6, column)


def _tile_back(game: Biathlon, canvas: Canvas, biathlete: Biathlete, slot: Slot) -> None:
    x, y, width, _ = slot.trim
    card_face(canvas, slot, TILE_BACK)
    draw_flag(canvas, game, biathlete, Rect(x + 3 * mm, y + 4 * mm, 19 * mm, 12 * mm))
    canvas.setFillColor(INK["black"])
    text_x = x + 25 * mm
    canvas.setFont(BODY_BOLD, fitted(biathlete.name, BODY_BOLD, 9, width - 27 * mm))
    canvas.drawString(text_x, y + 11.5 * mm, biathlete.name)
    canvas.setFont(BODY, 7)
    canvas.drawString(text_x, y + 6.5 * mm, f"{biathlete.country}  \u00b7  bib {biathlete.bib}")


# --- the standees ---------------------------------------------------------------------------


STANDEE_PANEL = Size("standee panel", 34 * mm, 50 * mm)
STANDEE_TAB = Size("standee tab", 16 * mm, 9 * mm)
STANDEE_GAP = 10 * mm
"""Between neighbouring standees: room for the scissors."""
TAB_GLUE_INSET = 1.5 * mm
STANDEE_HOW = (
    "Cut the solid outline. Fold the panels back to back on the dashed line and glue them. "
    "Fold both tabs on their dashed lines, push them through the slit of a ski base, fold "
    "them out flat underneath, one each way, and glue them on the dotted areas."
)


@dataclass(frozen=True)
class StandeeGrid:
    columns: int
    rows: int
    left: float
    top: float

    @property
    def per_page(self) -> int:
        return self.columns * self.rows


def standee_grid(paper: Paper) -> StandeeGrid:
    """As many standees as fit inside the printable margin, under the sheet's heading."""
    width, height = STANDEE_PANEL.width, 2 * (STANDEE_PANEL.height + STANDEE_TAB.height)
    room_x = paper.width - 2 * PRINTABLE_MARGIN
    room_y = paper.height - 2 * PRINTABLE_MARGIN - SHEET_HEAD
    columns = math.floor((room_x + STANDEE_GAP) / (width + STANDEE_GAP))
    rows = math.floor((room_y + STANDEE_GAP) / (height + STANDEE_GAP))
    span_x = columns * width + (columns - 1) * STANDEE_GAP
    span_y = rows * height + (rows - 1) * STANDEE_GAP
    top = paper.height - PRINTABLE_MARGIN - SHEET_HEAD - (room_y - span_y) / 2
    return StandeeGrid(columns, rows, (paper.width - span_x) / 2, top)


def _standees(game: Biathlon, paper: Paper, path: Path) -> None:
    grid = standee_grid(paper)
    biathletes = list(game.biathletes.values())
    pages = [
        biathletes[start : start + grid.per_page]
        for start in range(0, len(biathletes), grid.per_page)
    ]
    draw_pages(
        path,
        paper,
        [partial(_standee_page, game, paper, grid, group) for group in pages],
        title=f"{TITLE}: standees",
        author=AUTHOR,
        subject=f"{len(biathletes)} fold-over biathlete standees",
    )


def _standee_page(
    game: Biathlon, paper: Paper, grid: StandeeGrid, group: list[Biathlete], canvas: Canvas
) -> None:
    """The heading and the page's standees; the page is cut round their outlines, and as
    nothing of a standee is printed outside its outline, its bleed is its cut."""
    sheet_heading(canvas, paper, f"{TITLE}: biathlete standees", STANDEE_HOW)
    height = 2 * (STANDEE_PANEL.height + STANDEE_TAB.height)
    outlines = []
    for index, biathlete in enumerate(group):
        row, column = divmod(index, grid.columns)
        left = grid.left + column * (STANDEE_PANEL.width + STANDEE_GAP)
        bottom = grid.top - row * (height + STANDEE_GAP) - height
        _standee(game, canvas, biathlete, left, bottom)
        outlines.append(Rect(left, bottom, STANDEE_PANEL.width, height))
    cut = bounding(outlines)
    set_page_boxes(canvas, (paper.width, paper.height), trim=cut, bleed=cut)


def _standee(
    game: Biathlon, canvas: Canvas, biathlete: Biathlete, left: float, bottom: float
) -> None:
    """Tab, front panel, fold, back panel upside down, tab: folded, the back faces away."""
    panel, tab = STANDEE_PANEL, STANDEE_TAB
    fold = bottom + tab.height + panel.height
    canvas.saveState()
    canvas.translate(left, bottom + tab.height)
    _standee_panel(game, canvas, biathlete, facing=1)
    canvas.restoreState()
    # Turned half a circle, the back panel reads upright from behind once folded over the top.
    canvas.saveState()
    canvas.translate(left + panel.width, fold + panel.height)
    canvas.rotate(180)
    _standee_panel(game, canvas, biathlete, facing=-1)
    canvas.restoreState()
    line(canvas, CUT)
    canvas.drawPath(_standee_outline(canvas, left, bottom), stroke=1, fill=0)
    tab_left = left + (panel.width - tab.width) / 2
    low, high = bottom + tab.height, fold + panel.height
    line(canvas, FOLD)
    canvas.line(left, fold, left + panel.width, fold)
    for root in (low, high):
        canvas.line(tab_left, root, tab_left + tab.width, root)
    line(canvas, GLUE)
    for tab_bottom in (bottom, high):
        inset = TAB_GLUE_INSET
        canvas.rect(
            tab_left + inset,
            tab_bottom + inset,
            tab.width - 2 * inset,
            tab.height - 2 * inset,
            stroke=1,
            fill=0,
        )
    plain_line(canvas)


def _standee_outline(canvas: Canvas, left: float, bottom: float) -> PDFPathObject:
    """The cut, in one line round the bottom tab, both panels and the top tab."""
    panel, tab = STANDEE_PANEL, STANDEE_TAB
    tab_left = left + (panel.width - tab.width) / 2
    tab_right = tab_left + tab.width
    right = left + panel.width
    low, high = bottom + tab.height, bottom + tab.height + 2 * panel.height
    top = high + tab.height
    path = canvas.beginPath()
    points = [
        (tab_left, bottom),
        (tab_right, bottom),
        (tab_right, low),
        (right, low),
        (right, high),
        (tab_right, high),
        (tab_right, top),
        (tab_left, top),
        (tab_left, high),
        (left, high),
        (left, low),
        (tab_left, low),
    ]
    path.moveTo(*points[0])
    for point in points[1:]:
        path.lineTo(*point)
    path.close()
    return path


def _standee_panel(game: Biathlon, canvas: Canvas, biathlete: Biathlete, *, facing: int) -> None:
    """One side of a standee in its own upright coordinates: flag at the foot, skier, name.

    The back panel passes facing=-1: seen from behind, the skier faces the other way.
    """
    width, height = STANDEE_PANEL.width, STANDEE_PANEL.height
    canvas.setFillColor(SNOW)
    canvas.rect(0, 0, width, height, stroke=0, fill=1)
    draw_flag(canvas, game, biathlete, Rect(0, 0, width, 7 * mm))
    canvas.setFillColor(INK["black"])
    centred(canvas, biathlete.name, width / 2, height - 5 * mm, BODY_BOLD, 9, width - 3 * mm)
    centred(canvas, biathlete.country, width / 2, height - 8.8 * mm, BODY, 7)
    foot, tall = 9 * mm, height - 21 * mm
    _skier(canvas, width / 2, foot, tall, facing)
    chest = (width / 2 + facing * 0.04 * tall, foot + 0.6 * tall)  # halfway up the body
    _bib(canvas, biathlete.bib, *chest, 7.5 * mm, 6.5)


def _skier(canvas: Canvas, cx: float, base: float, tall: float, facing: int) -> None:
    """A gliding skier drawn in strokes, `tall` high, facing right (1) or left (-1)."""
    unit = tall / 100

    def at(px: float, py: float) -> tuple[float, float]:
        return cx + facing * px * unit, base + py * unit

    canvas.setStrokeColor(NIGHT)
    canvas.setLineCap(1)
    canvas.setLineJoin(1)
    canvas.setLineWidth(0.9)
    for pole in (((24, 58), (4, 2)), ((-6, 56), (-26, 4))):
        canvas.line(*at(*pole[0]), *at(*pole[1]))
    canvas.setLineWidth(2.4)
    for limb in (
        ((0, 46), (12, 26), (6, 4)),  # front leg
        ((0, 46), (-10, 26), (-22, 6)),  # back leg
        ((0, 46), (8, 78)),  # body
        ((8, 78), (24, 58)),  # front arm
        ((8, 78), (-6, 56)),  # back arm
    ):
        path = canvas.beginPath()
        path.moveTo(*at(*limb[0]))
        for point in limb[1:]:
            path.lineTo(*at(*point))
        canvas.drawPath(path, stroke=1, fill=0)
    canvas.setLineWidth(1.2)
    ski = canvas.beginPath()
    ski.moveTo(*at(-40, 2))
    ski.lineTo(*at(40, 2))
    ski.curveTo(*at(46, 2), *at(48, 5), *at(47, 8))
    canvas.drawPath(ski, stroke=1, fill=0)
    canvas.setFillColor(NIGHT)
    canvas.circle(*at(12, 89), 7 * unit, stroke=0, fill=1)
    canvas.setLineCap(0)
    canvas.setLineJoin(0)
