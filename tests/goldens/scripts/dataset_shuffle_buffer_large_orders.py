"""The orders of MindSpore's Dataset.shuffle(buffer_size) over 1000 and 5000 rows (the smaller
cases and the other pipelines: dataset_shuffle_buffer_orders.py): buffers of 2, 100 or 1000, one
row fewer than the data, as many and more, four seeds, three epochs. One `label -> epochs` line
per case, each order written as its first 40 rows and a position-weighted checksum."""
import numpy as np
import mindspore.dataset as ds


def orders_of(dataset, count=3, head=40):
    it = dataset.create_tuple_iterator(num_epochs=count, output_numpy=True)
    orders = [[int(row[0]) for row in it] for _ in range(count)]
    return " ".join(f"{o[:head]}+{sum(i * v for i, v in enumerate(o)) % 1000003}" for o in orders)


for seed in (0, 7, 1234, 4294967295):
    for n, buffer in ((1000, 2), (1000, 100), (1000, 999), (5000, 2), (5000, 1000), (5000, 4999),
                      (5000, 5000), (5000, 10000)):
        ds.config.set_seed(seed)
        source = ds.NumpySlicesDataset(np.arange(n), column_names=["x"], shuffle=False)
        print(f"numpy n={n} buffer={buffer} seed={seed} -> {orders_of(source.shuffle(buffer))}")
