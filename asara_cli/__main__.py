"""Entry point for ``python -m asara_cli`` and the ``asara`` command.

Until the error boundary (``asara_cli.cli.run``) is in place, a Ctrl-C is answered here:
typer and rich take a good part of a second to import, and Python would otherwise print a
KeyboardInterrupt traceback. The handler is set as this module loads (only the entry point
imports it), and Python's own is back before any command runs."""

import os
import signal
import sys

_INTERRUPTED = "interrupted (Ctrl-C); no file was changed\n"


def _before_the_boundary(signum: int, frame: object) -> None:
    sys.stderr.write(_INTERRUPTED)
    sys.stderr.flush()
    os._exit(130)  # as asara_cli.cli.EXIT_INTERRUPTED; nothing has been written yet


def main() -> None:
    try:
        from asara_cli.cli import run
    except KeyboardInterrupt:  # a Ctrl-C that came in as an exception all the same
        sys.stderr.write(_INTERRUPTED)
        sys.exit(130)
    signal.signal(signal.SIGINT, signal.default_int_handler)  # the boundary answers now
    sys.exit(run(sys.argv[1:]))


# as the entry point loads (not in a worker process that "spawn" starts from this module,
# named __mp_main__ there), and only where Ctrl-C is not ignored (a background job)
if __name__ in ("__main__", "asara_cli.__main__") and (
        signal.getsignal(signal.SIGINT) is signal.default_int_handler):
    signal.signal(signal.SIGINT, _before_the_boundary)

if __name__ == "__main__":
    main()
