"""`mindspore.dataset.audio.BassBiquad` and `Resample`: values (rounded to 4 decimals), dtypes
and argument errors, eagerly and in a pipeline. One `label -> result` line per case
(tests/dataset/test_audio_resample.py)."""
import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.audio as audio


def case(label, fn):
    try:
        result = fn()
        if isinstance(result, np.ndarray):
            result = f"{result.dtype}{list(result.shape)} {np.round(result, 4).tolist()}"
        else:
            result = repr(result)
    except Exception as error:  # noqa: BLE001 - the error is the case's result
        result = f"{type(error).__name__}: {str(error).splitlines()[0] if str(error) else ''}"
    print(f"{label} -> {result}", flush=True)


WAVE = (np.sin(np.arange(40) / 3.0) * 0.5).astype(np.float32)
TWO = np.stack([WAVE, WAVE[::-1]])
case("BassBiquad", lambda: audio.BassBiquad(44100, 10.0)(WAVE))
case("BassBiquad cut", lambda: audio.BassBiquad(16000, -6.0, 300.0, 0.5)(TWO))
case("BassBiquad float64", lambda: audio.BassBiquad(8000, 3)(WAVE.astype(np.float64)).dtype)
case("BassBiquad clamp", lambda: audio.BassBiquad(44100, 30.0)(WAVE * 2))
case("BassBiquad Q 0", lambda: audio.BassBiquad(44100, 1.0, Q=0.0))
case("BassBiquad Q 2", lambda: audio.BassBiquad(44100, 1.0, Q=2.0))
case("BassBiquad sample_rate 0", lambda: audio.BassBiquad(0, 1.0))
case("BassBiquad sample_rate float", lambda: audio.BassBiquad(44100.0, 1.0))
case("BassBiquad gain str", lambda: audio.BassBiquad(44100, "1"))
case("BassBiquad missing", lambda: audio.BassBiquad(44100))
case("Resample down", lambda: audio.Resample(16000, 8000)(WAVE))
case("Resample up", lambda: audio.Resample(8000, 12000)(TWO))
case("Resample same", lambda: audio.Resample(16000, 16000)(WAVE))
case("Resample kaiser", lambda: audio.Resample(
    44100, 16000, audio.ResampleMethod.KAISER_WINDOW, 4, 0.9, 8.0)(WAVE))
case("Resample kaiser default beta", lambda: audio.Resample(
    48000, 16000, audio.ResampleMethod.KAISER_WINDOW)(WAVE))
case("Resample float64", lambda: audio.Resample(16000, 8000)(WAVE.astype(np.float64)).dtype)
case("Resample orig 0", lambda: audio.Resample(0, 8000))
case("Resample rolloff", lambda: audio.Resample(16000, 8000, rolloff=1.5))
case("Resample width", lambda: audio.Resample(16000, 8000, lowpass_filter_width=0))
case("Resample method", lambda: audio.Resample(16000, 8000, resample_method="sinc"))


def in_pipeline():
    data = ds.NumpySlicesDataset({"audio": np.stack([WAVE, WAVE * 0.5])}, shuffle=False)
    data = data.map(audio.Resample(16000, 8000), input_columns="audio")
    data = data.map(audio.BassBiquad(16000, 6.0), input_columns="audio")
    return [row["audio"].shape for row in data.create_dict_iterator(output_numpy=True)]


case("pipeline", in_pipeline)
