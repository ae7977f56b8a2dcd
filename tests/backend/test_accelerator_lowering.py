"""The training step of each model in benchmarks/models.py, lowered for a GPU (`cuda`) and a TPU
on this CPU with `jax.export`, is the program an accelerator should run (issue 29): no float64 in
a float32 model, none of the CPU-only rewrites (convolutions as matrix products, rows returned
stacked: backend/lowering.py), no host callback, and the buffers of the Parameters and optimizer
state donated to their updates. Both forms: the compiled GRAPH_MODE step, lowered as msjax
compiles it on that platform (`backend.lowering_for`, `Program.donated`), and the pure function
`msjax.functional` gives a JAX user, under the user's own `jax.jit(..., donate_argnums=0)`."""
from __future__ import annotations

import re

import jax
import pytest

import msjax as ms
from msjax._src.backend import interface, lowering
from msjax._src.core import x64
from tests.model_steps import MODELS, benchmark_models, graph_mode_step, train_cell  # noqa: F401

PLATFORMS = ("cuda", "tpu")
_F64 = re.compile(r"\bf64\b")  # StableHLO's float64 element type (tensor<f64>, tensor<2x3xf64>)
_CUSTOM_CALL = re.compile(r"custom_call @([\w.]+)")
_ALIAS = re.compile(r"tf\.aliasing_output = (\d+)")


def _f64_lines(text):
    return [line.strip()[:200] for line in text.splitlines() if _F64.search(line)]


def _host_callbacks(text):
    """The custom calls of a lowered program that call back into Python on the host
    (`jax.pure_callback`, `io_callback`, `debug.callback`, `jax.debug.print`). For a platform
    other than this machine's, `jax.export` refuses to lower a host callback at all (ValueError:
    "the platform for the specified backend cpu is different from the lowering platform"), so
    one fails the export before this check."""
    return sorted({target for target in _CUSTOM_CALL.findall(text) if "callback" in target})


def _ops(text):
    return text.count("stablehlo.convolution"), text.count("stablehlo.dot_general")


def _aliased_inputs(text) -> int:
    """How many inputs of the exported `main` give their buffer to an output."""
    (main,) = [line for line in text.splitlines() if "func.func public @main" in line]
    return len(_ALIAS.findall(main))


def _precisions(text):
    """The precisions of the float32 matrix products and of the convolutions of a lowered
    program, as sets of names (one that names none has the default: "DEFAULT")."""
    dots, convs = set(), set()
    for line in text.splitlines():
        if "stablehlo.dot_general" in line and "xf32>" in line.split(" : ")[-1]:
            found = re.search(r"precision = \[(\w+), \w+\]", line)
            dots.add(found.group(1) if found else "DEFAULT")
        elif "stablehlo.convolution" in line:
            found = re.search(r"precision_config = \[#stablehlo<precision (\w+)>", line)
            convs.add(found.group(1) if found else "DEFAULT")
    return dots, convs


def _check(text, name, platform):
    assert _f64_lines(text) == [], (name, platform)
    assert _host_callbacks(text) == [], (name, platform)
    # MindSpore's GPU defaults (core/op_precision.py): float32 matrix products in float32
    # (matmul_allow_tf32 False), convolutions in TF32 (conv_allow_tf32 True)
    dots, convs = _precisions(text)
    assert dots <= {"HIGHEST"} and convs <= {"DEFAULT"}, (name, platform, dots, convs)


@pytest.mark.parametrize("name", MODELS)
def test_the_compiled_graph_mode_step_lowers_for_accelerators_as_traced_and_donating(
        name, benchmark_models):  # noqa: F811
    step = graph_mode_step(name, benchmark_models)
    program = step.program
    # Donation: every box the step writes (Parameters, optimizer state, the RNG key) gives its
    # buffer to its update, and the network's trainable Parameters are among them.
    assert sorted(program.donated) == sorted(program.written_index)
    donated_ids = {id(program.boxes[i]) for i in program.donated}
    assert {id(p) for p in step.trained} <= donated_ids, name
    assert len(donated_ids) > len(step.trained), name  # the optimizer's state too
    with x64.on():  # as msjax traces and lowers its programs
        closed = program.jitted.trace(*step.args).jaxpr
    as_traced = jax.jit(program.jitted.__wrapped__, donate_argnums=program.donated)
    for platform in PLATFORMS:
        # what _compile runs there: no CPU rewrite of the traced program...
        assert lowering.for_platforms((platform,)).prepare_program(closed) is None
        with x64.on():
            text = jax.export.export(as_traced, platforms=[platform])(*step.args).mlir_module()
        _check(text, name, platform)
        assert _aliased_inputs(text) == len(program.donated), (name, platform)
        # ...and the backend's own export for the platform is the program as traced (the CPU's
        # is not, where a model has convolutions: tests/backend/test_platforms.py)
        with x64.on():
            exported = interface.export_program(closed, [platform]).mlir_module()
        assert _ops(exported) == _ops(text), (name, platform)


@pytest.mark.parametrize("name", MODELS)
def test_the_functional_step_lowers_for_accelerators_and_donates_under_the_users_jit(
        name, benchmark_models):  # noqa: F811
    train, x, y = train_cell(name, benchmark_models)
    params, apply = ms.functional(train)
    step = jax.jit(lambda p, data, label: apply.with_updates(p, data, label), donate_argnums=0)
    leaves = len(jax.tree_util.tree_leaves(params))
    for platform in PLATFORMS:  # traced and lowered by the user's jit, with the user's setting
        text = jax.export.export(step, platforms=[platform])(params, x, y).mlir_module()
        _check(text, name, platform)
        # every Parameter and optimizer state leaf aliases its update
        assert _aliased_inputs(text) == leaves, (name, platform)


def test_the_tf32_switches_change_the_lowered_precisions():
    """`device_context.gpu.op_precision.matmul_allow_tf32(True)` lets float32 products take
    JAX's default precision (TF32 on a GPU); `conv_allow_tf32(False)` computes convolutions in
    float32. JAX's own setting outside msjax's calls stays the user's."""
    from msjax import Tensor, nn
    from msjax.device_context.gpu import op_precision
    net = nn.SequentialCell([nn.Conv2d(3, 4, 3), nn.Flatten(), nn.Dense(4 * 8 * 8, 2)])

    def lowered():  # the precisions are in the traced program, the same for every platform
        return jax.jit(lambda a: net(Tensor(a))._data).lower(
            jax.ShapeDtypeStruct((2, 3, 8, 8), "float32")).as_text()
    assert _precisions(lowered()) == ({"HIGHEST"}, {"DEFAULT"})
    try:
        op_precision.matmul_allow_tf32(True)
        op_precision.conv_allow_tf32(False)
        assert _precisions(lowered()) == ({"DEFAULT"}, {"HIGHEST"})
    finally:
        op_precision.matmul_allow_tf32(False)
        op_precision.conv_allow_tf32(True)
    assert jax.config.jax_default_matmul_precision is None
    with jax.default_matmul_precision("bfloat16"):  # a JAX user's setting, kept outside msjax
        assert _precisions(lowered())[0] == {"HIGHEST"}
        assert jax.config.jax_default_matmul_precision == "bfloat16"
    for switch in (op_precision.matmul_allow_tf32, op_precision.conv_allow_tf32):
        with pytest.raises(TypeError, match="The parameter 'value' must be <class 'bool'>, but "
                                            "got <class 'int'>"):
            switch(1)
