"""BIATHLON BLAST's validated data as typed objects: colours, biathletes, cards, the range
actions and the venues' trail graphs."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from authoring.checks import Tables
from authoring.findings import Location

TERRAINS = ("uphill", "flat", "downhill")


@dataclass(frozen=True)
class Colour:
    colour: str
    order: int
    skill: str
    bullets: int
    wax: int
    wax_effect: str


@dataclass(frozen=True)
class Biathlete:
    id: str
    name: str
    country: str
    bib: str
    skills: dict[str, int]
    location: Location | None = None  # its row on sheet Biathletes; None if made up in code

    def accuracy(self, pulse: int) -> int:
        """The lowest die face that hits at this pulse: low 0-2, medium 3-6, high 7-10."""
        band = 0 if pulse <= 2 else 1 if pulse <= 6 else 2
        return int(self.bib[band])


@dataclass(frozen=True)
class Action:
    uphill: int
    flat: int
    downhill: int
    pulse: int
    wind: bool
    removes: bool


@dataclass(frozen=True)
class Card:
    id: str
    name: str
    kind: str
    owner: str | None
    copies: int
    initiative: int | None
    initiative_die: str | None
    initiative_double: bool
    top: Action
    bottom: Action

    def initiative_value(self, dice: dict[str, int]) -> int:
        if self.initiative is not None:
            return self.initiative
        assert self.initiative_die is not None
        value = dice[self.initiative_die]
        return 2 * value if self.initiative_double else value


@dataclass(frozen=True)
class RangeAction:
    action: str
    uphill_per_hit: int
    pulse: int
    removes: bool
    leaves_range: bool


@dataclass(frozen=True)
class Space:
    space: int
    terrain: str
    lanes: int
    heading: str
    coach_colour: str | None
    coach_count: int
    marker: str


@dataclass(frozen=True)
class Link:
    source: int
    target: int
    route: str
    lap: str


@dataclass(frozen=True)
class Course:
    course: str
    venue: str
    route: str
    name: str
    spaces: dict[int, Space]
    links: tuple[Link, ...]
    venue_name: str = ""  # as printed: the Venues sheet's name

    def next_spaces(self, space: int, lap: str) -> list[int]:
        """Where the trail goes on from `space` on this route, for a lap heading `lap`."""
        return [
            link.target
            for link in self.links
            if link.source == space
            and link.route in ("both", self.route)
            and link.lap in ("any", lap)
        ]


@dataclass(frozen=True)
class Balance:
    """How `check` plays its balance races, and the band a win rate must stay in."""

    players: int = 4
    races_per_trail: int = 1600  # the most, when some win rate is still undecided
    band: float = 0.4  # a share of the fair rate 1 / players
    bot: str = "greedy"
    first_look: int = 200  # races per trail before the first look at the win rates
    decided_width: float = 0.08  # an interval this narrow is decided, even on the edge
    search_races_per_trail: int = 0  # races with search bots in every seat; 0: none
    search_rollouts: int = 16
    location: Location | None = None  # the settings row on sheet Balance; None if made up


@dataclass(frozen=True)
class Biathlon:
    colours: dict[str, Colour]
    biathletes: dict[str, Biathlete]
    cards: dict[str, Card]
    range_actions: dict[str, RangeAction]
    courses: dict[str, Course]
    world_cup_points: dict[int, int]
    sheets: dict[str, Location]  # each sheet's own, for findings about a whole sheet
    balance: Balance = Balance()
    box: dict[str, int] = field(default_factory=dict)
    """What the box holds: each component's count on sheet Box (the checks tie them to the data)."""

    def deck_of(self, biathlete: str) -> list[Card]:
        """A biathlete's nine skiing cards: the common ones and their own."""
        return [
            card
            for card in self.cards.values()
            for _ in range(card.copies)
            if card.kind == "common" or card.owner == biathlete
        ]

    def motivation_deck(self) -> list[Card]:
        return [c for c in self.cards.values() if c.kind == "motivation" for _ in range(c.copies)]


def _action(row: dict[str, Any], side: str) -> Action:
    return Action(
        *(
            row[f"{side}_{part}"]
            for part in ("uphill", "flat", "downhill", "pulse", "wind", "removes")
        )
    )


def build_model(tables: Tables) -> Biathlon:
    def rows(sheet: str) -> list[dict[str, Any]]:
        return [record.values for record in tables[sheet].records]

    spaces: dict[str, dict[int, Space]] = defaultdict(dict)
    for r in rows("Spaces"):
        spaces[r["venue"]][r["space"]] = Space(
            r["space"],
            r["terrain"],
            r["lanes"],
            r["heading"],
            r["coach_colour"],
            r["coach_count"],
            r["marker"],
        )
    links: dict[str, list[Link]] = defaultdict(list)
    for r in rows("Links"):
        links[r["venue"]].append(Link(r["from"], r["to"], r["route"], r["lap"]))
    venue_names = {r["venue"]: r["name"] for r in rows("Venues")}
    [settings] = tables["Balance"].records
    skills = ("accuracy_initiative", "uphill", "flat", "downhill", "pulse_control", "wind_control")
    return Biathlon(
        colours={
            r["colour"]: Colour(
                r["colour"], r["order"], r["skill"], r["bullets"], r["wax"], r["wax_effect"]
            )
            for r in rows("Colours")
        },
        biathletes={
            r["id"]: Biathlete(
                r["id"],
                r["name"],
                r["country"],
                r["bib"],
                {s: r[s] for s in skills},
                record.location(),
            )
            for record in tables["Biathletes"].records
            for r in [record.values]
        },
        cards={
            r["id"]: Card(
                r["id"],
                r["name"],
                r["kind"],
                r["owner"],
                r["copies"],
                r["initiative"],
                r["initiative_die"],
                r["initiative_double"],
                _action(r, "top"),
                _action(r, "bottom"),
            )
            for r in rows("Cards")
        },
        range_actions={
            r["action"]: RangeAction(
                r["action"], r["uphill_per_hit"], r["pulse"], r["removes"], r["leaves_range"]
            )
            for r in rows("RangeActions")
        },
        courses={
            r["course"]: Course(
                r["course"],
                r["venue"],
                r["route"],
                r["name"],
                spaces[r["venue"]],
                tuple(links[r["venue"]]),
                venue_names[r["venue"]],
            )
            for r in rows("Courses")
        },
        world_cup_points={r["place"]: r["points"] for r in rows("WorldCup")},
        sheets={name: sheet.location() for name, sheet in tables.items()},
        # A column left out or a cell left blank keeps its default.
        balance=Balance(
            **{name: value for name, value in settings.values.items() if value is not None},
            location=settings.location(),
        ),
        box={r["component"]: r["count"] for r in rows("Box")},
    )
