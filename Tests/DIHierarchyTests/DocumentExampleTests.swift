import DICore
import DIHierarchy
import DILifetime
import Testing

/// Document 001's example, exactly as the specification writes it.
@Suite struct DocumentExampleTests {
    @Test func threeLevelExampleHoldsExactly() throws {
        let container1 = DIContainer()
        let container2 = DIContainer(parent: container1)
        let container3 = DIContainer(parent: container2)

        container1.register(A.init).lifetime(.perContainer(.strong))
        container2.register(B.init).lifetime(.prototype)
        container3.register(A.init).lifetime(.perContainer(.strong))
        container3.register(C.init).lifetime(.prototype)

        let a1: A? = container1.resolve()
        let a2: A? = container2.resolve()
        let a3: A? = container3.resolve()
        let b1: B? = container1.resolve()
        let b2: B? = container2.resolve()
        let b3: B? = container3.resolve()
        let c1: C? = container1.resolve()
        let c2: C? = container2.resolve()
        let c3: C? = container3.resolve()

        let first = try #require(a1)
        let second = try #require(a2)
        let third = try #require(a3)
        #expect(second === first)  // from container1's cache
        #expect(third !== second && third !== first)  // container3's own registration
        #expect(b1 == nil)
        let secondB = try #require(b2)
        let thirdB = try #require(b3)
        #expect(thirdB !== secondB)
        #expect(c1 == nil)
        #expect(c2 == nil)
        #expect(c3 != nil)

        // Asking again keeps every cache as it was.
        #expect(container2.resolve() as A? === first)
        #expect(container3.resolve() as A? === third)
        #expect(container1.resolve() as A? === first)
    }

    @Test func parentIsTheContainerGivenAtCreation() {
        let root = DIContainer()
        let child = DIContainer(parent: root)
        let grandchild = DIContainer(parent: child)
        #expect(root.parent == nil)
        #expect(child.parent === root)
        #expect(grandchild.parent === child)
        #expect(grandchild.parent?.parent === root)
    }

    @Test func unrelatedContainersShareNothing() {
        let first = DIContainer()
        let second = DIContainer()
        first.register(A.init).lifetime(.perContainer(.strong))
        #expect(second.resolve() as A? == nil)
    }
}
