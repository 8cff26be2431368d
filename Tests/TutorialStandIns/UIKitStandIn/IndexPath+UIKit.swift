// A STAND-IN FOR UIKIT, not UIKit (see UIViewController.swift): UIKit adds rows and sections to
// Foundation's `IndexPath`, which Linux has too; this adds the same three names.

import Foundation

extension IndexPath {
    /// The index path of `row` in `section`.
    public init(row: Int, section: Int) {
        self.init(indexes: [section, row])
    }

    /// The row: the path's second index.
    public var row: Int { self[1] }

    /// The section: the path's first index.
    public var section: Int { self[0] }
}
