import Foundation
import Testing
import XorgHarness

extension EndToEnd {
    /// What `make install` puts beside the board for the desktop — the man page, shell
    /// completions, AppStream metadata, the icon at every size — validates with the tools
    /// distributions use, and says what the binary says.
    @Suite(.timeLimit(.minutes(15)))
    struct InstallPieces {
        /// Runs `command` with `arguments` through /usr/bin/env; returns its status and output.
        static func run(_ arguments: [String], environment: [String: String]? = nil) throws -> (status: Int32, output: String) {
            let log = FileManager.default.temporaryDirectory.appendingPathComponent(
                "photoboard-run-\(getpid())-\(UUID().uuidString.prefix(6)).log"
            ).path
            defer { try? FileManager.default.removeItem(atPath: log) }
            let process = try ChildProcess(
                path: "/usr/bin/env", arguments: arguments, environment: environment, stdoutPath: log, stderrPath: log)
            let status = try process.waitForExit(stall: .seconds(60))
            return (status, (try? String(contentsOfFile: log, encoding: .utf8)) ?? "")
        }

        @Test func theManPageCompletionsAndMetainfoAreInstalledAndValidate() throws {
            let folder = try Leftovers.makeFolder("photoboard-pieces")
            let prefix = folder.appendingPathComponent("prefix").path
            let log = folder.appendingPathComponent("make.log").path
            #expect(try Install.make(["install", "PREFIX=\(prefix)", "BINARY=\(BoardSession.binaryPath)"], log: log) == 0)
            let share = prefix + "/share"
            let man = share + "/man/man1/photoboard-x11.1"
            let bash = share + "/bash-completion/completions/photoboard-x11"
            let zsh = share + "/zsh/site-functions/_photoboard-x11"
            let fish = share + "/fish/vendor_completions.d/photoboard-x11.fish"
            let metainfo = share + "/metainfo/org.photoboard.photoboard_x11.metainfo.xml"
            let icons = [16, 22, 24, 32, 48, 64, 128, 256].map { share + "/icons/hicolor/\($0)x\($0)/apps/photoboard-x11.png" }
            for file in [man, bash, zsh, fish, metainfo] + icons {
                #expect(FileManager.default.fileExists(atPath: file), "\(file) missing")
            }

            let lint = try Self.run(["mandoc", "-Tlint", "-W", "warning", man])
            #expect(lint.status == 0, "\(lint.output)")
            let appstream = try Self.run(["appstreamcli", "validate", "--no-net", metainfo])
            #expect(appstream.status == 0, "\(appstream.output)")
            #expect(try Self.run(["bash", "-n", bash]).status == 0)
            #expect(try Self.run(["zsh", "-n", zsh]).status == 0)
            #expect(try Self.run(["fish", "--no-execute", fish]).status == 0)

            // The completions complete: bash and fish offer --input's values.
            let bashCompletion = try Self.run([
                "bash", "-c",
                "source '\(bash)'; COMP_LINE='photoboard-x11 --input '; COMP_POINT=${#COMP_LINE}; "
                    + "COMP_WORDS=(photoboard-x11 --input ''); COMP_CWORD=2; _photoboard-x11 photoboard-x11 '' --input; echo \"${COMPREPLY[*]}\"",
            ])
            #expect(bashCompletion.output.contains("auto mouse touch"), "\(bashCompletion.output)")
            let fishCompletion = try Self.run(["fish", "-c", "source '\(fish)'; complete -C 'photoboard-x11 --geo'"])
            #expect(fishCompletion.output.hasPrefix("--geometry"), "\(fishCompletion.output)")

            #expect(try Install.make(["uninstall", "PREFIX=\(prefix)"], log: log) == 0)
            for file in [man, bash, zsh, fish, metainfo] + icons {
                #expect(!FileManager.default.fileExists(atPath: file), "\(file) left behind")
            }
        }

        /// The regular files under `folder`, as paths relative to it.
        static func files(under folder: String) -> Set<String> {
            let paths = FileManager.default.enumerator(atPath: folder)?.allObjects as? [String] ?? []
            return Set(
                paths.filter { path in
                    var isFolder: ObjCBool = false
                    return FileManager.default.fileExists(atPath: folder + "/" + path, isDirectory: &isFolder) && !isFolder.boolValue
                })
        }

        /// A packaging install (DESTDIR set) writes the package's files and nothing else: no
        /// desktop or MIME caches, which would hold only this package's entries and clash with
        /// the system's (its package manager rebuilds them).
        @Test func aStagedInstallWritesNoCaches() throws {
            let folder = try Leftovers.makeFolder("photoboard-staged")
            let stage = folder.appendingPathComponent("stage").path
            let log = folder.appendingPathComponent("make.log").path
            #expect(try Install.make(["install", "DESTDIR=\(stage)", "PREFIX=/usr", "BINARY=\(BoardSession.binaryPath)"], log: log) == 0)
            let written = Self.files(under: stage)
            let expected: Set<String> = [
                "usr/bin/photoboard-x11", "usr/share/applications/photoboard-x11.desktop", "usr/share/man/man1/photoboard-x11.1",
                "usr/share/bash-completion/completions/photoboard-x11", "usr/share/zsh/site-functions/_photoboard-x11",
                "usr/share/fish/vendor_completions.d/photoboard-x11.fish", "usr/share/metainfo/org.photoboard.photoboard_x11.metainfo.xml",
                "usr/share/mime/packages/photoboard-x11.xml", "usr/share/icons/hicolor/scalable/apps/photoboard-x11.svg",
            ]
            let unexpected = written.filter {
                !expected.contains($0) && !$0.hasPrefix("usr/share/photoboard-x11/assets/")
                    && !($0.hasPrefix("usr/share/icons/hicolor/") && $0.hasSuffix("/apps/photoboard-x11.png"))
            }
            #expect(unexpected.isEmpty, "a staged install wrote \(unexpected.sorted())")
            #expect(expected.isSubset(of: written), "missing: \(expected.subtracting(written).sorted())")
            #expect(try Install.make(["uninstall", "DESTDIR=\(stage)", "PREFIX=/usr"], log: log) == 0)
            let left = Self.files(under: stage)
            #expect(left.isEmpty, "left behind: \(left.sorted())")
        }

        /// The committed man page is generated (scripts/generate-manual); this fails when an option
        /// or its help changed without regenerating it.
        @Test func theManPageSaysWhatTheBinarySays() throws {
            let dump = try Self.run([BoardSession.binaryPath, "--experimental-dump-help"])
            let json = try #require(try JSONSerialization.jsonObject(with: Data(dump.output.utf8)) as? [String: Any])
            let command = try #require(json["command"] as? [String: Any])
            let page = try String(contentsOfFile: Install.repository + "/data/photoboard-x11.1", encoding: .utf8)
            // mdoc escapes a few characters; compare with them and the roff line breaks taken out.
            func plain(_ text: String) -> String {
                text.replacingOccurrences(of: "\\-", with: "-").replacingOccurrences(of: "\\&", with: "")
                    .replacingOccurrences(of: "\\e", with: "\\").split(whereSeparator: \.isWhitespace).joined(separator: " ")
            }
            let pageText = plain(page.split(separator: "\n").filter { !$0.hasPrefix(".Pp") }.joined(separator: " "))
            // (Found first, so a failure names what is missing rather than printing the whole page.)
            let hasAbstract = pageText.contains(plain(try #require(command["abstract"] as? String)))
            #expect(hasAbstract, "the abstract changed: run scripts/generate-manual")
            let hasDiscussion = pageText.contains(plain(try #require(command["discussion"] as? String)))
            #expect(hasDiscussion, "the discussion changed: run scripts/generate-manual")
            for argument in try #require(command["arguments"] as? [[String: Any]]) {
                guard argument["shouldDisplay"] as? Bool == true, let abstract = argument["abstract"] as? String else { continue }
                let hasHelp = pageText.contains(plain(abstract))
                #expect(hasHelp, "'\(abstract)' is not in the man page: run scripts/generate-manual")
                if let names = argument["names"] as? [[String: Any]] {
                    for name in names where name["kind"] as? String == "long" {
                        #expect(page.contains("Fl -\(name["name"] as? String ?? "")"), "--\(name["name"] ?? "") is not in the man page")
                    }
                }
            }
        }

        /// What the argument parser cannot say is in the page too — the variables the board reads,
        /// the files it keeps and its exit statuses — and nothing the board does not have (the parser's `help`
        /// subcommand); groff renders it without a warning.
        @Test func theManPageHasEnvironmentAndFilesAndRendersCleanly() throws {
            let path = Install.repository + "/data/photoboard-x11.1"
            let page = try String(contentsOfFile: path, encoding: .utf8)
            func section(_ name: String) -> String {
                guard let start = page.range(of: ".Sh \(name)\n") else { return "" }
                let rest = page[start.upperBound...]
                return String(rest[..<(rest.range(of: "\n.Sh ")?.lowerBound ?? rest.endIndex)])
            }
            #expect(!page.contains(".It Em help") && !page.contains("subcommand"), "the parser's help subcommand is described")
            let environment = section("ENVIRONMENT")
            for variable in ["DISPLAY", "XDG_STATE_HOME", "HOME", "PHOTOBOARD_PRESENT", "PHOTOBOARD_TEST_DECODER_FAULTS", "COLUMNS"] {
                #expect(environment.contains(".It Ev \(variable)\n"), "\(variable) is not in ENVIRONMENT")
            }
            let files = section("FILES")
            for file in [
                "$XDG_STATE_HOME/photoboard-x11/boards/", "~/.local/state/photoboard-x11/", "NAME.photoboard",
                "share/photoboard-x11/assets/",
            ] {
                #expect(files.contains(file), "\(file) is not in FILES")
            }
            let statuses = section("\"EXIT STATUS\"")
            for status in ["0", "1", "64", "74", "128 + N"] {
                #expect(statuses.contains(".It \(status)\n"), "exit status \(status) is not in EXIT STATUS")
            }
            let sections = page.split(separator: "\n").filter { $0.hasPrefix(".Sh ") }
            #expect(sections.firstIndex(of: ".Sh FILES") ?? 0 < sections.firstIndex(of: ".Sh \"EXIT STATUS\"") ?? 0, "\(sections)")
            for macros in ["-man", "-mandoc"] {
                let warnings = try Self.run(["sh", "-c", "groff \(macros) -Tutf8 -ww '\(path)' 2>&1 >/dev/null"])
                #expect(warnings.status == 0 && warnings.output.isEmpty, "groff \(macros): \(warnings.output)")
            }
        }

        @Test func helpWrapsCleanlyAt80Columns() throws {
            var environment = ProcessInfo.processInfo.environment
            environment["COLUMNS"] = "80"
            let help = try Self.run([BoardSession.binaryPath, "--help"], environment: environment)
            #expect(help.status == 0)
            let long = help.output.split(separator: "\n").filter { $0.count > 80 }
            #expect(long.isEmpty, "\(long)")
            // No hand-broken sentence re-wrapped into a one-word line.
            let stranded = help.output.split(separator: "\n").filter { !$0.contains(" ") && !$0.hasSuffix(":") && $0.count < 12 }
            #expect(stranded.isEmpty, "\(stranded)")
        }
    }
}
