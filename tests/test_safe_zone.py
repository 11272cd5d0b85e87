"""The print-on-demand safe zone: no text within 1/8" of a face's cut, or a warning says
where it came from.

Hand-drawn faces check the measure itself; a designer's copy of DARK BLADES' workbook,
edited with openpyxl and built by the CLI with `--target pod`, checks the warnings: at the
cell whose text is too long for its counter's safe zone, and one for the texts the counter
layout itself places near the cut.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path
from typing import Any

import openpyxl
import pytest
from reportlab.lib.units import inch, mm

from authoring.cli import main
from authoring.game import get_game
from authoring.render.fonts import BODY
from authoring.render.paper import Size
from authoring.render.pod import SAFE_ZONE, face_pages_pdf, texts_near_the_cut

COUNTER = Size("counter", 30 * mm, 30 * mm)


def write_at(inset: float, text: str = "SAFE") -> Any:
    """A face drawing `text` in 8 pt with its left end `inset` inside the cut."""

    def draw(canvas: Any, item: int, slot: Any) -> None:
        canvas.setFont(BODY, 8)
        x, y, _, height = slot.trim
        canvas.drawString(x + inset, y + height / 2, text)

    return draw


def blank(canvas: Any, item: int, slot: Any) -> None:
    """A face with nothing on it."""


@pytest.mark.parametrize(
    ("inset", "near"), [(1 * mm, True), (3 * mm, True), (3.4 * mm, False), (8 * mm, False)]
)
def test_a_text_nearer_the_cut_than_an_eighth_of_an_inch_is_found(inset: float, near: bool) -> None:
    """1/8" is 3.175 mm: a text starting 3 mm in is within it, one 3.4 mm in is not."""
    assert pytest.approx(inch / 8) == SAFE_ZONE
    pdf = face_pages_pdf([0], [COUNTER], write_at(inset), blank, bleed=inch / 8)
    found = texts_near_the_cut(pdf, "counters")
    assert [text.text for text in found] == (["SAFE"] if near else [])


def test_a_text_wider_than_the_safe_zone_is_too_long_wherever_it_stands() -> None:
    """The room is the face's width less 1/8" each side; a text wider than that is too long,
    one narrower that stands near the cut is misplaced."""
    long_text = "A NAME FAR TOO LONG FOR A COUNTER"
    pdf = face_pages_pdf(
        [0], [COUNTER], write_at(0.5 * mm, long_text), write_at(1 * mm), bleed=inch / 8
    )
    found = {text.text: text for text in texts_near_the_cut(pdf, "counters")}
    assert set(found) == {long_text, "SAFE"}
    room = COUNTER.width - 2 * SAFE_ZONE
    assert found[long_text].room == pytest.approx(room, abs=0.01)
    assert found[long_text].too_long and not found["SAFE"].too_long


WARNING = re.compile(
    r"^(?P<workbook>[^:]+?)(:(?P<sheet>\w+)!(?P<cell>[A-Z]+\d+))?: warning: (?P<message>.*)$"
)


def pod_warnings(
    workbook: Path, out: Path, capsys: pytest.CaptureFixture[str]
) -> list[dict[str, str | None]]:
    """The safe-zone warnings a pod build of `workbook` prints, each as its workbook, sheet,
    cell and message."""
    capsys.readouterr()
    code = main(
        [
            "build",
            str(workbook),
            "--game",
            "darkblades",
            "--target",
            "pod",
            "--out",
            str(out),
            "--quiet",
        ]
    )
    assert code == 0
    printed = capsys.readouterr()
    found = [WARNING.match(line) for line in (printed.out + printed.err).splitlines()]
    return [
        match.groupdict()
        for match in found
        if match is not None and "safe zone" in match["message"]
    ]


def test_a_designers_copy_is_warned_at_the_name_too_long_for_its_counter(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """'Zed of Honna' (B16) shortened to 'Zed' fits; 'Goblin' (B33) renamed 'Goblin
    Chieftain' does not: the warning moves from B16 to B33, with the copy's own name."""
    copy = tmp_path / "my roster (2).xlsx"
    shutil.copyfile(get_game("darkblades").workbook, copy)
    book = openpyxl.load_workbook(copy)
    sheet = book["Characters"]
    assert (sheet["B16"].value, sheet["B33"].value) == ("Zed of Honna", "Goblin")
    before = pod_warnings(copy, tmp_path / "before", capsys)
    cells = {finding["cell"] for finding in before if finding["sheet"] == "Characters"}
    assert "B16" in cells and "B33" not in cells
    sheet["B16"], sheet["B33"] = "Zed", "Goblin Chieftain"
    book.save(copy)
    after = pod_warnings(copy, tmp_path / "after", capsys)
    at_cell = {finding["cell"]: finding for finding in after if finding["sheet"] == "Characters"}
    assert "B16" not in at_cell
    warning = at_cell["B33"]
    assert str(warning["workbook"]).endswith("my roster (2).xlsx")
    assert "'Goblin Chieftain'" in str(warning["message"])
    assert "12.7 mm" in str(warning["message"])


def test_texts_the_counter_layout_places_near_the_cut_are_one_warning_for_the_counters(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """The strength figures stand in the counters' corners, within the zone whatever they
    say: one warning names the component and its texts, at no cell."""
    warnings = pod_warnings(get_game("darkblades").workbook, tmp_path, capsys)
    placed = [finding for finding in warnings if finding["cell"] is None]
    assert len(placed) == 1
    message = str(placed[0]["message"])
    assert message.startswith("the counters print ")
    assert "the layout places them there" in message
