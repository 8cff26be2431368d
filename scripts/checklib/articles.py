# The prose around the tutorial that quotes code or repeats words: the articles' snippets (the
# architecture tour's, two windows'), the README's Swift block, and Redux's three principles, which the README and the
# tutorial's first page say in the same words.

import glob
import os
import re

from . import excerpts

CATALOG = "Sources/MoviesCore/MoviesCore.docc"
README = "README.md"
FIRST_PAGE = "Sources/MoviesCore/MoviesCore.docc/Tutorials/WhyOneStore.tutorial"
# The README's block names its sources in the HTML comment just before it; within the block, a
# line `// NAME.swift` starts the part taken from the source of that name.
FROM = re.compile(r"<!-- From ([^;>]+?)(?:;[^>]*)?-->\s*\n```swift\n(.*?)```", re.DOTALL)
LABEL = re.compile(r"^// (\S+\.swift)$")
SWIFT_BLOCK = re.compile(r"```swift\n(.*?)```", re.DOTALL)
# An article's snippet may name its source in the HTML comment on the line just before it.
NAMED = re.compile(r"<!-- check-tutorial: excerpt of (\S+) -->")


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


def check_articles(root, fail):
    """Each Swift snippet of the catalog's articles is real code: of the file named in the
    comment just before it (`<!-- check-tutorial: excerpt of PATH -->`), or else of some source
    file. Returns how many snippets it checked."""
    files = sources(root)
    count = 0
    for article in sorted(glob.glob(os.path.join(root, CATALOG, "*.md"))):
        name = os.path.relpath(article, root)
        text = read(root, name)
        for number, match in enumerate(SWIFT_BLOCK.finditer(text), start=1):
            lines = match.group(1).rstrip("\n").split("\n")
            named = NAMED.search(text[:match.start()].rstrip().rsplit("\n", 1)[-1])
            if named:
                source = named.group(1)
                if source not in files:
                    fail(name, f"Swift snippet {number} names {source}, which is no source file")
                elif not excerpts.shows(files[source], lines)[0]:
                    fail(name, f"Swift snippet {number} (\"{lines[0].strip()}\") is not code "
                               f"of {source} any more: copy it again")
            elif not any(excerpts.shows(code, lines)[0] for code in files.values()):
                fail(name, f"Swift snippet {number} (\"{lines[0].strip()}\") is not code of "
                           "any file under Sources/ or Tests/ any more: copy it again")
            count += 1
    return count


def check_readme(root, fail):
    """The README's Swift block is real code of the files its comment names, and short: each part
    under a `// NAME.swift` line is code of the named file of that name (token for token, `…`
    for lines left out), and a block with no such line is code of its one named file."""
    text = read(root, README)
    blocks = FROM.findall(text)
    if len(blocks) != 1 or len(SWIFT_BLOCK.findall(text)) != 1:
        return fail(README, "must have one Swift block, after `<!-- From PATH[, PATH…] … -->`")
    named, block = blocks[0]
    paths = [path.strip() for path in named.split(",")]
    for path in paths:
        if not os.path.isfile(os.path.join(root, path)):
            return fail(README, f"its Swift block names {path}, which does not exist")
    lines = block.rstrip("\n").split("\n")
    parts, current = [], (paths[0] if len(paths) == 1 else None, [])
    for line in lines:
        label = LABEL.match(line)
        if label:
            if current[1]:
                parts.append(current)
            sources = [path for path in paths if os.path.basename(path) == label.group(1)]
            if len(sources) != 1:
                return fail(README, f"its Swift block's part `{line}` names no one file of "
                                    f"those its comment names")
            current = (sources[0], [])
        else:
            current[1].append(line)
    parts.append(current)
    for path, part in parts:
        if path is None:
            return fail(README, "its Swift block names several files; each part must start "
                                "with `// NAME.swift`")
        ok, run = excerpts.shows(read(root, path), part)
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
