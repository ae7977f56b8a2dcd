"""comm_func.P2POp and batch_isend_irecv: their checks in one process, as MindSpore 2.10 makes them
(recorded by mindspore-oracle into tests/goldens/parallel/comm_func_p2p_probe.out). Between
processes: tests/parallel/dp_worker.py."""
import mindspore as ms
import mindspore.communication.comm_func as cf

T = ms.Tensor(1.0)
P2P_CASES = [
    ("isend", ("isend", T, 1), {}),
    ("irecv function, shape and dtype", (cf.irecv, (2,), 0), {"recv_dtype": ms.float32}),
    ("isend function, group", (cf.isend, T, 1, "g"), {}),
    ("op not isend or irecv", ("x", T, 1), {}),
    ("op not a string or function", (3, T, 1), {}),
    ("tensor a list", ("isend", [1], 1), {}),
    ("peer a float", ("isend", T, 1.0), {}),
    ("tag", ("isend", T, 1), {"tag": 1}),
    ("recv_dtype not a dtype", ("irecv", (2,), 1), {"recv_dtype": 3}),
]
for label, args, kwargs in P2P_CASES:
    try:
        op = cf.P2POp(*args, **kwargs)
        print("P2POp", label, "->", op.op if isinstance(op.op, str) else op.op.__name__, op.peer,
              op.group, op.tag, op.recv_dtype, type(op.tensor).__name__)
    except Exception as e:  # noqa: BLE001 - the type and message are the golden
        print("P2POp", label, "->", type(e).__name__, str(e))

BATCH_CASES = [
    ("a tuple", ()),
    ("empty", []),
    ("not P2POps", [1]),
    ("irecv shape without dtype", [cf.P2POp("irecv", (2,), 1)]),
]
for label, ops in BATCH_CASES:
    try:
        cf.batch_isend_irecv(ops)
        print("batch_isend_irecv", label, "-> accepted")
    except Exception as e:  # noqa: BLE001 - the type and message are the golden
        print("batch_isend_irecv", label, "->", type(e).__name__, str(e))
