import SystemPackage
import Testing
import XBoard

@testable import XBoardPlatform

/// The drop target's protocol decisions without a server: which ways a drop is taken in, best
/// first, and what each answer of the source gives.
@Suite struct DropOfferTests {
    private func outcome(
        _ offer: DropOffer, _ text: String, isLast: Bool = true, savedFile: FilePath? = nil, refusalSoFar: String? = nil
    ) -> DropOffer.Outcome {
        offer.outcome(
            of: .success(Array(text.utf8)), hostName: "here", isLast: isLast, savedFile: savedFile, refusalSoFar: refusalSoFar)
    }

    @Test func filesComeFirstAndPicturesOnlyWhenTheBoardCanKeepThem() {
        let browser = ["text/x-moz-url", "image/png", "XdndDirectSave0", "application/octet-stream", "text/uri-list", "_NETSCAPE_URL"]
        #expect(
            DropOffer.ways(among: browser, takesPictures: true) == [
                .uriList, .directSave, .picture(mimeType: "image/png"), .picture(mimeType: "application/octet-stream"), .mozURL,
                .netscapeURL,
            ])
        #expect(DropOffer.ways(among: browser, takesPictures: false) == [.uriList, .mozURL, .netscapeURL])
        #expect(DropOffer.ways(among: ["TEXT/URI-LIST"], takesPictures: false) == [.uriList], "MIME types match in any case")
        #expect(DropOffer.ways(among: ["text/plain", "UTF8_STRING"], takesPictures: true).isEmpty)
        #expect(DropOffer.directSave.target == "XdndDirectSave0" && DropOffer.picture(mimeType: "image/webp").target == "image/webp")
    }

    @Test func aListOfFilesGivesItsFilesWithWhatItLeftOut() {
        #expect(
            outcome(.uriList, "file:///photos/a.jpg\r\nhttps://example.org/b.jpg\r\n")
                == .files(
                    [FilePath("/photos/a.jpg")],
                    refused: [DropReport.LeftOut(item: "https://example.org/b.jpg", reason: "not a file on this computer")]))
    }

    @Test func aListWithoutFilesGoesOnToTheNextWayUnlessItIsTheLast() {
        let web = "https://example.org/b.jpg\r\n"
        #expect(
            outcome(.uriList, web, isLast: false)
                == .next(refusal: "The drop was not taken: https://example.org/b.jpg is not a file on this computer"))
        #expect(outcome(.uriList, "", isLast: false) == .next(refusal: "The drop held no files"))
        #expect(outcome(.uriList, "", isLast: true) == .refused("The drop held no files"))
    }

    @Test func aDirectSaveIsTakenOnSAndTheBytesAskedForOnF() {
        let file = FilePath("/pasted/drop.png")
        #expect(outcome(.directSave, "S", savedFile: file) == .picture(.savedFile(file)))
        #expect(outcome(.directSave, "S") == .refused("The dropped picture was not saved"))
        #expect(outcome(.directSave, "F") == .next(refusal: "The program it came from could not save the dropped picture for the board"))
        #expect(outcome(.directSave, "E") == .refused("The program it came from could not save the dropped picture (it said so)"))
        #expect(outcome(.directSave, "SS") == .refused("The drop could not be read: its direct-save answer was not S, F or E"))
    }

    @Test func aPictureIsItsBytesAndAnEmptyOneIsPassedOver() {
        #expect(outcome(.picture(mimeType: "image/png"), "PNG") == .picture(.bytes(Array("PNG".utf8), offeredAs: "image/png")))
        #expect(outcome(.picture(mimeType: "image/png"), "") == .next(refusal: "The dropped image/png picture was empty"))
    }

    @Test func aLinkToALocalFileIsTakenAndAWebAddressSaysSoOverEarlierReasons() {
        #expect(outcome(.netscapeURL, "file:///photos/a.jpg\nA") == .files([FilePath("/photos/a.jpg")], refused: []))
        // text/x-moz-url is UTF-16, little-endian without a byte-order mark.
        let utf16 = "file:///photos/a.jpg\nA".utf16.flatMap { [UInt8(truncatingIfNeeded: $0), UInt8(truncatingIfNeeded: $0 >> 8)] }
        let moz = DropOffer.mozURL.outcome(of: .success(utf16), hostName: "here", isLast: true, savedFile: nil, refusalSoFar: nil)
        #expect(moz == .files([FilePath("/photos/a.jpg")], refused: []))
        let web = outcome(.netscapeURL, "https://example.org/b.jpg", refusalSoFar: "The dropped image/png picture was empty")
        #expect(web == .next(refusal: "The drop was not taken: https://example.org/b.jpg is \(DroppedLink.networkRefusal)"))
        let elsewhere = outcome(.netscapeURL, "file://there/photos/a.jpg", refusalSoFar: "The dropped image/png picture was empty")
        #expect(elsewhere == .next(refusal: nil), "the earlier reason stays")
        #expect(
            outcome(.netscapeURL, "file://there/photos/a.jpg")
                == .next(refusal: "The drop was not taken: file://there/photos/a.jpg is a file on another computer"))
    }

    @Test func anAnswerThatCouldNotBeReadGoesOnToTheNextWay() {
        let failed = DropOffer.uriList.outcome(of: .failure(.refused), hostName: "here", isLast: true, savedFile: nil, refusalSoFar: nil)
        #expect(failed == .next(refusal: "The drop could not be read: \(SelectionTransfer.Failure.refused)"))
    }
}
