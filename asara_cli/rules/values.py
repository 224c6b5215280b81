"""A quicker ``dataclasses.replace`` for the referee's frozen state values.

A replay makes several new states per event; ``dataclasses.replace`` re-runs the frozen
``__init__`` over all two dozen fields of a game state each time, and that was most of the
replay's time. ``evolve`` copies the slots directly. It is only for frozen, slotted
dataclasses whose ``__init__`` does nothing but store its fields (no ``__post_init__``).
"""

from __future__ import annotations

from dataclasses import fields
from typing import Any, TypeVar

T = TypeVar("T")

_SLOTS: dict[type, tuple[str, ...]] = {}
_set = object.__setattr__


def evolve(obj: T, **changes: Any) -> T:
    """``obj`` with ``changes``, as ``dataclasses.replace`` would give it."""
    cls = type(obj)
    names = _SLOTS.get(cls)
    if names is None:
        names = _SLOTS[cls] = tuple(f.name for f in fields(obj))  # type: ignore[arg-type]
    new = object.__new__(cls)
    for name in names:
        _set(new, name, getattr(obj, name))
    for name, value in changes.items():
        _set(new, name, value)  # a name that is no slot raises AttributeError
    return new
