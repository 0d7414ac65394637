/// Sleeping until a descriptor is readable: the loop's only wait.
public enum Poll {
    /// Sleeps in poll() until `fileDescriptor` is readable or the timeout passes; `nil` waits
    /// forever. Returns whether the descriptor became readable.
    @discardableResult
    public static func waitUntilReadable(_ fileDescriptor: Int32, timeout: Duration?) throws -> Bool {
        try waitUntilReadable([fileDescriptor], timeout: timeout)[0]
    }

    /// Sleeps in poll() until one of the descriptors is readable or the timeout passes (`nil`:
    /// forever; longer than an hour is an hour). Returns, per descriptor, whether it is readable.
    /// A descriptor that hung up throws `PlatformError.connectionLost`; an interrupted poll is
    /// retried with the same timeout.
    public static func waitUntilReadable(_ fileDescriptors: [Int32], timeout: Duration?) throws -> [Bool] {
        let milliseconds: Int32
        if let timeout {
            let value = timeout.seconds * 1000
            milliseconds = value <= 0 ? 0 : Int32(min(value.rounded(.up), 3_600_000))
        } else {
            milliseconds = -1
        }
        return try System.poll(fileDescriptors, milliseconds: milliseconds).map { events in
            if !events.isReadable, events.isBroken { throw PlatformError.connectionLost }
            return events.isReadable
        }
    }
}
