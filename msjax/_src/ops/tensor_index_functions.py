"""`mindspore.ops.composite.multitype_ops._compile_utils`'s indexing functions, which code built
on MindSpore calls to index a Tensor the way `x[index]` and `x[index] = value` do:
`_tensor_getitem(self, index)` is `self[index]`; `_tensor_setitem(self, index, value)` writes
`value` into `self` at `index` and returns `self`. `_tensor_getitem_origin` is the same call
(MindSpore keeps it as its graph compiler's fallback)."""
from __future__ import annotations


def _tensor_getitem(self, index):
    return self[index]


def _tensor_setitem(self, index, value):
    self[index] = value
    return self


_tensor_getitem_origin = _tensor_getitem
