import DICore
import Testing

private enum Primary: DIName { static let name = "primary" }
private enum Soft {}
private struct Failure: Error {}

private protocol Sounding: Sendable { var sound: String { get } }
private final class Twig: Sounding {
    let sound: String
    init(sound: String) { self.sound = sound }
}
private struct Grams: Sendable { let grams: Int }
private final class Absent: Sendable { init() {} }

/// A description of what a factory received, the same whatever form registered it.
private final class Received: Sendable {
    let text: String
    init(_ parts: String...) { text = parts.joined(separator: " ") }
}

/// Registers `initializer` through the parameter-pack form: in a function generic over a
/// pack, no fixed-arity form applies.
private func registerThroughPack<T, each P>(
    _ container: DIContainer, line: UInt, _ initializer: @escaping @Sendable (repeat each P) throws -> T
) -> DIComponentBuilder<T> {
    container.register(line: line, initializer)
}

/// The same for a factory that may return `nil`.
private func registerOptionalThroughPack<T, each P>(
    _ container: DIContainer, line: UInt, _ initializer: @escaping @Sendable (repeat each P) throws -> T?
) -> DIComponentBuilder<T> {
    container.register(line: line, initializer)
}

/// Which `register` form a test registers through: a fixed-arity one (what a call with up to
/// five parameters picks) or the parameter-pack one.
enum RegisterForm: CaseIterable, CustomTestStringConvertible {
    case fixedArity, pack

    var testDescription: String { self == .fixedArity ? "fixed arity" : "parameter pack" }

    @discardableResult
    func register<T>(
        _ container: DIContainer, line: UInt = #line, _ initializer: @escaping @Sendable () throws -> T
    ) -> DIComponentBuilder<T> {
        self == .pack ? registerThroughPack(container, line: line, initializer) : container.register(line: line, initializer)
    }

    @discardableResult
    func registerOptional<T>(
        _ container: DIContainer, line: UInt = #line, _ initializer: @escaping @Sendable () throws -> T?
    ) -> DIComponentBuilder<T> {
        self == .pack
            ? registerOptionalThroughPack(container, line: line, initializer) : container.register(line: line, initializer)
    }

    @discardableResult
    func register<T, A>(
        _ container: DIContainer, line: UInt = #line, _ initializer: @escaping @Sendable (A) throws -> T
    ) -> DIComponentBuilder<T> {
        self == .pack ? registerThroughPack(container, line: line, initializer) : container.register(line: line, initializer)
    }

    @discardableResult
    func register<T, A, B>(
        _ container: DIContainer, line: UInt = #line, _ initializer: @escaping @Sendable (A, B) throws -> T
    ) -> DIComponentBuilder<T> {
        self == .pack ? registerThroughPack(container, line: line, initializer) : container.register(line: line, initializer)
    }

    @discardableResult
    func register<T, A, B, C>(
        _ container: DIContainer, line: UInt = #line, _ initializer: @escaping @Sendable (A, B, C) throws -> T
    ) -> DIComponentBuilder<T> {
        self == .pack ? registerThroughPack(container, line: line, initializer) : container.register(line: line, initializer)
    }

    @discardableResult
    func register<T, A, B, C, D>(
        _ container: DIContainer, line: UInt = #line, _ initializer: @escaping @Sendable (A, B, C, D) throws -> T
    ) -> DIComponentBuilder<T> {
        self == .pack ? registerThroughPack(container, line: line, initializer) : container.register(line: line, initializer)
    }

    @discardableResult
    func register<T, A, B, C, D, E>(
        _ container: DIContainer, line: UInt = #line, _ initializer: @escaping @Sendable (A, B, C, D, E) throws -> T
    ) -> DIComponentBuilder<T> {
        self == .pack ? registerThroughPack(container, line: line, initializer) : container.register(line: line, initializer)
    }

    @discardableResult
    func register<T, A, B, C, D, E, F>(
        _ container: DIContainer, line: UInt = #line, _ initializer: @escaping @Sendable (A, B, C, D, E, F) throws -> T
    ) -> DIComponentBuilder<T> {
        self == .pack ? registerThroughPack(container, line: line, initializer) : container.register(line: line, initializer)
    }

    @discardableResult
    func registerOptional<T, A>(
        _ container: DIContainer, line: UInt = #line, _ initializer: @escaping @Sendable (A) throws -> T?
    ) -> DIComponentBuilder<T> {
        self == .pack
            ? registerOptionalThroughPack(container, line: line, initializer) : container.register(line: line, initializer)
    }

    @discardableResult
    func registerOptional<T, A, B, C, D>(
        _ container: DIContainer, line: UInt = #line, _ initializer: @escaping @Sendable (A, B, C, D) throws -> T?
    ) -> DIComponentBuilder<T> {
        self == .pack
            ? registerOptionalThroughPack(container, line: line, initializer) : container.register(line: line, initializer)
    }
}

/// The fixed-arity `register` forms resolve plain parameters inline, compiled for their types;
/// every shape, error and recorded dependency must be what the parameter-pack form gives.
@Suite struct FixedArityRegisterTests {
    /// Twigs plain, named and tagged, a weight, and nothing of `Absent`.
    private func container() -> DIContainer {
        let container = DIContainer()
        container.register { Twig(sound: "plain") }
        container.register { Twig(sound: "soft") }.tagged(Soft.self)
        container.register { Twig(sound: "primary") }.named(Primary.self)
        container.register { Grams(grams: 5) }
        container.register { Twig(sound: "any") as any Sounding }
        return container
    }

    @Test(arguments: RegisterForm.allCases)
    func plainWrappedAndQualifiedParametersResolve(form: RegisterForm) throws {
        let container = container()
        form.register(container) { (twig: Twig, weight: Grams, sounding: any Sounding, missing: Absent?) in
            Received(twig.sound, "\(weight.grams)", sounding.sound, missing == nil ? "nil" : "some")
        }
        #expect(try container.resolve(Received.self).text == "plain 5 any nil")

        let other = self.container()
        form.register(other) {
            (all: [Twig], lazy: Lazy<Twig>, provider: Provider<Grams>, tagged: Tagged<Soft, Twig>) in
            Received(all.map(\.sound).joined(separator: ","), lazy.value.sound, "\(provider().grams)", tagged.value.sound)
        }
        #expect(try other.resolve(Received.self).text == "plain,soft,primary plain 5 soft")
    }

    @Test(arguments: RegisterForm.allCases)
    func namedArgumentAndResolverParametersResolve(form: RegisterForm) throws {
        let container = container()
        form.register(container) { (named: Named<Primary, Twig>, argument: Argument<Int>, resolver: DIContainer) in
            Received(named.value.sound, "\(argument.value)", try resolver.resolve(Twig.self, name: Primary.name).sound)
        }
        #expect(try container.resolve(Received.self, arguments: 7).text == "primary 7 primary")
    }

    @Test(arguments: RegisterForm.allCases)
    func everyArityResolvesEachParameterInOrder(form: RegisterForm) throws {
        let container = DIContainer()
        container.register { Grams(grams: 1) }
        container.register { Twig(sound: "a") }
        form.register(container) { (weight: Grams) in Received("\(weight.grams)") }.named("1")
        form.register(container) { (weight: Grams, twig: Twig) in Received("\(weight.grams)", twig.sound) }.named("2")
        form.register(container) { (twig: Twig, weight: Grams, again: Twig) in
            Received(twig.sound, "\(weight.grams)", again.sound, twig === again ? "same" : "new")
        }.named("3")
        form.register(container) { (a: Twig, b: Grams, c: Grams, d: Twig) in
            Received(a.sound, "\(b.grams + c.grams)", d.sound)
        }.named("4")
        #expect(try container.resolve(Received.self, name: "1").text == "1")
        #expect(try container.resolve(Received.self, name: "2").text == "1 a")
        #expect(try container.resolve(Received.self, name: "3").text == "a 1 a new")
        #expect(try container.resolve(Received.self, name: "4").text == "a 2 a")
    }

    /// Both kinds of fixed-arity factory, at every arity, a wrapper in every position.
    ///
    /// A factory whose parameters are all plain types captures no getter; one with a wrapper
    /// among them keeps every parameter's getter.
    @Test(arguments: RegisterForm.allCases)
    func everyArityTakesAWrapperBesidePlainParameters(form: RegisterForm) throws {
        let container = DIContainer()
        container.register { Grams(grams: 1) }
        container.register { Twig(sound: "a") }
        @Sendable func text(_ absent: Absent?) -> String { absent == nil ? "nil" : "some" }
        form.register(container) { (missing: Absent?) in Received(text(missing)) }.named("1")
        form.register(container) { (missing: Absent?, twig: Twig) in Received(text(missing), twig.sound) }.named("2")
        form.register(container) { (twig: Twig, missing: Absent?, weight: Grams) in
            Received(twig.sound, text(missing), "\(weight.grams)")
        }.named("3")
        form.register(container) { (a: Twig, b: Grams, c: Grams, missing: Absent?) in
            Received(a.sound, "\(b.grams + c.grams)", text(missing))
        }.named("4")
        #expect(try container.resolve(Received.self, name: "1").text == "nil")
        #expect(try container.resolve(Received.self, name: "2").text == "nil a")
        #expect(try container.resolve(Received.self, name: "3").text == "a nil 1")
        form.register(container) { (a: Twig, missing: Absent?, b: Grams, c: Twig, d: Grams) in
            Received(a.sound, text(missing), "\(b.grams + d.grams)", c.sound)
        }.named("5")
        form.register(container) { (a: Grams, b: Twig, c: Grams, d: Twig, e: Grams, missing: Absent?) in
            Received("\(a.grams + c.grams + e.grams)", b.sound, d.sound, text(missing))
        }.named("6")
        #expect(try container.resolve(Received.self, name: "4").text == "a 2 nil")
        #expect(try container.resolve(Received.self, name: "5").text == "a nil 2 a")
        #expect(try container.resolve(Received.self, name: "6").text == "3 a a nil")
        container.register { Absent() }
        #expect(try container.resolve(Received.self, name: "3").text == "a some 1")

        let other = self.container()
        form.registerOptional(other) { (a: Twig, b: Grams?, c: Twig, d: Received?) -> Absent? in
            b == nil || a === c || d != nil ? nil : Absent()
        }
        #expect(other.resolve() as Absent? != nil)
    }

    @Test(arguments: RegisterForm.allCases)
    func aMissingParameterFailsWithThePath(form: RegisterForm) throws {
        let container = container()
        form.register(container) { (twig: Twig, missing: Absent) in Received(twig.sound) }
        let error = try #require(throws: DIError.self) { try container.resolve(Received.self) }
        #expect(error.code == .notRegistered)
        #expect(ObjectIdentifier(error.requestedType) == ObjectIdentifier(Absent.self))
        #expect(error.path.map { "\($0.type)" } == ["Received"])
        #expect(container.validate().errors.map(\.kind) == [.missingDependency])
    }

    @Test(arguments: RegisterForm.allCases)
    func aThrowingInitializerFailsAsFactoryFailed(form: RegisterForm) throws {
        let container = container()
        form.register(container) { (twig: Twig) throws -> Received in throw Failure() }
        let error = try #require(throws: DIError.self) { try container.resolve(Received.self) }
        #expect(error.code == .factoryFailed)
        #expect(error.underlyingError is Failure)
    }

    @Test(arguments: RegisterForm.allCases)
    func aFactoryReturningNilIsNotAvailable(form: RegisterForm) throws {
        let container = container()
        form.registerOptional(container) { (twig: Twig) -> Absent? in twig.sound == "none" ? Absent() : nil }
        form.register(container) { (missing: Absent?) in Received(missing == nil ? "nil" : "some") }
        #expect(try container.resolve(Received.self).text == "nil")
        let error = try #require(throws: DIError.self) { try container.resolve(Absent.self) }
        #expect(error.code == .notRegistered)

        let other = self.container()
        form.registerOptional(other) { (a: Twig, b: Grams, c: Twig, d: Grams) -> Absent? in
            a === c || b.grams != d.grams ? nil : Absent()
        }
        #expect(other.resolve() as Absent? != nil)
    }

    @Test(arguments: RegisterForm.allCases)
    func aFactoryWithoutParametersBuildsFailsOrIsNotAvailable(form: RegisterForm) throws {
        let container = DIContainer()
        form.register(container) { Twig(sound: "new") }
        form.register(container) { () throws -> Grams in throw Failure() }
        form.registerOptional(container) { () -> Absent? in nil }
        let first = try container.resolve(Twig.self)
        #expect(try first.sound == "new" && container.resolve(Twig.self) !== first)
        let failed = try #require(throws: DIError.self) { try container.resolve(Grams.self) }
        #expect(failed.code == .factoryFailed)
        #expect(container.resolve() as Absent? == nil)
        let missing = try #require(throws: DIError.self) { try container.resolve(Absent.self) }
        #expect(missing.code == .notRegistered)
    }

    @Test(arguments: RegisterForm.allCases)
    func aParameterAddedLaterIsSeen(form: RegisterForm) throws {
        let container = DIContainer()
        form.register(container) { (weight: Grams?) in Received(weight.map { "\($0.grams)" } ?? "nil") }
        form.register(container) { (twig: Twig) in Received(twig.sound) }.named("twig")
        #expect(try container.resolve(Received.self).text == "nil")
        #expect(throws: DIError.self) { try container.resolve(Received.self, name: "twig") }
        container.register { Grams(grams: 9) }
        container.register { Twig(sound: "late") }
        #expect(try container.resolve(Received.self).text == "9")
        #expect(try container.resolve(Received.self, name: "twig").text == "late")
    }
}
