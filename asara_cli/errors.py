"""The project's one input-error exception: a file that cannot be used (exit code 2)."""

from __future__ import annotations


class InputError(Exception):
    """Unusable input: names the file, the place in it, the player and the key where known.

    ``str()`` gives one line: ``path:line:col: player: key: message``, leaving out what is
    unknown, so the CLI can print it as is. It is one line whatever the parts hold: the
    path, the player and the message (which may quote a file's text) are shown as
    render/shown.py shows them, line breaks and undecodable bytes escaped.
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
        from asara_cli.core.shown import one_line

        return one_line(": ".join([p for p in (self.player, self.key) if p] + [self.message]))

    def __str__(self) -> str:
        from asara_cli.core.shown import one_line, show_path

        where = "" if self.path is None else show_path(self.path)
        if self.line is not None:
            where += f":{self.line}"
            if self.column is not None:
                where += f":{self.column}"
        parts = [p for p in (where, self.player, self.key) if p]
        return one_line(": ".join([*parts, self.message]))
