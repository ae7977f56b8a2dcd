"""`mindspore.parallel.Layout`: how a tensor is split over a device mesh.

`Layout(device_matrix=(2, 4), alias_name=("dp", "mp"))` names the axes of a mesh of 2 x 4
devices; calling it with one alias per tensor axis (`layout("dp", "None")`, a tuple for an axis
split over several mesh axes) gives a Layout with that tensor map. Checks, the tensor map's
numbering (mesh axes counted from the last) and `to_dict()` are MindSpore 2.10's.

This is JAX's `Mesh` + `PartitionSpec`: `partition_spec()` (msjax's addition) turns the tensor map
into the `jax.sharding.PartitionSpec` over the mesh axes named `alias_name`, for
`jax.sharding.NamedSharding(Mesh(devices.reshape(device_matrix), alias_name), spec)`.
"""
from __future__ import annotations

import copy
import math

from jax.sharding import PartitionSpec

_INTERLEAVED = "interleaved_parallel"


class Layout:
    """`mindspore.parallel.Layout(device_matrix, alias_name, rank_list=None)`.

    Example:
        >>> layout = Layout((2, 4), ("dp", "mp"))
        >>> layout("dp", "None").to_dict()["tensor_map"]
        (1, -1)
        >>> layout("dp", "None").partition_spec()
        PartitionSpec('dp', None)
    """

    def __init__(self, device_matrix, alias_name, rank_list=None):
        if not isinstance(device_matrix, tuple):
            raise TypeError(f"device_matrix must be tuple type, but got:{type(device_matrix)}")
        if not isinstance(alias_name, tuple):
            raise TypeError(f"alias_name must be tuple type, but got:{type(alias_name)}")
        if len(device_matrix) != len(alias_name):
            raise ValueError("device_matrix length should be equal to alias_name length")
        for element in device_matrix:
            if not isinstance(element, int):
                raise TypeError(f"The element of device_matrix must be int type, but "
                                f"got:{type(element)}")
        for element in alias_name:
            if not isinstance(element, str):
                raise TypeError(f"The element of alias_name must be str type, but "
                                f"got:{type(element)}")
            if not element:
                raise ValueError("The element of alias_name can not be empty.")
            if element == "None":
                raise ValueError("The element of alias_name can not set 'None', because 'None' "
                                 "means no sharding.")
        if len(set(alias_name)) != len(alias_name):
            raise ValueError(f"Each element of alias_name {alias_name} should be different")
        if _INTERLEAVED in alias_name and alias_name.index(_INTERLEAVED) != len(alias_name) - 1:
            raise ValueError(f"When alias_name {alias_name} contains keyword "
                             "'interleaved_parallel', it should be at the last dim of alias_name, "
                             "which means the virtual sharding.")
        self._device_shape = device_matrix
        self._alias_name = alias_name
        self._tensor_map = None
        size = math.prod(device_matrix)
        self._rank_list = list(range(size))
        if rank_list is not None:
            if not isinstance(rank_list, list):
                raise TypeError(f"The rank_list should be a list, but got "
                                f"{type(rank_list).__name__}.")
            for element in rank_list:
                if not isinstance(element, int):
                    raise TypeError(f"The element of rank_list should be int, but got "
                                    f"{type(element).__name__}.")
            if len(rank_list) != size:
                raise ValueError("The length of rank_list should be equal to the product of "
                                 f"device_matrix, but got {len(rank_list)} and {size}.")
            self._rank_list = rank_list

    def _mesh_axis(self, name, written):
        if name not in self._alias_name:
            raise ValueError(f"The axis {name} is not found in {self._alias_name}")
        if name in written:
            raise ValueError(f"The axis {name} has been set more than one in {self._alias_name}")
        written.append(name)
        return len(self._alias_name) - 1 - self._alias_name.index(name)

    def __call__(self, *tensor_map) -> Layout:
        """A copy of this Layout with `tensor_map`: per tensor axis, the alias of the mesh axis
        it is split over, a tuple of aliases, or "None" (not split)."""
        mapped, written = (), []
        for element in tensor_map:
            if isinstance(element, tuple):
                mapped += (tuple(-1 if item == "None" else self._mesh_axis(item, written)
                                 for item in element),)
            else:
                mapped += (-1 if element == "None" else self._mesh_axis(element, written),)
        self._tensor_map = mapped
        return copy.deepcopy(self)

    def to_dict(self) -> dict:
        """MindSpore's dict: device_matrix, tensor_map, interleaved_parallel, alias_name,
        rank_list."""
        if self._tensor_map is None:
            raise ValueError("The tensor_map of layout is None")
        return {"device_matrix": self._device_shape, "tensor_map": self._tensor_map,
                "interleaved_parallel": _INTERLEAVED in self._alias_name,
                "alias_name": self._alias_name, "rank_list": self._rank_list}

    def partition_spec(self) -> PartitionSpec:
        """The tensor map as JAX's PartitionSpec over the mesh axes named `alias_name` (msjax's
        addition)."""
        if self._tensor_map is None:
            raise ValueError("The tensor_map of layout is None")

        def name(index):
            return None if index == -1 else self._alias_name[len(self._alias_name) - 1 - index]

        return PartitionSpec(*(tuple(name(i) for i in entry) if isinstance(entry, tuple)
                               else name(entry) for entry in self._tensor_map))
