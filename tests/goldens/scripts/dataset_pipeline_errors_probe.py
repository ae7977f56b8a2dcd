"""MindSpore 2.10's pipeline errors that real scripts meet: `num_parallel_workers` above the CPU
count (or below 1, or not an int) on sources and operations, a map function returning None, a
set, an object or a tuple holding None, a generator yielding None, and an image that fails to
decode (ImageFolderDataset(decode=True), and a map of Decode(to_pil=True), which names its
file). Messages are printed with the CPU count as <cpus> and the scratch folder as <folder>, the
pipeline's framing reduced to its sentences. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_pipeline_errors_probe.py \\
        | grep " -> " > tests/goldens/dataset/pipeline_errors.txt
"""
import multiprocessing
import os
import re
import tempfile

import numpy as np

import mindspore.dataset as ds
import mindspore.dataset.vision as vision

FOLDER = tempfile.mkdtemp()
CPUS = multiprocessing.cpu_count()


def generator():
    for i in range(4):
        yield (np.array([i]),)


def sentences(text):
    """The MindSpore sentences of an error, without its framing, stack or C++ location."""
    text = text.replace(FOLDER, "<folder>")
    kept = []
    for line in text.splitlines():
        line = line.strip()
        if "C++ Call Stack" in line or "msjax operation" in line:  # the framework's location
            break
        if not line or set(line) == {"-"} or line.startswith(("- ", "File ", "Traceback", "mindspore/")) \
                or line.startswith(("Exception thrown from", "This exception is caused")):
            continue
        if line.startswith("^") or line.startswith("yield") or line.startswith("raise "):
            continue
        kept.append(line)
    return re.sub(r"\b" + str(CPUS) + r"\b", "<cpus>", " ".join(kept))


def outcome(call):
    try:
        call()
    except Exception as error:  # pylint: disable=broad-except
        return f"{type(error).__name__}: {sentences(str(error))}"
    return "ok"


def rows(dataset):
    return [r for r in dataset.create_tuple_iterator(output_numpy=True, num_epochs=1)]


def main():
    too_many = CPUS + 1
    makers = {
        "GeneratorDataset": lambda n: ds.GeneratorDataset(generator, ["x"], num_parallel_workers=n),
        "NumpySlicesDataset": lambda n: ds.NumpySlicesDataset([1, 2], num_parallel_workers=n),
        "map": lambda n: ds.NumpySlicesDataset([1, 2]).map(lambda x: x, num_parallel_workers=n),
        "batch": lambda n: ds.NumpySlicesDataset([1, 2]).batch(2, num_parallel_workers=n),
    }
    for name, make in makers.items():
        for label, value in (("cpus + 1", too_many), ("0", 0), ("cpus", CPUS), ("True", True),
                             ("2.0", 2.0)):
            print(f"{name} num_parallel_workers {label} ->", outcome(lambda: make(value)))
    for label, function in (("None", lambda x: None), ("set", lambda x: {1, 2}),
                            ("object", lambda x: object()), ("tuple of None", lambda x: (None,)),
                            ("list", lambda x: [1, 2]), ("str", lambda x: "s")):
        dataset = ds.GeneratorDataset(generator, ["x"], shuffle=False).map(function, ["x"])
        print(f"map returns {label} ->", outcome(lambda: rows(dataset)))
    dataset = ds.GeneratorDataset(lambda: iter([(None,)]), ["x"], shuffle=False)
    print("generator yields None ->", outcome(lambda: rows(dataset)))
    dataset = ds.GeneratorDataset(lambda: iter([np.array([[1, None]], dtype=object)]), ["x"],
                                  shuffle=False)
    print("generator yields an object array ->", outcome(lambda: rows(dataset)))
    os.makedirs(os.path.join(FOLDER, "c0"))
    with open(os.path.join(FOLDER, "c0", "broken.jpg"), "wb") as file:
        file.write(b"\xff\xd8\xff\xe0 not really a jpeg")
    dataset = ds.ImageFolderDataset(FOLDER, shuffle=False, decode=True)
    print("ImageFolderDataset decode broken image ->", outcome(lambda: rows(dataset)))
    dataset = ds.ImageFolderDataset(FOLDER, shuffle=False).map(vision.Decode(to_pil=True), "image")
    error = outcome(lambda: rows(dataset))
    print("map Decode(to_pil=True) broken image names the file ->",
          "<folder>/c0/broken.jpg" in error)


if __name__ == "__main__":
    main()
