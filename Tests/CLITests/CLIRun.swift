/// Runs the command line in process for the end-to-end tests, capturing what it prints.
import Foundation
import MVILintCore

/// What one in-process run of the command line returned and printed.
struct CLIOutput {
    var status: Int32
    var stdout: String
    var stderr: String
}

/// Runs `mvilint` with `arguments` and `rules` in process; `stdin` is what `--stdin-path` reads.
func runCLI(_ arguments: [String], rules: [any Rule.Type], version: String,
            stdin: () -> Data = { FileHandle.standardInput.readDataToEndOfFile() }) -> CLIOutput {
    var out = "", err = ""
    let status = CommandLineTool(rules: rules, version: version).run(arguments, stdin: stdin, stdout: { out += $0 }, stderr: { err += $0 })
    return CLIOutput(status: status, stdout: out, stderr: err)
}
