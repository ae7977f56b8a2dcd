"""Golden outputs of MindSpore 2.10.0 for optimizers, learning-rate schedules, training wrappers and
checkpoint loading into networks, beyond what ``lenet.py`` records (recorded, never hand-written).

Regenerate (from the repository root)::

    MSJAX_GOLDEN_DIR=$PWD/tests/goldens/nn /work/shared/tools/mindspore-oracle tests/goldens/scripts/optim_extra.py

Writes ``tests/goldens/nn/optim_extra.json``:

* ``schedules[case]``   {expr, steps, values, dtype, shape}: a schedule Cell called on
  ``Tensor([step], int32)`` for each step, as ``Optimizer.get_lr`` calls it
* ``dynamic_lr[case]``  {expr, value}: the list ``nn.<fn>(...)`` returns
* ``training[case]``    {expr, names, losses, params {name: nested list}, lr}: the ``small`` model of
  ``lenet.py`` (Dense(4,3)-ReLU-Dense(3,2), MSELoss, the ``small/x``, ``small/y``, ``small/init/*``
  arrays of lenet.npz) trained 3 steps with ``TrainOneStepCell`` (``sens`` given in some cases)
* ``return_grad``       TrainOneStepCell(return_grad=True): the type and keys of what a step returns
* ``get_lr``            what ``get_lr()`` / ``get_lr_parameter`` return for fixed and group rates
* ``errors[case]``      {expr, type, message} of constructor and loading errors
* ``load[case]``        load_param_into_net results (param_not_load, ckpt_not_load) and values
"""
import json
import os
import re
import tempfile
from collections import OrderedDict
from pathlib import Path

import mindspore as ms
import numpy as np
from mindspore import Parameter, Tensor, nn

ms.set_context(mode=ms.PYNATIVE_MODE)
ms.set_seed(0)

OUT = Path(os.environ.get("MSJAX_GOLDEN_DIR") or Path(__file__).resolve().parents[1] / "nn")
meta = OrderedDict(mindspore_version=ms.__version__)


def scrub(text):
    text = re.sub(r" at 0x[0-9a-fA-F]+>", " at 0xADDR>", text)
    return re.sub(r"/tmp/[^ ',]*", "{tmp}", text)


# ---------------------------------------------------------------------------------------------
# learning-rate schedules
# ---------------------------------------------------------------------------------------------
SCHEDULES = OrderedDict([
    ("exponential", "nn.ExponentialDecayLR(0.1, 0.9, 4)"),
    ("exponential_stair", "nn.ExponentialDecayLR(0.1, 0.9, 4, is_stair=True)"),
    ("natural_exp", "nn.NaturalExpDecayLR(0.1, 0.9, 4)"),
    ("natural_exp_stair", "nn.NaturalExpDecayLR(0.1, 0.9, 4, is_stair=True)"),
    ("inverse", "nn.InverseDecayLR(0.1, 0.5, 4)"),
    ("inverse_stair", "nn.InverseDecayLR(0.1, 0.5, 4, is_stair=True)"),
    ("cosine", "nn.CosineDecayLR(0.01, 0.1, 6)"),
    ("polynomial", "nn.PolynomialDecayLR(0.1, 0.01, 6, 0.5)"),
    ("polynomial_update", "nn.PolynomialDecayLR(0.1, 0.01, 4, 2.0, update_decay_steps=True)"),
    ("warmup", "nn.WarmUpLR(0.1, 5)"),
])
STEPS = list(range(11))
meta["schedules"] = OrderedDict()
for case, expr in SCHEDULES.items():
    sched = eval(expr)
    values, dtype, shape = [], None, None
    for step in STEPS:
        out = sched(Tensor(np.array([step], np.int32)))
        values.append(float(out.asnumpy().reshape(-1)[0]))
        dtype, shape = str(out.dtype), list(out.shape)
    meta["schedules"][case] = OrderedDict(expr=expr, steps=STEPS, values=values, dtype=dtype, shape=shape)

DYNAMIC = OrderedDict([
    ("piecewise_constant_lr", "nn.piecewise_constant_lr([2, 5, 7], [0.1, 0.05, 0.01])"),
    ("exponential_decay_lr", "nn.exponential_decay_lr(0.1, 0.9, 6, 2, 1)"),
    ("exponential_decay_lr_stair", "nn.exponential_decay_lr(0.1, 0.9, 6, 2, 2, True)"),
    ("natural_exp_decay_lr", "nn.natural_exp_decay_lr(0.1, 0.9, 6, 2, 2, True)"),
    ("inverse_decay_lr", "nn.inverse_decay_lr(0.1, 0.5, 6, 1, 2)"),
    ("cosine_decay_lr", "nn.cosine_decay_lr(0.01, 0.1, 6, 1, 2)"),
    ("polynomial_decay_lr", "nn.polynomial_decay_lr(0.1, 0.01, 6, 1, 2, 0.5)"),
    ("polynomial_decay_lr_update", "nn.polynomial_decay_lr(0.1, 0.01, 6, 1, 2, 0.5, update_decay_epoch=True)"),
    ("warmup_lr", "nn.warmup_lr(0.1, 6, 1, 2)"),
])
meta["dynamic_lr"] = OrderedDict()
for case, expr in DYNAMIC.items():
    meta["dynamic_lr"][case] = OrderedDict(expr=expr, value=[float(v) for v in eval(expr)])


# ---------------------------------------------------------------------------------------------
# training on the small model
# ---------------------------------------------------------------------------------------------
lenet = np.load(OUT / "lenet.npz")
xs, ys = lenet["small/x"], lenet["small/y"]


class Small(nn.Cell):
    def __init__(self):
        super().__init__()
        self.fc1 = nn.Dense(4, 3)
        self.relu = nn.ReLU()
        self.fc2 = nn.Dense(3, 2)

    def construct(self, x):
        return self.fc2(self.relu(self.fc1(x)))


def small_net():
    net = Small()
    for name, p in net.parameters_and_names():
        p.set_data(Tensor(lenet["small/init/" + name]))
    return net


def groups_lr(net):
    ps = net.trainable_params()
    return [{"params": ps[:2], "lr": 0.05}, {"params": ps[2:]}]


def groups_wd(net):
    ps = net.trainable_params()
    return [{"params": [ps[0], ps[2]], "weight_decay": 0.1}, {"params": [ps[1], ps[3]], "lr": 0.02},
            {"order_params": ps}]


def groups_dynamic(net):
    ps = net.trainable_params()
    return [{"params": ps[:2], "lr": nn.ExponentialDecayLR(0.1, 0.5, 1)}, {"params": ps[2:]}]


TRAINING = OrderedDict([
    ("momentum_groups_lr", "nn.Momentum(groups_lr(net), learning_rate=0.01, momentum=0.9)"),
    ("momentum_groups_wd_order", "nn.Momentum(groups_wd(net), learning_rate=0.01, momentum=0.9, weight_decay=0.0)"),
    ("momentum_groups_dynamic", "nn.Momentum(groups_dynamic(net), learning_rate=0.01, momentum=0.9)"),
    ("adam_groups_lr", "nn.Adam(groups_lr(net), learning_rate=0.01)"),
    ("adam_loss_scale", "nn.Adam(net.trainable_params(), learning_rate=0.01, loss_scale=4.0, weight_decay=0.1)"),
    ("adam_amsgrad_lr_list", "nn.Adam(net.trainable_params(), learning_rate=[0.01, 0.02, 0.005], use_amsgrad=True)"),
    ("adamweightdecay_cosine", "nn.AdamWeightDecay(net.trainable_params(), learning_rate=nn.CosineDecayLR(0.001, 0.01, 2), weight_decay=0.1)"),
    ("sgd_dampening_wd", "nn.SGD(net.trainable_params(), learning_rate=0.1, momentum=0.9, dampening=0.3, weight_decay=0.05)"),
    ("sgd_nesterov", "nn.SGD(net.trainable_params(), learning_rate=0.1, momentum=0.9, nesterov=True)"),
    ("momentum_nesterov", "nn.Momentum(net.trainable_params(), learning_rate=0.05, momentum=0.9, use_nesterov=True)"),
    ("momentum_warmup", "nn.Momentum(net.trainable_params(), learning_rate=nn.WarmUpLR(0.1, 2), momentum=0.9)"),
    ("momentum_sens", "nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)"),
    # issue 13: the adaptive optimizers real code uses
    ("rmsprop", "nn.RMSProp(net.trainable_params(), learning_rate=0.01)"),
    ("rmsprop_centered_momentum_wd", "nn.RMSProp(net.trainable_params(), learning_rate=0.01, decay=0.8, momentum=0.9, epsilon=1e-6, centered=True, weight_decay=0.01)"),
    ("rmsprop_groups", "nn.RMSProp(groups_lr(net), learning_rate=0.01, momentum=0.5)"),
    ("adagrad", "nn.Adagrad(net.trainable_params(), learning_rate=0.1)"),
    ("adagrad_no_update_slots_loss_scale", "nn.Adagrad(net.trainable_params(), accum=0.5, learning_rate=0.1, update_slots=False, loss_scale=2.0)"),
    ("adamax", "nn.AdaMax(net.trainable_params(), learning_rate=0.01)"),
    ("adamax_wd", "nn.AdaMax(net.trainable_params(), learning_rate=0.01, beta1=0.8, beta2=0.9, weight_decay=0.1)"),
    ("adadelta", "nn.Adadelta(net.trainable_params(), learning_rate=1.0, rho=0.8)"),
    # nn.Lamb: MindSpore 2.10's CPU build has no Lamb kernel; tests/nn/test_optim_adaptive.py checks
    # it against optax.lamb.
    ("rprop", "nn.Rprop(net.trainable_params(), learning_rate=0.01)"),
    ("asgd", "nn.ASGD(net.trainable_params(), learning_rate=0.05, lambd=0.01, t0=1.0)"),
    ("ftrl", "nn.FTRL(net.trainable_params(), learning_rate=0.1, l1=0.001, l2=0.01)"),
])
SENS = {"momentum_sens": 2.0}
meta["training"] = OrderedDict()
for case, expr in TRAINING.items():
    net = small_net()
    opt = eval(expr)
    train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt, sens=SENS.get(case))
    train.set_train()
    info = OrderedDict(expr=expr, sens=SENS.get(case))
    info["names"] = [[n, p.name, str(p.dtype), list(p.shape)] for n, p in opt.parameters_and_names()]
    info["is_group"] = bool(opt.is_group)
    info["is_group_lr"] = bool(opt.is_group_lr)
    info["dynamic_lr"] = bool(opt.dynamic_lr)
    info["decay_flags"] = [bool(f) for f in opt.decay_flags]
    info["opt_parameters_attr"] = [p.name for p in opt.parameters]
    losses, lrs = [], []
    for _ in range(3):
        lr = opt.get_lr()
        lrs.append([float(np.asarray(v.asnumpy()).reshape(-1)[0]) for v in lr] if isinstance(lr, tuple)
                   else float(np.asarray(lr.asnumpy()).reshape(-1)[0]))
        losses.append(float(train(Tensor(xs), Tensor(ys)).asnumpy()))
    info["losses"] = losses
    info["lr"] = lrs
    info["params"] = OrderedDict((p.name, p.asnumpy().tolist()) for p in opt.get_parameters())
    meta["training"][case] = info
    print(case, losses)

net = small_net()
opt = nn.Momentum(net.trainable_params(), learning_rate=0.01, momentum=0.9)
train = nn.TrainOneStepCell(nn.WithLossCell(net, nn.MSELoss()), opt, return_grad=True)
out = train(Tensor(xs), Tensor(ys))
meta["return_grad"] = OrderedDict(
    type=type(out).__name__, len=len(out), loss=float(out[0].asnumpy()), grads_type=type(out[1]).__name__,
    keys=list(out[1].keys()), grads={k: v.asnumpy().tolist() for k, v in out[1].items()})

# ---------------------------------------------------------------------------------------------
# get_lr
# ---------------------------------------------------------------------------------------------
net = small_net()
ps = net.trainable_params()
info = OrderedDict()
opt = nn.Momentum(ps, learning_rate=0.01, momentum=0.9)
lr = opt.get_lr()
info["fixed"] = OrderedDict(type=type(lr).__name__, repr=repr(lr), attr_type=type(opt.learning_rate).__name__)
opt = nn.Momentum(groups_lr(net), learning_rate=0.01, momentum=0.9)
lr = opt.get_lr()
info["group"] = OrderedDict(type=type(lr).__name__, items=[repr(v) for v in lr],
                            attr_type=type(opt.learning_rate).__name__,
                            lr_parameter=[repr(v) for v in opt.get_lr_parameter(ps)],
                            lr_parameter_single=repr(opt.get_lr_parameter(ps[0])))
opt = nn.Momentum(ps, learning_rate=[0.1, 0.2], momentum=0.9)
lr = opt.get_lr()
info["list"] = OrderedDict(type=type(lr).__name__, repr=repr(lr), lr_parameter=repr(opt.get_lr_parameter(ps[0])))
opt = nn.Momentum(ps, learning_rate=Tensor(0.3, ms.float32), momentum=0.9)
info["tensor0d"] = OrderedDict(repr=repr(opt.get_lr()))
info["weight_decay"] = repr(nn.Momentum(ps, 0.1, 0.9, weight_decay=0.5).get_weight_decay())
meta["get_lr"] = info

# ---------------------------------------------------------------------------------------------
# what calling an optimizer returns, and optimizer reprs
# ---------------------------------------------------------------------------------------------
meta["calls"] = OrderedDict()
CALLS = OrderedDict([
    ("momentum", "nn.Momentum(ps, 0.01, 0.9)"),
    ("adam", "nn.Adam(ps)"),
    ("adam_amsgrad", "nn.Adam(ps, use_amsgrad=True)"),
    ("adamweightdecay", "nn.AdamWeightDecay(ps)"),
    ("sgd", "nn.SGD(ps)"),
    ("momentum_schedule", "nn.Momentum(ps, nn.ExponentialDecayLR(0.1, 0.9, 2), 0.9)"),
    ("momentum_lr_list", "nn.Momentum(ps, [0.1, 0.2], 0.9)"),
])
for case, expr in CALLS.items():
    net = small_net()
    ps = net.trainable_params()
    opt = eval(expr)
    grads = tuple(Tensor(np.ones(p.shape, np.float32)) for p in ps)
    out = opt(grads)
    meta["calls"][case] = OrderedDict(
        expr=expr, repr=scrub(repr(opt)), type=type(out).__name__,
        len=len(out) if isinstance(out, (tuple, list)) else None,
        items=[scrub(repr(o)) for o in out] if isinstance(out, (tuple, list)) else scrub(repr(out)))
    print(case, meta["calls"][case])

# ---------------------------------------------------------------------------------------------
# errors
# ---------------------------------------------------------------------------------------------
ERRORS = OrderedDict([
    ("rmsprop_decay_type", "nn.RMSProp(ps, decay=1)"),
    ("rmsprop_decay_negative", "nn.RMSProp(ps, decay=-0.1)"),
    ("rmsprop_epsilon_zero", "nn.RMSProp(ps, epsilon=0.0)"),
    ("rmsprop_centered_type", "nn.RMSProp(ps, centered=1)"),
    ("adagrad_accum_negative", "nn.Adagrad(ps, accum=-0.1)"),
    ("adagrad_update_slots_type", "nn.Adagrad(ps, update_slots=1)"),
    ("adamax_beta1_range", "nn.AdaMax(ps, beta1=1.0)"),
    ("adadelta_rho_range", "nn.Adadelta(ps, rho=1.5)"),
    ("lamb_eps_zero", "nn.Lamb(ps, 0.01, eps=0.0)"),
    ("lamb_beta2_type", "nn.Lamb(ps, 0.01, beta2=1)"),
    ("rprop_etas_type", "nn.Rprop(ps, etas=[0.5, 1.2])"),
    ("rprop_etaplus", "nn.Rprop(ps, etas=(0.5, 1.0))"),
    ("rprop_step_sizes_order", "nn.Rprop(ps, step_sizes=(1.0, 0.1))"),
    ("asgd_lambd_type", "nn.ASGD(ps, lambd=1)"),
    ("ftrl_lr_power_positive", "nn.FTRL(ps, lr_power=0.5)"),
    ("ftrl_group_lr", "nn.FTRL([{'params': ps[:2], 'lr': 0.1}, {'params': ps[2:]}])"),
    ("adam_beta1_range", "nn.Adam(ps, beta1=1.0)"),
    ("adam_beta1_type", "nn.Adam(ps, beta1=1)"),
    ("adam_eps", "nn.Adam(ps, eps=0.0)"),
    ("adam_kwargs", "nn.Adam(ps, foo=1)"),
    ("adam_use_nesterov_type", "nn.Adam(ps, use_nesterov=1)"),
    ("adam_amsgrad_lazy", "nn.Adam(ps, use_amsgrad=True, use_lazy=True)"),
    ("lr_negative", "nn.Momentum(ps, -0.1, 0.9)"),
    ("lr_type", "nn.Momentum(ps, 'a', 0.9)"),
    ("lr_tensor_2d", "nn.Momentum(ps, Tensor(np.ones((2, 2), np.float32)), 0.9)"),
    ("params_empty", "nn.Momentum([], 0.1, 0.9)"),
    ("params_none", "nn.Momentum(None, 0.1, 0.9)"),
    ("params_mixed", "nn.Momentum([ps[0], {'params': ps[1:]}], 0.1, 0.9)"),
    ("params_not_iterable", "nn.Momentum(3, 0.1, 0.9)"),
    ("params_tuple", "nn.Momentum(tuple(ps), 0.1, 0.9)"),
    ("group_bad_key", "nn.Momentum([{'params': ps, 'foo': 1}], 0.1, 0.9)"),
    ("group_repeated", "nn.Momentum([{'params': ps}, {'params': ps[:1]}], 0.1, 0.9)"),
    ("weight_decay_negative", "nn.Momentum(ps, 0.1, 0.9, weight_decay=-1.0)"),
    ("weight_decay_type", "nn.Momentum(ps, 0.1, 0.9, weight_decay='a')"),
    ("loss_scale_zero", "nn.Momentum(ps, 0.1, 0.9, loss_scale=0.0)"),
    ("loss_scale_type", "nn.Momentum(ps, 0.1, 0.9, loss_scale='a')"),
    ("momentum_negative", "nn.Momentum(ps, 0.1, -0.9)"),
    ("momentum_int", "nn.Momentum(ps, 0.1, 1)"),
    ("sgd_nesterov_no_momentum", "nn.SGD(ps, nesterov=True)"),
    ("sgd_momentum_type", "nn.SGD(ps, momentum='a')"),
    ("sgd_dampening_negative", "nn.SGD(ps, dampening=-1.0)"),
    ("schedule_lr_int", "nn.ExponentialDecayLR(1, 0.9, 2)"),
    ("schedule_decay_steps", "nn.ExponentialDecayLR(0.1, 0.9, 0)"),
    ("schedule_is_stair", "nn.ExponentialDecayLR(0.1, 0.9, 2, is_stair=1)"),
    ("cosine_min_ge_max", "nn.CosineDecayLR(0.1, 0.1, 2)"),
    ("cosine_min_type", "nn.CosineDecayLR(0, 0.1, 2)"),
    ("polynomial_end_type", "nn.PolynomialDecayLR(0.1, 0, 2, 1.0)"),
    ("warmup_type", "nn.WarmUpLR(1, 2)"),
    ("train_sens_zero", "nn.TrainOneStepCell(net, nn.Momentum(ps, 0.1, 0.9), sens=0)"),
    ("with_eval_cast", "nn.WithEvalCell(net, nn.MSELoss(), add_cast_fp32=1)"),
    ("parameter_update_type", "nn.ParameterUpdate(Tensor(1.0))"),
])
meta["errors"] = OrderedDict()
for case, expr in ERRORS.items():
    net = small_net()
    ps = net.trainable_params()
    try:
        eval(expr)
        meta["errors"][case] = OrderedDict(expr=expr, type=None, message=None)
    except Exception as e:  # noqa: BLE001
        meta["errors"][case] = OrderedDict(expr=expr, type=type(e).__name__, message=scrub(str(e)))
    print(case, meta["errors"][case]["type"], meta["errors"][case]["message"])

# ---------------------------------------------------------------------------------------------
# checkpoints into networks
# ---------------------------------------------------------------------------------------------
tmp = Path(tempfile.mkdtemp())
meta["load"] = OrderedDict()


def load_case(case, fn):
    try:
        result = fn()
        meta["load"][case] = result
    except Exception as e:  # noqa: BLE001
        meta["load"][case] = OrderedDict(type=type(e).__name__, message=scrub(str(e)))
    print(case, meta["load"][case])


def values(net):
    return OrderedDict((p.name, p.asnumpy().tolist()) for p in net.get_parameters())


src = small_net()
ms.save_checkpoint(src, str(tmp / "small.ckpt"))


def plain_load():
    net = Small()
    pd = ms.load_checkpoint(str(tmp / "small.ckpt"))
    out = ms.load_param_into_net(net, pd)
    return OrderedDict(result_type=type(out).__name__, param_not_load=out[0], ckpt_not_load=out[1],
                       dict_keys=list(pd.keys()), dict_repr=[repr(v) for v in pd.values()], values=values(net))


def load_with_net():
    net = Small()
    pd = ms.load_checkpoint(str(tmp / "small.ckpt"), net=net, filter_prefix="fc2")
    return OrderedDict(dict_keys=list(pd.keys()), values=values(net))


def load_choice():
    pd = ms.load_checkpoint(str(tmp / "small.ckpt"), choice_func=lambda n: n.endswith("bias"))
    pd2 = ms.load_checkpoint(str(tmp / "small.ckpt"), specify_prefix=["fc1", "fc2.b"])
    return OrderedDict(choice=list(pd.keys()), specify=list(pd2.keys()))


def load_extra_and_missing():
    net = Small()
    pd = ms.load_checkpoint(str(tmp / "small.ckpt"))
    del pd["fc1.bias"]
    pd["extra"] = Parameter(Tensor(np.ones(2, np.float32)), name="extra")
    out = ms.load_param_into_net(net, pd)
    return OrderedDict(param_not_load=out[0], ckpt_not_load=out[1])


def load_prefixed():
    class Outer(nn.Cell):
        def __init__(self):
            super().__init__()
            self.backbone = Small()

        def construct(self, x):
            return self.backbone(x)

    ms.save_checkpoint(Outer(), str(tmp / "outer.ckpt"))
    pd = ms.load_checkpoint(str(tmp / "outer.ckpt"))
    net = Small()
    out = ms.load_param_into_net(net, pd)
    strict = Small()
    out2 = ms.load_param_into_net(strict, pd, strict_load=True)
    return OrderedDict(names=list(pd.keys()), param_not_load=out[0], ckpt_not_load=out[1],
                       strict_param_not_load=out2[0], strict_ckpt_not_load=out2[1])


def load_shape_mismatch():
    net = Small()
    pd = {"fc1.weight": Parameter(Tensor(np.ones((2, 2), np.float32)), name="fc1.weight")}
    ms.load_param_into_net(net, pd)


def load_trailing_one():
    net = Small()
    pd = {"fc1.bias": Parameter(Tensor(np.arange(3, dtype=np.float32).reshape(3, 1, 1)), name="fc1.bias")}
    out = ms.load_param_into_net(net, pd)
    return OrderedDict(param_not_load=out[0], ckpt_not_load=out[1], bias=net.fc1.bias.asnumpy().tolist())


def load_dtype_convert():
    net = Small()
    pd = {"fc1.bias": Parameter(Tensor(np.arange(3, dtype=np.float16)), name="fc1.bias")}
    out = ms.load_param_into_net(net, pd)
    return OrderedDict(dtype=str(net.fc1.bias.dtype), bias=net.fc1.bias.asnumpy().tolist(), result=list(out))


def load_dtype_strict():
    net = Small()
    pd = {"fc1.bias": Parameter(Tensor(np.arange(3, dtype=np.float16)), name="fc1.bias")}
    ms.load_param_into_net(net, pd, strict_load=True)


def load_dtype_int_float():
    net = Small()
    pd = {"fc1.bias": Parameter(Tensor(np.arange(3, dtype=np.int32)), name="fc1.bias")}
    ms.load_param_into_net(net, pd)


def load_bad_net():
    ms.load_param_into_net({}, {})


def load_bad_dict():
    ms.load_param_into_net(Small(), [])


def load_bad_value():
    ms.load_param_into_net(Small(), {"fc1.bias": Tensor(np.zeros(3, np.float32))})


def load_str_value():
    net = Small()
    out = ms.load_param_into_net(net, {"fc1.bias": "abc"})
    return OrderedDict(param_not_load=out[0], ckpt_not_load=out[1])


def save_bad_obj():
    ms.save_checkpoint(3, str(tmp / "x.ckpt"))


def save_bad_name():
    ms.save_checkpoint(Small(), 3)


def save_bad_append():
    ms.save_checkpoint(Small(), str(tmp / "x.ckpt"), append_dict={"a": [1]})


def save_bad_list():
    ms.save_checkpoint([1, 2], str(tmp / "x.ckpt"))


def save_bad_async():
    ms.save_checkpoint(Small(), str(tmp / "x.ckpt"), async_save="foo")


def save_no_suffix():
    ms.save_checkpoint(small_net(), str(tmp / "nosuffix"))
    return OrderedDict(files=sorted(p.name for p in tmp.iterdir() if p.name.startswith("nosuffix")))


def save_choice_and_append():
    ms.save_checkpoint(small_net(), str(tmp / "choice.ckpt"), choice_func=lambda n: n.startswith("fc2"),
                       append_dict={"epoch": 3, "lr": Tensor(np.float32(0.5)), "fc2.bias": 1.5})
    pd = ms.load_checkpoint(str(tmp / "choice.ckpt"))
    return OrderedDict(keys=list(pd.keys()), reprs=[repr(v) for v in pd.values()])


def filter_all():
    ms.load_checkpoint(str(tmp / "small.ckpt"), filter_prefix="fc")


def filter_bad():
    ms.load_checkpoint(str(tmp / "small.ckpt"), filter_prefix=3)


def filter_empty_str():
    ms.load_checkpoint(str(tmp / "small.ckpt"), filter_prefix=["fc1", ""])


for name, fn in list(globals().items()):
    if callable(fn) and getattr(fn, "__module__", None) == "__main__" and (
            name.startswith(("load_", "save_", "filter_")) or name == "plain_load") and name != "load_case":
        load_case(name, fn)

with open(OUT / "optim_extra.json", "w") as f:
    json.dump(meta, f, indent=1)
print("wrote", OUT / "optim_extra.json")
