"""pytest configuration: a fresh global seed, default context, parallel context and communication
state for every test (a test that joins or leaves a job cannot change what the next one sees)."""
import pathlib

import pytest

try:
    import msjax
except ModuleNotFoundError as exc:  # a fresh clone run before the README's install line
    if exc.name is None or exc.name == "msjax" or exc.name.startswith("msjax."):
        raise
    pytest.exit(f"msjax's dependencies are not installed in this Python ({exc}). From the "
                f"repository root, run `pip install -c constraints.txt -e '.[test]'` first "
                f"(README, Tests), then `python -m pytest -q`.", returncode=4)
from msjax._src.parallel import communication, parallel_context
from msjax._src.core import context, op_precision

GOLDENS = pathlib.Path(__file__).resolve().parent / "goldens"

# The tests that must also pass with a GPU or TPU backend (issue 29), marked `accelerator`:
# `pytest -m accelerator` on such a machine (tools/device_check.sh) runs them there. The ops'
# numerics in float32 and 16-bit floats, the transforms, Cells and optimizers, checkpoints, and
# data parallel over the devices JAX sees. A tolerance that differs by backend says so in its test.
ACCELERATOR_TESTS = (
    "ops/test_op_table.py", "ops/test_batch_norm_train.py",
    "transforms/test_grad_golden.py", "transforms/test_vmap_golden.py",
    "transforms/test_composite_golden.py", "transforms/test_state_core.py",
    "transforms/test_control_flow.py", "transforms/test_lazy_inline.py",
    "nn/test_layers.py", "nn/test_losses.py", "nn/test_optim.py", "nn/test_cells.py",
    "nn/test_batchnorm_training.py", "nn/test_recurrent.py", "nn/test_nhwc.py",
    "test_checkpoint_format.py", "test_serialization.py", "test_functional.py",
    "parallel/test_multi_device.py",
)
_HERE = pathlib.Path(__file__).resolve().parent


def pytest_collection_modifyitems(config, items):
    missing = [name for name in ACCELERATOR_TESTS if not (_HERE / name).exists()]
    if missing:
        raise pytest.UsageError(f"tests/conftest.py ACCELERATOR_TESTS names files that are not "
                                f"there: {missing}; update the list")
    marked = {str(_HERE / name) for name in ACCELERATOR_TESTS}
    for item in items:
        if str(item.path) in marked:
            item.add_marker(pytest.mark.accelerator)


@pytest.fixture(autouse=True, scope="session")
def _float32_convolutions_off_the_cpu():
    """The goldens are MindSpore's CPU kernels, float32 arithmetic throughout. On a GPU msjax
    computes float32 convolutions in TF32 by default, as MindSpore's GPU build does
    (`device_context.gpu.op_precision.conv_allow_tf32`, True): the tests run with it False
    there, comparing float32 with float32 at the CPU's tolerances. The default itself is
    checked where it shows, in the lowered programs (tests/backend/test_accelerator_lowering.py).
    Matrix products are float32 by default on every backend (matmul_allow_tf32 False)."""
    import jax
    if jax.default_backend() == "cpu":
        yield
        return
    op_precision.conv_allow_tf32(False)
    yield
    op_precision.conv_allow_tf32(True)


@pytest.fixture(autouse=True)
def _fresh_state():
    saved = dict(context._context)
    precisions = list(op_precision.MATMUL), list(op_precision._CONV)
    comm = (communication.GlobalComm.BACKEND, communication.GlobalComm.WORLD_COMM_GROUP,
            communication.GlobalComm.INITED)
    msjax.set_seed(0)
    yield
    context._context.clear()
    context._context.update(saved)
    op_precision.MATMUL[:], op_precision._CONV[:] = precisions
    parallel_context.reset_auto_parallel_context()
    communication._groups.clear()
    (communication.GlobalComm.BACKEND, communication.GlobalComm.WORLD_COMM_GROUP,
     communication.GlobalComm.INITED) = comm
