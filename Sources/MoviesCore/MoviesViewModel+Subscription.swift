// Role in the data flow: the handle a subscriber gets back from `subscribe`. Changes flow from the
// store to every subscriber until its subscription is cancelled; a view that can go away before
// the store cancels it on the way out.

extension MoviesViewModel {
    /// Proof of a subscription; `cancel()` stops the deliveries.
    ///
    /// Releasing it does not cancel (unlike Combine's `AnyCancellable`): a subscriber that lives
    /// as long as the store may drop it, which is why `subscribe` is `@discardableResult`. A
    /// subscriber that can go away first keeps it and cancels, as the views' `detach()` does.
    @MainActor
    public final class Subscription {
        private var onCancel: (@MainActor () -> Void)?

        init(onCancel: @escaping @MainActor () -> Void) {
            self.onCancel = onCancel
        }

        /// Stops deliveries to this subscriber; calling it again does nothing.
        public func cancel() {
            onCancel?()
            onCancel = nil
        }
    }
}
