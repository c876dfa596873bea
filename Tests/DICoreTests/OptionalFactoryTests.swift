import DICore
import Testing

private final class Camera {
    init() {}
}

private final class Phone {
    let camera: Camera?
    init(camera: Camera?) { self.camera = camera }
}

private final class CameraApp {
    let camera: Camera
    init(camera: Camera) { self.camera = camera }
}

/// Whether the camera factory finds a camera; each test has its own.
private final class Availability: Sendable {
    let available: Bool
    init(_ available: Bool) { self.available = available }
}

@Suite struct OptionalFactoryTests {
    private func container(available: Bool) -> DIContainer {
        let container = DIContainer()
        let availability = Availability(available)
        container.register { () -> Camera? in availability.available ? Camera() : nil }
        container.register(Phone.init)
        container.register(CameraApp.init)
        return container
    }

    @Test func aFactoryThatReturnsAValueRegistersTheWrappedType() throws {
        let container = container(available: true)
        #expect(try container.resolve(Phone.self).camera != nil)
        _ = try container.resolve(Camera.self)
    }

    @Test func nilMeansNotAvailableForOptionalUse() throws {
        let container = container(available: false)
        let camera: Camera? = container.resolve()
        #expect(camera == nil)
        #expect(try container.resolve(Phone.self).camera == nil)
        #expect(try container.resolve([Camera].self).isEmpty)
        #expect(try container.resolve([Lazy<Camera>].self).count == 1)
    }

    @Test func nilIsAnErrorForARequiredDependency() throws {
        let container = container(available: false)
        let error = try #require(throws: DIError.self) { try container.resolve(CameraApp.self) }
        #expect(error.code == .notRegistered)
        #expect(error.description.contains("returned nil"), "\(error)")
        #expect(error.path.map { String(describing: $0.type) } == ["CameraApp"])
    }

    @Test func arraysLeaveOutOnlyTheUnavailableComponent() throws {
        let container = container(available: false)
        container.register(Camera.init)
        #expect(try container.resolve([Camera].self).count == 1)
    }
}
