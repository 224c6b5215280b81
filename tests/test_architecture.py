"""The layers hold: the referees (asara_cli/core and each game's rules) pull in no terminal,
CLI or TOML code."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

from asara_cli.games import GAMES as REGISTRY

PACKAGE = Path(__file__).resolve().parent.parent / "asara_cli"
#: The pure packages: standard library only, no I/O.
PURE = [PACKAGE / "core", *sorted(PACKAGE.glob("games/*/rules"))]


def _modules(root: Path) -> list[str]:
    """The dotted names of every module under ``root``."""
    names = []
    for p in sorted(root.rglob("*.py")):
        parts = p.relative_to(PACKAGE.parent).with_suffix("").parts
        names.append(".".join(parts).removesuffix(".__init__"))
    return names


def test_rules_import_no_io_libraries() -> None:
    modules = [m for root in PURE for m in _modules(root)]
    assert any(".games.asara.rules." in m for m in modules)
    code = (
        "import sys\n"
        + "".join(f"import {m}\n" for m in modules)
        + "banned = ('typer', 'rich', 'click', 'tomllib', 'tomli', 'tomli_w')\n"
        + "bad = [m for m in banned if m in sys.modules]\n"
        + "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == ""


def test_rules_source_does_no_io() -> None:
    for root in PURE:
        for path in root.rglob("*.py"):
            text = path.read_text("utf-8")
            for word in ("open(", "print(", "import os", "pathlib", "import tomllib"):
                assert word not in text, f"{path.name} uses {word}"


def test_every_area_kind_says_everything_itself() -> None:
    """No kind's price, words, log keys or their schema fall through to a default; a kind
    earns (a replay asks its income) exactly when it says its income."""
    from asara_cli.games.asara.rules.areas import KINDS, Kind

    for kind in KINDS:
        for method in ("cost", "text", "read", "write", "key_schemas"):
            assert getattr(type(kind), method) is not getattr(Kind, method), (kind, method)
        assert kind.earns == (type(kind).income is not Kind.income), kind
        assert kind.kind and kind.log_type and kind.summary


def test_every_area_kind_can_be_recorded() -> None:
    """The recording commands are built from the registry: each kind has its way in."""
    from asara_cli.games.asara.commands import MOVES
    from asara_cli.games.asara.rules.areas import BY_LOG_TYPE

    commands = {name for name, _ in MOVES}
    # the genie's wishes are typed as --genie on the move wished for; `asara genie` is the
    # visit that wishes for nothing (X13)
    assert set(BY_LOG_TYPE) <= commands


def _imported(args: list[str], modules: tuple[str, ...], cwd: Path | None = None
              ) -> tuple[str, list[str]]:
    """Run ``asara ARGS`` in a fresh interpreter: its stdout, and which of ``modules`` it
    imported."""
    code = (
        "import sys\n"
        f"sys.argv = ['asara', *{args!r}]\n"
        "from asara_cli.cli import main\n"
        "try:\n    main()\nexcept SystemExit:\n    pass\n"
        f"sys.stderr.write(repr([m for m in {modules!r} if m in sys.modules]))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True, cwd=cwd)
    return result.stdout, ast.literal_eval(result.stderr.strip().splitlines()[-1])


def test_a_reading_command_builds_only_itself() -> None:
    """`asara board` neither imports the recording commands nor builds the other commands
    (Typer inspects every command it builds; a command line pays only for its own)."""
    stdout, found = _imported(["board", "--json"], ("asara_cli.games.asara.commands",))
    assert found == []
    assert '"profile": "standard"' in stdout


def test_a_move_that_ends_no_year_draws_no_table(tmp_path: Path) -> None:
    """rich is for the tables of the year ends: a recorded move that ends no year writes
    its lines without it (render/wrap.py), and a refused one too."""
    log = tmp_path / "game.toml"
    subprocess.run([sys.executable, "-m", "asara_cli", "new", str(log), "-p", "Ann", "-p",
                    "Ben"], capture_output=True, text=True, check=True, cwd=tmp_path)
    stdout, found = _imported(["coloured", "--dry-run", "-l", str(log)], ("rich",), tmp_path)
    assert "legal, not recorded: Ann takes 5" in stdout
    assert found == []
    stdout, found = _imported(["bank", "-l", str(log), "-p", "Ben"], ("rich",), tmp_path)
    assert stdout == "" and found == []  # Ann moves first: refused, on stderr


def test_a_yspahan_move_checked_draws_no_table(tmp_path: Path) -> None:
    """The same for Yspahan: a move's line, a dry run's too, is written without rich."""
    log = tmp_path / "game.toml"
    subprocess.run([sys.executable, "-m", "asara_cli", "new", str(log), "--game", "yspahan",
                    "-p", "Ann", "-p", "Ben", "-p", "Cid"], capture_output=True, text=True,
                   check=True, cwd=tmp_path)
    stdout, found = _imported(["roll", "1", "1", "3", "3", "5", "5", "6", "6", "6", "-y", "1 2",
                               "--dry-run", "-l", str(log)], ("rich",), tmp_path)
    assert "legal, not recorded: Ann rolls" in stdout
    assert found == []


def test_json_is_written_without_rich() -> None:
    """`status --json` and `score --json` draw nothing: rich's console is not imported."""
    log = Path(__file__).resolve().parent.parent / "sample_games" / "two-player-basic.toml"
    for command in ("status", "score"):
        stdout, found = _imported([command, str(log), "--json"], ("rich",))
        assert '"players"' in stdout
        assert found == []


def test_a_reading_command_imports_no_writer() -> None:
    """`asara status` reads a log: the TOML writer and the file writer are for the commands
    that write."""
    log = Path(__file__).resolve().parent.parent / "sample_games" / "two-player-basic.toml"
    stdout, found = _imported(["status", str(log)], ("tomli_w", "asara_cli.logfile.write"))
    assert "after event" in stdout
    assert found == []


# --- the game seam: generic layers reach a game only through the registry --------------------

#: The registry's games: key -> package (asara_cli/games/__init__.py).
REGISTERED = dict(REGISTRY)

GAMES = sorted(p.name for p in (PACKAGE / "games").iterdir()
               if p.is_dir() and (p / "__init__.py").exists())


def _imported_names(path: Path) -> set[str]:
    """Every module an import statement in ``path`` names (at the top or inside a function),
    and for ``from X import Y`` also ``X.Y`` (Y may be a module)."""
    names: set[str] = set()
    for node in ast.walk(ast.parse(path.read_text("utf-8"))):
        if isinstance(node, ast.Import):
            names.update(a.name for a in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
            names.update(f"{node.module}.{a.name}" for a in node.names)
    return names


def _owner(module: str) -> str | None:
    """The game whose package ``module`` is in, if any."""
    parts = module.split(".")
    if parts[:2] == ["asara_cli", "games"] and len(parts) > 2 and parts[2] in GAMES:
        return parts[2]
    return None


def test_no_generic_module_imports_a_game() -> None:
    """The log layer, the command line, the outputs, statistics, the cache and the registry
    itself name no game's package: they ask the registry (asara_cli/games/__init__.py)."""
    assert GAMES and "asara" in GAMES
    generic = [p for p in PACKAGE.rglob("*.py")
               if _owner(".".join(p.relative_to(PACKAGE.parent).with_suffix("").parts))
               is None]
    assert any(p.name == "batch.py" for p in generic)
    bad = [(p.relative_to(PACKAGE).as_posix(), name) for p in generic
           for name in sorted(_imported_names(p)) if _owner(name) is not None]
    assert bad == []


def test_the_layers_below_the_command_line_do_not_import_it() -> None:
    """Imports point from the command line down: the log layer, the outputs, the core and
    every game's rules name nothing of ``asara_cli.cli`` (a command word, say, is read from
    ``asara_cli.commandwords``, beside the language)."""
    below = [*(PACKAGE / "logfile").rglob("*.py"), *(PACKAGE / "render").rglob("*.py"),
             *(PACKAGE / "core").rglob("*.py"), *PACKAGE.glob("games/*/rules/**/*.py")]
    assert any(p.name == "game.py" for p in below)
    bad = [(p.relative_to(PACKAGE).as_posix(), name) for p in below
           for name in sorted(_imported_names(p))
           if name == "asara_cli.cli" or name.startswith("asara_cli.cli.")]
    assert bad == []


def test_games_do_not_import_each_other() -> None:
    for game in GAMES:
        for path in (PACKAGE / "games" / game).rglob("*.py"):
            others = {_owner(n) for n in _imported_names(path)} - {None, game}
            assert not others, (path.relative_to(PACKAGE).as_posix(), others)


def _word_errors(package: str) -> list[type]:
    """The word errors a game's package defines (``WordError`` in any of its modules, each
    imported), found from its name in the registry."""
    import importlib
    import pkgutil

    root = importlib.import_module(package)
    found: list[type] = []
    for info in pkgutil.walk_packages(root.__path__, f"{package}."):
        module = importlib.import_module(info.name)
        found += [v for k, v in vars(module).items() if k.endswith("WordError")
                  and isinstance(v, type) and v.__module__ == module.__name__]
    return found


def test_one_error_family_with_one_boundary() -> None:
    """Every error a command means to show is an AsaraError with its exit code (the games'
    word errors too), and every command is registered through the one boundary."""
    from asara_cli import errors
    from asara_cli.cli import build_app

    assert (errors.InputError.exit_code, errors.Refused.exit_code) == (2, 1)
    found = {key: _word_errors(package) for key, package in REGISTERED.items()}
    assert found["asara"] and found["yspahan"]
    for word_error in (w for ws in found.values() for w in ws):
        assert issubclass(word_error, errors.WordError)
        assert issubclass(word_error, errors.AsaraError)
    group = build_app()
    for info in group.registered_commands:
        assert getattr(info.callback, "__guarded__", False), info.name
