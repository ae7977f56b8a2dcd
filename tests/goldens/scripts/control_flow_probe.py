"""MindSpore 2.10 graph-mode control flow on tensor values, one line per case:
`label -> STRUCT` (T[shape,dtype]=values) or `label -> ERR Type | message`.

Regenerate: /work/shared/tools/mindspore-oracle tests/goldens/scripts/control_flow_probe.py | grep -- "->" > tests/goldens/transforms/control_flow_probe.out
"""
import re

import numpy as np
import mindspore as ms
from mindspore import Tensor, Parameter, nn, ops


def desc(v):
    if isinstance(v, Tensor):
        return f"T[{list(v.shape)},{v.dtype}]={np.round(v.asnumpy().astype(np.float64), 5).tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        print(label, "->", desc(f()))
    except Exception as e:
        message = re.sub(r"value_ptr: 0x[0-9a-f]+", "value_ptr: 0x", str(e).split("\n")[0])
        print(label, "-> ERR", type(e).__name__, "|", message[:200])


def f32(*v):
    return Tensor(np.array(v, np.float32))


def i32(v):
    return Tensor(np.array(v, np.int32))


# -- if / elif / else ----------------------------------------------------------------------
@ms.jit
def sign_of(x):
    if x > 0:
        y = x * 2
    elif x < 0:
        y = -x
    else:
        y = x + 100
    return y


for v in (3.0, -2.0, 0.0):
    show(f"if elif else {v}", lambda: sign_of(f32(v)))


@ms.jit
def if_no_else(x, y):
    z = y
    if x.sum() > 1:
        z = z + x
        y = y * 3
    return z, y


show("if no else true", lambda: if_no_else(f32(1.0, 2.0), f32(5.0, 6.0)))
show("if no else false", lambda: if_no_else(f32(0.0, 0.5), f32(5.0, 6.0)))


@ms.jit
def if_all(x):
    if (x > 0).all():
        return x.sum()
    return x.max()


show("if all true", lambda: if_all(f32(1.0, 2.0)))
show("if all false", lambda: if_all(f32(-1.0, 2.0)))


@ms.jit
def bool_ops(x, y):
    if x > 0 and y > 0:
        a = x + y
    else:
        a = x - y
    if x > 0 or y > 0:
        b = x * y
    else:
        b = x + 1
    if not x > y:
        c = y
    else:
        c = x
    return a, b, c


show("and or not 1", lambda: bool_ops(f32(1.0), f32(2.0)))
show("and or not 2", lambda: bool_ops(f32(-1.0), f32(2.0)))
show("and or not 3", lambda: bool_ops(f32(-1.0), f32(-2.0)))


@ms.jit
def ternary(x):
    y = x * 2 if x > 1 else x - 1
    return y


show("ternary true", lambda: ternary(f32(2.0)))
show("ternary false", lambda: ternary(f32(0.5)))


@ms.jit
def early_return(x):
    if x > 0:
        return x * 10
    x = x - 1
    return x * 2


show("early return taken", lambda: early_return(f32(2.0)))
show("early return not taken", lambda: early_return(f32(-2.0)))


@ms.jit
def nested_if(x, y):
    if x > 0:
        if y > 0:
            out = x + y
        else:
            out = x - y
    else:
        out = x * y
    return out


show("nested if pp", lambda: nested_if(f32(1.0), f32(2.0)))
show("nested if pn", lambda: nested_if(f32(1.0), f32(-2.0)))
show("nested if n", lambda: nested_if(f32(-1.0), f32(3.0)))


@ms.jit
def one_branch_var(x):
    if x > 0:
        y = x + 1
    return x


show("var unused defined in one branch", lambda: one_branch_var(f32(1.0)))


@ms.jit
def int_if(x):
    out = 0
    if x > 2:
        out = 1
    return out


show("python int in branches", lambda: int_if(i32(3)))


# -- while ---------------------------------------------------------------------------------
@ms.jit
def while_double(x, limit):
    while x < limit:
        x = x * 2
    return x


show("while tensor cond", lambda: while_double(f32(1.0), f32(100.0)))
show("while zero iterations", lambda: while_double(f32(500.0), f32(100.0)))


@ms.jit
def while_counter(x, n):
    i = 0
    s = x
    while i < n:
        s = s + x
        i = i + 1
    return s, i


show("while counter vs tensor n", lambda: while_counter(f32(1.5), i32(4)))


@ms.jit
def while_break(x):
    i = Tensor(0, ms.int32)
    while i < 10:
        if x > 20:
            break
        x = x * 2
        i = i + 1
    return x, i


show("while break", lambda: while_break(f32(1.0)))


@ms.jit
def while_continue(x, n):
    i = Tensor(0, ms.int32)
    s = Tensor(0.0, ms.float32)
    while i < n:
        i = i + 1
        if i % 2 == 0:
            continue
        s = s + x
    return s


show("while continue", lambda: while_continue(f32(1.5), i32(7)))


@ms.jit
def while_true_break(x):
    while True:
        x = x + 3
        if x > 10:
            break
    return x


show("while true break", lambda: while_true_break(f32(1.0)))


@ms.jit
def nested_while(n):
    i = Tensor(0, ms.int32)
    total = Tensor(0, ms.int32)
    while i < n:
        j = Tensor(0, ms.int32)
        while j < i:
            total = total + j
            j = j + 1
        i = i + 1
    return total


show("nested while", lambda: nested_while(i32(5)))


@ms.jit
def return_in_while(x):
    i = Tensor(0, ms.int32)
    while i < 10:
        if x > 50:
            return x, i
        x = x * 3
        i = i + 1
    return x - 1, i


show("return in while", lambda: return_in_while(f32(1.0)))


# -- for -------------------------------------------------------------------------------------
@ms.jit
def for_range_tensor(x, n):
    s = x
    for i in range(n):
        s = s + i
    return s


show("for range tensor n", lambda: for_range_tensor(f32(0.5), i32(4)))


@ms.jit
def for_over_tensor(x):
    s = Tensor(0.0, ms.float32)
    for row in x:
        if row.sum() > 2:
            s = s + row.sum()
    return s


show("for over tensor", lambda: for_over_tensor(Tensor(np.array([[1, 2], [0, 1], [3, 0]], np.float32))))


@ms.jit
def for_break(x):
    s = Tensor(0.0, ms.float32)
    for i in range(10):
        s = s + x
        if s > 5:
            break
    return s


show("for python range break", lambda: for_break(f32(2.0)))


@ms.jit
def for_continue(x):
    s = Tensor(0.0, ms.float32)
    for v in x:
        if v < 0:
            continue
        s = s + v
    return s


show("for continue", lambda: for_continue(f32(1.0, -2.0, 3.0, -4.0)))


@ms.jit
def if_in_python_loop(x, y):
    out = 0
    for _ in range(5):
        if x < y:
            x = x - y
        else:
            x = x + y
        out = out + x
    return out


show("tutorial if in python loop", lambda: if_in_python_loop(Tensor([0]), Tensor([1])))


# -- Parameters ----------------------------------------------------------------------------
class Counter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.count = Parameter(Tensor(0.0, ms.float32), name="count")
        self.w = Parameter(Tensor(np.array([1.0, 2.0], np.float32)), name="w")

    def construct(self, x):
        if x.sum() > 0:
            ops.assign(self.count, self.count + 1)
            out = x * self.w
        else:
            out = x - self.w
        return out


ms.set_context(mode=ms.GRAPH_MODE)
counter = Counter()
show("cell assign branch taken", lambda: counter(f32(1.0, 1.0)))
show("cell assign count after taken", lambda: counter.count.value())
show("cell assign branch not taken", lambda: counter(f32(-1.0, -1.0)))
show("cell assign count after not taken", lambda: counter.count.value())


class WhileParam(nn.Cell):
    def __init__(self):
        super().__init__()
        self.acc = Parameter(Tensor(1.0, ms.float32), name="acc")

    def construct(self, n):
        i = Tensor(0, ms.int32)
        while i < n:
            ops.assign(self.acc, self.acc * 2)
            i = i + 1
        return self.acc + 0


wp = WhileParam()
show("cell while assign", lambda: wp(i32(3)))
show("cell while assign param", lambda: wp.acc.value())


class Gate(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(2, 2, weight_init="ones", bias_init="zeros")
        self.relu = nn.ReLU()

    def construct(self, x):
        h = self.dense(x)
        if h.mean() > 0:
            h = self.relu(h)
        else:
            h = h * 0.5
        return h


gate = Gate()
show("cell if with sublayer pos", lambda: gate(f32(1.0, 2.0)))
show("cell if with sublayer neg", lambda: gate(f32(-1.0, -2.0)))
ms.set_context(mode=ms.PYNATIVE_MODE)


class JitMethod(nn.Cell):
    @ms.jit
    def construct(self, x, n):
        while n > 0:
            x = x + n
            n = n - 1
        return x


show("jit construct while", lambda: JitMethod()(f32(0.0), i32(4)))


# -- grad through control flow -------------------------------------------------------------
def piecewise(x):
    if x > 1:
        y = x * x
    else:
        y = x * 3
    return y


show("grad if taken", lambda: ms.jit(ms.grad(piecewise))(f32(2.0)))
show("grad if not taken", lambda: ms.jit(ms.grad(piecewise))(f32(0.5)))


# -- errors, scalars, values of and/or/not ------------------------------------------------
@ms.jit
def undefined_after(x):
    if x > 0:
        y = x + 1
    return y
show("undefined in one branch used", lambda: undefined_after(f32(1.0)))
show("undefined in one branch used false", lambda: undefined_after(f32(-1.0)))

@ms.jit
def shape_mismatch(x):
    if x.sum() > 0:
        y = x
    else:
        y = x.sum()
    return y
show("branch shape mismatch", lambda: shape_mismatch(f32(1.0, 2.0)))

@ms.jit
def dtype_mismatch(x):
    if x > 0:
        y = x
    else:
        y = x.astype(ms.int32)
    return y
show("branch dtype mismatch", lambda: dtype_mismatch(f32(1.0)))

@ms.jit
def single_elem(x):
    if x:
        return x + 1
    return x - 1
show("if single element tensor", lambda: single_elem(f32(0.0)))

@ms.jit
def multi_elem(x):
    if x:
        return x + 1
    return x - 1
show("if multi element tensor", lambda: multi_elem(f32(1.0, 2.0)))

@ms.jit
def ret_none(x):
    if x > 0:
        return x
    return None
show("return none in one branch", lambda: ret_none(f32(1.0)))

@ms.jit
def while_grow(x):
    while x.sum() < 10:
        x = ops.concat((x, x))
    return x
show("while shape grows", lambda: while_grow(f32(1.0)))

@ms.jit
def int_counter(x):
    i = 0
    while x > 1:
        x = x / 2
        i = i + 1
    return i
show("while python int counter", lambda: int_counter(f32(10.0)))


p = Parameter(Tensor(2.0, ms.float32), name="p")
@ms.jit
def read_param(x):
    if x > p:
        y = x * p
    else:
        y = x - p
    return y
show("free param read in branch", lambda: read_param(f32(3.0)))

@ms.jit
def write_free_param(x):
    if x > 0:
        ops.assign(p, p + x.sum())
    return p + 0
show("free param write in branch", lambda: write_free_param(f32(3.0)))
show("free param after", lambda: p.value())

@ms.jit
def for_range_len(x):
    s = x[0]
    for i in range(1, x.shape[0]):
        if x[i] > s:
            s = x[i]
    return s
show("for range shape max", lambda: for_range_len(f32(1.0, 5.0, 3.0)))

@ms.jit
def elif_chain_return(x):
    if x < 0:
        return x * 0
    elif x < 1:
        return x
    elif x < 2:
        return x * 2
    return x * 3
for v in (-1.0, 0.5, 1.5, 4.0):
    show(f"elif chain return {v}", lambda: elif_chain_return(f32(v)))

@ms.jit
def while_else(x):
    while x < 5:
        x = x + 2
    else:
        x = x * 10
    return x
show("while else", lambda: while_else(f32(0.0)))

@ms.jit
def cmp_chain(x):
    if 0 < x < 5:
        return x
    return -x
show("chained comparison true", lambda: cmp_chain(f32(3.0)))
show("chained comparison false", lambda: cmp_chain(f32(7.0)))
@ms.jit
def and_value(x, y):
    return x and y
show("and as value", lambda: and_value(f32(0.0), f32(2.0)))
show("and as value 2", lambda: and_value(f32(1.0), f32(2.0)))
@ms.jit
def or_value(x, y):
    return x or y
show("or as value", lambda: or_value(f32(0.0), f32(2.0)))
@ms.jit
def not_value(x):
    return not x
show("not as value", lambda: not_value(f32(0.0)))


# -- vmap: per-element conditions ----------------------------------------------------------
def relu_if(x):
    if x > 0:
        y = x
    else:
        y = x * 0.1
    return y


show("vmap per-element if", lambda: ms.vmap(relu_if)(f32(1.0, -2.0, 3.0)))


def shared_if(x, s):
    if s > 0:
        y = x * 2
    else:
        y = x
    return y


show("vmap unbatched cond", lambda: ms.vmap(shared_if, in_axes=(0, None))(f32(1.0, -2.0), f32(1.0)))
