"""Loading a board profile: the packaged one, or a table's own TOML file.

A table's profile may leave things out: a key the packaged profile has and the table's does
not (a number added in a later release, an area kind the game grew), is taken from the
packaged profile, and the board says which (``Board.defaulted``). So a profile saved by
``asara board --toml`` keeps working when the game grows. A value the profile does give is
never replaced: a wrong one is still refused.
"""

from __future__ import annotations

from collections.abc import Mapping
from functools import cache
from pathlib import Path
from typing import Any

from asara_cli.core.values import evolve
from asara_cli.errors import InputError
from asara_cli.games.asara.rules.board import Board, BoardError, board_from_mapping
from asara_cli.logfile.common import loads_toml, read_toml

STANDARD = "standard"

#: Keys a table's profile must give itself: its own name and line of text.
_OWN = frozenset({"profile", "description"})
#: Tables whose entries belong together and are taken whole or not at all: the hand sizes
#: are one per player count the profile allows, so the packaged 2..4 would not fit a profile
#: for 3 to 5 players.
_WHOLE = frozenset({"buyers.hand"})


def standard_profile_text() -> str:
    """The text of the packaged profile (for ``asara board --toml``)."""
    # Read from beside the package where it lies on disk, as installed packages do:
    # importlib.resources costs a command about 2 ms of imports (zipfile, tempfile).
    beside = Path(__file__).resolve().parent.parent / "data" / f"{STANDARD}.toml"
    try:
        return beside.read_text("utf-8")
    except OSError:
        from importlib import resources  # a zipped package
        return resources.files("asara_cli.data").joinpath(f"{STANDARD}.toml").read_text("utf-8")


@cache
def _standard_data() -> dict[str, Any]:
    return loads_toml(standard_profile_text(), STANDARD)


@cache
def _standard() -> Board:
    return board_from_mapping(_standard_data())


def with_defaults(data: Mapping[str, Any], defaults: Mapping[str, Any]
                  ) -> tuple[dict[str, Any], tuple[str, ...]]:
    """``data`` with what it leaves out taken from ``defaults``, and the dotted keys taken.

    Tables are filled in key by key; any other value the profile gives (a number, a list,
    a value of the wrong type) is kept as given, for the board's checks to judge. Areas are
    filled in by kind: a profile without an area of some kind gets the default's area(s) of
    that kind; an area the profile does describe is taken as written."""
    merged, taken = _merge(data, defaults, "")
    areas, more = _areas(data.get("areas"), defaults.get("areas"))
    if areas is not None:
        merged["areas"] = areas
    return merged, tuple(taken + more)


def _merge(data: Mapping[str, Any], defaults: Mapping[str, Any], where: str
           ) -> tuple[dict[str, Any], list[str]]:
    merged = dict(data)
    taken: list[str] = []
    for key, default in defaults.items():
        dotted = f"{where}{key}"
        if dotted in _OWN or dotted == "areas":
            continue
        if key not in data:
            merged[key] = default
            taken += _leaves(default, dotted)
        elif (isinstance(default, Mapping) and isinstance(data[key], Mapping)
              and dotted not in _WHOLE):
            merged[key], below = _merge(data[key], default, f"{dotted}.")
            taken += below
    return merged, taken


def _leaves(value: Any, dotted: str) -> list[str]:
    """The dotted keys of the values in ``value``: a table left out is named by what it
    holds (``genie.costs``), as the board's checks and docs/board.md name them."""
    if not isinstance(value, Mapping) or dotted in _WHOLE or not value:
        return [dotted]
    return [k for key, v in value.items() for k in _leaves(v, f"{dotted}.{key}")]


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


def load_board(path: str | Path | None = None) -> Board:
    """The board profile at ``path``, or the packaged standard profile when ``None``.

    A profile named ``standard`` (as a log header may say) is the packaged one too. What
    the profile leaves out is taken from the packaged one (:func:`with_defaults`).
    """
    if path is None or str(path) == STANDARD:
        return _standard()
    data, _ = read_toml(path)
    merged, taken = with_defaults(data, _standard_data())
    try:
        board = board_from_mapping(merged)
    except BoardError as e:
        raise InputError(f"board profile: {e.message}", path=str(Path(path)),
                         key=e.key) from None
    return evolve(board, defaulted=taken) if taken else board
