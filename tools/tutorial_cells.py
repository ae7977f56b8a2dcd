"""Runs a notebook's code cells in order under msjax and prints what each shows, in the format of
the MindSpore oracle's notebook runner, so that tools/tutorial_conformance.py can compare the two
cell by cell:

    msjax run tools/tutorial_cells.py NOTEBOOK.ipynb

For each code cell: a line ``==== cell N`` (N: the cell's index in the notebook), what the cell
prints, then ``repr()`` of its last expression when that is not None, as Jupyter shows it. A cell
that raises prints ``!!!! cell N FAILED: Type: first line of the message`` and the run goes on.
The last line is ``cells ok=K failed=F``.

Cells run in this module's namespace (``__main__``), each compiled from its own file
``cells/<notebook>_cell<N>.py``, so that code that reads a function's source (``jit``'s control
flow) finds it, as it does in a notebook. The cells see the command line the oracle's runner
is given (``run_notebook_cells.py NOTEBOOK.ipynb``, the notebook by its file name), so a cell that
parses ``sys.argv`` (the cache tutorial's argparse) prints what it prints there.
"""
import ast
import json
import os
import sys


def _run_cells(notebook_path):
    with open(notebook_path, encoding="utf-8") as file:
        cells = json.load(file)["cells"]
    stem = os.path.basename(notebook_path).split(".")[0]
    namespace = sys.modules["__main__"].__dict__
    counts = {"ok": 0, "failed": 0}
    sys.argv = ["run_notebook_cells.py", os.path.basename(notebook_path)]
    os.makedirs("cells", exist_ok=True)
    for index, cell in enumerate(cells):
        if cell["cell_type"] != "code":
            continue
        source = "".join(cell["source"])
        print(f"==== cell {index}", flush=True)
        cell_file = os.path.abspath(f"cells/{stem}_cell{index}.py")
        with open(cell_file, "w", encoding="utf-8") as file:
            file.write(source)
        try:
            tree = ast.parse(source)
            last = tree.body.pop().value if tree.body and isinstance(tree.body[-1], ast.Expr) else None
            exec(compile(tree, cell_file, "exec"), namespace)
            if last is not None:
                value = eval(compile(ast.Expression(last), cell_file, "eval"), namespace)
                if value is not None:
                    print(repr(value))
            counts["ok"] += 1
        except Exception as error:  # noqa: BLE001  (a notebook reports a failed cell and goes on)
            counts["failed"] += 1
            message = str(error).splitlines()[0] if str(error) else ""
            print(f"!!!! cell {index} FAILED: {type(error).__name__}: {message}")
        sys.stdout.flush()
        sys.stderr.flush()
    print(f"cells ok={counts['ok']} failed={counts['failed']}")


if __name__ == "__main__":
    _run_cells(sys.argv[1])
