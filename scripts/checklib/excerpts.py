# Whether a listing shows real code: an excerpt of the real core on a tutorial page, a snippet in
# an article, the README's block. A listing may leave lines out, with a line of its own that is
# `…` (or `// …`), and it may wrap lines differently from its source, to fit the 80 columns of a
# page: what must match is the code itself, token for token. Each run of lines between two `…`
# must be a run of whole lines of the source (in the source's order), equal once every line is
# stripped of its indentation and comment markers and all white space is removed.

import re

ELISION = re.compile(r"^\s*(?://\s*)?…\s*$")


def squeeze(line):
    """A line as the comparison sees it: no comment marker, no white space at all."""
    text = line.strip()
    text = re.sub(r"^//+", "", text)
    return re.sub(r"\s+", "", text)


def blocks(lines):
    """The runs of lines between elisions, without empty runs."""
    runs, run = [], []
    for line in lines:
        if ELISION.match(line):
            runs.append(run)
            run = []
        else:
            run.append(line)
    runs.append(run)
    return [run for run in runs if any(line.strip() for line in run)]


def find_run(source, run, start):
    """The index after the first run of whole source lines from `start` on that squeezes to what
    `run` squeezes to, or None."""
    target = "".join(squeeze(line) for line in run)
    squeezed = [squeeze(line) for line in source]
    for first in range(start, len(source)):
        if not squeezed[first] or not target.startswith(squeezed[first]):
            continue
        joined, last = "", first
        while last < len(source) and len(joined) < len(target):
            joined += squeezed[last]
            last += 1
        if joined == target:
            return last
    return None


def shows(source_text, listing_lines):
    """Whether `listing_lines` is real code of `source_text`; returns (ok, the run that is not)."""
    source = source_text.split("\n")
    position = 0
    for run in blocks(listing_lines):
        found = find_run(source, run, position)
        if found is None:
            return False, "\n".join(run)
        position = found
    return True, ""


def too_wide(lines, columns=80):
    """The 1-based numbers of the lines wider than `columns` characters."""
    return [number for number, line in enumerate(lines, start=1) if len(line) > columns]


# Swift's own words, which an excerpt may use before any page has: keywords, and the standard
# library's names the tutorial's excerpts rely on.
SWIFT_WORDS = set("""
    as associatedtype async await break case catch class continue default defer deinit do else
    enum extension fallthrough false fileprivate final for func get guard if import in indirect
    init inout internal is isolated let mutating nil nonisolated open operator override package
    private protocol public repeat required rethrows return self Self set some static struct
    subscript super switch throw throws true try typealias var where while willSet didSet any
    weak unowned lazy escaping discardableResult MainActor main Sendable Equatable Hashable
    Codable Error Int String Bool Double Array Dictionary Set Optional Result Task Void Never
    Range ClosedRange Duration success failure value count isEmpty first last append insert
    remove removeAll filter map contains indices reversed min max description print
    describing
""".split())
IDENTIFIER = re.compile(r"[A-Za-z_][A-Za-z0-9_]*")


def code_words(lines):
    """The names an excerpt uses: the identifiers of its code (comments and string literals
    left out) and the words its comments put in code voice."""
    found = set()
    for line in lines:
        if ELISION.match(line):
            continue
        code, comment = line, ""
        if "//" in line:
            code, _, comment = line.partition("//")
        code = re.sub(r'"(?:[^"\\]|\\.)*"', '""', code)
        found.update(IDENTIFIER.findall(code))
        for span in re.findall(r"`([^`]+)`", comment):
            found.update(IDENTIFIER.findall(span))
    return found
