"""UniformCandidateSampler / ops.uniform_candidate_sampler and RandomGamma / ops.random_gamma:
what does not depend on the generator (shapes, dtypes, value ranges, distinct candidates, the
expected counts of non-unique sampling, a large sample's mean, reprs and input errors): MindSpore
2.10's results. Golden: tests/goldens/api/missing_ops_probe2.out."""
import numpy as np
import mindspore as ms
from mindspore import Tensor, ops
from mindspore.ops import operations as P


def show(label, f):
    try:
        print(label, "->", f())
    except Exception as e:  # the error a case raises is its result
        print(label, "->", type(e).__name__, str(e).split("\n")[0][:300])


def candidates(outputs, range_max, unique):
    sampled, true_count, sampled_count = outputs
    values = sampled.asnumpy()
    return (sampled.dtype, sampled.shape, true_count.dtype, true_count.shape, sampled_count.dtype,
            sampled_count.shape, bool(((values >= 0) & (values < range_max)).all()),
            len(set(values.tolist())) == values.size if unique else None,
            np.round(sampled_count.asnumpy(), 6).tolist() if not unique else
            bool(np.allclose(true_count.asnumpy(), sampled_count.asnumpy()[0])))


x = Tensor(np.array([[1], [3], [4], [6], [3]]), ms.int32)
x2 = Tensor(np.array([[1, 2], [3, 2], [4, 2]]), ms.int64)
for unique in (True, False):
    for hits in (False, True):
        show(f"sampler unique={unique} hits={hits}", lambda: candidates(
            P.UniformCandidateSampler(1, 3, unique, 4, seed=1, remove_accidental_hits=hits)(x), 4,
            unique))
show("sampler int64 num_true 2", lambda: candidates(
    P.UniformCandidateSampler(2, 5, True, 10)(x2), 10, True))
show("sampler non-unique counts", lambda: candidates(
    P.UniformCandidateSampler(2, 8, False, 50, seed=3)(x2), 50, False))
show("sampler all classes", lambda: candidates(
    P.UniformCandidateSampler(1, 6, True, 6)(x), 6, True))
show("functional", lambda: candidates(ops.uniform_candidate_sampler(x, 1, 3, False, 12, 2), 12,
                                      False))
show("functional unique", lambda: candidates(ops.uniform_candidate_sampler(x, 1, 5, True, 9), 9,
                                             True))
show("sampler too many unique", lambda: P.UniformCandidateSampler(1, 5, True, 4)(x))
show("sampler float input", lambda: P.UniformCandidateSampler(1, 3, True, 4)(
    Tensor(np.array([[1.]]), ms.float32)))
show("sampler num_true mismatch", lambda: P.UniformCandidateSampler(2, 3, True, 4)(x))
show("sampler 1-D input", lambda: P.UniformCandidateSampler(1, 3, True, 4)(
    Tensor(np.array([1, 2]), ms.int32)))
show("sampler repr", lambda: P.UniformCandidateSampler(1, 4, True, 6))


def gamma(r):
    return (r.dtype, r.shape, bool((r.asnumpy() > 0).all()))


shape = Tensor(np.array([3, 1, 2]), ms.int32)
for dt in ("float16", "float32", "float64"):
    show(f"RandomGamma {dt}", lambda: gamma(P.RandomGamma(seed=3)(
        shape, Tensor(np.array([5, 6]), getattr(ms, dt)))))
show("RandomGamma large sample mean", lambda: abs(float(P.RandomGamma(seed=3)(
    Tensor(np.array([40000]), ms.int64), Tensor(np.array(5.), ms.float32)).asnumpy().mean()) - 5)
    < 0.05)
show("random_gamma", lambda: gamma(ops.random_gamma(Tensor(np.array([2, 2]), ms.int32), Tensor(
    np.array([[3., 4.], [5., 6.]]), ms.float64), seed=2)))
show("RandomGamma int alpha", lambda: P.RandomGamma(seed=3)(
    Tensor(np.array([2]), ms.int32), Tensor(np.array([5]), ms.int32)))
show("RandomGamma float shape", lambda: P.RandomGamma(seed=3)(
    Tensor(np.array([2.]), ms.float32), Tensor(np.array([5.]), ms.float32)))
show("RandomGamma tuple shape", lambda: P.RandomGamma(seed=3)((2, 3), Tensor(np.array([5.]),
                                                                             ms.float32)))
show("RandomGamma seed -1", lambda: P.RandomGamma(seed=-1))
show("RandomGamma 2-D shape", lambda: P.RandomGamma()(Tensor(np.array([[2]]), ms.int32),
                                                      Tensor(np.array([5.]), ms.float32)))
show("RandomGamma negative shape", lambda: P.RandomGamma()(Tensor(np.array([-2]), ms.int32),
                                                           Tensor(np.array([5.]), ms.float32)))
show("RandomGamma repr", lambda: P.RandomGamma(seed=3))
