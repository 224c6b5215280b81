"""The screens' rich table, made in one place (imported where a view is drawn)."""

from __future__ import annotations

from typing import Any

from rich import box
from rich.table import Table


def table(*columns: str | tuple[str, str], **options: Any) -> Table:
    """A table with a rule under its head and its title on the left, and ``columns``: each a
    heading, or a heading and its justification (``"right"``)."""
    made = Table(box=box.SIMPLE_HEAD, **{"title_justify": "left", **options})
    for column in columns:
        heading, justify = (column, "left") if isinstance(column, str) else column
        made.add_column(heading, justify=justify)  # type: ignore[arg-type]
    return made
