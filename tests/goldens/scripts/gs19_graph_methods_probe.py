"""Graph mode's Python methods, attributes and arguments with MindSpore's errors (gs19):
list.insert / tuple.index / list.index / dict.fromkeys, an attribute a Python value lacks, len of a
0-D Tensor, Parameter created in a compiled function, `t OP= sequence`, an int argument outside
int64, `range` of a Tensor, an uninitialised Tensor attribute in a graph. One `label -> result`
line per case; an error prints its type and its first line (for
`is not in`, up to those words: MindSpore follows them with its internal abstract value)."""
import os
from collections import namedtuple
from typing import NamedTuple

import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, context, jit, nn
from mindspore.common.initializer import initializer

context.set_context(mode=context.GRAPH_MODE)


def case(label, fn):
    try:
        print(label, "->", repr(fn()))
    except Exception as e:  # noqa: BLE001 - the probe prints what is raised
        text = str(e).split("\n")[0]
        if " is not in " in text:
            text = text.split(" is not in ")[0] + " is not in"
        print(label, "->", type(e).__name__, ":", text)


def with_index(index):
    @jit
    def insert():
        x = [1, 2, 3]
        x.insert(index, 9)
        return x
    return insert


for name, index in (("int", 1), ("negative", -1), ("float", 1.0), ("bool", True), ("str", "a")):
    case(f"list_insert_{name}", with_index(index))


@jit
def tuple_index_found():
    return (1, 2, 3, 4).index(3)


@jit
def tuple_index_missing():
    return (1, 2, 3, 4).index(5)


@jit
def tuple_index_tensor_among_numbers():
    return (1, 2, 3, 4).index(Tensor(2))


@jit
def tuple_index_tensor_among_tensors():
    return (Tensor(2), 3).index(Tensor(2))


@jit
def list_index_found():
    return [1, 2, 3].index(2)


@jit
def list_index_missing():
    return [1, 2, 3].index(7)


@jit
def list_index_start():
    return [1, 2, 1, 2].index(1, 1)


for fn in (tuple_index_found, tuple_index_missing, tuple_index_tensor_among_numbers,
           tuple_index_tensor_among_tensors, list_index_found, list_index_missing,
           list_index_start):
    case(fn.__name__, fn)


@jit
def fromkeys_int():
    return str({'a': 1}.fromkeys(123, 111))


@jit
def fromkeys_float():
    return str(dict.fromkeys(1.5, 111))


@jit
def fromkeys_str():
    return str(dict.fromkeys("ab", 1))


for fn in (fromkeys_int, fromkeys_float, fromkeys_str):
    case(fn.__name__, fn)


class ShapeNet(nn.Cell):
    def construct(self, x):
        return x.shape


class Data(NamedTuple):
    label1: Tensor
    label2: Tensor


class LabelNet(nn.Cell):
    def __init__(self, data=None):
        super().__init__()
        self.data = data

    def construct(self, data=None):
        if data is None:
            return self.data.label3
        return data.label3


for name, value in (("int", 1), ("float", 1.5), ("bool", True), ("str", "ab"), ("tuple", (1, 2)),
                    ("list", [1, 2]), ("dict", {"a": 1}), ("none", None)):
    case(f"attribute_of_{name}", lambda value=value: ShapeNet()(value))
case("attribute_of_typing_namedtuple", lambda: LabelNet()(Data(1, 2)))
case("attribute_of_collections_namedtuple",
     lambda: LabelNet(namedtuple('User', ['label1', 'label2'])(1, 2))())
case("attribute_of_tensor_shape", lambda: ShapeNet()(Tensor(np.ones((2, 3), np.float32))))


class LenNet(nn.Cell):
    def construct(self, x):
        return len(x)


case("len_0d_graph", lambda: LenNet()(Tensor(np.array(100))))
case("len_1d_graph", lambda: LenNet()(Tensor(np.ones(4))))


class ParameterNet(nn.Cell):
    def construct(self, x):
        return Parameter(x, name="weight")


@jit
def parameter_in_jit(x):
    return Parameter(x)


case("parameter_in_construct", lambda: ParameterNet()(Tensor([1, 2, 3])))
case("parameter_in_jit", lambda: parameter_in_jit(Tensor([1, 2, 3])))


@jit
def iadd_tuple_of_tensor():
    s = Tensor(0)
    s += (Tensor(1),)
    return s


@jit
def iadd_tuple_of_int():
    s = Tensor(0)
    s += (1,)
    return s


@jit
def iadd_list():
    s = Tensor(0)
    s += [1, 2]
    return s


@jit
def iadd_argument(s):
    s += (Tensor(1), Tensor(2))
    return s


def iadd_eager():
    s = Tensor(0)
    s += (Tensor(1),)
    return s


for fn in (iadd_tuple_of_tensor, iadd_tuple_of_int, iadd_list):
    case(fn.__name__, fn)
case("iadd_argument", lambda: iadd_argument(Tensor([1.0])))
context.set_context(mode=context.PYNATIVE_MODE)
case("iadd_eager_pynative", iadd_eager)
case("iadd_jit_pynative", iadd_tuple_of_tensor)
context.set_context(mode=context.GRAPH_MODE)


class XorNet(nn.Cell):
    def construct(self, x, y):
        return x ^ y


@jit
def identity(x):
    return x


@jit
def large_constant():
    x = 2**62
    return x ^ 2


case("cell_int_above_int64", lambda: XorNet()(9223372036854775807 + 1, 2))
case("jit_int_above_int64", lambda: identity(2**63))
case("jit_int_below_int64", lambda: identity(-2**63 - 1))
case("jit_int64_max", lambda: identity(2**63 - 1))
case("jit_int_above_int64_in_tuple", lambda: identity((1, 2**63)))
case("jit_large_constant", large_constant)


def strict_insert(index):
    os.environ["MS_DEV_JIT_SYNTAX_LEVEL"] = "0"
    try:
        return with_index(index)()
    finally:
        del os.environ["MS_DEV_JIT_SYNTAX_LEVEL"]


for name, index in (("int", 1), ("float", 1.0), ("float_fraction", 2.5), ("bool", True),
                    ("str", "a")):
    case(f"strict_list_insert_{name}", lambda index=index: strict_insert(index))


class RangeNet(nn.Cell):
    def construct(self, x):
        out = x
        for _ in range(x):
            out = x + 1
        return out


def range_error(x):
    """make_range's error up to its abstract value's address, and whether it names the line."""
    try:
        return RangeNet()(x)
    except TypeError as e:
        return (str(e).split("\n")[0].split(", value")[0], "for _ in range(x)" in str(e))


case("range_of_float_2d_tensor", lambda: range_error(Tensor(np.ones((2, 3), np.float32))))
case("range_of_float_0d_tensor", lambda: range_error(Tensor(3.0)))
case("range_of_int_2d_tensor", lambda: range_error(Tensor(np.ones((2, 2), np.int32))))


class InitNet(nn.Cell):
    def __init__(self):
        super().__init__()
        self.t1 = initializer('one', [1, 3], ms.float32)
        self.t2 = initializer('one', [2, 3], ms.float32)

    def construct(self):
        return self.t1.expand_as(self.t2)


def init_in_graph():
    net = InitNet()
    out = net()
    return out.shape, out.asnumpy().tolist(), str(net.t1).replace("\n", " ")


case("uninitialized_attribute_in_graph", init_in_graph)
