"""The `quarry` command line. Each verb is thin: read options, call the library, report.

app.py holds the Typer app and the options its verbs share; kits.py, play.py,
generate.py and export.py hold the verbs; main() runs them and turns user mistakes into one line.
"""

import sys

import typer

try:  # typer >= 0.22 carries its own copy of click; older releases depend on click itself
    from typer._click import exceptions as click_exceptions
except ImportError:  # pragma: no cover - depends on the installed typer
    from click import exceptions as click_exceptions

from generator.cli import export, generate, kits, play, strength  # noqa: F401 (each registers its verbs)
from generator.cli.app import app
from generator.errors import QuarryError
from generator.stopping import Interrupted, handling_signals, stopping


def _fail(message: str, code: int = 2) -> int:
    sys.stderr.write(f"quarry: error: {message}\n")
    return code


def main() -> None:
    """Run the CLI: user mistakes print one line on stderr and exit 2 (a full disk: 1);
    --help exits 0; SIGINT and SIGTERM stop every process of the run, leave nothing
    half-written and exit 130 and 143 with one line (generator/stopping.py)."""
    with handling_signals():
        try:
            code = _run()
            _stopped_first()  # the work went on after a library caught the Interrupted
        except Interrupted as stop:
            code = _stopped(stop)
        except Exception:
            if stopping() is None:
                raise  # a bug: its traceback
            # A library caught the Interrupted and raised an error of its own instead
            # (reportlab's validators test values under a bare `except:`).
            code = _stopped(Interrupted(stopping()))
    sys.exit(code)


def _stopped_first() -> None:
    """Raise Interrupted when a signal arrived: what follows it is the signal's doing."""
    if stopping() is not None:
        raise Interrupted(stopping())


def _stopped(stop: Interrupted) -> int:
    sys.stderr.write(f"quarry: {stop}\n")
    return stop.exit_code


def _run() -> int:
    """Run the command sys.argv asks for; return its exit code (a user mistake: one line on
    stderr and 2)."""
    command = typer.main.get_command(app)
    args = sys.argv[1:] or ["--help"]  # a bare `quarry` shows the help, as asked for
    try:
        code = command.main(args=args, prog_name="quarry", standalone_mode=False)
    except QuarryError as error:  # an OutputError (the output location) has its own code
        _stopped_first()  # not the user's mistake: a library made the signal an error
        return _fail(str(error), getattr(error, "exit_code", 2))
    except click_exceptions.UsageError as error:
        where = f"{error.ctx.command_path}: " if error.ctx else ""
        return _fail(f"{where}{error.format_message()}")
    except typer.Abort:
        sys.stderr.write("quarry: aborted\n")
        return 1
    except click_exceptions.ClickException as error:
        return _fail(error.format_message())
    return code if isinstance(code, int) else 0


if __name__ == "__main__":
    main()
