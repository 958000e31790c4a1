/// Why an operation gave up: the database server did not answer in time (it is down, unreachable,
/// or every connection is busy).
package struct StorageDeadlinePassed: Error, CustomStringConvertible {
    package var deadline: Duration
    package var description: String { "the PostgreSQL server did not answer within \(deadline)" }

    package init(deadline: Duration) { self.deadline = deadline }
}
