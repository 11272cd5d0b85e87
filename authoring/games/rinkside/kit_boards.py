"""RINKSIDE HOCKEY's table pieces: the scoreboard, the game tiles, the goalie backdrops, the
pawns and markers, and the score sheet.

The scoreboard lies between the two teams (seed L73). It prints no team's name, since any two
clubs may meet: the sides are VISITOR and HOME. The clock runs in :30 steps (L170), three
periods of 20:00 (README §9 Q11), so its track has 40 spaces, each named by the time left
when the timing pawn stands on it, and an END box the pawn reaches when the period is over.

The tiles a team lays beside it (hitting strategy, momentum level) and its goalie backdrop,
line pawn and pair pawn are printed once per club in the club's colour with its
abbreviation: the seed gives them per team, any two clubs may meet, and the colour tells
at a glance whose tile is whose. A backdrop reads GOOD GAME on one side and BAD GAME on the
other: a goalie starts with one, the other or neither (L110-L112), so one piece per club is
enough. He climbs on to a Very Good and a Great Game (L556-L566): a goalie-level tile per club,
VERY GOOD GAME on one side and GREAT GAME on the other, is laid on the backdrop's GOOD GAME
band, which is a tile's size, so the goalie card never moves and the band always names his
level; it prints on the game-tile sheets, as tall as the other tiles. Officiating and
game-intensity tiles belong to the game, not a team: one set each.

The meters need markers that the seed never lists: one for the chippiness meter, one per
club for its momentum meter and one for the period boxes, printed with the pawns.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from functools import partial
from pathlib import Path

from reportlab.lib import colors
from reportlab.lib.units import mm
from reportlab.pdfgen.canvas import Canvas

from authoring.components import BuildContext, Component, Printing
from authoring.games.rinkside.kit_cards import PLAYER_CARD
from authoring.games.rinkside.model import INTENSITIES, MomentumLevel, Rinkside, Team
from authoring.render.cards import SMALLEST
from authoring.render.colours import ink_on
from authoring.render.document import draw_pages
from authoring.render.fonts import BODY, BODY_BOLD, draw_centred
from authoring.render.imposition import Rect, Slot, impose
from authoring.render.paper import COUNTER_SIZES, PRINTABLE_MARGIN, Paper, Size
from authoring.render.scoresheet import (
    ScoreSheet,
    SheetColumn,
    SheetField,
    SheetStyle,
    draw_score_sheet,
)
from authoring.render.tokens import TokenFace, TokenStyle, draw_token
from authoring.render.tracks import Span, Track, TrackStyle, draw_track, track_size
from authoring.render.words import number_range

TITLE = "RINKSIDE HOCKEY"
AUTHOR = "authoring (from the RINKSIDE HOCKEY workbook)"

# --- the game's figures the pieces print ---------------------------------------------------

PERIODS = 3
"""README §9 Q11: three periods."""
PERIOD_SECONDS = 20 * 60
STEP_SECONDS = 30
"""Each [T] moves the timing pawn one :30 step (L170)."""
SPACES_PER_ROW = 10
"""Five minutes a row: the clock reads like a scoreboard's, row by row."""
CHIPPINESS_TOP = 10
"""The meter's last box: more than 10 points raises the game intensity (L1160)."""
DIRTY_PLAY_LEVELS = 7
"""L1188: seven levels of dirty play, a circle each on the score sheet."""
BACK_TO_BACK_LEVEL = 3
"""L1188: the second game of a back-to-back whose first reached BOILING starts at level 3."""
RIVALRY_NAMES = {1: "rivals", 2: "heated rivals"}
OFFICIATING = ("CALL IT TIGHT", "NORMAL", "LET THEM PLAY")
"""The officials' three ways of calling the game (L118-L124)."""
HITTING = ("HIT\N{MINUS SIGN}", "HIT", "HIT+")
"""A coach's hitting strategies (L140-L150), least hitting first."""
SIDES = ("VISITOR", "HOME")
PENALTY_BOX_ROWS = 3
"""Two skaters serving at once (5 on 3) and one more waiting for his time to start."""
TEAM_PAWNS = (("LINE",), ("PAIR",), ("MOMENTUM", "MO"))
"""A club's forward-line pawn, defence-pair pawn (L53-L63) and momentum marker; a label
offers its shorter form for a counter too small for the long one."""
GOAL_ROWS = 8
PENALTY_ROWS = 6
NOTE_ROWS = 4

# --- sizes and inks ------------------------------------------------------------------------

TILE = Size("tile", 40 * mm, 20 * mm)
COUNTER = COUNTER_SIZES["1/2"]
"""Pawns and markers: small enough to stand on a scoreboard box."""
BACKDROP_SIDE = 4 * mm
"""The backdrop showing beside and under the goalie card."""
BACKDROP_TOP = TILE.height
"""The band above the card that names the goalie's game: a goalie-level tile covers its
GOOD GAME."""
BACKDROP = Size(
    "goalie backdrop",
    PLAYER_CARD.width + 2 * BACKDROP_SIDE,
    PLAYER_CARD.height + BACKDROP_SIDE + BACKDROP_TOP,
)
BOX = 15 * mm
"""A scoreboard box: a counter (12.7 mm) stands on it with room to spare."""
TILE_STYLE = TokenStyle(
    cut=False,
    label_size=10.0,
    label_drop=6.5 * mm,
    label_alone_size=11.0,
    caption_size=7.0,
    caption_rise=3 * mm,
    caption_leading=3 * mm,
)
PAWN_STYLE = TokenStyle(cut=False)
TRACK_STYLE = TrackStyle(box=BOX)
TITLE_BAND = 9 * mm
"""From the scoreboard's top to its first heading."""
HEADING_BAND = 5 * mm
"""A heading over a track."""
GAP = 4 * mm
"""Between the scoreboard's parts."""
NEAR = 2 * mm
"""Between the clock's last space and the END box: the pawn's next step."""
METER_LABELS = 34 * mm
"""The column of meter names at the left of the meters."""
SIDE_LABELS = 20 * mm
"""VISITOR and HOME beside their score and shots boxes."""
HEADING_SIZE = 9.0
SMALL_HEAD_SIZE = 7.0
"""Over a column of boxes, as over a span."""
TITLE_SIZE = 14.0
NOTE_SIZE = 8.0
NOTE_LEADING = 1.2 * NOTE_SIZE
INK = colors.HexColor("#1d1d1f")
FULL_TINT = colors.HexColor("#f6c8c0")
FULL_WORDS = "FULL: A FIGHT MAY BREAK OUT"
FULL_WORDS_BOXES = 3
END_TINT = colors.HexColor("#d6d6d6")
GOOD_GAME = colors.HexColor("#2e7d46")
BAD_GAME = colors.HexColor("#b3261e")
GOOD_GAME_PLACE = colors.HexColor("#3f9a5a")
"""The tile's place on the GOOD GAME band, a shade lighter than the band."""
BACKDROP_SIDES = (("GOOD GAME", GOOD_GAME), ("BAD GAME", BAD_GAME))
"""A goalie backdrop's front and back (L110-L112)."""
GOALIE_LEVELS = (
    ("VERY GOOD GAME", colors.HexColor("#1f6a38")),
    ("GREAT GAME", colors.HexColor("#0f4423")),
)
"""A goalie-level tile's two sides (L556-L566), deeper green the higher the level."""
CARD_PLACE = colors.HexColor("#f4f4f4")
GAME_PAWNS = (
    (("TIME",), END_TINT),
    (("PERIOD",), END_TINT),
    (("CHIPPINESS", "CHIP"), FULL_TINT),
)
"""The timing pawn (L170), and the period and chippiness markers."""
OFFICIATING_TINTS = ("#f4cccc", "#e8e8e8", "#d9ead3")
INTENSITY_TINTS = ("#d9ead3", "#fff2b3", "#f9cb9c", "#e06666")
LEVEL_TINTS = ("#e3ecf7", "#c9daf0", "#a9c4e8", "#86acdd", "#6393d2", "#4679bd")
"""Momentum levels on the meter, deeper the more momentum; a level past the last repeats it."""

SHEET_MARGIN = 10 * mm
SHEET_GAP = 8.0
SHEET_STYLE = SheetStyle(
    title_size=11.0,
    field_size=9.0,
    note_size=8.0,
    head_size=8.0,
    title_baseline=11.0,
    note_baseline=22.0,
    grid_gap=28.0,
    head_height=14.0,
    tallest_row=18.0,
    thick_rule=1.0,
)
SHEET_SHARES = (0.17, 0.33, 0.28, 0.22)
"""Of the score sheet's height: the game line, goals, penalties, intensity and momentum."""
PENALTY_BOX_STYLE = SheetStyle(
    title_size=HEADING_SIZE,
    head_size=7.0,
    title_baseline=9.0,
    note_baseline=9.0,
    grid_gap=12.0,
    head_height=11.0,
    tallest_row=24.0,
    thick_rule=1.0,
)


def components(game: Rinkside, context: BuildContext) -> list[Component]:
    return [
        Component(
            "scoreboard",
            partial(
                _landscape_sheet,
                partial(_draw_scoreboard, game),
                "scoreboard",
                "Scoreboard: clock, periods, score, chippiness and momentum meters",
                context,
            ),
            reads=frozenset({"Settings", "MomentumLevels"}),
            printing=Printing(
                "Scoreboard",
                card_stock=True,
                how="Lay it between the two teams, the timing pawn on 20:00.",
            ),
        ),
        Component(
            "tiles",
            partial(_tiles, game, context),
            reads=frozenset({"Teams", "MomentumLevels"}),
            printing=Printing.double_sided_pieces(
                "Game tiles",
                how="Cut along the solid lines; keep each club's hitting, momentum and "
                "goalie-level tiles together.",
            ),
        ),
        Component(
            "goalie-backdrops",
            partial(_backdrops, game, context),
            reads=frozenset({"Teams"}),
            printing=Printing.double_sided_pieces(
                "Goalie backdrops",
                how="Cut along the solid lines: GOOD GAME on one side, BAD GAME on the other; "
                "the club's goalie-level tile lies on the GOOD GAME band.",
            ),
        ),
        Component(
            "pawns",
            partial(_pawns, game, context),
            reads=frozenset({"Teams"}),
            printing=Printing.double_sided_pieces(
                "Pawns and markers", how="Cut along the solid lines."
            ),
        ),
        Component(
            "score-sheet",
            partial(
                _landscape_sheet,
                partial(_draw_score_sheet, game),
                "score sheet",
                "Score sheet: goals, shots, hits, penalties, dirty plays, intensity and momentum",
                context,
            ),
            reads=frozenset({"Rivalries"}),
            printing=Printing("Score sheet", how="One sheet for every game."),
        ),
    ]


# --- what the pieces say -------------------------------------------------------------------


def clock(seconds: int) -> str:
    """Time left as a game clock shows it: 20:00, 0:30."""
    return f"{seconds // 60}:{seconds % 60:02d}"


def timing_spaces() -> list[str]:
    """The timing track's spaces: the time left when the pawn stands on each, 20:00 to 0:30."""
    return [clock(left) for left in range(PERIOD_SECONDS, 0, -STEP_SECONDS)]


def momentum_boxes(levels: Sequence[MomentumLevel]) -> list[str]:
    """The meter's boxes: 0, then every point up to the top level's first, which reads '13+'."""
    top = levels[-1]
    return [*(str(points) for points in range(top.lo)), f"{top.lo}+"]


def momentum_spans(levels: Sequence[MomentumLevel]) -> list[Span]:
    """Each level over the boxes of its points, deeper in tint the higher the level."""
    top = levels[-1].lo
    return [
        Span(
            level.lo,
            top if level.hi is None else min(level.hi, top),
            level.level,
            colors.HexColor(LEVEL_TINTS[min(index, len(LEVEL_TINTS) - 1)]),
        )
        for index, level in enumerate(levels)
    ]


def points_range(level: MomentumLevel) -> str:
    top = f"{level.lo}+" if level.hi is None else number_range(level.lo, level.hi)
    return f"{top} POINTS"


# --- the scoreboard ------------------------------------------------------------------------


def _landscape_sheet(
    draw: Callable[[Paper, Canvas], None],
    what: str,
    subject: str,
    context: BuildContext,
    path: Path,
) -> None:
    """One sheet turned landscape, for the scoreboard or the score sheet."""
    paper = context.paper.landscape()
    draw_pages(
        path,
        paper,
        [partial(draw, paper)],
        title=context.titled(f"{TITLE}: {what}"),
        author=AUTHOR,
        subject=subject,
    )


def _heading(canvas: Canvas, text: str, x: float, top: float, size: float = HEADING_SIZE) -> None:
    """A heading whose capitals hang from `top`."""
    canvas.setFillColor(INK)
    canvas.setFont(BODY_BOLD, size)
    canvas.drawString(x, top - size * 0.72, text)


def _draw_scoreboard(game: Rinkside, paper: Paper, canvas: Canvas) -> None:
    left = PRINTABLE_MARGIN
    top = paper.height - PRINTABLE_MARGIN
    _heading(canvas, f"{TITLE} scoreboard", left, top, TITLE_SIZE)
    y = top - TITLE_BAND

    _heading(canvas, "TIME LEFT IN THE PERIOD: one space for each [T]", left, y)
    clock_track = Track(timing_spaces(), per_row=SPACES_PER_ROW)
    face = draw_track(canvas, clock_track, left, y - HEADING_BAND, TRACK_STYLE)
    end = Track((clock(0),), spans=(Span(0, 0, "END", END_TINT),))
    _, end_height = track_size(end, TRACK_STYLE)
    draw_track(canvas, end, face.x + face.width + NEAR, face.y + end_height, TRACK_STYLE)

    right = face.x + face.width + NEAR + BOX + 3 * GAP
    _heading(canvas, "PERIOD", right, y)
    periods = Track([str(period) for period in range(1, PERIODS + 1)])
    draw_track(canvas, periods, right, y - HEADING_BAND, TRACK_STYLE)
    _score_boxes(canvas, right, y - HEADING_BAND - BOX - GAP)

    y = face.y - GAP
    full = game.settings.chippiness_full
    # The span's words need three boxes; a narrower FULL span leaves them to the note.
    roomy = CHIPPINESS_TOP - full + 1 >= FULL_WORDS_BOXES
    chippiness = Track(
        [str(points) for points in range(CHIPPINESS_TOP + 1)],
        spans=(Span(full, CHIPPINESS_TOP, FULL_WORDS if roomy else "FULL", FULL_TINT),),
    )
    meter = draw_track(canvas, chippiness, left + METER_LABELS, y, TRACK_STYLE)
    _meter_label(canvas, ("CHIPPINESS",), left, meter)
    canvas.setFont(BODY, NOTE_SIZE)
    notes = ([] if roomy else ["FULL: a fight may break out."]) + [
        f"Over {CHIPPINESS_TOP}: the game intensity rises"
    ]
    first = meter.y + BOX / 2 - NOTE_SIZE / 3 + (len(notes) - 1) * NOTE_LEADING / 2
    for row, note in enumerate(notes):
        canvas.drawString(meter.x + meter.width + GAP, first - row * NOTE_LEADING, note)

    levels = game.momentum_levels
    momentum = Track(momentum_boxes(levels), spans=momentum_spans(levels))
    for side in SIDES:
        y = meter.y - GAP
        meter = draw_track(canvas, momentum, left + METER_LABELS, y, TRACK_STYLE)
        _meter_label(canvas, (side, "MOMENTUM"), left, meter)

    y = meter.y - GAP
    width = (paper.width - 2 * PRINTABLE_MARGIN - 2 * GAP) / 2
    for place, side in enumerate(SIDES):
        box = Rect(left + place * (width + 2 * GAP), PRINTABLE_MARGIN, width, y - PRINTABLE_MARGIN)
        draw_score_sheet(canvas, _penalty_box(side), box, PENALTY_BOX_STYLE)


def _meter_label(canvas: Canvas, lines: Sequence[str], left: float, meter: Rect) -> None:
    """A meter's name beside its boxes, the lines centred on them."""
    canvas.setFillColor(INK)
    canvas.setFont(BODY_BOLD, HEADING_SIZE)
    middle = meter.y + BOX / 2
    leading = HEADING_SIZE * 1.2
    first = middle + (len(lines) - 1) * leading / 2 - HEADING_SIZE / 3
    for index, line in enumerate(lines):
        canvas.drawString(left, first - index * leading, line)


def _score_boxes(canvas: Canvas, x: float, top: float) -> None:
    """Each side's score and shots, written in: the score sheet keeps them by period."""
    heads = ("SCORE", "SHOTS")
    boxes = x + SIDE_LABELS
    canvas.setFillColor(INK)
    canvas.setFont(BODY_BOLD, SMALL_HEAD_SIZE)
    for column, head in enumerate(heads):
        canvas.drawCentredString(boxes + (column + 0.5) * BOX, top - SMALL_HEAD_SIZE, head)
    canvas.setStrokeColor(INK)
    canvas.setLineWidth(TRACK_STYLE.rule_width)
    for row, side in enumerate(SIDES):
        bottom = top - TRACK_STYLE.span_band - (row + 1) * BOX
        _heading(canvas, side, x, bottom + BOX / 2 + HEADING_SIZE / 3)
        for column in range(len(heads)):
            canvas.rect(boxes + column * BOX, bottom, BOX, BOX, stroke=1, fill=0)


def _penalty_box(side: str) -> ScoreSheet:
    return ScoreSheet(
        title=f"{side} PENALTY BOX",
        fields=(),
        note="",
        columns=(
            SheetColumn("No.", 0.7),
            SheetColumn("PENALTY", 2.4),
            SheetColumn("MINUTES", 1),
            SheetColumn("OUT AT (PERIOD, TIME)", 2.2),
        ),
        rows=PENALTY_BOX_ROWS,
    )


# --- tiles, pawns and backdrops ------------------------------------------------------------


def team_tint(team: Team) -> colors.Color:
    return colors.HexColor(team.colour_home)


def _team_face(team: Team, labels: tuple[str, ...], captions: tuple[str, ...]) -> TokenFace:
    tint = team_tint(team)
    ink = ink_on(tint, INK)
    return TokenFace(labels, tint, captions=captions, label_ink=ink, caption_ink=ink)


def tiles(game: Rinkside) -> list[TokenFace]:
    """Every tile: each club's hitting and momentum tiles (eight, two rows of a sheet
    together), then the game's officiating and game-intensity tiles."""
    found = []
    for team in game.teams.values():
        found += [_team_face(team, (strategy,), (f"{team.abbr} HITTING",)) for strategy in HITTING]
        found += [
            _team_face(team, (level.level,), (points_range(level), f"{team.abbr} MOMENTUM"))
            for level in game.momentum_levels
        ]
    found += [
        TokenFace((mode,), colors.HexColor(tint), captions=("OFFICIALS",))
        for mode, tint in zip(OFFICIATING, OFFICIATING_TINTS, strict=True)
    ]
    for intensity, hex_tint in zip(INTENSITIES, INTENSITY_TINTS, strict=True):
        tint = colors.HexColor(hex_tint)
        ink = ink_on(tint, INK)
        face = TokenFace(
            (intensity,), tint, captions=("GAME INTENSITY",), label_ink=ink, caption_ink=ink
        )
        found.append(face)
    return found


def goalie_level_tiles(game: Rinkside) -> list[tuple[TokenFace, TokenFace]]:
    """Each club's goalie-level tile: VERY GOOD GAME on its front, GREAT GAME on its back."""
    front, back = (
        [
            TokenFace(
                (level,),
                tint,
                captions=(f"{team.abbr} GOALIE",),
                label_ink=colors.white,
                caption_ink=colors.white,
            )
            for team in game.teams.values()
        ]
        for level, tint in GOALIE_LEVELS
    )
    return list(zip(front, back, strict=True))


def pawns(game: Rinkside) -> list[TokenFace]:
    """Each club's forward-line and defence-pair pawns and momentum marker, then the game's
    timing pawn and its period and chippiness markers."""
    found = []
    for team in game.teams.values():
        found += [_team_face(team, labels, (team.abbr,)) for labels in TEAM_PAWNS]
    found += [TokenFace(labels, tint) for labels, tint in GAME_PAWNS]
    return found


Sides = tuple[TokenFace, TokenFace]
"""A piece's front and back faces."""


def _draw_piece(style: TokenStyle, front: bool, canvas: Canvas, sides: Sides, slot: Slot) -> None:
    draw_token(canvas, sides[0] if front else sides[1], slot, style, front=front)


def _impose_pieces(
    path: Path,
    context: BuildContext,
    found: list[Sides],
    size: Size,
    style: TokenStyle,
    what: str,
) -> None:
    impose(
        path,
        context.paper,
        found,
        partial(_draw_piece, style, True),
        partial(_draw_piece, style, False),
        size=size,
        title=context.titled(f"{TITLE}: {what}"),
        author=AUTHOR,
    )


def _tiles(game: Rinkside, context: BuildContext, path: Path) -> None:
    # Every tile but a goalie-level tile shows one face on both sides: it reads either way up.
    found = [(face, face) for face in tiles(game)] + goalie_level_tiles(game)
    _impose_pieces(path, context, found, TILE, TILE_STYLE, "game tiles")


def _pawns(game: Rinkside, context: BuildContext, path: Path) -> None:
    found = [(face, face) for face in pawns(game)]
    _impose_pieces(path, context, found, COUNTER, PAWN_STYLE, "pawns and markers")


def _backdrops(game: Rinkside, context: BuildContext, path: Path) -> None:
    impose(
        path,
        context.paper,
        list(game.teams.values()),
        partial(_backdrop, *BACKDROP_SIDES[0]),
        partial(_backdrop, *BACKDROP_SIDES[1]),
        size=BACKDROP,
        title=context.titled(f"{TITLE}: goalie backdrops"),
        author=AUTHOR,
    )


def _level_place(slot: Slot) -> Rect:
    """Where a goalie-level tile lies on the band: a tile's size, flush with the top edge
    over the card's left edge, so it covers GOOD GAME and leaves the club's abbreviation."""
    x, y, _, height = slot.trim
    return Rect(x + BACKDROP_SIDE, y + height - TILE.height, TILE.width, TILE.height)


def _backdrop(game_word: str, tint: colors.Color, canvas: Canvas, team: Team, slot: Slot) -> None:
    """The goalie's game in the band above his card (on GOOD GAME, the place a goalie-level
    tile covers), the club's abbreviation on its colour beside it, the club's name under the
    card; the card's place left pale."""
    x, y, width, _ = slot.trim
    canvas.setFillColor(tint)
    canvas.rect(*slot.bleed, stroke=0, fill=1)
    card = Rect(x + BACKDROP_SIDE, y + BACKDROP_SIDE, PLAYER_CARD.width, PLAYER_CARD.height)
    canvas.setFillColor(CARD_PLACE)
    canvas.rect(*card, stroke=0, fill=1)
    canvas.setFillColor(INK)
    draw_centred(
        canvas, "goalie card", card.x + card.width / 2, card.y + card.height / 2, BODY, 8.0
    )
    place = _level_place(slot)
    middle = place.y + place.height / 2
    size = 12.0
    if game_word == BACKDROP_SIDES[0][0]:
        canvas.setFillColor(GOOD_GAME_PLACE)
        canvas.rect(*place, stroke=0, fill=1)
        # On up into the bleed: a cut a little high shows the band's colour, not the border's.
        above = place.y + place.height
        bleed_top = slot.bleed.y + slot.bleed.height
        canvas.rect(place.x, above, place.width, bleed_top - above, stroke=0, fill=1)
        canvas.setFillColor(colors.white)
        draw_centred(
            canvas,
            "VERY GOOD / GREAT tile here",
            place.x + place.width / 2,
            place.y + 2 * mm,
            BODY,
            SMALLEST,
            place.width - 2 * mm,
            smallest=SMALLEST,
        )
    canvas.setFillColor(colors.white)
    draw_centred(
        canvas, game_word, place.x + place.width / 2, middle - size / 3 + 1 * mm, BODY_BOLD, size
    )
    chip = Rect(card.x + card.width - 14 * mm, middle - 2.6 * mm, 14 * mm, 5.2 * mm)
    club = team_tint(team)
    canvas.setFillColor(club)
    canvas.setStrokeColor(colors.white)
    canvas.setLineWidth(0.6)
    canvas.roundRect(*chip, 1 * mm, stroke=1, fill=1)
    canvas.setFillColor(ink_on(club, INK))
    draw_centred(canvas, team.abbr, chip.x + chip.width / 2, middle - 9.0 / 3, BODY_BOLD, 9.0)
    canvas.setFillColor(colors.white)
    draw_centred(
        canvas,
        f"{team.city} {team.name}: {game_word.lower()}",
        x + width / 2,
        y + (BACKDROP_SIDE - SMALLEST * 0.7) / 2,
        BODY,
        SMALLEST,
        card.width,
        smallest=SMALLEST,
    )


# --- the score sheet -----------------------------------------------------------------------


def rivalry_note(game: Rinkside) -> str:
    """How many dirty-play circles a game starts with, naming the clubs that are rivals."""
    parts = []
    for level, name in sorted(RIVALRY_NAMES.items()):
        pairs = sorted(
            "-".join(sorted(rivalry.teams)) for rivalry in game.rivalries if rivalry.level == level
        )
        if pairs:
            parts.append(f"{name} {level} ({', '.join(pairs)})")
    parts.append(f"second game of a back-to-back after BOILING {BACK_TO_BACK_LEVEL}")
    return "Before the face-off fill a circle per dirty-play level: " + "; ".join(parts) + "."


def score_sheets(game: Rinkside) -> list[list[ScoreSheet]]:
    """The score sheet's parts, band by band from the top: a band's parts side by side. The
    top table keeps goals, shots and hits by period: every hit is tallied for its team (L314)."""
    by_period = [str(period) for period in range(1, PERIODS + 1)]
    game_line = ScoreSheet(
        title=f"{TITLE} score sheet",
        fields=(
            SheetField("Visitor", blank=16),
            SheetField("Home", blank=16),
            SheetField("Date", blank=10),
            SheetField("Dirty plays", circles=DIRTY_PLAY_LEVELS),
        ),
        note=rivalry_note(game),
        columns=(
            SheetColumn("", 1.6),
            *(SheetColumn(f"GOALS {p}", 1, heavy_rule=p == "1") for p in by_period),
            SheetColumn("TOTAL", 1),
            *(SheetColumn(f"SHOTS {p}", 1, heavy_rule=p == "1") for p in by_period),
            SheetColumn("TOTAL", 1),
            *(SheetColumn(f"HITS {p}", 1, heavy_rule=p == "1") for p in by_period),
            SheetColumn("TOTAL", 1),
        ),
        rows=len(SIDES),
        entries=[[side] for side in SIDES],
    )
    goals = _side_logs(
        "goals",
        "Strength: EV, PP (power play) or SH (short-handed).",
        (SheetColumn("SCORER", 2.2), SheetColumn("ASSISTS", 3), SheetColumn("STRENGTH", 1)),
        GOAL_ROWS,
    )
    penalties = _side_logs(
        "penalties",
        "",
        (SheetColumn("PLAYER", 2.2), SheetColumn("INFRACTION", 2.6), SheetColumn("MINUTES", 1)),
        PENALTY_ROWS,
    )
    notes = ScoreSheet(
        title="Game intensity and momentum",
        fields=(
            SheetField("Officials", choices=OFFICIATING),
            SheetField("Reached", choices=INTENSITIES),
        ),
        note=(
            "Note each change of intensity, each fight, each momentum shift and each team's"
            " forecheck strategy (1, 2 or 3) when it starts or changes: it has no tile."
        ),
        columns=(
            SheetColumn("PERIOD", 0.8),
            SheetColumn("TIME", 0.8),
            SheetColumn("GAME INTENSITY", 1.6),
            SheetColumn("CHIPPINESS", 1.2),
            SheetColumn("VISITOR MOMENTUM", 1.6),
            SheetColumn("HOME MOMENTUM", 1.6),
            SheetColumn("VISITOR F-CHK", 1.2),
            SheetColumn("HOME F-CHK", 1.2),
            SheetColumn("NOTE", 2.4),
        ),
        rows=NOTE_ROWS,
    )
    return [[game_line], goals, penalties, [notes]]


def _side_logs(
    what: str, note: str, columns: tuple[SheetColumn, ...], rows: int
) -> list[ScoreSheet]:
    """A numbered log for each side, a line an event: when in the game, then `columns`."""
    when = (SheetColumn("", 0.4), SheetColumn("PERIOD", 0.8), SheetColumn("TIME", 0.8))
    return [
        ScoreSheet(
            title=f"{side} {what}",
            fields=(),
            note=note,
            columns=(*when, *columns),
            rows=rows,
            numbered=True,
        )
        for side in SIDES
    ]


def _draw_score_sheet(game: Rinkside, paper: Paper, canvas: Canvas) -> None:
    width = paper.width - 2 * SHEET_MARGIN
    height = paper.height - 2 * SHEET_MARGIN
    top = paper.height - SHEET_MARGIN
    for band, share in zip(score_sheets(game), SHEET_SHARES, strict=True):
        tall = height * share
        across = (width - (len(band) - 1) * SHEET_GAP) / len(band)
        for place, sheet in enumerate(band):
            box = Rect(
                SHEET_MARGIN + place * (across + SHEET_GAP),
                top - tall + SHEET_GAP / 2,
                across,
                tall - SHEET_GAP / 2,
            )
            draw_score_sheet(canvas, sheet, box, SHEET_STYLE)
        top -= tall
