"""RINKSIDE HOCKEY after the whistle (seed L1146-L1200, README §4.1, §5.5): the chippiness
meter and the game's intensity, what the Right face's AFTER WHISTLE section starts, scrums,
agitators and dirty plays.

Each rule resolves to a value (`AfterWhistle`, `Scrum`, `Agitation`, `DirtyPlay`) that the
game loop dispatches on: a scrum or an agitator that ends in a fight hands the loop a
fight to play (`fights.py`), a penalty a player to penalise, and a momentum play a
MomentumPoints row for `momentum.py`. The meter and the levels are moved here, as the seed
moves them, at once."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import (
    INTENSITIES,
    AgitatorRow,
    Rinkside,
    ScrumRow,
    Skater,
)
from authoring.games.rinkside.state import GameState, TeamSide, other
from authoring.games.rinkside.zone import DEFENCE, FORWARDS, rating

METER_TOP = 10  # more than 10 points raises the game's intensity (L1160)
DIRTY_POINTS = 3  # "ALL DIRTY PLAYS add +3 to the Chippiness Meter" (L1192)
DIRTY_TOP = 7  # "There are 7 Levels of Dirty Play" (L1188)
POSITIONS = (*FORWARDS, *DEFENCE)
WhistleEvent = Literal["scrum", "automatic scrum", "agitator", "nothing"]


@dataclass(frozen=True)
class MeterChange:
    """Points put on the chippiness meter, what it reads after, whether it is full and
    the game's intensity after (`rose` when the points raised it)."""

    points: int
    meter: int
    full: bool
    intensity: str
    rose: bool


@dataclass(frozen=True)
class Scrum:
    """A scrum's result (ScrumChart), its points on the meter (None for the automatic scrum
    after a dirty play, whose points are already on it), `coincidental` when the officials
    send off two players with coincidental minors, `fight` when a fight breaks out."""

    row: ScrumRow
    meter: MeterChange | None
    coincidental: bool
    fight: bool


@dataclass(frozen=True)
class Agitation:
    """An agitator scenario: `side` agitates, `agitator` against `retaliator`; `outcome`
    what came of it and `momentum` the MomentumPoints play his team earns, if any. On a
    `fight` the loop plays it between the two (goaded: a win doubles its momentum)."""

    side: TeamSide
    scenario: AgitatorRow
    agitator: Skater
    retaliator: Skater
    required: int
    succeeded: bool
    retaliated: bool
    outcome: Literal["nothing", "no retaliation", "penalty", "fight"]
    momentum: str | None


@dataclass(frozen=True)
class DirtyPlay:
    """`player` of `side` makes a dirty play or cheap shot: the card's level, the meter
    after its +3 and the game's dirty-play level after it rose. A scrum follows at the
    whistle whatever the Right face shows."""

    side: TeamSide
    player: Skater
    card_level: int
    meter: MeterChange
    dirty_level: int


# The meter and the game's intensity.


def meter_full(model: Rinkside, game: GameState) -> bool:
    """The meter is full at `Settings.chippiness_full` (8, L1158) and stays full until a
    fight's cooler heads empty it (L1160)."""
    return game.meter_full or game.chippiness >= model.settings.chippiness_full


def add_chippiness(model: Rinkside, game: GameState, points: int) -> MeterChange:
    """Put `points` on the meter (a fight's result may take some off; it stops at 0). Past
    10 the intensity rises one step (NORMAL, AGITATED, HOT, BOILING) and the meter keeps
    the points above 10; reaching full sets the full flag, which only cooler heads clear
    (L1160, README §5.5). At BOILING the intensity stays and the meter still drops by 10."""
    game.chippiness = max(0, game.chippiness + points)
    if game.chippiness >= model.settings.chippiness_full:
        game.meter_full = True
    rose = False
    if game.chippiness > METER_TOP:
        game.chippiness -= METER_TOP
        step = INTENSITIES.index(game.intensity)
        if step < len(INTENSITIES) - 1:
            game.intensity = INTENSITIES[step + 1]
            rose = True
            game.log(f"the game's intensity rises to {game.intensity}")
    return MeterChange(points, game.chippiness, meter_full(model, game), game.intensity, rose)


def cool_down(game: GameState) -> None:
    """Cooler heads prevail: the meter back to 0 and NORMAL, dirty plays back to 0
    (L1250)."""
    game.chippiness = 0
    game.meter_full = False
    game.intensity = INTENSITIES[0]
    game.dirty_level = 0
    game.log("cooler heads prevail")


# After the whistle.


def after_whistle(game: GameState, whistle: Draw, *, dirty_play: bool = False) -> WhistleEvent:
    """What the whistle's Right face starts (L1154, L1164): SCRUM-N a scrum at any
    intensity, SCRUM-AHB a scrum once the game is past NORMAL, AGITATOR an agitator
    scenario; after a dirty play an automatic scrum whatever the face shows (L1194)."""
    if dirty_play:
        return "automatic scrum"
    shown = whistle.right.after_whistle
    if shown == "SCRUM-N" or (shown == "SCRUM-AHB" and game.intensity != INTENSITIES[0]):
        return "scrum"
    if shown == "AGITATOR":
        return "agitator"
    return "nothing"


def scrum(
    model: Rinkside, game: GameState, draw: Callable[[], Draw], *, automatic: bool = False
) -> Scrum:
    """A scrum on a new card (L1156): its Black #100 in the ScrumChart column of the game's
    intensity gives the result and its points; its Right blue within the intensity's
    CoincidentalRange sends two players off. A fight breaks out when the meter is full after
    the points and the Black #100's second digit is odd (L1158). The automatic scrum after a
    dirty play adds nothing (its +3 is on already) and has a fight whenever the meter is
    full (L1196)."""
    shown = draw()
    intensity = game.intensity
    row = model.scrum_chart[intensity][shown.black100]
    meter = None if automatic else add_chippiness(model, game, row.chippiness)
    coincidental = shown.right.blue in model.coincidental_range[intensity]
    odd = shown.black100 % 2 == 1
    fight = meter_full(model, game) and (automatic or odd)
    game.log(f"scrum: {row.result}" + (", coincidental minors" if coincidental else ""))
    return Scrum(row, meter, coincidental, fight)


def agitator(model: Rinkside, game: GameState, draw: Callable[[], Draw]) -> Agitation:
    """An agitator scenario on three new cards (L1164-L1182). The first: its Black #100 the
    scenario, its Right face's H/V the agitating team (README §4.1). The second: its Left
    #100 the agitator (AGI: the lowest A/E on the ice), its Right #100 the retaliator on the
    other team. The third: its Left #100 the [#] the agitator's A/E must be at or under to
    succeed, its Right #100 at or over the retaliator's Secondary Penalty to retaliate.
    Success without retaliation is worth +2 momentum; with it, the scenario's penalty (+3)
    or a fight the agitator goaded."""
    scenario_draw = draw()
    scenario = model.agitator_scenario[scenario_draw.black100]
    side: TeamSide = "home" if scenario_draw.right.hv == "H" else "visitor"
    who = draw()
    agitator_row = model.agitator_locator["agitator"][who.left.n100]
    retaliator_row = model.agitator_locator["retaliator"][who.right.n100]
    if agitator_row.who == "AGI":
        agitator_ = lowest(model, game.team(side).skaters(), who, "agitator_enforcer")
    else:
        agitator_ = game.team(side).at(agitator_row.who)
    retaliator = game.team(other(side)).at(retaliator_row.who)
    test = draw()
    required = model.agitator_required[test.left.n100].required
    succeeded = rating(model, agitator_, "agitator_enforcer") <= required
    retaliated = test.right.n100 >= rating(model, retaliator, "secondary_penalty")
    if not succeeded:
        outcome: Literal["nothing", "no retaliation", "penalty", "fight"] = "nothing"
    elif not retaliated:
        outcome = "no retaliation"
    else:
        outcome = "fight" if scenario.on_retaliation == "fight" else "penalty"
    momentum = {"no retaliation": "agitator not answered", "penalty": "agitator draws a penalty"}
    game.log(f"{agitator_.name} agitates {retaliator.name} ({scenario.scenario}): {outcome}")
    return Agitation(
        side,
        scenario,
        agitator_,
        retaliator,
        required,
        succeeded,
        retaliated,
        outcome,
        momentum.get(outcome),
    )


def lowest(model: Rinkside, skaters: Sequence[Skater], shown: Draw, *ratings: str) -> Skater:
    """The skater with the lowest `ratings` (the first, then the next on a tie); players
    still tied are split by Forward/Defense and Left/Right (L1210: "as outlined above", the
    set-up's reading): the Right face's F/D (`grade_pos`) keeps its kind when one of them
    is tied, then the Left face's L takes the first of LW, C, RW, LD, RD and R the last."""
    best = min(tuple(rating(model, s, r) for r in ratings) for s in skaters)
    tied = [s for s in skaters if tuple(rating(model, s, r) for r in ratings) == best]
    return split_tie(tied, shown)


def split_tie(tied: Sequence[Skater], shown: Draw) -> Skater:
    """Among `tied` skaters (in LW, C, RW, LD, RD order, as a team lists those on the ice:
    fewer when the box leaves places empty), the Forward/Defense then Left/Right reading of
    `lowest`."""
    kind = DEFENCE if shown.right.grade_pos == "D" else FORWARDS
    of_kind = [s for s in tied if s.position in kind] or list(tied)
    return of_kind[0] if shown.left.side != "R" else of_kind[-1]


def dirty_play(
    model: Rinkside, game: GameState, side: TeamSide, player: Skater, shown: Draw
) -> DirtyPlay | None:
    """A defensive play, hit, battle, forecheck or clear by `player` on the draw `shown`
    is a dirty play when the Left face's dirty-play chance is at or below the game's
    dirty-play level (a plain D is level 0, L1190, README §5.5): +3 on the meter and the
    level up by `Settings.dirty_rise`, at most 7 (L1190-L1192). A chance above the level is
    disregarded (L1198)."""
    chance = shown.left.dirty
    if chance is None:
        return None
    card_level = int(chance.removeprefix("D") or 0)
    if card_level > game.dirty_level:
        return None
    meter = add_chippiness(model, game, DIRTY_POINTS)
    game.dirty_level = min(DIRTY_TOP, game.dirty_level + model.settings.dirty_rise)
    game.log(f"dirty play by {player.name}")
    return DirtyPlay(side, player, card_level, meter, game.dirty_level)
