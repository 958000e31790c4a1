/// How many live streams may be open: on this host, from one client address, for one visitor (a
/// session or pass, or an address without one). 0 streams turns them off. (See ``ConnectionLimits``.)
package struct StreamCaps: Sendable, Equatable {
    package var total: Int
    package var perAddress: Int
    package var perVisitor: Int

    package init(total: Int, perAddress: Int, perVisitor: Int) {
        self.total = total
        self.perAddress = perAddress
        self.perVisitor = perVisitor
    }
}
