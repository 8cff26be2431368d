# The learner's own package, as the tutorial's pages build it: a Package.swift, the app's files in
# Sources/Movies and, once there are tests, the test files in Tests/MoviesTests (a file that
# imports Testing is a test file). This module lays such a package out in a scratch folder, runs
# `swift test` in it, and compares what it printed with what a page says it prints.

import os
import re
import shutil
import subprocess

APP = "Movies"
TESTS = "MoviesTests"
# `swift test` builds and runs in well under a minute here; this is only the bound on a hang.
TIME_LIMIT = 900


def is_manifest(name):
    return name == "Package.swift"


def is_test_file(text):
    return re.search(r"^import Testing$", text, re.MULTILINE) is not None


def path_of(name, text):
    """Where a file the pages name lives in the learner's package."""
    if is_manifest(name):
        return name
    return os.path.join("Tests", TESTS, name) if is_test_file(text) else \
        os.path.join("Sources", APP, name)


def lay_out(files, folder):
    """Writes `files` (name: text) as the package in `folder`, removing the sources no longer
    there and keeping the build folder, so that a second run builds only what changed."""
    wanted = {path_of(name, text): text for name, text in files.items()}
    for top in ("Sources", "Tests"):
        for directory, _, names in os.walk(os.path.join(folder, top)):
            for name in names:
                path = os.path.relpath(os.path.join(directory, name), folder)
                if path not in wanted:
                    os.remove(os.path.join(folder, path))
    for path, text in wanted.items():
        full = os.path.join(folder, path)
        os.makedirs(os.path.dirname(full) or folder, exist_ok=True)
        old = open(full, encoding="utf-8").read() if os.path.exists(full) else None
        if old != text:
            with open(full, "w", encoding="utf-8") as file:
                file.write(text)


def swift_test(files, folder):
    """Runs `swift test` in the package made of `files`; returns (status, what it printed) or
    (None, why) when it did not finish in time."""
    lay_out(files, folder)
    try:
        # One stream, as a terminal shows it: the build's lines, then the tests'.
        result = subprocess.run(["swift", "test", "--no-parallel"], cwd=folder,
                                stdout=subprocess.PIPE, stderr=subprocess.STDOUT,
                                text=True, timeout=TIME_LIMIT)
    except subprocess.TimeoutExpired:
        return None, f"swift test ran for more than {TIME_LIMIT} s"
    return result.returncode, result.stdout


def manifest_reads(files, folder):
    """Whether SwiftPM reads the package's manifest, and what it said if not."""
    if os.path.isdir(folder):
        shutil.rmtree(folder)
    os.makedirs(folder)
    lay_out(files, folder)
    result = subprocess.run(["swift", "package", "dump-package"], cwd=folder,
                            capture_output=True, text=True, timeout=TIME_LIMIT)
    return result.returncode == 0, result.stderr[-2000:]


def normal(line):
    """A line of output as the comparison sees it: timings and the library's version vary."""
    line = re.sub(r"\b\d+\.\d+ seconds\b", "N seconds", line.rstrip())
    return re.sub(r"(Testing Library Version:) .*", r"\1 V", line)


def matches(shown, printed):
    """Whether the lines a page shows are the lines printed, a `…` line standing for any number
    of lines (none included)."""
    shown = [normal(line) for line in shown]
    printed = [normal(line) for line in printed]
    # reach[j]: the first i shown lines can match the first j printed lines.
    reach = [True] + [False] * len(printed)
    for line in shown:
        if line.strip() == "…":
            for j in range(1, len(printed) + 1):
                reach[j] = reach[j] or reach[j - 1]
            continue
        reach = [False] + [reach[j - 1] and printed[j - 1] == line
                           for j in range(1, len(printed) + 1)]
    return reach[len(printed)]
