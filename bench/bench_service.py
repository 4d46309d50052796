"""Service benchmark: ``deckcheck serve`` on loopback under 32 concurrent connections.

1. POST /v1/validate with a real 55-card deck (AI_Blackwing.ydk, valid for tcg on the date):
   requests per second and p50/p99 latency (targets: >= 1,000 req/s, p99 <= 50 ms).
2. A normal request's latency while hostile requests arrive (issue 11.2): one client posts
   the same deck one request at a time, first alone ("idle"), then while HOSTILE client
   processes post decks of 25 names no card has, each request new names (the service's
   maximum, each a "did you mean" search): 20 such requests at once every second, in all.
   Medians of both, side by side (target: under attack within 2x of idle).
3. Memory under unknown passcodes (issue 11.1): the server's resident memory before and
   after 1,500 POSTs of an 11 KB deck of 1,000 passcodes no card has.
4. POST /v1/events/{id}/registrations against PostgreSQL (a distinct player per request):
   registrations per second and p99. Needs DECKCHECK_BENCH_DATABASE_URL or
   DECKCHECK_TEST_DATABASE_URL (as .ci/services.sh sets up); skipped without one.

The load comes from wrk (Debian package ``wrk``) when it is installed, else from an asyncio
httpx client in this process (which then competes with the server for the two cores). Every
run is bounded in time; all traffic goes to 127.0.0.1. Also printed: the server's CPU time
per request (all its worker processes), which says what the machine could do without the
other jobs that share it. Record the medians in bench/README.md under "Service".

Run: python bench/bench_service.py [--runs 3] [--seconds 10] [--workers 2] [--hostile 4]
"""

from __future__ import annotations

import argparse
import asyncio
import json
import multiprocessing
import os
import platform
import re
import shutil
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import date
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
DECK = ROOT.parent / "shared" / "data" / "decks" / "AI_Blackwing.ydk"
DAY = "2026-06-01"
CONNECTIONS = 32
HOST = "127.0.0.1"
HOSTILE_IN_FLIGHT = 20  # hostile requests sent at once every second, over all clients
MEMORY_REQUESTS = 1500


@dataclass
class Result:
    requests: int
    seconds: float
    p50_ms: float
    p99_ms: float
    errors: int
    cpu_ms: float = 0.0

    @property
    def rate(self) -> float:
        return self.requests / self.seconds


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return int(s.getsockname()[1])


def children(pid: int) -> list[int]:
    found = []
    for entry in Path("/proc").iterdir():
        if entry.name.isdigit():
            try:
                fields = (entry / "stat").read_text().rsplit(")", 1)[1].split()
            except OSError:
                continue
            if int(fields[1]) == pid:
                found.append(int(entry.name))
    return found


def cpu_ticks(pids: list[int]) -> int:
    total = 0
    for pid in pids:
        try:
            fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        total += int(fields[11]) + int(fields[12])  # utime + stime
    return total


class Server:
    """``deckcheck serve`` (this checkout's code), or with ``minimal`` the floor beside it:
    bench/minimal_app.py on uvicorn with the same parser, loop and workers."""

    def __init__(
        self, workers: int, database_url: str | None, home: Path, minimal: bool = False
    ) -> None:
        self.port = free_port()
        self.url = f"http://{HOST}:{self.port}"
        self.ready_path = "/v1/health"
        env = {**os.environ, "DECKCHECK_HOME": str(home), "PYTHONPATH": str(ROOT)}
        if minimal:
            args = [sys.executable, "-m", "uvicorn", "minimal_app:app", "--host", HOST]
            args += ["--http", "httptools", "--loop", "uvloop"]
            env["PYTHONPATH"] = str(ROOT / "bench")
            self.ready_path = "/openapi.json"
        else:
            args = [sys.executable, "-m", "deckcheck", "serve", "--host", HOST]
            if database_url:
                args += ["--database-url", database_url]
        args += ["--port", str(self.port), "--workers", str(workers), "--log-level", "warning"]
        self.proc = subprocess.Popen(args, env=env, stdin=subprocess.DEVNULL)
        self.wait_ready()

    def wait_ready(self) -> None:
        import httpx

        deadline = time.monotonic() + 90
        while time.monotonic() < deadline:
            if self.proc.poll() is not None:
                raise SystemExit(f"deckcheck serve exited with {self.proc.returncode}")
            try:
                if httpx.get(self.url + self.ready_path, timeout=2).status_code == 200:
                    time.sleep(1.0)  # let every worker finish starting
                    return
            except httpx.HTTPError:
                pass
            time.sleep(0.2)
        self.stop()
        raise SystemExit("deckcheck serve did not answer within 90 s")

    def pids(self) -> list[int]:
        return [self.proc.pid, *children(self.proc.pid)]

    def stop(self) -> None:
        self.proc.terminate()
        try:
            self.proc.wait(timeout=20)
        except subprocess.TimeoutExpired:
            self.proc.kill()
            self.proc.wait(timeout=10)


def wrk_script(folder: Path, body_lua: str, name: str = "load.lua") -> Path:
    path = folder / name
    path.write_text(body_lua, encoding="utf-8")
    return path


def lua_long(text: str) -> str:
    assert "]==]" not in text
    return "[==[" + text + "]==]"


def validate_lua(deck: str) -> str:
    return (
        'wrk.method = "POST"\n'
        'wrk.headers["Content-Type"] = "text/plain"\n'
        f"wrk.body = {lua_long(deck)}\n"
    )


def register_lua(deck: str) -> str:
    head = '{"deck": ' + json.dumps(deck) + ', "player": "bench '
    return (
        "local count = 0\n"
        "local threads = 0\n"
        "function setup(thread) threads = threads + 1; thread:set('tid', threads) end\n"
        'wrk.method = "POST"\n'
        'wrk.headers["Content-Type"] = "application/json"\n'
        f"local head = {lua_long(head)}\n"
        "function request()\n"
        "  count = count + 1\n"
        "  return wrk.format(nil, nil, nil, head .. tid .. '-' .. count .. '\"}')\n"
        "end\n"
    )


def parse_wrk(out: str) -> Result:
    def ms(label: str) -> float:
        m = re.search(rf"^\s*{label}%\s+([\d.]+)(us|ms|s)\b", out, re.M)
        if not m:
            raise SystemExit(f"cannot read the {label}% latency from wrk:\n{out}")
        value, unit = float(m[1]), m[2]
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    done = re.search(r"(\d+) requests in ([\d.]+)(ms|s|m)", out)
    if not done:
        raise SystemExit(f"cannot read wrk's request count:\n{out}")
    seconds = float(done[2]) * {"ms": 0.001, "s": 1.0, "m": 60.0}[done[3]]
    bad = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out
    )
    errors = int(bad[1]) if bad else 0
    if socket_errors:
        errors += sum(int(x) for x in socket_errors.groups())
    return Result(int(done[1]), seconds, ms("50"), ms("99"), errors)


def run_wrk(url: str, script: Path, seconds: int) -> Result:
    out = subprocess.run(
        [
            "wrk",
            "-t2",
            f"-c{CONNECTIONS}",
            f"-d{seconds}s",
            "--latency",
            "--timeout",
            "10s",
            "-s",
            str(script),
            url,
        ],
        capture_output=True,
        text=True,
        timeout=seconds + 60,
        check=True,
    ).stdout
    return parse_wrk(out)


async def _python_load(url: str, make_body, headers: dict[str, str], seconds: int) -> Result:
    import httpx

    latencies: list[float] = []
    errors = 0
    stop_at = time.monotonic() + seconds
    counter = 0
    limits = httpx.Limits(max_connections=CONNECTIONS, max_keepalive_connections=CONNECTIONS)

    async def worker(client: httpx.AsyncClient) -> None:
        nonlocal errors, counter
        while time.monotonic() < stop_at:
            counter += 1
            started = time.perf_counter()
            try:
                response = await client.post(url, content=make_body(counter), headers=headers)
                if response.status_code >= 300:
                    errors += 1
            except httpx.HTTPError:
                errors += 1
            latencies.append(time.perf_counter() - started)

    started = time.monotonic()
    async with httpx.AsyncClient(timeout=10, limits=limits) as client:
        await asyncio.gather(*(worker(client) for _ in range(CONNECTIONS)))
    elapsed = time.monotonic() - started
    cuts = statistics.quantiles(latencies, n=100)
    return Result(len(latencies), elapsed, cuts[49] * 1000, cuts[98] * 1000, errors)


def run_python(url: str, make_body, headers: dict[str, str], seconds: int) -> Result:
    return asyncio.run(_python_load(url, make_body, headers, seconds))


def measure(server: Server, load) -> Result:
    pids = server.pids()
    before = cpu_ticks(pids)
    result = load()
    ticks = cpu_ticks(pids) - before
    result.cpu_ms = ticks * 1000 / os.sysconf("SC_CLK_TCK") / max(result.requests, 1)
    return result


def report(title: str, results: list[Result]) -> None:
    print(f"\n{title} ({len(results)} runs)")
    for i, r in enumerate(results, 1):
        print(
            f"  run {i}: {r.rate:8.0f} req/s  p50 {r.p50_ms:6.1f} ms  p99 {r.p99_ms:6.1f} ms  "
            f"server CPU {r.cpu_ms:.2f} ms/req  errors {r.errors}"
        )
    med = statistics.median
    print(
        f"  median: {med(r.rate for r in results):.0f} req/s, "
        f"p50 {med(r.p50_ms for r in results):.1f} ms, "
        f"p99 {med(r.p99_ms for r in results):.1f} ms, "
        f"server CPU {med(r.cpu_ms for r in results):.2f} ms/request"
    )


def side_by_side(
    server: Server,
    validate_load: Callable[[], Result],
    workers: int,
    folder: Path,
    deck: str,
    runs: int,
    seconds: int,
) -> None:
    """POST /v1/validate runs taking turns with runs against the minimal FastAPI endpoint
    (bench/minimal_app.py, the same body), and the ratio of their medians."""
    floor = Server(workers, None, folder / "home", minimal=True)
    try:
        url = f"{floor.url}/v1/validate?format=tcg&date={DAY}"
        script = wrk_script(folder, validate_lua(deck), "floor.lua")

        def floor_load() -> Result:
            if shutil.which("wrk"):
                return run_wrk(url, script, seconds)
            return run_python(url, lambda _: deck, {"Content-Type": "text/plain"}, seconds)

        floor_load()  # warm-up
        ours, theirs = [], []
        for _ in range(runs):
            ours.append(measure(server, validate_load))
            theirs.append(measure(floor, floor_load))
    finally:
        floor.stop()
    report("POST /v1/validate", ours)
    report("minimal FastAPI endpoint, same body (bench/minimal_app.py)", theirs)
    med = statistics.median
    rate = med(r.rate for r in ours) / med(r.rate for r in theirs)
    cpu = med(r.cpu_ms for r in ours) / max(med(r.cpu_ms for r in theirs), 1e-9)
    print(f"  deckcheck / minimal: {rate:.2f}x the requests per second, {cpu:.2f}x the server CPU")


def hostile_deck(client: int, number: int) -> str:
    """25 names no card has (the most a request may hold), new ones in every request."""
    return "".join(f"1 Qzxv {client} Wkjq {number} Pyrt {i}\n" for i in range(25))


def _hostile_client(url: str, client: int, burst: int, seconds: float, done) -> None:
    """One process of hostile load: ``burst`` requests at once every second (or as soon as
    the last burst is answered, if that takes longer) until time is up."""
    import httpx

    async def run() -> tuple[int, int]:
        sent = errors = 0
        stop_at = time.monotonic() + seconds
        async with httpx.AsyncClient(timeout=15) as http:

            async def one(number: int) -> None:
                nonlocal errors
                try:
                    answer = await http.post(url, content=hostile_deck(client, number))
                    errors += answer.status_code != 200
                except httpx.HTTPError:
                    errors += 1

            while (started := time.monotonic()) < stop_at:
                await asyncio.gather(*(one(sent + i) for i in range(burst)))
                sent += burst
                await asyncio.sleep(max(0.0, started + 1 - time.monotonic()))
        return sent, errors

    done.put(asyncio.run(run()))


def normal_latencies(url: str, deck: str, seconds: float) -> list[float]:
    """Milliseconds of each request of one client that waits for every answer."""
    import httpx

    found = []
    stop_at = time.monotonic() + seconds
    with httpx.Client(timeout=30) as http:
        while time.monotonic() < stop_at:
            started = time.perf_counter()
            try:
                answer = http.post(url, content=deck, headers={"Content-Type": "text/plain"})
            except httpx.TimeoutException:  # counted as the 30 s waited, and the end
                found.append(30_000.0)
                break
            found.append((time.perf_counter() - started) * 1000)
            if answer.status_code != 200:
                raise SystemExit(f"the normal request failed: {answer.status_code}")
    return found


def under_attack(url: str, deck: str, seconds: float, clients: int) -> dict[str, float]:
    """Median latency of the normal client idle, then while ``clients`` hostile processes
    post; also the hostile requests answered per second."""
    idle = statistics.median(normal_latencies(url, deck, seconds))
    done: multiprocessing.Queue = multiprocessing.Queue()
    each = max(1, HOSTILE_IN_FLIGHT // clients)
    procs = [
        multiprocessing.Process(target=_hostile_client, args=(url, n, each, seconds + 2, done))
        for n in range(clients)
    ]
    for proc in procs:
        proc.start()
    time.sleep(1.0)  # let the hostile load build up
    attacked = statistics.median(normal_latencies(url, deck, seconds))
    results = [done.get(timeout=seconds + 60) for _ in procs]
    for proc in procs:
        proc.join(timeout=30)
    sent = sum(r[0] for r in results)
    return {
        "idle": idle,
        "attack": attacked,
        "hostile_rate": sent / (seconds + 2),
        "hostile_errors": sum(r[1] for r in results),
    }


def resident_mb(pids: list[int]) -> float:
    total = 0
    for pid in pids:
        try:
            for line in Path(f"/proc/{pid}/status").read_text().splitlines():
                if line.startswith("VmRSS:"):
                    total += int(line.split()[1])
        except OSError:
            continue
    return total / 1024


def memory_under_unknown_passcodes(server: Server, url: str, count: int) -> tuple[float, float]:
    """Server memory (MB, all processes) before and after ``count`` posts of 1,000 unknown
    passcodes each (new ones in every request)."""
    import httpx

    before = resident_mb(server.pids())
    with httpx.Client(timeout=60) as http:
        for n in range(count):
            first = 3_000_000_000 + n * 1000
            body = "#main\n" + "".join(f"{code}\n" for code in range(first, first + 1000))
            http.post(url, content=body, headers={"Content-Type": "text/plain"})
    return before, resident_mb(server.pids())


def machine() -> str:
    model = "?"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    load = os.getloadavg()
    return (
        f"{os.cpu_count()} cores, {model}; Python {platform.python_version()}; "
        f"load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f}; {date.today().isoformat()}"
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=3)
    parser.add_argument("--seconds", type=int, default=10)
    parser.add_argument("--workers", type=int, default=os.cpu_count() or 2)
    parser.add_argument("--hostile", type=int, default=4, help="hostile client processes")
    parser.add_argument("--skip-throughput", action="store_true")
    parser.add_argument(
        "--skip-hostile",
        action="store_true",
        help="throughput only: no hostile, memory or registration runs",
    )
    parser.add_argument("--memory-requests", type=int, default=MEMORY_REQUESTS)
    args = parser.parse_args()
    runs, seconds = max(1, min(args.runs, 20)), max(1, min(args.seconds, 120))
    deck = DECK.read_text(encoding="utf-8")
    use_wrk = shutil.which("wrk") is not None
    print(machine())
    print(
        f"load generator: {'wrk' if use_wrk else 'httpx (in process)'}, "
        f"{CONNECTIONS} connections, {seconds} s per run; server: {args.workers} workers"
    )

    with tempfile.TemporaryDirectory() as tmp:
        folder = Path(tmp)
        server = Server(args.workers, f"sqlite:///{folder / 'bench.sqlite3'}", folder / "home")
        try:
            url = f"{server.url}/v1/validate?format=tcg&date={DAY}"
            script = wrk_script(folder, validate_lua(deck))

            def validate_load(length: int = seconds) -> Result:
                if use_wrk:
                    return run_wrk(url, script, length)
                headers = {"Content-Type": "text/plain"}
                return run_python(url, lambda _: deck, headers, length)

            validate_load(2)  # warm-up: caches, lazily loaded lists
            if not args.skip_throughput:
                side_by_side(server, validate_load, args.workers, folder, deck, runs, seconds)
            if args.skip_hostile:
                return
            hostile = max(1, min(args.hostile, HOSTILE_IN_FLIGHT))
            print(
                f"\nnormal request, one client, idle / while {hostile} hostile clients post "
                f"decks of 25 unknown names ({HOSTILE_IN_FLIGHT} at once every second)"
            )
            attacks = [under_attack(url, deck, seconds, hostile) for _ in range(runs)]
            for i, a in enumerate(attacks, 1):
                print(
                    f"  run {i}: idle {a['idle']:6.1f} ms  under attack {a['attack']:6.1f} ms "
                    f"({a['attack'] / a['idle']:.2f}x)  hostile {a['hostile_rate']:.0f} req/s, "
                    f"errors {a['hostile_errors']:.0f}"
                )
            idle = statistics.median(a["idle"] for a in attacks)
            attack = statistics.median(a["attack"] for a in attacks)
            print(
                f"  median: idle {idle:.1f} ms, under attack {attack:.1f} ms ({attack / idle:.2f}x)"
            )
            count = max(0, args.memory_requests)
            before, after = memory_under_unknown_passcodes(server, url, count)
            print(
                f"\nserver memory, {count} POSTs of 1,000 unknown passcodes: "
                f"{before:.0f} MB before, {after:.0f} MB after"
            )
        finally:
            server.stop()

        pg = os.environ.get("DECKCHECK_BENCH_DATABASE_URL") or os.environ.get(
            "DECKCHECK_TEST_DATABASE_URL"
        )
        if not pg:
            print("\nregistrations against PostgreSQL: skipped (set DECKCHECK_BENCH_DATABASE_URL)")
            return
        server = Server(args.workers, pg, folder / "home")
        try:
            import httpx

            results = []
            for run in range(runs):
                event = httpx.post(
                    server.url + "/v1/events",
                    json={"name": f"Bench {run}", "format": "tcg", "date": DAY},
                    timeout=10,
                ).json()
                url = f"{server.url}/v1/events/{event['id']}/registrations"
                script = wrk_script(folder, register_lua(deck))

                def register_load(url: str = url, script: Path = script) -> Result:
                    if use_wrk:
                        return run_wrk(url, script, seconds)
                    head = '{"deck": ' + json.dumps(deck) + ', "player": "bench '
                    headers = {"Content-Type": "application/json"}
                    return run_python(url, lambda n: head + f'{n}"}}', headers, seconds)

                result = measure(server, register_load)
                token = {"Authorization": f"Bearer {event['organiser_token']}"}
                listing = httpx.get(url, headers=token, timeout=60).json()
                stored = listing["current"] + listing["history"]
                # wrk does not count requests still in flight when it stops: more may be stored
                if stored < result.requests - result.errors:
                    print(f"  run {run + 1}: LOST: {stored} stored of {result.requests} sent")
                results.append(result)
            report("POST /v1/events/{id}/registrations (PostgreSQL)", results)
        finally:
            server.stop()


if __name__ == "__main__":
    main()
