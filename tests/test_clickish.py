"""Typer's private Click (``typer._click``) is used in one module, asara_cli/cli/clickish.py,
and every name that module takes from it is where it expects: a typer release that moves
one fails here, naming it, rather than in a command at a player's table."""

from __future__ import annotations

import ast
import importlib
from pathlib import Path

import typer

import asara_cli

PACKAGE = Path(asara_cli.__file__).parent
ADAPTER = PACKAGE / "cli" / "clickish.py"
PRIVATE = "typer._click"


def _taken(tree: ast.AST) -> list[tuple[str, str]]:
    """(module, name) for each name a module's ``from typer._click... import`` takes."""
    return [(node.module, alias.name) for node in ast.walk(tree)
            if isinstance(node, ast.ImportFrom) and node.module is not None
            and (node.module == PRIVATE or node.module.startswith(PRIVATE + "."))
            for alias in node.names]


def test_every_name_the_adapter_takes_is_in_this_typer() -> None:
    taken = _taken(ast.parse(ADAPTER.read_text("utf-8")))
    assert taken, f"{ADAPTER} takes nothing from {PRIVATE}"
    moved = []
    for module, name in taken:
        try:
            found = importlib.import_module(module)
        except ImportError as e:
            moved.append(f"{module} ({e})")
            continue
        if not hasattr(found, name):
            try:  # a submodule (``from typer._click import exceptions``)
                importlib.import_module(f"{module}.{name}")
            except ImportError:
                moved.append(f"{module}.{name}")
    assert not moved, (
        f"typer {typer.__version__} has moved its private Click: {', '.join(moved)} "
        f"(imported by {ADAPTER.relative_to(PACKAGE.parent)}, the one place to follow it; "
        "pyproject.toml pins typer<0.29)")


def test_no_other_module_imports_typers_private_click() -> None:
    others = sorted(str(path.relative_to(PACKAGE.parent)) for path in PACKAGE.rglob("*.py")
                    if path != ADAPTER and PRIVATE in path.read_text("utf-8"))
    assert others == [], f"{PRIVATE} is imported outside {ADAPTER.name}: {others}"
