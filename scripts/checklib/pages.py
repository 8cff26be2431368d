# A tutorial page as the checks read it: in order, its sections, its steps (each with its words
# and the listing its @Code shows, if any) and the check-tutorial directives in its comments.
# A step's words are what a learner reads: the commands it names are the code spans that start
# with a command (`swift build`, `mkdir Sources`, `git apply x.diff`, …).

import re

CODE = re.compile(r'@Code\(name:\s*"([^"]*)",\s*file:\s*"?([^",)\s]+)"?[^)]*\)')
DIRECTIVE = re.compile(r"@Comment\s*\{\s*check-tutorial:\s*([^}]*?)\s*\}")
SECTION = re.compile(r'@Section\(title:\s*"([^"]*)"\)')
STEP = re.compile(r"@Step\s*\{")
SPAN = re.compile(r"`([^`\n]+)`")
# The programs a step may tell the learner to run, and, for `swift`, its subcommands.
PROGRAMS = {"mkdir", "cd", "rm", "mv", "cp", "git"}
SWIFT_SUBCOMMANDS = {"build", "run", "test", "package"}
# Commands that prepare the folder: run before the step's listing is written. The others (a
# build, a run, a test, `git apply` of the listing just saved) run after it.
PREPARING = re.compile(r"^(mkdir|cd|rm|mv|cp|swift package init)\b")


class Step:
    """One @Step: its words, its listing (name, resource) or None, and where it is."""

    def __init__(self, page, section, number, words, code):
        self.page, self.section, self.number = page, section, number
        self.words, self.code = words, code

    @property
    def commands(self):
        return commands_in(self.words)

    def where(self):
        return f"{self.page}, section {self.section} (\"{self.section_title}\"), step {self.number}"


def commands_in(words):
    """The commands `words` names, in order: code spans that start with a program."""
    found = []
    for span in SPAN.findall(words):
        parts = span.split()
        if not parts:
            continue
        if parts[0] in PROGRAMS or (parts[0] == "swift" and len(parts) > 1
                                    and parts[1] in SWIFT_SUBCOMMANDS):
            found.append(span)
    return found


def block_end(text, start):
    """The index just after the `}` that closes the block whose `{` is at `start - 1`; braces
    inside code spans do not count."""
    depth, index, in_span = 1, start, False
    while index < len(text):
        char = text[index]
        if char == "`":
            in_span = not in_span
        elif not in_span and char == "{":
            depth += 1
        elif not in_span and char == "}":
            depth -= 1
            if depth == 0:
                return index + 1
        index += 1
    raise ValueError(f"unclosed block at {start}")


def events(page, text):
    """The page's directives, sections and steps, in the order they come."""
    found = []
    for match in DIRECTIVE.finditer(text):
        found.append((match.start(), "directive", match.group(1)))
    for match in SECTION.finditer(text):
        found.append((match.start(), "section", match.group(1)))
    for match in STEP.finditer(text):
        body = text[match.end():block_end(text, match.end()) - 1]
        code = CODE.search(body)
        words = DIRECTIVE.sub("", CODE.sub("", body))
        words = re.sub(r"\s+", " ", words).strip()
        found.append((match.start(), "step", (words, code.groups() if code else None)))
    found.sort(key=lambda event: event[0])
    section, section_title, number, result = 0, "", 0, []
    for _, kind, value in found:
        if kind == "section":
            section, section_title, number = section + 1, value, 0
            result.append(("section", value))
        elif kind == "directive":
            result.append(("directive", value))
        else:
            number += 1
            step = Step(page, section, number, value[0], value[1])
            step.section_title = section_title
            result.append(("step", step))
    return result


def prose(text):
    """The words of a page that are not listings: everything but the @Code lines."""
    return CODE.sub("", text)
