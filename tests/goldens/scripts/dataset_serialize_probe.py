"""mindspore.dataset.serialize / deserialize / Dataset.to_json / show / compare: the JSON MindSpore
writes for pipelines of ImageFolderDataset, MindDataset, GeneratorDataset and NumpySlicesDataset,
their samplers, map with vision and transforms ops, batch, shuffle, repeat, project, rename,
concat, zip, take, skip and filter; pipelines read back from a file, a dict and MindSpore's own
JSON (the same rows); and the errors of what cannot be read back. One `label -> result` line per
case (the scratch folder written as <ROOT>)."""
import json
import os
import tempfile

import numpy as np


def write_data(root):
    """Two classes of two small JPEG images, and a MindRecord file."""
    from PIL import Image
    from mindspore.mindrecord import FileWriter
    for label, cls in enumerate(("a", "b")):
        os.makedirs(f"{root}/img/{cls}")
        for i in range(2):
            Image.fromarray(np.full((4, 5, 3), 40 * i + 100 * label, np.uint8)).save(
                f"{root}/img/{cls}/{i}.jpg")
    writer = FileWriter(f"{root}/m.mindrecord", 1)
    writer.add_schema({"x": {"type": "int32"}}, "s")
    writer.write_raw_data([{"x": i} for i in range(4)])
    writer.commit()


# A pipeline as msjax's serialize wrote it (with <ROOT> for the folder): MindSpore reads it too.
MSJAX_JSON = (
    '{"batch_size":3,"children":[{"callback":[],"children":[{"children":[],"class_indexing":{},'
    '"connector_queue_size":16,"dataset_dir":"<ROOT>/img","decode":false,"extensions":[],'
    '"num_parallel_workers":2,"op_type":"ImageFolderDataset","recursive":false,"sampler":'
    '{"num_samples":0,"sampler_name":"SequentialSampler","start_index":0}}],'
    '"connector_queue_size":16,"input_columns":["image"],"num_parallel_workers":2,"op_type":"Map",'
    '"operations":[{"tensor_op_name":"Decode","tensor_op_params":{"device_target":"CPU",'
    '"rgb":true}},{"tensor_op_name":"Resize","tensor_op_params":{"device_target":"CPU",'
    '"interpolation":0,"size":[2,3]}},{"tensor_op_name":"HwcToChw","tensor_op_params":null}],'
    '"output_columns":["image"]}],"connector_queue_size":16,"drop_remainder":false,'
    '"input_columns":[],"num_parallel_workers":2,"op_type":"Batch","output_columns":[]}')


def main():
    import mindspore.dataset as ds
    import mindspore.dataset.transforms as transforms
    import mindspore.dataset.vision as vision
    from mindspore import dtype as mstype
    from mindspore.dataset.vision import Border, Inter

    import multiprocessing
    print(f"default workers are the CPUs up to 8 -> "
          f"{ds.config.get_num_parallel_workers() == min(8, multiprocessing.cpu_count())}")
    ds.config.set_num_parallel_workers(2)  # MindSpore's default is the machine's CPU count, up to 8
    ds.config.set_seed(5489)  # a DistributedSampler writes (and shuffles with) get_seed() + 1
    root = tempfile.mkdtemp()
    write_data(root)

    def images(**kwargs):
        return ds.ImageFolderDataset(f"{root}/img", **kwargs)

    def ordered():
        return images(shuffle=False)

    def text(value):
        return str(value).replace(root, "<ROOT>").replace("\n", "\\n")

    def case(label, make):
        try:
            print(f"{label} -> {text(json.dumps(ds.serialize(make()), sort_keys=True))}")
        except Exception as error:  # pylint: disable=broad-except
            print(f"{label} -> {type(error).__name__}: {text(error)}")

    def rows(dataset):
        return [[np.asarray(column).tolist() for column in row]
                for row in dataset.create_tuple_iterator(num_epochs=1, output_numpy=True)]

    def outcome(label, make):
        try:
            print(f"{label} -> {text(make())}")
        except Exception as error:  # pylint: disable=broad-except
            print(f"{label} -> {type(error).__name__}: {text(error)}")

    case("json imagefolder", images)
    case("json imagefolder_options", lambda: images(num_samples=3, shuffle=False, decode=True,
                                                    class_indexing={"a": 1, "b": 0}))
    case("json imagefolder_num_samples", lambda: images(extensions=[".JPG", ".png"], num_samples=2))
    case("json imagefolder_workers", lambda: images(shuffle=False, num_parallel_workers=1))
    case("json sampler_random", lambda: images(sampler=ds.RandomSampler(True, 2)))
    case("json sampler_distributed", lambda: images(num_shards=2, shard_id=1))
    case("json sampler_distributed_ordered", lambda: images(num_shards=2, shard_id=0, shuffle=False))
    case("json sampler_distributed_options", lambda: images(
        sampler=ds.DistributedSampler(3, 2, shuffle=False, num_samples=1, offset=1)))
    case("json sampler_subset_random", lambda: images(sampler=ds.SubsetRandomSampler([0, 2])))
    case("json sampler_subset", lambda: images(sampler=ds.SubsetSampler([0, 2])))
    case("json sampler_sequential", lambda: images(sampler=ds.SequentialSampler(1, 2)))
    case("json sampler_weighted", lambda: images(sampler=ds.WeightedRandomSampler([0.5, 0.5, 1, 1], 2)))
    case("json sampler_pk", lambda: images(sampler=ds.PKSampler(1)))
    case("json minddataset", lambda: ds.MindDataset(f"{root}/m.mindrecord"))
    case("json minddataset_options", lambda: ds.MindDataset(f"{root}/m.mindrecord", columns_list=["x"],
                                                            shuffle=False, num_samples=2))
    case("json numpy_slices", lambda: ds.NumpySlicesDataset(np.arange(4), column_names=["x"]))
    case("json generator", lambda: ds.GeneratorDataset([(np.array(1),)], ["x"]))
    case("json map", lambda: ordered().map([vision.Decode(), vision.Resize((2, 3)), vision.HWC2CHW()],
                                           input_columns="image"))
    case("json map_no_columns", lambda: ordered().map(vision.Decode()))
    case("json map_output_columns", lambda: ordered().map(vision.Decode(), input_columns=["image"],
                                                          output_columns=["a"]))
    case("json map_workers", lambda: ordered().map(vision.Decode(), input_columns=["image"],
                                                   num_parallel_workers=1))
    case("json map_python_function", lambda: ordered().map(lambda x: x, input_columns="label"))
    case("json batch", lambda: ordered().batch(2, drop_remainder=True))
    case("json batch_per_batch_map", lambda: ordered().batch(
        2, per_batch_map=lambda a, b, info: (a, b), input_columns=["image", "label"]))
    case("json shuffle", lambda: ordered().shuffle(4))
    case("json repeat", lambda: ordered().repeat(3))
    case("json repeat_forever", lambda: ordered().repeat())
    case("json project", lambda: ordered().project(["label"]))
    case("json rename", lambda: ordered().rename(["image"], ["img"]))
    case("json concat", lambda: ordered().concat(ordered()))
    case("json concat_three", lambda: ordered() + ordered().take(1) + ordered())
    case("json concat_generators", lambda: ds.GeneratorDataset([(np.array(1),)], ["x"]).concat(
        ds.GeneratorDataset([(np.array(2),)], ["x"])))
    def concat_using(sampler):
        both = ds.GeneratorDataset([(np.array(1),), (np.array(2),), (np.array(3),)], ["x"]).concat(
            ds.GeneratorDataset([(np.array(4),), (np.array(5),)], ["x"]))
        both.use_sampler(sampler)
        return both
    case("json concat_use_distributed", lambda: concat_using(ds.DistributedSampler(2, 1, shuffle=False)))
    case("json concat_use_distributed_offset",
         lambda: concat_using(ds.DistributedSampler(3, 0, shuffle=False, offset=1)))
    case("json concat_use_random", lambda: concat_using(ds.RandomSampler()))
    case("json zip", lambda: ds.zip((ordered(), ds.MindDataset(f"{root}/m.mindrecord", shuffle=False))))
    case("json take", lambda: ordered().take(2))
    case("json take_all", lambda: ordered().take(-1))
    case("json skip", lambda: ordered().skip(1))
    case("json filter", lambda: ordered().filter(lambda x: True, input_columns=["label"]))
    case("json pipeline", lambda: ordered().map(vision.Decode(), input_columns="image")
         .shuffle(3).batch(2).repeat(2))
    operations = {
        "Decode": vision.Decode(), "Resize": vision.Resize(3, Inter.BICUBIC),
        "Resize_area": vision.Resize([3, 4], Inter.AREA), "Resize_default": vision.Resize(3),
        "RandomCrop": vision.RandomCrop(2, padding=1, pad_if_needed=True, fill_value=(1, 2, 3),
                                        padding_mode=Border.EDGE),
        "RandomCrop_default": vision.RandomCrop(2),
        "RandomResizedCrop": vision.RandomResizedCrop(3, scale=(0.5, 1.0), ratio=(0.5, 2.0),
                                                      interpolation=Inter.NEAREST, max_attempts=5),
        "RandomVerticalFlip": vision.RandomVerticalFlip(),
        "RandomHorizontalFlip": vision.RandomHorizontalFlip(0.3),
        "Normalize": vision.Normalize([0.5] * 3, [0.2] * 3, is_hwc=False),
        "HWC2CHW": vision.HWC2CHW(), "CenterCrop": vision.CenterCrop([2, 3]),
        "Rescale": vision.Rescale(1 / 255, 0), "Pad": vision.Pad([1, 2], 3, Border.REFLECT),
        "RandomColorAdjust": vision.RandomColorAdjust(0.4, 0.4, 0.4, 0.1),
        "RandomRotation": vision.RandomRotation(30), "ToTensor": vision.ToTensor(),
        "CutOut": vision.CutOut(2, 1), "TypeCast": transforms.TypeCast(mstype.float32),
        "TypeCast_numpy": transforms.TypeCast(np.float16), "OneHot": transforms.OneHot(3, 0.1),
        "Duplicate": transforms.Duplicate(),
        "Compose": transforms.Compose([vision.Decode(), vision.HWC2CHW()]),
        "RandomApply": transforms.RandomApply([vision.RandomHorizontalFlip()], 0.4),
        "RandomChoice": transforms.RandomChoice([vision.HWC2CHW(), vision.RandomVerticalFlip()]),
    }
    for name, operation in operations.items():
        outcome(f"operation {name}", lambda: json.dumps(
            ds.serialize(ordered().map(operation, input_columns="image"))["operations"],
            sort_keys=True))
        rebuilt = ds.deserialize(input_dict=ds.serialize(ordered().map(operation,
                                                                       input_columns="image")))
        outcome(f"operation {name} read back", lambda: json.dumps(
            ds.serialize(rebuilt)["operations"], sort_keys=True))

    pipeline = ordered().map([vision.Decode(), vision.Resize((2, 3))], input_columns="image") \
        .batch(3).repeat(2)
    path = os.path.join(root, "pipeline.json")
    ds.serialize(pipeline, json_filepath=path)
    with open(path, encoding="utf-8") as file:
        outcome("file text", file.read)
    outcome("to_json equals serialize", lambda: pipeline.to_json() == ds.serialize(pipeline))
    outcome("rows", lambda: rows(pipeline))
    outcome("from file type", lambda: type(ds.deserialize(json_filepath=path)).__name__)
    outcome("from file rows", lambda: rows(ds.deserialize(json_filepath=path)))
    outcome("from file positional rows", lambda: rows(ds.deserialize(path)))
    outcome("from dict rows", lambda: rows(ds.deserialize(input_dict=ds.serialize(pipeline))))
    outcome("from dict columns", lambda: ds.deserialize(input_dict=ds.serialize(pipeline)).get_col_names())
    outcome("from dict size", lambda: ds.deserialize(input_dict=ds.serialize(pipeline)).get_dataset_size())
    outcome("from dict serialized again", lambda: ds.serialize(
        ds.deserialize(input_dict=ds.serialize(pipeline))) == ds.serialize(pipeline))
    outcome("from dict compare", lambda: ds.compare(ds.deserialize(input_dict=ds.serialize(pipeline)),
                                                    pipeline))
    outcome("compare", lambda: (ds.compare(ordered(), ordered()), ds.compare(ordered(), ordered().take(1))))
    outcome("msjax json rows", lambda: rows(ds.deserialize(
        input_dict=json.loads(MSJAX_JSON.replace("<ROOT>", root)))))
    outcome("class indexing read back", lambda: ds.deserialize(input_dict=ds.serialize(
        images(shuffle=False, class_indexing={"a": 1, "b": 0}))).get_class_indexing())
    outcome("project rename take skip concat zip rows", lambda: rows(ds.deserialize(input_dict=ds.serialize(
        ds.zip((ordered().project(["label"]).rename(["label"], ["l"]).skip(1).take(2)
                .concat(ordered().project(["label"]).rename(["label"], ["l"]).take(1)),
                ordered().project(["label"]))).repeat(2)))))
    outcome("distributed rows", lambda: rows(ds.deserialize(input_dict=ds.serialize(
        images(num_shards=2, shard_id=1).project(["label"])))))

    outcome("show", lambda: ds.show(ordered()))
    outcome("show no indentation", lambda: ds.show(ordered(), None))
    outcome("deserialize nothing", ds.deserialize)
    outcome("deserialize empty dict", lambda: ds.deserialize(input_dict={}))
    outcome("missing file is read when used", lambda: type(ds.deserialize("/nonexistent/p.json")).__name__)
    outcome("missing file", lambda: ds.deserialize(json_filepath="/nonexistent/p.json").get_col_names())
    outcome("json string is a file path", lambda: ds.deserialize(
        input_dict=json.dumps(ds.serialize(ordered()))).get_col_names())
    outcome("minddataset read back", lambda: ds.deserialize(
        input_dict=ds.serialize(ds.MindDataset(f"{root}/m.mindrecord"))).get_col_names())
    outcome("generator read back", lambda: ds.deserialize(
        input_dict=ds.serialize(ds.GeneratorDataset([(np.array(1),)], ["x"]))).get_col_names())
    outcome("python function read back", lambda: ds.deserialize(
        input_dict=ds.serialize(ordered().map(lambda x: x, input_columns="label"))).get_col_names())
    outcome("unknown operation type", lambda: ds.deserialize(
        input_dict={"op_type": "Nope", "children": []}).get_col_names())
    outcome("no children", lambda: ds.deserialize(input_dict={"op_type": "Repeat", "count": 2})
            .get_col_names())
    outcome("serialize to a missing folder", lambda: ds.serialize(ordered(), "/nonexistent/x/p.json"))
    def written(path):
        with open(path, encoding="utf-8") as file:
            return file.read()[:60]

    outcome("to_json file", lambda: (ordered().to_json(f"{root}/t.json"), written(f"{root}/t.json"))[1])
    outcome("to_json no extension", lambda: (ordered().to_json(f"{root}/t2"),
                                             os.path.exists(f"{root}/t2"))[1])


if __name__ == "__main__":
    main()
