// A STAND-IN FOR UIKIT, not UIKit (see UIViewController.swift): the table view controller, the
// data source of its own table. A subclass overrides the data source methods, as in UIKit.

import Foundation

/// Stands in for UIKit's `UITableViewController`.
@MainActor
open class UITableViewController: UIViewController, UITableViewDataSource {
    /// The table this controller manages, whose data source it is.
    // swift-format-ignore: NeverUseImplicitlyUnwrappedOptionals
    // UIKit declares it so; a stand-in keeps UIKit's type.
    public let tableView: UITableView!

    /// A controller of a table in `style`.
    public init(style: UITableView.Style) {
        let table = UITableView(style: style)
        tableView = table
        super.init()
        table.dataSource = self
    }

    public required init?(coder: NSCoder) {
        return nil
    }

    /// How many rows `section` has.
    open func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int {
        0
    }

    /// The cell that shows the row at `indexPath`.
    open func tableView(
        _ tableView: UITableView, cellForRowAt indexPath: IndexPath
    ) -> UITableViewCell {
        UITableViewCell(style: .default, reuseIdentifier: nil)
    }

    /// The user confirmed an edit of the row at `indexPath` (swipe to delete: `.delete`).
    open func tableView(
        _ tableView: UITableView, commit editingStyle: UITableViewCell.EditingStyle,
        forRowAt indexPath: IndexPath
    ) {}

    /// The user dragged the row at `sourceIndexPath` to `destinationIndexPath`; the table has
    /// already moved it on screen.
    open func tableView(
        _ tableView: UITableView, moveRowAt sourceIndexPath: IndexPath,
        to destinationIndexPath: IndexPath
    ) {}
}

/// Stands in for UIKit's `UITableViewDataSource`: what the table asks its data source.
@MainActor
public protocol UITableViewDataSource: NSObjectProtocol {
    /// How many rows `section` has.
    func tableView(_ tableView: UITableView, numberOfRowsInSection section: Int) -> Int
    /// The cell that shows the row at `indexPath`.
    func tableView(_ tableView: UITableView, cellForRowAt indexPath: IndexPath) -> UITableViewCell
}
