import { existsSync, readFileSync } from "node:fs"
import { createRequire } from "node:module"
import { join } from "node:path"
import { Schema } from "effect"
import stylelint from "stylelint"
import recommended from "stylelint-config-recommended"

/**
 * The rules of the Stylelint installed in this package, and its recommended config
 * (`stylelint-config-recommended`), the catalogue's default patterns with their options.
 */

export interface InstalledStylelintRule {
  readonly name: string
  /** The rule's page on stylelint.io. */
  readonly url: string
  readonly fixable: boolean
  readonly deprecated: boolean
}

export interface InstalledStylelint {
  readonly rules: ReadonlyArray<InstalledStylelintRule>
  /** The recommended config's rules with their options: `true`, or `[true, { ignore: [...] }]`. */
  readonly recommended: Readonly<Record<string, unknown>>
  /** Package → version, Stylelint's first. */
  readonly packages: Readonly<Record<string, string>>
}

const PackageJson = Schema.Struct({ name: Schema.String, version: Schema.String })

const manifest = (path: string) => Schema.decodeUnknownSync(PackageJson)(JSON.parse(readFileSync(path, "utf8")))

const require = createRequire(import.meta.url)

/** An installed package's manifest, found where Node looks for the package (its `exports` may not list it). */
export const installedManifest = (name: string) => {
  const path = (require.resolve.paths(name) ?? []).map((folder) => join(folder, name, "package.json")).find(existsSync)
  if (path === undefined) throw new Error(`${name} is not installed`)
  return manifest(path)
}

export const installedStylelint = async (): Promise<InstalledStylelint> => {
  const rules = await Promise.all(
    Object.entries(stylelint.rules).map(async ([name, loading]): Promise<InstalledStylelintRule> => {
      const rule = await loading
      return { name, url: rule.meta?.url ?? "", fixable: rule.meta?.fixable === true, deprecated: rule.meta?.deprecated === true }
    })
  )
  const own = installedManifest("stylelint")
  const config = installedManifest("stylelint-config-recommended")
  return {
    rules: rules.sort((a, b) => (a.name < b.name ? -1 : 1)),
    recommended: recommended.rules ?? {},
    packages: { [own.name]: own.version, [config.name]: config.version }
  }
}
