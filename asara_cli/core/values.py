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

import dataclasses
import inspect
from collections.abc import Callable, Sequence
from dataclasses import MISSING, Field, FrozenInstanceError, dataclass, field, fields
from operator import attrgetter
from types import CodeType, FunctionType, MemberDescriptorType
from typing import Any, Generic, TypeVar, dataclass_transform

T = TypeVar("T")


@dataclass_transform(frozen_default=True, field_specifiers=(field,))
def frozen(cls: type[T]) -> type[T]:
    """A frozen, slotted dataclass, as ``@dataclass(frozen=True, slots=True)`` makes it: the
    same fields, ``__init__``, equality, hash, repr, ``__match_args__``, pickling, and
    ``dataclasses.fields``/``replace``/``asdict``. Not supported (refused): ``__post_init__``,
    fields left out of ``__init__``, keyword-only fields, and fields named as the generated
    functions' own names (``self``, ``obj_``, ``new_``, ``absent_``, ``twin_``, ``cls_``)."""
    own = inspect.get_annotations(cls)
    if hasattr(cls, "__post_init__") or _RESERVED & set(own):
        raise TypeError(f"{cls.__name__}: frozen() makes plain frozen values only")
    quick = _quick_fields(cls, own)
    made: Any
    if quick is None:  # anything unusual: dataclasses does the reading
        made = dataclass(slots=True, frozen=True, init=False, repr=False, eq=False)(cls)
        found = list(fields(made))
    else:
        made, found = _slotted(cls, quick), quick
    if any(not f.init or f.kw_only is True for f in found):
        raise TypeError(f"{made.__name__}: frozen() makes plain frozen values only")
    names = tuple(f.name for f in found)
    if (made.__bases__ == (object,) and tuple(getattr(made, "__slots__", ())) == names
            and all(f.default_factory is MISSING for f in found)):
        # made as the copier makes a copy (a twin filled by plain assignment, then given
        # its class): half the time of storing each field through its slot's setter
        made.__new__ = staticmethod(_new(made, found))
    else:
        if getattr(made.__new__, "__frozen_new__", False):  # a base's: not for this class
            made.__new__ = object.__new__
        made.__init__ = _init(made, found)
    made.__value_fields__ = names
    made.__value_key__ = (attrgetter(*names) if len(names) > 1
                          else staticmethod(_one_tuple(names)))
    for name, fn in _SHARED.items():
        if name == "__reduce__" and "__reduce__" in cls.__dict__:
            continue  # the class's own way to pickle
        setattr(made, name, fn)
    result: type[T] = made
    return result


# --- making the class without dataclasses' reading of it ------------------------------------
#
# ``dataclass()`` spends most of its time reading each annotation for ClassVar, InitVar and
# KW_ONLY. The value classes here have none: plain string annotations (postponed), defaults
# or ``field(...)``, and no dataclass bases. For such a class the fields are read directly
# and the slotted class made as dataclasses makes it; any other class goes to dataclasses.

_FIELD_KIND = getattr(dataclasses, "_FIELD", None)  # what fields() keeps: a plain field
_RESERVED = {"self", "obj_", "new_", "absent_", "twin_", "cls_"}  # __init__'s and copiers'


@dataclass(frozen=True)
class _Reference:
    """A frozen dataclass whose parameters every value shares."""


def _quick_fields(cls: type, own: dict[str, Any]) -> list[Field[Any]] | None:
    """The fields of a plain value class (``own``: its annotations), or ``None`` when
    dataclasses must read it."""
    if _FIELD_KIND is None or any(
            hasattr(base, "__dataclass_fields__") or "__slots__" in base.__dict__
            for base in cls.__mro__[1:] if base is not object and base is not Generic):
        return None
    found = []
    for name, kind in own.items():
        if not isinstance(kind, str) or any(w in kind for w in ("ClassVar", "InitVar",
                                                                  "KW_ONLY")):
            return None
        value = cls.__dict__.get(name, MISSING)
        if isinstance(value, Field):
            f = value
        else:
            if value is not MISSING and type(value).__hash__ is None:
                return None  # a mutable default: dataclasses says why it is refused
            f = field(default=value)
        f.name, f.type, f._field_type = name, kind, _FIELD_KIND  # type: ignore[attr-defined]
        if f.kw_only is MISSING:
            f.kw_only = False
        found.append(f)
    return found


def _slotted(cls: type, found: list[Field[Any]]) -> type:
    """``cls`` made again with a slot per field, as ``dataclass(slots=True)`` does."""
    names = tuple(f.name for f in found)
    body = {k: v for k, v in cls.__dict__.items()
            if k not in names and k not in ("__dict__", "__weakref__")}
    body["__slots__"] = names
    body["__dataclass_fields__"] = {f.name: f for f in found}
    body["__dataclass_params__"] = _Reference.__dataclass_params__  # type: ignore[attr-defined]
    body["__match_args__"] = names
    body["__qualname__"] = cls.__qualname__  # kept by the type, not in its __dict__
    made: type = type(cls)(cls.__name__, cls.__bases__, body)
    return made


def _new(cls: type, found: list[Field[Any]]) -> Callable[..., Any]:
    """The class's ``__new__``, which makes the whole value (its ``__init__`` is object's, which
    takes the arguments and does nothing with them)."""
    names = [f.name for f in found]
    twin = _twin(cls, names)
    code = _renamed("__new__", names, f"{cls.__qualname__}.__new__", lambda args: "\n".join([
        f"def __new__(cls_{''.join(', ' + a for a in args)}):",
        "    new_ = twin_()",
        *(f"    new_.{a} = {a}" for a in args),
        "    new_.__class__ = cls_",
        "    return new_"]))
    defaults = tuple(f.default for f in found if f.default is not MISSING)
    new = FunctionType(code, {"twin_": twin}, "__new__", defaults or None)
    new.__frozen_new__ = True  # type: ignore[attr-defined]
    return new


_TWINS: dict[type, type] = {}


def _twin(cls: type, names: Sequence[str]) -> type:
    """A class with ``cls``'s slots and nothing else (no frozen ``__setattr__``): a value is
    filled as one and then given its class (``__new__``, :func:`evolve`)."""
    twin = _TWINS.get(cls)
    if twin is None:
        twin = _TWINS[cls] = type(cls.__name__, (), {"__slots__": tuple(names)})
    return twin


def _init(cls: type, found: list[Field[Any]]) -> Callable[..., None]:
    """The class's ``__init__``: each argument stored through its slot's setter. A default
    factory needs code of its own, compiled for the class."""
    names = [f.name for f in found]
    setters = {f"set_{i}": slot_setter(cls, name) for i, name in enumerate(names)}
    if any(f.default_factory is not MISSING for f in found):
        return _init_compiled(cls, found, setters)
    code = _renamed("__init__", names, f"{cls.__qualname__}.__init__", lambda args: (
        f"def __init__(self{''.join(', ' + a for a in args)}):\n"
        + "\n".join([f"    set_{i}(self, {a})" for i, a in enumerate(args)] or ["    pass"])))
    defaults = tuple(f.default for f in found if f.default is not MISSING)
    init: Callable[..., None] = FunctionType(code, setters, "__init__", defaults or None)
    return init


#: Compiled once per function and number of fields, then renamed per class.
_TEMPLATES: dict[tuple[str, int], CodeType] = {}


def _renamed(function: str, names: Sequence[str], qualname: str,
             source: Callable[[list[str]], str]) -> CodeType:
    """The code of ``function`` for the fields ``names``.

    Compiling a function per class was half of making a value class. The code depends on
    the field names only as names (parameters and attributes), so it is compiled once per
    number of fields with the names ``f_0``, ``f_1``... and given each class's names."""
    code = _TEMPLATES.get((function, len(names)))
    if code is None:
        scope: dict[str, Any] = {"absent_": _ABSENT}  # for defaults; each class has its own
        exec(source([f"f_{i}" for i in range(len(names))]), scope)  # placeholder names only
        code = _TEMPLATES[function, len(names)] = scope[function].__code__
    name_of = {f"f_{i}": name for i, name in enumerate(names)}
    return code.replace(co_varnames=tuple(name_of.get(n, n) for n in code.co_varnames),
                        co_names=tuple(name_of.get(n, n) for n in code.co_names),
                        co_qualname=qualname)


def _init_compiled(cls: type, found: list[Field[Any]], scope: dict[str, Any]
                   ) -> Callable[..., None]:
    scope = {**scope, "absent_": _ABSENT}
    params, lines = [], []
    for i, f in enumerate(found):
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
    exec(f"def __init__(self, {', '.join(params)}):\n" + "\n".join(lines), scope)
    init: Callable[..., None] = scope["__init__"]  # the source is built from field names
    init.__qualname__ = f"{cls.__qualname__}.__init__"
    return init


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


def _reduce(self: Any) -> tuple[Any, ...]:
    # made again through the class, with its fields (pickle's default would call __new__
    # with no arguments, which a value made by its __new__ refuses)
    return type(self), self.__value_key__(self)


_SHARED: dict[str, Callable[..., Any]] = {
    "__eq__": _eq, "__hash__": _hash, "__repr__": _repr, "__setattr__": _setattr,
    "__delattr__": _delattr, "__getstate__": _getstate, "__setstate__": _setstate,
    "__reduce__": _reduce}


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
    if cls.__bases__ == (object,) and tuple(getattr(cls, "__slots__", ())) == tuple(names):
        twin = _twin(cls, names)
        code = _renamed("copy", names, f"{cls.__qualname__}.copy", lambda args: "\n".join([
            f"def copy(obj_{''.join(', ' + a + '=absent_' for a in args)}):",
            "    new_ = twin_()",
            *(f"    new_.{a} = obj_.{a} if {a} is absent_ else {a}" for a in args),
            "    new_.__class__ = cls_",
            "    return new_"]))
        return FunctionType(code, {"twin_": twin, "cls_": cls, "absent_": _ABSENT}, "copy",
                            (_ABSENT,) * len(names))
    scope: dict[str, Any] = {"cls_": cls, "absent_": _ABSENT}
    lines = [f"def copy(obj_, {', '.join(f'{name}=absent_' for name in names)}):",
             "    new_ = object.__new__(cls_)"]
    for i, name in enumerate(names):
        scope[f"set_{i}"] = slot_setter(cls, name)
        lines.append(f"    set_{i}(new_, obj_.{name} if {name} is absent_ else {name})")
    lines.append("    return new_")
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
