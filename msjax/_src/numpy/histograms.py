"""Searching, binning and interpolation of `mindspore.numpy`: searchsorted, digitize, bincount,
histograms, interp.

MindSpore 2.10 behaviours kept here (they differ from NumPy's):
- `searchsorted` and `digitize` return Int32; `searchsorted` compares against `a` as Float32.
- `bincount` and histogram counts are Float32; without `length`, bincount's size depends on the
  values (eager only).
- `interp` computes in Float32.
"""
from __future__ import annotations

import builtins

import jax.numpy as jnp
import numpy as np

from msjax._src.numpy import conversion as C
from msjax._src.numpy.conversion import asarray
from msjax._src.numpy.creation import linspace
from msjax._src.ops import array_ops as A
from msjax._src.ops.registry import functional


def searchsorted(a, v, side="left", sorter=None):
    """`mindspore.numpy.searchsorted(a, v, side='left', sorter=None)`: Int32 insertion indices
    of v into the sorted 1-D array a."""
    if side not in ("left", "right"):
        raise ValueError('invalid value for keyword "side"')
    a = asarray(a).astype(C.FLOAT32)
    if a.ndim != 1:
        raise ValueError("`a` should be 1-D array")
    v = asarray(v)
    if sorter is not None:
        sorter = asarray(sorter)
        if sorter.ndim != 1 or sorter.size != a.size:
            raise ValueError("sorter must be 1-D array with the same size as `a`")
        a = a[sorter]
    return A.searchsorted.impl(a, v, side=side, out_int32=True)


searchsorted = functional(searchsorted)


def digitize(x, bins, right=False):
    """`mindspore.numpy.digitize(x, bins, right=False)`: Int32 indices of the bins x falls in;
    bins may increase or decrease."""
    x, bins = asarray(x), asarray(bins)
    if bins.ndim != 1:
        raise ValueError("bins should be 1-dimensional")
    if x.size == 0:
        return x
    if bins.size == 0:
        return jnp.zeros(x.shape, C.INT32)
    side = "left" if right else "right"
    increasing = searchsorted.impl(bins, x, side)
    decreasing = bins.size - searchsorted.impl(jnp.flip(bins), x, side)
    return jnp.where(bins[0] <= bins[-1], increasing, decreasing)


digitize = functional(digitize)


def _counts(x, weights, length):
    """Float32 counts of each value in [0, length) of the int array x (others are dropped)."""
    hits = (x[None, :] == jnp.arange(length, dtype=x.dtype)[:, None])
    if weights is not None:
        hits = weights * hits
    return jnp.sum(hits.astype(C.FLOAT32), axis=1)


def bincount(x, weights=None, minlength=0, length=None):
    """`mindspore.numpy.bincount(x, weights=None, minlength=0, length=None)`: Float32 counts of
    each non-negative integer; negative values count as 0. Without `length` the size is read
    from the values, so it runs eagerly only."""
    x = asarray(x)
    if x.ndim != 1:
        raise ValueError("`x` should be one-dimensional")
    if not C.is_int(x.dtype):
        raise TypeError("`x` should be an array of ints")
    x = jnp.clip(x, 0, None)
    if length is None:
        length = int(builtins.max(int(np.max(np.asarray(x), initial=0)), minlength - 1)) + 1
    if weights is not None:
        weights = asarray(weights)
        if weights.shape != x.shape:
            raise ValueError("`x` and `weights` must have the same length")
    return _counts(x, weights, length)


bincount = functional(bincount)


def histogram_bin_edges(a, bins=10, range=None, weights=None):
    """`mindspore.numpy.histogram_bin_edges(a, bins=10, range=None, weights=None)`: Float32 edges
    of `bins` equal bins over `range` (the data's range by default)."""
    a = asarray(a)
    if weights is not None and asarray(weights).shape != a.shape:
        raise ValueError("weights should have the same shape as a")
    if isinstance(bins, (tuple, list)) or hasattr(bins, "ndim"):
        bins = asarray(bins)
        if bins.ndim != 1:
            raise ValueError("`bins` must be 1d, when an array")
        return bins
    if isinstance(bins, str):
        raise NotImplementedError("string value for `bins` not implemented")
    a = jnp.ravel(a).astype(C.FLOAT32)
    if range is None:
        start, end = jnp.min(a), jnp.max(a)
    else:
        if not isinstance(range, (list, tuple)) or len(range) != 2:
            raise ValueError("`range` should take the form (start, end)")
        start, end = range
        if start > end:
            raise ValueError("max must be larger than min in range parameter")
        start, end = asarray(start).astype(C.FLOAT32), asarray(end).astype(C.FLOAT32)
    empty_range = end - start == 0
    start = jnp.where(empty_range, start - 0.5, start)
    end = jnp.where(empty_range, end + 0.5, end)
    return linspace.impl(start, end, bins + 1)


histogram_bin_edges = functional(histogram_bin_edges)


def _bin_indices(values, edges):
    size = edges.size
    indices = searchsorted.impl(edges, values, "right")
    return jnp.where(values == edges[-1], size - 1, indices)


def histogram(a, bins=10, range=None, weights=None, density=False):
    """`mindspore.numpy.histogram(a, bins=10, range=None, weights=None, density=False)`:
    (Float32 counts, Float32 bin edges)."""
    a = asarray(a)
    if weights is not None:
        weights = asarray(weights)
        if weights.shape != a.shape:
            raise ValueError("weights should have the same shape as a")
        weights = jnp.ravel(weights)
    a = jnp.ravel(a)
    edges = histogram_bin_edges.impl(a, bins, range, weights)
    count = _counts(_bin_indices(a, edges), weights, edges.size)[1:]
    if density and count.size:
        count = count / jnp.diff(edges) / jnp.sum(count)
    return count, edges


histogram = functional(histogram)


def histogramdd(sample, bins=10, range=None, weights=None, density=False):
    """`mindspore.numpy.histogramdd(sample, bins=10, range=None, weights=None, density=False)`:
    (Float32 counts, list of edges) of an (N, D) sample or a sequence of D arrays."""
    if isinstance(sample, (tuple, list)):
        sample = jnp.stack([asarray(s) for s in sample], -1)
    else:
        sample = asarray(sample)
    if sample.ndim != 2:
        raise ValueError("when an array, sample should be 2-dimensional")
    ndim = sample.shape[1]
    if isinstance(bins, int):
        bins = [bins] * ndim
    if not isinstance(bins, (tuple, list)) and not hasattr(bins, "ndim"):
        raise TypeError("bins should be int or sequence")
    if len(bins) != ndim:
        raise ValueError("The dimension of bins must be equal to the dimension of the sample")
    if range is None:
        range = [None] * ndim
    elif len(range) != ndim:
        raise ValueError("range argument must have one entry per dimension")
    edges = [histogram_bin_edges.impl(sample[:, i], bins[i], range[i], weights)
             for i in builtins.range(ndim)]
    nbin = [e.size + 1 for e in edges]
    flat = jnp.zeros(sample.shape[0], C.INT32)
    for i in builtins.range(ndim):
        flat = flat * nbin[i] + _bin_indices(sample[:, i], edges[i])
    weights = None if weights is None else asarray(weights)
    count = _counts(flat, weights, int(np.prod(nbin))).reshape(nbin)
    count = count[(builtins.slice(1, -1),) * ndim]
    if density:
        total = jnp.sum(count)
        for i in builtins.range(ndim):
            shape = [1] * ndim
            shape[i] = edges[i].size - 1
            count = count / jnp.diff(edges[i]).reshape(shape)
        count = count / total
    return count, edges


histogramdd = functional(histogramdd)


def histogram2d(x, y, bins=10, range=None, weights=None, density=False):
    """`mindspore.numpy.histogram2d(x, y, bins=10, range=None, weights=None, density=False)`:
    (counts, x edges, y edges)."""
    count, edges = histogramdd.impl((x, y), bins, range, weights, density)
    return count, edges[0], edges[1]


histogram2d = functional(histogram2d)


def interp(x, xp, fp, left=None, right=None):
    """`mindspore.numpy.interp(x, xp, fp, left=None, right=None)`: linear interpolation of the
    points (xp, fp) at x, in Float32."""
    x, xp, fp = asarray(x), asarray(xp), asarray(fp)
    if xp.ndim != 1 or fp.ndim != 1:
        raise ValueError("xp and fp must be 1-d sequences")
    if fp.size != xp.size:
        raise ValueError("the y-coordinates must have the same length as `xp`")
    fp = fp.astype(C.FLOAT32)
    # The ends given explicitly: JAX 0.10.2's jnp.interp reuses the program of a call with only
    # `left` for a later call with only `right` (its cache does not tell them apart).
    left = fp[0] if left is None else left
    right = fp[-1] if right is None else right
    return jnp.interp(x.astype(C.FLOAT32), xp.astype(C.FLOAT32), fp, left,
                      right).astype(C.FLOAT32)


interp = functional(interp)
