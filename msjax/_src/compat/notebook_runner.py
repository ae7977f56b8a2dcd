"""`msjax run NOTEBOOK.ipynb`: execute a notebook unchanged in msjax's Jupyter kernel.

The notebook runs cell by cell in a real IPython kernel (nbclient and jupyter_client) started as
the `mindspore` kernel, whatever kernel its metadata names, in the notebook's directory, as
Jupyter would run it. Each cell's outputs are printed as they arrive, after a `[cell k/n]`
progress line; the executed notebook, outputs included, is written to NAME.out.ipynb (or the
given path) even when a cell fails, so the failure can be read in place.

The kernel process's own stderr (what it writes outside Jupyter's protocol: start-up warnings,
a crash report) is relayed to msjax run's stderr as it comes, until msjax run starts shutting the
kernel down. What the kernel writes after that is not shown: every cell's output has arrived by
then, and libzmq can abort a kernel's teardown with a message about its own sockets
("Assertion failed: pfd.revents & POLLIN") that says nothing about the notebook.

Exit status: 0 when every cell ran (or failures were allowed), 1 when a cell failed, timed out
or the kernel died, 2 when the input is not a readable notebook, 130 when interrupted (Ctrl-C).
"""
from __future__ import annotations

import atexit
import codecs
import json
import os
import re
import sys
import threading
import uuid
import warnings

import nbformat
from jupyter_client.kernelspec import KernelSpecManager
from jupyter_client.manager import AsyncKernelManager
from jupyter_core.paths import jupyter_runtime_dir
from nbclient import NotebookClient
from nbclient.exceptions import CellExecutionError, CellTimeoutError, DeadKernelError
from traitlets import default

from msjax._src.compat.kernel import KERNEL_NAME, msjax_kernel_spec

EXIT_OK = 0
EXIT_CELL_FAILED = 1
EXIT_BAD_INPUT = 2
EXIT_INTERRUPTED = 130  # as a shell reports a process stopped by Ctrl-C

_ANSI_ESCAPE = re.compile(r"\x1b\[[0-9;?]*[A-Za-z]")


class NotebookInputError(Exception):
    """The file given to `msjax run` cannot be read as a Jupyter notebook."""


class MsjaxKernelSpecManager(KernelSpecManager):
    """Answers every kernel name with msjax's kernel: `msjax run` runs a notebook on msjax
    whatever kernel its metadata names (MindSpore's tutorials name `mindspore`)."""

    def get_kernel_spec(self, kernel_name):
        return msjax_kernel_spec()


class MsjaxKernelManager(AsyncKernelManager):
    """A kernel manager that starts msjax's kernel without a registered kernelspec, talking to
    it over local IPC sockets where the system has them rather than over unencrypted TCP."""

    @default("kernel_spec_manager")
    def _default_kernel_spec_manager(self):
        return MsjaxKernelSpecManager(data_dir=self.data_dir)

    @default("transport")
    def _default_transport(self):
        return "ipc" if os.name == "posix" else "tcp"

    @default("ip")
    def _default_ip(self):
        if self.transport != "ipc":
            return super()._ip_default()
        # jupyter_client's default IPC path is relative ("kernel-ipc"): the kernel, started in
        # the notebook's directory, would bind sockets there that this process cannot find.
        runtime = jupyter_runtime_dir()
        os.makedirs(runtime, exist_ok=True)
        return os.path.join(runtime, f"msjax-{uuid.uuid4().hex[:12]}-ipc")


def default_output_path(path: str) -> str:
    """NAME.ipynb → NAME.out.ipynb, beside the input."""
    return path.removesuffix(".ipynb") + ".out.ipynb"


def read_notebook(path: str) -> nbformat.NotebookNode:
    """Reads a notebook file as nbformat 4, or raises NotebookInputError saying what is wrong.

    Notebooks of format 4.5 saved without cell ids (as MindSpore's tutorials are) are given ids,
    as Jupyter does when it opens them.
    """
    if not os.path.isfile(path):
        reason = "is a directory" if os.path.isdir(path) else "no such file"
        raise NotebookInputError(f"can't open notebook {path!r}: {reason}")
    try:
        with open(path, encoding="utf-8") as f:
            content = json.load(f)
    except (UnicodeDecodeError, json.JSONDecodeError) as exc:
        raise NotebookInputError(
            f"{path!r} is not a Jupyter notebook: it is not valid JSON ({exc})") from None
    if not isinstance(content, dict) or not isinstance(content.get("cells"), list) \
            or not isinstance(content.get("nbformat"), int):
        raise NotebookInputError(
            f"{path!r} is not a Jupyter notebook: expected a JSON object with 'nbformat' and "
            f"a 'cells' list")
    if content["nbformat"] < 4:
        raise NotebookInputError(
            f"{path!r} is in notebook format {content['nbformat']}; msjax run reads format 4 "
            f"(open and save it in a current Jupyter to upgrade it)")
    if content["nbformat"] > 4:
        raise NotebookInputError(
            f"{path!r} is in notebook format {content['nbformat']}, newer than the format 4 "
            f"that msjax run reads")
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # nbformat's notices about the ids normalize() adds
        try:
            _, content = nbformat.validator.normalize(content)
            notebook = nbformat.reader.reads(json.dumps(content))  # joins source lines
            nbformat.validate(notebook)
        except Exception as exc:  # noqa: BLE001  (nbformat fails in many ways on bad content)
            first = str(exc).splitlines()[0] if str(exc) else type(exc).__name__
            raise NotebookInputError(f"{path!r} is not a valid Jupyter notebook: {first}") from None
    return notebook


class _EchoingNotebookClient(NotebookClient):
    """nbclient's client, printing each output as it arrives and a progress line per cell."""

    def __init__(self, nb, stdout, stderr, **kw):
        super().__init__(nb, **kw)
        self.stdout, self.stderr = stdout, stderr
        self.to_run = [i for i, cell in enumerate(nb.cells) if self._will_run(cell)]
        self.running: int | None = None  # the notebook index of the cell being run
        self.running_done = False
        self.stopped_mid_cell = False  # the kernel was shut down while a cell ran (Ctrl-C)
        self.failed: list[int] = []
        self.on_cell_execute = self._announce
        self.on_cell_executed = self._record_done
        self.on_cell_error = self._record_failure
        self.on_shutdown = lambda: None  # called when the kernel is about to be shut down

    def _will_run(self, cell) -> bool:
        return (cell.cell_type == "code" and bool(cell.source.strip())
                and self.skip_cells_with_tag not in cell.metadata.get("tags", []))

    def progress(self, cell_index: int) -> str:
        return f"cell {self.to_run.index(cell_index) + 1}/{len(self.to_run)}"

    def _announce(self, cell, cell_index):
        self.running, self.running_done = cell_index, False
        self._write(self.stdout, f"[{self.progress(cell_index)}]\n")

    def _record_done(self, cell, cell_index, execute_reply):
        self.running_done = True

    def _record_failure(self, cell, cell_index, execute_reply):
        self.failed.append(cell_index)

    async def _async_cleanup_kernel(self):
        self.on_shutdown()
        if self.km is None:  # nbclient cleans up a second time after a signal stopped the run
            return
        if self.running is not None and not self.running_done and await self.km.is_alive():
            # A signal (Ctrl-C) or a timeout stops the run while the kernel is busy in a cell:
            # it cannot answer a graceful shutdown.
            self.stopped_mid_cell = True
            self.shutdown_kernel = "immediate"
        await super()._async_cleanup_kernel()

    def output(self, outs, msg, display_id, cell_index):
        out = super().output(outs, msg, display_id, cell_index)
        if out is not None:
            self._echo(out)
        return out

    def _echo(self, out) -> None:
        kind = out.output_type
        if kind == "stream":
            self._write(self.stderr if out.name == "stderr" else self.stdout, out.text)
        elif kind in ("execute_result", "display_data"):
            text = out.data.get("text/plain")
            if text is None:
                text = "<" + ", ".join(sorted(out.data)) + " output>"
            self._write(self.stdout, text + "\n")
        elif kind == "error":
            self._write(self.stderr, _ANSI_ESCAPE.sub("", "\n".join(out.traceback)) + "\n")

    @staticmethod
    def _write(stream, text: str) -> None:
        stream.write(text)
        stream.flush()


def run_notebook(path: str, output: str | None = None, allow_errors: bool = False,
                 timeout: int | None = None, stdout=None, stderr=None) -> int:
    """Executes the notebook at `path` in msjax's kernel; returns the exit status.

    Args:
      path: the .ipynb file; it runs in its own directory, as in Jupyter.
      output: where to write the executed notebook (default NAME.out.ipynb).
      allow_errors: run every cell even after one fails, and exit 0.
      timeout: seconds each cell may take (default: no limit).
    """
    stdout = stdout or sys.stdout
    stderr = stderr or sys.stderr

    def report(message: str) -> None:
        stderr.write(f"msjax run: {message}\n")
        stderr.flush()

    try:
        notebook = read_notebook(path)
    except NotebookInputError as exc:
        report(str(exc))
        return EXIT_BAD_INPUT
    output = output or default_output_path(path)
    client = _EchoingNotebookClient(
        notebook, stdout, stderr,
        kernel_manager_class=MsjaxKernelManager, kernel_name=KERNEL_NAME,
        timeout=timeout, allow_errors=allow_errors,
        resources={"metadata": {"path": os.path.dirname(os.path.abspath(path))}},
        # An IPython history file per run, in memory, as nbclient does for python3 kernels.
        extra_arguments=["--HistoryManager.hist_file=:memory:"])
    relay = _StderrRelay(stderr)
    client.on_shutdown = relay.stop
    status = EXIT_OK
    try:
        client.execute(stderr=relay.kernel_end)
    except CellTimeoutError:
        report(f"{client.progress(client.running)} did not finish within {timeout} s "
               f"(--timeout); the kernel was stopped")
        status = EXIT_CELL_FAILED
    except DeadKernelError:
        if client.stopped_mid_cell:
            report(f"interrupted while running {client.progress(client.running)}; the kernel "
                   f"was stopped")
            status = EXIT_INTERRUPTED
        else:
            where = (f"running {client.progress(client.running)}" if client.running is not None
                     else "starting")
            report(f"the kernel died while {where} (the process exited or crashed: os._exit, "
                   f"a segfault, or out of memory)")
            status = EXIT_CELL_FAILED
    except KeyboardInterrupt:
        report("interrupted")
        status = EXIT_INTERRUPTED
    except CellExecutionError as exc:
        report(f"{client.progress(client.running)} failed: {exc.ename}: "
               f"{_first_line(exc.evalue)} (--allow-errors runs the remaining cells)")
        status = EXIT_CELL_FAILED
    except RuntimeError as exc:  # jupyter_client: the kernel never became ready
        report(f"msjax's kernel did not start: {exc}")
        status = EXIT_CELL_FAILED
    finally:
        # nbclient leaves its atexit cleanup registered when the kernel fails to start.
        atexit.unregister(client._cleanup_kernel)
        relay.stop()
    if client.failed and status == EXIT_OK:
        cells = ", ".join(client.progress(i) for i in client.failed)
        report(f"{len(client.failed)} cell(s) failed, allowed by --allow-errors: {cells}")
    try:
        nbformat.write(notebook, output)
    except OSError as exc:
        report(f"can't write the executed notebook to {output!r}: {exc}")
        return status or EXIT_CELL_FAILED
    report(f"wrote {output}")
    return status


class _StderrRelay:
    """A pipe given to the kernel process as its stderr, copied to `stream` by a thread until
    `stop()`; what comes later is read and dropped, so the kernel never blocks writing."""

    def __init__(self, stream):
        read_end, self.kernel_end = os.pipe()
        self._stream = stream
        self._relaying = True
        self._lock = threading.Lock()
        self._thread = threading.Thread(target=self._copy, args=(read_end,), daemon=True,
                                        name="msjax-run-kernel-stderr")
        self._thread.start()

    def _copy(self, read_end: int) -> None:
        decoder = codecs.getincrementaldecoder("utf-8")("replace")
        with open(read_end, "rb", buffering=0) as pipe:
            while chunk := pipe.read(65536):
                text = decoder.decode(chunk)
                with self._lock:
                    if self._relaying and text:
                        self._stream.write(text)
                        self._stream.flush()

    def stop(self) -> None:
        """Stops relaying; closes this process's copy of the kernel's end (once started, the
        kernel holds its own)."""
        with self._lock:
            self._relaying = False
        if self.kernel_end is not None:
            os.close(self.kernel_end)
            self.kernel_end = None


def _first_line(text: str) -> str:
    return text.splitlines()[0] if text else ""
