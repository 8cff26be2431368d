// StoreTests.swift: the store's tests, run as a small program that prints ✔ or ✘ for each, as a
// test runner would. In a package, the same test is a Swift Testing `@Test` that passes
// `{ Issue.record(Comment(rawValue: $0)) }` as `fail`.

/// The tests, and the runner that runs them.
@main
@MainActor
enum StoreTests {
    static let kane = Movie(id: 3, title: "Citizen Kane", year: 1941)

    static func main() async {
        await run("undoRevertsADelete", undoRevertsADelete)
    }

    /// Load the list, delete a movie, undo the delete.
    static func undoRevertsADelete(_ store: TestStore) async {
        store.send(.refresh, emits: [.fetch(.loading)])
        await store.receive([.reloaded, .fetch(.loaded)])
        store.send(.delete(at: 2), emits: [.deleted(kane, at: 2)])
        store.send(.undo, emits: [])
    }

    /// Runs `test` on a store whose server answers at once, then prints what failed.
    static func run(_ name: String, _ test: @MainActor (TestStore) async -> Void) async {
        var failures: [String] = []
        let store = TestStore(api: FakeMoviesAPI(latency: .zero)) { failures.append($0) }
        await test(store)
        print(failures.isEmpty ? "✔ \(name)" : "✘ \(name)")
        for failure in failures {
            print("    " + failure)
        }
    }
}
