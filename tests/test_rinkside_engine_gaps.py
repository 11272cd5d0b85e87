"""RINKSIDE HOCKEY's rule gaps closed after the first calibration pass (README §11.16): the
last second's single follow-up shot, the empty net that no goalie card saves, dirty plays on
every defensive play, battle and forecheck, and players the box keeps off the ice. Each rule
on a hand-built situation, quoting the seed."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest
from rinkside_engine import HOME, VISITOR, Script, shipped_league

from authoring.games.rinkside import battles, breakouts, dump, fights, penalties, rush, shots
from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw, DrawPile
from authoring.games.rinkside.game import Match
from authoring.games.rinkside.model import Rinkside, Skater
from authoring.games.rinkside.policy import ByTheBook
from authoring.games.rinkside.saves import difficulty, rebound_control, stopped
from authoring.games.rinkside.state import SIDES, GameState, TeamSide, Unit
from authoring.games.rinkside.zone import (
    Act,
    Breakaway,
    ClearAttempt,
    Hit,
    LoosePuck,
    Possession,
    ShotChance,
    Stoppage,
    ZoneResult,
    rating,
)
from authoring.simulation import run_rng

# The shared fixtures from rinkside_engine, found by pytest under their fixture names.
SHARED_FIXTURES = (shipped_league,)

QUIET = {"zone_def": "LD", "zone_off": "C", "grade": "A", "grade_pos": "F"}


def shown(
    black100: int = 99,
    *,
    red: int = 10,
    blue: int = 20,
    left: dict[str, Any] | None = None,
    right: dict[str, Any] | None = None,
) -> Draw:
    """A draw showing `black100` (tens on the Left face, units on the Right), the Left face's
    red and blue and sections `left`, the Right face's sections `right`."""
    tens, units = divmod(black100 % 100, 10)
    return Draw(
        Face(black=tens, n100=50, red=red, blue=blue, **(left or {})),
        Face(black=units, n100=50, red=1, blue=1, **{**QUIET, **(right or {})}),
    )


ASSISTS = shown(left={"assist_credit": "1↓"})


def on_target(league: Rinkside, game: GameState) -> Draw:
    """A shot draw within the visitor's right wing's Target, on no specific number (L425)."""
    target = rating(league, game.visitor.line.rw, "shot_target")
    return shown(next(b for b in range(target, 0, -1) if league.tables.shot_number(b) is None))


def off_target(league: Rinkside, game: GameState) -> Draw:
    """A shot draw above his Target, below 97 and on no specific number (L423)."""
    target = rating(league, game.visitor.line.rw, "shot_target")
    return shown(next(b for b in range(target + 1, 97) if league.tables.shot_number(b) is None))


def rebound_shot(league: Rinkside, game: GameState) -> tuple[Draw, Draw, Draw]:
    """Three draws that take the visitor's right wing's shot to a rebound shot whatever the
    shipped ratings are: a difficult shot on target that is no sniper shot (L425-L427,
    L524), saved on 11-19 (not doubles), which challenges the home goalie's rebound control
    (L624), and the first blue the challenge reads as a rebound shot (L636)."""
    tables, shooter = league.tables, game.visitor.line.rw
    card = league.goalie_cards[game.home.lineup.goalie.goalie_id]
    shot = next(
        black
        for black in range(1, 97)
        if tables.shot_number(black) is None
        and difficulty(tables, black) == "difficult"
        and rating(league, shooter, "sniper") < black <= rating(league, shooter, "shot_target")
    )
    saved = next(
        black
        for black in range(12, 20)
        if stopped(card, "hq", "Normal", black) and stopped(card, "lq", "Normal", black)
    )
    blue = next(b for b in range(1, 21) if rebound_control(tables, card, b) == "rebound shot")
    return shown(shot), shown(saved), shown(blue=blue)


def match(league: Rinkside) -> Match:
    game = GameState.new(league, HOME, VISITOR)
    coaches = {side: ByTheBook() for side in SIDES}
    return Match(league, game, DrawPile(league.cards, run_rng(29, 0)), coaches)


# The last second (L1363).


def test_a_sequence_takes_no_more_shots_than_it_is_allowed(league):
    """Seed L1363: "If a Rebound happens, only 1 follow up shot may occur". `take_shot`
    with `most=2` plays the shot and one rebound shot; a second rebound is not shot: the
    goalie covers."""
    game = GameState.new(league, HOME, VISITOR)
    script = Script(*rebound_shot(league, game), *rebound_shot(league, game))
    result = shots.take_shot(
        league, game, "visitor", game.visitor.line.rw, "lq", script, last=shown(), most=2
    )
    script.done()
    assert [a.result for a in result.attempts] == ["saved", "saved"]
    assert result.then == "zone faceoff"


def test_a_last_second_shot_gets_one_follow_up_in_the_loop(league):
    """Seed L1361-L1363: the rush's shot "is at the end of the period" and "only 1 follow
    up shot may occur": with the buzzer sounding the loop's shot stops after the rebound
    shot (two rebound chains scripted, the third shot never drawn)."""
    played = match(league)
    chain = rebound_shot(league, played.game)
    script = Script(*chain, *chain)
    played.draw, played.last = script, shown()  # type: ignore[method-assign]
    played.buzzer = True
    outcome = played.shot(ShotChance(played.game.visitor.line.rw, "lq", "rush shot"))
    script.done()
    assert isinstance(outcome, Stoppage)
    assert played.game.total("visitor", "shots") == 2


def test_without_the_buzzer_the_rebound_chain_goes_on(league):
    """The bound is the last second's only: in play a third shot follows (the script runs
    out on it)."""
    played = match(league)
    chain = rebound_shot(league, played.game)
    played.draw = Script(*chain, *chain)  # type: ignore[method-assign]
    played.last = shown()
    try:
        played.shot(ShotChance(played.game.visitor.line.rw, "lq", "rush shot"))
    except AssertionError as ran_out:
        assert "one card more" in str(ran_out)
    else:
        raise AssertionError("the third shot was not taken")


# The empty net (L1345-L1351).


def test_a_shot_on_target_at_an_empty_net_is_a_goal_without_a_save_draw(league):
    """Seed L1345-L1351: with the goalie pulled "the shot is on goal and will be an Empty
    Net Goal"; no goalie card saves it, wherever the play came from (here a zone shot
    after a faceoff). On target (within the shooter's Target) it scores on the shot
    draw; the next draw is the assists' (L696), and there is no confidence check."""
    game = GameState.new(league, HOME, VISITOR)
    game.home.goalie_pulled = True
    script = Script(on_target(league, game), ASSISTS)
    result = shots.take_shot(
        league, game, "visitor", game.visitor.line.rw, "lq", script, last=shown()
    )
    script.done()
    assert result.goal is not None and result.goal.how == "open net"
    assert not result.goal.soft
    assert (game.total("visitor", "shots"), game.total("visitor", "goals")) == (1, 1)
    assert game.total("home", "saves") == 0


def test_an_empty_net_shot_off_target_still_misses(league):
    """Seed L1351: only a shot "within the player's Target Rating" is on goal: 90 is above
    his Target, a miss and a loose puck even at an empty net."""
    game = GameState.new(league, HOME, VISITOR)
    game.home.goalie_pulled = True
    result = shots.take_shot(
        league,
        game,
        "visitor",
        game.visitor.line.rw,
        "lq",
        Script(off_target(league, game)),
        last=shown(),
    )
    assert result.goal is None and result.then == "loose puck"


def test_an_empty_net_scramble_has_no_goalie_to_recover(league):
    """Seed L670: GOALIE+++ tests the goalie's recovery; with the net empty nobody is
    there, so an offensive player shoots at the open net at once, and scores on target."""
    game = GameState.new(league, HOME, VISITOR)
    game.home.goalie_pulled = True
    shooter = game.visitor.line.rw
    scramble = shown(left={"scramble": "GOALIE+++"})
    script = Script(scramble, shown(blue=1), on_target(league, game), ASSISTS)
    result = shots.net_scramble(league, game, "visitor", shooter, script)
    script.done()
    assert result.goal is not None and result.goal.how == "open net"


def test_a_breakaway_on_an_empty_net_scores_without_the_shootout_rating(league):
    """Seed L957 with L1345-L1351: a breakaway on target at an empty net is a goal; no
    Shootout number is read."""
    game = GameState.new(league, HOME, VISITOR)
    game.home.goalie_pulled = True
    script = Script(on_target(league, game), ASSISTS)
    result = rush.breakaway_shot(league, game, Breakaway("visitor", game.visitor.line.rw), script)
    script.done()
    assert result.goal is not None and result.goal.how == "open net"
    assert result.then == "centre faceoff"


def test_the_loop_counts_an_empty_net_goal_and_describes_none(league):
    """L1367 describes goals by their play; an empty-net goal (README §11.13 step 3) is
    not described: no card is drawn, the goal is counted in empty_net_goals."""
    played = match(league)
    played.game.home.goalie_pulled = True
    played.game.count("visitor", "goals")
    played.draw = Script()  # type: ignore[method-assign]
    goal = shots.Goal(played.game.visitor.line.c, (), played.game.home.lineup.goalie, "open net")
    played.described_goal("visitor", goal, "set-up", rebound=False)
    assert played.extra["visitor", "empty_net_goals", 1] == 1
    assert played.game.total("visitor", "goals") == 1 and len(played.scoring) == 1


# Dirty plays on every defensive play, battle and forecheck (L1192).


def test_a_loose_puck_takeaway_is_a_dirty_play_chance_on_its_card(league):
    """Seed L1192: "Dirty Plays occur when a player attempts to make any type of Defensive
    Play, Hit, Battle, Forecheck or Clear", read on "the PRC used to get the number used for
    the result". A DEFENSE TAKEAWAY is the Right face's zone defender's play on the loose
    puck's own draw."""
    game = GameState.new(league, HOME, VISITOR)
    card = shown(red=1, left={"zone": "DEFENSE TAKEAWAY", "dirty": "D1"})
    result = battles.loose_puck(league, game, "visitor", ByTheBook(), Script(card))
    assert result.acts == (Act("home", game.home.pair.ld, card),)


def test_a_dump_in_battle_and_a_forecheck_are_tried_on_the_deciding_draw(league):
    """Seed L1192 names battles and forechecks: the dump-in's D-BATTLE defender and the
    forechecker are read on the draw that decided them (the next draw, L889, L762)."""
    game = GameState.new(league, HOME, VISITOR)
    dumped = shown(right={"dump_def": "RD"})
    decided = shown(blue=20)
    battle = dump.defensive_battle(league, game, "visitor", dumped, Script(decided))
    assert battle.acts == (Act("home", game.home.pair.rd, decided),)
    checked = shown(left={"fchk1": "F-CHK", "fchk2": "F-CHK", "fchk3": "F-CHK"},
                    right={"forecheck_who": "C"})  # fmt: skip
    attempt = shown(blue=20)
    forechecked = breakouts.forecheck(league, game, "home", checked, Script(attempt))
    assert forechecked.acts == (Act("visitor", game.visitor.line.c, attempt),)


@pytest.mark.parametrize(("chance", "dirty"), [("D", True), ("D1", False)])
def test_the_loop_reads_each_act_for_a_dirty_play(league, chance, dirty):
    """Seed L1190-L1198: a chance at or below the game's level (0 here: a plain D) is a
    dirty play, +3 on the meter and an automatic scrum at the whistle; above it the chance
    "is simply disregarded"."""
    played = match(league)
    card = shown(left={"dirty": chance})
    defender = played.game.home.pair.ld
    result = ZoneResult(
        Possession("home", "home end", defender), acts=(Act("home", defender, card),)
    )
    played.settle(result)
    assert played.dirty == dirty
    assert played.game.chippiness == (3 if dirty else 0)


def test_a_hit_on_the_card_of_a_battle_is_one_dirty_play(league):
    """L1192 reads one card per play: a D-BATTLE won with a hit on the same card adds +3
    once, not twice (README §11.16)."""
    played = match(league)
    card = shown(left={"dirty": "D"})
    played.last = card
    defender = played.game.home.pair.ld
    result = ZoneResult(
        Possession("home", "home end", defender),
        hits=(Hit("home", defender, False),),
        acts=(Act("home", defender, card),),
    )
    played.settle(result)
    assert played.game.chippiness == 3


# Empty places and players in the box (README §11.16).


def test_a_place_the_box_empties_is_covered_by_the_centre_and_left_off_the_ice(league):
    """Seed L1040: penalised players "are removed to the Penalty Box", so a team a man short
    has four skaters. The engine empties the right wing's place (README §11.8); a locator
    naming it plays the centre, and `on_ice_at` says nobody is there."""
    game = GameState.new(league, HOME, VISITOR)
    team = game.home
    team.vacant = ("RW",)
    assert team.skaters() == (team.line.lw, team.line.c, team.pair.ld, team.pair.rd)
    assert team.at("RW") == team.line.c
    assert team.on_ice_at("RW") is None and team.on_ice_at("LW") == team.line.lw


def test_a_player_in_the_box_is_never_named_the_next_at_his_position_plays(league):
    """A rule must never name a player who is in the box (L1040); the issue's reading for a
    player who cannot play ("his line plays with the next skater") gives his place to the
    skater at his position one pair down, and up from the last pair."""
    game = GameState.new(league, HOME, VISITOR)
    team = game.home
    pairs = team.lineup.pairs
    team.boxed = (pairs[0].ld,)
    assert team.at("LD") == pairs[1].ld
    assert pairs[0].ld not in team.skaters()
    team.on_ice = Unit(1, 3)
    team.boxed = (pairs[2].ld, pairs[1].ld)
    assert team.at("LD") == pairs[0].ld


def test_the_loop_keeps_the_places_in_step_with_the_box(league):
    """A minor to the home centre: the home team plays a man short (its right wing's place
    empty) and the centre's shifts go to the next line's centre; both end with the
    penalty."""
    played = match(league)
    home = played.game.home
    centre = home.line.c
    played.box.assess(penalties.Infraction("home", centre, "hooking"), league)
    played.sync_timing()
    assert (home.vacant, home.boxed) == (("RW",), (centre,))
    assert home.at("C") == home.lineup.lines[1].c
    for _ in range(penalties.MINOR_STEPS):
        played.box.tick()
    played.sync_timing()
    assert (home.vacant, home.boxed, home.at("C")) == ((), (), centre)


def test_a_loose_puck_defender_not_on_the_ice_gives_the_attacker_the_puck(league):
    """Seed L1090: "If the defensive player listed is not on the ice, that same position
    offensive player automatically gains possession of the puck". The home team is a man
    short and the card names its empty right wing: the visitor's right wing has the puck,
    no number read, no dirty-play chance."""
    game = GameState.new(league, HOME, VISITOR)
    game.home.vacant = ("RW",)
    card = shown(red=1, left={"zone": "DEFENSE TAKEAWAY"}, right={"zone_def": "RW"})
    result = battles.loose_puck(league, game, "visitor", ByTheBook(), Script(card))
    assert result.outcome == Possession("visitor", "home end", game.visitor.line.rw)
    assert result.acts == ()


def test_nobody_blocks_a_shot_from_an_empty_place(league):
    """Seed L447 names the blocker on the Right face; with his place empty (L1090's
    reading: nobody makes the play) the shot goes on: a red of 1 would have blocked it."""
    game = GameState.new(league, HOME, VISITOR)
    game.home.vacant = ("RW",)
    last = shown(left={"shot_symbol": "BLOCKED SHOT"}, right={"block_who": "RW"})
    miss = off_target(league, game)
    script = Script(replace(miss, left=replace(miss.left, red=1)))
    result = shots.take_shot(league, game, "visitor", game.visitor.line.rw, "lq", script, last=last)
    assert [a.result for a in result.attempts] == ["missed"]


def test_a_third_man_in_comes_from_the_skaters_on_the_ice(league):
    """Seed L1238: ThirdManIn names the 2nd, 3rd or 4th highest Penalty Rating of the
    team's skaters besides its fighter. A team at 5-on-3 has two besides him: a rank it
    does not have falls to its lowest, never to a player in the box (README §11.16)."""
    game = GameState.new(league, HOME, VISITOR)
    game.home.vacant = ("LW", "RW")
    fighters: dict[TeamSide, Skater] = {"visitor": game.visitor.line.c, "home": game.home.line.c}
    even = [n for n in range(2, 101, 2) if league.third_man_in[n].from_highest >= 3]
    joined = fights.third_man_in(league, game, fighters, shown(even[0]))
    ranked = sorted(
        (game.home.pair.ld, game.home.pair.rd), key=lambda s: -rating(league, s, "commit_penalty")
    )
    assert (joined.side, joined.player) == ("home", ranked[-1])


# The momentum clear wherever a team gains the puck in its end (L1305-L1309).


class SpendsMomentum(ByTheBook):
    """A coach who clears with momentum whenever it is offered, noting what he was offered."""

    def __init__(self) -> None:
        self.offered: list[tuple[str, ...]] = []

    def own_end(self, game, side, carrier, chances, options):
        self.offered.append(tuple(options))
        return "momentum clear"


def test_a_clear_attempt_may_be_a_momentum_clear(league):
    """Seed L1309: "When a team gains control of the puck in the Defensive Zone and wishes
    to simply clear the puck while playing with Momentum (no matter the level), they simply
    choose to clear the puck to the Neutral Zone … deduct 1 Momentum Point … the other team
    is credited with a hit". The defence's clear after a shot wide (L298) is offered it
    beside the plain clear; no card is drawn."""
    played = match(league)
    coach = SpendsMomentum()
    played.coaches = {"home": coach, "visitor": ByTheBook()}
    played.game.home.momentum = 2
    played.last = shown(right={"zone_def": "LD"})
    played.draw = Script()  # type: ignore[method-assign]
    outcome = played.play(ClearAttempt("home"))
    assert outcome == LoosePuck("neutral")
    assert coach.offered == [("clear", "momentum clear")]
    assert played.game.home.momentum == 1
    assert played.game.total("visitor", "hits") == 1


def test_without_momentum_the_clear_is_played_on_its_card(league):
    """No momentum, no question: the defender clears on a new draw's blue within his
    Neutral rating (L786, README §11.6): a blue of 20 fails, a loose puck in his end."""
    played = match(league)
    coach = SpendsMomentum()
    played.coaches = {"home": coach, "visitor": ByTheBook()}
    played.last = shown(right={"zone_def": "LD"})
    played.draw = Script(shown(blue=20))  # type: ignore[method-assign]
    outcome = played.play(ClearAttempt("home"))
    assert outcome == LoosePuck("home end") and coach.offered == []


def test_a_clear_from_an_empty_place_gives_the_attacker_the_puck(league):
    """Seed L1090 read for the clear: the home team a man short, the card names its empty
    right wing to clear: the visitor's right wing has the puck in the home end."""
    played = match(league)
    played.game.home.vacant = ("RW",)
    played.last = shown(right={"zone_def": "RW"})
    played.draw = Script()  # type: ignore[method-assign]
    outcome = played.play(ClearAttempt("home"))
    assert outcome == Possession("visitor", "home end", played.game.visitor.line.rw)


def test_a_penalty_kill_may_clear_a_failed_move_with_momentum(league):
    """Seed L1076-L1086 with L1309: after the power play's failed move the killer named
    clears on his Defense, or his team spends a momentum point on a sure clear; the power
    play then sets up again (L1096)."""
    played = match(league)
    home = played.game.home
    played.box.assess(penalties.Infraction("home", home.line.c, "hooking"), league)
    played.sync_timing()
    coach = SpendsMomentum()
    played.coaches = {"home": coach, "visitor": ByTheBook()}
    home.momentum = 1
    set_up: list[str] = []
    played.power_play_setup = set_up.append  # type: ignore[assignment,method-assign]
    played.draw = Script()  # type: ignore[method-assign]
    played.failed_power_play_move(shown(right={"zone_def": "LD"}))
    assert coach.offered == [("clear", "momentum clear")]
    assert (home.momentum, set_up) == (0, ["visitor"])
