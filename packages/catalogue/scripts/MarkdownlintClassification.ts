import type { Pattern } from "@tidemark/core"

/**
 * How a markdownlint rule is placed in the catalogue and whether it is on by default. markdownlint
 * enables every rule by default; most of them keep a Markdown source in one style, which renders
 * the same either way. Tidemark's defaults keep the rules whose finding is a document that renders
 * other than its author meant (a link that goes nowhere, a heading or emphasis shown as plain
 * text, a table cell dropped), an image or link a screen reader cannot tell apart, and a reference
 * definition nothing uses; the rest is a team's taste, for its own configuration to choose.
 */

/** Rules whose finding is a rendering the author did not mean, or a link that leads nowhere. */
const errorProne: ReadonlyArray<string> = [
  // `(text)[url]`: shown as written, no link.
  "MD011",
  // `#Heading` and `#Heading#`: shown as a paragraph starting with `#`.
  "MD018",
  "MD020",
  // An indented heading: in a list or after a paragraph, not a heading at all.
  "MD023",
  // `* text *`: shown with its asterisks, not emphasised.
  "MD037",
  // `[text]()`, `[text](#)`: a link to nothing.
  "MD042",
  // A fragment no heading or anchor of the document has: the link lands at the top.
  "MD051",
  // `[text][label]` without a `[label]:` definition: shown as written, no link.
  "MD052",
  // A row with more cells than the header: the extra cells are not shown.
  "MD056",
  // A line right after a table becomes one of its rows.
  "MD058",
  // A blank line between quotes: one quote in some renderers, two in others.
  "MD028"
]

/** Rules about what a reader using assistive technology gets: the document's outline, alt text, link text. */
const accessibility: ReadonlyArray<string> = ["MD001", "MD045", "MD059", "MD024"]

/** A reference definition no link or image uses: dead text. */
const unused: ReadonlyArray<string> = ["MD053"]

/** A rule's category: the lists above, else CodeStyle (headings, lists, whitespace, line length, one style per document). */
export const markdownlintCategory = (id: string): Pattern.Category =>
  errorProne.includes(id)
    ? "ErrorProne"
    : accessibility.includes(id)
    ? "BestPractice"
    : unused.includes(id)
    ? "UnusedCode"
    : "CodeStyle"

/** A document that renders wrong is a Warning; the rest is Info: none of it stops a build or loses data. */
export const markdownlintSeverity = (category: Pattern.Category): Pattern.SeverityLevel =>
  category === "ErrorProne" ? "Warning" : "Info"

/** Every rule the classification names, for the test that each is one markdownlint has. */
export const classifiedRules: ReadonlyArray<string> = [...errorProne, ...accessibility, ...unused]

/**
 * The rules of markdownlint's defaults that are off by default here, each with why: following it
 * changes how working documentation looks or reads, or it is one style among equals (measured on
 * real repositories: docs/real-repositories.md). A repository can enable any of them, and its own
 * `.markdownlint.*` decides for itself.
 */
export const markdownlintOffByDefault: ReadonlyMap<string, string> = new Map([
  ["MD001", "a heading level is often chosen for its size (axios's API methods are h5 under h3), and generated changelogs put `###` under `#`"],
  ["MD003", "atx and setext headings render the same: one style is taste"],
  ["MD004", "`*`, `-` and `+` bullets render the same"],
  ["MD005", "items it reports were parsed at one level, so they render at one level: the source's indentation is taste"],
  ["MD007", "2 or 4 spaces of list indentation render the same"],
  ["MD009", "trailing spaces are invisible in the rendered document"],
  ["MD010", "tabs, mostly in code blocks (Go's gofmt writes them), render as indentation"],
  ["MD012", "consecutive blank lines render as one"],
  ["MD013", "line length: wrapping prose at 80 columns is taste, and long links and tables cannot be wrapped"],
  ["MD014", "`$ ` before shell commands is a common convention for telling commands from output"],
  ["MD019", "extra spaces after `#` render the same"],
  ["MD021", "extra spaces inside a closed heading's `#` render the same"],
  ["MD022", "a heading without blank lines around it renders as a heading"],
  ["MD025", "several top-level headings (a changelog's versions, a page per section) render as intended"],
  ["MD026", "punctuation ending a heading (`FAQ:`, `Why?`) is the author's wording"],
  ["MD027", "extra spaces after `>` render the same"],
  ["MD028", "a blank line between quotes is how two separate notes (GitHub's `> [!NOTE]` alerts) are written"],
  ["MD029", "list numbers are renumbered when rendered: `1. 1. 1.` and `1. 2. 3.` show the same"],
  ["MD030", "the number of spaces after a list marker renders the same"],
  ["MD031", "fenced code blocks without blank lines around them render as code blocks"],
  ["MD032", "lists without blank lines around them render as lists"],
  ["MD033", "inline HTML (a centred logo, `<details>`, badges) is what many READMEs are made of"],
  ["MD034", "bare URLs are links on GitHub and npm, whose Markdown autolinks them"],
  ["MD035", "horizontal rules of any style render the same"],
  ["MD036", "a bold line as a small heading (`**Example**`) is the author's choice of weight"],
  ["MD038", "spaces inside a code span are kept on purpose to show a space, or backticks, in code"],
  ["MD039", "spaces inside link text only shift the underline"],
  ["MD040", "a code block without a language (output, plain text) renders without highlighting, as meant"],
  ["MD041", "READMEs open with a logo, badges or front matter before their first heading"],
  ["MD043", "required headings need the list of headings a team chooses: it does nothing until configured"],
  ["MD044", "proper names need the list of names a team chooses: it does nothing until configured"],
  ["MD046", "indented and fenced code blocks render the same"],
  ["MD047", "a missing final newline is invisible in the rendered document"],
  ["MD048", "``` and ~~~ fences render the same"],
  ["MD049", "`*` and `_` emphasis render the same"],
  ["MD050", "`**` and `__` strong emphasis render the same"],
  ["MD054", "every link and image style is allowed until a team forbids some: it does nothing until configured"],
  ["MD055", "leading and trailing table pipes render the same"],
  ["MD058", "GitHub's tables start right after a paragraph; only a line right after a table is absorbed, and the rule cannot tell the two apart"],
  ["MD060", "aligned and compact table columns render the same"]
])

/**
 * Parameters whose default here is not the library's, each with why. `""` (no value) leaves the
 * option unset, so that markdownlint computes it: an option that defaults to another one's value
 * (MD013's heading length follows its line length) must not be fixed at that value's default.
 */
export const markdownlintParameterDefaults: ReadonlyMap<string, ReadonlyMap<string, string>> = new Map([
  ["MD007", new Map([["start_indent", ""]])],
  ["MD013", new Map([["heading_line_length", ""], ["code_block_line_length", ""]])],
  // A changelog repeats `### Fixed` under every version: only a duplicate among siblings, whose
  // anchors collide in one section, is a mistake.
  ["MD024", new Map([["siblings_only", "true"]])],
  ["MD033", new Map([["table_allowed_elements", ""]])],
  // An empty list of required headings is not "none required": it refuses every heading.
  ["MD043", new Map([["headings", ""]])]
])
