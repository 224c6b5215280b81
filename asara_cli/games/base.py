"""What a game is to the rest of asara-cli: the values a game and the generic layers share
(score sources, filters, a scored seat, a replayed log, a legal move), the parts a game's
class inherits (:class:`GameParts`), and the protocol :class:`Game` (``contract.py``): the
generic layers hold a game's own values unopened.

Pure (typer and rich are named for the type checker alone): a game's rules import it. The
protocol classes are made only where a program asks for one, not at a command's start.
"""
from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from importlib import import_module
from types import ModuleType
from typing import TYPE_CHECKING, Any, Generic, Protocol, Self, TypeVar, runtime_checkable

from msgspec import Struct

from asara_cli.core.findings import Verdicts, Violation
from asara_cli.core.i18n import Explained, Text, _
from asara_cli.core.names import find
from asara_cli.core.words import describe

if TYPE_CHECKING:
    import typer
    from rich.console import RenderableType

    from asara_cli.core.schema import Schema
    from asara_cli.errors import Asked
    from asara_cli.games.contract import FieldReader as FieldReader
    from asara_cli.games.contract import Game as Game
    from asara_cli.games.contract import Outcome as Outcome
    from asara_cli.games.contract import SchemaPart as SchemaPart
    from asara_cli.games.contract import SomeGame as SomeGame
    from asara_cli.games.contract import _Position, _Seated, _Stepped
    from asara_cli.games.recording import Recording
else:
    _CONTRACT = frozenset({"FieldReader", "Game", "Outcome", "SchemaPart", "SomeGame"})

    def __getattr__(name: str) -> object:  # contract.py's classes, made when first asked for
        if name in _CONTRACT:
            from asara_cli.games import contract

            return getattr(contract, name)
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")


class Source(Struct, frozen=True):
    """Where points come from: ``key`` the column (``year1``), ``label`` what a person reads
    (``year 1``), ``group`` gathers sources where a table has no room (``year ends``),
    ``period`` the year or week of a period's source."""

    key: str
    label: str
    group: str
    colour: str
    order: tuple[int, int] = (9, 0)
    period: int | None = None


class Filter(Struct, frozen=True):
    """A header fact ``batch`` filters on and CSV shows; ``many``: a list, the option
    repeated (a game kept with every value asked for)."""

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
    """A switch of ``asara simulate`` for one game (``pro``: ``--pro``)."""

    name: str
    help: str


class SeatScore(Struct, frozen=True):
    """One player's result: ``seat`` from 1 at the first start player; ``sources`` splits
    ``total`` by :class:`Source` key."""

    name: str
    seat: int
    total: int
    sources: tuple[tuple[str, int], ...]


class LedgerLine(Struct, Explained, frozen=True):
    """One line of a game's ledger: who got how many points, when (``event``: ``None`` for
    an evaluation), from which :class:`Source`, and why."""

    period: int
    event: int | None
    player: str
    points: int
    source: str
    said: Text  # why, made into words when shown (explanation)
    final: bool = False  # given by the final scoring


class Summary(Struct, frozen=True):
    """A table a game adds to its report page (ASARA: each player's final towers)."""

    title: str
    head: tuple[str, ...]
    rows: tuple[tuple[str, ...], ...]


def player_counts(r: FieldReader, names: Sequence[str], key: str
                  ) -> tuple[tuple[str, int], ...]:
    """A checkpoint's table (``prestige = { Tina = 34 }``) as (player, number) pairs."""
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


BoardT = TypeVar("BoardT")
SetupT = TypeVar("SetupT")
EventT = TypeVar("EventT")
StateT = TypeVar("StateT")
DoneT = TypeVar("DoneT")
_Event_co = TypeVar("_Event_co", covariant=True)


_PositionT = TypeVar("_PositionT", bound="_Position")
_TableT = TypeVar("_TableT")  # a game's mutable table, which a replay folds events over


def schema_part(key: str, header: Schema, event: Schema, on_board: Schema,
                board_event: Schema, log: Schema | None = None, board: Schema | None = None
                ) -> SchemaPart:
    """A game's part of the log schema: every log's ``header`` keys and events (``event``),
    and a log on the packaged board's keys (``on_board``) and events; ``log`` and ``board``
    add to each."""
    named, packaged = f"{key}-event", f"{key}-event-on-the-packaged-board"
    return {
        "log": {"properties": {**header, "event": {"items": {"$ref": f"#/definitions/{named}"}}},
                **(log or {})},
        "board": {"properties": {**on_board,
                                 "event": {"items": {"$ref": f"#/definitions/{packaged}"}}},
                  **(board or {})},
        "definitions": {named: event, packaged: board_event},
    }


def tied_best(totals: Sequence[int]) -> tuple[int, ...]:
    """Every seat with the highest total: tied players all win (R5.7, Y4.7)."""
    best = max(totals, default=None)
    return tuple(seat for seat, t in enumerate(totals) if t == best)


class Replayed(Struct, Generic[BoardT, SetupT, EventT, _PositionT], frozen=True):
    """A log replayed: ``state`` after the legal prefix (up to ``stopped``, the first illegal
    event); ``violations`` (``later=True`` after it: found with the illegal event carried
    out anyway); ``notes`` of the legal prefix; ``kept``: the states of the prefix, when
    asked for. A game's class gives :meth:`again` and :meth:`totals`."""

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
        """The end of a game's replay: the verdicts, and the state after the legal prefix
        (the last kept; else ``table``'s, or the prefix carried out again)."""
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
        """The state before any event and after each of the legal prefix."""
        return self.kept or self.again(self.events, states=True).kept

    def at(self, n: int) -> _PositionT:
        """The state after event ``n`` (0: before any), or the last legal one before it."""
        if self.kept:
            return self.kept[max(0, min(n, len(self.kept) - 1))]
        if n >= self.state.events:
            return self.state
        return self.again(self.events[:max(0, n)]).state

    def winners(self) -> tuple[int, ...]:
        """The seats that won a complete game; none before its end."""
        return tied_best(self.totals()) if self.complete else ()


#: Plain data for ``--json`` and the log's TOML: what ``json.dumps`` and tomli-w take.
Data = dict[str, object]


_SeatedT = TypeVar("_SeatedT", bound="_Seated")


class _Found:
    """A function of one of the game's modules, imported when first asked for (a command
    imports no part it does not use) and handed out as the module's own function (the log
    reader fetches ``read_event`` once per log, then calls it per event). ``module`` is
    dotted under the game's ``package``, or ``@attr``: the game's attribute naming it
    (``@codec`` names the whole dotted path)."""

    def __init__(self, module: str, name: str) -> None:
        self.module, self.name = module, name
        self.modules: dict[type, ModuleType] = {}  # by the game's class

    def __get__(self, game: Any, owner: type) -> Any:
        if game is None:
            return self
        module = self.modules.get(owner)
        if module is None:
            where = self.module
            if where == "@codec":
                where = game.codec
            else:
                where = f"{game.package}.{getattr(game, where[1:]) if where[0] == '@' else where}"
            module = self.modules[owner] = import_module(where)
        return getattr(module, self.name)

    def __call__(self, game: Any, *args: Any, **kwargs: Any) -> Any:  # as Class.part(game)
        return self.__get__(game, type(game))(*args, **kwargs)


def _found(module: str, name: str) -> Any:
    return _Found(module, name)


class CodecModule(Generic[_SeatedT, EventT]):
    """The log-codec part of :class:`Game` for a game whose codec is one module (``codec``,
    its dotted name) with ``EVENT_KEYS`` and the functions ``read_setup``, ``read_event``,
    ``event_type``, ``setup_to_dict``, ``event_to_dict``; imported when first used. The
    game's class names its setup and event types (``CodecModule[Setup, Event]``)."""

    codec: str

    read_setup: Callable[[FieldReader, tuple[str, ...]], _SeatedT] = _found(
        "@codec", "read_setup")
    read_event: Callable[[str, FieldReader, Sequence[str]], EventT] = _found(
        "@codec", "read_event")
    event_type: Callable[[EventT], str] = _found("@codec", "event_type")
    setup_to_dict: Callable[[_SeatedT], Data] = _found("@codec", "setup_to_dict")
    event_to_dict: Callable[[EventT], Data] = _found("@codec", "event_to_dict")

    def event_types(self) -> tuple[str, ...]:
        return tuple(self._keys())

    def event_keys(self, kind: str) -> tuple[str, ...]:
        return tuple(self._keys()[kind])

    def _keys(self) -> Mapping[str, Sequence[str]]:
        keys: Mapping[str, Sequence[str]] = import_module(self.codec).EVENT_KEYS
        return keys

    def players_of(self, setup: _SeatedT) -> tuple[str, ...]:
        return setup.players

    def piece_colours(self, setup: _SeatedT) -> tuple[str, ...]:
        return ()  # the log records no colour of a player's pieces


_SteppedT = TypeVar("_SteppedT", bound="_Stepped")


class GameParts(CodecModule[_SeatedT, EventT],
                Generic[BoardT, _SeatedT, EventT, _SteppedT, StateT, DoneT]):
    """The parts of :class:`Game` found in modules of the game's ``package`` (:class:`_Found`)
    and the packaged board profile; the game's class names its types and overrides what it
    has to add."""

    package: str
    #: The packaged board profile: the package holding it and its path there.
    profile: tuple[str, str]
    screens = "screens"
    board_screens = "screens"
    record_screens = "screens"
    aliases: tuple[str, ...] = ()
    #: BoardGameGeek's id, where a source confirms it (``--bgg-id`` gives it otherwise).
    bgg_id: int | None = None
    #: Four hues of their own for the seats in charts (a seat is no piece of the game).
    seat_colours: tuple[str, ...] = ("#1b7f9e", "#b8457a", "#c98a12", "#4a5bb3")
    #: The profile's tables (dotted) a table's own profile gives whole or leaves to the
    #: packaged one, as entries that belong together.
    whole_tables: tuple[str, ...] = ()

    replay: Callable[[BoardT, _SeatedT, Sequence[EventT]], _SteppedT] = _found(
        "rules.engine", "replay")
    schema: Callable[[BoardT], SchemaPart] = _found("schema", "log_part")
    board_view: Callable[[BoardT], RenderableType] = _found("@board_screens", "board_view")
    board_data: Callable[[BoardT], Data] = _found("@board_screens", "board_dict")
    score_view: Callable[[BoardT, _SteppedT, str], RenderableType] = _found(
        "@screens", "score_view")
    score_data: Callable[[BoardT, _SteppedT], Data] = _found("@screens", "score_dict")
    score_chart: Callable[[_SteppedT, str], RenderableType] = _found("@screens", "score_chart")
    move_text: Callable[[BoardT, EventT], str] = _found("@record_screens", "move_text")
    register_commands: Callable[[typer.Typer, str | None], None] = _found(
        "commands", "register")
    who_starts: Callable[[Mapping[str, Any]], Asked | None] = _found("commands", "who_starts")
    next_words: Callable[[BoardT, StateT, Sequence[str]], Sequence[str]] = _found(
        "moves", "next_words")
    moves_note: Callable[[BoardT, StateT], str | None] = _found("moves", "moves_note")
    #: A typed English word in the language in use (``cli/typedwords.py``), and back.
    spoken_word: Callable[[str, str | None], str] = _found("words", "spoken_word")
    english_word: Callable[[str, str | None], str] = _found("words", "english_word")

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

    def _part(self, name: str) -> ModuleType:
        return import_module(f"{self.package}.{name}")

    def board_from_mapping(self, data: Mapping[str, object],
                           defaults: Mapping[str, object] | None) -> BoardT:
        """``rules.board``'s reader, on ``data`` with what it leaves out taken from
        ``defaults``; a board with a ``defaulted`` field is told which keys were taken."""
        from msgspec.structs import replace

        from asara_cli.core.profile import with_defaults

        merged, taken = ((data, ()) if defaults is None else
                         with_defaults(data, defaults, whole=self.whole_tables))
        made = self._part("rules.board").board_from_mapping(merged)
        board: BoardT = replace(made, defaulted=taken) if taken and hasattr(
            made, "defaulted") else made
        return board

    def status_view(self, board: BoardT, outcome: _SteppedT, at: int, title: str,
                    full: bool = False) -> RenderableType:
        view: RenderableType = self._part(self.screens).status_view(
            board, outcome.at(at), title, full)
        return view

    def status_data(self, board: BoardT, outcome: _SteppedT, at: int) -> Data:
        data: Data = self._part(self.screens).status_dict(board, outcome.at(at))
        return data

    def winners(self, outcome: Replayed[Any, Any, Any, Any]) -> tuple[str, ...]:
        return tuple(outcome.setup.players[s] for s in outcome.winners())

    def tie_break(self, outcome: _SteppedT) -> str | None:
        return None  # tied players share the win (ASARA's ties are split by R5's own rules)

    def command_names(self) -> tuple[str, ...]:
        return (*self._part("commands").COMMANDS, "check")

    def listed_names(self) -> tuple[str, ...]:
        kinds = self._part("commands").KINDS
        return tuple(name for name, kind in kinds.items() if kind.said is not None)

    def legal_moves(self, board: BoardT, state: StateT, typed: Sequence[str] = ()
                    ) -> Iterable[LegalMove[EventT]]:
        moves: Iterable[LegalMove[EventT]] = self._part("moves").legal_moves(
            board, state, typed)
        return moves

    def recording(self) -> Recording[BoardT, _SteppedT, StateT, EventT, DoneT]:
        found: Recording[BoardT, _SteppedT, StateT, EventT, DoneT] = self._part(
            "recording").RECORDING
        return found


class LegalMove(Struct, Generic[_Event_co], frozen=True):
    """One legal move: ``words`` as typed (``buy base black -c blue``), the ``event`` they
    make, the ``group`` it is shown in; ``note``: what the move takes as possible that the
    tool was not told (a face-down buyer), one a line. ``event`` is ``None`` for words with a
    number the profile does not know (``bank N --space 2``): its note says what N is."""

    words: str
    event: _Event_co | None
    group: str
    note: str = ""


class MoveGroup(Struct, Generic[_Event_co], frozen=True):
    """A group of legal moves as ``asara moves`` shows it: its size, first moves, notes."""

    group: str
    count: int
    first: tuple[LegalMove[_Event_co], ...]
    notes: tuple[str, ...] = ()


@runtime_checkable
class CountedMoves(Protocol[_Event_co]):
    """Legal moves whose groups are counted without making every move (a secret Yspahan hand
    has 150,000)."""

    def groups(self, shown: int, every: bool = True) -> Iterator[MoveGroup[_Event_co]]:
        """Each group with its first ``shown`` moves; not ``every``: groups no player would
        choose (a card wasted) may be left to the moves note."""
        ...


def move_groups(moves: Iterable[LegalMove[EventT]], shown: int, every: bool = True
                ) -> Iterator[MoveGroup[EventT]]:
    """The groups of ``moves`` with their first ``shown`` moves: counted by the game, else
    by one walk keeping only those shown."""
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
    """The moves whose words begin with ``typed`` (a game with few moves makes them all)."""
    import shlex

    want = list(typed)
    return tuple(m for m in moves if not want or shlex.split(m.words)[: len(want)] == want)


def words_after(moves: Iterable[LegalMove[EventT]], typed: Sequence[str]) -> list[str]:
    """The word after ``typed`` in each move that begins so, once each, in order."""
    import shlex

    found: dict[str, None] = {}
    for move in begin_with(moves, typed):
        words = shlex.split(move.words)
        if len(words) > len(typed):
            found[words[len(typed)]] = None
    return list(found)




class Simulated(Struct, Generic[SetupT, EventT, StateT], frozen=True):
    """A simulated game (each game's simulate.py): its setup, events and final state."""

    setup: SetupT
    events: tuple[EventT, ...]
    state: StateT
