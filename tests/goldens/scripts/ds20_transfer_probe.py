"""Dataset.device_que and TransferDataset: the type, signatures, sizes, columns, repeat count,
that it cannot be iterated, and that send/stop_send/continue_send/release run."""
import inspect
import time

import numpy as np

import mindspore.dataset as ds


def show(label, make):
    try:
        print(label, "->", make())
    except Exception as error:  # pylint: disable=broad-except
        print(label, "->", type(error).__name__, str(error).split("\n")[0][:200])


data = ds.NumpySlicesDataset({"a": np.arange(6), "b": np.ones((6, 2), np.float32)},
                             shuffle=False).batch(2).repeat(3)
transfer = data.device_que()
show("type", lambda: type(transfer).__name__)
show("public", lambda: ds.TransferDataset is type(transfer))
show("device_que signature", lambda: str(inspect.signature(ds.Dataset.device_que)))
show("send signature", lambda: str(inspect.signature(transfer.send)))
show("size", transfer.get_dataset_size)
show("repeat count", transfer.get_repeat_count)
show("batch size", transfer.get_batch_size)
show("columns", transfer.get_col_names)
show("dict iterator", lambda: next(iter(transfer.create_dict_iterator())))
show("tuple iterator", lambda: next(iter(transfer.create_tuple_iterator())))
show("for loop", lambda: [row for row in transfer])
show("send", transfer.send)
time.sleep(0.1)
show("stop_send", transfer.stop_send)
show("continue_send", transfer.continue_send)
show("send 1 epoch", lambda: ds.NumpySlicesDataset([1, 2], shuffle=False).device_que().send(1))
show("chained batch", lambda: type(ds.NumpySlicesDataset([1, 2], shuffle=False).device_que().batch(2)).__name__)
show("no epoch end", lambda: type(data.device_que(send_epoch_end=False)).__name__)
