"""The seed notebooks executed by `msjax run`, cell outputs read back from the executed notebook."""
from __future__ import annotations

import re
import shutil

import nbformat

from tests.compat.msjax_command import run_msjax
from tests.seed_notebooks import SEEDS


class ExecutedNotebook:
    """A seed notebook run by `msjax run --allow-errors` in a scratch copy of it."""

    def __init__(self, name: str, scratch):
        shutil.copy(SEEDS / name, scratch)
        self.directory = scratch
        self.process = run_msjax("run", "--allow-errors", name, cwd=scratch, timeout=1800)
        assert self.process.returncode == 0, self.process.stderr[-3000:]
        output = scratch / name.replace(".ipynb", ".out.ipynb")
        self.cells = nbformat.read(output, as_version=4).cells

    def shown(self, index: int) -> str:
        """The text Jupyter shows under cell `index`: its stdout and its result's text/plain."""
        parts = []
        for out in self.cells[index].outputs:
            if out.output_type == "stream" and out.name == "stdout":
                parts.append(out.text)
            elif out.output_type == "execute_result":
                parts.append(out.data["text/plain"] + "\n")
        return "".join(parts)

    def errors(self) -> dict[int, str]:
        """`{cell index: "Error: message"}` for the cells that failed."""
        return {i: f"{out.ename}: {out.evalue}" for i, cell in enumerate(self.cells)
                if cell.cell_type == "code" for out in cell.outputs if out.output_type == "error"}


def lines(text: str) -> list[str]:
    """The printed lines, blank ones aside (the recorded references dropped blank lines)."""
    return [line for line in text.splitlines() if line.strip()]


def without_whitespace(text: str) -> str:
    """`text` with all whitespace removed. IPython pretty-prints a tuple of multi-line reprs
    with its own line breaks and indentation where the reference runner printed repr()."""
    return re.sub(r"\s+", "", text)


def numbers(text: str) -> list[float]:
    """The decimal numbers printed in `text` (shapes and step counts are integers, left out)."""
    return [float(x) for x in re.findall(r"-?\d+\.\d*(?:e[-+]\d+)?", text)]
