import { execFileSync } from "node:child_process"
import { Schema } from "effect"
import { plainText } from "./RuffCatalogue.js"

/**
 * What Stylelint's documentation says of each rule: the package on npm ships no rule README, so
 * the generator reads them from a git snapshot of `stylelint/stylelint` once and the result is
 * committed (`stylelint-rule-docs.json`): the rules index (`docs/user-guide/rules.md`) gives each
 * rule's family ("Unknown", "Notation") and one-line summary; a rule's README gives its prose,
 * its options (the headings of "Options" and "Optional secondary options") and whether it is
 * only for plain CSS (the README's warning "This rule is only appropriate for CSS").
 */

export class StylelintSecondaryOption extends Schema.Class<StylelintSecondaryOption>("StylelintSecondaryOption")({
  name: Schema.String,
  /** The values the README lists for it (`"comments"`), without quotes; empty when it takes free values. */
  values: Schema.Array(Schema.String),
  /** The README's example of its shape, on one line: `{ "ignore": ["array", "of", "options"] }`; empty if none. */
  example: Schema.String
}) {}

export class StylelintRuleDoc extends Schema.Class<StylelintRuleDoc>("StylelintRuleDoc")({
  rule: Schema.String,
  /** "Avoid errors" or "Enforce conventions": the index's two parts. */
  part: Schema.String,
  /** The index's heading the rule is listed under: "Unknown", "Duplicate", "Notation", "Max & min". */
  family: Schema.String,
  /** The index's sentence: "Disallow empty blocks." */
  summary: Schema.String,
  /** The README's prose before its first section, links as their text. */
  description: Schema.String,
  /** The primary option's forms as the README heads them: `true`, `"always"`, `number`, `Array<string>`. */
  primaryOptions: Schema.Array(Schema.String),
  secondaryOptions: Schema.Array(StylelintSecondaryOption),
  /** The README warns the rule is only appropriate for CSS, not for SCSS or Less. */
  cssOnly: Schema.Boolean
}) {}

export class StylelintDocs extends Schema.Class<StylelintDocs>("StylelintDocs")({
  repository: Schema.String,
  commit: Schema.String,
  rules: Schema.Array(StylelintRuleDoc)
}) {}

/** A rule of the index: `| [`block-no-empty`](../../lib/rules/block-no-empty/README.md)<br/>Disallow empty blocks. | ✅ | |`. */
const indexRow = /^\|\s*\[`([a-z-]+)`\]\([^)]*\)<br\/>(.*?)\s*\|/

export interface IndexEntry {
  readonly part: string
  readonly family: string
  readonly summary: string
}

/** The rules index: each rule's part, family and summary, by rule name. */
export const parseRulesIndex = (markdown: string): ReadonlyMap<string, IndexEntry> => {
  const entries = new Map<string, IndexEntry>()
  let part = ""
  let family = ""
  for (const line of markdown.split("\n")) {
    if (line.startsWith("## ")) part = line.slice(3).trim()
    else if (line.startsWith("### ")) family = line.slice(4).trim()
    const row = indexRow.exec(line)
    if (row?.[1] !== undefined && row[2] !== undefined) entries.set(row[1], { part, family, summary: plainText(row[2]) })
  }
  return entries
}

interface Heading {
  readonly _tag: "Heading"
  readonly level: number
  readonly text: string
}

interface Code {
  readonly _tag: "Code"
  readonly language: string
  /** On one line, runs of white space as one space. */
  readonly text: string
}

type Block = Heading | Code | string

/** The README as headings, code blocks and prose blocks; HTML comments and admonitions left out. */
const blocksOf = (markdown: string): ReadonlyArray<Block> => {
  const blocks: Array<Block> = []
  let paragraph: Array<string> = []
  let fence: { language: string; lines: Array<string> } | undefined
  const flush = () => {
    if (paragraph.length > 0) blocks.push(paragraph.join(" "))
    paragraph = []
  }
  for (const line of markdown.split("\n")) {
    if (line.startsWith("```")) {
      flush()
      if (fence === undefined) fence = { language: line.slice(3).trim(), lines: [] }
      else {
        blocks.push({ _tag: "Code", language: fence.language, text: fence.lines.join(" ").replace(/\s+/g, " ").trim() })
        fence = undefined
      }
      continue
    }
    if (fence !== undefined) {
      fence.lines.push(line)
      continue
    }
    const heading = /^(#{1,6})\s+(.*)$/.exec(line)
    if (heading?.[1] !== undefined && heading[2] !== undefined) {
      flush()
      blocks.push({ _tag: "Heading", level: heading[1].length, text: heading[2].trim() })
    } else if (line.trim() === "" || line.startsWith("<!--") || line.startsWith(">")) flush()
    // A list item is a block of its own, so that a list reads as one line per item.
    else if (/^\s*[-*] /.test(line)) {
      flush()
      paragraph.push(line.trim())
    } else paragraph.push(line.trim())
  }
  flush()
  return blocks
}

const isHeading = (block: Block): block is Heading => typeof block !== "string" && block._tag === "Heading"

/** `` `"always"` `` → `"always"`; `` `ignore: ["x"]` `` (older READMEs) → `ignore: ["x"]`. */
const codeOf = (text: string): string => /^`(.*)`$/.exec(text)?.[1] ?? text

// Sentences about Stylelint's own machinery, the same in every README, that say nothing of the rule.
const boilerplate = /message argument|\bfix\b.* option|can automatically fix/i

export interface ReadmeFacts {
  readonly description: string
  readonly primaryOptions: ReadonlyArray<string>
  readonly secondaryOptions: ReadonlyArray<StylelintSecondaryOption>
  readonly cssOnly: boolean
}

/** What a rule's README says of it. */
export const parseRuleReadme = (markdown: string): ReadmeFacts => {
  const blocks = blocksOf(markdown)
  const firstSection = blocks.findIndex((block) => isHeading(block) && block.level === 2)
  const intro = (firstSection < 0 ? blocks : blocks.slice(0, firstSection)).filter((block): block is string =>
    typeof block === "string" && !boilerplate.test(block)
  )
  const primaryOptions: Array<string> = []
  const secondaryOptions: Array<{ name: string; values: Array<string>; example: string }> = []
  let section = ""
  for (const block of blocks) {
    const option = secondaryOptions[secondaryOptions.length - 1]
    if (typeof block === "string") continue
    if (block._tag === "Code") {
      // The first JSON block under an option's own heading shows its shape.
      const shows = section === "Optional secondary options" && option !== undefined && option.example === "" && block.language === "json"
      if (shows) option.example = block.text
      continue
    }
    if (block.level === 2) section = block.text
    else if (section === "Options" && block.level === 3) primaryOptions.push(codeOf(block.text))
    else if (section === "Optional secondary options" && block.level === 3) {
      secondaryOptions.push({ name: codeOf(block.text).split(":")[0]?.trim() ?? "", values: [], example: "" })
    } else if (section === "Optional secondary options" && block.level === 4) {
      const value = /^"(.*)"$/.exec(codeOf(block.text))?.[1]
      if (value !== undefined) option?.values.push(value)
    }
  }
  return {
    // A list stays under the sentence that opens it, one item a line.
    description: intro.map(plainText).join("\n\n").replaceAll("\n\n- ", "\n- "),
    primaryOptions,
    secondaryOptions: secondaryOptions.map((option) => new StylelintSecondaryOption(option)),
    cssOnly: /only appropriate for CSS/.test(markdown)
  }
}

/** A rule the index lists whose README the snapshot lacks, or the reverse. */
export class StylelintDocsGap extends Schema.TaggedError<StylelintDocsGap>()("StylelintDocsGap", {
  rules: Schema.Array(Schema.String)
}) {}

/** The docs of every rule of the index, from the index and each README. */
export const ruleDocsOf = (index: string, readme: (rule: string) => string | undefined): ReadonlyArray<StylelintRuleDoc> => {
  const entries = parseRulesIndex(index)
  const missing = [...entries.keys()].filter((rule) => readme(rule) === undefined)
  if (missing.length > 0) throw new StylelintDocsGap({ rules: missing })
  return [...entries].sort(([a], [b]) => (a < b ? -1 : 1)).map(([rule, entry]) =>
    new StylelintRuleDoc({ rule, ...entry, ...parseRuleReadme(readme(rule) ?? "") })
  )
}

const git = (gitDir: string, args: ReadonlyArray<string>, input?: string): string =>
  execFileSync("git", ["--git-dir", gitDir, ...args], { input, encoding: "utf8", maxBuffer: 1 << 28 })

/** The rules' docs of a git repository (bare or not) of `stylelint/stylelint` at `rev`. */
export const snapshotDocs = (gitDir: string, rev: string): StylelintDocs => {
  const commit = git(gitDir, ["rev-parse", `${rev}^{commit}`]).trim()
  const readmes = new Map(
    git(gitDir, ["ls-tree", "-r", "--name-only", commit, "lib/rules"])
      .split("\n")
      .flatMap((path) => {
        const rule = /^lib\/rules\/([a-z-]+)\/README\.md$/.exec(path)?.[1]
        return rule === undefined ? [] : [[rule, path] as const]
      })
  )
  const read = (path: string) => git(gitDir, ["show", `${commit}:${path}`])
  return new StylelintDocs({
    repository: "stylelint/stylelint",
    commit,
    rules: ruleDocsOf(read("docs/user-guide/rules.md"), (rule) => {
      const path = readmes.get(rule)
      return path === undefined ? undefined : read(path)
    })
  })
}
