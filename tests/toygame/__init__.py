"""PEBBLES, a toy game registered only by the test suite: the proof that a game plugs into
asara-cli through its registry and contract alone (``docs/architecture.md``).

The tests register it with ``ASARA_GAMES=pebbles=toygame`` (``asara_cli/games/__init__.py``)
and ``tests/`` on the import path, in their own process and in the ``asara`` they start.
Its parts: ``rules.py`` (the referee, pure), ``codec.py`` (its log keys and schema),
``recording.py`` (what the recording transaction asks of it), ``commands.py`` (``new`` and
``place``: words into an event), ``standard.toml`` (its board profile) and ``samples/``.
Rules ids P1-P4 (rules.py).
"""

from __future__ import annotations

import textwrap
from collections.abc import Iterable, Mapping, Sequence
from pathlib import Path
from typing import TYPE_CHECKING

from asara_cli.games.base import (
    CodecModule,
    Data,
    Filter,
    Flag,
    Game,
    LedgerLine,
    LegalMove,
    SchemaPart,
    SeatScore,
    Source,
    Summary,
    begin_with,
    words_after,
)
from toygame.rules import Board, Place, Played, Setup, State

if TYPE_CHECKING:
    import typer
    from rich.console import RenderableType

    from asara_cli.games.recording import Recording

KEY = "pebbles"
_SOURCES = {"wells": Source("wells", "wells", "wells", "#2f7fa8", (0, 0)),
            "bonus": Source("bonus", "round bonus", "round bonus", "#d4a017", (1, 0))}


def _fold(title: str, width: int = 80) -> list[str]:
    """A title (it names the log's path, which may be long) folded within ``width`` columns,
    as the packaged games' titles are; the writer breaks lines only between words."""
    return textwrap.wrap(title, width, break_long_words=True, break_on_hyphens=False) or [""]


class Pebbles(CodecModule[Setup, Place]):
    key = KEY
    name = "PEBBLES"
    title = "Pebbles"
    aliases: tuple[str, ...] = ("toy",)
    min_players = 2
    max_players = 4
    bgg_id: int | None = None
    period = "round"
    points = "points"
    final = "last round"
    rule_prefix = "P"
    seat_colours: tuple[str, ...] = ("#2e7d32", "#6a1b9a", "#ef6c00")

    # --- board profile --------------------------------------------------------------------

    def profile_text(self) -> str:
        return (Path(__file__).parent / "standard.toml").read_text("utf-8")

    def board_from_mapping(self, data: Mapping[str, object],
                           defaults: Mapping[str, object] | None) -> Board:
        from toygame.rules import board_from_mapping

        return board_from_mapping({**(defaults or {}), **data})

    # --- codec ----------------------------------------------------------------------------

    codec = "toygame.codec"
    header_keys: tuple[str, ...] = ()

    def schema(self, board: Board) -> SchemaPart:
        from toygame.codec import log_part

        return log_part(board)

    # --- referee --------------------------------------------------------------------------

    def replay(self, board: Board, setup: Setup, events: Sequence[Place]) -> Played:
        return Played(board, setup, events)

    def progress(self, outcome: Played) -> str:
        if outcome.complete:
            names = [outcome.setup.players[s] for s in outcome.winners()]
            return f"complete; {' and '.join(names)} {'win' if len(names) > 1 else 'wins'}"
        seat = outcome.state.to_move
        who = "-" if seat is None else outcome.setup.players[seat]
        return f"in progress: round {outcome.state.round}, {who} to move"

    def turn_text(self, outcome: Played) -> str | None:
        from toygame.recording import turn_text

        return None if outcome.stopped is not None else turn_text(outcome.state)

    # --- scores ---------------------------------------------------------------------------

    def scores(self, outcome: Played, setup: Setup) -> tuple[SeatScore, ...]:
        totals = outcome.state.totals()
        by_seat: list[dict[str, int]] = [{} for _ in setup.players]
        for p in outcome.state.ledger:
            by_seat[p.player][p.source] = by_seat[p.player].get(p.source, 0) + p.points
        return tuple(SeatScore(name, s + 1, totals[s],
                               tuple(sorted(by_seat[s].items(),
                                            key=lambda kv: _SOURCES[kv[0]].order)))
                     for s, name in enumerate(setup.players))

    def winners(self, outcome: Played) -> tuple[str, ...]:
        return tuple(outcome.setup.players[s] for s in outcome.winners())

    def tie_break(self, outcome: Played) -> str | None:
        return None  # tied players share the win

    def ledger(self, outcome: Played) -> tuple[LedgerLine, ...]:
        return tuple(LedgerLine(p.round, p.event, outcome.setup.players[p.player], p.points,
                                p.source, p.explanation)
                     for p in outcome.state.ledger)

    def standings(self, outcome: Played) -> list[tuple[str, list[int]]]:
        played = min(outcome.state.round, outcome.board.rounds)
        return [(f"round {r}", [sum(p.points for p in outcome.state.ledger
                                    if p.player == s and p.round <= r)
                                for s in range(len(outcome.setup.players))])
                for r in range(1, played + 1)]

    def summaries(self, outcome: Played) -> tuple[Summary, ...]:
        return ()

    def sources(self, board: Board | None) -> tuple[Source, ...]:
        return tuple(_SOURCES.values())

    def source(self, key: str) -> Source:
        return _SOURCES.get(key) or Source(key, key, key, "#999999")

    filters: tuple[Filter, ...] = ()

    def facts(self, setup: Setup) -> dict[str, str | tuple[str, ...]]:
        return {}

    def describe(self, facts: Mapping[str, str | tuple[str, ...]]) -> str:
        return "game"

    # --- views: plain text is a renderable -----------------------------------------------

    def board_page(self, board: Board) -> str | None:
        return None

    def board_view(self, board: Board) -> RenderableType:
        wells = ", ".join(f"{i}: {v}" for i, v in enumerate(board.wells, 1))
        return (f"PEBBLES board\nwells (number: points): {wells}\nrounds: {board.rounds}, "
                f"pebbles a player places a round: {board.turns}, round bonus: {board.bonus}")

    def board_data(self, board: Board) -> Data:
        return {"wells": list(board.wells), "rounds": board.rounds, "turns": board.turns,
                "bonus": board.bonus}

    def status_view(self, board: Board, outcome: Played, at: int, title: str,
                    full: bool = False) -> RenderableType:
        state = outcome.at(at)
        totals = state.totals()
        lines = [*_fold(title), f"round {min(state.round, board.rounds)} of {board.rounds}; wells "
                        f"taken: {', '.join(map(str, state.taken)) or 'none'}"]
        lines += [f"  {name}: {totals[s]}" for s, name in enumerate(state.players)]
        return "\n".join(lines)

    def status_data(self, board: Board, outcome: Played, at: int) -> Data:
        state = outcome.at(at)
        return {"round": state.round, "taken": list(state.taken),
                "points": dict(zip(state.players, state.totals(), strict=True))}

    def score_view(self, board: Board, outcome: Played, title: str) -> RenderableType:
        lines = _fold(title)
        for seat in self.scores(outcome, outcome.setup):
            parts = ", ".join(f"{_SOURCES[k].label} {v}" for k, v in seat.sources)
            lines.append(f"  {seat.name}: {seat.total} ({parts or 'nothing yet'})")
        return "\n".join(lines)

    def score_data(self, board: Board, outcome: Played) -> Data:
        return {"players": [{"name": s.name, "total": s.total, "sources": dict(s.sources)}
                            for s in self.scores(outcome, outcome.setup)],
                "winners": list(self.winners(outcome))}

    def score_chart(self, outcome: Played, title: str) -> RenderableType:
        lines = _fold(title)
        for name, total in zip(outcome.setup.players, outcome.state.totals(), strict=True):
            lines.append(f"  {name[:20]:20} {'#' * min(total, 50)} {total}")
        return "\n".join(lines)

    # --- recording --------------------------------------------------------------------------

    def move_text(self, board: Board, event: Place) -> str:
        from toygame.recording import move_text

        return move_text(board, event)

    def register_commands(self, group: typer.Typer, only: str | None) -> None:
        from toygame.commands import register

        register(group, only)

    def command_names(self) -> tuple[str, ...]:
        from toygame.commands import COMMANDS

        return COMMANDS

    def listed_names(self) -> tuple[str, ...]:
        return ("place",)

    def who_starts(self, given: Mapping[str, object]) -> None:
        return None  # a new game begins with the first player

    def legal_moves(self, board: Board, state: State, typed: Sequence[str] = ()
                    ) -> Iterable[LegalMove[Place]]:
        from toygame.recording import legal_moves

        return begin_with(legal_moves(board, state), typed)

    def next_words(self, board: Board, state: State, typed: Sequence[str]) -> Sequence[str]:
        from toygame.recording import legal_moves

        return words_after(legal_moves(board, state), typed)  # few enough to make them all

    def moves_note(self, board: Board, state: State) -> str | None:
        return None if state.to_move is not None else "the game is over [P1]"

    def recording(self) -> Recording[Board, Played, State, Place, State]:
        from toygame.recording import RECORDING

        return RECORDING

    # --- simulator --------------------------------------------------------------------------

    simulate_flags: tuple[Flag, ...] = ()

    def simulate(self, board: Board, seed: int, players: int, flags: frozenset[str],
                 names: Sequence[str]) -> tuple[Setup, tuple[Place, ...]]:
        from toygame.rules import simulate

        setup = Setup(tuple(names[:players]))
        return setup, simulate(board, seed, setup.players)


#: PEBBLES, checked by mypy against every part of the contract.
GAME: Game[Board, Setup, Place, Played, State, State] = Pebbles()
