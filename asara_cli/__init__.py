"""asara-cli: scorekeeper and rules referee for the board game ASARA."""

__version__ = "0.1.0"
