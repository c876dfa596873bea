import DICore
import Testing

/// A component type of its own at every depth: `Layer<Root>`, `Layer<Layer<Root>>`, ...
final class Layer<Inner>: Sendable { init() {} }
enum LayerRoot {}

/// Registers `count` components of distinct types from one line (each is its own component).
private func registerLayers<Inner>(_ inner: Inner.Type, count: Int, in container: DIContainer) {
    guard count > 0 else { return }
    container.register { Layer<Inner>() }
    registerLayers(Layer<Inner>.self, count: count - 1, in: container)
}

/// Registers `count` components of distinct types from one line, each taking a `Plug`.
private func registerPluggedLayers<Inner>(_ inner: Inner.Type, count: Int, in container: DIContainer) {
    guard count > 0 else { return }
    container.register { (_: Plug) in Layer<Inner>() }
    registerPluggedLayers(Layer<Inner>.self, count: count - 1, in: container)
}

/// Resolves each of the components `registerLayers` registered, once.
private func resolveLayers<Inner>(_ inner: Inner.Type, count: Int, in container: DIContainer) throws {
    guard count > 0 else { return }
    _ = try container.resolve(Layer<Inner>.self)
    try resolveLayers(Layer<Inner>.self, count: count - 1, in: container)
}

/// What a container holds per registration and per first resolve (issue 16): the bytes the C
/// allocator counts, the median of several containers.
///
/// The count is process-wide and tests run in parallel, so the measurement runs in a process
/// of its own (an exit test), where nothing else allocates.
@Suite(.enabled(if: Memory.isMeasured, "needs mallinfo2"))
struct StartUpMemoryTests {
    @Test func aRegistrationAndAFirstResolveHoldFewBytes() async {
        await #expect(processExitsWith: .success) {
            let count = 100
            // Type metadata and interned sites and identities are made once per process: not counted.
            do {
                let warmUp = DIContainer()
                registerLayers(LayerRoot.self, count: count, in: warmUp)
                try! resolveLayers(LayerRoot.self, count: count, in: warmUp)
            }
            var registered: [Int] = []
            var resolved: [Int] = []
            var containers: [DIContainer] = []
            for _ in 0..<15 {
                let container = DIContainer()
                registered.append(Memory.growth { registerLayers(LayerRoot.self, count: count, in: container) } / count)
                resolved.append(Memory.growth { try! resolveLayers(LayerRoot.self, count: count, in: container) } / count)
                containers.append(container)
            }
            let perRegistration = registered.sorted()[registered.count / 2]
            let perFirstResolve = resolved.sorted()[resolved.count / 2]
            // Before issue 16's work: about 820 and 840 bytes; then about 530 and 560; since the
            // registration stopped copying itself and a component became its own candidate and
            // a type's first binding its slot, about 270 and 440; since a component's one-byte
            // fields share a word, its rare fields one object, and a binding keeps its primary
            // in its slot fields, about 270 and 370; since a lifetime boxes its strategy (a
            // registration and a component keep one word of it, not an existential's five),
            // about 230 and 340; since the table keeps the slots (no array of them), 320; since a
            // registration keeps its isolation in its details and a component neither its
            // identity's integer nor a registration number, about 220 and 305; since a key's
            // state packs its flags into its integers, about 210 and 305; since a type one
            // component answers has no binding, the first table is sized for every type, a
            // registration has no number of its own and the key index doubles, about 190 and 205;
            // since a registration keeps its identity and its component in one word, and the
            // registrations and keys give back their unused storage once the lookup table is
            // sized for every type (`Registry.grow()`), about 173 and 188; since a plain
            // `.prototype` component keeps no lifetime, state, details, async factory or injections
            // (`ConfiguredComponentBox`) and the registry lets go of `instantiate`, about 173
            // and 156.
            precondition(perRegistration <= 180, "a registration holds \(perRegistration) bytes")
            precondition(perFirstResolve <= 165, "a first resolve adds \(perFirstResolve) bytes")
            withExtendedLifetime(containers) {}
        }
    }

    /// An empty container, as a server makes one per request: its lifetime is made only when
    /// asked for, and its reader count is no object of its own.
    @Test func anEmptyContainerHoldsFewBytes() async {
        await #expect(processExitsWith: .success) {
            do { _ = DIContainer() }
            var sizes: [Int] = []
            var containers: [DIContainer] = []
            sizes.reserveCapacity(15)
            containers.reserveCapacity(15)
            for _ in 0..<15 {
                sizes.append(Memory.growth { containers.append(DIContainer()) })
            }
            let perContainer = sizes.sorted()[sizes.count / 2]
            // Before: about 1,150 bytes (a lifetime, its lock and its token made with every
            // container, the reader count an object); since, about 900 to 960.
            precondition(perContainer <= 1_040, "an empty container holds \(perContainer) bytes")
            withExtendedLifetime(containers) {}
        }
    }

    /// The first resolve of a component that takes a parameter resolved as itself.
    @Test func aFirstResolveOfAComponentWithAParameterHoldsFewBytes() async {
        await #expect(processExitsWith: .success) {
            let count = 100
            // Type metadata, interned sites and identities, and the getters' record of which
            // types are wrappers are made once per process: not counted.
            do {
                let warmUp = DIContainer()
                warmUp.register(Plug.init)
                registerPluggedLayers(LayerRoot.self, count: count, in: warmUp)
                try! resolveLayers(LayerRoot.self, count: count, in: warmUp)
            }
            var resolved: [Int] = []
            var containers: [DIContainer] = []
            for _ in 0..<15 {
                let container = DIContainer()
                container.register(Plug.init)
                registerPluggedLayers(LayerRoot.self, count: count, in: container)
                resolved.append(Memory.growth { try! resolveLayers(LayerRoot.self, count: count, in: container) } / count)
                containers.append(container)
            }
            let perFirstResolve = resolved.sorted()[resolved.count / 2]
            // Before: about 775 bytes (a component copied its registration's fields, a getter
            // kept a closure, a binding an array of one); then about 640; since components
            // share the list of one plain dependency, about 475; since a factory of plain
            // parameters captures no getter, and components and bindings are smaller, about 395;
            // since a component keeps its lifetime's strategy boxed, about 360; since the table
            // keeps the slots, about 340; since a component holds two words fewer, about 325;
            // since a type one component answers has no binding, about 225; since the
            // registrations and keys give back their unused storage, about 206; since a plain
            // component keeps none of a configured one's fields, about 174.
            precondition(perFirstResolve <= 185, "a first resolve adds \(perFirstResolve) bytes")
            withExtendedLifetime(containers) {}
        }
    }
}
