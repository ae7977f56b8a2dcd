"""mindspore.dataset.audio against MindSpore 2.10.

tests/goldens/scripts/audio_probe.py runs unchanged with ``mindspore`` answered by msjax; each
``label -> result`` line must match what MindSpore printed (tests/goldens/dataset/audio_probe.txt):
errors exactly (type and first line), arrays by dtype and shape exactly and by value to the
dtype's tolerance (float16 filters: MindSpore filters in half precision, msjax in float64).
"""
import functools

import numpy as np
import pytest

from tests.golden_scripts import golden_cases, run_script_on_msjax

GOLDENS = golden_cases("dataset/audio_probe.txt")
TOLERANCE = {"float16": (5e-3, 5e-3), "float32": (2e-5, 1e-6), "float64": (1e-6, 1e-9)}


@functools.lru_cache(maxsize=None)
def _msjax_cases():
    return run_script_on_msjax("audio_probe.py")


def _parse_array(result):
    dtype, rest = result.split(" ", 1)
    shape, values = rest.split(")", 1)
    return dtype, shape + ")", np.array([float(v) for v in values.split()])


@pytest.mark.parametrize("label", sorted(GOLDENS))
def test_audio_case_matches_mindspore(label):
    expected, got = GOLDENS[label], _msjax_cases().get(label)
    assert got is not None, f"the probe printed no line for {label!r}"
    if expected.split(" ", 1)[0] not in TOLERANCE:  # an error or an enum listing
        assert got.rstrip() == expected.rstrip()
        return
    dtype, shape, values = _parse_array(expected)
    got_dtype, got_shape, got_values = _parse_array(got)
    assert (got_dtype, got_shape) == (dtype, shape)
    rtol, atol = TOLERANCE[dtype]
    np.testing.assert_allclose(got_values, values, rtol=rtol, atol=atol)


def test_probe_covers_every_golden():
    assert set(_msjax_cases()) == set(GOLDENS)


def _audio_ops():
    from msjax.dataset import audio
    return [audio.AmplitudeToDB(), audio.Biquad(0.3, -0.2, 0.1, 2, -0.5, 0.2),
            audio.Fade(3, 2, audio.FadeShape.LOGARITHMIC), audio.Overdrive(30, 70),
            audio.RiaaBiquad(48000)]


@pytest.mark.parametrize("index", range(5))
def test_eager_call_leaves_its_input_and_pickles(index):
    import pickle
    op = _audio_ops()[index]
    wave = np.random.RandomState(index).uniform(0.1, 1.5, (2, 3, 8)).astype(np.float32)
    before = wave.copy()
    out = op(wave)
    np.testing.assert_array_equal(wave, before)
    np.testing.assert_array_equal(pickle.loads(pickle.dumps(op))(wave), out)


# MindSpore 2.10's CPU build leaves these sentences empty (the golden checks the exception and its
# first line): msjax names the transform, what it expects and what it got.
BAD_INPUTS = [
    ("AmplitudeToDB", np.ones(3, np.float32),
     "AmplitudeToDB: the shape of input tensor does not match the requirement of operator. "
     "Expecting tensor in shape of <..., freq, time>. But got tensor with dimension 1."),
    ("Biquad", np.ones((2, 3), np.int32),
     "Biquad: the data type of input tensor does not match the requirement of operator. "
     "Expecting tensor in type of [float, double]. But got type int32."),
    ("Fade", np.ones((2, 2), np.float32),
     "Fade: fade_in_len should be less than or equal to the length of the waveform: 2, but got: 3."),
    ("Overdrive", np.array(["a"]),
     "Overdrive: the data type of input tensor does not match the requirement of operator. "
     "Expecting tensor in type of [int, float, double]. But got type string."),
    ("RiaaBiquad", np.array(0.5, np.float32),
     "RiaaBiquad: the shape of input tensor does not match the requirement of operator. "
     "Expecting tensor in shape of <..., time>. But got tensor with dimension 0."),
]


@pytest.mark.parametrize("name, array, sentence", BAD_INPUTS, ids=[row[0] for row in BAD_INPUTS])
def test_bad_input_names_the_transform(name, array, sentence):
    import msjax.dataset as ds
    op = next(op for op in _audio_ops() if type(op).__name__ == name)
    with pytest.raises(RuntimeError) as eager:
        op(array)
    assert f"[ERROR] {sentence}\n" in str(eager.value)
    dataset = ds.NumpySlicesDataset([array], ["audio"], shuffle=False).map(op, ["audio"])
    with pytest.raises(RuntimeError) as mapped:
        list(dataset.create_tuple_iterator(output_numpy=True))
    assert f"[ERROR] map operation: [{name}] failed. {sentence}\n" in str(mapped.value)
