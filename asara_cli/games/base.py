"""What a game is to the rest of asara-cli: the protocol every game package implements, and
the small values it declares (score sources, statistics filters, a scored seat).

The generic layers (the log reader and writer, validate, status, score, batch, the cache, the
report, BG Stats, simulate) hold a game only as a :class:`Game` found in the registry
(``asara_cli/games/__init__.py``) and talk to it through this protocol. What a game's values
are (its board, setup, events, states) is its own business: here they are ``Any``.

Pure and standard library only: a game's rules import this module.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, Protocol

from asara_cli.core.findings import Violation
from asara_cli.core.names import find
from asara_cli.core.values import frozen
from asara_cli.core.words import describe

if TYPE_CHECKING:
    import typer


@frozen
class Source:
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


@frozen
class Filter:
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


@frozen
class Flag:
    """A switch of ``asara simulate`` for one game (ASARA's ``--pro``): ``name`` is the
    option without its dashes."""

    name: str
    help: str


@frozen
class SeatScore:
    """One player's result in a finished game: ``seat`` counts from 1 at the first start
    player; ``sources`` splits ``total`` by :class:`Source` key."""

    name: str
    seat: int
    total: int
    sources: tuple[tuple[str, int], ...]


@frozen
class LedgerLine:
    """One line of a game's ledger as outputs show it: who got how many points, when
    (``period``: the year or week; ``event``: the log's event number, ``None`` for an
    evaluation), from which :class:`Source`, and why."""

    period: int
    event: int | None
    player: str
    points: int
    source: str
    explanation: str
    final: bool = False  # given by the final scoring


@frozen
class Summary:
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

    raw: Mapping[str, Any]

    def error(self, key: str | None, message: str) -> Exception: ...

    def get(self, key: str, check: Any, expected: str, *, required: bool = False) -> Any: ...

    def whole(self, key: str, expected: str, *, required: bool = False) -> int | None: ...

    def text(self, key: str, pattern: re.Pattern[str] | None, expected: str, *,
             required: bool = False) -> str | None: ...

    def strings(self, key: str, pattern: re.Pattern[str], expected: str) -> list[str]: ...

    def table(self, key: str, expected: str) -> FieldReader | None: ...


def player_counts(r: FieldReader, names: Sequence[str], key: str
                  ) -> tuple[tuple[str, int], ...]:
    """A checkpoint's table of what each player has (``prestige = { Tina = 34 }``), as
    (name as the header spells it, whole number) pairs; every game's checkpoints read so."""
    table = r.get(key, lambda v: isinstance(v, dict), "a table such as { Tina = 34 }")
    pairs = []
    for written, value in (table or {}).items():
        # a name written as the header spells it is that player (the names are unlike)
        name = written if written in names else find(written, names)
        if name is None:
            raise r.error(f"{key}.{written}", f"{written!r} is not one of the players")
        if isinstance(value, bool) or not isinstance(value, int):
            raise r.error(f"{key}.{name}", f"expected a number, got {describe(value)}")
        pairs.append((name, value))
    return tuple(pairs)


class CodecModule:
    """The log-codec part of :class:`Game` for a game whose codec is one module (``codec``,
    its dotted name) with ``EVENT_KEYS`` and the functions ``read_setup``, ``read_event``,
    ``event_type``, ``setup_to_dict``, ``event_to_dict``; imported when first used."""

    codec: str

    def _codec(self) -> Any:
        from importlib import import_module

        return import_module(self.codec)

    def event_types(self) -> tuple[str, ...]:
        return tuple(self._codec().EVENT_KEYS)

    def event_keys(self, kind: str) -> tuple[str, ...]:
        keys: tuple[str, ...] = self._codec().EVENT_KEYS[kind]
        return keys

    def read_setup(self, header: FieldReader, players: tuple[str, ...]) -> Any:
        return self._codec().read_setup(header, players)

    @property
    def read_event(self) -> Callable[[str, FieldReader, Sequence[str]], Any]:
        """The codec's own function: the log reader fetches it once per log and calls it
        for every event (a method importing the codec would cost each event a call more)."""
        fn: Callable[[str, FieldReader, Sequence[str]], Any] = self._codec().read_event
        return fn

    def event_type(self, event: Any) -> str:
        kind: str = self._codec().event_type(event)
        return kind

    def setup_to_dict(self, setup: Any) -> dict[str, Any]:
        d: dict[str, Any] = self._codec().setup_to_dict(setup)
        return d

    def event_to_dict(self, event: Any) -> dict[str, Any]:
        d: dict[str, Any] = self._codec().event_to_dict(event)
        return d

    def players_of(self, setup: Any) -> tuple[str, ...]:
        players: tuple[str, ...] = setup.players
        return players


class Game(Protocol):
    """One game asara-cli referees.

    Identity: ``key`` (the log's ``game = "..."``), ``name`` (as people write it), ``title``
    (as BG Stats and BoardGameGeek name it), ``aliases``, the player counts, the
    BoardGameGeek id where known, the word for its scoring period (``year``, ``week``), for
    its points and for its final scoring.
    """

    key: str
    name: str
    title: str
    aliases: tuple[str, ...]
    min_players: int
    max_players: int
    bgg_id: int | None
    period: str
    #: What the game calls its points (``prestige``) and its last scoring (``final
    #: evaluation``), for headings.
    points: str
    final: str

    # --- the board profile ----------------------------------------------------------------

    def profile_text(self) -> str:
        """The packaged board profile, as TOML text."""
        ...

    def board_from_mapping(self, data: Mapping[str, Any],
                           defaults: Mapping[str, Any] | None) -> Any:
        """A board from a parsed profile, taking what it leaves out from ``defaults`` (the
        packaged profile; ``None``: ``data`` is the packaged one) and saying which keys it
        took (``asara_cli/core/profile.py``). Raises ``ValueError`` with a message for a
        person (and ``key``, the dotted key at fault, where known)."""
        ...

    # --- the log codec (the log layer reads and writes the TOML; these read the values) ---

    #: Header keys beyond the generic ones (format, game, players, board, date, place, notes).
    header_keys: tuple[str, ...]

    def event_types(self) -> tuple[str, ...]:
        """Every ``type`` an event may have in this game's logs."""
        ...

    def event_keys(self, kind: str) -> tuple[str, ...]:
        """The keys an event of type ``kind`` may hold (``type`` and ``note`` aside)."""
        ...

    def read_setup(self, header: FieldReader, players: tuple[str, ...]) -> Any:
        """The game's setup from the header (the players already read and checked)."""
        ...

    @property
    def read_event(self) -> Callable[[str, FieldReader, Sequence[str]], Any]:
        """The function reading one event of a type (``kind``, the event's keys, the
        players); fetched once per log."""
        ...

    def event_type(self, event: Any) -> str: ...

    def setup_to_dict(self, setup: Any) -> dict[str, Any]:
        """The game's header keys for ``setup``, in the order a log writes them."""
        ...

    def event_to_dict(self, event: Any) -> dict[str, Any]:
        """An event's keys (``type`` first), as :meth:`read_event` reads them back."""
        ...

    def players_of(self, setup: Any) -> tuple[str, ...]: ...

    def schema(self, board: Any) -> dict[str, Any]:
        """The game's part of the log's JSON Schema (draft-07), declared beside its codec:
        ``log`` applies to every log of the game (its header keys under ``properties``, with
        ``event``'s items; ``required``; anything else a schema says of the whole log),
        ``board`` to a log played on ``board`` (the packaged profile: its numbers), and
        ``definitions`` are put at the schema's top, so ``$ref`` names them as
        ``#/definitions/NAME`` (a NAME starting with the game's key). Every header key and
        every key of every event type is described (the log layer's schema module checks)."""
        ...

    # --- the referee ----------------------------------------------------------------------

    def replay(self, board: Any, setup: Any, events: Sequence[Any]) -> Outcome: ...

    def progress(self, outcome: Any) -> str:
        """How a valid game stands, in a few words: ``complete; Tina wins`` or ``in progress:
        year 2, Tina to move``."""
        ...

    def move_text(self, board: Any, event: Any) -> str:
        """One event in a few words, as the recording commands and ``undo`` say it."""
        ...

    def record_line(self, board: Any, setup: Any, events: Sequence[Any]
                    ) -> tuple[str, Any] | None:
        """What a recording command says of the last of ``events`` as it is recorded (the
        move, what it did, who is next), and the period's end it brought as a view (or
        ``None``); ``None`` when the events before it are not legal."""
        ...

    def turn_text(self, outcome: Any) -> str | None:
        """Whose turn it is, for a person: ``Year 2, Tina to move.``; ``None`` when the game
        is over or illegal."""
        ...

    def scores(self, outcome: Any, setup: Any) -> tuple[SeatScore, ...]:
        """Each player's total and its sources, in seat order (so far, in a game not
        finished)."""
        ...

    def winners(self, outcome: Any) -> tuple[str, ...]:
        """Who won a complete game (ties: everyone tied); empty before its end."""
        ...

    def ledger(self, outcome: Any) -> tuple[LedgerLine, ...]:
        """Every point scored so far, in the order it was scored."""
        ...

    def summaries(self, outcome: Any) -> tuple[Summary, ...]:
        """The game's own tables for its report page, after the final scores."""
        ...

    def standings(self, outcome: Any) -> list[tuple[str, list[int]]]:
        """The progress charts' data: for each period (``year 1`` ..., ``year 2 so far`` for
        one under way), then the final scoring if there is one, its label and every
        player's points after it, in seat order."""
        ...

    def board_view(self, board: Any) -> Any:
        """The board profile's numbers for people (``asara board``)."""
        ...

    def board_data(self, board: Any) -> dict[str, Any]:
        """The same as plain data (``asara board --json``)."""
        ...

    def board_page(self, board: Any) -> str | None:
        """A page to print and lay beside the board (``asara board --format svg``): an SVG
        document, or ``None`` when the game has none."""
        ...

    # --- screens: rich renderables, and the same as plain data for --json ----------------

    def status_view(self, board: Any, outcome: Any, at: int, title: str,
                    full: bool = False) -> Any:
        """The board after event ``at`` (or the last legal state before it): what a table
        needs most, within 80 x 40; ``full``: everything."""
        ...

    def status_data(self, board: Any, outcome: Any, at: int) -> dict[str, Any]: ...

    def score_view(self, board: Any, outcome: Any, title: str) -> Any:
        """Every point with its source, per period and in the final scoring."""
        ...

    def score_data(self, board: Any, outcome: Any) -> dict[str, Any]: ...

    def score_chart(self, outcome: Any, title: str) -> Any:
        """Each player's points after each period, as bars."""
        ...

    # --- what statistics and outputs are built from --------------------------------------

    def sources(self, board: Any) -> tuple[Source, ...]:
        """Every source of points, in the order tables show them (the periods as many as the
        board has; ``None``: the packaged board)."""
        ...

    def source(self, key: str) -> Source:
        """The source called ``key``: any key :meth:`scores` gives, whatever the board."""
        ...

    filters: tuple[Filter, ...]

    def facts(self, setup: Any) -> dict[str, str | tuple[str, ...]]:
        """The values of :attr:`filters` for one game (``variant``, ``expansions``)."""
        ...

    def describe(self, facts: Mapping[str, str | tuple[str, ...]]) -> str:
        """How a play is described in words (BG Stats' comments): ``pro game with ...``."""
        ...

    # --- the simulator --------------------------------------------------------------------

    simulate_flags: tuple[Flag, ...]

    def simulate(self, board: Any, seed: int, players: int, flags: frozenset[str],
                 names: Sequence[str]) -> tuple[Any, tuple[Any, ...]]:
        """One complete, legal game from ``seed``: its setup and its events (the same seed
        gives the same game), the players drawn from ``names``."""
        ...

    # --- the command line -----------------------------------------------------------------

    def register_commands(self, group: typer.Typer, only: str | None) -> None:
        """Add the game's recording commands to ``group`` (only ``only`` when given)."""
        ...

    def command_names(self) -> tuple[str, ...]:
        """The names of the commands :meth:`register_commands` adds."""
        ...

