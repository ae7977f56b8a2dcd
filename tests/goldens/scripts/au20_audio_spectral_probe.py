"""mindspore.dataset.audio's STFT-based transforms and filter banks against MindSpore 2.10:
Spectrogram, InverseSpectrogram, MelScale, MelSpectrogram, MFCC, LFCC, SpectralCentroid,
ComplexNorm, Angle, Magphase, PhaseVocoder, TimeStretch, ComputeDeltas, DetectPitchFrequency,
PitchShift, GriffinLim (shapes), melscale_fbanks, linear_fbanks, create_dct; argument checks
and bad inputs. One `label -> result` line per case; arrays as `dtype shape values`."""
import numpy as np

import mindspore.dataset.audio as audio
from mindspore.dataset.audio import (BorderType, MelType, NormMode, NormType, WindowType,
                                     create_dct, linear_fbanks, melscale_fbanks)


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


rng = np.random.RandomState(7)
wave = rng.uniform(-1, 1, (2, 64)).astype(np.float32)
for window in WindowType:
    case(f"spectrogram {window.name}", lambda window=window: audio.Spectrogram(16, window=window)(wave))
for mode in BorderType:
    case(f"spectrogram pad {mode.name}", lambda mode=mode: audio.Spectrogram(12, 10, 5, pad=2, pad_mode=mode)(wave[0]))
case("spectrogram power 1 normalized", lambda: audio.Spectrogram(16, power=1.0, normalized=True)(wave))
case("spectrogram complex", lambda: audio.Spectrogram(8, hop_length=16, power=0)(wave[0]))
case("spectrogram twosided", lambda: audio.Spectrogram(8, hop_length=16, onesided=False)(wave[0]))
case("spectrogram no center", lambda: audio.Spectrogram(16, center=False)(wave.astype(np.float64)))
case("spectrogram int", lambda: audio.Spectrogram(8, hop_length=8)(np.arange(32)))
case("spectrogram long fft", lambda: audio.Spectrogram(100, center=False)(wave))
case("spectrogram reflect too long", lambda: audio.Spectrogram(200)(wave))
case("spectrogram bad win", lambda: audio.Spectrogram(16, win_length=20))
case("spectrogram bad power", lambda: audio.Spectrogram(power=-1))
spec = audio.Spectrogram(16, power=0)(wave)
case("inverse spectrogram", lambda: audio.InverseSpectrogram(n_fft=16)(spec))
case("inverse spectrogram length", lambda: audio.InverseSpectrogram(60, n_fft=16)(spec[0]))
case("inverse spectrogram bad last", lambda: audio.InverseSpectrogram(n_fft=16)(spec[..., :1]))
power = audio.Spectrogram(16)(wave)
case("melscale", lambda: audio.MelScale(4, 8000, n_stft=9)(power))
case("melscale slaney", lambda: audio.MelScale(5, 16000, 100.0, 7000.0, 9, NormType.SLANEY, MelType.SLANEY)(power))
case("melscale wrong stft", lambda: audio.MelScale(4, 8000, n_stft=10)(power))
case("melscale fmin", lambda: audio.MelScale(4, 8000, f_min=5000.0))
case("melspectrogram", lambda: audio.MelSpectrogram(8000, 16, n_mels=4)(wave))
case("melspectrogram slaney", lambda: audio.MelSpectrogram(16000, 32, 24, 6, 50.0, 7000.0, 1, 6,
                                                            WindowType.HAMMING, 1.0, True,
                                                            norm=NormType.SLANEY, mel_scale=MelType.SLANEY)(wave))
case("melspectrogram int fmin", lambda: audio.MelSpectrogram(f_min=1))
mel = {"n_fft": 16, "win_length": 16, "hop_length": 8, "f_min": 0.0, "f_max": 4000.0, "pad": 0,
       "n_mels": 6, "window": WindowType.HANN, "power": 2.0, "normalized": False, "center": True,
       "pad_mode": BorderType.REFLECT, "onesided": True, "norm": NormType.NONE, "mel_scale": MelType.HTK}
case("mfcc", lambda: audio.MFCC(8000, 4, melkwargs=mel)(wave))
case("mfcc log", lambda: audio.MFCC(8000, 3, norm=NormMode.NONE, log_mels=True, melkwargs=mel)(wave[0]))
case("mfcc n_mels small", lambda: audio.MFCC(8000, 8, melkwargs=mel))
spk = {"n_fft": 16, "win_length": 16, "hop_length": 8, "pad": 0, "window": WindowType.HANN,
       "power": 2.0, "normalized": False, "center": True, "pad_mode": BorderType.REFLECT, "onesided": True}
case("lfcc", lambda: audio.LFCC(8000, 6, 4, speckwargs=spk)(wave))
case("lfcc log", lambda: audio.LFCC(8000, 6, 3, 100.0, 3000.0, norm=NormMode.NONE, log_lf=True, speckwargs=spk)(wave[0]))
case("lfcc bad dct", lambda: audio.LFCC(dct_type=3))
case("centroid", lambda: audio.SpectralCentroid(8000, 16)(wave))
case("centroid hop", lambda: audio.SpectralCentroid(8000, 16, 12, 4, 1, WindowType.BLACKMAN)(wave[0].astype(np.float64)))
pairs = rng.uniform(-1, 1, (2, 3, 2)).astype(np.float32)
case("complexnorm", lambda: audio.ComplexNorm()(pairs))
case("complexnorm power 2", lambda: audio.ComplexNorm(2.0)(pairs.astype(np.float64)))
case("complexnorm bad last", lambda: audio.ComplexNorm()(pairs[..., :1]))
case("angle", lambda: audio.Angle()(pairs))
case("magphase", lambda: audio.Magphase(3)(pairs))
cspec = rng.uniform(-1, 1, (2, 5, 6, 2)).astype(np.float32)
advance = np.linspace(0, np.pi * 4, 5)[:, None].astype(np.float32)
case("phase vocoder", lambda: audio.PhaseVocoder(1.3, advance)(cspec))
case("phase vocoder slow", lambda: audio.PhaseVocoder(0.7, advance.astype(np.float64))(cspec.astype(np.float64)))
case("phase vocoder bad advance", lambda: audio.PhaseVocoder(1.3, advance[:3])(cspec))
case("time stretch", lambda: audio.TimeStretch(4, 5, 1.5)(cspec))
case("time stretch default", lambda: audio.TimeStretch(n_freq=5)(cspec))
case("deltas", lambda: audio.ComputeDeltas()(power))
case("deltas 7 constant", lambda: audio.ComputeDeltas(7, BorderType.CONSTANT)(power[0]))
case("deltas bad window", lambda: audio.ComputeDeltas(2))
t = np.arange(800) / 8000
tone = np.sin(2 * np.pi * 300 * t).astype(np.float32)
case("pitch", lambda: audio.DetectPitchFrequency(8000, 0.01, 3, 85, 3400)(np.stack([tone, tone[::-1]])))
case("pitch bad rate", lambda: audio.DetectPitchFrequency(0))
# values: the phase of a real (DC) bin may come out a half turn apart (docs/migration.md)
case("pitch shift", lambda: audio.PitchShift(8000, 3, n_fft=32)(tone[:200])[:0])
case("pitch shift down", lambda: audio.PitchShift(8000, -2, 12, 32, 24, 6)(tone[:200].astype(np.float64))[:0])
case("pitch shift bad steps", lambda: audio.PitchShift(8000, "s"))
case("griffinlim shape", lambda: audio.GriffinLim(16, 4, rand_init=False)(power)[..., :0])
case("griffinlim length", lambda: audio.GriffinLim(16, 2, length=40, rand_init=False)(power[0])[:0])
case("griffinlim wrong freq", lambda: audio.GriffinLim(20, 2)(power))
case("griffinlim momentum", lambda: audio.GriffinLim(16, 2, momentum=1.0)(power))
case("fbanks htk", lambda: melscale_fbanks(9, 0.0, 4000.0, 4, 8000))
case("fbanks slaney", lambda: melscale_fbanks(9, 100.0, 7000.0, 5, 16000, NormType.SLANEY, MelType.SLANEY))
case("fbanks bad", lambda: melscale_fbanks(9, 500.0, 100.0, 4, 8000))
case("linear fbanks", lambda: linear_fbanks(9, 0.0, 4000.0, 4, 8000))
case("dct none", lambda: create_dct(3, 5))
case("dct ortho", lambda: create_dct(3, 5, NormMode.ORTHO))
case("dct bad", lambda: create_dct(0, 5))
case("dct bad type", lambda: create_dct(3.0, 5))
melspec = audio.MelScale(4, 8000, n_stft=9)(power)
case("inverse melscale shape", lambda: audio.InverseMelScale(9, 4, 8000, max_iter=50)(melspec)[..., :0])
case("inverse melscale wrong mels", lambda: audio.InverseMelScale(9, 5, 8000, max_iter=5)(melspec))
case("inverse melscale 1d", lambda: audio.InverseMelScale(9, 4, 8000)(melspec[0, 0]))
case("inverse melscale bad lr", lambda: audio.InverseMelScale(9, 4, sgdargs={"sgd_lr": -1, "sgd_momentum": 0.9}))
case("inverse melscale bad iter", lambda: audio.InverseMelScale(9, 4, max_iter=0))
case("inverse melscale fmax", lambda: audio.InverseMelScale(9, 4, f_min=100.0, f_max=50.0))


def griffinlim_pipeline(*operations):
    import mindspore.dataset as ds
    data = ds.NumpySlicesDataset(power[None], ["spec"], shuffle=False)
    for operation in operations:
        data = data.map(operation, ["spec"])
    return np.stack([row["spec"] for row in data.create_dict_iterator(num_epochs=1, output_numpy=True)])


case("griffinlim pipeline momentum", lambda: griffinlim_pipeline(audio.GriffinLim(20, 2),
                                                                 audio.GriffinLim(16, 2, momentum=1.0)))
case("griffinlim pipeline wrong freq", lambda: griffinlim_pipeline(audio.GriffinLim(20, 2)))
