# The rules every file of the tutorial's catalog keeps, whatever page shows it: listings fit 80
# columns (a diff 81, for its + or - mark; outputs are what programs print, as wide as they are),
# a diagram's smallest text is at least 9 px when DocC shows it 410 px wide, and each folder whose
# Swift a page shows is formatted by the root .swift-format with a line length of 80.

import json
import os
import re

from . import excerpts


def read(path):
    with open(path, encoding="utf-8") as file:
        return file.read()


def check(root, resources, narrow, fail):
    """Widths, diagrams and the narrow folders' formatting rules."""
    for resource in sorted(os.listdir(resources)):
        path = os.path.join(resources, resource)
        if re.search(r"\.(swift|txt|diff)$", resource) and not resource.endswith("output.txt"):
            # A diff's lines have one more column, its + or - mark.
            columns = 81 if resource.endswith(".diff") else 80
            wide = excerpts.too_wide(read(path).split("\n"), columns)
            if wide:
                fail(path, f"has lines wider than {columns} columns: {wide}")
        if resource.endswith(".svg"):
            svg = read(path)
            width = float(re.search(r'viewBox="[\d.]+ [\d.]+ ([\d.]+)', svg).group(1))
            sizes = [float(size) for size in re.findall(r'font-size="([\d.]+)"', svg)]
            if sizes and min(sizes) * 410 / width < 9:
                fail(path, f"its smallest text, {min(sizes):g} of {width:g} units, is "
                           f"{min(sizes) * 410 / width:.1f} px when shown 410 px wide; at least 9")
    for folder in narrow:
        for name in os.listdir(os.path.join(root, folder)):
            if name.endswith(".swift"):
                wide = excerpts.too_wide(read(os.path.join(root, folder, name)).split("\n"))
                if wide:
                    fail(os.path.join(root, folder, name), f"has lines wider than 80: {wide}")
    config = json.loads(read(os.path.join(root, ".swift-format")))
    for folder in narrow:
        path = os.path.join(root, folder, ".swift-format")
        if not os.path.isfile(path) or json.loads(read(path)) != {**config, "lineLength": 80}:
            fail(path, "must be the root .swift-format with \"lineLength\": 80")
