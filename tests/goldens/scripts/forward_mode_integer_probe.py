"""Forward mode (ops.jvp, ops.linearize, ops.vjp) and ops.grad of integer inputs, and tangents
whose dtype is not their input's: MindSpore 2.10 differentiates integers in integers and refuses
a tangent of another dtype. Golden: tests/goldens/transforms/forward_mode_integer.txt."""
import numpy as np
import mindspore as ms
from mindspore import ops
a = ops.ones((2,), ms.int32); b = ops.ones((2,), ms.int32) * 3
def show(label, f):
    try:
        r = f()
        flat = []
        def walk(x):
            if isinstance(x, (tuple, list)):
                for y in x: walk(y)
            else: flat.append((str(x.dtype), x.asnumpy().tolist()))
        walk(r)
        print(label, "->", flat)
    except Exception as e:
        print(label, "->", type(e).__name__, str(e)[:200])
def mul(x, y):
    return x * y
def div(x, y):
    return x / y
def ex(x):
    return ops.exp(x)
def cube(x):
    return x * x * x
def mixed(x):
    return x * 1.5
def sq(x):
    return x * x
def floordiv(x, y):
    return x // y
def cast_f(x):
    return ops.cast(x, ms.float32) * 2
def sinx(x):
    return ops.sin(x)
show("jvp mul", lambda: ops.jvp(mul, (a, b), (a, b)))
show("jvp div", lambda: ops.jvp(div, (a, b), (a, b)))
show("jvp exp", lambda: ops.jvp(ex, a, a))
show("jvp cube", lambda: ops.jvp(cube, b, b))
show("jvp mixed", lambda: ops.jvp(mixed, b, b))
show("jvp floordiv", lambda: ops.jvp(floordiv, (b, b), (a, a)))
show("jvp cast", lambda: ops.jvp(cast_f, b, b))
show("jvp sin", lambda: ops.jvp(sinx, b, b))
show("jvp int float tangent", lambda: ops.jvp(sq, b, ops.ones((2,), ms.float32)))
show("jvp float int tangent", lambda: ops.jvp(sq, ops.ones((2,), ms.float32) * 3, b))
show("grad cube", lambda: ops.grad(cube)(b))
show("grad sin", lambda: ops.grad(sinx)(b))
show("grad exp", lambda: ops.grad(ex)(b))
show("grad mixed", lambda: ops.grad(mixed)(b))
show("grad cast", lambda: ops.grad(cast_f)(b))
show("grad floordiv", lambda: ops.grad(floordiv, grad_position=(0, 1))(b, b))
@ms.jit
def jj(x, y):
    return ops.jvp(mul, (x, y), (x, y))
show("jit jvp mul", lambda: jj(a, b))
def fn2(x, y):
    return ops.jvp(mul, x, y)
show("vmap jvp", lambda: ops.vmap(fn2)((a, b), (a, b)))
def lin():
    out, f = ops.linearize(cube, b)
    return out, f(b)
show("linearize cube", lin)
def vj():
    out, f = ops.vjp(cube, b)
    return out, f(b)
show("vjp cube", vj)
for pd, td in [(ms.float32, ms.float16), (ms.float32, ms.float64), (ms.int32, ms.int64),
               (ms.float16, ms.float32), (ms.int64, ms.int32), (ms.float32, ms.int32)]:
    show(f"jvp sq {pd} {td}", lambda: ops.jvp(sq, ms.Tensor([3], pd), ms.Tensor([1], td)))
show("jvp mul mixed", lambda: ops.jvp(mul, (ms.Tensor([3], ms.float32), ms.Tensor([2], ms.float32)),
                                   (ms.Tensor([1], ms.float32), ms.Tensor([1], ms.float16))))
show("linearize int float v", lambda: ops.linearize(sq, ms.Tensor([3], ms.int32))[1](ms.Tensor([1], ms.float32)))
