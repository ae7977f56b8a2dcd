"""`nn.SequentialCell`, `nn.CellList` and `nn.CellDict`, with MindSpore's parameter naming."""
from __future__ import annotations

from collections import OrderedDict, abc

from msjax._src.nn.cell import Cell


def _valid_index(cell_num, index, op_name=None):
    prefix = f"For '{op_name}', the" if op_name else "The"
    if not isinstance(index, int):
        raise TypeError(f"{prefix} type of 'index' must be int, but got {type(index).__name__}.")
    if not -cell_num <= index < cell_num:
        raise IndexError(f"{prefix} value of 'index' must be a number in range [{-cell_num}, "
                         f"{cell_num}), but got {index}.")
    return index % cell_num


def _valid_index_for_inserting(cell_num, index, op_name=None):
    prefix = f"For '{op_name}', the" if op_name else "The"
    if not isinstance(index, int):
        raise TypeError(f"{prefix} type of 'index' must be int, but got {type(index).__name__}.")
    if not -cell_num <= index <= cell_num:
        raise IndexError(f"{prefix} value of 'index' must be a number in range [{-cell_num}, "
                         f"{cell_num}], but got {index}.")
    return index % cell_num if (cell_num != 0 and index != cell_num) else index


def _valid_cell(cell, op_name=None):
    if isinstance(cell, Cell):
        return True
    prefix = f"For '{op_name}'," if op_name else ""
    raise TypeError(f"{prefix} each cell must be subclass of Cell, but got {type(cell).__name__}.")


def _prefix_and_index(cells):
    """The name prefix a container's members carry, and the position of their key in it."""
    firsts = []
    for key, cell in cells.items():
        param = next((p for _, p in cell.parameters_and_names()), None)
        if param is not None:
            firsts.append((key, param))
            if len(firsts) == 2:
                break
    if not firsts:
        return "", 0
    (first_key, first_param) = firsts[0]
    prefix, index = "", 0
    parts = first_param.name.split(".")
    for idx, part in enumerate(parts):
        if part == first_key:
            prefix = ".".join(parts[:idx])
            prefix = prefix + "." if prefix else prefix
            index = idx
            if len(firsts) > 1 and firsts[1][1].name.split(".")[idx] == firsts[1][0]:
                break
    return prefix, index


def _renumber(container, dynamic):
    """After a deletion: keys 0..n-1 again, and member parameters renamed to match."""
    prefix, key_index = _prefix_and_index(container._cells)
    renumbered = OrderedDict()
    for idx, (key, cell) in enumerate(container._cells.items()):
        if dynamic[idx]:
            if container._auto_prefix:
                for _, param in cell.parameters_and_names():
                    param.name = (prefix + str(idx) + "." +
                                  ".".join(param.name.split(".")[key_index + 1:]))
            renumbered[str(idx)] = cell
        else:
            renumbered[key] = cell
    object.__setattr__(container, "_cells", renumbered)


class SequentialCell(Cell):
    """`nn.SequentialCell(*args)`: cells from a list, an OrderedDict or arguments, run in order."""

    def __init__(self, *args):
        super().__init__()
        object.__setattr__(self, "_is_dynamic_name", [])
        if len(args) == 1 and isinstance(args[0], OrderedDict):
            items = [(name, cell, False) for name, cell in args[0].items()]
        elif len(args) == 1 and isinstance(args[0], list):
            items = [(str(i), cell, True) for i, cell in enumerate(args[0])]
        elif len(args) == 1 and not isinstance(args[0], Cell):
            raise TypeError(f"For '{type(self).__name__}', the 'args[0]' must be Cell, list or "
                            f"orderedDict, but got {type(args[0]).__name__}")
        else:
            items = [(str(i), cell, True) for i, cell in enumerate(args)]
        for name, cell, dynamic in items:
            self.insert_child_to_cell(name, cell)
            cell.update_parameters_name(name + ".")
            self._is_dynamic_name.append(dynamic)
        object.__setattr__(self, "cell_list", list(self._cells.values()))

    def __getitem__(self, index):
        if isinstance(index, slice):
            return type(self)(OrderedDict(list(self._cells.items())[index]))
        index = _valid_index(len(self), index, type(self).__name__)
        return list(self._cells.values())[index]

    def __setitem__(self, index, cell):
        name = type(self).__name__
        if _valid_cell(cell, name):
            prefix, _ = _prefix_and_index(self._cells)
            index = _valid_index(len(self), index, name)
            key = list(self._cells.keys())[index]
            self._cells[key] = cell
            cell.update_parameters_name(prefix + key + ".")
            object.__setattr__(self, "cell_list", list(self._cells.values()))

    def __delitem__(self, index):
        name = type(self).__name__
        if isinstance(index, int):
            index = _valid_index(len(self), index, name)
            del self._cells[list(self._cells.keys())[index]]
            del self._is_dynamic_name[index]
        elif isinstance(index, slice):
            for key in list(self._cells.keys())[index]:
                del self._cells[key]
            del self._is_dynamic_name[index]
        else:
            raise TypeError(f"For '{name}', the type of index must be int type or slice type, "
                            f"but got {type(index).__name__}")
        _renumber(self, self._is_dynamic_name)
        object.__setattr__(self, "cell_list", list(self._cells.values()))

    def __len__(self):
        return len(self._cells)

    def __bool__(self):
        return len(self._cells) != 0

    def __iter__(self):
        return iter(self._cells.values())

    def append(self, cell):
        if _valid_cell(cell, type(self).__name__):
            prefix, _ = _prefix_and_index(self._cells)
            cell.update_parameters_name(prefix + str(len(self)) + ".")
            self._is_dynamic_name.append(True)
            self._cells[str(len(self))] = cell
        object.__setattr__(self, "cell_list", list(self._cells.values()))
        return self

    def insert(self, index, cell):
        _insert(self, index, cell)
        self._is_dynamic_name.insert(index, True)
        object.__setattr__(self, "cell_list", list(self._cells.values()))

    def construct(self, input_data):
        for cell in self.cell_list:
            input_data = cell(input_data)
        return input_data


def _insert(container, index, cell):
    name = type(container).__name__
    idx = _valid_index_for_inserting(len(container), index, name)
    _valid_cell(cell, name)
    length = len(container)
    prefix, key_index = _prefix_and_index(container._cells)
    while length > idx:
        moved = container._cells[str(length - 1)]
        if container._auto_prefix:
            for _, param in moved.parameters_and_names():
                param.name = f"{prefix}{length}." + ".".join(param.name.split(".")[key_index + 1:])
        container._cells[str(length)] = moved
        length -= 1
    container._cells[str(idx)] = cell
    if container._auto_prefix:
        cell.update_parameters_name(prefix + str(idx) + ".")


class CellList(Cell):
    """`nn.CellList(*args, auto_prefix=True)`: cells held in a list (not run in sequence)."""

    def __init__(self, *args, **kwargs):
        super().__init__(kwargs.get("auto_prefix", True))
        object.__setattr__(self, "__cell_as_list__", True)
        if len(args) == 1:
            self.extend(args[0])

    def __getitem__(self, index):
        name = type(self).__name__
        if isinstance(index, slice):
            return CellList(list(self._cells.values())[index])
        if isinstance(index, int):
            return self._cells[str(_valid_index(len(self), index, name))]
        raise TypeError(f"For '{name}', the type of 'index' must be int or slice, "
                        f"but got {type(index).__name__}.")

    def __setitem__(self, index, cell):
        name = type(self).__name__
        if not isinstance(index, int) and _valid_cell(cell, name):
            raise TypeError(f"For '{name}', the type of 'index' must be int, "
                            f"but got {type(index).__name__}.")
        index = _valid_index(len(self), index, name)
        if self._auto_prefix:
            prefix, _ = _prefix_and_index(self._cells)
            cell.update_parameters_name(prefix + str(index) + ".")
        self._cells[str(index)] = cell

    def __delitem__(self, index):
        name = type(self).__name__
        if isinstance(index, int):
            del self._cells[str(_valid_index(len(self), index, name))]
        elif isinstance(index, slice):
            for key in list(self._cells.keys())[index]:
                del self._cells[key]
        else:
            raise TypeError(f"For '{name}', the type of 'index' must be int or slice, "
                            f"but got {type(index).__name__}.")
        _renumber(self, [True] * len(self._cells))

    def __len__(self):
        return len(self._cells)

    def __bool__(self):
        return len(self._cells) != 0

    def __iter__(self):
        return iter(self._cells.values())

    def __iadd__(self, cells):
        self.extend(cells)
        return self

    def insert(self, index, cell):
        _insert(self, index, cell)

    def extend(self, cells):
        name = type(self).__name__
        if not isinstance(cells, list):
            raise TypeError(f"For '{name}', the new cells wanted to append should be instance of "
                            f"list, but got {type(cells).__name__}.")
        prefix, _ = _prefix_and_index(self._cells)
        for cell in cells:
            if isinstance(cell, CellDict):
                raise TypeError(f"For '{name}', the type of cell can not be CellDict, but got "
                                f"{type(cell).__name__}.")
            if _valid_cell(cell, name):
                if self._auto_prefix:
                    cell.update_parameters_name(prefix + str(len(self)) + ".")
                self._cells[str(len(self))] = cell
        return self

    def append(self, cell):
        if _valid_cell(cell, type(self).__name__):
            if self._auto_prefix:
                prefix, _ = _prefix_and_index(self._cells)
                cell.update_parameters_name(prefix + str(len(self)) + ".")
            self._cells[str(len(self))] = cell

    def set_grad(self, flag=True):
        object.__setattr__(self, "requires_grad", flag)
        for cell in self._cells.values():
            cell.set_grad(flag)

    def construct(self, *inputs):
        raise NotImplementedError


class CellDict(Cell):
    """`nn.CellDict(*args, **kwargs)`: cells held by name."""

    def __init__(self, *args, **kwargs):
        super().__init__(kwargs.get("auto_prefix", True))
        if len(args) == 1:
            self.update(args[0])

    def __getitem__(self, key):
        return self._cells[key]

    def __setitem__(self, key, cell):
        self._check(key, cell)
        if self._auto_prefix:
            cell.update_parameters_name(key + ".")
        self._cells[key] = cell

    def __delitem__(self, key):
        del self._cells[key]

    def __len__(self):
        return len(self._cells)

    def __iter__(self):
        return iter(self._cells)

    def __contains__(self, key):
        return key in self._cells

    def _check(self, key, cell):
        """MindSpore's checks of a (key, cell) entry: the key a non-empty string without "." that
        is no attribute of the Cell; the cell a Cell, not a container."""
        name = type(self).__name__
        if not isinstance(key, str):
            raise TypeError(f"For '{name}', the type of key should be string but got "
                            f"{type(key).__name__}.")
        if hasattr(self, key) and key not in self._cells:
            raise KeyError(f"For '{name}', the key can not be same with the attributes of Cell, "
                           f"but got key {key}.")
        if "." in key:
            raise KeyError(f"For '{name}', key can not contain \".\", but got key {key}")
        if key == "":
            raise KeyError(f"For '{name}', key can not be empty string \"\", but got key {key}")
        if cell is None:
            raise TypeError(f"For '{name}', cell can not be None.")
        if not isinstance(cell, Cell):
            raise TypeError(f"For '{name}', the type of cell should be Cell, but got "
                            f"{type(cell).__name__}.")
        if isinstance(cell, (CellDict, CellList, SequentialCell)):
            raise TypeError(f"For '{name}', the type of cell can not be CellDict, CellList or "
                            f"SequentialCell, but got {type(cell).__name__}.")

    def clear(self):
        self._cells.clear()

    def pop(self, key):
        value = self[key]
        del self[key]
        return value

    def keys(self):
        return self._cells.keys()

    def values(self):
        return self._cells.values()

    def items(self):
        return self._cells.items()

    def update(self, cells):
        """`CellDict.update(cells)`: a mapping's items, or an iterable of (key, cell) pairs, set
        in order (MindSpore's errors for what is neither)."""
        if not isinstance(cells, abc.Iterable):
            raise TypeError("CellDict.update() should be called with an iterable of key-value "
                            "pairs, but got " + type(cells).__name__)
        if isinstance(cells, (abc.Mapping, CellDict)):
            for key, cell in cells.items():
                self[key] = cell
            return
        for index, pair in enumerate(cells):
            if not isinstance(pair, abc.Iterable):
                raise TypeError(f"CellDict update sequence element #{index} should be Iterable; "
                                f"but got {type(pair).__name__}")
            if len(pair) != 2:
                raise ValueError(f"CellDict update sequence element #{index}, length should be 2; "
                                 f"but has length {len(pair)}")
            self[pair[0]] = pair[1]

    def construct(self, *inputs):
        raise NotImplementedError
