"""MindSpore 2.10's VOCDataset, CocoDataset and CelebADataset on small folders written in the
real formats (generated here, deterministic): each task's columns, dtypes, shapes and values (an
image by its shape and the SHA-256 of its bytes), dataset sizes, class indexing, and bad input.
Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_detection_probe.py \\
        | grep " -> " > tests/goldens/dataset/detection_probe.txt
"""
import hashlib
import io
import json
import os
import tempfile

import numpy as np
from PIL import Image

import mindspore.dataset as ds

ROOT = tempfile.mkdtemp()


def image_bytes(seed, size=(6, 8), fmt="JPEG", mode="RGB"):
    rng = np.random.default_rng(seed)
    shape = (size[0], size[1], 3) if mode == "RGB" else size
    out = io.BytesIO()
    Image.fromarray(rng.integers(0, 255, shape, dtype=np.uint8), mode).save(out, format=fmt)
    return out.getvalue()


def write(path, data):
    os.makedirs(os.path.dirname(path), exist_ok=True)
    with open(path, "wb" if isinstance(data, bytes) else "w") as file:
        file.write(data)


VOC_OBJECTS = {  # MindSpore refuses boxes without xmin > 0, ymin > 0, xmax > xmin, ymax > ymin
    "a": [("dog", 0, 0, (1, 2, 5, 6)), ("cat", 1, 0, (1, 1, 3, 4))],
    "b": [("person", 0, 1, (2, 1, 7, 5))],
    "c": [("cat", 0, 0, (1, 1, 2, 2)), ("dog", 0, 0, (3, 3, 6, 5)), ("bird", 1, 1, (2, 2, 4, 5))],
}


def make_voc():
    root = os.path.join(ROOT, "voc")
    for i, (name, objects) in enumerate(VOC_OBJECTS.items()):
        write(os.path.join(root, "JPEGImages", f"{name}.jpg"), image_bytes(i))
        palette = Image.new("P", (8, 6))
        palette.putdata([(x + y + i) % 3 for y in range(6) for x in range(8)])
        out = io.BytesIO()
        palette.save(out, format="PNG")
        write(os.path.join(root, "SegmentationClass", f"{name}.png"), out.getvalue())
        parts = "".join(
            f"<object><name>{cls}</name><pose>Unspecified</pose><truncated>{trunc}</truncated>"
            f"<difficult>{diff}</difficult><bndbox><xmin>{b[0]}</xmin><ymin>{b[1]}</ymin>"
            f"<xmax>{b[2]}</xmax><ymax>{b[3]}</ymax></bndbox></object>"
            for cls, diff, trunc, b in objects)
        write(os.path.join(root, "Annotations", f"{name}.xml"),
              f"<annotation><filename>{name}.jpg</filename><size><width>8</width>"
              f"<height>6</height><depth>3</depth></size>{parts}</annotation>")
    write(os.path.join(root, "ImageSets", "Main", "train.txt"), "a\nb\nc\n")
    write(os.path.join(root, "ImageSets", "Main", "val.txt"), "c\n")
    write(os.path.join(root, "ImageSets", "Segmentation", "train.txt"), "a\nc\n")
    write(os.path.join(root, "Annotations", "bad.xml"),
          "<annotation><object><name>dog</name><bndbox><xmin>0</xmin><ymin>1</ymin><xmax>3</xmax>"
          "<ymax>4</ymax></bndbox></object></annotation>")
    write(os.path.join(root, "ImageSets", "Main", "bad.txt"), "a\nbad\n")
    return root


def make_coco():
    root = os.path.join(ROOT, "coco")
    images = [{"id": 7, "file_name": "x.jpg", "height": 6, "width": 8},
              {"id": 3, "file_name": "y.jpg", "height": 6, "width": 8},
              {"id": 5, "file_name": "z.jpg", "height": 6, "width": 8}]
    for i, record in enumerate(images):
        write(os.path.join(root, "images", record["file_name"]), image_bytes(10 + i))
    keypoints = [float(k % 7) for k in range(51)]
    detection = {
        "images": images,
        "annotations": [
            {"id": 1, "image_id": 7, "category_id": 2, "bbox": [1.0, 2.0, 3.5, 4.0], "iscrowd": 0,
             "area": 14.0, "segmentation": [[1.0, 2.0, 4.5, 2.0, 4.5, 6.0]],
             "keypoints": keypoints, "num_keypoints": 17},
            {"id": 2, "image_id": 7, "category_id": 1, "bbox": [0.0, 0.0, 2.0, 2.0], "iscrowd": 1,
             "area": 4.0, "segmentation": [[0.0, 0.0, 2.0, 0.0, 2.0, 2.0, 0.0, 2.0]],
             "keypoints": keypoints[::-1], "num_keypoints": 3},
            {"id": 3, "image_id": 3, "category_id": 3, "bbox": [2.0, 1.0, 1.0, 1.0], "iscrowd": 0,
             "area": 1.0, "segmentation": [[2.0, 1.0, 3.0, 1.0, 3.0, 2.0]],
             "keypoints": keypoints, "num_keypoints": 1}],
        "categories": [{"id": 1, "name": "cat", "supercategory": "animal"},
                       {"id": 2, "name": "dog", "supercategory": "animal"},
                       {"id": 3, "name": "car", "supercategory": "vehicle"}]}
    write(os.path.join(root, "detection.json"), json.dumps(detection))
    panoptic = {"images": images, "categories": [
        {"id": 1, "name": "cat", "supercategory": "animal", "isthing": 1},
        {"id": 2, "name": "sky", "supercategory": "stuff", "isthing": 0}],
        "annotations": [{"image_id": 7, "file_name": "x.png", "segments_info": [
            {"id": 11, "category_id": 1, "iscrowd": 0, "bbox": [1, 1, 2, 3], "area": 6},
            {"id": 12, "category_id": 2, "iscrowd": 1, "bbox": [0, 0, 8, 2], "area": 16}]},
            {"image_id": 3, "file_name": "y.png", "segments_info": [
                {"id": 13, "category_id": 2, "iscrowd": 0, "bbox": [0, 0, 8, 6], "area": 48}]}]}
    stuff = dict(detection, annotations=[dict(a) for a in detection["annotations"]])
    stuff["annotations"][1]["segmentation"] = {"counts": [3, 5, 2, 9, 1], "size": [6, 8]}
    write(os.path.join(root, "stuff.json"), json.dumps(stuff))
    write(os.path.join(root, "panoptic.json"), json.dumps(panoptic))
    captions = {"images": images, "annotations": [
        {"id": 1, "image_id": 7, "caption": "a dog"},
        {"id": 2, "image_id": 7, "caption": "a small dog"},
        {"id": 3, "image_id": 5, "caption": "nothing at all"}]}
    write(os.path.join(root, "captions.json"), json.dumps(captions))
    return root


def make_celeba():
    root = os.path.join(ROOT, "celeba")
    names = [f"{i:06d}.jpg" for i in range(1, 6)]
    for i, name in enumerate(names):
        write(os.path.join(root, name), image_bytes(20 + i))
    attributes = ["5_o_Clock_Shadow", "Arched_Eyebrows", "Attractive", "Bald"]
    lines = [str(len(names)), " ".join(attributes)]
    for i, name in enumerate(names):
        values = ["1" if (i + k) % 2 else "-1" for k in range(len(attributes))]
        lines.append(name + "  " + " ".join(values))
    write(os.path.join(root, "list_attr_celeba.txt"), "\n".join(lines) + "\n")
    write(os.path.join(root, "list_eval_partition.txt"),
          "".join(f"{name} {[0, 0, 1, 2, 0][i]}\n" for i, name in enumerate(names)))
    return root


def value(array):
    array = np.asarray(array)
    if array.dtype == np.uint8 and array.size > 16:
        return [str(array.dtype), list(array.shape), hashlib.sha256(array.tobytes()).hexdigest()[:16]]
    if array.dtype.kind in "SU":
        return [str(array.dtype), list(array.shape), array.tolist() if array.dtype.kind == "U"
                else [v.decode() for v in array.reshape(-1)]]
    return [str(array.dtype), list(array.shape), array.tolist()]


def show(label, dataset):
    try:
        rows = [{k: value(v) for k, v in row.items()}
                for row in dataset.create_dict_iterator(output_numpy=True, num_epochs=1)]
        print(f"{label} columns ->", dataset.get_col_names())
        print(f"{label} size ->", dataset.get_dataset_size())
        for i, row in enumerate(rows):
            print(f"{label} row {i} ->", json.dumps(row, sort_keys=True))
    except Exception as exc:  # pylint: disable=broad-except
        print(f"{label} error ->", type(exc).__name__, _sentence(exc))


def _sentence(exc):
    text = " ".join(str(exc).replace(ROOT, "<root>").split())
    if "[ERROR] " in text:
        text = text.split("[ERROR] ", 1)[1]
    return text.split(" ---")[0]


def error(label, call):
    try:
        call()
        print(f"{label} error -> none")
    except Exception as exc:  # pylint: disable=broad-except
        print(f"{label} error ->", type(exc).__name__, _sentence(exc))


def main():
    voc, coco, celeba = make_voc(), make_coco(), make_celeba()
    show("voc detection", ds.VOCDataset(voc, task="Detection", usage="train", shuffle=False))
    show("voc detection decode", ds.VOCDataset(voc, task="Detection", usage="val", shuffle=False,
                                               decode=True))
    dataset = ds.VOCDataset(voc, task="Detection", usage="train", shuffle=False,
                            class_indexing={"cat": 0, "dog": 5, "person": 9, "bird": 3})
    show("voc detection indexing", dataset)
    print("voc class indexing ->", json.dumps(dataset.get_class_indexing(), sort_keys=True))
    print("voc default class indexing ->", json.dumps(ds.VOCDataset(
        voc, task="Detection", usage="train").get_class_indexing(), sort_keys=True))
    show("voc segmentation", ds.VOCDataset(voc, task="Segmentation", usage="train",
                                           shuffle=False))
    show("voc segmentation decode", ds.VOCDataset(voc, task="Segmentation", usage="train",
                                                  shuffle=False, decode=True))
    show("voc extra metadata", ds.VOCDataset(voc, task="Detection", usage="val", shuffle=False,
                                             extra_metadata=True))
    images = os.path.join(coco, "images")
    for task, annotation in (("Detection", "detection"), ("Stuff", "stuff"),
                             ("Keypoint", "detection"), ("Panoptic", "panoptic"),
                             ("Captioning", "captions")):
        show(f"coco {task}", ds.CocoDataset(images, os.path.join(coco, f"{annotation}.json"),
                                            task=task, shuffle=False))
    dataset = ds.CocoDataset(images, os.path.join(coco, "detection.json"), shuffle=False,
                             decode=True, extra_metadata=True)
    show("coco detection decode metadata", dataset)
    print("coco metadata file names ->", [str(row["name"]) for row in dataset.rename(
        "_meta-filename", "name").create_dict_iterator(num_epochs=1, output_numpy=True)])
    print("coco class indexing ->", json.dumps(ds.CocoDataset(
        images, os.path.join(coco, "detection.json")).get_class_indexing()))
    print("coco panoptic class indexing ->", json.dumps(ds.CocoDataset(
        images, os.path.join(coco, "panoptic.json"), task="Panoptic").get_class_indexing()))
    for usage in ("all", "train", "valid", "test"):
        show(f"celeba {usage}", ds.CelebADataset(celeba, usage=usage, shuffle=False))
    show("celeba decode", ds.CelebADataset(celeba, usage="test", shuffle=False, decode=True))
    show("voc invalid box", ds.VOCDataset(voc, task="Detection", usage="bad", shuffle=False))
    error("voc bad task", lambda: ds.VOCDataset(voc, task="Nope"))
    error("voc missing usage", lambda: ds.VOCDataset(voc, task="Detection", usage="nope"))
    error("voc segmentation indexing", lambda: ds.VOCDataset(
        voc, task="Segmentation", usage="train", class_indexing={"cat": 1}))
    error("voc missing dir", lambda: ds.VOCDataset(os.path.join(ROOT, "none"), task="Detection"))
    error("coco bad task", lambda: ds.CocoDataset(images, os.path.join(coco, "detection.json"),
                                                  task="Nope"))
    error("coco missing annotation", lambda: ds.CocoDataset(images, os.path.join(coco, "none")))
    error("celeba bad usage", lambda: ds.CelebADataset(celeba, usage="nope"))
    show("coco Stuff with a polygon where counts belong",
         ds.CocoDataset(images, os.path.join(coco, "detection.json"), task="Stuff"))
    error("coco PKSampler", lambda: ds.CocoDataset(images, os.path.join(coco, "detection.json"),
                                                   sampler=ds.PKSampler(1)))


if __name__ == "__main__":
    main()
