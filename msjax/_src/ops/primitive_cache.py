"""`mindspore.ops._primitive_cache._get_cache_prim`: one Primitive instance per class and
constructor arguments, which MindSpore's own functional ops (and mindnlp) use."""
from __future__ import annotations

import functools


def _get_cache_prim(cls):
    """`_get_cache_prim(P.ReduceSum)(keep_dims=True)` is the same instance on every call with the
    same arguments."""
    @functools.wraps(cls)
    def cached(*args, **kwargs):
        key = (args, tuple(sorted(kwargs.items())))
        try:
            return _CACHE[cls][key]
        except KeyError:
            instance = cls(*args, **kwargs)
            _CACHE.setdefault(cls, {})[key] = instance
            return instance
        except TypeError:  # unhashable arguments (a list): a new instance, as without a cache
            return cls(*args, **kwargs)

    return cached


_CACHE: dict = {}
