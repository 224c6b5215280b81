"""Loading a board profile: the packaged one, or a table's own TOML file."""

from __future__ import annotations

from functools import cache
from pathlib import Path

from asara_cli.errors import InputError
from asara_cli.games.asara.rules.board import Board, BoardError, board_from_mapping
from asara_cli.logfile.common import loads_toml, read_toml

STANDARD = "standard"


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
def _standard() -> Board:
    return board_from_mapping(loads_toml(standard_profile_text(), STANDARD))


def load_board(path: str | Path | None = None) -> Board:
    """The board profile at ``path``, or the packaged standard profile when ``None``.

    A profile named ``standard`` (as a log header may say) is the packaged one too.
    """
    if path is None or str(path) == STANDARD:
        return _standard()
    data, _ = read_toml(path)
    try:
        return board_from_mapping(data)
    except BoardError as e:
        raise InputError(f"board profile: {e.message}", path=str(Path(path)),
                         key=e.key) from None
