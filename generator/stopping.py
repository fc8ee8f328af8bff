"""How a run stops on Ctrl-C or SIGTERM: in every process it started, leaving nothing behind.

The `quarry` process (the parent) turns SIGINT and SIGTERM into `Interrupted`, raised in its
main thread (`handling_signals()`, which the CLI's main() enters). Every `with` block
unwinds as it does for an error: a kit writer removes its temporary folder, a worker pool
is torn down, a Dask run cancels its futures. The CLI then prints one line and exits with
128 + the signal's number (130 for SIGINT, 143 for SIGTERM). A second signal while the
first is being handled is ignored, so that the clean-up runs to its end (every wait in it
is bounded).

- `deferred()`: a block a signal must not cut in two (making or removing a temporary
  folder, renaming a finished one into place). A signal that arrives inside it is held
  and raised when the block ends.
- `worker_pool(n)`: worker processes (a ProcessPoolExecutor) that ignore SIGINT (Ctrl-C
  reaches the whole process group on a terminal; the parent decides), clean up and exit on
  SIGTERM, and stop by themselves when the parent dies. Leaving the block with any
  exception (the parent's Interrupted among them) terminates them and waits for them.
- `publishing()`: a worker renames a finished folder into place only while its parent is
  alive and has not given up; the parent giving up and a worker publishing exclude each
  other (a lock), so nothing is published after the parent gave up. No process publishes
  once a signal has arrived, even where a library caught the Interrupted (reportlab's
  validators test values under a bare `except:`) and the work went on.
- CP-SAT solves (generator/solve/cpsat.py) register with `solving(solver)`: a thread woken
  by the signal (signal.set_wakeup_fd) stops the search, so a long solve does not hold the
  stop up; the Python handler runs as soon as the solve returns.
"""

from __future__ import annotations

import os
import signal
import sys
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:  # the process pool is imported when a run starts one, not at start-up
    from concurrent.futures import Future, ProcessPoolExecutor

STOP_SIGNALS = (signal.SIGINT, signal.SIGTERM)
NAMES = {signal.SIGINT: "SIGINT (Ctrl-C)", signal.SIGTERM: "SIGTERM"}
PUBLISH_WAIT = 30.0  # seconds the parent waits for a worker's rename in progress (ms)
EXIT_WAIT = 60.0  # seconds for terminated workers to clean up before they are killed
PARENT_POLL = 0.25  # how often a worker looks whether its parent is still there
SOLVER_POLL = 0.1  # how often a stopping process tells its running solves to stop


class Interrupted(BaseException):
    """SIGINT or SIGTERM arrived: the run stops (not an Exception, so that no `except
    Exception` in the work swallows it; not a KeyboardInterrupt, which click would turn
    into an Abort with a blank line)."""

    def __init__(self, signum: int) -> None:
        super().__init__(signum)
        # A library that re-raises `type(error)(its own message)` (reportlab's paragraph
        # parser does) passes a string: the signal is the one this process is stopping for.
        self.signum = signum if isinstance(signum, int) else (_stopping or signal.SIGTERM)

    @property
    def exit_code(self) -> int:
        """Return the exit code a shell gives a run the signal stopped: 128 + its number."""
        return 128 + self.signum

    def __str__(self) -> str:
        return f"stopped by {NAMES.get(self.signum, signal.Signals(self.signum).name)}"


@dataclass(frozen=True)
class _WorkerLink:
    """What a worker process knows of its parent: its pid, the event it sets when it gives
    up and the lock that makes giving up and publishing exclude each other."""

    parent: int
    stop: Any  # a multiprocessing Event
    lock: Any  # a multiprocessing Lock


_owner: int | None = None  # the pid that installed the handlers (a forked child is not it)
_stopping: int | None = None  # the first signal received
_raised = False  # Interrupted was raised for it
_depth = 0  # deferred() blocks open
_worker: _WorkerLink | None = None  # set in worker processes only
_in_task = False  # a worker is running a task (else a signal ends it at once)
_solvers: set = set()  # CP-SAT solvers solving now (in this process)
_solvers_lock = threading.Lock()
_signalled = threading.Event()  # set by the watcher thread when a signal arrived
_wakeup: tuple[int, int] | None = None  # the watcher's pipe (read end, write end)


def stopping() -> int | None:
    """Return the signal this process is stopping for, or None."""
    return _stopping


def _raise(signum: int) -> None:
    """Raise Interrupted for `signum` once; a worker not in a task exits at once."""
    global _stopping, _raised
    if _stopping is None:
        _stopping = signum
    _raised = True
    if _worker is not None and not _in_task:
        os._exit(128 + _stopping)
    raise Interrupted(_stopping)


def _on_signal(signum: int, frame) -> None:
    global _stopping
    if os.getpid() != _owner:  # a child forked before it set up its own handling
        os._exit(128 + signum)
    if _stopping is not None:  # already stopping: let the clean-up finish
        return
    _stopping = signum
    if _depth:  # raised when the deferred block ends
        return
    _raise(signum)


@contextmanager
def handling_signals() -> Iterator[None]:
    """Turn SIGINT and SIGTERM into Interrupted in this process's main thread while the
    block runs (and stop running CP-SAT solves at once); yields None. The previous handlers
    come back at the end unless a signal arrived (the process is then ending, and a second
    signal must not interrupt its clean-up)."""
    global _owner, _stopping, _raised, _depth
    _owner, _stopping, _raised = os.getpid(), None, False
    previous = {signum: signal.getsignal(signum) for signum in STOP_SIGNALS}
    for signum in STOP_SIGNALS:
        signal.signal(signum, _on_signal)
    old_fd = _start_watcher()
    unraisable = sys.unraisablehook
    sys.unraisablehook = _unraisable(unraisable)
    try:
        yield
    finally:
        _depth += 1  # the run is over: a signal now is only noted
        if _stopping is None:
            for signum, handler in previous.items():
                signal.signal(signum, handler)
            _stop_watcher(old_fd)
            sys.unraisablehook = unraisable
        _depth -= 1


def _unraisable(hook):
    """Return sys.unraisablehook for the run: a signal that lands in a garbage collector's
    callback or a __del__ raises where Python can only print it ("Exception ignored
    in ..."); say nothing, and raise it again at the next checkpoint()."""

    def quiet(unraisable) -> None:
        global _raised
        if isinstance(unraisable.exc_value, Interrupted):
            _raised = False  # not seen by the run: the next checkpoint raises it
            return
        hook(unraisable)

    return quiet


def checkpoint() -> None:
    """Raise Interrupted if a signal arrived and the run has not seen it: a library caught
    it (a bare `except:`) or Python could not raise it (a __del__ or weakref callback).
    Called where work is recorded (each file a kit writes), outside deferred blocks."""
    if _stopping is not None and not _depth and _owner == os.getpid():
        _raise(_stopping)


def _start_watcher() -> int:
    """Start the thread that stops CP-SAT solves when a signal arrives; return the wakeup
    fd it replaced."""
    global _wakeup
    _signalled.clear()
    read, write = os.pipe()
    os.set_blocking(write, False)
    old = signal.set_wakeup_fd(write)
    _wakeup = (read, write)
    threading.Thread(target=_watch_signals, args=(read,), name="quarry-stop", daemon=True).start()
    return old


def _stop_watcher(old_fd: int) -> None:
    global _wakeup
    signal.set_wakeup_fd(old_fd)
    if _wakeup is not None:
        os.close(_wakeup[1])  # the thread reads the end of the pipe and closes its end
        _wakeup = None


def _watch_signals(read: int) -> None:
    """Wait for a signal's byte on the wakeup pipe; then keep telling every solve running
    in this process to stop (a solve starting just then is caught on the next round)."""
    try:
        while not _signalled.is_set():
            data = os.read(read, 64)
            if not data:
                return
            if any(byte in (signal.SIGINT, signal.SIGTERM) for byte in data):
                _signalled.set()
    finally:
        if not _signalled.is_set():
            os.close(read)
    while True:
        with _solvers_lock:
            for solver in list(_solvers):
                solver.stop_search()
        time.sleep(SOLVER_POLL)


@contextmanager
def solving(solver) -> Iterator[None]:
    """Register the CP-SAT `solver` for the block (its solve): a signal stops its search.
    Raises Interrupted when the block ends if a signal arrived meanwhile; yields None."""
    with _solvers_lock:
        _solvers.add(solver)
    try:
        yield
    finally:
        with _solvers_lock:
            _solvers.discard(solver)
    if _stopping is not None and not _raised and not _depth:
        _raise(_stopping)


@contextmanager
def deferred() -> Iterator[None]:
    """Hold SIGINT and SIGTERM while the block runs; a signal that arrived meanwhile is
    raised (Interrupted) when the outermost such block ends. Yields None."""
    global _depth
    _depth += 1
    try:
        yield
    finally:
        _depth -= 1
        if not _depth and _stopping is not None and not _raised:
            _raise(_stopping)


@contextmanager
def publishing() -> Iterator[None]:
    """The block renames finished work into place: no signal cuts it in two (deferred), and
    in a worker process it runs only while the parent is alive and has not given up, else
    Interrupted is raised before it starts. Yields None."""
    with deferred():
        if _stopping is not None:  # a library swallowed the Interrupted: still publish nothing
            raise Interrupted(_stopping)
        link = _worker
        if link is None:
            yield
            return
        if not link.lock.acquire(timeout=PUBLISH_WAIT):
            _raise(signal.SIGTERM)
        try:
            if link.stop.is_set() or os.getppid() != link.parent:
                _raise(signal.SIGTERM)
            yield
        finally:
            link.lock.release()


# --- worker processes ---------------------------------------------------------------------


class WorkerPool:
    """Worker processes for one block of work (see worker_pool): submit(fn, *args)."""

    def __init__(self, pool: ProcessPoolExecutor) -> None:
        self._pool = pool

    def submit(self, fn: Callable, *args) -> Future:
        """Return the Future of fn(*args) run in a worker (fn and args picklable)."""
        with deferred():  # a worker started (forked) here is always one the pool knows
            return self._pool.submit(_run_task, fn, *args)


@contextmanager
def worker_pool(workers: int) -> Iterator[WorkerPool]:
    """Yield a WorkerPool of `workers` processes. On a normal exit they finish and stop; on
    any exception (Interrupted among them) the pool gives up: no worker publishes from then
    on, each is sent SIGTERM (it removes what it was writing and exits), and any still
    running after EXIT_WAIT seconds is killed. A pool broken by a worker that a signal
    stopped raises Interrupted for that signal."""
    import multiprocessing
    from concurrent.futures import ProcessPoolExecutor
    from concurrent.futures.process import BrokenProcessPool

    context = multiprocessing.get_context()
    stop, lock = context.Event(), context.Lock()
    pool = ProcessPoolExecutor(
        max_workers=workers,
        mp_context=context,
        initializer=_start_worker,
        initargs=(os.getpid(), stop, lock),
    )
    try:
        yield WorkerPool(pool)
        pool.shutdown(wait=True)  # inside the try: a signal while they finish tears down too
    except BaseException as error:
        with deferred():
            codes = _give_up(pool, stop, lock)
        signals = [-code if code < 0 else code - 128 for code in codes]
        stopped = [signum for signum in signals if signum in STOP_SIGNALS]
        if isinstance(error, BrokenProcessPool) and stopped:
            raise Interrupted(stopped[0]) from None
        raise


def _give_up(pool: ProcessPoolExecutor, stop, lock) -> list[int]:
    """Stop `pool`'s workers (no publishing from now on, SIGTERM, SIGKILL after EXIT_WAIT);
    return the exit codes of those that had ended before (what broke the pool)."""
    got = lock.acquire(timeout=PUBLISH_WAIT)  # a rename in progress ends first
    stop.set()
    if got:
        lock.release()
    # ProcessPoolExecutor keeps its processes in _processes (pid -> Process) since 3.2;
    # terminate_workers() only came in 3.14, and we need the processes to wait for them.
    processes = list(dict(getattr(pool, "_processes", None) or {}).values())
    ended = [process.exitcode for process in processes if process.exitcode is not None]
    for process in processes:
        if process.exitcode is None:
            process.terminate()
    deadline = time.monotonic() + EXIT_WAIT
    for process in processes:
        process.join(max(0.0, deadline - time.monotonic()))
    for process in processes:
        if process.exitcode is None:
            process.kill()
            process.join()
    pool.shutdown(wait=True, cancel_futures=True)
    return ended


def _start_worker(parent: int, stop, lock) -> None:
    """Set up a worker process: SIGINT ignored, SIGTERM handled, the parent watched."""
    global _owner, _stopping, _raised, _depth, _worker, _in_task, _wakeup
    # A forked worker inherits the parent's state (a deferred() block was open around the
    # submit that forked it) and the parent's watcher pipe: start afresh.
    _owner, _stopping, _raised, _depth, _in_task = os.getpid(), None, False, 0, False
    _worker = _WorkerLink(parent, stop, lock)
    signal.signal(signal.SIGINT, signal.SIG_IGN)
    signal.signal(signal.SIGTERM, _on_signal)
    if _wakeup is not None:
        for fd in _wakeup:
            os.close(fd)
        _wakeup = None
    with _solvers_lock:
        _solvers.clear()
    _start_watcher()
    threading.Thread(target=_watch_parent, args=(parent,), daemon=True).start()


def _watch_parent(parent: int) -> None:
    """Send this worker SIGTERM when its parent is gone (killed without a word)."""
    while os.getppid() == parent:
        time.sleep(PARENT_POLL)
    os.kill(os.getpid(), signal.SIGTERM)


def _run_task(fn: Callable, *args):
    """Run fn(*args) in a worker; a signal unwinds it (its with-blocks clean up) and then
    ends the worker with 128 + the signal's number."""
    global _in_task
    try:
        try:
            _in_task = True
            return fn(*args)
        finally:
            _in_task = False
    except Interrupted as stop:  # raised in the task, or just as it ended
        os._exit(stop.exit_code)
