"""Where batches of tasks run: this process, a pool of local processes, or a Dask cluster.

One interface for every parallel run the tool makes (`simulate`'s and `check`'s chunks of
runs, `sweep`'s variants): a runner is handed a task once and the items to apply it to, and
gives the results back in item order (`ordered`) or as they finish (`finished`, with each
item's index). A task is sent to each worker once, however many items follow, so a task
that carries a game's model costs one transfer per worker, not one per item. Results never
depend on the runner: every item carries what seeds it.

Dask (`dask.distributed`) is the engine behind `Cluster`: a `LocalCluster` of N processes on
this machine, or a running scheduler's address to share the work over many machines.
"""

from __future__ import annotations

import multiprocessing
import signal
from collections.abc import Callable, Iterator, Sequence
from contextlib import AbstractContextManager
from types import TracebackType
from typing import Any, Protocol, TypeVar

from authoring.progress import set_quiet

Item = TypeVar("Item")
Result = TypeVar("Result")


class Runner(Protocol):
    """Runs `task(item)` for a batch of items."""

    @property
    def workers(self) -> int: ...

    def ordered(
        self, task: Callable[[Item], Result], items: Sequence[Item]
    ) -> Iterator[Result]: ...

    def finished(
        self, task: Callable[[Item], Result], items: Sequence[Item]
    ) -> Iterator[tuple[int, Result]]: ...


class InProcess:
    """The caller's own process, one item after another."""

    workers = 1

    def ordered(self, task: Callable[[Item], Result], items: Sequence[Item]) -> Iterator[Result]:
        return map(task, items)

    def finished(
        self, task: Callable[[Item], Result], items: Sequence[Item]
    ) -> Iterator[tuple[int, Result]]:
        return ((index, task(item)) for index, item in enumerate(items))


class Processes:
    """A pool of `workers` local processes, started for each batch and stopped after it: at
    once (the work is of no use) when the caller stops early, on an error or on Ctrl-C.
    `task` must be picklable (a module-level function, or a `partial` of one)."""

    def __init__(self, workers: int) -> None:
        self._workers = max(1, workers)

    @property
    def workers(self) -> int:
        return self._workers

    def ordered(self, task: Callable[[Item], Result], items: Sequence[Item]) -> Iterator[Result]:
        with _Pool(self._workers, task) as pool:
            yield from pool.imap(_apply_in_worker, items)

    def finished(
        self, task: Callable[[Item], Result], items: Sequence[Item]
    ) -> Iterator[tuple[int, Result]]:
        with _Pool(self._workers, task) as pool:
            yield from pool.imap_unordered(_apply_indexed_in_worker, enumerate(items))


class Cluster(AbstractContextManager["Cluster"]):
    """A Dask cluster: a `LocalCluster` of `workers` single-threaded processes, or the
    scheduler at `address` (tcp://HOST:PORT). Use it as a context manager: the local
    cluster is started on entry and shut down on exit; a remote one is only disconnected."""

    def __init__(self, workers: int = 1, address: str | None = None) -> None:
        self._asked = max(1, workers)
        self._address = address
        self._client: Any = None
        self._cluster: Any = None

    def __enter__(self) -> Cluster:
        # Imported here: only a sweep or a run sent to a cluster pays for dask.
        from distributed import Client, LocalCluster

        if self._address is None:
            self._cluster = LocalCluster(
                n_workers=self._asked,
                threads_per_worker=1,
                processes=True,
                dashboard_address=None,
                silence_logs=50,  # logging.CRITICAL: progress and findings stay readable
            )
            self._client = Client(self._cluster)
        else:
            self._client = Client(self._address, timeout="10s")
        return self

    def __exit__(
        self,
        kind: type[BaseException] | None,
        error: BaseException | None,
        trace: TracebackType | None,
    ) -> None:
        if self._client is not None:
            self._client.close()
        if self._cluster is not None:
            self._cluster.close()
        self._client = self._cluster = None

    @property
    def workers(self) -> int:
        if self._client is None:
            return self._asked
        return max(1, len(self._client.scheduler_info().get("workers", {})))

    def ordered(self, task: Callable[[Item], Result], items: Sequence[Item]) -> Iterator[Result]:
        futures = self._submitted(task, items)
        try:
            for future in futures:
                yield future.result()
        finally:
            self._client.cancel(futures)

    def finished(
        self, task: Callable[[Item], Result], items: Sequence[Item]
    ) -> Iterator[tuple[int, Result]]:
        from distributed import as_completed

        futures = self._submitted(task, items)
        index_of = {future.key: index for index, future in enumerate(futures)}
        try:
            for future in as_completed(futures):
                yield index_of[future.key], future.result()
        finally:
            self._client.cancel(futures)

    def _submitted(self, task: Callable[[Item], Result], items: Sequence[Item]) -> list[Any]:
        if self._client is None:
            raise RuntimeError("a Cluster is used inside its `with` block")
        shared = self._client.scatter(task, broadcast=True, hash=False)
        return [self._client.submit(_apply, shared, item, pure=False) for item in items]


def _apply(task: Callable[[Item], Result], item: Item) -> Result:
    return task(item)


class _Pool:
    """A multiprocessing pool whose workers each keep `task`, stopped rather than waited
    for unless every result was taken."""

    def __init__(self, workers: int, task: Callable[[Any], Any]) -> None:
        self._pool = multiprocessing.Pool(workers, initializer=_start_worker, initargs=(task,))
        self.imap = self._pool.imap
        self.imap_unordered = self._pool.imap_unordered

    def __enter__(self) -> _Pool:
        return self

    def __exit__(self, kind: type[BaseException] | None, *rest: object) -> None:
        if kind is None:
            self._pool.close()
        else:
            self._pool.terminate()
        self._pool.join()


_worker_task: Callable[[Any], Any] | None = None
"""In a pool's worker process: the task each item sent to it is applied to."""


def _start_worker(task: Callable[[Any], Any]) -> None:
    """A worker keeps its task, and leaves progress and Ctrl-C to the main process, which
    reports both once."""
    global _worker_task
    _worker_task = task
    set_quiet(True)
    signal.signal(signal.SIGINT, signal.SIG_IGN)


def _apply_in_worker(item: Any) -> Any:
    assert _worker_task is not None, "an item sent to a process that is not a worker"
    return _worker_task(item)


def _apply_indexed_in_worker(indexed: tuple[int, Any]) -> tuple[int, Any]:
    index, item = indexed
    return index, _apply_in_worker(item)


def runner_for(workers: int) -> Runner:
    """The runner for a number of local workers: this process for 1, else a pool."""
    return InProcess() if workers <= 1 else Processes(workers)
