import Testing
import XBoard

/// What a thumbnail's text says, and when it describes a picture.
@Suite struct ThumbnailRecordTests {
    let original = ThumbnailOriginal(
        uri: "file:///photos/a.jpg", modified: 1_700_000_000, size: 123_456, fingerprint: PhotoFingerprint(size: 123_456, headHash: 7))

    @Test func theRequiredKeysMakeARecordAndTheOthersAreRead() throws {
        let record = try #require(
            ThumbnailRecord(text: [
                "Thumb::URI": "file:///photos/a.jpg", "Thumb::MTime": "1700000000", "Thumb::Size": "123456",
                "Thumb::Image::Width": "4000", "Thumb::Image::Height": "3000", "Software": "GNOME::ThumbnailFactory",
            ]))
        #expect(record.uri == "file:///photos/a.jpg" && record.modified == 1_700_000_000 && record.size == 123_456)
        #expect(record.imageWidth == 4000 && record.imageHeight == 3000 && record.software == "GNOME::ThumbnailFactory")
        #expect(record.describes(original))
    }

    @Test func withoutAURIOrAWholeModificationTimeThereIsNoRecord() {
        #expect(ThumbnailRecord(text: ["Thumb::MTime": "1700000000"]) == nil)
        #expect(ThumbnailRecord(text: ["Thumb::URI": "file:///a.jpg"]) == nil)
        for time in ["1700000000.5", "", " 1700000000", "17e8", "--5", "99999999999999999999"] {
            #expect(ThumbnailRecord(text: ["Thumb::URI": "file:///a.jpg", "Thumb::MTime": time]) == nil, "\(time)")
        }
    }

    @Test func optionalValuesThatDoNotReadAreAsIfAbsent() throws {
        let record = try #require(
            ThumbnailRecord(text: [
                "Thumb::URI": "file:///photos/a.jpg", "Thumb::MTime": "1700000000", "Thumb::Size": "-4", "Thumb::Image::Width": "0",
                "Thumb::Image::Height": "x", "X-Photoboard::Fingerprint": "nonsense",
            ]))
        #expect(record.size == nil && record.imageWidth == nil && record.imageHeight == nil && record.fingerprint == nil)
        #expect(record.describes(original))
    }

    @Test func aChangedTimeSizeURIOrFingerprintIsStale() {
        let record = ThumbnailRecord(uri: original.uri, modified: original.modified, size: original.size, fingerprint: original.fingerprint)
        #expect(record.describes(original))
        var later = original
        later.modified += 1
        #expect(!record.describes(later))
        var earlier = original
        earlier.modified -= 100  // an older file moved over the original is stale too
        #expect(!record.describes(earlier))
        var bigger = original
        bigger.size += 1
        #expect(!record.describes(bigger))
        var elsewhere = original
        elsewhere.uri = "file:///photos/b.jpg"
        #expect(!record.describes(elsewhere))
        // Replaced within the same second by a file of the same size: the fingerprint tells.
        var replaced = original
        replaced.fingerprint = PhotoFingerprint(size: original.size, headHash: 8)
        #expect(!record.describes(replaced))
        // Another program's thumbnail states no size or fingerprint: time and URI decide.
        #expect(ThumbnailRecord(uri: original.uri, modified: original.modified).describes(replaced))
    }

    /// The record vouches for its fingerprint only for the file at the identity it was taken at,
    /// and only when it describes the file at all; a malformed identity is as if absent.
    @Test func aFingerprintIsVouchedForOnlyAtTheSameFileIdentity() throws {
        var now = original
        now.fingerprint = nil
        now.fileIdentity = "2049:1234:1700000000123456789"
        let record = ThumbnailRecord(
            uri: now.uri, modified: now.modified, size: now.size, fingerprint: PhotoFingerprint(size: 123_456, headHash: 9),
            fileIdentity: now.fileIdentity)
        #expect(record.vouchedFingerprint(for: now) == PhotoFingerprint(size: 123_456, headHash: 9))
        var changed = now
        changed.fileIdentity = "2049:1234:1700000000123456790"
        #expect(record.vouchedFingerprint(for: changed) == nil, "the inode changed since")
        changed = now
        changed.size += 1
        #expect(record.vouchedFingerprint(for: changed) == nil, "a record that does not describe the file vouches for nothing")
        var unknown = now
        unknown.fileIdentity = nil
        #expect(record.vouchedFingerprint(for: unknown) == nil)
        let read = try #require(ThumbnailRecord(text: Dictionary(uniqueKeysWithValues: record.text.map { ($0.key, $0.value) })))
        #expect(read.fileIdentity == now.fileIdentity, "written and read back")
        for malformed in ["1:2", "a:b:c", "1:2:3:4", "-1:2:3", ""] {
            var text = Dictionary(uniqueKeysWithValues: record.text.map { ($0.key, $0.value) })
            text["X-Photoboard::File"] = malformed
            #expect(ThumbnailRecord(text: text)?.fileIdentity == nil, "\(malformed)")
        }
        let withoutFingerprint = ThumbnailRecord(uri: now.uri, modified: now.modified, fileIdentity: now.fileIdentity)
        #expect(!withoutFingerprint.text.contains { $0.key == "X-Photoboard::File" }, "an identity alone says nothing")
    }

    @Test func theTextWrittenReadsBackTheSame() throws {
        let record = ThumbnailRecord(
            uri: "file:///photos/caf%E9.png", modified: -5, size: 9, imageWidth: 3, imageHeight: 2, software: "photoboard-x11 0.2.0",
            fingerprint: PhotoFingerprint(size: 9, headHash: 0xABCDEF), reason: "could not be decoded: bad\nthings")
        var text: [String: String] = [:]
        for (key, value) in record.text { text[key] = value }
        let read = try #require(ThumbnailRecord(text: text))
        #expect(read.uri == record.uri && read.modified == -5 && read.size == 9 && read.imageWidth == 3 && read.imageHeight == 2)
        #expect(read.fingerprint == record.fingerprint && read.software == record.software)
        #expect(read.reason == "could not be decoded: bad things")
        #expect(record.text.map(\.key).prefix(2) == ["Thumb::URI", "Thumb::MTime"])
    }

    @Test func modificationTimesAreWholeSecondsRoundedDown() {
        #expect(ThumbnailOriginal.wholeSeconds(1_700_000_000.999) == 1_700_000_000)
        #expect(ThumbnailOriginal.wholeSeconds(-0.5) == -1)
        #expect(ThumbnailOriginal.wholeSeconds(.nan) == nil)
    }
}
