"""transform_checkpoint_by_rank and load_segmented_checkpoints as MindSpore 2.10 runs them
(recorded by mindspore-oracle into tests/goldens/parallel/checkpoint_by_rank_probe.out): 8 ranks'
slices of one layout into each rank of another, into whole Parameters and from whole ones; what
a strategy file leaves out; missing ranks and bad arguments; a folder of checkpoints loaded as
one. The strategy files are MindSpore's JSON (as distributed_checkpoint_probe.py's). Every line
prints values, so msjax must print the same."""
import json
import os
import tempfile

import numpy as np

import mindspore as ms
from mindspore import Tensor, nn

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
        json.dump({"current_stage": 0,
                   "parallel_strategy_item": {"Default/MatMul-op0": {
                       "stage": 0, "parallel_strategy": [[2, 1], [1, 4]]}},
                   "parallel_layout_item": layouts}, f)


def cut(array, item, rank):
    dev_matrix, tensor_map = item["dev_matrix"], item["tensor_map"]
    coordinate = np.unravel_index(rank % int(np.prod(dev_matrix)), dev_matrix)
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


def summary(path):
    loaded = ms.load_checkpoint(path)
    return [(name, tuple(loaded[name].shape), float(np.abs(loaded[name].asnumpy()).sum()).__round__(5))
            for name in sorted(loaded)]


root = tempfile.mkdtemp()
src_strategy, dst_strategy = os.path.join(root, "src.json"), os.path.join(root, "dst.json")
write_strategy(src_strategy, SRC)
write_strategy(dst_strategy, DST)
files = {}
for rank in range(8):
    files[rank] = os.path.join(root, f"src_{rank}.ckpt")
    ms.save_checkpoint([{"name": n, "data": Tensor(cut(v, SRC[n], rank))} for n, v in FULL.items()],
                       files[rank])
whole_file = os.path.join(root, "whole.ckpt")
ms.save_checkpoint([{"name": n, "data": Tensor(v)} for n, v in FULL.items()], whole_file)

for rank in range(4):
    out = os.path.join(root, f"dst_{rank}.ckpt")
    ms.transform_checkpoint_by_rank(rank, files, out, src_strategy, dst_strategy)
    loaded = ms.load_checkpoint(out)
    print(f"8 to 4, rank {rank} ->", summary(out),
          all(np.array_equal(loaded[n].asnumpy(), cut(FULL[n], DST[n], rank)) for n in FULL))
out = os.path.join(root, "whole_out.ckpt")
ms.transform_checkpoint_by_rank(0, files, out, src_strategy, None)
print("8 to whole ->", summary(out),
      all(np.array_equal(ms.load_checkpoint(out)[n].asnumpy(), FULL[n]) for n in FULL))
out = os.path.join(root, "from_whole.ckpt")
ms.transform_checkpoint_by_rank(2, {0: whole_file}, out, None, dst_strategy)
print("whole to 4, rank 2 ->", summary(out),
      all(np.array_equal(ms.load_checkpoint(out)[n].asnumpy(), cut(FULL[n], DST[n], 2))
          for n in FULL))
partial_dst = os.path.join(root, "partial.json")
write_strategy(partial_dst, {"dense.weight": DST["dense.weight"]})
out = os.path.join(root, "partial.ckpt")
ms.transform_checkpoint_by_rank(1, files, out, src_strategy, partial_dst)
print("dst strategy of one parameter ->", summary(out))
out = os.path.join(root, "fewer.ckpt")
ms.transform_checkpoint_by_rank(0, {r: files[r] for r in range(5)}, out, src_strategy, None)
print("whole from ranks 0 to 4 ->", summary(out),
      all(np.array_equal(ms.load_checkpoint(out)[n].asnumpy(), FULL[n]) for n in FULL))

for label, call in [
        ("a needed rank missing", lambda: ms.transform_checkpoint_by_rank(
            0, {r: files[r] for r in range(4)}, os.path.join(root, "x.ckpt"), src_strategy,
            None)),
        ("its own source rank missing", lambda: ms.transform_checkpoint_by_rank(
            2, {1: whole_file}, os.path.join(root, "x.ckpt"), None, dst_strategy)),
        ("map not a dict", lambda: ms.transform_checkpoint_by_rank(
            0, [files[0]], os.path.join(root, "x.ckpt"), src_strategy, None)),
        ("rank not an int", lambda: ms.transform_checkpoint_by_rank(
            "0", files, os.path.join(root, "x.ckpt"), src_strategy, None)),
        ("name not a str", lambda: ms.transform_checkpoint_by_rank(0, files, 3, src_strategy,
                                                                   None)),
        ("name not .ckpt", lambda: ms.transform_checkpoint_by_rank(
            0, files, os.path.join(root, "x.bin"), src_strategy, None)),
        ("file missing", lambda: ms.transform_checkpoint_by_rank(
            0, {0: os.path.join(root, "none.ckpt")}, os.path.join(root, "x.ckpt"), src_strategy,
            None)),
        ("dst folder missing", lambda: ms.transform_checkpoint_by_rank(
            0, files, os.path.join(root, "x.ckpt"), src_strategy,
            os.path.join(root, "nowhere", "dst.json"))),
]:
    try:
        call()
        print(label, "-> accepted")
    except Exception as e:  # noqa: BLE001 - the type and message are the golden
        print(label, "->", type(e).__name__, str(e).replace(root, "ROOT"))

# load_segmented_checkpoints: every .ckpt of a folder, as one dict
segments = os.path.join(root, "segments")
os.makedirs(segments)
ms.save_checkpoint([{"name": "dense.weight", "data": Tensor(FULL["dense.weight"])},
                    {"name": "dense.bias", "data": Tensor(FULL["dense.bias"])}],
                   os.path.join(segments, "part_a.ckpt"))
ms.save_checkpoint([{"name": "proj.weight", "data": Tensor(FULL["proj.weight"])}],
                   os.path.join(segments, "part_b.ckpt"))
with open(os.path.join(segments, "notes.txt"), "w") as f:
    f.write("not a checkpoint")
merged = ms.load_segmented_checkpoints(segments)
print("segments ->", sorted(merged), all(np.array_equal(merged[n].asnumpy(), FULL[n]) for n in FULL))


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.dense = nn.Dense(4, 8)
        self.proj = nn.Dense(8, 4, has_bias=False)


net = Net()
merged = ms.load_segmented_checkpoints(segments, net, choice_func=lambda name: "bias" not in name)
print("segments into a net ->", sorted(merged),
      np.array_equal(net.dense.weight.asnumpy(), FULL["dense.weight"]),
      np.array_equal(net.proj.weight.asnumpy(), FULL["proj.weight"]),
      np.array_equal(net.dense.bias.asnumpy(), FULL["dense.bias"]))
print("empty folder ->", ms.load_segmented_checkpoints(tempfile.mkdtemp()))
for label, call in [("folder not a str", lambda: ms.load_segmented_checkpoints(3)),
                    ("folder missing", lambda: ms.load_segmented_checkpoints(
                        os.path.join(root, "nowhere")))]:
    try:
        call()
        print(label, "-> accepted")
    except Exception as e:  # noqa: BLE001 - the type and message are the golden
        print(label, "->", type(e).__name__, str(e).replace(root, "ROOT"))
