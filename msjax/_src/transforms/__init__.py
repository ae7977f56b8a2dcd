"""msjax's transforms (vmap, grad, jit, pmap): thin wrappers over JAX's, sharing one compiled-call
path. `tracing_depth` tells code whether it runs inside a trace of one of them."""
_depth = [0]
# Python values a compiled program takes by value: part of its signature (and cache entry).
STATIC_TYPES = (int, float, bool, str, complex, type(None), bytes)


def tracing_depth() -> int:
    return _depth[0]


class tracing:
    """Context manager marking that msjax is tracing a program."""

    def __enter__(self):
        _depth[0] += 1

    def __exit__(self, *exc):
        _depth[0] -= 1
        return False
