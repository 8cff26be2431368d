// File names through the built binary, from the shell's argv to the disk: a name that is not
// UTF-8 reaches the file of that name and no other (`--catalog`, `--state` through a link, `save`),
// text that is not UTF-8 is a usage error, `save` refuses the trace, a name at the 255-byte limit
// works, a failed start leaves no new state file, and leftovers of a killed `save` are removed.
// The shell makes the bytes (`printf '\377'`); what comes back is only escaped text and markers.

import Foundation
import MoviesTestSupport
import Testing

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("file names are bytes, end to end", .hangGuard)
struct FileNameEndToEndTests {
    /// Runs `script` in a new folder holding a two-movie `catalog.json`.
    private func run(_ script: String) async throws -> MoviesRun {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let catalog = #"[{"id":1,"title":"Alien","year":1979},{"id":2,"title":"Heat","year":1995}]"#
        _ = try directory.write(Data(catalog.utf8))
        return try await ShellRun.run("cd '\(directory.path)' && " + script)
    }

    @Test func aCatalogWhoseNameIsNotUTF8IsTheFileOfThatName() async throws {
        let run = try await run(
            #"n=$(printf 'real\377.json'); mv catalog.json "$n"; "#
                + #""$MOVIES" --latency 0 --quiet --catalog "$n" -c 'list'; "#
                + #""$MOVIES" --latency 0 --quiet --catalog "$(printf 'gone\376.json')" -c list; "#
                + #""$MOVIES" --latency 0 --quiet --catalog 'gone\x{FE}.json' -c list"#)
        #expect(run.stdoutLines.prefix(2) == ["  1. Alien (1979)", "  2. Heat (1995)"])
        // The missing one is named as it is, its byte escaped once, never as U+FFFD; a name
        // with a real backslash shows it doubled, so the two never look alike.
        #expect(
            run.stderrLines == [
                #"Could not load movies: gone\x{FE}.json: no such file — type refresh to retry"#,
                #"Could not load movies: gone\\x{FE}.json: no such file — type refresh to retry"#,
            ])
        #expect(!run.stdout.contains("\u{FFFD}") && !run.stderr.contains("\u{FFFD}"))
    }

    @Test func aStateFileReachedThroughALinkToANameThatIsNotUTF8KeepsItsEdits() async throws {
        let run = try await run(
            #"n=$(printf 'st\376.json'); cp catalog.json "$n"; ln -s "$n" lnk; "#
                + #""$MOVIES" --latency 0 --quiet --state lnk -c 'delete 1'; echo "first=$?"; "#
                + #""$MOVIES" --latency 0 --quiet --state lnk -c 'list'; "#
                + #"[ -L lnk ] && echo link-kept; ls -A | wc -l | tr -d ' '"#)
        #expect(run.stderr.isEmpty, "\(run.stderr.debugDescription)")
        #expect(run.stdoutLines == ["first=0", "  1. Heat (1995)", "link-kept", "3"])
    }

    @Test func aStateFileWhoseNameIsNotUTF8IsRestoredNotDuplicated() async throws {
        let run = try await run(
            #"n=$(printf 'real\377.json'); mv catalog.json "$n"; "#
                + #""$MOVIES" --latency 0 --quiet --state "$n" -c 'delete 2; list'; "#
                + #"ls -A | wc -l | tr -d ' '"#)
        #expect(run.stdoutLines == ["  1. Alien (1979)", "1"])
    }

    @Test func aDamagedStateFileIsNamedEscapedOnce() async throws {
        let run = try await run(
            #"n=$(printf 'bad\377.json'); echo 'not json' > "$n"; "#
                + #""$MOVIES" --latency 0 --state "$n" -c list; echo "status=$?""#)
        #expect(run.stdoutLines == ["status=2"])
        #expect(
            run.stderr.hasPrefix(#"movies: state file bad\x{FF}.json: "#),
            "\(run.stderr.debugDescription)")
        let control = try await self.run(
            #"n=$(printf 'bad\033.json'); echo 'not json' > "$n"; "#
                + #""$MOVIES" --latency 0 --state "$n" -c list"#)
        #expect(
            control.stderr.hasPrefix(#"movies: state file bad\u{1B}.json: "#),
            "\(control.stderr.debugDescription)")
    }

    /// `-c` is text, so a name that is not UTF-8 reaches `save` through a link, which is followed
    /// as the bytes `readlink` gives.
    @Test func saveAndTraceUseTheNameAsGiven() async throws {
        let run = try await run(
            #"t=$(printf 'trace\377.jsonl'); s=$(printf 'saved\377.json'); ln -s "$s" out; "#
                + #""$MOVIES" --latency 0 --quiet --catalog catalog.json --trace "$t" "#
                + #"-c 'delete 1; save out'; "#
                + #""$MOVIES" --latency 0 --quiet --catalog "$s" -c list; "#
                + #""$MOVIES" --replay "$t" >/dev/null; echo "replay=$?"; ls -A | wc -l | tr -d ' '"#
        )
        #expect(run.stdoutLines == ["  1. Heat (1995)", "replay=0", "4"])
    }

    @Test(arguments: [["-c", "list"], ["--latency", "0"], ["--history", "5"], ["--bogus"]])
    func textThatIsNotUTF8IsAUsageError(option: [String]) async throws {
        let value = option.count == 2 ? #" "$(printf '\#(option[1])\377')""# : #"$(printf '\377')"#
        let run = try await run(#""$MOVIES" --latency 0 "# + option[0] + value)
        #expect(run.status == 64)
        #expect(run.stderr.contains(#"\x{FF}"#))
        #expect(!run.stderr.contains("\u{FFFD}"))
    }

    @Test func saveRefusesTheTraceByAnyName() async throws {
        let run = try await run(
            #"mkdir d; ln -s t.jsonl link; "#
                + #""$MOVIES" --latency 0 --quiet --trace t.jsonl "#
                + #"-c 'save t.jsonl; save link; save ./d/../t.jsonl'; echo "status=$?"; "#
                + #""$MOVIES" --replay t.jsonl >/dev/null; echo "replay=$?"; "#
                + #""$MOVIES" --latency 0 --quiet --trace -c 'save err.jsonl' 2>err.jsonl; "#
                + #"echo "stderr=$?""#)
        #expect(run.stdoutLines == ["status=1", "replay=0", "stderr=1"])
        #expect(run.stderr.components(separatedBy: "this session's trace").count == 4)
    }

    /// `save` onto the file the session's own output goes to would replace it: what was written
    /// before would vanish, and what comes after would go to the unlinked old file.
    @Test func saveRefusesTheSessionsOwnOutputAndErrorFiles() async throws {
        let run = try await run(
            #"ln -s out.txt link; "#
                + #""$MOVIES" --latency 0 --catalog catalog.json -c 'delete 1; save /dev/stdout; "#
                + #"save link; "#
                + #"save /dev/stderr; save err.txt; list' >out.txt 2>err.txt; echo "status=$?"; "#
                + #"cat out.txt err.txt"#)
        #expect(
            run.stdoutLines == [
                "status=1", "Loading movies…", "  1. Alien (1979)", "  2. Heat (1995)",
                "Loaded 2 movies.", "- 1. Alien (1979)", "  1. Heat (1995)",
                "command 2: save: /dev/stdout is this session's standard output; saving over it "
                    + "would lose what the session wrote there",
                "command 3: save: link is this session's standard output; saving over it would "
                    + "lose what the session wrote there",
                "command 4: save: /dev/stderr is this session's standard error; saving over it "
                    + "would lose what the session wrote there",
                "command 5: save: err.txt is this session's standard error; saving over it would "
                    + "lose what the session wrote there",
            ])
    }

    @Test func namesAtTheSystemsLimitCanBeStateAndSaveFiles() async throws {
        let state = String(repeating: "s", count: 255)
        let saved = String(repeating: "v", count: 250) + "\u{E9}.js"
        let run = try await run(
            #""$MOVIES" --latency 0 --quiet --catalog catalog.json --state \#(state) "#
                + #"-c 'delete 1; save \#(saved)'; echo "status=$?"; "#
                + #""$MOVIES" --latency 0 --quiet --catalog \#(saved) -c list; "#
                + #""$MOVIES" --latency 0 --quiet --state \#(state) -c list"#)
        #expect(run.stderr.isEmpty, "\(run.stderr.debugDescription)")
        #expect(run.stdoutLines == ["status=0", "  1. Heat (1995)", "  1. Heat (1995)"])
    }

    /// `/proc/self/fd/N` names the file open as descriptor N: a state file still under its name
    /// is that file, and a clean exit says nothing of the name; one whose name was removed has no
    /// name to be rewritten under, and is refused saying so.
    @Test func aStateFileNamedByADescriptorIsItsFileOrIsRefusedForHavingNoName() async throws {
        let run = try await run(
            #"cp catalog.json st; exec 7<>st; "#
                + #""$MOVIES" --latency 0 --quiet --state /proc/self/fd/7 -c 'delete 1'; "#
                + #"echo "named=$?"; "$MOVIES" --latency 0 --quiet --state st -c list; "#
                + #"cp catalog.json gone; exec 8<>gone; rm gone; "#
                + #""$MOVIES" --latency 0 --quiet --state /proc/self/fd/8 -c 'delete 1'; "#
                + #"echo "removed=$?"; ls"#)
        #expect(
            run.stdoutLines == ["named=0", "  1. Heat (1995)", "removed=2", "catalog.json", "st"])
        #expect(
            run.stderrLines == [
                "movies: state file /proc/self/fd/8: leads to a file whose name was removed; a "
                    + "state file is rewritten under its name, so it needs one"
            ])
    }

    @Test func aFailedStartLeavesNoNewStateFileAndTouchesNoOldOne() async throws {
        let run = try await run(
            #""$MOVIES" --latency 0 --state new.json --trace no/such/t.jsonl -c list; "#
                + #"echo "status=$?"; [ -e new.json ] || echo no-new-file; : > old.json; "#
                + #""$MOVIES" --latency 0 --state old.json --trace no/such/t.jsonl -c list; "#
                + #"[ -e old.json ] && echo old-kept"#)
        #expect(run.stdoutLines == ["status=74", "no-new-file", "old-kept"])
    }

    @Test func saveRemovesLeftoversOfKilledSavesOfItsFileOnly() async throws {
        // 2147483646 is no process (pids stay far below it); the shell running the script is one.
        let run = try await run(
            #"echo "$$"; : > .saved.json.2147483646.tmp; : > ".saved.json.$$.tmp"; "#
                + #": > .other.json.2147483646.tmp; : > .saved.json.x.tmp; "#
                + #""$MOVIES" --latency 0 --quiet --catalog catalog.json -c 'save saved.json'; "#
                + #"ls -A | tr '\n' ' '"#)
        let shell = try #require(run.stdoutLines.first)
        #expect(run.stdout.contains(".saved.json.\(shell).tmp"))
        #expect(!run.stdout.contains(".saved.json.2147483646.tmp"))
        #expect(run.stdout.contains(".other.json.2147483646.tmp"))
        #expect(run.stdout.contains(".saved.json.x.tmp"))
    }
}
