import AtriumObservability
import AtriumSupport
import Testing

/// The memo of values worked out from texts seen lately (a token's hash, an `Accept` header's format).
@Suite("Recent values")
struct RecentValuesTests {
    @Test func aTextSeenLatelyIsWorkedOutOnceAndTheMemoStaysBounded() {
        let memo = RecentValues<Int>(limit: 3, longestKey: 8)
        var made = 0
        func value(_ key: String) -> Int {
            memo.value(of: key) { key in
                made += 1
                return key.count
            }
        }
        #expect(value("ab") == 2 && value("ab") == 2)
        #expect(made == 1, "the second time from the memo")
        #expect(value("longer than eight") == 17 && value("longer than eight") == 17)
        #expect(made == 3, "a long text is worked out each time, and not kept")
        for key in ["c", "dd", "eee", "ffff"] { _ = value(key) }
        #expect(memo.count <= 3, "at the limit the memo starts again")
        #expect(value("ffff") == 4 && made == 7, "what was kept after the restart is still answered from it")
    }
}
