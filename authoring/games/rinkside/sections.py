"""RINKSIDE HOCKEY's play result card sections (README §3.2, §3.5, §5.1-§5.2, §8.2, §8.4):
the rules every deck must keep, the designed counts `check` compares against, and the pairs
of sections the rules read together (`ReadTogether`), each worked out exactly.

What is a rule and what is only the design (README §3.2 "As built"):
- Rules (errors in `validate`): a section that is printed only with another (a board-scrum
  player, a yellow neutral-zone detail, a rush defender, a PHYSICAL number) is there exactly
  when that other is; the hitting boxes never fall from HIT- to HIT+ and the Official Call
  boxes fill in order; the strategies order their risk; every mirror the seed makes (left
  and right players, offence and defence battles, the two tosses, H and V) is even; the
  faceoff numbers 1-20 are on four Left faces each; and every `ReadTogether` value holds.
- Design (reported by `check`, never an error): how many cards carry each value
  (`DESIGN`), as part 2's calibration left them (README §11.17).

Every chance here is a whole count over the deck's equally likely draws (README §0), kept as
a `Fraction`."""

from __future__ import annotations

import re
from collections import Counter, defaultdict
from collections.abc import Callable, Hashable, Iterator, Sequence
from dataclasses import dataclass
from fractions import Fraction
from itertools import pairwise
from typing import TYPE_CHECKING, Any

from authoring.checks import Tables
from authoring.findings import Finding, Location, Severity, a_few
from authoring.games.rinkside.deck import (
    PREFIX,
    SIDES,
    Card,
    Face,
    Side,
    face_counts,
    face_distribution,
)
from authoring.tables import Record

if TYPE_CHECKING:
    from authoring.games.rinkside.model import Rinkside

SHEET = "PlayResultCards"
READ_TOGETHER = "ReadTogether"
FACE_NAMES: dict[Side, str] = {"left": "Left", "right": "Right"}

# README §3.2: how many of the 100 faces carry each value (None: blank). The design, not a
# rule: `check` reports each section against it.
DESIGN: dict[str, dict[Any, int]] = {
    "l_faceoff": {
        **{str(n): 4 for n in range(1, 21)},
        "TOSS-D": 4,
        "TOSS-O": 4,
        "PENALTY": 6,
        "ENFORCERS": 6,
    },
    "l_side": {"L": 50, "R": 50},
    "l_zone": {
        "OFFENSE NORMAL": 16,
        "OFFENSE DANGEROUS": 8,
        "DEFENSE PLAY PUCK": 14,
        "DEFENSE PLAY MAN": 8,
        "DEFENSE TAKEAWAY": 6,
        "O-BATTLE": 8,
        "D-BATTLE": 8,
        "BOARD SCRUM": 6,
        "HOLD PUCK IN": 5,
        "BAD BOUNCE": 4,
        "GOALIE FREEZE PUCK": 5,
        "GOALIE MOVE PUCK": 4,
        "PUCK OUT OF PLAY": 2,
        "PUCK FROZEN": 2,
        "BOARD SCRUM PUCK FROZEN": 1,
        "HAND PASS": 1,
        "HIGH STICK D": 1,
        "HIGH STICK O": 1,
    },
    "l_zone_who": {"LW": 2, "C": 1, "RW": 2, "*D": 1, None: 94},
    "l_puck_location": {
        "L CORNER": 13,
        "R CORNER": 13,
        "BEHIND NET": 8,
        "L HALF-WALL": 12,
        "R HALF-WALL": 12,
        "L POINT": 10,
        "R POINT": 10,
        "HIGH SLOT": 9,
        "SLOT": 8,
        "CREASE": 5,
    },
    "l_hit_minus": {"HIT": 20, "P?": 2, None: 78},
    "l_hit": {"HIT": 40, "P?": 4, None: 56},
    "l_hit_plus": {"HIT": 58, "P?": 8, None: 34},
    "l_shot_symbol": {
        "BLOCKED SHOT": 16,
        "BLOCKED SHOT OoP": 3,
        "STICK BLOCK": 8,
        "BLOCK SHOT CLEAR": 6,
        "BLOCKED/DEFLECTED ON NET": 4,
        "BLOCK/SCREEN": 3,
        "SCREEN": 4,
        "DEFLECTION": 3,
        None: 53,
    },
    "l_assist_credit": {
        "1↑": 15,
        "1↓": 15,
        "2↑": 15,
        "2↓": 15,
        "3↑": 12,
        "3↓": 12,
        "4↑": 8,
        "4↓": 8,
    },
    "l_breakout_player": {"LD": 30, "RD": 30, "C": 20, "LW": 10, "RW": 10},
    "l_fchk1": {"F-CHK": 30, "PRESSURE": 10, "ZONE RG": 60},
    "l_fchk2": {"F-CHK": 50, "PRESSURE": 20, "ZONE RG": 30},
    "l_fchk3": {"F-CHK": 50, "PRESSURE": 40, "ZONE RG": 10},
    "l_nz_colour": {"RED": 35, "YELLOW": 40, "GREEN": 25},
    "l_nz_yellow": {
        "MATCHUP": 16,
        "CHIP & CHASE": 8,
        "SKATE INTO ZONE": 8,
        "PASS INTO ZONE": 8,
        None: 60,
    },
    "l_nz_defender": {"LD": 24, "RD": 24, "C": 20, "LW": 16, "RW": 16},
    "l_dump": {
        "FORECHECK": 30,
        "D-BATTLE": 20,
        "O-BATTLE": 20,
        "GOALIE": 15,
        "GOALIE RISKY PLAY?": 5,
        "ICING": 5,
        "ICING?": 5,
    },
    "l_rush": {
        "TRANSITION": 50,
        "ODD MAN RUSH": 24,
        "BREAKAWAY": 6,
        "BREAKAWAY***": 3,
        "OFFSIDES": 10,
        "2 LINE PASS": 7,
    },
    "l_rush_defender": {
        "LD": 24,
        "RD": 24,
        "C": 4,
        "Cbc": 10,
        "LWbc": 6,
        "RWbc": 6,
        None: 26,
    },
    "l_mo": {1: 5, 2: 5, 3: 5, 4: 5, None: 80},
    "l_dirty": {**{f"D{n}": 1 for n in range(1, 8)}, None: 93},
    "l_scramble": {
        "GOALIE": 30,
        "GOALIE+++": 10,
        "OFFENSE": 20,
        "CLEAR": 20,
        "O-BATTLE": 10,
        "D-BATTLE": 10,
    },
    "r_faceoff_control": {"C": 40, "LD": 18, "RD": 18, "LW": 12, "RW": 12},
    "r_hv": {"H": 50, "V": 50},
    "r_zone_off": {"LW": 25, "C": 28, "RW": 25, "*LD": 11, "*RD": 11},
    "r_zone_def": {"LD": 25, "RD": 25, "C": 20, "LW": 15, "RW": 15},
    "r_grade": {"A": 30, "B": 30, "C": 25, "D": 15},
    "r_grade_pos": {"F": 75, "D": 25},
    "r_block_who": {"LD": 30, "RD": 30, "C": 16, "LW": 12, "RW": 12},
    "r_net_who": {"C": 30, "LW": 25, "RW": 25, "LD": 10, "RD": 10},
    "r_post": {
        "POST": 1,
        "POST REBOUND": 1,
        "DOUBLE POST": 1,
        "CROSSBAR": 1,
        "CROSSBAR OUT OF PLAY": 1,
        "CROSSBAR OFF GLASS": 1,
        None: 94,
    },
    "r_breakout1": {"B-OUT": 60, "ST-PASS": 10, "CARRY P": 30},
    "r_breakout2": {"B-OUT": 60, "ST-PASS": 20, "CARRY P": 20},
    "r_breakout3": {"B-OUT": 50, "ST-PASS": 30, "CARRY P": 20},
    "r_bad_breakout": {
        "ZONE PLAY": 30,
        "NEUTRAL ZONE": 25,
        "TURNOVER": 15,
        "D-CONTROL": 15,
        "EXPOSE PLAYER": 5,
        "ICING": 5,
        "ICING?": 5,
    },
    "r_forecheck_who": {"C": 30, "LW": 25, "RW": 25, "LD": 10, "RD": 10},
    "r_nz_off": {"C": 30, "LW": 20, "RW": 20, "LD": 15, "RD": 15},
    "r_dump_off": {"LW": 30, "RW": 30, "C": 24, "LD": 8, "RD": 8},
    "r_dump_def": {"LD": 35, "RD": 35, "C": 14, "LW": 8, "RW": 8},
    "r_rush_off": {"C": 28, "LW": 26, "RW": 26, "LD": 10, "RD": 10},
    "r_rush_failed": {
        "ZONE PLAY": 30,
        "PUCK CHASE": 20,
        "TURNOVER": 15,
        "D-CONTROL": 30,
        "PUCK OoP": 5,
    },
    "r_nz_failed": {
        "NEUTRAL ZONE": 35,
        "TURNOVER": 15,
        "EXPOSE PLAYER": 10,
        "OFFSIDES": 15,
        "OFFSIDES?": 15,
        "PUCK OoP": 10,
    },
    "r_physical": {"HIT": 50, "BIG HIT": 20, None: 30},
    "r_physical_n": {**{n: 7 for n in range(1, 11)}, None: 30},
    "r_after_whistle": {"SCRUM-N": 4, "SCRUM-AHB": 10, "AGITATOR": 5, None: 81},
    **{
        f"{prefix}{name}": dict.fromkeys(values, times)
        for prefix in ("l_", "r_")
        for name, values, times in (
            ("black", range(10), 10),
            ("red", range(1, 11), 10),
            ("blue", range(1, 21), 5),
        )
    },
    **{
        f"{prefix}call_{box}": {True: filled, False: 100 - filled}
        for prefix in ("l_", "r_")
        for box, filled in (("tight", 75), ("normal", 50), ("ltp", 20))
    },
}


@dataclass(frozen=True)
class Presence:
    """A section printed only with another: `column` is filled exactly on the faces where
    `on` shows one of `values` (README §3.5, P12-P14; §5.4)."""

    column: str
    on: str
    values: tuple[Any, ...]
    line: str

    def wanted(self, face: Face) -> bool:
        return _value(face, self.on) in self.values


PRESENCE = (
    Presence("l_zone_who", "l_zone", ("BOARD SCRUM",), "L370"),
    Presence("l_nz_yellow", "l_nz_colour", ("YELLOW",), "L818"),
    Presence("l_rush_defender", "l_rush", ("TRANSITION", "ODD MAN RUSH"), "L919"),
    Presence("r_physical_n", "r_physical", ("HIT", "BIG HIT"), "README §5.4"),
)
BACKCHECK = ("Cbc", "LWbc", "RWbc")  # backcheck marks are printed on transitions (L919, L967)

# Columns read per strategy, in the order of the strategy's risk, and each one's values from
# the least to the most (README §3.2: HIT+ never hits less than HIT, L312).
HITTING = ("l_hit_minus", "l_hit", "l_hit_plus")
HIT_ORDER: dict[str | None, int] = {None: 0, "HIT": 1, "P?": 2}
CALL_BOXES = ("call_tight", "call_normal", "call_ltp")  # filled in this order (README §5.2)
# (columns by strategy, the value whose count may not rise, the value whose count may not
# fall): forecheck 3 never traps more than forecheck 1; the stretch pass opens up as the
# forecheck presses (README §3.2).
STRATEGY_ORDER = (
    (("l_fchk1", "l_fchk2", "l_fchk3"), "ZONE RG", "PRESSURE"),
    (("r_breakout1", "r_breakout2", "r_breakout3"), None, "ST-PASS"),
)

# The player sections: each names a player by position, so left and right are even.
PLAYER_COLUMNS = (
    "l_zone_who",
    "l_breakout_player",
    "l_nz_defender",
    "l_rush_defender",
    "r_faceoff_control",
    "r_zone_off",
    "r_zone_def",
    "r_block_who",
    "r_net_who",
    "r_forecheck_who",
    "r_nz_off",
    "r_dump_off",
    "r_dump_def",
    "r_rush_off",
)
# The Right-face player columns a zone battle's players come from: O-BATTLE and D-BATTLE
# must meet each of their values equally (README §8.2 item 6).
RIGHT_PLAYERS = tuple(column for column in PLAYER_COLUMNS if column.startswith("r_"))
LEFT_RIGHT = (("LD", "RD"), ("LW", "RW"), ("*LD", "*RD"), ("LWbc", "RWbc"))
# (column, one value, its mirror, seed lines): the mirrors of README §3.5's first table.
MIRRORS = (
    *(
        (column, left, right, "L268, L370")
        for column in PLAYER_COLUMNS
        for left, right in LEFT_RIGHT
    ),
    ("l_side", "L", "R", "L268, L370"),
    ("l_puck_location", "L CORNER", "R CORNER", "L242"),
    ("l_puck_location", "L HALF-WALL", "R HALF-WALL", "L242"),
    ("l_puck_location", "L POINT", "R POINT", "L242"),
    ("l_zone", "O-BATTLE", "D-BATTLE", "L358-L364"),
    ("l_zone", "HIGH STICK O", "HIGH STICK D", "L410-L414"),
    ("l_dump", "O-BATTLE", "D-BATTLE", "L889-L891"),
    ("l_scramble", "O-BATTLE", "D-BATTLE", "L680-L688"),
    ("l_scramble", "OFFENSE", "CLEAR", "L680-L688"),
    ("l_faceoff", "TOSS-D", "TOSS-O", "L208-L210, L222-L224"),
    ("r_hv", "H", "V", "L212, L742, L824"),
)
# H and V as even as a group allows within each value of these (README §3.5).
HV_WITHIN = ("r_faceoff_control", "l_faceoff")
FACEOFF_NUMBERS = range(1, 21)
FACEOFF_TIMES = 4  # each number on four Left faces (README §5.1)


def side_of(column: str) -> Side:
    return "left" if column.startswith(PREFIX["left"]) else "right"


def _value(face_or_card: Face | Card, column: str) -> Any:
    """A column's value on a face (or on the card's face of that side)."""
    face = face_or_card.face(side_of(column)) if isinstance(face_or_card, Card) else face_or_card
    return getattr(face, column[2:])


def section_distribution(cards: Sequence[Card], side: Side, field: str) -> dict[Hashable, Fraction]:
    """How often a draw shows each value of a section on that side: its cards over 100."""
    return face_distribution(cards, side, field)


def design_report(cards: Sequence[Card]) -> list[tuple[str, Any, int, int]]:
    """(column, value, designed cards, cards found) for every value the design counts or
    the deck carries: what `check` prints beside each section's distribution."""
    rows = []
    for column, designed in DESIGN.items():
        found = face_counts(cards, side_of(column), column[2:])
        for value in [*designed, *(v for v in found if v not in designed)]:
            rows.append((column, value, designed.get(value, 0), found[value]))
    return rows


def faceoff_number(face: Face) -> int | None:
    """The Left face's faceoff number, or None when it shows a symbol."""
    return int(face.faceoff) if face.faceoff is not None and face.faceoff.isdigit() else None


def faceoff_win(cards: Sequence[Card], difference: int) -> Fraction:
    """README §8.4: the higher-rated centre wins a numbered draw when the Left face's number
    is at most 10 plus the rating difference (L206); the symbols never decide it."""
    numbers = [n for card in cards if (n := faceoff_number(card.left)) is not None]
    return Fraction(sum(n <= 10 + difference for n in numbers), len(numbers))


# The deck as the checks read it.


def deck(tables: Tables) -> list[tuple[Card, Record]] | None:
    """Every card with its row, or None while a cell is wrong or the deck is not 100 cards
    (reported already)."""
    records = tables[SHEET].records
    if len(records) != 100 or any(record.invalid for record in records):
        return None
    return [
        (Card(r["card"], _face(r, "left"), _face(r, "right"), r.location("card")), r)
        for r in records
    ]


def _face(record: Record, side: Side) -> Face:
    prefix = PREFIX[side]
    return Face(**{name: record.get(prefix + name) for name in Face.__dataclass_fields__})


def section_rules(tables: Tables) -> Iterator[Finding]:
    """Presence, the per-card nests and the strategies' order (README §8.2 item 4)."""
    cards = deck(tables)
    if cards is None:
        return
    for card, record in cards:
        yield from _presence(card, record)
        yield from _hitting_nest(card, record)
        yield from _call_nest(card, record)
    yield from _strategy_order(cards)


def _presence(card: Card, record: Record) -> Iterator[Finding]:
    for rule in PRESENCE:
        face = card.face(side_of(rule.column))
        wanted, present = rule.wanted(face), _value(face, rule.column) is not None
        if wanted != present:
            shown = _value(face, rule.on)
            needs = " or ".join(str(v) for v in rule.values)
            yield record.finding(
                Severity.ERROR,
                "section-presence",
                f"card {card.card}: {rule.column} is "
                f"{'blank' if wanted else 'filled'} with {rule.on} {shown or 'blank'}; it is "
                f"printed exactly when {rule.on} is {needs} ({rule.line})",
                rule.column,
                expected=f"{'a value' if wanted else 'blank'} with {rule.on} {shown or 'blank'}",
            )
    defender = card.left.rush_defender
    if defender in BACKCHECK and card.left.rush != "TRANSITION":
        yield record.finding(
            Severity.ERROR,
            "section-presence",
            f"card {card.card}: a backchecking {defender} on {card.left.rush}; the backcheck "
            "marks belong to transitions (L919, L967)",
            "l_rush_defender",
            expected="LD, RD or C",
        )


def _hitting_nest(card: Card, record: Record) -> Iterator[Finding]:
    """L312: a riskier hitting strategy never hits less (blank < HIT < P?)."""
    for safer, riskier in pairwise(HITTING):
        before, after = _value(card, safer), _value(card, riskier)
        if HIT_ORDER[after] < HIT_ORDER[before]:
            yield record.finding(
                Severity.ERROR,
                "hitting-nest",
                f"card {card.card}: {riskier} {after or 'blank'} under {safer} {before}; a "
                "harder hitting strategy never hits less (blank < HIT < P?, L312)",
                riskier,
                expected=f"{before} or more",
            )


def _call_nest(card: Card, record: Record) -> Iterator[Finding]:
    """README §5.2: on each face the boxes fill in order TIGHT, NORMAL, LET THEM PLAY."""
    for side in SIDES:
        face = card.face(side)
        filled = [bool(getattr(face, box)) for box in CALL_BOXES]
        for index in range(1, len(CALL_BOXES)):
            if filled[index] and not filled[index - 1]:
                column = PREFIX[side] + CALL_BOXES[index]
                yield record.finding(
                    Severity.ERROR,
                    "official-call-nest",
                    f"card {card.card}: {column} is filled but {PREFIX[side]}"
                    f"{CALL_BOXES[index - 1]} is not; the boxes fill in the order TIGHT, "
                    "NORMAL, LET THEM PLAY (L1013)",
                    column,
                    expected="not filled while the box before it is empty",
                )


def _strategy_order(cards: list[tuple[Card, Record]]) -> Iterator[Finding]:
    deck_cards = [card for card, _ in cards]
    sheet = cards[0][1].sheet
    for columns, falling, rising in STRATEGY_ORDER:
        for value, sign in ((falling, -1), (rising, 1)):
            if value is None:
                continue
            counts = [face_counts(deck_cards, side_of(c), c[2:])[value] for c in columns]
            for (before, column_before), (after, column) in pairwise(
                zip(counts, columns, strict=True)
            ):
                if sign * (after - before) < 0:
                    way = "fewer" if sign > 0 else "more"
                    yield sheet.finding(
                        Severity.ERROR,
                        "strategy-order",
                        f"{column} has {value} on {after} cards, {way} than {column_before} "
                        f"({before}): the strategies are ordered by their risk",
                        field=column,
                        expected=f"{'at least' if sign > 0 else 'at most'} {before} {value}",
                    )


def symmetries(tables: Tables) -> Iterator[Finding]:
    """Every mirror of README §3.5's first table, H and V even within each faceoff value,
    and the faceoff numbers 1-20 on four Left faces each (README §8.2 item 5, §8.4)."""
    cards = deck(tables)
    if cards is None:
        return
    for column, one, other, line in MIRRORS:
        holders = {v: [(c, r) for c, r in cards if _value(c, column) == v] for v in (one, other)}
        if len(holders[one]) == len(holders[other]):
            continue
        more, fewer = (one, other) if len(holders[one]) > len(holders[other]) else (other, one)
        extra = holders[more][len(holders[fewer]) :]
        for card, record in extra:
            yield record.finding(
                Severity.ERROR,
                "section-mirror",
                f"{column} has {more} on {len(holders[more])} cards and {fewer} on "
                f"{len(holders[fewer])}: card {card.card}'s {more} has no {fewer} to mirror it "
                f"({line})",
                column,
                expected=f"as many {one} as {other}",
            )
    for group_column in HV_WITHIN:
        groups: dict[Any, list[tuple[Card, Record]]] = defaultdict(list)
        for card, record in cards:
            groups[_value(card, group_column)].append((card, record))
        for value, members in groups.items():
            hv = Counter(card.right.hv for card, _ in members)
            if abs(hv["H"] - hv["V"]) <= 1:
                continue
            more = "H" if hv["H"] > hv["V"] else "V"
            allowed = (len(members) + 1) // 2
            for card, record in [(c, r) for c, r in members if c.right.hv == more][allowed:]:
                yield record.finding(
                    Severity.ERROR,
                    "hv-balance",
                    f"{group_column} {value} is on {len(members)} cards with H {hv['H']} and "
                    f"V {hv['V']}: card {card.card}'s {more} is one too many (L212)",
                    "r_hv",
                    expected=f"H and V {len(members) // 2} each"
                    + (" (one more of either)" if len(members) % 2 else ""),
                )
    yield from _faceoff_numbers(cards)


def _faceoff_numbers(cards: list[tuple[Card, Record]]) -> Iterator[Finding]:
    counts = Counter(faceoff_number(card.left) for card, _ in cards)
    off = [n for n in FACEOFF_NUMBERS if counts[n] != FACEOFF_TIMES]
    if not off:
        return
    deck_cards = [card for card, _ in cards]
    table = ", ".join(
        f"d={d} {faceoff_win(deck_cards, d)}"
        for d in range(10)
        if faceoff_win(deck_cards, d) != Fraction(min(10 + d, 20), 20)
    )
    described = a_few([f"{n} on {counts[n]}" for n in off], 10)
    expected = f"each faceoff number 1-20 on exactly {FACEOFF_TIMES} Left faces"
    seen: Counter[int | None] = Counter()
    reported = False
    for card, record in cards:
        number = faceoff_number(card.left)
        seen[number] += 1
        if number is not None and seen[number] == FACEOFF_TIMES + 1:
            reported = True
            yield record.finding(
                Severity.ERROR,
                "faceoff-numbers",
                f"l_faceoff {number} is on {counts[number]} Left faces (card {card.card} is "
                f"one too many); counts off: {described}. The higher-rated centre now wins "
                f"{table or 'as designed'} instead of (10 + d)/20 (README §8.4)",
                "l_faceoff",
                expected=expected,
            )
    if not reported:
        yield cards[0][1].sheet.finding(
            Severity.ERROR,
            "faceoff-numbers",
            f"l_faceoff counts off: {described}",
            field="l_faceoff",
            expected=expected,
        )


# Sections read together (README §3.5, `ReadTogether`).

BLACK_TERMS = ("black100", "next_black100")  # this draw's Black #100, or the next draw's
_CONDITION = re.compile(r"^(?P<term>.+?)(?: (?P<op>=|≠|≤|≥|<|>|in) (?P<value>.+))?$")
_OPS: dict[str, Callable[[Any, Any], bool]] = {
    "=": lambda a, b: a == b,
    "≠": lambda a, b: a != b,
    "≤": lambda a, b: _numbers(a, b) and a <= b,
    "≥": lambda a, b: _numbers(a, b) and a >= b,
    "<": lambda a, b: _numbers(a, b) and a < b,
    ">": lambda a, b: _numbers(a, b) and a > b,
    "in": lambda a, b: a in b,
}


def _numbers(*values: Any) -> bool:
    """Only numbers compare by size: a faceoff symbol is neither above nor below 10."""
    return all(isinstance(v, int) and not isinstance(v, bool) for v in values)


@dataclass(frozen=True)
class Term:
    """One number or section a condition reads. On a draw (`same_draw_*`) the first card
    gives the Left face and the second the Right; on a carried card the first card gives
    both faces (its front now, its back on the next draw) and the second card the next
    draw's Right face; on `same_face` there is one card."""

    name: str  # a column, black100 (this draw) or next_black100 (the carried card's draw)
    modulo: int | None = None

    def read(self, first: Card, second: Card | None, link: str) -> Any:
        if self.name in BLACK_TERMS:
            assert second is not None
            value: Any = 10 * first.left.black + second.right.black or 100
        elif link.startswith("same_draw") and self.name.startswith("r_"):
            assert second is not None
            value = getattr(second.right, self.name[2:])
        else:
            value = _value(first, self.name)
        if isinstance(value, str) and value.isdigit():
            value = int(value)
        if self.modulo is not None and value is not None:
            value %= self.modulo
        return value

    @property
    def reads_second(self) -> bool:
        return self.name in BLACK_TERMS or self.name.startswith("r_")


@dataclass(frozen=True)
class Condition:
    term: Term
    op: str | None
    value: Any  # a constant, a tuple for `in`, or a Term to compare with

    def holds(self, first: Card, second: Card | None, link: str) -> bool:
        found = self.term.read(first, second, link)
        if self.op is None:
            return bool(found)
        wanted = (
            self.value.read(first, second, link) if isinstance(self.value, Term) else self.value
        )
        return _OPS[self.op](found, wanted)


def _term(text: str) -> Term:
    name, _, modulo = text.partition(" mod ")
    return Term(name.strip(), int(modulo) if modulo else None)


def _constant(text: str) -> Any:
    return int(text) if re.fullmatch(r"-?\d+", text) else text


def parse_conditions(text: str) -> tuple[Condition, ...]:
    """'l_zone = O-BATTLE and r_n100 mod 10 = 0' as its conditions."""
    conditions = []
    for part in text.split(" and "):
        match = _CONDITION.match(part.strip())
        assert match is not None
        op, value = match["op"], match["value"]
        parsed: Any = None
        if op == "in":
            parsed = tuple(_constant(v.strip()) for v in value.split("|"))
        elif op is not None:
            parsed = (
                _term(value) if re.fullmatch(r"[lr]_\w+( mod \d+)?", value) else _constant(value)
            )
        conditions.append(Condition(_term(match["term"]), op, parsed))
    return tuple(conditions)


def probability(cards: Sequence[Card], link: str, event: str, given: str | None = None) -> Fraction:
    """P(event | given) over the link's equally likely cases: one card (`same_face`), or
    two different cards (a draw, or a carried card and the next draw's Right face). A
    two-card count is the n·m - k formula of README §3.3, grouped by what each card shows."""
    conditions = parse_conditions(event)
    if given is None:
        return _chance(cards, link, conditions)
    condition = parse_conditions(given)
    return _chance(cards, link, conditions + condition) / _chance(cards, link, condition)


def _chance(cards: Sequence[Card], link: str, conditions: tuple[Condition, ...]) -> Fraction:
    if link == "same_face":
        return Fraction(
            sum(all(c.holds(card, None, link) for c in conditions) for card in cards), len(cards)
        )
    terms = {c.term for c in conditions} | {
        c.value for c in conditions if isinstance(c.value, Term)
    }
    # A Black #100 is read from both cards (the first's Left digit, the second's Right one).
    black = {t for t in terms if t.name in BLACK_TERMS}
    on_second = {t for t in terms if t.reads_second} if link.startswith("same_draw") else black
    on_first = (terms - on_second) | black
    # A card stands for every card showing the same values: count each kind once.
    firsts: Counter[tuple[Any, ...]] = Counter()
    seconds: Counter[tuple[Any, ...]] = Counter()
    examples: dict[tuple[str, tuple[Any, ...]], Card] = {}
    for card in cards:
        shown_first = _shown(card, on_first, link, first=True)
        shown_second = _shown(card, on_second, link, first=False)
        firsts[shown_first] += 1
        seconds[shown_second] += 1
        examples.setdefault(("first", shown_first), card)
        examples.setdefault(("second", shown_second), card)
    total = 0
    for shown_first, n in firsts.items():
        for shown_second, m in seconds.items():
            if _passes(
                examples["first", shown_first], examples["second", shown_second], link, conditions
            ):
                total += n * m
    own = sum(_passes(card, card, link, conditions) for card in cards)
    return Fraction(total - own, len(cards) * (len(cards) - 1))


def _shown(card: Card, terms: set[Term], link: str, *, first: bool) -> tuple[Any, ...]:
    """What the card shows of the terms it gives (black digits for a Black #100)."""
    shown = []
    for term in sorted(terms, key=lambda t: (t.name, t.modulo or 0)):
        if term.name in BLACK_TERMS:
            shown.append(card.left.black if first else card.right.black)
        else:
            shown.append(term.read(card, card, link))
    return tuple(shown)


def _passes(first: Card, second: Card, link: str, conditions: tuple[Condition, ...]) -> bool:
    return all(c.holds(first, second, link) for c in conditions)


def largest_gap(cards: Sequence[Card], columns: Sequence[str], halves: Sequence[str]) -> Fraction:
    """The carried-card spread of P04-P06: for each player value of each column, how far
    (in cards) its cards with the next Left face's number in the low half are from its share
    of all cards with it there; the largest gap over every column, value and number."""
    gap = Fraction(0)
    for half in halves:
        top = {"red": 10, "blue": 20}[half[2:]]
        low = [_value(card, half) <= top // 2 for card in cards]
        share = Fraction(sum(low), len(cards))
        for column in columns:
            values = Counter(_value(card, column) for card in cards)
            for value, count in values.items():
                k = sum(
                    lo for card, lo in zip(cards, low, strict=True) if _value(card, column) == value
                )
                gap = max(gap, abs(k - count * share))
    return gap


def cards_per_pair(cards: Sequence[Card], column: str, other: str) -> str:
    """P01-P03: how many cards carry each (value, value) pair on their own face; a blue is
    read in pairs {1, 2}, {3, 4} … (README §3.3)."""

    def read(card: Card, name: str) -> Any:
        value = _value(card, name)
        return (value + 1) // 2 if name.endswith("blue") else value

    firsts = {read(card, column) for card in cards}
    seconds = {read(card, other) for card in cards}
    counts = Counter((read(card, column), read(card, other)) for card in cards)
    per = [counts[a, b] for a in firsts for b in seconds]
    return f"{min(per)} each" if min(per) == max(per) else f"{min(per)}-{max(per)}"


def present_iff(cards: Sequence[Card], column: str, condition: str) -> str:
    conditions = parse_conditions(condition)
    broken = sum(
        (_value(card, column) is not None)
        != all(c.holds(card, None, "same_face") for c in conditions)
        for card in cards
    )
    return "on every card" if not broken else f"broken on {broken} cards"


def joint_counts(cards: Sequence[Card], column: str, other: str) -> str:
    counts = Counter((_value(card, column), _value(card, other)) for card in cards)
    firsts = sorted({a for a, _ in counts})
    seconds = sorted(
        {b for _, b in counts}, key=lambda b: -sum(n for (_, y), n in counts.items() if y == b)
    )
    return "; ".join(f"{a} " + " ".join(f"{b}{counts[a, b]}" for b in seconds) for a in firsts)


def battles_even(cards: Sequence[Card], zone: str, columns: Sequence[str]) -> str:
    """README §8.2 item 6: O-BATTLE and D-BATTLE meet each Right-face player value on as
    many draws (cross card: equal when the same number of their own cards carry it)."""
    off = []
    for column in columns:
        for value in sorted({str(_value(card, column)) for card in cards}):
            o, d = (
                probability(
                    cards, "same_draw_cross_card", f"{zone} = {battle} and {column} = {value}"
                )
                for battle in ("O-BATTLE", "D-BATTLE")
            )
            if o != d:
                off.append(f"{column} {value} {o} against {d}")
    return (
        "equal for every value"
        if not off
        else f"unequal for {len(off)} section values: {a_few(off, 3)}"
    )


_PROBABILITY = re.compile(r"^P\((?P<event>.+?)(?: \| (?P<given>.+))?\)$")


@dataclass(frozen=True)
class ReadTogether:
    """One pair of sections the rules read together, and the exact value it must keep."""

    pair_id: str
    section_a: tuple[str, ...]
    section_b: tuple[str, ...]
    link: str
    line: str
    property: str
    value: str
    location: Location | None = None

    def compute(self, cards: Sequence[Card]) -> Fraction | str:
        """The property's value on this deck: a fraction, or the structural statement."""
        prop = self.property
        if match := _PROBABILITY.match(prop):
            return probability(cards, self.link, match["event"], match["given"])
        if prop.startswith("largest gap"):
            return largest_gap(cards, self.section_a, self.section_b)
        if prop.startswith("cards per pair"):
            return cards_per_pair(cards, self.section_a[0], self.section_b[0])
        if prop.startswith("present iff "):
            return present_iff(cards, self.section_b[0], prop.removeprefix("present iff "))
        if prop.startswith("joint counts"):
            return joint_counts(cards, self.section_a[0], self.section_b[0])
        if prop.startswith("O-BATTLE and D-BATTLE"):
            return battles_even(cards, self.section_a[0], self.section_b)
        raise ValueError(f"{self.pair_id}: no way to compute {prop!r}")


def shown(value: Fraction | str) -> str:
    """A value as the sheet writes it: a fraction in lowest terms (1/2, 0), or the text."""
    return str(value)


def read_together_rows(tables: Tables) -> list[tuple[ReadTogether, Record]]:
    return [
        (
            ReadTogether(
                r["pair_id"],
                _columns(r["section_a"]),
                _columns(r["section_b"]),
                r["link"],
                r["line"],
                r["property"],
                str(r["value"]),
                r.location("value"),
            ),
            r,
        )
        for r in tables[READ_TOGETHER].records
        if r.ok("pair_id", "section_a", "section_b", "link", "line", "property", "value")
    ]


def _columns(text: str) -> tuple[str, ...]:
    return tuple(part.strip() for part in text.split(","))


def read_together_values(tables: Tables) -> Iterator[Finding]:
    """README §8.2 item 6: every ReadTogether value holds on the deck; a mismatch is
    reported at the value cell, naming the section columns whose counts moved."""
    cards = deck(tables)
    if cards is None:
        return
    deck_cards = [card for card, _ in cards]
    known = set(tables[SHEET].columns)
    for row, record in read_together_rows(tables):
        unknown = [c for c in (*row.section_a, *row.section_b) if c not in known]
        if unknown:
            yield record.finding(
                Severity.ERROR,
                "read-together",
                f"{row.pair_id} names {', '.join(unknown)}, not a PlayResultCards column",
                "section_a" if unknown[0] in row.section_a else "section_b",
                expected="PlayResultCards columns, separated by commas",
            )
            continue
        try:
            found = shown(row.compute(deck_cards))
        except (ValueError, AssertionError, TypeError, ZeroDivisionError) as error:
            yield record.finding(
                Severity.ERROR,
                "read-together",
                f"{row.pair_id}: the property cannot be worked out ({error})",
                "property",
                expected="P(condition and condition | condition), largest gap, cards per pair, "
                "present iff …, joint counts, or O-BATTLE and D-BATTLE …",
            )
            continue
        if found == row.value:
            continue
        yield record.finding(
            Severity.ERROR,
            "read-together",
            f"{row.pair_id} ({row.property}) is {found} on the deck, the sheet says "
            f"{row.value}: {_moved(deck_cards, (*row.section_a, *row.section_b))}",
            "value",
            expected=found,
        )


def _moved(cards: Sequence[Card], columns: Sequence[str]) -> str:
    """Which of the row's sections no longer carry their designed counts, or, when all do,
    that the cards carrying both moved."""
    moved = []
    for column in dict.fromkeys(columns):
        designed = DESIGN.get(column)
        if designed is None:
            continue
        found = face_counts(cards, side_of(column), column[2:])
        off = [
            f"{value if value is not None else 'blank'} {found[value]} (designed {n})"
            for value, n in designed.items()
            if found[value] != n
        ]
        if off:
            moved.append(f"{column} moved: {a_few(off, 4)}")
    if moved:
        return "; ".join(moved)
    named = ", ".join(dict.fromkeys(columns))
    return f"the counts of {named} are as designed: the cards carrying them together moved"


def read_together_report(
    model: Rinkside,
) -> list[tuple[str, tuple[str, ...], tuple[str, ...], Fraction | str]]:
    """(pair_id, section_a, section_b, the exact value on the deck) for every ReadTogether
    row, for `check` to print."""
    return [
        (row.pair_id, row.section_a, row.section_b, row.compute(model.cards))
        for row in model.read_together
    ]
