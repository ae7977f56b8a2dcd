"""Cell.shard and mindspore.parallel.shard in a job of one rank (MindSpore 2.10, recorded by
mindspore-oracle into tests/goldens/parallel/cell_shard_probe.out): Cell.shard returns None and
checks nothing, shard returns the function itself, the cell computes as before."""
import numpy as np

import mindspore as ms
from mindspore import Layout, Tensor, nn
from mindspore.parallel import shard

ms.set_seed(0)
net = nn.Dense(4, 2)
x = Tensor(np.ones((2, 4), np.float32))
before = net(x).asnumpy()
print("cell shard returns ->", net.shard(((2, 1),), parameter_plan={"weight": (2, 1)}))
print("cell after shard computes as before ->", np.array_equal(net(x).asnumpy(), before))
fn = lambda a: a + 1  # noqa: E731
print("shard returns fn ->", shard(fn, ((2, 1),)) is fn)
layout = Layout((2, 2), ("dp", "mp"))
for label, args, kwargs in [("in list", ([(2, 1)],), {}),
                            ("mixed", (((2, 1), layout("dp", "mp")),), {}),
                            ("plan list", (((2, 1),),), {"parameter_plan": [1]})]:
    print(label, "cell ->", net.shard(*args, **kwargs))
    print(label, "function ->", shard(net, *args, **kwargs) is net)
for label, kwargs in [("device", {"device": "CPU"}), ("level", {"level": 0})]:
    try:
        shard(fn, ((2, 1),), **kwargs)
        print(label, "-> accepted")
    except TypeError as error:
        print(label, "->", type(error).__name__, error)
