"""RINKSIDE HOCKEY's goalie against a shot that reaches him (seed L511-L692): the save
number by the chance's quality and his game level, the great and big saves that rob a goal
and move his level, the save column and the save type over the save's Black #100 digits,
the rebound-control challenge, and which saves start a net scramble.

Each function reads numbers it is given, so every rule is tested on a hand-made draw, and
the check's save model (README §8.3) can be compared with the engine over the deck."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Literal, get_args

from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import GoalieCard
from authoring.games.rinkside.state import GAME_LEVELS, GameLevel
from authoring.games.rinkside.texttables import TextTables

Chance = Literal["hq", "q", "lq"]
CHANCES: tuple[Chance, ...] = get_args(Chance)
# The goalie's number read against each quality of chance (L534-L546).
SAVE_NUMBER: dict[Chance, str] = {"hq": "save_green", "q": "save_blue", "lq": "save_black"}
# The big-save range of each level that has one (L554).
BIG_SAVE: dict[GameLevel, str] = {
    "Good": "big_good",
    "Very Good": "big_very_good",
    "Great": "big_great",
}
Difficulty = Literal["difficult", "easy"]
Column = Literal["cover", "corner", "rebound", "rebound shot"]
COLUMNS: tuple[Column, ...] = get_args(Column)
SaveType = Literal["glove", "pad", "blocker", "stick", "skate"]
Rescue = Literal["great save", "big save"]


def difficulty(tables: TextTables, black100: int) -> Difficulty:
    """How hard the shot is to stop, on the shot's own Black #100 (T_Difficulty, L524-L528)."""
    result = tables.difficulty[black100].result
    if result not in get_args(Difficulty):
        raise ValueError(f"T_Difficulty gives {result!r}, not difficult or easy")
    return result  # type: ignore[return-value]


def save_number(card: GoalieCard, chance: Chance, level: GameLevel) -> int:
    """The number a save's Black #100 must not exceed: green, blue or black by the chance's
    quality (L534-L546); green on every shot in a Bad Game (L574)."""
    return card["save_green"] if level == "Bad" else card[SAVE_NUMBER[chance]]


def stopped(card: GoalieCard, chance: Chance, level: GameLevel, black100: int) -> bool:
    """The goalie saves when the Black #100 is at or below his number; above it is a goal."""
    return black100 <= save_number(card, chance, level)


def rescue(card: GoalieCard, level: GameLevel, blue: int, *, sniper: bool) -> Rescue | None:
    """A goal that would have scored, stopped on the next draw's blue (L550-L564): a great
    save on a blue at or below GREAT SAVE, a big save on one within the level's big-save
    range in a Good, Very Good or Great game; only a great save stops a sniper's shot."""
    if blue <= card["great_save"]:
        return "great save"
    if not sniper and level in BIG_SAVE and blue <= card[BIG_SAVE[level]]:
        return "big save"
    return None


def after_rescue(level: GameLevel, saved: Rescue) -> GameLevel:
    """The level after a robbed goal: a great save is within GREAT SAVE, so he goes up a
    level (Bad to Normal L576, Normal to Good L550, up to Great L558-L560); a big save
    outside it leaves him where he is (README §5.6)."""
    if saved != "great save":
        return level
    return GAME_LEVELS[min(GAME_LEVELS.index(level) + 1, len(GAME_LEVELS) - 1)]


def open_net_number(card: GoalieCard, level: GameLevel) -> int:
    """The blue a goalie must reach to get back across an open net: his Recover Rating, or
    his big-save range for the level if that is higher (L666-L670)."""
    big = card[BIG_SAVE[level]] if level in BIG_SAVE else 0
    return max(card["recover"], big)


def digits(black100: int) -> tuple[int, int]:
    """Black #100's two digits; 100 is 00 (L96)."""
    return divmod(black100 % 100, 10)


def save_column(card: GoalieCard, shot: Difficulty, black100: int) -> Column:
    """The first digit on the Easy or Difficult column's cut points (L580-L612)."""
    first, _ = digits(black100)
    prefix = "easy" if shot == "easy" else "diff"
    for result in ("cover", "corner", "rebound"):
        if first <= card[f"{prefix}_{result}"]:
            return result
    return "rebound shot"


def save_type(card: GoalieCard, black100: int) -> SaveType:
    """The second digit (the first when the second is 0, L692) on the save-type column:
    glove, pad, blocker on an odd digit or stick on an even one, skate (L640-L648)."""
    first, second = digits(black100)
    digit = second or first
    if digit <= card["type_glove"]:
        return "glove"
    if digit <= card["type_pad"]:
        return "pad"
    if digit <= card["type_blocker"]:
        return "blocker" if digit % 2 else "stick"
    return "skate"


def out_of_play(black100: int) -> bool:
    """A save whose second digit is 0 goes over the glass (L692)."""
    return digits(black100)[1] == 0


def challenged(shot: Difficulty, black100: int, *, traffic: bool) -> bool:
    """The goalie's rebound control is tested after a save (L618-L624): on every screened,
    tipped or block-deflected shot; on an easy shot saved on 01-09; on a difficult one saved
    on 01-09 or 11-19."""
    if traffic:
        return True
    first, second = digits(black100)
    low = second != 0 and first in ((0,) if shot == "easy" else (0, 1))
    return low and black100 != 100


def rebound_control(tables: TextTables, card: GoalieCard, blue: int) -> Column:
    """A rebound-control challenge on a new draw's blue (T_ReboundControl, L626-L638): cover
    up to Low RC, corner to 10, rebound to RC, rebound shot above."""
    result = tables.rebound_control.read(blue, card.ratings).result
    if result not in COLUMNS:
        raise ValueError(f"T_ReboundControl gives {result!r}, not a save column result")
    return result


def scramble_after(card: GoalieCard, shot: Difficulty, saved: Draw) -> bool:
    """A save on doubles (11, 22 … 99) starts a net scramble: always on a difficult shot,
    on an easy one only when the same draw's Right blue is above his Rebound Control
    (L654-L658)."""
    first, second = digits(saved.black100)
    if first != second or saved.black100 == 100:
        return False
    return shot == "difficult" or saved.right.blue > card["rebound_control"]


@dataclass(frozen=True)
class Save:
    """How a save went: the goal it robbed (if any), the save type, and what became of the
    puck (`then`: cover, corner, rebound, rebound shot, out of play, or scramble), with
    `challenged` when rebound control decided it rather than the save column."""

    kind: SaveType
    then: Literal["cover", "corner", "rebound", "rebound shot", "out of play", "scramble"]
    rescue: Rescue | None = None
    challenged: bool = False
