import HTTPTypes

extension HTTPField.Name {
    static let xContentTypeOptions = HTTPField.Name("X-Content-Type-Options")!
    static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
    static let csrfToken = HTTPField.Name("X-CSRF-Token")!
    static let xForwardedFor = HTTPField.Name("X-Forwarded-For")!
    static let requestID = HTTPField.Name("X-Request-Id")!
}
