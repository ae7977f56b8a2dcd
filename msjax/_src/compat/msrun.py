"""`msjax msrun`: MindSpore's `msrun` launcher, starting a job's processes on JAX's runtime.

    msjax msrun --worker_num=2 --local_worker_num=2 --master_addr=127.0.0.1 \\
        --master_port=8118 --log_dir=msrun_log --join=True train.py [ARGS...]

takes `msrun`'s options and starts `--local_worker_num` processes of `train.py` on this node, each
as `msjax run train.py ARGS...` (so `import mindspore` is msjax) with the environment MindSpore's
dynamic cluster gives a worker: MS_WORKER_NUM, MS_SCHED_HOST, MS_SCHED_PORT, MS_NODE_ID,
MS_ROLE=MS_WORKER, MS_TOPO_TIMEOUT (`--cluster_time_out`), RANK_ID, RANK_SIZE and DEVICE_ID. The
script's `mindspore.communication.init()` then joins the job through `jax.distributed`
(communication.py); there is no scheduler process: rank 0 hosts JAX's coordination service at
`--master_addr:--master_port`. Each worker's output goes to `LOG_DIR/worker_<rank>.log`
(`--worker_log_name` renames it, as msrun's does).

With `--join=True` msrun waits, copying the workers' logs to its output (`--tail_worker_log`
picks which, all by default); with `--join=False` (msrun's default) it returns once the workers
are started. Either way the job is watched (with `--join=False` by a watcher process left behind,
whose output is `LOG_DIR/msrun.log`): when a worker fails, its log's last lines are printed, every
other worker is stopped (its whole process group) and msrun exits non-zero (the worker's status,
or 128 + the signal that ended it); no worker is left running.

Differences from MindSpore's msrun: `--local_worker_num` omitted means all the workers when
`--worker_num` is at most 8 (MindSpore's default, 8, otherwise), so `msjax msrun --worker_num 2
train.py` runs as written, where MindSpore's msrun refuses it; ranks are `node_rank *
local_worker_num + i` (MindSpore's scheduler may hand them out in arrival order when
`--node_rank` is -1; here every node needs its `--node_rank` unless all workers are local).
MindSpore's core and NUMA binding, dry-run simulation and rank-table options are not accepted.
"""
from __future__ import annotations

import argparse
import os
import signal
import socket
import subprocess
import sys
import time

DEFAULT_LOCAL_WORKERS = 8  # MindSpore's default for --worker_num and --local_worker_num
LOG_TAIL_LINES = 30  # lines of a failed worker's log msrun prints
STOP_GRACE_SECONDS = 5.0  # between SIGTERM and SIGKILL of the other workers
_WATCHER = "MSJAX_MSRUN_WATCHER"  # set in the watcher `--join=False` leaves behind


def _bool(text: str) -> bool:
    if text not in ("True", "False"):
        raise argparse.ArgumentTypeError(f"invalid choice: {text!r} (choose from True, False)")
    return text == "True"


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--worker_num", type=int, default=DEFAULT_LOCAL_WORKERS,
                        help="processes in the whole job (default 8)")
    parser.add_argument("--local_worker_num", type=int, default=None,
                        help="processes started on this node (default: all of --worker_num when "
                             "it is at most 8, else 8)")
    parser.add_argument("--master_addr", default="127.0.0.1",
                        help="address of the node of rank 0, which serves the job")
    parser.add_argument("--master_port", type=int, default=8118, help="its port (default 8118)")
    parser.add_argument("--node_rank", type=int, default=-1,
                        help="this node's index (needed unless all workers are local)")
    parser.add_argument("--log_dir", default="", help="where worker_<rank>.log files go "
                                                     "(default: the current directory)")
    parser.add_argument("--join", type=_bool, default=False, metavar="{True,False}",
                        help="wait for the workers and exit with their status (default False)")
    parser.add_argument("--cluster_time_out", type=int, default=600,
                        help="seconds the workers wait for each other to join (default 600; "
                             "negative: no limit)")
    parser.add_argument("--worker_log_name", default="",
                        help="the log files' name before _<rank>.log (default worker; {ip} and "
                             "{hostname} are replaced)")
    parser.add_argument("--tail_worker_log", default="-1",
                        help="with --join=True, the local ranks whose logs are copied to the "
                             "output, comma-separated (default -1: all)")
    parser.add_argument("task_script", help="the training script")
    parser.add_argument("task_script_args", nargs=argparse.REMAINDER)


def local_worker_num(args) -> int:
    if args.local_worker_num is not None:
        return args.local_worker_num
    return min(args.worker_num, DEFAULT_LOCAL_WORKERS)


def worker_ranks(args) -> range:
    """The ranks of this node's workers; ValueError naming the option and the fix."""
    local = local_worker_num(args)
    if args.worker_num < 1 or local < 1:
        raise ValueError(f"--worker_num ({args.worker_num}) and --local_worker_num ({local}) "
                         "must be positive integers.")
    if local > args.worker_num:
        raise ValueError(f"--local_worker_num={local} is more than --worker_num="
                         f"{args.worker_num}: a node cannot start more workers than the job has.")
    if local == args.worker_num:
        return range(args.worker_num)  # all local: node_rank is ignored, as in msrun
    if args.node_rank < 0:
        raise ValueError(f"--node_rank is {args.node_rank}, but this node starts {local} of "
                         f"{args.worker_num} workers: give each node its index with --node_rank "
                         "(0 on the node at --master_addr).")
    first = args.node_rank * local
    if first + local > args.worker_num:
        raise ValueError(f"--node_rank={args.node_rank} with --local_worker_num={local} gives "
                         f"ranks {first} to {first + local - 1}, beyond --worker_num="
                         f"{args.worker_num}.")
    return range(first, first + local)


def worker_environment(args, rank: int, local_rank: int = 0, base=None) -> dict:
    env = dict(os.environ if base is None else base)
    env.pop(_WATCHER, None)
    env.update(MS_WORKER_NUM=str(args.worker_num), MS_SCHED_HOST=args.master_addr,
               MS_SCHED_PORT=str(args.master_port), MS_NODE_ID=str(rank), MS_ROLE="MS_WORKER",
               MS_TOPO_TIMEOUT=str(getattr(args, "cluster_time_out", 600)), RANK_ID=str(rank),
               RANK_SIZE=str(args.worker_num), DEVICE_ID=str(local_rank))
    return env


def log_name(args, rank: int) -> str:
    name = getattr(args, "worker_log_name", "") or "worker"
    if "{ip}" in name:
        name = name.replace("{ip}", _local_ip(args.master_addr))
    name = name.replace("{hostname}", socket.gethostname())
    return os.path.join(args.log_dir, f"{name}_{rank}.log")


def _local_ip(master_addr: str) -> str:
    """This node's address on the route to the master."""
    with socket.socket(socket.AF_INET, socket.SOCK_DGRAM) as probe:
        try:
            probe.connect((master_addr, 9))
            return probe.getsockname()[0]
        except OSError:
            return "127.0.0.1"


def _tailed_ranks(args, ranks: range) -> set:
    text = args.tail_worker_log.strip()
    if text == "-1":
        return set(ranks)
    try:
        chosen = {int(part) for part in text.split(",")}
    except ValueError:
        raise ValueError(f"--tail_worker_log={text!r} must be -1 or local ranks separated by "
                         "commas.") from None
    return {ranks[i] for i in chosen if 0 <= i < len(ranks)}


class Worker:
    """One started worker: its rank, process (leading its own process group) and log."""

    def __init__(self, rank, process, log_path):
        self.rank, self.process, self.log_path = rank, process, log_path
        self.printed = 0  # bytes of the log already copied to the output

    def stop(self, sig) -> None:
        """`sig` to the worker's process group, while the worker runs (not reaped: its id is
        still its own)."""
        if self.process.returncode is not None:
            return
        try:
            os.killpg(self.process.pid, sig)
        except (ProcessLookupError, PermissionError):
            pass


def run(args) -> int:
    try:
        ranks = worker_ranks(args)
        tailed = _tailed_ranks(args, ranks)
    except ValueError as error:
        print(f"msjax msrun: {error}", file=sys.stderr)
        return 2
    if not os.path.isfile(args.task_script):
        print(f"msjax msrun: the script {args.task_script!r} does not exist.", file=sys.stderr)
        return 2
    if args.log_dir:
        os.makedirs(args.log_dir, exist_ok=True)
    if not args.join and not os.environ.get(_WATCHER):
        return _leave_watcher(args)
    workers = []
    try:
        for local_rank, rank in enumerate(ranks):
            path = log_name(args, rank)
            command = [sys.executable, "-m", "msjax", "run", args.task_script,
                       *args.task_script_args]
            print(f"msjax msrun: starting worker of rank {rank}, log file {path}: "
                  f"{' '.join(command)}", file=sys.stderr, flush=True)
            with open(path, "wb") as log:
                process = subprocess.Popen(command, env=worker_environment(args, rank, local_rank),
                                           stdout=log, stderr=subprocess.STDOUT,
                                           stdin=subprocess.DEVNULL, start_new_session=True)
            workers.append(Worker(rank, process, path))
        return _wait(workers, tailed if not os.environ.get(_WATCHER) else set())
    finally:
        _stop_all(workers)
        if os.environ.get(_WATCHER):
            print("msjax msrun: no worker runs any more.", file=sys.stderr, flush=True)


def _leave_watcher(args) -> int:
    """`--join=False`: start this job under a watcher (msrun itself with `--join=True`, in its own
    session, its output in LOG_DIR/msrun.log) and return."""
    argv = [sys.executable, "-m", "msjax", "msrun", f"--worker_num={args.worker_num}",
            f"--local_worker_num={local_worker_num(args)}", f"--master_addr={args.master_addr}",
            f"--master_port={args.master_port}", f"--node_rank={args.node_rank}",
            f"--log_dir={args.log_dir}", "--join=True",
            f"--cluster_time_out={args.cluster_time_out}",
            f"--worker_log_name={args.worker_log_name}", args.task_script,
            *args.task_script_args]
    path = os.path.join(args.log_dir, "msrun.log")
    with open(path, "wb") as log:
        subprocess.Popen(argv, env=dict(os.environ, **{_WATCHER: "1"}), stdout=log,
                         stderr=subprocess.STDOUT, stdin=subprocess.DEVNULL,
                         start_new_session=True)
    print(f"msjax msrun: the job is starting; logs in {os.path.abspath(args.log_dir or '.')} "
          f"(worker_<rank>.log; msrun.log says how it ended)", file=sys.stderr)
    return 0


def _copy_new_output(workers, tailed) -> None:
    for worker in workers:
        if worker.rank not in tailed:
            continue
        try:
            with open(worker.log_path, "rb") as log:
                log.seek(worker.printed)
                data = log.read()
        except OSError:
            continue
        if data:
            worker.printed += len(data)
            sys.stdout.buffer.write(data)
            sys.stdout.flush()


def _log_tail(path: str, lines: int = LOG_TAIL_LINES) -> str:
    try:
        with open(path, "rb") as log:
            log.seek(0, os.SEEK_END)
            log.seek(max(0, log.tell() - 64 * 1024))
            text = log.read().decode("utf-8", "replace")
    except OSError as error:
        return f"(its log cannot be read: {error})"
    return "\n".join(text.splitlines()[-lines:])


def _status_of(code: int) -> int:
    return code if code > 0 else 128 - code  # killed by signal N: 128 + N, as a shell says


class _Stopped(Exception):
    """msrun itself was asked to stop (SIGTERM, SIGHUP)."""


def _raise_stopped(signum, frame):
    raise _Stopped(signum)


def _wait(workers, tailed) -> int:
    """Waits for every worker, copying the tailed logs; on the first failure prints that worker's
    log tail, stops the others and returns its status."""
    previous = {sig: signal.signal(sig, _raise_stopped) for sig in (signal.SIGTERM, signal.SIGHUP)}
    try:
        running = list(workers)
        while running:
            _copy_new_output(workers, tailed)
            for worker in list(running):
                code = worker.process.poll()
                if code is None:
                    continue
                running.remove(worker)
                if code != 0:
                    _copy_new_output(workers, tailed)
                    how = (f"was killed by signal {-code}" if code < 0
                           else f"exited with status {code}")
                    print(f"msjax msrun: worker {worker.rank} {how}; the last lines of "
                          f"{worker.log_path}:\n{_log_tail(worker.log_path)}\n"
                          f"msjax msrun: stopping the other workers.", file=sys.stderr,
                          flush=True)
                    return _status_of(code)
            time.sleep(0.1)
        _copy_new_output(workers, tailed)
        print("msjax msrun: every worker exited with status 0.", file=sys.stderr, flush=True)
        return 0
    except KeyboardInterrupt:
        print("msjax msrun: interrupted; stopping the workers.", file=sys.stderr)
        return 130
    except _Stopped as stopped:
        print("msjax msrun: stopped; stopping the workers.", file=sys.stderr)
        return 128 + stopped.args[0]
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)


def _stop_all(workers) -> None:
    """Stop every worker still running (SIGTERM to its process group, SIGKILL after
    STOP_GRACE_SECONDS, to the whole group: the processes it started too) and reap it."""
    for worker in workers:
        worker.stop(signal.SIGTERM)
    deadline = time.monotonic() + STOP_GRACE_SECONDS
    for worker in workers:
        try:
            worker.process.wait(timeout=max(0.0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            pass
        if worker.process.returncode is None:
            worker.stop(signal.SIGKILL)
            worker.process.wait()
