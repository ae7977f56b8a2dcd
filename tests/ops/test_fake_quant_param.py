"""FakeQuantParam (msjax/_src/ops/quant_ops.py) and mindspore.QuantDtype as MindSpore 2.10 has
them: tests/goldens/scripts/fake_quant_param_probe.py run unchanged; its call passes the input
through, eagerly, compiled and into an exported MindIR."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, nn
from msjax.ops.operations import _quant_ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/fake_quant_param_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("fake_quant_param_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_fake_quant_param_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_fake_quant_param_passes_its_input_through(tmp_path):
    op = _quant_ops.FakeQuantParam.linear_quant_param(ms.QuantDtype.INT8, 0.1, 1)

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.quant = op

        def construct(self, x):
            return self.quant(x) * 2

    x = np.arange(6, dtype=np.float32).reshape(2, 3)
    np.testing.assert_array_equal(op(Tensor(x)).asnumpy(), x)
    assert op(Tensor(x.astype(np.int32))).dtype == ms.int32
    np.testing.assert_array_equal(ms.jit(Net())(Tensor(x)).asnumpy(), 2 * x)
    path = str(tmp_path / "fake_quant_param")
    ms.export(Net(), Tensor(x), file_name=path, file_format="MINDIR")
    loaded = nn.GraphCell(ms.load(path + ".mindir"))
    np.testing.assert_array_equal(loaded(Tensor(x)).asnumpy(), 2 * x)
