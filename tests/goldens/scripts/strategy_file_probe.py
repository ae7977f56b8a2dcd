"""MindSpore 2.10 reading the strategy files msjax writes (recorded by mindspore-oracle into
tests/goldens/parallel/strategy_file_probe.out). MindSpore cannot write one on a CPU (its
semi-auto mode refuses the CPU backend: "Invalid communication backend: CPU for
semi_auto_parallel/auto_parallel mode"), so the files are msjax's
(tests/goldens/parallel/strategy_files/, written by tests/parallel/strategy_net.py: protobuf and
JSON), and MindSpore's own readers parse them: its node_strategy_pb2, build_searched_strategy,
merge_sliced_parameter and transform_checkpoints on rank checkpoints sliced by them. Also
strategy_ckpt_config's settings and checks.

    MSJAX_STRATEGY_FILES=$PWD/tests/goldens/parallel/strategy_files \
        ../shared/tools/mindspore-oracle tests/goldens/scripts/strategy_file_probe.py Every line prints values, so msjax must print the
same."""
import os
import pathlib
import tempfile

import numpy as np

import mindspore as ms
from mindspore import Parameter, Tensor

# the oracle runs a copy of this script elsewhere: it is given the folder in the environment
FILES = pathlib.Path(os.environ.get("MSJAX_STRATEGY_FILES") or
                     pathlib.Path(__file__).resolve().parents[1] / "parallel" / "strategy_files")
rng = np.random.default_rng(1)
FULL = {"w1": rng.standard_normal((16, 8)).astype(np.float32),
        "w2": rng.standard_normal((8, 4)).astype(np.float32),
        "bias": rng.standard_normal((4,)).astype(np.float32)}


def cut(array, dev_matrix, tensor_map, rank):
    """Rank `rank`'s slice of `array` by MindSpore's layout rule."""
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


for name in ("strategy.ckpt", "strategy.json"):
    path = str(FILES / name)
    strategy = ms.build_searched_strategy(path)
    print(name, "names ->", sorted(strategy))
    for param in sorted(strategy):
        layout = strategy[param]
        print(name, param, "->", [list(m.dim) for m in layout.dev_matrix],
              [list(m.dim) for m in layout.tensor_map],
              [list(m.dim) for m in layout.param_split_shape],
              [list(m.dim) for m in layout.indices_offset], layout.field,
              layout.opt_weight_shard_step, layout.opt_weight_shard_size)
    # every rank's slices, merged back by the strategy
    for param in sorted(strategy):
        layout = strategy[param]
        dev_matrix, tensor_map = list(layout.dev_matrix[0].dim), list(layout.tensor_map[0].dim)
        slices = [Parameter(Tensor(cut(FULL[param], dev_matrix, tensor_map, r)), param)
                  for r in range(int(np.prod(dev_matrix)))]
        whole = ms.merge_sliced_parameter(slices, strategy)
        print(name, "merge", param, "->", whole.shape,
              np.array_equal(whole.asnumpy(), FULL[param]))
    # 8 ranks' checkpoints sliced by it, into one
    root = tempfile.mkdtemp()
    for rank in range(8):
        os.makedirs(os.path.join(root, "src", f"rank_{rank}"))
        pieces = []
        for param in sorted(strategy):
            layout = strategy[param]
            pieces.append({"name": param, "data": Tensor(cut(
                FULL[param], list(layout.dev_matrix[0].dim), list(layout.tensor_map[0].dim),
                rank))})
        ms.save_checkpoint(pieces, os.path.join(root, "src", f"rank_{rank}", "net.ckpt"))
    ms.transform_checkpoints(os.path.join(root, "src"), os.path.join(root, "full"), "full_", path,
                             None)
    merged = ms.load_checkpoint(os.path.join(root, "full", "rank_0", "full_0.ckpt"))
    for param in sorted(FULL):
        print(name, "transform", param, "->", np.array_equal(merged[param].asnumpy(),
                                                             FULL[param]))

# the operators' strategies, by MindSpore's own protobuf classes (msjax has no
# mindspore.train.node_strategy_pb2: its test parses the file with msjax's classes)
if hasattr(ms.train, "node_strategy_pb2"):
    strategy_map = ms.train.node_strategy_pb2.ParallelStrategyMap()
    strategy_map.ParseFromString((FILES / "strategy.ckpt").read_bytes())
    print("current_stage ->", strategy_map.current_stage)
    for item in strategy_map.parallel_strategy_item:
        print("operator", item.node_name, "->", item.parallel_strategys.stage,
              [list(s.dim) for s in item.parallel_strategys.parallel_strategy])

# strategy_ckpt_config and strategy_ckpt_save_file
d = tempfile.mkdtemp()


def config():
    return {k: (v.replace(d, "D") if isinstance(v, str) else v)
            for k, v in ms.get_auto_parallel_context("strategy_ckpt_config").items()}


ms.set_auto_parallel_context(strategy_ckpt_config={"save_file": os.path.join(d, "a", "s.json")})
print("config save_file ->", config())
print("save file key ->", ms.get_auto_parallel_context("strategy_ckpt_save_file").replace(d, "D"))
ms.set_auto_parallel_context(strategy_ckpt_save_file=os.path.join(d, "b", "s.ckpt"))
print("old save key ->", config(), os.path.isdir(os.path.join(d, "b")))
ms.set_auto_parallel_context(strategy_ckpt_config={"only_trainable_params": False})
print("only_trainable_params ->", config())
ms.set_auto_parallel_context(strategy_ckpt_config={"load_file": "x.ckpt"})
print("load file key ->", ms.get_auto_parallel_context("strategy_ckpt_load_file"))
for bad in [{"save_fil": "x"}, {"save_file": 3}, {"load_file": 3}, {"only_trainable_params": 1},
            "x"]:
    try:
        ms.set_auto_parallel_context(strategy_ckpt_config=bad)
        print("bad", bad, "-> accepted")
    except Exception as e:  # noqa: BLE001 - the type and message are the golden
        print("bad", bad, "->", type(e).__name__, str(e))
ms.reset_auto_parallel_context()
print("reset ->", ms.get_auto_parallel_context("strategy_ckpt_config"))
