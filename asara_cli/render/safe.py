"""Text from a file, exact yet harmless: in JSON its control, format and bidirectional
characters written as ``\\u`` escapes, which a JSON reader turns back; in an HTML or SVG page
escaped as markup."""

from __future__ import annotations

import re
import unicodedata
from typing import Any

from asara_cli.core.shown import safe_text

# JSON escapes the C0 controls itself; DEL, the C1 controls and the format characters it
# writes as they are. They can only sit inside strings, and only DEL is ASCII. (Written as
# a negated class: the range up to U+10FFFF took 9 ms to compile, at every command's start.)
_NOT_ASCII = re.compile("[^\x00-\x7e]")


def _json_escaped(m: re.Match[str]) -> str:
    c = m.group()
    if unicodedata.category(c) not in ("Cc", "Cf", "Zl", "Zp", "Cs"):
        return c
    import json

    return json.dumps(c)[1:-1]  # \\u escapes, a surrogate pair above the BMP


def json_text(data: Any, indent: int | None = 2) -> str:
    """``data`` as JSON (UTF-8 text, not ASCII), every control and format character written
    as its ``\\u`` escape: the same data, and nothing in it a terminal would obey."""
    import json  # only JSON output needs it

    text = json.dumps(data, indent=indent, ensure_ascii=False)
    if text.isascii() and "\x7f" not in text:
        return text
    return _NOT_ASCII.sub(_json_escaped, text)


def escape(text: str) -> str:
    """Text from a file in a page: nothing a browser or a terminal obeys, only characters XML
    allows."""
    import html  # only a page needs it: JSON, which this module also writes, does not

    return html.escape(safe_text(text))
