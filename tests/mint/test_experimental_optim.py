"""mindspore.experimental.optim's ASGD, Adadelta, Adagrad, Adamax, NAdam, RAdam, RMSprop and
Rprop against MindSpore 2.10 (tests/goldens/mint/experimental_optim.json, recorded by
tests/goldens/scripts/experimental_optim.py): Parameter names, param_groups keys, and the
parameters after each of three steps, eagerly and compiled; bad arguments raise MindSpore's
errors."""
import ast
import json
import runpy

import numpy as np
import pytest

import msjax
import msjax.compat
from msjax import Tensor
from tests.conftest import GOLDENS
from tests.support import assert_close

GOLDEN = json.loads((GOLDENS / "mint" / "experimental_optim.json").read_text())
SCRIPT = GOLDENS / "scripts" / "experimental_optim.py"


@pytest.fixture(scope="module")
def script():
    msjax.compat.install(force=True)  # the script's `import mindspore` is msjax
    yield runpy.run_path(str(SCRIPT), run_name="experimental_optim")
    msjax.compat.uninstall()  # (no alias, nor MindSpore's class modules, left to later tests)


def _build(script, ctor):
    from msjax.experimental import optim
    ps = script["parameters"]()
    return eval(ctor, {"optim": optim, "ps": ps}), ps  # noqa: S307


@pytest.mark.parametrize("ctor", [c for c, r in GOLDEN.items() if "error" not in r])
@pytest.mark.parametrize("compiled", [False, True], ids=["eager", "jit"])
def test_steps_match_mindspore(script, ctor, compiled):
    want = GOLDEN[ctor]
    opt, ps = _build(script, ctor)
    assert [[n, p.name, list(p.shape), str(p.dtype)] for n, p in opt.parameters_and_names()] == \
        want["params"]
    assert sorted(opt.param_groups[0]) == want["group_keys"]
    step = msjax.jit(opt) if compiled else opt
    for grads, after in zip(script["GRADS"], want["steps"]):
        step(tuple(Tensor(g) for g in grads))
        for param, expected in zip(ps, after):
            assert_close(param, np.array(expected, np.float32), rtol=1e-5, atol=1e-6)


@pytest.mark.parametrize("ctor", [c for c, r in GOLDEN.items() if "error" in r])
def test_bad_arguments_raise_mindspore_s_errors(script, ctor):
    kind, message = GOLDEN[ctor]["error"]
    with pytest.raises({"TypeError": TypeError, "ValueError": ValueError}[kind]) as error:
        _build(script, ctor)
    assert str(error.value) == message


SIGNATURES = json.loads((GOLDENS / "mint" / "experimental_signatures.json").read_text())


@pytest.mark.parametrize("key", sorted(SIGNATURES))
def test_signatures_are_mindspore_s(key):
    import inspect

    from msjax.experimental import optim
    from msjax.experimental.optim import lr_scheduler
    module, name, *method = key.split(".")
    cls = getattr(optim if module == "optim" else lr_scheduler, name)
    function = getattr(cls, method[0]) if method else cls.__init__
    ours = [[p.name, p.kind.name, None if p.default is p.empty else p.default]
            for p in list(inspect.signature(function).parameters.values())[1:]]
    # Defaults compare by value: msjax's one SGD class answers both mint.optim.SGD
    # (weight_decay=0) and experimental.optim.SGD (weight_decay=0.0), two classes in MindSpore.
    want = [[n, kind, None if default is None else ast.literal_eval(default)]
            for n, kind, default in SIGNATURES[key]]
    assert ours == want
