"""The referee stays pure: importing asara_cli.rules pulls in no terminal, CLI or TOML code."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

RULES = Path(__file__).resolve().parent.parent / "asara_cli" / "rules"


def test_rules_import_no_io_libraries() -> None:
    modules = sorted(".".join(p.relative_to(RULES).with_suffix("").parts)
                     for p in RULES.rglob("*.py"))
    modules = [m.removesuffix(".__init__").removesuffix("__init__") for m in modules]
    code = (
        "import sys\n"
        + "".join(f"import asara_cli.rules{'.' + m if m else ''}\n" for m in modules)
        + "banned = ('typer', 'rich', 'click', 'tomllib', 'tomli_w')\n"
        + "bad = [m for m in banned if m in sys.modules]\n"
        + "print(','.join(bad))\n"
    )
    result = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True,
                            check=True)
    assert result.stdout.strip() == ""


def test_rules_source_does_no_io() -> None:
    for path in RULES.rglob("*.py"):
        text = path.read_text("utf-8")
        for word in ("open(", "print(", "import os", "pathlib", "import tomllib"):
            assert word not in text, f"{path.name} uses {word}"
