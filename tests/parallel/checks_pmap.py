"""pmap and the collectives on 8 host devices (run by test_multi_device.py in a subprocess with
XLA_FLAGS=--xla_force_host_platform_device_count=8; not collected by the main session)."""
import inspect

import jax
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn, ops
from msjax._src.transforms import grad as grad_module
from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.support import assert_close, to_numpy

X = np.arange(24, dtype=np.float32).reshape(4, 6)


def setup_module():
    assert jax.device_count() == 8, "these checks run with 8 host devices"


def _grad_gives_per_device_gradients() -> bool:
    """Whether the gradient engine marks its primals per device (pmap.vary_over_mapped_axes)."""
    return "vary_over_mapped_axes" in inspect.getsource(grad_module._differentiate_once)


# -- pmap computes what vmap computes ----------------------------------------------------------
class Affine(nn.Cell):
    def __init__(self):
        super().__init__()
        self.weight = Parameter(Tensor(np.linspace(-1, 1, 18, dtype=np.float32).reshape(6, 3)),
                                name="weight")

    def construct(self, x):
        return ops.matmul(x, self.weight).relu()


def _sum_and_scale(a, b):
    return a.sum(), a * b


CASES = {
    "elementwise": (lambda a: a * 2 + 1, (X,), 0, 0),
    "in_axes 1": (lambda a: a.sum(), (X,), 1, 0),
    "in_axes -1, out_axes 1": (lambda a: ops.stack([a, a * a]), (X,), -1, 1),
    "tuple in_axes with None": (lambda a, b: a + b, (X, X[0]), (0, None), 0),
    "two outputs, out_axes tuple": (_sum_and_scale, (X, X), 0, (0, 1)),
    "nested tuple input": (lambda t: t[0] - t[1], ((X, X * 3),), 0, 0),
    "list output": (lambda a: [a, -a], (X,), 0, 0),
    "out_axes None for an unmapped output": (lambda a, b: (a, b.sum()), (X, X[0]), (0, None),
                                             (0, None)),
    "constant output": (lambda a: 5, (X,), 0, 0),
    "a Cell": (Affine(), (X,), 0, 0),
}


@pytest.mark.parametrize("label", sorted(CASES))
def test_pmap_equals_vmap(label):
    fn, arrays, in_axes, out_axes = CASES[label]
    args = tuple(tuple(Tensor(a) for a in x) if isinstance(x, tuple) else Tensor(x)
                 for x in arrays)
    expected = ms.vmap(fn, in_axes, out_axes)(*args)
    actual = ms.pmap(fn, in_axes, out_axes)(*args)
    assert type(actual) is type(expected)
    assert_close(actual, to_numpy(expected))


# The forms and errors of vmap's golden probe (MindSpore 2.10's vmap), with pmap: the same
# results, and the same errors naming pmap (pmap has no CellList exception to mention).
SAME_AS_VMAP = ["str axis", "scalar int axis", "float axis", "mismatch", "allnone",
                "single none", "oob", "oob neg", "out oob", "out none batched", "in len",
                "out len", "argc", "kwargs", "const out", "list out", "out none unbatched",
                "neg in", "0d oob"]


@pytest.fixture(scope="module")
def probe_with_pmap():
    original = ms.vmap
    ms.vmap = ms.pmap
    try:
        return run_script_on_msjax("vmap_probe.py")
    finally:
        ms.vmap = original


@pytest.mark.parametrize("label", SAME_AS_VMAP)
def test_pmap_forms_and_errors_match_vmap(label, probe_with_pmap):
    golden = golden_cases("transforms/vmap_probe.out")[label]
    expected = (golden.replace(" while 'fn' is not a 'CellList'", "")
                .replace("vmap", "pmap"))
    assert probe_with_pmap[label] == expected


# -- devices -----------------------------------------------------------------------------------
def test_axis_larger_than_the_devices_is_an_error_naming_the_fix():
    with pytest.raises(ValueError) as error:
        ms.pmap(lambda a: a)(Tensor(np.ones((16, 2), np.float32)))
    message = str(error.value)
    assert "argument 0 (shape (16, 2), in_axes 0) has size 16" in message
    assert "8 local CPU device(s)" in message
    assert "xla_force_host_platform_device_count" in message


def test_a_smaller_axis_runs_on_the_first_devices():
    out = ms.pmap(lambda a: a + ops.AllReduce()(a))(Tensor(X[:3]))
    assert {d.id for d in out._data.sharding.device_set} == {0, 1, 2}
    assert_close(out, X[:3] + X[:3].sum(0))


def test_devices_argument():
    devices = jax.devices()[4:8]
    out = ms.pmap(lambda a: a * 2, devices=devices)(Tensor(X))
    assert out._data.sharding.device_set == set(devices)
    assert_close(out, X * 2)
    with pytest.raises(ValueError, match=r"'devices' lists 4 devices"):
        ms.pmap(lambda a: a, devices=devices)(Tensor(X[:2]))
    with pytest.raises(TypeError, match="'devices' must be a non-empty sequence of JAX devices"):
        ms.pmap(lambda a: a, devices=["cpu:0"])


def test_pmap_inside_pmap_is_an_error():
    inner = ms.pmap(lambda a: a)
    with pytest.raises(NotImplementedError, match="a pmap inside the mapped axis 'pmap'"):
        ms.pmap(lambda a: inner(a))(Tensor(np.ones((2, 2, 3), np.float32)))


# -- the collectives over the mapped axis ------------------------------------------------------
@pytest.mark.parametrize("op, reduce", [(ops.ReduceOp.SUM, np.sum), (ops.ReduceOp.MAX, np.max),
                                        (ops.ReduceOp.MIN, np.min), (ops.ReduceOp.PROD, np.prod),
                                        (ops.ReduceOp.AVG, np.mean)])
def test_all_reduce(op, reduce):
    x = (X[:4] % 5 + 1) / 4
    out = ms.pmap(lambda a: ops.AllReduce(op)(a))(Tensor(x))
    assert_close(out, np.broadcast_to(reduce(x, axis=0), x.shape), rtol=1e-6)


def test_all_gather_reduce_scatter_broadcast():
    def collectives(a):
        gathered = ops.AllGather()(a)  # (4 * 6,): every rank's row, concatenated
        scattered = ops.ReduceScatter()(gathered)  # rank i: part i of the sum over ranks
        shared = ops.Broadcast(2)((a,))[0]
        maxed = ops.ReduceScatter(ops.ReduceOp.MAX)(gathered)
        return gathered, scattered, shared, maxed

    gathered, scattered, shared, maxed = ms.pmap(collectives)(Tensor(X))
    assert_close(gathered, np.broadcast_to(X.reshape(-1), (4, 24)))
    assert_close(scattered, (4 * X.reshape(-1)).reshape(4, 6))
    assert_close(shared, np.broadcast_to(X[2], (4, 6)))
    assert_close(maxed, X)


def test_functional_collectives_are_in_place():
    def functional(a):
        total = a.copy()
        assert ops.all_reduce(total) is None  # MindSpore 2.10: in place, returns the handle
        rows = [ops.zeros(6, ms.float32) for _ in range(4)]
        ops.all_gather(rows, a)
        joined = ops.zeros(24, ms.float32)
        ops.all_gather_into_tensor(joined, a)
        part = ops.zeros(6, ms.float32)
        ops.reduce_scatter_tensor(part, joined)
        first = ops.zeros(6, ms.float32)
        ops.reduce_scatter(first, [a, a * 2, a * 3, a * 4], op=ops.ReduceOp.MAX)
        root = a.copy()
        handle = ops.broadcast(root, 1, async_op=True)
        handle.wait()
        ops.barrier()
        return total, rows[3], joined, part, first, root

    total, row3, joined, part, first, root = ms.pmap(functional)(Tensor(X))
    assert_close(total, np.broadcast_to(X.sum(0), X.shape))
    assert_close(row3, np.broadcast_to(X[3], X.shape))
    assert_close(joined, np.broadcast_to(X.reshape(-1), (4, 24)))
    assert_close(part, 4 * X)
    assert_close(first, np.stack([X[3] * (i + 1) for i in range(4)]))
    assert_close(root, np.broadcast_to(X[1], X.shape))


def test_a_group_may_name_the_pmap_axis():
    out = ms.pmap(lambda a: ops.AllReduce(group="batch")(a), axis_name="batch")(Tensor(X))
    assert_close(out, np.broadcast_to(X.sum(0), X.shape))
    with pytest.raises(ValueError, match="the communication group 'other' does not exist"):
        ms.pmap(lambda a: ops.AllReduce(group="other")(a), axis_name="batch")(Tensor(X))


# -- Parameters: replicated, written back consistently -----------------------------------------
def test_parameters_are_replicated_and_read_only_by_default():
    cell = Affine()
    before = cell.weight.asnumpy()
    out = ms.pmap(cell)(Tensor(X))
    assert_close(out, np.maximum(X @ before, 0))
    np.testing.assert_array_equal(cell.weight.asnumpy(), before)


def test_a_consistent_write_is_written_back_once():
    w = Parameter(Tensor(np.ones(6, np.float32)), name="w")

    def step(a):
        ops.assign(w, w + ops.AllReduce()(a))
        return a

    ms.pmap(step)(Tensor(X))
    assert_close(w, 1 + X.sum(0))
    value = w._value
    assert len(value.sharding.device_set) == 1 and not value.committed
    # An ordinary array: it mixes with a pmap output (on 4 devices) and with eager code.
    out = ms.pmap(lambda a: a)(Tensor(X))
    assert_close(out + w, X + 1 + X.sum(0))
    ms.pmap(step)(Tensor(X))  # the replicated copy kept beside it is reused
    assert_close(w, 1 + 2 * X.sum(0))


def test_an_inconsistent_write_is_an_error_and_changes_nothing():
    w = Parameter(Tensor(np.ones(6, np.float32)), name="w")
    v = Parameter(Tensor(np.zeros(6, np.float32)), name="v")

    def step(a):
        ops.assign(v, v + 1)
        ops.assign(w, a)
        return a

    with pytest.raises(ValueError, match="Parameter 'w' is assigned a value that differs between "
                                         "the devices of the mapped axis 'pmap'"):
        ms.pmap(step)(Tensor(X))
    np.testing.assert_array_equal(w.asnumpy(), np.ones(6))
    np.testing.assert_array_equal(v.asnumpy(), np.zeros(6))


def test_a_parameter_argument_is_replicated():
    w = Parameter(Tensor(np.arange(6, dtype=np.float32)), name="w")
    assert_close(ms.pmap(lambda a, p: a * p, in_axes=(0, None))(Tensor(X), w),
                 X * np.arange(6, dtype=np.float32))
    with pytest.raises(ValueError, match="argument 1 holds a Parameter with a mapped axis"):
        ms.pmap(lambda a, p: a * p)(Tensor(X), w)


def test_out_axes_none_for_a_mapped_output_is_vmaps_error():
    with pytest.raises(RuntimeError, match="It is invalid that source is not None and dst is "
                                           "None."):
        ms.pmap(lambda a: (a, a), out_axes=(0, None))(Tensor(X))


@pytest.mark.xfail(not _grad_gives_per_device_gradients(), strict=True,
                   reason="needs the gradient engine to mark its primals per device "
                          "(grad.py: primals = vary_over_mapped_axes(primals))")
def test_an_optimizer_step_inside_pmap_with_summed_gradients():
    """Per-device gradients, summed with AllReduce: every device takes the same step, which is
    the step of the whole batch; one copy is written back."""
    net = Affine()
    initial = net.weight.asnumpy()
    loss_fn = nn.MSELoss()
    optimizer = nn.SGD(net.trainable_params(), learning_rate=0.1)
    target = np.ones((4, 2, 3), np.float32)

    def step(x, y):
        loss, grads = ms.value_and_grad(lambda a, b: loss_fn(net(a), b), None,
                                        net.trainable_params())(x, y)
        grads = tuple(ops.AllReduce()(g) / 4 for g in grads)
        optimizer(grads)
        return loss

    batch = X[:, :6].reshape(4, 1, 6).repeat(2, axis=1)
    ms.pmap(step)(Tensor(batch), Tensor(target))
    # The same step on the whole batch, on one device.
    reference = Affine()
    reference.weight.set_data(Tensor(initial))
    ref_opt = nn.SGD(reference.trainable_params(), learning_rate=0.1)
    _, grads = ms.value_and_grad(lambda a, b: loss_fn(reference(a), b), None,
                                 reference.trainable_params())(
        Tensor(batch.reshape(8, 6)), Tensor(target.reshape(8, 3)))
    ref_opt(grads)
    assert_close(net.weight, reference.weight.asnumpy(), rtol=1e-5, atol=1e-6)


# -- composition -------------------------------------------------------------------------------
def _mapped(a):
    return a * 2 + ops.AllReduce()(a)


def test_jit_of_pmap():
    mapped = ms.pmap(_mapped)
    assert_close(ms.jit(lambda a: mapped(a) + 1)(Tensor(X)), X * 2 + X.sum(0) + 1)


def test_grad_of_pmap():
    mapped = ms.pmap(_mapped)
    grads = ms.grad(lambda a: mapped(a).sum())(Tensor(X))
    assert_close(grads, np.full(X.shape, 2.0 + 4.0, np.float32))


def test_vmap_of_pmap_and_pmap_of_vmap():
    xs = np.stack([X, X * 10])
    outer = ms.vmap(ms.pmap(_mapped))(Tensor(xs))
    assert_close(outer, np.stack([_mapped_np(X), _mapped_np(X * 10)]))
    inner = ms.pmap(ms.vmap(lambda r: r * 3 + ops.AllReduce()(r)))(Tensor(xs.transpose(1, 0, 2)))
    assert_close(inner, (xs * 3 + xs.sum(1, keepdims=True)).transpose(1, 0, 2))


def _mapped_np(x):
    return x * 2 + x.sum(0)


# -- the seed article's pipeline (seeds/jax_vmap_pmap_blog_zh.md), written MindSpore-style -----
def _rotate_90(img):
    return ops.rot90(img, 1, (0, 1))


def _random_rotate(img, rotate):
    if rotate:  # a tensor condition: msjax converts it to lax.cond
        img = _rotate_90(img)
    return img


def _random_horizontal_flip(img, flip):
    if flip:
        img = ops.fliplr(img)
    return img


def _augment(images, rotate, flip):
    images = ms.vmap(_random_rotate, in_axes=(0, 0))(images, rotate)
    return ms.vmap(_random_horizontal_flip, in_axes=(0, 0))(images, flip)


def test_the_seed_articles_augmentation_pipeline_over_8_devices():
    """64 images, 8 per device: pmap over devices of the vmapped per-image augmentation."""
    rng = np.random.default_rng(1234)
    images = rng.integers(0, 255, (64, 8, 8, 3)).astype(np.float32)
    rotate = rng.integers(0, 2, 64).astype(np.int32)
    flip = rng.integers(0, 2, 64).astype(np.int32)
    out = ms.pmap(_augment)(Tensor(images.reshape(8, 8, 8, 8, 3)),
                            Tensor(rotate.reshape(8, 8)), Tensor(flip.reshape(8, 8)))
    expected = []
    for img, r, f in zip(images, rotate, flip):
        img = np.rot90(img, 1, (0, 1)) if r else img
        expected.append(np.fliplr(img) if f else img)
    assert_close(out, np.stack(expected).reshape(8, 8, 8, 8, 3))
