"""RINKSIDE HOCKEY's faceoffs (seed L202-228): who wins the draw, who comes away with the
puck, and the four symbols a Left face may show instead of a number (README §5.1).

The two centres' Faceoff Ratings give the better one a range of 10 plus the difference on
the Left face's 1-20; the Right face's FACEOFF section names the winner's player who
controls the puck. TOSS-D and TOSS-O throw a centre out of a zone draw (his team's forward
with the best rating other than those already tossed takes it, on a new draw) and on a
neutral-zone draw give it to the visitor or the home team, who dump the puck in at once.
PENALTY and ENFORCERS interrupt the draw: the faceoff returns them for the rules of
penalties and fights to settle."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import Rinkside, Skater
from authoring.games.rinkside.penalties import official_calls
from authoring.games.rinkside.state import GameState, TeamSide, TeamState, Zone, other
from authoring.games.rinkside.zone import rating

TOSS_DEFENSIVE = "TOSS-D"
TOSS_OFFENSIVE = "TOSS-O"
INTERRUPTIONS = ("PENALTY", "ENFORCERS")
# The team a centre-tossing symbol hands a neutral-zone draw to (L208-210).
NEUTRAL_TOSS_WINNER: dict[str, TeamSide] = {TOSS_DEFENSIVE: "visitor", TOSS_OFFENSIVE: "home"}
# The team defending each end: its centre is the one TOSS-D throws out.
DEFENDING: dict[Zone, TeamSide] = {"home end": "home", "visitor end": "visitor"}
BASE_RANGE = 10


def winning_range(higher: int, lower: int) -> int:
    """The numbers 1..range on which the better centre wins: 10 plus the difference."""
    return BASE_RANGE + higher - lower


def draw_winner(home_rating: int, visitor_rating: int, number: int) -> TeamSide:
    """The side whose centre wins a draw on the Left face's `number`: the better one on his
    range, the other above it; on equal ratings the home centre takes 1-10
    (`Settings.faceoff_tie` home_low_range)."""
    favoured: TeamSide = "home" if home_rating >= visitor_rating else "visitor"
    span = winning_range(max(home_rating, visitor_rating), min(home_rating, visitor_rating))
    return favoured if number <= span else other(favoured)


@dataclass(frozen=True)
class Faceoff:
    """What a faceoff came to. `winner` and `controller` are None when a PENALTY or
    ENFORCERS symbol interrupted it; `penalised` is the Right face's H/V on a PENALTY (L212),
    the team the penalty goes against, and `called` whether the official calls it on the
    Right face's Official Call boxes (L1001: "you still check with the Official")."""

    winner: TeamSide | None
    controller: Skater | None
    takers: tuple[Skater, Skater]  # (visitor's, home's) who took the last draw
    tossed: tuple[Skater, ...] = ()
    dump_in: bool = False  # a neutral-zone toss: the winner dumps the puck in (L222-224)
    interruption: str | None = None  # PENALTY or ENFORCERS
    penalised: TeamSide | None = None
    called: bool = False


def faceoff(model: Rinkside, game: GameState, zone: Zone, draw: Callable[[], Draw]) -> Faceoff:
    """Take a faceoff at `zone` (the neutral zone or a team's end) on `draw`n cards, a new
    one after each centre tossed from a zone draw."""
    takers = {side: game.team(side).line.c for side in ("visitor", "home")}
    tossed: list[Skater] = []

    def result(
        winner: TeamSide | None,
        shown: Draw,
        *,
        dump_in: bool = False,
        interruption: str | None = None,
        penalised: TeamSide | None = None,
        called: bool = False,
    ) -> Faceoff:
        controller = None
        if winner is not None:
            controller = _controller(game.team(winner), takers[winner], shown)
        outcome = Faceoff(
            winner,
            controller,
            (takers["visitor"], takers["home"]),
            tuple(tossed),
            dump_in,
            interruption,
            penalised,
            called,
        )
        game.log(_describe(outcome, zone))
        return outcome

    while True:
        shown = draw()
        symbol = shown.left.faceoff
        if symbol in NEUTRAL_TOSS_WINNER and zone == "neutral":
            return result(NEUTRAL_TOSS_WINNER[symbol], shown, dump_in=True)
        if symbol in NEUTRAL_TOSS_WINNER:
            defending = DEFENDING[zone]
            side = defending if symbol == TOSS_DEFENSIVE else other(defending)
            tossed.append(takers[side])
            takers[side] = _replacement(model, game.team(side), tossed)
            continue
        if symbol in INTERRUPTIONS:
            if symbol == "PENALTY":
                called = official_calls(model, game, shown.right)
                return result(
                    None, shown, interruption=symbol, penalised=_hv_side(shown), called=called
                )
            return result(None, shown, interruption=symbol)
        if symbol is None or not symbol.isdigit():
            raise ValueError(f"card {shown.left_card}'s Left face shows no faceoff: {symbol!r}")
        winner = draw_winner(
            rating(model, takers["home"], "faceoff"),
            rating(model, takers["visitor"], "faceoff"),
            int(symbol),
        )
        return result(winner, shown)


def _replacement(model: Rinkside, team: TeamState, tossed: list[Skater]) -> Skater:
    """Who takes the draw for a team whose player was tossed: its forward on the ice with the
    best Faceoff Rating not yet tossed (README §5.1), a defenceman once all three are."""
    line = team.line
    forwards = [s for s in (line.lw, line.c, line.rw) if s not in tossed]
    candidates = forwards or [s for s in (team.pair.ld, team.pair.rd) if s not in tossed]
    return max(candidates, key=lambda skater: rating(model, skater, "faceoff"))


def _controller(team: TeamState, taker: Skater, shown: Draw) -> Skater:
    """The winner's player named by the Right face's FACEOFF section (L206); "C" is whoever
    took the draw for him."""
    position = shown.right.faceoff_control
    if position is None:
        raise ValueError(f"card {shown.right_card}'s Right face names no faceoff control")
    return taker if position == "C" else team.at(position)


def _hv_side(shown: Draw) -> TeamSide:
    return "home" if shown.right.hv == "H" else "visitor"


def _describe(outcome: Faceoff, zone: Zone) -> str:
    where = f"faceoff in the {zone}"
    tossed = "".join(f", {s.name} tossed" for s in outcome.tossed)
    if outcome.interruption == "PENALTY" and not outcome.called:
        return f"{where}{tossed}: PENALTY, no call"
    if outcome.interruption is not None:
        return f"{where}{tossed}: {outcome.interruption}"
    assert outcome.controller is not None
    dump = ", dumps it in" if outcome.dump_in else ""
    return f"{where}{tossed}: {outcome.winner} wins, {outcome.controller.name} has it{dump}"
