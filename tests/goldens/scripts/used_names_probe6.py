"""MindSpore 2.10 behaviour of nn.utils.no_init_parameters (Parameters made from an initializer
are not initialised until init_parameters_data, a checkpoint load, set_data, init_data, asnumpy or
a call of the network) and of mindspore.runtime's set_memory (its checks), synchronize and memory
statistics (their form: the values are the device's), printed `label -> RESULT` as in
used_names_probe.py; tests/api/test_used_names_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe6.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe6.out
"""
import os
import shutil
import tempfile

import numpy as np
import mindspore as ms
from mindspore import Parameter, Tensor, nn
from mindspore.common.initializer import Normal, One, initializer
from mindspore.nn.utils import no_init_parameters


def desc(v):
    if isinstance(v, Tensor):
        values = v.asnumpy()
        if values.dtype.kind in "fc":
            values = np.round(values.astype(np.float64), 4)
        return f"T[{list(v.shape)},{v.dtype}]={values.tolist()}"
    if isinstance(v, (tuple, list)):
        return "(" + ", ".join(desc(e) for e in v) + ")"
    return repr(v)


def show(label, f):
    try:
        result = desc(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


ms.set_seed(3)
eager = Parameter(initializer(Normal(0.5), [2, 3], ms.float32), name="eager")
after_eager = initializer("normal", [4], ms.float32).asnumpy()
ms.set_seed(3)
with no_init_parameters():
    show("init_param inside", lambda: Parameter.init_param)
    deferred = Parameter(initializer(Normal(0.5), [2, 3], ms.float32), name="deferred")
    from_tensor = Parameter(Tensor(np.ones((2,), np.float32)), name="from_tensor")
    from_numbers = Parameter(Tensor(np.zeros((3,), np.int32)), name="from_numbers")
    dense = nn.Dense(3, 2)
    called = nn.Dense(3, 2)
    loaded = nn.Dense(3, 2)
    replaced = Parameter(initializer("zeros", [2], ms.float32), name="replaced")
    drawn = Parameter(initializer("ones", [2], ms.int32), name="drawn")
    pending_tensor = initializer("ones", [2], ms.float16)
    from_init_tensor = Parameter(Tensor(shape=(2, 2), dtype=ms.float32, init=One()), name="t")
after_deferred = initializer("normal", [4], ms.float32).asnumpy()
show("init_param after", lambda: Parameter.init_param)
show("has_init", lambda: (deferred.has_init, from_tensor.has_init, from_numbers.has_init))
show("repr", lambda: repr(deferred))
show("shape dtype", lambda: (deferred.shape, deferred.dtype, drawn.dtype))
show("initializer", lambda: type(deferred.init).__name__)
show("layers", lambda: [(n, p.has_init) for n, p in dense.parameters_and_names()])
show("later draws not shifted", lambda: bool((after_eager == after_deferred).all()))
show("asnumpy draws", lambda: deferred.asnumpy().shape)
show("has_init after asnumpy", lambda: deferred.has_init)
show("drawn stays", lambda: bool((deferred.asnumpy() == deferred.asnumpy()).all()))
replacements = dense.init_parameters_data()
show("init_parameters_data", lambda: [(str(k), k is v) for k, v in replacements.items()])
show("init_parameters_data has_init", lambda: (dense.weight.has_init, dense.bias.has_init))
show("init_parameters_data again", lambda: len(dense.init_parameters_data()))
show("call initialises", lambda: called(Tensor(np.ones((1, 3), np.float32))).shape)
show("has_init after call", lambda: (called.weight.has_init, called.bias.has_init))
source = nn.Dense(3, 2)
source.weight.set_data(Tensor(np.arange(6, dtype=np.float32).reshape(2, 3)))
source.bias.set_data(Tensor(np.array([0.5, -0.5], np.float32)))
checkpoint = os.path.join(tempfile.mkdtemp(), "dense.ckpt")
ms.save_checkpoint(source, checkpoint)
show("load_checkpoint", lambda: sorted(ms.load_checkpoint(checkpoint, net=loaded)))
show("loaded", lambda: (loaded.weight.has_init, loaded.weight, loaded.bias))
show("set_data", lambda: (replaced.set_data(Tensor(np.array([5.0, 6.0], np.float32))).has_init,
                          replaced))
show("init_data", lambda: (drawn.init_data() is drawn, drawn.has_init, drawn))
show("uninitialised tensor", lambda: (pending_tensor.has_init, pending_tensor.shape))
show("Tensor(init=...)", lambda: (from_init_tensor.has_init, from_init_tensor.shape,
                                  from_init_tensor.init_data().has_init, from_init_tensor))
show("outside the block", lambda: Parameter(initializer("ones", [2]), name="outside").has_init)


def inner_block_ends():
    with no_init_parameters():
        with no_init_parameters():
            pass
        return Parameter(initializer("ones", [2]), name="after_inner").has_init


show("after an inner block", inner_block_ends)


def raising_block():
    try:
        with no_init_parameters():
            raise KeyError("inside")
    except KeyError:
        return Parameter.init_param


show("after an exception", raising_block)

show("set_memory init_size int", lambda: ms.runtime.set_memory(init_size=2))
show("set_memory optimize_level int", lambda: ms.runtime.set_memory(optimize_level=1))
show("set_memory 2G", lambda: ms.runtime.set_memory("2G"))
show("set_memory 0GB", lambda: ms.runtime.set_memory("0GB"))
show("set_memory 0.0GB", lambda: ms.runtime.set_memory(max_size="0.0GB"))
show("set_memory 01GB", lambda: ms.runtime.set_memory(increase_size="01GB"))
show("set_memory O2", lambda: ms.runtime.set_memory(optimize_level="O2"))
show("set_memory huge page x", lambda: ms.runtime.set_memory(huge_page_reserve_size="x"))
show("set_memory", lambda: ms.runtime.set_memory("1GB", "0.5GB", "8GB", "O1", "0GB"))
show("set_memory again", lambda: ms.runtime.set_memory("1GB"))
show("set_memory again bad", lambda: ms.runtime.set_memory("x"))
show("synchronize", lambda: ms.runtime.synchronize())
show("memory functions", lambda: [type(getattr(ms.runtime, name)()).__name__ for name in (
    "memory_allocated", "max_memory_allocated", "memory_reserved", "max_memory_reserved")])
show("memory_stats keys", lambda: sorted(ms.runtime.memory_stats()))
show("memory_stats pools", lambda: (ms.runtime.memory_stats()["common_mem_pool_stats"]["blocks_info"],
                                    sorted(ms.runtime.memory_stats()["persistent_mem_pool_stats"])))
show("resets", lambda: (ms.runtime.reset_peak_memory_stats(), ms.runtime.reset_max_memory_allocated(),
                        ms.runtime.reset_max_memory_reserved()))
show("memory_summary rows", lambda: [line.split("|")[1].strip() for line in
                                     ms.runtime.memory_summary().splitlines() if line.count("|") == 3])
shutil.rmtree(os.path.dirname(checkpoint))
