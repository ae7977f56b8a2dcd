"""JAX's settings left as the user set them (issue 24, core/x64.py): `import msjax` does not turn
on `jax_enable_x64`, JAX code between msjax calls sees the user's setting, MindSpore's 64-bit
dtypes hold inside msjax's calls, and no op makes float64 of float32 Tensors. (A float32 model's
training step lowered for GPU and TPU has no float64 in it: tests/backend/test_accelerator_lowering.py.)"""
from __future__ import annotations

import os
import subprocess
import sys

import jax
import jax.numpy as jnp
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn, ops
from msjax._src.core import x64
from tests.ops.op_records import CASES
from tests.ops.test_op_table import _prepare



@pytest.mark.parametrize("user_setting", [False, True], ids=["user_x64_off", "user_x64_on"])
def test_import_and_calls_leave_jax_enable_x64_as_the_user_set_it(user_setting):
    code = (f"import jax; jax.config.update('jax_enable_x64', {user_setting}); "
            "import jax.numpy as jnp; import msjax; from msjax import Tensor, ops; "
            "t = Tensor([1, 2]) + ops.argmax(Tensor([1.0, 3.0])); "
            "print(jax.config.jax_enable_x64, jnp.arange(3.0).dtype, jnp.arange(3).dtype, t.dtype)")
    env = {k: v for k, v in os.environ.items() if k != "JAX_ENABLE_X64"}
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, env=env,
                         check=True)
    bits = 64 if user_setting else 32
    assert out.stdout.split() == [str(user_setting), f"float{bits}", f"int{bits}", "Int64"]


def test_a_jax_users_arrays_are_float32_after_import():
    if os.environ.get("JAX_ENABLE_X64", "0").lower() not in ("0", "false", ""):
        pytest.skip("this process's user turned 64-bit types on (JAX_ENABLE_X64)")
    assert jax.config.jax_enable_x64 is False
    assert jnp.arange(3.0).dtype == np.float32
    assert jnp.asarray(np.arange(3)).dtype == np.int32


class _Affine(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(3, 2)

    def construct(self, x):
        return self.dense(x).argmax(-1)


def _user_sees_float32():
    return jnp.arange(3.0).dtype == np.float32 and jax.config.jax_enable_x64 is False


def test_jax_code_between_msjax_calls_sees_the_users_setting():
    with jax.enable_x64(False):  # the user's setting
        assert Tensor(3).dtype == ms.int64 and _user_sees_float32()
        assert Tensor(3.0).dtype == ms.float32 and _user_sees_float32()
        assert Tensor(np.ones(2)).dtype == ms.float64 and _user_sees_float32()
        assert (Tensor([1, 2]) * 2).dtype == ms.int64 and _user_sees_float32()
        assert ops.cast(Tensor([1.5]), ms.int64).dtype == ms.int64 and _user_sees_float32()
        net = _Affine()
        x = Tensor(np.ones((4, 3), np.float32))
        assert net(x).dtype == ms.int64 and _user_sees_float32()
        ms.set_context(mode=ms.GRAPH_MODE)
        assert net(x).dtype == ms.int64 and _user_sees_float32()
        assert ms.jit(lambda t: t.sum())(Tensor([1, 2])).dtype == ms.int64
        assert _user_sees_float32()
        with pytest.raises(TypeError):
            ops.add(Tensor([1.0]), "one")  # an error inside an msjax call restores it too
        assert _user_sees_float32()


def test_tensor_methods_keep_64_bit_dtypes_and_the_users_setting():
    """A Tensor method's adapter runs with 64-bit types on that its overload wrapper switches
    (ops/overloads.resolved, counted), `x.abs()` in one generated frame (registry.
    one_program_method), `x.sum` through ops only: Int64 and Float64 stay so, and the user's
    setting is back after each call, an error's included."""
    with jax.enable_x64(False):
        x = Tensor(np.arange(6).reshape(2, 3))
        assert x.dtype == ms.int64
        assert x.reshape(3, 2).dtype == ms.int64 and _user_sees_float32()
        assert x.transpose().dtype == ms.int64 and _user_sees_float32()
        assert x.sum(0).dtype == ms.int64 and x.sum().dtype == ms.int64
        assert Tensor(np.arange(3, dtype=np.int32)).sum(0).dtype == ms.int64
        assert x.abs().dtype == ms.int64 and _user_sees_float32()
        assert Tensor(np.ones(2)).abs().dtype == ms.float64 and _user_sees_float32()
        assert x.to(ms.float64).dtype == ms.float64 and _user_sees_float32()
        for call, error in ((lambda: x.sum(1.5), TypeError), (lambda: x.sum(2), ValueError),
                            (lambda: x.abs(1), TypeError), (lambda: x.reshape(2.5), TypeError)):
            with pytest.raises(error):
                call()
            assert _user_sees_float32()


def test_msjax_ops_inside_a_users_jit_keep_mindspores_dtypes_and_lower():
    with jax.enable_x64(False):
        x = jnp.asarray(np.random.default_rng(0).standard_normal((3, 4)), jnp.float32)
        indices = jax.jit(lambda a: ops.argmax(Tensor(a), 1)._data)(x)
        assert indices.dtype == np.int64
        np.testing.assert_array_equal(indices, np.argmax(np.asarray(x), 1))


def test_64_bit_values_survive_a_checkpoint(tmp_path):
    with jax.enable_x64(False):
        net = nn.Cell()
        net.count = ms.Parameter(Tensor(np.array([2 ** 40 + 1], np.int64)), name="count")
        net.scale = ms.Parameter(Tensor(np.array([1 + 2 ** -40])), name="scale")
        ms.save_checkpoint(net, str(tmp_path / "net.ckpt"))
        loaded = ms.load_checkpoint(str(tmp_path / "net.ckpt"))
        assert loaded["count"].dtype == ms.int64 and loaded["scale"].dtype == ms.float64
        assert int(loaded["count"].asnumpy()[0]) == 2 ** 40 + 1
        assert float(loaded["scale"].asnumpy()[0]) == 1 + 2 ** -40


# -- no op makes float64 of float32 Tensors ----------------------------------------------------------
# Records whose float32 call has float64 in its program by design or inside JAX's own functions.
FLOAT64_BY_DESIGN = {
    "sum-dtype": "asks for a Float64 sum",
    "float_power": "MindSpore's float_power computes in and returns Float64",
    "float_power-tensors": "MindSpore's float_power computes in and returns Float64",
    "quantile": "jnp.quantile passes a Python NaN to `where` inside its own program",
    "quantile-axis": "jnp.quantile passes a Python NaN to `where` inside its own program",
    "nanquantile": "jnp.nanquantile passes a Python NaN to `where` inside its own program",
    "pinv": "jnp.linalg.pinv passes a Python float to `where` inside its own program",
}


def _float32_records():
    """The op records called with float32 (or 16-bit float) Tensors and no 64-bit float one,
    that the op table also runs under jax.jit (random draws and data-dependent shapes do not)."""
    records = []
    for case in CASES:
        if case.error or not case.transforms or not case.values:
            continue
        dtypes = [str(t.dtype) for t in _prepare(case)[1]]
        if (any(d in ("Float32", "Float16", "BFloat16") for d in dtypes)
                and not any(d in ("Float64", "Complex128") for d in dtypes)):
            records.append(case)
    return records


def _holds_float64(jaxpr) -> bool:
    """Whether a jaxpr (or one nested in its equations) has a float64 value."""
    def is_float64(var):
        return getattr(getattr(var, "aval", None), "dtype", None) == np.float64
    if any(map(is_float64, [*jaxpr.invars, *jaxpr.outvars, *jaxpr.constvars])):
        return True
    for eqn in jaxpr.eqns:
        if any(map(is_float64, [*eqn.invars, *eqn.outvars])):
            return True
        for param in eqn.params.values():
            for inner in param if isinstance(param, (tuple, list)) else (param,):
                inner = getattr(inner, "jaxpr", inner)  # a ClosedJaxpr's Jaxpr
                if hasattr(inner, "eqns") and _holds_float64(inner):
                    return True
    return False


@pytest.mark.parametrize("case", _float32_records(), ids=lambda c: c.id)
def test_an_op_of_float32_tensors_computes_no_float64(case):
    fn, tensors = _prepare(case)
    with x64.on():  # as msjax traces a compiled program
        jaxpr = jax.make_jaxpr(fn)(*tensors).jaxpr
    assert _holds_float64(jaxpr) == (case.id in FLOAT64_BY_DESIGN), \
        FLOAT64_BY_DESIGN.get(case.id, f"{case.id}: a float64 value in a float32 op's program")


def test_bucketize_compares_float32_values_with_the_boundaries_in_float32():
    # MindSpore 2.10's output, tests/goldens/scripts/bucketize_float32_probe.py (float32 0.1 is
    # 0.1 there; as float64 boundaries, float32 0.1 = 0.10000000149 lay above the boundary 0.1)
    x = Tensor(np.array([0.1, 0.2, 0.3], np.float32))
    assert ops.bucketize(x, boundaries=[0.1, 0.2, 0.3]).asnumpy().tolist() == [0, 1, 2]
    assert ops.bucketize(x, boundaries=[0.1, 0.2, 0.3], right=True).asnumpy().tolist() == [1, 2, 3]
    assert ops.Bucketize(boundaries=[0.1, 0.2, 0.3])(x).asnumpy().tolist() == [1, 2, 3]
