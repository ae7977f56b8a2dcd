"""`Cell.get_extra_state`/`set_extra_state` with `state_dict`/`load_state_dict`,
`Cell.set_broadcast_flag`, `Parameter.add_pipeline_stage`/`cache_shape` and
`Tensor.flush_from_cache`. One `label -> result` line per case (tests/nn/test_cell_extras.py)."""
import numpy as np

from mindspore import Parameter, Tensor, nn


def case(label, fn):
    try:
        result = fn()
        result = result if isinstance(result, str) else repr(result)
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    print(f"{label} -> {result}".replace("\n", "\\n"), flush=True)


net = nn.Dense(2, 2)
case("get_extra_state", lambda: net.get_extra_state())
case("set_extra_state", lambda: net.set_extra_state({"a": 1}))


class Counter(nn.Cell):
    def __init__(self):
        super().__init__()
        self.w = Parameter(Tensor(np.array([1.0], np.float32)), name="w")
        self.inner = nn.Dense(1, 1)
        self.count = 3

    def get_extra_state(self):
        return {"count": self.count}

    def set_extra_state(self, state):
        self.count = state["count"]

    def construct(self, x):
        return self.inner(x * self.w)


source = Counter()
case("state_dict keys", lambda: list(source.state_dict()))
case("state_dict extra", lambda: source.state_dict()["_extra_state"])


def load():
    target = Counter()
    target.count = 0
    result = target.load_state_dict(source.state_dict())
    return target.count, str(result)


case("load_state_dict", load)


def load_missing():
    target = Counter()
    state = source.state_dict()
    del state["_extra_state"]
    return str(target.load_state_dict(state, strict=False)), target.count


case("load_state_dict without extra", load_missing)


def load_strict_missing():
    state = source.state_dict()
    del state["_extra_state"]
    return Counter().load_state_dict(state)


case("load_state_dict strict without extra", load_strict_missing)
case("nested keys", lambda: list(nn.SequentialCell([Counter()]).state_dict()))
case("set_broadcast_flag", lambda: net.set_broadcast_flag() is net)
case("set_broadcast_flag False", lambda: net.set_broadcast_flag(False) is net)
case("add_pipeline_stage", lambda: net.weight.add_pipeline_stage(1))
case("add_pipeline_stage 0", lambda: net.weight.add_pipeline_stage(0))
case("add_pipeline_stage negative", lambda: net.weight.add_pipeline_stage(-1))
case("add_pipeline_stage str", lambda: net.weight.add_pipeline_stage("a"))
case("cache_shape", lambda: net.weight.cache_shape)
case("Parameter flush_from_cache", lambda: net.weight.flush_from_cache())
case("Tensor flush_from_cache", lambda: Tensor([1.0]).flush_from_cache())
