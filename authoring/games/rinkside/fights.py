"""RINKSIDE HOCKEY's fights (seed L1200-L1262, README §4.1 the Fight Card sheets): the
check an ENFORCERS faceoff makes, who fights, who holds the advantage and what it comes
to, the instigator, a third man in and brawls, the misconducts after, cooler heads, and
the league discipline office.

`fight` returns a `Fight` value: the fighters, the winner, the penalties each player
takes (the penalty slice puts them in the box), the brawl's further fights to play and
whether cooler heads reset the game. The meter and levels move here; the winner's
momentum is `momentum.fight_won`'s, called by the loop."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Literal

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import (
    FighterLocatorRow,
    FightResultRow,
    Rinkside,
    Skater,
)
from authoring.games.rinkside.state import SIDES, GameState, TeamSide, TeamState, other
from authoring.games.rinkside.whistle import (
    MeterChange,
    add_chippiness,
    cool_down,
    split_tie,
)
from authoring.games.rinkside.zone import rating

ENFORCER_AE = 2  # FightCheck's fight needs an A/E this low on each side (README §4.1)
EVEN_RANGE = 10  # the advantage range before the difference (L1218)
BENCH_CLEARING_TOP = 20  # "if the Black #100 is between 1 and 20" (L1242)
BRAWL_FIGHTS = {"brawl, two more fights": 2, "brawl, three more fights": 3}
Penalty = Literal["fighting major", "instigator minor", "game misconduct", "misconduct"]


@dataclass(frozen=True)
class FightCheck:
    """An ENFORCERS faceoff's check (L214): its FightCheck row, `fight` when it breaks out,
    and the meter after a long stare (None when nothing is put on it)."""

    result: str
    fight: bool
    meter: MeterChange | None


@dataclass(frozen=True)
class FightPenalty:
    side: TeamSide
    player: Skater
    penalty: Penalty


@dataclass(frozen=True)
class Fight:
    """One fight: the two fighters, who held the advantage, the FightResult row read for
    him, the winner (None on a draw), the FightExtras result, the penalties given (5:00
    majors, the instigator's, a third man's, misconducts), the number of further fights a
    brawl brings, a full brawl and its benches, the meter after the result and whether
    cooler heads reset the game."""

    visitor: Skater
    home: Skater
    advantage: TeamSide
    result: FightResultRow
    winner: TeamSide | None
    extra: str
    penalties: tuple[FightPenalty, ...]
    more_fights: int
    full_brawl: bool
    bench_clearing: bool
    meter: MeterChange
    cooler_heads: bool

    def fighter(self, side: TeamSide) -> Skater:
        return self.home if side == "home" else self.visitor


def fight_check(model: Rinkside, game: GameState, draw: Callable[[], Draw]) -> FightCheck:
    """The ENFORCERS faceoff symbol (L214: "the enforcers on the ice may initiate a fight"):
    with a skater of A/E 2 or lower on the ice for each team, a new card's Black #100 in
    FightCheck, a fight or a long stare putting its point on the meter (README §4.1);
    without, there is nobody to start one and no card is drawn."""
    present = all(
        any(rating(model, s, "agitator_enforcer") <= ENFORCER_AE for s in team.skaters())
        for team in (game.visitor, game.home)
    )
    if not present:
        game.log("no enforcers on the ice")
        return FightCheck("no enforcers", False, None)
    row = model.fight_check[draw().black100]
    if row.result == "fight":
        game.log("the enforcers drop the gloves")
        return FightCheck(row.result, True, None)
    game.log("a long stare between the enforcers")
    return FightCheck(row.result, False, add_chippiness(model, game, row.chippiness))


def enforcer(model: Rinkside, team: TeamState) -> Skater | None:
    """A club's enforcer: its dressed skater with the lowest A/E, when that is 2 or lower
    (README §4.1); the first in line-up order on a tie."""
    dressed = [s for line in team.lineup.lines for s in (line.lw, line.c, line.rw)]
    dressed += [s for pair in team.lineup.pairs for s in (pair.ld, pair.rd)]
    toughest = min(dressed, key=lambda s: rating(model, s, "agitator_enforcer"))
    if rating(model, toughest, "agitator_enforcer") > ENFORCER_AE:
        return None
    return toughest


def grudge_match(model: Rinkside, game: GameState) -> dict[TeamSide, Skater] | None:
    """L130-L136: a pre-game grudge (`game.enforcers_fight`) is a fight "the first time
    they are on the ice together": each club's enforcer, once both are on the ice; None
    while they are not (or there is no grudge, or a club has no enforcer)."""
    if not game.enforcers_fight:
        return None
    pair = {side: enforcer(model, game.team(side)) for side in SIDES}
    if any(
        skater is None or skater not in game.team(side).skaters() for side, skater in pair.items()
    ):
        return None
    return {side: skater for side, skater in pair.items() if skater is not None}


def find_fighter(
    model: Rinkside,
    game: GameState,
    side: TeamSide,
    row: FighterLocatorRow,
    shown: Draw,
    excluding: Sequence[Skater] = (),
) -> Skater:
    """The fighter a FighterLocator row names on `side`'s ice (L1208-L1210): the skater
    with the A/E sought, none: the nearest A/E, the lower first; [L] the lowest A/E and then
    the lowest Secondary Penalty; ties split by Forward/Defense and Left/Right on `shown`.
    Skaters already fighting (`excluding`) are passed over."""
    on_ice = game.team(side).skaters()
    free = [s for s in on_ice if s not in excluding]
    if row.lowest:
        rated = {
            s: (rating(model, s, "agitator_enforcer"), rating(model, s, "secondary_penalty"))
            for s in free
        }
        tied = [s for s in free if rated[s] == min(rated.values())]
    else:
        ratings = {s: rating(model, s, "agitator_enforcer") for s in free}
        nearest = min(ratings.values(), key=lambda ae: (abs(ae - row.sought), ae))
        tied = [s for s in free if ratings[s] == nearest]
    return split_tie(tied, shown)


def fight(
    model: Rinkside,
    game: GameState,
    draw: Callable[[], Draw],
    *,
    visitor: Skater | None = None,
    home: Skater | None = None,
    excluding: Sequence[Skater] = (),
) -> Fight:
    """Play a fight (L1206-L1250). Unless the fighters are given (an agitator's fight), a
    new card finds them: its Left #100 the visitor's, its Right #100 the home team's
    (L1214). The next card decides: its Left blue within 1 to 10 + the difference of A/E
    gives the advantage to the lower-rated (better) fighter, above it to the higher, the
    home fighter counting as the lower on equal ratings (L1218-L1220); its Right blue in
    that fighter's FightResult table the result (L1222-L1226) and its points on the meter;
    its Black #100 the FightExtras (L1230-L1242). A last card checks each fighter's
    misconduct (Left #100 visitor, Right #100 home, at or over his Secondary Penalty) and,
    by its Black #100, cooler heads (L1244-L1250)."""
    if visitor is None or home is None:
        start = draw()
        visitor = find_fighter(
            model, game, "visitor", model.fighter_locator[start.left.n100], start, excluding
        )
        home = find_fighter(
            model, game, "home", model.fighter_locator[start.right.n100], start, excluding
        )
    fighters: dict[TeamSide, Skater] = {"visitor": visitor, "home": home}
    decider = draw()
    advantage = advantage_of(model, visitor, home, decider.left.blue)
    holder = "lower" if _is_lower(model, fighters, advantage) else "higher"
    result = model.fight_result[holder][decider.right.blue]
    winner = {"decisive win": advantage, "win": advantage, "upset": other(advantage)}.get(
        result.result
    )
    meter = add_chippiness(model, game, result.chippiness)
    extra = model.fight_extras[decider.black100].extra
    penalties = [FightPenalty(side, fighters[side], "fighting major") for side in fighters]
    if extra == "instigator" and model.settings.instigator_rule:
        instigator: TeamSide = "visitor" if decider.black100 % 2 else "home"
        penalties += [
            FightPenalty(instigator, fighters[instigator], "instigator minor"),
            FightPenalty(instigator, fighters[instigator], "game misconduct"),
        ]
    if extra == "third man in":
        penalties.append(third_man_in(model, game, fighters, draw()))
    full_brawl = extra == "full brawl"
    bench_clearing = full_brawl and draw().black100 <= BENCH_CLEARING_TOP
    misconduct = draw()
    checked: tuple[tuple[TeamSide, int], ...] = (
        ("visitor", misconduct.left.n100),
        ("home", misconduct.right.n100),
    )
    for side, number in checked:
        if number >= rating(model, fighters[side], "secondary_penalty"):
            penalties.append(FightPenalty(side, fighters[side], "misconduct"))
    cooler_heads = misconduct.black100 in model.cooler_heads[game.intensity]
    if cooler_heads:
        cool_down(game)
    game.log(f"fight: {visitor.name} and {home.name}, {result.result} for the {advantage} fighter")
    return Fight(
        visitor,
        home,
        advantage,
        result,
        winner,
        extra,
        tuple(penalties),
        BRAWL_FIGHTS.get(extra, 0),
        full_brawl,
        bench_clearing,
        meter,
        cooler_heads,
    )


def advantage_of(model: Rinkside, visitor: Skater, home: Skater, blue: int) -> TeamSide:
    """Who holds the advantage on the Left blue `blue` (L1218-L1220): within 1 to 10 + the
    difference of A/E the lower-rated fighter (the home fighter on equal ratings), above
    it the higher-rated one."""
    visitor_ae = rating(model, visitor, "agitator_enforcer")
    home_ae = rating(model, home, "agitator_enforcer")
    lower: TeamSide = "visitor" if visitor_ae < home_ae else "home"
    within = blue <= EVEN_RANGE + abs(visitor_ae - home_ae)
    return lower if within else other(lower)


def _is_lower(model: Rinkside, fighters: dict[TeamSide, Skater], side: TeamSide) -> bool:
    """Whether `side`'s fighter is the lower-rated one (the home fighter on a tie)."""
    own = rating(model, fighters[side], "agitator_enforcer")
    rival = rating(model, fighters[other(side)], "agitator_enforcer")
    return own < rival or (own == rival and side == "home")


def third_man_in(
    model: Rinkside, game: GameState, fighters: dict[TeamSide, Skater], shown: Draw
) -> FightPenalty:
    """A third man joins the fight (L1238): a new card's Black #100, odd the visitor's man,
    even the home team's, in ThirdManIn: the skater with the highest Commit Penalty (the
    "Penalty Rating", README §5.6) of that team's four on the ice besides its fighter, or
    the 2nd, 3rd or 4th highest; ties in LW, C, RW, LD, RD order. A team the box leaves
    with fewer skaters sends its lowest for a rank it does not have (README §11.16). He
    takes a 10:00 game misconduct."""
    side: TeamSide = "visitor" if shown.black100 % 2 else "home"
    others = [s for s in game.team(side).skaters() if s != fighters[side]]
    ranked = sorted(others, key=lambda s: -rating(model, s, "commit_penalty"))
    joiner = ranked[min(model.third_man_in[shown.black100].from_highest, len(ranked)) - 1]
    game.log(f"{joiner.name} joins the fight")
    return FightPenalty(side, joiner, "game misconduct")


def discipline(model: Rinkside, player: Skater, shown: Draw) -> str:
    """The league discipline office (L1252-L1259) for a player given a match penalty, a
    game misconduct (alone or with a major) or in a brawl: the Black #100 of `shown` in the
    Discipline table of his A/E; the suspension ("none", "1 game" …) is returned for the
    season to apply."""
    return model.discipline[rating(model, player, "agitator_enforcer")][shown.black100].suspension
