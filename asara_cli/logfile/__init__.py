"""The log layer: the only code that reads or writes TOML (game logs, position sheets,
board profiles)."""
