"""The three MindSpore seed tutorials run unchanged through `msjax run` (and so through msjax's
Jupyter kernel), and show what MindSpore 2.10 showed wherever that is deterministic
(`../shared/seeds/reference/*.out`). Random values and timings differ: there the shapes, dtypes
and the relations the tutorial demonstrates are checked instead."""
import re

import numpy as np
import pytest

from tests.compat.seed_runs import ExecutedNotebook, lines, numbers, without_whitespace
from tests.seed_notebooks import SEEDS, reference, tensor_headers

pytestmark = pytest.mark.skipif(not SEEDS.exists(), reason="../shared/seeds is not present")


# --- mindspore_vmap_tutorial_zh.ipynb ---------------------------------------------------------

@pytest.fixture(scope="module")
def vmap_tutorial(tmp_path_factory):
    return ExecutedNotebook("mindspore_vmap_tutorial_zh.ipynb", tmp_path_factory.mktemp("vmap"))


@pytest.fixture(scope="module")
def vmap_reference():
    return reference("mindspore_vmap_tutorial_zh.mindspore-2.10-cpu.out")


def test_vmap_tutorial_runs_every_cell(vmap_tutorial):
    """Including cell 14 (nested vmap over Python slicing), which MindSpore 2.10 fails."""
    assert vmap_tutorial.errors() == {}


@pytest.mark.parametrize("cell", [1, 3, 5, 7, 9, 11, 16, 18])
def test_vmap_tutorial_deterministic_cell_shows_what_mindspore_showed(
        cell, vmap_tutorial, vmap_reference):
    assert without_whitespace(vmap_tutorial.shown(cell)) == without_whitespace(vmap_reference[cell])


def test_vmap_tutorial_nested_vmap_cell_gives_numpys_values(vmap_tutorial):
    """Cell 14: vmap(vmap(convolve, in_axes=[None, 0]), in_axes=[0, None]). MindSpore 2.10
    raises in StridedSlice's vmap rule; msjax computes what the tutorial means."""
    x = np.array([[1, 2, 3, 4, 5], [2, 3, 4, 5, 6], [3, 4, 5, 6, 7]], np.float32)
    w = np.array([[1, 1, 1], [2, 2, 2], [3, 3, 3]], np.float32)

    def convolve(x, w):
        return np.stack([x[i - 1:i + 2] @ w for i in range(1, len(x) - 1)])

    expected = np.stack([np.stack([convolve(xi, wj) for wj in w]) for xi in x])
    shown = vmap_tutorial.shown(14)
    assert tensor_headers(shown) == ["Tensor(shape=[3, 3, 3], dtype=Float32"]
    np.testing.assert_allclose(numbers(shown), expected.ravel(), rtol=1e-6)


def test_vmap_tutorial_vmap_of_a_cell_equals_its_calls_one_by_one(vmap_tutorial):
    """Cell 20 prints dense_net on three inputs, then vmap(dense_net) on them stacked.

    The batched call is one matrix product where the single calls are vector products, so XLA
    may sum in another order: equal to float32 rounding of the terms (outputs about 0.1, so
    absolute 1e-7), not to 1e-6 relative where an output cancels to about 1e-5 (CI saw
    -4.22080047e-05 against -4.2207539e-05)."""
    printed = numbers(vmap_tutorial.shown(20))
    assert len(printed) == 3 * 8 + 24
    np.testing.assert_allclose(printed[24:], printed[:24], rtol=1e-6, atol=1e-7)


@pytest.mark.parametrize("cell", [26, 28])
def test_vmap_tutorial_ensemble_inference_has_mindspores_shape(cell, vmap_tutorial, vmap_reference):
    shown = vmap_tutorial.shown(cell)
    assert tensor_headers(shown) == tensor_headers(vmap_reference[cell])
    assert tensor_headers(shown) == ["Tensor(shape=[4, 3, 10], dtype=Float32"]


def _losses(text):
    steps = re.findall(r"^Step (\d+) - loss: \[([^\]]*)\]$", text, re.MULTILINE)
    assert [int(step) for step, _ in steps] == list(range(1, 11)), text
    return np.array([[float(v) for v in values.split()] for _, values in steps])


def test_vmap_tutorial_ensemble_training_losses_decrease(vmap_tutorial, vmap_reference):
    """Cell 30 trains four LeNets side by side with Adam, one vmapped TrainOneStepNet call a
    step; each member's loss falls, as in MindSpore's run."""
    losses = _losses(vmap_tutorial.shown(30))
    assert losses.shape == (10, 4)
    assert (losses[-1] < losses[0]).all(), losses
    assert (losses[-1] < 0.8 * losses[0]).any(), losses
    assert tensor_headers(vmap_tutorial.shown(30)) == tensor_headers(vmap_reference[30])


def test_vmap_tutorial_training_wrote_back_into_the_member_networks(vmap_tutorial, vmap_reference):
    """Cell 32 calls net1 alone after training: it gives member 0 of the ensemble's output."""
    ensemble = numbers(vmap_tutorial.shown(30).split("Tensor(shape=[4, 3, 10]")[1])
    alone = vmap_tutorial.shown(32)
    assert tensor_headers(alone) == tensor_headers(vmap_reference[32])
    np.testing.assert_allclose(numbers(alone), ensemble[:18], rtol=1e-4, atol=1e-5)


# --- pynative_graph_combine_zh.ipynb ------------------------------------------------------------

@pytest.fixture(scope="module")
def pynative_tutorial(tmp_path_factory):
    return ExecutedNotebook("pynative_graph_combine_zh.ipynb", tmp_path_factory.mktemp("pynative"))


@pytest.fixture(scope="module")
def pynative_reference():
    # MindSpore 2.10 has no ms_function: its outputs are those of the notebook renamed to jit.
    return reference("pynative_graph_combine_zh.ms_function_renamed_jit.mindspore-2.10-cpu.out")


def test_pynative_tutorial_runs_every_cell(pynative_tutorial):
    assert pynative_tutorial.errors() == {}


@pytest.mark.parametrize("cell", [1, 3, 5, 7, 9, 11])
def test_pynative_tutorial_deterministic_cell_prints_what_mindspore_printed(
        cell, pynative_tutorial, pynative_reference):
    assert lines(pynative_tutorial.shown(cell)) == lines(pynative_reference[cell])


def test_pynative_tutorial_conv_with_free_variable_parameters_has_mindspores_layout(
        pynative_tutorial, pynative_reference):
    def layout(text):
        return re.sub(r"-?\d+\.\d*(e[-+]\d+)?", "N", "\n".join(lines(text))).replace(" ", "")
    assert layout(pynative_tutorial.shown(13)) == layout(pynative_reference[13])
    assert len(numbers(pynative_tutorial.shown(13))) == 16


# --- static_graph_expert_programming_zh.ipynb ----------------------------------------------------

@pytest.fixture(scope="module")
def static_graph_tutorial(tmp_path_factory):
    return ExecutedNotebook("static_graph_expert_programming_zh.ipynb",
                            tmp_path_factory.mktemp("static_graph"))


@pytest.fixture(scope="module")
def static_graph_reference():
    return reference("static_graph_expert_programming_zh.mindspore-2.10-cpu.out")


def test_static_graph_tutorial_runs_every_cell(static_graph_tutorial):
    assert static_graph_tutorial.errors() == {}


@pytest.mark.parametrize("cell", [19, 25, 27, 29, 31])
def test_static_graph_tutorial_jit_class_cell_prints_what_mindspore_printed(
        cell, static_graph_tutorial, static_graph_reference):
    assert lines(static_graph_tutorial.shown(cell)) == lines(static_graph_reference[cell])


_TIMING = r"-?\d+(\.\d+)?(e-?\d+)?"


@pytest.mark.parametrize("cell, patterns", [
    (12, ["Disable compile_cache cost time: "]),
    (15, ["Enable compile_cache cost time: "]),
    (37, ["if net cost time: ", "select net cost time: "]),
    (39, ["Vmap cost time: ", "for loop cost time: "]),
])
def test_static_graph_tutorial_timing_cell_prints_mindspores_lines_with_timings(
        cell, patterns, static_graph_tutorial, static_graph_reference):
    for got in (lines(static_graph_tutorial.shown(cell)), lines(static_graph_reference[cell])):
        assert len(got) == len(patterns), got
        for line, prefix in zip(got, patterns):
            assert re.fullmatch(re.escape(prefix) + _TIMING, line), line


def test_static_graph_tutorial_compile_cache_is_written_where_the_notebook_asks(
        static_graph_tutorial):
    """Cell 15 sets MS_COMPILER_CACHE_PATH='my_compile_cache' (relative to the notebook's
    directory, where the kernel runs) and compiles with the cache enabled."""
    cache = static_graph_tutorial.directory / "my_compile_cache" / "rank_0" / "graph_cache"
    assert cache.is_dir() and any(cache.rglob("*"))
