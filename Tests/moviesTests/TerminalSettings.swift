// A terminal's termios settings as a value that tests can compare: "the app put the terminal back
// exactly as it found it" is `settings after == settings before`, every field.

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Every field of a `termios`, comparable and printable.
///
/// `termios` itself is a C struct without `Equatable`; comparing its bytes would also compare
/// padding. This copies the fields a program can set: the four flag words, the control
/// characters and the speeds.
struct TerminalSettings: Equatable, Sendable, CustomStringConvertible {
    var inputFlags: UInt
    var outputFlags: UInt
    var controlFlags: UInt
    var localFlags: UInt
    var controlCharacters: [UInt8]
    var inputSpeed: UInt
    var outputSpeed: UInt

    init(_ settings: termios) {
        inputFlags = UInt(settings.c_iflag)
        outputFlags = UInt(settings.c_oflag)
        controlFlags = UInt(settings.c_cflag)
        localFlags = UInt(settings.c_lflag)
        var copy = settings
        controlCharacters = withUnsafeBytes(of: &copy.c_cc) { Array($0) }
        inputSpeed = UInt(cfgetispeed(&copy))
        outputSpeed = UInt(cfgetospeed(&copy))
    }

    /// Whether the terminal echoes and edits lines itself (cooked mode), as a shell leaves it.
    var isCooked: Bool {
        localFlags & UInt(ICANON) != 0 && localFlags & UInt(ECHO) != 0
    }

    var description: String {
        "iflag \(hex(inputFlags)) oflag \(hex(outputFlags)) cflag \(hex(controlFlags)) "
            + "lflag \(hex(localFlags)) cc \(controlCharacters.map { String($0) }.joined(separator: ","))"
            + " speed \(inputSpeed)/\(outputSpeed)"
    }

    private func hex(_ value: UInt) -> String { "0x" + String(value, radix: 16) }
}
