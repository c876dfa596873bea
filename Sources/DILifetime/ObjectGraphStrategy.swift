import DICore

/// `.objectGraph`: one instance per top-level resolve, shared by everything that resolve builds.
struct ObjectGraphStrategy: LifetimeStrategy {
    var name: String { "objectGraph" }
    var rank: LifetimeRank { .objectGraph }

    func instance(of component: Component, in context: inout ResolutionContext) throws(DIError) -> AnyObject {
        if let shared = context.sharedInstance(for: component.registrationID) { return shared }
        let made = try component.makeInstance(in: &context)
        // A cycle may have built it meanwhile (through a lazy path); the first one stays.
        return context.share(made, for: component.registrationID)
    }
}
