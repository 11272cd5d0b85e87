"""What the RINKSIDE engine tests share: the shipped league and a fresh game between two
clubs as fixtures, hand-made draws handed to a rule one by one, and hand-set ratings.

A test module imports the fixtures by their function names; pytest finds them by the
names they are registered under (`league`, `game`)."""

from __future__ import annotations

import shutil
from collections.abc import Callable, Mapping
from dataclasses import replace
from pathlib import Path

import pytest

from authoring.cli import main
from authoring.games.rinkside import GAME
from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import Rinkside, Skater, SkaterCard, build_model
from authoring.games.rinkside.state import GameState, TeamSide
from authoring.validate import validate_workbook

HOME, VISITOR = "HLX", "KSP"  # heated rivals on the shipped sheet (level 2)


@pytest.fixture(scope="module", name="league")
def shipped_league() -> Rinkside:
    return build_model(validate_workbook(GAME.workbook, GAME).tables)


@pytest.fixture(name="game")
def new_game(league: Rinkside) -> GameState:
    return GameState.new(league, HOME, VISITOR)


@pytest.fixture(name="designers_copy")
def copied_workbook(tmp_path: Path) -> Path:
    """The shipped workbook under a designer's own file name."""
    copy = tmp_path / "our league v2.xlsx"
    shutil.copy(GAME.workbook, copy)
    return copy


def simulate(capsys: pytest.CaptureFixture[str], *arguments: str) -> tuple[int, str, str]:
    """`authoring simulate` with `arguments`: its exit code, what it printed and its errors."""
    code = main(["simulate", *arguments])
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def cards(*draws: Draw) -> Callable[[], Draw]:
    """The draws a rule will make, in order; a rule drawing one more fails the test."""
    return iter(draws).__next__


NO_CARDS = cards()


def at(game: GameState, side: TeamSide, position: str) -> Skater:
    return game.team(side).at(position)


def rated(
    league: Rinkside, game: GameState, side: TeamSide, **by_position: Mapping[str, int | str]
) -> Rinkside:
    """The league with the ratings of `side`'s skaters on the ice set by hand, by position
    (LW, C, RW, LD, RD)."""
    team = game.team(side)
    changed = {}
    for position, ratings in by_position.items():
        skater_id = team.at(position).skater_id
        card = league.skater_cards[skater_id]
        changed[skater_id] = SkaterCard(skater_id, {**card.ratings, **ratings})
    return replace(league, skater_cards={**league.skater_cards, **changed})


class Script:
    """The draws a rule will make, in order; a rule drawing one more, or one fewer, fails."""

    def __init__(self, *draws: Draw) -> None:
        self.draws = list(draws)

    def __call__(self) -> Draw:
        assert self.draws, "the rule drew one card more than the script holds"
        return self.draws.pop(0)

    def done(self) -> None:
        assert not self.draws, f"{len(self.draws)} scripted draws were not made"
