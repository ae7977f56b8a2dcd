"""MindSpore's beginner tutorials "Dataset" and "Quick Start" (tutorials/source_en/beginner/dataset.md
and quick_start.md in MindSpore's docs repository, MindSpore 2.x) run unchanged through ``msjax run`` on
a small MNIST in the real idx format, and print what MindSpore 2.10 printed for them
(tests/goldens/dataset/tutorials/<name>.txt, recorded with ``MSJAX_TUTORIAL_PAGE=/abs/path/<name>.md
MSJAX_TUTORIAL_SUPPORT=$PWD/tests/dataset/tutorial_support mindspore-oracle
tests/dataset/tutorial_runner.py``).

Page versions the goldens were recorded from: quick_start.md of mindspore-ai/docs at commit
2237038df800f4acd398eedcce1facf2625969c1 (r2.6.0rc1: its last block prints ``predicted[:10]``), and
mindspore-ai/docs's 2.x dataset.md titled "Dataset" (navigation ending at "Accelerating with Static
Graphs") that loads MNIST with ``download``, then shuffles, maps and batches it
(``print(image.shape, image.dtype)``) and ends with the GeneratorDataset sections (random-access,
list, iterable, generator); the later "Data Loading and Processing" page (e.g. commit
937c5e8ae1ca72343e4b72c0e14572abe28683d1), which adds MindRecord and user-defined transforms, prints
other lines.

The pages themselves are MindSpore's and are not copied into this project: the test reads them from
$MSJAX_TUTORIALS_DIR or ../shared/seeds/tutorials and skips, saying so, when they are absent
(tests/tutorial_pages.py).

Compared as printed, with three documented differences: the class path of ``type(dataset)``
(msjax's classes live in msjax, see the table); the order of a GeneratorDataset shuffled without a
seed (MindSpore's own order is random too), compared as a multiset; and the layout of float
values in a Tensor's repr, compared as numbers: MindSpore prints the Tensors its dataset iterator
makes with NumPy's layout (``value= [1., 1.]``) and other Tensors as ``value= [ 1.00000000e+00,
...]``; msjax does the same now (its iterators' Tensors share their rows, core/numpy_view.py),
and tests/test_tutorial_conformance.py compares the layouts as printed. Quick Start trains a network initialised
at random on a shuffled dataset, in MindSpore as in msjax: its loss, accuracy and prediction lines
are compared by their form (the numbers differ from run to run in MindSpore too).
"""
import pathlib
import re

import pytest

from tests.tutorial_pages import run_tutorial_page

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
    re.compile(r'Predicted: "\[(\d ){9}\d\]", Actual: "\[(\d ){9}\d\]"')]}


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
    result = run_tutorial_page(name)
    assert result.returncode == 0, result.stderr
    expected = (GOLDENS / f"{name}.txt").read_text().splitlines()
    assert _normalised(result.stdout.splitlines(), name) == _normalised(expected, name)
