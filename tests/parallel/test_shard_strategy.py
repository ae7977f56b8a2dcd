"""Primitive.shard: MindSpore's attributes and checks (the probe script, run unchanged, prints
what MindSpore 2.10 printed: tests/goldens/parallel/shard_strategy_probe.out), and strategies that
do not fit the job's devices. Sharded execution on 8 devices: checks_semi_auto.py."""
import numpy as np
import pytest

import msjax as ms
from msjax import Tensor, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("parallel/shard_strategy_probe.out")
CELL_GOLDEN = golden_cases("parallel/cell_shard_probe.out")


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("shard_strategy_probe.py")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_shard_case_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


@pytest.fixture(scope="module")
def cell_shard_cases():
    return run_script_on_msjax("cell_shard_probe.py")


@pytest.mark.parametrize("label", sorted(CELL_GOLDEN))
def test_cell_shard_in_a_job_of_one_device_matches_mindspore(label, cell_shard_cases):
    assert cell_shard_cases.get(label) == CELL_GOLDEN[label]


def test_strategies_are_ignored_outside_semi_auto_parallel():
    matmul = ops.MatMul().shard(((2, 1), (1, 4)))  # 8 devices; this process has 1
    x = Tensor(np.ones((2, 2), np.float32))
    assert ms.jit(lambda a: matmul(a, a))(x).asnumpy().tolist() == [[2.0, 2.0], [2.0, 2.0]]


def test_a_strategy_for_more_devices_than_the_stage_has_is_mindspores_error():
    """MindSpore checks a strategy against the devices of its stage (the job's, or device_num):
    RuntimeError 'Failure:operator MatMul init failed'."""
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL)
    matmul = ops.MatMul().shard(((2, 1), (1, 4)))
    x = Tensor(np.ones((2, 2), np.float32))
    with pytest.raises(RuntimeError, match=r"^Failure:operator MatMul init failed\nMatMul: The "
                                           r"strategy is \(\(2, 1\), \(1, 4\)\), it requires 2 "
                                           r"devices, but the device number of this stage is 1"):
        ms.jit(lambda a: matmul(a, a))(x)


def test_a_device_num_beyond_the_jobs_devices_names_them():
    """device_num=8 passes MindSpore's checks; the job's one device cannot hold the split."""
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, device_num=8)
    matmul = ops.MatMul().shard(((2, 1), (1, 4)))
    x = Tensor(np.ones((4, 4), np.float32))
    with pytest.raises(ValueError, match=r"For 'MatMul', the strategy \(2, 1\) splits an input "
                                         r"over 2 devices, which must be a positive divisor of "
                                         r"the job's 1 devices"):
        ms.jit(lambda a: matmul(a, a))(x)
