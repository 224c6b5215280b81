"""Reading back what the wrapping console (render/wrap.py) printed: each message as one line
again, so tests can look for a phrase wherever the terminal's width broke it."""

from __future__ import annotations


def _continues(indent: int, start: int) -> bool:
    """Whether a line indented ``indent`` continues a message whose first line is indented
    ``start``: wrap() indents continuations 3 at the left edge, else 2 deeper."""
    return indent >= (start + 2 if start else 3)


def messages(text: str) -> list[str]:
    """The messages in ``text``, each joined back into one line (its first line's indent
    kept)."""
    found: list[tuple[int, str]] = []
    for line in text.splitlines():
        indent = len(line) - len(line.lstrip(" "))
        if found and line.strip() and _continues(indent, found[-1][0]):
            found[-1] = (found[-1][0], f"{found[-1][1]} {line.strip()}")
        else:
            found.append((indent, line))
    return [m for _, m in found]


def unwrap(text: str) -> str:
    """``text`` with every wrapped message joined back into one line."""
    return "\n".join(messages(text)) + ("\n" if text.endswith("\n") else "")
