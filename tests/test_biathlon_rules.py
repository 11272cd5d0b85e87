"""BIATHLON BLAST's rules on hand-built positions, starting with the rulebook's examples."""

from __future__ import annotations

import pytest

from authoring.games.biathlon.model import Action, Biathlete, Card
from authoring.games.biathlon.rules import Steps, crosswind, hits, reach, wind_effect


def biathlete(bib: str) -> Biathlete:
    return Biathlete("x", "X", "SWE", bib, {})


def test_wei_reaches_spaces_one_to_five():
    """The rulebook's movement example: 2 uphill and 5 downhill steps (one uphill step for
    space 1, three downhill for 2-4, the last uphill step for the flat 5; none left for 6)."""
    trail = ["uphill", "downhill", "downhill", "downhill", "flat", "uphill"]
    assert reach(Steps(uphill=2, flat=0, downhill=5), trail) == 5


@pytest.mark.parametrize(
    ("steps", "trail", "spaces"),
    [
        (Steps(0, 2, 0), ["downhill", "flat", "uphill"], 2),  # flat steps serve downhill too
        (Steps(0, 0, 3), ["downhill", "flat"], 1),  # downhill steps serve downhill only
        (Steps(2, 0, 0), ["flat", "downhill", "flat"], 2),  # uphill steps serve anything
        (Steps(1, 1, 0), ["downhill", "uphill"], 2),  # the flat step goes first, keeping uphill
        (Steps(3, 0, 0), ["flat", "range", "flat"], 2),  # the range stops the skier
    ],
)
def test_steps_by_terrain(steps, trail, spaces):
    assert reach(steps, trail) == spaces


def test_fischer_wind_and_drafting():
    """The rulebook's pulse example: wind from the North, Fischer heading North."""
    drafting = -1
    # Behind Wei in the right lane: drafting, and drafting cancels the headwind.
    assert drafting + wind_effect("N", "N", drafting=True, shielded_behind=False) == -1
    # In the left lane: no drafting, headwind.
    assert wind_effect("N", "N", drafting=False, shielded_behind=False) == 1
    # Heading South with the wind at his back, behind Olsson: drafting and tailwind.
    assert drafting + wind_effect("S", "N", drafting=True, shielded_behind=False) == -2
    # Just ahead of her: she blocks the tailwind, and he drafts nobody.
    assert wind_effect("S", "N", drafting=False, shielded_behind=True) == 0


def test_windstill_and_crosswind():
    assert wind_effect("E", None, drafting=False, shielded_behind=False) == 0
    assert crosswind("N", "E") and crosswind("N", "W")
    assert not crosswind("N", "N") and not crosswind("N", "S") and not crosswind("N", None)


def test_owens_bib_is_his_accuracy_by_pulse_band():
    owens = biathlete("244")
    assert [owens.accuracy(p) for p in (0, 2, 3, 6, 7, 10)] == [2, 2, 4, 4, 4, 4]


def test_pinto_shoots_three_hits():
    """The rulebook's shooting example: pulse 5, accuracy 3, windstill, 2 dice hit."""
    pinto = biathlete("234")
    assert hits(pinto, 5, [3, 5, 0, 1, 2], "E", None) == 3


def test_crosswind_costs_a_hit_and_bullets_add_up_to_five():
    shooter = biathlete("111")
    assert hits(shooter, 0, [1, 1, 0, 0, 0], "N", "E") == 1
    assert hits(shooter, 0, [0, 0, 0, 0, 0], "N", "E") == 0  # never below 0
    assert hits(shooter, 0, [5, 5, 5, 5, 5], "N", None) == 5  # windstill, never above 5
    assert hits(shooter, 0, [1, 1, 1, 0, 0], "N", "N", bullets=4) == 5


def test_die_initiative():
    action = Action(0, 0, 0, 0, False, False)
    offset = Card("offset", "Offset", "common", None, 1, None, "red", True, action, action)
    virtuoso = Card("virtuoso", "Virtuoso", "common", None, 1, 9, None, False, action, action)
    dice = {"red": 3, "black": 0, "yellow": 1, "green": 4, "blue": 2}
    # The rulebook's example: Offset doubles the red die's 3 to 6; Virtuoso's 9 goes first.
    assert offset.initiative_value(dice) == 6
    assert virtuoso.initiative_value(dice) == 9
