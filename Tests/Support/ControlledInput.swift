// Input typed by a person, one event at a time, when the test says: the session waits for each
// event, and the test can wait until the session is waiting, so every step is deterministic.

import TerminalIO

/// Input typed by a person, one event at a time, when the test says: the session waits for each
/// event, and the test can wait until the session is waiting, so every step is deterministic.
@MainActor
package final class ControlledInput: InputSource {
    private var queued: [InputEvent] = []
    private var reader: CheckedContinuation<InputEvent, Never>?
    private var readerWatchers: [CheckedContinuation<Void, Never>] = []

    package init() {}

    /// Nothing is ever ready before the session waits: a person types after the prompt.
    package func nextReady() -> InputEvent? { nil }

    package func next() async -> InputEvent {
        if !queued.isEmpty { return queued.removeFirst() }
        return await withCheckedContinuation { continuation in
            reader = continuation
            let watchers = readerWatchers
            readerWatchers.removeAll()
            for watcher in watchers { watcher.resume() }
        }
    }

    /// Types `lines`, one event each.
    package func type(_ lines: String...) {
        for line in lines { send(.line(line)) }
    }

    /// Delivers `event` to the session, now if it is waiting, else when it next asks.
    package func send(_ event: InputEvent) {
        if let reader {
            self.reader = nil
            reader.resume(returning: event)
        } else {
            queued.append(event)
        }
    }

    /// Returns once the session has taken every event sent so far and waits for the next.
    package func untilWaiting() async {
        while reader == nil || !queued.isEmpty {
            await withCheckedContinuation { readerWatchers.append($0) }
        }
    }
}
