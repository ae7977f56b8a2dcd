"""mindspore.experimental.optim.lr_scheduler against MindSpore 2.10 (tests/goldens/mint/
lr_scheduler.json, recorded by tests/goldens/scripts/lr_scheduler.py for the cases of
tests/mint/lr_scheduler_cases.py): every scheduler's rates after construction and after each
step(), step(epoch) and step(metric); the rate reaching the optimizer, eagerly and in a
compiled step; bad arguments."""
import json
import math

import numpy as np
import pytest

import msjax
from msjax import Parameter, Tensor
from msjax.experimental import optim
from msjax.experimental.optim import lr_scheduler
from tests.conftest import GOLDENS
from tests.golden_scripts import golden_cases, run_script_on_msjax
from tests.mint.lr_scheduler_cases import CASES, run
from tests.support import assert_close

GOLDEN = json.loads((GOLDENS / "mint" / "lr_scheduler.json").read_text())


def optimizer():
    w = Parameter(Tensor(np.ones(2, np.float32)), name="w")
    b = Parameter(Tensor(np.zeros(2, np.float32)), name="b")
    return optim.SGD([{"params": [w]}, {"params": [b], "lr": 0.05}], lr=0.1)


@pytest.mark.parametrize("key, expr, plan", CASES, ids=[c[0] for c in CASES])
def test_rates_match_mindspore(key, expr, plan):
    opt = optimizer()
    scheduler = eval(expr, {"opt": opt, "lr_scheduler": lr_scheduler})  # noqa: S307
    trace = run(scheduler, plan)
    np.testing.assert_allclose(trace, GOLDEN[key], rtol=1e-5, atol=1e-8)
    # The rates are the optimizer's own lr Parameters.
    assert_close([g["lr"] for g in opt.param_groups], np.array(trace[-1], np.float32))


def test_the_rate_reaches_the_optimizer_eagerly_and_compiled():
    grads = (Tensor(np.ones(2, np.float32)), Tensor(np.ones(2, np.float32)))
    opt = optimizer()
    scheduler = lr_scheduler.StepLR(opt, step_size=1, gamma=0.5)
    scheduler.step()
    opt(grads)
    assert_close([p for p in opt.parameters], np.array(GOLDEN["sgd_after_step"], np.float32))
    compiled_opt = optimizer()
    step = msjax.jit(compiled_opt)
    step(grads)  # lr 0.1 / 0.05
    lr_scheduler.StepLR(compiled_opt, step_size=1, gamma=0.5).step()
    step(grads)  # the compiled step reads the halved rates
    assert_close([p for p in compiled_opt.parameters],
                 np.array([[0.85, 0.85], [-0.075, -0.075]], np.float32))


def test_cosine_warm_restarts_to_an_epoch_past_t0_with_t_mult():
    # MindSpore 2.10 raises TypeError here (its ops.Log call); msjax computes PyTorch's formula:
    # epoch 11 with T_0=3, T_mult=2 lies 2 epochs into the third period (3 + 6 = 9, length 12).
    opt = optimizer()
    scheduler = lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=3, T_mult=2, eta_min=0.001)
    scheduler.step(11)
    want = [0.001 + (base - 0.001) * (1 + math.cos(math.pi * 2 / 12)) / 2 for base in (0.1, 0.05)]
    assert_close(scheduler.get_last_lr(), np.array(want, np.float32))


def test_multistep_to_an_epoch_uses_the_closed_form():
    # MindSpore 2.10's MultiStepLR.step(epoch) raises AttributeError; msjax uses PyTorch's form.
    opt = optimizer()
    scheduler = lr_scheduler.MultiStepLR(opt, milestones=[2, 4, 4], gamma=0.5)
    scheduler.step(4)
    assert_close(scheduler.get_last_lr(), np.array([0.1 / 8, 0.05 / 8], np.float32))


@pytest.mark.parametrize("make, error, message", [
    (lambda opt: lr_scheduler.StepLR(opt, step_size=1.5), TypeError,
     "For 'StepLR', the 'step_size' must be int"),
    (lambda opt: lr_scheduler.StepLR(opt, step_size=2, gamma=1), TypeError,
     "For 'StepLR', the 'gamma' must be float"),
    (lambda opt: lr_scheduler.LinearLR(opt, start_factor=0), ValueError,
     "Starting multiplicative factor expected to be greater than 0"),
    (lambda opt: lr_scheduler.LambdaLR(opt, [lambda e: 1.0]), ValueError,
     "Expected 2 lr_lambdas, but got 1"),
    (lambda opt: lr_scheduler.StepLR(opt, 2, last_epoch=3), KeyError,
     "param 'initial_lr' is not specified in param_groups\\[0\\]"),
    (lambda opt: lr_scheduler.StepLR(object(), 2), TypeError, "object is not an Optimizer"),
    (lambda opt: lr_scheduler.ReduceLROnPlateau(opt, factor=1.0), ValueError,
     "The lr factor should be less than 1.0"),
    (lambda opt: lr_scheduler.ReduceLROnPlateau(opt, mode="mean"), ValueError,
     "`mode` should be 'min' or 'max', but got mean"),
    (lambda opt: lr_scheduler.SequentialLR(opt, [lr_scheduler.ExponentialLR(opt, 0.9)], [1]),
     ValueError, "expects number of schedulers provided to be one more than the number of "
                 "milestone points"),
])
def test_bad_arguments_raise_mindspore_s_errors(make, error, message):
    opt = optimizer()
    before = [float(g["lr"]) for g in opt.param_groups]
    with pytest.raises(error, match=message):
        make(opt)
    if "Sequential" not in message:  # (there the ExponentialLR built first set the rates)
        assert [float(g["lr"]) for g in opt.param_groups] == before


PLATEAU_GOLDEN = golden_cases("mint/reduce_lr_on_plateau_probe.out")


@pytest.fixture(scope="module")
def plateau_cases():
    return run_script_on_msjax("reduce_lr_on_plateau_probe.py")


@pytest.mark.parametrize("label", sorted(PLATEAU_GOLDEN))
def test_reduce_lr_on_plateau_in_a_compiled_cell_matches_mindspore(label, plateau_cases):
    """ReduceLROnPlateau's state is Parameters: stepped from GRAPH_MODE code it counts once."""
    assert plateau_cases.get(label) == PLATEAU_GOLDEN[label]
