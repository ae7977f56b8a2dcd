"""mindspore.dataset.audio's biquad filters, LFilter/Filtfilt and sample-wise gains against
MindSpore 2.10: eager calls on float16/32/64 and integer waveforms, a map pipeline, argument
checks. One `label -> result` line per case; arrays as `dtype shape values`."""
import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.audio as audio


def show(a):
    if isinstance(a, tuple):
        return " | ".join(show(x) for x in a)
    a = np.asarray(a)
    return f"{a.dtype} {a.shape} " + " ".join(f"{x:.7g}" for x in a.ravel().tolist())


def case(label, fn):
    try:
        result = show(fn())
    except Exception as e:  # noqa: BLE001
        msg = str(e).split("\n")[0]
        if "Dataset Pipeline Error Message" in str(e):
            msg = [line for line in str(e).split("\n") if line.startswith("[ERROR]")][0]
        result = f"{type(e).__name__}: {msg}"
    print(f"{label} -> {result}")


def mapped(op, data):
    dataset = ds.NumpySlicesDataset(data, ["audio"], shuffle=False)
    dataset = dataset.map(operations=op, input_columns=["audio"])
    return np.stack([row["audio"] for row in dataset.create_dict_iterator(num_epochs=1, output_numpy=True)])


rng = np.random.RandomState(0)
wave = rng.uniform(-0.8, 0.8, (2, 3, 12)).astype(np.float32)
impulse = np.zeros((1, 16), np.float32)
impulse[0, 0] = 0.01

FILTERS = {
    "allpass": lambda: audio.AllpassBiquad(44100, 200.0),
    "allpass q": lambda: audio.AllpassBiquad(16000, 3000, 0.3),
    "band": lambda: audio.BandBiquad(44100, 2000.0),
    "band noise": lambda: audio.BandBiquad(16000, 1000.0, 0.5, True),
    "bandpass": lambda: audio.BandpassBiquad(44100, 2000.0),
    "bandpass skirt": lambda: audio.BandpassBiquad(16000, 1000.0, 0.5, True),
    "bandreject": lambda: audio.BandrejectBiquad(44100, 2000.0, 0.9),
    "bass": lambda: audio.BassBiquad(44100, 6.0),
    "deemph 44100": lambda: audio.DeemphBiquad(44100),
    "deemph 48000": lambda: audio.DeemphBiquad(48000),
    "equalizer": lambda: audio.EqualizerBiquad(44100, 1500.0, 5.5, 0.7),
    "equalizer cut": lambda: audio.EqualizerBiquad(8000, 1000, -3),
    "highpass": lambda: audio.HighpassBiquad(44100, 3000.0, 0.6),
    "lowpass": lambda: audio.LowpassBiquad(44100, 3000.0, 0.6),
    "treble": lambda: audio.TrebleBiquad(44100, 200.0),
    "treble cut": lambda: audio.TrebleBiquad(16000, -6.0, 2000, 0.5),
    "lfilter": lambda: audio.LFilter([1.0, -0.3, 0.1], [0.4, 0.2, 0.9]),
    "lfilter noclamp": lambda: audio.LFilter([2.0, -0.3, 0.1, 0.02], [0.4, 0.2, 0.9, -0.5], False),
    "filtfilt": lambda: audio.Filtfilt([1.0, -0.3, 0.1], [0.4, 0.2, 0.9]),
    "filtfilt noclamp": lambda: audio.Filtfilt([2.0, -0.3, 0.1], [0.4, 0.2, 0.9], False),
}
for name, make in FILTERS.items():
    case(f"{name} impulse", lambda make=make: make()(impulse))
    case(f"{name} wave", lambda make=make: make()(wave))
    case(f"{name} float64", lambda make=make: make()(wave.astype(np.float64)))
    case(f"{name} int", lambda make=make: make()(np.arange(6).reshape(2, 3)))
case("allpass float16", lambda: audio.AllpassBiquad(44100, 200.0)(wave[0].astype(np.float16)))
case("lowpass pipeline", lambda: mapped(audio.LowpassBiquad(44100, 3000.0), wave))
case("allpass big input", lambda: audio.AllpassBiquad(44100, 200.0)(np.array([[1, 2, 3], [4, 5, 6]], np.float64)))

GAINS = {
    "dcshift": lambda: audio.DCShift(0.5),
    "dcshift limiter": lambda: audio.DCShift(0.5, 0.02),
    "dcshift negative": lambda: audio.DCShift(-0.6, 0.1),
    "dcshift negative nolimit": lambda: audio.DCShift(-0.6),
    "gain": lambda: audio.Gain(),
    "gain -6": lambda: audio.Gain(-6.0),
    "vol": lambda: audio.Vol(1.8),
    "vol db": lambda: audio.Vol(3.0, audio.GainType.DB),
    "vol power": lambda: audio.Vol(0.3, audio.GainType.POWER),
    "contrast": lambda: audio.Contrast(),
    "contrast 20": lambda: audio.Contrast(20),
    "mulaw encode": lambda: audio.MuLawEncoding(),
    "mulaw encode 16": lambda: audio.MuLawEncoding(16),
    "mulaw decode": lambda: audio.MuLawDecoding(),
    "mulaw decode 16": lambda: audio.MuLawDecoding(16),
    "db to amplitude": lambda: audio.DBToAmplitude(0.5, 0.5),
    "db to amplitude 2": lambda: audio.DBToAmplitude(2, -1.5),
}
for name, make in GAINS.items():
    case(f"{name} wave", lambda make=make: make()(wave))
    case(f"{name} float64", lambda make=make: make()(wave.astype(np.float64)))
    case(f"{name} int", lambda make=make: make()(np.arange(-3, 9).reshape(3, 4)))
    case(f"{name} float16", lambda make=make: make()(wave[0].astype(np.float16)))
case("mulaw decode codes", lambda: audio.MuLawDecoding()(np.array([[0, 10, 100, 128, 200, 255]])))
case("gain pipeline", lambda: mapped(audio.Gain(1.5), wave))

# argument checks
case("allpass bad rate", lambda: audio.AllpassBiquad(0, 200.0))
case("allpass float rate", lambda: audio.AllpassBiquad(44100.5, 200.0))
case("allpass bad q", lambda: audio.AllpassBiquad(44100, 200.0, 1.5))
case("allpass bool q", lambda: audio.AllpassBiquad(44100, 200.0, True))
case("band bad noise", lambda: audio.BandBiquad(44100, 200.0, 0.7, 1))
case("bandpass bad skirt", lambda: audio.BandpassBiquad(44100, 200.0, 0.7, "x"))
case("deemph bad rate", lambda: audio.DeemphBiquad(16000))
case("equalizer bad freq", lambda: audio.EqualizerBiquad(44100, "1", 3))
case("equalizer big gain", lambda: audio.EqualizerBiquad(44100, 100, 3e9))
case("highpass big freq", lambda: audio.HighpassBiquad(44100, 3e9))
case("treble bad gain", lambda: audio.TrebleBiquad(44100, None))
case("lfilter unequal", lambda: audio.LFilter([1.0, 0.2], [0.3]))
case("lfilter bad coeff", lambda: audio.LFilter([1.0, "a"], [0.3, 0.1]))
case("lfilter not list", lambda: audio.LFilter(1.0, [0.3]))
case("filtfilt bad clamp", lambda: audio.Filtfilt([1.0], [0.3], 1))
case("dcshift big", lambda: audio.DCShift(2.5))
case("dcshift bad limiter", lambda: audio.DCShift(0.5, "1"))
case("gain bad", lambda: audio.Gain("1"))
case("vol negative", lambda: audio.Vol(-1.0))
case("vol power zero", lambda: audio.Vol(0.0, audio.GainType.POWER))
case("vol bad type", lambda: audio.Vol(1.0, "db"))
case("contrast big", lambda: audio.Contrast(101))
case("mulaw zero", lambda: audio.MuLawEncoding(0))
case("mulaw bool", lambda: audio.MuLawDecoding(True))
case("db to amplitude bad", lambda: audio.DBToAmplitude("1", 2))
# bad inputs
case("lowpass int input", lambda: audio.LowpassBiquad(44100, 3000.0)(np.arange(4)))
case("lowpass scalar", lambda: audio.LowpassBiquad(44100, 3000.0)(np.array(1.0, np.float32)))
case("lfilter string", lambda: audio.LFilter([1.0], [1.0])(np.array(["a", "b"])))
case("gain string", lambda: audio.Gain()(np.array(["a", "b"])))
case("gain scalar", lambda: audio.Gain()(np.array(1.0, np.float32)))
case("mulaw encode list", lambda: audio.MuLawEncoding()([0.1, 0.2]))
case("biquad int input", lambda: audio.Biquad(0.3, 0.2, 0.1, 1.0, 0.2, 0.1)(np.arange(4)))
case("riaa string input", lambda: audio.RiaaBiquad(44100)(np.array(["a", "b"])))
case("resample int input", lambda: audio.Resample(16000, 8000)(np.arange(8)))
case("resample string input", lambda: audio.Resample(16000, 8000)(np.array(["a", "b"])))
