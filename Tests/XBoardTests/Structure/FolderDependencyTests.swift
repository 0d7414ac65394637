import Foundation
import Testing

/// The core's folders are concerns, layered: a folder may use the types of the folders below
/// it, never of one that uses it in turn. Read from the sources: which folder declares each
/// top-level type, and each member an extension adds to another folder's type (or to one from
/// outside the core), and which other folders' types and such members each file names.
@Suite struct FolderDependencyTests {
    /// The package's `Sources/XBoard`, found from this file (`Tests/XBoardTests/Structure/`).
    static let sources = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("Sources/XBoard")
    static let graph = FolderGraph(sources: sources)

    @Test func theSourcesAreReadAsTheyAreLaidOut() {
        let graph = Self.graph
        #expect(graph.owner.count > 100, "only \(graph.owner.count) types found")
        for folder in ["Geometry", "Time", "Input", "Gestures", "Board", "Physics", "Controller", "Rendering", "Session"] {
            #expect(graph.folders.contains(folder), "no \(folder)/ under \(graph.sources.path)")
        }
        #expect(graph.owner["RecognizerCore"] == "Gestures" && graph.owner["Point"] == "Geometry")
        #expect(graph.uses["Gestures"]?["Geometry"]?.contains { $0.hasPrefix("Point ") } == true)
        #expect(graph.duplicates.isEmpty, "types declared in two folders: \(graph.duplicates)")
        // A member an extension in Files/ adds to swift-system's FilePath, named in Memory/.
        #expect(graph.memberOwner["resolved"] == "Files")
        #expect(graph.uses["Memory"]?["Files"]?.contains { $0.hasPrefix("resolved ") } == true)
    }

    @Test func extensionMembersAreReadWithTheFolderThatDeclaresThem() {
        let code = SwiftCode(
            """
            extension Rect {
                /// A doc comment.
                public func overlap(_ other: Rect) -> Rect? { nil }
                static var unit: Rect { Rect() }
                private func helper() {}
            }

            public extension Array where Element == Point {
                var centroid: Point { .zero }
            }

            extension Size: Sendable {}
            struct Box {
                func notAnExtensionMember() {}
                public private(set) var count = 0
            }
            """)
        #expect(code.extensionMembers.map(\.type) == ["Rect", "Rect", "Rect", "Array"])
        #expect(code.extensionMembers.map(\.member) == ["overlap", "unit", "helper", "centroid"])
        #expect(code.memberDeclarations["notAnExtensionMember"] == 1 && code.memberDeclarations["overlap"] == 1)
        #expect(code.memberDeclarations["count"] == 1)
    }

    @Test func noFolderDependsOnItself() {
        let cycles = Self.graph.cycles()
        #expect(cycles.isEmpty, "folders that use each other:\n\(cycles.map(Self.graph.explain).joined(separator: "\n"))")
    }

    @Test func theSessionIsTheTop() {
        let users = Self.graph.folders.filter { Self.graph.uses[$0]?["Session"] != nil }
        #expect(users.isEmpty, "\(users) use Session's types")
    }
}

/// Which folder of the core uses which other folder's types.
struct FolderGraph {
    let sources: URL
    private(set) var folders: [String] = []
    /// The folder declaring each top-level type.
    private(set) var owner: [String: String] = [:]
    /// Types declared in more than one folder (the graph cannot tell their uses apart).
    private(set) var duplicates: Set<String> = []
    /// The folder of each member that an extension adds to a type of another folder (or from
    /// outside the core): `FilePath+Relative` in Files/ makes Files a folder that a user of
    /// `resolved` depends on. Only names declared once in the core count, so a use of the
    /// name is a use of that member.
    private(set) var memberOwner: [String: String] = [:]
    /// For each folder, the other folders whose types it names, with the types and files.
    private(set) var uses: [String: [String: Set<String>]] = [:]

    init(sources: URL) {
        self.sources = sources
        var tokensByFolder: [String: [(file: String, identifiers: Set<String>)]] = [:]
        var extensionMembers: [(folder: String, type: String, member: String)] = []
        var declarations: [String: Int] = [:]
        let folderNames = (try? FileManager.default.contentsOfDirectory(atPath: sources.path)) ?? []
        for folder in folderNames.sorted() {
            let url = sources.appendingPathComponent(folder)
            var isFolder: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder), isFolder.boolValue,
                let enumerator = FileManager.default.enumerator(atPath: url.path)
            else { continue }
            folders.append(folder)
            for case let file as String in enumerator where file.hasSuffix(".swift") {
                guard let text = try? String(contentsOf: url.appendingPathComponent(file), encoding: .utf8) else { continue }
                let code = SwiftCode(text)
                for name in code.topLevelTypes {
                    if let other = owner[name], other != folder { duplicates.insert(name) }
                    owner[name] = folder
                }
                tokensByFolder[folder, default: []].append((file, code.identifiers))
                extensionMembers += code.extensionMembers.map { (folder, $0.type, $0.member) }
                declarations.merge(code.memberDeclarations, uniquingKeysWith: +)
            }
        }
        for (folder, type, member) in extensionMembers where owner[type] != folder && declarations[member] == 1 {
            memberOwner[member] = folder
        }
        for (folder, files) in tokensByFolder {
            for (file, identifiers) in files {
                for name in identifiers {
                    for other in [owner[name], memberOwner[name]].compactMap(\.self) where other != folder {
                        uses[folder, default: [:]][other, default: []].insert("\(name) (\(file))")
                    }
                }
            }
        }
    }

    /// The groups of folders that reach each other through uses (Tarjan's strongly connected
    /// components of more than one folder).
    func cycles() -> [[String]] {
        var index: [String: Int] = [:], low: [String: Int] = [:], onStack: Set<String> = []
        var stack: [String] = [], components: [[String]] = [], next = 0
        func connect(_ folder: String) {
            index[folder] = next
            low[folder] = next
            next += 1
            stack.append(folder)
            onStack.insert(folder)
            for other in (uses[folder] ?? [:]).keys.sorted() {
                if index[other] == nil {
                    connect(other)
                    low[folder] = min(low[folder] ?? 0, low[other] ?? 0)
                } else if onStack.contains(other) {
                    low[folder] = min(low[folder] ?? 0, index[other] ?? 0)
                }
            }
            guard low[folder] == index[folder] else { return }
            var component: [String] = []
            while let top = stack.popLast() {
                onStack.remove(top)
                component.append(top)
                if top == folder { break }
            }
            if component.count > 1 { components.append(component.sorted()) }
        }
        for folder in folders where index[folder] == nil { connect(folder) }
        return components
    }

    /// The uses within a cycle, one line each: "Rendering → Overlays: TextPanel (DisplayList.swift)".
    func explain(_ cycle: [String]) -> String {
        var lines: [String] = []
        for folder in cycle {
            for other in cycle where other != folder {
                guard let names = uses[folder]?[other] else { continue }
                lines.append("  \(folder) → \(other): \(names.sorted().joined(separator: ", "))")
            }
        }
        return lines.joined(separator: "\n")
    }
}

/// A Swift file as the folder graph needs it: its code without comments and string literals,
/// the identifiers it names, the types it declares at the top level (formatted code puts them at
/// the start of a line), the members its top-level extensions declare (indented once), and how
/// often it declares each member name anywhere (`func`, `var`, `let`, `case`).
struct SwiftCode {
    private(set) var identifiers: Set<String> = []
    private(set) var topLevelTypes: [String] = []
    private(set) var extensionMembers: [(type: String, member: String)] = []
    private(set) var memberDeclarations: [String: Int] = [:]

    init(_ text: String) {
        let code = Self.strippingCommentsAndStrings(Array(text.unicodeScalars))
        var lineStart = true, indent = 0, words: [String] = [], word = ""
        var extended: String?  // the type of the top-level extension the line is in
        var closesAtTop = false  // the line starts with `}` at the top level
        func endWord() {
            if !word.isEmpty { words.append(word) }
            word = ""
        }
        func endLine() {
            endWord()
            if lineStart, let type = Self.declaredType(words) { topLevelTypes.append(type) }
            if let member = Self.declaredMember(words) {
                memberDeclarations[member, default: 0] += 1
                if indent == 4, let extended { extensionMembers.append((extended, member)) }
            }
            // Any other top-level line than a blank one ends the extension.
            if lineStart, closesAtTop || !words.isEmpty { extended = Self.extendedType(words) }
            identifiers.formUnion(words.map { $0.hasPrefix("@") ? String($0.dropFirst()) : $0 })
            words = []
        }
        for scalar in code {
            if scalar == "\n" {
                endLine()
                lineStart = true
                indent = 0
                closesAtTop = false
            } else if words.isEmpty, word.isEmpty, scalar == " " || scalar == "\t" {
                lineStart = false
                indent += 1
            } else if words.isEmpty, word.isEmpty, lineStart, scalar == "}" {
                closesAtTop = true
            } else if scalar.properties.isAlphabetic || scalar == "_" || (word.isEmpty && scalar == "@")
                || (!word.isEmpty && scalar.properties.numericType != nil)
            {
                word.unicodeScalars.append(scalar)
            } else {
                endWord()
            }
        }
        endLine()
    }

    private static let modifiers: Set<String> = [
        "public", "package", "internal", "fileprivate", "private", "final", "indirect", "nonisolated", "open",
    ]
    private static let kinds: Set<String> = ["struct", "class", "enum", "protocol", "actor", "typealias"]

    /// The type a top-level `extension` line extends (`extension Array where …`: `Array`).
    private static func extendedType(_ words: [String]) -> String? {
        var rest = words[...]
        while let first = rest.first, modifiers.contains(first) || first.hasPrefix("@") { rest = rest.dropFirst() }
        guard rest.first == "extension", rest.count > 1 else { return nil }
        return rest[rest.startIndex + 1]
    }

    private static let memberModifiers: Set<String> = modifiers.union([
        "static", "class", "mutating", "nonmutating", "override", "convenience", "required", "lazy", "weak", "unowned", "set",
    ])

    /// The name a line's words declare as a member (`func`, `var`, `let`, `case`), after
    /// attributes and modifiers.
    private static func declaredMember(_ words: [String]) -> String? {
        var rest = words[...]
        while let first = rest.first, memberModifiers.contains(first) || first.hasPrefix("@") { rest = rest.dropFirst() }
        guard let kind = rest.first, ["func", "var", "let", "case"].contains(kind), rest.count > 1 else { return nil }
        return rest[rest.startIndex + 1]
    }

    /// The name a line's words declare as a type, after attributes (`@MainActor`) and modifiers.
    private static func declaredType(_ words: [String]) -> String? {
        var rest = words[...]
        while let first = rest.first, modifiers.contains(first) || first.hasPrefix("@") { rest = rest.dropFirst() }
        guard let kind = rest.first, kinds.contains(kind), rest.count > 1 else { return nil }
        return rest[rest.startIndex + 1]
    }

    /// The code with `//` and `/* */` comments and every string literal (plain, multi-line and
    /// raw) blanked out, line breaks kept.
    private static func strippingCommentsAndStrings(_ text: [Unicode.Scalar]) -> [Unicode.Scalar] {
        var output: [Unicode.Scalar] = [], position = 0
        func at(_ offset: Int) -> Unicode.Scalar? { position + offset < text.count ? text[position + offset] : nil }
        func skip(until closing: [Unicode.Scalar], escapes: Bool) {
            while position < text.count {
                if escapes, text[position] == "\\" {
                    position += 2
                    continue
                }
                if Array(text[position..<min(text.count, position + closing.count)]) == closing {
                    position += closing.count
                    return
                }
                if text[position] == "\n" { output.append("\n") }
                position += 1
            }
        }
        while position < text.count {
            let scalar = text[position]
            if scalar == "/", at(1) == "/" {
                while position < text.count, text[position] != "\n" { position += 1 }
            } else if scalar == "/", at(1) == "*" {
                position += 2
                skip(until: ["*", "/"], escapes: false)
            } else if scalar == "#" || scalar == "\"" {
                var hashes = 0
                while at(hashes) == "#" { hashes += 1 }
                guard at(hashes) == "\"" else {
                    output.append(scalar)
                    position += 1
                    continue
                }
                let isMultiline = at(hashes + 1) == "\"" && at(hashes + 2) == "\""
                position += hashes + (isMultiline ? 3 : 1)
                let quotes: [Unicode.Scalar] = isMultiline ? ["\"", "\"", "\""] : ["\""]
                skip(until: quotes + Array(repeating: "#", count: hashes), escapes: hashes == 0)
                output.append(" ")
            } else {
                output.append(scalar)
                position += 1
            }
        }
        return output
    }
}
