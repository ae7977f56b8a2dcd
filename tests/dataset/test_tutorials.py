"""MindSpore's beginner tutorials "Dataset" and "Quick Start" (tutorials/source_en/beginner/dataset.md
and quick_start.md in MindSpore's docs repository, MindSpore 2.x) run unchanged through ``msjax run`` on a small MNIST in the real idx format, and
prints what MindSpore 2.10 printed for it (tests/goldens/dataset/tutorials/<name>.txt, recorded
with ``MSJAX_TUTORIAL_PAGE=/abs/path/dataset.md MSJAX_TUTORIAL_SUPPORT=$PWD/tests/dataset/tutorial_support
mindspore-oracle tests/dataset/tutorial_runner.py``).

The page itself is MindSpore's and is not copied into this project: the test reads it from
$MSJAX_TUTORIALS_DIR or ../shared/seeds/tutorials and skips, saying so, when it is absent.

Compared as printed, with three documented differences: the class path of ``type(dataset)``
(msjax's classes live in msjax, see the table); the order of a GeneratorDataset shuffled without a
seed (MindSpore's own order is random too), compared as a multiset; and the layout of float
values in a Tensor's repr, compared as numbers: MindSpore prints the Tensors its dataset iterator
makes with NumPy's layout (``value= [1., 1.]``) and other Tensors as ``value= [ 1.00000000e+00,
...]``, while msjax prints all Tensors the second way. Quick Start trains a network initialised
at random on a shuffled dataset, in MindSpore as in msjax: its loss, accuracy and prediction lines
are compared by their form (the numbers differ from run to run in MindSpore too).
"""
import re
import os
import pathlib
import subprocess
import sys

import pytest

ROOT = pathlib.Path(__file__).resolve().parents[2]
GOLDENS = ROOT / "tests" / "goldens" / "dataset" / "tutorials"
CLASS_PATHS = {"<class 'msjax._src.dataset.file_sources.MnistDataset'>":
               "<class 'mindspore.dataset.engine.datasets_vision.MnistDataset'>"}
# Lines of the tutorial printed by a dataset shuffled without a seed (random in MindSpore too).
SHUFFLED_BLOCKS = {"dataset": [(10, 13)]}
# Lines whose numbers come from random initial weights: compared by form.
RANDOM_LINES = {"quick_start": [
    re.compile(r"loss: \d\.\d{6}  \[  0/  2\]"),
    re.compile(r" Accuracy: \d+\.\d%, Avg loss: \d\.\d{6} "),
    re.compile(r'Predicted: "\[(\d ){5}\d\]", Actual: "\[(\d ){5}\d\]"')]}


def _tutorial(name):
    for folder in (os.environ.get("MSJAX_TUTORIALS_DIR"), ROOT.parent / "shared" / "seeds" / "tutorials"):
        if folder and (pathlib.Path(folder) / f"{name}.md").is_file():
            return pathlib.Path(folder) / f"{name}.md"
    pytest.skip(f"MindSpore's tutorial page {name}.md is not here: set MSJAX_TUTORIALS_DIR to a "
                f"folder holding tutorials/source_en/beginner/{name}.md of MindSpore's docs")


_NUMBER = re.compile(r"-?\d+(?:\.\d*)?(?:e[-+]?\d+)?")


def _tensor_values_as_numbers(line):
    return re.sub(r"value= (\[[^\]]*\]|[^)]*)\)", lambda m: "value= " + str(
        [float(x) for x in _NUMBER.findall(m.group(1))]) + ")", line)


def _normalised(lines, name):
    lines = [_tensor_values_as_numbers(CLASS_PATHS.get(line, line)) for line in lines]
    for start, stop in SHUFFLED_BLOCKS.get(name, []):
        lines[start:stop] = sorted(lines[start:stop])
    for i, line in enumerate(lines):
        for pattern in RANDOM_LINES.get(name, []):
            if pattern.fullmatch(line):
                lines[i] = f"<random: {pattern.pattern}>"
    return lines


@pytest.mark.heavy
@pytest.mark.parametrize("name", ["dataset", "quick_start"])
def test_tutorial_prints_what_mindspore_printed(name):
    page = _tutorial(name)
    env = dict(os.environ, PYTHONPATH=str(ROOT), JAX_PLATFORMS=os.environ.get("JAX_PLATFORMS", "cpu"))
    result = subprocess.run(
        [sys.executable, "-m", "msjax", "run", str(ROOT / "tests" / "dataset" / "tutorial_runner.py"),
         str(page)], env=env, capture_output=True, text=True, timeout=600, check=False)
    assert result.returncode == 0, result.stderr
    expected = (GOLDENS / f"{name}.txt").read_text().splitlines()
    assert _normalised(result.stdout.splitlines(), name) == _normalised(expected, name)
