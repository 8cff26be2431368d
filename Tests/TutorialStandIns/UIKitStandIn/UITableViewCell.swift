// A STAND-IN FOR UIKIT, not UIKit (see UIViewController.swift): a table cell and the content
// configuration that says what it shows.

import Foundation

/// Stands in for UIKit's `UITableViewCell`.
@MainActor
open class UITableViewCell: UIView {
    /// The cell's built-in layout.
    public enum CellStyle: Sendable {
        case `default`, value1, value2, subtitle
    }

    /// What an edit of a row does: swipe to delete commits `.delete`.
    public enum EditingStyle: Sendable {
        case none, delete, insert
    }

    /// What the cell shows.
    public var contentConfiguration: (any UIContentConfiguration)?
    /// The identifier the table reuses the cell by.
    public let reuseIdentifier: String?

    /// A cell with `style`, reused under `reuseIdentifier`.
    public init(style: CellStyle, reuseIdentifier: String?) {
        self.reuseIdentifier = reuseIdentifier
        super.init()
    }

    /// The standard configuration of a cell's content: a text, a secondary text.
    public func defaultContentConfiguration() -> UIListContentConfiguration {
        UIListContentConfiguration()
    }
}

/// Stands in for UIKit's `UIContentConfiguration`: what a cell's content shows.
public protocol UIContentConfiguration {}

/// Stands in for UIKit's `UIListContentConfiguration`.
public struct UIListContentConfiguration: UIContentConfiguration, Sendable {
    /// The main text.
    public var text: String?
    /// The text under it.
    public var secondaryText: String?
}
