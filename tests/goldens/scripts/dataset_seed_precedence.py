"""MindSpore 2.10: `mindspore.set_seed` also sets the dataset seed, and the later of it and
`dataset.config.set_seed` wins (shuffles and random transforms follow it). Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_seed_precedence.py \
        | grep " -> " > tests/goldens/dataset/seed_precedence.txt
"""
import numpy as np

import mindspore as ms
import mindspore.dataset as ds


def order():
    dataset = ds.NumpySlicesDataset(np.arange(10), shuffle=True)
    return [int(row[0]) for row in dataset.create_tuple_iterator(output_numpy=True)]


print("initial ->", ds.config.get_seed())
ms.set_seed(5)
print("after mindspore.set_seed(5) ->", ds.config.get_seed())
ds.config.set_seed(7)
print("after dataset set_seed(7) ->", ds.config.get_seed(), ms.get_seed())
ms.set_seed(9)
print("after mindspore.set_seed(9) ->", ds.config.get_seed())
ms.set_seed(5)
print("after mindspore.set_seed(5) again ->", ds.config.get_seed())
ms.set_seed(1)
first = order()
ms.set_seed(1)
print("mindspore.set_seed repeats a shuffle ->", first == order())
ds.config.set_seed(1)
print("same shuffle as dataset set_seed(1) ->", first == order())
ds.config.set_seed(3)
ms.set_seed(1)
print("mindspore.set_seed after dataset set_seed(3) gives seed 1's shuffle ->", first == order())
