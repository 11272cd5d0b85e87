"""A course with its route chosen as the one line a race runs along."""

from __future__ import annotations

from dataclasses import dataclass

from authoring.games.biathlon.model import Course

LAPS = 3
"""Laps in a race; each starts on the start line, so each brings a motivation card."""


def track(course: Course) -> list[int]:
    """The race's spaces in order: two laps through the range, then the run to the finish."""
    by_marker = {space.marker: number for number, space in course.spaces.items()}
    start, shooting, finish = by_marker["start"], by_marker["range"], by_marker["finish"]
    laps: list[int] = []
    for _ in range(LAPS - 1):
        laps += _leg(course, start, shooting, "to_range")
        laps += _leg(course, shooting, start, "to_range")[1:]
        laps.pop()  # the start line opens the next lap
    return laps + _leg(course, start, finish, "to_finish")


def _leg(course: Course, source: int, target: int, lap: str) -> list[int]:
    path, here, seen = [source], source, {source}
    while here != target:
        ahead = [s for s in course.next_spaces(here, lap) if s not in seen or s == target]
        if not ahead:
            raise ValueError(f"{course.name}: no way on from space {here}")
        here = ahead[0]
        seen.add(here)
        path.append(here)
    return path


@dataclass(frozen=True)
class Laps:
    """A trail's laps counted on its track, in spaces entered."""

    lengths: tuple[int, ...]
    """Each lap from the start line: laps 1 and 2 back onto it, the last to the finish."""
    to_finish: int
    """From the mat of the last shooting to the finish."""
    to_start_line: int
    """From the mat of the last shooting back onto the start line, where the last lap
    begins."""


def laps(course: Course) -> Laps:
    race = track(course)
    crossings = [index for index, space in enumerate(race) if space == race[0]]
    last_shooting = max(
        index for index, space in enumerate(race) if course.spaces[space].marker == "range"
    )
    finish = len(race) - 1
    return Laps(
        lengths=tuple(b - a for a, b in zip(crossings, [*crossings[1:], finish], strict=True)),
        to_finish=finish - last_shooting,
        to_start_line=crossings[-1] - last_shooting,
    )
