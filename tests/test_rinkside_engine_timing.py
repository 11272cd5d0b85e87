"""RINKSIDE HOCKEY's loop: when a play marks a :30 sequence and which card it reads, for the
rules README §11.20 set right (a forced neutral-zone scenario entering the zone, rush play
and the play after it, the loose puck in the neutral zone, the forced GREEN and the
ENFORCERS check). Each test plays the loop's own dispatch on hand-made draws."""

from __future__ import annotations

from rinkside_engine import HOME, VISITOR, Script, at, new_game, shipped_league
from test_rinkside_engine_breakouts import left, right

from authoring.games.rinkside.draws import Draw, DrawPile
from authoring.games.rinkside.game import Match
from authoring.games.rinkside.model import Rinkside
from authoring.games.rinkside.policy import ByTheBook
from authoring.games.rinkside.state import SIDES, GameState
from authoring.games.rinkside.zone import (
    DumpIn,
    FailedRush,
    ForcedScenario,
    LoosePuck,
    Possession,
    ShotChance,
    Stoppage,
)
from authoring.simulation import run_rng

SHARED_FIXTURES = (new_game, shipped_league)


def match(league: Rinkside, *draws: Draw) -> tuple[Match, Script]:
    """A match between the shipped rivals whose next draws are `draws`, in order."""
    game = GameState.new(league, HOME, VISITOR)
    played = Match(
        league,
        game,
        DrawPile(league.cards, run_rng(7, 0)),
        {side: ByTheBook() for side in SIDES},
    )
    script = Script(*draws)
    played.draw = script  # type: ignore[method-assign]
    return played, script


def skates_in(blue: int = 20) -> Draw:
    """A GREEN card naming the right wing, whose Left blue is above every S-U and Q-S."""
    return Draw(left(blue=blue, nz_colour="GREEN"), right(nz_off="RW"))


def test_a_forced_green_entering_the_zone_marks_a_sequence_on_one_card(league):
    """L778: "the team Breaking the puck out gets to the Neutral Zone with a Neutral Zone
    Green Scenario"; L842: "Draw a new card and refer to the player's S-U and Q-S Ratings";
    L176: mark a timing sequence when "The team in possession of the puck enters the zone".
    One card names the carrier and is read for his skate in; the entry marks [T]."""
    played, script = match(league, skates_in())
    following = played.play(ForcedScenario("visitor", "GREEN"))
    script.done()
    assert following == Possession("visitor", "home end", at(played.game, "visitor", "RW"))
    assert played.game.steps == 1


def test_a_forced_red_that_is_dumped_in_is_marked_once(league):
    """L782 (ZONE RG): "Draw a new card. The Defensive Player listed on the Left PRC stands
    up … A Neutral Zone Red Scenario takes place"; L816 the carrier may dump the puck in;
    L176 "enters the zone or dumps the puck in" is one sequence: the dump-in marks it."""
    card = Draw(left(nz_colour="RED", nz_defender="C"), right(nz_off="RW"))
    played, script = match(league, card)
    played.coaches["visitor"].neutral_play = lambda *_: "dump in"  # type: ignore[method-assign]
    following = played.play(ForcedScenario("visitor", "RED"))
    script.done()
    assert isinstance(following, DumpIn)
    assert played.game.steps == 0  # `dump_in` marks it when played


def test_a_loose_puck_in_the_neutral_zone_reads_its_stop_light_on_the_same_card(league):
    """L824: "draw another card. If H is showing on the Right PRC, the Home Team has the puck
    in the Neutral Zone … and the Neutral Zone Red, Green or Yellow determines the play";
    L742 the same. One card: V on its Right face, GREEN on its Left, then the skate in."""
    card = Draw(left(nz_colour="GREEN"), right(hv="V", nz_off="RW"))
    played, script = match(league, card, skates_in())
    following = played.play(LoosePuck("neutral"))
    script.done()
    assert following == Possession("visitor", "home end", at(played.game, "visitor", "RW"))
    assert played.game.steps == 1


def test_no_sequence_is_marked_for_a_rush_shot_covered(league):
    """L973: "Timing Sequences are not marked or counted during Rush/Transition plays": a
    rush's shot the goalie covers (L178, marked by the shot sequence itself at even
    strength) marks nothing while the rush is on, and one sequence once it is over."""
    played, _ = match(league)
    played.game.rush_play = True
    played.game.mark_event(even=True, power_play=False)
    assert played.game.steps == 0
    played.game.rush_play = False
    played.game.mark_event(even=True, power_play=False)
    assert played.game.steps == 1


def test_the_puck_chase_after_a_failed_rush_is_not_marked(league):
    """L198: after rush play "the following play that would normally require a timing
    sequence to be marked is NOT marked": a failed rush's PUCK CHASE dumps the puck in
    (L176 would mark a dump-in) without a sequence; the play after that marks again."""
    chase = Draw(left(), right(rush_failed="PUCK CHASE"))
    goalie_freezes = Draw(left(dump="ICING"), right())
    played, script = match(league, chase, goalie_freezes)
    played.game.rush_play = True
    dumped = played.play(FailedRush("visitor"))
    assert isinstance(dumped, DumpIn)
    played.play(dumped)
    script.done()
    assert played.game.steps == 0 and not played.game.rush_play


def test_a_power_play_rush_still_marks_its_short_handed_chance(league):
    """L1058: on a power play mark a sequence when "The team on the Penalty Kill is able to
    create a Short-Handed Scoring Chance": rush play does not stop the power play's marks."""
    played, _ = match(league)
    played.game.rush_play = True
    played.game.power_play_timing = True
    played.game.mark_event(even=False, power_play=True)
    assert played.game.steps == 1


def test_a_shot_chance_keeps_the_rush_going(league):
    """L973: the rush's own shot is rush play: playing the shot chance does not end it."""
    played, _ = match(league)
    played.game.rush_play = True
    rw = at(played.game, "visitor", "RW")
    played.shot = lambda chance: Stoppage("home end", True, "covered")  # type: ignore[method-assign]
    played.play(ShotChance(rw, "q", "rush shot"))
    assert played.game.rush_play
