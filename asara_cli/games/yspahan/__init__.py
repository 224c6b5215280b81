"""YSPAHAN (Sébastien Pauchon, Ystari 2006): the board profile and the referee.

The board profile ships as ``data/standard.toml`` (YSPAHAN.md Y1 as data); the referee is
the pure package ``rules`` (see its docstring for the API).
"""
