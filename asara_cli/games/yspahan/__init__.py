"""YSPAHAN (Sébastien Pauchon, Ystari 2006): the second game of asara-cli.

``GAME`` is what the registry hands the generic layers; its parts are imported when first
used (:class:`~asara_cli.games.base.GameParts` finds most of them).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING

from asara_cli.core.i18n import N_, _, language, ngettext, pgettext
from asara_cli.core.words import number
from asara_cli.games.base import (
    Filter,
    Flag,
    GameParts,
    LedgerLine,
    SeatScore,
    Source,
    Summary,
)

if TYPE_CHECKING:
    from asara_cli.games.base import Game
    from asara_cli.games.yspahan.rules.board import Board
    from asara_cli.games.yspahan.rules.engine import Replay
    from asara_cli.games.yspahan.rules.events import Event
    from asara_cli.games.yspahan.rules.state import GameState, PlayerState, Setup


#: The sources of points (YSPAHAN.md Y4) in the order tables show them: ``(group, label,
#: colour)``, translated where they are shown; ``souks1``.. and ``caravan_week1``.. are one
#: per week.
_SOURCES: dict[str, tuple[str, str, str]] = {
    "buildings": (N_("buildings"), N_("buildings"), "#7a8b99"),
    "souks": (N_("souks"), N_("souks"), "#d4a017"),
    "caravan": (N_("caravan places"), N_("caravan places"), "#e07b39"),
    "caravan_full": (N_("caravan evaluations"), N_("full caravan"), "#8b5a2b"),
    "caravan_week": (N_("caravan evaluations"), N_("caravan at the week end"), "#c0392b"),
    "goldvp": (N_("cards"), N_("gold card"), "#3e8e41"),
    "camelvp": (N_("cards"), N_("camel card"), "#2f7fa8"),
}
_WEEKLY = ("souks", "caravan_week")


class Yspahan(GameParts["Board", "Setup", "Event", "Replay", "GameState", "GameState"]):
    """YSPAHAN as the generic layers see it (:class:`asara_cli.games.base.Game`)."""

    key = "yspahan"
    name = "YSPAHAN"
    title = "Yspahan"
    min_players = 3
    max_players = 4
    #: BoardGameGeek's id: 22345 by the project's notes, but no source at hand confirms it,
    #: so none is claimed; `--bgg-id 22345` gives it (as for ASARA).
    bgg_id: int | None = None
    # words of the report's headings, translated where they are shown
    period = N_("week")
    points = N_("points")
    final = N_("final scoring")
    rule_prefix = "Y"

    # --- board ----------------------------------------------------------------------------

    profile = ("asara_cli.games.yspahan", "data/standard.toml")

    #: the quarters, the street and the card kinds belong together: a table's profile gives
    #: each whole or leaves it to the packaged one
    whole_tables = ("quarters", "street", "cards.kinds", "caravan.camels")

    # --- codec ----------------------------------------------------------------------------

    package = "asara_cli.games.yspahan"
    codec = "asara_cli.games.yspahan.codec"
    header_keys: tuple[str, ...] = ("oldest", "colours", "hands")

    # --- referee --------------------------------------------------------------------------

    def progress(self, outcome: Replay) -> str:
        from asara_cli.games.yspahan.screens import progress

        return progress(outcome)

    def turn_text(self, outcome: Replay) -> str | None:
        from asara_cli.games.yspahan.screens import turn_text

        if outcome.stopped is not None:
            return None
        return turn_text(outcome.state)

    def scores(self, outcome: Replay, setup: Setup) -> tuple[SeatScore, ...]:
        state = outcome.state
        n = len(state.players)
        by_seat: list[dict[str, int]] = [defaultdict(int) for _ in range(n)]
        for entry in state.ledger:
            by_seat[entry.player][source_key(entry.source, entry.week)] += entry.points
        return tuple(
            SeatScore(p.name, (s - setup.oldest) % n + 1, p.score,
                      tuple(sorted(by_seat[s].items(), key=lambda kv: self.source(kv[0]).order)))
            for s, p in enumerate(state.players))

    def ledger(self, outcome: Replay) -> tuple[LedgerLine, ...]:
        state = outcome.state
        return tuple(LedgerLine(e.week, None if e.source in ("souk", "caravan_week")
                                else e.event or None, state.players[e.player].name, e.points,
                                source_key(e.source, e.week), e.said)
                     for e in state.ledger)

    def standings(self, outcome: Replay) -> list[tuple[str, list[int]]]:
        """A week just begun, with no points yet, is left out."""
        from asara_cli.games.yspahan.rules.state import OVER
        from asara_cli.games.yspahan.screens import points_by_week

        state = outcome.state
        rows = points_by_week(state)
        stages: list[tuple[str, list[int]]] = []
        for w in range(1, len(rows[0][1]) + 1 if rows else 1):
            label = _("week {week}").format(week=w)
            if state.phase != OVER and w >= state.week:
                if not any(e.week == w for e in state.ledger):
                    continue
                label = _("week {week} so far").format(week=w)
            stages.append((label, [running[w - 1] for _, running in rows]))
        return stages

    def piece_colours(self, setup: Setup) -> tuple[str, ...]:
        return setup.colours

    def board_page(self, board: Board) -> str | None:
        from asara_cli.games.yspahan.street import street_svg

        return street_svg(board) or None

    # --- sources and filters --------------------------------------------------------------

    def sources(self, board: Board | None) -> tuple[Source, ...]:
        weeks = board.weeks if board is not None else 3
        keys: list[str] = []
        for key in _SOURCES:
            if key in _WEEKLY:
                keys += [f"{key}{w}" for w in range(1, weeks + 1)]
            else:
                keys.append(key)
        return tuple(self.source(k) for k in keys)

    def source(self, key: str) -> Source:
        return _source(key, language())

    filters: tuple[Filter, ...] = (
        Filter("hands", "Only games with open or secret hands (whether the log names "
               "every card drawn).",
               ("open", "secret")),
    )

    def facts(self, setup: Setup) -> dict[str, str | tuple[str, ...]]:
        return {"hands": str(setup.hands)}

    def describe(self, facts: Mapping[str, str | tuple[str, ...]]) -> str:
        if facts.get("hands") == "secret":
            return _("game with hands kept secret")
        return _("game with open hands")

    # --- simulated games ------------------------------------------------------------------

    #: ``asara simulate --game yspahan --secret``: the logs keep hands secret (Y7).
    simulate_flags: tuple[Flag, ...] = (
        Flag("secret", "Hands kept secret (every card drawn is logged hidden, "
                        "Y7)."),)

    def simulate(self, board: Board, seed: int, players: int, flags: frozenset[str],
                 names: Sequence[str]) -> tuple[Setup, tuple[Event, ...]]:
        from asara_cli.games.yspahan.simulate import simulate_game

        game = simulate_game(board, seed, players, secret_hands="secret" in flags, names=names)
        return game.setup, game.events

    # --- the report page ------------------------------------------------------------------

    def summaries(self, outcome: Replay) -> tuple[Summary, ...]:
        """Each player's buildings in the order built, and what is left (it scores nothing,
        Y4.6)."""
        from asara_cli.games.yspahan.rules import terms

        state = outcome.state
        rows = tuple((p.name, ", ".join(terms.buildings(p.buildings)) or "-", str(p.gold),
                      str(p.camels), str(p.cards)) for p in state.players)
        return (Summary(_("Buildings, and what is left"), (
            _("player"), _("buildings"), pgettext("gold coins", "gold"), _("camels"),
            _("cards")), rows),)

    def tie_break(self, outcome: Replay) -> str | None:
        """Y4.7: [WBC] tournaments order the players tied for the win by most camels, then
        gold, then cards in hand; offered on the report page, the game's result unchanged."""
        from itertools import groupby

        from asara_cli.core.words import both, in_turn

        tied = [outcome.state.players[s] for s in outcome.winners()]
        if len(tied) < 2:
            return None

        def counts(p: PlayerState) -> tuple[int, int, int]:
            return p.camels, p.gold, p.cards

        places = [  # most first; a sort keeps seat order among equals, reversed too
            _("{players} ({camels}, {gold}, {cards})").format(
                players=both([p.name for p in group]),
                camels=ngettext("{n} camel", "{n} camels", camels).format(n=camels),
                gold=pgettext("gold coins", "{n} gold").format(n=gold),
                cards=ngettext("{n} card", "{n} cards", cards).format(n=cards))
            for (camels, gold, cards), group in groupby(
                sorted(tied, key=counts, reverse=True), counts)]
        return _("By the WBC tournament order (most camels, then gold, then cards in hand): "
                 "{order} [Y4.7].").format(order=in_turn(places))


@cache  # a handful of keys, asked for by every game's scores (in the language in use)
def _source(key: str, language: str) -> Source:
    order = list(_SOURCES)
    for base in _WEEKLY:
        rest = key[len(base):]
        week = number(rest) if key.startswith(base) else None
        if week is not None:
            group, label, colour = _SOURCES[base]
            return Source(key, _("{source}, week {week}").format(source=_(label), week=week),
                          _(group), colour, (order.index(base), week), week)
    if key in _SOURCES:
        group, label, colour = _SOURCES[key]
        return Source(key, _(label), _(group), colour, (order.index(key), 0))
    label = key.replace("_", " ")
    return Source(key, label, label, "#999999", (9, 0))


def source_key(source: str, week: int) -> str:
    """The :class:`Source` key of a ledger entry's source (rules/state.py SOURCES)."""
    if source == "souk":
        return f"souks{week}"
    if source == "caravan_week":
        return f"caravan_week{week}"
    if source == "building":
        return "buildings"
    return source


#: YSPAHAN, checked by mypy against every part of the contract.
GAME: Game[Board, Setup, Event, Replay, GameState, GameState] = Yspahan()
