"""MindSpore's strided views in PyNative mode: `is_contiguous()`, `stride()` and `storage_offset()`
of the results of view ops (transpose family, basic indexing, narrow, select, split, chunk,
unbind, broadcast_to/expand, squeeze, unsqueeze, view/reshape, diagonal) and of other ops, and
`contiguous()`. One `label -> is_contiguous stride storage_offset shape` line per case."""
import numpy as np

import mindspore as ms
from mindspore import mint, ops

ms.set_context(mode=ms.PYNATIVE_MODE)
x = ms.Tensor(np.arange(24, dtype=np.float32).reshape(2, 3, 4))
T = lambda: ops.transpose(x, (2, 1, 0))  # noqa: E731


def show(label, make):
    try:
        y = make()
        print(label, "->", y.is_contiguous(), y.stride(), y.storage_offset(), y.shape)
    except Exception as e:  # noqa: BLE001
        print(label, "->", type(e).__name__, str(e).splitlines()[0][:200])


CASES = {
    # the transpose family
    "x": lambda: x,
    "ops.transpose": T,
    "x.transpose": lambda: x.transpose(2, 1, 0),
    "transpose.contiguous": lambda: T().contiguous(),
    "permute": lambda: x.permute(1, 0, 2),
    "mint.permute": lambda: mint.permute(x, (1, 0, 2)),
    "ops.permute": lambda: ops.permute(x, (2, 0, 1)),
    "swapaxes": lambda: x.swapaxes(0, 2),
    "swapdims": lambda: x.swapdims(0, 1),
    "ops.swapaxes": lambda: ops.swapaxes(x, 0, 2),
    "ops.swapdims": lambda: ops.swapdims(x, 0, 1),
    "mint.transpose": lambda: mint.transpose(x, 0, 2),
    "t": lambda: x[0].t(),
    "ops.t": lambda: ops.t(x[0]),
    "T": lambda: x.T,
    "mT": lambda: x.mT,
    "movedim": lambda: ops.movedim(x, 0, 2),
    "moveaxis": lambda: ops.moveaxis(x, 0, 2),
    "ops.movedim_back": lambda: ops.movedim(x, 2, 0),
    "T_of_T": lambda: ops.transpose(T(), (2, 1, 0)),
    # basic indexing
    "getitem_int": lambda: x[1],
    "getitem_negint": lambda: x[-1, -1],
    "getitem_col": lambda: x[:, 1],
    "getitem_last": lambda: x[..., 1],
    "getitem_step": lambda: x[:, ::2],
    "getitem_slice": lambda: x[1:],
    "getitem_steps": lambda: x[::2, 1:, 1:3],
    "getitem_none": lambda: x[None, 1],
    "getitem_ellipsis": lambda: x[..., 1:3],
    "getitem_lastdim1": lambda: x[:, :, :1],
    "getitem_middim1": lambda: x[:, 1:2],
    "getitem_middim1_T": lambda: x[:, 1:2].transpose(1, 0, 2),
    "getitem_of_T": lambda: T()[1:, 0],
    "getitem_tensor_int": lambda: x[ms.Tensor(1)],
    "getitem_list": lambda: x[[0, 1]],
    "getitem_bool": lambda: x[x > 5],
    "iter_row": lambda: list(x)[1],
    # narrow, select, split, chunk, unbind
    "narrow": lambda: x.narrow(2, 1, 2),
    "ops.narrow": lambda: ops.narrow(x, 2, 2, 2),
    "mint.narrow": lambda: mint.narrow(x, 1, 1, 2),
    "select": lambda: x.select(1, 1),
    "mint.select": lambda: mint.select(x, 2, 3),
    "ops.split": lambda: ops.split(x, 2, axis=2)[1],
    "ops.split_d0": lambda: ops.split(x, 1, axis=0)[1],
    "ops.split_sections": lambda: ops.split(x, [1, 3], axis=2)[1],
    "split": lambda: x.split(1, 1)[2],
    "mint.split": lambda: mint.split(x, 2, 2)[1],
    "chunk": lambda: x.chunk(2, 2)[1],
    "ops.chunk": lambda: ops.chunk(x, 2, 2)[1],
    "mint.chunk": lambda: mint.chunk(x, 3, 1)[2],
    "unbind": lambda: ops.unbind(x, 2)[1],
    "unbind0": lambda: x.unbind(0)[1],
    "ops.unbind": lambda: ops.unbind(x, 1)[2],
    # broadcasting
    "expand": lambda: x[:, :1].expand(2, 3, 4),
    "expand_lead": lambda: x.expand(5, 2, 3, 4),
    "broadcast_to": lambda: ops.broadcast_to(x[:, :1], (2, 3, 4)),
    "broadcast_to_lead": lambda: ops.broadcast_to(x, (5, 2, 3, 4)),
    "mint.broadcast_to": lambda: mint.broadcast_to(x[:1], (2, 3, 4)),
    "expand_as": lambda: x[:, :1].expand_as(x),
    "ops.expand_as": lambda: ops.expand_as(x[:, :1], x),
    "ops.expand_tensor_size": lambda: ops.expand(x[:, :1], ms.Tensor([2, 3, 4])),
    # squeeze, unsqueeze
    "unsqueeze": lambda: x.unsqueeze(0),
    "unsqueeze_mid": lambda: x.unsqueeze(1),
    "unsqueeze_end": lambda: x.unsqueeze(3),
    "unsqueeze_of_T": lambda: T().unsqueeze(1),
    "ops.unsqueeze": lambda: ops.unsqueeze(x, 2),
    "mint.unsqueeze": lambda: mint.unsqueeze(x, 0),
    "expand_dims": lambda: ops.expand_dims(x, 1),
    "squeeze": lambda: x[:, :1].squeeze(1),
    "squeeze_noop": lambda: x.squeeze(),
    "squeeze_of_T": lambda: x[:, :1].transpose(2, 1, 0).squeeze(),
    "ops.squeeze": lambda: ops.squeeze(x[:, :1], 1),
    "mint.squeeze": lambda: mint.squeeze(x[:1], 0),
    # view and reshape
    "view": lambda: x.view(6, 4),
    "reshape": lambda: x.reshape(6, 4),
    "ops.reshape": lambda: ops.reshape(x, (4, 6)),
    "reshape_of_T": lambda: T().reshape(24),
    "view_of_T": lambda: T().view(4, 6),
    "reshape_of_row": lambda: x[1].reshape(12),
    "view_of_row": lambda: x[1].view(2, 6),
    "reshape_of_col": lambda: x[:, 1].reshape(8),
    "reshape_of_col_split": lambda: x[:, 1].reshape(2, 2, 2),
    "view_of_col_split": lambda: x[:, 1].view(2, 2, 2),
    "view_of_T_unit_axis": lambda: T().view(4, 3, 1, 2),
    "view_of_T_unit_axis_mid": lambda: T().view(4, 1, 3, 2),
    "flatten": lambda: x.flatten(),
    "flatten_of_T": lambda: T().flatten(),
    "mint.ravel_of_T": lambda: mint.ravel(T()),
    # diagonal
    "diagonal": lambda: x.diagonal(0, 1, 2),
    "diagonal_offset1": lambda: x.diagonal(1, 1, 2),
    "diagonal_offset-1": lambda: x.diagonal(-1, 1, 2),
    "diagonal_02": lambda: x.diagonal(0, 0, 2),
    "ops.diagonal": lambda: ops.diagonal(x, 0, -2, -1),
    # other ops make new row-major Tensors
    "add_of_T": lambda: T() + 1,
    "neg_of_T": lambda: -T(),
    "mul_of_T": lambda: T() * T(),
    "copy_of_T": lambda: T().copy(),
    "astype_of_T": lambda: T().astype(ms.int32),
    "real": lambda: ops.real(x),
    "contiguous_of_col": lambda: x[:, 1].contiguous(),
    "scalar": lambda: ms.Tensor(3.0),
    "empty_T": lambda: ms.Tensor(np.zeros((0, 3), np.float32)).transpose(1, 0),
    "setitem_into_T": lambda: (lambda y: (y.__setitem__(0, 1.0), y)[1])(T()),
    "parameter": lambda: ms.Parameter(x, name="p"),
    # more splits, unstack, flatten/ravel of a row, Slice
    "tensor_split": lambda: x.tensor_split(2, 2)[1],
    "ops.tensor_split": lambda: ops.tensor_split(x, [1, 2], 1)[1],
    "ops.tensor_split_uneven": lambda: ops.tensor_split(x, 3, 2)[1],
    "hsplit": lambda: ops.hsplit(x, 3)[1],
    "vsplit": lambda: ops.vsplit(x, 2)[1],
    "dsplit": lambda: ops.dsplit(x, 2)[1],
    "unstack": lambda: ops.unstack(x, 1)[1],
    "flatten_of_row": lambda: x[1].flatten(),
    "ops.flatten_of_row": lambda: ops.flatten(x[1]),
    "mint.flatten_of_row": lambda: mint.flatten(x[1]),
    "mint.flatten_of_col": lambda: mint.flatten(x[:, 1]),
    "ravel_of_row": lambda: x[1].ravel(),
    "view_as_of_row": lambda: x[1].view_as(x[0]),
    "reshape_as_of_row": lambda: x[1].reshape_as(x[0]),
    "squeeze_tuple": lambda: x[:, :1, :1].squeeze((1, 2)),
    "view_dtype": lambda: x.view(ms.int32),
    "ops.slice": lambda: ops.slice(x, (0, 1, 0), (2, 2, 4)),
    "T_of_row": lambda: x[1].T,
    "swapaxes_negative": lambda: x.swapaxes(-1, -2),
    "mint.unbind": lambda: mint.unbind(x, 1)[1],
    "mint.swapaxes": lambda: mint.swapaxes(x, 0, 1),
    "mint.t": lambda: mint.t(x[0]),
    "mint.reshape_of_row": lambda: mint.reshape(x[1], (12,)),
    "mint.squeeze_of_T": lambda: mint.squeeze(x[:, :1].transpose(2, 1, 0), 1),
    "getitem_int_of_T": lambda: T()[1],
    "split_of_T": lambda: ops.split(T(), 2, 0)[1],
    "expand_dims_negative": lambda: ops.expand_dims(x, -1),
}
for label, make in CASES.items():
    show(label, make)

y = T()
print("stride_dim ->", y.stride(0), y.stride(-1))
print("contiguous_is_self ->", x.contiguous() is x)
z = y.contiguous()
print("contiguous_values ->", z.asnumpy().tolist() == y.asnumpy().tolist(), z.stride())
print("transposed_values ->", ops.transpose(ms.Tensor([[1, 2], [3, 4]]), (1, 0)).asnumpy().tolist())
print("is_contiguous_after_repr ->", (repr(y), y.is_contiguous())[1])


@ms.jit
def transposed_in_jit(a):
    return ops.transpose(a, (1, 0))


class IsContiguous(ms.nn.Cell):
    def construct(self, a):
        return a.is_contiguous()


show("jit_result", lambda: transposed_in_jit(x[0]))
print("cell_reads_view ->", IsContiguous()(T()))
print("cell_reads_tensor ->", IsContiguous()(x))
