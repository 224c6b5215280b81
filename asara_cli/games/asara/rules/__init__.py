"""The referee: pure, stdlib-only rules of ASARA (no I/O, no TOML, no terminal).

Import the pieces from their modules: ``board``, ``model``, ``scoring``.
"""
