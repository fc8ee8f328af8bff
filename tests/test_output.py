"""OS errors about the output location become one line (exit 2, a full disk 1); any other
OS error stays itself, with its traceback, as a bug's does. tests/faults runs the real CLI
against failing disks; these check the rules it rests on."""

import errno
import os
import pickle

import pytest

from generator import output
from generator.kit import KitWriter
from generator.output import OutputError, check_writable, output_error, write_whole


def oserror(code: int, filename=None) -> OSError:
    return OSError(code, os.strerror(code), *([str(filename)] if filename is not None else []))


@pytest.mark.parametrize(
    ("code", "exit_code", "words"),
    [
        (errno.EROFS, 2, "read-only"),
        (errno.EACCES, 2, "permission denied"),
        (errno.EPERM, 2, "permission denied"),
        (errno.ENOTDIR, 2, "a file stands where a folder is needed"),
        (errno.ENOSPC, 1, "the disk is full"),
        (errno.EDQUOT, 1, "quota"),
    ],
)
def test_an_error_about_a_file_in_the_output_folder_names_the_folder(
    tmp_path, code, exit_code, words
):
    mapped = output_error(oserror(code, tmp_path / ".kit.x1y2" / "a.pdf"), tmp_path)
    assert isinstance(mapped, OutputError)
    assert mapped.exit_code == exit_code
    assert str(mapped).startswith(f"{tmp_path}: ")
    assert words in str(mapped)


def test_an_error_about_a_folder_above_the_output_folder_is_about_it_too(tmp_path):
    mapped = output_error(oserror(errno.EACCES, tmp_path), tmp_path / "out" / "kits")
    assert mapped is not None and mapped.exit_code == 2


def test_a_full_disk_naming_no_file_is_taken_as_the_output_folder(tmp_path):
    # A write to an open file fails without a file name.
    mapped = output_error(oserror(errno.ENOSPC), tmp_path)
    assert mapped is not None and mapped.exit_code == 1


def test_an_error_about_another_file_is_not_ours_to_explain(tmp_path):
    assert output_error(oserror(errno.EACCES, "/etc/elsewhere.toml"), tmp_path) is None
    assert output_error(oserror(errno.ENOENT, tmp_path / "a.pdf"), tmp_path) is None


def test_an_output_error_keeps_its_exit_code_from_a_worker_process(tmp_path):
    error = output_error(oserror(errno.ENOSPC, tmp_path / "a.pdf"), tmp_path)
    again = pickle.loads(pickle.dumps(error))
    assert (type(again), str(again), again.exit_code) == (OutputError, str(error), 1)


def test_a_kit_writer_turns_an_error_about_its_files_into_one_line_and_leaves_nothing(tmp_path):
    with pytest.raises(OutputError) as raised, KitWriter(tmp_path, "kit", {}) as writer:
        writer.write_text("a.txt", "a", "text")
        raise oserror(errno.ENOSPC, writer.path("b.pdf"))
    assert raised.value.exit_code == 1
    assert list(tmp_path.iterdir()) == []


def test_a_kit_writer_lets_an_error_about_another_file_through_as_itself(tmp_path):
    out = tmp_path / "out"
    with pytest.raises(PermissionError), KitWriter(out, "kit", {}):
        raise PermissionError(errno.EACCES, "Permission denied", str(tmp_path / "input.toml"))
    assert list(out.iterdir()) == []


def test_checking_a_folder_still_to_be_made_makes_nothing(tmp_path):
    check_writable(tmp_path / "a" / "b")
    assert list(tmp_path.iterdir()) == []


def test_checking_a_folder_under_a_file_is_refused(tmp_path):
    (tmp_path / "file").write_text("x", encoding="utf-8")
    with pytest.raises(OutputError, match="a file stands where a folder is needed"):
        check_writable(tmp_path / "file" / "out")


def test_a_file_written_whole_leaves_the_old_one_when_the_disk_fills(tmp_path, monkeypatch):
    target = tmp_path / "chart.svg"
    target.write_bytes(b"old")

    def full(*args, **kwargs):
        raise oserror(errno.ENOSPC)

    monkeypatch.setattr(output.os, "replace", full)
    with pytest.raises(OutputError, match="the disk is full"):
        write_whole(target, b"new")
    assert sorted(p.name for p in tmp_path.iterdir()) == ["chart.svg"]
    assert target.read_bytes() == b"old"
