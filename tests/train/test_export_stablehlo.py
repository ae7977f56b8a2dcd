"""`mindspore.export(..., file_format="STABLEHLO")` (msjax's addition, train/export.py): the
network's program and Parameters in a `.npz` that pure JAX loads and calls in two lines, in a
process that never imports msjax; expected values from the network run by msjax."""
import subprocess
import sys

import numpy as np

import msjax as ms
from msjax import Tensor, nn
from tests.train.helpers import make_net

# The two lines of train/export.py's doc, in a process without msjax.
_PURE_JAX = """
import sys
import jax, numpy as np
x = np.load(sys.argv[2])
z = np.load(sys.argv[1])
out = jax.export.deserialize(z["stablehlo"].tobytes()).call(
    [z[k] for k in z.files if k.startswith("parameter_")], x)
assert "msjax" not in sys.modules
np.save(sys.argv[3], np.asarray(jax.numpy.asarray(out, jax.numpy.float32)))
print(z["names"].tolist())
"""


def _run_in_pure_jax(tmp_path, program, x):
    np.save(tmp_path / "x.npy", x)
    out = subprocess.run([sys.executable, "-c", _PURE_JAX, str(program), str(tmp_path / "x.npy"),
                          str(tmp_path / "out.npy")], capture_output=True, text=True, check=True)
    return np.load(tmp_path / "out.npy"), out.stdout


def test_pure_jax_runs_the_exported_network_without_msjax(tmp_path):
    net = make_net()
    x = np.random.default_rng(0).standard_normal((3, 4)).astype(np.float32)
    expected = net(Tensor(x)).asnumpy()
    ms.export(net, Tensor(x), file_name=str(tmp_path / "tiny"), file_format="STABLEHLO")
    got, printed = _run_in_pure_jax(tmp_path, tmp_path / "tiny.npz", x)
    np.testing.assert_allclose(got, expected, rtol=1e-6)
    assert printed.strip() == str([p.name for p in net.get_parameters()])


def test_bfloat16_parameters_are_stored_as_float32_and_cast_back_in_the_program(tmp_path):
    class Scale(nn.Cell):
        def __init__(self):
            super().__init__()
            self.w = ms.Parameter(Tensor(np.array([1.5, -2.0, 0.25], np.float32))
                                  .astype(ms.bfloat16), name="w")

        def construct(self, x):
            return x * self.w

    x = np.array([[1.0, 2.0, 3.0]], np.float32)
    ms.export(Scale(), Tensor(x), file_name=str(tmp_path / "bf16.npz"), file_format="STABLEHLO")
    with np.load(tmp_path / "bf16.npz") as stored:
        assert stored["parameter_00000"].dtype == np.float32
    got, _ = _run_in_pure_jax(tmp_path, tmp_path / "bf16.npz", x)
    np.testing.assert_array_equal(got, [[1.5, -4.0, 0.75]])
