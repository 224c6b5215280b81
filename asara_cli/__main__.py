"""Entry point for ``python -m asara_cli`` and the ``asara`` command.

Until the error boundary (``asara_cli.cli.run``) is in place, a Ctrl-C is answered here:
typer and rich take a good part of a second to import, and Python would otherwise print a
KeyboardInterrupt traceback. The handler is the first thing this module sets, before it
imports anything but the interpreter's built-in ``_signal``, ``gc`` and ``sys`` (the
``signal`` module itself builds enums as it loads); only the entry point imports this module,
and Python's own handler is back before any command runs."""

# Built into the interpreter (no file read, nothing built): the handler is set before any
# import that can take time. ``signal`` is the same functions with enums around them.
import _signal  # type: ignore[import-not-found]
import gc
import sys

_INTERRUPTED = "interrupted (Ctrl-C); no file was changed\n"


def _before_the_boundary(signum: int, frame: object) -> None:
    sys.stderr.write(_INTERRUPTED)
    sys.stderr.flush()
    # os is loaded at Python's start (by site, or runpy): nothing is imported here
    os = sys.modules.get("os") or __import__("os")
    os._exit(130)  # as asara_cli.cli.EXIT_INTERRUPTED; nothing has been written yet


# as the entry point loads (not in a worker process that "spawn" starts from this module,
# named __mp_main__ there), and only where Ctrl-C is not ignored (a background job)
if __name__ in ("__main__", "asara_cli.__main__") and (
        _signal.getsignal(_signal.SIGINT) is _signal.default_int_handler):
    _signal.signal(_signal.SIGINT, _before_the_boundary)


def main() -> None:
    ours = _signal.getsignal(_signal.SIGINT) is _before_the_boundary
    # no garbage collection while the program loads: the collector would walk the tens of
    # thousands of objects every import makes, over and over; cli.run freezes them and turns
    # it back on once the command is built (see _collecting there)
    gc.disable()
    try:
        from asara_cli.cli import run

        if ours:  # the boundary answers now: run() catches a Ctrl-C from its first line on
            _signal.signal(_signal.SIGINT, _signal.default_int_handler)
        code = run(sys.argv[1:])
    except KeyboardInterrupt:  # between the two, or as an exception all the same
        sys.stderr.write(_INTERRUPTED)
        code = 130
    if ours:  # done: a Ctrl-C now would break into Python's own exit (a traceback), not ours
        _signal.signal(_signal.SIGINT, _signal.SIG_IGN)
    sys.exit(code)


if __name__ == "__main__":
    main()
