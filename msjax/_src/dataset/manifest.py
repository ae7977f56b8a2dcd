"""`mindspore.dataset.ManifestDataset`: images listed by a manifest file (one JSON object a line,
ModelArts' format), read as MindSpore 2.10 reads them."""
from __future__ import annotations

import json
import os

import numpy as np

from msjax._src.dataset.file_sources import _ImageFiles
from msjax._src.dataset.rows import pipeline_error

_IMAGE_MAGIC = (b"\xff\xd8\xff", b"\x89PN", b"GIF", b"BM")  # JPEG, PNG, GIF, BMP


def _is_image(path: str, manifest: str) -> bool:
    """Whether the file begins as a JPEG, PNG, GIF or BMP does (MindSpore skips other lines)."""
    try:
        with open(path, "rb") as file:
            head = file.read(3)
    except OSError:
        head = b""
    if len(head) < 3:
        raise pipeline_error(f"Invalid manifest file, failed to read {path} : the manifest file "
                             f"is damaged or permission denied.", "ManifestDataset")
    return any(head.startswith(magic) for magic in _IMAGE_MAGIC)


class ManifestDataset(_ImageFiles):
    """`mindspore.dataset.ManifestDataset(dataset_file, usage="train", ...)`: the lines of the
    manifest whose ``usage`` (any case) is `usage` and whose ``source`` is a JPEG, PNG, GIF or
    BMP file; columns ``image`` (the file's bytes as uint8, or the decoded RGB HWC image with
    `decode`) and ``label`` (int32: the index of the annotation's ``name`` among the sorted names
    of that usage, or `class_indexing`'s; several annotations give a vector)."""

    def __init__(self, dataset_file, usage="train", num_samples=None, num_parallel_workers=None,
                 shuffle=None, sampler=None, class_indexing=None, decode=False, num_shards=None,
                 shard_id=None, cache=None):
        if not isinstance(dataset_file, str) or not os.path.isfile(dataset_file):
            raise ValueError(f"The file {os.path.realpath(str(dataset_file))} does not exist or "
                             f"permission denied!")
        self.dataset_file = dataset_file
        super().__init__(num_samples, num_parallel_workers, shuffle, sampler, num_shards, shard_id,
                         cache=cache)
        self.usage = usage
        self.class_indexing = dict(class_indexing) if class_indexing else None
        self.decode = decode
        self._files = None
        self._names = None

    def _columns(self):
        return ["image", "label"]

    def _parse(self):
        """(source, annotation names) of the manifest's lines of this usage."""
        if self._names is not None:
            return self._names
        if self.usage not in ("inference", "eval", "train"):
            raise pipeline_error(f"ManifestDataset: {self.usage} does not match any mode in "
                                 f"[ inference eval train ]", "ManifestDataset")
        entries = []
        number = 1  # MindSpore's line count in its errors: the lines it took, plus one
        with open(self.dataset_file, encoding="utf-8") as file:
            for line in file:
                record = json.loads(line)
                for key in ("source", "usage"):
                    if key not in record:
                        raise pipeline_error(f"Invalid manifest file, '{key}' is missing in file: "
                                             f"{self.dataset_file} at line {number}",
                                             "ManifestDataset")
                source = record["source"]
                if not _is_image(source, self.dataset_file) or \
                        str(record["usage"]).lower() != self.usage:
                    continue
                names = [a.get("name", "") for a in record.get("annotation", [])]
                if self.class_indexing:
                    names = [n for n in names if n in self.class_indexing]
                if names:
                    entries.append((source, names))
                number += 1
        self._names = entries
        return entries

    def get_class_indexing(self):
        """`ManifestDataset.get_class_indexing`: label name -> index (the sorted names of the
        usage's lines, or `class_indexing`)."""
        if self.class_indexing:
            return dict(self.class_indexing)
        names = sorted({name for _, found in self._parse() for name in found})
        return {name: index for index, name in enumerate(names)}

    def num_classes(self):
        """`ManifestDataset.num_classes`: how many label names."""
        return len(self.get_class_indexing())

    def _list(self):
        if self._files is None:
            indexing = self.get_class_indexing()
            files = []
            for source, names in self._parse():
                labels = [indexing[n] for n in names]
                files.append((source, labels[0] if len(labels) == 1 else labels))
            if not files:
                raise pipeline_error("Invalid data, no valid data matching the dataset API "
                                     "ManifestDataset. Please check file path or dataset API.",
                                     "ManifestDataset")
            self._files = files
        return self._files

    def class_labels(self, class_column):
        """Each image's first label (PKSampler)."""
        return np.array([np.atleast_1d(label)[0] for _, label in self._list()], np.int64)
