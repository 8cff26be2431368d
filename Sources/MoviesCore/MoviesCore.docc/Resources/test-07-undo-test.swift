// StoreTests.swift: the store's tests, which `swift test` runs. Each sends
// actions through a test store and states every Change they emit.

import Testing

@testable import Movies

@MainActor
struct StoreTests {
    let kane = Movie(id: 3, title: "Citizen Kane", year: 1941)

    /// Load the list, delete a movie, undo the delete.
    @Test func undoRevertsADelete() async {
        let store = TestStore(api: FakeMoviesAPI(latency: .zero))
        store.send(.refresh, emits: [.fetch(.loading)])
        await store.receive([.reloaded, .fetch(.loaded)])
        store.send(.delete(at: 2), emits: [.deleted(kane, at: 2)])
        store.send(.undo, emits: [])
    }
}
