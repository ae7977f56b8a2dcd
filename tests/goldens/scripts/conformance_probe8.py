"""MindSpore 2.10 behaviour of `nn.probability` (issue #25): the Bernoulli, Gamma and Uniform
distributions (constructor checks, every method's values, parameters given in the call,
`kl_loss`, `cross_entropy`, the Cell call) and the Exp bijector; printed `label -> RESULT` as in
used_names_probe.py. tests/api/test_conformance_golden.py runs it unchanged on msjax.
(MindSpore's own message for parameters that do not broadcast is its AddExt kernel's; the case
shows the exception type only. MindSpore 2.10's Bernoulli.mode raises a TypeError of its own
making, left out.)
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/conformance_probe8.py \
        | grep -- " -> " > tests/goldens/api/conformance_probe8.out
"""
import numpy as np
import mindspore as ms
import mindspore.nn.probability.distribution as msd
import mindspore.nn.probability.bijector as msb
from mindspore import Tensor, dtype
def show(label, f):
    try:
        r = f()
        if isinstance(r, Tensor): r = (str(r.dtype), np.round(r.asnumpy().astype(np.float64), 4).tolist())
    except Exception as e:  # noqa: BLE001 - the error is the golden
        r = f"ERR {type(e).__name__} | {str(e).splitlines()[0]}"
        if label.endswith("shape"):
            r = f"ERR {type(e).__name__}"
    print(f"{label} -> {r}")
for label, f in [
  ("b type", lambda: msd.Bernoulli([0.1], dtype=dtype.bool_)), ("b name", lambda: msd.Bernoulli([0.1], name=1.0)),
  ("b seed", lambda: msd.Bernoulli([0.1], seed='seed')), ("b prob -0.1", lambda: msd.Bernoulli([-0.1], dtype=dtype.int32)),
  ("b prob 1.0", lambda: msd.Bernoulli([1.0], dtype=dtype.int32)), ("b prob 0", lambda: msd.Bernoulli([0.0])),
  ("g type", lambda: msd.Gamma([0.], [1.], dtype=dtype.int32)), ("g name", lambda: msd.Gamma([0.], [1.], name=1.0)),
  ("g seed", lambda: msd.Gamma([0.], [1.], seed='seed')), ("g rate0", lambda: msd.Gamma([0.], [0.])), ("g rate-1", lambda: msd.Gamma([0.], [-1.])),
  ("g scalar c", lambda: msd.Gamma(3., [4.])), ("g scalar r", lambda: msd.Gamma([3.], -4.)),
  ("u type", lambda: msd.Uniform(0., 1., dtype=dtype.int32)), ("u name", lambda: msd.Uniform(0., 1., name=1.0)),
  ("u seed", lambda: msd.Uniform(0., 1., seed='seed')), ("u range eq", lambda: msd.Uniform(0.0, 0.0, dtype=dtype.float32)),
  ("u range", lambda: msd.Uniform(1.0, 0.0, dtype=dtype.float32)), ("exp name", lambda: msb.Exp(name=0.1)),
  ("exp repr", lambda: repr(msb.Exp())), ("u repr", lambda: repr(msd.Uniform(0., 1.))), ("b repr", lambda: repr(msd.Bernoulli(0.5))),
  ("b none repr", lambda: repr(msd.Bernoulli())),
]:
    show(label, f)
b = msd.Bernoulli([0.3, 0.5], dtype=dtype.int32)
v = Tensor([0, 1], dtype.float32)
for m in ["prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival"]:
    show(f"b {m}", lambda: getattr(b, m)(v))
for m in ["mean", "sd", "var", "entropy"]:
    show(f"b {m}", lambda: getattr(b, m)())
show("b call prob with probs", lambda: msd.Bernoulli(dtype=dtype.int32).prob(v, Tensor([0.2], dtype.float32)))
show("b construct", lambda: b('prob', v))
show("b kl", lambda: b.kl_loss('Bernoulli', Tensor([0.3], dtype.float32)))
show("b ce", lambda: b.cross_entropy('Bernoulli', Tensor([0.3], dtype.float32)))
show("b probs attr", lambda: b.probs)
show("b sample", lambda: b.sample((2,)).shape)
g = msd.Gamma([3.0, 4.0], [1.0, 2.0], dtype=dtype.float32)
gv = Tensor([1.0, 2.0], dtype.float32)
for m in ["prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival"]:
    show(f"g {m}", lambda: getattr(g, m)(gv))
for m in ["mean", "sd", "var", "mode", "entropy"]:
    show(f"g {m}", lambda: getattr(g, m)())
show("g kl", lambda: g.kl_loss('Gamma', Tensor([2.0], dtype.float32), Tensor([1.5], dtype.float32)))
show("g ce", lambda: g.cross_entropy('Gamma', Tensor([2.0], dtype.float32), Tensor([1.5], dtype.float32)))
u = msd.Uniform([0.0, 1.0], [2.0, 4.0], dtype=dtype.float32)
uv = Tensor([0.5, 4.5], dtype.float32)
for m in ["prob", "log_prob", "cdf", "log_cdf", "survival_function", "log_survival"]:
    show(f"u {m}", lambda: getattr(u, m)(uv))
for m in ["mean", "sd", "var", "entropy"]:
    show(f"u {m}", lambda: getattr(u, m)())
show("u kl", lambda: u.kl_loss('Uniform', Tensor([-1.0], dtype.float32), Tensor([5.0], dtype.float32)))
show("u ce", lambda: u.cross_entropy('Uniform', Tensor([-1.0], dtype.float32), Tensor([5.0], dtype.float32)))
e = msb.Exp()
ev = Tensor([1.0, 2.0], dtype.float32)
for m in ["forward", "inverse", "forward_log_jacobian", "inverse_log_jacobian"]:
    show(f"exp {m}", lambda: getattr(e, m)(ev))
show("exp construct", lambda: e('forward', ev))
# last: MindSpore's message of a later error can repeat this one's
show("g shape", lambda: msd.Gamma([[2.], [1.]], [[2.], [3.], [4.]], dtype=dtype.float32))
show("u shape", lambda: msd.Uniform([[2.], [1.]], [[2.], [3.], [4.]], dtype=dtype.float32))

