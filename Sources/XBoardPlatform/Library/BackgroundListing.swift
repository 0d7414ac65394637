import Foundation
import Synchronization
import SystemPackage
import XBoard

/// Lists the command line's paths (`PictureFiles.list`) on a thread of its own, so a large
/// `-r` tree never keeps the window from opening: the loop sleeps on `wakeFileDescriptor`
/// beside the X connection and takes the listing when `result` has it.
public final class BackgroundListing: Sendable {
    private let finished = Mutex<PictureFiles.Listing?>(nil)
    private let wakePipe: WakePipe

    /// Starts listing `paths` at once.
    public init(_ paths: [FilePath], recursive: Bool) throws {
        wakePipe = try WakePipe()
        let thread = Thread { [self] in
            let listing = PictureFiles.list(paths, recursive: recursive)
            finished.withLock { $0 = listing }
            wakePipe.wake()
        }
        thread.name = "photoboard-listing"
        thread.start()
    }

    /// Readable once the listing is done.
    public var wakeFileDescriptor: Int32 { wakePipe.readDescriptor }

    /// The listing, once done; `nil` while the folders are still being read.
    public var result: PictureFiles.Listing? {
        wakePipe.drain()
        return finished.withLock { $0 }
    }

    /// Waits up to `timeout` for the listing; returns it when it was done in time.
    public func wait(upTo timeout: Duration) throws -> PictureFiles.Listing? {
        let deadline = MonotonicClock.now() + timeout
        while true {
            if let listing = result { return listing }
            let left = deadline - MonotonicClock.now()
            guard left > .zero else { return nil }
            _ = try Poll.waitUntilReadable([wakeFileDescriptor], timeout: left)
        }
    }
}
