// Decodes the JSON of `swift package dump-package`. Enumerations with payloads appear there as an
// object with one key (the case) whose value is an array of the payload's fields; unknown cases
// and keys are ignored so that a newer toolchain's additions do not break the tool.

extension PackageManifest: Decodable {
  private enum CodingKeys: String, CodingKey {
    case name, dependencies, products, targets
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    dependencies = try container.decode([Dependency].self, forKey: .dependencies)
    products = try container.decode([Product].self, forKey: .products)
    targets = try container.decode([Target].self, forKey: .targets)
  }
}

extension PackageManifest.Dependency: Decodable {
  private enum Kind: String, CodingKey {
    case fileSystem, sourceControl, registry
  }

  private struct Fields: Decodable {
    var identity: String
    var path: String?
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Kind.self)
    guard let kind = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "a dependency of an unknown kind"))
    }
    var payload = try container.nestedUnkeyedContainer(forKey: kind)
    let fields = try payload.decode(Fields.self)
    identity = fields.identity
    localPath = kind == .fileSystem ? fields.path : nil
  }
}

extension PackageManifest.Target: Decodable {
  private enum CodingKeys: String, CodingKey {
    case name, type, path, exclude, dependencies
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: CodingKeys.self)
    name = try container.decode(String.self, forKey: .name)
    type = try container.decode(String.self, forKey: .type)
    path = try container.decodeIfPresent(String.self, forKey: .path)
    exclude = try container.decodeIfPresent([String].self, forKey: .exclude) ?? []
    dependencies = try container.decode([PackageManifest.TargetDependency].self, forKey: .dependencies)
  }
}

extension PackageManifest.TargetDependency: Decodable {
  private enum Kind: String, CodingKey {
    case target, product, byName
  }

  init(from decoder: any Decoder) throws {
    let container = try decoder.container(keyedBy: Kind.self)
    guard let kind = container.allKeys.first else {
      throw DecodingError.dataCorrupted(
        .init(codingPath: decoder.codingPath, debugDescription: "a target dependency of an unknown kind"))
    }
    var payload = try container.nestedUnkeyedContainer(forKey: kind)
    let name = try payload.decode(String.self)
    switch kind {
    case .target: self = .target(name)
    case .byName: self = .byName(name)
    case .product: self = .product(name, package: try payload.decodeIfPresent(String.self))
    }
  }
}
