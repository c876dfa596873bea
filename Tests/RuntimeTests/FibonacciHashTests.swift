import Testing

@testable import DICore

@Suite struct FibonacciHashTests {
    @Test func alignedKeysSpreadOverTheBuckets() {
        // Keys that share their low 4 bits, as aligned addresses do.
        for bitCount in [3, 6, 10] {
            let buckets = 1 << bitCount
            var used = Set<Int>()
            for key in 0..<buckets {
                let bucket = FibonacciHash.bucket(
                    of: UInt(0x7F00_0000) &+ UInt(key) << 4, shift: UInt(UInt.bitWidth - bitCount), mask: buckets - 1)
                #expect((0..<buckets).contains(bucket))
                used.insert(bucket)
            }
            // As many keys as buckets: a hash taking the low bits would use 1 of 2^bitCount.
            #expect(used.count * 4 >= buckets)
        }
    }

    @Test func theMultiplierIsOddAndFitsTheWord() {
        #expect(FibonacciHash.multiplier & 1 == 1)
        #expect(FibonacciHash.multiplier >> (UInt.bitWidth - 4) == 0x9)
    }

    @Test func zeroBitsIsOneBucket() {
        #expect(FibonacciHash.bucket(of: 12345, shift: UInt(UInt.bitWidth), mask: 0) == 0)
    }
}
