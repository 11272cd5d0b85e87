"""RINKSIDE HOCKEY's sheets and the checks its data must pass: every club a full roster
(the seed's four forward lines and three defence pairs, two goalies), ids that say where a
player stands, stat lines whose parts add up, a deck of play result cards whose numbers
come up exactly as designed over the 9,900 draws, a use for every card rating, skater and
goalie cards whose ratings nest as the rules read them, game-centre charts whose ranges
cover each number once, and (once the tables are clean) a warning at every card cell that
strays from its derived value beyond the Settings tolerance."""

from __future__ import annotations

from collections import Counter, defaultdict
from collections.abc import Callable, Iterator
from difflib import get_close_matches
from fractions import Fraction

from authoring.checks import Check, Tables, references, single_row, tiles, unique
from authoring.findings import Finding, Severity, a_few
from authoring.games.rinkside import sections
from authoring.games.rinkside.consistency import CHANCE_KINDS
from authoring.games.rinkside.deck import (
    BLACK_VALUES,
    BLUE_VALUES,
    CARDS,
    N100_VALUES,
    PREFIX,
    RED_VALUES,
    SIDES,
    YELLOW,
    AuxiliaryEvent,
    Card,
    Face,
    Side,
    auxiliary_count,
    black_counts,
    draw_count,
    face_counts,
    n100_comparison,
    pairs_where,
)
from authoring.games.rinkside.derive import derived_differences
from authoring.games.rinkside.model import (
    ADVANTAGES,
    AT_OR_BELOW,
    CHART_ENDS,
    CHART_KEYS,
    CHARTS,
    GAME_CENTRE,
    GOALIE_RATINGS,
    INTENSITIES,
    N100,
    RATING_NAMES,
    SKATER_RATINGS,
)
from authoring.games.rinkside.texttables import TEXT_TABLES, text_table_checks
from authoring.tables import Record

SHEETS = (
    "Settings",
    "Teams",
    "Rivalries",
    "Skaters",
    "Goalies",
    "SkaterStats",
    "GoalieStats",
    "SkaterCards",
    "GoalieCards",
    "PlayResultCards",
    "ReadTogether",
    "RatingUses",
    "ChanceMix",
    *GAME_CENTRE,
    *TEXT_TABLES,
)

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


def _id_says(record: Record, key: str, wanted: str, what: str) -> Iterator[Finding]:
    """A player's id names his place, so a card or a line-up naming HLX-C1 can be read
    without the sheet: the id and the row must agree."""
    if record[key] != wanted:
        yield record.finding(
            Severity.ERROR,
            key.replace("_", "-"),
            f"{key} {record[key]} does not say his {what}: {wanted}",
            key,
            expected=wanted,
        )


def skater_ids(tables: Tables) -> Iterator[Finding]:
    for record in tables["Skaters"].records:
        if not record.ok("skater_id", "team_id", "position", "unit"):
            continue
        unit = "pair" if record["position"] in DEFENCE else "line"
        wanted = f"{record['team_id']}-{record['position']}{record['unit']}"
        yield from _id_says(record, "skater_id", wanted, f"team, position and {unit}")
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
        if record.ok("goalie_id", "team_id", "depth"):
            wanted = f"{record['team_id']}-G{record['depth']}"
            yield from _id_says(record, "goalie_id", wanted, "team and depth")


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


# The play result cards' numbers (README §3.3-§3.4, §8.2 items 1-3 and 7).

NUMBER_FIELDS = ("black", "n100", "red", "blue")
FACE_NAMES = {"left": "Left", "right": "Right"}
FACE_COUNTS = (("n100", N100_VALUES, 1), ("red", RED_VALUES, 10), ("blue", BLUE_VALUES, 5))
YELLOW_FACES = {"red": 10, "blue": 5}  # faces per side with a red 10, with a blue 10
N100_ENDING_ZERO = 10  # faces per side whose #100 ends in 0: 10, 20 … 100
# A yellow 10 and the opposite #100 ending 0 on one card's own two faces never meet in a
# draw: one such card for each red, none for each blue, gives the designed fractions 1/100
# and 1/198 (README §3.4).
AUXILIARY_OWN = {
    AuxiliaryEvent(side, colour): int(colour == "red")
    for side in SIDES
    for colour in ("red", "blue")
}
AUXILIARY_TOTAL = Fraction(3, 100)


def _field(side: Side, name: str) -> str:
    return PREFIX[side] + name


def _share(count: int, total: int) -> str:
    """A count of draws and, when it reduces, the fraction it makes: '108/9,900 = 3/275'."""
    reduced = Fraction(count, total)
    shown = f"{count:,}/{total:,}"
    if reduced.denominator == total:
        return shown
    return f"{shown} = {reduced.numerator:,}/{reduced.denominator:,}"


def _cards(tables: Tables) -> list[tuple[Card, Record]] | None:
    """Every card with its row, or None while a number cell is wrong or the deck is not
    100 cards (reported already: every count would be off by that one mistake)."""
    fields = ["card", *(_field(side, name) for side in SIDES for name in NUMBER_FIELDS)]
    records = tables["PlayResultCards"].records
    if len(records) != CARDS or not all(r.ok(*fields) for r in records):
        return None

    def face(record: Record, side: Side) -> Face:
        return Face(**{name: record[_field(side, name)] for name in NUMBER_FIELDS})

    return [
        (Card(r["card"], face(r, "left"), face(r, "right"), r.location("card")), r) for r in records
    ]


def all_cards(tables: Tables) -> Iterator[Finding]:
    """The deck is cards 1-100; a missing number is a missing card (duplicates: `unique`)."""
    sheet = tables["PlayResultCards"]
    if not all(r.ok("card") for r in sheet.records):
        return
    present = {r["card"] for r in sheet.records}
    missing = [str(number) for number in range(1, CARDS + 1) if number not in present]
    if missing:
        yield sheet.finding(
            Severity.ERROR,
            "missing-card",
            f"no row for card {a_few(missing, 10)}: the deck has {CARDS} cards",
            field="card",
            expected=f"cards 1-{CARDS}, one row each",
        )


def black_n100_uniform(tables: Tables) -> Iterator[Finding]:
    """Black #100 is the turned card's Left black digit and the next card's Right one. It
    comes up 1 time in 100 for every value exactly when each ordered digit pair is on one
    card (README §3.3); a repeated pair is reported at the repeating card's digit cell."""
    cards = _cards(tables)
    if cards is None:
        return
    deck = [card for card, _ in cards]
    total = draw_count(deck)
    counts = black_counts(deck)
    off = {value: n for value, n in counts.items() if n * len(BLACK_VALUES) != total}
    if not off:
        return
    groups: dict[int, list[int]] = defaultdict(list)
    for value, n in sorted(off.items()):
        groups[n].append(value)
    shares = [
        f"{' '.join(map(str, values))} at {_share(n, total)}{' each' if len(values) > 1 else ''}"
        for n, values in sorted(groups.items(), key=lambda item: item[1][0])
    ]
    summary = f"Black #100 is not uniform: {'; '.join(shares[:8])}"
    if len(shares) > 8:
        summary += f" and {len(shares) - 8} more groups"
    summary += f"; against {_share(total // len(BLACK_VALUES), total)} for every value"
    expected = "each ordered pair of black digits (l_black, r_black) on exactly one card"
    lefts = Counter(card.left.black for card in deck)
    rights = Counter(card.right.black for card in deck)
    first: dict[tuple[int, int], Card] = {}
    for card, record in cards:
        pair = (card.left.black, card.right.black)
        earlier = first.setdefault(pair, card)
        if earlier is card:
            continue
        # One edited digit leaves its side with a digit on 11 cards: point at that side.
        side: Side = "left" if lefts[pair[0]] > rights[pair[1]] else "right"
        yield record.finding(
            Severity.ERROR,
            "black-n100",
            f"{summary}. Card {card.card}'s black digits {pair[0]} and {pair[1]} repeat "
            f"card {earlier.card}'s",
            _field(side, "black"),
            expected=expected,
        )


def face_numbers(tables: Tables) -> Iterator[Finding]:
    """On each side: #100 a permutation of 1-100, each red 1-10 on 10 faces, each blue 1-20
    on 5 (README §3.2). A value on too many faces is reported at the face that is one too
    many, naming every value whose count is off."""
    cards = _cards(tables)
    if cards is None:
        return
    for side in SIDES:
        for name, values, times in FACE_COUNTS:
            yield from _face_count(cards, side, name, values, times)


def _face_count(
    cards: list[tuple[Card, Record]], side: Side, name: str, values: range, times: int
) -> Iterator[Finding]:
    field = _field(side, name)
    faces = f"{FACE_NAMES[side]} faces"
    counts = face_counts([card for card, _ in cards], side, name)
    off = [value for value in values if counts[value] != times]
    if not off:
        return
    described = a_few([f"{value} on {counts[value]}" for value in off], 10)
    expected = (
        f"each of {values.start}-{values.stop - 1} on exactly {times} {faces}"
        if times > 1
        else f"each of {values.start}-{values.stop - 1} on exactly one {FACE_NAMES[side]} face"
    )
    holders: Counter[int] = Counter()
    for card, record in cards:
        value = getattr(card.face(side), name)
        holders[value] += 1
        if holders[value] == times + 1:
            yield record.finding(
                Severity.ERROR,
                "face-numbers",
                f"{field} {value} is on {counts[value]} {faces} (card {card.card} is one too "
                f"many); {field} counts off: {described}",
                field,
                expected=expected,
            )
    if all(counts[value] <= times for value in values):
        yield cards[0][1].sheet.finding(
            Severity.ERROR,
            "face-numbers",
            f"{field} counts off: {described}",
            field=field,
            expected=expected,
        )


def yellow_tens(tables: Tables) -> Iterator[Finding]:
    """A red or blue 10 is printed yellow and, with the opposite face's #100 ending in 0,
    starts an auxiliary play (seed L1317). No face shows both 10s; each of the four events
    comes up as designed (1/100 for a red 10, 1/198 for a blue 10) and the whole trigger on
    exactly 3 draws in 100 (README §3.4)."""
    cards = _cards(tables)
    if cards is None:
        return
    for card, record in cards:
        for side in SIDES:
            face = card.face(side)
            if face.red == YELLOW and face.blue == YELLOW:
                yield record.finding(
                    Severity.ERROR,
                    "yellow-10",
                    f"card {card.card}'s {FACE_NAMES[side]} face has a red 10 and a blue 10",
                    _field(side, "blue"),
                    expected="at most one yellow 10 on a face",
                )
    deck = [card for card, _ in cards]
    if any(
        list(_face_count(cards, side, name, values, times))
        for side in SIDES
        for name, values, times in FACE_COUNTS
    ):
        return  # the counts behind the fractions are wrong, and reported as such
    total = draw_count(deck)
    events_as_designed = True
    for event, own in AUXILIARY_OWN.items():
        wanted = YELLOW_FACES[event.colour] * N100_ENDING_ZERO - own
        found = pairs_where(deck, *event.tests())
        if found == wanted:
            continue
        events_as_designed = False
        carriers = [(card, record) for card, record in cards if event.on_one_card(card)]
        message = (
            f"{event.label()} comes up on {_share(found, total)} of draws, designed "
            f"{_share(wanted, total)}: {own} card(s) should carry both on their own two "
            f"faces, {len(carriers)} do"
        )
        expected = f"{own} card(s) with a {event.colour} 10 and the other face's #100 ending 0"
        other: Side = "right" if event.side == "left" else "left"
        if len(carriers) > own:
            for _card, record in carriers[own:]:
                yield record.finding(
                    Severity.ERROR, "yellow-10", message, _field(other, "n100"), expected
                )
        else:
            yield cards[0][1].sheet.finding(
                Severity.ERROR, "yellow-10", message, field=_field(other, "n100"), expected=expected
            )
    found_total = auxiliary_count(deck)
    if events_as_designed and Fraction(found_total, total) != AUXILIARY_TOTAL:
        both = [
            (card, record, side)
            for card, record in cards
            for side in SIDES
            if card.face(side).yellow and card.face(side).n100_ends_in_zero
        ]
        message = (
            f"an auxiliary play comes up on {_share(found_total, total)} of draws, designed "
            f"3/100: one Left face and one Right face (on different cards) should each show "
            f"a yellow 10 with their own #100 ending 0, {len(both)} face(s) do"
        )
        expected = "one such face on each side, on two different cards"
        if both:
            card, record, side = both[-1]
            yield record.finding(
                Severity.ERROR, "yellow-10", message, _field(side, "n100"), expected
            )
        else:
            yield cards[0][1].sheet.finding(
                Severity.ERROR, "yellow-10", message, field="l_n100", expected=expected
            )


def n100_sides_even(tables: Tables) -> Iterator[Finding]:
    """Warm-up, fights, last second and goal review compare the Left #100 with the Right:
    neither side may be favoured. With both sides permutations, P(Left > Right) =
    P(Right > Left) = 49/99 exactly when no card has its two #100s equal and as many cards
    have the higher number on the back as on the front (README §8.2 item 7)."""
    cards = _cards(tables)
    if cards is None:
        return
    for card, record in cards:
        if card.left.n100 == card.right.n100:
            yield record.finding(
                Severity.ERROR,
                "n100-sides",
                f"card {card.card} has #100 {card.left.n100} on both faces",
                "r_n100",
                expected="a different #100 on each face of a card",
            )
    deck = [card for card, _ in cards]
    permutations = all(not list(_face_count(cards, side, "n100", N100_VALUES, 1)) for side in SIDES)
    higher_back = sum(card.left.n100 > card.right.n100 for card in deck)
    higher_front = sum(card.left.n100 < card.right.n100 for card in deck)
    if permutations and higher_back != higher_front:
        total = draw_count(deck)
        left, right, _ = (share * total for share in n100_comparison(deck))
        yield cards[0][1].sheet.finding(
            Severity.ERROR,
            "n100-sides",
            f"{higher_back} cards have the higher #100 on the back and {higher_front} on "
            f"the front: a draw's Left #100 beats the Right on {_share(int(left), total)} "
            f"of draws, the Right beats the Left on {_share(int(right), total)}",
            field="r_n100",
            expected="as many cards with the higher #100 on the back as on the front "
            "(49/99 each way)",
        )


# The skater cards' sanity (README §8.1): a rating read inside another's range cannot
# exceed it.

# (rating, the rating it may not exceed, why, seed line)
SKATER_BOUNDS = (
    ("big_hit", "hit", "a big hit is the low end of the hit range", "L316"),
    ("nz_hit", "defense", "a neutral-zone hit happens inside a successful NZ stop", "L810"),
    ("nz_big_hit", "nz_hit", "a neutral-zone big hit is the low end of the NZ hit range", "L810"),
    ("head_man", "breakout", "head man is the low end of the breakout range", "L716"),
    ("hqs", "offense", "a high-quality shot is read inside the offense range", "L326"),
    ("quality_shot", "offense", "a quality shot is read inside the offense range", "L326"),
    ("set_up", "offense", "a set-up is read inside the offense range", "L334"),
    # sniper and sh_sniper (at most 40) never pass shot_target (at least 40): the schema's
    # ranges keep them on target.
    ("pp_sniper", "shot_target", "a power-play sniper shot is an on-target shot", "L427"),
    ("physical", "d_battle", "PHY is read inside a won D-battle", "L364"),
)
ENFORCER_AE = 2  # A/E 1-2 is an enforcer's (seed L1210)
AGITATOR_AE = 3  # and 3 an agitator's (L1170)


def _above_bounds(
    record: Record, bounds: tuple[tuple[str, str, str, str], ...]
) -> Iterator[Finding]:
    """Each rating above the rating that bounds it, at the rating's cell."""
    for rating, bound, why, line in bounds:
        if record.ok(rating, bound) and record[rating] > record[bound]:
            yield record.finding(
                Severity.ERROR,
                "card-bound",
                f"{rating} {record[rating]} is above {bound} {record[bound]}: {why} ({line})",
                rating,
                expected=f"at most {bound} ({record[bound]})",
            )


def skater_card_bounds(tables: Tables) -> Iterator[Finding]:
    for record in tables["SkaterCards"].records:
        yield from _above_bounds(record, SKATER_BOUNDS)


def fighters_flagged(tables: Tables) -> Iterator[Finding]:
    """The fight and agitator rules find their men by A/E: an enforcer, and only he, has
    A/E 1-2; an agitator has 3 (README §8.1)."""
    roles = {
        r["skater_id"]: r["role"] for r in tables["Skaters"].records if r.ok("skater_id", "role")
    }
    for record in tables["SkaterCards"].records:
        if not record.ok("skater_id", "agitator_enforcer") or record["skater_id"] not in roles:
            continue
        role, rating = roles[record["skater_id"]], record["agitator_enforcer"]
        if role == "enforcer" and rating > ENFORCER_AE:
            wanted = f"1-{ENFORCER_AE}, an enforcer's"
        elif role != "enforcer" and rating <= ENFORCER_AE:
            wanted = f"{AGITATOR_AE} or more: A/E 1-{ENFORCER_AE} is for enforcers"
        elif role == "agitator" and rating != AGITATOR_AE:
            wanted = f"{AGITATOR_AE}, an agitator's"
        else:
            continue
        yield record.finding(
            Severity.ERROR,
            "fighter-flag",
            f"{record['skater_id']} has role {role} on Skaters but A/E {rating}",
            "agitator_enforcer",
            expected=wanted,
        )


# The goalie cards' sanity (README §8.1): numbers read in order of a range, or inside
# another's range, nest.

# (rating, the rating it may not exceed, why, seed line)
GOALIE_BOUNDS = (
    ("save_green", "save_blue", "a green chance is better than a blue one, so saved less", "L534"),
    ("save_blue", "save_black", "a blue chance is better than a black one, so saved less", "L534"),
    (
        "save_green",
        "sht",
        "a short-handed rush shot sits between the colours (our choice)",
        "L1132",
    ),
    (
        "sht",
        "save_black",
        "a short-handed rush shot sits between the colours (our choice)",
        "L1132",
    ),
    ("control_puck", "play_puck", "control is the low end of play", "L400"),
    ("great_save", "big_good", "the level-up reads GREAT SAVE inside the big-save range", "L554"),
    ("big_good", "big_very_good", "a better game widens the big-save range", "L554"),
    ("big_very_good", "big_great", "a better game widens the big-save range", "L554"),
    ("easy_cover", "easy_corner", "a save column's cut points run in order", "L590"),
    ("easy_corner", "easy_rebound", "a save column's cut points run in order", "L590"),
    ("diff_cover", "diff_corner", "a save column's cut points run in order", "L590"),
    ("diff_corner", "diff_rebound", "a save column's cut points run in order", "L590"),
    ("diff_cover", "easy_cover", "a difficult save is never kinder than an easy one", "L612"),
    ("diff_corner", "easy_corner", "a difficult save is never kinder than an easy one", "L612"),
    ("diff_rebound", "easy_rebound", "a difficult save is never kinder than an easy one", "L612"),
    ("type_glove", "type_pad", "the save-type cut points run in order", "L646"),
    ("type_pad", "type_blocker", "the save-type cut points run in order", "L646"),
)
LOWEST_TYPE_DIGIT = 1  # a saved number's type digit is never 0 (seed L692)


def goalie_card_bounds(tables: Tables) -> Iterator[Finding]:
    for record in tables["GoalieCards"].records:
        yield from _above_bounds(record, GOALIE_BOUNDS)
        if record.ok("type_glove") and record["type_glove"] < LOWEST_TYPE_DIGIT:
            yield record.finding(
                Severity.ERROR,
                "card-bound",
                f"type_glove {record['type_glove']} leaves the glove band empty: the type "
                "digit of a saved number is 1-9, never 0 (L692)",
                "type_glove",
                expected=f"at least {LOWEST_TYPE_DIGIT}",
            )


# Every use of every card rating (README §2.3, §8.1's last row).


def known_ratings(tables: Tables) -> Iterator[Finding]:
    """A use names a rating of its own card: a column of that card sheet, or a goalie's
    group of cut points (easy_*). A name that is neither is reported with the closest one."""
    for record in tables["RatingUses"].records:
        if not record.ok("card", "rating"):
            continue
        card, rating = record["card"], record["rating"]
        names = RATING_NAMES[card]
        if rating in names:
            continue
        [closest] = get_close_matches(rating, list(names), n=1, cutoff=0)
        other = next((c for c in RATING_NAMES if c != card and rating in RATING_NAMES[c]), None)
        where = f" (it is on the {other} card)" if other else ""
        yield record.finding(
            Severity.ERROR,
            "unknown-rating",
            f"{rating} is not a rating of the {card} card{where}: did you mean {closest}?",
            "rating",
            expected=f"one of the {card} card's ratings, like {closest}",
        )


def every_rating_used(tables: Tables) -> Iterator[Finding]:
    """A rating no rule reads is dead ink on the card: every column of both cards has a use
    (README §2.3 gives none without one)."""
    sheet = tables["RatingUses"]
    used = {
        column
        for record in sheet.records
        if record.ok("card", "rating")
        for column in RATING_NAMES[record["card"]].get(record["rating"], ())
    }
    for card, ratings in (("skater", SKATER_RATINGS), ("goalie", GOALIE_RATINGS)):
        unused = [rating for rating in ratings if rating not in used]
        if unused:
            yield sheet.finding(
                Severity.WARNING,
                "unused-rating",
                f"no use of the {card} card's {a_few(unused, 8)}: the rules never read "
                f"{'it' if len(unused) == 1 else 'them'}",
                field="rating",
                expected="at least one row for every rating of both cards",
            )


def every_key(
    sheet_name: str, field: str, keys: tuple[str, ...], code: str, what: str
) -> Callable[[Tables], Iterator[Finding]]:
    """A row for each of `keys`: the rules read one for each, so a missing one leaves what
    they read undefined (a range per intensity, README §4.1; a share per kind of chance,
    §8.3)."""

    def run(tables: Tables) -> Iterator[Finding]:
        sheet = tables[sheet_name]
        given = {record[field] for record in sheet.records if record.ok(field)}
        missing = [key for key in keys if key not in given]
        if missing:
            yield sheet.finding(
                Severity.ERROR,
                code,
                f"no {what} for {a_few(missing, 4)}",
                field=field,
                expected=f"one row for each of {', '.join(keys)}",
            )

    return run


def at_or_below_ranges(sheet_name: str) -> Callable[[Tables], Iterator[Finding]]:
    """README §4.1: an at-or-below range runs from `lo` up to `hi`, or is none at all with
    `hi` 0; a `hi` under `lo` otherwise would silently read as none."""

    def run(tables: Tables) -> Iterator[Finding]:
        for record in tables[sheet_name].records:
            if record.ok("lo", "hi") and 0 < record["hi"] < record["lo"]:
                yield record.finding(
                    Severity.ERROR,
                    "range-reversed",
                    f"range {record['lo']}-{record['hi']} runs backwards",
                    "hi",
                    "hi at or above lo, or hi 0 for no range",
                )

    return run


REVIEWABLE = ("deflection", "screen")  # a stick above the bar, a goalie run over


def goal_reviews(tables: Tables) -> Iterator[Finding]:
    """README §4.1: `review` marks "deflection and screen rows whose text invites a goal
    review"; no other goal is ever disputed."""
    for record in tables["GoalDescriptions"].records:
        reviewed = record.ok("goal_type", "review") and record["review"]
        if reviewed and record["goal_type"] not in REVIEWABLE:
            yield record.finding(
                Severity.ERROR,
                "review-not-reviewable",
                f"a {record['goal_type']} goal is marked for review",
                "review",
                f"review only on {' and '.join(REVIEWABLE)} rows",
            )


CHECKS: tuple[Check, ...] = (
    single_row("Settings"),
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
    unique("SkaterCards", "skater_id"),
    references("SkaterCards", "skater_id", "Skaters", "skater_id"),
    Check("skater card bounds", ("SkaterCards",), skater_card_bounds),
    Check("fighters flagged", ("Skaters", "SkaterCards"), fighters_flagged),
    unique("GoalieCards", "goalie_id"),
    references("GoalieCards", "goalie_id", "Goalies", "goalie_id"),
    Check("goalie card bounds", ("GoalieCards",), goalie_card_bounds),
    unique("PlayResultCards", "card"),
    Check("all cards", ("PlayResultCards",), all_cards),
    Check("black #100 uniform", ("PlayResultCards",), black_n100_uniform),
    Check("face numbers", ("PlayResultCards",), face_numbers),
    Check("yellow 10s", ("PlayResultCards",), yellow_tens),
    Check("left and right #100 even", ("PlayResultCards",), n100_sides_even),
    Check("card sections", ("PlayResultCards",), sections.section_rules),
    Check("card symmetries", ("PlayResultCards",), sections.symmetries),
    unique("ReadTogether", "pair_id"),
    Check("read together", ("PlayResultCards", "ReadTogether"), sections.read_together_values),
    unique("RatingUses", "use_id"),
    Check("known ratings", ("RatingUses",), known_ratings),
    Check("every rating used", ("RatingUses",), every_rating_used),
    unique("ChanceMix", "kind"),
    Check(
        "every chance kind",
        ("ChanceMix",),
        every_key("ChanceMix", "kind", CHANCE_KINDS, "missing-chance", "share"),
    ),
    # README §8.5: each chart's ranges cover 1-100 of its number, per key, once.
    *(
        tiles(
            chart,
            "lo",
            "hi",
            start=1,
            end=CHART_ENDS.get(chart, N100),
            group_by=CHART_KEYS.get(chart),
            noun="number",
        )
        for chart in CHARTS
    ),
    *(unique(sheet, "intensity") for sheet in AT_OR_BELOW),
    *(
        Check(f"ordered ranges {sheet}", (sheet,), at_or_below_ranges(sheet))
        for sheet in AT_OR_BELOW
    ),
    *(
        Check(
            f"every intensity {sheet}",
            (sheet,),
            every_key(sheet, "intensity", INTENSITIES, "missing-intensity", "range"),
        )
        for sheet in AT_OR_BELOW
    ),
    Check(
        "every advantage FightResult",
        ("FightResult",),
        every_key("FightResult", "advantage", ADVANTAGES, "missing-advantage", "result ranges"),
    ),
    unique("MomentumLevels", "level"),
    tiles("MomentumLevels", "lo", "hi", start=1, end=None, noun="point", open_top=True),
    unique("MomentumPoints", "play"),
    unique("MomentumShifts", "play"),
    Check("goal reviews", ("GoalDescriptions",), goal_reviews),
    # README §4.2, §8.5: the text tables tile their numbers; the lists hold their entries.
    *text_table_checks(GOALIE_RATINGS),
)
MODEL_CHECKS = (derived_differences,)
