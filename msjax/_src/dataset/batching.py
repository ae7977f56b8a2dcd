"""`Dataset.batch`, `padded_batch` and `bucket_batch_by_length`, on Grain's ``batch``."""
from __future__ import annotations

import numpy as np

from msjax._src.dataset.engine import (DATASET_KINDS, Dataset, MapDataset, _check_int,
                                       _column_list)
from msjax._src.dataset.rows import (call_user_function, dict_column, pipeline_error, python_dict,
                                     stack_column, stack_rows, to_array, user_code_error)

_INT32_MAX = 2 ** 31 - 1


def _check_batch_size(batch_size) -> int:
    """MindSpore's check of an int `batch_size`: True counts as 1; -1 passes here (MindSpore
    refuses it when the pipeline runs, wanting a batch sampler)."""
    if not isinstance(batch_size, int):
        raise TypeError("batch_size should either be an int or a callable.")
    if batch_size != -1:
        _check_int(int(batch_size), "batch_size", 1, _INT32_MAX)
    return int(batch_size)


class BatchInfo:
    """`mindspore.dataset.BatchInfo`: what `per_batch_map` is told about the current batch."""

    def __init__(self, batch_num, epoch_num, batch_size):
        self._batch_num = batch_num
        self._epoch_num = epoch_num
        self._batch_size = batch_size

    def get_batch_num(self):
        """The index of this batch in the epoch."""
        return self._batch_num

    def get_epoch_num(self):
        """The epoch this batch belongs to."""
        return self._epoch_num

    def get_batch_size(self):
        return self._batch_size


class BatchDataset(Dataset):
    """`mindspore.dataset.BatchDataset`: the result of `Dataset.batch`."""

    def __init__(self, child, batch_size, drop_remainder, num_parallel_workers, per_batch_map,
                 input_columns, output_columns):
        super().__init__([child], num_parallel_workers)
        if hasattr(child, "parse_in_batches"):  # TFRecordDataset: MindSpore parses batches
            child.parse_in_batches()
        # A callable batch_size(BatchInfo) gives each batch's size; get_batch_size() is then -1.
        self.batch_size_function = batch_size if callable(batch_size) else None
        if self.batch_size_function is None:
            batch_size = _check_batch_size(batch_size)
        self.batch_size = -1 if self.batch_size_function else batch_size
        if self.batch_size_function is None and batch_size != -1:
            for barrier in DATASET_KINDS["sync_barriers"](child).values():  # counts in batches
                barrier.scale(batch_size)
        if not isinstance(drop_remainder, bool):
            raise TypeError(f"Argument drop_remainder with value {drop_remainder} is not of type "
                            f"[<class 'bool'>], but got {type(drop_remainder)}.")
        self.drop_remainder = drop_remainder
        self.per_batch_map = per_batch_map
        self.input_columns = _column_list(input_columns, "input_columns")
        self.output_columns = _column_list(output_columns, "output_columns")

    def _columns(self):
        child_columns = self.children[0]._columns()
        if self.per_batch_map is None or not self.output_columns:
            return child_columns
        inputs = self.input_columns or child_columns
        kept = [c for c in child_columns if c not in inputs]
        return self.output_columns + kept

    def _check_per_batch_columns(self):
        """MindSpore's checks of `input_columns` and `output_columns` when the pipeline runs: the
        inputs exist, and no output names a column per_batch_map is not given."""
        child_columns = self.children[0]._columns()
        for name in self.input_columns or []:
            if name not in child_columns:
                raise pipeline_error(f"Invalid input_columns, '{name}' of 'input_columns' doesn't "
                                     f"exist.", "batch")
        if self.per_batch_map is None or not self.output_columns or not self.input_columns:
            return
        stray = [c for c in self.output_columns
                 if c in child_columns and c not in self.input_columns]
        if stray:
            listed = "".join(f"{c}," for c in stray)
            outputs = "".join(f"{c}," for c in self.output_columns)
            raise pipeline_error(f"Invalid output_columns, columns that are not involved in "
                                 f"'per_batch_map' should not be in output_columns, but got "
                                 f"columns that are not in input_columns: [{listed}], "
                                 f"output_columns: [{outputs}].", "batch")

    def _batch_function(self, plan):
        if self.per_batch_map is None:
            return stack_rows
        child_columns = self.children[0]._columns()
        inputs = self.input_columns or child_columns
        positions = [child_columns.index(c) for c in inputs]
        others = [i for i in range(len(child_columns)) if i not in positions]
        per_batch_map, batch_size, epoch = self.per_batch_map, self.batch_size, plan.iterator_epoch

        def batch_with_map(rows, batch_num):
            info = BatchInfo(batch_num, epoch, batch_size)
            columns = [_per_batch_column([row[i] for row in rows]) for i in positions]
            result = call_user_function(per_batch_map, (*columns, info),
                                        "batch operation: [per_batch_map]")
            result = result if isinstance(result, tuple) else (result,)
            expected = len(self.output_columns or inputs)
            if len(result) != expected:
                raise pipeline_error(f"Invalid per_batch_map, the number of columns returned in "
                                     f"'per_batch_map' function should be {expected} , but got: "
                                     f"{len(result)}", "batch")
            mapped = [_batch_column(column, i) for i, column in enumerate(result)]
            for name, column in zip(self.output_columns or inputs, mapped):
                if isinstance(column, dict) or column.ndim == 0:  # the batch's value as it is
                    continue
                if len(column) != len(rows):
                    raise pipeline_error(f"Invalid data, column: {name} expects: {len(rows)} rows "
                                         f"returned from 'per_batch_map', got: "
                                         f"{len(column) if column.ndim else 0}", "batch")
            mapped = [dict_column(c) if isinstance(c, dict) else c for c in mapped]
            rest = [stack_column([row[i] for row in rows], i) for i in others]
            if self.output_columns:
                return tuple(mapped + rest)
            merged = [None] * len(child_columns)
            for position, column in zip(positions, mapped):
                merged[position] = column
            for position, column in zip(others, rest):
                merged[position] = column
            return tuple(merged)

        return batch_with_map

    def _build(self, plan):
        if self.batch_size == -1 and self.batch_size_function is None:
            raise pipeline_error("Batch size cannot be -1 without using batch sampler.", "batch")
        self._check_per_batch_columns()
        if self.per_batch_map is None and self.batch_size_function is None \
                and type(self) is BatchDataset:  # pylint: disable=unidiomatic-typecheck
            batched = self._build_batched_map(plan)
            if batched is not None:
                return batched
        parent = self.children[0]._build(plan)
        batch_function = self._batch_function(plan)
        if self.batch_size_function is not None:
            from msjax._src.dataset.grain_iter import GroupingIterDataset  # pylint: disable=import-outside-toplevel
            if self.per_batch_map is not None:  # groups are made one after another: numbered so
                numbers, numbered = iter(range(2 ** 62)), batch_function
                batch_function = lambda rows: numbered(rows, next(numbers))  # pylint: disable=unnecessary-lambda-assignment
            return GroupingIterDataset(plan.to_iter(parent), self._batch_sizes(plan),
                                       self.drop_remainder, batch_function)
        if self.per_batch_map is not None:
            # Each batch's number is its index (read threads may make batches in any order).
            return parent.batch(self.batch_size, drop_remainder=self.drop_remainder,
                                batch_fn=list).map_with_index(
                lambda index, rows: batch_function(rows, index))
        return parent.batch(self.batch_size, drop_remainder=self.drop_remainder,
                            batch_fn=batch_function)

    def _build_batched_map(self, plan):
        """A map directly before this batch whose operations all run on whole batches, over
        random-access rows: one Grain dataset of batches (batched_map.py); else None."""
        from msjax._src.dataset import batched_map  # pylint: disable=import-outside-toplevel
        node = self.children[0]
        if type(node) is not MapDataset or node.callbacks:  # pylint: disable=unidiomatic-typecheck
            return None
        mapped = batched_map.BatchedMap.for_map(node, plan)
        if mapped is None:
            return None
        source = node.children[0]
        rows = source._build(plan)
        if not isinstance(rows, batched_map.grain.MapDataset):
            rows = rows.map_with_index(node._indexed_row_function(plan))
            return rows.batch(self.batch_size, drop_remainder=self.drop_remainder,
                              batch_fn=stack_rows)
        column_reader = getattr(source, "column_reader", None)
        return batched_map.MapThenBatchDataset(
            rows, self.batch_size, self.drop_remainder, mapped,
            column_reader(plan) if column_reader is not None else None)

    def _batch_sizes(self, plan):
        """The size of batch `index` of `plan`'s epoch, from the user's batch_size(BatchInfo)."""
        function, epoch = self.batch_size_function, plan.iterator_epoch

        def size_of(index):
            size = call_user_function(function, (BatchInfo(index, epoch, -1),),
                                      "batch operation: [batch_size]")
            if isinstance(size, (bool, np.bool_)) or not isinstance(size, (int, np.integer)):
                raise user_code_error(f"Invalid batch_size function, the return value of "
                                      f"batch_size function cast failed: Unable to cast Python "
                                      f"instance of type {type(size)} to C++ type 'int'")
            if size <= 0:
                raise user_code_error(f"Invalid batch_size function, 'batch_size' function should "
                                      f"return an integer greater than 0, but got: {size}")
            return int(size)
        return size_of

    def _static_size(self):
        size = self.children[0]._static_size()
        if size is None or self.batch_size_function is not None or self.batch_size == -1:
            return None
        return size // self.batch_size if self.drop_remainder else -(-size // self.batch_size)


def _per_batch_column(values):
    """A column as `per_batch_map` is given it: a list of the rows' arrays, or, for a column of
    dicts, one dict of lists, key by key (nested dicts likewise), as MindSpore groups them."""
    if python_dict(values[0]) is None:
        return values

    def grouped(dicts):
        return {key: grouped([d[key] for d in dicts]) if isinstance(first, dict)
                else [d[key] for d in dicts] for key, first in dicts[0].items()}
    return grouped([python_dict(v) for v in values])


def _batch_column(column, index):
    if isinstance(column, dict):
        return column
    if isinstance(column, np.ndarray):
        return column
    return stack_column([to_array(v) for v in column], index)


def _pad_to(array, shape, value):
    if array.shape == tuple(shape):
        return array
    if len(shape) != array.ndim or any(s < d for s, d in zip(shape, array.shape)):
        raise pipeline_error(f"Invalid data, pad shape {list(shape)} is smaller than the data "
                             f"shape {list(array.shape)}.", "padded_batch")
    return np.pad(array, [(0, s - d) for s, d in zip(shape, array.shape)], constant_values=value)


def pad_rows(rows, columns, pad_info, pad_to_shapes=None):
    """Pad each column named in `pad_info` ({name: (shape or None, value)}; None pads all) to a
    common shape, then stack."""
    out = []
    for i, name in enumerate(columns):
        values = [row[i] for row in rows]
        if pad_info is None or name in pad_info:
            shape, value = (None, 0) if pad_info is None else pad_info[name]
            longest = np.max([v.shape for v in values], axis=0) if values[0].ndim else ()
            target = [l if s is None else s for s, l in zip(shape, longest)] if shape else longest
            if pad_to_shapes is not None and name in pad_to_shapes:
                target = pad_to_shapes[name]
            values = [_pad_to(v, target, value) for v in values]
        out.append(stack_column(values, i))
    return tuple(out)


class PaddedBatchDataset(BatchDataset):
    """`mindspore.dataset.PaddedBatchDataset`: the result of `Dataset.padded_batch`."""

    def __init__(self, child, batch_size, drop_remainder, num_parallel_workers, pad_info):
        super().__init__(child, batch_size, drop_remainder, num_parallel_workers, None, None, None)
        self.pad_info = pad_info

    def _batch_function(self, plan):
        """MindSpore's `pad_info`: None pads nothing (rows of different shapes cannot batch), {}
        pads every column to the batch's longest row with 0, and a column given None pads so too."""
        columns, pad_info = self.children[0]._columns(), self.pad_info
        if pad_info is None:
            pad_info = {}
        elif not pad_info:
            pad_info = None
        else:
            pad_info = {name: (None, 0) if how is None else how for name, how in pad_info.items()}
        return lambda rows: pad_rows(rows, columns, pad_info)


class BucketBatchByLengthDataset(Dataset):
    """`Dataset.bucket_batch_by_length`: rows go to the bucket of their length
    (`element_length_function`, default the first dimension of `column_names[0]`) and leave as a
    padded batch of that bucket's size."""

    def __init__(self, child, column_names, bucket_boundaries, bucket_batch_sizes,
                 element_length_function, pad_info, pad_to_bucket_boundary, drop_remainder):
        super().__init__([child])
        self.column_names = _column_list(column_names, "column_names")
        if len(bucket_batch_sizes) != len(bucket_boundaries) + 1:
            raise ValueError("bucket_batch_sizes must contain one element more than "
                             "bucket_boundaries.")
        self.bucket_boundaries = list(bucket_boundaries)
        self.bucket_batch_sizes = list(bucket_batch_sizes)
        self.element_length_function = element_length_function
        self.pad_info = pad_info
        self.pad_to_bucket_boundary = pad_to_bucket_boundary
        self.drop_remainder = drop_remainder

    def _build(self, plan):
        from msjax._src.dataset.grain_iter import PythonIterableDataset  # pylint: disable=import-outside-toplevel
        child = self.children[0]
        columns = child._columns()
        positions = [child._column_index(n, "Invalid column, column name: {name} does not exist.")
                     for n in self.column_names]
        parent = plan.to_iter(child._build(plan))
        length_of = self.element_length_function or (lambda x: x.shape[0])

        def batches():
            buckets = [[] for _ in self.bucket_batch_sizes]
            for row in parent:
                length = int(call_user_function(length_of, tuple(row[i] for i in positions),
                                                "bucket_batch_by_length element_length_function"))
                bucket = sum(length >= b for b in self.bucket_boundaries)
                buckets[bucket].append(row)
                if len(buckets[bucket]) == self.bucket_batch_sizes[bucket]:
                    yield self._pad(buckets[bucket], columns, bucket)
                    buckets[bucket] = []
            if not self.drop_remainder:
                for bucket, rows in enumerate(buckets):
                    if rows:
                        yield self._pad(rows, columns, bucket)

        return PythonIterableDataset(batches, lambda batch: batch)

    def _pad(self, rows, columns, bucket):
        pad_info = self.pad_info
        if not pad_info:  # None or {}: every column padded with 0 to the longest, as MindSpore's
            return pad_rows(rows, columns, None)
        shapes = None
        if self.pad_to_bucket_boundary and bucket < len(self.bucket_boundaries):
            shapes = {name: [self.bucket_boundaries[bucket] - 1] + list(rows[0][columns.index(name)].shape[1:])
                      for name in pad_info}
        return pad_rows(rows, columns, pad_info, shapes)


DATASET_KINDS.update(BatchDataset=BatchDataset, PaddedBatchDataset=PaddedBatchDataset,
                     BucketBatchByLengthDataset=BucketBatchByLengthDataset)
