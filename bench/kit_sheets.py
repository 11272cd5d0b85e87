"""Figure: sheets of paper per kit and paper size, as each kit's print list counts them.

Builds every game's kit on A4 and US Letter into a temporary folder and prints, per kit, the
sheets its print list adds up (pages, halved when printed double-sided, times copies) and how
many of them are card. With `--before DIR` (a folder of kits built by an older version, laid
out as `DIR/<game>/<game>-<component>-<paper>.pdf`) the same count is made of those older
PDFs under today's print settings, component by component, so the two figures compare like
with like; components that did not exist then count as missing. Run from the project root.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import sys
import tempfile
from pathlib import Path

from authoring.cli import main as authoring
from authoring.components import BuildContext
from authoring.game import get_game
from authoring.render.cover import COVER_NAME, COVER_PRINTING, Printed, page_count
from authoring.render.paper import PAPERS
from authoring.validate import validate_workbook

GAMES = ("darkblades", "blade", "kisscry", "biathlon")


def printed_files(game_name: str, paper_name: str, kit: Path) -> list[Printed | str]:
    """Each component of the game's kit found in `kit`, or its file name when it is missing."""
    game = get_game(game_name)
    model = validate_workbook(game.workbook, game).model
    paper = PAPERS[paper_name]
    assert game.components is not None and game.templates is not None
    context = BuildContext(paper, game.templates, game.workbook_name)
    listed: list[Printed | str] = []
    for component in [*game.components(model, context)]:
        path = kit / f"{game_name}-{component.file_name(paper)}"
        listed.append(
            Printed(path.name, component.print_as, page_count(path)) if path.exists() else path.name
        )
    cover = kit / f"{game_name}-{COVER_NAME}-{paper_name}.pdf"
    if cover.exists():
        listed.insert(0, Printed(cover.name, COVER_PRINTING, page_count(cover)))
    return listed


def line(label: str, listed: list[Printed | str]) -> str:
    found = [item for item in listed if isinstance(item, Printed)]
    sheets = sum(item.sheets for item in found)
    card = sum(item.sheets for item in found if item.printing.card_stock)
    missing = [item for item in listed if isinstance(item, str)]
    absent = f"; not in this kit: {', '.join(missing)}" if missing else ""
    return f"{label:28} {sheets:4d} sheets ({card} card){absent}"


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--before", type=Path, help="a folder of kits built by an older version")
    options = parser.parse_args()
    with tempfile.TemporaryDirectory() as out:
        for game in GAMES:
            for paper in PAPERS:
                with contextlib.redirect_stdout(io.StringIO()):
                    code = authoring(["build", game, "--paper", paper, "--out", out, "--quiet"])
                if code != 0:
                    return code
                kit = Path(out) / game
                print(line(f"{game} {paper}", printed_files(game, paper, kit)))
                if options.before is not None:
                    old = printed_files(game, paper, options.before / game)
                    print(line("  before", old))
    return 0


if __name__ == "__main__":
    sys.exit(main())
