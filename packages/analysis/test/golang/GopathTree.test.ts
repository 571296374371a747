import { describe, expect, it } from "vitest"
import { gopathImportPathOf, unnamedImportPath } from "../../src/golang/GopathTree.js"

const go = (path: string, content: string) => ({ path, content })

describe("gopathImportPathOf", () => {
  it("reads an import comment, less the folder of the file that has it", () => {
    expect(gopathImportPathOf([go("errors.go", "// Package errors\npackage errors // import \"github.com/pkg/errors\"\n")])).toBe("github.com/pkg/errors")
    expect(gopathImportPathOf([go("a.go", "package a\n"), go("sub/b.go", "package b // import \"example.com/tree/sub\"\n")])).toBe("example.com/tree")
  })

  it("takes the root that makes the most of the tree's imports its own: its folders (raymond), or itself from a sub-folder (go-metrics)", () => {
    const raymond = [
      go("eval.go", "package raymond\n\nimport (\n\t\"fmt\"\n\t\"github.com/aymerick/raymond/ast\"\n\t\"github.com/aymerick/raymond/parser\"\n)\n"),
      go("ast/node.go", "package ast\n"),
      go("parser/parser.go", "package parser\n\nimport (\n\t\"github.com/aymerick/raymond/ast\"\n\t\"github.com/aymerick/raymond/lexer\"\n)\n"),
      go("lexer/lexer.go", "package lexer\n"),
      go("mustache_test.go", "package raymond\n\nimport \"gopkg.in/yaml.v2\"\n")
    ]
    expect(gopathImportPathOf(raymond)).toBe("github.com/aymerick/raymond")
    const goMetrics = [
      go("metrics.go", "package metrics\n"),
      go("librato/librato.go", "package librato\n\nimport (\n\t\"github.com/rcrowley/go-metrics\"\n\t\"github.com/stathat/go\"\n)\n"),
      go("exp/exp.go", "package exp\n\nimport \"github.com/rcrowley/go-metrics\"\n")
    ]
    expect(gopathImportPathOf(goMetrics)).toBe("github.com/rcrowley/go-metrics")
  })

  it("takes the root package's path from its external tests, and a path of no one's when nothing in the tree imports the tree", () => {
    const spew = [go("spew.go", "package spew\n"), go("spew_test.go", "package spew_test\n\nimport \"github.com/davecgh/go-spew\"\n")]
    expect(gopathImportPathOf(spew)).toBe("github.com/davecgh/go-spew")
    // go-spew itself: no Go file at the root, its package in spew/, whose external tests import it.
    const goSpew = [go("spew/dump.go", "package spew\n"), go("spew/dump_test.go", "package spew_test\n\nimport \"github.com/davecgh/go-spew/spew\"\n")]
    expect(gopathImportPathOf(goSpew)).toBe("github.com/davecgh/go-spew")
    // A package's own test in the package, importing a dependency: not the tree.
    expect(gopathImportPathOf([go("eval.go", "package govaluate\n"), go("eval_test.go", "package govaluate\n\nimport \"github.com/x/y\"\n")])).toBe(unnamedImportPath)
    expect(gopathImportPathOf([go("main.go", "package main\n\nimport \"fmt\"\n")])).toBe(unnamedImportPath)
  })

  it("never names a path that would lead the link out of GOPATH", () => {
    expect(gopathImportPathOf([go("a.go", "package a // import \"../../etc\"\n")])).toBe(unnamedImportPath)
    expect(gopathImportPathOf([go("sub/b.go", "package b\n"), go("a.go", "package a\n\nimport \"/abs/sub\"\n")])).toBe(unnamedImportPath)
  })
})
