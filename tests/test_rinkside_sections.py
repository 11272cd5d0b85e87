"""RINKSIDE HOCKEY's play result card sections (README §3.2, §3.5, §5.1-§5.2, §8.2, §8.4):
the shipped deck against the design read straight from the cells, every rule of the
sections caught at its cell on a copy a designer has broken, and the sections read together
(`ReadTogether`) pinned by enumerating the draws themselves."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable
from fractions import Fraction
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from cells import column, found, records, row_where
from conftest import edited_copy

from authoring.games.rinkside import GAME
from authoring.games.rinkside.deck import Card, Face
from authoring.games.rinkside.model import build_model
from authoring.games.rinkside.sections import (
    DESIGN,
    design_report,
    faceoff_win,
    probability,
    read_together_report,
    section_distribution,
)
from authoring.validate import Validation, validate_workbook

SHEET = "PlayResultCards"
PAIRS = "ReadTogether"
DRAWS = 9_900

Edit = Callable[[openpyxl.Workbook], None]
Row = dict[str, Any]


@pytest.fixture(scope="module")
def cards() -> list[Row]:
    """The shipped deck's rows as openpyxl reads them, without the game's code."""
    return [values for _, values in records(openpyxl.load_workbook(GAME.workbook)[SHEET])]


@pytest.fixture(scope="module")
def pairs() -> dict[str, Row]:
    sheet = openpyxl.load_workbook(GAME.workbook)[PAIRS]
    return {values["pair_id"]: values for _, values in records(sheet)}


@pytest.fixture
def check(tmp_path: Path) -> Callable[[Edit], Validation]:
    """Validate a designer's copy after `edit`."""
    return lambda edit: validate_workbook(edited_copy(GAME, tmp_path, edit), GAME)


def cell(sheet_name: str, header: str, **match: Any) -> tuple[str, str]:
    sheet = openpyxl.load_workbook(GAME.workbook)[sheet_name]
    return (sheet_name, f"{column(sheet, header)}{row_where(sheet, **match)}")


def set_value(book: openpyxl.Workbook, header: str, card: int, value: Any) -> None:
    sheet = book[SHEET]
    sheet[f"{column(sheet, header)}{row_where(sheet, card=card)}"] = value


def messages(validation: Validation, code: str) -> list[str]:
    return [f.message for f in validation.findings if f.code == code]


def every_draw(cards: list[Row]) -> list[tuple[Row, Row]]:
    """(turned card, card now on top): the first's back is Left, the second's front Right."""
    return [(i, j) for i in cards for j in cards if i is not j]


def chance(cards: list[Row], event: Callable[[Row, Row], bool]) -> Fraction:
    draws = every_draw(cards)
    assert len(draws) == DRAWS
    return Fraction(sum(event(i, j) for i, j in draws), DRAWS)


def given(
    cards: list[Row], event: Callable[[Row, Row], bool], condition: Callable[[Row, Row], bool]
) -> Fraction:
    return chance(cards, lambda i, j: event(i, j) and condition(i, j)) / chance(cards, condition)


# The shipped deck.


def test_the_shipped_workbook_validates_clean_and_the_model_reads_every_section(cards):
    validation = validate_workbook(GAME.workbook, GAME)
    assert validation.findings == []
    model = build_model(validation.tables)
    by_card = {c["card"]: c for c in cards}
    for card in model.cards:
        row = by_card[card.card]
        assert card.left.zone == row["l_zone"] and card.right.hv == row["r_hv"]
        assert card.right.physical_n == row["r_physical_n"]
        assert card.left.hv is None and card.right.zone is None  # not on that face
    assert [row.pair_id for row in model.read_together] == [f"P{n:02}" for n in range(1, 32)]


def test_every_section_carries_the_designed_counts(cards):
    """README §3.2's tables, value by value, counted from the cells."""
    for header, designed in DESIGN.items():
        counted = Counter(c[header] for c in cards)
        assert counted == Counter({v: n for v, n in designed.items() if n}), header
    assert Counter((c["r_grade"], c["r_grade_pos"]) for c in cards) == {
        ("A", "F"): 22,
        ("A", "D"): 8,
        ("B", "F"): 23,
        ("B", "D"): 7,
        ("C", "F"): 19,
        ("C", "D"): 6,
        ("D", "F"): 11,
        ("D", "D"): 4,
    }
    physical: dict[tuple[str | None, int | None], int] = {
        **{("HIT", n): 5 for n in range(1, 11)},
        **{("BIG HIT", n): 2 for n in range(1, 11)},
        (None, None): 30,
    }
    assert Counter((c["r_physical"], c["r_physical_n"]) for c in cards) == physical


def test_the_check_reports_the_design_and_each_distribution(cards):
    model = build_model(validate_workbook(GAME.workbook, GAME).tables)
    assert all(designed == counted for _, _, designed, counted in design_report(model.cards))
    assert section_distribution(model.cards, "left", "zone")["O-BATTLE"] == Fraction(8, 100)
    assert section_distribution(model.cards, "right", "hv") == {
        "H": Fraction(1, 2),
        "V": Fraction(1, 2),
    }


def test_the_hitting_and_official_call_boxes_nest_on_every_card(cards):
    """Seed L312: hitting is read per strategy, HIT-, HIT, HIT+; L1013: "under Let Them Play
    every box must be filled" while under Call It Tight one is enough (README §5.2)."""
    order = {None: 0, "HIT": 1, "P?": 2}
    for c in cards:
        assert order[c["l_hit_minus"]] <= order[c["l_hit"]] <= order[c["l_hit_plus"]]
        for side in ("l_", "r_"):
            boxes = [c[f"{side}call_{box}"] for box in ("tight", "normal", "ltp")]
            assert boxes == sorted(boxes, reverse=True)


def test_the_carried_card_spreads_each_right_player_over_the_next_left_numbers(cards):
    """Seed L320-L354: the Right face's zone player is read against the Left red or blue of
    the next draw, the back of the same card (README §0). Each player value's cards fall on
    red 1-5 and blue 1-10 within one card of half."""
    for header in ("r_zone_off", "r_zone_def", "r_block_who", "r_net_who", "r_forecheck_who"):
        for value, n in Counter(c[header] for c in cards).items():
            low_red = sum(c["l_red"] <= 5 for c in cards if c[header] == value)
            low_blue = sum(c["l_blue"] <= 10 for c in cards if c[header] == value)
            assert abs(low_red - Fraction(n, 2)) < 1 and abs(low_blue - Fraction(n, 2)) < 1


def test_the_two_zone_battles_meet_every_right_player_alike(cards):
    """Offence and defence get the same chances: by enumeration, O-BATTLE and D-BATTLE on
    the Left face meet each Right-face player value on as many of the 9,900 draws."""
    for header in ("r_zone_off", "r_zone_def", "r_faceoff_control", "r_dump_def"):
        for value in {c[header] for c in cards}:

            def meets(battle: str, h: str = header, v: Any = value) -> Fraction:
                return chance(cards, lambda i, j: i["l_zone"] == battle and j[h] == v)

            assert meets("O-BATTLE") == meets("D-BATTLE"), (header, value)


def test_faceoff_win_is_ten_plus_the_difference_in_twenty():
    """Seed L206: "take the difference between the two and add that to 10"; among the 80
    numbered Left faces that range wins exactly (10 + d)/20 (README §8.4)."""
    model = build_model(validate_workbook(GAME.workbook, GAME).tables)
    assert [faceoff_win(model.cards, d) for d in range(11)] == [
        Fraction(min(10 + d, 20), 20) for d in range(11)
    ]
    assert faceoff_win(model.cards, 2) == Fraction(3, 5)


# ReadTogether pinned by enumeration of the shipped deck's draws.


def test_the_pairs_read_together_hold_by_enumeration(cards, pairs):
    def black(i: Row, j: Row) -> int:
        return 10 * i["l_black"] + j["r_black"] or 100

    enumerated = {
        "P08": given(cards, lambda i, j: i["l_call_normal"], lambda i, j: j["r_n100"] <= 10),
        "P09": chance(cards, lambda i, j: i["l_n100"] > j["r_n100"]),
        "P10": chance(cards, lambda i, j: i["l_red"] == 10 and j["r_n100"] % 10 == 0),
        "P11": given(
            cards,
            lambda i, j: j["r_zone_off"] == "*LD",
            lambda i, j: i["l_zone"] == "OFFENSE DANGEROUS",
        ),
        "P16": given(
            cards,
            lambda i, j: j["r_faceoff_control"] == "C",
            lambda i, j: i["l_faceoff"].isdigit() and int(i["l_faceoff"]) <= 10,
        ),
        "P18": given(
            cards, lambda i, j: j["r_hv"] == "H", lambda i, j: i["l_faceoff"] == "PENALTY"
        ),
        "P31": chance(cards, lambda i, j: j["r_red"] == 10 and i["l_n100"] % 10 == 0),
    }
    # P07 (carried card): the front that drew the penalty becomes the next draw's back, so
    # the next Black #100 is that card's Left digit and a third card's Right digit.
    enumerated["P07"] = given(
        cards,
        lambda j, k: black(j, k) <= 9,
        lambda j, k: j["r_n100"] <= 10,
    )
    assert enumerated["P09"] == Fraction(49, 99)
    assert enumerated["P10"] == enumerated["P31"] == Fraction(1, 100)
    assert enumerated["P18"] == Fraction(1, 2)
    for pair_id, value in enumerated.items():
        assert pairs[pair_id]["value"] == str(value), pair_id
    model = build_model(validate_workbook(GAME.workbook, GAME).tables)
    report = {pair_id: value for pair_id, _, _, value in read_together_report(model)}
    assert {pair_id: report[pair_id] for pair_id in enumerated} == enumerated


def test_a_penalty_on_a_low_right_n100_can_fall_on_every_rank(cards, pairs):
    """Seed L306, L386: a draw or commit penalty comes when the Right #100 is "within" the
    player's rating (0-10). L1025: "Draw a new card. Use the Black #100" on the Penalized
    Player chart, which names the rank by Commit Penalty. The card whose front gave the
    penalty is turned over for that draw, so its back digit is the tens digit of the Black
    #100 (README §0, §3.5 P07). Counted over every ordered triple (i, j, k) of different
    cards whose j has Right #100 at most t: i's back beside j's front, then j's back beside
    k's front.

    Distances: t cards share the chance out in t equal parts, one per back digit, so at
    every t each row is less than one card's share (1/t) from its chance without the
    condition; with all ten digits (t = 10) only j's own front is missing from its 99
    partners, at most 1/99 of one card's tenth: 1/990. The lowest rank has a chance from
    t = 4 on: the deal puts the 0 fourth, since a 0 among fewer cards gives that rank 9/10
    of a card's share, against its 9/100 (README §3.5)."""
    sheet = openpyxl.load_workbook(GAME.workbook)["PenalizedPlayer"]
    ranks: list[tuple[int, int, int]] = sorted(
        (r["from_lowest"], r["lo"], r["hi"]) for _, r in records(sheet)
    )

    def rank_of(turned: Row, top: Row) -> int:
        black = 10 * turned["l_black"] + top["r_black"] or 100
        return next(rank for rank, lo, hi in ranks if lo <= black <= hi)

    unconditional = {rank: Fraction(hi - lo + 1, 100) for rank, lo, hi in ranks}
    next_draws = Counter(rank_of(j, k) for j, k in every_draw(cards))
    assert {rank: Fraction(n, DRAWS) for rank, n in next_draws.items()} == unconditional

    triples: Counter[tuple[int, int]] = Counter()  # (j's Right #100, rank) → triples
    for j in (c for c in cards if c["r_n100"] <= 10):
        for k in cards:
            for i in cards:
                if len({i["card"], j["card"], k["card"]}) == 3:
                    triples[j["r_n100"], rank_of(j, k)] += 1
    assert triples.total() == 10 * 99 * 98
    for t in range(1, 11):
        low = [c for c in cards if c["r_n100"] <= t]
        assert len({c["l_black"] for c in low}) == t
        held = {rank: sum(triples[n, rank] for n in range(1, t + 1)) for rank in unconditional}
        chances = {rank: Fraction(n, t * 99 * 98) for rank, n in held.items()}
        assert all(abs(chances[r] - p) < Fraction(1, t) for r, p in unconditional.items()), t
        assert chances[1] > 0 or t < 4, t
    assert all(abs(chances[r] - p) <= Fraction(1, 990) for r, p in unconditional.items())
    assert pairs["P07"]["value"] == str(chances[1]) == "89/990"


def hand_deck() -> list[Card]:
    """Five cards whose own faces overlap: the two-card formula must take out a card's own
    pair, which only enumeration settles."""

    def card(n: int, black: int, zone: str, n100: int, hv: str, r_black: int) -> Card:
        left = Face(black, n100, 1 + n, 1 + n, zone=zone, faceoff=str(n + 8))
        right = Face(r_black, 100 - n100, 1 + n, 1 + n, hv=hv, zone_off="C" if n % 2 else "LW")
        return Card(n, left, right)

    return [
        card(1, 0, "O-BATTLE", 10, "H", 9),
        card(2, 5, "D-BATTLE", 20, "V", 0),
        card(3, 9, "O-BATTLE", 55, "H", 4),
        card(4, 0, "OFFENSE NORMAL", 90, "V", 5),
        card(5, 4, "D-BATTLE", 33, "H", 1),
    ]


Case = tuple[Card, Card, Card | None]


def anything(i: Card, j: Card, k: Card | None) -> bool:
    return True


@pytest.mark.parametrize(
    ("link", "event", "condition", "brute_event", "brute_condition"),
    [
        (
            "same_draw_cross_card",
            "l_zone = O-BATTLE and r_hv = H",
            None,
            lambda i, j, k: i.left.zone == "O-BATTLE" and j.right.hv == "H",
            anything,
        ),
        (
            "same_draw_cross_card",
            "r_zone_off = C",
            "l_zone in O-BATTLE|D-BATTLE",
            lambda i, j, k: j.right.zone_off == "C",
            lambda i, j, k: i.left.zone in ("O-BATTLE", "D-BATTLE"),
        ),
        (
            "same_draw_same_card",
            "black100 ≤ 50 and l_zone = O-BATTLE",
            None,
            lambda i, j, k: (
                (10 * i.left.black + j.right.black or 100) <= 50 and i.left.zone == "O-BATTLE"
            ),
            anything,
        ),
        (
            "same_draw_cross_card",
            "l_n100 > r_n100 and l_faceoff ≤ 10",
            None,
            lambda i, j, k: i.left.n100 > j.right.n100 and int(i.left.faceoff) <= 10,
            anything,
        ),
        (
            "carried_card",
            "next_black100 ≥ 40",
            "r_hv = H",
            lambda i, j, k: (10 * j.left.black + k.right.black or 100) >= 40,
            lambda i, j, k: j.right.hv == "H",
        ),
    ],
)
def test_the_exact_chance_matches_enumeration_on_a_hand_built_deck(
    link: str,
    event: str,
    condition: str | None,
    brute_event: Callable[..., bool],
    brute_condition: Callable[..., bool],
) -> None:
    """Same draw: every ordered pair (i, j) of different cards, i's back beside j's front.
    Carried card: every triple (i, j, k) of different cards, j's front now and its back on
    the next draw beside k's front."""
    deck = hand_deck()
    cases: list[Case]
    if link == "carried_card":
        cases = [(i, j, k) for i in deck for j in deck for k in deck if len({i, j, k}) == 3]
    else:
        cases = [(i, j, None) for i in deck for j in deck if i is not j]
    held = [case for case in cases if brute_condition(*case)]
    wanted = Fraction(sum(brute_event(*case) for case in held), len(held))
    assert probability(deck, link, event, condition) == wanted


# Each rule caught at its cell on a designer's copy.


def cards_where(cards: list[Row], **match: Any) -> list[Row]:
    return [c for c in cards if all(c[k] == v for k, v in match.items())]


def test_an_offence_battle_turned_into_a_defence_play_breaks_the_mirror(check, cards):
    """Seed L358-L364: the offensive and the defensive battle mirror each other, so l_zone
    carries as many O-BATTLE as D-BATTLE. One O-BATTLE becomes DEFENSE PLAY PUCK: the eighth
    D-BATTLE (in sheet order) has nothing to mirror it, and the pair read with the Right
    players (P17) no longer meets them alike."""
    battle = cards_where(cards, l_zone="O-BATTLE")[0]
    result = check(lambda book: set_value(book, "l_zone", battle["card"], "DEFENSE PLAY PUCK"))
    last_defence = cards_where(cards, l_zone="D-BATTLE")[-1]
    assert found(result, "section-mirror") == [cell(SHEET, "l_zone", card=last_defence["card"])]
    [text] = messages(result, "section-mirror")
    assert "l_zone has D-BATTLE on 8 cards and O-BATTLE on 7" in text
    assert cell(PAIRS, "value", pair_id="P17") in found(result, "read-together")


def test_a_broken_hitting_nest_is_caught_at_the_riskier_column(check, cards):
    """Seed L312: HIT+ is the hardest-hitting strategy; a card that hits under HIT but not
    under HIT+ breaks the nest, at its l_hit_plus cell."""
    hitter = cards_where(cards, l_hit="HIT", l_hit_plus="HIT")[0]
    result = check(lambda book: set_value(book, "l_hit_plus", hitter["card"], None))
    assert found(result, "hitting-nest") == [cell(SHEET, "l_hit_plus", card=hitter["card"])]


def test_an_official_call_box_filled_out_of_order_is_caught(check, cards):
    """Seed L1013: under Let Them Play every box must be filled; the boxes fill in order."""
    open_face = cards_where(cards, r_call_tight=False)[0]
    result = check(lambda book: set_value(book, "r_call_normal", open_face["card"], True))
    assert found(result, "official-call-nest") == [
        cell(SHEET, "r_call_normal", card=open_face["card"])
    ]


def test_a_rush_defender_on_a_breakaway_is_caught(check, cards):
    """Seed L919: the defender is printed on transitions (and odd-man rushes); a breakaway
    has no one back."""
    breakaway = cards_where(cards, l_rush="BREAKAWAY")[0]
    result = check(lambda book: set_value(book, "l_rush_defender", breakaway["card"], "LD"))
    assert cell(SHEET, "l_rush_defender", card=breakaway["card"]) in found(
        result, "section-presence"
    )


def test_a_board_scrum_without_its_player_is_caught(check, cards):
    """Seed L370: a board scrum names the offensive player in it."""
    scrum = cards_where(cards, l_zone="BOARD SCRUM")[0]
    result = check(lambda book: set_value(book, "l_zone_who", scrum["card"], None))
    assert found(result, "section-presence") == [cell(SHEET, "l_zone_who", card=scrum["card"])]


def test_an_unbalanced_h_and_v_is_caught_at_the_card_one_too_many(check, cards):
    """Seed L212: H and V decide which team a draw goes to; within the centre's 40 faceoff
    controls 20 are H. One V turned H makes 21, at the 21st H card's r_hv cell (in sheet
    order), and H outnumbers V on the whole deck too."""
    centre_v = cards_where(cards, r_faceoff_control="C", r_hv="V")[-1]
    result = check(lambda book: set_value(book, "r_hv", centre_v["card"], "H"))
    centre_h = [
        c for c in cards if c["r_faceoff_control"] == "C" and (c["r_hv"] == "H" or c is centre_v)
    ]
    assert cell(SHEET, "r_hv", card=centre_h[20]["card"]) in found(result, "hv-balance")
    assert any(
        "r_faceoff_control C is on 40 cards with H 21 and V 19" in m
        for m in messages(result, "hv-balance")
    )
    assert any(
        "r_hv has H on 51 cards and V on 49" in m for m in messages(result, "section-mirror")
    )


def test_a_duplicated_faceoff_number_is_caught_at_its_card(check, cards):
    """README §5.1: the numbers 1-20 are on four Left faces each. A 14 written as a fifth
    7 is reported at the 7 that is one too many in sheet order. The higher-rated centre
    then wins 41/80 instead of 1/2 at d = 0, up to 53/80 instead of 13/20 at d = 3; from
    d = 4 on (7 and 14 both in range) nothing moves."""
    fourteen = cards_where(cards, l_faceoff="14")[-1]
    result = check(lambda book: set_value(book, "l_faceoff", fourteen["card"], "7"))
    sevens = [c for c in cards if c["l_faceoff"] == "7" or c is fourteen]
    assert found(result, "faceoff-numbers") == [cell(SHEET, "l_faceoff", card=sevens[4]["card"])]
    [text] = messages(result, "faceoff-numbers")
    assert "7 on 5, 14 on 3" in text
    assert "d=0 41/80, d=1 9/16, d=2 49/80, d=3 53/80 instead of (10 + d)/20" in text


def test_a_read_together_value_that_no_longer_holds_is_caught_at_its_value(check, cards):
    """Two cards trade their Right-face offensive players: every count stays as designed, but
    a *LD now sits behind a different Left face, so P(*LD | OFFENSE DANGEROUS) moves. Worked
    out here by enumerating the edited deck's 9,900 draws."""
    dangerous = [c["card"] for c in cards if c["l_zone"] == "OFFENSE DANGEROUS"]
    giver = next(c for c in cards if c["r_zone_off"] == "C" and c["card"] in dangerous)
    taker = next(c for c in cards if c["r_zone_off"] == "*LD" and c["card"] not in dangerous)

    def edit(book: openpyxl.Workbook) -> None:
        set_value(book, "r_zone_off", giver["card"], "*LD")
        set_value(book, "r_zone_off", taker["card"], "C")

    result = check(edit)
    edited = [
        {
            **c,
            "r_zone_off": {giver["card"]: "*LD", taker["card"]: "C"}.get(
                c["card"], c["r_zone_off"]
            ),
        }
        for c in cards
    ]
    moved = given(
        edited,
        lambda i, j: j["r_zone_off"] == "*LD",
        lambda i, j: i["l_zone"] == "OFFENSE DANGEROUS",
    )
    assert cell(PAIRS, "value", pair_id="P11") in found(result, "read-together")
    [text] = [m for m in messages(result, "read-together") if m.startswith("P11")]
    assert f"is {moved} on the deck, the sheet says 1/9" in text
    assert "the cards carrying them together moved" in text


def test_a_strategy_that_traps_more_than_a_safer_one_is_caught(check, cards):
    """README §3.2: forecheck 3 never traps (ZONE RG) more than forecheck 1. Every F-CHK of
    l_fchk3 turned ZONE RG gives it 60 traps against forecheck 2's 30."""

    def edit(book: openpyxl.Workbook) -> None:
        for c in cards_where(cards, l_fchk3="F-CHK"):
            set_value(book, "l_fchk3", c["card"], "ZONE RG")

    result = check(edit)
    assert found(result, "strategy-order") == [(SHEET, None)]
    [text] = messages(result, "strategy-order")
    assert text.startswith("l_fchk3 has ZONE RG on 60 cards, more than l_fchk2 (30)")
