"""Typer's own Click (the private ``typer._click`` of typer 0.26 to 0.28: the pin is in
pyproject.toml) in one place: a release may move it, and ``tests/test_clickish.py`` then
names what moved. ``typer.core`` has imported these already: nothing costs at start-up.
"""

from __future__ import annotations

from typer._click import exceptions
from typer._click.core import Command, Context, Parameter
from typer._click.exceptions import UsageError
from typer._click.formatting import HelpFormatter
from typer._click.shell_completion import (
    CompletionItem,
    _resolve_context,
    _resolve_incomplete,
    split_arg_string,
)
from typer._click.types import IntParamType, IntRange, ParamType

#: Click's own resolution of a partly typed command line, as the shell's Tab runs it
resolve_context = _resolve_context
resolve_incomplete = _resolve_incomplete

__all__ = ["Command", "CompletionItem", "Context", "HelpFormatter", "IntParamType", "IntRange",
           "ParamType", "Parameter", "UsageError", "exceptions", "resolve_context",
           "resolve_incomplete", "split_arg_string"]
