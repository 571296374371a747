import tsPlugin from "@typescript-eslint/eslint-plugin"
import type { ESLint } from "eslint"
import securityPlugin from "eslint-plugin-security"
import { builtinRules } from "eslint/use-at-your-own-risk"

/**
 * The ESLint plugins Tidemark ships, by the scope their rule ids carry (`@typescript-eslint/no-shadow`,
 * `security/detect-child-process`): the catalogue's patterns, the linter's flat configs and a
 * repository's eslintrc all run these and no other.
 */

/** typescript-eslint's scope: its parser and configs are shipped beside its rules. */
export const typeScriptScope = "@typescript-eslint"

// typescript-eslint declares its plugin with its own rule types, which ESLint's `Plugin` type does
// not accept, although at run time it is the plugin object ESLint loads from any flat config.
export const shippedPlugins: Readonly<Record<string, ESLint.Plugin>> = {
  [typeScriptScope]: tsPlugin as unknown as ESLint.Plugin,
  security: securityPlugin
}

/**
 * The scope of a shipped plugin as a config's `plugins` or `extends` names it (`security`,
 * `eslint-plugin-security`, `@typescript-eslint/eslint-plugin`); undefined for any other plugin.
 */
export const shippedPluginScope = (plugin: string): string | undefined => {
  const scope = plugin.endsWith("/eslint-plugin") ? plugin.slice(0, -"/eslint-plugin".length) : plugin.replace(/^eslint-plugin-/, "")
  return Object.hasOwn(shippedPlugins, scope) ? scope : undefined
}

/** `import/no-unresolved` → `import`, `@scope/name/rule` → `@scope/name`, a core rule → undefined. */
export const pluginOfRule = (ruleId: string): string | undefined => {
  const parts = ruleId.split("/")
  if (parts.length < 2) return undefined
  return ruleId.startsWith("@") && parts.length > 2 ? parts.slice(0, 2).join("/") : (parts[0] ?? "")
}

/** What a rule id names among the rules Tidemark runs: a rule module, a plugin not shipped, or nothing. */
export type ShippedRule =
  | { readonly _tag: "Found"; readonly module: unknown }
  | { readonly _tag: "NotShipped"; readonly plugin: string }
  | { readonly _tag: "Unknown" }

/** A rule's module: ESLint's own, or a shipped plugin's (own properties only: `@typescript-eslint/constructor` is not a rule). */
export const shippedRule = (ruleId: string): ShippedRule => {
  const plugin = pluginOfRule(ruleId)
  if (plugin === undefined) {
    const module = builtinRules.get(ruleId)
    return module === undefined ? { _tag: "Unknown" } : { _tag: "Found", module }
  }
  const rules: Readonly<Record<string, unknown>> | undefined = Object.hasOwn(shippedPlugins, plugin) ? shippedPlugins[plugin]?.rules : undefined
  if (rules === undefined) return { _tag: "NotShipped", plugin }
  const name = ruleId.slice(plugin.length + 1)
  return Object.hasOwn(rules, name) ? { _tag: "Found", module: rules[name] } : { _tag: "Unknown" }
}
