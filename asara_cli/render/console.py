"""The rich consoles behind :class:`~asara_cli.render.wrap.Writer`, made only when something
needs rich: importing its console costs a command some 20 ms (docs/performance.md)."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from rich.console import Console, ConsoleOptions, RenderableType
from rich.segment import Segment

from asara_cli.core.shown import safe_text
from asara_cli.render.wrap import wrap


class Escaped:
    """A renderable drawn by rich, with the control characters of its text shown escaped
    (core/shown.py): a table cell, a wrapped line or a message built around a player's name
    are all covered, and the console's own colours and cursor moves still work."""

    def __init__(self, inner: RenderableType) -> None:
        self.inner = inner

    def __rich_console__(self, console: Console, options: ConsoleOptions
                         ) -> Iterator[Segment]:
        for seg in console.render(self.inner, options):
            yield seg if seg.control else Segment(safe_text(seg.text), seg.style)


class TableConsole(Console):
    """A rich console that escapes control characters in everything it prints, its plain
    text wrapped by :func:`wrap` (and never again by rich, which would fold a long word);
    renderables are printed as rich lays them out."""

    def print(self, *objects: Any, sep: str = " ", end: str = "\n", **options: Any) -> None:
        if objects and all(isinstance(o, str) for o in objects):
            options["soft_wrap"] = True
            objects = (wrap(safe_text(sep.join(objects)), self.width),)
        super().print(*(safe_text(o) if isinstance(o, str) else Escaped(o) for o in objects),
                      sep=sep, end=end, **options)
