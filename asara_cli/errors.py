"""The project's one input-error exception: a file that cannot be used (exit code 2)."""

from __future__ import annotations


class InputError(Exception):
    """Unusable input: names the file, the place in it, the player and the key where known.

    ``str()`` gives one line: ``path:line:col: player: key: message``, leaving out what is
    unknown, so the CLI can print it as is.
    """

    def __init__(
        self,
        message: str,
        *,
        path: str | None = None,
        line: int | None = None,
        column: int | None = None,
        player: str | None = None,
        key: str | None = None,
    ) -> None:
        super().__init__(message)
        self.message = message
        self.path = path
        self.line = line
        self.column = column
        self.player = player
        self.key = key

    def what(self) -> str:
        """``player: key: message``: the error without the file and place (for a report
        that shows those in columns of their own)."""
        return ": ".join([p for p in (self.player, self.key) if p] + [self.message])

    def __str__(self) -> str:
        where = self.path or ""
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        parts = [p for p in (where, self.player, self.key) if p]
        return ": ".join([*parts, self.message])
