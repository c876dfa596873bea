/// The speeds issue 8 asks for, checked against a result.
enum Targets {
    /// What is missed in `result`, or an empty list when every target is met.
    static func missed(in result: ScenarioResult) -> [String] {
        var missed: [String] = []
        let manualLimit: Double? =
            switch result.name {
            case "objectGraph": 4
            case "containerBuild100", "validate1000", "concurrentCachedHit": nil
            default: 3
            }
        let naiveLimit: (value: Double, inclusive: Bool)? =
            switch result.name {
            case "containerBuild100": (1.0, true)
            case "validate1000", "concurrentCachedHit": nil
            default: (0.75, false)
            }
        if let manualLimit, let ratio = result.ratioToManual, ratio > manualLimit {
            missed.append(
                "x hand \(ratio.formatted(decimals: 2)) > \(manualLimit.formatted(decimals: 0))")
        }
        if let naiveLimit {
            let ratio = result.ratioToNaive
            if naiveLimit.inclusive ? ratio > naiveLimit.value : ratio >= naiveLimit.value {
                let sign = naiveLimit.inclusive ? ">" : ">="
                missed.append(
                    "x naive \(ratio.formatted(decimals: 2)) \(sign) \(naiveLimit.value.formatted(decimals: 2))"
                )
            }
        }
        if let scaling = result.scaling, scaling.library < 1.6 {
            missed.append("scaling \(scaling.library.formatted(decimals: 2)) < 1.6")
        }
        return missed
    }
}
