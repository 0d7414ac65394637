import SystemPackage
import Testing
import XBoard

@testable import XBoardPlatform

/// The clipboard owner's protocol decisions without a server: the targets offered, the answer to
/// each request, what a clipboard manager keeps, and the pieces of an INCR transfer.
@Suite struct ClipboardOfferTests {
    let files = [FilePath("/photos/a b.jpg")]

    @Test func theTargetsFollowWhatIsOffered() {
        #expect(ClipboardOffer().targets == ["TARGETS", "MULTIPLE", "TIMESTAMP"])
        #expect(ClipboardOffer(picture: .pending).targets == ["TARGETS", "MULTIPLE", "TIMESTAMP", "image/png"])
        #expect(
            ClipboardOffer(picture: .png([1]), files: files).targets == [
                "TARGETS", "MULTIPLE", "TIMESTAMP", "image/png", "text/uri-list", "x-special/gnome-copied-files",
            ])
    }

    @Test func eachRequestIsAnsweredFromTheOffer() {
        let offer = ClipboardOffer(picture: .png([1, 2, 3]), files: files)
        #expect(offer.conversion(of: "TARGETS") == .targets(offer.targets))
        #expect(offer.conversion(of: "TIMESTAMP") == .timestamp)
        #expect(offer.conversion(of: "image/png") == .data([1, 2, 3]))
        #expect(offer.conversion(of: "text/uri-list") == .data(FileURI.uriList(for: files)))
        #expect(offer.conversion(of: "x-special/gnome-copied-files") == .data(FileURI.gnomeCopiedFiles(for: files)))
        #expect(offer.conversion(of: "MULTIPLE") == .refused, "answered pair by pair, never as a target")
        #expect(offer.conversion(of: "UTF8_STRING") == .refused)
        #expect(offer.conversion(of: "") == .refused)
    }

    @Test func aPictureBeingMadeIsWaitedForAndNoPictureIsRefused() {
        #expect(ClipboardOffer(picture: .pending).conversion(of: "image/png") == .waiting)
        #expect(ClipboardOffer(files: files).conversion(of: "image/png") == .refused)
        #expect(ClipboardOffer(picture: .png([1])).conversion(of: "text/uri-list") == .refused, "no files offered")
    }

    @Test func aClipboardManagerKeepsTheDataButNotAPictureBeingMade() {
        #expect(
            ClipboardOffer(picture: .png([1]), files: files).savedTargets == ["image/png", "text/uri-list", "x-special/gnome-copied-files"])
        #expect(ClipboardOffer(picture: .pending, files: files).savedTargets == ["text/uri-list", "x-special/gnome-copied-files"])
    }

    @Test func incrPiecesCoverTheDataThenEndWithAnEmptyOne() {
        #expect(!OutgoingPieces.isIncremental(count: 4096, pieceBytes: 4096))
        #expect(OutgoingPieces.isIncremental(count: 4097, pieceBytes: 4096))
        var pieces = OutgoingPieces(count: 10, pieceBytes: 4)
        var handed: [Range<Int>] = []
        while let piece = pieces.next() { handed.append(piece) }
        #expect(handed == [0..<4, 4..<8, 8..<10, 10..<10])
        #expect(pieces.isFinished)
        var exact = OutgoingPieces(count: 8, pieceBytes: 4)
        #expect([exact.next(), exact.next(), exact.next(), exact.next()] == [0..<4, 4..<8, 8..<8, nil])
    }
}
