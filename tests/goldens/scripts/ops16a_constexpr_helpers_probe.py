"""MindSpore 2.10's private shape helpers that its tests import (numpy.utils_const,
nn.layer.basic, ops._grad_experimental): values and errors, called directly and in a Cell."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, nn
from mindspore.numpy.utils_const import _infer_out_shape, _canonicalize_axis
from mindspore.nn.layer.basic import _is_equal_one
from mindspore.ops._grad_experimental.grad_array_ops import _generate_inverse_index
from mindspore.ops._grad_experimental.grad_math_ops import (
    _fft_rank_offset, _rfft_reshape, _rfft_tile_reshape, _rfft_last_term_shape)


def show(label, fn, *args):
    try:
        out = fn(*args)
        if isinstance(out, Tensor):
            out = f"Tensor {out.dtype} {out.shape} {out.asnumpy().tolist()}"
        print(f"{label} -> {out!r}")
    except Exception as e:  # noqa: BLE001 - the probe records MindSpore's error
        print(f"{label} -> {type(e).__name__}: {str(e).splitlines()[0] if str(e) else ''}")


class Wrap(nn.Cell):
    def __init__(self, fn):
        super().__init__()
        self.fn = fn

    def construct(self, *args):
        return self.fn(*args)


CASES = [
    ("infer_out_shape", _infer_out_shape, ((5,), (6, 1), (7, 1, 5), (8, 1, 6, 1))),
    ("infer_out_shape_one", _infer_out_shape, ((2, 3),)),
    ("infer_out_shape_empty", _infer_out_shape, ((), (4,))),
    ("infer_out_shape_bad", _infer_out_shape, ((2, 3), (4, 3))),
    ("canonicalize_axis_int", _canonicalize_axis, (0, 2)),
    ("canonicalize_axis_neg", _canonicalize_axis, (-1, 3)),
    ("canonicalize_axis_tuple", _canonicalize_axis, ((2, -3), 3)),
    ("canonicalize_axis_single_tuple", _canonicalize_axis, ((-1,), 3)),
    ("canonicalize_axis_list", _canonicalize_axis, ([1, 0], 3)),
    ("canonicalize_axis_dup", _canonicalize_axis, ((1, -2), 3)),
    ("canonicalize_axis_range", _canonicalize_axis, (3, 3)),
    ("canonicalize_axis_range_neg", _canonicalize_axis, (-4, 3)),
    ("generate_inverse_index", _generate_inverse_index, ((3, 2, 3), 2)),
    ("generate_inverse_index_0", _generate_inverse_index, ((3, 2, 3, 4), 0)),
    ("generate_inverse_index_1", _generate_inverse_index, ((3, 2, 3, 4), 1)),
    ("generate_inverse_index_neg", _generate_inverse_index, ((3, 2, 3, 4), -1)),
    ("fft_rank_offset", _fft_rank_offset, ((1, 2, 3, 4, 5, 10), 3)),
    ("fft_rank_offset_1", _fft_rank_offset, ((2, 3, 7), 1)),
    ("fft_rank_offset_all", _fft_rank_offset, ((2, 3, 7), 3)),
    ("rfft_reshape", _rfft_reshape, ((1, 2, 3, 4, 5), (2, 5, 7, 8))),
    ("rfft_reshape_short", _rfft_reshape, ((4, 5), (3,))),
    ("rfft_reshape_3", _rfft_reshape, ((2, 4, 5), (6, 3))),
    ("rfft_tile_reshape", _rfft_tile_reshape, ((1, 2, 3, 4, 5),)),
    ("rfft_tile_reshape_2", _rfft_tile_reshape, ((4, 5),)),
    ("rfft_last_term_shape", _rfft_last_term_shape, ((1, 2, 3, 4, 5), (2, 5, 7, 8))),
    ("rfft_last_term_shape_2", _rfft_last_term_shape, ((4, 5), (3,))),
]
for label, fn, args in CASES:
    show(label, fn, *args)
ms.set_context(mode=ms.GRAPH_MODE)
for label, fn, args in CASES:
    if not label.endswith(("_bad", "_dup", "_range", "_range_neg")):
        show("cell_" + label, Wrap(fn), *args)
ms.set_context(mode=ms.PYNATIVE_MODE)

show("is_equal_one_f64", _is_equal_one, Tensor(np.array([1., 2., 3., 4., 5.])))
show("is_equal_one_ones", _is_equal_one, Tensor(np.ones((2, 3), np.float32)))
show("is_equal_one_int", _is_equal_one, Tensor(np.array([1, 1], np.int32)))
show("is_equal_one_none", _is_equal_one, None)
ms.set_context(mode=ms.GRAPH_MODE)
out = Wrap(_is_equal_one)(Tensor(np.array([1., 2., 3., 4., 5.])))
print(f"cell_is_equal_one_eq_false -> {bool(out == False)}")  # noqa: E712 - the test's comparison
