"""`authoring check darkblades`: what the reference rules prove about the tables.

Exact figures throughout: a combat result is a d10 lookup, so every probability is counted,
not sampled.
"""

from __future__ import annotations

from collections import Counter
from fractions import Fraction
from math import comb

from authoring.findings import Finding, Severity
from authoring.games.darkblades import arena
from authoring.games.darkblades.checks import DIE_FACES, ODDS
from authoring.games.darkblades.combat import attack_column, distribution
from authoring.games.darkblades.model import CombatTable, DarkBlades, ResultKey
from authoring.report import Figures, Report
from authoring.tables import HEADER_ROW

HAND_SIZE = 8  # the rules suggest dealing eight spell cards to each player

# Die tables whose printed rows share a face, as the seed prints them ("0" is the 10 face).
# The workbook must give each face to one row; check names the rows that read the print
# differently, so the reading is a finding the designer sees (and accepts) at its cell.
OVERLAPPING_PRINTS = {"lake_drift": ("123", "456", "678", "90")}

EFFECTS = (
    ("nothing", lambda k: k.affects == "nobody"),
    ("D retreat", lambda k: k.affects == "defender" and k.injury is None and k.retreat_hexes > 0),
    ("D unhorsed", lambda k: k.affects == "defender" and k.injury is None and k.dismounted),
    ("D stunned", lambda k: k.affects == "defender" and k.injury == "stunned"),
    ("D wounded", lambda k: k.affects == "defender" and k.injury == "wounded"),
    ("D killed", lambda k: k.affects == "defender" and k.injury == "killed"),
    ("A retreat", lambda k: k.affects == "attacker" and k.injury is None and k.retreat_hexes > 0),
    ("A hurt", lambda k: k.affects == "attacker" and (k.injury is not None or k.dismounted)),
)


def check(game: DarkBlades, seed: int, *, workers: int = 1) -> Report:
    """Every figure is exact, so the seed and workers the other games play with are not
    needed."""
    report = Report()
    report.figures.append(_shapes(game))
    for table in game.combat_tables.values():
        report.figures.append(_effects(table))
        report.findings += _monotonicity(table)
    report.figures.append(_arena_bouts(game))
    report.figures.append(_spell_deck(game))
    report.figures.append(_counter_mix(game))
    report.findings += _counter_sanity(game)
    report.findings += _overlapping_prints(game)
    return report


def _shapes(game: DarkBlades) -> Figures:
    rows = []
    for table in game.combat_tables.values():
        used = sorted({code for row in table.codes for code in row})
        rows.append(
            (
                table.sheet,
                table.title,
                len(table.codes),
                len(table.codes[0]),
                " ".join(used),
                len(table.keys),
            )
        )
    return Figures(
        "Combat results tables: shape and keys",
        ("sheet", "table", "die rows", "odds columns", "codes used", "keys"),
        tuple(rows),
    )


def _effects(table: CombatTable) -> Figures:
    rows = []
    for column, odds in enumerate(ODDS):
        chances = distribution(table, column)
        shares = [
            sum((p for code, p in chances.items() if test(table.keys[code])), Fraction(0))
            for _, test in EFFECTS
        ]
        severity = sum((p * table.keys[code].severity for code, p in chances.items()), Fraction(0))
        rows.append((odds, *(float(share) for share in shares), float(severity)))
    return Figures(
        f"{table.sheet} ({table.title}): chance of each effect per odds column",
        ("odds", *(name for name, _ in EFFECTS), "E[severity]"),
        tuple(rows),
        note="Exact: each of the 10 die faces counted once. D = defender, A = attacker; "
        "severity is the designer's rank in CRT_Keys (positive favours the attacker).",
    )


def _monotonicity(table: CombatTable) -> list[Finding]:
    """The table's order against the designer's severity ranks.

    Every die face is equally likely, so what play feels is each column's distribution: a
    better odds column should be at least as good for the attacker at every severity level
    (first-order stochastic dominance). Within the grid, results that do something should
    run from the attacker's best at die 1 downwards, and improve from left to right; cells
    with no effect are the blank background and are not compared.
    """
    findings: list[Finding] = []

    def warn(die: int, column: int, code: str, message: str, expected: str) -> None:
        """At the code on this die, or at the column's header for die 0 (the whole column)."""
        place = table.places[max(die, 1) - 1][column]
        if die == 0:
            place = place.at(row=HEADER_ROW, column=place.column)
        findings.append(
            place.finding(
                Severity.WARNING,
                code,
                message,
                field=ODDS[column],
                value=table.codes[die - 1][column] if die else ODDS[column],
                expected=expected,
            )
        )

    def effect(die: int, column: int) -> ResultKey | None:
        key = table.result(die, column)
        return None if key.affects == "nobody" else key

    for column in range(1, len(ODDS)):
        worse = _dominance_gap(table, column - 1, column)
        if worse is not None:
            warn(
                0,
                column,
                "odds-dominance",
                f"odds {ODDS[column]} give a result of severity {worse} or better less often "
                f"than odds {ODDS[column - 1]} do: better odds should never hurt the attacker",
                f"P(severity >= {worse}) at least as high as at {ODDS[column - 1]}",
            )
    for column in range(len(ODDS)):
        previous: tuple[int, ResultKey] | None = None
        for die in DIE_FACES:
            here = effect(die, column)
            if here is None:
                continue
            if previous is not None and here.severity > previous[1].severity:
                die_before, before = previous
                warn(
                    die,
                    column,
                    "die-order",
                    f"die {die % 10} gives {here.code} (severity {here.severity}), better for "
                    f"the attacker than {before.code} (severity {before.severity}) on die "
                    f"{die_before % 10} above it",
                    f"severity of at most {before.severity}",
                )
            previous = (die, here)
    for die in DIE_FACES:
        last: tuple[int, ResultKey] | None = None
        for column in range(len(ODDS)):
            here = effect(die, column)
            if here is None:
                continue
            if last is not None and here.severity < last[1].severity:
                column_before, before = last
                warn(
                    die,
                    column,
                    "odds-order",
                    f"at odds {ODDS[column]} the result {here.code} (severity {here.severity}) "
                    f"is worse for the attacker than {before.code} (severity "
                    f"{before.severity}) at {ODDS[column_before]} on the same die",
                    f"severity of at least {before.severity}",
                )
            last = (column, here)
    return findings


def _dominance_gap(table: CombatTable, weaker: int, stronger: int) -> int | None:
    """The lowest severity level the stronger column reaches less often, if any."""

    def at_least(chances: dict[str, Fraction], level: int) -> Fraction:
        return sum(
            (p for code, p in chances.items() if table.keys[code].severity >= level), Fraction(0)
        )

    low, high = distribution(table, weaker), distribution(table, stronger)
    for level in sorted({key.severity for key in table.keys.values()}):
        if at_least(high, level) < at_least(low, level):
            return level
    return None


def _arena_bouts(game: DarkBlades) -> Figures:
    """Exact chances of one attack in each bout of the Arena, both ways round."""
    table = game.combat_tables[arena.TABLE]
    hero = game.characters[arena.HERO].face("healthy")
    rows = []
    for name in arena.CHALLENGERS:
        challenger = game.characters[name]
        face = challenger.face("healthy")
        strike = face.special_attack or face.attack or 0
        for who, attack, defence in (
            (f"Dark Blades attacks the {challenger.name}", hero.attack or 0, face.defence or 0),
            (f"the {challenger.name} attacks Dark Blades", strike, hero.defence or 0),
        ):
            column = attack_column(game, [attack], [defence])
            if column is None:  # worse than the first column, and Settings forbid it
                rows.append((who, f"{attack}/{defence}", f"< {ODDS[0]}", 0.0, 0.0, 0.0))
                continue
            chances = distribution(table, column)
            hurt = {
                level: float(
                    sum(
                        (
                            p
                            for code, p in chances.items()
                            if table.keys[code].affects == "defender"
                            and table.keys[code].injury == level
                        ),
                        Fraction(0),
                    )
                )
                for level in ("stunned", "wounded", "killed")
            }
            rows.append(
                (
                    who,
                    f"{attack}/{defence}",
                    ODDS[column],
                    hurt["stunned"],
                    hurt["wounded"],
                    hurt["killed"],
                )
            )
    return Figures(
        f"The Arena, one attack at a time ({table.title}, exact)",
        ("attack", "strengths", "odds", "P(stunned)", "P(wounded)", "P(killed)"),
        tuple(rows),
        note="Healthy strengths; the Gargoyle attacks with its breath. `authoring simulate "
        "darkblades arena` plays the whole scenario on its maps.",
    )


def _spell_deck(game: DarkBlades) -> Figures:
    deck = game.spell_cards
    rows = []
    for spell in game.spells:
        in_hand = 1 - Fraction(comb(deck - spell.copies, HAND_SIZE), comb(deck, HAND_SIZE))
        rows.append(
            (
                spell.name,
                spell.copies,
                float(Fraction(spell.copies, deck)),
                spell.area,
                float(in_hand),
            )
        )
    rows.append(("all spells", deck, 1.0, "", 1.0))
    return Figures(
        f"Spell deck: {len(game.spells)} spells on {deck} cards",
        ("spell", "cards", "share", "area", f"P(in a hand of {HAND_SIZE})"),
        tuple(rows),
        note=f"Exact hypergeometric chance that a hand of {HAND_SIZE} dealt from the shuffled "
        "deck holds at least one copy.",
    )


def _counter_mix(game: DarkBlades) -> Figures:
    pieces: Counter[tuple[str, str]] = Counter()
    characters: Counter[tuple[str, str]] = Counter()
    for character in game.characters.values():
        count = len({face.piece for face in character.faces.values()})
        pieces[(character.side, character.kind)] += character.copies * count
        characters[(character.side, character.kind)] += character.copies
    rows = [
        (side, kind, characters[(side, kind)], pieces[(side, kind)])
        for side, kind in sorted(pieces)
    ]
    markers = sum(m.copies for m in game.markers)
    rows.append(("markers", "", 0, markers))
    rows.append(("total", "", sum(characters.values()), game.counters))
    return Figures(
        "Counter mix (double-sided counters)",
        ("side", "kind", "characters", "counters"),
        tuple(rows),
    )


def _counter_sanity(game: DarkBlades) -> list[Finding]:
    """Every character that fights prints the strengths combat needs on its healthy face."""
    findings = []
    for character in game.characters.values():
        healthy = character.faces.get("healthy")
        needs_attack = character.special != "mule"
        if healthy is None:
            continue
        missing = [
            name
            for name, value in (
                ("attack", healthy.attack),
                ("defence", healthy.defence),
                ("movement", healthy.movement),
            )
            if value is None and (name != "attack" or needs_attack)
        ]
        if missing:
            findings.append(
                game.sheets["Counters"].finding(
                    Severity.WARNING,
                    "counter-strengths",
                    f"{character.id}'s healthy face prints no {' or '.join(missing)}",
                    field=missing[0],
                )
            )
    return findings


def _overlapping_prints(game: DarkBlades) -> list[Finding]:
    """Every row of a die table whose faces differ from the seed's overlapping print."""
    findings = []
    for name, printed in OVERLAPPING_PRINTS.items():
        for entry, faces in zip(game.die_tables.get(name, ()), printed, strict=False):
            if list(range(entry.die_from, entry.die_to + 1)) == _faces(faces):
                continue
            sharing = [
                other
                for other in printed
                if other != faces and set(_faces(other)) & set(_faces(faces))
            ]
            findings.append(
                entry.place.finding(
                    Severity.WARNING,
                    "die-reading",
                    f"{name} reads {entry.die_from}-{entry.die_to} where the seed prints "
                    f"{faces!r}, which shares a face with {' and '.join(map(repr, sharing))}: "
                    "the workbook's reading is a choice, not the print",
                    field="die_from",
                    value=entry.die_from,
                    expected=f"the faces {', '.join(map(str, _faces(faces)))} as printed",
                )
            )
    return findings


def _faces(printed: str) -> list[int]:
    """The faces a printed die range names: "90" is 9 and 10."""
    return [int(digit) or len(DIE_FACES) for digit in printed]
