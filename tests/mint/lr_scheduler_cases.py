"""The lr scheduler cases: (key, constructor expression, what to run), shared by the golden script
(tests/goldens/scripts/lr_scheduler.py, under MindSpore 2.10) and tests/mint/test_lr_scheduler.py
(under msjax). In the expressions, `opt` is an experimental.optim.SGD over two param groups
(lr 0.1 and 0.05) and `lr_scheduler` the module. `steps` calls `step()` that many times;
`epochs` calls `step(epoch)` for each; `metrics` calls `step(metric)` (ReduceLROnPlateau)."""
CASES = [
    ("step", "lr_scheduler.StepLR(opt, step_size=2, gamma=0.5)", {"steps": 6, "epochs": [3, 5]}),
    ("linear", "lr_scheduler.LinearLR(opt, start_factor=0.25, end_factor=1.0, total_iters=4)",
     {"steps": 6, "epochs": [2, 7]}),
    ("exponential", "lr_scheduler.ExponentialLR(opt, gamma=0.9)", {"steps": 4, "epochs": [3]}),
    ("polynomial", "lr_scheduler.PolynomialLR(opt, total_iters=4, power=2.0)",
     {"steps": 6, "epochs": [2, 5]}),
    ("lambda", "lr_scheduler.LambdaLR(opt, lambda epoch: 0.8 ** epoch)", {"steps": 4}),
    ("lambda_per_group", "lr_scheduler.LambdaLR(opt, [lambda e: 1.0 / (e + 1), lambda e: 0.5 * e"
     " + 1])", {"steps": 3}),
    ("multiplicative", "lr_scheduler.MultiplicativeLR(opt, lambda epoch: 0.95)", {"steps": 4}),
    ("multistep", "lr_scheduler.MultiStepLR(opt, milestones=[2, 4, 4], gamma=0.5)", {"steps": 6}),
    ("constant", "lr_scheduler.ConstantLR(opt, factor=0.5, total_iters=3)",
     {"steps": 5, "epochs": [1, 4]}),
    ("cosine", "lr_scheduler.CosineAnnealingLR(opt, T_max=3, eta_min=0.01)",
     {"steps": 8, "epochs": [2]}),
    # (MindSpore 2.10's step(epoch) past T_0 with T_mult > 1 raises TypeError from its own
    # ops.Log call: that path is checked against PyTorch's formula in the test instead.)
    ("cosine_restarts", "lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=3, T_mult=2, "
     "eta_min=0.001)", {"steps": 10, "epochs": [2]}),
    ("cosine_restarts_mult1", "lr_scheduler.CosineAnnealingWarmRestarts(opt, T_0=2)",
     {"steps": 5, "epochs": [7, 1]}),
    ("cyclic", "lr_scheduler.CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=2)",
     {"steps": 6}),
    ("cyclic_triangular2", "lr_scheduler.CyclicLR(opt, base_lr=[0.01, 0.02], max_lr=0.1, "
     "step_size_up=1, step_size_down=2, mode='triangular2')", {"steps": 7}),
    ("cyclic_exp_range", "lr_scheduler.CyclicLR(opt, base_lr=0.01, max_lr=0.1, step_size_up=2, "
     "mode='exp_range', gamma=0.9)", {"steps": 5}),
    ("sequential", "lr_scheduler.SequentialLR(opt, [lr_scheduler.ConstantLR(opt, factor=0.1, "
     "total_iters=2), lr_scheduler.ExponentialLR(opt, gamma=0.9)], milestones=[2])",
     {"steps": 5}),
    ("plateau", "lr_scheduler.ReduceLROnPlateau(opt, mode='min', factor=0.5, patience=1, "
     "cooldown=1, min_lr=0.02)", {"metrics": [1.0, 0.9, 0.95, 0.95, 0.95, 0.95, 0.8, 0.85,
                                              0.85, 0.85]}),
    ("plateau_max_abs", "lr_scheduler.ReduceLROnPlateau(opt, mode='max', factor=0.1, "
     "patience=0, threshold=0.1, threshold_mode='abs')", {"metrics": [1.0, 1.05, 1.2, 1.25]}),
]


def run(scheduler, plan):
    """[get_last_lr() after construction, then after each call], as lists of floats."""
    def rates():
        return [float(lr.asnumpy()) for lr in scheduler.get_last_lr()]
    trace = [rates()]
    for _ in range(plan.get("steps", 0)):
        scheduler.step()
        trace.append(rates())
    for epoch in plan.get("epochs", ()):
        scheduler.step(epoch)
        trace.append(rates())
    for metric in plan.get("metrics", ()):
        scheduler.step(metric)
        trace.append(rates())
    return trace
