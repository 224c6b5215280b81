"""The help texts of the command line, in the language in use: rather than mark each
docstring and ``help=``, the built command tree is walked (:func:`texts` for the catalogue,
:func:`translate` before the command line is parsed).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from asara_cli.core.i18n import _

#: The attributes of a command and of a parameter that hold text a person reads.
_COMMAND = ("help", "short_help", "epilog", "rich_help_panel")
_PARAM = ("help", "rich_help_panel")


def _places(command: Any) -> Iterator[tuple[Any, str]]:
    """Each (object, attribute) of ``command`` and the commands under it holding help."""
    seen: set[int] = set()
    todo = [command]
    while todo:
        cmd = todo.pop()
        if id(cmd) in seen:
            continue
        seen.add(id(cmd))
        for attr in _COMMAND:
            if isinstance(getattr(cmd, attr, None), str):
                yield cmd, attr
        for param in getattr(cmd, "params", ()):
            for attr in _PARAM:
                if isinstance(getattr(param, attr, None), str):
                    yield param, attr
        todo.extend(getattr(cmd, "commands", {}).values())


def texts(command: Any) -> Iterator[str]:
    """Every help text of ``command`` and the commands under it (Click objects)."""
    for obj, attr in _places(command):
        text: str = getattr(obj, attr)
        if text.strip():
            yield text


def translate(command: Any) -> None:
    """Put each help text of ``command`` (a Click command or group) in the language in use."""
    for obj, attr in _places(command):
        text = getattr(obj, attr)
        if text.strip():
            setattr(obj, attr, _(text))
