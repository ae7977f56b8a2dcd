"""`ProgressBar`: msjax's own training callback (not in MindSpore), a tqdm progress bar.

One bar per epoch (or one per evaluation) showing steps done, the last loss and steps per
second; in Jupyter it is tqdm's notebook widget (`tqdm.auto`). tqdm is imported when the first
bar is made, so `import mindspore` does not load it.
"""
from __future__ import annotations

from msjax._src.train.callback import Callback, handle_loss


class ProgressBar(Callback):
    """A tqdm progress bar for `Model.train`/`fit`/`eval` (msjax only; MindSpore has none).

    Args:
        loss_format: how the loss is shown in the bar's postfix (default 4 decimals).
        leave: keep each epoch's finished bar on screen (tqdm's `leave`).
        file: where the bar is written (tqdm's `file`; default stderr).

    Example:
        >>> model.train(3, dataset, callbacks=[msjax.train.ProgressBar()])
        Epoch 1/3: 100%|██████████| 938/938 [00:04<00:00, 210.3step/s, loss=0.1532]
    """

    def __init__(self, loss_format="{:.4f}", leave=True, file=None):
        super().__init__()
        self.loss_format = loss_format
        self.leave = leave
        self.file = file
        self.bar = None

    def _open(self, total, description):
        from tqdm.auto import tqdm
        self._close()
        self.bar = tqdm(total=total, desc=description, unit="step", leave=self.leave, file=self.file)

    def _close(self):
        if self.bar is not None:
            self.bar.close()
            self.bar = None

    def _advance(self, run_context, steps):
        cb_params = run_context.original_args()
        loss = handle_loss(cb_params.get("net_outputs"))
        if self.bar is None:
            return
        if isinstance(loss, float):
            self.bar.set_postfix_str(f"loss={self.loss_format.format(loss)}", refresh=False)
        self.bar.update(steps)

    def on_train_epoch_begin(self, run_context):
        cb_params = run_context.original_args()
        self._last_step = cb_params.cur_step_num
        self._open(cb_params.batch_num, f"Epoch {cb_params.cur_epoch_num}/{cb_params.epoch_num}")

    def on_train_step_end(self, run_context):
        step = run_context.original_args().cur_step_num
        self._advance(run_context, step - self._last_step)  # a sink chunk advances many steps
        self._last_step = step

    def on_train_epoch_end(self, run_context):
        self._close()

    def on_eval_begin(self, run_context):
        self._training_bar, self.bar = self.bar, None
        self._open(run_context.original_args().batch_num, "Eval")

    def on_eval_step_end(self, run_context):
        self._advance(run_context, 1)

    def on_eval_end(self, run_context):
        self._close()
        self.bar = getattr(self, "_training_bar", None)

    def __exit__(self, *err):
        self._close()
