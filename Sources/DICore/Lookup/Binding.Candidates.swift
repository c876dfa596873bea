extension Binding {
    /// A binding's candidates in registration order, read in place (no array made).
    struct Candidates: RandomAccessCollection {
        let list: InlineFirstArray<AnyCandidate>
        /// The slot of the type they are read from, whose index answers names and tags; `nil`
        /// for a type's lone candidate.
        var slot: BindingSlot? = nil

        /// The candidates of `list`.
        init(_ list: InlineFirstArray<AnyCandidate>) {
            self.list = list
        }

        /// A type's lone candidate.
        init(_ lone: AnyCandidate) {
            self.list = InlineFirstArray(lone)
        }

        var startIndex: Int { 0 }
        var endIndex: Int { list.count }

        subscript(position: Int) -> AnyCandidate { list[position] }

        /// The components exposed as the type, in registration order, made on each call (only
        /// slow paths read them).
        var components: [Component] { map { $0.component } }

        /// The candidates that answer a request with `qualifier` (`nil`: the unqualified ones).
        func matching(_ qualifier: Qualifier?) -> [AnyCandidate] {
            guard let qualifier, let index = slot?.qualifierIndex else { return filter { $0.component.answers(qualifier) } }
            return index.positions(answering: qualifier, below: count).map { self[$0] }.filter { $0.component.answers(qualifier) }
        }
    }
}
