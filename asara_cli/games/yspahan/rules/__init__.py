"""The referee: pure, stdlib-only rules of YSPAHAN (YSPAHAN.md Y1-Y9; no I/O, no TOML).

Import the pieces from their modules: ``board``, ``events``, ``state``, ``engine`` (check,
apply, replay: every point an entry of the ledger), ``scoring``, ``sampler``. What a log's
events hold: docs/log-format.md, "Yspahan".
"""
