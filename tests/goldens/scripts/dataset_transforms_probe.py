"""MindSpore 2.10 goldens for mindspore.dataset.vision / transforms / text, each transform called
directly on one array (eager), and the same transforms inside a pipeline's ``map``.

Each case prints ``label -> JSON``: {"dtype", "shape", "values"} of the result (a list of them for
transforms returning several columns), or {"error": type, "message"}. Regenerate with::

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/dataset_transforms_probe.py \
        | grep " -> " > tests/goldens/dataset/transforms_probe.txt

tests/dataset/test_transforms.py runs the same cases on msjax (interpolating resizes may differ by
one grey level, as the issue allows).
"""
import io
import json

import numpy as np

import mindspore as ms
import mindspore.dataset as ds
import mindspore.dataset.text as text
import mindspore.dataset.transforms as T
import mindspore.dataset.vision as V

IMAGE = ((np.arange(6 * 8 * 3).reshape(6, 8, 3) * 37) % 256).astype(np.uint8)
SMOOTH = (np.add.outer(np.arange(10) * 20, np.arange(12) * 9)[..., None] + np.array([0, 30, 60])).clip(0, 255).astype(np.uint8)
GRAY = IMAGE[..., 0]
FLOAT_IMAGE = IMAGE.astype(np.float32) / 255
LABEL = np.array(3, np.int32)


def png_bytes():
    from PIL import Image
    out = io.BytesIO()
    Image.fromarray(IMAGE).save(out, format="PNG")
    return np.frombuffer(out.getvalue(), np.uint8)


def result_json(value):
    if isinstance(value, (tuple, list)) and not isinstance(value, np.ndarray):
        return [result_json(v) for v in value]
    if type(value).__module__.startswith("PIL"):
        return {"pil": value.mode, "size": list(value.size), "values": np.asarray(value).tolist()}
    array = np.asarray(value)
    if array.dtype.kind in "US":
        return {"dtype": "str", "shape": list(array.shape), "values": array.astype(str).tolist()}
    values = array.tolist()
    if array.dtype.kind == "f":
        values = np.round(array.astype(np.float64), 5).tolist()
    return {"dtype": str(array.dtype), "shape": list(array.shape), "values": values}


def in_pipeline(operations, data=IMAGE):
    dataset = ds.NumpySlicesDataset({"x": data[None]}, shuffle=False).map(operations, ["x"])
    return next(dataset.create_tuple_iterator(output_numpy=True))[0]


CASES = {
    "Resize bilinear": lambda: V.Resize((4, 5))(SMOOTH),
    "Resize bilinear up": lambda: V.Resize((13, 15))(SMOOTH),
    "Resize nearest": lambda: V.Resize((4, 5), V.Inter.NEAREST)(IMAGE),
    "Resize nearest up": lambda: V.Resize((9, 11), V.Inter.NEAREST)(IMAGE),
    "Resize bicubic": lambda: V.Resize((7, 9), V.Inter.BICUBIC)(SMOOTH),
    "Resize area": lambda: V.Resize((5, 6), V.Inter.AREA)(SMOOTH),
    "Resize pilcubic": lambda: V.Resize((7, 9), V.Inter.PILCUBIC)(SMOOTH),
    "Resize shorter side": lambda: V.Resize(4)(SMOOTH),
    "Resize gray": lambda: V.Resize((4, 5))(SMOOTH[..., 0]),
    "Resize float": lambda: V.Resize((4, 5))(SMOOTH.astype(np.float32)),
    "Resize in pipeline": lambda: in_pipeline(V.Resize((4, 5)), SMOOTH),
    "CenterCrop": lambda: V.CenterCrop((3, 4))(IMAGE),
    "CenterCrop int": lambda: V.CenterCrop(4)(IMAGE),
    "CenterCrop larger": lambda: V.CenterCrop((8, 10))(IMAGE),
    "Crop": lambda: V.Crop((1, 2), (3, 4))(IMAGE),
    "Rescale": lambda: V.Rescale(1.0 / 255.0, -0.5)(IMAGE),
    "Normalize": lambda: V.Normalize(mean=[121.0, 115.0, 100.0], std=[70.0, 68.0, 71.0])(IMAGE),
    "Normalize chw": lambda: V.Normalize(mean=[0.5, 0.4, 0.3], std=[0.2, 0.2, 0.2], is_hwc=False)(FLOAT_IMAGE.transpose(2, 0, 1)),
    "Normalize gray": lambda: V.Normalize(mean=[100.0], std=[50.0])(GRAY[..., None]),
    "HWC2CHW": lambda: V.HWC2CHW()(IMAGE),
    "HWC2CHW gray": lambda: V.HWC2CHW()(GRAY),
    "HorizontalFlip": lambda: V.HorizontalFlip()(IMAGE),
    "VerticalFlip": lambda: V.VerticalFlip()(IMAGE),
    "RandomHorizontalFlip always": lambda: V.RandomHorizontalFlip(1.0)(IMAGE),
    "RandomHorizontalFlip never": lambda: V.RandomHorizontalFlip(0.0)(IMAGE),
    "RandomVerticalFlip always": lambda: V.RandomVerticalFlip(1.0)(IMAGE),
    "Pad constant": lambda: V.Pad(1, fill_value=7)(IMAGE[:3, :3]),
    "Pad edge": lambda: V.Pad([1, 2], padding_mode=V.Border.EDGE)(IMAGE[:3, :3]),
    "Pad reflect": lambda: V.Pad([1, 0, 2, 1], padding_mode=V.Border.REFLECT)(IMAGE[:3, :3]),
    "Pad symmetric": lambda: V.Pad(2, padding_mode=V.Border.SYMMETRIC)(IMAGE[:3, :3]),
    "RandomCrop full": lambda: V.RandomCrop((6, 8))(IMAGE),
    "RandomCrop padded shape": lambda: V.RandomCrop((6, 8), padding=4)(IMAGE).shape,
    "RandomCrop pad_if_needed shape": lambda: V.RandomCrop((7, 9), pad_if_needed=True)(IMAGE).shape,
    "RandomResizedCrop shape": lambda: V.RandomResizedCrop((5, 4))(IMAGE).shape,
    "RandomRotation zero": lambda: V.RandomRotation((0, 0))(IMAGE),
    "RandomRotation shape": lambda: V.RandomRotation(30)(IMAGE).shape,
    "RandomColorAdjust identity": lambda: V.RandomColorAdjust()(IMAGE),
    "RandomColorAdjust brightness": lambda: V.RandomColorAdjust(brightness=(1.5, 1.5))(IMAGE),
    "RandomColorAdjust contrast": lambda: V.RandomColorAdjust(contrast=(0.5, 0.5))(IMAGE),
    "RandomColorAdjust saturation": lambda: V.RandomColorAdjust(saturation=(0.0, 0.0))(IMAGE),
    "ToTensor": lambda: V.ToTensor()(IMAGE),
    "ToTensor gray": lambda: V.ToTensor()(GRAY),
    "ToPIL": lambda: V.ToPIL()(IMAGE),
    "Decode": lambda: V.Decode()(png_bytes()),
    "Decode to_pil": lambda: V.Decode(to_pil=True)(png_bytes()),
    "Grayscale": lambda: V.Grayscale()(V.ToPIL()(IMAGE)),
    "Rgb2Gray via ConvertColor": lambda: V.ConvertColor(V.ConvertMode.COLOR_RGB2GRAY)(IMAGE),
    "Invert": lambda: V.Invert()(IMAGE),
    "RandomCropDecodeResize shape": lambda: V.RandomCropDecodeResize((4, 4))(png_bytes()).shape,
    "pipeline compose": lambda: in_pipeline([V.Rescale(1 / 255, 0), V.Normalize([0.5] * 3, [0.25] * 3), V.HWC2CHW()]),
    "AutoContrast": lambda: V.AutoContrast()(SMOOTH),
    "AutoContrast cutoff": lambda: V.AutoContrast(cutoff=10.0)(IMAGE),
    "Equalize": lambda: V.Equalize()(SMOOTH),
    "RandomSharpness fixed": lambda: V.RandomSharpness((0.5, 0.5))(SMOOTH),
    "RandomColor fixed": lambda: V.RandomColor((0.3, 0.3))(IMAGE),
    "RandomPosterize fixed": lambda: V.RandomPosterize((3, 3))(IMAGE),
    "RandomSolarize fixed": lambda: V.RandomSolarize((100, 100))(IMAGE),
    "RandomGrayscale always": lambda: V.RandomGrayscale(1.0)(V.ToPIL()(IMAGE)),
    "CutOut shape": lambda: V.CutOut(2)(IMAGE).shape,
    "TypeCast": lambda: T.TypeCast(ms.int32)(np.array([1.7, -2.2], np.float32)),
    "TypeCast numpy dtype": lambda: T.TypeCast(np.float16)(np.array([1, 2], np.int64)),
    "OneHot": lambda: T.OneHot(5)(LABEL),
    "OneHot vector": lambda: T.OneHot(4)(np.array([0, 3, 1], np.int64)),
    "OneHot smoothing": lambda: T.OneHot(4, smoothing_rate=0.2)(np.array(1, np.int32)),
    "Fill": lambda: T.Fill(9)(np.array([1, 2, 3], np.int32)),
    "Duplicate": lambda: T.Duplicate()(np.array([1, 2], np.int32)),
    "Concatenate": lambda: T.Concatenate(0, np.array([0], np.int32), np.array([9, 9], np.int32))(np.array([1, 2], np.int32)),
    "PadEnd": lambda: T.PadEnd([5], pad_value=-1)(np.array([1, 2, 3], np.int32)),
    "PadEnd 2d": lambda: T.PadEnd([2, 3], 0)(np.array([[1, 2]], np.int64)),
    "Slice": lambda: T.Slice(slice(1, 3))(np.array([4, 5, 6, 7], np.int32)),
    "Compose": lambda: T.Compose([V.HWC2CHW(), T.TypeCast(ms.float32)])(IMAGE[:2, :2]),
    "Compose in pipeline": lambda: in_pipeline(T.Compose([V.CenterCrop(4), V.HWC2CHW()])),
    "RandomApply always": lambda: T.RandomApply([V.HorizontalFlip()], prob=1.0)(IMAGE),
    "RandomChoice one": lambda: T.RandomChoice([V.VerticalFlip()])(IMAGE),
    "text Vocab Lookup": lambda: text.Lookup(text.Vocab.from_list(["a", "b", "c"], special_tokens=["<unk>"]), "<unk>")(np.array(["b", "zz", "a"])),
    "text Vocab ids": lambda: text.Vocab.from_list(["a", "b"], special_tokens=["<pad>"], special_first=True).tokens_to_ids(["a", "b", "<pad>", "q"]),
    "text Vocab from_dict": lambda: text.Vocab.from_dict({"x": 3, "y": 5}).vocab(),
    "text Lookup in pipeline": lambda: in_pipeline(text.Lookup(text.Vocab.from_list(["x", "y"]), data_type=ms.int32), np.array([["y", "x"]])),
    # Bad input.
    "error HWC2CHW 4d": lambda: V.HWC2CHW()(np.zeros((1, 2, 3, 4), np.uint8)),
    "error Normalize channels": lambda: V.Normalize([1.0, 2.0, 3.0], [1.0, 1.0, 1.0])(np.zeros((4, 4, 2), np.uint8)),
    "error Normalize chw layout": lambda: V.Normalize([1.0, 2.0, 3.0], [1.0, 1.0, 1.0])(np.zeros((3, 4, 4), np.uint8)),
    "error Resize 1d": lambda: V.Resize((2, 2))(np.zeros((5,), np.uint8)),
    "error Resize size": lambda: V.Resize((0, 2)),
    "error CenterCrop size": lambda: V.CenterCrop(-1),
    "error Normalize std": lambda: V.Normalize([1.0], [0.0]),
    "error Decode not image": lambda: V.Decode()(np.array([1, 2, 3], np.uint8)),
    "error OneHot float": lambda: T.OneHot(3)(np.array(1.5, np.float32)),
    "error map layout in pipeline": lambda: in_pipeline(V.HWC2CHW(), np.zeros((1, 2, 3, 4), np.uint8)),
    "error Rescale type": lambda: V.Rescale("a", 0),
    "error Lookup no unknown": lambda: text.Lookup(text.Vocab.from_list(["a"]))(np.array(["b"])),
}


def main():
    for label, case in CASES.items():
        try:
            result = result_json(case())
        except Exception as error:  # pylint: disable=broad-except
            message = " ".join(str(error).split())
            result = {"error": type(error).__name__, "message": message}
        print(f"{label} -> {json.dumps(result)}", flush=True)


if __name__ == "__main__":
    main()
