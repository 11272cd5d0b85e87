"""Benchmark: impose a 100-card poker deck, 9-up with crop marks and mirrored backs.

Prints the median wall time of 5 runs (after one warm-up run) on A4 and on US Letter, and
the size of the file. Target: 0.3 s or less. Run with `.venv/bin/python bench/render_deck.py`.
"""

from __future__ import annotations

import statistics
import tempfile
import time
from pathlib import Path
from typing import Any

from authoring.render.imposition import Slot, impose
from authoring.render.paper import CARD_SIZES, PAPERS, Paper

RUNS = 5
TARGET = 0.3
CARDS = [
    (f"Card {number}", [f"Rule line {line} of card {number}" for line in range(4)])
    for number in range(100)
]
Card = tuple[str, list[str]]


def draw_front(canvas: Any, card: Card, slot: Slot) -> None:
    x, y, width, height = slot.trim
    title, lines = card
    canvas.setFillColorRGB(0.96, 0.94, 0.86)
    canvas.rect(*slot.bleed, stroke=0, fill=1)
    canvas.setStrokeGray(0.3)
    canvas.rect(x + 8, y + 8, width - 16, height - 16, stroke=1, fill=0)
    canvas.setFillGray(0)
    canvas.setFont("Body-Bold", 12)
    canvas.drawString(x + 14, y + height - 28, title)
    canvas.setFont("Body", 8)
    for index, line in enumerate(lines):
        canvas.drawString(x + 14, y + height - 48 - 11 * index, line)


def draw_back(canvas: Any, card: Card, slot: Slot) -> None:
    x, y, width, height = slot.trim
    canvas.setFillColorRGB(0.18, 0.2, 0.45)
    canvas.rect(*slot.bleed, stroke=0, fill=1)
    canvas.setFillGray(1)
    canvas.setFont("Body-Bold", 14)
    canvas.drawCentredString(x + width / 2, y + height / 2, "DECK")


def seconds_to_impose(path: Path, paper: Paper) -> float:
    start = time.perf_counter()
    impose(path, paper, CARDS, draw_front, draw_back, size=CARD_SIZES["poker"], title="Deck")
    return time.perf_counter() - start


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        for paper in PAPERS.values():
            path = Path(folder) / f"deck-{paper.name}.pdf"
            seconds_to_impose(path, paper)
            seconds = statistics.median(seconds_to_impose(path, paper) for _ in range(RUNS))
            verdict = "ok" if seconds <= TARGET else f"over the {TARGET} s target"
            print(
                f"{paper.name:<7} 100 poker cards: {seconds:.3f} s (median of {RUNS}), "
                f"{path.stat().st_size / 1024:.0f} KiB, {verdict}"
            )


if __name__ == "__main__":
    main()
