"""The contract every game package implements: the protocol :class:`Game` and its typed
parts, over the game's own board, setup, event, outcome, position and move-done types.
``mypy --strict`` holds each game's ``GAME`` to it; at run time it is imported only where a
program asks for one of its classes (through ``games/base.py``)."""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol, Required, TypedDict, TypeVar

from asara_cli.core.findings import Violation
from asara_cli.games.base import (
    BoardT,
    DoneT,
    EventT,
    Filter,
    LedgerLine,
    LegalMove,
    SeatScore,
    SetupT,
    Source,
    StateT,
    Summary,
    _Event_co,
)

if TYPE_CHECKING:
    import typer
    from rich.console import RenderableType

    from asara_cli.core.schema import Schema
    from asara_cli.errors import Asked
    from asara_cli.games.base import Data, Flag
    from asara_cli.games.recording import Recording

# A part that only takes a value is contravariant in it (``_contra``), one that only gives it
# covariant (``_co``); the whole :class:`Game` is invariant.

OutcomeT = TypeVar("OutcomeT", bound="Outcome")
_Board_co = TypeVar("_Board_co", covariant=True)
_Board_contra = TypeVar("_Board_contra", contravariant=True)
_Setup_co = TypeVar("_Setup_co", covariant=True)
_Setup_contra = TypeVar("_Setup_contra", contravariant=True)
_Event_contra = TypeVar("_Event_contra", contravariant=True)
_Outcome_contra = TypeVar("_Outcome_contra", bound="Outcome", contravariant=True)


class Outcome(Protocol):
    """A replayed log as the generic layers see it (each game's replay result has more)."""

    @property
    def valid(self) -> bool: ...

    @property
    def complete(self) -> bool: ...

    @property
    def violations(self) -> tuple[Violation, ...]: ...

    @property
    def notes(self) -> tuple[Violation, ...]: ...

    @property
    def stopped(self) -> int | None: ...


class FieldReader(Protocol):
    """Typed access to one event's (or the header's) keys, each error naming the file, line,
    event and key: the codec reads through it and raises what :meth:`error` returns."""

    raw: Mapping[str, object]

    def error(self, key: str | None, message: str) -> Exception: ...

    def get(self, key: str, check: Callable[[object], bool], expected: str, *,
            required: bool = False) -> object: ...

    def whole(self, key: str, expected: str, *, required: bool = False) -> int | None: ...

    def text(self, key: str, pattern: re.Pattern[str] | None, expected: str, *,
             required: bool = False) -> str | None: ...

    def strings(self, key: str, pattern: re.Pattern[str], expected: str) -> list[str]: ...

    def table(self, key: str, expected: str) -> FieldReader | None: ...


class _Position(Protocol):
    """A game's state as :class:`Replayed` reads it: over or not, after how many events."""

    @property
    def over(self) -> bool: ...

    @property
    def events(self) -> int: ...


class SchemaPart(TypedDict, total=False):
    """A game's part of the log's JSON Schema (see :meth:`Codec.schema`)."""

    log: Required[Schema]
    board: Schema
    definitions: dict[str, Schema]


class _Seated(Protocol):
    """A setup that names its players (read-only, as a frozen value has them)."""

    @property
    def players(self) -> tuple[str, ...]: ...


class _Stepped(Outcome, Protocol):
    """An outcome that shows the game after any event (``status --at N``)."""

    def at(self, event: int) -> object: ...


class Identity(Protocol):
    """Who the game is: ``key`` (the log's ``game``), ``name`` (as people write it),
    ``title`` (as BG Stats names it), and its words for a period, its points and its last
    scoring (``year``, ``prestige``, ``final evaluation``)."""

    key: str
    name: str
    title: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    bgg_id: int | None
    period: str
    points: str
    final: str
    rule_prefix: str  # its rule ids' letter (``R`` for ``R2.3``)
    seat_colours: tuple[str, ...]  # the seats' colours in charts, again from the first


class BoardProfile(Protocol[_Board_co]):
    """Where a game's board comes from: a TOML profile, the packaged one or a table's."""

    def profile_text(self) -> str: ...

    def board_from_mapping(self, data: Mapping[str, object],
                           defaults: Mapping[str, object] | None) -> _Board_co:
        """A board from a parsed profile, what it leaves out taken from ``defaults`` (the
        packaged profile); raises ``ValueError`` for a person (``key``: the key at fault)."""
        ...


class Codec(Protocol[_Board_contra, SetupT, EventT]):
    """The game's part of a log: the log layer reads the TOML and the generic header keys,
    and hands the rest to these, through a :class:`FieldReader`."""

    #: Header keys beyond the generic ones (format, game, players, board, date, place, notes).
    header_keys: tuple[str, ...]

    def event_types(self) -> tuple[str, ...]: ...

    def event_keys(self, kind: str) -> tuple[str, ...]:
        """The keys an event of type ``kind`` may hold (``type`` and ``note`` aside)."""
        ...

    def read_setup(self, header: FieldReader, players: tuple[str, ...]) -> SetupT: ...

    @property
    def read_event(self) -> Callable[[str, FieldReader, Sequence[str]], EventT]:
        """The function reading one event of a type (``kind``, the event's keys, the
        players); fetched once per log."""
        ...

    def event_type(self, event: EventT) -> str: ...

    def setup_to_dict(self, setup: SetupT) -> Data: ...

    def event_to_dict(self, event: EventT) -> Data: ...

    def players_of(self, setup: SetupT) -> tuple[str, ...]: ...

    def piece_colours(self, setup: SetupT) -> tuple[str, ...]:
        """The colour word of each seat's pieces (Yspahan's cubes); empty where the log
        records none."""
        ...

    def schema(self, board: _Board_contra) -> SchemaPart:
        """The game's part of the log's JSON Schema (draft-07): ``log`` for every log of the
        game, ``board`` for one on ``board`` (its numbers), ``definitions`` put at the top
        (``#/definitions/NAME``, NAME starting with the game's key)."""
        ...


class Referee(Protocol[_Board_contra, _Setup_contra, _Event_contra, OutcomeT]):
    """The rules: a log replayed from the top into an outcome, and how it stands."""

    def replay(self, board: _Board_contra, setup: _Setup_contra,
               events: Sequence[_Event_contra]) -> OutcomeT: ...

    def progress(self, outcome: OutcomeT) -> str:
        """How a valid game stands: ``complete; Tina wins``."""
        ...

    def turn_text(self, outcome: OutcomeT) -> str | None:
        """``Year 2, Tina to move.``; ``None`` when the game is over or illegal."""
        ...


class Scores(Protocol[_Board_contra, _Setup_contra, _Outcome_contra]):
    """Points, where they came from, and what statistics and outputs are built from."""

    def scores(self, outcome: _Outcome_contra, setup: _Setup_contra) -> tuple[SeatScore, ...]:
        """Each player's total (so far) and its sources, in seat order."""
        ...

    def winners(self, outcome: _Outcome_contra) -> tuple[str, ...]:
        """Who won a complete game (ties: everyone tied); empty before its end."""
        ...

    def tie_break(self, outcome: _Outcome_contra) -> str | None:
        """A complete game's winners tied, in the order the rules offer a report as an option
        (YSPAHAN's [WBC] order, Y4.7), said; ``None`` where there is none to give."""
        ...

    def ledger(self, outcome: _Outcome_contra) -> tuple[LedgerLine, ...]:
        """Every point scored so far, in the order it was scored."""
        ...

    def standings(self, outcome: _Outcome_contra) -> list[tuple[str, list[int]]]:
        """The progress charts' data: a stage per period (``year 2 so far`` for one under
        way), then the final scoring if one of its own, each with every seat's points."""
        ...

    def summaries(self, outcome: _Outcome_contra) -> tuple[Summary, ...]: ...

    def sources(self, board: _Board_contra | None) -> tuple[Source, ...]:
        """Every source of points, as tables order them (``None``: the packaged board)."""
        ...

    def source(self, key: str) -> Source:
        """The source called ``key``: any key :meth:`scores` gives, whatever the board."""
        ...

    #: Header facts ``batch`` filters on and CSV shows (ASARA's variant and expansions).
    filters: tuple[Filter, ...]

    def facts(self, setup: _Setup_contra) -> dict[str, str | tuple[str, ...]]: ...

    def describe(self, facts: Mapping[str, str | tuple[str, ...]]) -> str:
        """A play in words (BG Stats' comments): ``pro game with ...``."""
        ...


class Views(Protocol[_Board_contra, _Outcome_contra]):
    """Screens: rich renderables, and the same as plain data for ``--json``."""

    def board_view(self, board: _Board_contra) -> RenderableType: ...

    def board_data(self, board: _Board_contra) -> Data: ...

    def board_page(self, board: _Board_contra) -> str | None:
        """An SVG page to lay beside the board (``--format svg``), or ``None``."""
        ...

    def status_view(self, board: _Board_contra, outcome: _Outcome_contra, at: int, title: str,
                    full: bool = False) -> RenderableType:
        """The board after event ``at``: what a table needs most, within 80 x 40."""
        ...

    def status_data(self, board: _Board_contra, outcome: _Outcome_contra, at: int) -> Data: ...

    def score_view(self, board: _Board_contra, outcome: _Outcome_contra,
                   title: str) -> RenderableType: ...

    def score_data(self, board: _Board_contra, outcome: _Outcome_contra) -> Data: ...

    def score_chart(self, outcome: _Outcome_contra, title: str) -> RenderableType: ...


class CommandLine(Protocol[_Board_contra, _Event_contra]):
    """The command line of a game: ``new`` and a command per move, and what they say."""

    def move_text(self, board: _Board_contra, event: _Event_contra) -> str: ...

    def register_commands(self, group: typer.Typer, only: str | None) -> None:
        """Add the game's recording commands to ``group`` (only ``only`` when given)."""
        ...

    def command_names(self) -> tuple[str, ...]: ...

    def listed_names(self) -> tuple[str, ...]:
        """The commands whose moves ``moves`` lists (not those of a fact the table states:
        the dice, the tiles drawn, a count)."""
        ...

    def who_starts(self, given: Mapping[str, Any]) -> Asked | None:
        """At the table, before ``new`` runs with ``given``: who begins, to be asked when
        left out (the one-shot ``new`` takes the first player); else ``None``."""
        ...


class Simulator(Protocol[_Board_contra, _Setup_co, _Event_co]):
    """Simulated games (``asara simulate``): complete and legal, the same for a seed."""

    simulate_flags: tuple[Flag, ...]

    def simulate(self, board: _Board_contra, seed: int, players: int, flags: frozenset[str],
                 names: Sequence[str]) -> tuple[_Setup_co, tuple[_Event_co, ...]]:
        """One complete, legal game from ``seed`` (the same for a seed), players from
        ``names``."""
        ...


class Recorder(Protocol[_Board_contra, _Outcome_contra, StateT, _Event_contra, DoneT]):
    """The game's part of the one recording transaction (``games/recording.py``), over its
    position (``State``) and what a move did (``Done``)."""

    def recording(self) -> Recording[_Board_contra, _Outcome_contra, StateT, _Event_contra,
                                     DoneT]: ...



_State_contra = TypeVar("_State_contra", contravariant=True)


class LegalMoves(Protocol[_Board_contra, _State_contra, _Event_co]):
    """The legal moves of a position (every one passes ``check``), for ``asara moves``,
    completion and the simulator: handed out lazily, as a position may have tens of
    thousands and completion asks only for the next words."""

    def legal_moves(self, board: _Board_contra, state: _State_contra,
                    typed: Sequence[str] = ()) -> Iterable[LegalMove[_Event_co]]:
        """The moves whose words begin with ``typed``, made as asked for (walkable more than
        once), grouped in the order shown; none when the game is over or a fact is due."""
        ...

    def next_words(self, board: _Board_contra, state: _State_contra, typed: Sequence[str]
                   ) -> Sequence[str]:
        """Each word after ``typed`` in some legal move, once, in order (without making
        every move)."""
        ...

    def moves_note(self, board: _Board_contra, state: _State_contra) -> str | None:
        """What the list leaves out (``the dice are to be rolled: asara roll ...``)."""
        ...


class Game(Identity, BoardProfile[BoardT], Codec[BoardT, SetupT, EventT],
           Referee[BoardT, SetupT, EventT, OutcomeT], Scores[BoardT, SetupT, OutcomeT],
           Views[BoardT, OutcomeT], CommandLine[BoardT, EventT],
           Recorder[BoardT, OutcomeT, StateT, EventT, DoneT], Simulator[BoardT, SetupT, EventT],
           LegalMoves[BoardT, StateT, EventT],
           Protocol[BoardT, SetupT, EventT, OutcomeT, StateT, DoneT]):
    """One game: every part above. A game package declares ``GAME: Game[Board, Setup, Event,
    Replay, GameState, Applied] = ...``, so mypy checks every member."""


#: A game as the registry hands it out: its values are ``object`` to the generic layers
#: (only handed back to the same game), its outcome an :class:`Outcome`.
SomeGame = Game[object, object, object, Outcome, object, object]
