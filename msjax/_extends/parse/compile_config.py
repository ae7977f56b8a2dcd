"""`mindspore._extends.parse.compile_config`: MindSpore's graph-compiler settings, set by
assigning the module's attributes (`compile_config.CHECK_BPROP = 1`), each a string ('' is the
default behaviour).

msjax keeps every setting MindSpore 2.10 has, with its default, so code that sets them runs.
msjax's compiled programs already do what `CHECK_BPROP` (a bprop's gradients are checked: always, as
MindSpore's PyNative does) and `FALLBACK_SUPPORT_LIST_DICT_INPLACE` (in-place list and dict
changes: always) turn on. The others steer MindSpore's own graph compiler (its parser, passes,
IR dumps and the Ascend memory offload planner): XLA compiles msjax's programs, and they change
nothing there; so does `GRAD_FOR_SCALAR` for now (gradients of `mutable` Python scalars, which
msjax does not give yet).
"""
from msjax._src.module_tree import missing_names as _missing_names

AMP_ENABLE_ALL_FG = ''
AUTO_PASSES_OPTIMIZE_PATH = ''
BOOST_PARSE = ''
CHECK_BPROP = ''
CHECK_PASS_NODE_SCOPE = ''
COMBINE_LIKE_GRAPHS = ''
COMPILE_DEBUG_MODE = ''
COMPILE_PRINT = ''
COMPILE_PROFILE = ''
COMPILE_PROFILE_FINISH_ACTION = ''
DDE_ONLY_MARK = ''
DEBUG_LEVEL = ''
DUMP_IR_CONFIG = ''
DUMP_IR_DDE_DETAIL = ''
DUMP_IR_META_DSL = ''
DUMP_VALIDATE_BEFORE_RESET_ID = ''
ENABLE_DDE = ''
ENABLE_ELIMINATE_UNUSED_PARAMS = ''
ENABLE_FIX_CODE_LINE = ''
ENABLE_HYPER_OFFLOAD_SLIDE = ''
ENABLE_RECOMPUTE_BEFORE_INLINE = ''
FALLBACK_FORCE_ANY = ''
FALLBACK_SUPPORT_LIST_DICT_INPLACE = ''
FOR_HALF_UNROLL = ''
GRAD_FOR_SCALAR = ''
GRAD_JIT_FILTER = '1'
GREED_PARSE = ''
HYPER_OFFLOAD_D2H_BANDWIDTH_GBPS = ''
HYPER_OFFLOAD_DEFAULT_KERNEL_TIME_US = '400.0'
HYPER_OFFLOAD_DYNAMIC_SHAPE_PLACEHOLDER_BYTES = '134217728'
HYPER_OFFLOAD_H2D_BANDWIDTH_GBPS = ''
HYPER_OFFLOAD_MAX_DEVICE_MEMORY = '42949672960'
HYPER_OFFLOAD_MEMORY_BLOCK_PATH = ''
HYPER_OFFLOAD_PEAK_MODELED_HEADROOM_BYTES = '4294967296'
HYPER_OFFLOAD_PREFETCH_DISTANCE = '50'
HYPER_OFFLOAD_RELEASE_DISTANCE = '0'
HYPER_OFFLOAD_SCORE_WEIGHT_COVER_END = '1.0'
HYPER_OFFLOAD_SCORE_WEIGHT_COVER_START = '1.0'
HYPER_OFFLOAD_SCORE_WEIGHT_NEIGHBOR_IMPACT = '1.0'
HYPER_OFFLOAD_SCORE_WEIGHT_SIZE = '1.0'
HYPER_OFFLOAD_SELECT_DISTANCE = '100'
HYPER_OFFLOAD_SELECT_NUM = '100'
IF_PARALLEL_CALL = ''
JIT_ENABLE_AUGASSIGN_INPLACE = '1'
JIT_ENABLE_AUGASSIGN_INPLACE_FALLBACK = '1'
MS_DEV_HYPER_OFFLOAD_ENABLE_ADAPTIVE_PREFETCH_DISTANCE = ''
MS_DEV_HYPER_OFFLOAD_ENABLE_ADAPTIVE_RELEASE_DISTANCE = ''
NOT_WAIT_BRANCH_EVAL = ''
PIJIT_SUBGRAPH_BREAK_OPTIMIZE = ''
PRE_LIFT = ''
PUT_ALL_CNODE_INTO_ORDER_LIST = ''
RECORD_MEMORY = ''
RECURSIVE_EVAL = ''
SINGLE_EVAL = ''
STRICT_CHECK_PARENT_CONTEXT = ''
TRACE_LABEL_WITH_UNIQUE_ID = ''
TRAVERSE_SUBSTITUTIONS_MODE = ''

__getattr__ = _missing_names(__name__)  # (`mark_deprecated`: MindSpore's own helper)
