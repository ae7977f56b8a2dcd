"""`msjax run NOTEBOOK.ipynb`: cells run in msjax's kernel, outputs printed as they come, the
executed notebook written, and a clear message and exit status for every way it can go wrong."""
import signal
import subprocess

import nbformat
import pytest

from msjax._src.compat.cli import main
from tests.compat.msjax_command import MSJAX, msjax_env, run_msjax


def _write_notebook(path, *sources, kernel="mindspore"):
    cells = [nbformat.v4.new_markdown_cell("# A notebook")]
    cells += [nbformat.v4.new_code_cell(source) for source in sources]
    notebook = nbformat.v4.new_notebook(cells=cells, metadata={"kernelspec": {
        "name": kernel, "display_name": kernel, "language": "python"}})
    nbformat.write(notebook, path)
    return path


def test_runs_cells_printing_outputs_as_they_come_and_writes_the_executed_notebook(tmp_path):
    # The notebook names the stock `python3` kernel: `msjax run` runs it on msjax all the same.
    _write_notebook(
        tmp_path / "hello.ipynb",
        "import os, sys\nimport mindspore\nfrom mindspore import Tensor, ops\n"
        "print(ops.add(Tensor([1, 2]), Tensor([3, 4])))\nprint('to stderr', file=sys.stderr)",
        "",  # an empty cell is not run and not counted
        "Tensor([[1.0, 2.0]])",
        "print(os.getcwd())",
        kernel="python3")
    got = run_msjax("run", "hello.ipynb", cwd=tmp_path)
    assert got.returncode == 0, got.stderr
    assert got.stdout == (
        "[cell 1/3]\n[4 6]\n"
        "[cell 2/3]\nTensor(shape=[1, 2], dtype=Float32, value=\n"
        "[[ 1.00000000e+00,  2.00000000e+00]])\n"
        f"[cell 3/3]\n{tmp_path}\n")
    assert got.stderr.splitlines() == ["to stderr", "msjax run: wrote hello.out.ipynb"]
    executed = nbformat.read(tmp_path / "hello.out.ipynb", as_version=4)
    outputs = [cell.get("outputs") for cell in executed.cells]
    assert outputs[0] is None  # the markdown cell
    assert [(o.output_type, o.get("name")) for o in outputs[1]] == [
        ("stream", "stdout"), ("stream", "stderr")]
    assert outputs[3][0].data["text/plain"].startswith("Tensor(shape=[1, 2], dtype=Float32")
    assert outputs[3][0].execution_count == 2



def test_the_kernels_own_stderr_is_relayed_until_its_shutdown_and_dropped_after(tmp_path):
    # Python's import-time report goes to the kernel process's stderr as it starts, before
    # ipykernel captures the process's output: the user sees it. A write the kernel makes while
    # shutting down (here an atexit handler; on CI, libzmq aborting its teardown with
    # "Assertion failed: pfd.revents & POLLIN") says nothing about the notebook: it is dropped.
    _write_notebook(
        tmp_path / "teardown.ipynb",
        "import atexit, os\n"
        "atexit.register(os.write, 2, b'written while the kernel shuts down\\n')\n"
        "print('ran')")
    got = run_msjax("run", "teardown.ipynb", cwd=tmp_path,
                    env_extra={"PYTHONPROFILEIMPORTTIME": "1"})
    assert got.returncode == 0, got.stderr
    assert got.stdout == "[cell 1/1]\nran\n"
    assert "import time:" in got.stderr  # relayed from the kernel's start-up
    assert "written while the kernel shuts down" not in got.stderr
    assert got.stderr.splitlines()[-1] == "msjax run: wrote teardown.out.ipynb"

FAILING = (
    "print('before')",
    "def mean(values):\n    return sum(values) / len(values)\n\nmean([])",
    "print('after')",
)


def test_a_failing_cell_stops_the_run_with_its_traceback_and_exit_status_1(tmp_path):
    _write_notebook(tmp_path / "fails.ipynb", *FAILING)
    got = run_msjax("run", "fails.ipynb", "-o", "executed.ipynb", cwd=tmp_path)
    assert got.returncode == 1
    assert got.stdout == "[cell 1/3]\nbefore\n[cell 2/3]\n"
    assert "----> 2     return sum(values) / len(values)" in got.stderr  # the user's line
    assert got.stderr.splitlines()[-2:] == [
        ("msjax run: cell 2/3 failed: ZeroDivisionError: division by zero "
         "(--allow-errors runs the remaining cells)"),
        "msjax run: wrote executed.ipynb",
    ]
    executed = nbformat.read(tmp_path / "executed.ipynb", as_version=4)
    assert executed.cells[2].outputs[0].ename == "ZeroDivisionError"
    assert executed.cells[3].outputs == []


def test_allow_errors_runs_every_cell_and_exits_0(tmp_path):
    _write_notebook(tmp_path / "fails.ipynb", *FAILING)
    got = run_msjax("run", "--allow-errors", "fails.ipynb", cwd=tmp_path)
    assert got.returncode == 0
    assert got.stdout == "[cell 1/3]\nbefore\n[cell 2/3]\n[cell 3/3]\nafter\n"
    assert got.stderr.splitlines()[-2:] == [
        "msjax run: 1 cell(s) failed, allowed by --allow-errors: cell 2/3",
        "msjax run: wrote fails.out.ipynb",
    ]


def test_a_kernel_that_dies_is_reported_with_the_cell_and_exit_status_1(tmp_path):
    _write_notebook(tmp_path / "dies.ipynb", "print('before')", "import os\nos._exit(1)",
                    "print('after')")
    got = run_msjax("run", "dies.ipynb", cwd=tmp_path)
    assert got.returncode == 1
    assert got.stdout == "[cell 1/3]\nbefore\n[cell 2/3]\n"
    assert got.stderr.splitlines()[-2:] == [
        ("msjax run: the kernel died while running cell 2/3 (the process exited or crashed: "
         "os._exit, a segfault, or out of memory)"),
        "msjax run: wrote dies.out.ipynb",
    ]


def test_a_cell_over_the_timeout_is_stopped_with_exit_status_1(tmp_path):
    _write_notebook(tmp_path / "slow.ipynb", "import time\ntime.sleep(600)", "print('after')")
    got = run_msjax("run", "slow.ipynb", "--timeout", "2", cwd=tmp_path, timeout=120)
    assert got.returncode == 1
    assert got.stdout == "[cell 1/2]\n"
    assert got.stderr.splitlines()[-2:] == [
        "msjax run: cell 1/2 did not finish within 2 s (--timeout); the kernel was stopped",
        "msjax run: wrote slow.out.ipynb",
    ]


def test_ctrl_c_stops_the_kernel_and_exits_with_130(tmp_path):
    _write_notebook(tmp_path / "slow.ipynb", "import time\nprint('started', flush=True)\n"
                    "time.sleep(600)")
    run = subprocess.Popen([*MSJAX, "run", "slow.ipynb"], cwd=tmp_path, env=msjax_env(),
                           stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True)
    try:
        assert run.stdout.readline() == "[cell 1/1]\n"
        assert run.stdout.readline() == "started\n"
        run.send_signal(signal.SIGINT)
        stdout, stderr = run.communicate(timeout=60)
    finally:
        run.kill()
    assert run.returncode == 130
    assert stdout == ""
    assert stderr.splitlines()[-2:] == [
        "msjax run: interrupted while running cell 1/1; the kernel was stopped",
        "msjax run: wrote slow.out.ipynb",
    ]


@pytest.mark.parametrize("name, content, message", [
    ("missing.ipynb", None, "can't open notebook '{path}': no such file"),
    ("text.ipynb", "print('hello')\n",
     ("'{path}' is not a Jupyter notebook: it is not valid JSON (Expecting value: line 1 "
      "column 1 (char 0))")),
    ("list.ipynb", "[1, 2]\n",
     ("'{path}' is not a Jupyter notebook: expected a JSON object with 'nbformat' and a "
      "'cells' list")),
    ("old.ipynb", '{"nbformat": 3, "nbformat_minor": 0, "cells": [], "metadata": {}}',
     ("'{path}' is in notebook format 3; msjax run reads format 4 (open and save it in a "
      "current Jupyter to upgrade it)")),
    ("new.ipynb", '{"nbformat": 5, "nbformat_minor": 0, "cells": [], "metadata": {}}',
     "'{path}' is in notebook format 5, newer than the format 4 that msjax run reads"),
    ("broken.ipynb", '{"nbformat": 4, "nbformat_minor": 5, "cells": [{"cell_type": "code"}]}',
     ("'{path}' is not a valid Jupyter notebook: The notebook is invalid and is missing an "
      "expected key: metadata")),
])
def test_a_file_that_is_not_a_notebook_is_refused_with_exit_status_2(
        name, content, message, tmp_path, capsys):
    path = tmp_path / name
    if content is not None:
        path.write_text(content)
    assert main(["run", str(path)]) == 2
    assert capsys.readouterr() == ("", f"msjax run: {message.format(path=path)}\n")
    assert not (tmp_path / name.replace(".ipynb", ".out.ipynb")).exists()
