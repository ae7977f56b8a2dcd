"""Which files of a folder Cifar10Dataset reads in MindSpore 2.10, by usage: the `.bin` files whose
names hold "data_batch" (train), "test_batch" (test) or either (all), in name order, 10000 records
each; a folder with none raises. One `label -> result` line per case (size, first label)."""
import os
import shutil
import tempfile

import numpy as np
import mindspore.dataset as ds

os.chdir(tempfile.mkdtemp())
root = "bins/"
os.makedirs(root)


def write(name, label):
    records = np.zeros((10000, 3073), np.uint8)
    records[:, 0] = label
    records.tofile(root + name)


write("data_batch_1.bin", 4)
write("test_batch.bin", 9)


def case(label, **kwargs):
    try:
        dataset = ds.Cifar10Dataset(root, shuffle=False, **kwargs)
        first = next(dataset.create_dict_iterator(output_numpy=True))["label"]
        print(label, "->", dataset.get_dataset_size(), int(first))
    except Exception as error:  # noqa: BLE001
        print(label, "->", type(error).__name__,
              [line for line in str(error).splitlines() if "Invalid" in line][:1])


for usage in ("all", "train", "test"):
    case(usage, usage=usage)
write("data_batch_3.bin", 6)
case("all_with_batch_3", usage="all")
case("train_with_batch_3", usage="train")
shutil.copy(root + "data_batch_1.bin", root + "other.bin")
case("all_with_other_bin", usage="all")
write("a_test_batch.bin", 2)
case("test_name_holding_test_batch", usage="test")
root = "only/"
os.makedirs(root)
write("data_batch_1.bin", 4)
case("training_files_only_all")
case("training_files_only_test", usage="test")
