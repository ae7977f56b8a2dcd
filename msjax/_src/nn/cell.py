"""`mindspore.nn.Cell`: MindSpore's module object, with its naming rules and registries.

Attribute assignment registers Parameters and child Cells as MindSpore does: a Parameter with an
auto-generated name takes the attribute's name; a child Cell assigned to a parent with
`auto_prefix=True` has all its parameters renamed `attr.<path>`. `__call__` runs `construct` as
one all-or-nothing call (`state.transaction`); in GRAPH_MODE it goes through the compiled-call
path of `msjax._src.transforms`, and a call repeating the last signature through the Cell's fast
call (`backend/graph_call.py`). Setting a train/predict flag bumps `state.call_key_version`,
which those fast calls check.
"""
from __future__ import annotations

import inspect
import logging
import time
from collections import OrderedDict

import numpy as np

from msjax._src.core import attributes, context, state, traceback_filter, x64
from msjax._src.core.deferred_init import initialize_parameters
from msjax._src.core.jit_config import set_cell_jit_config
from msjax._src.nn import cell_hooks, cell_state_dict
from msjax._src.nn.cell_compile import LIVE_CELLS, compile_cell, compiled_phases
from msjax._src.nn.mixed_precision import mark_float_type, run_in_float_type, set_float_type
from msjax._src.ops.host_ops import run_with_backward_hooks
from msjax._src.ops.registry import Primitive
from msjax._src.core.parameter import (Parameter, ParameterTuple, check_non_negative_int,
                                       is_buffer, is_generated_name)
from msjax._src.core.tensor import Tensor
from msjax._src.core.state import tracing_depth as _tracing_depth  # > 0 while msjax traces
from msjax._src.backend.interface import MISSED as _MISSED
from msjax._src.transforms import global_program
from msjax._src.transforms.jit import JitFunction, call_cell_compiled
from msjax._src.nn.set_inputs import check_inputs
from msjax._src.transforms.lazy_inline import call_lazy
from msjax._src.transforms.shard import make_sharded, one_device_job
from msjax._src.transforms.custom_grad import BpropRules, call_with_gradient
from msjax._src.transforms.graph_forbidden import forbid_methods
from msjax._src.transforms.recompute import call_recomputed, check_cell_recompute

_logger = logging.getLogger("msjax")


def _addindent(text: str, num_spaces: int) -> str:
    lines = text.split("\n")
    if len(lines) == 1:
        return text
    return lines[0] + "\n" + "\n".join(" " * num_spaces + line for line in lines[1:])


_call_key_changed = state.call_key_changed
# Plain attributes that are part of a compiled Cell call's key (backend/graph_call.py).
_KEYED_ATTRIBUTES = frozenset(("training", "_phase", "phase"))


def _is_parameter_list_or_tuple(value) -> bool:
    return (isinstance(value, (list, tuple)) and bool(value)
            and all(isinstance(item, Parameter) for item in value))


class Cell:
    """`mindspore.nn.Cell(auto_prefix=True, flags=None)`: the base class of networks."""

    _scope = None  # the Cell's scope name, set by its parent's `generate_scope()`

    def __init__(self, auto_prefix=True, flags=None):
        attributes.note_created(self)  # built inside a compiled call: its writes are its own
        setattr_ = object.__setattr__
        setattr_(self, "_params", OrderedDict())
        setattr_(self, "_cells", OrderedDict())
        setattr_(self, "_params_list", OrderedDict())
        setattr_(self, "_primitives", OrderedDict())
        setattr_(self, "_buffers", {})
        setattr_(self, "training", False)
        setattr_(self, "requires_grad", False)
        setattr_(self, "_auto_prefix", auto_prefix)
        setattr_(self, "_phase", "train")
        setattr_(self, "_create_time", int(time.time() * 1e9))
        LIVE_CELLS[id(self)] = self  # (cells_compile_cache, nn/cell_compile.py)
        setattr_(self, "_id", 1)
        setattr_(self, "_exist_objs", set())
        setattr_(self, "_exist_names", set())
        setattr_(self, "_forward_pre_hooks", OrderedDict())
        setattr_(self, "_forward_hooks", OrderedDict())
        setattr_(self, "_flags", {})
        if flags:
            self.add_flags(**flags)

    # -- attribute registration ---------------------------------------------------------------
    def __getattr__(self, name):
        d = self.__dict__
        for registry in ("_params", "_buffers", "_cells", "_params_list"):
            table = d.get(registry)
            if table is not None and name in table:
                return table[name]
        raise AttributeError(f"The '{type(self).__name__}' object has no attribute '{name}'.")

    def __setattr__(self, name, value):
        if isinstance(value, Parameter):
            self.__dict__.pop(name, None)
            self.insert_param_to_cell(name, value)
        elif isinstance(value, ParameterTuple):
            self._set_parameter_tuple(name, value)
        elif _is_parameter_list_or_tuple(value):
            self._set_parameter_sequence(name, value)
        elif isinstance(value, Cell):
            self.__dict__.pop(name, None)
            spmd_call = value.__dict__.get("_data_parallel_call")
            if spmd_call is not None:  # it reduces over the ranks: so does a call of this Cell
                object.__setattr__(self, "_data_parallel_call", spmd_call)
            if self._auto_prefix:
                value.update_parameters_name(name + ".")
            self.insert_child_to_cell(name, value)
        elif is_buffer(value):  # `_Buffer(t)`: MindSpore registers it whatever `persistent` says
            self.__dict__.pop(name, None)
            self.register_buffer(name, value)
        elif isinstance(value, Primitive):
            value.set_prim_instance_name(name)
            self._primitives[name] = value
            object.__setattr__(self, name, value)
        else:
            self._set_plain_attr(name, value)

    def _set_parameter_tuple(self, name, value):
        exist_names, exist_objs = set(), set()
        for item in value:
            if id(item) in exist_objs:
                continue
            exist_objs.add(id(item))
            if is_generated_name(item.name):
                item.name = "Parameter$" + str(self._id)
                object.__setattr__(self, "_id", self._id + 1)
            if item.name in exist_names:
                raise ValueError(f"The value {value} , its name '{item.name}' already exists. "
                                 "Please set a unique name for the parameter.")
            exist_names.add(item.name)
            self.insert_param_to_cell(item.name, item, check_name_contain_dot=False)
        object.__setattr__(self, name, value)

    def _set_parameter_sequence(self, name, value):
        for item in value:
            if id(item) in self._exist_objs:
                continue
            self._exist_objs.add(id(item))
            if item.name in self._exist_names:
                raise ValueError(f"The value {value} , its name '{item.name}' already exists. "
                                 "Please set a unique name for the parameter.")
            self._exist_names.add(item.name)
        object.__setattr__(self, name, value)

    def _set_plain_attr(self, name, value):
        params = self.__dict__.get("_params")
        if params is not None and name in params:
            if value is not None:
                if isinstance(value, Tensor):
                    params[name].set_data(value)
                    return
                if _tracing_depth() and isinstance(value, (int, float, np.number, np.bool_)):
                    # GRAPH_MODE (a compiled construct): `self.param = 0` assigns, as in
                    # MindSpore's graph compiler; PyNative refuses it (below).
                    params[name].assign_value(Tensor(np.asarray(value, params[name].dtype.to_numpy())))
                    return
                raise TypeError(f"Parameter '{name}' already exists in network, can not assign "
                                f"this type: '{type(value)}' as a parameter.")
            params[name] = None
            return
        cells = self.__dict__.get("_cells")
        if cells is not None and name in cells:
            if value is not None:
                raise TypeError(f"Sub cell '{name}' already exists in network, can not assign "
                                f"this type: '{type(value)}' as a cell.")
            cells[name] = None
            return
        if name in _KEYED_ATTRIBUTES:
            _call_key_changed()
        else:  # in a compiled call: carried to the next call (core/attributes.py)
            attributes.note_write(self, name)
        object.__setattr__(self, name, value)

    def __delattr__(self, name):
        if name in _KEYED_ATTRIBUTES:
            _call_key_changed()
        elif name in self.__dict__:  # in a compiled call: carried (core/attributes.py)
            attributes.note_write(self, name)
        for registry in ("_params", "_cells", "_params_list", "_buffers"):
            table = self.__dict__.get(registry)
            if table is not None and name in table:
                del table[name]
                return
        object.__delattr__(self, name)

    def insert_param_to_cell(self, param_name, param, check_name_contain_dot=True):
        """Register `param` under `param_name` (an auto-named Parameter takes that name)."""
        if not param_name:
            raise KeyError("For 'insert_param_to_cell', the argument 'param_name' should not be None.")
        if check_name_contain_dot and "." in param_name:
            raise KeyError("For 'insert_param_to_cell', the argument 'param_name' should not "
                           "contain'.' ")
        if "_params" not in self.__dict__:
            raise AttributeError("For 'insert_param_to_cell', please call Cell.__init__() firstly.")
        if param_name in self.__dict__ or (param_name in self._cells):
            raise KeyError(f"For 'insert_param_to_cell', the {param_name} parameter already exists "
                           "in the network.Cannot insert another parameter with the same name.")
        if not isinstance(param, Parameter) and param is not None:
            raise TypeError("For 'insert_param_to_cell', the argument 'param' must be 'Parameter' "
                            f"if not None, but got {type(param)}.")
        if isinstance(param, Parameter) and is_generated_name(param.name):
            param.name = param_name
        self._params[param_name] = param

    def insert_child_to_cell(self, child_name, child_cell):
        """Register `child_cell` as the child `child_name`."""
        if not isinstance(child_name, str):
            raise TypeError("For 'insert_child_to_cell', the type of parameter 'child_name' must "
                            f"be str, but got {type(child_name)}.")
        if not child_name or "." in child_name:
            raise KeyError("For 'insert_child_to_cell', the parameter 'child_name' can not be None "
                           "and can not contain '.' ")
        if "_cells" not in self.__dict__:
            raise AttributeError("For 'insert_child_to_cell', please call Cell.__init__() firstly.")
        if hasattr(self, child_name) and child_name not in self._cells:
            raise KeyError(f"For 'insert_child_to_cell', the {child_name} child cell already "
                           "exists in the network.Cannot insert another child cell with the same "
                           "name.")
        if not isinstance(child_cell, Cell) and child_cell is not None:
            raise TypeError("For 'insert_child_to_cell', the argument 'child_cell' must be 'Cell' "
                            f"if not None, but got type {type(child_cell)}.")
        self._cells[child_name] = child_cell

    def _set_jit_graph_name(self, name):
        """`Cell._set_jit_graph_name(name)`: the name of the graph a later `jit(cell)` compiles;
        `jit(cell)` compiles one graph per name (a new name, a new compilation)."""
        object.__setattr__(self, "_jit_graph_name", name)

    def get_scope(self):
        """`Cell.get_scope()`: the scope `generate_scope()` gave this Cell (None before)."""
        return self._scope

    def generate_scope(self):
        """`Cell.generate_scope()`: gives each sub-Cell without a scope its path from "Default",
        each step `name-ClassName` (`name` alone when the context's
        `reserve_class_name_in_scope` is False), as MindSpore names its graph's scopes."""
        with_class = context.get_context("reserve_class_name_in_scope")

        def name_children(cell, prefix):
            for name, child in cell._cells.items():
                if child is None:
                    continue
                scope = f"{prefix}/{name}" + (f"-{type(child).__name__}" if with_class else "")
                if child._scope is None:
                    object.__setattr__(child, "_scope", scope)
                elif child._scope == "recompute_":
                    object.__setattr__(child, "_scope", child._scope + scope)
                name_children(child, scope)

        name_children(self, "Default")

    def update_parameters_name(self, prefix="", recurse=True):
        """Rename every parameter to `prefix + <attribute path>`."""
        if not isinstance(prefix, str):
            raise TypeError(f"The args 'prefix' must be str, but got {type(prefix)}.")
        for name, param in self.parameters_and_names(expand=recurse):
            param.name = prefix + name

    def check_names(self):
        """MindSpore's check that no two of the cell's Parameters share a name (its compile
        makes it): ValueError naming the second."""
        seen = set()
        for attribute, param in self.parameters_and_names():
            if param.name in seen:
                raise ValueError(f"The value of {attribute} is {param!r}, its name "
                                 f"'{param.name}' already exists. Please set a unique name for "
                                 "the parameter.")
            seen.add(param.name)

    # -- traversal ----------------------------------------------------------------------------
    def cells_and_names(self, cells=None, name_prefix=""):
        seen = cells if cells else set()
        if self in seen:
            return
        seen.add(self)
        yield name_prefix, self
        for name, cell in self._cells.items():
            if cell:
                yield from cell.cells_and_names(seen, f"{name_prefix}.{name}" if name_prefix
                                                else name)

    def parameters_and_names(self, name_prefix="", expand=True):
        cells = self.cells_and_names(name_prefix=name_prefix) if expand else [(name_prefix, self)]
        seen = set()
        for cell_name, cell in cells:
            for par_name, par in cell._params.items():
                if par is not None and id(par) not in seen:
                    seen.add(id(par))
                    yield (f"{cell_name}.{par_name}" if cell_name else par_name), par

    def named_buffers(self, prefix="", recurse=True, remove_duplicate=True):
        """`Cell.named_buffers(prefix='', recurse=True, remove_duplicate=True)`: (name, Tensor)
        of the buffers `register_buffer` gave this Cell (and, with `recurse`, its sub-Cells),
        None buffers left out; with `remove_duplicate` a Tensor held twice is yielded once."""
        cells = self.cells_and_names(name_prefix=prefix) if recurse else [(prefix, self)]
        seen = set()
        for cell_name, cell in cells:
            for name, buffer in cell._buffers.items():
                if buffer is None or (remove_duplicate and id(buffer) in seen):
                    continue
                seen.add(id(buffer))
                yield (f"{cell_name}.{name}" if cell_name else name), buffer

    def buffers(self, recurse=True):
        """`Cell.buffers(recurse=True)`: the Tensors of `named_buffers`."""
        for _, buffer in self.named_buffers(recurse=recurse):
            yield buffer

    def get_parameters(self, expand=True):
        for _, param in self.parameters_and_names(expand=expand):
            yield param

    def _state_parameters(self):
        """The Parameters a transformed call of this Cell can touch, in `parameters_and_names`
        order: Cell's part of the state protocol (core/lifting.py `collect_parameters`)."""
        for _, param in self.parameters_and_names():
            yield param

    def _attribute_holders(self):
        """The `jit_class` objects this Cell and its sub-Cells hold, whose attributes a compiled
        call may write: Cell's part of core/attributes.py's protocol (a Cell's own attribute
        writes it reports itself, `Cell.__setattr__`)."""
        return [value for _, cell in self.cells_and_names() for value in cell.__dict__.values()
                if getattr(type(value), "__ms_class__", False)]

    def trainable_params(self, recurse=True):
        return [p for p in self.get_parameters(expand=recurse) if p.requires_grad]

    def untrainable_params(self, recurse=True):
        return [p for p in self.get_parameters(expand=recurse) if not p.requires_grad]

    def parameters_dict(self, recurse=True):
        return OrderedDict((p.name, p) for p in self.get_parameters(expand=recurse))

    def parameters_broadcast_dict(self, recurse=True):
        result = OrderedDict((p.name, p) for p in self.get_parameters(expand=recurse)
                             if p.layerwise_parallel is False)
        return result or None

    def name_cells(self):
        seen, result = set(), OrderedDict()
        for name, cell in self._cells.items():
            if cell is not None and cell not in seen:
                seen.add(cell)
                result[name] = cell
        return result

    def cells(self):
        return self.name_cells().values()

    def init_parameters_data(self, auto_parallel_mode=False):
        """`Cell.init_parameters_data()`: draw the initializers of the Parameters made under
        `nn.utils.no_init_parameters` that are not initialised yet; returns {Parameter:
        Parameter} (each Parameter stays the same object, as in MindSpore 2.10)."""
        parameters = list(self.get_parameters())
        initialize_parameters(parameters)
        return {p: p for p in parameters}

    def apply(self, fn):
        for cell in self.cells():
            cell.apply(fn)
        fn(self)
        return self

    # -- modes and flags ----------------------------------------------------------------------
    def set_train(self, mode=True):
        _call_key_changed()
        object.__setattr__(self, "_phase", "train" if mode else "predict")
        self.add_flags_recursive(training=mode)
        return self

    @property
    def phase(self):
        return self._phase

    @phase.setter
    def phase(self, value):
        _call_key_changed()
        object.__setattr__(self, "_phase", value)

    def set_grad(self, requires_grad=True):
        object.__setattr__(self, "requires_grad", requires_grad)
        return self

    def add_flags(self, **flags):
        _call_key_changed()
        self._flags.update(flags)
        for key, value in flags.items():
            object.__setattr__(self, key, value)
        mark_float_type(self, flags)
        return self

    def set_jit_config(self, jit_config):
        """`Cell.set_jit_config(jit_config)`: keep a `JitConfig` (once) for this Cell's graph;
        XLA compiles it the same whatever the options (see msjax._src.core.jit_config)."""
        set_cell_jit_config(self, jit_config)

    @property
    def jit_config_dict(self) -> dict:
        """The options of the `JitConfig` given to `set_jit_config` ({} before)."""
        return self.__dict__.get("_jit_config_dict", {})

    def set_comm_fusion(self, fusion_type, recurse=True):
        """`Cell.set_comm_fusion(fusion_type, recurse=True)`: set `comm_fusion` of every
        trainable Parameter (of the sub-Cells too, with `recurse`); returns this Cell. Kept, not
        used: XLA fuses msjax's gradient all-reduces itself (see `Parameter.comm_fusion`)."""
        check_non_negative_int(fusion_type)
        for param in self.trainable_params(recurse):
            param.comm_fusion = fusion_type
        return self

    def set_broadcast_flag(self, mode=True):
        """`Cell.set_broadcast_flag(mode=True)`: mark the Cell's Parameters to be broadcast from
        rank 0 when a distributed job starts (the flag `broadcast_flag`); returns this Cell.
        Kept: msjax's data-parallel step already reads replicated Parameter values."""
        self.add_flags(broadcast_flag=mode)
        return self

    @property
    def pipeline_stage(self) -> int:
        """`Cell.pipeline_stage`: the pipeline-parallel stage MindSpore places this Cell on (an
        int >= 0; unset until assigned). Kept, not used: msjax does not split a network into
        pipeline stages."""
        try:
            return self.__dict__["_pipeline_stage"]
        except KeyError:
            raise AttributeError(f"The '{type(self).__name__}' object has no attribute "
                                 "'pipeline_stage'.") from None

    @pipeline_stage.setter
    def pipeline_stage(self, value):
        if not isinstance(value, int) or isinstance(value, bool):
            raise TypeError("For 'Cell', the property 'pipeline_stage' must be int type, but got "
                            f"type : {type(value)}")
        if value < 0:
            raise ValueError("For 'Cell', the property 'pipeline_stage' can not be less than 0, "
                             f"but got {value}")
        object.__setattr__(self, "_pipeline_stage", value)

    def add_flags_recursive(self, **flags):
        self.add_flags(**flags)
        for cell in self.cells():
            cell.add_flags_recursive(**flags)
        return self

    def get_flags(self):
        return dict(self._flags)

    def to_float(self, dst_type):
        """`Cell.to_float(dst_type)`: run this Cell and its sub-Cells in `dst_type` (float16,
        bfloat16 or float32): their float inputs and own Parameters are cast on each call (the
        Parameters themselves keep their dtype), as MindSpore's mixed-precision flags do."""
        return set_float_type(self, dst_type)

    def set_inputs(self, *inputs, **kwargs):
        object.__setattr__(self, "_dynamic_inputs", inputs)

    def get_inputs(self):
        return getattr(self, "_dynamic_inputs", None)

    def recompute(self, *args, use_reentrant=True, output_recompute=False, early_stop=True,
                  context_fn=None, **kwargs):
        """`Cell.recompute(*, use_reentrant=True, output_recompute=False, early_stop=True,
        context_fn=None, **kwargs)`: from now on the Cell's calls are recomputed in the backward
        pass instead of keeping their activations (`mindspore.recompute` of its `construct`, on
        `jax.checkpoint`: transforms/recompute.py); values and gradients are unchanged. The Cell
        and every Cell under it get MindSpore's scope prefix 'recompute_' (`get_scope()`). The
        keywords are checked with MindSpore's messages; returns None, as MindSpore's."""
        if args:  # (MindSpore's keyword check binds the signature first)
            raise TypeError("too many positional arguments")
        check_cell_recompute(output_recompute, kwargs)
        if output_recompute:
            use_reentrant = False
        if use_reentrant and context_fn is not None:
            raise ValueError("context_fn is only supported when use_reentrant=False.")
        object.__setattr__(self, "_recompute_context_fn", context_fn)
        for _, cell in self.cells_and_names():  # MindSpore's scope mark, once, on the whole subtree
            if cell._scope is None:
                object.__setattr__(cell, "_scope", "recompute_")
            elif not cell._scope.startswith("recompute_"):
                object.__setattr__(cell, "_scope", "recompute_" + cell._scope)
        return None

    def shard(self, in_strategy, out_strategy=None, parameter_plan=None):
        """`Cell.shard(in_strategy, out_strategy=None, parameter_plan=None)`: from now on, in
        semi-auto and auto parallel mode, the Cell runs compiled with its Tensor inputs, outputs
        and the Parameters named in `parameter_plan` sharded by the strategies
        (transforms/shard.py); returns None, as MindSpore's. In a job of one device it does
        nothing, as MindSpore's in a job of one rank."""
        if one_device_job():
            return None
        sharded = make_sharded(self._run_unsharded, in_strategy, out_strategy, None)
        sharded.plan = make_sharded(self, in_strategy, None, parameter_plan).plan
        previous = self.__dict__.get("_shard_fn")
        if previous is not None:
            _logger.warning(
                "For '%s', 'Shard' has been configured more than once. The existing in_strategy "
                "is %s and the existing out_strategy is %s. The new in_strategy %s and "
                "out_strategy %s may not take effect. It is recommended to configure 'Shard' "
                "only once.", type(self).__name__, previous.in_strategy, previous.out_strategy,
                in_strategy, out_strategy)
        object.__setattr__(self, "_shard_fn", sharded)
        return None

    def _run_unsharded(self, *args, **kwargs):
        return self._run_hooks_and_construct(args, kwargs, sharded=False)

    @property
    def cls_name(self):
        return type(self).__name__

    @property
    def create_time(self):
        return self._create_time

    @property
    def param_prefix(self):
        return ""

    def __bool__(self):
        return True

    def __hash__(self):
        return id(self)

    # -- hooks --------------------------------------------------------------------------------
    def register_forward_pre_hook(self, hook_fn, *, prepend=False, with_kwargs=False):
        """`hook_fn(cell, args)` before `construct`, returning None or new args; with
        `with_kwargs`, `hook_fn(cell, args, kwargs)` returning None or `(args, kwargs)`."""
        cell_hooks.check_hook_fn(hook_fn)
        options = cell_hooks.side_table(self, "_forward_pre_hook_with_kwargs")
        return cell_hooks.register_hook(self._forward_pre_hooks, hook_fn, prepend,
                                        [options] if with_kwargs else [])

    def register_forward_hook(self, hook_fn, *, prepend=False, with_kwargs=False,
                              always_call=False):
        """`hook_fn(cell, args, output)` (with `with_kwargs`, `hook_fn(cell, args, kwargs,
        output)`) after `construct`, returning None or a new output; an `always_call` hook runs
        even when the call raised. As in MindSpore, a Cell with a `bprop` takes none (the
        handle removes nothing)."""
        if getattr(type(self), "bprop", None) is not None:
            return cell_hooks.HookHandle()
        cell_hooks.check_hook_fn(hook_fn)
        options = [cell_hooks.side_table(self, name) for name, wanted in (
            ("_forward_hook_with_kwargs", with_kwargs),
            ("_forward_hook_always_called", always_call)) if wanted]
        return cell_hooks.register_hook(self._forward_hooks, hook_fn, prepend, options)

    def register_backward_pre_hook(self, hook_fn):
        """`hook_fn(cell, grad_output)` on the backward pass, before the Cell's own gradients;
        it may return replacement gradients (Tensors, also under `jit`)."""
        cell_hooks.check_hook_fn(hook_fn)
        return cell_hooks.register_hook(
            self.__dict__.setdefault("_backward_pre_hooks", OrderedDict()), hook_fn)

    def register_backward_hook(self, hook_fn):
        """`hook_fn(cell, grad_input, grad_output)` on the backward pass, once the gradients of
        the Cell's inputs are known; it may return replacements for grad_input."""
        cell_hooks.check_hook_fn(hook_fn)
        return cell_hooks.register_hook(
            self.__dict__.setdefault("_backward_hooks", OrderedDict()), hook_fn)

    def register_buffer(self, name, tensor, persistent=True):
        """`Cell.register_buffer`: a Tensor held by the Cell that is not a Parameter; a
        persistent one is part of `state_dict`. MindSpore's checks and errors."""
        if "_buffers" not in self.__dict__:
            raise AttributeError("cannot assign buffer before Cell.__init__() call")
        if not isinstance(name, str):
            raise TypeError(f"buffer name should be a string.But got this type: {type(name)}")
        if "." in name:
            raise KeyError('buffer name can\'t contain "."')
        if name == "":
            raise KeyError('buffer name can\'t be empty string ""')
        if hasattr(self, name) and name not in self._buffers:
            raise KeyError(f"attribute '{name}' already exists")
        if tensor is not None and not isinstance(tensor, Tensor):
            raise TypeError(f"cannot assign '{type(tensor)}' object to buffer '{name}' "
                            "(mindspore Tensor or None required)")
        self._buffers[name] = tensor
        non_persistent = self.__dict__.setdefault("_non_persistent", set())
        (non_persistent.discard if persistent else non_persistent.add)(name)

    def get_sub_cell(self, target):
        """`Cell.get_sub_cell(target)`: the Cell at the dotted path `target` ('' is this one)."""
        cell = self
        for item in target.split(".") if target else ():
            if not hasattr(cell, item):
                raise AttributeError(f"{cell._get_name()} has no attribute `{item}`")
            cell = getattr(cell, item)
            if not isinstance(cell, Cell):
                raise AttributeError(f"`{item}` is not an nn.Cell")
        return cell

    def get_buffer(self, target):
        """`Cell.get_buffer(target)`: the buffer at the dotted path `target`."""
        cell_path, _, buffer_name = target.rpartition(".")
        cell = self.get_sub_cell(cell_path)
        if not hasattr(cell, buffer_name):
            raise AttributeError(f"{cell._get_name()} has no attribute `{buffer_name}`")
        buffer = getattr(cell, buffer_name)
        if buffer_name not in cell._buffers:
            raise AttributeError(f"`{buffer_name}` is not a buffer")
        return buffer

    def register_state_dict_pre_hook(self, hook):
        """`hook(cell, prefix, keep_vars)` before `state_dict` reads this Cell."""
        return cell_hooks.register_hook(self.__dict__.setdefault("_state_dict_pre_hooks", OrderedDict()),
                              hook)

    def register_state_dict_post_hook(self, hook):
        """`hook(cell, state_dict, prefix, local_metadata)` after `state_dict` read this Cell
        (a returned dict replaces the result)."""
        return cell_hooks.register_hook(self.__dict__.setdefault("_state_dict_hooks", OrderedDict()), hook)

    def register_load_state_dict_pre_hook(self, hook):
        """`hook(cell, state_dict, prefix, local_metadata, strict, missing_keys,
        unexpected_keys, error_msgs)` before `load_state_dict` loads; messages it appends to
        `error_msgs` make the load fail."""
        return cell_hooks.register_hook(
            self.__dict__.setdefault("_load_state_dict_pre_hooks", OrderedDict()), hook)

    def register_load_state_dict_post_hook(self, hook):
        """`hook(cell, incompatible_keys)` after `load_state_dict` loaded."""
        return cell_hooks.register_hook(
            self.__dict__.setdefault("_load_state_dict_post_hooks", OrderedDict()), hook)

    def state_dict(self, *args, destination=None, prefix="", keep_vars=False):
        """`Cell.state_dict`: the buffers and Parameters of this Cell and its children."""
        return cell_state_dict.state_dict(self, destination, prefix, keep_vars)

    def get_extra_state(self):
        """`Cell.get_extra_state()`: the extra state `state_dict` saves under `_extra_state`; a
        Cell that has some defines it (with `set_extra_state`), the base refuses the call."""
        raise RuntimeError("Reached a code path in Cell.get_extra_state() that should never be "
                           "called.")

    def set_extra_state(self, state):
        """`Cell.set_extra_state(state)`: restore what `get_extra_state` returned
        (`load_state_dict` calls it); the base refuses the call."""
        raise RuntimeError("Reached a code path in Cell.set_extra_state() that should never be "
                           "called.")

    def load_state_dict(self, state_dict, strict=True):
        """`Cell.load_state_dict`: assigns the dict's values (checked first: a refused dict
        changes nothing)."""
        return cell_state_dict.load_state_dict(self, state_dict, strict)

    # -- calling ------------------------------------------------------------------------------
    def construct(self, *args, **kwargs):
        raise AttributeError("For 'Cell', the method 'construct' is not defined.")

    # GRAPH_MODE: the closure that runs this Cell's last compiled signature again
    # (backend/graph_call.py); it returns MISSED when the call must take the full path.
    _fast_call = None

    # Compiled programs a Cell holds (they hold XLA executables, which cannot be copied or
    # pickled): a copy of the Cell compiles its own on its first call.
    _COMPILED_STATE = ("_graph_call", "_fast_call", "_data_parallel_step", "_global_program")

    def __getstate__(self):
        """`copy.deepcopy` and pickle: the Cell's state without its compiled programs."""
        return {name: value for name, value in self.__dict__.items()
                if name not in self._COMPILED_STATE}

    def __call__(self, *args, **kwargs):
        fast_call = self._fast_call
        if fast_call is not None and not kwargs:
            # A compiled signature's own call (backend/graph_call.py), before the 64-bit scope:
            # the one-Tensor call is the executable's (concrete arrays in and out, nothing for
            # x64 to change); the general one scopes its own run.
            result = fast_call(self, args)
            if result is not _MISSED:
                return result
        return self._call_full(args, kwargs)

    @x64.scoped  # MindSpore's dtypes inside the call (core/x64.py)
    def _call_full(self, args, kwargs):
        """`Cell.__call__` past the fast call: data parallel, GRAPH_MODE's compiled call, a
        lazy_inline block, or the eager call in a transaction."""
        if "_cells" not in self.__dict__:  # (a subclass whose __init__ skipped Cell's)
            raise AttributeError(f"The '{type(self).__name__}' object does not inherit attribute "
                                 "from 'cell'. Please use 'super().__init__()'.")
        try:
            if not _tracing_depth():
                spmd_call = self.__dict__.get("_data_parallel_call")  # nn/distributed.py
                if spmd_call is not None:
                    return spmd_call(self, args, kwargs)
                if global_program.across_processes():  # semi-auto parallel over processes
                    return global_program.call_across_processes(self, args, kwargs)
                declared = self.__dict__.get("_dynamic_inputs")
                graph = context._context["mode"] == context.GRAPH_MODE
                if declared and (graph or isinstance(
                        inspect.getattr_static(type(self), "construct", None), JitFunction)):
                    # compiled: the arguments are checked against set_inputs' every call (no
                    # fast call then, which would skip the check)
                    check_inputs(self, declared, args)
                    self.__dict__.pop("_fast_call", None)
                if graph:
                    self.__dict__["__parse_method__"] = "construct"  # see _parsed_method
                    graph_call = self.__dict__.get("_graph_call")  # CompiledFunction, 1st call on
                    try:
                        if graph_call is None or kwargs:
                            return call_cell_compiled(self, args, kwargs)
                        return graph_call.call_cell(self, args)
                    finally:
                        if declared:
                            self.__dict__.pop("_fast_call", None)
            elif "cell_init_args" in self.__dict__:  # a @lazy_inline block, called while tracing
                pending = call_lazy(self, args, kwargs)
                if pending is not None:
                    return pending
            with state.transaction():
                if self.__dict__.get("_backward_hooks") or self.__dict__.get("_backward_pre_hooks"):
                    return _run_with_backward_hooks(self, args, kwargs)
                return self._run_construct(args, kwargs)
        except Exception as error:  # the user's frames only (core/traceback_filter.py)
            traceback_filter.user_traceback(error)
            raise

    @property
    def compile_cache(self) -> set:
        """The Cell's GRAPH_MODE programs, one name each (nn/cell_compile.py)."""
        return compiled_phases(self)

    @x64.scoped
    def compile(self, *args, **kwargs):
        """`Cell.compile(*args, **kwargs)`: compile the Cell's GRAPH_MODE program for inputs
        like these, without running it (no Parameter or statistic changes); the next GRAPH_MODE
        call with arguments of the same shapes, dtypes and Python values runs that program
        instead of compiling. In PYNATIVE_MODE calls run eagerly and do not use it."""
        compile_cell(self, args, kwargs)

    def _run_construct(self, args, kwargs):
        if "_mixed_precision" in self.__dict__:  # set by to_float
            return run_in_float_type(self, args, kwargs)
        return self._run_hooks_and_construct(args, kwargs)

    def _run_hooks_and_construct(self, args, kwargs, sharded=True):
        if sharded and "_shard_fn" in self.__dict__ and not kwargs:  # Cell.shard's
            return self.__dict__["_shard_fn"](*args)
        if not (self._forward_pre_hooks or self._forward_hooks):
            return self._construct_output(args, kwargs)
        called, output = set(), None
        try:
            if self._forward_pre_hooks:
                args, kwargs = cell_hooks.run_forward_pre_hooks(self, args, kwargs)
            output = self._construct_output(args, kwargs)
            return cell_hooks.run_forward_hooks(self, args, kwargs, output, called)
        except Exception:
            cell_hooks.run_always_called_hooks(self, args, kwargs, output, called)
            raise

    def _construct_output(self, args, kwargs):
        if getattr(type(self), "bprop", None) is not None:  # a gradient the user wrote
            return _call_with_bprop(self, args, kwargs)
        if "_recompute_context_fn" in self.__dict__:  # Cell.recompute's
            return _call_recomputed(self, args, kwargs)
        return self._parsed_method()(*args, **kwargs)

    def _parsed_method(self):
        """The method a call runs: `construct`, except inside a compiled program, where
        MindSpore parses a Cell by its `__parse_method__`: the @jit method last called on it
        from Python (transforms/jit.py `note_parse_method`) until its next top-level
        GRAPH_MODE call."""
        name = self.__dict__.get("__parse_method__")
        if name is None or name == "construct" or not _tracing_depth():
            return self.construct
        return getattr(self, name)

    # -- printing -----------------------------------------------------------------------------
    def extend_repr(self):
        return ""

    def _get_name(self):
        return type(self).__name__

    def __repr__(self):
        extend = self.extend_repr()
        extra_lines = extend.split("\n") if extend else []
        child_lines = [f"({key}): " + _addindent(repr(cell), 2)
                       for key, cell in self._cells.items()]
        lines = extra_lines + child_lines
        main = self._get_name() + "("
        if lines:
            if len(extra_lines) == 1 and not child_lines:
                main += extra_lines[0]
            else:
                main += "\n  " + "\n  ".join(lines) + "\n"
        return main + ")"

    __str__ = __repr__


# The Cell methods MindSpore 2.10 marks `jit_forbidden_register` (graph mode refuses calling them)
forbid_methods(Cell, (
    "register_buffer", "get_buffer", "named_buffers", "buffers", "get_sub_cell",
    "trainable_params", "untrainable_params", "get_parameters", "register_forward_pre_hook",
    "register_forward_hook", "register_backward_pre_hook", "register_state_dict_post_hook",
    "register_state_dict_pre_hook", "state_dict", "register_load_state_dict_pre_hook",
    "register_load_state_dict_post_hook", "load_state_dict", "register_backward_hook"),
    "mindspore.nn.cell.Cell")
forbid_methods(cell_hooks.HookHandle, ("remove",), "mindspore.common.hook_handle.HookHandle")


def _run_with_backward_hooks(cell, args, kwargs):
    """`cell(*args, **kwargs)` with its backward hooks (a function of its own: a lambda in
    `Cell.__call__` would make every call, the fast ones too, allocate closure cells)."""
    return run_with_backward_hooks(cell, args, lambda a: cell._run_construct(a, kwargs))


def _call_recomputed(cell, args, kwargs):
    """`cell.construct(*args, **kwargs)` recomputed in the backward pass (Cell.recompute)."""
    context_fn = cell.__dict__["_recompute_context_fn"]
    return call_recomputed(cell.construct, args, kwargs, roots=[cell],
                           forward_context=None if context_fn is None else context_fn()[0])


def _call_with_bprop(cell, args, kwargs):
    """`cell.construct(*args)` differentiated through `cell.bprop(*args, out, dout)`: the
    Cell's Parameters get zero gradients, as in MindSpore (transforms/custom_grad.py). As in
    MindSpore, PyNative mode refuses a bprop decorated with `@jit` (graph mode runs it)."""
    if (isinstance(getattr(type(cell), "bprop", None), JitFunction)
            and context._context["mode"] != context.GRAPH_MODE):
        raise RuntimeError("Decorating bprop with '@jit' is not supported.")
    bprop = cell.bprop
    if context.is_graph_mode():
        bprop = _bprop_arity_checked(bprop, len(args))
    return call_with_gradient(lambda *a: cell.construct(*a, **kwargs), bprop, args,
                              roots=[cell], rules=BpropRules(f"{type(cell).__name__}()"),
                              new_outputs=cell.requires_grad)


def _bprop_arity_checked(bprop, inputs: int):
    """`bprop`, checked when the backward pass calls it, as MindSpore's graph compiler checks
    it: it must take the forward inputs, `out` and `dout` (PyNative calls it, and Python says
    what does not fit)."""
    def call(*args):
        try:
            params = inspect.signature(bprop).parameters.values()
        except (TypeError, ValueError):  # no signature to read: call it as it is
            return bprop(*args)
        if not any(p.kind is p.VAR_POSITIONAL for p in params):
            count = sum(p.kind in (p.POSITIONAL_ONLY, p.POSITIONAL_OR_KEYWORD) for p in params)
            if count < 2:
                raise RuntimeError(f"The function 'bprop' of Primitive or Cell requires at least "
                                   f"2 params 'out' and 'dout', but got only {count}.")
            if count < inputs + 2:
                raise TypeError("The params of function 'bprop' of Primitive or Cell requires "
                                "the forward inputs as well as the 'out' and 'dout'.")
        return bprop(*args)
    return call

