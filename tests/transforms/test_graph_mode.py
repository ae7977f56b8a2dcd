"""Graph mode beyond the probes: the graph-mode tutorial's Parameter-assign-under-grad example,
saving compiled programs (MS_DEV_SAVE_GRAPHS), and the Ascend-only float-status ops."""
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn, ops
from tests.golden_scripts import golden_cases, run_script_on_msjax


class ForwardNet(nn.Cell):
    """From static_graph_expert_programming_zh.ipynb (a markdown cell there)."""

    def __init__(self):
        super().__init__()
        self.weight = Parameter(ms.tensor(np.array(0), ms.int32), name="param")

    def construct(self, x):
        out = 0
        i = 0
        while i < 3:
            ops.assign(self.weight, i)
            out = x * self.weight + out
            i = i + 1
        return out


class BackwardNet(nn.Cell):
    def __init__(self, net):
        super().__init__(auto_prefix=False)
        self.forward_net = net
        self.grad = ops.GradOperation(get_all=True)

    @ms.jit
    def construct(self, *inputs):
        return self.grad(self.forward_net)(*inputs)


def test_assign_under_grad_in_program_order_gives_the_tutorials_3_and_leaves_the_parameter_at_2():
    forward = ForwardNet()
    grads = BackwardNet(forward)(ms.tensor(np.array(1), ms.int32))
    assert len(grads) == 1
    assert grads[0].dtype == ms.int32 and grads[0].item() == 3
    assert forward.weight.item() == 2


def test_save_graphs_writes_each_compiled_programs_jaxpr_and_stablehlo(tmp_path, monkeypatch):
    monkeypatch.setenv("MS_DEV_SAVE_GRAPHS", "1")
    monkeypatch.setenv("MS_DEV_SAVE_GRAPHS_PATH", str(tmp_path))

    @ms.jit
    def doubled_sine(x):
        return ops.sin(x) * 2

    doubled_sine(Tensor(np.ones(3, np.float32)))
    jaxprs = list(tmp_path.glob("*_validate_*doubled_sine.ir"))  # MindSpore's validated graph
    hlos = list(tmp_path.glob("*_stablehlo_*doubled_sine.mlir"))
    assert len(jaxprs) == 1 and len(hlos) == 1
    assert "sin" in jaxprs[0].read_text()
    assert "stablehlo.sine" in hlos[0].read_text()


def test_dump_ir_passes_keeps_the_named_passes(tmp_path, monkeypatch):
    monkeypatch.setenv("MS_DEV_SAVE_GRAPHS", "1")
    monkeypatch.setenv("MS_DEV_SAVE_GRAPHS_PATH", str(tmp_path))
    monkeypatch.setenv("MS_DEV_DUMP_IR_PASSES", "_validate")

    @ms.jit
    def doubled_cosine(x):
        return ops.cos(x) * 2

    doubled_cosine(Tensor(np.ones(3, np.float32)))
    assert [p.name.split("_", 1)[1] for p in tmp_path.iterdir()] == [
        "validate_doubled_cosine.ir"]


GRAPH_FILES = golden_cases("transforms/jit_graph_files_probe.out")


@pytest.fixture(scope="module")
def graph_files_cases():
    return run_script_on_msjax("jit_graph_files_probe.py")


@pytest.mark.parametrize("label", sorted(GRAPH_FILES))
def test_jit_compiles_a_cell_once_per_graph_name_as_mindspore(label, graph_files_cases):
    """`jit(net)` twice compiles once; `_set_jit_graph_name`, another instance, a class jitted
    before: once more each (counted by the validated graphs saved, as MindSpore's tests do)."""
    assert graph_files_cases.get(label) == GRAPH_FILES[label]


@pytest.mark.parametrize("name", ["NPUAllocFloatStatus", "NPUClearFloatStatus",
                                  "NPUGetFloatStatus"])
def test_ascend_only_float_status_ops_name_themselves_in_a_clear_error(name):
    op = getattr(ops, name)()
    with pytest.raises(RuntimeError, match=f"ops.{name} .* only on Ascend"):
        op(Tensor(np.zeros(8, np.float32)))


class _Scale(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0, 2.0, 3.0], np.float32)), name="w")
        self.dropout = nn.Dropout(p=0.5)

    def construct(self, x):
        return self.dropout(x * self.w)


def test_graph_mode_hot_path_follows_shapes_phase_parameters_and_jax_transforms():
    """The steady-state GRAPH_MODE call (the Cell's fast call, graph_call.py: the program's jitted
    function called directly) compiles per shape and phase, reads Parameters' current values, and composes with
    JAX's own transforms (tracers go through the same jitted function)."""
    import jax
    ms.set_context(mode=ms.GRAPH_MODE)
    net = _Scale()
    x = np.array([[1.0, 1.0, 1.0], [2.0, 2.0, 2.0]], np.float32)
    np.testing.assert_array_equal(net(Tensor(x)).asnumpy(), x * [1.0, 2.0, 3.0])  # compiles
    np.testing.assert_array_equal(net(Tensor(x[:1])).asnumpy(), x[:1] * [1.0, 2.0, 3.0])
    net.w.set_data(Tensor(np.array([2.0, 2.0, 2.0], np.float32)))
    np.testing.assert_array_equal(net(Tensor(x)).asnumpy(), x * 2.0)  # the new value, no retrace
    net.set_train(True)  # Dropout now drops: another program
    dropped = net(Tensor(np.ones((64, 3), np.float32))).asnumpy()
    assert set(np.unique(dropped)) == {0.0, 4.0}
    net.set_train(False)
    np.testing.assert_array_equal(net(Tensor(x)).asnumpy(), x * 2.0)

    def total(a):
        return net(Tensor(a))._data.sum()
    assert float(jax.jit(total)(x)) == float((x * 2.0).sum())
    np.testing.assert_array_equal(jax.grad(total)(x), np.full_like(x, 2.0))
