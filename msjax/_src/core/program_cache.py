"""The per-function program cache: bounded (least recently used first out) and weak.

A compiled function keeps one program per call signature (MindSpore's cache key). Two things
would make that cache grow without bound in a long session: many signatures (every new shape
compiles a program) and the objects a signature names by identity (a Cell, a Parameter or a
function passed as an argument), which a program needs while it lives. So:

- at most `MAX_PROGRAMS` signatures are kept per function; the least recently used goes first;
- a program holds the objects of its signature weakly: when one of them is collected, the
  program is dropped (its key names that object's `id`, which Python may give to a new object).
"""
from __future__ import annotations

import collections
import types
import weakref

MAX_PROGRAMS = 256  # programs kept per compiled function
# every ProgramCache by id (clear_all; a cache is a dict, which a WeakSet cannot hold)
_ALL_CACHES: weakref.WeakValueDictionary = weakref.WeakValueDictionary()


class _Strong:
    """An object that cannot be referenced weakly (held as it is)."""

    __slots__ = ("obj",)

    def __init__(self, obj):
        self.obj = obj

    def __call__(self):
        return self.obj


class WeakObjects:
    """A program's objects, held weakly; iterating gives them in order while they are alive."""

    __slots__ = ("_refs",)

    def __init__(self, objs, on_death):
        refs = []
        for obj in objs:
            try:
                if isinstance(obj, types.MethodType):
                    refs.append(weakref.WeakMethod(obj, on_death))
                else:
                    refs.append(weakref.ref(obj, on_death))
            except TypeError:  # e.g. a tuple subclass or an object with __slots__ only
                refs.append(_Strong(obj))
        self._refs = refs

    def __iter__(self):
        return (ref() for ref in self._refs)

    def __len__(self):
        return len(self._refs)

    def __getitem__(self, index):
        return self._refs[index]()


def _dropper(cache, program):
    """The callback that drops `program` from `cache` when one of its objects is collected."""
    cache_ref, program_ref = weakref.ref(cache), weakref.ref(program)

    def drop(_):
        cache, program = cache_ref(), program_ref()
        if cache is not None and program is not None:
            cache.discard(program)
    return drop


def clear_all() -> None:
    """Drop every compiled function's programs (`mindspore.ms_memory_recycle`): each is
    compiled again by its next call."""
    for cache in list(_ALL_CACHES.values()):
        cache.clear()


class ProgramCache(collections.OrderedDict):
    """Signature key -> program, least recently used first out, programs' objects held weakly.

    Several keys may name one program (GRAPH_MODE's fast key and the full key); dropping a
    program drops all of them.
    """

    def __init__(self, limit: int | None = None):
        super().__init__()
        self.limit = MAX_PROGRAMS if limit is None else limit
        _ALL_CACHES[id(self)] = self

    def get(self, key, default=None):
        try:
            self.move_to_end(key)
        except KeyError:
            return default
        return self[key]

    def __setitem__(self, key, program):
        if not isinstance(program.objs, WeakObjects):
            program.objs = WeakObjects(program.objs, _dropper(self, program))
        super().__setitem__(key, program)
        self.move_to_end(key)
        while len(self) > self.limit:
            self.popitem(last=False)

    def discard(self, program) -> None:
        for key in [k for k, p in self.items() if p is program]:
            del self[key]
