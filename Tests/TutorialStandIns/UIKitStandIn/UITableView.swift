// A STAND-IN FOR UIKIT, not UIKit (see UIViewController.swift): the table view. It draws
// nothing; it records every call it gets as a line of text (`calls`, stand-in only), and checks
// each batch update against its data source as UIKit does: the data source is read when the
// batch starts and when it ends, and the count must differ by exactly the rows inserted and
// deleted in it (UIKit stops the app when it does not; this records the mismatch as a call).

import Foundation

/// Stands in for UIKit's `UITableView`.
@MainActor
open class UITableView: UIView {
    /// How the table groups its sections.
    public enum Style: Sendable {
        case plain, grouped, insetGrouped
    }

    /// How rows animate in and out.
    public enum RowAnimation: Sendable {
        case fade, right, left, top, bottom, none, middle, automatic
    }

    /// Where the table gets its rows from (UIKit keeps it weakly, too).
    public weak var dataSource: (any UITableViewDataSource)?
    /// Stand-in only: each call the table got, as text, such as `insertRows(at: [2])`; a batch
    /// is `performBatchUpdates {`, its calls indented, then `}`.
    public private(set) var calls: [String] = []
    /// The row count the table last read from its data source: the rows on screen.
    private var shownRows = 0
    /// Rows inserted minus rows deleted in the batch under way.
    private var batchDelta = 0
    private var registered: Set<String> = []

    init(style: Style) {
        super.init()
    }

    /// Registers the class of the cells reused under `identifier`.
    public func register(_ cellClass: AnyClass?, forCellReuseIdentifier identifier: String) {
        registered.insert(identifier)
    }

    /// A cell for the row at `indexPath`, of the class registered under `identifier`.
    ///
    /// The stand-in makes a plain `UITableViewCell` each time, and records a call for an
    /// identifier nobody registered (UIKit stops the app there).
    public func dequeueReusableCell(
        withIdentifier identifier: String, for indexPath: IndexPath
    ) -> UITableViewCell {
        if !registered.contains(identifier) {
            calls.append("! no cell class registered for \"\(identifier)\"")
        }
        return UITableViewCell(style: .default, reuseIdentifier: identifier)
    }

    /// Runs `updates` as one animated batch, then checks the data source against it.
    public func performBatchUpdates(
        _ updates: (() -> Void)?, completion: ((Bool) -> Void)? = nil
    ) {
        let before = numberOfRows()
        if before != shownRows {
            calls.append("! the data source changed before the batch: \(shownRows) → \(before)")
        }
        calls.append("performBatchUpdates {")
        batchDelta = 0
        updates?()
        calls.append("}")
        let after = numberOfRows()
        if after != before + batchDelta {
            calls.append(
                "! the batch expects \(before + batchDelta) rows; the data source has \(after)")
        }
        shownRows = after
        completion?(true)
    }

    /// Animates new rows in at `indexPaths`.
    public func insertRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        calls.append("  insertRows(at: \(Self.rows(indexPaths)), with: .\(animation))")
        batchDelta += indexPaths.count
    }

    /// Animates the rows at `indexPaths` out.
    public func deleteRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        calls.append("  deleteRows(at: \(Self.rows(indexPaths)), with: .\(animation))")
        batchDelta -= indexPaths.count
    }

    /// Animates the row at `indexPath` to `newIndexPath`.
    public func moveRow(at indexPath: IndexPath, to newIndexPath: IndexPath) {
        calls.append("  moveRow(at: \(indexPath.row), to: \(newIndexPath.row))")
    }

    /// Draws the rows at `indexPaths` again from the data source, in place.
    public func reloadRows(at indexPaths: [IndexPath], with animation: RowAnimation) {
        calls.append("  reloadRows(at: \(Self.rows(indexPaths)), with: .\(animation))")
    }

    /// Draws every row again from the data source, with no animation.
    public func reloadData() {
        calls.append("reloadData()")
        shownRows = numberOfRows()
    }

    /// Stand-in only: what each row on screen shows, read from the data source's cells as the
    /// table would read them after its last reload or batch.
    public func shownTexts() -> [String?] {
        guard let dataSource else { return [] }
        return (0..<shownRows).map { row in
            let cell = dataSource.tableView(self, cellForRowAt: IndexPath(row: row, section: 0))
            return (cell.contentConfiguration as? UIListContentConfiguration)?.text
        }
    }

    private func numberOfRows() -> Int {
        dataSource?.tableView(self, numberOfRowsInSection: 0) ?? 0
    }

    /// Rows of section 0 as text, `[2]`; a row of another section as `[s:r]`.
    private static func rows(_ indexPaths: [IndexPath]) -> String {
        let rows = indexPaths.map { $0.section == 0 ? "\($0.row)" : "\($0.section):\($0.row)" }
        return "[" + rows.joined(separator: ", ") + "]"
    }
}
