"""Work over many files or games in chunks: in worker processes when asked, with a progress
bar on stderr when it is a terminal (``asara batch``, ``asara simulate``)."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable, Iterator, Sequence
from contextlib import ExitStack
from typing import TYPE_CHECKING, Any, TypeVar

from asara_cli.cli.common import err

if TYPE_CHECKING:  # imported where a bar is shown: rich's progress is 10 to 15 ms to load
    from rich.console import Console
    from rich.progress import Progress, TaskID

T = TypeVar("T")
R = TypeVar("R")

#: The progress bar moves once a chunk: a run of few items is cut into about this many
#: chunks, so that 300 files do not show 0% until the end.
STEPS = 50
#: Workers' last chunks are cut this many times finer: the worker that finishes first waits
#: for the others' last chunk, and a smaller last chunk is a shorter wait.
FINER = 4


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
    cores = _cores()
    jobs = min(cores if jobs is None else jobs, cores)
    pooled = jobs > 1 and len(items) > size
    chunks = cut(items, step, jobs if pooled else 1)
    with ExitStack() as stack:
        if pooled:
            # only here: a run in this process does without it (5 ms of its start)
            from concurrent.futures import ProcessPoolExecutor

            pool = stack.enter_context(ProcessPoolExecutor(
                max_workers=jobs, initializer=start, initargs=start_args))
            # Every chunk is handed over now, which forks the workers (POSIX) before the bar
            # starts its refresh thread: a fork beside a running thread may deadlock.
            results: Iterator[R] = pool.map(work, chunks)
        else:
            if start is not None:
                start(*start_args)
            results = map(work, chunks)
        advance = _bar(stack, what, len(items))
        for chunk, result in zip(chunks, results, strict=True):
            advance(len(chunk))
            yield result


def cut(items: Sequence[T], step: int, workers: int = 1) -> list[Sequence[T]]:
    """``items`` in chunks of ``step``; for several ``workers``, the last ``workers`` chunks'
    worth cut :data:`FINER` times finer, so that the workers finish close together."""
    fine = max(1, step // FINER) if workers > 1 else step
    tail = max(0, len(items) - workers * step) // step * step if workers > 1 else len(items)
    return ([items[i:i + step] for i in range(0, tail, step)]
            + [items[i:i + fine] for i in range(tail, len(items), fine)])


def _bar(stack: ExitStack, what: str, total: int) -> Callable[[int], object]:
    """The progress bar on stderr, closed with ``stack``; what moves it on by a number of
    items. Where rich would not show it (stderr is no terminal), rich is not loaded at all:
    a bar it would not draw moves nothing."""
    console = _terminal()
    if console is None:
        return _still
    from rich.progress import Progress

    progress = stack.enter_context(Progress(console=console, transient=True))
    task = start_task(progress, what, total)
    return lambda n: progress.advance(task, n)


def _still(n: int) -> None:
    """The bar's step where no bar is shown."""


def _terminal() -> Console | None:
    """rich's console on stderr where rich takes it for a terminal, else ``None``. rich says
    so for a stream that is a TTY, or where $FORCE_COLOR or $TTY_COMPATIBLE=1 say so; where
    none of these holds its answer is no, and its console is not made (nor rich loaded)."""
    if not (os.environ.get("FORCE_COLOR") or os.environ.get("TTY_COMPATIBLE") == "1"
            or _a_tty(sys.stderr)):
        return None
    console = err().rich  # the bar is rich's
    return console if console.is_terminal else None


def _a_tty(stream: object) -> bool:
    """Whether ``stream`` (or the stream rich's proxy stands for) may be a terminal; where it
    cannot say (a closed stream), rich is asked, as before."""
    isatty = getattr(getattr(stream, "rich_proxied_file", stream), "isatty", None)
    try:
        return isatty is not None and bool(isatty())
    except Exception:
        return True


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
