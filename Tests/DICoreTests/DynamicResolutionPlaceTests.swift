import DICore
import Testing

/// Validation's `dynamicResolution` finding says where the component takes the resolving
/// container: its factory, its property injection or its `postInit` (issue 40 point 4).
@Suite struct DynamicResolutionPlaceTests {
    final class Logger { init() {} }
    final class Starter {
        var logger: Logger?
        init() {}
    }
    final class Wired {
        var logger: Logger?
        init() {}
    }
    final class Built { init(resolver: DIContainer) {} }

    @Test func aPostInitTakingTheContainerIsNamedAsSuch() throws {
        let container = DIContainer()
        container.register(Logger.init)
        container.register(Starter.init).postInit { (starter: Starter, resolver: DIContainer) in
            starter.logger = try? resolver.resolve(Logger.self)
        }
        let finding = try #require(container.validate().findings.first { $0.kind == .dynamicResolution })
        #expect(finding.message.contains("its postInit takes the resolving container"))
        #expect(!finding.message.contains("factory"))
    }

    @Test func aPropertyInjectionTakingTheContainerIsNamedAsSuch() throws {
        let container = DIContainer()
        container.register(Logger.init)
        container.register(Wired.init).injection { (wired: Wired, resolver: DIContainer) in
            wired.logger = try? resolver.resolve(Logger.self)
        }
        let finding = try #require(container.validate().findings.first { $0.kind == .dynamicResolution })
        #expect(finding.message.contains("its property injection takes the resolving container"))
    }

    @Test func aFactoryTakingTheContainerIsNamedAsSuch() throws {
        let container = DIContainer()
        container.register(Built.init)
        let finding = try #require(container.validate().findings.first { $0.kind == .dynamicResolution })
        #expect(finding.message.contains("its factory takes the resolving container"))
    }
}
