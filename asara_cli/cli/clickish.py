"""Typer's own Click, in one place: the names of Click that the command line uses.

Typer 0.26 and later vendor Click as the private package ``typer._click`` (the pin
``typer>=0.26,<0.29`` in pyproject.toml, and docs/performance.md, say why). A private
package may move in any release, so no other module imports it: each takes what it needs
from here, and ``tests/test_clickish.py`` imports every name below, failing with the name
that moved when a typer release moves one. ``typer.core`` has imported all of these modules
already, so importing this one costs nothing at start-up.
"""

from __future__ import annotations

from typer._click import exceptions
from typer._click.core import Command, Context, Parameter
from typer._click.exceptions import UsageError
from typer._click.formatting import HelpFormatter
from typer._click.shell_completion import _resolve_context, _resolve_incomplete
from typer._click.types import IntParamType, IntRange, ParamType

#: Click's own resolution of a partly typed command line, as the shell's Tab runs it
resolve_context = _resolve_context
resolve_incomplete = _resolve_incomplete

__all__ = ["Command", "Context", "HelpFormatter", "IntParamType", "IntRange", "ParamType",
           "Parameter", "UsageError", "exceptions", "resolve_context", "resolve_incomplete"]
