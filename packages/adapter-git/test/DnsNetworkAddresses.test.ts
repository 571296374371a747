import { describe, expect, it } from "@effect/vitest"
import { Effect, Either } from "effect"
import { DnsNetworkAddresses } from "../src/index.js"

const refusing = DnsNetworkAddresses.make({ allowPrivate: false })

const verdict = (url: string, addresses = refusing) =>
  Effect.map(Effect.either(addresses.requirePublic(url)), Either.match({
    onLeft: (refused) => `${refused.address} ${refused.range}`,
    onRight: () => "public"
  }))

describe("DnsNetworkAddresses", () => {
  it("names the range of every kind of address that is not public; a public one is unicast", () => {
    const ranges = Object.fromEntries(
      [
        "127.0.0.1", "127.8.9.10", "10.1.2.3", "172.16.0.1", "172.31.255.255", "192.168.1.1", "100.64.0.1",
        "169.254.169.254", "0.0.0.0", "224.0.0.1", "255.255.255.255", "::1", "::", "fc00::1", "fd12:3456::1",
        "fe80::1", "::ffff:127.0.0.1", "::ffff:10.0.0.1", "64:ff9b::7f00:1", "2002:7f00:1::", "ff02::1",
        "8.8.8.8", "172.32.0.1", "100.128.0.1", "2606:4700::1111", "::ffff:8.8.8.8"
      ].map((address) => [address, DnsNetworkAddresses.rangeOf(address)])
    )
    expect(ranges).toStrictEqual({
      "127.0.0.1": "loopback",
      "127.8.9.10": "loopback",
      "10.1.2.3": "private",
      "172.16.0.1": "private",
      "172.31.255.255": "private",
      "192.168.1.1": "private",
      "100.64.0.1": "carrierGradeNat",
      "169.254.169.254": "linkLocal",
      "0.0.0.0": "unspecified",
      "224.0.0.1": "multicast",
      "255.255.255.255": "broadcast",
      "::1": "loopback",
      "::": "unspecified",
      "fc00::1": "uniqueLocal",
      "fd12:3456::1": "uniqueLocal",
      "fe80::1": "linkLocal",
      "::ffff:127.0.0.1": "loopback",
      "::ffff:10.0.0.1": "private",
      "64:ff9b::7f00:1": "rfc6052",
      "2002:7f00:1::": "6to4",
      "ff02::1": "multicast",
      "8.8.8.8": "unicast",
      "172.32.0.1": "unicast",
      "100.128.0.1": "unicast",
      "2606:4700::1111": "unicast",
      "::ffff:8.8.8.8": "unicast"
    })
  })

  it("finds the host of every remote form git takes; none for a local path or file:// URL", () => {
    expect([
      "http://127.0.0.1:4222/x.git",
      "https://user:secret@git.example.org/team/app.git",
      "git://127.0.0.1:4222/x",
      "ssh://git@[::1]:2222/x.git",
      "git@localhost:team/app.git",
      "localhost:team/app.git",
      "git@[fe80::1]:team/app.git",
      "/srv/git/app.git",
      "file:///srv/git/app.git"
    ].map(DnsNetworkAddresses.hostOf)).toStrictEqual([
      "127.0.0.1",
      "git.example.org",
      "127.0.0.1",
      "::1",
      "localhost",
      "localhost",
      "fe80::1",
      undefined,
      undefined
    ])
  })

  it.effect("refuses a URL whose host is or resolves to a non-public address, after resolution; allows all when told to", () =>
    Effect.gen(function*() {
      expect(yield* verdict("http://127.0.0.1:4222/x.git")).toBe("127.0.0.1 loopback")
      expect(yield* verdict("git://127.0.0.1:4222/x")).toBe("127.0.0.1 loopback")
      expect(yield* verdict("git@localhost:team/app.git")).toMatch(/^(127\.0\.0\.1|::1) loopback$/)
      expect(yield* verdict("https://[::ffff:169.254.169.254]/latest")).toBe("::ffff:a9fe:a9fe linkLocal")
      // Written in hexadecimal, a non-special scheme's host reaches the resolver as it is.
      expect(yield* verdict("ssh://git@0x7f000001/x.git")).toBe("127.0.0.1 loopback")
      expect(yield* verdict("https://8.8.8.8/team/app.git")).toBe("public")
      // A name that does not resolve leads nowhere; a local path has no host.
      expect(yield* verdict("https://no-such-host.invalid/app.git")).toBe("public")
      expect(yield* verdict("/srv/git/app.git")).toBe("public")
      expect(yield* verdict("http://127.0.0.1:4222/x.git", DnsNetworkAddresses.make({ allowPrivate: true }))).toBe("public")
    }))
})
