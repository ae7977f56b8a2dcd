"""Tensor(shape=, dtype=, init=) in MindSpore 2.10: str prints <uninitialized> (on a line of its own when
the rank is above 1) until init_data() or asnumpy() draws it, repr shows zeros, has_init is True
until then, and a Parameter made from it is drawn. One `label -> result` line per case."""
import mindspore
from mindspore.common.initializer import One, Normal
t = mindspore.Tensor(shape=(3,), dtype=mindspore.float32, init=One())
print("str1 ->", repr(str(t)))
print("fmt1 ->", repr(f"{t}"))
print("repr1 ->", repr(repr(t)))
s = mindspore.Tensor(shape=(), dtype=mindspore.int32, init=One())
print("str0 ->", repr(str(s)))
print("repr0 ->", repr(repr(s)))
u = mindspore.Tensor(shape=(2, 3), dtype=mindspore.float16, init=Normal())
print("repr2 ->", repr(repr(u)))
print("strx ->", repr(str(mindspore.Tensor(shape=(2,1,2), dtype=mindspore.int64, init='zeros'))))
p = mindspore.Parameter(mindspore.Tensor(shape=(2,), dtype=mindspore.float32, init=One()), name="p")
print("param ->", repr(str(p)), p.has_init)
print("init_data ->", repr(str(t.init_data())), t.has_init)
v = mindspore.Tensor(shape=(2,), dtype=mindspore.float32, init=One())
print("asnumpy ->", v.asnumpy().tolist(), v.has_init, repr(str(v)))
print("type ->", type(mindspore.Tensor(shape=(2,), dtype=mindspore.float32, init=One())).__name__)
