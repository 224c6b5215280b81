"""Open board profiles: a table's profile takes what it leaves out (a number added in a
later release) from the packaged one, and the caller is told which; a value it gives is never
replaced (a wrong one is refused by the game's checks). Pure.
"""

from __future__ import annotations

from collections.abc import Collection, Mapping
from typing import Any

from asara_cli.core.i18n import _
from asara_cli.core.words import grouped

#: No printed number of a game comes near this; a profile above it is a typo or an attack
#: (a market with 100,000,000 spaces would take minutes and gigabytes to lay out).
MAX_NUMBER = 1000
#: The longest list a profile holds (one starting amount per seat, one cost per space).
MAX_LIST = 100
#: At most MAX_TURNS turns, and MAX_GAME turns times what a turn may list (a cube a die, a
#: section a plot): weeks x days = 1,000,000 took hours to simulate, 100 x 100 wrote a log
#: over 4 MB. The printed games: 84 x 12 (Yspahan), 180 x 7 (ASARA); see docs/board.md.
MAX_TURNS = 2_000
MAX_GAME = 20_000


class BoardError(ValueError):
    """A board profile that cannot be used; ``key`` is the dotted path of the bad value."""

    def __init__(self, key: str, message: str) -> None:
        super().__init__(f"{key}: {message}")
        self.key = key
        self.message = message


def short(value: Any) -> str:
    """A profile's value as an error message shows it: its ``repr``, cut at 60 characters."""
    shown = repr(value)
    return shown if len(shown) <= 60 else shown[:57] + "..."


class ProfileReader:
    """Typed values of a parsed board profile, any error naming the dotted key."""

    #: Whether a text may be empty.
    empty_text = True

    def __init__(self, data: Mapping[str, Any]) -> None:
        self.data = data

    def raw(self, key: str, node: Any = None) -> Any:
        """The value at the dotted ``key`` of ``node`` (the profile: ``None``)."""
        node = self.data if node is None else node
        walked: list[str] = []
        for part in key.split("."):
            walked.append(part)
            if not isinstance(node, Mapping) or part not in node:
                raise BoardError(".".join(walked), _("missing"))
            node = node[part]
        return node

    def text(self, key: str, value: Any = None) -> str:
        v = self.raw(key) if value is None else value
        if not isinstance(v, str) or not (v or self.empty_text):
            raise BoardError(key, _("expected text, got {value}").format(value=short(v)))
        if not v.isprintable():
            raise BoardError(key, _("holds control characters; write plain text"))
        return v


def check_size(key: str, turns: int, lists: int, what: str, listed: str) -> None:
    """Refuse a game of more than :data:`MAX_TURNS` turns, or :data:`MAX_GAME` turns x
    ``lists``; ``what``: how the turns come about, ``listed``: what is listed (``dice``)."""
    if turns > MAX_TURNS:
        raise BoardError(key, _("{what} is a game of {turns} turns; a game has at most "
                                "{most}, so that its log stays well under the 4 MB a log may "
                                "have").format(what=what, turns=grouped(turns),
                                               most=grouped(MAX_TURNS)))
    if turns * lists > MAX_GAME:
        raise BoardError(key, _("{what} is a game of {turns} turns, by {lists} {listed} "
                                "{product}; a game is at most {most} turns by {listed}, so "
                                "that its log stays well under the 4 MB a log may have").format(
            what=what, turns=grouped(turns), lists=grouped(lists), listed=listed,
            product=grouped(turns * lists), most=grouped(MAX_GAME)))


#: Keys a table's profile must give itself: its own name and line of text.
OWN = frozenset({"profile", "description", "game"})


def with_defaults(data: Mapping[str, Any], defaults: Mapping[str, Any],
                  whole: Collection[str] = ()) -> tuple[dict[str, Any], tuple[str, ...]]:
    """``data`` with what it leaves out taken from ``defaults``, and the dotted keys taken:
    tables key by key (those in ``whole`` whole or not at all), areas by kind; any value
    given is kept, for the board's checks to judge."""
    merged, taken = _merge(data, defaults, "", frozenset(whole))
    areas, more = _areas(data.get("areas"), defaults.get("areas"))
    if areas is not None:
        merged["areas"] = areas
    return merged, tuple(taken + more)


def _merge(data: Mapping[str, Any], defaults: Mapping[str, Any], where: str,
           whole: frozenset[str]) -> tuple[dict[str, Any], list[str]]:
    merged = dict(data)
    taken: list[str] = []
    for key, default in defaults.items():
        dotted = f"{where}{key}"
        if dotted in OWN or dotted == "areas":
            continue
        if key not in data:
            merged[key] = default
            taken += _leaves(default, dotted, whole)
        elif (isinstance(default, Mapping) and isinstance(data[key], Mapping)
              and dotted not in whole):
            merged[key], below = _merge(data[key], default, f"{dotted}.", whole)
            taken += below
    return merged, taken


def _leaves(value: Any, dotted: str, whole: frozenset[str]) -> list[str]:
    """The dotted keys of the values in ``value`` (a table is named by what it holds)."""
    if not isinstance(value, Mapping) or dotted in whole or not value:
        return [dotted]
    return [k for key, v in value.items() for k in _leaves(v, f"{dotted}.{key}", whole)]


def _areas(data: Any, defaults: Any) -> tuple[Any, list[str]]:
    """The profile's ``[areas]`` with the default's areas of every kind it lacks."""
    if not isinstance(defaults, Mapping):
        return data, []
    if data is None:
        return dict(defaults), ["areas"]
    if not isinstance(data, Mapping):
        return data, []  # refused by the board's checks, with its key
    kinds = {spec.get("kind") for spec in data.values() if isinstance(spec, Mapping)}
    merged = dict(data)
    taken = []
    for key, spec in defaults.items():
        # a key the profile uses for another kind is left alone: the checks then name the
        # kind still missing
        if spec.get("kind") not in kinds and key not in merged:
            merged[key] = spec
            taken.append(f"areas.{key}")
    return merged, taken
