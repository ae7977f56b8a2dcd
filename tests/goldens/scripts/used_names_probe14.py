"""MindSpore 2.10 behaviour of mindspore.parallel.Layout (mindspore.Layout): the tensor map of a
call, to_dict and the checks, printed `label -> RESULT` as in used_names_probe.py;
tests/api/test_used_names_golden.py runs it unchanged on msjax.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/used_names_probe14.py \
        | grep -- " -> " > tests/goldens/api/used_names_probe14.out
"""
import mindspore as ms
from mindspore.parallel import Layout


def show(label, f):
    try:
        result = repr(f())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        lines = str(e).strip().splitlines() or [""]
        result = f"ERR {type(e).__name__} | {lines[0]}"
    print(f"{label} -> {result}")


layout = Layout((2, 4), ("dp", "mp"))
show("same class", lambda: ms.Layout is Layout)
show("call", lambda: layout("dp", "mp").to_dict())
show("call None", lambda: layout("None", "dp").to_dict()["tensor_map"])
show("call tuple", lambda: layout(("dp", "mp"), "None").to_dict()["tensor_map"])
show("call a copy", lambda: (lambda sharded: (sharded is layout, type(sharded).__name__))(
    layout("mp", "dp")))
show("three axes", lambda: Layout((2, 2, 2), ("dp", "sp", "mp"))("mp", "None", ("dp", "sp"))
     .to_dict())
show("rank_list", lambda: Layout((2, 2), ("a", "b"), rank_list=[3, 2, 1, 0])("a", "b")
     .to_dict()["rank_list"])
show("interleaved", lambda: Layout((2, 2), ("dp", "interleaved_parallel"))(
    ("dp", "interleaved_parallel")).to_dict()["interleaved_parallel"])
show("to_dict without map", lambda: Layout((2,), ("dp",)).to_dict())
show("unknown axis", lambda: layout("tp"))
show("axis twice", lambda: layout("dp", "dp"))
show("axis twice in tuple", lambda: layout(("dp", "dp")))
show("device_matrix list", lambda: Layout([2, 4], ("dp", "mp")))
show("alias_name list", lambda: Layout((2, 4), ["dp", "mp"]))
show("lengths differ", lambda: Layout((2, 4), ("dp",)))
show("device_matrix float", lambda: Layout((2.0,), ("dp",)))
show("alias int", lambda: Layout((2,), (1,)))
show("alias empty", lambda: Layout((2,), ("",)))
show("alias None", lambda: Layout((2,), ("None",)))
show("alias repeated", lambda: Layout((2, 2), ("dp", "dp")))
show("interleaved not last", lambda: Layout((2, 2), ("interleaved_parallel", "dp")))
show("rank_list tuple", lambda: Layout((2,), ("dp",), rank_list=(0, 1)))
show("rank_list float", lambda: Layout((2,), ("dp",), rank_list=[0, 1.0]))
show("rank_list length", lambda: Layout((2, 2), ("a", "b"), rank_list=[0, 1]))
