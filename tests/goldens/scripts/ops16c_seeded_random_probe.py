"""Seeded random ops called again and again, as MindSpore 2.10 (CPU) draws them: a Primitive
built with a non-zero seed pair (StandardNormal(seed=1, seed2=2), UniformReal, UniformInt,
StandardLaplace, Multinomial, RandomShuffle, RandomGamma, TruncatedNormal,
ParameterizedTruncatedNormal, Dropout(Seed0, Seed1),
RandomCategorical's seed input) draws a new sample at each call and a new Primitive with the same
seeds starts the sequence again; a functional op given a seed (ops.standard_normal(shape, seed=1),
...) draws a new sample at each call, one sequence per function that set_seed restarts (and in
GRAPH_MODE); ops.bernoulli, ops.randperm, ops.uniform_candidate_sampler, ops.random_categorical
and the Bernoulli Primitive with a seed repeat theirs. The numbers themselves differ from
MindSpore's (msjax draws with JAX's generator): the probe prints only which draws are equal.
Regenerate:
    /work/shared/tools/mindspore-oracle tests/goldens/scripts/ops16c_seeded_random_probe.py \\
        | grep -- " -> " > tests/goldens/ops/ops16c_seeded_random_probe.out
"""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops, nn
from mindspore.ops import operations as P

def same(a, b):
    return bool(np.array_equal(a.asnumpy(), b.asnumpy()))

def pattern(label, make, call, n=3):
    """For an op built by make(): its calls 1..n compared with call 1, and a fresh op's first
    call compared with the first op's calls."""
    try:
        op = make()
        outs = [call(op) for _ in range(n)]
        fresh = call(make())
        fresh2 = call(make())
        print(label, "->", "repeat:", [same(outs[0], o) for o in outs[1:]],
              "fresh==first:", same(fresh, outs[0]), "fresh==second:", same(fresh, outs[1]),
              "fresh twice equal:", same(fresh, fresh2))
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:200])

x = Tensor(np.ones((4, 5)), ms.float32)
probs = Tensor(np.ones((3, 6)) / 6, ms.float32)
for s1, s2 in ((1, 2), (0, 2), (3, 0), (0, 0)):
    tag = f"({s1},{s2})"
    pattern(f"StandardNormal{tag}", lambda: P.StandardNormal(seed=s1, seed2=s2), lambda op: op((3, 4)))
    pattern(f"UniformReal{tag}", lambda: P.UniformReal(seed=s1, seed2=s2), lambda op: op((3, 4)))
    pattern(f"UniformInt{tag}", lambda: P.UniformInt(seed=s1, seed2=s2), lambda op: op((3, 4), Tensor(0, ms.int32), Tensor(100, ms.int32)))
    pattern(f"StandardLaplace{tag}", lambda: P.StandardLaplace(seed=s1, seed2=s2), lambda op: op((3, 4)))
    pattern(f"Multinomial{tag}", lambda: P.Multinomial(seed=s1, seed2=s2), lambda op: op(probs, 8))
    pattern(f"RandomShuffle{tag}", lambda: P.RandomShuffle(seed=s1, seed2=s2), lambda op: op(Tensor(np.arange(20), ms.int32)))
    pattern(f"RandomGamma{tag}", lambda: P.RandomGamma(seed=s1, seed2=s2), lambda op: op(Tensor(np.array([3, 4]), ms.int32), Tensor(np.array([1.0]), ms.float32)))
    pattern(f"TruncatedNormal{tag}", lambda: P.TruncatedNormal(seed=s1, seed2=s2), lambda op: op(Tensor(np.array([3, 4]), ms.int32)))
    pattern(f"ParameterizedTruncatedNormal{tag}",
            lambda: P.ParameterizedTruncatedNormal(seed=s1, seed2=s2),
            lambda op: op(Tensor(np.array([2, 3]), ms.int32), Tensor(np.array([0.]), ms.float32),
                          Tensor(np.array([1.]), ms.float32), Tensor(np.array([-1.]), ms.float32),
                          Tensor(np.array([1.]), ms.float32)))
    pattern(f"Dropout{tag}", lambda: P.Dropout(keep_prob=0.5, Seed0=s1, Seed1=s2), lambda op: op(x)[1])
for seed in (1, 0):
    pattern(f"RandomCategorical seed {seed}", lambda: P.RandomCategorical(ms.int32), lambda op: op(probs, 8, seed))
    pattern(f"Bernoulli seed {seed}", lambda: P.Bernoulli(seed=seed if seed else -1), lambda op: op(x, 0.5))
    # functional forms: make() is a no-op, call() calls the function with the seed
    pattern(f"ops.standard_normal seed {seed}", lambda: None, lambda _: ops.standard_normal((3, 4), seed=seed))
    pattern(f"ops.uniform seed {seed}", lambda: None, lambda _: ops.uniform((3, 4), Tensor(0.0, ms.float32), Tensor(1.0, ms.float32), seed=seed))
    pattern(f"ops.multinomial seed {seed}", lambda: None, lambda _: ops.multinomial(probs, 8, seed=seed))
    pattern(f"ops.random_categorical seed {seed}", lambda: None, lambda _: ops.random_categorical(probs, 8, seed))
    pattern(f"ops.poisson seed {seed}", lambda: None, lambda _: ops.random_poisson(Tensor(np.array([3, 4]), ms.int32), Tensor(np.array([5.0]), ms.float32), seed=seed))
    pattern(f"ops.shuffle seed {seed}", lambda: None, lambda _: ops.shuffle(Tensor(np.arange(20), ms.int32), seed=seed))
    pattern(f"ops.randn seed {seed}", lambda: None, lambda _: ops.randn(3, 4, seed=seed))
    pattern(f"ops.rand seed {seed}", lambda: None, lambda _: ops.rand(3, 4, seed=seed))
    pattern(f"ops.randint seed {seed}", lambda: None, lambda _: ops.randint(0, 100, (3, 4), seed=seed))
    pattern(f"ops.standard_laplace seed {seed}", lambda: None, lambda _: ops.standard_laplace((3, 4), seed=seed))
    pattern(f"ops.dropout seed {seed}", lambda: None, lambda _: ops.dropout(x, p=0.5, seed=seed))
    pattern(f"ops.normal seed {seed}", lambda: None, lambda _: ops.normal((3, 4), Tensor(0.0, ms.float32), Tensor(1.0, ms.float32), seed=seed))
# with set_seed: does set_seed restart a seeded op's stream? does a fresh op repeat after set_seed?
ms.set_seed(7)
op = P.StandardNormal(seed=1, seed2=2)
a1 = op((3, 4)); a2 = op((3, 4))
ms.set_seed(7)
b1 = op((3, 4)); c1 = P.StandardNormal(seed=1, seed2=2)((3, 4))
print("set_seed then same op ->", same(a1, b1), same(a2, b1), "fresh after set_seed == a1:", same(c1, a1))
ms.set_seed(7)
f1 = ops.standard_normal((3, 4)); f2 = ops.standard_normal((3, 4))
ms.set_seed(7)
g1 = ops.standard_normal((3, 4))
print("set_seed functional ->", same(f1, f2), same(f1, g1))


def repeats(label, call):
    try:
        outs = [call() for _ in range(3)]
        print(label, "->", "repeat:", [same(outs[0], o) for o in outs[1:]])
    except Exception as e:
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:200])


for seed in (1, 5):
    repeats(f"ops.bernoulli seed {seed}", lambda: ops.bernoulli(x, 0.5, seed=seed))
    repeats(f"ops.randperm seed {seed}", lambda: ops.randperm(10, seed=seed))
    repeats(f"ops.rand_like seed {seed}", lambda: ops.rand_like(x, seed=seed))
    repeats(f"ops.randn_like seed {seed}", lambda: ops.randn_like(x, seed=seed))
    repeats(f"ops.randint_like seed {seed}", lambda: ops.randint_like(x, 0, 100, seed=seed))
    repeats(f"ops.randint_like int32 seed {seed}",
            lambda: ops.randint_like(x, 0, 100, seed=seed, dtype=ms.int32))
    repeats(f"ops.laplace seed {seed}", lambda: ops.laplace((3, 4), Tensor(0.0, ms.float32), Tensor(1.0, ms.float32), seed=seed))
    repeats(f"ops.random_gamma seed {seed}", lambda: ops.random_gamma(Tensor(np.array([3, 4]), ms.int32), Tensor(np.array([1.0]), ms.float32), seed=seed))
    repeats(f"ops.uniform_candidate_sampler seed {seed}", lambda: ops.uniform_candidate_sampler(Tensor(np.array([[1], [3]]), ms.int32), 1, 3, False, 10, seed=seed)[0])
# after set_seed a seeded function's sequence starts again; it depends on the global seed
ms.set_seed(7)
first = ops.standard_normal((3,), seed=1)
print("set_seed(7) standard_normal seed 1 twice ->", same(first, ops.standard_normal((3,), seed=1)))
ms.set_seed(7)
c = ops.standard_normal((3,), seed=1)
ms.set_seed(8)
d = ops.standard_normal((3,), seed=1)
print("set_seed repeats functional ->", same(c, first), "global seed matters ->", not same(c, d))
ms.set_seed(7)
e1 = ops.standard_normal((3,), seed=1); e2 = ops.uniform((3,), Tensor(0.0, ms.float32), Tensor(1.0, ms.float32), seed=1)
ms.set_seed(7)
f2 = ops.uniform((3,), Tensor(0.0, ms.float32), Tensor(1.0, ms.float32), seed=1)
print("per-kernel counters ->", same(e2, f2))
# distributions given a seed: a new sample at each call, and a new distribution continues
import mindspore.nn.probability.distribution as msd  # noqa: E402
for name, make in (("Normal", lambda: msd.Normal(0.0, 1.0, seed=3)),
                   ("Uniform", lambda: msd.Uniform(0.0, 1.0, seed=3)),
                   ("Bernoulli", lambda: msd.Bernoulli(0.5, seed=3)),
                   ("Exponential", lambda: msd.Exponential(1.0, seed=3))):
    d = make()
    s1, s2, s3 = d.sample((4,)), d.sample((4,)), make().sample((4,))
    print(f"distribution {name} seed 3 ->", same(s1, s2), same(s1, s3))
# graph mode: a seeded op inside a Cell, called repeatedly
class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.op = P.StandardNormal(seed=1, seed2=2)
    def construct(self):
        return self.op((3, 4))
ms.set_context(mode=ms.GRAPH_MODE)
net = Net()
n1 = net(); n2 = net(); n3 = Net()()
print("graph seeded ->", same(n1, n2), "fresh net == first:", same(n3, n1))


class FunctionalNet(nn.Cell):
    def construct(self):
        return ops.standard_normal((3, 4), seed=1)


net = FunctionalNet()
m1 = net()
m2 = net()
print("graph functional seeded ->", same(m1, m2))
