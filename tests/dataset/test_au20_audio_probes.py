"""mindspore.dataset.audio's transforms (msjax/_src/dataset/audio*.py) against MindSpore 2.10:
each tests/goldens/scripts/au20_audio_*_probe.py runs unchanged on msjax and every
``label -> result`` line must match what MindSpore printed (tests/goldens/dataset/<same>.out).

Errors and enum listings exactly; arrays by dtype and shape exactly and by value to the dtype's
tolerance. float32: 2e-5 (MindSpore's kernels compute in float32 or float64, msjax in float64;
an IIR filter's recursion carries float32 rounding a few ulps further). float64: 1e-5 (the golden prints 7 significant digits; MindSpore takes the
filter coefficients as float32). float16: 2e-2 (MindSpore
runs the filter recursion itself in half precision, msjax in float64 and rounds once).
Probes with a looser tolerance say so in PROBES.
"""
import functools

import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

# probe name -> {dtype: (rtol, atol)} overrides of TOLERANCE, or None: every line exactly
PROBES = {
    "au20_audio_filters_probe": {},
    "au20_audio_masking_probe": None,  # masks copy values: exact
    # the flanger's LFO table is float32 in one kernel and float64 in the other: 2e-7 apart
    "au20_audio_effects_probe": {"float64": (1e-5, 1e-6)},
    "au20_audio_vad_probe": {},
    # dB values (MFCC, LFCC) carry float32 rounding of the log: 3e-5 on values near 15
    "au20_audio_spectral_probe": {"float32": (1e-5, 5e-5)},
}
TOLERANCE = {"float16": (2e-2, 2e-2), "float32": (2e-5, 2e-5), "float64": (1e-5, 1e-7),
             "int32": (0, 0), "int64": (0, 0)}


@functools.lru_cache(maxsize=None)
def _msjax_cases(probe):
    return run_script_on_msjax(f"{probe}.py")


def _arrays(result):
    """[(dtype, shape, values)] of a printed result (` | ` between the arrays of a tuple)."""
    arrays = []
    for part in result.split(" | "):
        dtype, rest = part.split(" ", 1)
        shape, values = rest.split(")", 1)
        arrays.append((dtype, shape + ")", np.array([float(v) for v in values.split()])))
    return arrays


def _cases():
    return [(probe, label) for probe in PROBES
            for label in sorted(golden_cases(f"dataset/{probe}.out"))]


@pytest.mark.parametrize("probe,label", _cases())
def test_case_matches_mindspore(probe, label):
    expected = golden_cases(f"dataset/{probe}.out")[label]
    got = _msjax_cases(probe).get(label)
    assert got is not None, f"the probe printed no line for {label!r}"
    if PROBES[probe] is None or expected.split(" ", 1)[0] not in TOLERANCE:  # exact
        assert got.rstrip() == expected.rstrip()
        return
    tolerance = {**TOLERANCE, **PROBES[probe]}
    expected_arrays, got_arrays = _arrays(expected), _arrays(got)
    assert len(got_arrays) == len(expected_arrays)
    for (dtype, shape, values), (got_dtype, got_shape, got_values) in zip(expected_arrays,
                                                                          got_arrays):
        assert (got_dtype, got_shape) == (dtype, shape)
        rtol, atol = tolerance[dtype]
        np.testing.assert_allclose(got_values, values, rtol=rtol, atol=atol)


@pytest.mark.parametrize("probe", sorted(PROBES))
def test_probe_prints_every_golden(probe):
    assert set(_msjax_cases(probe)) == set(golden_cases(f"dataset/{probe}.out"))
