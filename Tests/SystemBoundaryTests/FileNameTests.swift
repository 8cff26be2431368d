// A file's name as bytes: shown escaped (a byte that is not UTF-8 as `\x{FF}`, never U+FFFD), split
// into directory and last component byte for byte, and handed to the system exactly.

import MoviesTestSupport
import Testing

@testable import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

@Suite("FileName")
struct FileNameTests {
    /// Names as bytes and as they are shown.
    ///
    /// A byte that is not UTF-8 and a real backslash before the same letters look different.
    /// Typed, and without `+` between arrays, so the literal type-checks at once (untyped, with
    /// `+`, it took 16 s).
    static let names: [([UInt8], String)] = [
        (Array("plain.json".utf8), #"plain.json"#),
        ([0x72, 0x65, 0x61, 0x6C, 0xFF, 0x2E, 0x6A, 0x73, 0x6F, 0x6E], #"real\x{FF}.json"#),
        (Array(#"real\x{FF}.json"#.utf8), #"real\\x{FF}.json"#),
        ([0xC3], #"\x{C3}"#),
        (Array("caf\u{E9}".utf8), "caf\u{E9}"),
        (Array("a\u{1B}]0;x\u{7}".utf8), #"a\u{1B}]0;x\u{7}"#),
        (Array(#"back\slash"#.utf8), #"back\\slash"#),
    ]

    @Test(arguments: names)
    func aNameIsShownEscapedNeverRepaired(bytes: [UInt8], shown: String) {
        let name = FileName(bytes: bytes)
        #expect(name.description == shown)
        #expect(!name.description.contains("\u{FFFD}"))
        #expect(name.bytes == bytes)
    }

    @Test func theLabelKeepsTextAndSpellsOutOtherBytes() {
        #expect(FileName(bytes: [0x61, 0xFE, 0x1B]).label == "a\\x{FE}\u{1B}")
    }

    @Test func anExcerptCutsAfterItsLimit() {
        let name = FileName(bytes: Array(repeating: 0xFF, count: 50))
        #expect(name.excerpt(limit: 2) == #"\x{FF}\x{FF}…"#)
        #expect(FileName("short").excerpt(limit: 5) == "short")
    }

    @Test(
        arguments: [
            ("list.json", ".", "list.json"), ("/list.json", "/", "list.json"),
            ("a/b/list.json", "a/b", "list.json"), ("/a/list.json", "/a", "list.json"),
        ] as [(String, String, String)])
    func theDirectoryAndTheLastComponent(path: String, directory: String, last: String) {
        #expect(FileName(path).directory == FileName(directory))
        #expect(FileName(path).lastComponent == Array(last.utf8))
    }

    @Test func theSystemGetsTheBytesAndANameWithANULReachesNoFile() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let name = FileName(directory.path("x")).directory.appending([0x72, 0xFF])
        let descriptor = name.withCString { open($0, O_WRONLY | O_CREAT | O_EXCL, 0o644) }
        #expect(descriptor >= 0)
        close(descriptor)
        #expect(FileIdentity(path: name) != nil)
        #expect(
            FileIdentity(path: FileName(bytes: name.bytes.dropLast() + [0xEF, 0xBF, 0xBD])) == nil)
        #expect(FileIdentity(path: FileName(bytes: name.bytes + [0, 0x61])) == nil)
    }
}
