/// `mvilint docs DIR`: writes the generated rule pages.
import Foundation

extension CommandLineTool {
    /// Writes `RuleDocs.pages` into `directory` (created if needed) and lists what it wrote.
    func writeDocs(to directory: String, stdout: (String) -> Void, stderr: (String) -> Void) -> Int32 {
        let fm = FileManager.default
        do {
            try fm.createDirectory(atPath: directory, withIntermediateDirectories: true)
            for page in RuleDocs.pages(for: infos) {
                let path = (directory as NSString).appendingPathComponent(page.fileName)
                try Data(page.contents.utf8).write(to: URL(fileURLWithPath: path), options: .atomic)
            }
            stdout("Wrote \(infos.count + 1) pages to \(directory)\n")
            return 0
        } catch {
            stderr("Error: cannot write documentation to \(directory): \(error.localizedDescription)\n")
            return 2
        }
    }
}
