# The prose around the tutorial that quotes code or repeats words: the architecture tour's
# snippets, the README's Swift block, and Redux's three principles, which the README and the
# tutorial's first page say in the same words.

import glob
import os
import re

from . import excerpts

TOUR = "Sources/MoviesCore/MoviesCore.docc/ArchitectureTour.md"
README = "README.md"
FIRST_PAGE = "Sources/MoviesCore/MoviesCore.docc/Tutorials/WhyOneStore.tutorial"
# The README's block names its source in the HTML comment just before it.
FROM = re.compile(r"<!-- From (\S+\.swift)\b[^>]*-->\s*\n```swift\n(.*?)```", re.DOTALL)
SWIFT_BLOCK = re.compile(r"```swift\n(.*?)```", re.DOTALL)


def read(root, path):
    with open(os.path.join(root, path), encoding="utf-8") as file:
        return file.read()


def sources(root):
    """Every Swift file of the app and its tests, by path; the tutorial's own resources excluded."""
    found = {}
    for pattern in ("Sources/**/*.swift", "Tests/**/*.swift"):
        for path in glob.glob(os.path.join(root, pattern), recursive=True):
            if ".docc/" not in path:
                found[os.path.relpath(path, root)] = read(root, os.path.relpath(path, root))
    return found


def check_tour(root, fail):
    """Each Swift snippet of the tour is real code of some source file."""
    files = sources(root)
    for number, match in enumerate(SWIFT_BLOCK.finditer(read(root, TOUR)), start=1):
        lines = match.group(1).rstrip("\n").split("\n")
        if not any(excerpts.shows(text, lines)[0] for text in files.values()):
            fail(TOUR, f"Swift snippet {number} (\"{lines[0].strip()}\") is not code of any "
                       "file under Sources/ or Tests/ any more: copy it again")
    return len(SWIFT_BLOCK.findall(read(root, TOUR)))


def check_readme(root, fail):
    """The README's Swift block is real code of the file its comment names, and short."""
    text = read(root, README)
    blocks = FROM.findall(text)
    if len(blocks) != 1 or len(SWIFT_BLOCK.findall(text)) != 1:
        return fail(README, "must have one Swift block, after `<!-- From PATH.swift … -->`")
    path, block = blocks[0]
    lines = block.rstrip("\n").split("\n")
    if not os.path.isfile(os.path.join(root, path)):
        return fail(README, f"its Swift block names {path}, which does not exist")
    ok, run = excerpts.shows(read(root, path), lines)
    if not ok:
        fail(README, f"its Swift block is not code of {path}:\n{run}")
    if excerpts.too_wide(lines):
        fail(README, f"its Swift block has lines wider than 80 columns: {excerpts.too_wide(lines)}")


def principles(text):
    """The numbered items of the first list whose items open in bold, as words."""
    found, item, indent = [], None, 0
    for line in text.split("\n") + [""]:
        start = re.match(r"^(\s*)\d\. \*\*", line)
        if start:
            if item is not None:
                found.append(item)
            item, indent = line.strip(), len(start.group(1))
        elif item is not None and line.strip() and len(line) - len(line.lstrip()) > indent:
            item += " " + line.strip()
        elif item is not None:
            found.append(item)
            item = None
            if len(found) >= 3:
                break
    return [re.sub(r"\s+", " ", re.sub(r"^\d\. ", "", entry)) for entry in found]


def check_principles(root, fail):
    """The README and the first page state Redux's three principles in the same words."""
    readme = principles(read(root, README))
    page = principles(read(root, FIRST_PAGE))
    if len(readme) != 3:
        fail(README, f"states {len(readme)} numbered principles in bold; Redux has three")
    elif readme != page:
        fail(FIRST_PAGE, "does not state Redux's three principles in the README's words")
