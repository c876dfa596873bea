/// A component of type `Source` resolved as a type `T` it was exposed as with `.as(_:)` or
/// `.as(_:_:)`, through the conversions its ``ExposureConversion`` holds.
// NB: @unchecked as its superclass: one immutable `let` more.
final class ConvertedCandidate<Source, T>: Candidate<T>, @unchecked Sendable {
    private let box: ComponentBox<Source>

    init(_ box: ComponentBox<Source>, _ conversion: ExposureConversion<Source, T>) {
        self.box = box
        unsafe super.init(
            cacheOf: box, cacheSlot: box._cacheSlot, make: conversion.bind(box), convertCached: conversion.convertCached)
    }

    override var component: Component { box }
}
