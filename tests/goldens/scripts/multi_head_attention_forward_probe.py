"""`mindspore.ops.function.nn_func.multi_head_attention_forward`: outputs and weights for
given projections (rounded to 4 decimals), with masks and separate projection weights. One
`label -> result` line per case (tests/ops/test_attention_ops.py)."""
import numpy as np

from mindspore import Tensor
from mindspore.ops.function import nn_func


def shown(value):
    if isinstance(value, (tuple, list)):
        return "(" + ", ".join(shown(v) for v in value) + ")"
    if isinstance(value, Tensor):
        array = value.asnumpy()
        return f"{value.dtype}{list(array.shape)} {np.round(array.astype(np.float64), 4).tolist()}"
    return repr(value)


def case(label, fn):
    try:
        result = shown(fn())
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    print(f"{label} -> {result}", flush=True)


rng = np.random.RandomState(0)
L, N, E, H = 3, 2, 4, 2


def tensor(*shape):
    return Tensor((rng.randn(*shape) * 0.5).astype(np.float32))


Q, K, V = tensor(L, N, E), tensor(L, N, E), tensor(L, N, E)
W_IN, B_IN, W_OUT, B_OUT = tensor(3 * E, E), tensor(3 * E), tensor(E, E), tensor(E)


def forward(**options):
    return nn_func.multi_head_attention_forward(Q, K, V, E, H, W_IN, B_IN, None, None, False,
                                                0.0, W_OUT, B_OUT, training=False, **options)


case("plain", forward)
case("per head weights", lambda: forward(average_attn_weights=False)[1])
case("bool mask", lambda: forward(attn_mask=Tensor(np.triu(np.ones((L, L), bool), 1))))
case("padding mask", lambda: forward(key_padding_mask=Tensor(np.array(
    [[False, False, True], [False, True, True]]))))
W_Q, W_K, W_V = tensor(E, E), tensor(E, E), tensor(E, E)
case("separate projections", lambda: forward(use_separate_proj_weight=True, q_proj_weight=W_Q,
                                             k_proj_weight=W_K, v_proj_weight=W_V))
case("bias kv and zero attn", lambda: nn_func.multi_head_attention_forward(
    Q, K, V, E, H, W_IN, B_IN, tensor(1, 1, E), tensor(1, 1, E), True, 0.0, W_OUT, B_OUT,
    training=False))
case("unbatched", lambda: nn_func.multi_head_attention_forward(
    Q[:, 0], K[:, 0], V[:, 0], E, H, W_IN, B_IN, None, None, False, 0.0, W_OUT, B_OUT,
    training=False))
