import { describe, expect, it } from "@effect/vitest"
import { Either } from "effect"
import { posix } from "node:path"
import * as RepositoryLocation from "../src/RepositoryLocation.js"

const parse = (url: string) => RepositoryLocation.parse(url, (path) => posix.resolve("/work", path))

describe("RepositoryLocation", () => {
  it("resolves local paths and keeps file:// URLs local", () => {
    expect(parse("/srv/repos/app")).toStrictEqual(Either.right({ source: "/srv/repos/app", remote: false }))
    expect(parse("repos/app")).toStrictEqual(Either.right({ source: "/work/repos/app", remote: false }))
    expect(parse("file:///srv/repos/app")).toStrictEqual(Either.right({ source: "file:///srv/repos/app", remote: false }))
  })

  it("treats http(s), ssh, git and scp-like addresses as remote", () => {
    for (const url of [
      "https://github.com/org/app.git",
      "HTTP://example.org/app.git",
      "ssh://git@example.org:2222/org/app.git",
      "git://example.org/app.git",
      "git@github.com:org/app.git"
    ]) {
      expect(parse(url)).toStrictEqual(Either.right({ source: url, remote: true }))
    }
  })

  it("rejects empty addresses, other schemes and remote helpers", () => {
    expect(parse("  ")).toStrictEqual(Either.left("the repository URL is empty"))
    expect(parse("ftp://example.org/app.git")).toStrictEqual(
      Either.left("unsupported URL scheme \"ftp\" (use a path, file://, http(s)://, ssh:// or git://)")
    )
    expect(parse("ext::sh -c id")).toStrictEqual(
      Either.left("git remote-helper addresses (<transport>::<address>) are not supported")
    )
  })
})
