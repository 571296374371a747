import { NodeContext } from "@effect/platform-node"
import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { lintTree, readSourceTree } from "../src/index.js"
import { isClassicScript, pageGlobalsOf } from "../src/PageGlobals.js"
import { treeOf } from "./TreeFixture.js"

// sidekiq's web/assets/javascripts, cut down: classes and functions one script declares, another uses.
const sidekiq = {
  "web/assets/javascripts/base-charts.js": "Chart.defaults.color = '#aaa'\n\nclass BaseChart {\n  constructor(el) { this.chart = new Chart(el, {}) }\n}\n",
  "web/assets/javascripts/dashboard.js": "Sidekiq = {};\n\nvar updateStatsSummary = function (data) {\n  var unread = 1\n  document.title = data.processed\n}\nvar neverCalled = function () {}\n",
  "web/assets/javascripts/dashboard-charts.js": "class DashboardChart extends BaseChart {\n  poll(stats) {\n    updateStatsSummary(stats)\n    Sidekiq.stats = stats\n    updateRedisStats(stats)\n  }\n}\n"
}

const file = (path: string, content: string) => ({ path, content })

describe("isClassicScript", () => {
  it("is a .js file without module syntax or CommonJS", () => {
    expect(isClassicScript(file("a.js", "function f() {}\n"))).toBe(true)
    expect(isClassicScript(file("a.js", "const lazy = () => import('./b.js')\n"))).toBe(true)
    for (const content of ["import x from './x.js'\n", "export const a = 1\n", "const fs = require('fs')\n", "module.exports = {}\n", "  exports.a = 1\n"]) {
      expect(isClassicScript(file("a.js", content)), content).toBe(false)
    }
    const umd = "!function(e,t){\"object\"==typeof module&&module.exports?module.exports=t(e):e.timeago=t(e)}(window,function(){});\nfunction updateNumbers() {}\n"
    expect(isClassicScript(file("application.js", umd))).toBe(true)
    expect(isClassicScript(file("a.mjs", "function f() {}\n"))).toBe(false)
    expect(isClassicScript(file("a.ts", "function f() {}\n"))).toBe(false)
  })
})

describe("pageGlobalsOf", () => {
  it("shares what one classic script declares (or assigns undeclared) and another uses; not what no other declares, nor modules' names", () => {
    const page = pageGlobalsOf([
      ...Object.entries(sidekiq).map(([path, content]) => file(path, content)),
      file("lib/module.js", "export function updateRedisStats() {}\n")
    ])
    expect(page.globals).toEqual({ BaseChart: "writable", Sidekiq: "writable", updateStatsSummary: "writable" })
    expect([...page.scripts].sort()).toEqual(Object.keys(sidekiq).sort())
  })

  it("shares nothing with a single script, or one that does not parse", () => {
    expect(pageGlobalsOf([file("a.js", "var a = 1\n")]).globals).toEqual({})
    expect(pageGlobalsOf([file("a.js", "var shared = 1\n"), file("b.js", "shared(\n")]).globals).toEqual({})
  })
})

const unusedOrUndefined = [
  { patternId: "ESLint9_no-undef", ruleId: "no-undef", severity: "Error" as const, parameters: [] },
  { patternId: "ESLint9_no-unused-vars", ruleId: "no-unused-vars", severity: "Warning" as const, parameters: [] }
]

/** The tree's issues of `no-undef` and `no-unused-vars` with the default patterns, as `[file, line, pattern, message]`. */
const pageIssues = (files: Readonly<Record<string, string>>) =>
  Effect.gen(function*() {
    const root = yield* treeOf(files)
    const result = yield* lintTree(root, yield* readSourceTree(root), { rules: unusedOrUndefined, useConfigurationFile: false })
    return result.issues.map((issue) => [issue.file, issue.line, issue.patternId, issue.message] as const)
  })

describe("lintTree on a page's scripts", () => {
  it.scoped("reports neither the uses of what another script declares nor those declarations as unused; what no script declares and what no one uses, still", () =>
    Effect.gen(function*() {
      expect(yield* pageIssues(sidekiq)).toEqual([
        ["web/assets/javascripts/base-charts.js", 1, "ESLint9_no-undef", "'Chart' is not defined."],
        ["web/assets/javascripts/base-charts.js", 4, "ESLint9_no-undef", "'Chart' is not defined."],
        ["web/assets/javascripts/dashboard-charts.js", 1, "ESLint9_no-unused-vars", "'DashboardChart' is defined but never used."],
        ["web/assets/javascripts/dashboard-charts.js", 5, "ESLint9_no-undef", "'updateRedisStats' is not defined."],
        ["web/assets/javascripts/dashboard.js", 4, "ESLint9_no-unused-vars", "'unread' is assigned a value but never used."],
        ["web/assets/javascripts/dashboard.js", 7, "ESLint9_no-unused-vars", "'neverCalled' is assigned a value but never used."]
      ])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("does not call a function unused that the page's markup calls (redmine's onclick handlers); one nothing names, still", () =>
    Effect.gen(function*() {
      const issues = yield* pageIssues({
        "public/javascripts/application.js": "Sidekiq = {}\nfunction checkAll(id, checked) {\n  document.getElementById(id).checked = checked\n}\nfunction reallyDead() {}\n",
        "app/views/users/index.html.erb": "<% if Sidekiq.pro? %>\n<a href=\"#\" onclick=\"checkAll('selected_users', true); return false;\">check all</a>\n<% end %>\n"
      })
      // An assignment to an undeclared name stays reported, though a template names it.
      expect(issues.map(([file, line, , message]) => [file, line, message])).toEqual([
        ["public/javascripts/application.js", 1, "'Sidekiq' is not defined."],
        ["public/javascripts/application.js", 5, "'reallyDead' is defined but never used."]
      ])
    }).pipe(Effect.provide(NodeContext.layer)))

  it.scoped("gives jQuery's $ to a page that keeps or depends on jQuery, and AMD's define to a script that tests for it", () =>
    Effect.gen(function*() {
      const app = "$(function () { $('.tabs').show() })\n"
      const amd = "(function (factory) {\n  if (typeof define === 'function' && define.amd) define(['../datepicker'], factory)\n  else factory(jQuery.datepicker)\n})(function (datepicker) { return datepicker })\n"
      const issues = (files: Readonly<Record<string, string>>) =>
        Effect.map(pageIssues(files), (found) => found.map(([file, , , message]) => `${file}: ${message}`))
      // redmine: jQuery kept beside the scripts, under a name of its own.
      expect(yield* issues({ "js/app.js": app, "js/i18n/datepicker-ru.js": amd, "js/jquery-3.7.1-ui-1.13.3.js": "/*! jQuery v3.7.1 | (c) OpenJS Foundation */\n!function(e){e.jQuery=e.$=function(){}}(window);\n" })).toEqual([])
      expect(yield* issues({ "js/app.js": app, "package.json": "{\"dependencies\": {\"jquery\": \"^3.7.1\"}}\n" })).toEqual([])
      expect(yield* issues({ "app/assets/javascripts/app.js": app, "Gemfile": "gem 'rails'\ngem 'jquery-rails'\n" })).toEqual([])
      // Without jQuery in the repository, $ is no one's; without the AMD test, define neither.
      expect(yield* issues({ "js/app.js": app, "js/amd.js": "define(['x'], function () {})\n" })).toEqual([
        "js/amd.js: 'define' is not defined.",
        "js/app.js: '$' is not defined.",
        "js/app.js: '$' is not defined."
      ])
    }).pipe(Effect.provide(NodeContext.layer)))
})
