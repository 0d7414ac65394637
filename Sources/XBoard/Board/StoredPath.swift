import SystemPackage

/// A file path in a saved layout, reversible and unambiguous whatever its bytes: a UTF-8 path is
/// a plain JSON string (as layouts always stored them), any other is an object holding its
/// escaped text (`PathEscaping`): `{"escaped": "/photos/caf\\xe9.png"}`.
///
/// The two forms cannot be confused: a string is always the path's own characters, never read
/// as escapes, so a UTF-8 name that happens to contain `\xe9` stays what it is.
struct StoredPath: Codable, Hashable, Sendable {
    var path: FilePath

    init(_ path: FilePath) {
        self.path = path
    }

    private enum CodingKeys: String, CodingKey {
        case escaped
    }

    init(from decoder: any Decoder) throws {
        if let text = try? decoder.singleValueContainer().decode(String.self) {
            guard !text.isEmpty, !text.utf8.contains(0) else {
                throw DecodingError.dataCorrupted(
                    .init(codingPath: decoder.codingPath, debugDescription: "an empty path or one holding NUL"))
            }
            path = FilePath(text)
            return
        }
        let container = try decoder.container(keyedBy: CodingKeys.self)
        let escaped = try container.decode(String.self, forKey: .escaped)
        guard let path = FilePath(escaped: escaped) else {
            throw DecodingError.dataCorruptedError(forKey: .escaped, in: container, debugDescription: "malformed escapes in \(escaped)")
        }
        self.path = path
    }

    func encode(to encoder: any Encoder) throws {
        if path.isValidUTF8, let text = String(validating: path) {
            var container = encoder.singleValueContainer()
            try container.encode(text)
        } else {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(path.escaped, forKey: .escaped)
        }
    }
}
