// What Apple's Foundation offers that Linux's does not, for files that import Foundation. The type
// checks import this module into every file (`-import-module FoundationOverlay` in the flags that
// Tests/Scripts/standins.sh writes). See Tests/StandIns/README.md.

// URLSession, URLRequest, HTTPURLResponse and URLError are in FoundationNetworking on Linux.
@_exported import FoundationNetworking
import Combine

// Apple's Foundation names Combine's observable-object types, so that a model file importing only
// Foundation can declare an `ObservableObject` with `@Published` properties.
public typealias ObservableObject = Combine.ObservableObject
public typealias Published = Combine.Published
