import AtriumSDK
import Foundation

/// How a language writes amounts of money, decimals and moments (in UTC), by its CLDR data:
/// `£5,651.96` and `1.2` in English, `5651,96 £` and `1,2` in Spanish. One per translator, made
/// at boot; used when a page is rendered, never per request.
struct LanguageFormats: Sendable {
    let locale: Locale

    init(language: String) {
        // A bare language takes its usual region's conventions (Spain's for `es`, as CLDR does).
        locale = Locale(identifier: language.replacingOccurrences(of: "-", with: "_"))
    }

    func money(_ money: Money) -> String {
        // The narrow symbol: Spanish writes `5651,96 £`, where its standard symbol would be `GBP`.
        money.amount.formatted(.currency(code: money.currency).presentation(.narrow).locale(locale))
    }

    func decimal(_ value: Double, fractionDigits: Int) -> String {
        guard value.isFinite else { return "\(value)" }
        return value.formatted(.number.precision(.fractionLength(fractionDigits)).locale(locale))
    }

    func date(_ date: Date, date dateStyle: Date.FormatStyle.DateStyle, time timeStyle: Date.FormatStyle.TimeStyle) -> String {
        date.formatted(Date.FormatStyle(date: dateStyle, time: timeStyle, locale: locale, timeZone: .gmt))
    }
}
