import { describe, expect, it } from "vitest"
import { argumentOf, includesSource, isTranslationUnit, reportedPath, takesCpp } from "../../src/cppcheck/CppcheckFiles.js"

describe("CppcheckFiles", () => {
  it("takes sources and headers of C and C++ by extension, and gives Cppcheck the sources only", () => {
    expect(["a.c", "b.cc", "c.cpp", "d.cxx", "e.c++", "f.h", "g.hpp", "h.hh", "i.hxx", "j.ipp"].filter((path) => takesCpp({ path, content: "" }))).toHaveLength(10)
    expect(["a.cs", "b.m", "c.go", "Makefile", "d.hs"].filter((path) => takesCpp({ path, content: "" }))).toEqual([])
    expect(["src/a.c", "src/B.CPP", "c.cc", "d.cxx", "e.c++"].every(isTranslationUnit)).toBe(true)
    expect(["a.h", "b.hpp", "c.ipp", "d.inl", "e/.c"].some(isTranslationUnit)).toBe(false)
  })

  it("tells a source that includes another source, whose findings depend on every source", () => {
    expect(includesSource("#include \"table.c\"\n")).toBe(true)
    expect(includesSource("  #  include <gen/parser.cpp>\n")).toBe(true)
    expect(includesSource("#include \"table.h\"\n#include <stdio.h>\n")).toBe(false)
  })

  it("gives a path that looks like an option as ./path, and reads Cppcheck's paths back", () => {
    expect(argumentOf("-x.c")).toBe("./-x.c")
    expect(argumentOf("src/-x.c")).toBe("src/-x.c")
    expect(reportedPath("./-x.c")).toBe("-x.c")
    expect(reportedPath("src/a.c")).toBe("src/a.c")
  })
})
