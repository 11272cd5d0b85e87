"""Race times as BLADE prints them, and the model its time charts are built from.

A time is written in the event's format: seconds with hundredths under a minute (`34.52`),
minutes and seconds above (`1:45.32`, `6:12.40`). The falls chart writes time added in the
seed's own minutes.seconds notation (`1.05` is one minute and five seconds).

The time chart model, with its parameters per event in the workbook's Events sheet:

    time(letter, row) = world_record * (1 + a + b * letter) * (1 + s * z(row))

`letter` counts from A = 0 to V = 21; `a` is how far the A column sits above the world
record at the middle row, `b` the step from one letter to the next, `s` the day-to-day
spread, and `z(row)` the normal quantile of the row's place among the 50 (row 1 the fastest
day, row 50 the slowest), scaled so that rows 1 and 50 sit at -1 and +1.
"""

from __future__ import annotations

import re
from statistics import NormalDist

LETTERS = "ABCDEFGHIJKLMNOPQRSTUV"
ROWS = 50
_TIME = re.compile(r"(?:(\d{1,2}):)?(\d{1,2})\.(\d{2})")
_FALL_TIME = re.compile(r"(\d+)\.(\d{2})")
_EDGE = NormalDist().inv_cdf((ROWS - 0.5) / ROWS)


def parse_time(text: str) -> float | None:
    """Seconds for a time in the event format, or None when the text is not one."""
    match = _TIME.fullmatch(text.strip())
    if match is None:
        return None
    minutes, seconds, hundredths = match.groups()
    if minutes is not None and int(seconds) >= 60:
        return None
    return int(minutes or 0) * 60 + int(seconds) + int(hundredths) / 100


def format_time(seconds: float) -> str:
    hundredths = round(seconds * 100)
    minutes, rest = divmod(hundredths, 6000)
    whole, fraction = divmod(rest, 100)
    return f"{minutes}:{whole:02d}.{fraction:02d}" if minutes else f"{whole}.{fraction:02d}"


def parse_fall_time(text: str) -> float | None:
    """Seconds for the falls chart's minutes.seconds notation (`1.05` = 65 s)."""
    match = _FALL_TIME.fullmatch(text.strip())
    if match is None or int(match.group(2)) >= 60:
        return None
    return int(match.group(1)) * 60 + int(match.group(2))


def row_quantile(row: int) -> float:
    """Where a chart row sits in the spread of a skater's days: -1 (row 1) to +1 (row 50)."""
    return NormalDist().inv_cdf((row - 0.5) / ROWS) / _EDGE


def model_time(
    world_record: float,
    a_offset: float,
    letter_step: float,
    row_spread: float,
    letter: int,
    row: int,
) -> float:
    """The model's chart time in seconds, before rounding to hundredths."""
    level = world_record * (1 + a_offset + letter_step * letter)
    return level * (1 + row_spread * row_quantile(row))
