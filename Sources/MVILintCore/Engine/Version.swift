/// The version of mvilint.

/// The version of mvilint (semantic versioning), defined here only: `mvilint --version` and
/// `mvilint version` print it, `--help` names it, the SARIF log writes it as
/// `tool.driver.version` and the JSON report as `tool.version`, release archives are named
/// after it (`Tools/release.sh`), and a language server reports it in `serverInfo.version`.
/// A release tag is `v` followed by it.
public let mvilintVersion = "0.1.0"

/// The name mvilint reports itself under (SARIF `tool.driver.name`, JSON `tool.name`, a
/// language server's `serverInfo.name`).
public let mvilintName = "mvilint"
