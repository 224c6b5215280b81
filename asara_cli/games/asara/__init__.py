"""ASARA (Michael Kiesling & Wolfgang Kramer, Ravensburger 2010): the first game of asara-cli.

``GAME`` is what the registry hands the generic layers; its parts are imported when first
used, so that finding the game costs a command nothing.
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from functools import cache
from typing import TYPE_CHECKING

from asara_cli.core.i18n import N_, NP_, _, language, ngettext, pgettext
from asara_cli.core.words import both, number
from asara_cli.games.base import (
    Filter,
    Flag,
    GameParts,
    LedgerLine,
    LegalMove,
    SeatScore,
    Source,
    Summary,
)

if TYPE_CHECKING:
    import typer

    from asara_cli.games.asara.rules.board import Board
    from asara_cli.games.asara.rules.engine import Applied, Replay
    from asara_cli.games.asara.rules.events import Event
    from asara_cli.games.asara.rules.state import GameState, LedgerEntry, Setup
    from asara_cli.games.base import Game


#: The colours of the sources in the report: alike sources are given unlike hues.
_COLOURS = {
    "builds": "#7a8b99", "gifts": "#d4a017", "year": "#e07b39", "brown": "#8b5a2b",
    "green": "#3e8e41", "red": "#c0392b", "black": "#2b2b2b", "white": "#c9c9c9",
    "overall": "#6c4f9e", "most_towers": "#2f7fa8", "money": "#e377c2",
}
_COLOURED = ("brown", "green", "red", "black", "white")
_AFTER_YEARS = (*_COLOURED, "overall", "most_towers", "money")
_EXPANSION_NAMES = {"gifts": N_("Gifts of the Caliph"),
                    "genie": N_("the House of the Bottle Genie")}
#: Where the other points came from, as tables and charts name them, and their order.
_LABELS = {"builds": (NP_("points from", "builds"), (0, 0)),
           "gifts": (NP_("points from", "gifts"), (1, 0)),
           "overall": (NP_("points from", "overall"), (4, 0)),
           "most_towers": (NP_("points from", "most towers"), (5, 0)),
           "money": (NP_("points from", "money"), (6, 0))}


class Asara(GameParts["Board", "Setup", "Event", "Replay", "GameState", "Applied"]):
    """ASARA as the generic layers see it (:class:`asara_cli.games.base.Game`)."""

    key = "asara"
    name = "ASARA"
    title = "Asara"
    min_players = 2
    max_players = 4
    # the report and the charts show them translated: marked for the catalogue
    period = N_("year")
    points = N_("prestige")
    final = N_("final evaluation")
    rule_prefix = "R"

    # --- board ----------------------------------------------------------------------------

    profile = ("asara_cli", "data/standard.toml")

    #: the hand sizes are one per player count the profile allows: taken whole or not
    whole_tables = ("buyers.hand",)

    # --- codec ----------------------------------------------------------------------------

    package = "asara_cli.games.asara"
    codec = "asara_cli.games.asara.codec"
    screens = "screens.game"
    board_screens = "screens.board"
    record_screens = "screens.record"
    header_keys: tuple[str, ...] = ("start", "variant", "expansions", "buyers")

    # --- referee --------------------------------------------------------------------------

    def progress(self, outcome: Replay) -> str:
        state = outcome.state
        if outcome.complete:
            names = [state.players[s].name for s in outcome.winners()]
            if len(names) == 1:
                return _("complete; {player} wins").format(player=names[0])
            return _("complete; {players} win").format(players=both(names))
        who = state.players[state.turn].name if state.turn is not None else "-"
        return _("in progress: year {year}, {player} to move").format(year=state.year,
                                                                       player=who)

    def turn_text(self, outcome: Replay) -> str | None:
        state = outcome.state
        if state.turn is None or outcome.stopped is not None:
            return None
        return _("Year {year}, {player} to move.").format(
            year=state.year, player=state.players[state.turn].name)

    def scores(self, outcome: Replay, setup: Setup) -> tuple[SeatScore, ...]:
        state, n = outcome.state, len(outcome.state.players)
        by_seat: list[dict[str, int]] = [defaultdict(int) for _ in range(n)]
        for entry in state.ledger:
            by_seat[entry.player][_KEY_OF.get(entry.source) or _source_key(entry)] += entry.points
        # a player's total: the sum of their ledger entries (state.prestige), by source
        return tuple(SeatScore(p.name, (s - setup.start) % n + 1, sum(by_seat[s].values()),
                               _in_order(by_seat[s]))
                     for s, p in enumerate(state.players))

    def ledger(self, outcome: Replay) -> tuple[LedgerLine, ...]:
        state = outcome.state
        names = [p.name for p in state.players]
        return tuple([LedgerLine(e.year, e.event or None, names[e.player], e.points,
                                 _KEY_OF.get(e.source) or _source_key(e), e.said,
                                 e.source == "final")
                      for e in state.ledger])

    def summaries(self, outcome: Replay) -> tuple[Summary, ...]:
        from asara_cli.games.asara.rules import terms
        from asara_cli.games.asara.rules.model import tower_label

        rows = []
        for p in outcome.state.players:
            towers = []
            for i, t in enumerate(p.towers):
                extras = [str(t.height)]
                if t.visible_gold:
                    extras.append(ngettext("{n} gold", "{n} gold", t.visible_gold).format(
                        n=t.visible_gold))
                if t.lighted:
                    extras.append(_("{n} lighted").format(n=t.lighted))
                towers.append(f"{terms.tower_named(tower_label(p.towers, i))} "
                              f"({', '.join(extras)})")
            rows.append((p.name, ", ".join(towers) or pgettext("towers", "none"),
                         str(p.money)))
        return (Summary(_("Towers and money"), (_("player"), _("towers (height)"), _("Asari")),
                        tuple(rows)),)

    def standings(self, outcome: Replay) -> list[tuple[str, list[int]]]:
        from asara_cli.games.asara.screens.game import prestige_by_year

        return prestige_by_year(outcome.state)

    def board_page(self, board: Board) -> str | None:
        return None  # the printed board names its spaces: nothing to lay beside it

    # --- sources and filters --------------------------------------------------------------

    def sources(self, board: Board | None) -> tuple[Source, ...]:
        years = board.years if board is not None else 4
        return tuple(self.source(k) for k in (
            "builds", "gifts", *(f"year{y}" for y in range(1, years + 1)), *_AFTER_YEARS))

    def source(self, key: str) -> Source:
        return _source_in(key, language())

    filters: tuple[Filter, ...] = (
        Filter("variant", "Only games of this variant (basic or pro).", ("basic", "pro")),
        Filter("expansions", "Only games with this expansion (gifts, genie); repeat it for "
               "several.", ("gifts", "genie"), many=True, option="expansion"),
    )

    def facts(self, setup: Setup) -> dict[str, str | tuple[str, ...]]:
        return {"variant": setup.variant.value, "expansions": tuple(setup.expansions)}

    def describe(self, facts: Mapping[str, str | tuple[str, ...]]) -> str:
        pro = facts.get("variant") == "pro"
        extras = [_(_EXPANSION_NAMES[x]) if x in _EXPANSION_NAMES else x
                  for x in facts.get("expansions", ())]
        if extras:
            return (_("professional game with {expansions}") if pro
                    else _("basic game with {expansions}")).format(expansions=both(extras))
        return _("professional game") if pro else _("basic game")

    # --- simulator ---------------------------------------------------------------------------

    simulate_flags: tuple[Flag, ...] = (
        Flag("pro", "The professional version."),
        Flag("gifts", "With the Gifts of the Caliph (R6.1)."),
        Flag("genie", "With the House of the Bottle Genie (R6.2; implies --pro)."),
    )

    def simulate(self, board: Board, seed: int, players: int, flags: frozenset[str],
                 names: Sequence[str]) -> tuple[Setup, tuple[Event, ...]]:
        from asara_cli.games.asara.simulate import simulate_game

        expansions = tuple(x for x in ("gifts", "genie") if x in flags)
        game = simulate_game(board, seed, players, "pro" in flags or "genie" in flags,
                             expansions, names)
        return game.setup, game.events

    # --- command line ---------------------------------------------------------------------

    def register_commands(self, group: typer.Typer, only: str | None) -> None:
        """The recording commands, and the quick tally of a position typed in by hand."""
        from asara_cli.cli.common import add_command

        if only == "tally" or only is None:
            from asara_cli.games.asara.tally import tally

            add_command(group, "tally", tally)
            if only == "tally":
                return
        from asara_cli.games.asara.commands import register

        register(group, only)

    def command_names(self) -> tuple[str, ...]:
        return ("tally", *super().command_names())

    def legal_moves(self, board: Board, state: GameState, typed: Sequence[str] = ()
                    ) -> Iterable[LegalMove[Event]]:
        from asara_cli.games.asara.moves import begin_with

        return begin_with(board, state, typed)


@cache  # a handful of keys, asked for by every game's scores, in the language in use
def _source_in(key: str, language: str) -> Source:
    from asara_cli.games.asara.rules import terms

    year = number(key[4:]) if key.startswith("year") else None
    if year is not None:
        return Source(key, _("year {year}").format(year=year), _("year ends"),
                      _COLOURS["year"], (2, year), year)
    if key in _COLOURED:
        return Source(key, terms.colour(key), _("colours"), _COLOURS[key],
                      (3, _COLOURED.index(key)))
    said, rank = _LABELS.get(key, (None, (9, 0)))
    label = key.replace("_", " ") if said is None else pgettext("points from", said)
    return Source(key, label, label, _COLOURS.get(key, "#999999"), rank)


@cache  # the same in every language: looked up in C for each key sorted
def _source_order(key: str) -> tuple[int, int]:
    return _source_in(key, language()).order


def _in_order(points: dict[str, int]) -> tuple[tuple[str, int], ...]:
    """A player's points by source, in the sources' order."""
    return tuple([(key, points[key]) for key in sorted(points, key=_source_order)])


_KEY_OF = {"build": "builds", "gift": "gifts"}  # the sources of one key: no call to find it


def _source_key(entry: LedgerEntry) -> str:
    """Where a ledger entry's points came from: ``builds``, ``year1``, a final category ..."""
    if entry.source == "final":
        return str(entry.category or "final")
    if entry.source == "year":
        return f"year{entry.year}"
    return _KEY_OF.get(entry.source, "gifts")


#: ASARA, checked by mypy against every part of the contract.
GAME: Game[Board, Setup, Event, Replay, GameState, Applied] = Asara()
