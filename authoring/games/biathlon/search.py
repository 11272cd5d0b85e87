"""A search bot: determinized Monte Carlo rollouts over the engine's legal moves.

At each card and move decision the bot tries every candidate on copies of the race in which
what it cannot know is sampled afresh (the motivation pile's order, which motivation cards
the others drew blind, every die still to roll), lets greedy bots play each copy on for a
few rounds, and keeps the candidate whose copies end with it best placed on average. This is
the determinization of information-set Monte Carlo search without the tree: one level of
choice, then rollouts. Every candidate is tried on the same sampled copies, so candidates
are compared under the same luck.

A biathlete's whole deck is in the hand from the start and every discard and removed card
is seen, so the others' skiing cards are known; only motivation cards can be hidden (a card
taken face up is treated as hidden too: the engine does not record how it was taken). The
copies start from the state the engine keeps, so two things are approximated: a card an
earlier seat chose this round is not in that state (the copy lets that seat choose again),
and after a tried move the copy goes on with the next round, the seats still to move this
round skipping their turn.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import replace
from typing import TypeVar

from authoring.games.biathlon.model import Card
from authoring.games.biathlon.race import (
    ROUND_LIMIT,
    Bot,
    Move,
    Player,
    Race,
    play_round,
    pulse_change,
    standings,
    take_turn,
)

DEFAULT_ROLLOUTS = 16
"""Rollouts per decision, shared evenly among its candidates (at least one each)."""
ROLLOUT_ROUNDS = 8
"""Rounds a rollout plays on before it is scored by the standings, which rank the racers
still out on the trail by distance: a race of greedy bots lasts 17 to 24 rounds, and the
cost of a decision grows with the rounds it looks ahead."""
MOVE_CANDIDATES = 6
"""Moves tried at a turn: greedy's own, then the furthest stops, each distance and wax in
its cheapest lane."""
SKIING = ("top", "bottom")
"""Card sides of a skiing turn; a shot's or a wait's move is left to greedy."""
GREEDY = Bot()

Candidate = TypeVar("Candidate", Card, Move)


class Committed(Bot):
    """Greedy, except for the one decision under trial, which it makes as told; having
    chosen its card this round it does not buy the discard pile back again."""

    def __init__(self, card: Card | None = None, move: Move | None = None) -> None:
        self.card = card
        self.move = move

    def pick_up(self, race: Race, player: Player) -> bool:
        return self.card is None and super().pick_up(race, player)

    def choose_card(self, race: Race, player: Player) -> Card:
        if self.card is None:
            return super().choose_card(race, player)
        card, self.card = self.card, None
        return card

    def choose_move(self, race: Race, player: Player, options: list[Move]) -> Move:
        if self.move is None:
            return super().choose_move(race, player, options)
        move, self.move = self.move, None
        return move


class Search(Bot):
    """Chooses the card to play and the skiing move to make by determinized greedy
    rollouts; its other decisions (pick-ups, shooting, wind, motivation, bullets) are
    greedy's."""

    name = "search"

    def __init__(self, rollouts: int = DEFAULT_ROLLOUTS) -> None:
        self.rollouts = rollouts
        self.playing: dict[int, Card] = {}
        """The card each seat it plays chose this round: a move is tried with that card."""

    def choose_card(self, race: Race, player: Player) -> Card:
        greedy = super().choose_card(race, player)
        candidates = list({card.id: card for card in [greedy, *player.hand]}.values())
        card = self._best(race, player, candidates, lambda c: Committed(card=c), play_round)
        self.playing[player.seat] = card
        return card

    def choose_move(self, race: Race, player: Player, options: list[Move]) -> Move:
        greedy = super().choose_move(race, player, options)
        card = self.playing.get(player.seat)
        if card is None or greedy.card_side not in SKIING:
            return greedy
        seat = race.players.index(player)

        def turn(copy: Race) -> None:
            take_turn(copy, copy.players[seat], card)

        candidates = _shortlist(race, player, options, greedy)
        return self._best(race, player, candidates, lambda m: Committed(move=m), turn)

    def _best(
        self,
        race: Race,
        player: Player,
        candidates: list[Candidate],
        committed: Callable[[Candidate], Committed],
        start: Callable[[Race], None],
    ) -> Candidate:
        """The candidate with the best mean place over the same sampled copies; ties go
        to the earlier candidate (greedy's own comes first)."""
        if len(candidates) == 1:
            return candidates[0]
        seeds = [race.rng.getrandbits(64) for _ in range(max(1, self.rollouts // len(candidates)))]
        seat = race.players.index(player)
        means = []
        for candidate in candidates:
            total = 0.0
            for seed in seeds:
                copy = determinized(race, player, random.Random(seed))
                copy.players[seat].bot = committed(candidate)
                start(copy)
                total += place_score(roll_out(copy), copy.players[seat])
            means.append(total / len(seeds))
        best = max(range(len(candidates)), key=lambda i: (means[i], -i))
        return candidates[best]


def _shortlist(race: Race, player: Player, options: list[Move], greedy: Move) -> list[Move]:
    cheapest: dict[tuple[int, int], Move] = {}
    for move in sorted(options, key=lambda m: (-m.distance, m.wax)):
        key = (move.distance, move.wax)
        if key not in cheapest or pulse_change(race, player, move) < pulse_change(
            race, player, cheapest[key]
        ):
            cheapest[key] = move
    others = [move for move in cheapest.values() if move != greedy]
    return [greedy, *others][:MOVE_CANDIDATES]


def determinized(race: Race, player: Player, rng: random.Random) -> Race:
    """A copy of the race, every seat greedy, with what `player` cannot know sampled: the
    motivation pile and the others' motivation cards dealt afresh, and `rng` for the dice."""
    copies = [
        replace(p, bot=GREEDY, hand=list(p.hand), discard=list(p.discard), shots=list(p.shots))
        for p in race.players
    ]
    by_seat = dict(zip(map(id, race.players), copies, strict=True))
    copy = replace(
        race,
        players=copies,
        rng=rng,
        dice=dict(race.dice),
        motivation=list(race.motivation),
        face_up=list(race.face_up),
        log=[],
        winner=by_seat[id(race.winner)] if race.winner else None,
        eliminated=[by_seat[id(p)] for p in race.eliminated],
    )
    others = [by_seat[id(p)] for p in race.players if p is not player]
    hidden = copy.motivation + [c for p in others for c in p.hand if c.kind == "motivation"]
    rng.shuffle(hidden)
    for other in others:
        drawn = sum(c.kind == "motivation" for c in other.hand)
        other.hand = [c for c in other.hand if c.kind != "motivation"]
        other.hand += [hidden.pop() for _ in range(drawn)]
    copy.motivation = hidden
    return copy


def roll_out(race: Race) -> Race:
    """Greedy rounds on from here, for `ROLLOUT_ROUNDS` or to the end of the race."""
    limit = min(ROUND_LIMIT, race.rounds + ROLLOUT_ROUNDS)
    while race.winner is None and race.rounds < limit and any(p.racing for p in race.players):
        race.rounds += 1
        play_round(race)
    return race


def place_score(race: Race, player: Player) -> float:
    """1 for first place down to 0 for last, by the standings as they are."""
    order = standings(race)
    return 1 - order.index(player) / max(1, len(order) - 1)
