import SystemPackage
import Testing
import XBoard

/// File URIs as GLib writes them (the platform tests compare with `g_filename_to_uri` itself
/// over random names).
@Suite struct FileURITests {
    @Test(arguments: [
        ("/home/jens/photos/me.png", "file:///home/jens/photos/me.png"),
        ("/photos/2024 trip/IMG 1.jpg", "file:///photos/2024%20trip/IMG%201.jpg"),
        ("/a/100%#?;[]{}\"<>^`|\\.jpg", "file:///a/100%25%23%3F%3B%5B%5D%7B%7D%22%3C%3E%5E%60%7C%5C.jpg"),
        ("/a/-_.!~*'()&=:@+$,.png", "file:///a/-_.!~*'()&=:@+$,.png"),
        ("/Fotos/Gr\u{FC}\u{DF}e.jpg", "file:///Fotos/Gr%C3%BC%C3%9Fe.jpg"),
    ])
    func pathsAreEscapedAsGLibEscapesThem(path: String, uri: String) {
        #expect(FileURI.of(FilePath(path)) == uri)
    }

    @Test func bytesThatAreNotUTF8AreEscapedLikeAnyOther() throws {
        let path = try #require(FilePath(bytes: Array("/photos/caf".utf8) + [0xE9] + Array(".png".utf8)))
        #expect(FileURI.of(path) == "file:///photos/caf%E9.png")
        let control = try #require(FilePath(bytes: Array("/a".utf8) + [0x01, 0x7F, 0x0A]))
        #expect(FileURI.of(control) == "file:///a%01%7F%0A")
    }

    @Test func aRelativePathHasNoURI() {
        #expect(FileURI.of(FilePath("photos/a.jpg")) == nil)
        #expect(FileURI.of(FilePath("")) == nil)
    }

    @Test func thumbnailsAreNamedByTheMD5OfTheURI() throws {
        // The standard's example; the digest is what the adapter's MD5 gives for its URI.
        let digest: [UInt8] = [0xc6, 0xee, 0x77, 0x2d, 0x9e, 0x49, 0x32, 0x0e, 0x97, 0xec, 0x29, 0xa7, 0xeb, 0x5b, 0x16, 0x97]
        var hashed: [[UInt8]] = []
        let name = try #require(
            ThumbnailName(file: FilePath("/home/jens/photos/me.png")) { uri in
                hashed.append(uri)
                return digest
            })
        #expect(hashed == [Array("file:///home/jens/photos/me.png".utf8)], "the URI's bytes are hashed")
        #expect(name.uri == "file:///home/jens/photos/me.png")
        #expect(name.fileName == "c6ee772d9e49320e97ec29a7eb5b1697.png")
        #expect(ThumbnailName(file: FilePath("photos/me.png")) { _ in digest } == nil)
    }
}
