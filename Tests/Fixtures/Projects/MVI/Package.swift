// swift-tools-version:5.9
import PackageDescription

let package = Package(name: "Feed", targets: [.target(name: "Feed")])
