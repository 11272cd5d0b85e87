"""RINKSIDE HOCKEY's breakouts, forechecks and neutral zone (seed L702-L873), each rule on a
hand-made draw: two faces carrying only what the rule reads, the players' ratings set by
hand on the shipped workbook's line-ups. The home team has the puck in its own end (for the
breakout and forecheck) or in the neutral zone, so the visitor forechecks and defends."""

from __future__ import annotations

import random
import re
from collections import Counter
from collections.abc import Mapping, Sequence
from fractions import Fraction

import pytest
from rinkside_engine import NO_CARDS, at, cards, new_game, rated, shipped_league

from authoring.games.rinkside.breakouts import (
    bad_breakout,
    bobby_orr,
    breakout,
    clear_the_zone,
    defensive_possession,
    forecheck,
)
from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw, DrawPile
from authoring.games.rinkside.model import Skater
from authoring.games.rinkside.neutral import (
    centre_ice_shot,
    failed_neutral_play,
    neutral_zone,
    picks_up,
    skate_in,
)
from authoring.games.rinkside.policy import (
    ByTheBook,
    IllegalChoice,
    MomentumUse,
    NeutralPlay,
    OwnEndPlay,
    RandomLegal,
)
from authoring.games.rinkside.state import (
    FORECHECK,
    STEPS_PER_PERIOD,
    GameState,
    TeamSide,
)
from authoring.games.rinkside.zone import (
    CentreIceShot,
    DumpIn,
    FailedRush,
    ForcedScenario,
    Hit,
    LoosePuck,
    PenaltyCheck,
    Possession,
    Rush,
    ShotChance,
    Stoppage,
)
from authoring.simulation import run_rng

# The shared fixtures from rinkside_engine, found by pytest under their fixture names.
SHARED_FIXTURES = (new_game, shipped_league)


QUIET = 99  # a Right #100 above every DRW and COM: no penalty


def left(red: int = 1, blue: int = 1, black: int = 0, **sections: object) -> Face:
    return Face(black=black, n100=50, red=red, blue=blue, **sections)  # type: ignore[arg-type]


def right(n100: int = QUIET, black: int = 0, red: int = 1, **sections: object) -> Face:
    return Face(black=black, n100=n100, red=red, blue=1, **sections)  # type: ignore[arg-type]


def black(number: int) -> Draw:
    """A draw whose Black #100 is `number`."""
    tens, units = divmod(number % 100, 10)
    return Draw(left(black=tens), right(black=units))


class Chooses(ByTheBook):
    """A coach who answers the own-end and neutral-zone questions as told and remembers what
    he was offered, and always adds momentum; the other questions by the book."""

    def __init__(self, own_end: OwnEndPlay = "breakout", neutral: NeutralPlay = "challenge"):
        super().__init__("chooses")
        self.own_end_answer = own_end
        self.neutral_answer = neutral
        self.offered: list[Mapping[str, Fraction]] = []

    def own_end(
        self,
        game: GameState,
        side: TeamSide,
        carrier: Skater,
        chances: Mapping[OwnEndPlay, Fraction],
        options: Sequence[OwnEndPlay],
    ) -> OwnEndPlay:
        self.offered.append({str(play): chance for play, chance in chances.items()})
        return self.own_end_answer

    def neutral_play(
        self,
        game: GameState,
        side: TeamSide,
        carrier: Skater,
        chances: Mapping[NeutralPlay, Fraction],
        options: Sequence[NeutralPlay],
    ) -> NeutralPlay:
        self.offered.append({str(play): chance for play, chance in chances.items()})
        return self.neutral_answer

    def momentum_use(
        self, game: GameState, side: TeamSide, points: int, options: Sequence[MomentumUse]
    ) -> MomentumUse:
        return "add"


# The split and the breakout (L704-L734).


@pytest.mark.parametrize(
    ("number", "attempted"),
    [(1, "breakout"), (50, "breakout"), (51, "forecheck"), (100, "forecheck")],
)
def test_black_100_up_to_50_is_a_breakout_and_above_it_a_forecheck(league, game, number, attempted):
    """L706: "a Black #100 of 1-50, the defense attempts a Breakout"; L708: "51-100, the
    opposing team attempts to pressure the puck with a Forecheck"."""
    coach = Chooses()
    game.visitor.forecheck = 1
    tens, units = divmod(number % 100, 10)
    shown = Draw(
        left(black=tens, breakout_player="LD", fchk1="ZONE RG"),
        right(black=units, breakout1="B-OUT", forecheck_who="C"),
    )
    model = rated(league, game, "home", LD={"breakout": 12, "head_man": 3})
    result = defensive_possession(
        model, game, "home", coach, None, shown, cards(Draw(left(blue=10), right()))
    )
    if attempted == "breakout":
        assert coach.offered and result.outcome == Possession(
            "home", "neutral", at(game, "home", "LD")
        )
    else:
        assert not coach.offered and result.outcome == ForcedScenario("home", "RED")


@pytest.mark.parametrize(
    ("action", "blue", "outcome"),
    [
        ("B-OUT", 3, "rush"),
        ("B-OUT", 4, "neutral"),
        ("B-OUT", 10, "neutral"),
        ("B-OUT", 11, "bad"),
        ("ST-PASS", 10, "rush"),
        ("ST-PASS", 11, "bad"),
        ("CARRY P", 3, "rush"),
        ("CARRY P", 10, "neutral"),
        ("CARRY P", 11, "bad"),
    ],
)
def test_a_breakout_reads_blue_on_b_o_and_h_m(league, game, action, blue, outcome):
    """L716: B-OUT "If the Blue Number is within that player's B-O Rating, the Breakout is
    successful ... low enough to be in the player's Head Man Rating H-M ... a Rush"; L722:
    ST-PASS "within that player's B-O Rating (not his H-M Rating) ... a Rush/Transition is
    started"; L726-L728: CARRY P as B-OUT, a rush himself within H-M; out of range, "Draw a
    new card and refer to the Bad Break section"."""
    model = rated(league, game, "home", RD={"breakout": 10, "head_man": 3})
    player = at(game, "home", "RD")
    bad = Draw(left(), right(bad_breakout="TURNOVER"))
    result = breakout(
        model, game, "home", action, player, cards(Draw(left(blue=blue), right()), bad)
    )
    expected = {
        "rush": Rush("home"),
        "neutral": Possession("home", "neutral", player),
        "bad": Rush("visitor"),
    }[outcome]
    assert result.outcome == expected


def test_the_breakout_column_and_player_follow_the_forechecking_teams_strategy(league, game):
    """L712: "refer to the section corresponding to the team's Forecheck Strategy ... The
    player who will attempt the action is found on the Left PRC Breakout Player Section"
    (README §9 Q5: the forechecking team's strategy)."""
    game.home.forecheck, game.visitor.forecheck = 1, 3
    shown = Draw(
        left(black=2, breakout_player="C"),
        right(black=0, breakout1="B-OUT", breakout2="B-OUT", breakout3="ST-PASS"),
    )
    model = rated(league, game, "home", C={"breakout": 10, "head_man": 3})
    result = defensive_possession(
        model, game, "home", Chooses(), None, shown, cards(Draw(left(blue=9), right()))
    )
    assert result.outcome == Rush("home")  # a stretch pass: a rush, though above H-M


@pytest.mark.parametrize(
    ("points", "mo", "action", "made"),
    [
        (5, 2, "B-OUT", True),
        (5, 1, "B-OUT", True),
        (5, 3, "B-OUT", False),
        (5, 2, "CARRY P", False),
        (2, 1, "B-OUT", False),
    ],
)
def test_an_mo_level_the_team_has_reached_makes_a_b_out_succeed(
    league, game, points, mo, action, made
):
    """L1305: "shows a MO LEVEL on the Left PRC, the Breakout is successful no matter the
    result of the play. The team must be at the MO LEVEL showing ... Momentum does not
    influence Stretch Passes or Puck Carries" (5 points is level 2, 2 points no level)."""
    game.home.momentum = points
    model = rated(league, game, "home", LD={"breakout": 8, "head_man": 2})
    player = at(game, "home", "LD")
    failed = Draw(left(), right(bad_breakout="TURNOVER"))
    result = breakout(
        model, game, "home", action, player, cards(Draw(left(blue=20, mo=mo), right()), failed)
    )
    assert result.outcome == (Possession("home", "neutral", player) if made else Rush("visitor"))
    assert game.home.momentum == points  # "No Momentum points are used"


@pytest.mark.parametrize(
    ("number", "outcome"),
    [
        (3, Rush("home")),
        (4, Rush("home")),
        (10, Rush("home")),
        (25, "neutral"),
        (27, Rush("visitor")),
        (28, Possession("visitor", "neutral", None)),
    ],
)
def test_the_bobby_orr_move_reads_black_100_on_offense_plus_b_o(league, game, number, outcome):
    """L734: "Combine that player's Offense and B-O Ratings ... within that combined total,
    ... possession in the Neutral Zone ... within his B-O Rating ... finds a teammate for a
    Rush ... within his H-M Rating, he creates a 1-Man Rush ... If the last digit is ODD, it
    is a Turnover in his own zone and the opposition gets a Rush/Transition ... EVEN ... the
    opposition has control of it in the Neutral Zone"."""
    model = rated(league, game, "home", C={"offense": 15, "breakout": 10, "head_man": 3})
    player = at(game, "home", "C")
    result = bobby_orr(model, game, "home", player, cards(black(number)))
    expected = Possession("home", "neutral", player) if outcome == "neutral" else outcome
    assert result.outcome == expected


# Bad breakouts (L736-L756).


@pytest.mark.parametrize(
    ("bad", "plain", "aggressive"),
    [
        ("ZONE PLAY", LoosePuck("home end"), "zone"),
        ("NEUTRAL ZONE", LoosePuck("neutral"), Possession("visitor", "neutral", None)),
        ("TURNOVER", Rush("visitor"), Rush("visitor")),
        ("D-CONTROL", Possession("visitor", "neutral", None), Rush("visitor")),
        ("ICING", Stoppage("home end", False, "icing"), Stoppage("home end", False, "icing")),
    ],
)
def test_a_bad_breakout_costs_more_after_a_stretch_pass_or_a_carry(
    league, game, bad, plain, aggressive
):
    """L738-L750: ZONE PLAY "a Loose Puck Scenario", NEUTRAL ZONE "The puck is Loose in the
    Neutral Zone", TURNOVER "immediately gets a Rush", D-CONTROL "control of it in the
    Neutral Zone", ICING "a faceoff occurs in the defensive zone of the team attempting the
    Breakout"; after a STRETCH PASS or CARRY PUCK "the opposing team automatically has
    possession" (D-CONTROL: "automatically starts a Rush/Transition")."""
    shown = Draw(left(), right(bad_breakout=bad, zone_off="RW"))
    assert bad_breakout(league, game, "home", "B-OUT", cards(shown)).outcome == plain
    expected = (
        Possession("visitor", "home end", at(game, "visitor", "RW"))
        if aggressive == "zone"
        else aggressive
    )
    for action in ("ST-PASS", "CARRY P"):
        assert bad_breakout(league, game, "home", action, cards(shown)).outcome == expected


@pytest.mark.parametrize(
    ("action", "number", "hit"),
    [("HIT", 2, True), ("HIT", 3, False), ("BIG HIT", 1, True), ("BIG HIT", 2, False)],
)
def test_an_exposed_player_is_hit_on_the_nz_ratings_and_the_puck_is_loose(
    league, game, action, number, hit
):
    """L752: "find the defensive player on the Left PRC. Refer to the Physical Section of the
    Right PRC ... All Hits and Big Hits apply. Proceed with the play described in NEUTRAL
    ZONE" (README §2.3 U64, U66: NZ-H and NZ-B)."""
    model = rated(league, game, "visitor", LW={"nz_hit": 2, "nz_big_hit": 1})
    shown = Draw(left(), right(bad_breakout="EXPOSE PLAYER"))
    exposed = Draw(left(nz_defender="LW"), right(physical=action, physical_n=number))
    result = bad_breakout(model, game, "home", "B-OUT", cards(shown, exposed))
    assert result.outcome == LoosePuck("neutral")
    hitter = at(game, "visitor", "LW")
    assert result.hits == ((Hit("visitor", hitter, action == "BIG HIT"),) if hit else ())
    assert game.total("visitor", "hits") == int(hit)


@pytest.mark.parametrize(("blue", "beaten"), [(9, True), (10, False)])
def test_a_possible_icing_is_beaten_by_the_forechecker_on_f_c_o(league, game, blue, beaten):
    """L756: "If the Blue Number on the Left PRC is within the Offensive Forecheck Rating of
    the player listed on the Right PRC, he beats the defensive player to the puck and a
    Loose Puck Scenario ensues on that end of the ice"."""
    model = rated(league, game, "visitor", RW={"forecheck_off": 9})
    shown = Draw(left(), right(bad_breakout="ICING?", forecheck_who="RW"))
    result = bad_breakout(
        model, game, "home", "B-OUT", cards(shown, Draw(left(blue=blue), right()))
    )
    assert result.outcome == (
        LoosePuck("home end") if beaten else Stoppage("home end", False, "icing")
    )


def test_a_failed_breakout_may_commit_a_penalty_and_a_made_one_draw_one(league, game):
    """L792: "use the standard procedure to determine if a penalty is drawn or committed. If
    a player fails on a Breakout attempt and commits a penalty, he does so in reaction to
    giving away the puck"."""
    model = rated(
        league,
        game,
        "home",
        LD={"breakout": 10, "head_man": 3, "commit_penalty": 5, "draw_penalty": 5},
    )
    player = at(game, "home", "LD")
    failed = breakout(
        model,
        game,
        "home",
        "B-OUT",
        player,
        cards(Draw(left(blue=15), right(n100=4)), Draw(left(), right(bad_breakout="TURNOVER"))),
    )
    assert failed.penalties == (PenaltyCheck("home", player, "commit", 4, True),)
    made = breakout(model, game, "home", "B-OUT", player, cards(Draw(left(blue=5), right(n100=5))))
    assert made.penalties == (PenaltyCheck("home", player, "draw", 5, False),)


# The forecheck (L758-L782).


@pytest.mark.parametrize(
    ("blue", "outcome"), [(8, "control"), (9, "loose"), (28, "loose"), (29, "neutral")]
)
def test_a_forecheck_on_f_c_d_forces_a_loose_puck_or_above_20_wins_it(league, game, blue, outcome):
    """L762-L770: "If the Blue Number is within the Forechecking Player's FCD number ... a
    Loose Puck Scenario ensues ... Mario Lemieux ... FCD rating of 28. If the Blue Number is
    between 1 and 8, he ... gains control of the puck"; out of range "the opposition has
    control of the puck in the Neutral Zone" (a blue of 20 at most: 28 is the rating)."""
    model = rated(league, game, "visitor", C={"forecheck_def": 28 if blue < 29 else 19})
    game.visitor.forecheck = 2
    shown = Draw(left(fchk2="F-CHK"), right(forecheck_who="C"))
    drawn = min(blue, 20)
    result = forecheck(model, game, "home", shown, cards(Draw(left(blue=drawn), right())))
    checker = at(game, "visitor", "C")
    expected = {
        "control": Possession("visitor", "home end", checker),
        "loose": LoosePuck("home end"),
        "neutral": Possession("home", "neutral", None),
    }[outcome]
    assert result.outcome == expected


@pytest.mark.parametrize(
    ("blue", "outcome"), [(2, "rush"), (3, "zone"), (12, "zone"), (13, "green")]
)
def test_pressure_gives_the_forecheckers_the_puck_in_zone_or_a_rush(league, game, blue, outcome):
    """L774-L778: PRESSURE within FCD: "his team gains control of the puck in the Offensive
    Zone and the Offensive Player listed on the Right PRC Zone Play section has control";
    within the rating over 20 "forces a Turnover and his team gets a Rush"; out of range the
    team "gets to the Neutral Zone with a Neutral Zone Green Scenario"."""
    model = rated(league, game, "visitor", LW={"forecheck_def": 22 if blue < 12 else 12})
    game.visitor.forecheck = 3
    shown = Draw(left(fchk3="PRESSURE"), right(forecheck_who="LW"))
    attempt = Draw(left(blue=blue), right(zone_off="RD"))
    result = forecheck(model, game, "home", shown, cards(attempt))
    expected = {
        "rush": Rush("visitor"),
        "zone": Possession("visitor", "home end", at(game, "visitor", "RD")),
        "green": ForcedScenario("home", "GREEN"),
    }[outcome]
    assert result.outcome == expected


def test_a_zone_rg_forecheck_is_a_neutral_zone_red(league, game):
    """L780: ZONE RG: "The Breaking out team moves to the Neutral Zone ... A Neutral Zone Red
    Scenario takes place"; the column is the forechecking team's strategy (L760)."""
    game.home.forecheck, game.visitor.forecheck = 3, 1
    shown = Draw(left(fchk1="ZONE RG", fchk3="F-CHK"), right(forecheck_who="C"))
    assert forecheck(league, game, "home", shown, NO_CARDS).outcome == ForcedScenario("home", "RED")


# Clearing the zone (L784-L790) and momentum (L1309).


@pytest.mark.parametrize(
    ("blue", "red", "outcome"),
    [
        (11, 5, LoosePuck("neutral")),
        (11, 6, Stoppage("home end", False, "icing")),
        (12, 1, LoosePuck("home end")),
    ],
)
def test_a_clear_reads_blue_on_neutral_and_the_right_red_on_defense_for_icing(
    league, game, blue, red, outcome
):
    """L786-L788: "If the Blue Number is within that player's Neutral Rating, he clears the
    puck out of the zone. IF the Right PRC Red Number is above the defensive player's
    Defense Rating ... Icing is called"; out of range "a Loose Puck Scenario ensues on that
    end of the ice" (README §5.6: the clearing player's Defense)."""
    model = rated(league, game, "home", RD={"neutral": 11, "defense": 5})
    attempt = Draw(left(blue=blue), right(red=red))
    assert (
        clear_the_zone(model, game, "home", at(game, "home", "RD"), cards(attempt)).outcome
        == outcome
    )


def test_a_momentum_clear_costs_a_point_and_credits_the_other_team_a_hit(league, game):
    """L1309: "they simply choose to clear the puck to the Neutral Zone ... The team clearing
    the puck must deduct 1 Momentum Point from the total and the other team is credited with
    a hit"; it is offered only to a team playing with momentum."""
    shown = Draw(left(black=1, breakout_player="LD"), right(black=0, breakout2="B-OUT"))
    with pytest.raises(IllegalChoice, match="'momentum clear' for own end"):
        defensive_possession(league, game, "home", Chooses("momentum clear"), None, shown, NO_CARDS)
    game.home.momentum = 3
    coach = Chooses("momentum clear")
    result = defensive_possession(league, game, "home", coach, None, shown, NO_CARDS)
    assert result.outcome == LoosePuck("neutral")
    assert (game.home.momentum, game.total("visitor", "hits")) == (2, 1)
    assert coach.offered[-1]["momentum clear"] == 1


def test_the_own_end_choices_carry_their_chances_and_the_carrier_plays_them(league, game):
    """L734 "he may attempt to Rush with the puck out of his own end"; L784 "they may forego
    an attempted Breakout and may instead simply attempt to Clear": the player in possession
    (the carrier when known) makes the Orr move or the clear."""
    model = rated(
        league,
        game,
        "home",
        LD={"breakout": 8},
        RD={"offense": 12, "breakout": 10, "neutral": 13, "head_man": 2},
    )
    shown = Draw(left(black=0, breakout_player="LD"), right(black=7, breakout2="B-OUT"))
    coach = Chooses("clear")
    carrier = at(game, "home", "RD")
    result = defensive_possession(
        model, game, "home", coach, carrier, shown, cards(Draw(left(blue=13), right(red=1)))
    )
    assert result.outcome == LoosePuck("neutral")
    assert coach.offered == [
        {"breakout": Fraction(8, 20), "bobby orr": Fraction(22, 100), "clear": Fraction(13, 20)}
    ]
    orr = Chooses("bobby orr")
    result = defensive_possession(model, game, "home", orr, carrier, shown, cards(black(22)))
    assert result.outcome == Possession("home", "neutral", carrier)


def test_by_the_book_knows_its_players_and_spends_momentum_late(game):
    """L790 "If a player ... has a poor B-O Rating, it may be best to simply attempt to clear
    the puck"; L1309 "This is valuable at the end of the game"; L734 the Orr move is for "a
    highly skilled player"."""
    book, carrier = ByTheBook(), at(game, "home", "LD")
    options: tuple[OwnEndPlay, ...] = ("breakout", "bobby orr", "clear", "momentum clear")

    def choice(out: int, orr: int, clear: int) -> OwnEndPlay:
        chances: dict[OwnEndPlay, Fraction] = {
            "breakout": Fraction(out, 20),
            "bobby orr": Fraction(orr, 100),
            "clear": Fraction(clear, 20),
            "momentum clear": Fraction(1),
        }
        return book.own_end(game, "home", carrier, chances, options)

    assert choice(10, 20, 13) == "breakout"
    assert choice(9, 20, 13) == "clear"
    assert choice(9, 20, 9) == "breakout"
    assert choice(8, 45, 13) == "bobby orr"
    game.period, game.steps = 3, STEPS_PER_PERIOD - 5
    assert choice(10, 20, 13) == "momentum clear"


def test_random_legal_answers_are_seeded_and_reach_every_option(game):
    """Every play offered is a legal answer; a seeded random coach repeats itself."""
    carrier = at(game, "home", "C")
    options: tuple[NeutralPlay, ...] = ("skate in", "initiate rush", "centre-ice shot")
    chances = dict.fromkeys(options, Fraction(1, 2))

    def answers(seed: int) -> list[NeutralPlay]:
        coach = RandomLegal(run_rng(seed, 0))
        return [coach.neutral_play(game, "home", carrier, chances, options) for _ in range(60)]

    assert answers(1) == answers(1) != answers(2)
    assert set(answers(1)) == set(options)
    own: tuple[OwnEndPlay, ...] = ("breakout", "clear")
    picked = {
        RandomLegal(random.Random(s)).own_end(
            game, "home", carrier, dict.fromkeys(own, Fraction(1)), own
        )
        for s in range(20)
    }
    assert picked == set(own)


# The neutral zone (L794-L873). The home team has the puck and attacks the visitor's end.


def test_a_loose_puck_in_the_neutral_zone_goes_to_the_team_the_right_face_shows(game):
    """L742: "If the Right PRC shows H, the Home Team has possession of the puck in the
    Neutral Zone; if it shows V, the Visiting Team has possession"."""
    assert picks_up(game, Draw(left(), right(hv="H"))) == "home"
    assert picks_up(game, Draw(left(), right(hv="V"))) == "visitor"


def test_on_red_the_carrier_may_dump_the_puck_in(league, game):
    """L806 "the team in possession of the puck must decide how to proceed"; L816: "The
    offensive player in possession of the puck may instead simply Dump the puck into the
    offensive zone"."""
    model = rated(league, game, "visitor", RD={"defense": 7})
    coach = Chooses(neutral="dump in")
    shown = Draw(left(nz_colour="RED", nz_defender="RD"), right(nz_off="LW"))
    result = neutral_zone(model, game, "home", coach, cards(shown))
    assert result.outcome == DumpIn("home", at(game, "home", "LW"))
    assert coach.offered == [{"challenge": Fraction(3, 10), "dump in": Fraction(1)}]


@pytest.mark.parametrize(
    ("red", "hit", "big"), [(1, True, True), (2, True, False), (4, False, False), (5, None, None)]
)
def test_challenging_the_red_defender_reads_red_on_defense_and_nz_hits(league, game, red, hit, big):
    """L810: "If the Red Number is within the defensive player's Defense Rating, he makes the
    play ... within either the defensive player's Neutral Zone Hit or Neutral Zone Big Hit
    Ratings, he makes the play AND gets either a Hit or Big Hit ... Refer to the Failed
    Neutral Zone Play on the Right PRC"; L812: out of range "the offensive player skates
    around the defender and into the offensive zone" (hit None: he got round)."""
    model = rated(league, game, "visitor", LD={"defense": 4, "nz_hit": 2, "nz_big_hit": 1})
    model = rated(model, game, "home", C={"set_up": 0, "quality_shot": 0})
    shown = Draw(left(nz_colour="RED", nz_defender="LD"), right(nz_off="C"))
    attempt = Draw(left(red=red), right(nz_failed="NEUTRAL ZONE"))
    entered = Draw(left(blue=20), right())
    result = neutral_zone(model, game, "home", Chooses(), cards(shown, attempt, entered))
    defender = at(game, "visitor", "LD")
    if hit is None:
        assert result.outcome == Possession("home", "visitor end", at(game, "home", "C"))
        return
    assert result.outcome == Possession("visitor", "neutral", None)
    assert result.hits == ((Hit("visitor", defender, big),) if hit else ())


@pytest.mark.parametrize(
    ("ours", "theirs", "outcome"), [(12, 11, "in"), (10, 11, "failed"), (11, 11, "tie")]
)
def test_a_yellow_matchup_is_won_by_the_higher_neutral_rating(league, game, ours, theirs, outcome):
    """L822-L826: "DEFENSIVE PLAYER ADVANTAGE ... Draw a new card and refer to the Failed
    Neutral Zone Play"; "NO ADVANTAGE ... Mark a time sequence [T] and draw another card. If
    H is showing ..." (a puck loose in the neutral zone, whose card the loop draws: its H or
    V and its stop light, `picks_up`); "OFFENSIVE PLAYER ADVANTAGE ... skates around the
    defender and into the Offensive Zone"."""
    model = rated(league, game, "home", RW={"neutral": ours, "set_up": 0, "quality_shot": 0})
    model = rated(model, game, "visitor", C={"neutral": theirs})
    shown = Draw(left(nz_colour="YELLOW", nz_yellow="MATCHUP", nz_defender="C"), right(nz_off="RW"))
    after = {
        "in": (Draw(left(blue=20), right()),),
        "failed": (Draw(left(), right(nz_failed="TURNOVER")),),
        "tie": (),
    }[outcome]
    result = neutral_zone(model, game, "home", Chooses(), cards(shown, *after))
    expected = {
        "in": Possession("home", "visitor end", at(game, "home", "RW")),
        "failed": Rush("visitor"),
        "tie": LoosePuck("neutral"),
    }[outcome]
    assert result.outcome == expected
    assert game.steps == (1 if outcome == "tie" else 0)


@pytest.mark.parametrize("play", ["CHIP & CHASE", "SKATE INTO ZONE"])
@pytest.mark.parametrize(("blue", "made"), [(9, True), (10, False)])
def test_a_chip_and_chase_or_a_skate_into_the_zone_reads_blue_on_offense(
    league, game, play, blue, made
):
    """L830-L834: "Use the offensive player's Offense Rating and draw a new card. ... within
    ... the Chip & Chase is successful ... OUT OF RANGE ... Draw a new card and refer to the
    Failed Neutral Zone Play"; L836 SKATE INTO ZONE "the same procedure"."""
    model = rated(league, game, "home", LD={"offense": 9, "set_up": 0, "quality_shot": 0})
    shown = Draw(left(nz_colour="YELLOW", nz_yellow=play), right(nz_off="LD"))
    after = Draw(left(blue=20), right()) if made else Draw(left(), right(nz_failed="PUCK OoP"))
    result = neutral_zone(
        model, game, "home", Chooses(), cards(shown, Draw(left(blue=blue), right()), after)
    )
    carrier = at(game, "home", "LD")
    expected = (
        Possession("home", "visitor end", carrier)
        if made
        else Stoppage("neutral", True, "puck out of play")
    )
    assert result.outcome == expected


@pytest.mark.parametrize(("number", "made"), [(60, True), (61, False)])
def test_a_pass_into_the_zone_reads_black_100_on_pass(league, game, number, made):
    """L838-L840: "If the Black #100 is within the player's Pass Rating, the pass is
    complete and the offensive player listed in the Zone Play Section of the Right PRC has
    control of the puck"; out of range the Failed Neutral Zone Play on a new card."""
    model = rated(league, game, "home", C={"pass": 60})
    shown = Draw(left(nz_colour="YELLOW", nz_yellow="PASS INTO ZONE"), right(nz_off="C"))
    tens, units = divmod(number, 10)
    attempt = Draw(left(black=tens), right(black=units, zone_off="RW"))
    failed = Draw(left(), right(nz_failed="OFFSIDES"))
    result = neutral_zone(model, game, "home", Chooses(), cards(shown, attempt, failed))
    expected = (
        Possession("home", "visitor end", at(game, "home", "RW"))
        if made
        else Stoppage("neutral", True, "offside")
    )
    assert result.outcome == expected


@pytest.mark.parametrize(
    ("blue", "outcome"),
    [(3, "set-up"), (4, "shot"), (5, "set-up"), (6, "shot"), (8, "set-up"), (9, "keeps")],
)
def test_skating_in_on_green_reads_blue_on_s_u_and_q_s(league, game, blue, outcome):
    """L844-L846: "within either of the player's S-U or Q-S Ratings, he either Sets Up a
    player ... or makes a move to create a Quality Scoring Chance for himself ... within
    both ... ODD use the Set Up result; ... EVEN use the Quality Shot result"; outside both
    he "MAINTAINS possession of the puck with all Offensive Options available"."""
    model = rated(league, game, "home", C={"set_up": 8, "quality_shot": 6}, RW={"grade": "A"})
    carrier = at(game, "home", "C")
    shown = Draw(left(blue=blue, side="R"), right(grade="A", grade_pos="F"))
    result = skate_in(model, game, "home", carrier, cards(shown))
    if outcome == "set-up":
        assert isinstance(result.outcome, ShotChance) and result.outcome.passer == carrier
        assert result.outcome.kind == "set-up"
    elif outcome == "shot":
        assert result.outcome == ShotChance(carrier, "q", "quality shot")
    else:
        assert result.outcome == Possession("home", "visitor end", carrier)


@pytest.mark.parametrize(("red", "outcome"), [(3, Rush("home")), (4, FailedRush("home"))])
def test_initiating_a_rush_on_green_reads_red_on_i_r(league, game, red, outcome):
    """L848-L852: "Use the player's I-R Rating and draw another card. ... If the Red Number
    is within the player's I-R Rating, he Initiates the Rush ... out of the player's I-R
    Rating ... Proceed to a failed Rush/Transition"."""
    model = rated(league, game, "home", LW={"initiate_rush": 3})
    shown = Draw(left(nz_colour="GREEN"), right(nz_off="LW"))
    result = neutral_zone(
        model,
        game,
        "home",
        Chooses(neutral="initiate rush"),
        cards(shown, Draw(left(red=red), right())),
    )
    assert result.outcome == outcome


def test_a_forced_stop_light_overrides_the_cards_colour(league, game):
    """L778 "a Neutral Zone Green Scenario", L780 "A Neutral Zone Red Scenario takes place":
    the forecheck decides the colour, the new card only the players."""
    model = rated(league, game, "home", C={"set_up": 0, "quality_shot": 0})
    shown = Draw(left(nz_colour="RED", nz_defender="LD"), right(nz_off="C"))
    coach = Chooses(neutral="skate in")
    result = neutral_zone(
        model, game, "home", coach, cards(shown, Draw(left(blue=20), right())), colour="GREEN"
    )
    assert result.outcome == Possession("home", "visitor end", at(game, "home", "C"))
    assert set(coach.offered[0]) == {"skate in", "initiate rush", "centre-ice shot"}


def test_a_centre_ice_goal_checks_the_goalie_and_doubles_the_goal_bump(league, game):
    """L856-L858: "If the Black #100 is within the player's Sniper Rating, he challenges the
    goalie. Use the Goalie's Black Number ... If a goal is scored, the Goalie takes an
    automatic CONFIDENCE check. The scoring team gets a double Momentum Bump for goals scored
    (+4)" (KSP's starter at Normal: one above his black number scores; Goalie Rating 66)."""
    model = rated(league, game, "home", C={"sniper": 12})
    shooter = at(game, "home", "C")
    beaten = league.goalie_cards[game.visitor.lineup.goalie.goalie_id]["save_black"] + 1
    bad_game = Draw(Face(black=0, n100=90, red=1, blue=1), Face(black=0, n100=10, red=1, blue=1))
    result = centre_ice_shot(
        model, game, "home", Chooses(), shooter, cards(black(12), black(beaten), bad_game)
    )
    assert isinstance(result.outcome, CentreIceShot) and result.outcome.result == "goal"
    assert (game.total("home", "goals"), game.total("home", "shots")) == (1, 1)
    assert game.home.momentum == 4 and game.visitor.goalie_level == "Bad"


@pytest.mark.parametrize(
    ("numbers", "outcome"), [((12, "save_black"), "saved"), ((13,), "saved"), ((14,), "wide")]
)
def test_a_centre_ice_shot_is_saved_or_goes_wide(league, game, numbers, outcome):
    """L858: "If the Black #100 is above the player's Sniper Rating, it is either on goal
    and the Goalie saves it like an Easy Shot ... or the puck is fired wide - proceed to a
    Loose Puck Scenario" (the shot's last digit: odd on goal, even wide); within Sniper the
    goalie's black number saves at or below it (a save draw on the number itself)."""
    model = rated(league, game, "home", C={"sniper": 12})
    shooter = at(game, "home", "C")
    card = league.goalie_cards[game.visitor.lineup.goalie.goalie_id]
    drawn = (black(n if isinstance(n, int) else card[n]) for n in numbers)
    result = centre_ice_shot(model, game, "home", Chooses(), shooter, cards(*drawn))
    if outcome == "wide":
        assert result.outcome == LoosePuck("visitor end")
        assert game.total("home", "shots") == 0
    else:
        assert isinstance(result.outcome, CentreIceShot) and result.outcome.result == "saved"
        assert (game.total("home", "shots"), game.total("visitor", "saves")) == (1, 1)
    assert game.total("home", "goals") == 0


@pytest.mark.parametrize(
    ("failed", "outcome"),
    [
        ("NEUTRAL ZONE", Possession("visitor", "neutral", None)),
        ("TURNOVER", Rush("visitor")),
        ("OFFSIDES", Stoppage("neutral", True, "offside")),
        ("PUCK OoP", Stoppage("neutral", True, "puck out of play")),
    ],
)
def test_a_failed_neutral_zone_play_follows_the_right_face(league, game, failed, outcome):
    """L862-L871: NEUTRAL ZONE "The defensive team gains control of the puck in the Neutral
    Zone"; TURNOVER "gets a Rush/Transition"; OFFSIDES "Mark a time sequence [T] and proceed
    with a Neutral Zone Faceoff"; PUCK OoP the same."""
    shown = Draw(left(), right(nz_failed=failed))
    assert failed_neutral_play(league, game, "home", shown, NO_CARDS).outcome == outcome


def test_an_exposed_carrier_is_hit_and_the_defence_takes_the_puck(league, game):
    """L866: "The player indicated on the Left PRC gets to attempt to complete the Physical
    Action in the Neutral Zone. All Hits and Big Hits apply. After a potential hit, the
    defensive team gains control of the puck"."""
    model = rated(league, game, "visitor", RD={"nz_hit": 3, "nz_big_hit": 1})
    shown = Draw(left(), right(nz_failed="EXPOSE PLAYER"))
    exposed = Draw(left(nz_defender="RD"), right(physical="HIT", physical_n=3))
    result = failed_neutral_play(model, game, "home", shown, cards(exposed))
    assert result.outcome == Possession("visitor", "neutral", None)
    assert result.hits == (Hit("visitor", at(game, "visitor", "RD"), False),)


@pytest.mark.parametrize(("blue", "onside"), [(10, True), (11, False)])
def test_a_possible_offside_is_beaten_on_the_forecheckers_offense(league, game, blue, onside):
    """L869: "Find the Offensive Forechecking Player on the Right PRC and draw a new card. If
    the Blue Number is within that player's Offense Rating, he avoids being offsides and
    play proceeds in the offensive zone with a Loose Puck Scenario"."""
    model = rated(league, game, "home", LW={"offense": 10})
    shown = Draw(left(), right(nz_failed="OFFSIDES?", forecheck_who="LW"))
    result = failed_neutral_play(model, game, "home", shown, cards(Draw(left(blue=blue), right())))
    assert result.outcome == (
        LoosePuck("visitor end") if onside else Stoppage("neutral", True, "offside")
    )


def test_by_the_book_challenges_a_beatable_defender_and_skates_in_on_green(game):
    """L806-L816: challenge the player or dump the puck in; L842: on GREEN the team "moves
    through the Neutral Zone unchallenged"."""
    book, carrier = ByTheBook(), at(game, "home", "C")
    red: tuple[NeutralPlay, ...] = ("challenge", "dump in")
    assert (
        book.neutral_play(
            game, "home", carrier, {"challenge": Fraction(1, 2), "dump in": Fraction(1)}, red
        )
        == "challenge"
    )
    assert (
        book.neutral_play(
            game, "home", carrier, {"challenge": Fraction(2, 5), "dump in": Fraction(1)}, red
        )
        == "dump in"
    )
    green: tuple[NeutralPlay, ...] = ("skate in", "initiate rush", "centre-ice shot")
    assert (
        book.neutral_play(game, "home", carrier, dict.fromkeys(green, Fraction(1, 2)), green)
        == "skate in"
    )


def test_a_neutral_zone_answer_not_offered_is_refused(league, game):
    """Issue 14: the engine offers every legal choice and refuses an illegal one: a dump-in is
    no GREEN play."""
    shown = Draw(left(nz_colour="GREEN"), right(nz_off="C"))
    with pytest.raises(IllegalChoice, match="'dump in' for neutral zone"):
        neutral_zone(league, game, "home", Chooses(neutral="dump in"), cards(shown))


def test_every_shipped_card_plays_through_the_breakout_and_the_neutral_zone(league, game):
    """The rules read the shipped deck's own symbols: from a seeded pile, 3,000 own-end
    possessions (each forecheck strategy, random legal choices) and 3,000 neutral-zone
    possessions all resolve, and each stop light and each end of the split is met."""
    pile = DrawPile(league.cards, run_rng(17, 0))
    coach = RandomLegal(run_rng(17, 1))
    kinds: Counter[str] = Counter()
    for turn in range(3000):
        game.visitor.forecheck = FORECHECK[turn % 3]
        game.home.momentum = turn % 4
        shown = pile.draw()
        result = defensive_possession(league, game, "home", coach, None, shown, pile.draw)
        kinds[type(result.outcome).__name__] += 1
        played = neutral_zone(league, game, "home", coach, pile.draw)
        kinds[type(played.outcome).__name__] += 1
    lights = Counter(
        found.group(1)
        for found in (re.search(r"neutral zone (RED|YELLOW|GREEN):", line) for line in game.plays)
        if found
    )
    assert {"RED", "YELLOW", "GREEN"} <= set(lights)
    assert {
        "Possession",
        "Rush",
        "LoosePuck",
        "ForcedScenario",
        "Stoppage",
        "DumpIn",
        "ShotChance",
    } <= set(kinds)
    assert sum(kinds.values()) == 6000
