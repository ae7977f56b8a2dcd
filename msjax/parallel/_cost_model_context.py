"""`mindspore.parallel._cost_model_context`: the strategy search's cost-model settings."""
# ruff: noqa: F401
from msjax._src.module_tree import missing_names as _missing_names
from msjax._src.parallel.cost_model_context import get_cost_model_context as get_cost_model_context
from msjax._src.parallel.cost_model_context import reset_cost_model_context as reset_cost_model_context
from msjax._src.parallel.cost_model_context import set_cost_model_context as set_cost_model_context
from msjax._src.parallel.cost_model_context import get_algo_single_loop as _get_algo_single_loop
from msjax._src.parallel.cost_model_context import get_multi_subgraphs as _get_multi_subgraphs
from msjax._src.parallel.cost_model_context import set_algo_single_loop as _set_algo_single_loop
from msjax._src.parallel.cost_model_context import set_multi_subgraphs as _set_multi_subgraphs

__getattr__ = _missing_names(__name__)
