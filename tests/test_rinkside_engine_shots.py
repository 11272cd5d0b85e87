"""RINKSIDE HOCKEY's shots and saves, each rule on hand-made draws read against the shipped
workbook's cards: the visitor's right wing (Target 83, Sniper 17, P-P 20, S-H 15, NET 5)
shoots on the home starter (green 81, blue 90, black 96, GREAT SAVE 1, big saves 3/4/5,
Rebound Control 14, Scramble 12, Recover 10, columns easy 3/7/8 and difficult 0/4/8, save
types 3/6/8), whose left defenceman blocks on B-S 8 and clears on Defense 7."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from fractions import Fraction
from typing import Any

import pytest
from rinkside_engine import HOME, VISITOR, Script, new_game, rated

from authoring.games.rinkside import GAME
from authoring.games.rinkside.consistency import class_save
from authoring.games.rinkside.deck import Face
from authoring.games.rinkside.draws import Draw
from authoring.games.rinkside.model import GoalieCard, Rinkside, SkaterCard, build_model
from authoring.games.rinkside.saves import (
    CHANCES,
    SAVE_NUMBER,
    Chance,
    after_rescue,
    challenged,
    rescue,
    save_column,
    save_type,
    stopped,
)
from authoring.games.rinkside.shots import MAX_SHOTS, assists, take_shot
from authoring.games.rinkside.state import GameState
from authoring.games.rinkside.zone import set_up_shooter
from authoring.validate import validate_workbook

# The shared fixtures from rinkside_engine, found by pytest under their fixture names.
SHARED_FIXTURES = (new_game,)

# The ratings this module's hand-made draws are written against (the module docstring), set
# on the shipped league so that a retuned workbook does not move them.
HOME_STARTER = {
    "save_green": 81,
    "save_blue": 90,
    "save_black": 96,
    "great_save": 1,
    "big_good": 3,
    "big_very_good": 4,
    "big_great": 5,
    "goalie_rating": 78,
    "sht": 95,
    "shootout": 70,
    "easy_cover": 3,
    "easy_corner": 7,
    "easy_rebound": 8,
    "diff_cover": 0,
    "diff_corner": 4,
    "diff_rebound": 8,
    "type_glove": 3,
    "type_pad": 6,
    "type_blocker": 8,
    "rebound_control": 14,
    "scramble": 12,
    "recover": 10,
    "play_puck": 5,
    "control_puck": 3,
}
VISITOR_RW = {"shot_target": 83, "sniper": 17, "pp_sniper": 20, "sh_sniper": 15, "net": 5}
HOME_LD = {"blocked_shot": 8, "defense": 7}
VISITOR_SET_UP = {"LW": 3, "C": 4, "RW": 5, "LD": 4, "RD": 4}  # the assists' ranking (L696)


@pytest.fixture(scope="module", name="league")
def documented_league() -> Rinkside:
    shipped = build_model(validate_workbook(GAME.workbook, GAME).tables)
    game = GameState.new(shipped, HOME, VISITOR)
    starter = game.home.lineup.goalie.goalie_id
    card = shipped.goalie_cards[starter]
    goalies = {
        **shipped.goalie_cards,
        starter: replace(card, ratings={**card.ratings, **HOME_STARTER}),
    }
    skaters = dict(shipped.skater_cards)
    pinned_skaters = [(game.visitor.at(p), {"set_up": n}) for p, n in VISITOR_SET_UP.items()]
    pinned_skaters += [(game.visitor.line.rw, VISITOR_RW), (game.home.pair.ld, HOME_LD)]
    for skater, ratings in pinned_skaters:
        printed = skaters[skater.skater_id]
        skaters[skater.skater_id] = SkaterCard(skater.skater_id, {**printed.ratings, **ratings})
    return replace(shipped, goalie_cards=goalies, skater_cards=skaters)


QUIET = {"zone_def": "LD", "zone_off": "C", "grade": "A", "grade_pos": "F"}


def shown(
    black100: int = 99,
    *,
    red: int = 10,
    blue: int = 20,
    n100: int = 50,
    left: dict[str, Any] | None = None,
    right: dict[str, Any] | None = None,
    right_blue: int = 1,
    right_n100: int = 50,
) -> Draw:
    """A draw showing `black100` (its tens on the Left face, units on the Right), the Left
    face's numbers and sections `left`, the Right face's `right`."""
    tens, units = divmod(black100 % 100, 10)
    return Draw(
        Face(black=tens, n100=n100, red=red, blue=blue, **(left or {})),
        Face(black=units, n100=right_n100, red=1, blue=right_blue, **{**QUIET, **(right or {})}),
    )


def shoot(
    league: Rinkside,
    game: GameState,
    *draws: Draw,
    chance: Chance = "lq",
    last: Draw | None = None,
    **keywords: Any,
):

    script = Script(*draws)
    shooter = game.visitor.line.rw
    result = take_shot(
        league, game, "visitor", shooter, chance, script, last=last or shown(), **keywords
    )
    script.done()
    return result


# Saves whose digits lead nowhere further: an easy 62 (first digit 6: corner on easy 3/7/8,
# 2nd digit 2: glove) and a difficult 23 (corner on 0/4/8; pad).
EASY_CORNER = shown(62)
HARD_CORNER = shown(23)


# On and off target, and the specific numbers (L423-L441).


@pytest.mark.parametrize(
    ("black", "result", "then"),
    [
        (84, "missed", "loose puck"),
        (96, "missed", "loose puck"),
        (97, "wide around the boards", "neutral zone"),
        (100, "wide around the boards", "neutral zone"),
        (55, "can't tee it up", "loose puck"),
        (66, "bouncing puck", "loose puck"),
        (77, "fans on the shot", "loose puck"),
        (88, "stick breaks", "loose puck"),
    ],
)
def test_a_shot_off_target_or_on_a_specific_number_never_reaches_the_goalie(
    league, game, black, result, then
):
    """Seed L423-L441: "If the Black #100 is out of the player's Shot Target Range, the shot
    is missed wide or high. Proceed to a Loose Puck scenario"; 55, 66, 77, 88 each "proceed
    to a Loose Puck scenario"; "97-100 … rings around the boards and clears the zone"."""
    outcome = shoot(league, game, shown(black))
    assert (outcome.attempts[0].result, outcome.then) == (result, then)
    assert game.total("visitor", "shots") == 0


def test_a_shot_within_the_target_goes_on_goal_and_a_new_draw_decides_the_save(league, game):
    """Seed L425: "If the Black #100 is within the player's Shot Target Range, the shot is on
    net"; the goalie's number is read on the next draw's Black #100 (README §11.5): 83 is on
    target, and 62 is within his black number 96."""
    outcome = shoot(league, game, shown(83), EASY_CORNER)
    assert outcome.attempts[0].result == "saved"
    assert outcome.then == "loose puck"
    assert (game.total("visitor", "shots"), outcome.saves) == (1, 1)
    assert game.total("home", "saves") == 1


@pytest.mark.parametrize(
    ("strength", "black", "sniper"),
    [
        ("even", 17, True),
        ("even", 18, False),
        ("power play", 20, True),
        ("power play", 21, False),
        ("short-handed", 15, True),
        ("short-handed", 16, False),
    ],
)
def test_the_sniper_range_makes_a_high_quality_chance(league, game, strength, black, sniper):
    """Seed L427: within "the player's Sniper Range, the shot … is a High Quality Scoring
    chance"; L562: the "SNIPER Rating, P-P SNIPER Rating or S-H SNIPER Rating" (README
    §5.6: P-P on the power play, S-H short-handed)."""
    outcome = shoot(league, game, shown(black), HARD_CORNER, strength=strength)
    shot = outcome.attempts[0]
    assert shot.sniper is sniper
    assert shot.chance == ("hq" if sniper else "lq")


# Blocked shots (L443-L465).


def blocking(symbol: str, who: str = "LD") -> Draw:
    """The draw that called for the shot, with a block symbol and the blocker named."""
    return shown(left={"shot_symbol": symbol}, right={"block_who": who})


@pytest.mark.parametrize(
    ("symbol", "result", "then", "steps"),
    [
        ("BLOCKED SHOT", "blocked", "loose puck", 0),
        ("STICK BLOCK", "stick block", "loose puck", 0),
        ("BLOCKED SHOT OoP", "blocked out of play", "zone faceoff", 1),
        ("BLOCKED/DEFLECTED ON NET", "blocked", "loose puck", 0),
        ("BLOCK/SCREEN", "blocked", "loose puck", 0),
    ],
)
def test_the_blocker_stops_the_shot_on_a_red_within_his_block_rating(
    league, game, symbol, result, then, steps
):
    """Seed L447-L451: the Right face's blocked-shot player; "If the Left PRC Red Number is
    within the player's B-S rating, a blocked shot occurs. Proceed to a Loose Puck
    scenario"; OoP: "the puck flies over the glass and out of play. [T]"."""
    outcome = shoot(league, game, shown(30, red=8), last=blocking(symbol))
    assert (outcome.attempts[0].result, outcome.then, game.steps) == (result, then, steps)
    assert outcome.attempts[0].by == game.home.pair.ld


def test_a_red_above_his_block_rating_lets_the_shot_through(league, game):
    """Seed L447: only a red "within the player's B-S rating" blocks: 9 is above 8."""
    outcome = shoot(league, game, shown(30, red=9), HARD_CORNER, last=blocking("BLOCKED SHOT"))
    assert outcome.attempts[0].result == "saved"


@pytest.mark.parametrize(("red", "then"), [(4, "loose puck"), (3, "neutral zone")])
def test_a_block_shot_clear_sends_the_puck_to_the_corner_or_out(league, game, red, then):
    """Seed L453-L455: "the defender listed in the Zone Play section of the Right PRC is
    called upon to clear … within the player's Defense Rating, he clears the puck to the
    corner … a result number of 1 or 3 … to the Neutral Zone" (the clear reads the next
    draw's red, README §11.5)."""
    outcome = shoot(
        league, game, shown(30, red=8), shown(red=red), last=blocking("BLOCK SHOT CLEAR")
    )
    assert outcome.then == then
    assert outcome.clears == ((game.home.pair.ld, True),)


def test_a_failed_block_shot_clear_gives_a_high_quality_rebound_shot(league, game):
    """Seed L453: "If the Left PRC Red Number is above the player's Defense Rating, he fails
    to clear the puck and the offense will get a rebound shot"; the shooter as for a set-up
    (grade A, forward, Left: the left winger of the two A forwards)."""
    failed = shown(red=8, left={"side": "L"}, right={"grade": "A", "grade_pos": "F"})
    outcome = shoot(
        league, game, shown(30, red=8), failed, shown(40), HARD_CORNER,
        last=blocking("BLOCK SHOT CLEAR"),
    )  # fmt: skip
    rebound = outcome.attempts[1]
    assert (rebound.shooter, rebound.chance) == (game.visitor.line.c, "hq")
    assert outcome.clears == ((game.home.pair.ld, False),)


def test_an_unblocked_shot_deflected_on_net_reaches_the_goalie_even_off_target(league, game):
    """Seed L459-L461: "If the block shot does not occur, it is instead deflected on net, and
    the goalie must save it or a goal is scored"; a high-quality chance (L538). 90 is off the
    shooter's target, and 90 > green 81 with no great save scores, unassisted (L698: "the
    puck is deflected into the net by a defensive player"). The shot was easy (90), so the
    goalie's confidence is checked (L566) on a last draw."""
    outcome = shoot(
        league, game, shown(90, red=9), shown(90), shown(blue=20), shown(n100=100),
        last=blocking("BLOCKED/DEFLECTED ON NET"),
    )  # fmt: skip
    goal = outcome.goal
    assert goal is not None and goal.assists == ()
    assert outcome.attempts[0].traffic == "block deflection"
    assert outcome.attempts[0].chance == "hq"


@pytest.mark.parametrize(("black", "result"), [(30, "saved"), (84, "missed")])
def test_an_unblocked_block_screen_is_a_screened_shot_only_on_target(league, game, black, result):
    """Seed L463-L465: "If the block shot does not occur, it is instead a screened shot
    (provided the shot is on target …)"."""
    draws = [shown(black, red=9)] + ([shown(51), shown(blue=5)] if result == "saved" else [])
    outcome = shoot(league, game, *draws, last=blocking("BLOCK/SCREEN"))
    assert outcome.attempts[0].result == result
    if result == "saved":
        assert outcome.attempts[0].traffic == "screen"
        assert outcome.attempts[0].save.challenged


# Screens and deflections (L467-L479).


def traffic(symbol: str, who: str) -> Draw:
    return shown(left={"shot_symbol": symbol}, right={"net_who": who})


def test_a_screen_on_a_red_within_the_net_rating_makes_a_screened_high_quality_shot(league, game):
    """Seed L471: "If the Left PRC Red Number is within the screening player's NET rating, he
    screens the goalie IF the shot is on target"; a screened shot is high quality (L538) and
    tests his rebound control when saved (L618). The centre's NET is 5."""
    outcome = shoot(league, game, shown(60, red=5), shown(51), shown(blue=5),
                    last=traffic("SCREEN", "C"))  # fmt: skip
    shot = outcome.attempts[0]
    assert (shot.traffic, shot.by, shot.chance) == ("screen", game.visitor.line.c, "hq")
    assert shot.save is not None and shot.save.challenged
    unscreened = shoot(league, game, shown(60, red=6), EASY_CORNER, last=traffic("SCREEN", "C"))
    assert (unscreened.attempts[0].traffic, unscreened.attempts[0].chance) == (None, "lq")


def test_a_screen_by_the_shooter_is_a_jam_at_the_net(league, game):
    """Seed L477: "When the screening player is the same player who will attempt a shot, he
    instead attempts to power to the net and jam the puck in. If he is successful, the goalie
    must attempt to save a screened shot" (on net even off target, README §11.5)."""
    outcome = shoot(league, game, shown(90, red=5), shown(51), shown(blue=5),
                    last=traffic("SCREEN", "RW"))  # fmt: skip
    assert outcome.attempts[0].traffic == "jam"
    assert outcome.attempts[0].result == "saved"


def test_a_deflection_puts_even_a_wide_shot_on_net_and_the_tipper_scores(league, game):
    """Seed L475: "If the Left PRC Red Number is within the offensive player's NET Rating, he
    deflects/tips the puck on net, whether the original shot was on target or not"; a tip
    is high quality (L538), and the shooter set it up: he has the first assist (L696)."""
    outcome = shoot(
        league, game, shown(92, red=5), shown(95), shown(blue=20),
        shown(n100=1, right_n100=1, left={"assist_credit": "1↓"}), shown(n100=100),
        last=traffic("DEFLECTION", "C"),
    )  # fmt: skip
    assert outcome.goal is not None
    assert (outcome.goal.scorer, outcome.goal.how) == (game.visitor.line.c, "deflection")
    assert outcome.goal.assists == (game.visitor.line.rw,)


def test_a_deflection_by_the_shooter_is_a_put_back_when_the_goalie_saves(league, game):
    """Seed L477: "that player gets an automatic put back chance if the goalie saves the
    original shot … the goalie must attempt to save a deflected shot"."""
    outcome = shoot(league, game, shown(60, red=5), EASY_CORNER, shown(51), shown(blue=5),
                    last=traffic("DEFLECTION", "RW"))  # fmt: skip
    first, again = outcome.attempts
    assert (first.result, again.traffic, again.chance) == ("saved", "put back", "hq")
    assert game.total("visitor", "shots") == 2


# Posts and crossbars (L481-L509).


@pytest.mark.parametrize(
    ("post", "then", "steps"),
    [
        ("POST", "loose puck", 0),
        ("CROSSBAR", "loose puck", 0),
        ("CROSSBAR OFF GLASS", "loose puck", 0),
        ("CROSSBAR OUT OF PLAY", "zone faceoff", 1),
    ],
)
def test_iron_on_target_ends_the_shot(league, game, post, then, steps):
    """Seed L483-L507: "When a shot is on target and the Right PRC shows that either a Post
    or Crossbar is hit, that is the ultimate result of the play": post, crossbar and off the
    glass give a loose puck; "over the glass and out of play. [T]"."""
    outcome = shoot(league, game, shown(40, right={"post": post}))
    assert (outcome.then, game.steps, game.total("visitor", "shots")) == (then, steps, 0)


def test_iron_off_target_is_just_a_miss(league, game):
    """Seed L483: the iron counts only "When a shot is on target"."""
    assert shoot(league, game, shown(84, right={"post": "POST"})).attempts[0].result == "missed"


def test_a_post_rebound_is_cleared_like_a_blocked_shot(league, game):
    """Seed L489: "The defensive player listed in the Zone Play section of the Right PRC must
    attempt to clear the puck. Use the same procedure for a Block Shot Clear"."""
    outcome = shoot(league, game, shown(40, right={"post": "POST REBOUND"}), shown(red=7))
    assert outcome.clears == ((game.home.pair.ld, True),)
    assert outcome.then == "loose puck"


def test_a_double_post_is_a_goalie_scramble(league, game):
    """Seed L497: "Proceed to a Goalie Scramble scenario": his Scramble Rating (12) on the
    blue scrambles it away, to a rebound-control challenge (L664)."""
    outcome = shoot(league, game, shown(40, right={"post": "DOUBLE POST"}), shown(blue=12),
                    shown(blue=1))  # fmt: skip
    assert (outcome.then, game.steps) == ("zone faceoff", 1)


# The goalie (L511-L576).


@pytest.mark.parametrize(("chance", "number"), [("hq", 81), ("q", 90), ("lq", 96)])
def test_the_chance_quality_picks_the_save_number(league, chance, number):
    """Seed L534-L546: high quality "use his Green Number", quality "his Blue Number", low
    quality "his Black Number": "If the Black #100 is higher … a goal is scored"."""
    card = league.goalie_cards["HLX-G1"]
    assert card[SAVE_NUMBER[chance]] == number
    assert stopped(card, chance, "Normal", number)
    assert not stopped(card, chance, "Normal", number + 1)
    assert not stopped(card, chance, "Bad", 82)


def test_a_goal_scores_on_a_save_draw_above_the_number(league, game):
    """Seed L544: Black #100 above the black number 96 is a goal; a difficult shot (1-50,
    L526) is no soft goal, so no confidence check; the assists take one draw (L696)."""
    outcome = shoot(league, game, shown(30), shown(97), shown(blue=2),
                    shown(n100=1, right_n100=1, left={"assist_credit": "1↓"}))  # fmt: skip
    assert outcome.goal is not None and not outcome.goal.soft
    assert outcome.then == "centre faceoff"
    assert (game.total("visitor", "shots"), game.total("visitor", "goals")) == (1, 1)
    assert outcome.saves == 0


@pytest.mark.parametrize(
    ("level", "blue", "sniper", "robbed", "after"),
    [
        ("Normal", 1, False, "great save", "Good"),
        ("Normal", 2, False, None, "Normal"),
        ("Bad", 1, False, "great save", "Normal"),
        ("Bad", 3, False, None, "Bad"),
        ("Good", 1, True, "great save", "Very Good"),
        ("Good", 3, False, "big save", "Good"),
        ("Good", 3, True, None, "Good"),
        ("Good", 4, False, None, "Good"),
        ("Very Good", 4, False, "big save", "Very Good"),
        ("Very Good", 1, False, "great save", "Great"),
        ("Great", 5, False, "big save", "Great"),
        ("Great", 1, False, "great save", "Great"),
    ],
)
def test_great_and_big_saves_rob_goals_and_move_the_level(
    league, level, blue, sniper, robbed, after
):
    """Seed L550: "If the Blue Number is equal to or lower than the goalie's GREAT SAVE number
    he robs the offensive player … is now having a Good Game … Very Good … Great"; L554:
    the BIG SAVE range by level; L558-L560 (README §5.6): a level up needs GREAT SAVE; L564:
    a sniper's shot "can only be stopped with a GREAT SAVE"; L576: a Bad Game's save
    "bumps up to Normal"."""
    card = league.goalie_cards["HLX-G1"]
    saved = rescue(card, level, blue, sniper=sniper)
    assert saved == robbed
    assert (after_rescue(level, saved) if saved else level) == after


def test_a_robbed_goal_is_a_save_and_moves_the_goalie_up(league, game):
    """Seed L550: on a great save "the goalie … is now having a Good Game"; the save's Black
    #100 still gives the save: 97 → column digit 9 on difficult 0/4/8, a rebound shot."""
    outcome = shoot(league, game, shown(30), shown(97), shown(blue=1), shown(84))
    assert outcome.attempts[0].save.rescue == "great save"
    assert game.home.goalie_level == "Good"
    assert outcome.attempts[1].chance == "hq"


@pytest.mark.parametrize(
    ("shot", "black", "column"),
    [
        ("easy", 32, "cover"),
        ("easy", 42, "corner"),
        ("easy", 72, "corner"),
        ("easy", 82, "rebound"),
        ("easy", 92, "rebound shot"),
        ("difficult", 2, "cover"),
        ("difficult", 42, "corner"),
        ("difficult", 52, "rebound"),
        ("difficult", 92, "rebound shot"),
    ],
)
def test_the_first_digit_reads_the_easy_or_difficult_column(league, shot, black, column):
    """Seed L580-L612: "The first digit of the Black #100 is then distributed among …
    Cover, Corner, Rebound and Rebound Shot" on the Easy or Difficult column."""
    assert save_column(league.goalie_cards["HLX-G1"], shot, black) == column


@pytest.mark.parametrize(
    ("black", "kind"),
    [(13, "glove"), (14, "pad"), (16, "pad"), (17, "blocker"), (18, "stick"), (19, "skate"),
     (30, "glove"), (70, "blocker"), (80, "stick")],
)  # fmt: skip
def test_the_second_digit_reads_the_save_type(league, black, kind):
    """Seed L640-L648: glove, pad, "a blocker save if the digit is ODD and a stick save if
    the digit is EVEN", skate; L692: a second digit 0 uses the first digit."""
    assert save_type(league.goalie_cards["HLX-G1"], black) == kind


def test_a_save_on_a_second_digit_zero_goes_out_of_play(league, game):
    """Seed L692: "the Black #100 2nd digit is zero, he has made the save and the puck caroms
    over the glass and out of play … Mark a [T]"."""
    outcome = shoot(league, game, shown(60), shown(70))
    save = outcome.attempts[0].save
    assert (save.then, save.kind, outcome.then, game.steps) == (
        "out of play", "blocker", "zone faceoff", 1,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("shot", "black", "tested"),
    [("easy", 5, True), ("easy", 15, False), ("difficult", 15, True), ("difficult", 25, False),
     ("difficult", 9, True), ("easy", 62, False)],
)  # fmt: skip
def test_low_saves_challenge_rebound_control(shot, black, tested):
    """Seed L620-L624: easy saves "BETWEEN 01 and 09", difficult ones "01 and 09 OR …
    11 and 19", and every screened or deflected save."""
    assert challenged(shot, black, traffic=False) is tested
    assert challenged(shot, black, traffic=True)


@pytest.mark.parametrize(
    ("blue", "then", "steps"),
    [(4, "zone faceoff", 1), (5, "loose puck", 0), (10, "loose puck", 0)],
)
def test_the_rebound_control_blue_covers_or_plays_it_to_the_corner(league, game, blue, then, steps):
    """Seed L626-L638: blue 1 up to Low RC (RC 14 - 10 = 4) covers [T]; above it "up to 10"
    to the corner (README §5.6: 10 is the low half)."""
    outcome = shoot(league, game, shown(60), shown(5), shown(blue=blue))
    assert (outcome.then, game.steps) == (then, steps)


def test_a_rebound_control_blue_within_rc_gives_a_rebound_to_clear(league, game):
    """Seed L634: "11 up to the goalie's Rebound Control Number": a rebound the Right face's
    zone defender must clear (L596); above RC a rebound shot (L636)."""
    outcome = shoot(league, game, shown(60), shown(5), shown(blue=14), shown(red=1))
    assert (outcome.then, outcome.clears) == ("neutral zone", ((game.home.pair.ld, True),))
    again = shoot(league, game, shown(60), shown(5), shown(blue=15), shown(84))
    assert again.attempts[1].chance == "hq"


# Net scrambles (L650-L690).


def test_doubles_on_a_difficult_save_start_a_scramble(league, game):
    """Seed L656: "When the goalie faces a Difficult Shot and makes the save: if the Black
    #100 … is DOUBLES … a Net Scramble Play ensues"; GOALIE+++ (L670): a blue within Recover
    10 scrambles it away to a rebound-control challenge."""
    outcome = shoot(league, game, shown(30), shown(44), shown(left={"scramble": "GOALIE+++"}),
                    shown(blue=10), shown(blue=1))  # fmt: skip
    assert outcome.attempts[0].save.then == "scramble"
    assert outcome.then == "zone faceoff"


@pytest.mark.parametrize(("right_blue", "scramble"), [(14, False), (15, True)])
def test_doubles_on_an_easy_save_scramble_only_above_rebound_control(
    league, game, right_blue, scramble
):
    """Seed L658: on an Easy Shot, doubles start a scramble "IF the Right PRC Blue Number is
    above the goalie's Rebound Control Number. If not, he makes the type of save"."""
    saved = shown(66, right_blue=right_blue)
    rest = [shown(left={"scramble": "GOALIE+++"}), shown(blue=1), shown(blue=1)] if scramble else []
    outcome = shoot(league, game, shown(60), saved, *rest)
    assert (outcome.attempts[0].save.then == "scramble") is scramble


def test_goalie_plus_plus_plus_above_recover_is_an_unassisted_own_goal(league, game):
    """Seed L670: "If the Blue Number is above the goalie's Recover Rating he knocks the
    puck into his own net for an unassisted goal"."""
    outcome = shoot(league, game, shown(30), shown(44), shown(left={"scramble": "GOALIE+++"}),
                    shown(blue=11))  # fmt: skip
    assert outcome.goal is not None
    assert (outcome.goal.how, outcome.goal.assists) == ("own goal", ())


def test_a_lost_goalie_scramble_gives_an_open_net_shot_on_the_recover_rating(league, game):
    """Seed L666: out of his Scramble range "An offensive player will then get a chance at an
    open net … Block Shots, Deflections, Posts and On/Off Target all apply … if the Blue
    Number is higher than the goalie's Recover Rating it is a goal" (the visitors graded by
    hand: the B defenceman on the right shoots)."""
    scramble = shown(left={"scramble": "GOALIE"})
    lost = shown(blue=13, left={"side": "R"}, right={"grade": "B", "grade_pos": "D"})
    outcome = shoot(
        graded(league, game), game, shown(30), shown(44), scramble, lost, shown(60), shown(blue=11),
        shown(n100=1, right_n100=1, left={"assist_credit": "4↓"}),
    )  # fmt: skip
    assert outcome.goal is not None
    assert (outcome.goal.scorer, outcome.goal.how) == (game.visitor.pair.rd, "open net")
    # One assist from the top of the Set-Up ranking: Møller's 5 reaches the credit 4.
    assert outcome.goal.assists == (game.visitor.line.rw,)


@pytest.mark.parametrize(
    ("kind", "number", "then"),
    [("OFFENSE", {"blue": 15}, "defence puck"), ("O-BATTLE", {"red": 6}, "defence puck"),
     ("CLEAR", {"red": 7}, "loose puck"), ("CLEAR", {"red": 3}, "neutral zone"),
     ("D-BATTLE", {"blue": 12}, "loose puck"), ("D-BATTLE", {"blue": 1}, "neutral zone")],
)  # fmt: skip
def test_the_other_scrambles_on_the_named_players_ratings(league, game, kind, number, then):
    """Seed L674-L690: OFFENSE on the Right face's zone player's Offense and the blue, O-BATTLE
    his O-Battle and the red ("OUT OF RANGE … the defensive team gains control"); CLEAR the
    zone defender's Defense on the red, D-BATTLE his D-Battle on the blue, "1 or 3 … to the
    Neutral Zone", and a hit within his PHY."""
    section = shown(left={"scramble": kind}, right={"zone_off": "C", "zone_def": "LD"})
    outcome = shoot(league, game, shown(30), shown(44), section, shown(**number))
    assert outcome.then == then
    hits = kind == "D-BATTLE" and number["blue"] <= 5
    assert game.total("home", "hits") == hits
    assert outcome.hitters == ((game.home.pair.ld,) if hits else ())


# Assists (L694-L700) and the soft goal's confidence check (L566-L570).


def test_assists_walk_the_set_up_ranking_in_the_credit_direction(league, game):
    """Seed L700: the Left #100 on the chart gives 1 or 2 assists, the Right #100 the
    "Highest, 2nd Highest" to start from; "If the player indicated has a S-U Rating equal
    to or better than the assist credit number he receives the assist" and the next is found
    "going up or down S-U Ratings". Møller scores; his mates by Set-Up: C 4, LD 4, RD 4, LW 3
    (a tie in the order LW, C, RW, LD, RD)."""
    team, scorer = game.visitor, game.visitor.line.rw
    two_from_top = shown(n100=25, right_n100=1, left={"assist_credit": "4↓"})
    assert assists(league, team, scorer, None, two_from_top) == (
        team.line.c, team.pair.ld,
    )  # fmt: skip
    upward = shown(n100=25, right_n100=100, left={"assist_credit": "3↑"})
    assert assists(league, team, scorer, None, upward) == (team.line.lw, team.pair.rd)
    one = shown(n100=4, right_n100=100, left={"assist_credit": "1↑"})
    assert assists(league, team, scorer, None, one) == (team.line.lw,)
    nobody = shown(n100=25, right_n100=1, left={"assist_credit": "4↑"})
    assert assists(league, team, scorer, None, nobody) == (team.line.c,)


def test_the_passer_has_the_first_assist(league, game):
    """Seed L696: "If only 1 player receives an assist, credit the passer who set up the
    goal"; a second comes from the credit direction, from him."""
    team, scorer = game.visitor, game.visitor.line.rw
    passed = shown(n100=25, right_n100=1, left={"assist_credit": "1↓"})
    assert assists(league, team, scorer, team.line.lw, passed) == (team.line.lw,)
    assert assists(league, team, scorer, team.pair.ld, passed) == (team.pair.ld, team.pair.rd)


def test_a_soft_goal_checks_the_goalies_confidence(league, game):
    """Seed L566-L568: "If the goalie lets in a "soft" goal from an easy shot to save, a
    CONFIDENCE check occurs … If the result is BAD GAME, he drops a level"."""
    outcome = shoot(league, game, shown(60), shown(97), shown(blue=20),
                    shown(n100=1, right_n100=1, left={"assist_credit": "1↓"}),
                    shown(n100=79, right_n100=20))  # fmt: skip
    assert outcome.goal is not None and outcome.goal.soft
    assert game.home.goalie_level == "Bad"


# Who shoots a rebound, and the bound on a chain of rebounds.


@pytest.mark.parametrize(
    ("grade", "position", "side", "who"),
    [("A", "F", "L", "C"), ("A", "F", "R", "RW"), ("A", "D", "L", "C"), ("B", "D", "L", "LD"),
     ("B", "D", "R", "RD"), ("B", "F", "R", "LW"), ("D", "F", "R", "LW"), ("D", "D", "L", "LD")],
)  # fmt: skip
def test_a_rebound_shooter_is_found_as_for_a_set_up(league, game, grade, position, side, who):
    """Seed L268: "If a player on the ice has that offensive grade, he takes the shot. If more
    than one … the offensive position … Left or Right"; nobody with the grade: the nearest,
    the better first (README §9 Q13). The visitors graded by hand: LW B, C A, RW A, LD B,
    RD B."""
    draw = shown(left={"side": side}, right={"grade": grade, "grade_pos": position})
    model = graded(league, game)
    assert set_up_shooter(model, game, "visitor", None, draw) == game.visitor.at(who)


def graded(league: Rinkside, game: GameState) -> Rinkside:
    """The visitors on the ice graded LW B, C A, RW A, LD B, RD B, whatever the shipped
    derivation gives them."""
    grades = {"LW": "B", "C": "A", "RW": "A", "LD": "B", "RD": "B"}
    return rated(league, game, "visitor", **{p: {"grade": g} for p, g in grades.items()})


def test_a_chain_of_rebound_shots_ends_with_the_goalie_covering(league, game):
    """The engine's bound (README §11.5): after MAX_SHOTS shots in one sequence the goalie
    covers. Each shot is difficult (30) and saved on 15, which challenges his rebound
    control (L624), and the blue 15 is above his RC 14: a rebound shot (L636), again."""
    draws = [d for _ in range(MAX_SHOTS) for d in (shown(30), shown(15), shown(blue=15))]
    outcome = shoot(league, game, *draws)
    assert len(outcome.attempts) == MAX_SHOTS
    assert (outcome.then, game.steps) == ("zone faceoff", 1)


# The engine against the check's save model (README §8.3, §11.5).


def test_the_engines_save_on_a_fresh_blue_is_the_checks_model_exactly(league):
    """README §8.3: `authoring check rinkside` models a Normal game's save as N/100 + (1 -
    N/100) * GS/20. The engine reads the save on its own draw's Black #100 (uniform, 1/100
    each over the 9,900 draws, §3.3) and rescues a goal on a blue at most GREAT SAVE (L550):
    with that blue drawn fresh, the two agree exactly for every goalie and chance."""
    deck = league.cards
    blacks = [d.black100 for d in (Draw(a.left, b.right) for a in deck for b in deck if a is not b)]
    assert len(blacks) == 9900
    for card in league.goalie_cards.values():
        great = Fraction(sum(rescue(card, "Normal", blue, sniper=False) is not None
                             for blue in range(1, 21)), 20)  # fmt: skip
        for chance in CHANCES:
            number = card[SAVE_NUMBER[chance]]
            held = Fraction(sum(stopped(card, chance, "Normal", b) for b in blacks), 9900)
            engine = held + (1 - held) * great
            assert engine == class_save(number, Fraction(card["great_save"], 20))


def carried_card_save(league: Rinkside, card: GoalieCard, chance: Chance) -> Fraction:
    """Over the deck's 9,900 save draws (card i's back beside card j's front), the rescue's
    blue on the next draw's Left face: the back of card j, the carried card (README §0)."""
    deck = league.cards
    held = sum(
        stopped(card, chance, "Normal", Draw(a.left, b.right).black100)
        or rescue(card, "Normal", b.left.blue, sniper=False) is not None
        for a in deck
        for b in deck
        if a is not b
    )
    return Fraction(held, 9900)


def test_the_carried_card_moves_the_engines_save_by_one_in_two_thousand_at_most(league):
    """README §11.5: the rescue's blue sits on the back of the card whose front gave the
    save's units digit, so on the shipped deck the engine's save chance differs from the
    check's model by the deck's own count, never more than 1/2,000 (HLX-G1's high-danger
    save, pinned as above; the shipped goalies 97/198,000 at most since the backs' digits
    were relabelled, README §3.3)."""
    worst = Fraction(0)
    for card in league.goalie_cards.values():
        for chance in CHANCES:
            model = class_save(card[SAVE_NUMBER[chance]], Fraction(card["great_save"], 20))
            worst = max(worst, abs(carried_card_save(league, card, chance) - model))
    assert worst == Fraction(1, 2000)


def then_filler(draws: list[Draw], filler: Draw) -> Callable[[], Draw]:
    """The draws in order, then `filler` as often as the rule asks."""
    queue = iter(draws)
    return lambda: next(queue, filler)


def test_take_shot_concedes_exactly_the_counted_goals_over_the_deck(league):
    """The same count through `take_shot` itself: a difficult low-quality shot on target,
    then every one of the 9,900 save draws with the carried card's back as the rescue's
    blue. Blocks, iron and misses do not come in: they end a shot before the goalie, whose
    chance is read on a draw of its own (README §11.5)."""
    game = GameState.new(league, HOME, VISITOR)
    card = league.goalie_cards[game.home.lineup.goalie.goalie_id]
    filler = shown(
        84,
        left={"assist_credit": "1↓", "scramble": "OFFENSE"},
        right={"block_who": "LD", "net_who": "C"},
    )
    deck, held = league.cards, 0
    for a in deck:
        for b in deck:
            if a is b:
                continue
            game.home.goalie_level = "Normal"  # a great save raises it (L550)
            script = then_filler(
                [shown(30), Draw(a.left, b.right), Draw(b.left, filler.right)], filler
            )
            result = take_shot(
                league, game, "visitor", game.visitor.line.rw, "lq", script, last=shown()
            )
            held += result.attempts[0].result == "saved"
    assert Fraction(held, 9900) == carried_card_save(league, card, "lq")


# Rush shots (L931) and short-handed rush shots (L1132).


def test_a_rush_shot_cannot_be_blocked(league, game):
    """Seed L931: on a rush "there are no blocked shots": the red 8 that blocks an ordinary
    shot (B-S 8) lets the rush shot through to the goalie."""
    last = blocking("BLOCKED SHOT")
    outcome = shoot(league, game, shown(30, red=8), HARD_CORNER, last=last, rush=True)
    assert outcome.attempts[0].result == "saved"
    assert outcome.attempts[0].by is None


def test_a_short_handed_rush_shot_beyond_the_sht_is_a_goal_with_no_save_to_rob_it(league, game):
    """Seed L1132: "unless it is a Breakaway, all Shots on Goal require the goalie to use
        his SHT Rating to determine if a save is made or a Shorthanded goal is scored": HLX-G1's
        SHT is 95, so a save draw of 96 scores at once (a low-quality chance's black 96 would
    have stopped it); no blue is drawn for a great save (the
        script would hold one card too many), only the assists' card."""
    assists_card = shown(n100=1, right_n100=1, left={"assist_credit": "1↓"})
    outcome = shoot(
        league, game, shown(30), shown(96), assists_card, rush=True, strength="short-handed"
    )
    assert outcome.goal is not None and outcome.then == "centre faceoff"


def test_a_short_handed_rush_shot_within_the_sht_is_saved(league, game):
    """Seed L1132, the SHT (95) read as the save number: 23 is a save, the difficult corner
    save it is on an ordinary shot (README §11.5)."""
    outcome = shoot(league, game, shown(30), HARD_CORNER, rush=True, strength="short-handed")
    assert (outcome.attempts[0].result, outcome.then) == ("saved", "loose puck")


def test_an_even_strength_rush_shot_is_saved_on_the_green_number(league, game):
    """Seed L1132 is for the short-handed team only: at even strength a high-quality rush
    shot's save draw of 96 is above the green 81, and a blue is drawn for the great save
    (blue 20: no save), then the assists' card."""
    assists_card = shown(n100=1, right_n100=1, left={"assist_credit": "1↓"})
    outcome = shoot(
        league, game, shown(30), shown(96), shown(blue=20), assists_card, chance="hq", rush=True
    )
    assert outcome.goal is not None


def test_a_short_handed_rush_shot_on_the_sht_itself_is_saved(league, game):
    """Seed L1132, the boundary: a save draw of 95, HLX-G1's SHT, is a save (its digits a
    difficult save leaving a rebound shot, saved in the corner on the next 23s)."""
    outcome = shoot(
        league,
        game,
        shown(30),
        shown(95),
        HARD_CORNER,
        HARD_CORNER,
        rush=True,
        strength="short-handed",
    )
    assert [a.result for a in outcome.attempts] == ["saved", "saved"]
    assert outcome.goal is None
