import Testing

@testable import DICore

@Suite struct UnsafeCastTests {
    private class Base {}
    private final class Derived: Base {
        let value = 42
    }

    @Test func downcastGivesTheSameObject() {
        let object: AnyObject = Derived()
        let derived = UnsafeCast.downcast(object, to: Derived.self)
        #expect(derived === object)
        #expect(derived.value == 42)
        #expect(UnsafeCast.downcast(object, to: Base.self) === object)
    }

    @Test func reinterpretKeepsTheBits() {
        for value in [0, 1, -1, Int.max, Int.min, 0x1234_5678] {
            let bits = UnsafeCast.reinterpret(value, as: UInt.self)
            #expect(bits == UInt(bitPattern: value))
            #expect(UnsafeCast.reinterpret(bits, as: Int.self) == value)
        }
    }
}
