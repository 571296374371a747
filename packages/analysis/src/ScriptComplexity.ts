import ts from "typescript"
import type { FileComplexity } from "./FileComplexity.js"

interface OpenFunction {
  readonly name: string
  readonly line: number
  complexity: number
}

const { SyntaxKind } = ts

const alwaysDecisions: ReadonlySet<ts.SyntaxKind> = new Set([
  SyntaxKind.IfStatement,
  SyntaxKind.ConditionalExpression,
  SyntaxKind.ForStatement,
  SyntaxKind.ForInStatement,
  SyntaxKind.ForOfStatement,
  SyntaxKind.WhileStatement,
  SyntaxKind.DoStatement,
  SyntaxKind.CatchClause,
  SyntaxKind.CaseClause
])

// `&&`, `||`, `??` and their assignments: ESLint's LogicalExpression and logical AssignmentExpression.
const logicalOperators: ReadonlySet<ts.SyntaxKind> = new Set([
  SyntaxKind.AmpersandAmpersandToken,
  SyntaxKind.BarBarToken,
  SyntaxKind.QuestionQuestionToken,
  SyntaxKind.AmpersandAmpersandEqualsToken,
  SyntaxKind.BarBarEqualsToken,
  SyntaxKind.QuestionQuestionEqualsToken
])

/**
 * ESLint's `complexity` rule (classic variant), in TypeScript's syntax kinds: what ESTree calls an
 * AssignmentPattern is a parameter, binding element or shorthand property with a default here,
 * and each optional chain `?.` is a `questionDotToken` on an access or a call.
 */
const isDecision = (node: ts.Node): boolean => {
  if (alwaysDecisions.has(node.kind)) return true
  if (ts.isBinaryExpression(node)) return logicalOperators.has(node.operatorToken.kind)
  if (ts.isParameter(node) || ts.isBindingElement(node)) return node.initializer !== undefined
  if (ts.isShorthandPropertyAssignment(node)) return node.objectAssignmentInitializer !== undefined
  if (ts.isPropertyAccessExpression(node) || ts.isElementAccessExpression(node) || ts.isCallExpression(node)) {
    return node.questionDotToken !== undefined
  }
  return false
}

/** Functions with a body: overloads and abstract methods are no code path for ESLint either. */
const isFunctionWithBody = (node: ts.Node): node is ts.FunctionLikeDeclaration =>
  (ts.isFunctionDeclaration(node) || ts.isFunctionExpression(node) || ts.isArrowFunction(node) ||
    ts.isMethodDeclaration(node) || ts.isConstructorDeclaration(node) || ts.isGetAccessorDeclaration(node) ||
    ts.isSetAccessorDeclaration(node)) && node.body !== undefined

const scriptKindOf = (path: string): ts.ScriptKind =>
  path.endsWith(".tsx")
    ? ts.ScriptKind.TSX
    : path.endsWith(".jsx")
    ? ts.ScriptKind.JSX
    : /\.[cm]?js$/.test(path)
    ? ts.ScriptKind.JS
    : ts.ScriptKind.TS

/** Cyclomatic complexity of the functions of a JavaScript or TypeScript file, as ESLint counts it. */
export const scriptComplexity = (path: string, content: string): FileComplexity => {
  const source = ts.createSourceFile(path, content, ts.ScriptTarget.Latest, false, scriptKindOf(path))
  const found: Array<OpenFunction> = []

  const textOf = (name: ts.Node | undefined): string | undefined =>
    name !== undefined && (ts.isIdentifier(name) || ts.isPrivateIdentifier(name) || ts.isStringLiteral(name))
      ? name.text
      : undefined

  const open = (node: ts.Node, name: string): OpenFunction => {
    const fn = { name, line: source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1, complexity: 1 }
    found.push(fn)
    return fn
  }

  // A function's name (computed keys included) and decorators are evaluated in the enclosing code.
  const isHead = (owner: ts.Node & { readonly name?: ts.Node }, child: ts.Node) =>
    child === owner.name || child.kind === SyntaxKind.Decorator

  const visit = (node: ts.Node, parent: ts.Node, scope: OpenFunction | undefined): void => {
    if (isFunctionWithBody(node)) {
      const named = textOf(node.name) ?? textOf(ts.isVariableDeclaration(parent) || ts.isPropertyAssignment(parent) ? parent.name : undefined)
      const fn = open(node, named ?? "<anonymous>")
      ts.forEachChild(node, (child) => visit(child, node, isHead(node, child) ? scope : fn))
      return
    }
    if (ts.isClassStaticBlockDeclaration(node)) {
      const fn = open(node, "class static block")
      ts.forEachChild(node, (child) => visit(child, node, fn))
      return
    }
    if (ts.isPropertyDeclaration(node) && node.initializer !== undefined) {
      // ESLint counts a class field's initializer as a function of its own.
      const initializer = node.initializer
      const fn = open(initializer, textOf(node.name) ?? "class field initializer")
      ts.forEachChild(node, (child) => visit(child, node, child === initializer ? fn : scope))
      return
    }
    if (scope !== undefined && isDecision(node)) scope.complexity++
    ts.forEachChild(node, (child) => visit(child, node, scope))
  }

  ts.forEachChild(source, (child) => visit(child, source, undefined))
  return {
    functions: found.map(({ complexity, line, name }) => ({ name, line, complexity })),
    complexity: found.reduce((sum, fn) => sum + fn.complexity, 0)
  }
}
