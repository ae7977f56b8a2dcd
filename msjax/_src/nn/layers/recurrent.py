"""`nn.RNN`, `nn.LSTM`, `nn.GRU` and their single-step cells `nn.RNNCell`, `nn.LSTMCell`,
`nn.GRUCell`, built as MindSpore 2.10 builds them.

The layers hold their weights as MindSpore does, in four ParameterTuples (`w_ih_list`, `w_hh_list`,
`b_ih_list`, `b_hh_list`) of Parameters named `weight_ih_l{layer}{_reverse}` ..., gates stacked in
MindSpore's (and PyTorch's) order: LSTM (input, forget, cell, output), GRU (reset, update, new).
Each layer and direction runs in a child cell `rnn` (`_DynamicLSTMCPUGPU`, ...) as MindSpore's does,
so MindSpore checkpoints load and reprs agree. msjax computes a direction as one `lax.scan`: the
input projection of every time step is a single matmul before the scan, and only the recurrent
matmul runs inside it; an LSTM runs `lstm_recurrence`, the same scan with its derivative
written out (lstm_recurrence.py). With `seq_length`, steps past a sample's length leave its state
unchanged and output zeros, and the backward direction reverses each sample's first `seq_length`
steps only (MindSpore's `ReverseSequence`).
"""
from __future__ import annotations

import inspect
import math

import jax
import jax.numpy as jnp
import numpy as np

from msjax._src.core import dtype as mstype
from msjax._src.core.initializer import Uniform, initializer
from msjax._src.nn.cell import Cell
from msjax._src.nn.layers.basic import Dropout
from msjax._src.nn.layers.checks import (check_dtype_in, check_is_tensor as _check_is_tensor,
                                         check_positive_int, check_string, check_value_type,
                                         type_of as _type_of)
from msjax._src.nn.layers.lstm_recurrence import lstm_recurrence
from msjax._src.backend.interface import one_program
from msjax._src.ops.adapters import check_matmul_dims, check_same_dtype
from msjax._src.ops.registry import broadcast_error, unwrap, wrap
from msjax._src.core.parameter import Parameter, ParameterTuple
from msjax._src.core.tensor import Tensor

_GATES = {"RNN_TANH": 1, "RNN_RELU": 1, "LSTM": 4, "GRU": 3}


def _numpy_uniform(stdv, shape, dtype):
    """One weight of MindSpore's nn.RNN/LSTM/GRU: `np.random.uniform(-stdv, stdv, shape)` from
    NumPy's global generator (so `np.random.seed` fixes it, not `set_seed`), made float32, then
    `dtype`."""
    return Tensor(np.random.uniform(-stdv, stdv, shape).astype(np.float32), dtype=dtype)


def _skip_numpy_normal_draws(rows, input_size, hidden_size, has_bias):
    """MindSpore's RNN cells first fill their weights with `np.random.randn` (weight_ih, weight_hh,
    then the two biases) and then redraw them all from Uniform: the first draws are thrown away,
    but they advance NumPy's global generator, which a model's later NumPy draws then see."""
    shapes = [(rows, input_size), (rows, hidden_size)] + ([(rows,), (rows,)] if has_bias else [])
    for shape in shapes:
        np.random.randn(*shape)


# -- one time step, on jax arrays: `gi` is the input projection x @ w_ih.T + b_ih ------------
def _hidden_projection(h, w_hh, b_hh):
    gh = h @ w_hh.T
    return gh if b_hh is None else gh + b_hh


def _step(mode, gi, state, w_hh, b_hh):
    """The new state of one cell of `mode` from its input projection `gi` and its state."""
    if mode == "LSTM":
        h, c = state
        gates = gi + _hidden_projection(h, w_hh, b_hh)
        i, f, g, o = jnp.split(gates, 4, axis=-1)
        c = jax.nn.sigmoid(f) * c + jax.nn.sigmoid(i) * jnp.tanh(g)
        return jax.nn.sigmoid(o) * jnp.tanh(c), c
    gh = _hidden_projection(state, w_hh, b_hh)
    if mode == "GRU":
        i_r, i_z, i_n = jnp.split(gi, 3, axis=-1)
        h_r, h_z, h_n = jnp.split(gh, 3, axis=-1)
        reset = jax.nn.sigmoid(i_r + h_r)
        update = jax.nn.sigmoid(i_z + h_z)
        new = jnp.tanh(i_n + reset * h_n)
        return new + update * (state - new)
    if mode == "RNN_TANH":
        return jnp.tanh(gi + gh)
    return jax.nn.relu(gi + gh)


def _input_projection(x, w_ih, b_ih):
    gi = x @ w_ih.T
    return gi if b_ih is None else gi + b_ih


@one_program
def cell_step(mode, x, hx, w_ih, w_hh, b_ih, b_hh):
    """One step of the cell `mode` ('LSTM', 'GRU', 'RNN_TANH', 'RNN_RELU') on jax arrays."""
    dtype = x.dtype
    w_ih, w_hh = w_ih.astype(dtype), w_hh.astype(dtype)
    if b_ih is not None:
        b_ih, b_hh = b_ih.astype(dtype), b_hh.astype(dtype)
    return _step(mode, _input_projection(x, w_ih, b_ih), hx, w_hh, b_hh)


def reverse_sequence(x, seq_length):
    """MindSpore's `ReverseSequence(seq_dim=0, batch_dim=1)`: reverse the first `seq_length[b]`
    steps of each sample `b` of a time-major `x`, leaving the rest in place."""
    steps = jnp.arange(x.shape[0])[:, None]
    lengths = seq_length.astype(steps.dtype)[None, :]
    index = jnp.where(steps < lengths, lengths - 1 - steps, steps)
    return jnp.take_along_axis(x, index.reshape(index.shape + (1,) * (x.ndim - 2)), axis=0)


@one_program
def run_direction(mode, x, h0, seq_length, w_ih, w_hh, b_ih, b_hh):
    """One layer and direction over a time-major `x` (T, N, input): (outputs (T, N, hidden),
    final state), as a `lax.scan` over the time steps."""
    dtype = x.dtype
    w_ih, w_hh = w_ih.astype(dtype), w_hh.astype(dtype)
    if b_ih is not None:
        b_ih, b_hh = b_ih.astype(dtype), b_hh.astype(dtype)
    if mode != "GRU" and b_ih is not None:
        # Both biases added to every step's input projection at once, outside the scan, so the
        # loop adds none and the gradient of b_hh is one sum over the steps, not a running sum
        # carried through the backward loop (the GRU's b_hh is inside its reset gate's product)
        projected, b_hh = _input_projection(x, w_ih, b_ih + b_hh), None
    else:
        projected = _input_projection(x, w_ih, b_ih)
    if mode == "LSTM":  # b_hh is in `projected` (or there is none)
        outputs, h, c = lstm_recurrence(projected, h0[0], h0[1], w_hh, seq_length)
        return outputs, (h, c)
    if seq_length is None:
        def body(state, gi):
            state = _step(mode, gi, state, w_hh, b_hh)
            return state, state
        final, outputs = jax.lax.scan(body, h0, projected)
        return outputs, final

    lengths = seq_length[:, None]

    def masked_body(state, step_input):
        gi, t = step_input
        new = _step(mode, gi, state, w_hh, b_hh)
        valid = t < lengths
        state = jnp.where(valid, new, state)  # (an LSTM's (h, c) runs lstm_recurrence)
        return state, jnp.where(valid, new, jnp.zeros((), dtype))
    final, outputs = jax.lax.scan(masked_body, h0, (projected, jnp.arange(x.shape[0])))
    return outputs, final


# -- the per-direction cells MindSpore's layers hold as `self.rnn` ----------------------------
class _DynamicRNNBase(Cell):
    """One layer and direction of a recurrent layer: `construct(x, h, seq_length, w_ih, w_hh, b_ih,
    b_hh)` returns (outputs, final state) for a time-major `x`."""

    mode = "RNN_TANH"

    def construct(self, x, h, seq_length, w_ih, w_hh, b_ih, b_hh):
        return wrap(run_direction(self.mode, *unwrap((x, h, seq_length, w_ih, w_hh, b_ih, b_hh))))


class _DynamicRNNTanh(_DynamicRNNBase):
    mode = "RNN_TANH"


class _DynamicRNNRelu(_DynamicRNNBase):
    mode = "RNN_RELU"


class _DynamicLSTMCPUGPU(_DynamicRNNBase):
    mode = "LSTM"


class _DynamicGRUCPUGPU(_DynamicRNNBase):
    mode = "GRU"


_DIRECTION_CELLS = {"RNN_TANH": _DynamicRNNTanh, "RNN_RELU": _DynamicRNNRelu,
                    "LSTM": _DynamicLSTMCPUGPU, "GRU": _DynamicGRUCPUGPU}


def _check_is_tuple(arg_name, value, cls_name):
    if value is not None and not isinstance(value, tuple):
        raise TypeError(f"For '{cls_name}', the '{arg_name}' must be "
                        f"'<class 'mindspore._c_expression.typing.Tuple'>', but got "
                        f"'{_type_of(value)}'")
    if value is not None and len(value) != 2:
        raise TypeError(f"For '{cls_name}', the length of '{arg_name}' must be '2', but got "
                        f"'{len(value)}'")


def _check_float_dtypes(names, tensors, cls_name):
    """MindSpore's `check_types_same_and_valid`: float32 or float16, and all the same."""
    for tensor in tensors:
        if tensor.dtype not in (mstype.float32, mstype.float16):
            raise TypeError(f"For '{cls_name}', the element of '{names[-1]}' must be one of "
                            f"Float32, Float16, but got {tensor.dtype}.The supported data types "
                            "depend on the hardware that executes the operator, for more details, "
                            "please refer to the MindSpore official website to get more "
                            "information about the data type.")
    dtypes = [str(t.dtype) for t in tensors]
    if len(set(dtypes)) > 1:
        described = ", ".join(f"'{n}': {d}" for n, d in zip(names, dtypes))
        raise TypeError(f"For '{cls_name}', the types of {{{described}}} must be the same.")


class _RNNBase(Cell):
    """The layers `nn.RNN`, `nn.GRU` and `nn.LSTM`: `(input_size, hidden_size, num_layers=1,
    has_bias=True, batch_first=False, dropout=0.0, bidirectional=False, dtype=mstype.float32)`.

    `construct(x, hx=None, seq_length=None)`: `x` is (T, N, input) or, with `batch_first`,
    (N, T, input); `hx` (LSTM: a tuple (h0, c0)) is (num_layers * num_directions, N, hidden),
    zeros by default; `seq_length` (N,) int32/int64. Returns (output, h_n) (LSTM: (output,
    (h_n, c_n))). Every weight and bias is drawn as MindSpore draws it, from NumPy's global
    generator: uniform on (-1 / sqrt(hidden_size), 1 / sqrt(hidden_size)).
    """

    def __init__(self, mode, input_size, hidden_size, num_layers=1, has_bias=True,
                 batch_first=False, dropout=0.0, bidirectional=False, dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        check_positive_int(hidden_size, "hidden_size", name)
        check_positive_int(input_size, "input_size", name)
        check_positive_int(num_layers, "num_layers", name)
        if not isinstance(dropout, float) or isinstance(dropout, bool):
            raise TypeError(f"For '{name}', the type of 'dropout' must be 'float', but got "
                            f"'{type(dropout).__name__}'.")
        check_value_type("has_bias", has_bias, [bool], name)
        check_value_type("batch_first", batch_first, [bool], name)
        check_value_type("bidirectional", bidirectional, [bool], name)
        if not 0 <= dropout < 1:
            raise ValueError(f"For '{name}', the 'dropout' must be a number in range [0, 1) "
                             "representing the probability of an element being zeroed, but got "
                             f"{dropout}.")
        self.rnn = _DIRECTION_CELLS[mode]()
        self.hidden_size = hidden_size
        self.batch_first = batch_first
        self.num_layers = num_layers
        self.dropout = dropout
        self.dropout_op = Dropout(p=float(dropout))
        self.bidirectional = bidirectional
        self.has_bias = has_bias
        self.is_lstm = mode == "LSTM"
        gate_size = _GATES[mode] * hidden_size
        num_directions = 2 if bidirectional else 1
        stdv = 1 / math.sqrt(hidden_size)
        w_ih, w_hh, b_ih, b_hh = [], [], [], []
        for layer in range(num_layers):
            layer_input_size = input_size if layer == 0 else hidden_size * num_directions
            for direction in range(num_directions):
                suffix = f"l{layer}" + ("_reverse" if direction == 1 else "")
                w_ih.append(Parameter(_numpy_uniform(stdv, (gate_size, layer_input_size), dtype),
                                      name=f"weight_ih_{suffix}"))
                w_hh.append(Parameter(_numpy_uniform(stdv, (gate_size, hidden_size), dtype),
                                      name=f"weight_hh_{suffix}"))
                if has_bias:
                    b_ih.append(Parameter(_numpy_uniform(stdv, (gate_size,), dtype),
                                          name=f"bias_ih_{suffix}"))
                    b_hh.append(Parameter(_numpy_uniform(stdv, (gate_size,), dtype),
                                          name=f"bias_hh_{suffix}"))
        self.w_ih_list = ParameterTuple(w_ih)
        self.w_hh_list = ParameterTuple(w_hh)
        self.b_ih_list = ParameterTuple(b_ih)
        self.b_hh_list = ParameterTuple(b_hh)

    def _weights(self, index):
        if self.has_bias:
            return (self.w_ih_list[index], self.w_hh_list[index], self.b_ih_list[index],
                    self.b_hh_list[index])
        return self.w_ih_list[index], self.w_hh_list[index], None, None

    def _check_inputs(self, x, hx, seq_length, batch_size):
        name = self.cls_name
        _check_is_tensor("x", x, name)
        if hx is not None:
            if self.is_lstm:
                _check_is_tuple("hx", hx, name)
                _check_is_tensor("hx[0]", hx[0], name)
                _check_is_tensor("hx[1]", hx[1], name)
                _check_float_dtypes(["x", "hx[0]", "hx[1]"], [x, hx[0], hx[1]], name)
            else:
                _check_is_tensor("h", hx, name)
                _check_float_dtypes(["x", "hx"], [x, hx], name)
        if seq_length is not None:
            check_dtype_in("seq_length", seq_length.dtype, (mstype.int32, mstype.int64), name)
            if seq_length.shape[0] != batch_size:
                raise ValueError(f"For '{name}' batch size of x and seq_length must be equal, but "
                                 f"got {batch_size} of x and {seq_length.shape[0]} of seq_length.")

    def construct(self, x, hx=None, seq_length=None):
        batch_size = x.shape[0] if self.batch_first else x.shape[1]
        self._check_inputs(x, hx, seq_length, batch_size)
        num_directions = 2 if self.bidirectional else 1
        data = unwrap(x)
        if self.batch_first:
            data = jnp.swapaxes(data, 0, 1)
        shape = (self.num_layers * num_directions, batch_size, self.hidden_size)
        if hx is None:
            zeros = jnp.zeros(shape, data.dtype)
            h = (zeros, zeros) if self.is_lstm else zeros
        else:
            h = unwrap(hx)
        lengths = None if seq_length is None else unwrap(seq_length)
        finals = []
        layer_input = wrap(data)
        for layer in range(self.num_layers):
            outputs = []
            for direction in range(num_directions):
                index = layer * num_directions + direction
                state = (h[0][index], h[1][index]) if self.is_lstm else h[index]
                inputs = unwrap(layer_input)
                if direction == 1:
                    inputs = (jnp.flip(inputs, 0) if lengths is None
                              else reverse_sequence(inputs, lengths))
                out, final = self.rnn(wrap(inputs), wrap(state), seq_length,
                                      *self._weights(index))
                out = unwrap(out)
                if direction == 1:
                    out = jnp.flip(out, 0) if lengths is None else reverse_sequence(out, lengths)
                outputs.append(out)
                finals.append(unwrap(final))
            layer_output = wrap(outputs[0] if num_directions == 1
                                else jnp.concatenate(outputs, axis=2))
            if self.dropout != 0 and layer < self.num_layers - 1:
                layer_output = self.dropout_op(layer_output)
            layer_input = layer_output
        output = unwrap(layer_input)
        if self.batch_first:
            output = jnp.swapaxes(output, 0, 1)
        dtype = unwrap(x).dtype
        output = output.astype(dtype)
        if self.is_lstm:
            h_n = jnp.stack([f[0] for f in finals]).astype(dtype)
            c_n = jnp.stack([f[1] for f in finals]).astype(dtype)
            return wrap(output), (wrap(h_n), wrap(c_n))
        return wrap(output), wrap(jnp.stack(finals).astype(dtype))


class RNN(_RNNBase):
    """`nn.RNN(input_size, hidden_size, num_layers=1, nonlinearity='tanh', has_bias=True,
    batch_first=False, dropout=0.0, bidirectional=False, dtype=mstype.float32)`: stacked Elman
    RNN layers, h' = nonlinearity(W_ih x + b_ih + W_hh h + b_hh)."""

    def __init__(self, *args, **kwargs):
        nonlinearity = kwargs.pop("nonlinearity", "tanh")
        if nonlinearity not in ("tanh", "relu"):
            raise ValueError(f"For '{self.cls_name}', the 'nonlinearity' must be in ['tanh', "
                             f"'relu'], but got {nonlinearity}.")
        super().__init__("RNN_TANH" if nonlinearity == "tanh" else "RNN_RELU", *args, **kwargs)


class GRU(_RNNBase):
    """`nn.GRU(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype=mstype.float32)`: stacked GRU layers (gates reset,
    update, new; h' = n + z * (h - n))."""

    def __init__(self, *args, **kwargs):
        super().__init__("GRU", *args, **kwargs)


class LSTM(_RNNBase):
    """`nn.LSTM(input_size, hidden_size, num_layers=1, has_bias=True, batch_first=False,
    dropout=0.0, bidirectional=False, dtype=mstype.float32)`: stacked LSTM layers (gates input,
    forget, cell, output); `construct(x, hx=None, seq_length=None)` returns
    (output, (h_n, c_n))."""

    def __init__(self, *args, **kwargs):
        super().__init__("LSTM", *args, **kwargs)


# -- single-step cells -------------------------------------------------------------------------
class RNNCellBase(Cell):
    """`nn.RNNCellBase`: the Parameters `weight_ih` (chunks * hidden, input), `weight_hh`
    (chunks * hidden, hidden), `bias_ih`, `bias_hh` (chunks * hidden), all drawn from
    Uniform(1 / sqrt(hidden_size))."""

    mode = "RNN_TANH"

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool, num_chunks: int,
                 dtype=mstype.float32):
        super().__init__()
        name = self.cls_name
        check_value_type("has_bias", has_bias, [bool], name)
        check_positive_int(hidden_size, "hidden_size", name)
        check_positive_int(input_size, "input_size", name)
        self.input_size = input_size
        self.hidden_size = hidden_size
        self.has_bias = has_bias
        _skip_numpy_normal_draws(num_chunks * hidden_size, input_size, hidden_size, has_bias)
        stdv = Uniform(1 / math.sqrt(hidden_size))
        self.weight_ih = Parameter(initializer(stdv, (num_chunks * hidden_size, input_size), dtype),
                                   name="weight_ih")
        self.weight_hh = Parameter(initializer(stdv, (num_chunks * hidden_size, hidden_size),
                                               dtype), name="weight_hh")
        if has_bias:
            self.bias_ih = Parameter(initializer(stdv, (num_chunks * hidden_size,), dtype),
                                     name="bias_ih")
            self.bias_hh = Parameter(initializer(stdv, (num_chunks * hidden_size,), dtype),
                                     name="bias_hh")
        else:
            self.bias_ih = None
            self.bias_hh = None

    def _check_tensors(self, names, tensors):
        for name, tensor in zip(names, tensors):
            _check_is_tensor(name, tensor, self.cls_name)
        for name, tensor in zip(names, tensors):
            check_dtype_in(name, tensor.dtype, (mstype.float32, mstype.float16), self.cls_name)

    _GATE_CHUNKS = 1  # the hidden-size blocks of the projections MindSpore adds first

    def _check_step_inputs(self, x, h):
        """MindSpore's cells compute MatMul(x, weight_ih.T) and MatMul(h, weight_hh.T), then
        add the two projections: MatMul's rank, dtype and inner-dimension errors, then AddExt's
        broadcast error where the batch sizes differ."""
        x, h = unwrap(x), unwrap(h)
        for value, weight in ((x, self.weight_ih), (h, self.weight_hh)):
            if value.ndim != 2:
                raise ValueError("MatMul inputs should have the same dimension size and equal "
                                 "to 2.")
            weight = unwrap(weight)
            check_same_dtype("MatMul", value, weight)
            check_matmul_dims(value, weight, transpose_b=True)
        if x.shape[0] != h.shape[0]:
            width = self._GATE_CHUNKS * self.hidden_size
            raise broadcast_error("AddExt", (x.shape[0], width), (h.shape[0], width),
                                  ("input", "other"))

    def _step(self, x, hx):
        self._check_step_inputs(x, hx[0] if isinstance(hx, tuple) else hx)
        return wrap(cell_step(self.mode, *unwrap((x, hx, self.weight_ih, self.weight_hh,
                                                  self.bias_ih, self.bias_hh))))

    def construct(self, x, hx):
        self._check_tensors(["x", "hx"], [x, hx])
        return self._step(x, hx)


class RNNCell(RNNCellBase):
    """`nn.RNNCell(input_size, hidden_size, has_bias=True, nonlinearity='tanh',
    dtype=mstype.float32)`: one Elman RNN step, `construct(x, hx)` -> h'."""

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True,
                 nonlinearity: str = "tanh", dtype=mstype.float32):
        super().__init__(input_size, hidden_size, has_bias, num_chunks=1, dtype=dtype)
        check_value_type("nonlinearity", nonlinearity, [str], self.cls_name)
        check_string(nonlinearity, ["tanh", "relu"], "nonlinearity", self.cls_name)
        self.nonlinearity = nonlinearity

    @property
    def mode(self):
        return "RNN_TANH" if self.nonlinearity == "tanh" else "RNN_RELU"


class GRUCell(RNNCellBase):
    """`nn.GRUCell(input_size, hidden_size, has_bias=True, dtype=mstype.float32)`: one GRU step,
    `construct(x, hx)` -> h'."""

    mode = "GRU"

    def __init__(self, input_size: int, hidden_size: int, has_bias: bool = True,
                 dtype=mstype.float32):
        super().__init__(input_size, hidden_size, has_bias, num_chunks=3, dtype=dtype)


class LSTMCell(RNNCellBase):
    """`nn.LSTMCell(input_size, hidden_size, has_bias=True, dtype=mstype.float32)`: one LSTM step,
    `construct(x, (h, c))` -> (h', c'). As in MindSpore, the arguments of the pre-1.6 LSTMCell
    (a whole layer: `batch_size`, `dropout`, `bidirectional`) raise ValueError."""

    mode = "LSTM"
    _GATE_CHUNKS = 4

    def __init__(self, *args, **kwargs):
        if len(args) > 3 or {"batch_size", "dropout", "bidirectional"} & set(kwargs):
            raise ValueError("The arguments of `nn.LSTMCell` from old MindSpore version(<1.6) are "
                             "detected, if you still need use single LSTM layer, please use "
                             "`nn.LSTM` instead.")
        self._init_cell(*args, **kwargs)

    def _init_cell(self, input_size: int, hidden_size: int, has_bias: bool = True,
                   dtype=mstype.float32):
        super().__init__(input_size, hidden_size, has_bias, num_chunks=4, dtype=dtype)
        self.support_non_tensor_inputs = True

    def construct(self, x, hx):
        _check_is_tensor("x", x, self.cls_name)
        _check_is_tuple("hx", hx, self.cls_name)
        self._check_tensors(["x", "hx[0]", "hx[1]"], [x, hx[0], hx[1]])
        return self._step(x, tuple(hx))


LSTMCell.__init__.__signature__ = inspect.signature(LSTMCell._init_cell)
