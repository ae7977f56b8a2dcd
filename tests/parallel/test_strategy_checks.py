"""MindSpore's checks of an operator's shard strategy in semi-auto parallel mode
(parallel/strategy_checks.py). MindSpore's CPU build refuses semi-auto parallel compiles
("Invalid communication backend: CPU"), so no oracle run can show these errors; the expected
values are those of MindSpore's parallel unit tests (tests/ut/python/parallel: test_scatter_nd_ops,
test_roi_align, test_random_choice_with_mask, test_layout_extend_arithmetic,
test_auto_parallel_sp_newshape expect RuntimeError) and of its operator infos, whose compile
error is `RuntimeError: Failure:operator <Name> init failed`. Each case compiles in a job of one
device with `device_num=8`: MindSpore's checks read the stage's devices from device_num, so a
refused strategy fails before msjax would need the devices."""
import gc
import weakref

import numpy as np
import pytest

import msjax as ms
from msjax import Layout, Tensor, nn, ops


def compile_with(prim, *inputs, **context):
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, device_num=8,
                                 **context)
    return ms.jit(lambda *args: prim(*args))(*inputs)


def ones(*shape, dtype=np.float32):
    return Tensor(np.ones(shape, dtype))


REFUSED = [
    ("strategy count", ops.Add().shard(((2, 1),)), (ones(4, 4), ones(4, 4)),
     "strategy size: 1 is not equal to inputs size: 2"),
    ("strategy length", ops.Add().shard(((2,), (2, 1))), (ones(4, 4), ones(4, 4)),
     "strategy len: 1 is not equal to inputs len: 2"),
    ("not dividing", ops.ReLU().shard(((4, 1),)), (ones(6, 4),),
     "shape 6 cannot be divisible by strategy value 4"),
    ("not a power of 2", ops.ReLU().shard(((3, 1),)), (ones(6, 4),),
     "the value of strategy must be the power of 2, but get 3"),
    ("more than the stage", ops.ReLU().shard(((16, 1),)), (ones(16, 4),),
     "it requires 16 devices, but the device number of this stage is 8"),
    ("elementwise splits differ", ops.Mul().shard(((2, 4), (4, 2))), (ones(8, 8), ones(8, 8)),
     "split dimension -1 differently"),
    ("elementwise broadcast splits differ", ops.Add().shard(((2, 4), (2,))),
     (ones(8, 8), ones(8)), "split dimension -1 differently"),
    ("elementwise output strategy", ops.Add().shard(((2, 4), (2, 4)), ((2, 4),)),
     (ones(8, 8), ones(8, 8)), "It does not support to set output strategy now"),
    ("scatter updates", ops.ScatterNdAdd().shard(((1, 2, 4), (1, 1), (1, 2))),
     (ms.Parameter(ones(32, 64, 128)), Tensor(np.ones((4, 2), np.int32)), ones(4, 128)),
     "updates.strategy must be equal to indices.strategy[:-1] + input.strategy"),
    ("scatter indices", ops.TensorScatterAdd().shard(((1, 2, 4), (2, 1), (1, 4))),
     (ones(32, 64, 128), Tensor(np.ones((4, 2), np.int32)), ones(4, 128)),
     "The indices can not be split"),
    ("scatter update gathered dims", ops.ScatterNdUpdate().shard(((2, 2, 2), (1, 1), (1, 2))),
     (ms.Parameter(ones(32, 64, 128)), Tensor(np.ones((4, 2), np.int32)), ones(4, 128)),
     "the input cannot be shard at gather dims input[:2]"),
    ("random choice", ops.RandomChoiceWithMask().shard(((8, 1),)), (ones(512, 4, dtype=bool),),
     "Each dimension of input tensor is not splittable"),
    ("roi align", ops.ROIAlign(2, 2, 0.5).shard(((2, 1, 2, 2), (1, 1))),
     (ones(8, 3, 16, 16), ones(4, 5)), "strategy[0][2] and strategy[0][3] must be 1"),
]


@pytest.mark.parametrize("label, prim, inputs, reason", REFUSED, ids=[c[0] for c in REFUSED])
def test_refused_strategy_is_mindspores_compile_error(label, prim, inputs, reason):
    with pytest.raises(RuntimeError) as info:
        compile_with(prim, *inputs)
    first, second = str(info.value).splitlines()[:2]
    assert first == f"Failure:operator {prim.name} init failed"
    assert reason in second


def test_pipeline_stages_divide_the_devices():
    """A stage of a 2-stage pipeline over 8 devices has 4: a split over 8 is refused."""
    with pytest.raises(RuntimeError, match="device number of this stage is 4"):
        compile_with(ops.ReLU().shard(((8, 1),)), ones(8, 4), pipeline_stages=2)


def test_layout_splits_must_divide_and_match():
    layout = Layout((2, 2, 2), ("dp", "sp", "mp"))
    with pytest.raises(RuntimeError, match="does not divide it"):
        compile_with(ops.ReLU().shard((layout(("dp", "sp"), "mp"),)), ones(2, 4))
    with pytest.raises(RuntimeError, match="split dimension -1 differently"):
        compile_with(ops.Add().shard((layout(("dp", "sp"), "mp"), layout("None",))),
                     ones(8, 8), ones(8))


def test_self_define_shard_must_be_a_bool():
    layout = Layout((2, 1), ("dp", "mp"))
    prim = ops.TensorScatterUpdate().shard((layout("dp", "mp", "None"),) * 3)
    prim.add_prim_attr("self_define_shard", 1)
    with pytest.raises(RuntimeError, match="^SELF_DEFINE_SHARD attribute is not a bool"):
        compile_with(prim, ones(2, 2, 3), Tensor(np.zeros((2, 2, 2), np.int32)), ones(2, 2, 3))


def test_accepted_strategies_compute_the_unsharded_result():
    """Strategies MindSpore accepts (broadcast dimensions, an axis of size 1 in a Layout) pass
    the checks and compute what the unsharded program does (a job of one device: device_num 1)."""
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL)
    x = Tensor(np.arange(8, dtype=np.float32).reshape(2, 4))
    add = ops.Add().shard(((1, 1), (1,)))
    assert ms.jit(lambda a, b: add(a, b))(x, x[0]).asnumpy().tolist() == (
        (x.asnumpy() + x.asnumpy()[0]).tolist())
    layout = Layout((1, 1), ("dp", "mp"))
    mul = ops.Mul().shard((layout("dp", "mp"), layout("mp", "dp")))  # size-1 axes split nothing
    assert ms.jit(lambda a, b: mul(a, b))(x, x).asnumpy().tolist() == (x.asnumpy() ** 2).tolist()


def test_strategies_of_another_mode_are_not_checked():
    relu = ops.ReLU().shard(((3, 1),))
    assert ms.jit(lambda a: relu(a))(ones(6, 4)).shape == (6, 4)


def test_a_dead_cells_programs_are_forgotten():
    """_cell_graph_executor names a Cell's programs by the Cell's id: once the Cell is freed they
    are forgotten, so a new Cell that takes the id compiles (and is checked) anew instead of
    finding the dead one's program."""
    from msjax.common.api import _cell_graph_executor

    class Net(nn.Cell):
        def __init__(self, strategy):
            super().__init__()
            self.relu = ops.ReLU().shard(strategy)

        def construct(self, x):
            return self.relu(x)

    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, device_num=8)
    first = Net(((1, 1),))
    phase, compiled_now = _cell_graph_executor.compile(first, ones(8, 4))
    assert compiled_now and _cell_graph_executor.has_compiled(phase)
    alive = weakref.ref(first)
    del first
    gc.collect()
    assert alive() is None
    assert not _cell_graph_executor.has_compiled(phase)


def test_strategies_name_python_scalars_and_onehots_output():
    """MindSpore writes `()` for a Python scalar input, and OneHot's first entry describes its
    output (the indices' dimensions and the depth): both are accepted and computed (a job of one
    device); a scalar given splits is refused."""
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL)
    mul = ops.Mul().shard(((1, 1), ()))
    assert ms.jit(lambda a: mul(a, 2.0))(ones(2, 2)).asnumpy().tolist() == [[2.0, 2.0]] * 2
    one_hot = ops.OneHot().shard(((1, 1), (), ()))
    on, off = Tensor(1.0, ms.float32), Tensor(0.0, ms.float32)
    indices = Tensor(np.array([0, 2], np.int32))
    assert ms.jit(lambda i: one_hot(i, 3, on, off))(indices).asnumpy().tolist() == [
        [1.0, 0.0, 0.0], [0.0, 0.0, 1.0]]
    with pytest.raises(RuntimeError, match="strategy len: 1 is not equal to inputs len: 0"):
        compile_with(ops.Mul().shard(((1, 1), (2,))), ones(2, 2), 2.0)


def test_self_define_shard_takes_the_layouts_as_given():
    """With `self_define_shard=True` MindSpore's elementwise rules (no output layout) give way."""
    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL)
    layout = Layout((1, 1), ("dp", "mp"))
    add = ops.Add().shard((layout("dp", "mp"), layout("dp", "mp")), (layout("dp", "mp"),))
    with pytest.raises(RuntimeError, match="It does not support to set output strategy"):
        ms.jit(lambda a: add(a, a))(ones(2, 2))
    add.add_prim_attr("self_define_shard", True)
    assert ms.jit(lambda a: add(a, a))(ones(2, 2)).asnumpy().tolist() == [[2.0, 2.0]] * 2


def test_roi_align_keeps_a_dynamic_batch_whole():
    """ROIAlign may not split the features' batch when an input's shape is dynamic (MindSpore's
    ROIAlignInfo); the check reads the shapes the operator is traced with."""
    from msjax._src.parallel.strategy_checks import check_operator_strategy

    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, device_num=8)
    strategy = ((4, 1, 1, 1), (2, 1))
    check_operator_strategy("ROIAlign", strategy, [(32, 3, 16, 16), (16, 5)])
    with pytest.raises(RuntimeError, match="the dim-0 of first input can not be split if it's "
                                           "dynamic shape"):
        check_operator_strategy("ROIAlign", strategy, [(-1, 3, 16, 16), (16, 5)])


def test_the_error_names_the_construct_line():
    """As MindSpore's, the compile error ends with the line of the network that calls the
    operator ('The Traceback of Net Construct Code')."""

    class Net(nn.Cell):
        def __init__(self):
            super().__init__()
            self.relu = ops.ReLU().shard(((3, 1),))

        def construct(self, x):
            doubled = x * 2
            return self.relu(doubled)  # the refused operator's line

    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, device_num=8)
    with pytest.raises(RuntimeError) as info:
        ms.jit(Net())(ones(6, 4))
    message = str(info.value)
    assert "- The Traceback of Net Construct Code:" in message
    assert f"# 0 In file {__file__}:" in message
    assert message.splitlines()[-1].strip() == (
        "return self.relu(doubled)  # the refused operator's line")


def test_scatter_operators_take_layouts_only_as_self_defined():
    layout = Layout((2, 1), ("dp", "mp"))
    inputs = (ones(2, 2, 3), Tensor(np.zeros((2, 2, 2), np.int32)), ones(2, 2, 3))
    prim = ops.TensorScatterUpdate().shard((layout("dp", "mp", "None"),) * 3)
    with pytest.raises(RuntimeError, match="^Failure:operator TensorScatterUpdate init failed"):
        compile_with(prim, *inputs)
    prim.add_prim_attr("self_define_shard", False)
    with pytest.raises(RuntimeError, match="takes no Layout"):
        compile_with(prim, *inputs)


def test_an_interleaved_axis_needs_no_devices():
    """A Layout's "interleaved_parallel" axis splits the tensor within each device: (2, 4, 2)
    with it needs 8 devices, not 16."""
    from msjax._src.parallel.strategy_checks import check_operator_strategy

    ms.set_auto_parallel_context(parallel_mode=ms.ParallelMode.SEMI_AUTO_PARALLEL, device_num=8)
    layout = Layout((2, 4, 2), ("dp", "mp", "interleaved_parallel"))
    check_operator_strategy("ReLU", (layout(("dp", "interleaved_parallel"), "mp"),), [(8, 8)])
    wide = Layout((2, 4, 2), ("dp", "mp", "sp"))
    with pytest.raises(RuntimeError, match="needs 16 devices"):
        check_operator_strategy("ReLU", (wide(("dp", "sp"), "mp"),), [(8, 8)])


def test_a_sharded_conv2d_strides_one_over_batch_and_channels():
    images, weight = ones(8, 3, 8, 8), ones(4, 3, 2, 2)
    conv = ops.Conv2D(4, 2, pad_mode="same", stride=(2, 2, 1, 1)).shard(((8, 1, 1, 1),
                                                                         (1, 1, 1, 1)))
    with pytest.raises(RuntimeError, match=r"The first two elements of stride must be 1, but got "
                                           r"\(2, 2\)"):
        compile_with(conv, images, weight)
    ms.reset_auto_parallel_context()
    assert ms.jit(lambda a, b: conv(a, b))(images, weight).shape == (8, 4, 8, 8)  # not sharded
