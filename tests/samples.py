"""The sample games the tests read (``sample_games/``), and one cut after its first events:
a game in progress."""

from __future__ import annotations

import re
from pathlib import Path

SAMPLES = Path(__file__).resolve().parent.parent / "sample_games"


def cut_sample(sample: str, events: int, to: Path) -> Path:
    """The sample game ``sample`` (a path under ``sample_games/``) after its first ``events``
    events, written to ``to``."""
    text = (SAMPLES / sample).read_text(encoding="utf-8")
    to.write_text("".join(re.split(r"(?m)^(?=\[\[event\]\])", text)[:events + 1]),
                  encoding="utf-8")
    return to
