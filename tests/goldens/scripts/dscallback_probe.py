"""mindspore.dataset.DSCallback and WaitedDSCallback: which callback a map runs when, with what
run context (epoch, step in epoch, step), with step_size, repeat, several maps and callbacks, a
batch after the map, Model.train syncing a WaitedDSCallback, and the errors for bad arguments.
Prints `label -> result` lines. Golden: tests/goldens/dataset/dscallback_probe.out (MindSpore
2.10, CPU); test: tests/dataset/test_dscallback.py."""
import os

import mindspore.dataset as ds
from mindspore import nn
from mindspore.dataset.callback import DSCallback, WaitedDSCallback
from mindspore.train import Callback, Model


class Recorder(DSCallback):
    def __init__(self, events, tag="", step_size=1):
        super().__init__(step_size)
        self.events, self.tag = events, tag

    def _add(self, name, c):
        self.events.append(f"{self.tag}{name}:{c.cur_epoch_num}/{c.cur_step_num_in_epoch}/{c.cur_step_num}")

    def ds_begin(self, ds_run_context):
        self._add("begin", ds_run_context)

    def ds_epoch_begin(self, ds_run_context):
        self._add("eb", ds_run_context)

    def ds_epoch_end(self, ds_run_context):
        self._add("ee", ds_run_context)

    def ds_step_begin(self, ds_run_context):
        self._add("sb", ds_run_context)

    def ds_step_end(self, ds_run_context):
        self._add("se", ds_run_context)


class StepsOnly(DSCallback):
    def __init__(self, events, step_size=1):
        super().__init__(step_size)
        self.events = events

    def ds_step_end(self, ds_run_context):
        c = ds_run_context
        self.events.append(f"se:{c.cur_epoch_num}/{c.cur_step_num_in_epoch}/{c.cur_step_num}")


KINDS = ("begin", "eb", "sb", "se", "ee")


def canonical(events):
    """The events in one order: MindSpore's map runs a chunk of rows' step_begin callbacks
    before their step_end ones, in an order that varies with its threads; each callback's
    sequence, sorted by step and then begin, epoch begin, step begin, step end, epoch end."""
    def key(event):
        name, numbers = event.split(":")
        tag, _, kind = name.rpartition(".")
        epoch, in_epoch, step = (int(n) for n in numbers.split("/"))
        return tag, epoch, step, KINDS.index(kind)
    return sorted(events, key=key)


def run(label, build, epochs, rows=4):
    events = []
    data = build(events, ds.NumpySlicesDataset(list(range(1, rows + 1)), shuffle=False))
    it = data.create_tuple_iterator(num_epochs=epochs, output_numpy=True)
    got = []
    for _ in range(epochs):
        got.append([int(r[0].sum()) for r in it])
    print(f"{label} -> rows={got} events={' '.join(canonical(events))}")


run("one cb 2 epochs", lambda ev, d: d.map(lambda x: x, callbacks=Recorder(ev)), 2, 3)
run("one cb 1 epoch", lambda ev, d: d.map(lambda x: x, callbacks=Recorder(ev)), 1, 2)
run("step_size 2", lambda ev, d: d.map(lambda x: x, callbacks=Recorder(ev, step_size=2)), 2, 3)
run("step_size 4 of 3", lambda ev, d: d.map(lambda x: x, callbacks=Recorder(ev, step_size=4)), 2, 3)
run("repeat 3 after map", lambda ev, d: d.map(lambda x: x, callbacks=Recorder(ev)).repeat(3), 2, 2)
run("repeat 2 step 2", lambda ev, d: d.map(lambda x: x, callbacks=Recorder(ev, step_size=2)).repeat(2), 2, 3)
run("repeat before map", lambda ev, d: d.repeat(2).map(lambda x: x, callbacks=Recorder(ev)), 2, 2)
run("two callbacks", lambda ev, d: d.map(lambda x: x, callbacks=[Recorder(ev, "a."), Recorder(ev, "b.")]), 2, 2)
run("two maps", lambda ev, d: d.map(lambda x: x, callbacks=Recorder(ev, "m1.")).map(
    lambda x: x * 10, callbacks=Recorder(ev, "m2.")), 1, 2)
run("batch after map", lambda ev, d: d.map(lambda x: x, callbacks=Recorder(ev)).batch(2), 2, 4)
run("batch before map", lambda ev, d: d.batch(2).map(lambda x: x, callbacks=Recorder(ev)), 1, 4)
run("steps only", lambda ev, d: d.map(lambda x: x, callbacks=StepsOnly(ev)), 2, 3)

events = []
data = ds.NumpySlicesDataset([1, 2, 3, 4], shuffle=False).map(lambda x: x, callbacks=Recorder(events))
print("get_dataset_size ->", data.get_dataset_size(), data.output_shapes(), data.output_types(),
      "events:", " ".join(events) or "none")
for _ in data.create_dict_iterator(num_epochs=1):
    pass
print("then iterated ->", " ".join(canonical(events)))

events = []
data = ds.NumpySlicesDataset([1, 2, 3], shuffle=False).map(lambda x: x, callbacks=Recorder(events))
first = [int(r[0]) for r in data]
print("iterated twice ->", first, [int(r[0]) for r in data], " ".join(canonical(events[:len(events) // 2])),
      "|", " ".join(canonical(events[len(events) // 2:])))


class Synced(WaitedDSCallback):
    def __init__(self, events, step_size=1):
        super().__init__(step_size)
        self.events = events

    def sync_epoch_begin(self, train_run_context, ds_run_context):
        self.events.append(f"ds_epoch_begin_{ds_run_context.cur_epoch_num}_{ds_run_context.cur_step_num}")

    def sync_step_begin(self, train_run_context, ds_run_context):
        self.events.append(f"ds_step_begin_{ds_run_context.cur_epoch_num}_{ds_run_context.cur_step_num}")


class Train(Callback):
    def __init__(self, events):
        self.events = events

    def epoch_end(self, run_context):
        p = run_context.original_args()
        self.events.append(f"ms_epoch_end_{p.cur_epoch_num}_{p.cur_step_num}")

    def step_end(self, run_context):
        p = run_context.original_args()
        self.events.append(f"ms_step_end_{p.cur_epoch_num}_{p.cur_step_num}")


class Net(nn.Cell):
    def construct(self, x, y):
        return x


for step_size, batch in ((1, 1), (2, 2)):
    events = []
    synced = Synced(events, step_size)
    data = ds.NumpySlicesDataset(([1, 2, 3, 4], [1, 2, 3, 4]), column_names=["c1", "c2"], shuffle=False)
    data = data.map(lambda x: x, callbacks=synced)
    if batch > 1:
        data = data.batch(batch)
    Model(Net()).train(2, data, dataset_sink_mode=False, callbacks=[Train(events), synced])
    print(f"model.train step_size={step_size} batch={batch} ->", " ".join(events))

print("isinstance WaitedDSCallback ->", isinstance(Synced([]), Callback), isinstance(Synced([]), DSCallback))
print("DSCallback step_size default ->", DSCallback().step_size)


def error(label, fn):
    try:
        fn()
        print(f"{label} -> no error")
    except Exception as e:  # noqa: BLE001
        text = str(e)
        first = text.splitlines()[0] if text else ""
        # the user's exception, as the message quotes it (last such line of the Python stack)
        quoted = [line.strip() for line in text.splitlines()[1:]
                  if line.strip().startswith(("RuntimeError: ", "ValueError: "))]
        print(f"{label} -> {type(e).__name__}: {first}" + (f" | {quoted[-1]}" if quoted else ""))


def iterate(data):
    for _ in data:
        pass


def numbers():
    return ds.NumpySlicesDataset([1, 2, 3, 4], shuffle=False)


error("callbacks=0", lambda: numbers().map(lambda x: x, callbacks=0))
error("callbacks=[cb, 0]", lambda: numbers().map(lambda x: x, callbacks=[Recorder([]), 0]))
error("callbacks=()", lambda: iterate(numbers().map(lambda x: x, callbacks=())))
error("callbacks=[]", lambda: iterate(numbers().map(lambda x: x, callbacks=[])))
error("step_size=0", lambda: DSCallback(0))
error("step_size=-1", lambda: DSCallback(-1))
error("step_size=1.5", lambda: DSCallback(1.5))
error("step_size=True", lambda: DSCallback(True))
error("waited step_size=0", lambda: WaitedDSCallback(0))


class Nothing(DSCallback):
    pass


class WaitedNothing(WaitedDSCallback):
    pass


error("no method overridden", lambda: iterate(numbers().map(lambda x: x, callbacks=Nothing())))
error("waited no sync method", lambda: iterate(numbers().map(lambda x: x, callbacks=WaitedNothing())))


class BadBegin(DSCallback):
    def ds_begin(self, ds_run_context):
        raise RuntimeError("Bad begin")


class BadStep(DSCallback):
    def ds_step_end(self, ds_run_context):
        if ds_run_context.cur_step_num == 2:
            raise ValueError("bad step")


error("ds_begin raises", lambda: iterate(numbers().map(lambda x: x, callbacks=BadBegin())))
error("ds_step_end raises", lambda: iterate(numbers().map(lambda x: x, callbacks=BadStep())))

default_timeout = ds.config.get_callback_timeout()
ds.config.set_callback_timeout(1)
events = []
synced = Synced(events, 2)
data = ds.NumpySlicesDataset(([1, 2, 3, 4], [1, 2, 3, 4]), column_names=["c1", "c2"], shuffle=False)
data = data.map(lambda x: x, callbacks=synced).batch(3)
error("waited mismatch", lambda: Model(Net()).train(2, data, dataset_sink_mode=False,
                                                    callbacks=[Train(events), synced]))
print("waited mismatch events ->", " ".join(events))
os.environ["MS_INDEPENDENT_DATASET"] = "True"
error("independent mode", lambda: numbers().map(lambda x: x, callbacks=[Synced([])]))
os.environ.pop("MS_INDEPENDENT_DATASET")
ds.config.set_callback_timeout(default_timeout)
