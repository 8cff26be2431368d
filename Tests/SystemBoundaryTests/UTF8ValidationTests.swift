// Invalid UTF-8 is found where it is: every kind of bad sequence, at its offset, and valid text of
// every length of sequence passes.

import Testing

@testable import SystemBoundary

@Suite("UTF8Validation")
struct UTF8ValidationTests {
    private func firstInvalid(_ bytes: [UInt8]) -> Int? {
        bytes.withUnsafeBufferPointer { UTF8Validation.firstInvalidOffset(in: $0) }
    }

    @Test func validTextPasses() {
        #expect(firstInvalid([]) == nil)
        #expect(firstInvalid(Array("plain ASCII".utf8)) == nil)
        #expect(firstInvalid(Array("é ש 🎬 \u{10FFFF}".utf8)) == nil)
        #expect(firstInvalid(Array("e\u{301}\u{FEFF}".utf8)) == nil)
    }

    @Test(
        arguments: [
            ([0xFF], 0),  // never valid
            ([0x41, 0x80], 1),  // a continuation byte alone
            ([0x41, 0x42, 0xC3], 2),  // a two-byte sequence cut short
            ([0xC0, 0xAF], 0),  // overlong "/"
            ([0xE0, 0x80, 0xAF], 0),  // overlong, three bytes
            ([0xED, 0xA0, 0x80], 0),  // an encoded surrogate (U+D800)
            ([0xF4, 0x90, 0x80, 0x80], 0),  // above U+10FFFF
            ([0x61, 0xC3, 0xA9, 0xF0, 0x9F, 0x8E], 3),  // "aé" then a cut-off emoji
        ] as [([UInt8], Int)])
    func invalidBytesAreFoundAtTheirOffset(bytes: [UInt8], offset: Int) {
        #expect(firstInvalid(bytes) == offset)
        let result = bytes.withUnsafeBufferPointer { UTF8Validation.string(from: $0) }
        #expect(result == .failure(.init(offset: offset, value: bytes[offset])))
    }

    @Test func validBytesBecomeTheSameString() {
        let text = "Amélie 🎬 שלום"
        let result = Array(text.utf8).withUnsafeBufferPointer { UTF8Validation.string(from: $0) }
        #expect(result == .success(text))
    }
}
