"""The referee's figure, (a) of bench/perf.py, under each CPython at hand (3.11, 3.12, 3.13).

    python3 bench/versions.py [--python PATH ...] [--rounds 3] [--venvs DIR]

For each interpreter: a virtual environment holding an installed (not editable) copy of this
checkout, as a user has it, then `perf.py --referee --json` run in it from outside the clone.
The interpreters take turns, --rounds times, and each figure shown is the best of its rounds
(a shared machine's slow spells last longer than one run). The ratios are each taken within
one process, so they compare across versions; the milliseconds say which side moved: the
referee, or tomllib (pure Python, so it too runs faster or slower on another version).

--venvs keeps the environments in DIR and reuses them (reinstalling this checkout each run);
without it they are made in a temporary folder and removed. Benchmarks are not tests: nothing
here fails on a slow machine.
"""

from __future__ import annotations

import argparse
import glob
import json
import os
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
VERSIONS = ("3.11", "3.12", "3.13")


def found_pythons() -> list[str]:
    """A real interpreter for each of VERSIONS: on PATH (a pyenv shim that cannot run it
    does not count), else one that pyenv installed."""
    pyenv = os.environ.get("PYENV_ROOT", str(Path.home() / ".pyenv"))
    found = []
    for version in VERSIONS:
        candidates = [shutil.which(f"python{version}") or "",
                      *sorted(glob.glob(f"{pyenv}/versions/{version}.*/bin/python{version}"))]
        for path in candidates:
            if path and subprocess.run([path, "-c", "import venv"], capture_output=True,
                                       check=False).returncode == 0:
                found.append(path)
                break
    return found


def prepared(python: str, venvs: Path) -> Path:
    """A virtual environment for ``python`` with this checkout installed in it."""
    version = subprocess.run([python, "-c", "import platform; print(platform.python_version())"],
                             capture_output=True, text=True, check=True).stdout.strip()
    venv = venvs / f"py{version}"
    if not (venv / "bin" / "python").exists():
        subprocess.run([python, "-m", "venv", str(venv)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", "--force-reinstall",
                    "--no-deps", str(ROOT)], check=True)
    subprocess.run([str(venv / "bin" / "pip"), "install", "-q", str(ROOT)], check=True)
    return venv


def measured(venv: Path, work: Path) -> dict[str, Any]:
    env = {k: v for k, v in os.environ.items() if k not in ("PYTHONDONTWRITEBYTECODE",
                                                            "PYTHONPATH")}
    done = subprocess.run([str(venv / "bin" / "python"), str(ROOT / "bench" / "perf.py"),
                           "--referee", "--json"], cwd=work, env=env, capture_output=True,
                          text=True, check=True)
    result: dict[str, Any] = json.loads(done.stdout)
    return result


def best_of(rounds: list[dict[str, Any]]) -> dict[str, Any]:
    """Each figure's smallest value over the rounds."""
    best: dict[str, Any] = {"python": rounds[0]["python"]}
    for key in ("asara", "yspahan"):
        best[key] = {name: (min(r[key][name] for r in rounds) if name == "german" else
                            [min(r[key][name][i] for r in rounds) for i in (0, 1)])
                     for name in rounds[0][key]}
    return best


def main() -> None:
    parser = argparse.ArgumentParser()
    parser.add_argument("--python", action="append", help="an interpreter (repeatable); "
                        "default: CPython 3.11, 3.12 and 3.13 where found")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--venvs", type=Path, help="keep the environments here")
    options = parser.parse_args()
    pythons = options.python or found_pythons()
    if not pythons:
        raise SystemExit("no CPython 3.11, 3.12 or 3.13 found; name one with --python")
    venvs = options.venvs or Path(tempfile.mkdtemp(prefix="asara-versions-"))
    work = Path(tempfile.mkdtemp(prefix="asara-versions-work-"))  # outside the clone
    try:
        venvs.mkdir(parents=True, exist_ok=True)
        ready = [prepared(p, venvs) for p in pythons]
        runs: list[list[dict[str, Any]]] = [[] for _ in ready]
        for _ in range(options.rounds):
            for i, venv in enumerate(ready):
                runs[i].append(measured(venv, work))
    finally:
        shutil.rmtree(work, ignore_errors=True)
        if options.venvs is None:
            shutil.rmtree(venvs, ignore_errors=True)
    print(f"(a) replay + score of a 4-player game against tomllib parsing it (10 games each), "
          f"the best of {options.rounds} rounds, wall (CPU)")
    print(f"{'Python':<8}{'game':<9}{'ratio':>14}{'a game, ms':>16}{'tomllib, ms':>16}"
          f"{'reading':>14}{'German':>8}")
    for found in (best_of(r) for r in runs):
        for key in ("asara", "yspahan"):
            f = found[key]
            print(f"{found['python']:<8}{key:<9}"
                  f"{f['ratio'][0]:>7.2f}x ({f['ratio'][1]:.2f})"
                  f"{f['game_ms'][0]:>9.2f} ({f['game_ms'][1]:.2f})"
                  f"{f['tomllib_ms'][0]:>9.2f} ({f['tomllib_ms'][1]:.2f})"
                  f"{f['reading'][0]:>7.2f}x ({f['reading'][1]:.2f})"
                  f"{f['german']:>7.2f}x")
    print(f"target: ratio <= 0.30x, German : English 1.00x; host: {os.cpu_count()} cores, load "
          f"{', '.join(f'{x:.1f}' for x in os.getloadavg())} at the end", file=sys.stderr)


if __name__ == "__main__":
    main()
