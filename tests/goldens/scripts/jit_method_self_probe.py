"""MindSpore 2.10 parses the `self` of a jit method called from Python (`obj.f(x)`,
`Cls.f(obj, x)`) as its class's namespace: its attributes and methods are read, but calling it
raises ValueError; inside another compiled call, or when the function is no method of the
object's class, the object is a value and can be called. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/jit_method_self_probe.py \\
        | grep " -> " > tests/goldens/transforms/jit_method_self_probe.out
"""
import mindspore as ms
from mindspore import Tensor, jit, ops, nn

def show(label, fn):
    try:
        r = fn()
    except Exception as e:
        r = f"ERR {type(e).__name__} | {str(e).strip().splitlines()[0]}"
    print(f"{label} -> {r}")

class MyClass:
    @jit
    def forward2(self, *args, **kw):
        return self(*args, **kw)

    @jit
    def forward3(self, x):
        return self.helper(x)

    @jit
    def forward4(self, x):
        return self.scale * x

    def helper(self, x):
        return x + 1

    def __call__(self, *args, **kw):
        return args[0]
    scale = 3

class Other:
    def __call__(self, x):
        return x * 2

x = Tensor([1, 2])
show("unbound method self call", lambda: MyClass.forward2(MyClass(), x))
show("bound method self call", lambda: MyClass().forward2(x))
show("bound method self.helper", lambda: MyClass().forward3(x))
show("bound method self.scale", lambda: MyClass().forward4(x))
show("other callable as self", lambda: MyClass.forward2(Other(), x))

@jit
def outer(obj, x):
    return MyClass.forward2(obj, x)
show("inside outer jit", lambda: outer(MyClass(), x))

@jit
def plain(obj, x):
    return obj(x)
show("plain jit calls MyClass obj", lambda: plain(MyClass(), x))
show("plain jit calls Other obj", lambda: plain(Other(), x))

class Sub(MyClass):
    pass
show("subclass self call", lambda: Sub().forward2(x))
