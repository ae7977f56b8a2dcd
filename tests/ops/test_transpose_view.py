"""`ops.TransposeView`: Transpose's values (MindSpore's view of the input; msjax's results are
values, docs/migration.md), eagerly and in the static-graph tutorial's compiled Cell, whose
`Assign` onto the view and result MindSpore 2.10 checks with an assert
(tests/goldens/tutorials/static_graph.out, cell 5: the assert passes)."""
import numpy as np

import msjax
from msjax import nn, ops

X = np.array([[[1, 0, 0, 0], [0, 0, 0, 0], [-1, -1, 0, -1]],
              [[0, -1, 0, 0], [0, 0, 0, 0], [0, 1, 0, 0]]], np.int32)


def test_transpose_view_gives_the_transposed_values():
    out = ops.TransposeView()(msjax.Tensor(X), (2, 0, 1))
    np.testing.assert_array_equal(out.asnumpy(), X.transpose(2, 0, 1))
    assert repr(ops.TransposeView()) == "Prim[TransposeView]<side_effect_mem=True>"  # ops_table.json


def test_an_assign_onto_the_view_in_a_compiled_cell():
    class ViewOut(nn.Cell):
        def __init__(self):
            super().__init__()
            self.transpose = ops.operations.TransposeView()
            self.assign = ops.operations.Assign()

        def construct(self, x):
            x = self.transpose(x, (0, 1, 2))
            self.assign(x, x * 2)
            return x * 3

    net = ViewOut()
    net.construct = msjax.jit(net.construct)
    np.testing.assert_array_equal(net(msjax.Tensor(X)).asnumpy(), X * 6)
