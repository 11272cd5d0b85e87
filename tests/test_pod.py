"""`authoring build --target pod`: KISS & CRY's action deck as print-on-demand images.

The shipped workbook is built by the CLI into fresh folders; the images are read back with
Pillow and the manifest with the csv module, and every count comes from the workbook's
Deck sheet, read here with openpyxl.
"""

from __future__ import annotations

import csv
import hashlib
import json
from pathlib import Path

import openpyxl
import pytest
from cells import records
from PIL import Image

from authoring.cli import main
from authoring.game import Game, get_game
from authoring.games.kisscry.kit import CARD_BACK

GAME = "kisscry"
DECK = "action-deck"
CARD_PX = (825, 1125)
"""A poker card, 63.5 x 88.9 mm, with 1/8" of bleed all round, at 300 dpi."""
BLEED_PX = 300 / 8
DPI = 300


def build(out: Path, *options: str) -> int:
    return main(["build", GAME, "--out", str(out), "--quiet", *options])


def tree_bytes(folder: Path) -> dict[str, str]:
    """Every file under `folder` by its path from there, as the digest of its bytes."""
    return {
        path.relative_to(folder).as_posix(): hashlib.sha256(path.read_bytes()).hexdigest()
        for path in sorted(folder.rglob("*"))
        if path.is_file()
    }


@pytest.fixture(scope="module")
def game() -> Game:
    return get_game(GAME)


@pytest.fixture(scope="module")
def deck_size(game: Game) -> int:
    workbook = openpyxl.load_workbook(game.workbook, read_only=True)
    try:
        return len(records(workbook["Deck"]))
    finally:
        workbook.close()


@pytest.fixture(scope="module")
def out(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("pod")
    assert build(folder, "--target", "pod") == 0
    return folder


@pytest.fixture(scope="module")
def pod(out: Path) -> Path:
    return out / GAME / "pod"


@pytest.fixture(scope="module")
def manifest(pod: Path) -> list[dict[str, str]]:
    with (pod / "manifest.csv").open(encoding="utf-8", newline="") as handle:
        return list(csv.DictReader(handle))


def test_the_manifest_counts_every_card_of_the_deck_once(manifest, deck_size, pod):
    deck = [row for row in manifest if row["component"] == DECK]
    fronts = [row for row in deck if row["face"] == "front"]
    backs = [row for row in deck if row["face"] == "back"]
    # Every card's numbers differ, so every front is its own image; the back is shared.
    assert len(fronts) == deck_size
    assert sum(int(row["copies"]) for row in fronts) == deck_size
    assert [int(row["item"]) for row in fronts] == list(range(1, deck_size + 1))
    assert [(row["file"], row["copies"]) for row in backs] == [(f"{DECK}/back.png", str(deck_size))]
    listed = {row["file"] for row in manifest}
    written = {path.relative_to(pod).as_posix() for path in pod.rglob("*.png")}
    assert listed == written


def test_only_imposed_pieces_have_images(manifest, pod):
    """The rulebook, sheets and skater charts are not imposed: no images, no rows."""
    assert {row["component"] for row in manifest} == {DECK}
    assert sorted(path.name for path in pod.iterdir()) == [DECK, "manifest.csv"]


def test_every_image_is_a_poker_card_with_bleed_at_300_dpi(manifest, pod):
    for row in manifest:
        with Image.open(pod / row["file"]) as image:
            assert image.size == CARD_PX, row["file"]
            assert (int(row["width_px"]), int(row["height_px"])) == CARD_PX
            assert row["dpi"] == str(DPI)
            # PNG keeps dots per metre: 300 dpi is 11811 of them, read back as 299.9994.
            assert tuple(round(value) for value in image.info["dpi"]) == (DPI, DPI)


def test_the_back_colour_runs_into_the_bleed(pod):
    """The card back is painted to the bleed: its outer 1/8" band has the back's colour, the
    same as just inside the cut."""
    back_colour = tuple(round(channel * 255) for channel in CARD_BACK.rgb())
    with Image.open(pod / DECK / "back.png") as image:
        inside_trim = image.getpixel((round(BLEED_PX) + 3, round(BLEED_PX) + 3))
        corners = [(2, 2), (image.width - 3, 2), (2, image.height - 3)]
        edge_band = [image.getpixel(point) for point in corners]
        mid_edges = [(round(BLEED_PX / 2), image.height // 2), (image.width // 2, 2)]
        edge_band += [image.getpixel(point) for point in mid_edges]
    assert inside_trim == back_colour
    assert edge_band == [back_colour] * len(edge_band)


def test_a_front_has_no_cut_line(pod):
    """A shop cuts the trim itself: the hairline the home sheets draw on a front's cut is
    left out, so the white face runs through the cut."""
    with Image.open(pod / DECK / "001-front.png") as image:
        cut = round(BLEED_PX)
        across_the_cut = [image.getpixel((x, image.height // 3)) for x in range(cut - 2, cut + 3)]
    assert across_the_cut == [(255, 255, 255)] * len(across_the_cut)


def test_a_second_build_writes_the_same_bytes(pod, tmp_path):
    assert build(tmp_path, "--target", "pod") == 0
    assert tree_bytes(tmp_path / GAME / "pod") == tree_bytes(pod)


def test_an_unchanged_pod_build_writes_nothing(out, pod, capsys):
    before = tree_bytes(pod)
    capsys.readouterr()
    assert build(out, "--target", "pod") == 0
    said = capsys.readouterr().out
    assert "wrote" not in said
    assert "built 0 of 2 files" in said
    assert tree_bytes(pod) == before


def test_the_pod_record_names_the_target_and_leaves_the_home_kit_alone(out, tmp_path):
    """A home build beside the pod images is today's kit: the same bytes as a home build in
    a folder of its own, with no pod images, and its own build record."""
    assert build(out) == 0
    assert build(tmp_path) == 0
    home = {name: digest for name, digest in tree_bytes(out / GAME).items()}
    pod_files = {name for name in home if name.startswith("pod/")}
    assert pod_files
    assert {n: d for n, d in home.items() if n not in pod_files} == tree_bytes(tmp_path / GAME)
    records_folder = out / ".build"
    assert sorted(path.name for path in records_folder.iterdir()) == [
        f"{GAME}.json",
        f"{GAME}.pod.json",
    ]
    home_run = json.loads((records_folder / f"{GAME}.json").read_text())["runs"]["a4"]
    pod_run = json.loads((records_folder / f"{GAME}.pod.json").read_text())["runs"]["a4"]
    assert home_run["key"] != pod_run["key"]
    assert all(not entry["file"].endswith(".png") for entry in home_run["files"])


def test_an_unknown_target_is_a_usage_error(tmp_path, capsys):
    with pytest.raises(SystemExit) as stopped:
        build(tmp_path, "--target", "junk")
    assert stopped.value.code == 2
    assert "invalid choice: 'junk'" in capsys.readouterr().err
    assert not (tmp_path / GAME).exists()
