import type { ToolDefinitions } from "@tidemark/core"
import type { EnabledRule } from "../../src/EnabledRule.js"
import type { IssueSeverity } from "../../src/LintResult.js"
import { catalogueHead } from "../CatalogueHeads.js"

export { checkoutOf } from "../external/Checkout.js"

/** The catalogue's Cppcheck tool, without its patterns (they do not matter to a run). */
export const cppcheckDefinition: ToolDefinitions.ToolDefinition = catalogueHead("Cppcheck")

export const cppcheckRule = (id: string, severity: IssueSeverity): EnabledRule => ({
  patternId: `Cppcheck_${id}`,
  ruleId: id,
  severity,
  parameters: []
})

/** The default patterns the tests meet, at the catalogue's severities. */
export const defaultRules: ReadonlyArray<EnabledRule> = [
  cppcheckRule("nullPointer", "Error"),
  cppcheckRule("uninitvar", "Error"),
  cppcheckRule("memleak", "Error"),
  cppcheckRule("arrayIndexOutOfBounds", "Error"),
  cppcheckRule("zerodiv", "Error"),
  cppcheckRule("uninitMemberVar", "Warning"),
  cppcheckRule("passedByValue", "Warning")
]

/**
 * A small C and C++ project with a known issue of each default family, each on a line of its own:
 * in C a null pointer (line 6), an uninitialised variable (11), a memory leak (17) and an array
 * read out of bounds (21), and a division by zero in the header it includes (store.h:6); in C++ a
 * string passed by value (names.cpp:4) and a member its header leaves uninitialised (holder.hpp:5).
 */
export const project: Readonly<Record<string, string>> = {
  "src/store.c": [
    "#include <stdlib.h>",
    "#include \"store.h\"",
    "",
    "int first_item(void) {",
    "    int *items = NULL;",
    "    return *items;",
    "}",
    "",
    "int total(int n) {",
    "    int sum;",
    "    return sum + n;",
    "}",
    "",
    "void remember(void) {",
    "    char *buffer = malloc(8);",
    "    buffer[0] = 'a';",
    "}",
    "",
    "int last(void) {",
    "    int values[3] = {1, 2, 3};",
    "    return values[3];",
    "}",
    ""
  ].join("\n"),
  "src/store.h": [
    "#ifndef STORE_H",
    "#define STORE_H",
    "",
    "static inline int half(int x) {",
    "    int d = 0;",
    "    return x / d;",
    "}",
    "",
    "#endif",
    ""
  ].join("\n"),
  "include/holder.hpp": [
    "#include <string>",
    "",
    "class Holder {",
    "public:",
    "    Holder() {}",
    "    int count;",
    "};",
    ""
  ].join("\n"),
  "src/names.cpp": [
    "#include <string>",
    "#include \"../include/holder.hpp\"",
    "",
    "std::size_t length(std::string name) {",
    "    return name.size();",
    "}",
    ""
  ].join("\n")
}

/** A source Cppcheck cannot parse. */
export const broken = "int broken( {\n    return 1;\n"
