/// A component of type `Source` resolved as a type `T` it was exposed as with `.as(_:)` or
/// `.as(_:_:)`, through the conversions its ``ExposureConversion`` holds.
// NB: @unchecked as its superclass: two immutable `let`s more, the closure `@Sendable`.
final class ConvertedCandidate<Source, T>: Candidate<T>, @unchecked Sendable {
    private let box: ComponentBox<Source>
    private let makeTopLevel: ExposureConversion<Source, T>.MakeTopLevel

    init(_ box: ComponentBox<Source>, _ conversion: ExposureConversion<Source, T>) {
        self.box = box
        self.makeTopLevel = conversion.makeTopLevel
        unsafe super.init(
            cacheOf: box, cacheSlot: box._cacheSlot, make: conversion.bind(box), convertCached: conversion.convertCached)
    }

    override var component: Component { box }

    override func buildTopLevel(in container: DIContainer, callerIsolation: (any Actor)?) throws(DIError) -> T {
        try makeTopLevel(box, container, callerIsolation)
    }
}
