import DICore
import Synchronization
import TestSupport
import Testing

final class UsesLazy {
    let cat: Lazy<Cat>
    init(cat: Lazy<Cat>) { self.cat = cat }
}

final class UsesProvider {
    let cat: Provider<Cat>
    init(cat: Provider<Cat>) { self.cat = cat }
}

@Suite struct LazyProviderTests {
    @Test func lazyResolvesOnFirstUseOnce() throws {
        let container = DIContainer()
        let made = Counter()
        container.register { () -> Cat in
            _ = made.next(); return Cat()
        }
        container.register(UsesLazy.init)
        let owner = try container.resolve(UsesLazy.self)
        #expect(made.count == 0)
        #expect(!owner.cat.isResolved)
        let first = owner.cat.value
        #expect(owner.cat.value === first)
        #expect(made.count == 1)
    }

    @Test func providerResolvesOnEveryCall() throws {
        let container = DIContainer()
        container.register(Cat.init)
        container.register(UsesProvider.init)
        let owner = try container.resolve(UsesProvider.self)
        #expect(owner.cat() !== owner.cat())
    }

    @Test func lazyReportsAMissingRegistration() throws {
        let container = DIContainer()
        container.register(UsesLazy.init)
        let owner = try container.resolve(UsesLazy.self)
        #expect(throws: DIError.self) { try owner.cat.resolvedValue() }
    }

    @Test func lazyAndProviderResolveAtTopLevel() throws {
        let container = DIContainer()
        container.register(Cat.init)
        let lazy = try container.resolve(Lazy<Cat>.self)
        #expect(lazy.value.sound == "meow")
        let provider: Provider<Cat>? = container.resolve()
        #expect(provider?().sound == "meow")
    }
}
