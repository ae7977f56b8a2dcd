"""Checkpoints saved per rank under one sharding strategy, re-sharded by MindSpore 2.10's
transform_checkpoints, load_distributed_checkpoint and merge_sliced_parameter (recorded by
mindspore-oracle into tests/goldens/parallel/distributed_checkpoint_probe.out).

The strategy files are MindSpore's JSON format (what `strategy_ckpt_config={"save_file":
"....json"}` writes); each rank's checkpoint holds its slices, cut here by MindSpore's layout rule
(a rank's coordinate in the device matrix, row-major; tensor map entry k is device-matrix axis
-k-1). Every line prints values, so msjax must print the same."""
import json
import os
import tempfile

import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor, nn

rng = np.random.default_rng(0)
FULL = {"dense.weight": rng.standard_normal((8, 4)).astype(np.float32),
        "dense.bias": rng.standard_normal((8,)).astype(np.float32),
        "proj.weight": rng.standard_normal((4, 8)).astype(np.float32)}


def layout(dev_matrix, tensor_map):
    return {"dev_matrix": dev_matrix, "tensor_map": tensor_map, "param_split_shape": [],
            "indices_offset": [], "field": 0, "opt_weight_shard_step": 0,
            "opt_weight_shard_size": 0}


SRC = {"dense.weight": layout([2, 4], [1, -1]), "dense.bias": layout([2, 4], [1]),
       "proj.weight": layout([2, 4], [-1, 0])}
DST = {"dense.weight": layout([4, 1], [-1, 1]), "dense.bias": layout([4, 1], [-1]),
       "proj.weight": layout([4, 1], [1, -1])}


def write_strategy(path, layouts):
    with open(path, "w") as f:
        json.dump({"current_stage": 0, "parallel_strategy_item": {},
                   "parallel_layout_item": layouts}, f)


def cut(array, item, rank):
    """Rank `rank`'s slice of `array` under the layout `item`."""
    dev_matrix, tensor_map = item["dev_matrix"], item["tensor_map"]
    coordinate = np.unravel_index(rank, dev_matrix)
    index = []
    for dim, axis in enumerate(tensor_map):
        if axis == -1:
            index.append(slice(None))
            continue
        count = dev_matrix[-axis - 1]
        size = array.shape[dim] // count
        start = int(coordinate[-axis - 1]) * size
        index.append(slice(start, start + size))
    return array[tuple(index)]


def checksum(array):
    return f"{tuple(array.shape)} {float(np.abs(array).sum()):.6f} {array.ravel()[:3].round(5).tolist()}"


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 8)
        self.proj = nn.Dense(8, 4, has_bias=False)

    def construct(self, x):
        return self.proj(self.dense(x))


root = tempfile.mkdtemp()
src_strategy = os.path.join(root, "src_strategy.json")
dst_strategy = os.path.join(root, "dst_strategy.json")
write_strategy(src_strategy, SRC)
write_strategy(dst_strategy, DST)
src_dir = os.path.join(root, "src")
files = []
for rank in range(8):
    os.makedirs(os.path.join(src_dir, f"rank_{rank}"))
    files.append(os.path.join(src_dir, f"rank_{rank}", "net.ckpt"))
    ms.save_checkpoint([{"name": name, "data": Tensor(cut(value, SRC[name], rank))}
                        for name, value in FULL.items()], files[-1])

strategy = ms.build_searched_strategy(src_strategy)
print("strategy names ->", sorted(strategy))
print("strategy dense.weight ->", list(strategy["dense.weight"].dev_matrix[0].dim),
      list(strategy["dense.weight"].tensor_map[0].dim))

# every rank's slices into one checkpoint
ms.transform_checkpoints(src_dir, os.path.join(root, "full"), "full_", src_strategy, None)
print("full files ->", sorted(os.listdir(os.path.join(root, "full"))),
      os.listdir(os.path.join(root, "full", "rank_0")))
merged = ms.load_checkpoint(os.path.join(root, "full", "rank_0", "full_0.ckpt"))
for name in sorted(FULL):
    print("full", name, "->", checksum(merged[name].asnumpy()),
          np.array_equal(merged[name].asnumpy(), FULL[name]))

# 8 ranks of one strategy into 4 ranks of another
ms.transform_checkpoints(src_dir, os.path.join(root, "dst"), "dst_", src_strategy, dst_strategy)
print("dst files ->", sorted(os.listdir(os.path.join(root, "dst"))))
for rank in range(4):
    sliced = ms.load_checkpoint(os.path.join(root, "dst", f"rank_{rank}", f"dst_{rank}.ckpt"))
    for name in sorted(FULL):
        print(f"dst rank {rank}", name, "->", checksum(sliced[name].asnumpy()),
              np.array_equal(sliced[name].asnumpy(), cut(FULL[name], DST[name], rank)))

# and back to one checkpoint from the 4 ranks
ms.transform_checkpoints(os.path.join(root, "dst"), os.path.join(root, "back"), "back_",
                         dst_strategy, None)
back = ms.load_checkpoint(os.path.join(root, "back", "rank_0", "back_0.ckpt"))
print("back ->", all(np.array_equal(back[n].asnumpy(), FULL[n]) for n in FULL))

# the per-rank files loaded into a whole network
net = Net()
print("load_distributed_checkpoint ->",
      ms.load_distributed_checkpoint(net, files, None, train_strategy_filename=src_strategy))
for name, param in net.parameters_and_names():
    print("loaded", name, "->", np.array_equal(param.asnumpy(), FULL[name]))

# merge_sliced_parameter: along axis 0, and by a strategy
rows = [Parameter(Tensor(cut(FULL["dense.weight"], SRC["dense.weight"], r)), "dense.weight")
        for r in (0, 4)]
print("merge rows ->", np.array_equal(ms.merge_sliced_parameter(rows).asnumpy(), FULL["dense.weight"]))
columns = [Parameter(Tensor(cut(FULL["proj.weight"], SRC["proj.weight"], r)), "proj.weight")
           for r in range(8)]
whole = ms.merge_sliced_parameter(columns, strategy)
print("merge by strategy ->", whole.name, whole.shape, np.array_equal(whole.asnumpy(), FULL["proj.weight"]))

for label, call in [
        ("transform missing rank", lambda: ms.transform_checkpoints(
            os.path.join(root, "dst"), os.path.join(root, "bad"), "x_", src_strategy, None)),
        ("transform empty", lambda: ms.transform_checkpoints(
            os.path.join(root, "full", "rank_0", "nothing"), os.path.join(root, "bad"), "x_")),
        ("load wrong count", lambda: ms.load_distributed_checkpoint(
            Net(), files[:4], None, train_strategy_filename=src_strategy)),
        ("merge not list", lambda: ms.merge_sliced_parameter(tuple(rows))),
        ("merge empty", lambda: ms.merge_sliced_parameter([])),
        ("merge names", lambda: ms.merge_sliced_parameter(
            [rows[0], Parameter(Tensor(FULL["proj.weight"]), "other")])),
        ("merge key", lambda: ms.merge_sliced_parameter(rows, {"other": 1})),
        ("strategy missing", lambda: ms.build_searched_strategy(os.path.join(root, "no.json"))),
        ("strategy type", lambda: ms.build_searched_strategy(1))]:
    try:
        call()
        print(label, "-> no error")
    except (TypeError, ValueError, KeyError, NotADirectoryError) as error:
        text = str(error).replace(root, "ROOT")
        print(label, "->", type(error).__name__, text)
