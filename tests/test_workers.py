"""Simulations share their runs out over worker processes and give the same figures whatever
the number of workers: every run draws from its own generator (seed/run) and outcomes are
added up in run order."""

from __future__ import annotations

import json
from functools import partial

import pytest

from authoring.cli import main
from authoring.simulation import run_all, run_rng


def _draws(seed: int, run: int) -> tuple[int, float]:
    return run, run_rng(seed, run).random()


@pytest.mark.parametrize("workers", [2, 3, 8])
def test_run_all_yields_every_run_in_order_whatever_the_workers(workers):
    alone = list(run_all(partial(_draws, 7), 101))
    shared = list(run_all(partial(_draws, 7), 101, workers=workers))
    assert shared == alone
    assert [run for run, _ in shared] == list(range(101))


def test_run_all_plays_a_range_of_runs_as_the_same_runs():
    """A sample grown look by look (races 0-199, then 200-399) is the one played at once."""
    whole = list(run_all(partial(_draws, 3), 60, workers=2))
    grown = list(run_all(partial(_draws, 3), range(0, 25), workers=2))
    grown += list(run_all(partial(_draws, 3), range(25, 60), workers=2))
    assert grown == whole


@pytest.mark.parametrize(
    "arguments",
    [
        ["simulate", "blade", "m500", "--runs", "40"],
        ["simulate", "kisscry", "--runs", "30"],
        ["simulate", "biathlon", "wolfsheim_kurz", "--runs", "12"],
        ["simulate", "biathlon", "world_cup", "--runs", "3"],
        ["simulate", "darkblades", "--runs", "20"],
    ],
    ids=lambda arguments: " ".join(arguments[1:3]),
)
def test_simulate_prints_the_same_figures_on_one_worker_or_two(capsys, arguments):
    outputs = []
    for workers in ("1", "2"):
        assert main([*arguments, "--workers", workers, "--format", "json"]) == 0
        outputs.append(json.loads(capsys.readouterr().out))
    assert outputs[0] == outputs[1]
    assert outputs[0]["figures"]


def test_workers_must_be_a_positive_count(capsys):
    with pytest.raises(SystemExit) as stopped:  # argparse's usage error
        main(["simulate", "kisscry", "--runs", "3", "--workers", "0"])
    assert stopped.value.code == 2
    assert "--workers" in capsys.readouterr().err
