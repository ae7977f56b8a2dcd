"""Importing this module fills the op table: every module that registers ops is listed here."""
# ruff: noqa: F401
from msjax._src.ops import array_ops, math_ops, nn_ops, primitives, reduce_ops, state_ops
from msjax._src.ops import loss_ops
from msjax._src.ops import comm_ops
from msjax._src.ops import (activation_ops, image_ops, layer_ops, linalg_ops, pooling_ops,
                           random_ops, scatter_ops, spectral_ops)
from msjax._src.ops import ascend_ops
from msjax._src.ops import host_ops, legacy_ops
from msjax._src.ops import (conv3d_ops, ctc_ops, deformable_ops, fractional_pool_ops, ftrl_ops,
                           linalg_primitives, matrix_diag_ops, pad_v3_ops, roi_ops, set_ops,
                           sparse_matrix_ops)
from msjax._src.ops import (grad_ops, grid_sample_ops, inplace_rows, lars_ops, named_kernels,
                           quant_ops, recurrent_ops, rl_inner_ops, sparse_primitives,
                           summary_ops,
                           used_primitives)
from msjax._src.ops import ctc_decode_ops, multinomial_ops
from msjax._src.ops import alias_primitives
from msjax._src.ops import optimizer_ops
from msjax._src.ops import sequence_ops
from msjax._src.ops import (ext_functions, graph_helpers, image_primitives, math_primitives,
                           ragged_sparse_primitives)
