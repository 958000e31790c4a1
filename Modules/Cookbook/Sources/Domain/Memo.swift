import Synchronization

/// Answers worked out before, by what they were worked out from; at most `capacity` of them (it
/// starts over when full, so a burst of one-off keys cannot grow it without bound).
final class Memo<Key: Hashable & Sendable, Value: Sendable>: Sendable {
    let capacity: Int
    private let answers = Mutex<[Key: Value]>([:])

    init(capacity: Int) { self.capacity = capacity }

    subscript(key: Key) -> Value? {
        answers.withLock { $0[key] }
    }

    func keep(_ value: Value, for key: Key) {
        answers.withLock { answers in
            if answers.count >= capacity { answers.removeAll(keepingCapacity: true) }
            answers[key] = value
        }
    }
}
