// The undo history's storage: last in, first out, and the oldest element forgotten when full.

import MoviesTestSupport
import Testing

@testable import MoviesCore

@Suite("BoundedStack")
struct BoundedStackTests {
    @Test func popsInReverseOrderOfPushing() {
        var stack = BoundedStack<Int>(capacity: 5)
        for value in 1...3 { stack.push(value) }
        #expect(stack.count == 3)
        #expect(stack.top == 3)
        #expect([stack.pop(), stack.pop(), stack.pop(), stack.pop()] == [3, 2, 1, nil])
        #expect(stack.count == 0)
    }

    @Test func aFullStackForgetsTheOldest() {
        var stack = BoundedStack<Int>(capacity: 3)
        for value in 1...7 { stack.push(value) }
        #expect(stack.count == 3)
        #expect([stack.pop(), stack.pop(), stack.pop(), stack.pop()] == [7, 6, 5, nil])
    }

    @Test func pushingAfterPoppingReusesTheSlots() {
        var stack = BoundedStack<Int>(capacity: 3)
        for value in 1...4 { stack.push(value) }  // 2 3 4
        stack.pop()  // 2 3
        stack.push(9)  // 2 3 9
        stack.push(10)  // full: 3 9 10
        #expect([stack.pop(), stack.pop(), stack.pop(), stack.pop()] == [10, 9, 3, nil])
    }

    /// Checks against a plain array model, for a seeded mix of pushes, pops, clears and removals
    /// of the oldest.
    @Test(arguments: [1, 2, 3, 4, 8])
    func behavesLikeATruncatedArray(capacity: Int) {
        var stack = BoundedStack<Int>(capacity: capacity)
        var model: [Int] = []
        var random = SeededGenerator(seed: UInt64(capacity))
        for value in 0..<2_000 {
            switch random.next() % 9 {
            case 0, 1, 2:
                #expect(stack.pop() == model.popLast())
            case 3:
                stack.removeAll()
                model.removeAll()
            case 4:
                #expect(stack.removeOldest() == (model.isEmpty ? nil : model.removeFirst()))
            default:
                stack.push(value)
                model.append(value)
                if model.count > capacity { model.removeFirst() }
            }
            #expect(stack.count == model.count)
            #expect(stack.top == model.last)
            #expect(stack.count { $0 % 2 == 0 } == model.count { $0 % 2 == 0 })
        }
    }

    @Test func aCapacityOfZeroKeepsNothing() {
        var stack = BoundedStack<Int>(capacity: 0)
        stack.push(1)
        #expect(stack.count == 0)
        #expect(stack.pop() == nil)
    }
}
