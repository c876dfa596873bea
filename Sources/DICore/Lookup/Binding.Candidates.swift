extension Binding {
    /// A binding's candidates in registration order, read in place (no array made).
    ///
    /// Holds the binding's buffer, so it stays valid when the binding is replaced.
    struct Candidates: RandomAccessCollection {
        /// A type's lone candidate, or `nil` when the candidates are a buffer's.
        private let lone: AnyCandidate?
        private let buffer: CandidateBuffer?
        let count: Int
        /// The slot of the type they are read from, whose index answers names and tags; `nil`
        /// for a type's lone candidate.
        var slot: BindingSlot? = nil

        /// The first `count` candidates of `buffer`.
        init(_ buffer: CandidateBuffer, count: Int) {
            self.lone = nil
            self.buffer = buffer
            self.count = count
        }

        /// A type's lone candidate.
        init(_ lone: AnyCandidate) {
            self.lone = lone
            self.buffer = nil
            self.count = 1
        }

        var startIndex: Int { 0 }
        var endIndex: Int { count }

        subscript(position: Int) -> AnyCandidate {
            precondition(position >= 0 && position < count, "a candidate position out of range")
            if let buffer { return buffer[position] }
            return lone!
        }

        /// The candidates that answer a request with `qualifier` (`nil`: the unqualified ones).
        func matching(_ qualifier: Qualifier?) -> [AnyCandidate] {
            guard let qualifier, let index = slot?.qualifierIndex else { return filter { $0.component.answers(qualifier) } }
            return index.positions(answering: qualifier, below: count).map { self[$0] }.filter { $0.component.answers(qualifier) }
        }
    }
}
