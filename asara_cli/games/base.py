"""What a game is to the rest of asara-cli: the protocol every game package implements, and
the small values it declares (score sources, statistics filters, a scored seat).

The generic layers (the log reader and writer, validate, status, score, batch, the cache, the
report, BG Stats, simulate) hold a game only as a :class:`Game` found in the registry
(``asara_cli/games/__init__.py``) and talk to it through this protocol. What a game's values
are (its board, setup, events, outcome) is its own business: the protocol is generic in
them, so a game declares its own types and the generic layers hold them unopened.

Pure and standard library only (typer and rich are named for the type checker alone): a
game's rules import this module.
"""

from __future__ import annotations

import re
import shlex
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from types import ModuleType
from typing import (
    TYPE_CHECKING,
    Generic,
    Protocol,
    Required,
    Self,
    TypedDict,
    TypeVar,
    runtime_checkable,
)

from msgspec import Struct

from asara_cli.core.findings import Verdicts, Violation
from asara_cli.core.i18n import Text, _
from asara_cli.core.names import find
from asara_cli.core.words import describe

if TYPE_CHECKING:
    import typer
    from rich.console import RenderableType

    from asara_cli.core.schema import Schema
    from asara_cli.games.recording import Recording


class Source(Struct, frozen=True):
    """Where points come from, as statistics, tables, CSV columns and charts name them.

    ``key`` is the column name (``builds``, ``year1``, ``brown``); ``label`` what a person
    reads (``year 1``); ``group`` gathers sources where a table has no room for each
    (``year ends``); ``colour`` draws it in the report; ``order`` sorts sources as tables
    show them; ``period`` is the year or week a period's source belongs to (``None`` for the
    others)."""

    key: str
    label: str
    group: str
    colour: str
    order: tuple[int, int] = (9, 0)
    period: int | None = None


class Filter(Struct, frozen=True):
    """A header fact that ``batch`` can filter on and CSV shows as a column (ASARA's variant
    and expansions). ``many``: the fact is a list and the option may be repeated (a game is
    kept when it has every value asked for)."""

    key: str
    help: str
    choices: tuple[str, ...]
    many: bool = False
    option: str = ""  # the option's name without dashes, when it is not ``key``

    @property
    def flag(self) -> str:
        return f"--{self.option or self.key}"


#: Simulated players' names (``asara simulate``): no table's players are taken for them in a
#: folder that mixes simulated and real games.
SIM_NAMES = ("Sim-Ada", "Sim-Bo", "Sim-Cy", "Sim-Di", "Sim-Ed", "Sim-Flo", "Sim-Gil", "Sim-Hu")


class Flag(Struct, frozen=True):
    """A switch of ``asara simulate`` for one game (ASARA's ``--pro``): ``name`` is the
    option without its dashes."""

    name: str
    help: str


class SeatScore(Struct, frozen=True):
    """One player's result in a finished game: ``seat`` counts from 1 at the first start
    player; ``sources`` splits ``total`` by :class:`Source` key."""

    name: str
    seat: int
    total: int
    sources: tuple[tuple[str, int], ...]


class LedgerLine(Struct, frozen=True):
    """One line of a game's ledger as outputs show it: who got how many points, when
    (``period``: the year or week; ``event``: the log's event number, ``None`` for an
    evaluation), from which :class:`Source`, and why."""

    period: int
    event: int | None
    player: str
    points: int
    source: str
    said: Text  # why, made into words when shown (explanation)
    final: bool = False  # given by the final scoring

    @property
    def explanation(self) -> str:
        """Why, in the language in use."""
        return str(self.said)


class Summary(Struct, frozen=True):
    """A table a game adds to its report page (ASARA: each player's final towers)."""

    title: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


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


def player_counts(r: FieldReader, names: Sequence[str], key: str
                  ) -> tuple[tuple[str, int], ...]:
    """A checkpoint's table of what each player has (``prestige = { Tina = 34 }``), as
    (name as the header spells it, whole number) pairs; every game's checkpoints read so."""
    table = r.get(key, lambda v: isinstance(v, dict), _("a table such as {{ Tina = 34 }}")
                  .format())
    pairs = []
    for written, value in (table.items() if isinstance(table, dict) else ()):
        # a name written as the header spells it is that player (the names are unlike)
        name = written if written in names else find(written, names)
        if name is None:
            raise r.error(f"{key}.{written}", _("{name} is not one of the players").format(
                name=repr(written)))
        if isinstance(value, bool) or not isinstance(value, int):
            raise r.error(f"{key}.{name}", _("expected a number, got {value}").format(
                value=describe(value)))
        pairs.append((name, value))
    return tuple(pairs)


# --- the contract ---------------------------------------------------------------------------
#
# A game's own values pass through the generic layers unopened: its board (from its board
# profile), its setup (the header's game keys), its events and its outcome (a replayed log).
# Each part below names only the values it handles. The type variables of a part that only
# takes a value are contravariant (``_contra``), of a part that only gives one covariant
# (``_co``): mypy holds each part to that, and the whole :class:`Game` is invariant.

BoardT = TypeVar("BoardT")
SetupT = TypeVar("SetupT")
EventT = TypeVar("EventT")
OutcomeT = TypeVar("OutcomeT", bound=Outcome)
StateT = TypeVar("StateT")
DoneT = TypeVar("DoneT")
_Board_co = TypeVar("_Board_co", covariant=True)
_Board_contra = TypeVar("_Board_contra", contravariant=True)
_Setup_co = TypeVar("_Setup_co", covariant=True)
_Setup_contra = TypeVar("_Setup_contra", contravariant=True)
_Event_co = TypeVar("_Event_co", covariant=True)
_Event_contra = TypeVar("_Event_contra", contravariant=True)
_Outcome_contra = TypeVar("_Outcome_contra", bound=Outcome, contravariant=True)


class _Position(Protocol):
    """A game's state as :class:`Replayed` reads it: over or not, after how many events."""

    @property
    def over(self) -> bool: ...

    @property
    def events(self) -> int: ...


_PositionT = TypeVar("_PositionT", bound=_Position)
_TableT = TypeVar("_TableT")  # a game's mutable table, which a replay folds events over


def tied_best(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the highest total, in seat order: the winners of a game whose tied
    players all win (ASARA R5.7, YSPAHAN Y4.7)."""
    best = max(totals, default=None)
    return tuple(seat for seat, t in enumerate(totals) if t == best)


class Replayed(Struct, Generic[BoardT, SetupT, EventT, _PositionT], frozen=True):
    """A log replayed by a game's referee: ``state`` after the legal prefix (before the
    first illegal event, ``stopped``, or after every event); ``violations``, the errors
    (those after the first illegal event carry ``later=True``: found on a table that
    carried the illegal event out anyway); ``notes``, the warnings and notes of the legal
    prefix; and what was replayed. ``kept`` holds the state before any event and after each
    event of the legal prefix when the replay was asked for them (see :attr:`states`). A
    game's class says how it replays (:meth:`again`) and its totals (:meth:`totals`)."""

    state: _PositionT
    violations: tuple[Violation, ...]
    notes: tuple[Violation, ...]
    stopped: int | None
    board: BoardT
    setup: SetupT
    events: tuple[EventT, ...]
    kept: tuple[_PositionT, ...] = ()

    @classmethod
    def made(cls, verdicts: Verdicts, kept: list[_PositionT], table: _TableT, board: BoardT,
             setup: SetupT, events: tuple[EventT, ...],
             new_table: Callable[[BoardT, SetupT], _TableT],
             carry: Callable[[BoardT, _TableT, EventT], object],
             snapshot: Callable[[_TableT], _PositionT]) -> Self:
        """The end of a game's replay: what the fold over ``events`` on ``table`` found, and
        the state after the legal prefix (the last of ``kept``, the states kept, if any;
        else ``table``'s, or, after an illegal event, the legal prefix carried out again)."""
        stopped = verdicts.stopped
        if kept:
            final = kept[-1]
        elif stopped is None:
            final = snapshot(table)
        else:
            again = new_table(board, setup)
            for event in events[:stopped - 1]:
                carry(board, again, event)
            final = snapshot(again)
        return cls(final, tuple(verdicts.violations), tuple(verdicts.notes), stopped, board,
                   setup, events, tuple(kept))

    def again(self, events: Sequence[EventT], states: bool = False) -> Self:
        """The game's replay of ``events`` on the same board and setup."""
        raise NotImplementedError

    def totals(self) -> tuple[int, ...]:
        """Each seat's points, in seat order."""
        raise NotImplementedError

    @property
    def valid(self) -> bool:
        return not self.violations

    @property
    def complete(self) -> bool:
        """The game reached its end without an illegal event."""
        return self.stopped is None and self.state.over

    @property
    def states(self) -> tuple[_PositionT, ...]:
        """The state before any event and after each event of the legal prefix (made when
        first asked for, unless the replay kept them)."""
        return self.kept or self.again(self.events, states=True).kept

    def at(self, n: int) -> _PositionT:
        """The state after event ``n`` (0: before any), or the last legal one before it."""
        if self.kept:
            return self.kept[max(0, min(n, len(self.kept) - 1))]
        if n >= self.state.events:
            return self.state
        return self.again(self.events[:max(0, n)]).state

    def winners(self) -> tuple[int, ...]:
        """The seats that won a complete game (every tied seat); none before its end."""
        return tied_best(self.totals()) if self.complete else ()


#: Plain data for ``--json`` and the log's TOML: what ``json.dumps`` and tomli-w take.
Data = dict[str, object]


class SchemaPart(TypedDict, total=False):
    """A game's part of the log's JSON Schema (see :meth:`Codec.schema`)."""

    log: Required[Schema]
    board: Schema
    definitions: dict[str, Schema]


class _Seated(Protocol):
    """A setup that names its players (read-only, as a frozen value has them)."""

    @property
    def players(self) -> tuple[str, ...]: ...


_SeatedT = TypeVar("_SeatedT", bound=_Seated)


class CodecModule(Generic[_SeatedT, EventT]):
    """The log-codec part of :class:`Game` for a game whose codec is one module (``codec``,
    its dotted name) with ``EVENT_KEYS`` and the functions ``read_setup``, ``read_event``,
    ``event_type``, ``setup_to_dict``, ``event_to_dict``; imported when first used. The
    game's class names its setup and event types (``CodecModule[Setup, Event]``)."""

    codec: str

    def _codec(self) -> ModuleType:
        from importlib import import_module

        return import_module(self.codec)

    def event_types(self) -> tuple[str, ...]:
        return tuple(self._codec().EVENT_KEYS)

    def event_keys(self, kind: str) -> tuple[str, ...]:
        keys: tuple[str, ...] = self._codec().EVENT_KEYS[kind]
        return keys

    def read_setup(self, header: FieldReader, players: tuple[str, ...]) -> _SeatedT:
        setup: _SeatedT = self._codec().read_setup(header, players)
        return setup

    @property
    def read_event(self) -> Callable[[str, FieldReader, Sequence[str]], EventT]:
        """The codec's own function: the log reader fetches it once per log and calls it
        for every event (a method importing the codec would cost each event a call more)."""
        fn: Callable[[str, FieldReader, Sequence[str]], EventT] = self._codec().read_event
        return fn

    def event_type(self, event: EventT) -> str:
        kind: str = self._codec().event_type(event)
        return kind

    def setup_to_dict(self, setup: _SeatedT) -> Data:
        d: Data = self._codec().setup_to_dict(setup)
        return d

    def event_to_dict(self, event: EventT) -> Data:
        d: Data = self._codec().event_to_dict(event)
        return d

    def players_of(self, setup: _SeatedT) -> tuple[str, ...]:
        return setup.players

    def piece_colours(self, setup: _SeatedT) -> tuple[str, ...]:
        return ()  # the log records no colour of a player's pieces


class _Stepped(Outcome, Protocol):
    """An outcome that shows the game after any event (``status --at N``)."""

    def at(self, event: int) -> object: ...


_SteppedT = TypeVar("_SteppedT", bound=_Stepped)


class GameParts(CodecModule[_SeatedT, EventT],
                Generic[BoardT, _SeatedT, EventT, _SteppedT, StateT, DoneT]):
    """The parts of :class:`Game` that only call a module of the game's ``package``, each
    imported when first used (a command imports no part it does not use): ``rules.engine``
    (``replay``), ``schema`` (``log_part``), ``moves`` (``legal_moves``, ``next_words``,
    ``moves_note``), ``words`` (``spoken_word``, ``english_word``), ``recording``
    (``RECORDING``), ``commands`` (``register``, ``COMMANDS``), the views
    (``status_view``, ``status_dict``, ``score_view``, ``score_dict``, ``score_chart``) in
    :attr:`screens`, the board's (``board_view``, ``board_dict``) in :attr:`board_screens`
    and ``move_text`` in :attr:`record_screens`; and the packaged board profile. The game's
    class names its types (``GameParts[Board, Setup, Event, Replay, GameState, Applied]``)
    and overrides what it has to add."""

    package: str
    #: The packaged board profile: the package holding it and its path there.
    profile: tuple[str, str]
    screens = "screens"
    board_screens = "screens"
    record_screens = "screens"

    def _part(self, name: str) -> ModuleType:
        from importlib import import_module

        return import_module(f"{self.package}.{name}")

    def profile_text(self) -> str:
        # read from beside the package, as installed packages lie: importlib.resources costs
        # a command about 2 ms of imports
        import sys
        from pathlib import Path

        package, path = self.profile
        beside = Path(str(sys.modules[package].__file__)).parent / path
        try:
            return beside.read_text("utf-8")
        except OSError:  # a zipped package
            from importlib import resources

            return resources.files(package).joinpath(path).read_text("utf-8")

    def replay(self, board: BoardT, setup: _SeatedT, events: Sequence[EventT]) -> _SteppedT:
        outcome: _SteppedT = self._part("rules.engine").replay(board, setup, events)
        return outcome

    def schema(self, board: BoardT) -> SchemaPart:
        part: SchemaPart = self._part("schema").log_part(board)
        return part

    def board_view(self, board: BoardT) -> RenderableType:
        view: RenderableType = self._part(self.board_screens).board_view(board)
        return view

    def board_data(self, board: BoardT) -> Data:
        data: Data = self._part(self.board_screens).board_dict(board)
        return data

    def status_view(self, board: BoardT, outcome: _SteppedT, at: int, title: str,
                    full: bool = False) -> RenderableType:
        view: RenderableType = self._part(self.screens).status_view(
            board, outcome.at(at), title, full)
        return view

    def status_data(self, board: BoardT, outcome: _SteppedT, at: int) -> Data:
        data: Data = self._part(self.screens).status_dict(board, outcome.at(at))
        return data

    def score_view(self, board: BoardT, outcome: _SteppedT, title: str) -> RenderableType:
        view: RenderableType = self._part(self.screens).score_view(board, outcome, title)
        return view

    def score_data(self, board: BoardT, outcome: _SteppedT) -> Data:
        data: Data = self._part(self.screens).score_dict(board, outcome)
        return data

    def score_chart(self, outcome: _SteppedT, title: str) -> RenderableType:
        view: RenderableType = self._part(self.screens).score_chart(outcome, title)
        return view

    def move_text(self, board: BoardT, event: EventT) -> str:
        text: str = self._part(self.record_screens).move_text(board, event)
        return text

    def register_commands(self, group: typer.Typer, only: str | None) -> None:
        self._part("commands").register(group, only)

    def command_names(self) -> tuple[str, ...]:
        return (*self._part("commands").COMMANDS, "check")

    def legal_moves(self, board: BoardT, state: StateT, typed: Sequence[str] = ()
                    ) -> Iterable[LegalMove[EventT]]:
        moves: Iterable[LegalMove[EventT]] = self._part("moves").legal_moves(
            board, state, typed)
        return moves

    def next_words(self, board: BoardT, state: StateT, typed: Sequence[str]) -> Sequence[str]:
        words: Sequence[str] = self._part("moves").next_words(board, state, typed)
        return words

    def moves_note(self, board: BoardT, state: StateT) -> str | None:
        note: str | None = self._part("moves").moves_note(board, state)
        return note

    def spoken_word(self, word: str, option: str | None = None) -> str:
        """A typed English word in the language in use (``cli/typedwords.py``)."""
        said: str = self._part("words").spoken_word(word, option)
        return said

    def english_word(self, word: str, option: str | None = None) -> str:
        """A word typed in the language in use as its English word."""
        said: str = self._part("words").english_word(word, option)
        return said

    def recording(self) -> Recording[BoardT, _SteppedT, StateT, EventT, DoneT]:
        found: Recording[BoardT, _SteppedT, StateT, EventT, DoneT] = self._part(
            "recording").RECORDING
        return found


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


class LegalMove(Struct, Generic[_Event_co], frozen=True):
    """One legal move of the player to move: ``words`` as one types them (the one-shot
    command's words without ``asara``: ``buy base black -c blue``), the ``event`` they make,
    and the ``group`` it is shown in (``buy base``, ``goods chest``). ``note`` says what the
    table has not told the tool and the move takes as possible (a face-down buyer, a card
    drawn with hands secret), one a line; empty for most moves. ``event`` is ``None`` for a
    move whose words hold a number to read off the board, which the board profile does not
    know (ASARA's ``bank N --space 2``): listed once, its note saying what N is, never with
    an invented value."""

    words: str
    event: _Event_co | None
    group: str
    note: str = ""


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


class MoveGroup(Struct, Generic[_Event_co], frozen=True):
    """A group of legal moves as ``asara moves`` shows it: its name, how many moves it
    holds, its first few moves (as many as asked for) and each note of its moves once."""

    group: str
    count: int
    first: tuple[LegalMove[_Event_co], ...]
    notes: tuple[str, ...] = ()


@runtime_checkable
class CountedMoves(Protocol[_Event_co]):
    """What a game's :meth:`LegalMoves.legal_moves` may hand out besides the moves: their
    groups counted without making every move (a secret Yspahan hand has 150,000)."""

    def groups(self, shown: int, every: bool = True) -> Iterator[MoveGroup[_Event_co]]:
        """Each group in the order listed, with its first ``shown`` moves; not ``every``:
        the game may leave out groups of moves no player would choose (a card wasted),
        which its :meth:`LegalMoves.moves_note` then mentions."""
        ...


def move_groups(moves: Iterable[LegalMove[EventT]], shown: int, every: bool = True
                ) -> Iterator[MoveGroup[EventT]]:
    """The groups of ``moves`` with their first ``shown`` moves: counted by the game
    (:class:`CountedMoves`; not ``every``: as it shows them grouped), else by walking the
    moves once, keeping only those shown."""
    if isinstance(moves, CountedMoves):
        yield from moves.groups(shown, every)
        return
    name: str | None = None
    count = 0
    first: list[LegalMove[EventT]] = []
    notes: dict[str, None] = {}
    for move in moves:
        if move.group != name:
            if name is not None:
                yield MoveGroup(name, count, tuple(first), tuple(notes))
            name, count, first, notes = move.group, 0, [], {}
        count += 1
        if len(first) < shown:
            first.append(move)
        if move.note:
            notes.update(dict.fromkeys(move.note.splitlines()))  # a note a line
    if name is not None:
        yield MoveGroup(name, count, tuple(first), tuple(notes))


def begin_with(moves: Iterable[LegalMove[EventT]], typed: Sequence[str]
               ) -> tuple[LegalMove[EventT], ...]:
    """The moves whose words begin with the words ``typed`` (for a game whose moves are
    few enough to make them all and keep those)."""
    want = list(typed)
    return tuple(m for m in moves if not want or shlex.split(m.words)[: len(want)] == want)


def words_after(moves: Iterable[LegalMove[EventT]], typed: Sequence[str]) -> list[str]:
    """The word after ``typed`` in each of ``moves`` that begins so, once each, in order:
    :meth:`LegalMoves.next_words` for a game that makes all its moves to answer."""
    found: dict[str, None] = {}
    for move in begin_with(moves, typed):
        words = shlex.split(move.words)
        if len(words) > len(typed):
            found[words[len(typed)]] = None
    return list(found)


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
