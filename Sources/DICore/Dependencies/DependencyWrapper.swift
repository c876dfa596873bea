/// A parameter type that is not resolved as itself but says how it is obtained.
protocol DependencyWrapper {
    /// The getter of this shape at `position` in an enclosing shape.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Self>
}

extension DependencyWrapper {
    /// The getter of this shape as a parameter of its own.
    static var dependencyGetter: DependencyGetter<Self> { dependencyGetter(in: DependencyPosition()) }
}
