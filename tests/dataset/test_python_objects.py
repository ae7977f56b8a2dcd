"""Python dicts in a pipeline (MindSpore's "Python object" columns, the python_objects tutorial):
kept by reference, given as dicts to map functions, batched key by key, grouped into lists for
per_batch_map, converted value by value by the iterators. Expected values: MindSpore 2.10's
output of the tutorial page (tests/goldens/tutorials/python_objects.out)."""
import numpy as np
import pytest

import msjax.dataset as ds
from msjax._src.core.tensor import Tensor


def _rows(dataset, output_numpy=True):
    return list(dataset.create_dict_iterator(num_epochs=1, output_numpy=output_numpy))


def test_a_source_dict_is_handed_out_with_its_values_as_arrays():
    def source():
        for i in range(3):
            yield {"number": i, "square": i ** 2}, i
    rows = _rows(ds.GeneratorDataset(source, ["col1", "col2"]))
    assert repr(rows[2]) == "{'col1': {'number': array(2), 'square': array(4)}, 'col2': array(2, dtype=int64)}"


def test_map_functions_are_given_the_dict_and_may_return_one():
    def source():
        for i in range(3):
            yield {"nested": {"powers": np.power(i, [1, 2, 3])}}, i

    def pick(col1):
        assert isinstance(col1, dict)
        return col1["nested"]
    data = ds.GeneratorDataset(source, ["col1", "col2"]).map(pick, input_columns=["col1"])
    assert [r["col1"]["powers"].tolist() for r in _rows(data)] == [[0, 0, 0], [1, 1, 1], [2, 4, 8]]
    batched = _rows(data.batch(3))
    assert batched[0]["col1"]["powers"].tolist() == [[0, 0, 0], [1, 1, 1], [2, 4, 8]]
    assert batched[0]["col2"].tolist() == [0, 1, 2]


def test_per_batch_map_may_return_dicts_kept_as_they_are():
    def per_batch(col1, info):
        return {"original": col1, "index": np.arange(3)}, {"copied": col1}
    data = ds.GeneratorDataset(lambda: iter(range(6)), ["col1"]).batch(
        3, per_batch_map=per_batch, output_columns=["col1", "col2"])
    rows = _rows(data)
    assert repr(rows[1]) == ("{'col1': {'original': [array(3), array(4), array(5)], 'index': array([0, 1, 2])}, "
                             "'col2': {'copied': [array(3), array(4), array(5)]}}")


def test_per_batch_map_is_given_a_dict_column_as_one_dict_of_lists():
    seen = []

    def per_batch(col1, info):
        seen.append(col1)
        return (col1["a"],)
    data = ds.GeneratorDataset(lambda: ({"a": i} for i in range(2)), ["col1"]).batch(2, per_batch_map=per_batch)
    _rows(data)
    assert list(seen[0]) == ["a"] and [int(v) for v in seen[0]["a"]] == [0, 1]


@pytest.mark.parametrize("output_numpy, kind", [(True, np.ndarray), (False, Tensor)])
def test_iterators_convert_dict_values(output_numpy, kind):
    data = ds.GeneratorDataset(lambda: (({"x": np.array(i), "s": "a"}, i) for i in range(2)), ["col1", "col2"])
    row = _rows(data, output_numpy)[1]
    assert isinstance(row["col1"]["x"], kind) and int(row["col1"]["x"]) == 1
    assert isinstance(row["col1"]["s"], np.ndarray)  # strings stay NumPy arrays


def test_a_dict_returned_by_a_map_is_converted_by_the_tuple_iterator_too():
    data = ds.GeneratorDataset(lambda: ({"my_data": np.array(i)} for i in range(2)), ["col1"])
    assert repr(list(data)[1]) == "[{'my_data': Tensor(shape=[], dtype=Int64, value= 1)}]"
    flat = data.map(lambda d: tuple(d.values()), input_columns=["col1"], output_columns=["my_data"])
    assert repr(list(flat)[1]) == "[Tensor(shape=[], dtype=Int64, value= 1)]"
