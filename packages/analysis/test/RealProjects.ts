import type { Analyzer } from "@tidemark/core"
import { catalogue } from "@tidemark/catalogue"
import { join } from "node:path"
import { type EnabledRule, TreeAnalyzer } from "../src/index.js"
import { cacheRoot, fetchNpmPackage } from "./Corpus.js"

/**
 * Real projects, pinned, on which the analysis must tell the truth: their npm tarballs, fetched
 * on first use into `$TMPDIR/tidemark-analysis/real/` (the registry is reachable from tests, a
 * forge's archives are not; nothing is committed). express's own tarball ships no tests, so the
 * JavaScript project is NeDB (a well-known embedded database, MIT): its tarball ships its Mocha
 * suite (`test/`, `describe`/`it` as globals), its browser build with minified copies, and the
 * libraries its browser tests load (jQuery, underscore, mocha, chai). The TypeScript project is
 * Redux Toolkit, whose tarball ships `src/` with its Vitest tests and the built `dist/`.
 */
export const realProjects = {
  nedb: { spec: "nedb@1.8.0", dir: "nedb-1.8.0" },
  reduxToolkit: { spec: "@reduxjs/toolkit@2.9.0", dir: "reduxjs-toolkit-2.9.0" }
} as const

export const ensureRealProject = (project: { readonly spec: string; readonly dir: string }): string => {
  const target = join(cacheRoot, "real", project.dir)
  fetchNpmPackage(project.spec, target, ["package"])
  return target
}

const eslint9 = catalogue.find((tool) => tool.uuid === TreeAnalyzer.eslint9Uuid)

/** The ESLint9 tool as the worker runs it for a repository nobody configured: its default patterns, default parameters. */
export const defaultEslint9Tool: Analyzer.AnalyzedTool = {
  uuid: TreeAnalyzer.eslint9Uuid,
  name: "ESLint9",
  usesConfigurationFile: false,
  patterns: (eslint9?.patterns ?? []).filter((pattern) => pattern.definition.enabled).map(({ definition }) => ({
    id: definition.id,
    severityLevel: definition.severityLevel,
    category: definition.category,
    title: definition.title,
    parameters: definition.parameters.map((parameter) => ({ name: parameter.name, value: parameter.default }))
  }))
}

/** The same patterns as the linter takes them (TreeAnalyzer makes them so from the tool). */
export const defaultEslint9Rules: ReadonlyArray<EnabledRule> = defaultEslint9Tool.patterns.map((pattern) => ({
  patternId: pattern.id,
  ruleId: TreeAnalyzer.ruleIdOf(pattern.id),
  severity: pattern.severityLevel,
  parameters: pattern.parameters
}))
