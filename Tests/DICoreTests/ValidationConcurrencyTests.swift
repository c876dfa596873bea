import DICore
import Dispatch
import Testing

@Suite struct ValidationConcurrencyTests {
    @Test func validatesWhileOtherThreadsRegisterAndResolve() throws {
        let container = DIContainer()
        container.register(Cat.init)
        container.register(Owner.init)
        let file: StaticString = "Generated/Concurrent.swift"
        DispatchQueue.concurrentPerform(iterations: 64) { index in
            switch index % 4 {
            case 0:
                // Each thread its own site, so each adds a component.
                container.register(file: file, line: UInt(index), column: 1) { (cat: Cat) in Parent(child: Child()) }
                    .named("\(index)")
            case 1:
                _ = container.graphvizDOT()
            case 2:
                _ = try? container.resolve(Owner.self)
            default:
                #expect(container.validate().isValid)
            }
        }
        #expect(container.allComponents().count == 2 + 16)
        #expect(container.validate().findings.isEmpty)
    }
}
