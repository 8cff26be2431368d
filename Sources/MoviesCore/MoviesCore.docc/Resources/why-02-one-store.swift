// OneStore.swift: the same two views, fed by one store that owns the titles and
// tells every view what changed.

/// The one owner of the titles: every change goes through it, and every view
/// hears of it.
final class Store {
    /// What one change did.
    enum Change {
        case deleted(String, at: Int)
    }

    private(set) var titles = ["The Godfather", "Casablanca", "Jaws"]
    private var subscribers: [(Change, [String]) -> Void] = []

    func subscribe(_ subscriber: @escaping (Change, [String]) -> Void) {
        subscribers.append(subscriber)
    }

    func delete(at index: Int) {
        let change = Change.deleted(titles.remove(at: index), at: index)
        for subscriber in subscribers {
            subscriber(change, titles)
        }
    }
}

@main
struct OneStore {
    static func main() {
        let store = Store()
        store.subscribe { change, titles in
            switch change {
            case .deleted(let title, let row):
                print("list: \(title) left row \(row); \(titles.count) movies")
            }
        }
        store.subscribe { _, titles in print("badge: \(titles.count) movies") }
        store.delete(at: 0)
    }
}
