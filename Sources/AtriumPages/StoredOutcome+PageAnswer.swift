import AtriumActions
import Foundation
import NIOCore

extension StoredOutcome {
    /// What `answer` keeps.
    init(_ answer: PageAnswer) {
        let extra = answer.extra.filter { $0.name.lowercased() != "content-type" }
        self.init(
            status: answer.status, location: answer.location, contentType: answer.value(of: "Content-Type"),
            fieldLines: extra.isEmpty ? nil : extra.map { "\($0.name): \($0.value)" }.joined(separator: "\n"), body: Data(buffer: answer.body))
    }

    /// The answer to a repeat: what was answered, marked `Idempotent-Replayed: true`.
    func answer() -> PageAnswer {
        var extra: [(name: String, value: String)] = []
        for line in (fieldLines ?? "").split(separator: "\n") {
            guard let colon = line.firstIndex(of: ":") else { continue }
            extra.append((String(line[..<colon]), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        let fields: AnswerFields
        if location != nil {
            fields = .redirect
        } else if !extra.isEmpty {
            fields = .endpoint
            if let contentType { extra.insert(("Content-Type", contentType), at: 0) }
        } else if let contentType {
            fields = .plain(ResponseFormat.allCases.first { $0.contentType == contentType } ?? .html)
        } else {
            fields = .redirect
        }
        extra.append(("Idempotent-Replayed", "true"))
        return PageAnswer(status: status, fields: fields, location: location, extra: extra, body: ByteBuffer(data: body))
    }
}
