"""RINKSIDE HOCKEY's validated data as typed objects: the clubs and their rivalries, each
club's line-up, every player's season, the numbers on the 100 play result cards, every use of
every card rating, the skater and goalie cards, the game-centre charts, and the game-wide
Settings."""

from __future__ import annotations

from dataclasses import dataclass, field
from fractions import Fraction
from typing import Any, Literal

from authoring.checks import Tables, only_row
from authoring.findings import Location
from authoring.games.rinkside.deck import Card, Face
from authoring.games.rinkside.sections import ReadTogether, read_together_rows
from authoring.games.rinkside.texttables import (
    Ranged,
    Row,
    Table,
    TextTables,
    grouped,
    ranged_rows,
    read_text_tables,
)

# The skater card's 32 ratings, in the order of their columns (README §2.1).
SKATER_RATINGS = (
    "faceoff",
    "offense",
    "grade",
    "quality_shot",
    "set_up",
    "hqs",
    "shot_target",
    "sniper",
    "pp_sniper",
    "sh_sniper",
    "breakout",
    "head_man",
    "forecheck_def",
    "forecheck_off",
    "defense",
    "hit",
    "big_hit",
    "nz_hit",
    "nz_big_hit",
    "physical",
    "takeaway",
    "o_battle",
    "d_battle",
    "net",
    "blocked_shot",
    "neutral",
    "pass",
    "initiate_rush",
    "draw_penalty",
    "commit_penalty",
    "secondary_penalty",
    "agitator_enforcer",
)

# The goalie card's 15 rating groups and their columns, in the order of the columns
# (README §2.2).
GOALIE_RATING_GROUPS = {
    "save numbers": ("save_green", "save_blue", "save_black"),
    "great save": ("great_save",),
    "big save range": ("big_good", "big_very_good", "big_great"),
    "goalie rating": ("goalie_rating",),
    "short-handed": ("sht",),
    "shootout": ("shootout",),
    "easy column": ("easy_cover", "easy_corner", "easy_rebound"),
    "difficult column": ("diff_cover", "diff_corner", "diff_rebound"),
    "save type": ("type_glove", "type_pad", "type_blocker"),
    "rebound control": ("rebound_control",),
    "scramble": ("scramble",),
    "recover": ("recover",),
    "play puck": ("play_puck",),
    "control puck": ("control_puck",),
    "penalty number": ("penalty",),
}
GOALIE_RATINGS = tuple(column for columns in GOALIE_RATING_GROUPS.values() for column in columns)


def _group_names(groups: dict[str, tuple[str, ...]]) -> dict[str, tuple[str, ...]]:
    """A group of columns sharing their first word is named by it and `*` (`easy_*`): one
    digit of Black #100 is read against a save column's three cut points at once (README
    §2.2)."""
    named = {}
    for columns in groups.values():
        prefix = columns[0].split("_")[0] + "_"
        if len(columns) > 1 and all(column.startswith(prefix) for column in columns):
            named[prefix + "*"] = columns
    return named


# Every name a RatingUses row may give its rating, per card, and the columns it reads.
RATING_NAMES: dict[str, dict[str, tuple[str, ...]]] = {
    "skater": {rating: (rating,) for rating in SKATER_RATINGS},
    "goalie": {
        **{rating: (rating,) for rating in GOALIE_RATINGS},
        **_group_names(GOALIE_RATING_GROUPS),
    },
}


@dataclass(frozen=True)
class Team:
    team_id: str
    city: str
    name: str
    abbr: str
    colour_home: str
    colour_away: str
    arena: str
    location: Location | None = None


@dataclass(frozen=True)
class Rivalry:
    teams: frozenset[str]
    level: int  # the dirty-play level their games start at (seed L1188)
    reason: str | None


class Named:
    """A player's printed name, first name first."""

    first_name: str
    last_name: str

    @property
    def name(self) -> str:
        return f"{self.first_name} {self.last_name}"


@dataclass(frozen=True)
class Skater(Named):
    skater_id: str
    team_id: str
    first_name: str
    last_name: str
    number: int
    position: str
    unit: int  # forward line 1-4 or defence pair 1-3
    shoots: str
    role: str  # none, agitator or enforcer
    pp_qb: bool
    location: Location | None = None


@dataclass(frozen=True)
class Goalie(Named):
    goalie_id: str
    team_id: str
    first_name: str
    last_name: str
    number: int
    depth: int  # 1 the starter, 2 the backup
    catches: str
    location: Location | None = None


@dataclass(frozen=True)
class StatLine:
    """A player's season as the workbook gives it: column name to value."""

    values: dict[str, Any]
    location: Location | None = None

    def __getitem__(self, column: str) -> Any:
        return self.values[column]


@dataclass(frozen=True)
class SkaterCard:
    """The 32 ratings printed on a skater's card: column name to value (README §2.1), and
    each rating's cell."""

    skater_id: str
    ratings: dict[str, int | str]
    location: Location | None = None
    cells: dict[str, Location] = field(default_factory=dict)

    def __getitem__(self, rating: str) -> int | str:
        return self.ratings[rating]


@dataclass(frozen=True)
class GoalieCard:
    """The 25 columns of a goalie's 15 rating groups (README §2.2), and each one's cell."""

    goalie_id: str
    ratings: dict[str, int]
    location: Location | None = None
    cells: dict[str, Location] = field(default_factory=dict)

    def __getitem__(self, rating: str) -> int:
        return self.ratings[rating]


@dataclass(frozen=True)
class Settings:
    """The game-wide thresholds of README §1.1 that the code reads so far."""

    derive_tolerance_red: int = 1
    derive_tolerance_blue: int = 2
    derive_tolerance_100: int = 5
    z_threshold: float = 3
    # The readings of §0, §5 and §9 the rules follow; the schema lists the ones they know.
    left_face: Literal["drawn_card_back"] = "drawn_card_back"
    last_card: Literal["reshuffle_others"] = "reshuffle_others"
    faceoff_tie: Literal["home_low_range"] = "home_low_range"
    board_scrum_offset: int = 0  # added to D-Battle - O-Battle in a board scrum (L370)
    official_call: Literal["nested_boxes"] = "nested_boxes"
    dirty_plain_d: Literal["level_0"] = "level_0"
    dirty_rise: int = 1  # dirty-play levels each dirty play adds
    instigator_rule: bool = True
    two_line_pass: bool = False  # False: a 2 LINE PASS is a clean play
    video_review: bool = True
    chippiness_full: int = 8  # the meter is full from this value (L1158)
    location: Location | None = None

    def tolerance(self, scale: str) -> int:
        """How far a card on `scale` (red, blue or 100) may stray from its derived value."""
        return {
            "red": self.derive_tolerance_red,
            "blue": self.derive_tolerance_blue,
            "100": self.derive_tolerance_100,
        }[scale]


@dataclass(frozen=True)
class ChanceShare:
    """A row of ChanceMix (README §8.3): one kind of chance and its share, exact as typed."""

    kind: str  # hq, q, lq (by danger) or sniper_in_hq
    share: Fraction
    location: Location | None = None


@dataclass(frozen=True)
class RatingUse:
    """One rule reading one rating: against which number, which way, and to what end."""

    use_id: str
    card: str  # skater or goalie
    rating: str  # a card column, or a goalie group's columns named together (easy_*)
    rule: str
    lines: tuple[int, ...]  # seed lines, the rule's first line first; none for our readings
    number: str
    direction: str
    outcome: str
    location: Location | None = None

    @property
    def columns(self) -> tuple[str, ...]:
        return RATING_NAMES[self.card][self.rating]


N100 = 100  # #100 and Black #100 both run 1-100 (seed L91-96)


# How many values each number a chart reads has, every value equally likely: #100 and Black
# #100 1/100 each (§3.3), a face's blue 1/20 (five cards each, as `validate` proves).
BLUE = 20
SCALES = {"black100": N100, "left100": N100, "right100": N100, "n100": N100, "blue_right": BLUE}


@dataclass(frozen=True)
class Chart(Table[Row]):
    """A game-centre chart: its rows in number order, tiling the whole range of `number`
    (1-100, or 1-20 for a blue), as `validate` proves before the model is built."""

    @property
    def end(self) -> int:
        """The highest value of the chart's number."""
        return SCALES[self.number]

    def chance(self, row: Ranged) -> Fraction:
        """How often a row is read, exactly."""
        return Fraction(row.hi - row.lo + 1, self.end)


@dataclass(frozen=True)
class AtOrBelow:
    """A range read at or below one number, one per intensity (CoincidentalRange,
    CoolerHeads): it does not tile its number, the rest of the range means no effect. A top
    of 0 is no range at all: no number has the effect at that intensity."""

    number: str
    lo: int
    hi: int

    def __contains__(self, drawn: int) -> bool:
        return self.lo <= drawn <= self.hi

    @property
    def chance(self) -> Fraction:
        return Fraction(max(0, self.hi - self.lo + 1), SCALES[self.number])


@dataclass(frozen=True)
class PenaltyRow:
    lo: int
    hi: int
    infraction: str
    kind: str  # minor or bench_minor


@dataclass(frozen=True)
class PenalizedRow:
    lo: int
    hi: int
    from_lowest: int  # 1 the lowest Commit Penalty of the five on the ice, 5 the highest


@dataclass(frozen=True)
class SevereRow:
    lo: int
    hi: int
    penalty: str


@dataclass(frozen=True)
class AssistCountRow:
    lo: int
    hi: int
    assists: int


@dataclass(frozen=True)
class AssistRankRow:
    lo: int
    hi: int
    from_highest: int  # 1 the highest S-U of the four teammates on the ice, 4 the lowest


@dataclass(frozen=True)
class AuxiliaryRow:
    lo: int
    hi: int
    play: str
    effect: str
    timing: bool  # [T]: the play moves the timing track


@dataclass(frozen=True)
class InjuryWhoRow:
    lo: int
    hi: int
    who: str


@dataclass(frozen=True)
class InjuryLengthRow:
    lo: int
    hi: int
    out_for: str


@dataclass(frozen=True)
class ScrumRow:
    lo: int
    hi: int
    result: str
    chippiness: int  # points added to the meter


@dataclass(frozen=True)
class AgitatorRow:
    lo: int
    hi: int
    scenario: str
    on_retaliation: str  # penalty or fight


@dataclass(frozen=True)
class AgitatorLocatorRow:
    lo: int
    hi: int
    who: str  # AGI (the lowest A/E on the ice) or a position


@dataclass(frozen=True)
class AgitatorRequiredRow:
    lo: int
    hi: int
    required: int  # the [#]: the agitator succeeds when his A/E is at most this


@dataclass(frozen=True)
class FightCheckRow:
    lo: int
    hi: int
    result: str  # fight or long stare
    chippiness: int


@dataclass(frozen=True)
class FightExtrasRow:
    lo: int
    hi: int
    extra: str


@dataclass(frozen=True)
class ThirdManInRow:
    lo: int
    hi: int
    from_highest: int  # 1 the highest Commit Penalty on the ice, 4 the fourth highest


@dataclass(frozen=True)
class FighterLocatorRow:
    lo: int
    hi: int
    sought: int  # the A/E sought; none on the ice: the nearest, lower first
    lowest: bool  # [L]: the lowest A/E, then the lowest Secondary Penalty


@dataclass(frozen=True)
class FightResultRow:
    lo: int
    hi: int
    result: str  # the advantaged fighter's: decisive win, win, draw or upset
    chippiness: int  # points added to the meter, negative to cool it


@dataclass(frozen=True)
class GoalDescriptionRow:
    lo: int
    hi: int
    text: str
    review: bool  # the text invites a goal review (deflection and screen rows only)


@dataclass(frozen=True)
class GoalieReactionRow:
    lo: int
    hi: int
    reaction: str


@dataclass(frozen=True)
class DisciplineRow:
    lo: int
    hi: int
    suspension: str


# Each chart sheet and the row it holds (README §4.1); a keyed chart tiles 1-100 per key.
CHARTS: dict[str, type[Ranged]] = {
    "PenaltyChart": PenaltyRow,
    "PenalizedPlayer": PenalizedRow,
    "SevereChart": SevereRow,
    "AssistCount": AssistCountRow,
    "AssistRank": AssistRankRow,
    "AuxiliaryChart": AuxiliaryRow,
    "InjuryWho": InjuryWhoRow,
    "InjuryLength": InjuryLengthRow,
    "ScrumChart": ScrumRow,
    "AgitatorScenario": AgitatorRow,
    "AgitatorLocator": AgitatorLocatorRow,
    "AgitatorRequired": AgitatorRequiredRow,
    "FightCheck": FightCheckRow,
    "FightExtras": FightExtrasRow,
    "FighterLocator": FighterLocatorRow,
    "FightResult": FightResultRow,
    "ThirdManIn": ThirdManInRow,
    "Discipline": DisciplineRow,
    "GoalDescriptions": GoalDescriptionRow,
    "GoalieReactions": GoalieReactionRow,
}


@dataclass(frozen=True)
class MomentumLevel:
    lo: int
    hi: int | None  # None on the top level, which has no top
    level: str


@dataclass(frozen=True)
class MomentumShift:
    other_points: int  # the other team's points after the shift
    gaining_at_least: int  # the gaining team's points become at least this


CHART_ENDS = {"FightResult": BLUE}  # the others tile 1-100
MOMENTUM = ("MomentumLevels", "MomentumPoints", "MomentumShifts")
# The charts of a fight, from the check that starts one to the league's discipline after it.
FIGHT = (
    "FightCheck",
    "FighterLocator",
    "FightResult",
    "FightExtras",
    "ThirdManIn",
    "CoolerHeads",
    "Discipline",
)
# Every game-centre sheet in README §1's order, the order of the workbook's tabs.
GAME_CENTRE = (
    "PenaltyChart",
    "PenalizedPlayer",
    "SevereChart",
    "AssistCount",
    "AssistRank",
    "AuxiliaryChart",
    "InjuryWho",
    "InjuryLength",
    "ScrumChart",
    "CoincidentalRange",
    "AgitatorScenario",
    "AgitatorLocator",
    "AgitatorRequired",
    *FIGHT,
    *MOMENTUM,
    "GoalDescriptions",
    "GoalieReactions",
)
INTENSITIES = ("NORMAL", "AGITATED", "HOT", "BOILING")  # the game intensity tiles (L1156)
# Who holds a fight's advantage: the fighter with the lower (better) A/E or the higher (L1226).
ADVANTAGES = ("lower", "higher")
# The sheets of one range per intensity, read at or below (not a tiling: `unique` intensity).
AT_OR_BELOW = ("CoincidentalRange", "CoolerHeads")
CHART_KEYS = {
    "PenaltyChart": "play_type",
    "ScrumChart": "intensity",
    "AgitatorLocator": "side",
    "Discipline": "ae",
    "GoalDescriptions": "goal_type",
    "FightResult": "advantage",
}


@dataclass(frozen=True)
class Rinkside:
    teams: dict[str, Team]
    rivalries: tuple[Rivalry, ...]
    skaters: dict[str, Skater]
    goalies: dict[str, Goalie]
    skater_stats: dict[str, StatLine]
    goalie_stats: dict[str, StatLine]
    skater_cards: dict[str, SkaterCard]
    goalie_cards: dict[str, GoalieCard]
    settings: Settings
    cards: tuple[Card, ...]  # in sheet order: the deck, each face's numbers and sections
    read_together: tuple[ReadTogether, ...]  # the sections the rules read together (§3.5)
    rating_uses: tuple[RatingUse, ...]
    chance_mix: dict[str, ChanceShare]  # by kind
    penalty_chart: dict[str, Chart[PenaltyRow]]  # by play_type
    penalized_player: Chart[PenalizedRow]
    severe_chart: Chart[SevereRow]
    assist_count: Chart[AssistCountRow]
    assist_rank: Chart[AssistRankRow]
    auxiliary_chart: Chart[AuxiliaryRow]
    injury_who: Chart[InjuryWhoRow]
    injury_length: Chart[InjuryLengthRow]
    scrum_chart: dict[str, Chart[ScrumRow]]  # by intensity
    agitator_scenario: Chart[AgitatorRow]
    agitator_locator: dict[str, Chart[AgitatorLocatorRow]]  # by side: agitator, retaliator
    agitator_required: Chart[AgitatorRequiredRow]
    fight_check: Chart[FightCheckRow]
    fight_extras: Chart[FightExtrasRow]
    fighter_locator: Chart[FighterLocatorRow]
    fight_result: dict[str, Chart[FightResultRow]]  # by who holds the advantage (L1226)
    third_man_in: Chart[ThirdManInRow]
    discipline: dict[int, Chart[DisciplineRow]]  # by A/E
    coincidental_range: dict[str, AtOrBelow]  # by intensity
    cooler_heads: dict[str, AtOrBelow]  # by intensity
    momentum_levels: tuple[MomentumLevel, ...]  # from the fewest points up
    momentum_points: dict[str, int]  # by play
    momentum_shifts: dict[str, MomentumShift]  # by play
    goal_descriptions: dict[str, Chart[GoalDescriptionRow]]  # by goal type
    goalie_reactions: Chart[GoalieReactionRow]
    tables: TextTables  # the text tables of README §4.2 (T_WarmUp … T_LastSecond)
    sheets: dict[str, Location]  # each sheet's own, for findings about a whole sheet

    def rivalry(self, home: str, visitor: str) -> int:
        """The dirty-play level a game between the two starts at: 0 unless they are rivals."""
        pair = frozenset((home, visitor))
        return next((r.level for r in self.rivalries if r.teams == pair), 0)

    def roster(self, team_id: str) -> list[Skater]:
        return [s for s in self.skaters.values() if s.team_id == team_id]

    def momentum_level(self, points: int) -> str | None:
        """The level a team's momentum points show; None below the first level."""
        return next(
            (
                step.level
                for step in self.momentum_levels
                if step.lo <= points and (step.hi is None or points <= step.hi)
            ),
            None,
        )

    def uses_of(self, rating: str) -> list[RatingUse]:
        """Every use reading the card column `rating`, alone or with its group (easy_corner
        is read by the easy_* use)."""
        return [use for use in self.rating_uses if rating in use.columns]


def build_model(tables: Tables) -> Rinkside:
    def rows(sheet: str) -> list[Any]:
        return list(tables[sheet].records)

    return Rinkside(
        teams={
            r["team_id"]: Team(
                **{f: r[f] for f in ("team_id", "city", "name", "abbr", "arena")},
                colour_home=r["colour_home"],
                colour_away=r["colour_away"],
                location=r.location("team_id"),
            )
            for r in rows("Teams")
        },
        rivalries=tuple(
            Rivalry(frozenset((r["team_a"], r["team_b"])), r["level"], r.get("reason"))
            for r in rows("Rivalries")
        ),
        skaters={
            r["skater_id"]: Skater(
                **{f: r[f] for f in Skater.__dataclass_fields__ if f != "location"},
                location=r.location("skater_id"),
            )
            for r in rows("Skaters")
        },
        goalies={
            r["goalie_id"]: Goalie(
                **{f: r[f] for f in Goalie.__dataclass_fields__ if f != "location"},
                location=r.location("goalie_id"),
            )
            for r in rows("Goalies")
        },
        skater_stats={
            r["skater_id"]: StatLine(dict(r.values), r.location("skater_id"))
            for r in rows("SkaterStats")
        },
        goalie_stats={
            r["goalie_id"]: StatLine(dict(r.values), r.location("goalie_id"))
            for r in rows("GoalieStats")
        },
        skater_cards={
            r["skater_id"]: SkaterCard(
                r["skater_id"],
                {f: r[f] for f in SKATER_RATINGS},
                r.location("skater_id"),
                {f: r.location(f) for f in SKATER_RATINGS},
            )
            for r in rows("SkaterCards")
        },
        goalie_cards={
            r["goalie_id"]: GoalieCard(
                r["goalie_id"],
                {f: r[f] for f in GOALIE_RATINGS},
                r.location("goalie_id"),
                {f: r.location(f) for f in GOALIE_RATINGS},
            )
            for r in rows("GoalieCards")
        },
        settings=_settings(tables),
        cards=tuple(
            Card(r["card"], _face(r, "l_"), _face(r, "r_"), r.location("card"))
            for r in rows("PlayResultCards")
        ),
        read_together=tuple(row for row, _ in read_together_rows(tables)),
        rating_uses=tuple(
            RatingUse(
                **{
                    f: r[f]
                    for f in RatingUse.__dataclass_fields__
                    if f not in ("lines", "location")
                },
                lines=_lines(r.get("line")),
                location=r.location("use_id"),
            )
            for r in rows("RatingUses")
        ),
        chance_mix={
            r["kind"]: ChanceShare(r["kind"], Fraction(str(r["share"])), r.location("share"))
            for r in rows("ChanceMix")
        },
        penalty_chart=_keyed_charts(rows("PenaltyChart"), CHART_KEYS["PenaltyChart"], PenaltyRow),
        penalized_player=_chart(rows("PenalizedPlayer"), PenalizedRow),
        severe_chart=_chart(rows("SevereChart"), SevereRow),
        assist_count=_chart(rows("AssistCount"), AssistCountRow),
        assist_rank=_chart(rows("AssistRank"), AssistRankRow),
        auxiliary_chart=_chart(rows("AuxiliaryChart"), AuxiliaryRow),
        injury_who=_chart(rows("InjuryWho"), InjuryWhoRow),
        injury_length=_chart(rows("InjuryLength"), InjuryLengthRow),
        scrum_chart=_keyed_charts(rows("ScrumChart"), CHART_KEYS["ScrumChart"], ScrumRow),
        agitator_scenario=_chart(rows("AgitatorScenario"), AgitatorRow),
        agitator_locator=_keyed_charts(
            rows("AgitatorLocator"), CHART_KEYS["AgitatorLocator"], AgitatorLocatorRow
        ),
        agitator_required=_chart(rows("AgitatorRequired"), AgitatorRequiredRow),
        fight_check=_chart(rows("FightCheck"), FightCheckRow),
        fight_extras=_chart(rows("FightExtras"), FightExtrasRow),
        fighter_locator=_chart(rows("FighterLocator"), FighterLocatorRow),
        fight_result=_keyed_charts(rows("FightResult"), CHART_KEYS["FightResult"], FightResultRow),
        third_man_in=_chart(rows("ThirdManIn"), ThirdManInRow),
        discipline=_keyed_charts(rows("Discipline"), CHART_KEYS["Discipline"], DisciplineRow),
        coincidental_range=_at_or_below(rows("CoincidentalRange")),
        cooler_heads=_at_or_below(rows("CoolerHeads")),
        momentum_levels=tuple(
            sorted(
                (MomentumLevel(r["lo"], r.get("hi"), r["level"]) for r in rows("MomentumLevels")),
                key=lambda step: step.lo,
            )
        ),
        momentum_points={r["play"]: r["points"] for r in rows("MomentumPoints")},
        momentum_shifts={
            r["play"]: MomentumShift(r["other_points"], r["gaining_at_least"])
            for r in rows("MomentumShifts")
        },
        goal_descriptions=_keyed_charts(
            rows("GoalDescriptions"), CHART_KEYS["GoalDescriptions"], GoalDescriptionRow
        ),
        goalie_reactions=_chart(rows("GoalieReactions"), GoalieReactionRow),
        tables=read_text_tables(tables),
        sheets={name: sheet.location() for name, sheet in tables.items()},
    )


def _chart(records: list[Any], row: type[Row]) -> Chart[Row]:
    """The records of one chart (or of one key of it) as a chart of `row`s."""
    return Chart(*ranged_rows(records, row))


def _keyed_charts(records: list[Any], key: str, row: type[Row]) -> dict[Any, Chart[Row]]:
    """A keyed chart's records as one chart per value of `key` (a name, or Discipline's A/E),
    in sheet order."""
    return {value: _chart(group, row) for value, group in grouped(records, key).items()}


def _at_or_below(records: list[Any]) -> dict[str, AtOrBelow]:
    return {r["intensity"]: AtOrBelow(r["number"], r["lo"], r["hi"]) for r in records}


def _settings(tables: Tables) -> Settings:
    """The Settings row; §1.1's values when the sheet has no single row (a template, or
    a copy whose Settings has an error, which `single_row` reports)."""
    row = only_row(tables["Settings"])
    if row is None:
        return Settings()
    return Settings(
        **{f: row[f] for f in Settings.__dataclass_fields__ if f != "location"},
        location=row.location(),
    )


def _lines(text: str | None) -> tuple[int, ...]:
    """'L534, L574' as (534, 574)."""
    return tuple(int(line.removeprefix("L")) for line in text.split(", ")) if text else ()


def _face(record: Any, prefix: str) -> Face:
    """A face's numbers and sections; a section that face does not carry is None."""
    return Face(**{f: record.get(prefix + f) for f in Face.__dataclass_fields__})
