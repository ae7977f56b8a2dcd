"""Primitive.shard's attributes and checks (MindSpore 2.10, recorded by mindspore-oracle into
tests/goldens/parallel/shard_strategy_probe.out)."""
from mindspore import Layout, ops

layout = Layout((2, 2, 2), ("dp", "sp", "mp"))
print("tuples ->", ops.MatMul().shard(((2, 1), (1, 4))))
print("layouts ->", ops.MatMul().shard((layout("dp", "sp"), layout("sp", "None"))))
print("in and out ->", ops.Add().shard(((2, 1), (2, 1)), out_strategy=((2, 1),)))
print("nothing ->", ops.Add().shard())
for label, bad, out in [("list", [(2, 1)], None), ("float", ((2, 1.0),), None),
                        ("int element", (5,), None),
                        ("tuple in, layout out", ((2, 1), (1, 4)), (layout("dp", "sp"),))]:
    try:
        ops.MatMul().shard(bad, out_strategy=out)
        print(label, "-> no error")
    except (TypeError, ValueError) as error:
        print(label, "->", type(error).__name__, error)
