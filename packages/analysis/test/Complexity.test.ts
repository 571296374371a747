import { Effect } from "effect"
import { beforeAll, describe, expect, it } from "vitest"
import type { Grammars } from "../src/index.js"
import { complexityOf, loadGrammars } from "../src/index.js"
import { eslintComplexities, newLinter } from "./EslintComplexity.js"

let grammars: Grammars
beforeAll(async () => {
  grammars = await Effect.runPromise(loadGrammars)
})

const summary = (result: { readonly functions: ReadonlyArray<{ readonly name: string; readonly line: number; readonly complexity: number }> }) =>
  result.functions.map(({ complexity, line, name }) => `${name}@${line}=${complexity}`)

describe("JavaScript (ESLint's complexity rule)", () => {
  const source = `
function plain() { return 1 }
function branches(a, b = 2) {
  if (a && b) return 1
  else if (a) return a?.x ?? 2
  return a ? 1 : 0
}
const loops = (xs) => {
  for (let i = 0; i < 1; i++) {}
  for (const { y = 1 } of xs) {}
  for (const k in xs) {}
  while (xs.length) xs.pop()
  do {} while (false)
  try { xs.f?.() } catch { xs.g ||= 1 }
  switch (xs.length) { case 0: break; case 1: break; default: }
  return xs.map((x) => x || 0)
}
class Shape {
  size = this.width || 1
  static { if (Shape.x) Shape.y = 1 }
  area() { return this.size }
}
const top = plain() || 2
`

  it("counts every decision ESLint counts, each function apart", () => {
    expect(summary(complexityOf(grammars, "JavaScript", "a.js", source))).toEqual([
      "plain@2=1",
      // default value, if, &&, else-if, ?., ??, ternary
      "branches@3=8",
      // for, for-of, destructuring default, for-in, while, do, ?.() , catch, ||=, two cases
      "loops@8=12",
      "<anonymous>@16=2",
      "size@19=2",
      "class static block@20=2",
      "area@21=1"
    ])
  })

  it("agrees with ESLint", () => {
    const ours = complexityOf(grammars, "JavaScript", "a.js", source).functions.map((fn) => fn.complexity)
    expect(eslintComplexities(newLinter(), "a.js", source)).toEqual(ours)
  })

  it("sums the functions for the file and ignores top-level code", () => {
    expect(complexityOf(grammars, "JavaScript", "a.js", source).complexity).toBe(1 + 8 + 12 + 2 + 2 + 2 + 1)
  })
})

describe("TypeScript", () => {
  it("counts parameter defaults and skips overloads, abstract methods and type-level conditionals", () => {
    const source = `
export function f(a: string): string
export function f(a: number): number
export function f(a: unknown, b = 1): unknown { return a ?? b }
type T<X> = X extends string ? 1 : 2
abstract class A {
  abstract m(): void
  constructor(private readonly x = 1) {}
  get v(): number { return this.x > 0 ? 1 : 0 }
}
`
    const result = complexityOf(grammars, "TypeScript", "a.ts", source)
    expect(summary(result)).toEqual(["f@4=3", "<anonymous>@8=2", "v@9=2"])
    expect(eslintComplexities(newLinter(), "a.ts", source)).toEqual(result.functions.map((fn) => fn.complexity))
  })

  it("parses JSX in .tsx files", () => {
    const source = `export const C = ({ on }: { on: boolean }) => <div>{on && <span />}</div>\n`
    expect(summary(complexityOf(grammars, "TypeScript", "c.tsx", source))).toEqual(["C@1=2"])
  })
})

describe("Python", () => {
  it("counts branches, loops, handlers, boolean operators and comprehension clauses", () => {
    const source = `
def plain():
    return 1

def branches(a, b):
    if a and b:
        return 1
    elif a or b:
        return 2
    return 3 if a else 4

class K:
    def loops(self, xs):
        for x in xs:
            while x > 0:
                x -= 1
        try:
            pass
        except ValueError:
            pass
        return [y for y in xs if y]

f = lambda x: x or 1
`
    const result = complexityOf(grammars, "Python", "a.py", source)
    expect(summary(result)).toEqual(["plain@2=1", "branches@5=6", "loops@13=6", "<anonymous>@23=2"])
    expect(result.complexity).toBe(15)
  })
})

describe("Java", () => {
  it("counts branches, loops, catches, case labels and logical operators; lambdas apart", () => {
    const source = `
class A {
  int plain() { return 1; }
  int branches(int a, boolean b) {
    if (a > 0 && b) { return 1; } else if (a < 0 || !b) { return 2; }
    for (int i = 0; i < a; i++) {}
    for (int x : new int[] {1}) {}
    while (a > 10) { a--; }
    do { a++; } while (a < 0);
    try { a = 1; } catch (RuntimeException e) { a = 2; }
    switch (a) { case 1: return 3; case 2: return 4; default: return b ? 5 : 6; }
  }
  A() { Runnable r = () -> { if (true) {} }; }
}
`
    expect(summary(complexityOf(grammars, "Java", "A.java", source))).toEqual([
      "plain@3=1",
      "branches@4=13",
      "A@13=1",
      "<anonymous>@13=2"
    ])
  })
})

describe("Go", () => {
  it("counts if, for, non-default cases and logical operators; function literals apart", () => {
    const source = `package main

func plain() int { return 1 }

func branches(a int, b bool) int {
	if a > 0 && b {
		return 1
	}
	for i := 0; i < a || b; i++ {
	}
	switch a {
	case 1:
		return 2
	case 2, 3:
		return 3
	default:
		return 4
	}
}

func (s *S) method() {
	f := func() {
		if true {
		}
	}
	f()
}
`
    expect(summary(complexityOf(grammars, "Go", "main.go", source))).toEqual([
      "plain@3=1",
      "branches@5=7",
      "method@21=1",
      "<anonymous>@22=2"
    ])
  })
})
