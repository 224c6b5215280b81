"""The screens' rich table, made in one place (imported where a view is drawn)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table


def table(*columns: str | tuple[str, str], fold: bool = False, **options: Any) -> Table:
    """A table with a rule under its head and its title on the left, and ``columns``: each a
    heading, or a heading and its justification (``"right"``); ``fold``: a cell too wide
    breaks onto more lines rather than end in an ellipsis."""
    made = Table(box=box.SIMPLE_HEAD, **{"title_justify": "left", **options})
    for column in columns:
        heading, justify = (column, "left") if isinstance(column, str) else column
        made.add_column(heading, justify=justify,  # type: ignore[arg-type]
                        overflow="fold" if fold else "ellipsis")
    return made
