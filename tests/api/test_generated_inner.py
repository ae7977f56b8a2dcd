"""`mindspore.ops.auto_generate`'s pyboost_inner_prim instances, generated Primitives with
constructor arguments and the random ones taking a generator state (msjax/_src/generated_ops.py),
as MindSpore 2.10 has them: tests/goldens/scripts/generated_inner_probe.py run unchanged.

MindSpore 2.10's CPU build has no kernel for some (`StackExt`, `EluExt`, `RmsNorm`, `Roll`:
"unregistered", the golden's lines); msjax computes them on every backend, so those are checked
against NumPy here."""
import numpy as np
import pytest

import msjax
from msjax import Tensor
from msjax._src import generated_ops as generated
from msjax.ops.auto_generate import gen_ops_prim, pyboost_inner_prim
from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDEN = golden_cases("api/generated_inner_probe.out")
ASCEND_ONLY = sorted(k for k, v in GOLDEN.items() if "unregistered" in v)
X = np.array([[1., -3., 2.], [0.5, 4., -1.]])
STACKED = np.stack([X, X], 1)
RMS = X / np.sqrt((X ** 2).mean(1, keepdims=True) + 1e-6)
# label -> what MindSpore's kernel computes (its documented formula), as the probe shows it
ASCEND_VALUES = {
    "roll_impl": f"Float32[2, 3] {np.roll(X, 1, 1).tolist()}",
    "stack_ext_impl": f"Float32[2, 2, 3] {STACKED.tolist()}",
    "StackExt(dim)": f"Float32[2, 2, 3] {STACKED.tolist()}",
    "elu_ext_impl": f"Float32[2, 3] {np.round(np.where(X > 0, X, np.expm1(X)), 4).tolist()}",
    "rms_norm_impl": (f"(Float32[2, 3] {np.round(RMS, 4).tolist()}, Float32[2, 1] "
                      f"{np.round(1 / np.sqrt((X ** 2).mean(1, keepdims=True) + 1e-6), 4).tolist()})"),
}


@pytest.fixture(scope="module")
def msjax_cases():
    return run_script_on_msjax("generated_inner_probe.py")


@pytest.mark.parametrize("label", sorted(set(GOLDEN) - set(ASCEND_ONLY)))
def test_matches_mindspore(label, msjax_cases):
    assert msjax_cases.get(label) == GOLDEN[label]


def test_every_ascend_only_case_has_its_values():
    assert sorted(ASCEND_VALUES) == ASCEND_ONLY


@pytest.mark.parametrize("label", sorted(ASCEND_VALUES))
def test_ascend_only_kernels_compute_their_formula(label, msjax_cases):
    assert msjax_cases.get(label) == ASCEND_VALUES[label]


def test_inner_instances_are_built_by_rule():
    """Every inner instance whose generated Primitive msjax has is built, as one of a class
    named as MindSpore's (`_PyboostConcatPrim`)."""
    record = generated._record()
    built = []
    for name, cls_name in record["inner"].items():
        base = cls_name[len("_Pyboost"):-len("Prim")]
        if generated.lookup_class(base) is None:
            continue
        value = getattr(pyboost_inner_prim, name)
        assert type(value).__name__ == cls_name and isinstance(value, msjax.ops.Primitive)
        built.append(name)
    assert len(built) >= 35, built


def test_constructor_arguments_are_attributes_and_checked():
    prim = gen_ops_prim.StackExt(2)
    assert prim.dim == 2 and prim.attrs["dim"] == 2
    with pytest.raises(TypeError, match=r"StackExt.__init__\(\) takes from 1 to 2 positional "
                                        r"arguments but 3 were given"):
        gen_ops_prim.StackExt(1, 2)


X32 = Tensor(np.ones((2, 3), np.float32))
RANDOM = [  # (instance, its inputs before (seed, offset))
    (gen_ops_prim.inplace_uniform_op, lambda: (Tensor(np.zeros((2, 3), np.float32)), 0., 1.)),
    (gen_ops_prim.inplace_normal_op, lambda: (Tensor(np.zeros((2, 3), np.float32)), 0., 1.)),
    (gen_ops_prim.multinomial_ext_op, lambda: (Tensor([0.1, 0.2, 0.7]), 4, True)),
    (gen_ops_prim.bernoulli_ext_op, lambda: (Tensor(np.full((4, 4), 0.5, np.float32)),)),
]


@pytest.mark.parametrize("op, inputs", RANDOM, ids=[type(r[0]).__name__ for r in RANDOM])
def test_random_instances_draw_from_the_state_they_are_given(op, inputs):
    """The same (seed, offset) draws the same numbers; another offset others."""
    seed, offset = Tensor(7, msjax.int64), Tensor(0, msjax.int64)
    first = op(*inputs(), seed, offset).asnumpy()
    again = op(*inputs(), seed, offset).asnumpy()
    other = op(*inputs(), seed, Tensor(12, msjax.int64)).asnumpy()
    np.testing.assert_array_equal(first, again)
    if op is not gen_ops_prim.multinomial_ext_op:  # 4 draws of 3 classes may well repeat
        assert not np.array_equal(first, other)


def test_random_draws_have_their_distribution():
    seed, offset = msjax.default_generator._step(Tensor(4, msjax.int64))
    x = Tensor(np.zeros((200, 50), np.float32))
    out = gen_ops_prim.inplace_uniform_op(x, 2., 3., seed, offset)
    assert out is x and 2 <= x.asnumpy().min() and x.asnumpy().max() < 3
    ints = gen_ops_prim.randint_op(0, 5, (1000,), seed, offset, msjax.int32).asnumpy()
    assert ints.dtype == np.int32 and set(ints.tolist()) == {0, 1, 2, 3, 4}
    normal = gen_ops_prim.inplace_normal_op(x, 1., 2., seed, offset).asnumpy()
    assert abs(normal.mean() - 1) < 0.1 and abs(normal.std() - 2) < 0.1


def test_max_pool_with_indices_is_max_pool2d_with_its_indices():
    """MindSpore 2.10 runs it on Ascend only ("The kernel MaxPoolWithIndices unregistered")."""
    x = np.random.RandomState(0).randn(2, 3, 5, 5).astype(np.float32)
    out, indices = gen_ops_prim.MaxPoolWithIndices(2, 2)(Tensor(x))
    windows = x[:, :, :4, :4].reshape(2, 3, 2, 2, 2, 2).transpose(0, 1, 2, 4, 3, 5)
    np.testing.assert_array_equal(out.asnumpy(), windows.reshape(2, 3, 2, 2, 4).max(-1))
    assert indices.dtype == msjax.int64
    np.testing.assert_array_equal(np.take_along_axis(x.reshape(2, 3, 25),
                                                     indices.asnumpy().reshape(2, 3, 4), -1),
                                  out.asnumpy().reshape(2, 3, 4))
    impl = pyboost_inner_prim.max_pool_with_indices_impl
    again = impl(Tensor(x), (2, 2), (2, 2), (0, 0), (1, 1), False, msjax.int32)
    assert again[1].dtype == msjax.int32
    np.testing.assert_array_equal(again[0].asnumpy(), out.asnumpy())


def test_grid_sampler_3d_impl_is_grid_sample():
    x = Tensor(np.arange(2 * 3 * 3 * 3, dtype=np.float32).reshape(1, 2, 3, 3, 3))
    grid = Tensor(np.random.RandomState(0).uniform(-1, 1, (1, 2, 2, 2, 3)).astype(np.float32))
    out = pyboost_inner_prim.grid_sampler_3d_impl(x, grid, "bilinear", "zeros", True)
    expected = msjax.ops.grid_sample(x, grid, "bilinear", "zeros", True)
    np.testing.assert_allclose(out.asnumpy(), expected.asnumpy(), rtol=1e-6)
