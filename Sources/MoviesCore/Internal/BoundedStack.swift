// Role in the data flow: storage for the undo history. A stack that keeps only its newest entries,
// so a long session's history costs a fixed amount of memory and pushing stays O(1) when full.

/// A last-in, first-out stack of at most `capacity` elements; pushing onto a full stack forgets
/// the oldest element.
///
/// A ring buffer: the elements live in a fixed array and `start` marks the oldest, so dropping it
/// moves nothing. (`Array.removeFirst` would shift every element on every push once full.)
struct BoundedStack<Element> {
    /// The most elements kept.
    let capacity: Int
    private var slots: [Element?] = []
    private var start = 0
    /// How many elements are on the stack.
    private(set) var count = 0

    /// A stack that keeps at most `capacity` elements (0 keeps none).
    init(capacity: Int) {
        self.capacity = max(0, capacity)
    }

    /// The element `pop()` would return.
    var top: Element? {
        count == 0 ? nil : slots[slot(count - 1)]
    }

    /// Pushes `element`, dropping the oldest element if the stack is full.
    mutating func push(_ element: consuming Element) {
        guard capacity > 0 else { return }
        guard count < capacity else {
            // Full: the newest element takes the oldest one's slot.
            slots[start] = element
            start = slot(1)
            return
        }
        let index = slot(count)
        if index < slots.count {
            slots[index] = element
        } else {
            slots.append(element)
        }
        count += 1
    }

    /// Removes and returns the newest element.
    @discardableResult
    mutating func pop() -> Element? {
        guard count > 0 else { return nil }
        let index = slot(count - 1)
        let element = slots[index]
        // Release the element now: a history entry may keep a whole replaced list alive.
        slots[index] = nil
        count -= 1
        return element
    }

    /// Removes and returns the oldest element.
    @discardableResult
    mutating func removeOldest() -> Element? {
        guard count > 0 else { return nil }
        let element = slots[start]
        slots[start] = nil
        start = slot(1)
        count -= 1
        return element
    }

    /// The element `offset` places above the oldest (0: the oldest), or `nil` past the top.
    func element(fromOldest offset: Int) -> Element? {
        guard offset >= 0, offset < count else { return nil }
        return slots[slot(offset)]
    }

    /// How many elements satisfy `predicate`.
    func count(where predicate: (Element) -> Bool) -> Int {
        (0..<count).reduce(0) { total, offset in
            total + (slots[slot(offset)].map(predicate) == true ? 1 : 0)
        }
    }

    /// Removes every element.
    mutating func removeAll() {
        slots.removeAll(keepingCapacity: true)
        start = 0
        count = 0
    }

    /// The array index of the element `offset` places above the oldest.
    private func slot(_ offset: Int) -> Int {
        // `offset` < `capacity` and `start` < `capacity`: one subtraction wraps it, without the
        // division a remainder costs on every push.
        let index = start + offset
        return index < capacity ? index : index - capacity
    }
}

extension BoundedStack: Sendable where Element: Sendable {}
