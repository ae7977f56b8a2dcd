"""Dataset.device_que / TransferDataset (msjax/_src/dataset/transfer.py).

The golden probe tests/goldens/scripts/ds20_transfer_probe.py must print exactly what MindSpore
2.10 prints (types, signatures, sizes, the not-iterable errors). What MindSpore's API cannot show
(the rows in its device queue) is checked here on msjax's queue: the rows arrive on the device in
the pipeline's order, pausing and releasing work, and a failing pipeline's error reaches the
reader."""
import numpy as np
import pytest

import msjax.dataset as ds
from tests.golden_scripts import dataset_script_cases, golden_cases

GOLDEN = golden_cases("dataset/ds20_transfer_probe.out")


@pytest.mark.parametrize("label", sorted(GOLDEN))
def test_transfer_case_matches_mindspore(label):
    assert dataset_script_cases("ds20_transfer_probe.py").get(label) == GOLDEN[label]


def test_send_puts_the_rows_on_the_device_in_order():
    import jax
    transfer = ds.NumpySlicesDataset({"a": np.arange(5)}, shuffle=False).batch(2).device_que()
    transfer.send(2)
    rows = [transfer._next_row(timeout=30) for _ in range(6)]
    transfer.release()
    assert all(isinstance(row[0], jax.Array) for row in rows)
    assert [row[0].tolist() for row in rows] == [[0, 1], [2, 3], [4]] * 2


def test_stop_send_pauses_and_continue_send_resumes():
    import queue
    transfer = ds.NumpySlicesDataset({"a": np.arange(3)}, shuffle=False).device_que()
    transfer.stop_send()
    transfer.send(1)
    with pytest.raises(queue.Empty):
        transfer._next_row(timeout=0.3)
    transfer.continue_send()
    assert [transfer._next_row(timeout=30)[0].tolist() for _ in range(3)] == [0, 1, 2]
    transfer.release()


def test_a_failing_pipeline_reaches_the_reader():
    def fail(x):
        raise ValueError("bad row")

    transfer = ds.NumpySlicesDataset({"a": np.arange(3)}, shuffle=False).map(fail).device_que()
    transfer.send(1)
    with pytest.raises(RuntimeError, match="bad row"):
        for _ in range(10):
            transfer._next_row(timeout=0.5)
