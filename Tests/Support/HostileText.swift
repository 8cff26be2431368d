// Role: outside the app's data flow, in the test runner's output. Parameterized tests print their
// arguments; an argument that carries control or format characters is printed through this type,
// escaped, so running `swift test` never sends them to the terminal it runs in.

import Testing

/// A test argument that may hold control or format characters, shown escaped.
///
/// Swift Testing prints every argument of a parameterized test as it runs it; printed raw, a
/// title built to attack a terminal attacks the terminal running `swift test` (it retitled the
/// window and turned the output red). Shown through `UnsafeScalars.visible`, it reads as the escape
/// sequence it is. (Not through `TerminalText.escaped`: when the code under test forgets a class of
/// controls, its own tests must still print none of them.)
package struct HostileText: Sendable, Equatable, ExpressibleByStringLiteral,
    CustomTestStringConvertible
{
    /// The text itself.
    package let text: String

    package init(_ text: String) {
        self.text = text
    }

    package init(stringLiteral text: String) {
        self.text = text
    }

    package var testDescription: String {
        "\"\(UnsafeScalars.visible(text))\""
    }
}
