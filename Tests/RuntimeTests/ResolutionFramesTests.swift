import TestSupport
import Testing

@testable import DICore

@Suite struct ResolutionFramesTests {
    /// A container and its components, `count` distinct registrations.
    private static func components(_ count: Int) -> (DIContainer, [Component]) {
        let container = DIContainer()
        for index in 0..<count { container.register { index }.named("c\(index)") }
        return (container, container.allComponents())
    }

    /// Runs `body` with the context of a top-level resolve from `container`, its state and
    /// frames in an uninitialized stack buffer or a zeroed one.
    private static func withContext(
        _ container: DIContainer, zeroed: Bool, _ body: (inout ResolutionContext) throws(DIError) -> Void
    ) throws(DIError) {
        func run(_ context: inout ResolutionContext) throws(DIError) {
            defer { context.session = nil }
            try body(&context)
        }
        if zeroed {
            try ResolutionContext.withZeroedState(origin: container, session: nil, callerIsolation: nil, stackLimit: 0, run)
        } else {
            try ResolutionContext.withStackState(origin: container, session: nil, callerIsolation: nil, stackLimit: 0, run)
        }
    }

    @Test(arguments: [false, true])
    func framesReadWhatWasLastWrittenAtEachIndex(zeroed: Bool) throws {
        let (container, components) = Self.components(8)
        var generator = SeededGenerator(seed: zeroed ? 11 : 12)
        try Self.withContext(container, zeroed: zeroed) { (context) throws(DIError) in
            #expect(context.frameCapacity == ResolutionContext.frameCount)
            var model: [Int: Component] = [:]
            for _ in 0..<2_000 {
                let index = Int.random(in: 0..<ResolutionContext.frameCount, using: &generator)
                if Bool.random(using: &generator) {
                    let component = components.randomElement(using: &generator)!
                    context.setFrame(component, at: index)
                    model[index] = component
                } else if let expected = model[index] {
                    let same = context.frame(at: index).object === expected
                    #expect(same)
                }
            }
            for (index, expected) in model { #expect(context.frame(at: index).bits == UnsafeObjectWord(unretained: expected).bits) }
        }
        withExtendedLifetime(container) {}
    }

    @Test func aStateOnTheHeapHasNoBuffer() {
        let context = ResolutionContext(origin: DIContainer())
        defer { context.deallocateState() }
        #expect(context.frameCapacity == 0)
    }

    /// The path of a context over the frames (and the session past them) against an array:
    /// random pushes of components not on the path and pops, deeper than the frames hold.
    @Test(arguments: [false, true])
    func aContextsPathMatchesAModel(zeroed: Bool) throws {
        let (container, components) = Self.components(3 * ResolutionContext.frameCount)
        var generator = SeededGenerator(seed: zeroed ? 21 : 22)
        try Self.withContext(container, zeroed: zeroed) { (context) throws(DIError) in
            #expect(context.frameCapacity == ResolutionContext.frameCount)
            var model: [Component] = []
            for _ in 0..<4_000 {
                let push = model.isEmpty || (model.count < components.count && Int.random(in: 0..<8, using: &generator) < 5)
                if push {
                    let free = components.filter { candidate in !model.contains { $0 === candidate } }
                    let component = free.randomElement(using: &generator)!
                    try context.push(component)
                    model.append(component)
                } else {
                    context.pop()
                    model.removeLast()
                }
                #expect(context.depth == model.count)
                let requesterMatches = context.requester === model.last
                #expect(requesterMatches)
                for index in model.indices where context.component(at: index).object !== model[index] {
                    Issue.record("index \(index) of \(model.count) differs")
                }
            }
            while !model.isEmpty {
                context.pop()
                model.removeLast()
            }
            #expect(context.depth == 0)
        }
    }

    @Test func aComponentPushedTwicePastTheCycleDepthIsACycle() throws {
        let (container, components) = Self.components(ResolutionContext.cycleCheckDepth + 1)
        try Self.withContext(container, zeroed: false) { (context) throws(DIError) in
            for component in components { try context.push(component) }
            #expect(throws: DIError.self) { try context.push(components[3]) }
            #expect(context.depth == components.count)
        }
    }
}
