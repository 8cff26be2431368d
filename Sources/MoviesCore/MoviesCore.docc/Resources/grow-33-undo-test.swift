// StoreTests.swift: the store's tests.

/// The tests, and the runner that runs them.
@MainActor
enum StoreTests {
    static let kane = Movie(id: 3, title: "Citizen Kane", year: 1941)

    /// Load the list, delete a movie, undo the delete.
    static func undoRevertsADelete(_ store: TestStore) async {
        store.send(.refresh, emits: [.fetch(.loading)])
        await store.receive([.reloaded, .fetch(.loaded)])
        store.send(.delete(at: 2), emits: [.deleted(kane, at: 2)])
        store.send(.undo, emits: [])
    }
}
