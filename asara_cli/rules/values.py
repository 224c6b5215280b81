"""Frozen values made quickly: the :func:`frozen` class decorator and :func:`evolve`.

``frozen`` is ``@dataclass(frozen=True, slots=True)`` with one generated function per class
instead of six. Python 3.11 compiles every method a dataclass generates separately (its
``__init__``, ``__repr__``, ``__eq__``, ``__hash__``, ``__setattr__``, ``__delattr__``), and
making the fifty-odd value classes that way was most of a command's start-up. Here only
``__init__`` is generated; the rest are shared functions reading the class's field names.
``evolve`` is a quicker ``dataclasses.replace``: a replay makes several new states per
event, and re-running ``__init__`` over the two dozen fields of a game state each time was
most of the replay's time.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import MISSING, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from types import MemberDescriptorType
from typing import Any, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[T]) -> type[T]:
    """A frozen, slotted dataclass, as ``@dataclass(frozen=True, slots=True)`` makes it: the
    same fields, ``__init__``, equality, hash, repr, ``__match_args__``, pickling, and
    ``dataclasses.fields``/``replace``/``asdict``. Not supported (refused): ``__post_init__``,
    fields left out of ``__init__``, keyword-only fields."""
    made: Any = dataclass(slots=True, init=False, repr=False, eq=False)(cls)
    found = fields(made)
    if hasattr(made, "__post_init__") or any(not f.init or f.kw_only is True for f in found):
        raise TypeError(f"{made.__name__}: frozen() makes plain frozen values only")
    scope: dict[str, Any] = {"absent_": _ABSENT}
    params, lines = [], []
    for i, f in enumerate(found):
        scope[f"set_{i}"] = slot_setter(made, f.name)
        if f.default is not MISSING:
            scope[f"default_{i}"] = f.default
            params.append(f"{f.name}=default_{i}")
        elif f.default_factory is not MISSING:
            scope[f"make_{i}"] = f.default_factory
            params.append(f"{f.name}=absent_")
            lines.append(f"    if {f.name} is absent_: {f.name} = make_{i}()")
        else:
            params.append(f.name)
        lines.append(f"    set_{i}(self, {f.name})")
    exec(f"def __init__(self, {', '.join(params)}):\n" + "\n".join(lines or ["    pass"]),
         scope)  # the source is built from field names only
    init = scope["__init__"]
    init.__qualname__ = f"{made.__qualname__}.__init__"
    names = tuple(f.name for f in found)
    made.__init__ = init
    made.__value_fields__ = names
    made.__value_key__ = (attrgetter(*names) if len(names) > 1
                          else staticmethod(_one_tuple(names)))
    for name, fn in _SHARED.items():
        setattr(made, name, fn)
    result: type[T] = made
    return result


#: A keyword not given: to a copier, a field kept; to an ``__init__``, a factory's default.
_ABSENT = object()


def _one_tuple(names: tuple[str, ...]) -> Callable[[Any], tuple[Any, ...]]:
    # attrgetter of one name gives the value itself, of none it cannot be made; a
    # function (unlike attrgetter) needs staticmethod to sit on the class unbound
    return lambda obj: tuple(getattr(obj, name) for name in names)


def _eq(self: Any, other: Any) -> Any:
    if other.__class__ is self.__class__:
        return self.__value_key__(self) == other.__value_key__(other)
    return NotImplemented


def _hash(self: Any) -> int:
    return hash(self.__value_key__(self))


def _repr(self: Any) -> str:
    shown = ", ".join(f"{name}={getattr(self, name)!r}" for name in self.__value_fields__)
    return f"{type(self).__qualname__}({shown})"


def _setattr(self: Any, name: str, value: Any) -> None:
    raise FrozenInstanceError(f"cannot assign to field {name!r}")


def _delattr(self: Any, name: str) -> None:
    raise FrozenInstanceError(f"cannot delete field {name!r}")


def _getstate(self: Any) -> list[Any]:
    return [getattr(self, name) for name in self.__value_fields__]


def _setstate(self: Any, state: list[Any]) -> None:
    for name, item in zip(self.__value_fields__, state, strict=True):
        object.__setattr__(self, name, item)


_SHARED: dict[str, Callable[..., Any]] = {
    "__eq__": _eq, "__hash__": _hash, "__repr__": _repr, "__setattr__": _setattr,
    "__delattr__": _delattr, "__getstate__": _getstate, "__setstate__": _setstate}


class _Copiers(dict[type, Callable[..., Any]]):
    """Each class's copier, made on first use."""

    def __missing__(self, cls: type) -> Callable[..., Any]:
        made = self[cls] = _copier(cls)
        return made


_COPIERS = _Copiers()


def _copier(cls: type) -> Callable[..., Any]:
    """A function made for ``cls`` that copies every slot but the ``changes`` (generated once
    per class, so the copy is straight-line code: no loop over names, no getattr).

    A frozen dataclass refuses plain assignment, and storing through ``object.__setattr__``
    or a slot's setter is a call per field. So the copy is made as an instance of a twin
    class with the same slots and no frozen ``__setattr__``, filled by plain assignment, and
    then given its real class: Python allows that when the two lay out their slots the same
    way, which they do when both add the same slots to ``object``. Another class (one with
    a slotted base) is filled through each slot's setter instead."""
    names = [f.name for f in fields(cls)]
    scope: dict[str, Any] = {"cls_": cls, "absent_": _ABSENT}
    params = ", ".join(f"{name}=absent_" for name in names)
    lines = [f"def copy(obj_, {params}):"]
    if cls.__bases__ == (object,) and tuple(getattr(cls, "__slots__", ())) == tuple(names):
        scope["twin_"] = type(cls.__name__, (), {"__slots__": tuple(names)})
        lines.append("    new = twin_()")
        for name in names:
            lines.append(f"    new.{name} = obj_.{name} if {name} is absent_ else {name}")
        lines.append("    new.__class__ = cls_")
    else:
        lines.append("    new = object.__new__(cls_)")
        for i, name in enumerate(names):
            scope[f"set_{i}"] = slot_setter(cls, name)
            lines.append(f"    set_{i}(new, obj_.{name} if {name} is absent_ else {name})")
    lines.append("    return new")
    exec("\n".join(lines), scope)  # the source is built from field names only
    made: Callable[..., Any] = scope["copy"]
    return made


def slot_setter(cls: type, name: str) -> Callable[[Any, Any], None]:
    """The setter of the slot ``name`` of a slotted class (found along its bases)."""
    for klass in cls.__mro__:
        slot = klass.__dict__.get(name)
        if isinstance(slot, MemberDescriptorType):
            setter: Callable[[Any, Any], None] = slot.__set__
            return setter
    raise TypeError(f"{cls.__name__} has no slot {name!r}")


def evolve(obj: T, /, **changes: Any) -> T:
    """``obj`` with ``changes``, as ``dataclasses.replace`` would give it (a name that is no
    field raises ``TypeError``)."""
    result: T = _COPIERS[type(obj)](obj, **changes)
    return result
