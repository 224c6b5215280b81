"""Shared fixtures: the packaged board profile for the rules-layer tests (RULES.md R1), one
Click command per Typer app for every ``CliRunner.invoke``, and the same terminal size for
every test, whatever the terminal that runs the suite; English, whatever the locale that runs
it (the ``german`` fixture speaks German for one test); and each test in a working folder of
its own, which must be left empty."""

from __future__ import annotations

import copy
import os
import tomllib
from collections.abc import Iterator
from importlib import resources
from typing import Any

import pytest
import typer
import typer.testing

from asara_cli import language
from asara_cli.games.asara.rules.board import Board, board_from_mapping

# The suite speaks English on a German machine too (and so do the commands it starts).
os.environ[language.ENV] = "en"


@pytest.fixture
def german() -> Iterator[None]:
    """The test speaks German (as ``--lang de``), and English again after it."""
    language.use("de")
    try:
        yield
    finally:
        language.use("en")


def _read_standard_profile() -> dict[str, Any]:
    """Parse the board profile that ships inside the package (asara_cli/data/standard.toml)."""
    text = resources.files("asara_cli").joinpath("data/standard.toml").read_text("utf-8")
    return tomllib.loads(text)


@pytest.fixture(scope="session")
def _standard_profile() -> dict[str, Any]:
    return _read_standard_profile()


@pytest.fixture
def standard_profile(_standard_profile: dict[str, Any]) -> dict[str, Any]:
    """A fresh deep copy of the parsed packaged profile; a test may break it freely."""
    return copy.deepcopy(_standard_profile)


@pytest.fixture(scope="session")
def board(_standard_profile: dict[str, Any]) -> Board:
    """The standard board, built from the packaged profile (session-scoped: it is frozen)."""
    return board_from_mapping(copy.deepcopy(_standard_profile))


#: The terminal every test sees, in its own process, through ``CliRunner`` (which inherits
#: ``os.environ``) and in the processes it starts: a suite run from a 50- or 200-column
#: terminal (``COLUMNS`` exported) wraps messages and draws boards as one run from an
#: 80-column one. A test about another width sets its own.
TERMINAL = {"COLUMNS": "80", "LINES": "25"}


@pytest.fixture(scope="session", autouse=True)
def _terminal_size_pinned() -> Iterator[None]:
    with pytest.MonkeyPatch.context() as patch:
        for name, value in TERMINAL.items():
            patch.setenv(name, value)
        yield


@pytest.fixture(scope="session", autouse=True)
def _typer_app_built_once() -> Iterator[None]:
    """``typer.testing.CliRunner.invoke`` turns the Typer app into a Click command on every
    call (``typer.main.get_command`` inspects the signature of all ~30 commands: about 25 ms,
    three quarters of a typical invocation, ~1,500 times a run). The real ``asara`` builds
    its command once per process; here it is built once per app object and reused, and each
    invocation still gets its own Click context, parsing, streams and the command's own work.
    Patching fails loudly if a Typer release renames ``_get_command``."""
    build = typer.testing._get_command  # type: ignore[attr-defined]
    built: dict[int, tuple[typer.Typer, Any]] = {}

    def get_command(app: typer.Typer) -> Any:
        hit = built.get(id(app))
        if hit is None or hit[0] is not app:  # keep the app alive: ids are never reused
            hit = built[id(app)] = (app, build(app))
        return hit[1]

    with pytest.MonkeyPatch.context() as patch:
        patch.setattr(typer.testing, "_get_command", get_command)
        yield


@pytest.fixture(autouse=True)
def _own_batch_cache(tmp_path_factory: pytest.TempPathFactory,
                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Every test gets an empty cache folder for ``asara batch``: none writes to the user's
    cache, and no test sees another's entries."""
    monkeypatch.setenv("ASARA_CACHE_DIR", str(tmp_path_factory.mktemp("asara-cache")))


@pytest.fixture(autouse=True)
def _own_working_folder(tmp_path_factory: pytest.TempPathFactory) -> Iterator[None]:
    """Each test runs in an empty folder of its own, never in the checkout: a command that
    writes beside itself (``use``'s ``.asara-state.toml``, a log named without a folder) writes
    there, and a test that leaves anything behind fails, naming it. A test that means to write
    there changes to its own ``tmp_path`` first."""
    folder = tmp_path_factory.mktemp("cwd")
    here = os.getcwd()
    os.chdir(folder)
    try:
        yield
    finally:
        os.chdir(here)
    left = sorted(p.name for p in folder.iterdir())
    assert not left, f"the test wrote {left} into its working folder (the checkout, before)"

