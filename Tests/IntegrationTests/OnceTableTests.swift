import DICore
import Testing

/// `OnceTable` with `BuildGate.runOnce`: the work of a key runs once, and a claim made inside
/// the running work (a cyclic append) is refused without waiting.
///
/// A second thread's claim on running work is published in the gate and waits there:
/// `SlowBuildTests.aWaitForALoadIsReported` (the wait is reported, so it is in the gate),
/// `LoadWaitTests` (a wait that would close a cycle through a build is refused) and
/// `ConcurrentAppendTests` guard it through appends.
@Suite struct OnceTableTests {
    private enum Work {}
    private static let id = ObjectIdentifier(Work.self)

    /// Runs `body` once for `Work` in `table`, as an append into `container` does.
    private static func run(_ table: OnceTable, into container: DIContainer, _ body: () -> Void) -> Bool {
        BuildGate.shared.runOnce(
            id, in: table, task: BuildGate.taskScope, into: container, group: nil,
            attributes: RegistrationAttributes.Scope([:]), reporting: Work.self, file: #fileID, line: #line,
            column: #column, body)
    }

    @Test func workRunsOnceAndIsDoneAfterIt() {
        let table = OnceTable()
        let container = DIContainer()
        var runs = 0
        #expect(!table.isDone(Self.id))
        #expect(Self.run(table, into: container) { runs += 1 })
        #expect(table.isDone(Self.id))
        #expect(Self.run(table, into: container) { runs += 1 })
        #expect(runs == 1)
    }

    @Test func aClaimInsideTheRunningWorkIsRefusedAtOnce() {
        let table = OnceTable()
        let container = DIContainer()
        var inner: Bool?
        var innerRan = false
        let outer = Self.run(table, into: container) {
            // The task's scope holds the running load: the inner claim is the same claimant's.
            #expect(BuildGate.taskScope.load?.container == container.serial)
            inner = Self.run(table, into: container) { innerRan = true }
            #expect(!table.isDone(Self.id))
        }
        #expect(outer)
        #expect(inner == false)
        #expect(!innerRan)
        #expect(table.isDone(Self.id))
    }

    @Test func theRunningLoadIsTheTasksUntilTheWorkEnds() {
        let table = OnceTable()
        let container = DIContainer()
        #expect(BuildGate.taskScope.load == nil)
        _ = BuildGate.shared.runOnce(
            Self.id, in: table, task: BuildGate.taskScope, into: container, group: Work.self,
            attributes: RegistrationAttributes.Scope([:]), reporting: Work.self, file: #fileID, line: #line, column: #column
        ) {
            let scope = BuildGate.taskScope
            #expect(scope.load?.container == container.serial)
            #expect(scope.load.map { ObjectIdentifier($0.group!) } == Self.id)
            #expect(scope.load?.claimant == scope.resolve)
            #expect(scope.attributes != nil)
        }
        #expect(BuildGate.taskScope.load == nil)
        #expect(BuildGate.taskScope.attributes == nil)
    }
}
