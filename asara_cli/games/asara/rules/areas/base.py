"""What every area kind provides, and what its check and apply see (RULES.md R2, R3).

An area kind is one module: its action's cost and income, how the action is checked and
carried out, its words, and how the action is written in a log (as a plain mapping; the log
layer turns that into TOML). The placement of the buyer is not the kind's business: the
turn checks it the same way for every area (``rules/turn.py``).
"""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from functools import cached_property
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeAlias, TypeVar

from msgspec import Struct

from asara_cli.core.findings import Report
from asara_cli.core.i18n import N_, Text, _
from asara_cli.core.schema import Schema, numbers_in, string, whole
from asara_cli.games.asara.rules.board import AreaSpec, Board
from asara_cli.games.asara.rules.model import Colour, Section
from asara_cli.games.asara.rules.state import GameState, PlayerState
from asara_cli.games.asara.rules.table import Hand, Table

if TYPE_CHECKING:
    from asara_cli.games.base import FieldReader

A = TypeVar("A")

COLOURS = "|".join(c.value for c in Colour)
SECTIONS = "|".join(s.value for s in Section)
TILE = re.compile(rf"^(gold )?({COLOURS})$")
SECTION = re.compile(rf"^({SECTIONS})$")
#: Any one-line text (a list item read further by its own pattern).
LINE = re.compile(r"^.*$")
SECTION_HELP = N_('"base", "trunk", "window" or "turret"')
TILE_HELP = N_('a tile colour such as "red" or "gold red"')
#: A tile key and a section key as the log's JSON Schema describes them.
TILE_SCHEMA = string(TILE, 'A tile: its colour, "gold " in front when decorated, e.g. '
                         '"gold red".')
SECTION_WORDS = tuple(s.value for s in Section)


#: Iterating an enum class is slow; the sampler does it thousands of times a game.
ALL_COLOURS = tuple(Colour)
ALL_SECTIONS = tuple(Section)


def numbered_space(description: str) -> Schema:
    """A space key naming a space by its number (from 1)."""
    return whole(description, minimum=1)


#: The space key of an area whose spaces are alike.
ANY_SPACE = numbered_space("The space used (optional where the spaces are alike).")
#: Words already matched by a pattern, to their values: a dict lookup, where calling the
#: enum runs Python code for every tile a log names.
SECTION_OF: dict[str, Section] = {s.value: s for s in Section}
COLOUR_OF: dict[str, Colour] = {c.value: c for c in Colour}
_TILE_WORDS: dict[str, tuple[Colour, bool]] = {
    **{c.value: (c, False) for c in Colour}, **{f"gold {c.value}": (c, True) for c in Colour}}


def tile_words(text: str) -> tuple[Colour, bool]:
    """``gold red`` -> (red, True); the text has matched :data:`TILE`."""
    return _TILE_WORDS[text]


def read_section(r: FieldReader, key: str) -> Section:
    """A required key naming a section type (a market area, a pile)."""
    return SECTION_OF[str(r.text(key, SECTION, _(SECTION_HELP), required=True))]


def read_tile(r: FieldReader) -> tuple[Colour | None, bool]:
    """The optional ``tile`` key: its colour (``None``: none) and whether it is gold."""
    tile = r.text("tile", TILE, _(TILE_HELP))
    return tile_words(tile) if tile else (None, False)


#: Typed access to one event's keys (the log layer implements it; see games/base.py).
Fields: TypeAlias = "FieldReader"
#: A move's relaxed checks (:meth:`Kind.notes`); most moves have none: ``()``, not a new list.
Notes: TypeAlias = Sequence[tuple[str, str, Text]]


class Move(Struct, Generic[A], gc=False):
    """One action as a kind sees it: the position, who acts (``seat``, and ``player``, the
    seat's hand on the table), the space whose printed number applies, and whether it is
    done through the Bottle Genie (``copied``: no buyer in the area, R6.2). ``worked`` is
    what the kind's check worked out that carrying the move out can take again (a replay
    checks a turn and then carries it out on the same move): ``None`` until a kind sets it.

    Not frozen, and not tracked by the garbage collector: a move is the arguments of the
    calls of one turn, never kept and never referred to (a class of our own with an
    ``__init__`` took five times as long to make, a frozen one longer). Nothing else assigns
    to its fields."""

    board: Board
    state: Table
    seat: int
    space: int | None
    action: A
    number: int
    player: Hand
    copied: bool = False
    worked: Any = None


class Kind(Generic[A]):
    """The base of every area kind; a kind overrides what its area does differently."""

    #: The kind's name in the board profile (``[areas.*] kind``).
    kind: str = ""
    #: The event type in the log, and the recording command's name.
    log_type: str = ""
    #: The log key naming the space, where it is not ``space`` (the building circle's plot).
    space_key: str = "space"
    #: The action needs its space named (a printed number depends on it).
    needs_space: bool = False
    #: The area takes exactly one face-down buyer (the coloured building, R3.3).
    face_down: bool = False
    #: :meth:`income` may be more than 0 (a replay asks only such a kind).
    earns: bool = False
    #: :meth:`refuses` may refuse the action (the others never do: not asked).
    may_fail: bool = False
    #: The Bottle Genie may copy this move (R6.2: any area but the Caliph's and its own).
    copyable: bool = True
    #: What the space's number means, in help texts.
    space_help: str = N_("a space number")
    #: A turn here leaves its space unnamed, as tables record it (the Caliph's one space,
    #: the coloured building's unlimited room): the sampler names none.
    names_space: bool = True
    #: The sampler asks the kinds for moves by this rank, then in registry order: the
    #: coloured building first (always open, so a turn always has a move), the genie last
    #: (it wishes for the other kinds' moves).
    sample_rank: int = 1
    #: The move in a line: the log's JSON Schema describes the event type with it.
    summary: str = ""
    #: Keys of :attr:`keys` that :meth:`read` cannot do without, the space key aside (it is
    #: required where :attr:`needs_space` says so).
    required: tuple[str, ...] = ()

    def area(self, board: Board, action: A) -> AreaSpec:
        """The area the action belongs to (a market kind has one per section type)."""
        return board.by_kind[self.kind]

    def cost(self, board: Board, space: int | None, action: A) -> tuple[int, str]:
        """What the action costs and how to say it (R2.3). Every kind says it, even when it
        is free, so that no move's price falls through to a default."""
        raise NotImplementedError(type(self).__name__)

    def price(self, board: Board, space: int | None, action: A) -> int:
        """What the action costs, without the words: a kind whose words take time to build
        overrides it, since a replay needs only the number."""
        return self.cost(board, space, action)[0]

    def income(self, board: Board, space: int | None, action: A) -> int:
        """The Asari the action takes from the supply."""
        return 0

    def check(self, m: Move[A], bad: Report) -> None:
        """Report what is wrong with the action itself (the cost is checked by the turn)."""

    def notes(self, m: Move[A]) -> Notes:
        """Checks relaxed for a missing optional fact: (key noted once a year, rule, text)."""
        return ()

    def refuses(self, m: Move[A]) -> bool:
        """Whether the action cannot be carried out at all (a tower that is not standing):
        asked before the turn changes the table, so that such a turn changes nothing but
        the count of events. Asked only where :attr:`may_fail` says so."""
        return False

    def apply(self, m: Move[A]) -> None:
        """Carry out the action on the table (``m.state``); the cost and income are already
        paid."""

    def text(self, board: Board, who: str, space: int | None, action: A, how: str | None
             ) -> str:
        """The action in words; ``how`` is the buyer placed (``None`` through the genie)."""
        raise NotImplementedError

    def read(self, r: Fields) -> tuple[int | None, A]:
        """The space and the action from a log event's keys."""
        raise NotImplementedError

    def write(self, space: int | None, action: A) -> dict[str, Any]:
        """The space and the action as log keys, in the order :meth:`read` documents."""
        raise NotImplementedError

    def key_schemas(self) -> dict[str, Schema]:
        """The log keys of the action besides ``type``, ``player``, ``buyer`` and ``note``, in
        their order, each as JSON Schema: the type, pattern, words and range that
        :meth:`read` accepts, with a description. The log's schema (docs/asara-log.schema.json)
        is generated from these (games/asara/schema.py), so a kind cannot be left out of it."""
        raise NotImplementedError(type(self).__name__)

    @cached_property
    def keys(self) -> tuple[str, ...]:
        """The log keys of the action (:meth:`key_schemas`'), worked out when first read."""
        return tuple(self.key_schemas())

    def board_schemas(self, board: Board) -> dict[str, Schema]:
        """What ``board``'s numbers add to :meth:`key_schemas` (the log's schema applies them
        to logs played on the packaged board): the space key names one of the spaces of the
        kind's areas, where the board knows them all."""
        spaces: set[int] = set()
        for area in board.areas:
            if area.kind == self.kind:
                if area.spaces is None:
                    return {}
                spaces.update(area.spaces)
        if not spaces or self.space_key not in self.keys:
            return {}
        return {self.space_key: numbers_in(sorted(spaces))}

    def board_rules(self, board: Board) -> list[Schema]:
        """What ``board``'s numbers say about keys together (an offer keeps so many)."""
        return []

    def table_schema(self, before: Mapping[str, Schema], after: Mapping[str, Schema],
                     required: Sequence[str]) -> Schema:
        """The JSON Schema of the kind's table in a log: ``type``, the keys in ``before``
        (the turn's player and buyer), the kind's keys, then those in ``after``; no others."""
        return {
            "description": self.summary,
            "properties": {"type": {"const": self.log_type}, **before, **self.key_schemas(),
                           **after},
            "required": ["type", *required, *([self.space_key] if self.needs_space else []),
                         *self.required],
            "additionalProperties": False,
        }

    def board_table_schema(self, board: Board) -> Schema:
        """What ``board`` adds to :meth:`table_schema` (empty: nothing)."""
        s: Schema = {}
        keys = self.board_schemas(board)
        if keys:
            s["properties"] = keys
        rules = self.board_rules(board)
        if rules:
            s["allOf"] = rules
        return s

    def samples(self, s: Sampling, wish: bool = False) -> list[tuple[A, int | None]]:
        """A few moves of this kind worth offering the player to move (rules/sampler.py),
        each with the space whose printed number it uses (``None``: any free space); not
        every combination. ``wish``: as a wish of the Bottle Genie's (R6.2)."""
        return []

    def offer(self, s: Sampling) -> None:
        """Hand the sampler this kind's moves, to be placed with each buyer that may go."""
        for action, space in self.samples(s):
            s.place(self, action, space)

    def read_space(self, r: Fields) -> int | None:
        """The ``space`` key: required where the action depends on it."""
        if self.needs_space and self.space_key not in r.raw:
            raise r.error(self.space_key, _("missing: {expected}").format(
                expected=_(self.space_help)))
        return r.whole(self.space_key, _(self.space_help))


class Sampling(Protocol):
    """One turn's candidate moves being gathered (rules/sampler.py), as the kinds see it:
    the position, and where the kinds hand their moves."""

    board: Board
    state: GameState
    player: PlayerState
    #: Every choice of tile, not a few (the legal moves listed: games/asara/moves.py).
    every: bool

    def place(self, kind: Kind[Any], action: Any, space: int | None) -> None:
        """Offer ``action`` with each buyer that may go to its area: on ``space`` if that
        is free (where the kind needs its space), else on the area's first free space."""
        ...

    def in_play(self, area: str) -> bool: ...

    def spaces(self, kind: Kind[Any], area: str) -> list[int | None]:
        """The free spaces a move of ``kind`` may take in ``area``."""
        ...

    def buyers(self, kind: Kind[Any], area: str) -> list[str | None]:
        """The buyers that may go to ``area`` (``None``: the face-down one)."""
        ...

    def turn(self, area: str, buyer: str | None, space: int | None, action: Any) -> None:
        """Offer one turn as it stands (the gifts on the space claimed)."""
        ...

    def wishes(self) -> list[tuple[Any, int | None]]:
        """The moves a Bottle Genie's wish may be: every copyable kind's samples."""
        ...

