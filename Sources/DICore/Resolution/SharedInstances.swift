/// The instances one resolve shares (`.objectGraph`) as one point of view sees the graph, by
/// registration id (see ``ResolutionSession/sharedInstances``).
package typealias SharedInstances = [Int: AnyObject]
