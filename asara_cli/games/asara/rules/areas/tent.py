"""Pro, the tent (R3.6): pay the space's printed cost, draw 2 buyers into the hand. The
tent's spaces and costs are unknown to the standard profile: the cost paid is trusted."""

from __future__ import annotations

from typing import Any

from asara_cli.core.findings import Report
from asara_cli.core.i18n import N_, Later, _, ngettext
from asara_cli.core.schema import Schema, whole
from asara_cli.games.asara.rules import terms
from asara_cli.games.asara.rules.areas.base import ANY_SPACE, Fields, Kind, Move, Notes, Sampling
from asara_cli.games.asara.rules.board import Board
from asara_cli.games.asara.rules.events import Recruit
from asara_cli.games.asara.rules.model import Variant


class Tent(Kind[Recruit]):
    kind = "tent"
    log_type = "recruit"
    space_help = N_("a tent space number")
    summary = N_("Pro: pay the tent space's cost, draw 2 buyers (R3.6).")
    required = ("cost",)

    def key_schemas(self) -> dict[str, Schema]:
        # a negative cost is refused by the rules whatever the board (R3.6): flagged at once
        return {"space": ANY_SPACE,
                "cost": whole("The Asari paid: the tent space's printed cost.", minimum=0)}

    def samples(self, s: Sampling, wish: bool = False) -> list[tuple[Recruit, int | None]]:
        """Pro: each space the player can pay for while the deck holds a draw (an unknown
        cost: 1)."""
        board, state = s.board, s.state
        if state.setup.variant != Variant.PRO or state.draw_pile < board.recruit_draw:
            return []
        found: list[tuple[Recruit, int | None]] = []
        for space in board.by_kind[self.kind].spaces or (None,):
            printed = printed_cost(board, space)
            cost = 1 if printed is None else printed
            if cost <= s.player.money:
                found.append((Recruit(cost), space))
        return found

    def cost(self, board: Board, space: int | None, action: Recruit) -> tuple[int, str]:
        return action.cost, _("recruiting at the tent costs {cost}").format(cost=action.cost)

    def price(self, board: Board, space: int | None, action: Recruit) -> int:
        return action.cost

    def check(self, m: Move[Recruit], bad: Report) -> None:
        if m.action.cost < 0:
            bad("R3.6", _("a recruiting cost cannot be negative"))
        printed = printed_cost(m.board, m.space)
        if printed is not None and printed != m.action.cost:
            bad("R3.6", _("tent space {space} costs {cost}, not {paid}").format(
                space=m.space, cost=printed, paid=m.action.cost))
        if m.state.draw_pile < m.board.recruit_draw:
            bad("R3.6", ngettext("the buyer deck holds {n} card; recruiting draws {draw}",
                                 "the buyer deck holds {n} cards; recruiting draws {draw}",
                                 m.state.draw_pile).format(n=m.state.draw_pile,
                                                           draw=m.board.recruit_draw))

    def notes(self, m: Move[Recruit]) -> Notes:
        if m.board.tent_costs is None:
            return [("tent", "R3.6", Later(_unknown_said))]
        return ()

    def apply(self, m: Move[Recruit]) -> None:
        drawn = min(m.board.recruit_draw, m.state.draw_pile)
        m.player.buyers += drawn
        m.state.draw_pile -= drawn

    def text(self, board: Board, who: str, space: int | None, action: Recruit,
             how: str | None) -> str:
        name = terms.area(board.by_kind[self.kind].name)
        if how:
            text = ngettext("{player} recruits at the {area} for {cost} ({how}): +{n} buyer",
                            "{player} recruits at the {area} for {cost} ({how}): +{n} buyers",
                            board.recruit_draw)
        else:
            text = ngettext("{player} recruits at the {area} for {cost}: +{n} buyer",
                            "{player} recruits at the {area} for {cost}: +{n} buyers",
                            board.recruit_draw)
        return text.format(player=who, area=name, cost=action.cost, how=how,
                           n=board.recruit_draw)

    def read(self, r: Fields) -> tuple[int | None, Recruit]:
        space = self.read_space(r)
        cost = r.whole("cost", _("the Asari paid at the tent"), required=True)
        assert cost is not None
        return space, Recruit(cost)

    def write(self, space: int | None, action: Recruit) -> dict[str, Any]:
        d: dict[str, Any] = {} if space is None else {"space": space}
        d["cost"] = action.cost
        return d


TENT = Tent()


def printed_cost(board: Board, space: int | None) -> int | None:
    """What tent ``space`` costs by the board profile (R3.6); ``None`` when no space is
    named or the profile does not know it."""
    costs = board.tent_costs
    if space is None or costs is None or not 1 <= space <= len(costs):
        return None
    return costs[space - 1]


def _unknown_said() -> str:
    return _("the tent's spaces and costs are unknown to the board profile; the cost paid is "
             "trusted")
