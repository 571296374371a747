import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"

/**
 * The Go analysers' own listings of their checks, committed beside this script so that the
 * catalogue is generated the same on a machine without Go: Staticcheck's (`staticcheck
 * -list-checks`, then `-explain` of each check: its description and whether it is on by
 * default) in `staticcheck-checks.txt`, go vet's (`go tool vet help`, then `go tool vet help
 * <analyzer>`) in `govet-analyzers.txt`. Each file is the programs' answers as printed: the
 * version first, then the listing, then each check's own answer after a line `== <id>`.
 * `generate --go` writes them again from the installed programs.
 */

export const staticcheckListingPath = new URL("staticcheck-checks.txt", import.meta.url)
export const govetListingPath = new URL("govet-analyzers.txt", import.meta.url)

/** One check as its listing tells it. */
export interface ListedCheck {
  readonly id: string
  /** The listing's one line. */
  readonly title: string
  /** The check's own explanation, as its program prints it. */
  readonly explanation: string
}

export interface Listing {
  /** The program's version answer. */
  readonly version: string
  /** The listing, as printed. */
  readonly list: string
  readonly explanations: ReadonlyMap<string, string>
}

const separator = /^== (\S+)\n/m

/** The sections of a committed listing: version, list, then each check's answer. */
export const readListing = (text: string): Listing => {
  const [head = "", ...rest] = text.split(separator)
  const [version = "", ...list] = head.split("\n")
  const explanations = new Map<string, string>()
  for (let index = 0; index + 1 < rest.length; index += 2) explanations.set(rest[index] ?? "", (rest[index + 1] ?? "").trim())
  return { version: version.trim(), list: list.join("\n").trim(), explanations }
}

export const writeListing = (version: string, list: string, explanations: ReadonlyArray<readonly [string, string]>): string =>
  [`${version.trim()}\n${list.trim()}\n`, ...explanations.map(([id, text]) => `== ${id}\n${text.trim()}\n`)].join("")

const run = (program: string, args: ReadonlyArray<string>): string =>
  execFileSync(program, [...args], { encoding: "utf8", maxBuffer: 1 << 26, env: { PATH: process.env["PATH"] ?? "", HOME: "/nonexistent", GOTOOLCHAIN: "local", GOFLAGS: "" } })

/**
 * The installed Staticcheck's version and list of checks, without each check's explanation: what
 * tells whether the committed listing is that program's (one release explains its checks one
 * way), at two process starts instead of 146.
 */
export const installedStaticcheckHead = (program: string): Omit<Listing, "explanations"> =>
  readListing(writeListing(run(program, ["-version"]), run(program, ["-list-checks"]), []))

/** Staticcheck's listing from the installed program (`staticcheck`, else Debian's `go-staticcheck`). */
export const installedStaticcheckListing = (program: string): string => {
  const list = run(program, ["-list-checks"])
  const ids = list.split("\n").map((line) => line.split(" ")[0] ?? "").filter((id) => id !== "")
  return writeListing(run(program, ["-version"]), list, ids.map((id) => [id, run(program, ["-explain", id])] as const))
}

/** The analyzers of `go tool vet help`'s listing, by name and description. */
export const vetAnalyzersOf = (list: string): ReadonlyArray<readonly [string, string]> => {
  const section = list.split("Registered analyzers:")[1]?.split("\n\n")[1] ?? ""
  return Array.from(section.matchAll(/^\s+(\S+)\s+(.+)$/gm), ([, name = "", description = ""]) => [name, description.trim()] as const)
}

/** go vet's listing from the installed Go. */
export const installedGovetListing = (program: string = "go"): string => {
  const list = run(program, ["tool", "vet", "help"])
  return writeListing(run(program, ["version"]), list, vetAnalyzersOf(list).map(([name]) => [name, run(program, ["tool", "vet", "help", name])] as const))
}

export const committedListing = (path: URL): Listing => readListing(readFileSync(path, "utf8"))
