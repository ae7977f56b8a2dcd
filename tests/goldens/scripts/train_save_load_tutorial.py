"""MindSpore's save_load tutorial (2.x, "Saving and Loading the Model"), its code in order; the
outputs it prints are its cases (`label -> result` lines), recorded with MindSpore 2.10:

    /work/shared/tools/mindspore-oracle tests/goldens/scripts/train_save_load_tutorial.py \\
        > tests/goldens/train/train_save_load_tutorial.txt

Files are written to a temporary folder instead of the working directory.
"""
import json
import os
import shutil
import tempfile

import numpy as np
import mindspore
from mindspore import nn
from mindspore import Tensor

folder = tempfile.mkdtemp()
os.chdir(folder)


def network():
    model = nn.SequentialCell(
        nn.Flatten(),
        nn.Dense(28 * 28, 512),
        nn.ReLU(),
        nn.Dense(512, 512),
        nn.ReLU(),
        nn.Dense(512, 10)
    )
    return model


# Save and load the model weight
model = network()
mindspore.save_checkpoint(model, "model.ckpt")
model = network()
param_dict = mindspore.load_checkpoint("model.ckpt")
param_not_load, _ = mindspore.load_param_into_net(model, param_dict)
print("param_not_load -> " + json.dumps(param_not_load))

# Saving and loading MindIR
model = network()
inputs = Tensor(np.ones([1, 1, 28, 28]).astype(np.float32))
expected = model(inputs).asnumpy()
mindspore.export(model, inputs, file_name="model", file_format="MINDIR")
print("files -> " + json.dumps(sorted(os.listdir(folder))))
mindspore.set_context(mode=mindspore.GRAPH_MODE)
graph = mindspore.load("model.mindir")
model = nn.GraphCell(graph)
outputs = model(inputs)
print("outputs.shape -> " + json.dumps(list(outputs.shape)))
print("outputs_match_network -> " + json.dumps(bool(np.allclose(outputs.asnumpy(), expected, rtol=1e-5, atol=1e-6))))
os.chdir(os.path.dirname(folder))
shutil.rmtree(folder)
