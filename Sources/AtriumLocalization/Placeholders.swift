/// The placeholders of a catalog form — `%@` (text), `%lld` (a whole number), either with a
/// position (`%2$@`) so a translation can put the data in another order — and `%%` for a percent
/// sign. ``fill(_:arguments:numbers:conventions:)`` puts the data in; ``signature(of:)`` says which
/// placeholders a form has, so the catalog check can tell when translations disagree.
package enum Placeholders {
    /// One placeholder: the argument it takes (from 0) and whether it takes a whole number.
    package struct Slot: Sendable, Hashable, Comparable {
        package let index: Int
        package let isNumber: Bool

        package static func < (lhs: Slot, rhs: Slot) -> Bool { (lhs.index, lhs.isNumber ? 1 : 0) < (rhs.index, rhs.isNumber ? 1 : 0) }
    }

    /// `form` with each placeholder replaced by its argument (a number written by `conventions`);
    /// a placeholder without an argument is left out, and a `%` that starts no placeholder is kept.
    package static func fill(_ form: String, arguments: [String], numbers: [Int?], conventions: NumberConventions) -> String {
        guard form.utf8.contains(UInt8(ascii: "%")) else { return form }
        var result = ""
        var next = 0
        scan(form) { piece in
            switch piece {
            case .literal(let text):
                result += text
            case .slot(let slot, let positional):
                let index = positional ? slot.index : next
                if !positional { next += 1 }
                guard index < arguments.count else { return }
                if slot.isNumber, index < numbers.count, let number = numbers[index] {
                    result += conventions.text(of: number)
                } else {
                    result += arguments[index]
                }
            }
        }
        return result
    }

    /// The placeholders of `form`, sorted by argument: equal for two forms that take the same data.
    package static func signature(of form: String) -> [Slot] {
        var slots: [Slot] = []
        var next = 0
        scan(form) { piece in
            guard case .slot(let slot, let positional) = piece else { return }
            slots.append(Slot(index: positional ? slot.index : next, isNumber: slot.isNumber))
            if !positional { next += 1 }
        }
        return slots.sorted()
    }

    private enum Piece {
        case literal(Substring)
        case slot(Slot, positional: Bool)
    }

    private static func scan(_ form: String, _ visit: (Piece) -> Void) {
        var rest = Substring(form)
        while let percent = rest.firstIndex(of: "%") {
            if percent > rest.startIndex { visit(.literal(rest[rest.startIndex..<percent])) }
            var cursor = rest.index(after: percent)
            guard cursor < rest.endIndex else {
                visit(.literal("%"))
                return
            }
            if rest[cursor] == "%" {
                visit(.literal("%"))
                rest = rest[rest.index(after: cursor)...]
                continue
            }
            // An optional position `n$`.
            var position: Int?
            let digitsEnd = rest[cursor...].firstIndex { !$0.isASCII || !$0.isNumber } ?? rest.endIndex
            if digitsEnd > cursor, digitsEnd < rest.endIndex, rest[digitsEnd] == "$", let number = Int(rest[cursor..<digitsEnd]), number > 0 {
                position = number - 1
                cursor = rest.index(after: digitsEnd)
            }
            let tail = rest[cursor...]
            if tail.hasPrefix("@") {
                visit(.slot(Slot(index: position ?? 0, isNumber: false), positional: position != nil))
                rest = tail.dropFirst()
            } else if let length = ["lld", "ld", "d"].first(where: { tail.hasPrefix($0) })?.count {
                visit(.slot(Slot(index: position ?? 0, isNumber: true), positional: position != nil))
                rest = tail.dropFirst(length)
            } else {
                visit(.literal("%"))
                rest = rest[rest.index(after: percent)...]
            }
        }
        if !rest.isEmpty { visit(.literal(rest)) }
    }
}
