import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"
import { Schema } from "effect"

/**
 * yamllint's own description of its rules, as its Python package holds it: each rule module's
 * `ID`, `TYPE` (token, comment or line), options (`CONF`) with their defaults (`DEFAULT`) and the
 * first paragraph of its documentation, and the two configurations it ships (`default` and
 * `relaxed`, yamllint/conf/*.yaml) as data. The listing of the release Tidemark runs is committed
 * beside this script (`yamllint-rules.json`), so the catalogue is generated the same on a machine
 * without yamllint; `generate --yamllint` reads it again from the installed yamllint.
 */

export class YamllintRule extends Schema.Class<YamllintRule>("YamllintRule")({
  /** `key-duplicates`. */
  id: Schema.String,
  type: Schema.Literal("token", "comment", "line"),
  /** The rule's options, each with the types or values yamllint accepts, in Python's words. */
  options: Schema.Record({ key: Schema.String, value: Schema.String }),
  defaults: Schema.Record({ key: Schema.String, value: Schema.Unknown }),
  /** The first paragraph of the rule's documentation. */
  description: Schema.String
}) {}

/** A configuration's rules as yamllint ships them: `enable`, `disable` or the rule's options. */
export const PresetRules = Schema.Record({ key: Schema.String, value: Schema.Unknown })

export class YamllintRuleList extends Schema.Class<YamllintRuleList>("YamllintRuleList")({
  version: Schema.String,
  rules: Schema.Array(YamllintRule),
  /** `default` and `relaxed` (`relaxed` extends `default`), as their files say: `extends`, `rules` and `yaml-files`. */
  presets: Schema.Record({ key: Schema.String, value: Schema.Struct({ extends: Schema.optional(Schema.String), rules: PresetRules, "yaml-files": Schema.optional(Schema.Array(Schema.String)) }) })
}) {}

export const ruleListPath = new URL("yamllint-rules.json", import.meta.url)

export const readRuleList = (json: string): YamllintRuleList => Schema.decodeUnknownSync(Schema.parseJson(YamllintRuleList))(json)

export const committedRuleList = (): string => readFileSync(ruleListPath, "utf8")

// Run by the Python yamllint runs with (its `#!` line's), which finds its package in Debian's dist-packages.
const dump = `
import json, os, yaml, yamllint, yamllint.rules as r
def text(v):
    if isinstance(v, type): return v.__name__
    if isinstance(v, (tuple, list)): return "(" + ", ".join(text(x) for x in v) + ")"
    return repr(v)
def first(doc):
    return " ".join((doc or "").strip().split("\\n\\n")[0].split())
conf = os.path.join(os.path.dirname(yamllint.__file__), "conf")
presets = {}
for name in ("default", "relaxed"):
    with open(os.path.join(conf, name + ".yaml")) as f: presets[name] = yaml.safe_load(f)
rules = [{"id": m.ID, "type": m.TYPE, "options": {k: text(v) for k, v in (getattr(m, "CONF", None) or {}).items()},
          "defaults": getattr(m, "DEFAULT", None) or {}, "description": first(m.__doc__)} for _, m in sorted(r._RULES.items())]
print(json.dumps({"version": yamllint.APP_VERSION, "rules": rules, "presets": presets}, indent=2, sort_keys=True))
`

/** The listing of the yamllint on this machine's PATH, as committed. */
export const installedRuleList = (interpreter: string = "/usr/bin/python3"): string =>
  execFileSync(interpreter, ["-c", dump], { encoding: "utf8", env: { PATH: process.env["PATH"] ?? "/usr/bin:/bin", LANG: "C.UTF-8" } })
