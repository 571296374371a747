/** The languages the measures know, named as `cloc` names them so that results compare directly. */
export type Language =
  | "JavaScript"
  | "TypeScript"
  | "Python"
  | "Java"
  | "Go"
  | "JSON"
  | "YAML"
  | "Markdown"
  | "CSS"
  | "SCSS"
  | "LESS"
  | "HTML"
  | "Bourne Shell"
  | "C"
  | "C++"
  | "C/C++ Header"
  | "Ruby"
  | "PHP"

/** Languages with a tree-sitter grammar, hence with a cyclomatic complexity. */
export type ParsedLanguage = "JavaScript" | "TypeScript" | "Python" | "Java" | "Go"

// The extension table follows cloc's, so that a file lands in the same language for both (cloc
// 1.96 does not know .mts and .cts yet; they are TypeScript all the same).
const byExtension: ReadonlyMap<string, Language> = new Map<string, Language>([
  ["js", "JavaScript"],
  ["mjs", "JavaScript"],
  ["cjs", "JavaScript"],
  ["ts", "TypeScript"],
  ["mts", "TypeScript"],
  ["cts", "TypeScript"],
  ["tsx", "TypeScript"],
  ["py", "Python"],
  ["java", "Java"],
  ["go", "Go"],
  ["json", "JSON"],
  ["yaml", "YAML"],
  ["yml", "YAML"],
  ["md", "Markdown"],
  ["markdown", "Markdown"],
  ["css", "CSS"],
  ["scss", "SCSS"],
  ["less", "LESS"],
  ["html", "HTML"],
  ["htm", "HTML"],
  ["sh", "Bourne Shell"],
  // cloc's C, C++ and C/C++ Header (a header is either language's: it takes that of the file that includes it).
  ["c", "C"],
  ["cc", "C++"],
  ["cpp", "C++"],
  ["cxx", "C++"],
  ["c++", "C++"],
  ["ipp", "C++"],
  ["tpp", "C++"],
  ["inl", "C++"],
  ["h", "C/C++ Header"],
  ["hh", "C/C++ Header"],
  ["hpp", "C/C++ Header"],
  ["hxx", "C/C++ Header"],
  // cloc's Ruby extensions, less those of files named for a tool (`x.gemfile`, `x.podfile`).
  ["rb", "Ruby"],
  ["rake", "Ruby"],
  ["gemspec", "Ruby"],
  ["ru", "Ruby"],
  ["rbw", "Ruby"],
  ["rbx", "Ruby"],
  ["podspec", "Ruby"],
  ["thor", "Ruby"],
  ["jbuilder", "Ruby"],
  // cloc's PHP extensions, less `.aw` and `.phakefile` (rare, and named for other tools).
  ["php", "PHP"],
  ["php3", "PHP"],
  ["php4", "PHP"],
  ["php5", "PHP"],
  ["phtml", "PHP"],
  ["phpt", "PHP"],
  ["phps", "PHP"],
  ["ctp", "PHP"]
])

/**
 * Files known by their whole name: cloc's Rakefile, and the Gemfile (cloc 1.96 counts it only with
 * an extension, `x.gemfile`; it is Ruby all the same, and RuboCop checks it).
 */
const byFileName: ReadonlyMap<string, Language> = new Map<string, Language>([
  ["Rakefile", "Ruby"],
  ["Gemfile", "Ruby"]
])

const languages: ReadonlySet<string> = new Set<string>(byExtension.values())

// cloc reads the interpreter of an extensionless script from its first line.
const byInterpreter: ReadonlyArray<readonly [RegExp, Language]> = [
  [/^#!.*\b(?:ba|da|k)?sh\b/, "Bourne Shell"],
  [/^#!.*\bpython[0-9.]*\b/, "Python"],
  [/^#!.*\bnode\b/, "JavaScript"],
  [/^#!.*\bruby[0-9.]*\b/, "Ruby"],
  [/^#!.*\bphp[0-9.]*\b/, "PHP"]
]

/** The language of a file from its name, or for a script without extension from its `#!` line. */
export const languageOf = (path: string, content: string): Language | undefined => {
  const byName = languageOfPath(path)
  const name = path.slice(path.lastIndexOf("/") + 1)
  if (byName !== undefined || name.includes(".")) return byName
  const named = byFileName.get(name)
  if (named !== undefined || !content.startsWith("#!")) return named
  const firstLine = content.split("\n", 1)[0] ?? ""
  return byInterpreter.find(([pattern]) => pattern.test(firstLine))?.[1]
}

export const isLanguage = (name: string): name is Language => languages.has(name)

const parsed: ReadonlySet<Language> = new Set<Language>(["JavaScript", "TypeScript", "Python", "Java", "Go"])

/** The language of a file from its name, or undefined when no measure knows it. */
export const languageOfPath = (path: string): Language | undefined => {
  const name = path.slice(path.lastIndexOf("/") + 1)
  const dot = name.lastIndexOf(".")
  return dot <= 0 ? undefined : byExtension.get(name.slice(dot + 1).toLowerCase())
}

export const isParsedLanguage = (language: Language): language is ParsedLanguage => parsed.has(language)
