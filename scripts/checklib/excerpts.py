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
