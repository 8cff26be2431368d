// Role in the data flow: before anything runs. What followed an option's name is read here as far
// as the option's argument allows, and handed to the option as bytes, with the few ways to take
// them that every option shares: as text, which must be UTF-8, or as a file's name, which is bytes.

import SystemBoundary

/// What followed an option's name on the command line: its value's bytes, or nothing.
struct OptionValue {
    /// The option's name as it was typed, for messages.
    let name: String
    /// The value, as the bytes the process was given; `nil` when there is none.
    let bytes: [UInt8]?

    init(name: String, bytes: [UInt8]?) {
        self.name = name
        self.bytes = bytes
    }

    /// Reads the value of the option spelled `name`, whose argument is `argument`, from the text
    /// `attached` after its `=`, or else from the next of the `remaining` arguments, which it
    /// takes when the argument allows.
    init(
        of argument: OptionReference.Argument, name: String, attached: [UInt8]?,
        remaining: inout ArraySlice<[UInt8]>
    ) throws(Options.Error) {
        switch argument {
        case .none:
            guard attached == nil else {
                throw Options.Error(description: "option \(name) takes no value")
            }
            self.init(name: name, bytes: nil)
        case .required:
            self.init(name: name, bytes: attached ?? remaining.popFirst())
        case .optional:
            if attached == nil, let next = remaining.first, next.first != UInt8(ascii: "-") {
                remaining.removeFirst()
                self.init(name: name, bytes: next)
            } else {
                self.init(name: name, bytes: attached)
            }
        }
    }

    /// Whether there is a value.
    var isGiven: Bool { bytes != nil }

    /// The value as text: it must be there, and be UTF-8, rather than text with U+FFFD in it.
    func text() throws(Options.Error) -> String {
        let bytes = try given()
        guard let text = Self.text(bytes) else {
            throw Options.Error(
                description: "\(name): \"\(FileName(bytes: bytes).excerpt())\" is not valid UTF-8 "
                    + "text")
        }
        return text
    }

    /// The value as a file's name: it must be there and not be empty; its bytes are kept,
    /// whatever they are.
    func path() throws(Options.Error) -> FileName {
        let bytes = try given()
        guard !bytes.isEmpty else { throw Options.Error(description: "\(name): the path is empty") }
        return FileName(bytes: bytes)
    }

    /// `bytes` as text, or `nil` when they are not valid UTF-8.
    static func text(_ bytes: [UInt8]) -> String? {
        bytes.withUnsafeBufferPointer { buffer in
            UTF8Validation.firstInvalidOffset(in: buffer) == nil
                ? String(decoding: buffer, as: UTF8.self) : nil
        }
    }

    /// The value's bytes, or the error saying the option needs one.
    private func given() throws(Options.Error) -> [UInt8] {
        guard let bytes else { throw Options.Error(description: "option \(name) needs a value") }
        return bytes
    }
}
