"""mindspore.dataset.config.set_iterator_mode/get_iterator_mode against MindSpore 2.10
(tests/goldens/scripts/iterator_mode_probe.py, golden tests/goldens/dataset/iterator_mode_probe.out):
signatures, defaults, read-back and the type errors, exactly; and the rows an iterator gives are
the same in every mode."""
import numpy as np
import pytest

import msjax.dataset as ds
from tests.golden_scripts import GOLDENS, parse_lines, script_output_on_msjax

GOLDEN = parse_lines((GOLDENS / "dataset" / "iterator_mode_probe.out").read_text())


@pytest.fixture(scope="module")
def cases():
    return parse_lines(script_output_on_msjax("iterator_mode_probe.py"))


@pytest.mark.parametrize("label", list(GOLDEN))
def test_matches_mindspore(cases, label):
    assert cases[label] == GOLDEN[label]


@pytest.mark.parametrize("do_copy, parallel_convert", [(False, False), (True, True)])
def test_rows_are_the_same_in_every_mode(do_copy, parallel_convert):
    ds.config.set_iterator_mode(do_copy=do_copy, parallel_convert=parallel_convert)
    try:
        data = ds.GeneratorDataset(lambda: ((np.array([i, 2 * i]),) for i in range(4)), ["x"],
                                   shuffle=False)
        rows = [row["x"].asnumpy().tolist() for row in data.create_dict_iterator(num_epochs=1)]
    finally:
        ds.config.set_iterator_mode()
    assert rows == [[0, 0], [1, 2], [2, 4], [3, 6]]
