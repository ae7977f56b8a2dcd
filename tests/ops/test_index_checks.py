"""Out-of-range indices raise MindSpore's errors (core/index_checks.py), eagerly and compiled.

The probe tests/goldens/scripts/index_checks_probe.py runs unchanged on msjax and prints what
MindSpore 2.10 printed for every indexing op, eagerly, in GRAPH_MODE Cells (a training step
whose check fails leaves its Parameters as they were) and under `ms.jit`; except the two
graph-mode steps listed, where MindSpore's graph reports the gradient's kernel (or an empty
message) and msjax the forward op that read the index: the exception type is the same.
"""
import os
import re
import subprocess
import sys
import warnings

import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn, ops
from msjax._src.core import index_checks
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("ops/index_checks_probe.out")
GRAPH_MESSAGES_DIFFER = {
    "graph step label 7": "ERR RuntimeError | For 'GatherD', the value of 'index' must be in "
                          "[-3, 3), but got: 7",
    "graph step ids 11": "ERR RuntimeError | For 'Gather', the 'input_indices' should be in the "
                         "range [0, 10), but got 11, error_code[58]",
}


@pytest.fixture(scope="module")
def msjax_cases():
    try:
        return run_script_on_msjax("index_checks_probe.py")
    finally:
        import msjax.compat
        msjax.compat.uninstall()
        ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("label", list(GOLDEN))
def test_index_errors_match_mindspore(label, msjax_cases):
    expected = GRAPH_MESSAGES_DIFFER.get(label, GOLDEN[label])
    if label in GRAPH_MESSAGES_DIFFER:
        assert GOLDEN[label].split(" | ")[0] == expected.split(" | ")[0]
    assert msjax_cases[label] == expected


def i32(*values):
    return Tensor(np.array(values, np.int32))


X = Tensor(np.array([10.0, 20.0, 30.0], np.float32))
GATHER_5 = re.escape("For 'Gather', the 'input_indices' should be in the range [0, 3), but got 5")


def test_program_without_indexing_is_not_checked():
    @ms.jit
    def double(x):
        return x * 2

    double(X)
    assert not any(p.checked for p in double.compiled.programs.values())


@ms.jit
def gather_then_add(x, i):
    return ops.gather(x, i, 0) + 1


def test_compiled_call_raises_and_the_next_calls_run():
    np.testing.assert_allclose(gather_then_add(X, i32(2)).asnumpy(), [31.0])
    assert all(p.checked for p in gather_then_add.compiled.programs.values())
    with pytest.raises(RuntimeError, match="but got 5, error_code"):
        gather_then_add(X, i32(5)).asnumpy()
    np.testing.assert_allclose(gather_then_add(X, i32(0)).asnumpy(), [11.0])


def test_failed_check_is_raised_by_a_later_read_at_the_latest():
    """A call whose flag is not ready yet keeps it: the first value read raises it (or a call
    once MAX_PENDING are kept), if the call did not."""
    with pytest.raises(RuntimeError, match="but got -1, error_code"):
        out = gather_then_add(X, i32(-4))
        for _ in range(index_checks.MAX_PENDING + 1):
            gather_then_add(X, i32(1))
        print(out)
    np.testing.assert_allclose(gather_then_add(X, i32(1)).asnumpy(), [21.0])


def test_nested_compiled_function_raises_through_the_outer_one():
    @ms.jit
    def outer(x, i):
        return gather_then_add(x, i) * 2

    np.testing.assert_allclose(outer(X, i32(1)).asnumpy(), [42.0])
    with pytest.raises(RuntimeError, match=GATHER_5):
        outer(X, i32(5)).asnumpy()


def test_index_read_inside_converted_control_flow_is_checked():
    @ms.jit
    def pick(x, i):
        out = x[0:1]  # the branches join one shape: [1] (MindSpore: else a dynamic shape)
        if x.sum() > 0:
            out = ops.gather(x, i, 0)
        return out

    np.testing.assert_allclose(pick(X, i32(1)).asnumpy(), [20.0])
    with pytest.raises(RuntimeError, match=GATHER_5):
        pick(X, i32(5)).asnumpy()


class Counter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.table = Parameter(Tensor(np.ones((4, 2), np.float32)), name="table")
        self.calls = Parameter(Tensor(np.zeros((), np.float32)), name="calls")

    def construct(self, ids):
        self.calls += 1
        rows = ops.gather(self.table, ids, 0)
        self.table -= 0.5
        return rows.sum()


def test_failed_graph_call_writes_no_parameter():
    ms.set_context(mode=ms.GRAPH_MODE)
    try:
        net = Counter()
        assert float(net(i32(1))) == 2.0
        with pytest.raises(RuntimeError, match="range \\[0, 4\\), but got 7"):
            float(net(i32(7)))
        assert float(net.calls) == 1.0
        np.testing.assert_allclose(net.table.asnumpy(), np.full((4, 2), 0.5))
        assert float(net(i32(0))) == 1.0
    finally:
        ms.set_context(mode=ms.PYNATIVE_MODE)


class _Runs:
    """A count of the times a construct's Python runs (not a list attribute of the Cell: as in
    MindSpore, a graph leaves a Cell's lists as they were before the call)."""

    def __init__(self):
        self.count = 0

    def add(self):
        self.count += 1
        return 0


class Tagger(nn.Cell):
    """Embedding + Dense whose construct counts the times its Python runs."""

    def __init__(self, runs):
        super().__init__()
        self.runs = runs
        self.embedding = nn.Embedding(4, 3)
        self.dense = nn.Dense(3, 2)

    def construct(self, ids):
        self.runs.add()
        return self.dense(self.embedding(ids)).sum(1)


def test_a_checked_training_step_is_traced_once_and_a_failed_step_writes_nothing(graph_mode):
    """A GRAPH_MODE step whose Embedding checks its ids: its Python runs once (the trace that
    found the checks is checkified as it is), it trains, and a step given an id out of range
    raises MindSpore's error and leaves every Parameter and optimizer state as it was."""
    runs = _Runs()
    net = Tagger(runs)
    loss = nn.WithLossCell(net, nn.MSELoss())
    optimizer = nn.Adam(net.trainable_params(), 0.1)
    step = nn.TrainOneStepCell(loss, optimizer)
    ids, target = Tensor(np.array([[0, 3], [1, 2]], np.int32)), Tensor(np.zeros((2, 2), np.float32))
    first = float(step(ids, target))
    assert runs.count == 1
    assert float(step(ids, target)) < first
    assert runs.count == 1
    state = {p.name: p.asnumpy().copy() for p in [*net.get_parameters(), *optimizer.parameters]}
    with pytest.raises(RuntimeError, match=re.escape(
            "For 'Gather', the 'input_indices' should be in the range [0, 4), but got 4")):
        float(step(Tensor(np.array([[0, 4], [1, 2]], np.int32)), target))
    for p in [*net.get_parameters(), *optimizer.parameters]:
        np.testing.assert_array_equal(p.asnumpy(), state[p.name], err_msg=p.name)
    assert runs.count == 1


@pytest.fixture
def flags_never_ready(monkeypatch):
    """Every kept flag's program still running (as on a busy device): `after_call` reads none,
    so an error waits for a host read or for MAX_PENDING later calls."""
    monkeypatch.setattr(index_checks, "_ready", lambda flag: False)
    yield
    index_checks.raise_pending()  # nothing left for the next test


@pytest.fixture
def graph_mode():
    ms.set_context(mode=ms.GRAPH_MODE)
    yield
    ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("read", [
    pytest.param(lambda out, net: float(out), id="float of a later result"),
    pytest.param(lambda out, net: print(out), id="print of a later result"),
    pytest.param(lambda out, net: net.calls.asnumpy(), id="asnumpy of a Parameter"),
])
def test_error_raised_by_a_later_read_names_the_op_and_the_failed_call_wrote_nothing(
        read, flags_never_ready, graph_mode):
    net = Counter()
    net(i32(1))
    net(i32(7))  # fails: its flag is kept, not read
    out = net(i32(0))  # runs, on what the failed call left: the values it was given
    with pytest.raises(RuntimeError, match=re.escape(
            "For 'Gather', the 'input_indices' should be in the range [0, 4), but got 7, "
            "error_code[58]")):
        read(out, net)
    assert float(net.calls) == 2.0
    np.testing.assert_allclose(net.table.asnumpy(), np.zeros((4, 2)))
    assert float(out) == 1.0  # the later call's result: a row of the table of 0.5


def test_a_host_ahead_by_max_pending_calls_raises_at_the_next_call(flags_never_ready):
    gather_then_add(X, i32(1))
    index_checks.raise_pending()
    gather_then_add(X, i32(5))
    for _ in range(index_checks.MAX_PENDING - 1):
        gather_then_add(X, i32(1))
    with pytest.raises(RuntimeError, match=GATHER_5):
        gather_then_add(X, i32(1))  # one more kept than MAX_PENDING: the oldest is read
    np.testing.assert_allclose(gather_then_add(X, i32(2)).asnumpy(), [31.0])


def test_model_train_raises_a_failed_step_by_the_end_of_its_epoch(flags_never_ready, graph_mode):
    from msjax import dataset
    from msjax.train import Model

    class Lookup(nn.Cell):
        def __init__(self):
            super().__init__()
            self.embedding = nn.Embedding(4, 2)

        def construct(self, ids):
            return self.embedding(ids).sum(axis=1)

    net = Lookup()
    before = net.embedding.embedding_table.asnumpy()
    ids = np.array([[0], [9]], np.int32)  # the second step's id is out of range
    data = dataset.NumpySlicesDataset({"ids": ids, "label": np.zeros((2, 2), np.float32)},
                                      shuffle=False).batch(1)
    model = Model(net, nn.MSELoss(), nn.SGD(net.trainable_params(), 0.1))
    with pytest.raises(RuntimeError, match=re.escape(
            "For 'Gather', the 'input_indices' should be in the range [0, 4), but got 9")):
        model.train(1, data, dataset_sink_mode=False)
    after = net.embedding.embedding_table.asnumpy()
    # the first step moved row 0 only (the loss reads row 0); the failed step changed nothing
    np.testing.assert_allclose(after[1:], before[1:])
    assert not np.allclose(after[0], before[0])


def test_checks_turned_off_warn_once_and_do_not_raise():
    previous = index_checks.set_enabled(False)
    try:
        @ms.jit
        def gather_unchecked(x, i):
            return ops.gather(x, i, 0)

        with pytest.warns(UserWarning, match="index checks are off"):
            gather_unchecked(X, i32(5))
            ops.gather(X, i32(5), 0)
        with warnings.catch_warnings():
            warnings.simplefilter("error")
            ops.gather(X, i32(5), 0)
        assert not any(p.checked for p in gather_unchecked.compiled.programs.values())
    finally:
        index_checks.set_enabled(previous)


def test_sync_setting_raises_at_the_call_itself():
    script = (
        "import numpy as np, msjax as ms\n"
        "from msjax import Tensor, ops\n"
        "f = ms.jit(lambda x, i: ops.gather(x, i, 0))\n"
        "x = Tensor(np.ones(3, np.float32))\n"
        "f(x, Tensor(np.array([1], np.int32)))\n"
        "try:\n"
        "    f(x, Tensor(np.array([3], np.int32)))\n"
        "except RuntimeError as e:\n"
        "    print('raised at the call:', str(e).splitlines()[0])\n")
    env = dict(os.environ, MSJAX_CHECK_INDICES="sync", PYTHONPATH=os.getcwd())
    out = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True,
                         timeout=120)
    assert out.stdout.strip() == ("raised at the call: For 'Gather', the 'input_indices' should "
                                  "be in the range [0, 3), but got 3, error_code[58]"), out.stderr


# -- the legacy scatter primitives that write into a Parameter ---------------------------------
LEGACY_GOLDEN = golden_cases("ops/legacy_scatter_checks_probe.out")
# MindSpore's ScatterUpdate kernel writes the rows before the bad index, then raises; msjax's
# failed call writes nothing (the Parameter keeps its value), the rule every msjax op keeps.
LEGACY_WRITES_NOTHING = {"eager ScatterUpdate [0,4] param sum": "0.0",
                         "graph ScatterUpdate [0,4] param sum": "0.0"}


@pytest.fixture(scope="module")
def legacy_scatter_cases():
    try:
        return run_script_on_msjax("legacy_scatter_checks_probe.py")
    finally:
        import msjax.compat
        msjax.compat.uninstall()
        ms.set_context(mode=ms.PYNATIVE_MODE)


@pytest.mark.parametrize("label", list(LEGACY_GOLDEN))
def test_legacy_scatter_index_errors_match_mindspore(label, legacy_scatter_cases):
    if label in LEGACY_WRITES_NOTHING:
        assert LEGACY_GOLDEN[label] == "3.0"  # MindSpore's partial write of row 0
        assert legacy_scatter_cases[label] == LEGACY_WRITES_NOTHING[label]
        return
    assert legacy_scatter_cases[label] == LEGACY_GOLDEN[label]
