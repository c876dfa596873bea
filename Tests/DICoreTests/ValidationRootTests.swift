import DICore
import Testing

private final class App {
    let cat: Cat
    init(cat: Cat) { self.cat = cat }
}

private final class Greeter {
    let name: String
    init(name: Argument<String>) { self.name = name.value }
}

private final class Hall {
    let greeter: Greeter
    init(greeter: Greeter) { self.greeter = greeter }
}

private final class LazyHall {
    let greeter: Lazy<Greeter>
    init(greeter: Lazy<Greeter>) { self.greeter = greeter }
}

private final class ProvidedHall {
    let greeter: Provider<Greeter>
    init(greeter: Provider<Greeter>) { self.greeter = greeter }
}

@Suite struct ValidationRootTests {
    @Test func componentsNoRootReachesAreReported() throws {
        let container = DIContainer()
        container.register(App.init).root()
        container.register(Cat.init)
        container.register(Dog.init)
        let unreachable = container.validate().warnings.filter { $0.kind == .unreachable }
        #expect(unreachable.map { String(describing: $0.component!.type) } == ["Dog"])
        #expect(unreachable.first?.message.contains("Dog") == true)
    }

    @Test func withoutRootsNothingIsUnreachable() {
        let container = DIContainer()
        container.register(Cat.init)
        container.register(Dog.init)
        #expect(container.validate().findings.isEmpty)
    }

    @Test func anArgumentComponentTakenAsADependencyIsReported() throws {
        let container = DIContainer()
        container.register(Greeter.init)
        container.register(Hall.init)
        let report = container.validate()
        #expect(report.warnings.map(\.kind) == [.argumentDependency])
        #expect(throws: DIError.self) { try container.resolve(Hall.self) }
        #expect(try container.resolve(Hall.self, arguments: .for(Greeter.self, "hi")).greeter.name == "hi")
    }

    @Test func anArgumentComponentTakenLazilyIsAWarningAsAnyOther() throws {
        let container = DIContainer()
        container.register(Greeter.init)
        container.register(LazyHall.init)
        let report = container.validate()
        #expect(report.errors.isEmpty)
        #expect(report.warnings.map(\.kind) == [.argumentDependency])
        // The Lazy keeps the arguments addressed to Greeter by the resolve that made it.
        let hall = try container.resolve(LazyHall.self, arguments: .for(Greeter.self, "hi"))
        #expect(try hall.greeter.resolvedValue().name == "hi")
    }

    @Test func anArgumentComponentTakenThroughAProviderIsFine() throws {
        let container = DIContainer()
        container.register(Greeter.init)
        container.register(ProvidedHall.init)
        #expect(container.validate().findings.isEmpty)
        #expect(try container.resolve(ProvidedHall.self).greeter("hello").name == "hello")
    }
}
