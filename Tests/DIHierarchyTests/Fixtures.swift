import DICore
import DILifetime

// The document's example types.
final class A { init() {} }
final class B { init() {} }
final class C { init() {} }

/// A config a child overrides: `name` tells whose registration built it.
final class Config {
    let name: String
    init(name: String) { self.name = name }
}

/// A component that takes the overridable dependency.
final class Service {
    let config: Config
    init(config: Config) { self.config = config }
}

/// A component that takes a service and the config, to compare what each one got.
final class Screen {
    let service: Service
    let config: Config
    init(service: Service, config: Config) {
        self.service = service
        self.config = config
    }
}

/// A component with a property injected after creation.
final class Widget {
    var config: Config?
    init() {}
}

/// Takes a `.perContainer` component of the parent and an `.objectGraph` one, to check which
/// graph each is built in.
final class Holder {
    let cached: Cached
    let service: Service
    init(cached: Cached, service: Service) {
        self.cached = cached
        self.service = service
    }
}
final class Cached {
    let service: Service
    init(service: Service) { self.service = service }
}

protocol Plugin: AnyObject { var name: String { get } }
final class NamedPlugin: Plugin {
    let name: String
    init(name: String) { self.name = name }
}

enum Primary {}

/// Registers a plugin at one fixed site, as a shared registration function would.
func registerSharedPlugin(in container: DIContainer, name: String) {
    container.register { NamedPlugin(name: name) }.as(Plugin.self)
}

/// Registers a `.perRun` component at one fixed site.
///
/// `.perRun` instances are process-wide: every test that calls this shares one `Bowl`. Only
/// `LookupTests` calls it; another test that needs a process-wide site gets its own helper.
func registerPerRunBowl(in container: DIContainer) {
    container.register(Bowl.init).lifetime(.perRun(.strong))
}
final class Bowl { init() {} }

/// Registers a `.perRun` component at one fixed site, for `ManyComponentsTests` alone.
func registerPerRunDish(in container: DIContainer) {
    container.register(Dish.init).lifetime(.perRun(.strong))
}
final class Dish { init() {} }

/// A cached component with a property injected after creation.
final class Panel {
    let service: Service
    var config: Config?
    init(service: Service) { self.service = service }
}

/// Two components that point at each other: `Left` takes `Right`, `Right` gets `Left` by
/// property injection.
final class Left {
    let right: Right
    init(right: Right) { self.right = right }
}
final class Right {
    let config: Config
    var left: Left?
    init(config: Config) { self.config = config }
}
