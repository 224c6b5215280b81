"""The screens' rich parts, made in one place: a module that draws a view imports these at
its top, and rich is imported only when a view is drawn (a move's line and --json need none
of it)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from rich.console import RenderableType
    from rich.table import Table
    from rich.text import Text


def table(*columns: str | tuple[str, str], fold: bool = False, **options: Any) -> Table:
    """A table with a rule under its head and its title on the left, and ``columns``: each a
    heading, or a heading and its justification (``"right"``); ``fold``: a cell too wide
    breaks onto more lines rather than end in an ellipsis."""
    from rich import box
    from rich.table import Table

    made = Table(box=box.SIMPLE_HEAD, **{"title_justify": "left", **options})
    for column in columns:
        heading, justify = (column, "left") if isinstance(column, str) else column
        made.add_column(heading, justify=justify,  # type: ignore[arg-type]
                        overflow="fold" if fold else "ellipsis")
    return made


def rich_text(content: str = "", style: str = "", **options: Any) -> Text:
    from rich.text import Text

    return Text(content, style=style, **options)


def group(parts: Sequence[RenderableType]) -> RenderableType:
    from rich.console import Group

    return Group(*parts)
