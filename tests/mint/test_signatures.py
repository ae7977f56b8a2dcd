"""Every `mindspore.mint` name msjax provides accepts MindSpore 2.10's parameters, by name and
with the same defaults (tests/goldens/mint/signatures.json, recorded with the oracle by
tests/goldens/scripts/mint_signatures.py), and every name of MindSpore's mint modules resolves."""
import importlib
import inspect
import json

import pytest

from msjax._src.reference import mindspore_modules
from tests.conftest import GOLDENS

SIGNATURES = json.loads((GOLDENS / "mint" / "signatures.json").read_text())
MODULES = {"mint": "msjax.mint", "mint.nn": "msjax.mint.nn",
           "mint.nn.functional": "msjax.mint.nn.functional", "mint.optim": "msjax.mint.optim",
           "mint.linalg": "msjax.mint.linalg", "mint.special": "msjax.mint.special"}
# MindSpore internals re-exported by its mint modules (Primitive instances, private helpers).
NOT_API = {"absolute_import", "constexpr", "jit_forbidden_register", "jit_view_unsupported",
           "equal_ext_op", "softmax_ext", "flatten_ext", "squeeze_impl", "cdist_",
           "round_op", "upsample_bilinear2d_op", "upsample_nearest2d_op",
           "adaptive_avg_pool3d_ext", "elu_ext", "hardtanh_op", "threshold_op", "norm_ext",
           "silu_func", "kl_div_ext", "mse_loss_ext", "nllloss", "inplace_elu", "inplace_silu"}
# TCPStore is an import of mint.distributed, not in its __all__.
NOT_YET = {"TCPStore"}


def _recorded():
    for key, (signature, kind) in SIGNATURES.items():
        module, name = key.rsplit(".", 1)
        if module in MODULES and signature not in (None, "(*args, **kwargs)") \
                and name not in NOT_API | NOT_YET and kind != "module":
            yield key


def _parameters(obj):
    target = obj.__init__ if isinstance(obj, type) else obj
    params = list(inspect.signature(target).parameters.values())
    return params[1:] if isinstance(obj, type) else params


def _mindspore_parameters(text, is_class):
    namespace = {"mindspore": __import__("msjax"), "Optional": {str: object}}
    exec(f"def recorded{text}: pass", namespace)  # noqa: S102
    return list(inspect.signature(namespace["recorded"]).parameters.values())


@pytest.mark.parametrize("key", sorted(_recorded()))
def test_accepts_mindspore_parameters(key):
    module, name = key.rsplit(".", 1)
    obj = getattr(importlib.import_module(MODULES[module]), name)
    signature, kind = SIGNATURES[key]
    text = signature.split(" -> ")[0]
    expected = _mindspore_parameters(text, kind == "type")
    ours = {p.name: p for p in _parameters(obj)}
    var_keyword = any(p.kind is p.VAR_KEYWORD for p in ours.values())
    var_positional = any(p.kind is p.VAR_POSITIONAL for p in ours.values())
    for param in expected:
        if param.kind is param.VAR_POSITIONAL:
            assert var_positional, f"{key}: *{param.name} not accepted"
            continue
        if param.kind is param.VAR_KEYWORD:
            continue
        if param.name not in ours:
            assert var_keyword, f"{key}: parameter '{param.name}' missing"
            continue
        default = ours[param.name].default
        if param.default is not param.empty:
            assert default == param.default or (default is None and param.default == ()), \
                f"{key}: default of '{param.name}' is {default!r}, MindSpore's {param.default!r}"
        else:
            assert default is inspect.Parameter.empty, f"{key}: '{param.name}' should be required"


@pytest.mark.parametrize("module", ["mindspore.mint", "mindspore.mint.nn",
                                    "mindspore.mint.nn.functional", "mindspore.mint.optim",
                                    "mindspore.mint.linalg", "mindspore.mint.special",
                                    "mindspore.mint.distributed"])
def test_every_public_name_resolves(module):
    ours = importlib.import_module(module.replace("mindspore", "msjax"))
    names = set(mindspore_modules()[module]["names"]) - NOT_API - NOT_YET
    missing = sorted(n for n in names if not hasattr(ours, n))
    assert missing == []
