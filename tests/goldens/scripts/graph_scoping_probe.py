"""MindSpore graph syntax's scoping rules: a variable defined in a loop body read after the loop,
and, inside a loop body, a variable one branch of an `if` defines read after the `if`.
Each case prints `label -> result` (the value, or the error's type and first line); the
`... shows` cases print whether the message shows a line of the function's source."""
import mindspore as ms
from mindspore import Tensor, context, nn

context.set_context(mode=context.GRAPH_MODE)
x = Tensor([1], ms.float32)
g_total = Tensor([1], ms.float32)


def first_line(error):
    return f"ERR {type(error).__name__} | {str(error).splitlines()[0]}"


def show(label, fn, *shows):
    try:
        print(label, "->", ms.jit(fn)(x), flush=True)
    except Exception as error:  # noqa: BLE001 - the error is the result
        print(label, "->", first_line(error), flush=True)
        for line in shows:
            print(f"{label} shows {line!r} ->", line in str(error), flush=True)


def for_defines(x):
    for i in range(3):
        y = i
    return y


def for_if_defines(x):
    for _ in range(3):
        if x < 0:
            y = x
    return y


def while_tensor(x):
    while x < 0:
        y = 0
    return y


def while_python(x):
    i = 0
    while i < 3:
        y = i
        i += 1
    return y


def loop_target(x):
    for i in range(3):
        pass
    return i


def tensor_loop(x):
    for t in x:
        y = t
    return y


def nested_while_in_for(x):
    for _ in range(3):
        for _ in range(4):
            while x < 0:
                y = 0
    return y


def inner_loop_read_in_outer(x):
    for _ in range(3):
        for _ in range(2):
            z = 1
        w = z
    return x


def defined_before(x):
    y = 0
    for i in range(3):
        y = i
    return y


def defined_not_read(x):
    for i in range(3):
        y = 1
    return x


def global_updated(x):
    for i in range(3):
        g_total += i
    return g_total


def if_true_in_loop(x):
    y = 0
    for _ in range(3):
        if True:
            a = 1
        y += a
    return y


def if_python_in_loop(x):
    for i in range(3):
        if i == 0:
            a = 1
        x = x + a
    return x


def if_both_branches_in_loop(x):
    y = 0
    for _ in range(3):
        if x < 0:
            a = 1
        else:
            a = 2
        y += a
    return y


def if_defined_used_inside(x):
    for _ in range(3):
        if x < 0:
            a = 1
            y = a
    return x


def if_constant_outside_loop(x):
    if True:
        a = 1
    return a


def if_tensor_outside_loop(x):
    if x < 0:
        y = x
    return y


def loop_in_branch(x):
    if x > 0:
        for i in range(3):
            y = 1
        return y
    return x


show("for defines", for_defines, "return y")
show("for if defines", for_if_defines, "y = x", "return y")
show("while tensor", while_tensor, "y = 0", "return y")
show("while python", while_python)
show("loop target", loop_target)
show("tensor loop", tensor_loop)
show("nested while in for", nested_while_in_for, "return y")
show("inner loop read in outer", inner_loop_read_in_outer)
show("defined before", defined_before)
show("defined not read", defined_not_read)
show("global updated", global_updated)
show("if true in loop", if_true_in_loop, "a = 1")
show("if python in loop", if_python_in_loop)
show("if both branches in loop", if_both_branches_in_loop)
show("if defined used inside", if_defined_used_inside)
show("if constant outside loop", if_constant_outside_loop)
show("if tensor outside loop", if_tensor_outside_loop, "def if_tensor_outside_loop(x):", "return y")
show("loop in branch", loop_in_branch)


class Net(nn.Cell):
    def construct(self, x):
        for _ in range(3):
            if x < 0:
                y = x
        return y


try:
    Net()(x)
except UnboundLocalError as error:
    print("cell ->", first_line(error))
    print("cell shows def ->", "def construct(self, x):" in str(error))
