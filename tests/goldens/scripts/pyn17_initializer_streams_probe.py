"""MindSpore 2.10's initializers draw their random numbers from NumPy's global generator: one
seed (`np.random.randint(1, 2**63)`) per draw, taken when the values are made (a Parameter's at
once, `init_data()` later, a Parameter under `no_init_parameters` when initialised), and a
Philox stream of MindSpore's for it. After `np.random.seed`/`set_seed` the values are therefore
fixed; this probe prints them bit for bit (an md5 of the float32 bytes, and the first values) for
every random initializer, small and large shapes (a large array is filled by several threads),
odd sizes, other dtypes, Dense and Conv2d's default weights, the order of draws, and NumPy's
generator afterwards.
Golden: tests/goldens/core/pyn17_initializer_streams_probe.out (tests/test_initializer_streams.py)."""
import hashlib
import math

import numpy as np
import mindspore as ms
from mindspore import nn, Parameter
from mindspore.common.initializer import (initializer, Normal, Uniform, TruncatedNormal, HeUniform,
                                          HeNormal, XavierUniform, XavierNormal, Sparse,
                                          Orthogonal, VarianceScaling)


def digest(array):
    array = np.ascontiguousarray(array)
    return (f"{array.dtype} {list(array.shape)} md5={hashlib.md5(array.tobytes()).hexdigest()[:16]}"
            f" first={np.asarray(array, np.float64).ravel()[:3].tolist()}")


def show(label, fn):
    try:
        print(label, "->", fn())
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).strip().splitlines()[0])


def drawn(init, shape, dtype=ms.float32, seed=1):
    np.random.seed(seed)
    values = initializer(init, shape, dtype).init_data().asnumpy()
    return digest(values) + f" next={np.random.randint(0, 10**6)}"


cases = {
    "Normal()": Normal(), "Normal(0.5, 2)": Normal(0.5, 2.0), "Uniform()": Uniform(),
    "Uniform(0.3)": Uniform(0.3), "TruncatedNormal()": TruncatedNormal(),
    "TruncatedNormal(0.02)": TruncatedNormal(0.02),
    "TruncatedNormal(1, 0.5, -1, 1.5)": TruncatedNormal(1.0, 0.5, -1.0, 1.5),
    "HeUniform()": HeUniform(), "HeUniform(sqrt5)": HeUniform(math.sqrt(5)),
    "HeNormal(fan_out)": HeNormal(mode="fan_out"), "XavierUniform()": XavierUniform(),
    "XavierNormal(2)": XavierNormal(2.0), "Sparse(0.3)": Sparse(0.3), "Orthogonal()": Orthogonal(),
    "VarianceScaling()": VarianceScaling(),
    "VarianceScaling(untruncated)": VarianceScaling(2.0, "fan_avg", "untruncated_normal"),
    "VarianceScaling(uniform)": VarianceScaling(distribution="uniform"),
    "'normal'": "normal", "'he_uniform'": "he_uniform", "'xavier_uniform'": "xavier_uniform",
    "'truncatednormal'": "truncatednormal",
}
for name, init in cases.items():
    for shape in ((5, 7), (3,) if "Sparse" not in name and "Orthogonal" not in name
                  and "He" not in name and "Xavier" not in name and "'" not in name
                  and "Variance" not in name else (4, 3, 2, 2), (130, 401)):
        show(f"{name} {list(shape)}", lambda: drawn(init, shape))
for dtype in (ms.float16, ms.float64, ms.bfloat16, ms.int32):
    show(f"Normal(3) {dtype}", lambda: drawn(Normal(3.0), (2, 5), dtype, seed=4))
show("TruncatedNormal(0) error", lambda: drawn(TruncatedNormal(0.0), (2, 2)))
show("Normal(-1) error", lambda: drawn(Normal(-1.0), (2, 2)))


def dense_and_conv():
    ms.set_seed(1)
    dense = nn.Dense(3, 2)
    conv = nn.Conv2d(2, 3, 3, has_bias=True)
    return " ".join(digest(p.asnumpy()) for p in (dense.weight, dense.bias, conv.weight,
                                                  conv.bias))


show("Dense and Conv2d defaults after set_seed(1)", dense_and_conv)


def drawn_in_init_data_order():
    np.random.seed(2)
    first, second = initializer(Normal(), (2, 3)), initializer(Uniform(), (4,))
    b = second.init_data().asnumpy()
    a = first.init_data().asnumpy()
    return digest(a) + " | " + digest(b)


show("init_data order decides the draws", drawn_in_init_data_order)


def parameter_at_once():
    np.random.seed(2)
    p = Parameter(initializer(Uniform(), (4,)), name="p")
    q = initializer(Normal(), (2, 3)).init_data().asnumpy()
    return digest(p.asnumpy()) + " | " + digest(q)


show("a Parameter draws when made", parameter_at_once)


def deferred():
    from mindspore.nn.utils import no_init_parameters
    np.random.seed(2)
    with no_init_parameters():
        p = Parameter(initializer(Uniform(), (4,)), name="p")
    q = initializer(Normal(), (2, 3)).init_data().asnumpy()
    p.init_data()
    return digest(p.asnumpy()) + " | " + digest(q)


show("no_init_parameters draws when initialised", deferred)


def set_seed_then_numpy():
    ms.set_seed(9)
    values = initializer(Normal(), (3,)).init_data().asnumpy()
    return digest(values) + f" next={np.random.randint(0, 10**6)}"


show("set_seed seeds the draws", set_seed_then_numpy)
