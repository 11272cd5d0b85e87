"""RINKSIDE HOCKEY's in-zone play (seed L230-L417), each rule on a hand-made draw: two faces
carrying only what the rule reads, the players' ratings set by hand on the shipped
workbook's line-ups. The home team attacks the visitor's end throughout."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from fractions import Fraction

import pytest
from rinkside_engine import NO_CARDS, at, cards, new_game, rated, shipped_league

from authoring.games.rinkside.battles import dangerous_play_on_failure, loose_puck
from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import Settings, Skater
from authoring.games.rinkside.policy import ByTheBook, IllegalChoice, RandomLegal
from authoring.games.rinkside.state import GameState, TeamSide, Zone
from authoring.games.rinkside.zone import (
    ClearAttempt,
    Hit,
    LoosePuck,
    NetScramble,
    PenaltyCheck,
    Possession,
    Rush,
    ShotChance,
    Stoppage,
    offensive_option,
    set_up_shooter,
)

# The shared fixtures from rinkside_engine, found by pytest under their fixture names.
SHARED_FIXTURES = (new_game, shipped_league)


ATTACKING: TeamSide = "home"
END: Zone = "visitor end"  # the zone the home team attacks
QUIET = 99  # a Right #100 above every DRW and COM: no penalty


def left(red: int = 1, blue: int = 1, black: int = 0, **sections: object) -> Face:
    return Face(black=black, n100=50, red=red, blue=blue, **sections)  # type: ignore[arg-type]


def right(n100: int = QUIET, black: int = 0, **sections: object) -> Face:
    return Face(black=black, n100=n100, red=1, blue=1, **sections)  # type: ignore[arg-type]


class Pinch(ByTheBook):
    """A coach who answers every activation question the same, and counts them; the other
    questions by the book."""

    def __init__(self, answer: bool | None) -> None:
        super().__init__("pinch")
        self.answer = answer
        self.asked = 0

    def activate(
        self,
        game: GameState,
        side: TeamSide,
        defenceman: Skater,
        success: Fraction,
        options: Sequence[bool],
    ) -> bool:
        self.asked += 1
        if self.answer is None:
            raise AssertionError("no activation question was expected")
        return self.answer


NEVER_ASKED = Pinch(None)


# The offensive options (L246-L308).


@pytest.mark.parametrize(
    ("red", "outcome"),
    [(6, "shot"), (1, "shot"), (7, "loose"), (8, "defence")],
)
def test_a_quality_shot_is_made_on_a_red_within_q_s_and_odd_or_even_decides_a_miss(
    league, game, red, outcome
):
    """Seed L254-L258: "If the Red Number is within the player's Q-S Range, he executes the
    move and creates a Quality Scoring chance … If the Red Number is ODD, proceed to a Loose
    Puck Scenario … If the Red Number is EVEN, the defense automatically recovers the puck"."""
    model = rated(league, game, ATTACKING, C={"quality_shot": 6})
    carrier = at(game, ATTACKING, "C")
    shown = Draw(left(red=red), right(zone_def="LD"))
    result = offensive_option(model, game, ATTACKING, carrier, "quality shot", cards(shown))
    expected = {
        "shot": ShotChance(carrier, "q", "quality shot"),
        "loose": LoosePuck(END),
        "defence": Possession("visitor", END, None),
    }[outcome]
    assert result.outcome == expected
    assert result.penalties == () and result.hits == ()


def test_a_set_up_in_range_gives_the_graded_teammate_a_quality_chance(league, game):
    """Seed L266-L268: "If the Red Number is within the player's S-U Range, he executes the
    pass and creates a Quality Scoring chance for his teammate … If a player on the ice has
    that offensive grade, he takes the shot"."""
    model = rated(
        league,
        game,
        ATTACKING,
        C={"set_up": 5, "grade": "A"},
        LW={"grade": "C"},
        RW={"grade": "B"},
        LD={"grade": "D"},
        RD={"grade": "D"},
    )
    carrier = at(game, ATTACKING, "C")
    shown = Draw(left(red=5, side="L"), right(grade="B", grade_pos="F"))
    result = offensive_option(model, game, ATTACKING, carrier, "set-up", cards(shown))
    assert result.outcome == ShotChance(at(game, ATTACKING, "RW"), "q", "set-up", passer=carrier)
    missed = Draw(left(red=7), right())
    assert offensive_option(model, game, ATTACKING, carrier, "set-up", cards(missed)).outcome == (
        LoosePuck(END)
    )


GRADED = {"LW": "B", "C": "B", "RW": "B", "LD": "B", "RD": "C"}


@pytest.mark.parametrize(
    ("passer", "grades", "grade_pos", "side", "shooter"),
    [
        ("C", GRADED, "F", "L", "LW"),  # two forwards share B: the left one
        ("C", GRADED, "F", "R", "RW"),  # the right one
        ("C", GRADED, "D", "R", "LD"),  # Defense: the only defenceman with B
        ("RD", {**GRADED, "LD": "C"}, "D", "R", "C"),  # a D's pass, only forwards B, Defense
        ("RD", GRADED, "D", "R", "LD"),  # the other defenceman has B too: he shoots
        ("RD", GRADED, "F", "L", "LW"),  # the same, Forward: the winger on the left
        ("RD", GRADED, "F", "R", "RW"),
        ("LW", {**GRADED, "RD": "B"}, "D", "L", "LD"),  # two defencemen share: the left
        ("LW", {**GRADED, "RD": "B"}, "D", "R", "RD"),
        ("LW", {**GRADED, "LD": "C"}, "D", "R", "RW"),  # Defense, but no defenceman has B
    ],
)
def test_who_takes_a_set_up_shot_follows_grade_position_then_left_or_right(
    league, game, passer, grades, grade_pos, side, shooter
):
    """Seed L268: "If more than one player has that grade, refer to the offensive position
    … to determine if it will be a forward or defenseman … refer to the Left or Right
    section on the Left PRC … When a defenseman sets up a teammate and the Offensive Grade is
    shared by all three forwards … If the position on the Right PRC is Defense, the Center
    takes the shot; otherwise, use the left or right direction". A Defense position that no
    sharer holds falls back on all the sharers (README §11.4)."""
    model = rated(league, game, ATTACKING, **{p: {"grade": g} for p, g in grades.items()})
    shown = Draw(left(side=side), right(grade="B", grade_pos=grade_pos))
    chosen = set_up_shooter(model, game, ATTACKING, at(game, ATTACKING, passer), shown)
    assert chosen == at(game, ATTACKING, shooter)


@pytest.mark.parametrize(
    ("grades", "shooter"),
    [
        ({"LW": "D", "RW": "D", "LD": "D", "RD": "C"}, "RD"),  # C is next to B
        ({"LW": "D", "RW": "A", "LD": "D", "RD": "C"}, "RW"),  # A and C both next: A
        ({"LW": "D", "RW": "D", "LD": "D", "RD": "D"}, "LW"),  # all D: forward, left
    ],
)
def test_a_grade_nobody_has_goes_to_the_nearest_grade_the_better_first(
    league, game, grades, shooter
):
    """Seed L268 names only the grade; README §9 Q13: "the teammate with the nearest grade
    shoots, the better grade first". The centre (an A) passes, the Right face asks for B."""
    graded = {**grades, "C": "A"}
    model = rated(league, game, ATTACKING, **{p: {"grade": g} for p, g in graded.items()})
    shown = Draw(left(side="L"), right(grade="B", grade_pos="F"))
    chosen = set_up_shooter(model, game, ATTACKING, at(game, ATTACKING, "C"), shown)
    assert chosen == at(game, ATTACKING, shooter)


def test_a_two_man_game_sums_both_offense_ratings_against_black_100(league, game):
    """Seed L276-L282: "The Offensive Rating of both players are added together. Find the
    second player … the offensive player listed on the Right PRC. Draw a new card and refer
    to the Black #100 … a High Quality Scoring chance is created for the original player".
    A card naming the carrier himself is passed over (README §11.4)."""
    model = rated(league, game, ATTACKING, C={"offense": 14}, RW={"offense": 12})
    carrier = at(game, ATTACKING, "C")
    partner_cards = (Draw(left(), right(zone_off="C")), Draw(left(), right(zone_off="RW")))
    made = Draw(left(black=2), right(black=6))  # Black #100 26 = 14 + 12
    result = offensive_option(
        model, game, ATTACKING, carrier, "two-man game", cards(*partner_cards, made)
    )
    assert result.outcome == ShotChance(carrier, "hq", "two-man game")
    odd = Draw(left(black=2), right(black=7))  # 27: out of range, odd
    result = offensive_option(
        model, game, ATTACKING, carrier, "two-man game", cards(partner_cards[1], odd)
    )
    assert result.outcome == LoosePuck(END)


def test_cycling_and_shooting_on_net_draw_no_card_and_no_penalty(league, game):
    """Seed L286: cycling, "The player will not be able to draw or commit a penalty. Proceed
    to a Loose Puck Scenario"; L288-L290: a shot on net "is considered a Low Quality Scoring
    chance"."""
    carrier = at(game, ATTACKING, "LW")
    cycle = offensive_option(league, game, ATTACKING, carrier, "cycle", NO_CARDS)
    assert (cycle.outcome, cycle.penalties) == (LoosePuck(END), ())
    on_net = offensive_option(league, game, ATTACKING, carrier, "shot on net", NO_CARDS)
    assert (on_net.outcome, on_net.penalties) == (ShotChance(carrier, "lq", "shot on net"), ())


@pytest.mark.parametrize(
    ("black", "outcome"),
    [
        ((0, 4), NetScramble("visitor")),
        ((0, 5), ClearAttempt("visitor")),
        ((1, 2), ClearAttempt("visitor")),
        ((1, 3), LoosePuck(END)),
        ((1, 4), LoosePuck(END)),
    ],
)
def test_a_wide_shot_reads_black_100_against_s_u_then_offense(league, game, black, outcome):
    """Seed L294-L300: "If the Black #100 is within the player's S-U Rating … a Dangerous
    situation. Proceed to a Net Scramble … within the player's Offense Rating … the defense
    must attempt to clear the puck … above both of those ratings, a Loose Puck Scenario"."""
    model = rated(league, game, ATTACKING, RW={"set_up": 4, "offense": 12})
    shown = Draw(left(black=black[0]), right(black=black[1]))
    carrier = at(game, ATTACKING, "RW")
    result = offensive_option(model, game, ATTACKING, carrier, "shoot wide", cards(shown))
    assert result.outcome == outcome


@pytest.mark.parametrize(
    ("red", "n100", "penalty"),
    [
        (3, 4, ("draw", True)),  # made, even #100 within DRW 4: whistled dead
        (3, 3, ("draw", False)),  # made, odd: play continues
        (3, 5, None),  # above DRW
        (9, 2, ("commit", True)),  # missed, within COM 2, even
        (9, 1, ("commit", False)),
        (9, 3, None),
    ],
)
def test_an_option_draws_a_penalty_when_made_and_commits_one_when_missed(
    league, game, red, n100, penalty
):
    """Seed L306-L308: "if #100 on the Right PRC is within the player's Draw Penalty number,
    he executes the move and draws a penalty. If the #100 is ODD, the play continues. If the
    #100 is EVEN, the play is whistled dead … COMMIT PENALTY … after failing to execute the
    move"."""
    model = rated(
        league, game, ATTACKING, C={"quality_shot": 5, "draw_penalty": 4, "commit_penalty": 2}
    )
    carrier = at(game, ATTACKING, "C")
    shown = Draw(left(red=red), right(n100=n100))
    result = offensive_option(model, game, ATTACKING, carrier, "quality shot", cards(shown))
    if penalty is None:
        assert result.penalties == ()
    else:
        kind, whistled = penalty
        assert result.penalties == (PenaltyCheck("home", carrier, kind, n100, whistled),)


# Defensive-zone hitting (L310-L318).


@pytest.mark.parametrize(
    ("strategy", "red", "hits", "big"),
    [("HIT", 3, 1, False), ("HIT", 1, 1, True), ("HIT", 4, 0, False), ("HIT-", 1, 0, False)],
)
def test_the_defence_recovering_hits_as_its_strategy_section_says(
    league, game, strategy, red, hits, big
):
    """Seed L312-L316: "Refer to the HITTING Section of the Left PRC matching the team's
    strategy. If HIT is there, the defensive player listed on the Right PRC will attempt to
    make a hit … If the section is blank, a hit will not be attempted … draw a new card and
    refer to the Red Number … within the Defensive Big Hit Range, a BIG HIT occurs". The
    card shows HIT under HIT and a blank under HIT-."""
    game.visitor.hitting = strategy
    model = rated(league, game, ATTACKING, C={"quality_shot": 0})
    model = rated(model, game, "visitor", RD={"hit": 3, "big_hit": 1})
    failed = Draw(left(red=2, hit="HIT"), right(zone_def="RD"))
    hit_card = Draw(left(red=red), right())
    script = cards(failed, hit_card) if strategy == "HIT" else cards(failed)
    carrier = at(game, ATTACKING, "C")
    result = offensive_option(model, game, ATTACKING, carrier, "quality shot", script)
    assert result.outcome == Possession("visitor", END, None)
    expected = (Hit("visitor", at(game, "visitor", "RD"), big),) if hits else ()
    assert result.hits == expected
    assert game.total("visitor", "hits") == hits


@pytest.mark.parametrize(("red", "penalised"), [(3, False), (4, True)])
def test_a_p_question_mark_makes_a_missed_hit_a_possible_penalty(league, game, red, penalised):
    """Seed L318: "If the Red Number is above the defensive player's Defensive Hit Range, he
    does not deliver the hit and will be called for a penalty if the Official chooses to call
    the penalty"."""
    model = rated(league, game, ATTACKING, C={"quality_shot": 0})
    model = rated(model, game, "visitor", LD={"hit": 3, "big_hit": 0})
    failed = Draw(left(red=2, hit="P?"), right(zone_def="LD"))
    carrier = at(game, ATTACKING, "C")
    result = offensive_option(
        model, game, ATTACKING, carrier, "quality shot", cards(failed, Draw(left(red=red), right()))
    )
    hitter = at(game, "visitor", "LD")
    if penalised:
        assert result.penalties == (PenaltyCheck("visitor", hitter, "hitting", red, True),)
        assert result.hits == ()
    else:
        assert result.penalties == () and result.hits == (Hit("visitor", hitter, False),)


# The loose puck (L320-L417).


@pytest.mark.parametrize(
    ("blue", "outcome"),
    [
        (3, "set-up"),  # within S-U 4 and Q-S 6, odd: sets up
        (4, "quality shot"),  # within both, even: shoots
        (5, "quality shot"),  # within Q-S only
        (9, "puck"),  # within Offense 12 only
        (12, "puck"),
        (13, "defence"),
    ],
)
def test_offense_normal_recovers_on_offense_and_may_set_up_or_shoot(league, game, blue, outcome):
    """Seed L322-L330: "If the Blue Number is within the offensive player's Offense Range, he
    recovers the puck … within both the S-U Range and Q-S Range … ODD - he Sets-Up a
    teammate; if the Blue Number is EVEN - he creates a Quality Scoring chance for himself …
    OUT OF RANGE … The defense automatically recovers the puck"."""
    model = rated(
        league, game, ATTACKING, LW={"offense": 12, "set_up": 4, "quality_shot": 6, "grade": "A"}
    )
    model = rated(
        model,
        game,
        ATTACKING,
        C={"grade": "B"},
        RW={"grade": "C"},
        LD={"grade": "C"},
        RD={"grade": "C"},
    )
    shown = Draw(
        left(blue=blue, zone="OFFENSE NORMAL", side="L"),
        right(zone_off="LW", zone_def="LD", grade="B", grade_pos="F"),
    )
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    player = at(game, ATTACKING, "LW")
    expected = {
        "set-up": ShotChance(at(game, ATTACKING, "C"), "q", "set-up"),
        "quality shot": ShotChance(player, "q", "quality shot"),
        "puck": Possession(ATTACKING, END, player),
        "defence": Possession("visitor", END, None),
    }[outcome]
    assert result.outcome == expected


@pytest.mark.parametrize(("blue", "chance"), [(5, "hq"), (6, "q"), (12, "q"), (13, None)])
def test_offense_dangerous_is_a_quality_chance_or_a_high_quality_one_within_hqs(
    league, game, blue, chance
):
    """Seed L332-L336: "he recovers the puck and attempts a Shot on Goal and it is considered
    a Quality chance. If the Blue Number is also within the offensive player's HQS Range … a
    High Quality chance"."""
    model = rated(league, game, ATTACKING, RW={"offense": 12, "hqs": 5})
    shown = Draw(left(blue=blue, zone="OFFENSE DANGEROUS"), right(zone_off="RW", zone_def="RD"))
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    if chance is None:
        assert result.outcome == Possession("visitor", END, None)
    else:
        assert result.outcome == ShotChance(at(game, ATTACKING, "RW"), chance, "dangerous play")


@pytest.mark.parametrize(
    ("zone", "answer", "blue", "outcome"),
    [
        ("OFFENSE NORMAL", False, 1, Possession("visitor", END, None)),
        ("OFFENSE NORMAL", True, 11, Rush("visitor")),
        ("OFFENSE DANGEROUS", True, 11, Rush("visitor")),
        ("HOLD PUCK IN", True, 11, Rush("visitor")),
        ("HOLD PUCK IN", False, 1, Possession("visitor", END, None)),
    ],
)
def test_a_starred_defenceman_activates_or_not_and_failing_gives_a_rush(
    league, game, zone, answer, blue, outcome
):
    """Seed L322: "If the player listed on the Right PRC is *LD or *RD, a play may be made,
    but the defenseman must determine if he will activate … If he fails to make the play,
    the opposing team gets an automatic Rush/Transition". Staying back hands the defence the
    puck (README §11.4, as L370 says for board scrums)."""
    model = rated(league, game, ATTACKING, LD={"offense": 10})
    coach = Pinch(answer)
    shown = Draw(left(blue=blue, zone=zone), right(zone_off="*LD", zone_def="C"))
    result = loose_puck(model, game, ATTACKING, coach, cards(shown))
    assert (result.outcome, coach.asked) == (outcome, 1)


def test_an_activated_defenceman_who_recovers_has_the_puck(league, game):
    """Seed L322-L324: activated, "If the Blue Number is within the offensive player's
    Offense Range, he recovers the puck"."""
    model = rated(league, game, ATTACKING, RD={"offense": 10, "set_up": 0, "quality_shot": 0})
    shown = Draw(left(blue=10, zone="OFFENSE NORMAL"), right(zone_off="*RD", zone_def="C"))
    result = loose_puck(model, game, ATTACKING, Pinch(True), cards(shown))
    assert result.outcome == Possession(ATTACKING, END, at(game, ATTACKING, "RD"))


@pytest.mark.parametrize(("blue", "outcome"), [(10, "keeps"), (11, "rush")])
def test_a_bad_bounce_makes_a_starred_defenceman_play_and_a_miss_is_a_rush(
    league, game, blue, outcome
):
    """Seed L378-L382: "If the player … is a *LD or *RD, the defenseman MUST attempt to play
    the puck … OUT OF RANGE … the opposing team gets an automatic rush/transition"."""
    model = rated(league, game, ATTACKING, LD={"offense": 10})
    shown = Draw(left(blue=blue, zone="BAD BOUNCE"), right(zone_off="*LD", zone_def="C"))
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    keeps = Possession(ATTACKING, END, at(game, ATTACKING, "LD"))
    assert result.outcome == (keeps if outcome == "keeps" else Rush("visitor"))


@pytest.mark.parametrize(("blue", "held"), [(8, True), (9, False)])
def test_holding_the_puck_in_keeps_it_or_the_play_moves_to_the_neutral_zone(
    league, game, blue, held
):
    """Seed L372-L376: "If the Blue Number is within the offensive player's Offense Range, he
    maintains control … OUT OF RANGE … the play moves to the Neutral Zone"; the defence
    has it there (README §11.4)."""
    model = rated(league, game, ATTACKING, C={"offense": 8})
    shown = Draw(left(blue=blue, zone="HOLD PUCK IN"), right(zone_off="C", zone_def="LD"))
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    carrier = at(game, ATTACKING, "C")
    expected = (
        Possession(ATTACKING, END, carrier) if held else Possession("visitor", "neutral", None)
    )
    assert result.outcome == expected


@pytest.mark.parametrize(
    ("red", "made", "hit", "big"),
    [
        (1, True, True, True),
        (3, True, True, False),
        (6, True, False, False),
        (7, False, False, False),
    ],
)
def test_defense_play_puck_reads_defense_and_may_add_a_hit(league, game, red, made, hit, big):
    """Seed L340-L346: "If the Red Number is within the defensive player's Defense Range, he
    makes the play … also within the defensive player's Hit Range, he makes the play and
    delivers a hit … OUT OF RANGE … the puck is recovered by the offensive player listed"."""
    model = rated(league, game, "visitor", LD={"defense": 6, "hit": 3, "big_hit": 1})
    shown = Draw(left(red=red, zone="DEFENSE PLAY PUCK"), right(zone_off="C", zone_def="LD"))
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    defender = at(game, "visitor", "LD")
    expected = (
        Possession("visitor", END, defender)
        if made
        else Possession(ATTACKING, END, at(game, ATTACKING, "C"))
    )
    assert result.outcome == expected
    assert result.hits == ((Hit("visitor", defender, big),) if hit else ())


def test_a_hit_may_land_even_when_the_defender_misses_the_puck(league, game):
    """Seed L346: "A hit or big hit may still be delivered, even if the defender does not
    make the play … but the offense now has possession of the puck"."""
    model = rated(league, game, "visitor", RD={"defense": 2, "hit": 4, "big_hit": 0})
    shown = Draw(left(red=4, zone="DEFENSE PLAY PUCK"), right(zone_off="RW", zone_def="RD"))
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    assert result.outcome == Possession(ATTACKING, END, at(game, ATTACKING, "RW"))
    assert result.hits == (Hit("visitor", at(game, "visitor", "RD"), False),)
    assert game.total("visitor", "hits") == 1


@pytest.mark.parametrize(
    ("zone", "ratings", "red", "made"),
    [
        ("DEFENSE PLAY MAN", {"hit": 4, "big_hit": 1}, 4, True),
        ("DEFENSE PLAY MAN", {"hit": 4, "big_hit": 1}, 5, False),
        ("DEFENSE TAKEAWAY", {"takeaway": 6, "hit": 0}, 6, True),
        ("DEFENSE TAKEAWAY", {"takeaway": 6, "hit": 0}, 7, False),
    ],
)
def test_playing_the_man_reads_hit_and_a_takeaway_reads_t_a(league, game, zone, ratings, red, made):
    """Seed L348-L354: play man, "If the Red Number is within the defensive player's Hit
    Range, he delivers the hit … and his team regains possession"; takeaway, "within the
    defensive player's Takeaway Range, he poke checks the puck away"; out of range, "the
    puck is recovered by the offensive player listed"."""
    model = rated(league, game, "visitor", C=ratings)
    shown = Draw(left(red=red, zone=zone), right(zone_off="LW", zone_def="C"))
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    expected = (
        Possession("visitor", END, at(game, "visitor", "C"))
        if made
        else Possession(ATTACKING, END, at(game, ATTACKING, "LW"))
    )
    assert result.outcome == expected
    assert len(result.hits) == (1 if zone == "DEFENSE PLAY MAN" and made else 0)


@pytest.mark.parametrize(
    ("red", "physical", "n", "hits"),
    [
        (5, "HIT", 2, 1),
        (5, "HIT", 3, 0),
        (5, "BIG HIT", 1, 1),
        (5, None, None, 0),
        (6, "HIT", 1, 0),
    ],
)
def test_an_offensive_battle_won_on_o_bat_may_add_the_physical_section_hit(
    league, game, red, physical, n, hits
):
    """Seed L356-L360: "If the Red Number is within the offensive player's Offensive Battle
    Range, he wins the battle … If the PHYSICAL SECTION of the Right PRC shows an action
    that is within the offensive player's range for that action, he may also apply a hit";
    README §5.4: HIT n against his Hit, BIG HIT n against his Big Hit."""
    model = rated(league, game, ATTACKING, RW={"o_battle": 5, "hit": 2, "big_hit": 1})
    shown = Draw(
        left(red=red, zone="O-BATTLE"),
        right(zone_off="RW", zone_def="LD", physical=physical, physical_n=n),
    )
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    won = red <= 5
    player = at(game, ATTACKING, "RW")
    assert result.outcome == (
        Possession(ATTACKING, END, player) if won else Possession("visitor", END, None)
    )
    assert len(result.hits) == hits == game.total("home", "hits")
    if hits:
        assert result.hits[0].big is (physical == "BIG HIT")


@pytest.mark.parametrize(
    ("blue", "won", "hit"),
    [(4, True, True), (5, True, False), (11, True, False), (12, False, False)],
)
def test_a_defensive_battle_won_on_d_bat_hits_within_phy(league, game, blue, won, hit):
    """Seed L362-L366: "If the Blue Number is within the defensive player's Defensive Battle
    Range, he wins the battle … also within the Defender's PHY Rating, he delivers a hit …
    OUT OF RANGE … the player listed on the Right PRC controls the puck"."""
    model = rated(league, game, "visitor", RD={"d_battle": 11, "physical": 4})
    shown = Draw(left(blue=blue, zone="D-BATTLE"), right(zone_off="C", zone_def="RD"))
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    defender = at(game, "visitor", "RD")
    assert result.outcome == (
        Possession("visitor", END, defender)
        if won
        else Possession(ATTACKING, END, at(game, ATTACKING, "C"))
    )
    assert result.hits == ((Hit("visitor", defender, False),) if hit else ())


@pytest.mark.parametrize(
    ("offset", "blue", "winner"),
    [(0, 6, "visitor"), (0, 7, "home"), (2, 8, "visitor"), (2, 9, "home")],
)
def test_a_board_scrum_goes_to_the_defence_on_a_blue_within_d_bat_minus_o_bat(
    league, game, offset, blue, winner
):
    """Seed L370: "subtract the offensive player's Offensive Battle Rating from the defensive
    player's Defensive Battle Rating to find the Range … If the Blue Number is within that
    range, the defensive player wins … above that range … the offensive player wins"; README
    §9 Q1: `Settings.board_scrum_offset` is added to the range. D-BAT 11 minus O-BAT 5 = 6."""
    model = rated(league, game, ATTACKING, LW={"o_battle": 5, "hit": 0})
    model = rated(model, game, "visitor", LD={"d_battle": 11, "physical": 0})
    model = replace(model, settings=Settings(board_scrum_offset=offset))
    shown = Draw(
        left(blue=blue, zone="BOARD SCRUM", zone_who="LW"), right(zone_off="C", zone_def="LD")
    )
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    expected = (
        Possession("visitor", END, at(game, "visitor", "LD"))
        if winner == "visitor"
        else Possession(ATTACKING, END, at(game, ATTACKING, "LW"))
    )
    assert result.outcome == expected


@pytest.mark.parametrize(
    ("blue", "n100", "loser", "hits"),
    [(3, 2, "home", 1), (6, 2, "home", 0), (7, 2, "visitor", 1), (7, 4, None, 1)],
)
def test_a_board_scrum_hits_on_phy_or_the_physical_section_and_checks_the_loser(
    league, game, blue, n100, loser, hits
):
    """Seed L370: the defender "may deliver a hit if the Blue Number is low enough to be
    within his PHY Range … If the PHYSICAL SECTION of the Right PRC calls for an action that
    is within that player's given range, he may tally a hit … Penalties are only committed in
    Board Scrums. The player who fails to make the play will be checked for a penalty"."""
    model = rated(league, game, ATTACKING, C={"o_battle": 5, "hit": 3, "commit_penalty": 2})
    model = rated(model, game, "visitor", RW={"d_battle": 11, "physical": 3, "commit_penalty": 3})
    shown = Draw(
        left(blue=blue, zone="BOARD SCRUM", zone_who="C"),
        right(n100=n100, zone_off="LW", zone_def="RW", physical="HIT", physical_n=3),
    )
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    assert len(result.hits) == hits
    if loser is None:
        assert result.penalties == ()
    else:
        position = "C" if loser == "home" else "RW"
        (check,) = result.penalties
        assert (check.side, check.player, check.kind) == (
            loser,
            at(game, loser, position),
            "commit",
        )


@pytest.mark.parametrize(
    ("side", "answer", "blue", "outcome"),
    [
        ("L", False, 1, Possession("visitor", END, None)),
        ("R", True, 7, "RD"),  # 11 - 5 = 6: 7 is the offence's
        ("R", True, 6, Rush("visitor")),
    ],
)
def test_a_board_scrum_star_d_is_the_defenceman_on_the_left_face_side_who_may_stay_back(
    league, game, side, answer, blue, outcome
):
    """Seed L370: "If the offensive player listed is a *D, use the Left PRC left or right
    indicator … If the defenseman does jump into the play, but fails to win the battle, the
    defensive team gets an automatic rush/transition. If the defenseman chooses not to enter
    the battle, the defensive team gains control of the puck"."""
    model = rated(league, game, ATTACKING, LD={"o_battle": 5}, RD={"o_battle": 5})
    model = rated(model, game, "visitor", C={"d_battle": 11, "physical": 0})
    coach = Pinch(answer)
    shown = Draw(
        left(blue=blue, zone="BOARD SCRUM", zone_who="*D", side=side),
        right(zone_off="LW", zone_def="C"),
    )
    result = loose_puck(model, game, ATTACKING, coach, cards(shown))
    if outcome == "RD":
        outcome = Possession(ATTACKING, END, at(game, ATTACKING, "RD"))
    assert (result.outcome, coach.asked) == (outcome, 1)


@pytest.mark.parametrize(
    ("zone", "red", "blue", "outcome"),
    [
        ("GOALIE FREEZE PUCK", 1, 14, Stoppage(END, True, "goalie freezes the puck", True)),
        ("GOALIE FREEZE PUCK", 1, 15, "offence"),
        ("GOALIE MOVE PUCK", 3, 20, Possession("visitor", END, None)),
        ("GOALIE MOVE PUCK", 5, 20, LoosePuck(END)),
        ("GOALIE MOVE PUCK", 6, 20, "offence"),
    ],
)
def test_the_goalie_freezes_on_rebound_control_and_moves_the_puck_on_play_puck(
    league, game, zone, red, blue, outcome
):
    """Seed L392-L402: freeze, "If the Blue Number is within the Goalie's Rebound Control
    Range, he covers and freezes the puck. [T]"; move, "within the Goalie's Play Puck Range,
    he moves the puck to the corner; proceed to a Loose Puck scenario … within the Goalie's
    Control Puck Range, he plays the puck to a teammate"; out of range, "the player listed
    on the Right PRC in control of the puck". The freeze marks [T] on a power play too
    (L1054: "A Loose Puck Scenario calls for the goalie to freeze the puck")."""
    goalie = game.visitor.lineup.goalie.goalie_id
    card = league.goalie_cards[goalie]
    ratings = {**card.ratings, "rebound_control": 14, "play_puck": 5, "control_puck": 3}
    model = replace(
        league, goalie_cards={**league.goalie_cards, goalie: replace(card, ratings=ratings)}
    )
    shown = Draw(left(red=red, blue=blue, zone=zone), right(zone_off="RW", zone_def="LD"))
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    if outcome == "offence":
        outcome = Possession(ATTACKING, END, at(game, ATTACKING, "RW"))
    assert result.outcome == outcome


@pytest.mark.parametrize(
    ("zone", "faceoff", "timed"),
    [
        ("PUCK OUT OF PLAY", END, True),
        ("PUCK FROZEN", END, True),
        ("BOARD SCRUM PUCK FROZEN", END, True),
        ("HIGH STICK D", END, True),
        ("HAND PASS", "neutral", False),
        ("HIGH STICK O", "neutral", False),
    ],
)
def test_a_zone_stoppage_names_its_faceoff_zone_and_its_timing(league, game, zone, faceoff, timed):
    """Seed L404-L415: out of play, frozen, frozen in a board scrum and the defence's high
    stick, "The puck stays in zone for a faceoff. [T]"; the offence's hand pass or high
    stick, "The puck moves to the Neutral Zone for a faceoff. No timing sequence occurs"."""
    shown = Draw(left(zone=zone), right(zone_off="C", zone_def="C"))
    result = loose_puck(league, game, ATTACKING, NEVER_ASKED, cards(shown))
    assert isinstance(result.outcome, Stoppage)
    assert (result.outcome.faceoff_zone, result.outcome.timed) == (faceoff, timed)


@pytest.mark.parametrize(
    ("zone", "red", "blue", "n100", "kind", "side"),
    [
        ("OFFENSE NORMAL", 1, 5, 2, "draw", "home"),
        ("OFFENSE NORMAL", 1, 15, 2, "commit", "home"),
        ("DEFENSE PLAY PUCK", 5, 1, 2, "draw", "visitor"),
        ("DEFENSE PLAY PUCK", 6, 1, 2, "commit", "visitor"),
    ],
)
def test_a_loose_puck_player_draws_a_penalty_making_his_play_and_commits_one_failing(
    league, game, zone, red, blue, n100, kind, side
):
    """Seed L384-L388: "if #100 on the Right PRC is within the player's Draw Penalty number,
    he makes the play and draws a penalty … within the original player's Commit Penalty
    number, he fails to make the play and is called for a penalty"."""
    model = rated(
        league,
        game,
        ATTACKING,
        LW={"offense": 10, "set_up": 0, "quality_shot": 0, "draw_penalty": 2, "commit_penalty": 2},
    )
    model = rated(
        model, game, "visitor", LD={"defense": 5, "hit": 0, "draw_penalty": 2, "commit_penalty": 2}
    )
    shown = Draw(
        left(red=red, blue=blue, zone=zone), right(n100=n100, zone_off="LW", zone_def="LD")
    )
    result = loose_puck(model, game, ATTACKING, NEVER_ASKED, cards(shown))
    player = at(game, side, "LW" if side == "home" else "LD")
    assert result.penalties == (PenaltyCheck(side, player, kind, n100, True),)


def test_a_failed_defensive_play_on_offense_dangerous_gives_the_dangerous_play(league, game):
    """Seed L417: "Whenever the defense or the goalie has a chance to make a play and fails to
    do so AND the Left PRC Zone Play section shows OFFENSE DANGEROUS, the player listed on
    the Right PRC gets an automatic Dangerous Play opportunity"."""
    model = rated(league, game, ATTACKING, C={"offense": 12, "hqs": 4})
    dangerous = Draw(left(blue=3, zone="OFFENSE DANGEROUS"), right(zone_off="C", zone_def="LD"))
    result = dangerous_play_on_failure(model, game, ATTACKING, NEVER_ASKED, dangerous, NO_CARDS)
    assert result is not None
    assert result.outcome == ShotChance(at(game, ATTACKING, "C"), "hq", "dangerous play")
    other_face = Draw(left(blue=3, zone="D-BATTLE"), right(zone_off="C", zone_def="LD"))
    assert (
        dangerous_play_on_failure(model, game, ATTACKING, NEVER_ASKED, other_face, NO_CARDS) is None
    )


# The activation question (L322).


@pytest.mark.parametrize(
    ("success", "home_goals", "visitor_goals", "activates"),
    [
        (Fraction(1, 2), 0, 0, True),
        (Fraction(9, 20), 0, 0, False),
        (Fraction(9, 20), 0, 1, True),  # trailing
        (Fraction(9, 20), 1, 0, False),
    ],
)
def test_by_the_book_activates_a_skilled_defenceman_or_any_when_trailing(
    league, game, success, home_goals, visitor_goals, activates
):
    """Seed L322: "Only skilled defenseman should attempt to make these plays or any
    defenseman if the team is trailing or desperate for a score"; skilled: he makes the
    play at least half the time (README §11.4)."""
    game.count("home", "goals", home_goals)
    game.count("visitor", "goals", visitor_goals)
    answer = ByTheBook().activate(game, "home", at(game, "home", "LD"), success, (True, False))
    assert answer is activates


def test_random_legal_activation_takes_both_answers_and_an_illegal_one_is_refused(league, game):
    """Issue 14: every coach answers from the options offered, and an answer not offered is
    refused."""
    model = rated(league, game, ATTACKING, LD={"offense": 10})
    coach = RandomLegal(random.Random(4))
    defenceman = at(game, ATTACKING, "LD")
    answers = {
        coach.activate(game, "home", defenceman, Fraction(1, 2), (True, False)) for _ in range(40)
    }
    assert answers == {True, False}
    shown = Draw(left(blue=1, zone="OFFENSE NORMAL"), right(zone_off="*LD", zone_def="C"))
    stubborn = Pinch("yes")  # type: ignore[arg-type]
    with pytest.raises(IllegalChoice, match="'yes' for activation"):
        loose_puck(model, game, ATTACKING, stubborn, cards(shown))
