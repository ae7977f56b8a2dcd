"""Runs one of MindSpore's beginner tutorials (its markdown page from MindSpore's docs repository,
``tutorials/source_en/beginner/<name>.md``) as one script: the page's ``python`` code blocks in
order, from a fresh folder, with tests/dataset/tutorial_support first on sys.path (an offline
``download`` that writes a small MNIST in the real idx format, and a no-op ``matplotlib.pyplot``).

    python tests/dataset/tutorial_runner.py PAGE.md                 # under MindSpore (the oracle)
    msjax run tests/dataset/tutorial_runner.py PAGE.md              # under msjax

The oracle copies only this file and passes no arguments, so there the page is given by
MSJAX_TUTORIAL_PAGE and the support folder by MSJAX_TUTORIAL_SUPPORT (default: beside this file).
"""
import os
import re
import runpy
import sys
import tempfile
import textwrap

SUPPORT = os.environ.get("MSJAX_TUTORIAL_SUPPORT") or os.path.join(
    os.path.dirname(os.path.abspath(__file__)), "tutorial_support")


def code_of(page: str) -> str:
    """The page's ```python blocks, joined in order (a block indented under a list item is
    dedented, as a reader copying it would)."""
    blocks = re.findall(r"^( *)```python\n(.*?)^\1```", page, re.S | re.M)
    return "\n".join(textwrap.dedent(code) for _, code in blocks)


def main():
    page = sys.argv[1] if len(sys.argv) > 1 else os.environ["MSJAX_TUTORIAL_PAGE"]
    with open(page, encoding="utf-8") as file:
        code = code_of(file.read())
    sys.path.insert(0, SUPPORT)
    here = os.getcwd()
    with tempfile.TemporaryDirectory() as folder:  # what the page writes, removed afterwards
        os.chdir(folder)
        try:
            # A real source file, so that code which reads its own source (MindSpore's ``jit``)
            # can.
            script = os.path.abspath(os.path.splitext(os.path.basename(page))[0] + "_tutorial.py")
            with open(script, "w", encoding="utf-8") as file:
                file.write(code)
            runpy.run_path(script, run_name="__main__")
        finally:
            os.chdir(here)


if __name__ == "__main__":
    main()
