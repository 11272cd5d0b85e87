"""BIATHLON BLAST's sheets and the semantic checks its data must pass: the box's component
counts follow from the data, and every course is a trail a biathlete can actually ski."""

from __future__ import annotations

from collections import defaultdict, deque
from collections.abc import Iterator

from authoring.checks import Check, Tables, each_exactly, references, single_row, unique
from authoring.findings import Finding, Severity
from authoring.games.biathlon.rules import DICE
from authoring.tables import Record

SHEETS = (
    "Colours",
    "Biathletes",
    "Cards",
    "RangeActions",
    "Venues",
    "Courses",
    "Spaces",
    "Links",
    "Box",
    "WorldCup",
    "Balance",
)
COMMON_PER_BIATHLETE = 4
ONE_WIND = 1
"""There is one wind, so one cloud shows it, and one barrier holds every roll of the dice."""


def _all_ok(tables: Tables, *sheets: str) -> bool:
    return all(r.invalid == frozenset() for s in sheets for r in tables[s].records)


def box_counts(tables: Tables) -> Iterator[Finding]:
    """What the box promises against what the data adds up to."""
    if not _all_ok(tables, "Colours", "Biathletes", "Cards", "Box"):
        return
    colours = tables["Colours"].records
    biathletes = tables["Biathletes"].records
    cards = tables["Cards"].records
    personal: dict[str, int] = defaultdict(int)
    for card in cards:
        if card["kind"] == "personal" and card["owner"] is not None:
            personal[card["owner"]] += card["copies"]
    common = sum(c["copies"] for c in cards if c["kind"] == "common")
    motivation = sum(c["copies"] for c in cards if c["kind"] == "motivation")
    counted = {
        "bullets": sum(c["bullets"] for c in colours),
        "wax": sum(c["wax"] for c in colours),
        "ski_pairs": len(colours),
        "player_boards": len(colours),
        "pulse_markers": len(colours),
        "shooting_dice": len(DICE),
        "cloud": ONE_WIND,
        "shooting_barrier": ONE_WIND,
        "standees": len(biathletes),
        "accuracy_tiles": len(biathletes),
        "skiing_cards": common * len(biathletes) + sum(personal.values()) + motivation,
        "motivation_cards": motivation,
    }
    per_biathlete = {b["id"]: common + personal.get(b["id"], 0) for b in biathletes}
    for record in tables["Box"].records:
        component, promised = record["component"], record["count"]
        if component == "personal_cards_per_biathlete":
            for biathlete, have in per_biathlete.items():
                if have != promised:
                    yield record.finding(
                        Severity.ERROR,
                        "box-count",
                        f"{biathlete} has {have} skiing cards ({common} common + "
                        f"{have - common} personal); the box gives each {promised}",
                        "count",
                        expected=f"{promised} per biathlete",
                    )
        elif component in counted and counted[component] != promised:
            yield record.finding(
                Severity.ERROR,
                "box-count",
                f"the box promises {promised} {component.replace('_', ' ')}, the data adds "
                f"up to {counted[component]}",
                "count",
                expected=f"{counted[component]}",
            )
    if common != COMMON_PER_BIATHLETE:
        yield tables["Cards"].finding(
            Severity.ERROR,
            "card-mix",
            f"there are {common} common cards",
            field="kind",
            expected=f"{COMMON_PER_BIATHLETE} common cards, one each",
        )


def bibs(tables: Tables) -> Iterator[Finding]:
    """A bib is the accuracy at low, medium and high pulse: die faces, never better higher."""
    for record in tables["Biathletes"].records:
        if not record.ok("bib"):
            continue
        bib = record["bib"]  # three die faces, by the schema's pattern
        if not bib[0] <= bib[1] <= bib[2]:
            yield record.finding(
                Severity.ERROR,
                "bib",
                f"bib {bib} is more accurate at a higher pulse",
                "bib",
                expected="digits that never fall, e.g. 244",
            )


def card_initiative(tables: Tables) -> Iterator[Finding]:
    for record in tables["Cards"].records:
        if not record.ok("initiative", "initiative_die", "initiative_double"):
            continue
        number, die, double = (
            record["initiative"],
            record["initiative_die"],
            record["initiative_double"],
        )
        if (number is None) == (die is None):
            yield record.finding(
                Severity.ERROR,
                "initiative",
                "a card shows either an initiative number or a die colour, and this one shows "
                + ("both" if number is not None else "neither"),
                "initiative",
                expected="exactly one of initiative and initiative_die",
            )
        elif double and die is None:
            yield record.finding(
                Severity.ERROR,
                "initiative",
                "only a die initiative can be doubled",
                "initiative_double",
                expected="FALSE",
            )


def card_owners(tables: Tables) -> Iterator[Finding]:
    for record in tables["Cards"].records:
        if not record.ok("kind", "owner"):
            continue
        if (record["kind"] == "personal") != (record["owner"] is not None):
            yield record.finding(
                Severity.ERROR,
                "card-owner",
                f"a {record['kind']} card "
                + ("needs an owner" if record["kind"] == "personal" else "has no owner"),
                "owner",
                expected="a biathlete" if record["kind"] == "personal" else "blank",
            )


def courses_are_skiable(tables: Tables) -> Iterator[Finding]:
    """Each trail runs start -> range on laps 1-2, range -> start line, and on to the finish."""
    if not _all_ok(tables, "Courses", "Spaces", "Links"):
        return
    spaces: dict[str, dict[int, Record]] = defaultdict(dict)
    for record in tables["Spaces"].records:
        spaces[record["venue"]][record["space"]] = record
    for record in tables["Links"].records:
        for end in ("from", "to"):
            if record[end] not in spaces[record["venue"]]:
                yield record.finding(
                    Severity.ERROR,
                    "unknown-space",
                    f"{record['venue']} has no space {record[end]}",
                    end,
                    expected="a space of the venue on sheet Spaces",
                )
    for course in tables["Courses"].records:
        venue, route = course["venue"], course["route"]
        nodes = spaces[venue]
        marked = {
            m: [s for s, r in nodes.items() if r["marker"] == m]
            for m in ("start", "range", "finish")
        }
        missing = [m for m, found in marked.items() if len(found) != 1]
        if missing:
            yield course.finding(
                Severity.ERROR,
                "course-markers",
                f"{venue} needs exactly one {', one '.join(missing)} space",
                "venue",
                expected="one start, one range and one finish space",
            )
            continue
        start, shooting, finish = (marked[m][0] for m in ("start", "range", "finish"))
        legs = (
            ("from the start to the range", start, shooting, "to_range"),
            ("from the range back to the start line", shooting, start, "to_range"),
            ("from the start to the finish", start, finish, "to_finish"),
        )
        for words, source, target, lap in legs:
            if not _reaches(tables["Links"].records, venue, route, lap, source, target):
                yield course.finding(
                    Severity.ERROR,
                    "course-disconnected",
                    f"the {course['name']} trail has no way {words}",
                    "course",
                    expected="a connected trail",
                )


def _reaches(
    links: list[Record], venue: str, route: str, lap: str, source: int, target: int
) -> bool:
    ahead: dict[int, list[int]] = defaultdict(list)
    for link in links:
        if (
            link["venue"] == venue
            and link["route"] in ("both", route)
            and link["lap"] in ("any", lap)
        ):
            ahead[link["from"]].append(link["to"])
    seen, queue = {source}, deque([source])
    while queue:
        here = queue.popleft()
        for there in ahead[here]:
            if there == target:
                return True
            if there not in seen:
                seen.add(there)
                queue.append(there)
    return False


def coach_zones(tables: Tables) -> Iterator[Finding]:
    for record in tables["Spaces"].records:
        if not record.ok("coach_colour", "coach_count"):
            continue
        if (record["coach_colour"] is None) != (record["coach_count"] == 0):
            yield record.finding(
                Severity.ERROR,
                "coach-zone",
                "a coach zone needs both a colour and a count of 1-3",
                "coach_count",
                expected="0 without a colour, 1-3 with one",
            )


CHECKS: tuple[Check, ...] = (
    unique("Colours", "colour"),
    unique("Colours", "order"),
    unique("Biathletes", "id"),
    Check("bibs", ("Biathletes",), bibs),
    unique("Cards", "id"),
    references("Cards", "owner", "Biathletes", "id"),
    Check("card owners", ("Cards",), card_owners),
    Check("card initiative", ("Cards",), card_initiative),
    each_exactly("RangeActions", "action", ("wait", "shoot"), 1, code="range-actions"),
    unique("Venues", "venue"),
    unique("Courses", "course"),
    references("Courses", "venue", "Venues", "venue"),
    unique("Spaces", "venue", "space"),
    references("Spaces", "venue", "Venues", "venue"),
    Check("coach zones", ("Spaces",), coach_zones),
    references("Links", "venue", "Venues", "venue"),
    Check("courses are skiable", ("Courses", "Spaces", "Links"), courses_are_skiable),
    unique("Box", "component"),
    Check("box counts", ("Colours", "Biathletes", "Cards", "Box"), box_counts),
    unique("WorldCup", "place"),
    single_row("Balance"),
)
