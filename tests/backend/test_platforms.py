"""The CPU-only rewrites say where they apply (backend/lowering.py): a program lowered for `cuda`
or `tpu` is the program as traced; lowered for the CPU it has its convolutions as matrix products
(conv_as_dot.py) and the rows of a scanned chain's gradients returned stacked
(stacked_outputs.py). `jax.export` lowers for any platform on this CPU."""
from __future__ import annotations

import jax
import numpy as np
import pytest

import msjax as ms
from msjax import Parameter, Tensor, nn
from msjax._src.backend import conv_as_dot, interface, jax_private, lowering, quick_compile
from msjax._src.backend.one_program import EAGER_COMPILER_OPTIONS, EAGER_QUICK_COMPILE
from tests.support import PRIVATE_JAX


class _Block(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc = nn.Dense(64, 64)
        self.act = nn.GELU()

    def construct(self, x):
        return x + self.act(self.fc(x))


_Block.__init__ = ms.lazy_inline(_Block.__init__)


class _ConvNet(nn.Cell):
    """A convolution on a 1x1 map (the shape of a late ResNet stage, scaled down), then a
    lazy_inline chain of 4 blocks: on the CPU, the convolution and its kernel gradient become
    products and the chain's gradients leave the program stacked."""

    def __init__(self):
        super().__init__()
        self.conv = nn.Conv2d(32, 64, 3, pad_mode="pad", padding=1, weight_init="normal")
        self.blocks = nn.CellList([_Block() for _ in range(4)])

    def construct(self, x):
        out = self.conv(x).reshape((x.shape[0], 64))
        for block in self.blocks:
            out = block(out)
        return (out * out).mean()


def _traced_training_step(monkeypatch):
    """The traced program of a compiled training step (loss and gradients) of `_ConvNet`, after
    a call compiled it on this CPU."""
    monkeypatch.setattr(conv_as_dot, "MIN_SAVED", 0)  # the shapes are scaled down
    ms.set_seed(0)
    net = _ConvNet()
    step = ms.jit(ms.value_and_grad(net, None, net.trainable_params()))
    x = Tensor(np.random.default_rng(0).standard_normal((2, 32, 1, 1)).astype(np.float32))
    step(x)
    (program,) = set(step.compiled.programs.values())
    return program.jitted.trace(*step.compiled.read_boxes(program), x._data).jaxpr


def _counts(exported) -> tuple[int, int, int]:
    """(convolutions, dot_generals, results) of an exported program."""
    text = exported.mlir_module()
    return (text.count("stablehlo.convolution"), text.count("stablehlo.dot_general"),
            len(exported.out_avals))


def _as_traced(closed, platform):
    def program(*args):
        return tuple(jax.core.eval_jaxpr(closed.jaxpr, closed.consts, *args))
    avals = [jax.ShapeDtypeStruct(v.aval.shape, v.aval.dtype) for v in closed.jaxpr.invars]
    return jax.export.export(jax.jit(program), platforms=[platform])(*avals)


@pytest.mark.parametrize("platform", ["cuda", "tpu"])
def test_a_training_step_lowered_for_an_accelerator_is_the_program_as_traced(monkeypatch,
                                                                            platform):
    closed = _traced_training_step(monkeypatch)
    traced = _counts(_as_traced(closed, platform))
    assert traced[0] == 2  # the forward convolution and its kernel gradient
    assert lowering.for_platforms((platform,)).prepare_program(closed) is None
    exported = interface.export_program(closed, [platform])
    assert exported.platforms == (platform,)
    # no convolution became slices and a product, no output was stacked
    assert _counts(exported) == traced


def test_the_same_step_lowered_for_the_cpu_has_the_cpu_rewrites(monkeypatch):
    closed = _traced_training_step(monkeypatch)
    convs, dots, results = _counts(_as_traced(closed, "cpu"))
    got = _counts(interface.export_program(closed, ["cpu"]))
    if not PRIVATE_JAX:  # the rewrites read the traced program through JAX's private API
        assert got == (convs, dots, results)
        return
    assert got[0] == 0 and got[1] > dots  # both convolutions as products
    assert got[2] < results  # the chain's 4 blocks' gradients: one stacked array per kind


def test_each_rewrite_declares_its_platforms():
    assert conv_as_dot.PLATFORMS == ("cpu",)
    assert quick_compile.PLATFORMS == ("cpu",)
    assert lowering.LOOPED_ENSEMBLE_PLATFORMS == ("cpu",)
    for platforms in [("cuda",), ("rocm",), ("tpu",), ("gpu",), ("cpu", "cuda")]:
        accelerator = lowering.for_platforms(platforms)
        assert accelerator.ensemble((0, 0), 4) == "vectorised"
        assert not accelerator.inline_scanned_chains(None)
        assert accelerator.rewrite_program(None) is None
        assert accelerator.stack_row_outputs(None) is None
        assert accelerator.compiler_options(checked=True) is None
    assert lowering.for_platforms(("cpu",)).ensemble((0, 0), 4) == "looped"
    assert lowering.CHECKED_SCHEDULE_PLATFORMS == ("cpu",)


def test_a_checked_program_is_compiled_with_the_memory_optimised_cpu_scheduler(monkeypatch):
    """backend/lowering.py: a program whose index checks are bound inside it, and only such a
    program, is compiled with XLA's memory-optimised CPU scheduler (the jit its calls go through
    carries the option), and it still runs inside another trace, where a jit may carry no
    options. A program whose checks read only its arguments runs them before it on a CPU
    (split_checks.py) and is compiled as an unchecked one."""
    cpu = lowering.for_platforms(("cpu",))
    assert cpu.compiler_options(checked=False) is None
    assert cpu.compiler_options(checked=True) == lowering.CHECKED_COMPILER_OPTIONS
    options, jit = [], jax.jit

    def recording_jit(fn, **kwargs):
        options.append(kwargs.get("compiler_options"))
        return jit(fn, **kwargs)
    monkeypatch.setattr(jax, "jit", recording_jit)
    x = Tensor(np.arange(3, dtype=np.float32))
    index = Parameter(Tensor(np.array([2], np.int32)), name="index")
    gather_state = ms.jit(lambda x: ms.ops.gather(x, index, 0) * 2)  # checks read state
    gather = ms.jit(lambda x, i: ms.ops.gather(x, i, 0) * 2)  # checks read an argument
    double = ms.jit(lambda x: x * 2)
    on_cpu = jax.default_backend() == "cpu"
    split_here = on_cpu and jax_private.ENABLED
    for fn, args, checked, scheduled in [
            (gather_state, (x,), True, on_cpu),
            (gather, (x, Tensor(np.array([2], np.int32))), True, on_cpu and not split_here),
            (double, (x,), False, False)]:
        options.clear()
        np.testing.assert_allclose(fn(*args).asnumpy(), [4.0] if checked else [0.0, 2.0, 4.0])
        (program,) = fn.compiled.programs.values()
        assert program.checked == checked
        wanted = lowering.CHECKED_COMPILER_OPTIONS if scheduled else None
        assert wanted in options and all(o in (None, wanted) for o in options)
    outer = ms.jit(lambda x, i: gather(x, i) + 1)  # `gather`'s program, compiled, in a trace
    np.testing.assert_allclose(outer(x, Tensor(np.array([1], np.int32))).asnumpy(), [3.0])


def test_an_xla_without_the_scheduler_option_says_so_and_compiles_with_its_default(
        monkeypatch, caplog):
    """An XLA that rejects `CHECKED_COMPILER_OPTIONS` is probed once, logged (not silent), and a
    checked program then gets no options."""
    monkeypatch.setattr(lowering, "CHECKED_COMPILER_OPTIONS",
                        {"xla_cpu_scheduler_type": "NO_SUCH_SCHEDULER"})
    lowering._accepts_checked_options.cache_clear()
    try:
        with caplog.at_level("INFO", logger="msjax"):
            assert lowering.for_platforms(("cpu",)).compiler_options(checked=True) is None
        assert any("does not take" in r.getMessage() and "NO_SUCH_SCHEDULER" in r.getMessage()
                   for r in caplog.records)
    finally:
        lowering._accepts_checked_options.cache_clear()


def test_the_quick_compile_at_level_0_is_for_the_cpu_only():
    for backend in ("gpu", "cuda", "tpu"):
        assert EAGER_QUICK_COMPILE.options(backend, EAGER_COMPILER_OPTIONS.get(backend)) is None
    assert EAGER_QUICK_COMPILE.options("cpu", EAGER_COMPILER_OPTIONS["cpu"]) is not None
    everywhere = quick_compile.QuickCompile(
        options_by_backend={"tpu": {"xla_backend_optimization_level": 0}},
        slowdown_limit=1.0, reoptimize_slowdown=1.0, keep_quick_up_to=0.0)
    assert everywhere.options("tpu", None) is None  # the declaration wins
