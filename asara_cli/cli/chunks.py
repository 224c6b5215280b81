"""Work over many files or games in chunks: in worker processes when asked, with a progress
bar on stderr when it is a terminal (``asara batch``, ``asara simulate``)."""

from __future__ import annotations

import os
from collections.abc import Callable, Iterator, Sequence
from concurrent.futures import ProcessPoolExecutor
from contextlib import ExitStack
from typing import Any, TypeVar

from rich.progress import Progress, TaskID

from asara_cli.cli.common import err

T = TypeVar("T")
R = TypeVar("R")

#: The progress bar moves once a chunk: a run of few items is cut into about this many
#: chunks, so that 300 files do not show 0% until the end.
STEPS = 50


def in_chunks(work: Callable[[Sequence[T]], R], items: Sequence[T], size: int,
              jobs: int | None, what: str, start: Callable[..., None] | None = None,
              start_args: tuple[Any, ...] = ()) -> Iterator[R]:
    """``work`` over ``items`` in chunks of at most ``size`` (fewer when there are few items,
    see :data:`STEPS`), each chunk's result in order. With ``jobs`` > 1 (``None``: one per
    core, and never more than the cores) and more than ``size`` items, the chunks go to
    worker processes, each first running ``start(*start_args)``; else they are worked here,
    after one ``start``. ``work`` and ``start`` must be module-level functions (or partials
    of them) so the workers can be handed them."""
    step = max(1, min(size, -(-len(items) // STEPS)))
    chunks = [items[i:i + step] for i in range(0, len(items), step)]
    cores = _cores()
    jobs = min(cores if jobs is None else jobs, cores)
    console = err().rich  # the bar is rich's
    with Progress(console=console, transient=True,
                  disable=not console.is_terminal) as progress, ExitStack() as stack:
        task = start_task(progress, what, len(items))
        if jobs > 1 and len(items) > size:
            pool = stack.enter_context(ProcessPoolExecutor(
                max_workers=jobs, initializer=start, initargs=start_args))
            results: Iterator[R] = pool.map(work, chunks)
        else:
            if start is not None:
                start(*start_args)
            results = map(work, chunks)
        for chunk, result in zip(chunks, results, strict=True):
            progress.advance(task, len(chunk))
            yield result


def start_task(progress: Progress, what: str, total: int) -> TaskID:
    """A task on the bar whose time left is reckoned from now. rich reckons the speed from
    the second sample on: two workers finishing their first chunks a moment apart gave
    "0:00:01" left at 4% of 10,000 files. A first sample of nothing, now, fixes that."""
    task = progress.add_task(what, total=total)
    progress.advance(task, 0)
    return task


def _cores() -> int:
    """The cores this process may run on (a container or ``taskset`` may allow fewer than
    the machine has)."""
    try:
        return len(os.sched_getaffinity(0)) or 1
    except (AttributeError, OSError):  # not on every system
        return os.cpu_count() or 1
