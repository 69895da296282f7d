/// The version of mvilint.

/// The version `mvilint --version` prints (semantic versioning).
public let mvilintVersion = "0.1.0"
