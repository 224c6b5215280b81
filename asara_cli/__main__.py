"""Entry point for ``python -m asara_cli``."""

from asara_cli.cli import main

main()
