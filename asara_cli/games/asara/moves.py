"""The legal moves of the player to move, in the words of the one-shot commands (``buy base
black -c blue``), each with the event it makes (``games/base.py``: ``LegalMoves``).

They come from the referee's sampler (``rules/sampler.py``, ``every=True``), checked one by
one: every kind of move possible, every tile a market shows that can be paid, every tile a
search may find and every build (``areas/building.py``: ``every_build``; a tower's sections
in one order, a colour's new towers in one order: :func:`canonical` compares builds so).
Which buyers a hand holds is secret, so an area without a colour yet is offered with every
colour that may come into play.
"""

from __future__ import annotations

import shlex
from collections.abc import Sequence
from typing import Any

from asara_cli.core.i18n import N_, _
from asara_cli.games.asara.deal import deal_due
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.engine import check, errors
from asara_cli.games.asara.rules.events import (
    PAIR,
    Addition,
    Bank,
    Bribe,
    Build,
    Buy,
    Caliph,
    Coloured,
    Event,
    Genie,
    GiftKind,
    Lighted,
    NewTower,
    Recruit,
    Turn,
    gold_text,
)
from asara_cli.games.asara.rules.gifts import use_text
from asara_cli.games.asara.rules.model import Colour
from asara_cli.games.asara.rules.sampler import candidate_moves
from asara_cli.games.asara.rules.state import GameState
from asara_cli.games.asara.rules.table import thaw
from asara_cli.games.base import LegalMove

#: Buyer colours offered where none is declared (``asara new --buyers``) or in play yet.
COLOURS = ("blue", "green", "orange", "violet", "yellow", "grey")

COLOUR_ORDER = tuple(Colour)

_HIDDEN = N_("the buyer's colour is the player's secret: every colour that may come into "
             "play")


def legal_moves(board: Board, state: GameState, labels: Sequence[str] = ()
                ) -> tuple[LegalMove[Event], ...]:
    """The legal turns of the player to move, in words; empty when the game is over or the
    Caliph's deal is due first. ``labels``: the buyer colours that may come into play (the
    header's declared buyers, else :data:`COLOURS`)."""
    if state.turn is None or deal_due(board, state) is not None:
        return ()
    pool = tuple(labels) or state.setup.buyers or COLOURS
    table = thaw(state)  # every check reads one table, which none of them changes
    found: list[LegalMove[Event]] = []
    hidden = _(_HIDDEN)
    for turn in candidate_moves(board, state, pool, every=True):
        if errors(check(board, table, turn)):
            continue
        fresh = (turn.placement.buyer not in (None, PAIR)
                 and turn.placement.buyer not in state.labels)
        found.append(LegalMove(turn_words(turn), turn, group(turn), hidden if fresh else ""))
    order = {g: i for i, g in enumerate(dict.fromkeys(m.group for m in found))}
    return tuple(sorted(found, key=lambda m: order[m.group]))  # each group together


def moves_note(board: Board, state: GameState) -> str | None:
    due = deal_due(board, state)
    if due is not None:
        return due
    if state.turn is None:
        return _("the game is over: no more moves [R5]")
    return None  # every legal move is listed (a build's sections in one order only)


def canonical(turn: Turn) -> Turn:
    """``turn`` with a build's parts, additions and lighted windows in one order, to compare
    builds that differ only in the order the words name them (the same towers result)."""
    action = turn.action
    if isinstance(action, Genie) and isinstance(action.move, Build):
        return Turn(turn.placement, Genie(_sorted(action.move), action.space), turn.gifts)
    if isinstance(action, Build):
        return Turn(turn.placement, _sorted(action), turn.gifts)
    return turn


def _sorted(build: Build) -> Build:
    def parts(ps: Sequence[object]) -> tuple[Any, ...]:
        return tuple(sorted(ps, key=str))

    return Build(
        tuple(sorted((NewTower(t.colour, parts(t.parts)) for t in build.new),
                     key=lambda t: (COLOUR_ORDER.index(t.colour), str(t.parts)))),
        tuple(sorted((Addition(a.colour, a.tower, parts(a.parts)) for a in build.add),
                     key=lambda a: (str(a.colour), a.tower))),
        tuple(sorted(build.lighted, key=lambda w: (str(w.colour), w.tower, w.on_gold))))


def group(turn: Turn) -> str:
    """The group a turn is shown in: its command, and the market or pile where it has one."""
    action = turn.action
    if isinstance(action, Genie):
        if action.move is None:
            return "genie"
        return f"genie: {group(Turn(turn.placement, action.move))}"
    if isinstance(action, Buy):
        return f"buy {action.section}"
    if isinstance(action, Bribe):
        return f"bribe {action.pile}"
    return _command(action)


def _command(action: object) -> str:
    for kind, word in ((Buy, "buy"), (Build, "build"), (Bank, "bank"), (Coloured, "coloured"),
                       (Bribe, "bribe"), (Caliph, "caliph"), (Recruit, "recruit"),
                       (Lighted, "lighted"), (Genie, "genie")):
        if isinstance(action, kind):
            return word
    raise ValueError(f"no command records {action!r}")


def turn_words(turn: Turn) -> str:
    """The words of the one-shot command that records ``turn`` (without ``asara``)."""
    placement, action = turn.placement, turn.action
    space = placement.space
    options: list[str] = []
    if isinstance(action, Genie):
        wish = action.move
        if wish is None:
            return _join(["genie", str(space), *_buyer(placement.buyer)])
        options += ["--genie", str(space)]
        return _words(wish, action.space, placement.buyer, options, turn)
    return _words(action, space, placement.buyer, options, turn)


def _words(action: object, space: int | None, buyer: str | None, options: list[str],
           turn: Turn) -> str:
    words: list[str]
    if isinstance(action, Buy):
        words = ["buy", str(action.section), *_tile(action.colour, action.gold)]
        words += _space(space)
    elif isinstance(action, Build):
        words = ["build", str(space)]
        for t in action.new:
            words += ["--new", " ".join([str(t.colour), *map(str, t.parts)])]
        for a in action.add:
            words += ["--add", " ".join([str(a.colour), str(a.tower), *map(str, a.parts)])]
        for w in action.lighted:
            words += ["--light", f"{w.colour} {w.tower} {'gold' if w.on_gold else 'plain'}"]
    elif isinstance(action, Bank):
        words = ["bank", str(action.amount), *_space(space)]
    elif isinstance(action, Bribe):
        words = ["bribe", str(space), str(action.pile), *_tile(action.colour, action.gold)]
    elif isinstance(action, Recruit):
        words = ["recruit", str(action.cost), *_space(space)]
    elif isinstance(action, Lighted):
        words = ["lighted", str(action.pay), *_space(space)]
        for c in action.kept:
            words += ["--keep", str(c)]
    elif isinstance(action, (Coloured, Caliph)):
        words = [_command(action)]
    else:
        raise ValueError(f"no command records {action!r}")
    words += _buyer(buyer) + options
    for use in turn.gifts:  # the gifts that need a choice; the others resolve themselves
        if use.gift.kind in (GiftKind.BUY, GiftKind.BUYER, GiftKind.LIGHTED):
            words += ["--gift", use_text(use)]
    return _join(words)


def _buyer(buyer: str | None) -> list[str]:
    if buyer is None:
        return []
    return ["--pair"] if buyer == PAIR else ["-c", buyer]


def _space(space: int | None) -> list[str]:
    return [] if space is None else ["--space", str(space)]


def _tile(colour: object, gold: bool) -> list[str]:
    return [] if colour is None else gold_text(str(colour), gold).split()


def _join(words: list[str]) -> str:
    return shlex.join(words)
