/// The `mvilint` executable: runs the command line and exits with its status.

import Foundation
import MVILintCore
import MVILintLSP
import MVILintRules

// Before anything else: the restart must not repeat any work (see `AllocatorTuning`).
AllocatorTuning.restartIfNeeded()

// Each callback receives complete text (the whole report at once), so each is one write.
var tool = CommandLineTool(rules: allRules, version: mvilintVersion)
tool.exitsAfterRun = true
tool.languageServer = {
    LanguageServer(rules: allRules, version: mvilintVersion).run(input: FileHandle.standardInput.fileDescriptor,
                                                                  output: FileHandle.standardOutput.fileDescriptor)
}
let status = tool.run(
    Array(CommandLine.arguments.dropFirst()),
    stdout: { FileHandle.standardOutput.write(Data($0.utf8)) },
    stderr: { FileHandle.standardError.write(Data($0.utf8)) })
exit(status)
