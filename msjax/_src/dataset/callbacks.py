"""`mindspore.dataset.DSCallback` and `WaitedDSCallback`: callbacks a `Dataset.map` runs as rows
pass through it.

A map given `callbacks=` runs, for each iterator over the pipeline: `ds_begin` once (epoch 0,
step 0), `ds_epoch_begin` at the start of each of the iterator's epochs, `ds_step_begin` and
`ds_step_end` around the map of every `step_size`-th row of an epoch (the 1st, the
`step_size + 1`-th, ...), and `ds_epoch_end` when the iterator's epoch ends. Steps count the rows
the map sees, through every pass of a `repeat` above it, within the epoch
(`cur_step_num_in_epoch`) and since the iterator began (`cur_step_num`). Counting a pipeline's
size or shapes runs none.

The map runs such rows one at a time, in order, in the pipeline's read-ahead thread (MindSpore's
map runs them in its own threads, a chunk of step_begin calls before their step_end ones).
`WaitedDSCallback` is also a training Callback: from the second step on, its `ds_step_begin`
waits until training has ended a step (`step_end`), and from the second epoch on its
`ds_epoch_begin` waits for `epoch_end`, then calls `sync_step_begin`/`sync_epoch_begin`; after
`ds.config.get_callback_timeout()` seconds it raises MindSpore's RuntimeError.
"""
from __future__ import annotations

import os
import threading

from msjax._src.dataset import config
from msjax._src.dataset.rows import call_user_function
from msjax._src.dataset.vision_checks import INT32_MAX, check_interval, type_check
from msjax._src.train.callback import Callback

_HOOKS = ("ds_begin", "ds_epoch_begin", "ds_epoch_end", "ds_step_begin", "ds_step_end")


class DSRunContext:
    """What a dataset callback is given (MindSpore's `CallbackParam`): the epoch (from 1; 0 in
    `ds_begin`), the step within it and the step since the iterator began."""

    def __init__(self, cur_epoch_num: int, cur_step_num_in_epoch: int, cur_step_num: int):
        self.cur_epoch_num = cur_epoch_num
        self.cur_step_num_in_epoch = cur_step_num_in_epoch
        self.cur_step_num = cur_step_num

    def __repr__(self):
        return (f"DSRunContext(cur_epoch_num={self.cur_epoch_num}, cur_step_num_in_epoch="
                f"{self.cur_step_num_in_epoch}, cur_step_num={self.cur_step_num})")


class DSCallback:
    """`mindspore.dataset.DSCallback(step_size=1)`: override any of `ds_begin`, `ds_epoch_begin`,
    `ds_epoch_end`, `ds_step_begin`, `ds_step_end` (each given a run context) and pass it to
    `Dataset.map(..., callbacks=)`."""

    def __init__(self, step_size=1):
        type_check(step_size, (int,), "step_size")
        check_interval(step_size, 1, INT32_MAX, "step_size")
        self.step_size = step_size

    def ds_begin(self, ds_run_context):
        """Called once, before the pipeline's first row."""

    def ds_epoch_begin(self, ds_run_context):
        """Called at the start of each epoch."""

    def ds_epoch_end(self, ds_run_context):
        """Called at the end of each epoch."""

    def ds_step_begin(self, ds_run_context):
        """Called before the map of every `step_size`-th row of an epoch."""

    def ds_step_end(self, ds_run_context):
        """Called after the map of every `step_size`-th row of an epoch."""

    def _hooks(self) -> dict:
        """{hook name: bound method} of the hooks this class overrides (MindSpore runs only
        those, and refuses a callback that overrides none)."""
        hooks = {name: getattr(self, name) for name in _HOOKS
                 if getattr(type(self), name) is not getattr(DSCallback, name)}
        if not hooks:
            raise _nothing_overridden()
        return hooks


def _nothing_overridden():
    return AttributeError("Inheriting Callback class without overriding any methods, check the "
                          "usage of user defined Callback.")


class WaitedDSCallback(Callback, DSCallback):
    """`mindspore.dataset.WaitedDSCallback(step_size=1)`: a dataset callback kept in step with
    training. Override `sync_epoch_begin(train_run_context, ds_run_context)` and/or
    `sync_step_begin(...)`, and pass the object both to `Dataset.map(..., callbacks=)` and to
    `Model.train(..., callbacks=)`."""

    def __init__(self, step_size=1):  # pylint: disable=super-init-not-called
        # MindSpore checks no step_size here
        self.step_size = step_size
        self._step = _Handover()
        self._epoch = _Handover()

    def sync_epoch_begin(self, train_run_context, ds_run_context):
        """Called at the start of each epoch after the first, once training ended the last."""

    def sync_step_begin(self, train_run_context, ds_run_context):
        """Called before every `step_size`-th step after the first, once training ended one."""

    # training's side
    def step_end(self, run_context):
        self._step.give(run_context)

    def epoch_end(self, run_context):
        self._epoch.give(run_context)

    def end(self, run_context):
        """Training ended: nothing waits any longer."""
        self._epoch.give(run_context)
        self._step.give(run_context)

    # the dataset's side
    def ds_epoch_begin(self, ds_run_context):
        if ds_run_context.cur_epoch_num > 1:
            train_context = self._epoch.take("ds_epoch_begin")
            self.sync_epoch_begin(train_context, ds_run_context)

    def ds_step_begin(self, ds_run_context):
        if ds_run_context.cur_step_num > self.step_size:
            train_context = self._step.take("ds_step_begin")
            self.sync_step_begin(train_context, ds_run_context)

    def _hooks(self) -> dict:
        hooks = {}
        if type(self).sync_step_begin is not WaitedDSCallback.sync_step_begin:
            hooks["ds_step_begin"] = self.ds_step_begin
        if type(self).sync_epoch_begin is not WaitedDSCallback.sync_epoch_begin:
            hooks["ds_epoch_begin"] = self.ds_epoch_begin
        if not hooks:
            raise _nothing_overridden()
        return hooks


class _Handover:
    """A training run context handed from training's thread to the pipeline's: `take` waits
    for the next `give` (or takes one given already)."""

    def __init__(self):
        self._given = threading.Event()
        self._context = None

    def give(self, run_context):
        self._context = run_context
        self._given.set()

    def take(self, hook: str):
        timeout = config.get_callback_timeout()
        if not self._given.wait(timeout):
            raise RuntimeError(f"{hook} timed out after {timeout} second(s).")
        self._given.clear()
        context, self._context = self._context, None
        return context


def check_map_callbacks(callbacks):
    """`Dataset.map`'s check of `callbacks` (a DSCallback or a list of them): the list."""
    if callbacks is None:
        return []
    if os.environ.get("MS_INDEPENDENT_DATASET", "").lower() == "true":
        raise RuntimeError("Dataset Callbacks is not supported in Dataset Independent mode.")
    if isinstance(callbacks, list):
        for index, callback in enumerate(callbacks):
            type_check(callback, (DSCallback,), f"callbacks[{index}]")
        return list(callbacks)
    type_check(callbacks, (list, DSCallback) if isinstance(callbacks, tuple) else (DSCallback,),
               "callbacks")
    return [callbacks]


class MapCallbacks:
    """One map's callbacks during one iterator's life: the counts and the hooks to run."""

    def __init__(self, callbacks):
        self._hooks = [(callback.step_size, callback._hooks()) for callback in callbacks]
        self._begun = False
        self._epoch = 0  # the epoch begun last (from 1), 0 before the first
        self._ended = True
        self._in_epoch = 0
        self._steps = 0

    def _run(self, name, context, step_in_epoch=None):
        for step_size, hooks in self._hooks:
            if name in hooks and (step_in_epoch is None or (step_in_epoch - 1) % step_size == 0):
                call_user_function(hooks[name], (context,), f"Dataset callback '{name}'")

    def start_epoch(self, iterator_epoch: int):
        """Before the map's first row of the iterator's epoch `iterator_epoch` (from 0); once
        per epoch, whichever pass of a repeat reaches it first."""
        if not self._begun:
            self._begun = True
            self._run("ds_begin", DSRunContext(0, 0, 0))
        if iterator_epoch + 1 != self._epoch:
            self._epoch, self._in_epoch, self._ended = iterator_epoch + 1, 0, False
            self._run("ds_epoch_begin", DSRunContext(self._epoch, 0, self._steps))

    def around_row(self, apply):
        """`apply()` (the map of one row) between the step hooks."""
        self._in_epoch += 1
        self._steps += 1
        context = DSRunContext(self._epoch, self._in_epoch, self._steps)
        self._run("ds_step_begin", context, self._in_epoch)
        result = apply()
        self._run("ds_step_end", context, self._in_epoch)
        return result

    def end_epoch(self):
        if not self._ended and self._epoch:
            self._ended = True
            self._run("ds_epoch_end", DSRunContext(self._epoch, self._in_epoch, self._steps))


class IteratorCallbacks:
    """The map callbacks of one iterator: each map's `MapCallbacks`, made when first built."""

    def __init__(self):
        self._maps: dict = {}

    def of(self, node) -> MapCallbacks:
        found = self._maps.get(node.node_id)
        if found is None:
            found = self._maps[node.node_id] = MapCallbacks(node.callbacks)
        return found

    def end_epoch(self):
        """The iterator's epoch ended: every map that began it ends it."""
        for callbacks in self._maps.values():
            callbacks.end_epoch()
