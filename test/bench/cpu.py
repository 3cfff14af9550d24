#!/usr/bin/env python3
# CPU time (user + sys) of commands, interleaved, as ratios to the first one:
# on a loaded machine wall time mostly measures waiting for a core, CPU time
# what a run costs. Node cannot read a child's rusage; os.wait4 can (µs).
#   python3 test/bench/cpu.py 25 node0 'node -e 0' launcher 'node bin/cdba.js clusters list -o json' ...
# (set CDBA_BASE_URL, CDBA_PROJECT_ID and keys in the environment for calls).
# NODE_EXTRA_CA_CERTS is left out of the children's environment, as npm run bench
# leaves it out: with it every Node process parses that bundle at start-up (the
# system's 144 certificates: +41 ms of CPU for `node -e 0`), which flattens every ratio.
import os, statistics, subprocess, sys, time

env = {k: v for k, v in os.environ.items() if k != 'NODE_EXTRA_CA_CERTS'}
runs = int(sys.argv[1])
candidates = list(zip(sys.argv[2::2], sys.argv[3::2]))
cpu = {name: [] for name, _ in candidates}
wall = {name: [] for name, _ in candidates}
for r in range(runs):
    for name, command in candidates[r % len(candidates):] + candidates[:r % len(candidates)]:
        started = time.perf_counter()
        child = subprocess.Popen(['/bin/sh', '-c', 'exec ' + command], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL, env=env)
        _, status, usage = os.wait4(child.pid, 0)
        if status != 0:
            sys.exit(f'{name}: exit status {status}')
        wall[name].append((time.perf_counter() - started) * 1000)
        cpu[name].append((usage.ru_utime + usage.ru_stime) * 1000)
base_cpu = statistics.median(cpu[candidates[0][0]])
base_wall = statistics.median(wall[candidates[0][0]])
for name, _ in candidates:
    c, w = statistics.median(cpu[name]), statistics.median(wall[name])
    print(f'{name:24} cpu {c:6.1f} ms {c / base_cpu:5.2f}x   wall {w:6.1f} ms {w / base_wall:5.2f}x (min {min(wall[name]):.1f})')
print('load average', ' '.join(f'{x:.2f}' for x in os.getloadavg()), f'; {runs} rounds')
