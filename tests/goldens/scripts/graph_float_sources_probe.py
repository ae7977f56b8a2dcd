"""MindSpore 2.10: the floats a compiled function returns from lists and dicts (its own, or ones
it did not make: arguments, globals), from Tensors (`item()`, `tolist()`, `float()`) and NumPy
scalars (msjax/_src/transforms/graph_floats.py). Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/graph_float_sources_probe.py \\
        | grep " -> " > tests/goldens/transforms/graph_float_sources_probe.out
"""
import numpy as np

from mindspore import Tensor, jit

X = Tensor(np.array([123.6], np.float64))
Y = Tensor(np.array(123.6, np.float64))
GL = [123.6]
GD = {'a': 123.6}
GT = (123.6,)
GN = [(123.6,), [123.6]]
X32 = Tensor(np.array([1.1], np.float32))
X64 = Tensor(np.array([123.6], np.float64))


def show(label, fn):
    try:
        r = fn()
        print(f"{label} -> {type(r).__name__} {r!r}", flush=True)
    except Exception as e:  # noqa: BLE001
        print(f"{label} -> ERR {type(e).__name__} | {str(e).splitlines()[0]}", flush=True)


@jit
def item(x):
    return x.item()

@jit
def as_float(x):
    return float(x)

@jit
def tolist(x):
    return x.tolist()

@jit
def item_plus(x):
    return x.item() + 0

@jit
def np64():
    return np.float64(123.6)


@jit
def returns_argument(a):
    return a


@jit
def ident(a):
    return a

@jit
def first(a):
    return a[0]

@jit
def key_a(a):
    return a['a']

@jit
def wrapped(a):
    return [a[0]]

@jit
def g_list():
    return GL

@jit
def g_list0():
    return GL[0]

@jit
def g_dict():
    return GD

@jit
def g_tuple():
    return GT

@jit
def g_nested():
    return GN

@jit
def lit_list():
    return [123.6]

@jit
def lit_tuple():
    return (123.6,)

@jit
def lit_dict():
    return {'a': 123.6}

@jit
def lit_nested():
    return [[123.6], (123.6,)]

@jit
def item64_times():
    return X64.item() * 1.1

@jit
def item64_plus_item32():
    return X64.item() + X32.item()

@jit
def item32():
    return X32.item() + 0

@jit
def tolist_elem():
    return X64.tolist()[0] * 1

@jit
def int_div():
    return 7 / 3

@jit
def item64_neg():
    return -X64.item()


show("item float64 [123.6]", lambda: item(X))
show("item float64 123.6", lambda: item(Y))
show("float(float64 tensor)", lambda: as_float(Y))
show("tolist float64", lambda: tolist(X))
show("item + 0", lambda: item_plus(Y))
show("np.float64(123.6)", np64)
show("list argument [123.6]", lambda: returns_argument([123.6, 1e40]))
show("tuple argument (123.6,)", lambda: returns_argument((123.6,)))
show("list argument", lambda: ident([123.6]))
show("list argument [0]", lambda: first([123.6]))
show("list argument wrapped", lambda: wrapped([123.6]))
show("dict argument", lambda: ident({'a': 123.6}))
show("dict argument ['a']", lambda: key_a({'a': 123.6}))
show("tuple argument [0]", lambda: first((123.6,)))
show("nested tuple argument", lambda: ident(([123.6], 123.6)))
show("global list", g_list)
show("global list [0]", g_list0)
show("global dict", g_dict)
show("global tuple", g_tuple)
show("global nested", g_nested)
show("literal list", lit_list)
show("literal tuple", lit_tuple)
show("literal dict", lit_dict)
show("literal nested", lit_nested)
show("item64 * 1.1", item64_times)
show("item64 + item32", item64_plus_item32)
show("item32 + 0", item32)
show("tolist64[0] * 1", tolist_elem)
show("7 / 3", int_div)
show("-item64", item64_neg)
