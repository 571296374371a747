import * as Pep440 from "@renovatebot/pep440"
import * as RubyVersions from "@renovatebot/ruby-semver"
import semver from "semver"
import type { DependencyEcosystem } from "./Dependency.js"

/**
 * Each ecosystem's own ordering of versions, as its package manager and OSV's advisories use it:
 * Semantic Versioning for npm and Cargo, Go's module versions (semver behind a `v`, pseudo-versions
 * as prereleases), PEP 440 for PyPI (`1.0rc1 < 1.0 < 1.0.post1`), `Gem::Version` for RubyGems
 * (`1.0.a < 1.0`), and Composer's (`1.0-beta2 < 1.0-RC1 < 1.0 < 1.0-p1`).
 *
 * A comparison answers undefined when either version is not one the ecosystem accepts: a range
 * cannot be decided on it, and the matcher says so rather than guessing.
 */
export type Compare = (a: string, b: string) => number | undefined

const sign = (n: number) => (n < 0 ? -1 : n > 0 ? 1 : 0)

const semverCompare: Compare = (a, b) => {
  const left = semver.parse(a, { loose: true })
  const right = semver.parse(b, { loose: true })
  return left === null || right === null ? undefined : left.compare(right)
}

// Go writes `v1.2.3`; OSV's Go records write `1.2.3`; `+incompatible` is build metadata either way.
const goCompare: Compare = (a, b) => semverCompare(a.replace(/^v/, ""), b.replace(/^v/, ""))

const pep440Compare: Compare = (a, b) =>
  Pep440.valid(a) === null || Pep440.valid(b) === null ? undefined : sign(Pep440.compare(a, b))

const gemCompare: Compare = (a, b) =>
  RubyVersions.valid(a) === null || RubyVersions.valid(b) === null
    ? undefined
    : RubyVersions.eq(a, b) ? 0 : RubyVersions.gt(a, b) ? 1 : -1

/**
 * Composer's order (its VersionParser normalises, PHP's `version_compare` orders): up to four
 * numbers, then a stability: dev < alpha < beta < RC < stable < patch, each with its own number.
 */
const composerStabilities: Readonly<Record<string, number>> = { dev: 0, alpha: 1, a: 1, beta: 2, b: 2, rc: 3, "": 4, stable: 4, patch: 5, pl: 5, p: 5 }

const composerParts = (version: string): ReadonlyArray<number> | undefined => {
  const match = /^v?(\d+)(?:\.(\d+))?(?:\.(\d+))?(?:\.(\d+))?(?:[-._]?(dev|alpha|a|beta|b|rc|stable|patch|pl|p)[.-]?(\d+)?)?$/i.exec(version.trim())
  if (match === null) return undefined
  const numbers = [1, 2, 3, 4].map((i) => Number(match[i] ?? 0))
  const stability = composerStabilities[(match[5] ?? "").toLowerCase()]!
  return [...numbers, stability, Number(match[6] ?? 0)]
}

const composerCompare: Compare = (a, b) => {
  const left = composerParts(a)
  const right = composerParts(b)
  if (left === undefined || right === undefined) return undefined
  for (let i = 0; i < left.length; i++) {
    if (left[i] !== right[i]) return left[i]! < right[i]! ? -1 : 1
  }
  return 0
}

const orders: Readonly<Record<DependencyEcosystem, Compare>> = {
  npm: semverCompare,
  cargo: semverCompare,
  golang: goCompare,
  pypi: pep440Compare,
  gem: gemCompare,
  composer: composerCompare
}

/** The ecosystem's comparison: negative, zero or positive, or undefined for a version it does not accept. */
export const compareIn = (ecosystem: DependencyEcosystem): Compare => orders[ecosystem]
