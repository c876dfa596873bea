/// Number formatting for the table and the JSON, without Foundation.
extension Double {
    /// The number with `decimals` digits after the point, such as `12.3`.
    func formatted(decimals: Int) -> String {
        guard isFinite else { return "-" }
        var scale = 1.0
        for _ in 0..<decimals { scale *= 10 }
        let scaled = Int((abs(self) * scale).rounded())
        let whole = scaled / Int(scale)
        let fraction = scaled % Int(scale)
        var text = (self < 0 && scaled != 0 ? "-" : "") + String(whole)
        if decimals > 0 {
            let digits = String(fraction)
            text += "." + String(repeating: "0", count: decimals - digits.count) + digits
        }
        return text
    }

    /// A duration in nanoseconds, with the precision its size deserves.
    var nanoseconds: String {
        self >= 10_000
            ? formatted(decimals: 0) : self >= 100 ? formatted(decimals: 1) : formatted(decimals: 2)
    }
}
