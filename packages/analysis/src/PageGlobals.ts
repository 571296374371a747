import { Either } from "effect"
import { Linter } from "eslint"
import { dependenciesOf, isManifest } from "./ManifestDependencies.js"
import type { Globals } from "./ScriptGlobals.js"
import type { SourceFile } from "./SourceTree.js"

/**
 * Browser scripts loaded by `<script src>` tags share one page's global scope: a function, class or
 * variable one declares at its top level, another calls (sidekiq's `web/assets/javascripts`:
 * `base-charts.js` declares `class BaseChart`, `metrics.js` writes `class HistTotalsChart extends
 * BaseChart`; `dashboard.js` declares `var updateStatsSummary = function…`, which
 * `dashboard-charts.js` calls). ESLint sees one file at a time: it reported each use `no-undef`
 * and each declaration `no-unused-vars`, 18 issues on sidekiq, all on working code, whose "fix"
 * would break the page.
 *
 * A classic script is a `.js` file with neither module syntax (`import`, `export`) nor CommonJS
 * (`require(`, `module.exports`, `exports.x =`): Node's code and a bundler's inputs name what they
 * share. The names shared are those a classic script declares at its top level (or assigns there
 * without declaring: `Sidekiq = {}`) and another classic script of the repository uses without
 * declaring: they are globals of every classic script, and not unused where declared. A name no
 * other script declares is still `no-undef`, and a top-level declaration no other script uses still
 * unused, unless the page's markup names it (an HTML handler's `onclick="checkAll(…)"`, a template's
 * inline script): a template of the repository that names it as a word. The page is the
 * repository: which scripts a page loads is in its HTML and templates, which are read for names
 * only, and a name declared by one script and used by another is meant for it wherever the two are
 * loaded.
 */

const moduleSyntax = /^\s*(?:import\s*(?:[\w$*{]|["'])|export\s)/m

// A statement of its own, or a `require` of a named module: a UMD wrapper's `typeof module … module.exports = f()`
// inside an expression is a library a page loads by a script tag too (sidekiq's application.js keeps timeago's).
const commonJs = /^\s*(?:module\.exports\b|exports\.[\w$]+\s*=)|\brequire\s*\(\s*["'`]/m

/** Whether the file is a classic browser script: `.js`, without module syntax or CommonJS. */
export const isClassicScript = (file: SourceFile): boolean =>
  file.path.endsWith(".js") && !moduleSyntax.test(file.content) && !commonJs.test(file.content)

interface ScriptNames {
  /** Declared at the top level, or assigned there without a declaration. */
  readonly declared: ReadonlySet<string>
  /** Of those, the ones assigned without a declaration (`Sidekiq = {}`). */
  readonly implicit: ReadonlySet<string>
  /** Used and declared nowhere in the file. */
  readonly undeclared: ReadonlySet<string>
}

// Parsed as the browser parses it: a script, the newest syntax; no rule runs.
const scriptConfig: Array<Linter.Config> = [{ languageOptions: { sourceType: "script", ecmaVersion: "latest", parserOptions: { ecmaFeatures: { jsx: true } } } }]

const namesOf = (linter: Linter, file: SourceFile): ScriptNames | undefined => {
  const messages = linter.verify(file.content, scriptConfig, { filename: file.path })
  if (messages.some((message) => message.fatal === true)) return undefined
  const global = linter.getSourceCode().scopeManager?.globalScope
  if (global === null || global === undefined) return undefined
  const implicit = (global as unknown as { readonly implicit?: { readonly variables?: ReadonlyArray<{ readonly name: string }> } }).implicit?.variables ?? []
  const assigned = new Set(implicit.map((variable) => variable.name))
  const declared = new Set([...global.variables.filter((variable) => variable.defs.length > 0).map((variable) => variable.name), ...assigned])
  // A script's references to its own top-level `var`s and functions stay unresolved in the global scope (they may be reassigned by any script).
  return { declared, implicit: assigned, undeclared: new Set(global.through.map((reference) => reference.identifier.name).filter((name) => !declared.has(name))) }
}

/**
 * Libraries a page loads whose globals its scripts use, known where the repository holds the
 * library (its banner, or its file name, in the analysed tree) or depends on it (package.json, a
 * Gemfile's gem for the asset pipeline): ESLint's own `jquery` environment. redmine keeps
 * `jquery-3.7.1-ui-1.13.3.js` beside its scripts, and `$` was `no-undef` 600 times.
 */
interface PageLibrary {
  readonly globals: ReadonlyArray<string>
  readonly banner: RegExp
  readonly file: RegExp
  /** The manifests' names for it (ManifestDependencies), `ecosystem:name`. */
  readonly dependencies: ReadonlyArray<string>
}

const pageLibraries: ReadonlyArray<PageLibrary> = [
  {
    globals: ["$", "jQuery"],
    banner: /^\s*\/\*!?\s*jQuery (?:JavaScript Library )?v\d/,
    file: /(?:^|\/)jquery(?:[-.][\w.-]*)?\.js$/i,
    dependencies: ["npm:jquery", "gem:jquery-rails"]
  }
]

const librariesOf = (files: ReadonlyArray<SourceFile>): ReadonlyArray<string> => {
  const declared = new Set(files.filter((file) => isManifest(file.path)).flatMap((file) =>
    Either.getOrElse(dependenciesOf(file.path, file.content), () => []).map((dependency) => `${dependency.ecosystem}:${dependency.name}`)))
  return pageLibraries.flatMap((library) =>
    library.dependencies.some((name) => declared.has(name)) ||
      files.some((file) => file.path.endsWith(".js") && (library.file.test(file.path) || library.banner.test(file.content.slice(0, 200))))
      ? library.globals
      : []
  )
}

/**
 * The page's markup, which calls its scripts' functions and reads their variables (`onclick=
 * "checkAll('selected_users', true)"`, `<script>toggleFieldset(this)</script>`): HTML and the
 * templates that write it, ERB, Haml, Slim, PHP, JSP, EJS, Handlebars, Mustache, Twig, Jinja,
 * Django's and Go's templates.
 */
const template = /\.(?:html?|xhtml|erb|rhtml|haml|slim|php|phtml|jsp|ejs|hbs|handlebars|mustache|twig|jinja2?|j2|djhtml|tmpl|gohtml|liquid|cshtml|razor)$/i

/** Of the scripts' top-level names, those a template names as a word (a call, a handler, a reference). */
const calledByTemplates = (templates: ReadonlyArray<SourceFile>, names: ReadonlyArray<string>): ReadonlyArray<string> => {
  // Names of two characters or fewer would match words of any text.
  const wanted = new Set(names.filter((name) => name.length > 2))
  if (wanted.size === 0 || templates.length === 0) return []
  const found = new Set<string>()
  for (const file of templates) {
    for (const [word] of file.content.matchAll(/[A-Za-z_$][\w$]*/g)) if (wanted.has(word)) found.add(word)
    if (found.size === wanted.size) break
  }
  return [...found]
}

/** The repository's classic scripts (their paths), and the names they share: declared by one, used undeclared by another. */
export interface PageGlobals {
  readonly scripts: ReadonlySet<string>
  /** The names the scripts share: declared by one, used by another or by the page's markup. */
  readonly shared: ReadonlySet<string>
  /** The libraries' names (`readonly`) and the shared ones (`writable`). */
  readonly globals: Globals
}

export const pageGlobalsOf = (files: ReadonlyArray<SourceFile>): PageGlobals => {
  const scripts = files.filter(isClassicScript)
  const paths = new Set(scripts.map((file) => file.path))
  const libraries = Object.fromEntries(librariesOf(files).map((name) => [name, "readonly"] as const))
  const templates = files.filter((file) => template.test(file.path))
  if (scripts.length + templates.length < 2 || scripts.length === 0) return { scripts: paths, shared: new Set(), globals: libraries }
  const linter = new Linter({ configType: "flat" })
  const named = scripts.flatMap((file) => {
    const names = namesOf(linter, file)
    return names === undefined ? [] : [{ path: file.path, ...names }]
  })
  const declaredBy = new Map<string, Set<string>>()
  for (const { declared, path } of named) for (const name of declared) declaredBy.set(name, (declaredBy.get(name) ?? new Set()).add(path))
  const shared = new Set<string>()
  for (const { path, undeclared } of named) {
    for (const name of undeclared) if ([...(declaredBy.get(name) ?? [])].some((declaring) => declaring !== path)) shared.add(name)
  }
  // A name only assigned without a declaration stays `no-undef` where it is assigned, whatever a template says.
  const implicitOnly = new Set(named.flatMap(({ implicit }) => [...implicit]).filter((name) => !named.some(({ declared, implicit }) => declared.has(name) && !implicit.has(name))))
  for (const name of calledByTemplates(templates, [...declaredBy.keys()].filter((name) => !shared.has(name) && !implicitOnly.has(name)))) shared.add(name)
  // Writable: a script may assign what another declared with `var`, as the page's scripts do.
  return { scripts: paths, shared, globals: { ...libraries, ...Object.fromEntries([...shared].sort().map((name) => [name, "writable"] as const)) } }
}
