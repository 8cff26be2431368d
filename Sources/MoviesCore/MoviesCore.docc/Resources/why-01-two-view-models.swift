// TwoViewModels.swift: plain MVVM. Each screen has a view model, and each keeps
// its own copy of what it shows.

/// The list screen's view model: it holds the titles and says when they change.
final class ListViewModel {
    var titles = ["The Godfather", "Casablanca", "Jaws"]
    var onChange: (() -> Void)?

    func delete(at index: Int) {
        titles.remove(at: index)
        onChange?()
    }
}

/// The badge's view model: the count, copied when the badge was made.
final class BadgeViewModel {
    var count: Int

    init(count: Int) {
        self.count = count
    }
}

@main
struct TwoViewModels {
    static func main() {
        let list = ListViewModel()
        let badge = BadgeViewModel(count: list.titles.count)
        list.onChange = { print("list: \(list.titles.count) movies") }
        list.delete(at: 0)
        print("badge: \(badge.count) movies")
    }
}
