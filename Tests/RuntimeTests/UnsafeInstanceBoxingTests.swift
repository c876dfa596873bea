import Testing

@testable import DICore

@Suite struct UnsafeInstanceBoxingTests {
    private protocol Shape {}
    private final class Square: Shape {}
    private struct Point: Shape, Equatable {
        var x: Int
        var name: String
    }
    private enum Direction: Equatable { case north, east(Int) }
    private protocol Named: AnyObject { var name: String { get } }
    private final class Tag: Named { var name: String { "tag" } }

    /// `value` boxed and unboxed in each form, as a component of `T` does.
    private static func roundTrips<T>(_ value: T, _ equal: (T, T) -> Bool) -> Bool {
        let isReferenceType = T.self is AnyObject.Type
        let boxed = UnsafeInstanceBoxing.box(value, isReferenceType: isReferenceType)
        let plain = UnsafeInstanceBoxing.unbox(boxed, as: T.self, isReferenceType: isReferenceType)
        let borrowed = UnsafeInstanceBoxing.unbox(
            borrowing: UnsafeObjectWord(unretained: boxed), as: T.self, isReferenceType: isReferenceType)
        let consumed = UnsafeInstanceBoxing.unbox(
            consuming: UnsafeObjectWord.retaining(boxed), as: T.self, isReferenceType: isReferenceType)
        return equal(plain, value) && equal(borrowed, value) && equal(consumed, value)
    }

    @Test func valuesRoundTrip() {
        #expect(Self.roundTrips(Point(x: 3, name: "p"), ==))
        #expect(Self.roundTrips(Direction.east(4), ==))
        #expect(Self.roundTrips(Direction.north, ==))
        #expect(Self.roundTrips(42, ==))
        #expect(Self.roundTrips("text", ==))
        #expect(Self.roundTrips(Int?.some(5), ==))
        #expect(Self.roundTrips(Int?.none, ==))
        #expect(Self.roundTrips((1, "one")) { $0 == $1 })
        #expect(Self.roundTrips(Point(x: 1, name: "a") as any Shape) { ($0 as? Point) == ($1 as? Point) })
    }

    @Test func classInstancesKeepTheirIdentity() {
        let square = Square()
        let id = ObjectIdentifier(square)
        let boxedItself = ObjectIdentifier(UnsafeInstanceBoxing.box(square, isReferenceType: true)) == id
        #expect(boxedItself)
        let same: (Square, Square) -> Bool = { ObjectIdentifier($0) == ObjectIdentifier($1) }
        #expect(Self.roundTrips(square, same))
        // Through an existential or an optional, a class instance is a value of that type,
        // boxed; the box keeps the very instance.
        let sameShape: (any Shape, any Shape) -> Bool = { left, right in
            guard let left = left as? Square, let right = right as? Square else { return false }
            return same(left, right)
        }
        #expect(Self.roundTrips(square as any Shape, sameShape))
        let sameOptional: (Square?, Square?) -> Bool = { left, right in
            guard let left, let right else { return false }
            return same(left, right)
        }
        #expect(Self.roundTrips(Square?.some(square), sameOptional))
        let boxed = UnsafeInstanceBoxing.box(square as any Shape, isReferenceType: false)
        #expect(boxed is ValueBox<any Shape>)
        let unboxed = UnsafeInstanceBoxing.unbox(boxed, as: (any Shape).self, isReferenceType: false)
        let unboxedSquare = unboxed as? Square
        #expect(unboxedSquare.map(ObjectIdentifier.init) == id)
    }

    @Test func aValueIsBoxedOnceAndUnboxedWithoutANewBox() {
        let boxed = UnsafeInstanceBoxing.box(Point(x: 1, name: "b"), isReferenceType: false)
        let box = try! #require(boxed as? ValueBox<Point>)
        #expect(box.value == Point(x: 1, name: "b"))
        #expect(ObjectIdentifier(box.valueType) == ObjectIdentifier(Point.self))
        // Unboxing reads the box; the same box serves every read.
        for _ in 0..<3 { _ = UnsafeInstanceBoxing.unbox(boxed, as: Point.self, isReferenceType: false) }
        let sameBox = boxed === box
        #expect(sameBox)
    }

    @Test func consumingUnboxGivesBackTheReference() {
        weak var weakBox: AnyObject?
        weak var weakSquare: Square?
        do {
            let boxed = UnsafeInstanceBoxing.box(Point(x: 2, name: "c"), isReferenceType: false)
            weakBox = boxed
            _ = UnsafeInstanceBoxing.unbox(consuming: .retaining(boxed), as: Point.self, isReferenceType: false)
            let square = Square()
            weakSquare = square
            let word = UnsafeObjectWord<AnyObject>.retaining(UnsafeInstanceBoxing.box(square, isReferenceType: true))
            let back = UnsafeInstanceBoxing.unbox(consuming: word, as: Square.self, isReferenceType: true)
            let sameSquare = back === square
            #expect(sameSquare)
        }
        #expect(weakBox == nil)
        #expect(weakSquare == nil)
    }

    @Test func concreteValueTypesAreToldFromExistentials() {
        #expect(UnsafeInstanceBoxing.isConcreteValueType(Int.self))
        #expect(UnsafeInstanceBoxing.isConcreteValueType(Point.self))
        #expect(UnsafeInstanceBoxing.isConcreteValueType(Direction.self))
        #expect(UnsafeInstanceBoxing.isConcreteValueType(Int?.self))
        #expect(UnsafeInstanceBoxing.isConcreteValueType((Int, String).self))
        #expect(UnsafeInstanceBoxing.isConcreteValueType((() -> Void).self))
        #expect(!UnsafeInstanceBoxing.isConcreteValueType((any Shape).self))
        #expect(!UnsafeInstanceBoxing.isConcreteValueType(Any.self))
        #expect(!UnsafeInstanceBoxing.isConcreteValueType((any Shape & Sendable).self))
    }

    /// A class-bound existential with one witness table is told apart from other types, and
    /// splits into its object and witness table and joins back into a working existential.
    @Test func anObjectAndWitnessSplitsAndJoins() {
        #expect(UnsafeInstanceBoxing.isObjectAndWitness((any Named).self))
        #expect(UnsafeInstanceBoxing.isObjectAndWitness((any Named & Sendable).self))
        #expect(UnsafeInstanceBoxing.mayBeObjectAndWitness((any Named).self))
        #expect(!UnsafeInstanceBoxing.isObjectAndWitness(Tag.self))
        #expect(!UnsafeInstanceBoxing.isObjectAndWitness(AnyObject.self))
        #expect(!UnsafeInstanceBoxing.isObjectAndWitness((any Shape).self))
        #expect(!UnsafeInstanceBoxing.isObjectAndWitness((any Named & Shape).self))
        #expect(!UnsafeInstanceBoxing.isObjectAndWitness((Int, Int).self))
        #expect(!UnsafeInstanceBoxing.mayBeObjectAndWitness(Tag.self))
        #expect(!UnsafeInstanceBoxing.mayBeObjectAndWitness(Int.self))
        let tag = Tag()
        let (object, witness) = UnsafeInstanceBoxing.split(tag as any Named)
        // NB: compared outside `#expect`: its expansion of `===` on these types crashes the
        // compiler (Swift 6.3).
        let sameObject = object === tag
        #expect(sameObject)
        let joined = UnsafeInstanceBoxing.join(object, witness, as: (any Named).self)
        let sameJoined = joined === tag
        #expect(sameJoined)
        #expect(joined.name == "tag")
    }
}
