/** Languages by file extension (lower case, without the dot), named as the original service names them. */
const byExtension: Record<string, string> = {
  js: "JavaScript", mjs: "JavaScript", cjs: "JavaScript", jsx: "JavaScript",
  ts: "TypeScript", mts: "TypeScript", cts: "TypeScript", tsx: "TypeScript",
  py: "Python", java: "Java", go: "Go", rb: "Ruby", php: "PHP", cs: "CSharp", kt: "Kotlin",
  kts: "Kotlin", scala: "Scala", swift: "Swift", rs: "Rust", c: "C", h: "C", cc: "CPP",
  cpp: "CPP", cxx: "CPP", hpp: "CPP", m: "Objective C", dart: "Dart", ex: "Elixir", exs: "Elixir",
  erl: "Erlang", hs: "Haskell", clj: "Clojure", lua: "Lua", pl: "Perl", r: "R", sh: "Shell",
  bash: "Shell", sql: "SQL", css: "CSS", scss: "SCSS", less: "LESS", html: "HTML", vue: "Vue",
  md: "Markdown", json: "JSON", yml: "YAML", yaml: "YAML", tf: "Terraform", dockerfile: "Dockerfile",
  ps1: "PowerShell", groovy: "Groovy", ml: "OCaml", fs: "FSharp", vb: "VisualBasic", sol: "Solidity"
}

/** The extensions (with their dot) that name a file of `language` (any case), in the table's order. */
export const extensionsOf = (language: string): ReadonlyArray<string> =>
  Object.entries(byExtension).flatMap(([extension, name]) => (name.toLowerCase() === language.toLowerCase() ? [`.${extension}`] : []))

export const languageOfPath = (path: string): string | undefined => {
  const file = path.slice(path.lastIndexOf("/") + 1).toLowerCase()
  if (file === "dockerfile") return "Dockerfile"
  const dot = file.lastIndexOf(".")
  return dot <= 0 ? undefined : byExtension[file.slice(dot + 1)]
}

/** Languages present in a file list, most files first (ties by name). */
export const languagesOf = (paths: ReadonlyArray<string>): ReadonlyArray<string> => {
  const counts = new Map<string, number>()
  for (const path of paths) {
    const language = languageOfPath(path)
    if (language !== undefined) counts.set(language, (counts.get(language) ?? 0) + 1)
  }
  return [...counts.entries()]
    .sort(([a, x], [b, y]) => y - x || (a < b ? -1 : 1))
    .map(([language]) => language)
}
