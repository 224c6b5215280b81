"""Entry point for ``python -m asara_cli`` and the ``asara`` command.

Nothing is imported here before the guard: typer and rich take a good part of a second to
import, and a Ctrl-C then would otherwise print a traceback before the error boundary
(``asara_cli.cli.run``) is in place."""

import sys


def main() -> None:
    try:
        from asara_cli.cli import run
    except KeyboardInterrupt:
        sys.stderr.write("interrupted (Ctrl-C); no file was changed\n")
        sys.exit(130)  # as asara_cli.cli.EXIT_INTERRUPTED
    sys.exit(run(sys.argv[1:]))


if __name__ == "__main__":
    main()
