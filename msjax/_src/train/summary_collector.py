"""`mindspore.SummaryCollector`: a callback collecting the loss, parameter histograms and input
images of a `Model.train` run into a SummaryRecord (TensorBoard event files, see summary.py).

What it collects, when, and how it checks its arguments follow MindSpore 2.10: the first step and
every `collect_freq`-th step (epoch in sink mode) record `input_data/auto` (the first input, when
it is an NCHW image batch), `loss/auto` (the mean of the network's first output) and, for the
parameters `histogram_regular` matches (the optimizer's first five when it is None), their
histograms `<name>/auto`; the summary operators' values are recorded at the steps
`collect_tensor_freq` picks. The loss landscape's checkpoints (`ckpt_dir/<Net>_<n>_<unit>.ckpt`
and `train_metadata.json`) are saved as MindSpore saves them. MindInsight's records are not
written: the computational and dataset graphs and the train, eval and custom lineage (see
docs/migration.md); collecting them is skipped with an info log.
"""
from __future__ import annotations

import json
import os
import re
import stat
from collections import defaultdict

import numpy as np

from msjax._src.core import context, log
from msjax._src.core.tensor import Tensor
from msjax._src.nn.optim.optimizer import Optimizer
from msjax._src.serialization import save_checkpoint
from msjax._src.train import checks
from msjax._src.train.callback import Callback
from msjax._src.train.checkpoint import make_directory
from msjax._src.train.summary import SummaryRecord, process_export_options
from msjax._src.train.summary_enums import ModeEnum, PluginEnum

_HYPER_CONFIG_ENV_NAME = "MINDINSIGHT_HYPER_CONFIG"
_HYPER_CONFIG_LEN_LIMIT = 100000
_OPTIMIZER_FAILED = "Failed"
_DEFAULT_HISTOGRAM_COUNT = 5  # parameters collected when histogram_regular is None
_DEFAULT_TENSOR_SUMMARY_LIMIT = 20


class SummaryCollector(Callback):
    """`mindspore.SummaryCollector(summary_dir, collect_freq=10, num_process=32,
    collect_specified_data=None, keep_default_action=True, custom_lineage_data=None,
    collect_tensor_freq=None, max_file_size=None, export_options=None)` (see the module doc).

    Example:
        >>> collector = SummaryCollector("./summary_dir", collect_freq=1,
        ...                              collect_specified_data={"histogram_regular": "^conv1"})
        >>> model.train(1, dataset, callbacks=[collector])  # then: tensorboard --logdir ./summary_dir
    """

    _DEFAULT_SPECIFIED_DATA = {
        'collect_metric': True,
        'collect_graph': True,
        'collect_train_lineage': True,
        'collect_eval_lineage': True,
        'collect_input_data': True,
        'collect_dataset_graph': True,
        'histogram_regular': None,
        'collect_landscape': {'landscape_size': 40, 'unit': 'step', 'num_samples': 2048,
                              'create_landscape': {'train': True, 'result': True},
                              'intervals': [[1, 2, 3, 4, 5, 6, 7, 8, 9],
                                            [10, 11, 12, 13, 14, 15, 16, 17, 18, 19]]},
    }

    def __init__(self, summary_dir, collect_freq=10, num_process=32, collect_specified_data=None,
                 keep_default_action=True, custom_lineage_data=None, collect_tensor_freq=None,
                 max_file_size=None, export_options=None):
        if context.security_enabled():
            raise ValueError('The Summary is not supported, please without `-s on` and recompile source.')
        super().__init__()
        self._summary_dir = make_directory(summary_dir, "summary_dir")
        self._record = None
        self._check_positive('collect_freq', collect_freq)
        self._collect_freq = collect_freq
        self._check_positive('collect_tensor_freq', collect_tensor_freq, allow_none=True)
        self._collect_tensor_freq = collect_tensor_freq
        self._tensor_collect_range = None
        self._check_positive('max_file_size', max_file_size, allow_none=True)
        self._max_file_size = max_file_size
        self._export_options = process_export_options(export_options)
        self._check_action(keep_default_action)
        self._collect_specified_data = self._process_specified_data(collect_specified_data, keep_default_action)
        # the MindInsight records the user asked for by name (warned when skipped; the defaults only logged)
        self._asked_by_user = {key for key, value in (collect_specified_data or {}).items() if value}
        log.info(f"For 'collect_specified_data' the value after processing is: {self._collect_specified_data}.")
        landscape = self._collect_specified_data.get('collect_landscape', None)
        checks.check_argument_type('collect_landscape', landscape, [dict, type(None)])
        self._is_collect_landscape = bool(landscape)
        if self._is_collect_landscape:
            self._check_collect_landscape_data(landscape)
            self._ckpt_dir = os.path.join(self._summary_dir, 'ckpt_dir')
            make_directory(self._ckpt_dir)
            self._model_params_file_map = {}
            self._epoch_group = defaultdict(list)
            for i, interval in enumerate(landscape.get('intervals')):
                self._epoch_group[i].extend(interval)
        self._custom_lineage_data = self._process_custom_lineage_data(custom_lineage_data)
        self._temp_optimizer = None
        self._has_saved_graph = False
        self._has_saved_custom_data = False
        self._is_parse_loss_success = True
        self._first_step = True
        self._dataset_sink_mode = True
        self._num_process = num_process  # MindSpore's writer processes; msjax writes in this one

    def __enter__(self):
        self._record = SummaryRecord(log_dir=self._summary_dir, max_file_size=self._max_file_size,
                                     raise_exception=False, export_options=self._export_options)
        self._first_step, self._dataset_sink_mode = True, True
        return self

    def __exit__(self, *err):
        self._record.close()

    # ---- argument checks (MindSpore's messages) ----

    def _check_positive(self, name, value, allow_none=False):
        if allow_none and value is None:
            return
        checks.check_argument_type(name, value, int)
        if value <= 0:
            raise ValueError(f'For "{type(self).__name__}", the value of `{name}` should be greater than 0, '
                             f'but got `{value}`.')

    @staticmethod
    def _check_action(action):
        checks.check_argument_type('keep_default_action', action, bool)

    def _process_specified_data(self, specified_data, action):
        """`collect_specified_data` checked, merged over the defaults when `action` is True."""
        checks.check_argument_type('collect_specified_data', specified_data, [dict, type(None)])
        if specified_data is None:
            return dict(self._DEFAULT_SPECIFIED_DATA) if action else {}
        for param_name in specified_data:
            checks.check_argument_type(param_name, param_name, [str])
        unexpected = set(specified_data) - set(self._DEFAULT_SPECIFIED_DATA)
        if unexpected:
            raise ValueError(f'For "{type(self).__name__}", the keys {unexpected} of `collect_specified_data` are '
                             f'unsupported, expect the follow keys: {list(self._DEFAULT_SPECIFIED_DATA.keys())}')
        if 'histogram_regular' in specified_data:
            regular = specified_data.get('histogram_regular')
            checks.check_argument_type('histogram_regular', regular, (str, type(None)))
            if isinstance(regular, str):
                try:
                    re.match(regular, '')
                except re.error as exc:
                    raise ValueError(f'For `collect_specified_data`, the value of `histogram_regular` is not a '
                                     f'valid regular expression. Detail: {exc}.') from exc
        for item in set(self._DEFAULT_SPECIFIED_DATA) - {'histogram_regular', 'collect_landscape'}:
            if item in specified_data:
                checks.check_argument_type(item, specified_data.get(item), bool)
        if not action:
            return specified_data
        result = dict(self._DEFAULT_SPECIFIED_DATA)
        result.update(specified_data)
        return result

    def _check_collect_landscape_data(self, collect_landscape):
        name = type(self).__name__
        defaults = self._DEFAULT_SPECIFIED_DATA.get("collect_landscape")
        unexpected = set(collect_landscape) - set(defaults)
        if unexpected:
            raise ValueError(f'For "{name}", the keys {unexpected} of `collect_landscape` are unsupported, expect '
                             f'the follow keys: {list(defaults.keys())}')
        size = collect_landscape.get("landscape_size", 40)
        checks.check_argument_type('landscape_size', size, int)
        if size < 3 or size > 256:
            raise ValueError(f'For "{name}", the "landscape_size" in collect_specified_data should be less than '
                             f'256 and more than 3, but got the: {size}')
        unit = collect_landscape.get("unit", "step")
        checks.check_argument_type('unit', unit, str)
        if unit not in ("step", "epoch"):
            raise ValueError(f'For "{name}", unit in collect_specified_data should be step or epoch, but got '
                             f'the: {unit}.')
        checks.check_argument_type("num_samples", collect_landscape.get("num_samples", 2048), int)
        create = collect_landscape.get("create_landscape", {"train": True, "result": True})
        checks.check_argument_type('create_landscape', create, dict)
        for key, value in create.items():
            if key not in ("train", "result"):
                raise ValueError(f'For "{name}", the key to create landscape should be in ["train", "result"], '
                                 f'but got the: {key}.')
            checks.check_argument_type(key, value, bool)
        intervals = collect_landscape.get("intervals")
        checks.check_argument_type('intervals', intervals, list)
        for interval in intervals:
            checks.check_argument_type('each interval inintervals', interval, list)
            if len(interval) < 3:
                raise ValueError(f'For "{name}", the length of each list in "intervals" should not be less than '
                                 f'three, but got the: {interval}')
            for epoch in interval:
                if not isinstance(epoch, int):
                    raise TypeError(f'For "{name}", the value of each list in "intervals" should be int, but got '
                                    f'the: {type(epoch)}')

    def _process_custom_lineage_data(self, custom_lineage_data):
        """The user's lineage data checked, over MindOptimizer's (`MINDINSIGHT_HYPER_CONFIG`)."""
        custom_lineage_data = {} if custom_lineage_data is None else custom_lineage_data
        self._check_custom_lineage_type('custom_lineage_data', custom_lineage_data)
        auto = self._collect_optimizer_custom_lineage_data()
        self._check_custom_lineage_type('auto_custom_lineage_data', auto)
        auto.update(custom_lineage_data)
        return auto

    @staticmethod
    def _check_custom_lineage_type(param_name, custom_lineage):
        checks.check_argument_type(param_name, custom_lineage, [dict, type(None)])
        for key, value in custom_lineage.items():
            checks.check_argument_type(f'{param_name} -> {key}', key, str)
            checks.check_argument_type(f'the value of {param_name} -> {key}', value, (int, str, float))

    @staticmethod
    def _collect_optimizer_custom_lineage_data():
        hyper_config = os.environ.get(_HYPER_CONFIG_ENV_NAME)
        if hyper_config is None:
            return {}
        if len(hyper_config) > _HYPER_CONFIG_LEN_LIMIT:
            log.warning(f"The 'MINDINSIGHT_HYPER_CONFIG' of environment variable is too long. The length limit is "
                        f"{_HYPER_CONFIG_LEN_LIMIT}, the length of hyper_config is {len(hyper_config)}.")
            return {}
        try:
            hyper_config = json.loads(hyper_config)
        except (TypeError, json.JSONDecodeError) as exc:
            log.warning(f"The 'MINDINSIGHT_HYPER_CONFIG' of environment variable decode error. Detail: {exc}.")
            return {}
        custom = hyper_config.get("custom_lineage_data")
        return custom if custom is not None else {}

    # ---- the callback ----

    def begin(self, run_context):
        cb_params = run_context.original_args()
        self._check_callbacks(cb_params)
        if cb_params.mode not in ModeEnum.to_list():
            raise ValueError('Only support `train` (model.train) and `eval` (model.eval) mode, '
                             'but got `{cb_params.mode}` mode.')
        self._record.set_mode(cb_params.mode)
        self._dataset_sink_mode = cb_params.dataset_sink_mode

    def step_end(self, run_context):
        cb_params = run_context.original_args()
        if cb_params.mode != ModeEnum.TRAIN.value:
            return
        if not self._has_saved_graph:
            self._skip_mindinsight_record(('collect_graph', 'collect_dataset_graph'))
            self._has_saved_graph = True
            self._record.record(cb_params.cur_step_num)
        if self._custom_lineage_data and not self._has_saved_custom_data:
            log.warning(f"SummaryCollector: custom_lineage_data {sorted(self._custom_lineage_data)} is not written: "
                        "it is MindInsight's lineage record, which msjax does not write (TensorBoard has none).")
            self._has_saved_custom_data = True
        if not self._dataset_sink_mode:
            self._collect_tensor_data(cb_params)
        if self._landscape_unit_hit(cb_params, 'step', cb_params.get("cur_step_num")):
            self._save_model_params_for_landscape(cb_params)

    def epoch_end(self, run_context):
        cb_params = run_context.original_args()
        self._collect_tensor_data(cb_params)
        if self._landscape_unit_hit(cb_params, 'epoch', cb_params.get("cur_epoch_num")):
            self._save_model_params_for_landscape(cb_params)
        self._record.flush()

    def end(self, run_context):
        cb_params = run_context.original_args()
        self._skip_mindinsight_record(('collect_train_lineage',) if cb_params.mode == ModeEnum.TRAIN.value
                                      else ('collect_eval_lineage',))
        self._record.set_mode('eval')  # the summary operators' values are not recorded at step 0
        self._record.record(step=0)
        landscape = self._collect_specified_data.get('collect_landscape')
        if cb_params.mode == ModeEnum.TRAIN.value and landscape:
            self._save_metadata(cb_params.batch_num, landscape.get('unit', 'step'),
                                landscape.get('num_samples', 2048), landscape.get('landscape_size', 40),
                                landscape.get('create_landscape', {'train': True, 'result': True}))

    def _skip_mindinsight_record(self, items):
        asked = [item for item in items if self._collect_specified_data.get(item)]
        if not asked:
            return
        said = (f"SummaryCollector: {asked} are MindInsight's records, which msjax does not write "
                "(the scalars, images, tensors and histograms are written, in TensorBoard's format).")
        if self._asked_by_user.intersection(asked):
            log.warning(said)
        else:
            log.info(said)

    def _check_callbacks(self, cb_params):
        found = False
        for callback in cb_params.list_callback:
            if type(callback).__name__ == type(self).__name__:
                if found:
                    raise ValueError(f"There are more than one {type(self).__name__} instance in callback list,"
                                     f"but expected only one {type(self).__name__} instance.")
                found = True

    def _collect_tensor_data(self, cb_params):
        if cb_params.mode != ModeEnum.TRAIN.value:
            return
        if self._first_step:
            self._tensor_collect_range = self._get_tensor_collect_range(cb_params, self._dataset_sink_mode)
            self._collect_at_step_end(cb_params, plugin_filter=None)
            self._first_step = False
            self._record.flush()
            return
        current = cb_params.cur_epoch_num if self._dataset_sink_mode else cb_params.cur_step_num
        in_range = current in self._tensor_collect_range
        if current % self._collect_freq == 0 and in_range:
            self._collect_at_step_end(cb_params, plugin_filter=None)
        elif in_range:
            self._collect_at_step_end(cb_params, lambda plugin: plugin == PluginEnum.TENSOR.value)
        elif current % self._collect_freq == 0:
            self._collect_at_step_end(cb_params, lambda plugin: plugin != PluginEnum.TENSOR.value)

    def _get_tensor_collect_range(self, cb_params, dataset_sink_mode):
        """The steps (epochs in sink mode) at which the TensorSummary values are recorded: every
        `collect_tensor_freq`-th, or at most 20 spread over the run."""
        total = cb_params.epoch_num if dataset_sink_mode else cb_params.epoch_num * cb_params.batch_num
        if self._collect_tensor_freq is not None:
            return range(0, total + 1, self._collect_tensor_freq)
        if len(range(0, total + 1, self._collect_freq)) > _DEFAULT_TENSOR_SUMMARY_LIMIT:
            tensor_freq = total // (_DEFAULT_TENSOR_SUMMARY_LIMIT - 1)
            if tensor_freq > 1:
                return range(0, total + 1, tensor_freq)[:_DEFAULT_TENSOR_SUMMARY_LIMIT]
            return range(0, total + 1)[:_DEFAULT_TENSOR_SUMMARY_LIMIT + 1]
        return range(0, total + 1, self._collect_freq)

    def _collect_at_step_end(self, cb_params, plugin_filter):
        self._collect_input_data(cb_params)
        self._collect_metric(cb_params)
        self._collect_histogram(cb_params)
        self._record.record(cb_params.cur_step_num, plugin_filter=plugin_filter)

    def _collect_input_data(self, cb_params):
        """The first input as an image (`input_data/auto`); not collected again once it is not one."""
        if not self._is_allowed_to_collect_input_data(cb_params):
            return
        input_data = getattr(cb_params, 'train_dataset_element', None)
        if isinstance(input_data, (list, tuple)) and input_data:
            input_data = input_data[0]
        try:
            self._record.add_value(PluginEnum.IMAGE.value, 'input_data/auto', input_data)
        except (TypeError, ValueError):
            log.warning('The input data of network are not image, so will not collect by SummaryCollector.')
            self._collect_specified_data['collect_input_data'] = False

    def _is_allowed_to_collect_input_data(self, cb_params):
        if not self._collect_specified_data.get('collect_input_data'):
            return False
        if self._dataset_sink_mode and context.get_context('device_target') in ('Ascend', 'GPU'):
            log.warning("On Ascend or GPU device, SummaryCollector is not supported to record input data in "
                        "dataset sink mode.")
            self._collect_specified_data['collect_input_data'] = False
            return False
        input_data = getattr(cb_params, 'train_dataset_element', None)
        if not isinstance(input_data, (Tensor, list, tuple)):
            self._collect_specified_data['collect_input_data'] = False
            log.warning("The type of input data is not Tensor/list/tuple, so SummaryCollector will not collect "
                        "input data.")
            return False
        if not isinstance(input_data, Tensor) and not input_data:
            self._collect_specified_data['collect_input_data'] = False
            log.warning("The 'train_dataset_element' in RunContext.original_args is empty, so SummaryCollector "
                        "will not record the input data. ")
            return False
        return True

    def _collect_metric(self, cb_params):
        if not self._collect_specified_data.get('collect_metric'):
            return
        loss = self._get_loss(cb_params)
        if loss is None:
            return
        try:
            self._record.add_value(PluginEnum.SCALAR.value, 'loss/auto', loss)
        except ValueError:
            log.warning("The output of network is not a scalar, so SummaryCollector will not collect loss.")
            self._collect_specified_data['collect_metric'] = False

    def _get_loss(self, cb_params):
        """The mean of the network's output (its first element for a list or tuple) as a scalar
        Tensor; None, and not tried again, when the output is none of int, float, Tensor, list,
        tuple."""
        if not self._is_parse_loss_success:
            return None
        output = cb_params.get('net_outputs')
        if output is None:
            log.warning("Can not find any output by this network, so SummaryCollector will not collect loss.")
            self._is_parse_loss_success = False
            return None
        if isinstance(output, (int, float, Tensor)):
            loss = output
        elif isinstance(output, (list, tuple)) and output:
            loss = output[0]
        else:
            log.warning("The output type could not be identified, expect type is one of [int, float, Tensor, list, "
                        "tuple], so no loss was recorded in SummaryCollector.")
            self._is_parse_loss_success = False
            return None
        if not isinstance(loss, Tensor):
            loss = Tensor(loss)
        return Tensor(np.mean(loss.asnumpy()))

    def _get_optimizer(self, cb_params):
        """`cb_params.optimizer`, or the first Optimizer found in the network (a cell, or a cell's
        `optimizer` attribute); None, remembered as 'Failed', when there is none."""
        if self._temp_optimizer == _OPTIMIZER_FAILED:
            return None
        if self._temp_optimizer is not None:
            return self._temp_optimizer
        optimizer = cb_params.get('optimizer')
        if optimizer is None:
            network = cb_params.train_network if cb_params.mode == 'train' else cb_params.eval_network
            optimizer = self._parse_optimizer_by_network(network)
        if optimizer is None or not isinstance(optimizer, Optimizer):
            log.warning("Can not find optimizer in network, or the optimizer does not inherit MindSpore's optimizer, "
                        "so we will not collect data about optimizer in SummaryCollector.")
            optimizer = None
        self._temp_optimizer = optimizer if optimizer is not None else _OPTIMIZER_FAILED
        return optimizer

    @staticmethod
    def _parse_optimizer_by_network(network):
        optimizer = None
        for _, cell in network.cells_and_names():
            if isinstance(cell, Optimizer):
                return cell
            optimizer = getattr(cell, 'optimizer', None)
            if isinstance(optimizer, Optimizer):
                break
        return optimizer

    def _collect_histogram(self, cb_params):
        """Histograms of the optimizer's parameters that `histogram_regular` matches (its first five
        when it is None), tagged `<parameter name>/auto`."""
        if 'histogram_regular' not in self._collect_specified_data:
            return
        optimizer = self._get_optimizer(cb_params)
        if optimizer is None:
            return
        parameters = optimizer.parameters
        regular = self._collect_specified_data.get('histogram_regular')
        if regular is None:
            chosen = parameters[:_DEFAULT_HISTOGRAM_COUNT]
        else:
            chosen = [parameter for parameter in parameters if re.match(regular, parameter.name)]
        for parameter in chosen:
            self._record.add_value(PluginEnum.HISTOGRAM.value, parameter.name + '/auto', parameter.data)

    # ---- the loss landscape's checkpoints ----

    def _landscape_unit_hit(self, cb_params, unit, current):
        landscape = self._collect_specified_data.get('collect_landscape')
        if not landscape or landscape.get('unit', 'step') != unit or current is None:
            return False
        return any(current in interval for interval in landscape.get('intervals'))

    @staticmethod
    def _get_backbone(network):
        for _, cell in network.cells_and_names():
            if hasattr(cell, '_backbone'):
                return cell._backbone
        return network

    def _save_model_params_for_landscape(self, cb_params):
        if cb_params.mode != ModeEnum.TRAIN.value:
            return
        backbone = self._get_backbone(cb_params.train_network)
        while 'network' in backbone.name_cells():
            has_optimizer = 'optimizer' in backbone.name_cells()
            backbone = backbone.network
            if has_optimizer:
                break
        unit = self._collect_specified_data.get('collect_landscape').get('unit', 'step')
        cur_num = cb_params.cur_epoch_num if unit == 'epoch' else cb_params.cur_step_num
        path = os.path.join(self._ckpt_dir, f"{type(backbone).__name__}_{cur_num}_{unit}.ckpt")
        self._model_params_file_map[str(cur_num)] = path
        if not os.path.isfile(path):
            save_checkpoint([{"name": p.name, "data": Tensor(p.asnumpy())} for p in backbone.get_parameters()],
                            path)

    def _save_metadata(self, step_per_epoch, unit, num_samples, landscape_size, create_landscape):
        meta_path = os.path.join(self._ckpt_dir, 'train_metadata.json')
        if os.path.isfile(meta_path):
            return
        data = {"epoch_group": self._epoch_group, "model_params_file_map": self._model_params_file_map,
                "step_per_epoch": step_per_epoch, "unit": unit, "num_samples": num_samples,
                "landscape_size": landscape_size, "create_landscape": create_landscape}
        with open(meta_path, 'w', encoding='utf-8') as file:
            json.dump(data, file)
        os.chmod(meta_path, stat.S_IRUSR)
