"""A keyword argument that the called function or sub-Cell does not take, inside a GRAPH_MODE
Cell or a jit function: MindSpore 2.10's RuntimeError (a top-level call keeps Python's
TypeError). Golden: tests/goldens/compiler/graph_keyword_arguments.txt."""
import mindspore as ms
from mindspore import nn, jit

ms.set_context(mode=ms.GRAPH_MODE)


class SubNet(nn.Cell):
    def construct(self, a=1, b=2):
        return a + b


class Net(nn.Cell):
    def __init__(self):
        super().__init__()
        self.subnet = SubNet()

    def construct(self, a, b):
        return self.subnet(aa=a, bb=b)


class GoodKeywords(Net):
    def construct(self, a, b):
        return self.subnet(b=a, a=b) * 10 + self.subnet(b=b)


def f(a, b=2):
    return a + b


def g(a, **options):
    return a + len(options)


class FunctionNet(nn.Cell):
    def construct(self, a):
        return f(a, c=3)


class VarKeywordNet(nn.Cell):
    def construct(self, a):
        return g(a, c=3, d=4)


@jit
def jit_function(a):
    return f(a, zz=1)


for label, call in [("sub-Cell unknown keyword", lambda: Net()(1, 2)),
                    ("sub-Cell keywords", lambda: GoodKeywords()(1, 2)),
                    ("function unknown keyword", lambda: FunctionNet()(1)),
                    ("function **kwargs", lambda: VarKeywordNet()(1)),
                    ("jit function unknown keyword", lambda: jit_function(1))]:
    try:
        print(label, "->", call())
    except Exception as e:  # pylint: disable=broad-except
        print(label, "->", type(e).__name__, str(e).split("\n")[0])
