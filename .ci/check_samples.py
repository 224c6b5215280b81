"""Run the real `asara` command over every sample: sheets with `tally`, logs with `validate`.

A file under an `invalid/` folder must fail with exit code 1 and name the rule it states in a
comment line `# expect: R2.3` (a rule id of any registered game, as its rules reference writes
it: ASARA's `R2.3`, Yspahan's `Y3.4.2`; or `# expect: checkpoint`), and for logs the event it
states in `# expect-event: 57`; every other file must pass.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from asara_cli.games import all_games


def expected_rule() -> re.Pattern[str]:
    """The ``# expect:`` line: a rule id of any registered game (its letter, then numbers),
    or ``checkpoint``."""
    prefixes = "|".join(re.escape(g.rule_prefix) for g in all_games())
    return re.compile(rf"^#\s*expect:\s*((?:{prefixes})[\d.]+|checkpoint)", re.M)


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run(["asara", *args], capture_output=True, text=True, timeout=120)


def has_command(name: str) -> bool:
    return run(name, "--help").returncode == 0


def main(folder: str) -> int:
    failures: list[str] = []
    files = sorted(Path(folder).rglob("*.toml"))
    if not files:
        print(f"no samples in {folder}")
        return 1
    can_validate = has_command("validate")
    expect = expected_rule()
    checked = 0
    for path in files:
        text = path.read_text("utf-8")
        invalid = "invalid" in path.parts
        if path.name.endswith(".sheet.toml"):
            runs = [("tally", str(path)), ("tally", "--json", str(path))]
        elif can_validate:
            runs = [("validate", str(path))]
        else:
            print(f"skip {path}: no `asara validate` yet")
            continue
        rule = expect.search(text)
        event = re.search(r"^#\s*expect-event:\s*(\d+)", text, re.M)
        for args in runs:
            result = run(*args)
            said = result.stdout + result.stderr
            checked += 1
            if "Traceback" in said:
                failures.append(f"{path}: `asara {' '.join(args)}` printed a traceback")
            elif not invalid and result.returncode != 0:
                failures.append(f"{path}: `asara {' '.join(args)}` exited "
                                f"{result.returncode}:\n{said}")
            elif invalid:
                if not rule:
                    failures.append(f"{path}: an invalid sample needs a `# expect: RULE` line "
                                    "(a rule id of its game)")
                elif result.returncode != 1 or f"[{rule.group(1)}]" not in said:
                    failures.append(f"{path}: expected exit 1 naming [{rule.group(1)}], got "
                                    f"exit {result.returncode}:\n{said}")
                elif event and f"event {event.group(1)}" not in said:
                    failures.append(f"{path}: expected the error at event {event.group(1)}:"
                                    f"\n{said}")
            print(f"{'FAIL' if failures and failures[-1].startswith(str(path)) else 'ok  '} "
                  f"asara {' '.join(args)} -> {result.returncode}")
    for f in failures:
        print(f, file=sys.stderr)
    print(f"samples: {checked - len(failures)} passed, {len(failures)} failed")
    return 1 if failures or not checked else 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1] if len(sys.argv) > 1 else "sample_games"))
