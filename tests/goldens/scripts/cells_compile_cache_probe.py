"""MindSpore 2.10's `Cell.compile_cache` (one entry per GRAPH_MODE signature compiled, emptied
by `ms_memory_recycle`) and `mindspore.common.api.cells_compile_cache` (every live Cell from its
creation, by id, until it is deleted); counts printed relative to the start, `label -> RESULT`;
tests/nn/test_cells_compile_cache.py runs it unchanged on msjax. Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/cells_compile_cache_probe.py \\
        | grep -- " -> " > tests/goldens/nn/cells_compile_cache_probe.out
"""
import mindspore as ms
from mindspore import Tensor, context, nn
from mindspore.common.api import cells_compile_cache


class Net(nn.Cell):
    def construct(self, x, y):
        return x + y


start = len(cells_compile_cache)
x, y = Tensor([1], ms.float32), Tensor([2], ms.float32)
n0 = Net()
print("fresh ->", len(n0.compile_cache), len(cells_compile_cache) - start)
context.set_context(mode=context.PYNATIVE_MODE)
n0(x, y)
print("pynative call ->", len(n0.compile_cache), len(cells_compile_cache) - start)
context.set_context(mode=context.GRAPH_MODE)
n1 = Net()
n1(x, y)
n1(x, y)
print("graph call ->", len(n1.compile_cache), len(cells_compile_cache) - start)
n1(Tensor([1, 2], ms.float32), Tensor([1, 2], ms.float32))
print("second signature ->", len(n1.compile_cache), len(cells_compile_cache) - start)
n2 = Net()
n2(x, y)
print("second cell ->", len(cells_compile_cache) - start, id(n1) in cells_compile_cache,
      type(cells_compile_cache[id(n1)]).__name__, len(cells_compile_cache[id(n2)]))
ms.ms_memory_recycle()
print("after recycle ->", len(n1.compile_cache), len(cells_compile_cache) - start)
n1(x, y)
print("called again ->", len(n1.compile_cache))
del n1, n2
print("deleted ->", len(cells_compile_cache) - start)
