import type { Node, TreeCursor } from "web-tree-sitter"
import type { FileComplexity, FunctionComplexity } from "./FileComplexity.js"
import type { ComplexityRules } from "./ComplexityRules.js"
import { complexityRules } from "./ComplexityRules.js"
import type { GrammarLanguage, Grammars } from "./Grammars.js"

interface OpenFunction {
  readonly name: string
  readonly line: number
  readonly depth: number
  complexity: number
}

const nameOf = (node: Node): string => node.childForFieldName("name")?.text ?? "<anonymous>"

/**
 * One pass over the syntax tree with a cursor, which reads node types without building node
 * objects across the wasm boundary. Functions nest: a decision adds to the innermost open
 * function only, so a callback's branches never count twice; code outside functions counts for none.
 */
const walk = (cursor: TreeCursor, rules: ComplexityRules): ReadonlyArray<OpenFunction> => {
  const found: Array<OpenFunction> = []
  const open: Array<OpenFunction> = []
  const ancestors: Array<string> = []
  let depth = 0

  const visit = () => {
    const type = cursor.nodeType
    // Keywords share their node's type (Python's `lambda` token inside a `lambda` node).
    const named = cursor.nodeIsNamed
    if (named && rules.functions.has(type)) {
      const fn: OpenFunction = { name: nameOf(cursor.currentNode), line: cursor.startPosition.row + 1, depth, complexity: 1 }
      found.push(fn)
      open.push(fn)
      return
    }
    const parent = ancestors[ancestors.length - 1] ?? ""
    const decision = (named && rules.decisions.has(type)) || (rules.decisionTokens.get(parent)?.has(type) ?? false)
    const innermost = open[open.length - 1]
    if (decision && innermost !== undefined) innermost.complexity++
  }

  const leave = () => {
    while (open.length > 0 && open[open.length - 1]?.depth === depth) open.pop()
  }

  visit()
  for (;;) {
    const type = cursor.nodeType
    if (cursor.gotoFirstChild()) {
      ancestors.push(type)
      depth++
      visit()
      continue
    }
    leave()
    while (!cursor.gotoNextSibling()) {
      if (!cursor.gotoParent()) return found
      ancestors.pop()
      depth--
      leave()
    }
    visit()
  }
}

export const treeSitterComplexity = (grammars: Grammars, language: GrammarLanguage, content: string): FileComplexity => {
  const tree = grammars.parserFor(language).parse(content)
  if (tree === null) return { functions: [], complexity: 0 }
  const cursor = tree.walk()
  try {
    const functions: ReadonlyArray<FunctionComplexity> = walk(cursor, complexityRules[language])
      .map(({ complexity, line, name }) => ({ name, line, complexity }))
    return { functions, complexity: functions.reduce((sum, fn) => sum + fn.complexity, 0) }
  } finally {
    // Trees and cursors live in wasm memory, which the garbage collector does not see.
    cursor.delete()
    tree.delete()
  }
}
