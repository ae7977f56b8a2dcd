"""`mindspore.ops.auto_generate`: MindSpore's generated operators, built from the recorded facts
(reference/mindspore_2.10.0_generated_ops.json) and msjax's own functions.

MindSpore 2.10's CPU build has no kernel for many of them (`OnesLikeExt`, `CumsumExt`: "The
kernel ... unregistered"); msjax computes every one it builds, so each is checked against the
public function MindSpore documents it as (`SumExt()(x, ...)` is `mint.sum(x, ...)`). The
goldens of the ones MindSpore runs on a CPU are in tests/goldens/api/conformance_probe1.out.
"""
import numpy as np
import pytest

import msjax
from msjax import Tensor, mint
from msjax._src import generated_ops as generated
from msjax.ops import auto_generate
from msjax.ops.auto_generate import gen_ops_def, gen_ops_prim

X = Tensor(np.arange(12, dtype=np.float32).reshape(3, 4) - 5)
CASES = [  # (generated class, its inputs, the public function and its inputs)
    ("SumExt", (X, 1, True), mint.sum, (X, 1, True)),
    ("MeanExt", (X, 0), mint.mean, (X, 0)),
    ("CumsumExt", (X, 1), mint.cumsum, (X, 1)),
    ("OnesLikeExt", (X,), mint.ones_like, (X,)),
    ("ZerosLikeExt", (X, msjax.int32), mint.zeros_like, (X,)),
    ("SubExt", (X, X, 3), mint.sub, (X, X), ),
    ("ArgMaxExt", (X, 1), mint.argmax, (X, 1)),
    ("Exp2", (X,), mint.exp2, (X,)),
]


@pytest.mark.parametrize("name, inputs, public, public_inputs", CASES,
                         ids=[c[0] for c in CASES])
def test_generated_primitive_computes_its_functional_form(name, inputs, public, public_inputs):
    cls = getattr(gen_ops_prim, name)
    assert cls is getattr(auto_generate, name) and cls.__name__ == name
    out = cls()(*inputs)
    expected = public(*public_inputs)
    if name == "SubExt":  # alpha=3: x - 3·x
        expected = X - 3 * X
    if name == "ZerosLikeExt":
        assert out.dtype == msjax.int32
        expected = expected.astype(msjax.int32)
    np.testing.assert_allclose(out.asnumpy(), expected.asnumpy())
    assert repr(cls()) == f"Prim[{name}]"


def test_module_instances_and_functions():
    assert isinstance(gen_ops_prim.sum_ext_op, gen_ops_prim.SumExt)
    assert gen_ops_prim.sum_ext_op is gen_ops_prim.sum_ext_op  # one instance, kept
    np.testing.assert_allclose(gen_ops_def.sum_ext(X, 0).asnumpy(), X.asnumpy().sum(0))
    assert gen_ops_prim.Add is msjax.ops.Add  # a class msjax's ops has is that class


def test_call_signature_is_mindspores():
    with pytest.raises(TypeError, match=r"SumExt.__call__\(\) missing 1 required positional "
                                        r"argument: 'input'"):
        gen_ops_prim.SumExt()()
    with pytest.raises(TypeError, match="unexpected keyword argument 'axis'"):
        gen_ops_prim.SumExt()(X, axis=0)


def test_a_generated_name_msjax_lacks_says_so():
    # Ascend's fused attention has no msjax implementation: an error naming it, not a stub
    assert generated.lookup("FlashAttentionScore") is None
    with pytest.raises(AttributeError, match="msjax does not implement "
                                             "mindspore.ops.auto_generate.FlashAttentionScore"):
        auto_generate.FlashAttentionScore  # noqa: B018
    with pytest.raises(ImportError, match="FlashAttentionScore"):
        from msjax.ops.auto_generate import FlashAttentionScore  # noqa: F401


def test_generated_names_cover_what_msjax_implements():
    record = generated._record()
    built = [n for n in record["primitives"] if generated.lookup_class(n) is not None]
    # every no-argument Primitive built here computes through a public msjax function
    assert len(built) >= 300
    for name in built:
        cls = generated.lookup_class(name)
        assert issubclass(cls, msjax.ops.Primitive), name
