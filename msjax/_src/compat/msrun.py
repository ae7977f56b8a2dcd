"""`msjax msrun`: MindSpore's `msrun` launcher, starting a job's processes on JAX's runtime.

    msjax msrun --worker_num=2 --local_worker_num=2 --master_addr=127.0.0.1 \
        --master_port=8118 --log_dir=msrun_log --join=True train.py [ARGS...]

takes `msrun`'s options and starts `--local_worker_num` processes of `train.py` on this node, each
as `msjax run train.py ARGS...` (so `import mindspore` is msjax) with the environment MindSpore's
dynamic cluster gives a worker: MS_WORKER_NUM, MS_SCHED_HOST, MS_SCHED_PORT, MS_NODE_ID,
MS_ROLE=MS_WORKER, RANK_ID and RANK_SIZE. The script's `mindspore.communication.init()` then joins
the job through `jax.distributed` (communication.py); there is no scheduler process: rank 0 hosts
JAX's coordination service at `--master_addr:--master_port`. Each worker's output goes to
`LOG_DIR/worker_<rank>.log`, as msrun's does.

Differences from MindSpore's msrun: ranks are `node_rank * local_worker_num + i` (MindSpore's
scheduler may hand them out in arrival order when `--node_rank` is -1; here every node needs its
`--node_rank` unless all workers are local). With `--join=False` (msrun's default) the command
returns once the workers are started and they keep running; with `--join=True` it waits, and when
a worker fails it stops the others and exits with that worker's status.
"""
from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time


def _bool(text: str) -> bool:
    lowered = text.lower()
    if lowered not in ("true", "false", "1", "0"):
        raise argparse.ArgumentTypeError(f"expected True or False, got {text!r}")
    return lowered in ("true", "1")


def add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--worker_num", type=int, default=8,
                        help="processes in the whole job (default 8)")
    parser.add_argument("--local_worker_num", type=int, default=8,
                        help="processes started on this node (default 8)")
    parser.add_argument("--master_addr", default="127.0.0.1",
                        help="address of the node of rank 0, which serves the job")
    parser.add_argument("--master_port", type=int, default=8118, help="its port (default 8118)")
    parser.add_argument("--node_rank", type=int, default=-1,
                        help="this node's index (needed unless all workers are local)")
    parser.add_argument("--log_dir", default=".", help="where worker_<rank>.log files go")
    parser.add_argument("--join", type=_bool, default=False,
                        help="wait for the workers and exit with their status (default False)")
    parser.add_argument("task_script", help="the training script")
    parser.add_argument("task_script_args", nargs=argparse.REMAINDER)


def worker_ranks(args) -> range:
    """The ranks of this node's workers; ValueError naming the option and the fix."""
    if args.worker_num < 1 or args.local_worker_num < 1:
        raise ValueError(f"--worker_num ({args.worker_num}) and --local_worker_num "
                         f"({args.local_worker_num}) must be positive integers.")
    if args.local_worker_num > args.worker_num:
        raise ValueError(f"--local_worker_num={args.local_worker_num} is more than "
                         f"--worker_num={args.worker_num}: a node cannot start more workers than "
                         "the job has.")
    if args.local_worker_num == args.worker_num:
        return range(args.worker_num)  # all local: node_rank is ignored, as in msrun
    if args.node_rank < 0:
        raise ValueError(f"--node_rank is {args.node_rank}, but this node starts "
                         f"{args.local_worker_num} of {args.worker_num} workers: give each node "
                         "its index with --node_rank (0 on the node at --master_addr).")
    first = args.node_rank * args.local_worker_num
    if first + args.local_worker_num > args.worker_num:
        raise ValueError(f"--node_rank={args.node_rank} with --local_worker_num="
                         f"{args.local_worker_num} gives ranks {first} to "
                         f"{first + args.local_worker_num - 1}, beyond --worker_num="
                         f"{args.worker_num}.")
    return range(first, first + args.local_worker_num)


def worker_environment(args, rank: int, base=None) -> dict:
    env = dict(os.environ if base is None else base)
    env.update(MS_WORKER_NUM=str(args.worker_num), MS_SCHED_HOST=args.master_addr,
               MS_SCHED_PORT=str(args.master_port), MS_NODE_ID=str(rank), MS_ROLE="MS_WORKER",
               RANK_ID=str(rank), RANK_SIZE=str(args.worker_num))
    return env


def run(args) -> int:
    try:
        ranks = worker_ranks(args)
    except ValueError as error:
        print(f"msjax msrun: {error}", file=sys.stderr)
        return 2
    if not os.path.isfile(args.task_script):
        print(f"msjax msrun: the script {args.task_script!r} does not exist.", file=sys.stderr)
        return 2
    os.makedirs(args.log_dir, exist_ok=True)
    workers = []
    for rank in ranks:
        log = open(os.path.join(args.log_dir, f"worker_{rank}.log"), "wb")
        command = [sys.executable, "-m", "msjax", "run", args.task_script,
                   *args.task_script_args]
        workers.append((rank, subprocess.Popen(command, env=worker_environment(args, rank),
                                               stdout=log, stderr=subprocess.STDOUT,
                                               stdin=subprocess.DEVNULL), log))
    print(f"msjax msrun: started workers {ranks.start}..{ranks.stop - 1} of {args.worker_num}; "
          f"logs in {os.path.abspath(args.log_dir)}/worker_<rank>.log", file=sys.stderr)
    if not args.join:
        for _, _, log in workers:
            log.close()
        return 0
    return _wait(workers)


def _wait(workers) -> int:
    """Waits for every worker; on the first failure stops the others (their own process ids)
    and returns its status."""
    status = 0
    try:
        running = list(workers)
        while running:
            for item in list(running):
                code = item[1].poll()
                if code is None:
                    continue
                running.remove(item)
                if code != 0 and status == 0:
                    status = code
                    print(f"msjax msrun: worker {item[0]} exited with status {code} (see its "
                          "log); stopping the others.", file=sys.stderr)
                    for _, other, _ in running:
                        other.terminate()
            time.sleep(0.1)
    except KeyboardInterrupt:
        for _, process, _ in workers:
            if process.poll() is None:
                process.terminate()
        status = 130
    finally:
        for _, process, log in workers:
            try:
                process.wait(timeout=30)
            except subprocess.TimeoutExpired:
                process.kill()
                process.wait()
            log.close()
    return status
