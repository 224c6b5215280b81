"""The contract every game package implements: the protocol :class:`Game` and its typed
parts, over the game's own board, setup, event, outcome, position and move-done types.

It is read by the type checker (``mypy --strict`` holds each game's ``GAME`` to it) and
imported at run time only where a program asks for a class of it (the registry's check of a
game from outside the package, ``games/__init__.py``): the generic layers name these classes
in annotations, through ``games/base.py``, which holds the values and parts a game uses when
it runs (docs/architecture.md)."""

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

# --- the contract ---------------------------------------------------------------------------
#
# A game's own values pass through the generic layers unopened: its board (from its board
# profile), its setup (the header's game keys), its events and its outcome (a replayed log).
# Each part below names only the values it handles. The type variables of a part that only
# takes a value are contravariant (``_contra``), of a part that only gives one covariant
# (``_co``): mypy holds each part to that, and the whole :class:`Game` is invariant.

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
    """Typed access to one event's (or the header's) keys, with every error naming the file,
    the line, the event and the key. The log reader (``asara_cli/logfile/game.py``) gives
    a game's codec one of these per event; the codec reads its keys through it and raises
    what :meth:`error` returns."""

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
    """Who the game is and the words it uses: ``key`` (the log's ``game = "..."``), ``name``
    (as people write it), ``title`` (as BG Stats and BoardGameGeek name it), ``aliases``,
    the player counts, the BoardGameGeek id where known, the word for its scoring period
    (``year``, ``week``), for its points (``prestige``) and for its last scoring (``final
    evaluation``)."""

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
    #: The letter its rules reference's ids start with (``R`` for ``R2.3``): a sample's
    #: ``# expect:`` line names one.
    rule_prefix: str
    #: The colours that stand for the seats in charts, in seat order (players are not pieces
    #: of the game); a seat past the last takes them again from the first.
    seat_colours: tuple[str, ...]


class BoardProfile(Protocol[_Board_co]):
    """Where a game's board comes from: a TOML profile, the packaged one or a table's."""

    def profile_text(self) -> str:
        """The packaged board profile, as TOML text."""
        ...

    def board_from_mapping(self, data: Mapping[str, object],
                           defaults: Mapping[str, object] | None) -> _Board_co:
        """A board from a parsed profile, taking what it leaves out from ``defaults`` (the
        packaged profile; ``None``: ``data`` is the packaged one) and saying which keys it
        took (``asara_cli/core/profile.py``). Raises ``ValueError`` with a message for a
        person (and ``key``, the dotted key at fault, where known)."""
        ...


class Codec(Protocol[_Board_contra, SetupT, EventT]):
    """The game's part of a log: the log layer reads and writes the TOML and every generic
    header key, and hands the rest to these, each problem named by a :class:`FieldReader`
    as ``file:line: event N: key: message``."""

    #: Header keys beyond the generic ones (format, game, players, board, date, place, notes).
    header_keys: tuple[str, ...]

    def event_types(self) -> tuple[str, ...]:
        """Every ``type`` an event may have in this game's logs."""
        ...

    def event_keys(self, kind: str) -> tuple[str, ...]:
        """The keys an event of type ``kind`` may hold (``type`` and ``note`` aside)."""
        ...

    def read_setup(self, header: FieldReader, players: tuple[str, ...]) -> SetupT:
        """The game's setup from the header (the players already read and checked)."""
        ...

    @property
    def read_event(self) -> Callable[[str, FieldReader, Sequence[str]], EventT]:
        """The function reading one event of a type (``kind``, the event's keys, the
        players); fetched once per log."""
        ...

    def event_type(self, event: EventT) -> str: ...

    def setup_to_dict(self, setup: SetupT) -> Data:
        """The game's header keys for ``setup``, in the order a log writes them."""
        ...

    def event_to_dict(self, event: EventT) -> Data:
        """An event's keys (``type`` first), as :attr:`read_event` reads them back."""
        ...

    def players_of(self, setup: SetupT) -> tuple[str, ...]: ...

    def piece_colours(self, setup: SetupT) -> tuple[str, ...]:
        """The colour word of each seat's pieces (Yspahan's cubes), in seat order, as the
        log records them; empty where it records none. Shown beside a player's name where
        the player's pieces are meant."""
        ...

    def schema(self, board: _Board_contra) -> SchemaPart:
        """The game's part of the log's JSON Schema (draft-07), declared beside its codec:
        ``log`` applies to every log of the game (its header keys under ``properties``, with
        ``event``'s items; ``required``; anything else a schema says of the whole log),
        ``board`` to a log played on ``board`` (the packaged profile: its numbers), and
        ``definitions`` are put at the schema's top, so ``$ref`` names them as
        ``#/definitions/NAME`` (a NAME starting with the game's key). Every header key and
        every key of every event type is described (the log layer's schema module checks)."""
        ...


class Referee(Protocol[_Board_contra, _Setup_contra, _Event_contra, OutcomeT]):
    """The rules: a log replayed from the top into an outcome, and how it stands."""

    def replay(self, board: _Board_contra, setup: _Setup_contra,
               events: Sequence[_Event_contra]) -> OutcomeT: ...

    def progress(self, outcome: OutcomeT) -> str:
        """How a valid game stands, in a few words: ``complete; Tina wins`` or ``in progress:
        year 2, Tina to move``."""
        ...

    def turn_text(self, outcome: OutcomeT) -> str | None:
        """Whose turn it is, for a person: ``Year 2, Tina to move.``; ``None`` when the game
        is over or illegal."""
        ...


class Scores(Protocol[_Board_contra, _Setup_contra, _Outcome_contra]):
    """Points, where they came from, and what statistics and outputs are built from."""

    def scores(self, outcome: _Outcome_contra, setup: _Setup_contra) -> tuple[SeatScore, ...]:
        """Each player's total and its sources, in seat order (so far, in a game not
        finished)."""
        ...

    def winners(self, outcome: _Outcome_contra) -> tuple[str, ...]:
        """Who won a complete game (ties: everyone tied); empty before its end."""
        ...

    def ledger(self, outcome: _Outcome_contra) -> tuple[LedgerLine, ...]:
        """Every point scored so far, in the order it was scored."""
        ...

    def standings(self, outcome: _Outcome_contra) -> list[tuple[str, list[int]]]:
        """The progress charts' data: a stage per period (``year 1`` ..., ``year 2 so far``
        for one under way), then the final scoring if it is one of its own (``final``), each
        with every player's points after it, in seat order. The last stage of a finished game
        gives the totals."""
        ...

    def summaries(self, outcome: _Outcome_contra) -> tuple[Summary, ...]:
        """The game's own tables for its report page, after the final scores."""
        ...

    def sources(self, board: _Board_contra | None) -> tuple[Source, ...]:
        """Every source of points, in the order tables show them (the periods as many as the
        board has; ``None``: the packaged board)."""
        ...

    def source(self, key: str) -> Source:
        """The source called ``key``: any key :meth:`scores` gives, whatever the board."""
        ...

    #: Header facts ``batch`` filters on and CSV shows (ASARA's variant and expansions).
    filters: tuple[Filter, ...]

    def facts(self, setup: _Setup_contra) -> dict[str, str | tuple[str, ...]]:
        """The values of :attr:`filters` for one game (``variant``, ``expansions``)."""
        ...

    def describe(self, facts: Mapping[str, str | tuple[str, ...]]) -> str:
        """How a play is described in words (BG Stats' comments): ``pro game with ...``."""
        ...


class Views(Protocol[_Board_contra, _Outcome_contra]):
    """Screens: rich renderables, and the same as plain data for ``--json``."""

    def board_view(self, board: _Board_contra) -> RenderableType:
        """The board profile's numbers for people (``asara board``)."""
        ...

    def board_data(self, board: _Board_contra) -> Data:
        """The same as plain data (``asara board --json``)."""
        ...

    def board_page(self, board: _Board_contra) -> str | None:
        """A page to print and lay beside the board (``asara board --format svg``): an SVG
        document, or ``None`` when the game has none."""
        ...

    def status_view(self, board: _Board_contra, outcome: _Outcome_contra, at: int, title: str,
                    full: bool = False) -> RenderableType:
        """The board after event ``at`` (or the last legal state before it): what a table
        needs most, within 80 x 40; ``full``: everything."""
        ...

    def status_data(self, board: _Board_contra, outcome: _Outcome_contra, at: int) -> Data: ...

    def score_view(self, board: _Board_contra, outcome: _Outcome_contra,
                   title: str) -> RenderableType:
        """Every point with its source, per period and in the final scoring."""
        ...

    def score_data(self, board: _Board_contra, outcome: _Outcome_contra) -> Data: ...

    def score_chart(self, outcome: _Outcome_contra, title: str) -> RenderableType:
        """Each player's points after each period, as bars."""
        ...


class CommandLine(Protocol[_Board_contra, _Event_contra]):
    """The command line of a game: ``new`` and a command per move, and what they say."""

    def move_text(self, board: _Board_contra, event: _Event_contra) -> str:
        """One event in a few words, as the recording commands and ``undo`` say it."""
        ...

    def register_commands(self, group: typer.Typer, only: str | None) -> None:
        """Add the game's recording commands to ``group`` (only ``only`` when given)."""
        ...

    def command_names(self) -> tuple[str, ...]:
        """The names of the commands :meth:`register_commands` adds."""
        ...

    def who_starts(self, given: Mapping[str, Any]) -> Asked | None:
        """At the table, before ``new`` runs with its words ``given`` (as parsed): who
        begins, to be asked when they leave it out and the rules take the rest of the
        setup (the one-shot ``new`` takes the first player); else ``None``."""
        ...


class Simulator(Protocol[_Board_contra, _Setup_co, _Event_co]):
    """Simulated games (``asara simulate``): complete and legal, the same for a seed."""

    simulate_flags: tuple[Flag, ...]

    def simulate(self, board: _Board_contra, seed: int, players: int, flags: frozenset[str],
                 names: Sequence[str]) -> tuple[_Setup_co, tuple[_Event_co, ...]]:
        """One complete, legal game from ``seed``: its setup and its events (the same seed
        gives the same game), the players drawn from ``names``."""
        ...


class Recorder(Protocol[_Board_contra, _Outcome_contra, StateT, _Event_contra, DoneT]):
    """How a move is recorded: the game's part of the one recording transaction
    (``cli/transaction.py``), in its own module (``games/recording.py``), over the game's
    position (``State``) and what a move did (``Done``) besides its board, outcome and
    events."""

    def recording(self) -> Recording[_Board_contra, _Outcome_contra, StateT, _Event_contra,
                                     DoneT]: ...



_State_contra = TypeVar("_State_contra", contravariant=True)


class LegalMoves(Protocol[_Board_contra, _State_contra, _Event_co]):
    """The legal moves of a position, for ``asara moves``, completion and the simulator,
    built from the game's own referee (every one passes its ``check``).

    The moves are handed out lazily: a position may have tens of thousands (a secret
    Yspahan hand, every card of it played before the row), and completion asks only for the
    words that may come next, so no caller waits for a list it does not need."""

    def legal_moves(self, board: _Board_contra, state: _State_contra,
                    typed: Sequence[str] = ()) -> Iterable[LegalMove[_Event_co]]:
        """The moves the player to move may make in ``state`` (the position of
        :class:`Recorder`'s recording) whose words begin with the words ``typed`` (all of
        them: none typed), made as they are asked for (a caller may walk them more than
        once), each group's moves together and the groups in the order shown; none when the
        game is over or the table must tell a fact first (see :meth:`moves_note`)."""
        ...

    def next_words(self, board: _Board_contra, state: _State_contra, typed: Sequence[str]
                   ) -> Sequence[str]:
        """For completion: each word that comes next after the words ``typed`` in some
        legal move (as :meth:`legal_moves` says them), once, in the order of the list. A
        game answers it without making every move (see :func:`words_after`)."""
        ...

    def moves_note(self, board: _Board_contra, state: _State_contra) -> str | None:
        """What the list leaves out, for a person (``the dice are to be rolled: asara roll
        ...``), or ``None``."""
        ...


class Game(Identity, BoardProfile[BoardT], Codec[BoardT, SetupT, EventT],
           Referee[BoardT, SetupT, EventT, OutcomeT], Scores[BoardT, SetupT, OutcomeT],
           Views[BoardT, OutcomeT], CommandLine[BoardT, EventT],
           Recorder[BoardT, OutcomeT, StateT, EventT, DoneT], Simulator[BoardT, SetupT, EventT],
           LegalMoves[BoardT, StateT, EventT],
           Protocol[BoardT, SetupT, EventT, OutcomeT, StateT, DoneT]):
    """One game asara-cli referees: every part above, over the game's own board, setup,
    event, outcome, position and move-done types. A game package declares ``GAME:
    Game[Board, Setup, Event, Replay, GameState, Applied] = ...``, so mypy checks every
    member against its part."""


#: A game as the registry hands it to the generic layers: which game a log is about is known
#: only when the program runs, so its values are ``object`` to them (never opened, only
#: handed back to the same game) and its outcome only an :class:`Outcome`. The registry is
#: the one place where a game's own types are forgotten.
SomeGame = Game[object, object, object, Outcome, object, object]
