// Role: outside the app's data flow, standing in for the user's terminal. Tests that need a real
// terminal (raw mode, window size, the app run at a terminal) open a pseudo-terminal pair: the
// app side (the slave) behaves like a terminal device, and the test reads and writes the other
// side (the master) as the terminal emulator would.

import SystemBoundary

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A pseudo-terminal pair with its window size set.
///
/// A call that fails while setting it up throws the app's own `SystemCallError`, naming the call.
///
/// Both descriptors are close-on-exec, so a process spawned by another test never inherits
/// them (a stray copy of the slave would keep the terminal open after the app under test exits).
/// The caller closes each when done with it.
package struct PseudoTerminal: Sendable {
    /// The emulator's side: what the app writes is read here, and keys are written here.
    package let master: Int32
    /// The app's side, a terminal device.
    package let slave: Int32
    /// The slave's path (`/dev/pts/N`), for opening it as a controlling terminal.
    package let slavePath: String

    /// Opens a pair whose window is `rows` × `columns`.
    ///
    /// Callers that spawn processes should open it under the same lock as their spawns: between
    /// `openpty` and marking the descriptors close-on-exec, a spawn on another thread could copy
    /// them.
    package init(rows: Int, columns: Int) throws(SystemCallError) {
        var master: Int32 = -1
        var slave: Int32 = -1
        _ = try SystemCall.checked("openpty") { openpty(&master, &slave, nil, nil, nil) }
        var name = [CChar](repeating: 0, count: 128)
        do throws(SystemCallError) {
            try SystemCall.closeOnExec(master)
            try SystemCall.closeOnExec(slave)
            // `ttyname_r` returns its error rather than setting `errno`.
            let nameError = ttyname_r(slave, &name, name.count)
            guard nameError == 0 else { throw SystemCallError(call: "ttyname_r", code: nameError) }
        } catch {
            SystemCall.close(master)
            SystemCall.close(slave)
            throw error
        }
        self.master = master
        self.slave = slave
        slavePath = String(
            decoding: name.prefix { $0 != 0 }.map { UInt8(bitPattern: $0) }, as: UTF8.self)
        try setSize(rows: rows, columns: columns)
    }

    /// Sets the window size, as an emulator does when its window is resized; the kernel sends
    /// SIGWINCH to the terminal's foreground process group.
    package func setSize(rows: Int, columns: Int) throws(SystemCallError) {
        let size = winsize(
            ws_row: UInt16(clamping: rows), ws_col: UInt16(clamping: columns), ws_xpixel: 0,
            ws_ypixel: 0)
        try SystemCall.setWindowSize(size, of: master)
    }

    /// The terminal's settings, as the app on the slave side sees them.
    ///
    /// Read through the master (Linux answers for the slave), so it works after the test closed
    /// its copy of the slave.
    package func settings() throws(SystemCallError) -> termios {
        try SystemCall.terminalSettings(of: master)
    }
}
