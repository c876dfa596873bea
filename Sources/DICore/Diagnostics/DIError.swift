/// Why a resolve failed, with the requested type and the whole path that led there.
///
/// The optional API (`let cat: Cat? = container.resolve()`) turns this into `nil`, the
/// throwing API (`try container.resolve(Cat.self)`) throws it, and the non-optional API
/// traps with its ``description``.
///
/// ```swift
/// do {
///     _ = try container.resolve(Cat.self)
/// } catch {
///     if error.code == .notRegistered {
///         print(error)   // "Cat is not registered. Resolution path: Home at ... -> Cat"
///     }
/// }
/// ```
///
/// (`catch where error.code == ...` is fine in functions; in top-level code that awaits,
/// Swift 6.3.1's compiler crashes on it, so the snippet tests the code inside `catch`.)
public struct DIError: Error, Sendable, CustomStringConvertible {
    /// The kind of failure, for matching in `catch` clauses.
    public struct Code: Hashable, Sendable, CustomStringConvertible {
        private let rawValue: String
        /// Nothing is registered for the requested type (or name or tag), or its component
        /// is made outside the container (registered with `register(_:)` of a type).
        public static let notRegistered = Code(rawValue: "notRegistered")
        /// Several components fit and none is the default.
        public static let ambiguous = Code(rawValue: "ambiguous")
        /// The resolution came back to a component that is still being built.
        public static let cycle = Code(rawValue: "cycle")
        /// A component could not be converted to the type it was exposed as or requested as,
        /// or a scope's storage returned an instance of another component.
        public static let typeMismatch = Code(rawValue: "typeMismatch")
        /// The component's factory threw.
        public static let factoryFailed = Code(rawValue: "factoryFailed")
        /// The component needs `await` (an async factory or another actor's isolation).
        public static let requiresAsync = Code(rawValue: "requiresAsync")
        /// The component's instances are not `Sendable` and stay on the main actor: only a
        /// synchronous resolve on the main actor gets one.
        public static let requiresMainActor = Code(rawValue: "requiresMainActor")
        /// The arguments given to the resolve do not fit the component's `Argument` parameters.
        public static let argumentMismatch = Code(rawValue: "argumentMismatch")
        /// A dependency's shape has no meaning, such as `[[T]]`, two tags, or an `Argument`
        /// inside another wrapper.
        public static let unsupportedDependency = Code(rawValue: "unsupportedDependency")
        /// The graph builds more than ``DIContainer/maxResolutionDepth`` components inside one
        /// another, or has used three quarters of the thread's stack: the resolve stopped before
        /// the stack could overflow.
        public static let tooDeep = Code(rawValue: "tooDeep")
        /// A name for the code, such as `notRegistered`.
        public var description: String { rawValue }
    }

    package enum Reason: Sendable {
        case notRegistered(qualifier: String?, hint: String?)
        /// The component is registered without a factory (`register(_:)` of a type): its
        /// instances are made outside the container.
        case madeElsewhere
        /// The components that fit, described when first read.
        case ambiguous(ComponentInfoList)
        case cycle([DIComponentInfo])
        // NB: `indirect` keeps `DIError` small: a typed throw moves the error by value, and a
        // larger one makes every resolve copy it with memcpy.
        indirect case typeMismatch(expected: Any.Type, actual: Any.Type, component: DIComponentInfo?)
        case factoryFailed(any Error)
        /// Why, and the component whose build failed, once known (see ``about(_:)``).
        indirect case requiresAsync(String, component: DIComponentInfo? = nil)
        /// The component whose instances stay on the main actor, once known (see ``about(_:)``).
        indirect case requiresMainActor(component: DIComponentInfo? = nil)
        /// Why, and the component whose arguments do not fit, once known (see ``about(_:)``).
        indirect case argumentMismatch(String, component: DIComponentInfo? = nil)
        /// A scope's storage returned, under a component's key, something that is not an
        /// instance of the component.
        indirect case storageMismatch(storage: String, scope: String, component: DIComponentInfo, found: String)
        case unsupportedDependency(String)
        case tooDeep(limit: Int)
    }

    /// What the error says, behind one reference; never `nil`.
    // NB: one optional reference, so that a `throws(DIError)` error is one word: Swift 6.3.1's
    // LLVM crashes (CoroSplit) on an async function that calls a `throws(DIError)` function after
    // an `await` when the error is several words or a non-optional reference. The user-code
    // programs (`Tests/UserCode`) build each such shape in release.
    let storage: Storage?

    /// The error's fields, shared by the copies of one error.
    final class Storage: Sendable {
        let reason: Reason
        let requestedType: Any.Type
        let path: [DIComponentInfo]

        init(reason: Reason, requestedType: Any.Type, path: [DIComponentInfo]) {
            self.reason = reason
            self.requestedType = requestedType
            self.path = path
        }
    }

    /// Why the resolve failed, with the details the message gives.
    var reason: Reason { storage!.reason }
    /// The type whose resolution failed.
    public var requestedType: Any.Type { storage!.requestedType }
    /// The components being built when the failure happened, outermost first.
    public var path: [DIComponentInfo] { storage!.path }

    /// The kind of failure.
    public var code: Code {
        switch reason {
        case .notRegistered, .madeElsewhere: .notRegistered
        case .ambiguous: .ambiguous
        case .cycle: .cycle
        case .typeMismatch, .storageMismatch: .typeMismatch
        case .factoryFailed: .factoryFailed
        case .requiresAsync: .requiresAsync
        case .requiresMainActor: .requiresMainActor
        case .argumentMismatch: .argumentMismatch
        case .unsupportedDependency: .unsupportedDependency
        case .tooDeep: .tooDeep
        }
    }

    /// The components that fit, for an ambiguity; empty otherwise.
    ///
    /// Described when first read (here or in ``description``): until then, an ambiguity error
    /// keeps the container that threw it alive.
    public var candidates: [DIComponentInfo] { if case .ambiguous(let candidates) = reason { candidates.infos } else { [] } }

    /// The components of the cycle, first and last the same; empty otherwise.
    public var cycle: [DIComponentInfo] { if case .cycle(let cycle) = reason { cycle } else { [] } }

    /// The error a factory threw, for ``Code-swift.struct/factoryFailed``.
    public var underlyingError: (any Error)? { if case .factoryFailed(let error) = reason { error } else { nil } }

    /// What a resolve's ambiguity error and validation's ambiguity finding say of the
    /// candidates: how many, which, and how to choose.
    static func ambiguity(among candidates: [DIComponentInfo]) -> String {
        "\(candidates.count) components fit and none is the default. Candidates: "
            + candidates.map(\.description).joined(separator: "; ") + ". Mark one with .default() or ask for one by name or tag."
    }

    /// A full diagnostic: what failed, why, and the resolution path.
    public var description: String {
        let type = readableName(of: requestedType)
        var text: String
        switch reason {
        case .notRegistered(let qualifier, let hint):
            text = "\(type)\(qualifier.map { " (\($0))" } ?? "") is not registered."
            if let hint { text += " \(hint)" }
        case .madeElsewhere:
            text = "\(type) is made outside the container: it is registered without a factory, so the container"
            text += " cannot create one. Inject into an instance with `inject(into:)`, which gives that instance to"
            text += " what its injections build, or register a factory for it."
        case .ambiguous(let candidates): text = "\(type) is ambiguous: " + Self.ambiguity(among: candidates.infos)
        case .cycle(let cycle):
            text = "\(type) is part of a cycle with no breaking point: "
            text += cycle.map { readableName(of: $0.type) }.joined(separator: " -> ") + "."
            text += " Break it with property injection and a caching or .objectGraph lifetime on the component where the resolve starts."
        case .typeMismatch(let expected, let actual, let component):
            text = "\(readableName(of: actual)) cannot be used as \(readableName(of: expected))."
            if let component {
                text += " \(component) is exposed as \(readableName(of: expected)) with .as(_:), and its instance"
                text += " does not conform; write .as(\(readableName(of: expected)).self) { $0 } to have the compiler check the exposure."
            }
        case .factoryFailed(let error): text = "The factory of \(type) threw: \(error)."
        case .requiresAsync(let why, let component): text = "\(component?.description ?? type) cannot be resolved synchronously: \(why)."
        case .requiresMainActor(let component):
            text = "\(component?.description ?? type) is built on the main actor from values that are not Sendable,"
            text += " so its instances stay on the main actor, where an awaited resolve cannot hand them over: resolve"
            text += " it synchronously in main-actor code (`let x: T = container.resolve()`, or `try container.resolve("
            text += "T.self, isolation: MainActor.shared)`), or make its type and parameters Sendable."
        case .argumentMismatch(let why, let component): text = "The arguments do not fit \(component?.description ?? type): \(why)."
        case .storageMismatch(let storage, let scope, let component, let found):
            text = "The storage \(storage) of scope \"\(scope)\" returned a \(found) under the key of \(component)."
            text += " A DIStorage must return the entry stored under the key it is asked for."
        case .unsupportedDependency(let why): text = "\(type) cannot be taken as a dependency: \(why)."
        case .tooDeep(let limit):
            text = "\(type) is too deep: its graph builds components inside one another past the limit"
            text += " (\(limit) deep, or three quarters of the thread's stack). The resolve stopped before the stack could overflow."
        }
        var steps = path.map(\.description) + [type]
        if case .tooDeep = reason, steps.count > 12 {
            // Summarized: the whole path is in `path`.
            steps = Array(steps.prefix(6)) + ["(\(steps.count - 12) more)"] + Array(steps.suffix(6))
        }
        return text + " Resolution path: " + steps.joined(separator: " -> ")
    }
}
