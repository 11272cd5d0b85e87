"""RINKSIDE HOCKEY's sheets and the checks its league data must pass: every club a full
roster (the seed's four forward lines and three defence pairs, two goalies), ids that say
where a player stands, and stat lines whose parts add up."""

from __future__ import annotations

from collections.abc import Iterator

from authoring.checks import Check, Tables, references, unique
from authoring.findings import Finding, Severity
from authoring.tables import Record

SHEETS = ("Teams", "Rivalries", "Skaters", "Goalies", "SkaterStats", "GoalieStats")

FORWARDS = ("LW", "C", "RW")
DEFENCE = ("LD", "RD")
LINES = 4  # "4 forward lines" (seed L53-61)
PAIRS = 3  # "3 D pairs"
GOALIES = (1, 2)  # a starter and a backup: the seed does not say how many; we give two
ROSTER = tuple((p, u) for u in range(1, LINES + 1) for p in FORWARDS) + tuple(
    (p, u) for u in range(1, PAIRS + 1) for p in DEFENCE
)
DANGERS = ("high", "med", "low")
STRENGTHS = ("es", "pp", "sh")


def skater_ids(tables: Tables) -> Iterator[Finding]:
    """A skater's id names his team, position and line or pair, so a card or a line-up
    naming HLX-C1 can be read without the sheet: they must agree."""
    for record in tables["Skaters"].records:
        if not record.ok("skater_id", "team_id", "position", "unit"):
            continue
        wanted = f"{record['team_id']}-{record['position']}{record['unit']}"
        if record["skater_id"] != wanted:
            yield record.finding(
                Severity.ERROR,
                "skater-id",
                f"skater_id {record['skater_id']} does not say his team, position and "
                f"{'pair' if record['position'] in DEFENCE else 'line'}: {wanted}",
                "skater_id",
                expected=wanted,
            )
        if record["position"] in DEFENCE and record["unit"] > PAIRS:
            yield record.finding(
                Severity.ERROR,
                "no-such-pair",
                f"a defenceman in pair {record['unit']}: a team has {PAIRS} defence pairs",
                "unit",
                expected=f"1-{PAIRS}",
            )


def goalie_ids(tables: Tables) -> Iterator[Finding]:
    for record in tables["Goalies"].records:
        if not record.ok("goalie_id", "team_id", "depth"):
            continue
        wanted = f"{record['team_id']}-G{record['depth']}"
        if record["goalie_id"] != wanted:
            yield record.finding(
                Severity.ERROR,
                "goalie-id",
                f"goalie_id {record['goalie_id']} does not say his team and depth: {wanted}",
                "goalie_id",
                expected=wanted,
            )


def rosters(tables: Tables) -> Iterator[Finding]:
    """Each club dresses every place of the seed's line-up: LW C RW on four lines, LD RD in
    three pairs, and two goalies. A missing place is reported at the club's row."""
    filled: dict[str, set[tuple[str, int]]] = {}
    for record in tables["Skaters"].records:
        if record.ok("team_id", "position", "unit"):
            filled.setdefault(record["team_id"], set()).add((record["position"], record["unit"]))
    goalies: dict[str, set[int]] = {}
    for record in tables["Goalies"].records:
        if record.ok("team_id", "depth"):
            goalies.setdefault(record["team_id"], set()).add(record["depth"])
    for team in tables["Teams"].records:
        if not team.ok("team_id"):
            continue
        places = filled.get(team["team_id"], set())
        missing = [f"{p}{u}" for p, u in ROSTER if (p, u) not in places]
        missing += [f"G{d}" for d in GOALIES if d not in goalies.get(team["team_id"], set())]
        if missing:
            yield team.finding(
                Severity.ERROR,
                "roster",
                f"{team['team_id']} has nobody at {' '.join(missing)}: a team dresses four "
                "forward lines (LW C RW), three defence pairs (LD RD) and two goalies",
                "team_id",
                expected="every place of the line-up filled",
            )


def rivalries(tables: Tables) -> Iterator[Finding]:
    for record in tables["Rivalries"].records:
        if record.ok("team_a", "team_b") and record["team_a"] == record["team_b"]:
            yield record.finding(
                Severity.ERROR,
                "self-rivalry",
                f"{record['team_a']} is set against itself",
                "team_b",
                expected="another club",
            )


def _parts(record: Record, whole: str, parts: tuple[str, ...]) -> Iterator[Finding]:
    """`parts` of a stat line may not add up to more than `whole`."""
    if not record.ok(whole, *parts):
        return
    total = sum(record[part] for part in parts)
    if total > record[whole]:
        yield record.finding(
            Severity.ERROR,
            "stat-parts",
            f"{' + '.join(parts)} = {total}, more than the {record[whole]} {whole}",
            parts[0],
            expected=f"at most {whole} ({record[whole]})",
        )


def skater_lines(tables: Tables) -> Iterator[Finding]:
    for record in tables["SkaterStats"].records:
        yield from _parts(record, "g", ("ppg", "shg"))
        yield from _parts(record, "g", ("gwg",))
        yield from _parts(record, "a", ("ppa", "sha"))


def goalie_lines(tables: Tables) -> Iterator[Finding]:
    """Saves within shots in every split; the danger and the strength splits count the same
    shots and saves; goals against are the shots he did not save."""
    for record in tables["GoalieStats"].records:
        for split in (*DANGERS, *STRENGTHS):
            yield from _parts(record, f"sa_{split}", (f"sv_{split}",))
        yield from _parts(record, "breakaway_sa", ("breakaway_sv",))
        yield from _parts(record, "gp", ("gs",))
        for prefix, what in (("sa", "shots against"), ("sv", "saves")):
            by_danger = [f"{prefix}_{d}" for d in DANGERS]
            by_strength = [f"{prefix}_{s}" for s in STRENGTHS]
            if not record.ok(*by_danger, *by_strength):
                continue
            danger = sum(record[f] for f in by_danger)
            strength = sum(record[f] for f in by_strength)
            if danger != strength:
                yield record.finding(
                    Severity.ERROR,
                    "goalie-splits",
                    f"{what}: {danger} by danger ({' + '.join(by_danger)}) but {strength} by "
                    f"strength ({' + '.join(by_strength)})",
                    by_strength[0],
                    expected=f"{danger}, the same shots split another way",
                )
        fields = [f"{p}_{d}" for p in ("sa", "sv") for d in DANGERS]
        if record.ok("ga", *fields):
            shots = sum(record[f"sa_{d}"] for d in DANGERS)
            saves = sum(record[f"sv_{d}"] for d in DANGERS)
            if record["ga"] != shots - saves:
                yield record.finding(
                    Severity.ERROR,
                    "goals-against",
                    f"{record['ga']} goals against, but {shots} shots less {saves} saves "
                    f"is {shots - saves}",
                    "ga",
                    expected=str(shots - saves),
                )


def stat_lines_for_everyone(tables: Tables) -> Iterator[Finding]:
    """A player without a season has nothing to derive his card from."""
    for sheet, stats, key in (
        ("Skaters", "SkaterStats", "skater_id"),
        ("Goalies", "GoalieStats", "goalie_id"),
    ):
        seasons = {r[key] for r in tables[stats].records if r.ok(key)}
        for record in tables[sheet].records:
            if record.ok(key) and record[key] not in seasons:
                yield record.finding(
                    Severity.WARNING,
                    "no-stat-line",
                    f"{record[key]} has no row on {stats}: his card cannot be derived",
                    key,
                    expected=f"a row on {stats}",
                )


CHECKS: tuple[Check, ...] = (
    unique("Teams", "team_id"),
    unique("Rivalries", "team_a", "team_b"),
    references("Rivalries", "team_a", "Teams", "team_id"),
    references("Rivalries", "team_b", "Teams", "team_id"),
    Check("rivalries", ("Rivalries",), rivalries),
    unique("Skaters", "skater_id"),
    references("Skaters", "team_id", "Teams", "team_id"),
    Check("skater ids", ("Skaters",), skater_ids),
    unique("Goalies", "goalie_id"),
    references("Goalies", "team_id", "Teams", "team_id"),
    Check("goalie ids", ("Goalies",), goalie_ids),
    Check("rosters", ("Teams", "Skaters", "Goalies"), rosters),
    unique("SkaterStats", "skater_id"),
    references("SkaterStats", "skater_id", "Skaters", "skater_id"),
    Check("skater stat lines", ("SkaterStats",), skater_lines),
    unique("GoalieStats", "goalie_id"),
    references("GoalieStats", "goalie_id", "Goalies", "goalie_id"),
    Check("goalie stat lines", ("GoalieStats",), goalie_lines),
    Check(
        "stat lines for everyone",
        ("Skaters", "SkaterStats", "Goalies", "GoalieStats"),
        stat_lines_for_everyone,
    ),
)
