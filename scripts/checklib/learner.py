# The learner's terminal. The tutorial's pages build one package, `Movies`, from
# `swift package init`; this module keeps that package in a real folder and does to it exactly
# what the pages say: it runs each command a step names, verbatim, in the folder the learner is
# in (`cd` moves it), and writes each listing where its @Code's name says (a path from the
# package's root). What a command prints is compared with the page's Terminal listing.

import os
import re
import subprocess

APP = "Movies"
# A build, a run or a test of a small package takes seconds; this only bounds a hang.
TIME_LIMIT = 900
SUITE_LINE = re.compile(r"^[◇✔✘↳]")


class Shell:
    """A learner's terminal: a current folder inside `home`, and commands run as typed."""

    def __init__(self, home, environment):
        self.home = os.path.realpath(home)
        self.cwd = self.home
        self.environment = environment

    def run(self, command, cwd=None):
        """Runs `command` as a shell would; returns (status, what it printed, both streams in
        the order a terminal shows them). `cd` moves the learner (and prints nothing)."""
        words = command.split()
        if words[0] == "cd" and cwd is None:
            if len(words) != 2:
                return 1, f"cd takes one folder here: {command}"
            target = os.path.realpath(os.path.join(self.cwd, words[1]))
            if not os.path.isdir(target):
                return 1, f"cd: {words[1]}: no such folder"
            if os.path.commonpath([target, self.home]) != self.home:
                return 1, f"cd: {words[1]} leaves the folder the tutorial works in"
            self.cwd = target
            return 0, ""
        try:
            result = subprocess.run(["bash", "-c", command], cwd=cwd or self.cwd,
                                    env=self.environment, stdout=subprocess.PIPE,
                                    stderr=subprocess.STDOUT, text=True, timeout=TIME_LIMIT)
        except subprocess.TimeoutExpired:
            return 1, f"{command} ran for more than {TIME_LIMIT} s"
        return result.returncode, result.stdout

    def root(self):
        """The package the learner is in: the nearest folder with a Package.swift, or None."""
        folder = self.cwd
        while os.path.commonpath([folder, self.home]) == self.home:
            if os.path.isfile(os.path.join(folder, "Package.swift")):
                return folder
            if folder == self.home:
                break
            folder = os.path.dirname(folder)
        return None

    def write(self, path, text):
        """Saves a listing at `path`, from the current folder, as a learner saves a file in an
        existing folder; returns why not, or None."""
        full = os.path.join(self.cwd, path)
        if not os.path.isdir(os.path.dirname(full)):
            return (f"its folder, {os.path.dirname(path) or '.'}, does not exist here "
                    f"({os.path.relpath(self.cwd, self.home)}): no step made it")
        with open(full, "w", encoding="utf-8") as file:
            file.write(text)
        return None

    def swift_files(self):
        """The package's Swift files, by path from its root: the app's and the tests'."""
        root = self.root()
        found = {}
        if root is None:
            return found
        for top in ("Sources", "Tests"):
            for folder, names, files in os.walk(os.path.join(root, top)):
                names[:] = [name for name in names if not name.startswith(".")]
                for name in files:
                    if name.endswith(".swift"):
                        path = os.path.join(folder, name)
                        with open(path, encoding="utf-8") as file:
                            found[os.path.relpath(path, root)] = file.read()
        return found


def is_test_path(path):
    return path.startswith("Tests/")


def normal(line):
    """A line of output as the comparison sees it: timings and the library's version vary."""
    line = re.sub(r"\b\d+\.\d+ seconds\b", "N seconds", line.rstrip())
    line = re.sub(r"\(\d+\.\d+s\)", "(Ns)", line)
    return re.sub(r"(Testing Library Version:) .*", r"\1 V", line)


def in_order(shown, printed):
    """Whether the lines a page shows are the lines printed, a `…` line standing for any number
    of lines (none included)."""
    reach = [True] + [False] * len(printed)
    for line in shown:
        if line.strip() == "…":
            for j in range(1, len(printed) + 1):
                reach[j] = reach[j] or reach[j - 1]
            continue
        reach = [False] + [reach[j - 1] and printed[j - 1] == line
                           for j in range(1, len(printed) + 1)]
    return reach[len(printed)]


def matches(shown, printed, command):
    """Whether `printed` is what a page shows: in order, `…` for lines left out. For
    `swift test`, whose suites run in parallel, the test lines may come in any order: the lines
    from the first one the page shows on must then be the printed ones, each once."""
    shown = [normal(line) for line in shown]
    printed = [normal(line) for line in printed]
    if in_order(shown, printed):
        return True
    if not command.startswith("swift test"):
        return False
    tail = [line for line in shown if line.strip() != "…"]
    if not tail or tail[0] not in printed:
        return False
    start = printed.index(tail[0])
    if len(shown) - len(tail) > 1 or shown[0].strip() != "…":
        return False
    return sorted(printed[start:]) == sorted(tail)


def tests_ran(printed):
    """How many tests `swift test` says it ran (Swift Testing's closing line), or 0."""
    counts = re.findall(r"Test run with (\d+) tests?\b", printed)
    return int(counts[-1]) if counts else 0


def located_errors(printed):
    """The compiler's errors in a build's output, each as its message alone."""
    return set(re.findall(r"^\S+:\d+:\d+: error: (.*)$", printed, re.MULTILINE))


def is_test_file(text):
    """Whether a file is a test file: it imports Swift Testing."""
    return re.search(r"^\s*import Testing$", text, re.MULTILINE) is not None


def body(text):
    """A file's lines after its header comment (and the blank line after it)."""
    lines = text.rstrip("\n").split("\n")
    start = 0
    while start < len(lines) and lines[start].startswith("//"):
        start += 1
    while start < len(lines) and not lines[start].strip():
        start += 1
    return lines[start:]


def squeeze_blank(lines):
    """`lines` with runs of blank lines made one, and none at either end."""
    out = []
    for line in lines:
        if line.strip() or (out and out[-1].strip()):
            out.append(line if line.strip() else "")
    while out and not out[-1].strip():
        out.pop()
    return out


def cut(source, moved):
    """`source` with the lines of `moved` (a file's body) cut out, as a learner cuts code to paste
    it into a new file: each run of `moved`'s lines must be a run of `source`'s, in any order.
    Returns the text left, or None when `source` does not hold them."""
    left = source.rstrip("\n").split("\n")
    lines = moved
    index = 0
    while index < len(lines):
        if not lines[index].strip():
            index += 1
            continue
        best = None
        for start in range(len(left)):
            length = 0
            while (index + length < len(lines) and start + length < len(left)
                   and left[start + length] == lines[index + length]):
                length += 1
            if length and (best is None or length > best[1]):
                best = (start, length)
        if best is None:
            return None
        start, length = best
        del left[start:start + length]
        index += length
    return "\n".join(squeeze_blank(left)) + "\n"
