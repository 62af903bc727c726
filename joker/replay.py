"""Replays and take-backs: a saved game's actions, stepped through with every hand face up.

A saved game (:meth:`Game.to_dict`) is only its options, seed and actions, and a :class:`Game`
is fully determined by them, so a replay *is* the game played again: it reaches the same deals,
tricks and final scores bit for bit (in CPython and in Pyodide alike).  This module never
re-implements a rule; it watches :class:`Game` apply the actions and reports what happened.

>>> from joker.game import Game
>>> g = Game(mode="nines", seed=3, first_dealer=0)
>>> while g.phase != "over": _ = g.apply(g.legal_actions()[0])   # apply returns its events
>>> frames = list(replay(g.to_dict()))
>>> frames[-1]["scores"] == g.scores(), frames[0]["kind"], len(frames[0]["hands"][1])
(True, 'deal', 9)

A take-back restores the game exactly as it was before a seat's own last action (and so also
undoes the bots' replies that followed it):

>>> g = Game(mode="nines", seed=3, first_dealer=0)
>>> before = g.to_dict()
>>> _ = g.apply(g.legal_actions()[0])     # seat 1 names the trump
>>> take_back(g.to_dict(), seat=1) == before
True
"""
from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from .cards import hand_text, mask_of
from .game import Game
from .guard import shown


def actors(game: dict[str, Any]) -> list[int]:
    """The seat that took each action of a saved game (``ValueError`` for a bad save)."""
    actions = _actions(game)
    g = Game.from_dict({**game, "actions": []})
    out: list[int] = []
    for i, a in enumerate(actions):
        seat = g.to_act
        if seat is None:
            raise ValueError(f"saved game: action #{i + 1} {shown(a)} comes after the end of the game")
        _apply(g, a, i)
        out.append(seat)
    return out


def take_back(game: dict[str, Any], seat: int = 0) -> dict[str, Any]:
    """The saved game just before ``seat``'s last action: that action and everything after it undone.

    The answer equals the ``to_dict()`` the game had at that moment.  ``ValueError`` when the seat
    has not acted yet (nothing to take back).
    """
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ValueError(f"seat must be 0..3, got {shown(seat)}")
    who = actors(game)
    last = max((i for i, s in enumerate(who) if s == seat), default=None)
    if last is None:
        raise ValueError(f"seat {seat} has not acted yet: nothing to take back")
    return {**game, "actions": list(_actions(game)[:last])}


def replay(game: dict[str, Any]) -> Iterator[dict[str, Any]]:
    """Frames of a saved game with all four hands visible, in order.

    Each deal gives one ``"deal"`` frame (the hands as dealt, the trump and every bid — the state
    just before the first lead) and then one ``"trick"`` frame per trick (the hands *before* that
    trick, its plays and winner, and the tricks taken after it).  The last trick of a deal carries
    the scored deal (``"result"``), and the pulka's result when it closed one (``"pulka"``).  A
    game saved mid-deal ends with the deal so far: a ``"deal"`` frame and the finished tricks,
    plus the trick on the table as a ``"trick"`` frame without a winner (``"partial": True``).

    Every frame has ``at``: how many of the game's actions were applied when the frame's table
    picture begins (``Game.from_dict({**game, "actions": actions[:at]})`` is that moment), and
    ``scores``: the running totals once the frame's trick is over.
    """
    actions = _actions(game)
    g = Game.from_dict({**game, "actions": []})
    i = 0
    while i < len(actions) and g.phase != "over":
        deal_index = g.deal_index
        dealt = [hand_text(mask_of(g.dealt[s])) for s in range(4)]
        # the trump choice and the bids: no table picture of their own
        while i < len(actions) and g.phase in ("trump", "bid"):
            _apply(g, actions[i], i)
            i += 1
        base = {"deal_no": deal_index + 1, "cards": g.cards, "dealer": g.dealer, "trump": g.view(0)["trump"],
                "trump_card": g.view(0)["trump_card"], "bids": list(g.bids)}
        yield {**base, "kind": "deal", "at": i, "hands": dealt, "taken": [0, 0, 0, 0], "trick": None,
               "scores": g.scores()}
        if g.phase != "play":
            return  # saved during the bidding
        taken = [0, 0, 0, 0]
        while i < len(actions) and g.deal_index == deal_index and g.phase == "play":
            start = i
            hands = [hand_text(h) for h in g.hands]
            plays: list[dict[str, Any]] = []
            tricks_before = len(g.tricks)
            deals_before = len(g.deals)
            pulkas_before = len(g.pulkas)
            while i < len(actions):
                seat = g.to_act
                _apply(g, actions[i], i)
                i += 1
                plays.append({"seat": seat, "play": actions[i - 1]})
                if len(plays) == 4:
                    break
            if len(plays) < 4:
                yield {**base, "kind": "trick", "at": start, "hands": hands, "taken": list(taken),
                       "trick": {"leader": plays[0]["seat"], "plays": plays, "winner": None},
                       "trick_no": tricks_before + 1, "partial": True, "scores": g.scores()}
                return
            record = g.last_trick
            assert record is not None
            taken[record["winner"]] += 1
            frame = {**base, "kind": "trick", "at": start, "hands": hands, "taken": list(taken),
                     "trick": dict(record, plays=list(record["plays"])), "trick_no": tricks_before + 1,
                     "scores": g.scores()}
            if len(g.deals) > deals_before:
                frame["result"] = dict(g.deals[-1])
                if len(g.pulkas) > pulkas_before:
                    frame["pulka"] = dict(g.pulkas[-1])
            yield frame


def final_scores(game: dict[str, Any]) -> list[int]:
    """The totals a saved game reaches when its actions are replayed."""
    return Game.from_dict(game).scores()


def _actions(game: dict[str, Any]) -> list[str]:
    if not isinstance(game, dict):
        raise ValueError(f"a saved game must be a dict, got {shown(game)}")
    actions = game.get("actions")
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError("saved game: 'actions' must be a list of strings")
    return actions


def _apply(g: Game, action: str, i: int) -> None:
    try:
        g.apply(action, events=False)
    except ValueError as e:
        raise ValueError(f"saved game: action #{i + 1} {shown(action)} cannot be replayed: {e}") from None


__all__ = ["actors", "take_back", "replay", "final_scores"]
