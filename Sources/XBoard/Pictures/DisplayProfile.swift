/// The ICC profile of the display the board is shown on, as the X ICC profiles convention puts
/// it on the root window (`_ICC_PROFILE`, `_ICC_PROFILE_1`… per monitor): its bytes, unchecked
/// — the decoding helpers check and use it — and where it came from, for messages.
public struct DisplayProfile: Hashable, Sendable {
    public var bytes: [UInt8]
    /// Where it was found, worded for a message: "_ICC_PROFILE on the root window".
    public var origin: String

    public init(bytes: [UInt8], origin: String) {
        self.bytes = bytes
        self.origin = origin
    }
}
