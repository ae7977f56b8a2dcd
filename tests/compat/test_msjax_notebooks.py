"""msjax's own notebooks (`notebooks/`) run through `msjax run` and show what they explain."""
import re

import nbformat
import numpy as np
import pytest

from tests.compat.msjax_command import REPO, run_msjax
from tests.compat.seed_runs import numbers
from tests.support import PRIVATE_JAX

NOTEBOOKS = REPO / "notebooks"


class Executed:
    def __init__(self, name, scratch, env_extra=None):
        output = scratch / name.replace(".ipynb", ".out.ipynb")
        self.process = run_msjax("run", str(NOTEBOOKS / name), "-o", str(output), cwd=scratch,
                                 env_extra=env_extra)
        assert self.process.returncode == 0, self.process.stderr[-3000:]
        self.cells = nbformat.read(output, as_version=4).cells

    def shown(self, source_contains: str) -> str:
        """What Jupyter shows under the one code cell whose source contains the given text."""
        [cell] = [c for c in self.cells if c.cell_type == "code" and source_contains in c.source]
        return "".join(out.text if out.output_type == "stream" else out.data["text/plain"] + "\n"
                       for out in cell.outputs)


@pytest.fixture(scope="module")
def quickstart(tmp_path_factory):
    return Executed("quickstart.ipynb", tmp_path_factory.mktemp("quickstart"))


@pytest.fixture(scope="module")
def ensembling(tmp_path_factory):
    return Executed("vmap_ensembling.ipynb", tmp_path_factory.mktemp("ensembling"))


@pytest.fixture(scope="module")
def graph_mode(tmp_path_factory):
    return Executed("graph_mode.ipynb", tmp_path_factory.mktemp("graph_mode"))


@pytest.fixture(scope="module")
def compile_cache(tmp_path_factory):
    return Executed("compile_cache_lazy_inline.ipynb", tmp_path_factory.mktemp("compile_cache"))


@pytest.fixture(scope="module")
def augmentation(tmp_path_factory):
    return Executed("pmap_augmentation.ipynb", tmp_path_factory.mktemp("augmentation"),
                    env_extra={"XLA_FLAGS": "--xla_force_host_platform_device_count=8"})


@pytest.fixture(scope="module")
def library_import(tmp_path_factory):
    return Executed("library_import_optax.ipynb", tmp_path_factory.mktemp("library_import"))


def test_notebooks_are_stored_without_outputs():
    # NAME.out.ipynb is what `msjax run NAME.ipynb` writes beside it (the README's main job
    # leaves one there; .gitignore keeps it out of the repository).
    for path in NOTEBOOKS.glob("*.ipynb"):
        if path.name.endswith(".out.ipynb"):
            continue
        notebook = nbformat.read(path, as_version=4)
        assert all(not cell.get("outputs") for cell in notebook.cells), path.name


def test_quickstart_tensors_and_ops(quickstart):
    assert quickstart.shown("x = ms.Tensor") == (
        "[[1. 2.]\n [3. 4.]]\n(2, 2) Float32\n"
        "Tensor(shape=[2, 2], dtype=Float32, value=\n"
        "[[ 1.00000000e+00,  2.00000000e+00],\n [ 3.00000000e+00,  4.00000000e+00]])\n")
    assert quickstart.shown("ops.matmul(x, x)") == (
        "[[ 7. 10.]\n [15. 22.]]\n[[ 5. 11.]\n [11. 25.]]\n[4. 6.] [[0.  0. ]\n [0.5 1.5]]\n"
        "[[ 0  2  4]\n [ 6  8 10]]\narray([[1., 2.],\n       [3., 4.]], dtype=float32)\n")


def test_quickstart_cell_and_its_named_parameters(quickstart):
    assert quickstart.shown("class MLP").splitlines()[-4:] == [
        "hidden.weight (16, 1) Float32", "hidden.bias (16,) Float32",
        "out.weight (1, 16) Float32", "out.bias (1,) Float32"]


def test_quickstart_grad(quickstart):
    assert quickstart.shown("ms.grad(cube_sum)") == (
        "Tensor(shape=[3], dtype=Float32, value= [ 3.00000000e+00,  1.20000000e+01,  "
        "2.70000000e+01])\n")


def test_quickstart_training_fits_sin(quickstart):
    losses = [float(v) for v in re.findall(r"loss (\d+\.\d+)", quickstart.shown("train_step"))]
    assert len(losses) == 7
    assert losses == sorted(losses, reverse=True) and losses[-1] < 0.02, losses
    np.testing.assert_allclose(numbers(quickstart.shown("np.pi / 2")), [0.0, 1.0], atol=0.1)


def test_ensembling_in_axes_and_out_axes(ensembling):
    assert ensembling.shown("def convolve") == (
        "[ 8. 14. 20.]\n"
        "[[  8.  14.  20.]\n [  0.   0.   0.]\n [-20. -26. -32.]]\n"
        "[[ 8. 14. 20.]\n [14. 20. 26.]\n [20. 26. 32.]]\n"
        "[[  8.   0. -20.]\n [ 14.   0. -26.]\n [ 20.   0. -32.]]\n")


def test_ensembling_nested_vmap(ensembling):
    assert ensembling.shown("pairwise =") == "(3, 3, 3)\n[20. 26. 32.] [20. 26. 32.]\n"


def test_ensembling_per_sample_gradients_average_to_the_batch_gradient(ensembling):
    shown = ensembling.shown("per_sample =").splitlines()
    assert shown[0] == "(8, 3) (8,)"
    values = numbers(shown[1])
    np.testing.assert_allclose(values[:3], values[3:], rtol=1e-5)
    np.testing.assert_allclose(*numbers(shown[2]), rtol=1e-5)


def test_ensembling_inference_matches_each_member(ensembling):
    assert ensembling.shown("ensemble = nn.CellList") == "(4, 5, 2)\nTrue\n(4, 5, 2)\n"


def test_ensembling_training_lowers_every_members_loss_and_updates_the_members(ensembling):
    steps = re.findall(r"step +(\d+) +losses \[([^\]]*)\]", ensembling.shown("class TrainStep"))
    assert [int(step) for step, _ in steps] == [1, 25, 50, 100]
    losses = np.array([[float(v) for v in values.split()] for _, values in steps])
    assert (np.diff(losses, axis=0) < 0).all(), losses
    accuracy, updated = ensembling.shown("predictions =").splitlines()
    assert (np.array(numbers(accuracy)) > 0.85).all(), accuracy
    assert updated == "True"


def test_graph_mode_freezes_attributes_and_recompiles_for_new_shapes(graph_mode):
    assert graph_mode.shown("self.factor = 2.0") == (
        "same shape, factor changed -> unchanged output: True\n"
        "new shape -> recompiled with factor 10: True\n")


def test_graph_mode_jit_and_assign_written_back(graph_mode):
    assert graph_mode.shown("class Counter") == "11.0\n[2. 4.] 3.0\n"


def test_graph_mode_control_flow_jitted_and_vmapped(graph_mode):
    assert graph_mode.shown("def grow(x)") == "[ 54. 108.]\n[ 81. 162.]\n"
    assert graph_mode.shown("def grow_one") == (
        "[162. 162. 100. 243.]\n[162. 162. 100. 243.]\n[162.0, 162.0, 100.0, 243.0]\n")


def test_compile_cache_speeds_up_the_second_process(compile_cache):
    shown = compile_cache.shown("MS_COMPILER_CACHE_ENABLE")
    assert re.findall(r"process (\d): first call", shown) == ["1", "2"]
    assert shown.splitlines()[-2] == "cache: ['rank_0']"
    # The second process loads XLA's executable. Without JAX's private fast paths (the
    # processes inherit MSJAX_PRIVATE_JAX=0) an entry holds the exported program only: the
    # second process runs no user Python but compiles it, and may be no faster.
    faster = shown.splitlines()[-1]
    if PRIVATE_JAX:
        assert faster == "second process faster: True"
    else:
        assert faster in ("second process faster: True", "second process faster: False")


def test_lazy_inline_matches_the_plain_stack(compile_cache):
    assert compile_cache.shown("class LazyBlock") == "12 26\n"
    assert compile_cache.shown("def loss_and_grads").splitlines()[1:] == [
        "loss equal: True", "gradients equal: True 26"]


def test_augmentation_vmap_and_pmap_on_8_devices(augmentation):
    assert augmentation.shown("n_devices = jax.device_count()") == "devices: 8\n"
    assert augmentation.shown("batched = ms.vmap") == "(16, 6, 6) True\n"
    assert augmentation.shown("def per_device") == "(8, 2, 6, 6)\nTrue\n"
    assert augmentation.shown("augmented = sharded").count("image ") == 4


def test_library_import_trains_a_mindspore_model_with_optax(library_import):
    assert library_import.shown("params, apply = msjax.functional(net)") == (
        "hidden.weight (32, 1) float32\nhidden.bias (32,) float32\n"
        "out.weight (1, 32) float32\nout.bias (1,) float32\n")
    first, last = numbers(library_import.shown("def train_step"))[:2]
    assert last < 0.01 < first, (first, last)
    assert library_import.shown("jax.vmap(apply") == (
        "vmap over examples equals one batched call: True\n"
        "per-example gradient of out.weight: (8, 1, 32)\n")


def test_library_import_writes_the_trained_params_back_into_the_cell(library_import):
    assert library_import.shown("msjax.write_parameters(net, params)") == (
        "Cell matches apply: True\ncheckpoint restores it: True\n")
