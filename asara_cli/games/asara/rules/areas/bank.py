"""The bank (R3.3): take the space's printed value. Values nobody has confirmed are unknown
to the standard profile; then the amount the log records is trusted up to the largest."""

from __future__ import annotations

from typing import Any

from asara_cli.core.findings import NOTE, Report
from asara_cli.core.i18n import N_, Later, _
from asara_cli.core.schema import Schema, when, whole
from asara_cli.games.asara.rules.areas.base import (
    Fields,
    Kind,
    Move,
    Notes,
    Sampling,
    numbered_space,
)
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Area, Bank
from asara_cli.games.asara.rules.table import Position


class BankKind(Kind[Bank]):
    kind = "bank"
    log_type = "bank"
    needs_space = True
    earns = True
    space_help = N_("the bank space (its number in the board profile's order)")
    summary = N_("Take a bank space's value (R3.3).")
    required = ("amount",)

    def key_schemas(self) -> dict[str, Schema]:
        return {"space": numbered_space("Bank space in the board profile's order."),
                "amount": whole("The Asari taken: the space's value.")}

    def board_schemas(self, board: Board) -> dict[str, Schema]:
        # a value the board does not know is trusted up to the largest (R3.3, check below)
        known = [v for v in board.bank_values if v is not None]
        low = min([1, *known])
        d = super().board_schemas(board)
        d["amount"] = {"minimum": low, "maximum": max([board.bank_max_value, *known])}
        return d

    def board_rules(self, board: Board) -> list[Schema]:
        """A space whose value the board knows pays that."""
        return [when("space", n, {"properties": {"amount": {"const": v}}})
                for n, v in enumerate(board.bank_values, start=1) if v is not None]

    def samples(self, s: Sampling, wish: bool = False) -> list[tuple[Bank, int | None]]:
        """Every space, taking its value as the game knows it (an unknown one: a plausible
        amount, which the moves listed show as a number to read off the board)."""
        board = s.board
        found: list[tuple[Bank, int | None]] = []
        for space in board.by_kind[self.kind].spaces or ():
            value = known_value(board, s.state, space)
            amount = value if value is not None else min(board.bank_max_value, 2 + 2 * space)
            found.append((Bank(amount), space))
        return found

    def cost(self, board: Board, space: int | None, action: Bank) -> tuple[int, str]:
        return 0, ""

    def income(self, board: Board, space: int | None, action: Bank) -> int:
        return action.amount

    def check(self, m: Move[Bank], bad: Report) -> None:
        space, values = m.space, m.board.bank_values
        if space is None or not 1 <= space <= len(values):
            return  # reported with the space
        value = values[space - 1]
        if value is not None and m.action.amount != value:
            bad("R3.3", _("bank space {space} pays {value}, not {amount}").format(
                space=space, value=value, amount=m.action.amount))
        elif value is None and not 1 <= m.action.amount <= m.board.bank_max_value:
            bad("R3.3", _("no bank space pays {amount}; the values run up to {most}").format(
                amount=m.action.amount, most=m.board.bank_max_value))
        elif value is None:
            seen = seen_value(m.state, space)
            if seen is not None and seen[0] != m.action.amount:
                # a printed value does not change: one of the two amounts is a slip
                bad("R3.3", _("bank space {space} paid {paid} at event {event}; now {amount} "
                              "(its printed value never changes: check the space and the "
                              "amount)").format(space=space, paid=seen[0], event=seen[1],
                                                amount=m.action.amount), NOTE)

    def notes(self, m: Move[Bank]) -> Notes:
        space, values = m.space, m.board.bank_values
        if space is not None and 1 <= space <= len(values) and values[space - 1] is None:
            return [(f"bank {space}", "R3.3",
                     Later(_unknown_said, (space, m.board.bank_max_value)))]
        return ()

    def apply(self, m: Move[Bank]) -> None:
        space, values = m.space, m.board.bank_values
        if (space is None or not 1 <= space <= len(values) or values[space - 1] is not None
                or seen_value(m.state, space) is not None):
            return
        m.state.bank_seen.append((space, m.action.amount, m.number))

    def text(self, board: Board, who: str, space: int | None, action: Bank, how: str | None
             ) -> str:
        if how is None:
            return _("{player} takes {amount} from the bank (space {space})").format(
                player=who, amount=action.amount, space=space)
        return _("{player} takes {amount} from the bank ({how}, space {space})").format(
            player=who, amount=action.amount, how=how, space=space)

    def read(self, r: Fields) -> tuple[int | None, Bank]:
        space = self.read_space(r)
        amount = r.whole("amount", _("the Asari taken"), required=True)
        assert amount is not None
        return space, Bank(amount)

    def write(self, space: int | None, action: Bank) -> dict[str, Any]:
        return {"space": space, "amount": action.amount}


def known_value(board: Board, state: Position, space: int) -> int | None:
    """What bank ``space`` pays as far as the game knows: its printed value, else the amount
    this log has shown it to pay (R3.3); ``None`` when neither says."""
    if not 1 <= space <= len(board.bank_values):
        return None
    printed = board.bank_values[space - 1]
    if printed is not None:
        return printed
    seen = seen_value(state, space)
    return None if seen is None else seen[0]


def space_for(board: Board, state: Position, amount: int, *, wished: bool = False
              ) -> tuple[int, bool]:
    """The bank space a player who took ``amount`` and named no space went to, and whether
    a free space is known to pay that much (R3.3). A free space known to pay it; else such a
    space although taken (the referee then says by whom); else a free space whose value is
    unknown; else any such space. ``wished``: the buyer went to the House of the Bottle
    Genie, from where every bank space may be wished for, taken or not (R6.2)."""
    spaces = range(1, len(board.bank_values) + 1)
    free = (board.area(Area.BANK).spaces if wished
            else state.free_spaces(board, Area.BANK)) or ()
    values = {s: known_value(board, state, s) for s in spaces}
    ranked = ([s for s in free if values.get(s) == amount]
              + [s for s in spaces if values[s] == amount]
              + [s for s in free if values.get(s) is None]
              + [s for s in spaces if values[s] is None])
    return (ranked[0] if ranked else 1), any(values.get(s) == amount for s in free)


def seen_value(state: Position, space: int) -> tuple[int, int] | None:
    """The amount bank ``space`` paid when the log first used it, and that event's number;
    ``None`` when it has not been used (or its value is printed in the board profile)."""
    for s, amount, event in state.bank_seen:
        if s == space:
            return amount, event
    return None


BANK = BankKind()


def _unknown_said(space: int, most: int) -> str:
    return _("the value of bank space {space} is unknown to the board profile; the amount "
             "taken is trusted up to {most}").format(space=space, most=most)
