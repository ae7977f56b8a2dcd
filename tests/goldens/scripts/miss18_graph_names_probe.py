"""MindSpore 2.10's graph-syntax Primitives ops.bool_and/bool_or/bool_eq/string_eq/string_concat
(inside `jit`; in PyNative MindSpore cannot run them), the type class mindspore.Int, the deprecated
mindspore.SparseTensor (a COOTensor), mindspore.no_inline and nn.get_metrics, printed
`label -> RESULT`; tests/api/test_miss18_graph_names.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/miss18_graph_names_probe.py \
        | grep -- " -> " > tests/goldens/api/miss18_graph_names_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import jit, nn, ops, Tensor


def show(label, f):
    try:
        out = repr(f()).replace("\n", "\\n")
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = [ln for ln in str(e).strip().splitlines() if ln.strip("- ")] or [""]
        out = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {out}")


@jit
def logic(a, b):
    return ops.bool_and(a, b), ops.bool_or(a, b), ops.bool_eq(a, b)


@jit
def strings(a, b):
    return ops.string_eq(a, b), ops.string_concat(a, b)


for a, b in ((True, False), (True, True), (False, False)):
    show(f"bool ops jit {a} {b}", lambda: logic(a, b))
show("string ops jit", lambda: strings("ab", "ab"))
show("string ops jit differ", lambda: strings("ab", "c"))
for prim in (ops.bool_and, ops.bool_or, ops.bool_eq, ops.string_eq, ops.string_concat):
    show(f"{prim.name} repr", lambda: repr(prim))
    show(f"{prim.name} pynative", lambda: prim(True, False) if "bool" in prim.name
         else prim("a", "b"))

show("Int()", lambda: ms.Int())
for bits in (8, 16, 32, 64):
    show(f"Int({bits})", lambda: (ms.Int(bits), ms.Int(bits) == getattr(ms, f"int{bits}")))
show("isinstance int32 Int", lambda: (isinstance(ms.int32, ms.Int), isinstance(ms.uint8, ms.Int),
                                      isinstance(ms.float32, ms.Int)))
show("Int(7)", lambda: ms.Int(7))
show("Int('32')", lambda: ms.Int("32"))

indices = Tensor(np.array([[0, 1], [1, 2]], np.int32))
values = Tensor(np.array([1.5, -2.0], np.float32))
sparse = ms.SparseTensor(indices, values, (2, 3))
show("SparseTensor", lambda: sparse)
show("SparseTensor parts", lambda: (sparse.indices.asnumpy().tolist(),
                                    sparse.values.asnumpy().tolist(), sparse.shape))
show("SparseTensor is COOTensor", lambda: isinstance(sparse, ms.COOTensor))
show("SparseTensor bad shape", lambda: ms.SparseTensor(indices, values, [2, 3]))
show("SparseTensor bad indices", lambda: ms.SparseTensor([[0, 1]], values, (2, 3)))

def twice_plus_one(x):
    return x * 2 + 1


@ms.no_inline
def halve(x):
    return x / 2


@jit
def calls_no_inline(x):
    return halve(x) + halve(x * 3)


show("no_inline call", lambda: ms.no_inline(twice_plus_one)(Tensor(3.0)))
show("no_inline is the function", lambda: ms.no_inline(twice_plus_one) is twice_plus_one)
show("no_inline marks", lambda: (sorted(vars(ms.no_inline(twice_plus_one))),
                                 twice_plus_one.no_inline))
show("no_inline jit", lambda: calls_no_inline(Tensor(3.0)))
show("no_inline decorator", lambda: ms.no_inline()(twice_plus_one)(1))

show("get_metrics names", lambda: sorted((k, type(v).__name__) for k, v in
                                         nn.get_metrics({"accuracy", "mae", "loss"}).items()))
show("get_metrics dict", lambda: sorted((k, type(v).__name__) for k, v in
                                        nn.get_metrics({"acc": nn.Accuracy()}).items()))
show("get_metrics None", lambda: nn.get_metrics(None))
show("get_metrics list", lambda: nn.get_metrics(["accuracy"]))
show("get_metrics unknown", lambda: nn.get_metrics({"nope"}))
show("get_metrics is train's", lambda: nn.get_metrics is ms.train.metrics.get_metrics)
