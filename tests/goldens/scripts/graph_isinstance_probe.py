"""MindSpore 2.10's `isinstance` inside a compiled function: a type or a (nested) tuple of types
only, all of it checked before comparing (TypeError otherwise, even where Python's isinstance
would have matched first, and for a union); printed `label -> RESULT`;
tests/transforms/test_graph_isinstance.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_isinstance_probe.py \
        | grep -- " -> " > tests/goldens/transforms/graph_isinstance_probe.out
"""
from mindspore import Tensor, jit


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


@jit
def a():
    return isinstance(Tensor(1), Tensor(1))


@jit
def b():
    return isinstance(Tensor(1), [list, tuple])


@jit
def c():
    return isinstance(Tensor(1), (Tensor, [1, 2]))


@jit
def d():
    return isinstance(Tensor(1), (Tensor, 3))


@jit
def e():
    return isinstance(1, (int, 3))


@jit
def f():
    return isinstance(1, int | float)

show("tensor arg2", a)
show("list arg2", b)
show("nested list", c)
show("match first then bad", d)
show("int match first", e)
show("union", f)
show("pynative", lambda: isinstance(1, (int, 3)))


@jit
def g():
    return isinstance(Tensor(1), (int, (float, Tensor))), isinstance(2.0, (int, str))


show("nested tuple of types", g)
