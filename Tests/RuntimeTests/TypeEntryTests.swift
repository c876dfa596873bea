import TestSupport
import Testing

@testable import DICore

@Suite struct TypeEntryTests {
    /// What an entry says, read through its API.
    private struct Reading: Equatable {
        var isEmpty: Bool
        var isLoneCandidate: Bool
        var lone: ObjectIdentifier?
        var slot: ObjectIdentifier?
        var primary: ObjectIdentifier?
    }

    private static func read(_ entry: TypeEntry) -> Reading {
        Reading(
            isEmpty: entry.isEmpty,
            isLoneCandidate: entry.isLoneCandidate,
            lone: entry.isLoneCandidate ? ObjectIdentifier(entry.loneCandidate.object) : nil,
            slot: entry.slot.map { ObjectIdentifier($0.object) },
            primary: entry.primary.map { ObjectIdentifier($0.object) })
    }

    @Test func tagsRoundTripOnRealObjects() {
        // Many objects of several sizes: each address leaves the two tag bits free.
        var generator = SeededGenerator(seed: 27)
        var kept: [AnyObject] = []
        for _ in 0..<2_000 {
            let isComponent = Bool.random(using: &generator)
            let candidate = AnyCandidate(isComponent: isComponent)
            kept.append(candidate)
            let id = ObjectIdentifier(candidate)
            #expect(UnsafeObjectWord(unretained: candidate).bits & TypeEntry.tagMask == 0)
            let entry = TypeEntry(lone: candidate)
            #expect(
                Self.read(entry)
                    == Reading(isEmpty: false, isLoneCandidate: true, lone: id, slot: nil, primary: id))
            #expect(entry.loneCandidate.object === candidate)
            #expect(entry.loneCandidate.object._isComponent == isComponent)
            #expect(entry.slotPrimaryBits == 0)
            // The table's word gives the same entry back.
            #expect(Self.read(TypeEntry(word: entry.bits)) == Self.read(entry))
        }
        #expect(kept.count == 2_000)
    }

    @Test func aSlotEntryReadsThePrimaryTheSlotPublishes() {
        for isComponent in [false, true] {
            let candidate = AnyCandidate(isComponent: isComponent)
            let slot = BindingSlot(primary: candidate)
            let entry = TypeEntry(slot: slot)
            let reading = Self.read(entry)
            #expect(!reading.isEmpty && !reading.isLoneCandidate && reading.lone == nil)
            #expect(reading.slot == ObjectIdentifier(slot))
            #expect(reading.primary == ObjectIdentifier(candidate))
            // One word: the primary says itself whether it is a component.
            #expect(UnsafeObjectWord<AnyCandidate>(nonzero: entry.slotPrimaryBits)?.object._isComponent == isComponent)
            // A stale slot has no primary: an unqualified request then needs the binding.
            slot.markStale()
            #expect(entry.primary == nil)
            #expect(entry.slotPrimaryBits == 0)
            #expect(slot.isStale)
        }
    }

    @Test func noEntryReadsAsNothing() {
        let reading = Reading(isEmpty: true, isLoneCandidate: false, lone: nil, slot: nil, primary: nil)
        #expect(Self.read(TypeEntry.none) == reading)
        #expect(Self.read(TypeEntry(word: 0)) == reading)
        #expect(TypeEntry.none.slotPrimaryBits == 0)
    }
}
