"""DARK BLADES' sheets and the semantic checks its data must pass."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Iterator

from authoring.checks import (
    Check,
    Tables,
    grid,
    not_above,
    references,
    single_row,
    tiles,
    unique,
)
from authoring.findings import Finding, Severity
from authoring.games.darkblades import maps

CRT_SHEETS = (
    "CRT_InfVsInf",
    "CRT_InfVsMtd",
    "CRT_MtdVsMtd",
    "CRT_MtdVsInf",
    "CRT_MslVsMtd",
    "CRT_MslVsInf",
)
ODDS = (
    "1-2",
    "1-1",
    "2-1",
    "3-1",
    "4-1",
    "5-1",
    "6-1",
    "7-1",
    "8-1",
    "9-1",
    "10-1",
    "11-1",
    "12-1",
)
DIE_FACES = tuple(range(1, 11))  # a d10's 0 face is entered as 10

SHEETS = (
    *CRT_SHEETS,
    "CRT_Keys",
    "Terrain",
    "TerrainShifts",
    "Cover",
    "ColumnShifts",
    "MissileWeapons",
    "DieTables",
    "SpellAreas",
    "Spells",
    "Characters",
    "Counters",
    "Markers",
    "Box",
    "Scenarios",
    "Forces",
    *maps.SHEETS,
    "Settings",
)

# The seed's flip-and-replace system: which state each face of each piece shows.
PIECE_FACES = {
    ("foot_1", "front"): "healthy",
    ("foot_1", "back"): "stunned",
    ("foot_2", "front"): "wounded",
    ("foot_2", "back"): "dead",
    ("mounted_1", "front"): "mounted",
    ("mounted_1", "back"): "riderless_horse",
    ("mounted_2", "front"): "mounted_wounded",
    ("mounted_2", "back"): "dead_horse",
    ("single", "front"): "healthy",
    ("single", "back"): "dead",
}
FOOT_PIECES, MOUNTED_PIECES, SINGLE_PIECES = (
    {"foot_1", "foot_2"},
    {"mounted_1", "mounted_2"},
    {"single"},
)
MOUNTED_STATES = {"mounted", "mounted_wounded"}
TERRAIN_GRADES = ("+", "0", "-")


def crt_codes_have_keys(tables: Tables) -> Iterator[Finding]:
    keys = tables["CRT_Keys"]
    defined = {(r["table"], r["code"]) for r in keys.records if r.ok("table", "code")}
    used: set[tuple[str, str]] = set()
    for table in CRT_SHEETS:
        for record in tables[table].records:
            for odds in ODDS:
                code = record.get(odds)
                if not record.ok(odds) or code is None:
                    continue
                used.add((table, code))
                if (table, code) not in defined:
                    yield record.finding(
                        Severity.ERROR,
                        "undefined-result",
                        f"result {code!r} has no meaning: CRT_Keys has no row for {table} {code}",
                        odds,
                        expected=f"a code defined for {table} in CRT_Keys",
                    )
    for record in keys.records:
        if record.ok("table", "code") and (record["table"], record["code"]) not in used:
            yield record.finding(
                Severity.WARNING,
                "unused-result",
                f"{record['table']} result {record['code']!r} is defined but never appears "
                "in the table",
                "code",
            )


def terrain_shifts_complete(tables: Tables) -> Iterator[Finding]:
    sheet = tables["TerrainShifts"]
    present = {
        (r["attacker_terrain"], r["defender_terrain"])
        for r in sheet.records
        if r.ok("attacker_terrain", "defender_terrain")
    }
    for attacker in TERRAIN_GRADES:
        for defender in TERRAIN_GRADES:
            if (attacker, defender) not in present:
                yield sheet.finding(
                    Severity.ERROR,
                    "missing-combination",
                    f"no row for attacker in {attacker} terrain against defender in {defender}",
                    expected="all 9 combinations of + 0 - for attacker and defender",
                )


def counter_pieces(tables: Tables) -> Iterator[Finding]:
    characters = {r["id"]: r for r in tables["Characters"].records if r.ok("id", "can_ride")}
    pieces: dict[str, dict[str, set[str]]] = defaultdict(lambda: defaultdict(set))
    counters = tables["Counters"].records
    # A character with a wrong cell among its counters is not judged on its pieces: the
    # wrong cell is reported already, and its piece would look incomplete.
    unsure: set[str | None] = set()
    for record in counters:
        if not record.ok("character", "state", "piece", "face"):
            unsure.add(record.get("character") if record.ok("character") else None)
            continue
        piece, face, state = record["piece"], record["face"], record["state"]
        pieces[record["character"]][piece].add(face)
        wanted = PIECE_FACES[(piece, face)]
        if state != wanted:
            yield record.finding(
                Severity.ERROR,
                "piece-face",
                f"the {face} of piece {piece} shows {wanted!r}, not {state!r}",
                "state",
                expected=wanted,
            )
        if state in MOUNTED_STATES and record.ok("weapon") and record["weapon"] is not None:
            yield record.finding(
                Severity.ERROR,
                "mounted-weapon",
                f"{record['character']} {state} carries a {record['weapon']}, but mounted "
                "characters may not fire missiles",
                "weapon",
                expected="blank",
            )
    for character, owned in pieces.items():
        source = characters.get(character)
        if source is None or character in unsure:
            continue
        first = next(r for r in counters if r.get("character") == character)
        for piece, faces in owned.items():
            if faces != {"front", "back"}:
                yield first.finding(
                    Severity.ERROR,
                    "piece-faces",
                    f"{character} piece {piece} has only its {' and '.join(sorted(faces))}",
                    "piece",
                    expected="a front and a back",
                )
        names = set(owned)
        wanted_sets = [SINGLE_PIECES] if names & SINGLE_PIECES else [FOOT_PIECES]
        if source["can_ride"]:
            wanted_sets.append(MOUNTED_PIECES)
        wanted_pieces = set().union(*wanted_sets)
        if names != wanted_pieces:
            rider = "a rider" if source["can_ride"] else "not a rider"
            yield first.finding(
                Severity.ERROR,
                "piece-set",
                f"{character} is {rider} and has pieces {', '.join(sorted(names))}",
                "piece",
                expected=", ".join(sorted(wanted_pieces)),
            )
    for character, record in characters.items():
        if character not in pieces and character not in unsure and None not in unsure:
            yield record.finding(
                Severity.ERROR,
                "no-counters",
                f"{character} has no counters on sheet Counters",
                "id",
            )


def box_counts(tables: Tables) -> Iterator[Finding]:
    spells = [r for r in tables["Spells"].records if r.ok("copies")]
    characters = {
        r["id"]: r["copies"] for r in tables["Characters"].records if r.ok("id", "copies")
    }
    pieces_of: dict[str, set[str]] = defaultdict(set)
    for record in tables["Counters"].records:
        if record.ok("character", "piece"):
            pieces_of[record["character"]].add(record["piece"])
    actual = {
        "spell_cards": sum(r["copies"] for r in spells),
        "distinct_spells": len(tables["Spells"].records),
        "counters": sum(characters.get(c, 0) * len(p) for c, p in pieces_of.items())
        + sum(r["copies"] for r in tables["Markers"].records if r.ok("copies")),
        "scenarios": len(tables["Scenarios"].records),
    }
    for record in tables["Box"].records:
        if not record.ok("component", "rule", "count"):
            continue
        have, promised = actual[record["component"]], record["count"]
        broken = have != promised if record["rule"] == "exactly" else have < promised
        if broken:
            rule = "exactly" if record["rule"] == "exactly" else "at least"
            yield record.finding(
                Severity.ERROR,
                "box-count",
                f"the box promises {rule} {promised} {record['component']}, the data gives {have}",
                "count",
                expected=f"{rule} {promised}",
            )


def forces_fit(tables: Tables) -> Iterator[Finding]:
    characters = {
        r["id"]: r for r in tables["Characters"].records if r.ok("id", "copies", "can_ride")
    }
    fielded: Counter[tuple[str, str]] = Counter()
    for record in tables["Forces"].records:
        if not record.ok("scenario", "character", "count", "mounted"):
            continue
        source = characters.get(record["character"])
        if source is None:
            continue
        fielded[(record["scenario"], record["character"])] += record["count"]
        total = fielded[(record["scenario"], record["character"])]
        if total > source["copies"]:
            yield record.finding(
                Severity.ERROR,
                "too-many",
                f"{record['scenario']} fields {total} {record['character']}, the box has "
                f"{source['copies']}",
                "count",
                expected=f"at most {source['copies']}",
            )
        if record["mounted"] and not source["can_ride"]:
            yield record.finding(
                Severity.ERROR,
                "cannot-ride",
                f"{record['character']} starts mounted but has no mounted pieces",
                "mounted",
                expected="FALSE",
            )


CHECKS: tuple[Check, ...] = (
    *(grid(sheet, "die", DIE_FACES, noun="die") for sheet in CRT_SHEETS),
    unique("CRT_Keys", "table", "code"),
    Check("CRT results defined", (*CRT_SHEETS, "CRT_Keys"), crt_codes_have_keys),
    unique("Terrain", "terrain"),
    unique("TerrainShifts", "attacker_terrain", "defender_terrain"),
    Check("terrain shifts complete", ("TerrainShifts",), terrain_shifts_complete),
    unique("Cover", "cover"),
    unique("ColumnShifts", "modifier"),
    unique("MissileWeapons", "weapon", "band"),
    tiles(
        "MissileWeapons",
        "range_from",
        "range_to",
        start=1,
        end=None,
        group_by="weapon",
        noun="range",
    ),
    tiles("DieTables", "die_from", "die_to", start=1, end=10, group_by="table", noun="die"),
    unique("SpellAreas", "area"),
    unique("Spells", "spell"),
    references("Spells", "area", "SpellAreas", "area"),
    references("Spells", "die_table", "DieTables", "table"),
    unique("Characters", "id"),
    references("Counters", "character", "Characters", "id"),
    unique("Counters", "character", "state"),
    unique("Counters", "character", "piece", "face"),
    not_above(
        "Counters",
        group_by="character",
        state="state",
        pairs=(("wounded", "healthy"), ("stunned", "healthy"), ("mounted_wounded", "mounted")),
        fields=("attack", "defence", "movement"),
    ),
    Check("counter pieces", ("Characters", "Counters"), counter_pieces),
    unique("Markers", "marker"),
    Check(
        "box counts",
        ("Spells", "Characters", "Counters", "Markers", "Scenarios", "Box"),
        box_counts,
    ),
    unique("Scenarios", "id"),
    unique("Scenarios", "number"),
    references("Forces", "scenario", "Scenarios", "id"),
    references("Forces", "character", "Characters", "id"),
    Check("forces fit the box", ("Characters", "Forces"), forces_fit),
    *maps.CHECKS,
    single_row("Settings"),
)
