import DICore
import Testing

@MainActor private final class Panel {
    let width: Int
    init(width: Int) { self.width = width }
}

private enum Wide {}
private enum Narrow {}
private enum PanelName: DIName { static let name = "main" }

/// Every synchronous `resolve` overload (name, tag, tags, arguments) takes its caller's
/// isolation, as `resolve(_:)` does: on the main actor, a main-actor component is built inline.
@Suite struct ResolveOverloadIsolationTests {
    @MainActor @Test func everyOverloadBuildsAMainActorComponentOnTheMainActor() throws {
        let container = DIContainer()
        container.register { @MainActor in Panel(width: 1) }.named("main")
        container.register { @MainActor in Panel(width: 2) }.tagged(Wide.self).tagged(Narrow.self)

        #expect(try container.resolve(Panel.self, name: "main").width == 1)
        let optional: Panel? = container.resolve(name: "main")
        #expect(optional?.width == 1)
        #expect(try container.resolve(Panel.self, named: PanelName.self).width == 1)
        #expect(try container.resolve(Panel.self, tag: Wide.self).width == 2)
        #expect(try container.resolve(Panel.self, tags: Wide.self, Narrow.self).width == 2)
        #expect(try container.resolveAll(Panel.self).count == 2)
    }

    @MainActor @Test func theArgumentOverloadsBuildAMainActorComponentOnTheMainActor() throws {
        let container = DIContainer()
        container.register { @MainActor (width: Argument<Int>) in Panel(width: width.value) }
        #expect(try container.resolve(Panel.self, arguments: 5).width == 5)
        #expect(try container.resolve(Panel.self, arguments: .for(Panel.self, 6)).width == 6)

        let tagged = DIContainer()
        tagged.register { @MainActor (width: Argument<Int>) in Panel(width: width.value) }.tagged(Wide.self)
        #expect(try tagged.resolve(Panel.self, tag: Wide.self, arguments: 7).width == 7)

        let named = DIContainer()
        named.register { @MainActor (width: Argument<Int>) in Panel(width: width.value) }.named("sized")
        #expect(try named.resolve(Panel.self, name: "sized", arguments: 3).width == 3)
    }
}
