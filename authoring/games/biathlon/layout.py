"""Where each space of a trail lies on its board: a square grid walked along the headings.

A space's heading is the way a biathlete on it faces, toward the next space, and the wind
rules judge head-, tail- and crosswind from it. So the board is laid out by walking the
headings: every space's next space lies straight ahead in the direction of its heading, one
or more cells on, and the arrow printed on a space is the direction the trail really leaves
it. Players can read the wind off the board itself.

Walking one cell a step does not work: every course runs into itself and no lap comes back to
the start line. So each straight run of the trail may be stretched (its last link becomes a
plain stretch of trail over some empty cells), and the search takes the least total stretch
that closes the lap, runs into nothing and leaves room for the fixed furniture. Stretches may
cross at right angles, as a bridge between two spaces (never on a space), at the price of two
cells of stretch each: Port Rock Short's lap turns twice round, so it cannot avoid one,
and Lang's knot of switchbacks costs two.

Three places are not a plain walk:
- the range's heading points at the targets (the cell beyond it in that direction holds
  them), so the trail leaves the range to a side, never through the targets and never back;
- the junction's heading is shared by both ways on (the data says so): the trail leaves it
  along the heading into a fork cell, the way to the range runs straight on and the way to
  the finish turns off there;
- the starting grid is not a space: it stands on the trail one cell behind the start line,
  and the end of each lap runs through it onto the start line.

Only the chosen route is laid out; the other branch of the venue is left off the board.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from functools import cache

from authoring.games.biathlon.model import Course
from authoring.games.biathlon.trail import track

Cell = tuple[int, int]

STEP: dict[str, Cell] = {"N": (0, 1), "E": (1, 0), "S": (0, -1), "W": (-1, 0)}
CROSSING_COST = 2
"""A bridge is worth this many cells of stretch: stretch first, but not a long detour. (At 2
the search is six times faster than at 3 and finds the same four layouts.)"""
MAX_COST = 80
"""The search gives up beyond this cost; the shipped trails cost 9 to 16."""


class LayoutError(ValueError):
    """No layout within the search's limits keeps every heading."""


@dataclass(frozen=True)
class Stretch:
    """One link as drawn: the cells the trail crosses between two spaces, in order."""

    source: int
    target: int
    path: tuple[Cell, ...]


@dataclass(frozen=True)
class TrailLayout:
    """A course on the grid: a cell per space, the stretches between them, the furniture."""

    circuit: Circuit
    spaces: dict[int, Cell]
    stretches: tuple[Stretch, ...]
    grid: Cell
    """The starting grid, behind the start line."""
    targets: Cell
    """The range's targets, beyond the range in its heading's direction."""
    fork: Cell
    """Where the way to the finish leaves the way to the range."""
    crossings: frozenset[Cell]

    def cells(self) -> set[Cell]:
        """Every cell the trail and its furniture use."""
        used = set(self.spaces.values()) | {self.grid, self.targets, self.fork}
        return used | {cell for stretch in self.stretches for cell in stretch.path}

    def leaving(self, stretch: Stretch) -> str:
        """The compass direction in which the trail leaves the stretch's first space."""
        x, y = self.spaces[stretch.source]
        nx, ny = stretch.path[0] if stretch.path else self.spaces[stretch.target]
        return next(d for d, step in STEP.items() if step == (nx - x, ny - y))


@dataclass(frozen=True)
class Circuit:
    """A course as one line: the lap from the start line round to it, and the run-out."""

    lap: tuple[int, ...]
    """From the start space round to the space before it again, through the range."""
    run_out: tuple[int, ...]
    """From the junction's way to the finish on to the finish."""
    junction: int
    shooting: int
    start: int


def circuit_of(course: Course) -> Circuit:
    spaces = track(course)
    start = spaces[0]
    lap = tuple(spaces[: spaces.index(start, 1)])
    junction = next(
        s
        for s in lap
        if set(course.next_spaces(s, "to_range")) != set(course.next_spaces(s, "to_finish"))
    )
    last_pass = len(spaces) - 1 - spaces[::-1].index(junction)
    shooting = next(n for n, s in course.spaces.items() if s.marker == "range")
    return Circuit(lap, tuple(spaces[last_pass + 1 :]), junction, shooting, start)


def layout(course: Course) -> TrailLayout:
    """The cheapest layout of the course that keeps every heading (see the module text)."""
    return _cached_layout(_Key(course))


class _Key:
    """A course made hashable by its trail data, so each trail is searched once a process."""

    def __init__(self, course: Course) -> None:
        self.course = course
        self.data = (course.route, tuple(sorted(course.spaces.items())), course.links)

    def __hash__(self) -> int:
        return hash(self.data)

    def __eq__(self, other: object) -> bool:
        return isinstance(other, _Key) and self.data == other.data


def range_exit(course: Course) -> str:
    """The way a biathlete faces on leaving the range without moving on: toward the next
    space, as the board lays it out (the range's own heading points at the targets)."""
    board = layout(course)
    shooting = board.circuit.shooting
    return board.leaving(next(s for s in board.stretches if s.source == shooting))


@cache
def _cached_layout(key: _Key) -> TrailLayout:
    search = _Search(key.course)
    for budget in range(search.lower_bound(0, (0, 0)), MAX_COST + 1):
        found = search.run(budget)
        if found is not None:
            return found
    raise LayoutError(
        f"{key.course.name}: no layout keeps every heading within {MAX_COST} cells of stretch"
    )


# --- the search -----------------------------------------------------------------------------

_SPACE, _ACROSS, _ALONG, _BRIDGE, _RESERVED = range(5)
"""What a cell holds: a space, trail running east-west, north-south, both, or furniture."""


def _add(cell: Cell, step: Cell, times: int = 1) -> Cell:
    return cell[0] + step[0] * times, cell[1] + step[1] * times


def _trail_kind(step: Cell) -> int:
    return _ACROSS if step[1] == 0 else _ALONG


class _Search:
    """Depth-first over the lap's links, then the run-out's, within a cost budget.

    Only the last link of a straight run may be stretched: stretching any link of the run
    moves the rest of the trail the same way. The lap must come back to the start, and the
    bound on what closing it still costs prunes most of the tree.
    """

    def __init__(self, course: Course) -> None:
        self.course = course
        self.circuit = circuit_of(course)
        lap = self.circuit.lap
        self.links = [(lap[i], lap[(i + 1) % len(lap)]) for i in range(len(lap))]
        self.least = [
            2 if source == self.circuit.junction or target == self.circuit.start else 1
            for source, target in self.links
        ]
        self.stretchable = [self._run_ends(i) for i in range(len(self.links))]
        self.targets_step = STEP[course.spaces[self.circuit.shooting].heading]
        # What the links from each index on add up to: their shortest run, how many of them
        # may leave in more than one direction, and the directions they may stretch in.
        count = len(self.links)
        self.rest: list[Cell] = [(0, 0)] * (count + 1)
        self.free = [0] * (count + 1)
        self.stretch_ways: list[frozenset[Cell]] = [frozenset()] * (count + 1)
        for i in reversed(range(count)):
            ways = self._ways(i)
            fixed = len(ways) == 1
            self.rest[i] = (
                _add(self.rest[i + 1], ways[0], self.least[i]) if fixed else self.rest[i + 1]
            )
            self.free[i] = self.free[i + 1] + (not fixed)
            stretches = ways if self.stretchable[i] else []
            self.stretch_ways[i] = self.stretch_ways[i + 1] | set(stretches)

    def _heading(self, space: int) -> Cell:
        return STEP[self.course.spaces[space].heading]

    def _run_ends(self, index: int) -> bool:
        source, target = self.links[index]
        if self.circuit.shooting in (source, target) or target == self.circuit.start:
            return True
        if source == self.circuit.junction:
            return True
        return self._heading(source) != self._heading(target)

    def _ways(self, index: int) -> list[Cell]:
        """The directions a link may leave in: its heading, or for the range any side."""
        source, _ = self.links[index]
        if source != self.circuit.shooting:
            return [self._heading(source)]
        arrival = self._heading(self.links[index - 1][0])
        back = (-arrival[0], -arrival[1])
        sides = [(arrival[1], -arrival[0]), (-arrival[1], arrival[0])]
        return [w for w in [arrival, *sides] if w not in (back, self.targets_step)]

    def lower_bound(self, index: int, here: Cell) -> int:
        """The least stretch still needed to bring the lap back to the start; a cost over any
        budget when no link left can stretch the way the lap still has to go."""
        x, y = _add(here, self.rest[index])
        ways = self.stretch_ways[index]
        for need, towards in ((x, (-1, 0)), (-x, (1, 0)), (y, (0, -1)), (-y, (0, 1))):
            if need > 0 and towards not in ways:
                return MAX_COST + 1
        return max(0, abs(x) + abs(y) - self.free[index])

    def run(self, budget: int) -> TrailLayout | None:
        self.budget = budget
        self.cells: dict[Cell, int] = {(0, 0): _SPACE}
        self.placed: dict[int, Cell] = {self.circuit.start: (0, 0)}
        self.paths: dict[tuple[int, int], tuple[Cell, ...]] = {}
        self.grid = _add((0, 0), self._heading(self.circuit.lap[-1]), -1)
        self.cells[self.grid] = _RESERVED
        self.found: TrailLayout | None = None
        self._lap(0, (0, 0), 0)
        return self.found

    # A link is tried at every length its budget allows; `_lengths` yields each landing cell
    # with the cells passed on the way and the bridges that costs, and stops where the trail
    # would have to run through a space, furniture or along another stretch.
    def _lengths(
        self, here: Cell, step: Cell, least: int, most: int
    ) -> Iterator[tuple[int, Cell, list[Cell], int]]:
        kind = _trail_kind(step)
        path: list[Cell] = []
        bridges = 0
        for length in range(1, most + 1):
            cell = _add(here, step, length)
            held = self.cells.get(cell)
            if length >= least and held is None:
                yield length, cell, list(path), bridges
            if held is None:
                path.append(cell)
            elif held in (_ACROSS, _ALONG) and held != kind:
                path.append(cell)
                bridges += 1
            else:
                return

    def _lay(self, path: list[Cell], kind: int) -> list[tuple[Cell, int | None]]:
        undo = []
        for cell in path:
            held = self.cells.get(cell)
            undo.append((cell, held))
            self.cells[cell] = kind if held is None else _BRIDGE
        return undo

    def _undo(self, undo: list[tuple[Cell, int | None]]) -> None:
        for cell, held in reversed(undo):
            if held is None:
                del self.cells[cell]
            else:
                self.cells[cell] = held

    def _lap(self, index: int, here: Cell, cost: int) -> bool:
        source, target = self.links[index]
        if target == self.circuit.start:
            return self._close(index, here, cost)
        least = self.least[index]
        most = least + (self.budget - cost if self.stretchable[index] else 0)
        for step in self._ways(index):
            for length, cell, path, bridges in self._lengths(here, step, least, most):
                spent = cost + length - least + CROSSING_COST * bridges
                if spent + self.lower_bound(index + 1, cell) > self.budget:
                    continue
                if self._enter(index, source, target, step, cell, path, spent):
                    return True
        return False

    def _enter(
        self,
        index: int,
        source: int,
        target: int,
        step: Cell,
        cell: Cell,
        path: list[Cell],
        spent: int,
    ) -> bool:
        if source == self.circuit.junction:
            if self.cells.get(path[0]) is not None:
                return False  # the fork cell cannot be a bridge
            undo = self._lay(path[:1], _RESERVED) + self._lay(path[1:], _trail_kind(step))
        else:
            undo = self._lay(path, _trail_kind(step))
        undo += self._lay([cell], _SPACE)
        if target == self.circuit.shooting:
            beyond = _add(cell, self.targets_step)
            if beyond in self.cells:
                self._undo(undo)
                return False
            undo += self._lay([beyond], _RESERVED)
        self.placed[target] = cell
        self.paths[(source, target)] = tuple(path)
        if self._lap(index + 1, cell, spent):
            return True
        del self.placed[target]
        del self.paths[(source, target)]
        self._undo(undo)
        return False

    def _close(self, index: int, here: Cell, cost: int) -> bool:
        """The lap's last link: straight into the start space through the starting grid."""
        source, target = self.links[index]
        step = self._heading(source)
        length = abs(here[0]) + abs(here[1])
        if _add(here, step, length) != (0, 0) or length < self.least[index]:
            return False
        path = [_add(here, step, k) for k in range(1, length)]
        kind = _trail_kind(step)
        held = [self.cells.get(cell) for cell in path[:-1]]
        if any(h is not None and (h not in (_ACROSS, _ALONG) or h == kind) for h in held):
            return False
        spent = cost + length - self.least[index] + CROSSING_COST * sum(h is not None for h in held)
        if spent > self.budget:
            return False
        undo = self._lay(path[:-1], kind)
        self.paths[(source, target)] = tuple(path)
        if self._fork(spent):
            return True
        del self.paths[(source, target)]
        self._undo(undo)
        return False

    def _fork(self, cost: int) -> bool:
        """The way to the finish: off the fork cell to one side, then on to the finish."""
        junction = self.circuit.junction
        ahead = self._heading(junction)
        fork = _add(self.placed[junction], ahead)
        first = self.circuit.run_out[0]
        for side in ((ahead[1], -ahead[0]), (-ahead[1], ahead[0])):
            for length, cell, path, bridges in self._lengths(fork, side, 1, 1 + self.budget - cost):
                spent = cost + length - 1 + CROSSING_COST * bridges
                if spent > self.budget:
                    break
                undo = self._lay(path, _trail_kind(side)) + self._lay([cell], _SPACE)
                self.placed[first] = cell
                self.paths[(junction, first)] = (fork, *path)
                if self._run_out(0, cell, spent):
                    return True
                del self.placed[first]
                del self.paths[(junction, first)]
                self._undo(undo)
        return False

    def _run_out(self, index: int, here: Cell, cost: int) -> bool:
        run_out = self.circuit.run_out
        if index == len(run_out) - 1:
            self.found = self._result()
            return True
        source, target = run_out[index], run_out[index + 1]
        step = self._heading(source)
        last = index + 2 == len(run_out) or self._heading(target) != step
        most = 1 + (self.budget - cost if last else 0)
        for length, cell, path, bridges in self._lengths(here, step, 1, most):
            spent = cost + length - 1 + CROSSING_COST * bridges
            if spent > self.budget:
                break
            undo = self._lay(path, _trail_kind(step)) + self._lay([cell], _SPACE)
            self.placed[target] = cell
            self.paths[(source, target)] = tuple(path)
            if self._run_out(index + 1, cell, spent):
                return True
            del self.placed[target]
            del self.paths[(source, target)]
            self._undo(undo)
        return False

    def _result(self) -> TrailLayout:
        shooting = self.placed[self.circuit.shooting]
        junction = self.placed[self.circuit.junction]
        return TrailLayout(
            circuit=self.circuit,
            spaces=dict(self.placed),
            stretches=tuple(Stretch(s, t, path) for (s, t), path in self.paths.items()),
            grid=self.grid,
            targets=_add(shooting, self.targets_step),
            fork=_add(junction, self._heading(self.circuit.junction)),
            crossings=frozenset(cell for cell, held in self.cells.items() if held == _BRIDGE),
        )
