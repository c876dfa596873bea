/// A parameter type that is not resolved as itself but says how it is obtained.
protocol DependencyWrapper {
    /// The getter of this shape at `position` in an enclosing shape.
    static func dependencyGetter(in position: DependencyPosition) -> DependencyGetter<Self>
}
