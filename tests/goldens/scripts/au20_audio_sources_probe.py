"""mindspore.dataset's audio sources against MindSpore 2.10, on folders laid out as MindSpore's
test data and written here (WAV, NIST SPHERE and transcript files): columns, dtypes, shapes,
values, sizes, usages, samplers, shards and bad arguments. One `label -> result` line per case."""
import os
import struct
import tempfile
import wave

import numpy as np

import mindspore.dataset as ds

DATA = tempfile.mkdtemp()


def write(relative, text):
    path = os.path.join(DATA, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "w", encoding="utf-8") as file:
        file.write(text)


def samples(seed, count):
    return (np.sin(np.arange(count) * (0.05 + 0.01 * seed)) * (8000 + 1000 * seed)).astype("<i2")


def write_wav(relative, rate, seed, count=64):
    path = os.path.join(DATA, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with wave.open(path, "wb") as file:
        file.setnchannels(1)
        file.setsampwidth(2)
        file.setframerate(rate)
        file.writeframes(samples(seed, count).tobytes())


def write_sphere(relative, seed, count=1600):
    head = (f"NIST_1A\n   1024\nsample_count -i {count}\nsample_n_bytes -i 2\nchannel_count -i 1\n"
            "sample_byte_format -s2 10\nsample_rate -i 16000\nsample_coding -s3 pcm\nend_head\n")
    path = os.path.join(DATA, relative)
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb") as file:
        file.write(head.encode().ljust(1024, b" ") + samples(seed, count).tobytes())


for i, name in enumerate(["1_2_3_4_5_6_7_1", "5_1_1_1_1_1_1_1", "8_1_1_1_1_1_1_1"]):
    write_wav(f"testYesNoData/{name}.wav", 16000, i, 40 + i)
write("testLJSpeechData/metadata.csv", "".join(f"my_wave_{i}|this is my_wave_{i}|this is wave {i}\n"
                                              for i in (1, 2, 3)))
for i in (1, 2, 3):
    write_wav(f"testLJSpeechData/wavs/my_wave_{i}.wav", 22050, i, 30 + i)
for i, name in enumerate(["_background_noise_/eating_lunch", "backpack/eeee2222_nohash_3",
                          "bob/qwer2222_nohash_2", "bob/qwer3333_nohash_3"]):
    write_wav(f"testSpeechCommandsData/{name}.wav", 16000, i, 20 + i)
write("testSpeechCommandsData/testing_list.txt", "backpack/eeee2222_nohash_3.wav\n")
write("testSpeechCommandsData/validation_list.txt", "bob/qwer2222_nohash_2.wav\n")
for i, name in enumerate(["blues/blues.00000", "jazz/jazz.00000", "rock/rock.00010"]):
    write_wav(f"testGTZANData/{name}.wav", 22050, i, 25 + i)
for i, name in enumerate(["blues/blues.00000", "blues/blues.00012", "blues/blues.00029",
                          "metal/metal.00002"]):
    write_wav(f"gtzanSplits/{name}.wav", 22050, i, 25 + i)
write("testLibriTTSData/train-clean-100/2506/11267/2506_11267.trans.tsv",
      "".join(f"2506_11267_00000{i}_000000\tgood {w}\tGood {w}\n"
              for i, w in ((1, "morning"), (2, "afternoon"), (3, "evening"))))
for i in (1, 2, 3):
    write_wav(f"testLibriTTSData/train-clean-100/2506/11267/2506_11267_00000{i}_000000.wav", 24000, i)
write("testCMUArcticData/cmu_us_aew_arctic/etc/txt.done.data",
      '( arctic_a0001 "Dog." )\n( arctic_a0002 "Cat, too." )\n( arctic_a0003 "Dog." )\n')
for i in (1, 2, 3):
    write_wav(f"testCMUArcticData/cmu_us_aew_arctic/wav/arctic_a000{i}.wav", 16000, i, 50)
STM = {"test1": [(0.0, 0.03)], "test2": [(0.0, 0.02), (0.02, 0.09)],
       "test3": [(0.0, 0.01), (0.02, 0.07), (0.07, 0.09)],
       "test4": [(0.0, 0.01), (0.02, 0.03), (0.05, 0.07), (0.07, 0.09)]}
for folder, talks in (("TEDLIUM_release1/train", ("test1", "test2")), ("TEDLIUM_release1/test", ("test2",)),
                      ("TEDLIUM_release1/dev", ("test1",)), ("TEDLIUM_release3/data", ("test3", "test4"))):
    for talk in talks:
        write(f"testTedliumData/{folder}/stm/{talk}.stm", "".join(
            f"{talk} 1 {talk} {start:.2f} {end:.2f} <o,f0,female> this is record {n + 1} of {talk}.\n"
            for n, (start, end) in enumerate(STM[talk])))
        write_sphere(f"testTedliumData/{folder}/sph/{talk}.sph", int(talk[-1]))
write("testTedliumData/else/train/sph/test1.stm", "test1 1 test1 0.00 0.03 <o,f0,female> x\n")
write_sphere("testTedliumData/else/train/stm/test1.sph", 1)


def show(value, values=True):
    value = np.asarray(value)
    if not values:
        return f"{value.dtype} {value.shape}"
    if value.dtype.kind in "US":
        return f"{value.dtype.kind} {value.shape} {value.tolist()!r}"
    flat = value.ravel()
    head = " ".join(f"{x:.6g}" for x in flat[:4].tolist())
    tail = " ".join(f"{x:.6g}" for x in flat[-2:].tolist())
    total = f"{float(flat.astype(np.float64).sum()):.6g}" if flat.size else "0"
    return f"{value.dtype} {value.shape} [{head} .. {tail}] sum={total}"


def case(label, fn):
    try:
        result = fn()
    except Exception as e:  # noqa: BLE001
        msg = str(e)
        lines = [line for line in msg.split("\n") if line.startswith("[ERROR]")]
        result = f"{type(e).__name__}: {(lines or msg.split(chr(10)))[0]}"
    text = f"{label} -> {result}".replace(os.path.realpath(DATA), "<data>")
    print(text.replace(DATA, "<data>"))


def rows(dataset):
    """The rows as text. TED-LIUM's waveforms by dtype and shape only: MindSpore 2.10 reads the
    test .sph files as zeros (docs/migration.md), msjax decodes their PCM."""
    out = []
    for row in dataset.create_dict_iterator(num_epochs=1, output_numpy=True):
        values = type(dataset).__name__ != "TedliumDataset"
        out.append("{" + ", ".join(f"{k}: {show(v, values or k != 'waveform')}"
                                   for k, v in row.items()) + "}")
    return f"{len(out)} rows " + " ; ".join(out)


def folder(name):
    return os.path.join(DATA, name)


SOURCES = {
    "yesno": lambda **kw: ds.YesNoDataset(folder("testYesNoData"), **kw),
    "ljspeech": lambda **kw: ds.LJSpeechDataset(folder("testLJSpeechData"), **kw),
    "speechcommands": lambda **kw: ds.SpeechCommandsDataset(folder("testSpeechCommandsData"), **kw),
    "gtzan": lambda **kw: ds.GTZANDataset(folder("testGTZANData"), **kw),
    "libritts": lambda **kw: ds.LibriTTSDataset(folder("testLibriTTSData"), **kw),
    "cmuarctic": lambda **kw: ds.CMUArcticDataset(folder("testCMUArcticData"), **kw),
    "tedlium1": lambda **kw: ds.TedliumDataset(folder("testTedliumData/TEDLIUM_release1"), "release1", **kw),
    "tedlium3": lambda **kw: ds.TedliumDataset(folder("testTedliumData/TEDLIUM_release3"), "release3", **kw),
}
for name, make in SOURCES.items():
    case(f"{name} rows", lambda make=make: rows(make(shuffle=False)))
    case(f"{name} size", lambda make=make: make().get_dataset_size())
    case(f"{name} columns", lambda make=make: make().get_col_names())
    case(f"{name} num_samples 2", lambda make=make: make(num_samples=2).get_dataset_size())
    case(f"{name} shard", lambda make=make: rows(make(num_shards=2, shard_id=1, shuffle=False)))
    case(f"{name} sampler", lambda make=make: rows(make(sampler=ds.SequentialSampler(1, 1))))
    case(f"{name} sampler and shuffle", lambda make=make: make(sampler=ds.SequentialSampler(), shuffle=False))

for usage in ("train", "test", "valid", "all", "bad", 1):
    case(f"speechcommands usage {usage}", lambda usage=usage: rows(SOURCES["speechcommands"](usage=usage, shuffle=False)))
for usage in ("train", "test", "valid", "all", "bad"):
    case(f"gtzan usage {usage}", lambda usage=usage: rows(SOURCES["gtzan"](usage=usage, shuffle=False)))
    if usage != "all":  # MindSpore's "all" takes a genre's files in the directory's order
        case(f"gtzan splits usage {usage}",
             lambda usage=usage: rows(ds.GTZANDataset(folder("gtzanSplits"), usage=usage, shuffle=False)))
for usage in ("train-clean-100", "dev-clean", "all", "bad"):
    case(f"libritts usage {usage}", lambda usage=usage: rows(SOURCES["libritts"](usage=usage, shuffle=False)))
for name in ("aew", "ahw", "bad"):
    case(f"cmuarctic name {name}", lambda name=name: rows(SOURCES["cmuarctic"](name=name, shuffle=False)))
for usage in ("train", "test", "dev", "all", "bad"):
    case(f"tedlium1 usage {usage}", lambda usage=usage: rows(SOURCES["tedlium1"](usage=usage, shuffle=False)))
for usage in ("all", "train", None):
    case(f"tedlium3 usage {usage}", lambda usage=usage: rows(SOURCES["tedlium3"](usage=usage, shuffle=False)))
case("tedlium bad release", lambda: ds.TedliumDataset(folder("testTedliumData/TEDLIUM_release1"), "release4"))
case("tedlium release type", lambda: ds.TedliumDataset(folder("testTedliumData/TEDLIUM_release1"), 1))
case("tedlium bad extensions", lambda: type(ds.TedliumDataset(folder("testTedliumData/TEDLIUM_release1"), "release1", extensions=".wav")).__name__)
for extension in ("invalid", ".wav", ".SPH"):
    case(f"tedlium extensions {extension} size", lambda extension=extension: ds.TedliumDataset(
        folder("testTedliumData/TEDLIUM_release1"), "release1", "train", extension).get_dataset_size())
case("tedlium extensions sph", lambda: ds.TedliumDataset(folder("testTedliumData/TEDLIUM_release1"), "release1", extensions=".sph").get_dataset_size())
case("tedlium wrong files", lambda: rows(ds.TedliumDataset(folder("testTedliumData/else"), "release1", usage="train")))
case("yesno missing folder", lambda: ds.YesNoDataset(folder("nothere")))
case("ljspeech missing folder", lambda: ds.LJSpeechDataset(folder("nothere")))
case("yesno shard_id str", lambda: ds.YesNoDataset(folder("testYesNoData"), num_shards=2, shard_id="0"))
case("yesno num_shards only", lambda: ds.YesNoDataset(folder("testYesNoData"), num_shards=2))


def failing(row):
    raise Exception("Error occur!")


for name in ("yesno", "ljspeech", "cmuarctic"):
    case(f"{name} map error", lambda name=name: rows(SOURCES[name]().map(failing, input_columns=["waveform"])))
