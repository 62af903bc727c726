"""The coach: a hint for the decision at hand and a review of a finished deal, both by Insane's search.

Nothing here searches: :meth:`joker.bots.SearchBot.analyse` values every legal action (best first,
the first being exactly what the bot plays), and the coach reads that, says why in a reason code
the page translates, and measures what each of a seat's decisions cost against the best one.

>>> from joker.game import Game
>>> g = Game(mode="nines", seed=5, first_dealer=0)
>>> _ = g.apply("H")                                 # seat 1 names hearts; seat 1 bids first
>>> h = hint(g.view(1), seed=1, worlds=20)
>>> h["action"] in g.legal_actions(), h["candidates"][0]["action"] == h["action"], h["reason"]["code"][:4]
(True, True, 'bid_')

Values are in points of the game's score: ``points`` is the expected score of this deal for the
seat, ``value`` what Insane maximises (the same, except that it also counts the premium and half
the opponents' mean gain against it).  A review's ``loss`` is measured in ``value``, so it is 0
for the search's choice and never negative.
"""
from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from .bots import SearchBot, make_bot
from .bots.estimate import est_tricks
from .bots.info import Info
from .cards import HIGH, SUIT_MASKS, SUITS, X1, card_text, parse_hand, parse_play
from .game import Game
from .guard import shown
from .rules import winner_index
from .view_check import check_view

#: The bot whose choice the coach explains.
LEVEL = "insane"
#: A hint's search time in the browser's worker: what Insane spends on a move at the table.
HINT_BUDGET_MS = 1000
#: The review searches every decision for a fixed number of sampled deals: reproducible, and a
#: 9-card deal (a bid and eight real card choices) fits its time target on a phone.
REVIEW_WORLDS = 100
#: Loss thresholds (in points) of the marks a review gives: below the first "fine", below the
#: second "inaccuracy", else "mistake".  Sampling noise at REVIEW_WORLDS is a few points.
INACCURACY = 20.0
MISTAKE = 100.0
#: Bounds of the search options a caller may ask for: far above what the page asks (a second,
#: a hundred worlds), low enough that no call can hang the worker.
MAX_BUDGET_MS = 60_000
MAX_WORLDS = 10_000


# ---- hints ---------------------------------------------------------------------------------

def hint(view: dict[str, Any], seed: int = 0, budget_ms: float | None = None,
         worlds: int | None = None) -> dict[str, Any]:
    """Insane's choice for ``view`` (a seat's :meth:`Game.view` on its turn), its candidates, and why.

    ``{"action", "candidates": [{"action", "value", "points"}, ...] best first, "reason": {"code",
    "params"}}``.  With ``worlds`` the answer is reproducible (and equals ``make_bot("insane",
    seed=seed, worlds=worlds).act(view)``); with ``budget_ms`` it searches that long.
    """
    check_view(view)
    choices = _analyse(view, seed, budget_ms, worlds)
    action = str(choices[0]["action"])
    return {"action": action, "candidates": choices, "reason": reason(view, action, choices)}


def _search_options(seed: Any, budget_ms: Any, worlds: Any) -> None:
    """``ValueError`` unless the search's options are what :func:`make_bot` takes."""
    if type(seed) is not int or not 0 <= seed < 2**64:
        raise ValueError(f"seed must be a whole number 0..2**64-1, got {shown(seed)}")
    if budget_ms is not None and not (type(budget_ms) in (int, float) and 0 < budget_ms <= MAX_BUDGET_MS):
        raise ValueError(f"budget_ms must be None or a time 0..{MAX_BUDGET_MS} ms, got {shown(budget_ms)}")
    if worlds is not None and not (type(worlds) is int and 1 <= worlds <= MAX_WORLDS):
        raise ValueError(f"worlds must be None or 1..{MAX_WORLDS} samples, got {shown(worlds)}")


def _analyse(view: dict[str, Any], seed: int, budget_ms: float | None, worlds: int | None
             ) -> list[dict[str, Any]]:
    _search_options(seed, budget_ms, worlds)
    bot = make_bot(LEVEL, seed=seed, budget_ms=budget_ms, worlds=worlds)
    assert isinstance(bot, SearchBot)
    out = []
    for c in bot.analyse(view):
        out.append({"action": str(c["action"]), "value": round(float(c["value"]), 1),
                    "points": round(float(c["points"]), 1)})
    return out


# ---- reasons -------------------------------------------------------------------------------

def reason(view: dict[str, Any], action: str, choices: list[dict[str, Any]] | None = None) -> dict[str, Any]:
    """A short reason for playing ``action`` in ``view``: ``{"code", "params"}`` for the page to word.

    Codes: ``only_move``; trump: ``trump_suit`` {suit, count}, ``trump_none``; bid: ``bid_zero``,
    ``bid_forced`` {bid, forbidden}, ``bid_value`` {bid, points}; play: ``joker_high`` / ``joker_low``
    {suit (led) or None, need}, ``bid_lost`` {need, left}, ``highest_left`` {card, need}, ``ruff``
    {card, need}, ``need_tricks`` {card, need}, ``save_winners`` {card, need}, ``avoid_trick`` {card},
    ``bid_over`` {card, over}.  Card params are card text (``"AS"``), suits a letter.
    """
    legal = check_view(view)["legal"]
    if not (isinstance(action, str) and action in legal):
        raise ValueError(f"{shown(action)} is not a legal action here")
    if choices is not None and not (isinstance(choices, list) and all(
            isinstance(c, dict) and isinstance(c.get("action"), str)
            and type(c.get("points")) in (int, float) for c in choices)):
        raise ValueError("choices must be the coach's candidates [{'action', 'points', ...}]")
    if len(legal) == 1:
        return {"code": "only_move", "params": {"action": action}}
    phase = view["phase"]
    if phase == "trump":
        if action == "-":
            return {"code": "trump_none", "params": {}}
        hand = parse_hand(view["hand"])
        s = SUITS.index(action)
        return {"code": "trump_suit", "params": {"suit": action, "count": (hand & SUIT_MASKS[s]).bit_count()}}
    if phase == "bid":
        return _bid_reason(view, int(action), choices)
    return _play_reason(view, action)


def _bid_reason(view: dict[str, Any], bid: int, choices: list[dict[str, Any]] | None) -> dict[str, Any]:
    points = next((c["points"] for c in choices or [] if c["action"] == str(bid)), None)
    pts = None if points is None else int(round(points))
    forbidden = view.get("forbidden_bid")
    if forbidden is not None and abs(bid - forbidden) == 1:
        t = view.get("trump")
        est = est_tricks(parse_hand(view["hand"]), -1 if t is None else SUITS.index(t), view["cards"])
        if int(est + 0.5) == forbidden:
            return {"code": "bid_forced", "params": {"bid": bid, "forbidden": forbidden, "points": pts}}
    if bid == 0:
        return {"code": "bid_zero", "params": {"bid": 0, "points": pts}}
    return {"code": "bid_value", "params": {"bid": bid, "points": pts}}


def _play_reason(view: dict[str, Any], action: str) -> dict[str, Any]:
    info = Info.from_view(view)
    me = info.seat
    lead = not info.trick
    p = parse_play(action, lead=lead)
    c = p & 63
    bid = info.bids[me] or 0
    need = bid - info.taken[me]
    left = info.hand.bit_count()
    if c >= X1:
        suit = SUITS[(p >> 8) - 1] if lead else None
        code = "joker_high" if p >> 6 & 3 == HIGH else "joker_low"
        return {"code": code, "params": {"suit": suit, "need": max(need, 0)}}
    card = card_text(c)
    if need > left:
        return {"code": "bid_lost", "params": {"card": card, "need": need, "left": left}}
    if need < 0:
        return {"code": "bid_over", "params": {"card": card, "over": -need}}
    if need == 0:
        return {"code": "avoid_trick", "params": {"card": card}}
    s = c // 9
    higher = SUIT_MASKS[s] & ~((2 << c) - 1)
    boss = not info.unseen() & higher
    led = s if lead else _led_suit(info.trick[0])
    winning = lead or winner_index(info.trick + [p], info.trump, info.hlt) == len(info.trick)
    if boss and winning and (s == led or s == info.trump):
        return {"code": "highest_left", "params": {"card": card, "need": need}}
    if not lead and s == info.trump and led != info.trump and winning:
        return {"code": "ruff", "params": {"card": card, "need": need}}
    if not winning:
        return {"code": "save_winners", "params": {"card": card, "need": need}}
    return {"code": "need_tricks", "params": {"card": card, "need": need}}


def _led_suit(lead_play: int) -> int:
    c = lead_play & 63
    return (lead_play >> 8) - 1 if c >= X1 else c // 9


# ---- reviews -------------------------------------------------------------------------------

def decisions(game: dict[str, Any], deal_no: int, seat: int) -> list[dict[str, Any]]:
    """The decisions ``seat`` took in deal ``deal_no`` (1-based) of a saved game, cheaply, in order.

    Each is ``{"at", "phase", "action", "trick_no", "forced"}``: ``at`` is the number of actions
    applied before it (the game at that moment is ``actions[:at]``), ``forced`` when it was the
    only legal action.  ``ValueError`` when the game has not reached that deal.
    """
    if type(seat) is not int or not 0 <= seat <= 3:
        raise ValueError(f"seat must be 0..3, got {shown(seat)}")
    actions = _actions(game)
    g = Game.from_dict({**game, "actions": []})
    if type(deal_no) is not int or not 1 <= deal_no <= len(g.sizes):
        raise ValueError(f"deal_no must be 1..{len(g.sizes)}, got {shown(deal_no)}")
    out: list[dict[str, Any]] = []
    reached = False
    for i, a in enumerate(actions):
        if g.deal_index > deal_no - 1 or g.phase == "over":
            break
        if g.deal_index == deal_no - 1:
            reached = True
            if g.to_act == seat:
                out.append({"at": i, "phase": g.phase, "action": a, "trick_no": len(g.tricks) + 1,
                            "forced": len(g.legal_actions()) == 1})
        try:
            g.apply(a, events=False)
        except ValueError as e:
            raise ValueError(f"saved game: action #{i + 1} {shown(a)} cannot be replayed: {e}") from None
    if not reached:
        raise ValueError(f"the game has not reached deal {deal_no}")
    return out


def review_decision(game: dict[str, Any], at: int, seed: int = 0, worlds: int | None = REVIEW_WORLDS,
                    budget_ms: float | None = None) -> dict[str, Any]:
    """Judge the action ``actions[at]`` of a saved game from its seat's view at that moment.

    ``{"at", "seat", "phase", "action", "best", "loss", "severity", "value", "best_value", "points",
    "candidates"}`` where ``loss = best_value - value >= 0`` (0 when the action was as good as the
    search's choice).  Only what the seat could see is used: the view, never the other hands.
    """
    actions = _actions(game)
    if type(at) is not int or not 0 <= at < len(actions):
        raise ValueError(f"at must index an action of the game (0..{len(actions) - 1}), got {shown(at)}")
    _search_options(seed, budget_ms, worlds)
    g = Game.from_dict({**game, "actions": actions[:at]})
    seat = g.to_act
    assert seat is not None
    view = g.view(seat)
    action = actions[at]
    if action not in view["legal"]:
        raise ValueError(f"saved game: action #{at + 1} {shown(action)} is not legal there")
    choices = _analyse(view, seed, budget_ms, worlds)
    best = choices[0]
    mine = next(c for c in choices if c["action"] == action)
    loss = max(0.0, round(best["value"] - mine["value"], 1))
    return {"at": at, "seat": seat, "phase": view["phase"], "action": action, "best": best["action"],
            "loss": loss, "severity": severity(loss), "value": mine["value"], "best_value": best["value"],
            "points": mine["points"], "trick_no": len(view["tricks"]) + 1, "candidates": choices,
            "reason": reason(view, best["action"], choices)}


def severity(loss: float) -> str:
    """``"fine"``, ``"inaccuracy"`` or ``"mistake"`` for a loss in points."""
    if type(loss) not in (int, float) or not loss == loss:   # not a number, or NaN
        raise ValueError(f"a loss must be a number of points, got {shown(loss)}")
    if loss < INACCURACY:
        return "fine"
    return "inaccuracy" if loss < MISTAKE else "mistake"


def review_steps(game: dict[str, Any], deal_no: int, seat: int, seed: int = 0,
                 worlds: int | None = REVIEW_WORLDS, budget_ms: float | None = None
                 ) -> Iterator[dict[str, Any]]:
    """Review a deal one decision at a time: yields ``{"done", "total", "decision"}`` after each.

    Stopping the iteration cancels the review (the worker analyses one decision per call and the
    page may stop asking).  Forced decisions are judged without a search (loss 0).
    """
    todo = decisions(game, deal_no, seat)
    for k, d in enumerate(todo):
        if d["forced"]:
            a = d["action"]
            dec = {"at": d["at"], "seat": seat, "phase": d["phase"], "action": a, "best": a, "loss": 0.0,
                   "severity": "fine", "value": None, "best_value": None, "points": None,
                   "trick_no": d["trick_no"], "candidates": [],
                   "reason": {"code": "only_move", "params": {"action": a}}}
        else:
            dec = review_decision(game, d["at"], seed=seed, worlds=worlds, budget_ms=budget_ms)
        yield {"done": k + 1, "total": len(todo), "decision": dec}


def review_deal(game: dict[str, Any], deal_no: int, seat: int, seed: int = 0,
                worlds: int | None = REVIEW_WORLDS, budget_ms: float | None = None,
                progress: Callable[[int, int], object] | None = None
                ) -> dict[str, Any]:
    """Every decision of ``seat`` in deal ``deal_no``: ``{"deal_no", "seat", "decisions", "lost",
    "complete"}``.  ``progress(done, total)`` is called after each decision; returning ``False``
    cancels the review (``complete`` is then False and the decisions are those judged so far)."""
    if progress is not None and not callable(progress):
        raise ValueError(f"progress must be None or a function (done, total), got {shown(progress)}")
    out: list[dict[str, Any]] = []
    complete = True
    for step in review_steps(game, deal_no, seat, seed=seed, worlds=worlds, budget_ms=budget_ms):
        out.append(step["decision"])
        done, total = step["done"], step["total"]
        if progress is not None and progress(done, total) is False and done < total:
            complete = False
            break
    return {"deal_no": deal_no, "seat": seat, "decisions": out, "lost": round(sum(d["loss"] for d in out), 1),
            "complete": complete}


def _actions(game: Any) -> list[str]:
    """The actions of a saved game (the rest of it is checked by :meth:`Game.from_dict`)."""
    actions = game.get("actions") if isinstance(game, dict) else None
    if not isinstance(actions, list) or not all(isinstance(a, str) for a in actions):
        raise ValueError("a saved game must be a dict whose 'actions' is a list of strings")
    return actions


__all__ = ["hint", "reason", "decisions", "review_decision", "review_steps", "review_deal", "severity",
           "HINT_BUDGET_MS", "REVIEW_WORLDS", "LEVEL"]
