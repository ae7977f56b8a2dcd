"""The `mindspore` Jupyter kernel (`msjax kernel install`) and `%load_ext msjax` in any IPython
kernel: real kernels, started and driven by nbclient as Jupyter drives them."""
import json
import os

import nbformat
import pytest
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from nbclient import NotebookClient

import msjax
from msjax._src.compat.cli import main
from tests.compat.msjax_command import REPO

_ENV = dict(os.environ, PYTHONPATH=os.pathsep.join(
    [str(REPO)] + [p for p in os.environ.get("PYTHONPATH", "").split(os.pathsep) if p]))


def _execute(cells, scratch, kernel_name, kernel_spec_manager=None):
    """Runs code cells in a fresh kernel; returns the executed cells."""
    notebook = nbformat.v4.new_notebook(cells=[nbformat.v4.new_code_cell(c) for c in cells])
    manager = AsyncKernelManager(kernel_name=kernel_name, transport="ipc",
                                 ip=str(scratch / "kernel-ipc"),
                                 **({"kernel_spec_manager": kernel_spec_manager}
                                    if kernel_spec_manager else {}))
    client = NotebookClient(notebook, km=manager, timeout=300, allow_errors=True,
                            extra_arguments=["--HistoryManager.hist_file=:memory:"])
    client.execute(cleanup_kc=True, env=_ENV)
    return notebook.cells


def _shown(cell) -> str:
    """What Jupyter shows under a cell, as text: streams, results, error names."""
    parts = []
    for out in cell.outputs:
        if out.output_type == "stream":
            parts.append(out.text)
        elif out.output_type in ("execute_result", "display_data"):
            parts.append(out.data.get("text/plain", "") + "\n")
        elif out.output_type == "error":
            parts.append(f"{out.ename}: {out.evalue}\n")
    return "".join(parts)


@pytest.fixture(scope="module")
def kernels_dir(tmp_path_factory):
    prefix = tmp_path_factory.mktemp("prefix")
    assert main(["kernel", "install", "--prefix", str(prefix)]) == 0
    return prefix / "share" / "jupyter" / "kernels"


def test_kernel_install_registers_the_mindspore_kernelspec(kernels_dir):
    spec = KernelSpecManager(kernel_dirs=[str(kernels_dir)]).get_kernel_spec("mindspore")
    assert spec.display_name == "MindSpore (msjax on JAX)"
    assert spec.language == "python"
    assert spec.argv[1:] == ["-m", "msjax._src.compat.kernel", "-f", "{connection_file}"]
    assert os.path.exists(os.path.join(spec.resource_dir, "logo-64x64.png"))


def test_kernel_install_user_goes_to_the_users_jupyter_data_dir(tmp_path, monkeypatch, capsys):
    monkeypatch.setenv("JUPYTER_DATA_DIR", str(tmp_path))
    assert main(["kernel", "install", "--user"]) == 0
    spec = json.loads((tmp_path / "kernels" / "mindspore" / "kernel.json").read_text())
    assert spec["display_name"] == "MindSpore (msjax on JAX)"
    assert capsys.readouterr().out == (
        f"Installed kernelspec mindspore (MindSpore (msjax on JAX)) in "
        f"{tmp_path / 'kernels' / 'mindspore'}\n")


@pytest.fixture(scope="module")
def mindspore_kernel_cells(kernels_dir):
    return _execute([
        ("import mindspore\nfrom mindspore import Tensor, ops\n"
         "print(ops.add(Tensor([1, 2]), Tensor([3, 4])))"),
        "Tensor([[1.0, 2.0]])",
        "import msjax\nprint(mindspore.__msjax__ is msjax, mindspore.nn is msjax.nn)",
        # Control flow on a tensor under jit reads the function's source: IPython keeps cells'.
        ("@mindspore.jit\ndef double_if_positive(x):\n    if x.sum() > 0:\n"
         "        return x * 2\n    return x\n"
         "print(double_if_positive(Tensor([1.0, 2.0])), double_if_positive(Tensor([-1.0])))"),
        "import mindspore.rewrite",
    ], kernels_dir, "mindspore", KernelSpecManager(kernel_dirs=[str(kernels_dir)]))


def test_installed_kernel_imports_mindspore_as_msjax_and_prints_a_tensor(mindspore_kernel_cells):
    shown = [_shown(cell) for cell in mindspore_kernel_cells]
    assert shown[0] == "[4 6]\n"
    assert shown[1] == (
        "Tensor(shape=[1, 2], dtype=Float32, value=\n[[ 1.00000000e+00,  2.00000000e+00]])\n")
    assert shown[2] == "True True\n"
    assert shown[3] == "[2. 4.] [-1.]\n"


def test_installed_kernel_names_the_missing_msjax_module(mindspore_kernel_cells):
    assert _shown(mindspore_kernel_cells[4]) == (
        "ModuleNotFoundError: No module named 'mindspore.rewrite': msjax does not implement it "
        "yet (not implemented by msjax yet: SymbolTree, the source rewriter of Cells); see "
        "docs/api_coverage.md, or run `msjax coverage`.\n")


_PROBE = ("try:\n    import mindspore\n    print('mindspore is msjax:', mindspore.__msjax__ is msjax)\n"
          "except ModuleNotFoundError as e:\n    print(e)")


@pytest.fixture(scope="module")
def plain_kernel_cells(tmp_path_factory):
    """A plain IPython kernel (`python3`): the alias only after `%load_ext`."""
    return _execute([
        "import msjax\n" + _PROBE,
        "%load_ext msjax\n" + _PROBE,
        "%unload_ext msjax\n" + _PROBE,
        "%load_ext msjax.compat\n" + _PROBE,
    ], tmp_path_factory.mktemp("plain"), "python3")


def test_plain_ipython_kernel_has_no_alias(plain_kernel_cells):
    assert _shown(plain_kernel_cells[0]) == "No module named 'mindspore'\n"


@pytest.mark.xfail(not hasattr(msjax, "load_ipython_extension"), strict=True,
                   reason="msjax/__init__.py does not re-export load_ipython_extension yet")
def test_load_ext_msjax_installs_the_alias_for_the_session(plain_kernel_cells):
    assert _shown(plain_kernel_cells[1]) == "mindspore is msjax: True\n"
    assert _shown(plain_kernel_cells[2]) == "No module named 'mindspore'\n"


def test_load_ext_msjax_compat_installs_the_alias_for_the_session(plain_kernel_cells):
    assert _shown(plain_kernel_cells[3]) == "mindspore is msjax: True\n"
