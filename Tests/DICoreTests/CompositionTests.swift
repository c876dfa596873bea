import DICore
import TestSupport
import Testing

final class Fox: Animal {
    let sound = "ring"
    init() {}
}

/// Holds one parameter of any shape, so a shape can be taken as an initializer parameter.
final class Holder<Value> {
    let value: Value
    init(_ value: Value) { self.value = value }
}

/// One dependency shape, how to read the sounds out of it, and what it should give.
struct Shape: Sendable, CustomStringConvertible {
    let description: String
    let expected: [String]
    let read: @Sendable (DIContainer, _ viaParameter: Bool) throws -> [String]

    init<Value>(_ type: Value.Type, _ expected: [String], _ sounds: @escaping @Sendable (Value) throws -> [String]) {
        self.description = String(describing: type)
        self.expected = expected
        self.read = { container, viaParameter in try sounds(try Self.take(Value.self, from: container, viaParameter)) }
    }

    static func take<Value>(_ type: Value.Type, from container: DIContainer, _ viaParameter: Bool) throws -> Value {
        guard viaParameter else { return try container.resolve(Value.self) }
        container.register { (value: Value) in Holder(value) }
        return try container.resolve(Holder<Value>.self).value
    }
}

/// Cat (the default), Dog and a Fox tagged Fluffy, each exposed as Animal.
private func animals() -> DIContainer {
    let container = DIContainer()
    container.register(Cat.init).as(Animal.self).default()
    container.register(Dog.init).as(Animal.self)
    container.register(Fox.init).as(Animal.self).tagged(Fluffy.self)
    return container
}

private let all = ["meow", "woof", "ring"]

/// Ten wrappers deep: a shape nests as deep as its type does, with no limit of its own.
private typealias TenLazies = Lazy<Lazy<Lazy<Lazy<Lazy<Lazy<Lazy<Lazy<Lazy<Lazy<any Animal>>>>>>>>>>

@Suite struct CompositionTests {
    static let registered: [Shape] = [
        Shape([any Animal].self, all) { $0.map(\.sound) },
        Shape([Lazy<any Animal>].self, all) { $0.map(\.value.sound) },
        Shape([Provider<any Animal>].self, all) { $0.map { $0().sound } },
        Shape([(any Animal)?].self, all) { $0.map { $0?.sound ?? "nil" } },
        Shape([Tagged<Fluffy, any Animal>].self, ["ring"]) { $0.map(\.value.sound) },
        Shape([Lazy<Tagged<Fluffy, any Animal>>].self, ["ring"]) { $0.map(\.value.value.sound) },
        Shape([Provider<(any Animal)?>].self, all) { $0.map { $0()?.sound ?? "nil" } },
        Shape(Lazy<[any Animal]>.self, all) { $0.value.map(\.sound) },
        Shape(Provider<[any Animal]>.self, all) { $0().map(\.sound) },
        Shape(Lazy<any Animal>.self, ["meow"]) { [$0.value.sound] },
        Shape(Lazy<(any Animal)?>.self, ["meow"]) { [$0.value?.sound ?? "nil"] },
        Shape(Provider<(any Animal)?>.self, ["meow"]) { [$0()?.sound ?? "nil"] },
        Shape(Tagged<Fluffy, (any Animal)?>.self, ["ring"]) { [$0.value?.sound ?? "nil"] },
        Shape(Tagged<Fluffy, [any Animal]>.self, ["ring"]) { $0.value.map(\.sound) },
        Shape(Tagged<Fluffy, Lazy<any Animal>>.self, ["ring"]) { [$0.value.value.sound] },
        Shape(Lazy<Tagged<Fluffy, any Animal>>.self, ["ring"]) { [$0.value.value.sound] },
        Shape(Optional<Lazy<any Animal>>.self, ["meow"]) { [$0?.value.sound ?? "nil"] },
        Shape(Optional<Provider<Tagged<Fluffy, any Animal>>>.self, ["ring"]) { [$0?().value.sound ?? "nil"] },
        Shape(Optional<[Lazy<any Animal>]>.self, all) { $0?.map(\.value.sound) ?? ["nil"] },
        Shape(TenLazies.self, ["meow"]) { [$0.value.value.value.value.value.value.value.value.value.value.sound] },
    ]

    static let unregistered: [Shape] = [
        Shape([Lazy<any Animal>].self, ["ring"]) { $0.map(\.value.sound) },
        Shape([Tagged<Grumpy, any Animal>].self, []) { $0.map(\.value.sound) },
        Shape(Lazy<(any Animal)?>.self, ["nil"]) { [$0.value?.sound ?? "nil"] },
        Shape(Provider<(any Animal)?>.self, ["nil"]) { [$0()?.sound ?? "nil"] },
        Shape(Tagged<Grumpy, (any Animal)?>.self, ["nil"]) { [$0.value?.sound ?? "nil"] },
        Shape(Optional<Lazy<any Animal>>.self, ["nil"]) { [$0?.value.sound ?? "nil"] },
        Shape(Optional<Provider<Tagged<Grumpy, any Animal>>>.self, ["nil"]) { [$0?().value.sound ?? "nil"] },
        Shape(Lazy<[any Animal]>.self, ["ring"]) { $0.value.map(\.sound) },
    ]

    @Test(arguments: registered, [false, true])
    func composes(_ shape: Shape, viaParameter: Bool) throws {
        let container = animals()
        #expect(try shape.read(container, viaParameter) == shape.expected)
        #expect(container.validate().errors.isEmpty, "\(container.validate())")
    }

    @Test(arguments: unregistered, [false, true])
    func composesWithNothingRegistered(_ shape: Shape, viaParameter: Bool) throws {
        let container = DIContainer()
        container.register(Fox.init).as(Animal.self).tagged(Fluffy.self)
        #expect(try shape.read(container, viaParameter) == shape.expected)
        #expect(container.validate().errors.isEmpty, "\(container.validate())")
    }

    static let meaningless: [Shape] = [
        Shape([[any Animal]].self, []) { $0.flatMap { $0.map(\.sound) } },
        Shape(Tagged<Fluffy, Tagged<Grumpy, any Animal>>.self, []) { [$0.value.value.sound] },
        Shape([Argument<Int>].self, []) { $0.map { "\($0.value)" } },
        Shape(Lazy<Argument<Int>>.self, []) { ["\($0.value.value)"] },
        Shape(Tagged<Fluffy, Argument<Int>>.self, []) { ["\($0.value.value)"] },
    ]

    @Test(arguments: meaningless, [false, true])
    func meaninglessShapeIsAnError(_ shape: Shape, viaParameter: Bool) throws {
        let container = animals()
        let error = try #require(throws: DIError.self) { try shape.read(container, viaParameter) }
        #expect(error.code == .unsupportedDependency, "\(error)")
        if viaParameter {
            #expect(container.validate().errors.map(\.kind) == [.unsupportedDependency])
        }
    }

    @Test func arrayOfLazyIsOneLazyPerComponentBuiltOnUse() throws {
        let container = DIContainer()
        let made = Counter()
        container.register { () -> Cat in
            _ = made.next()
            return Cat()
        }
        .as(Animal.self)
        container.register(Dog.init).as(Animal.self)
        let lazies = try container.resolve([Lazy<any Animal>].self)
        #expect(lazies.count == 2)
        #expect(made.count == 0)
        #expect(lazies[0].value.sound == "meow")
        #expect(made.count == 1)
    }

    @Test func graphExportSeesTheComposedShape() {
        let container = animals()
        container.register { (all: [Lazy<any Animal>], fluffy: Tagged<Fluffy, Provider<any Animal>>) in
            Holder((all, fluffy))
        }
        let dot = container.graphvizDOT()
        #expect(dot.split(separator: "\n").filter { $0.contains("[label=\"many lazy\"]") }.count == 3, "\(dot)")
        #expect(dot.contains("[label=\"provider (tag DICoreTests.Fluffy)\"]"), "\(dot)")
    }

    @Test func validationReportsAMissingTaggedLazy() {
        let container = animals()
        container.register { (grumpy: Tagged<Grumpy, Lazy<any Animal>>) in Holder(grumpy) }
        #expect(container.validate().errors.map(\.kind) == [.missingDependency])
    }

    @Test func namedAndTaggedResolveOfAWrapper() throws {
        let container = animals()
        container.register(Dog.init).as(Animal.self).named("rex")
        #expect(try container.resolve([any Animal].self, tag: Fluffy.self).map(\.sound) == ["ring"])
        #expect(try container.resolve(Lazy<any Animal>.self, name: "rex").value.sound == "woof")
    }
}
