import { describe, expect, it } from "vitest"
import { kebabCase, parseRedirects, ruffRules, sectionSummary } from "../scripts/RuffRules.js"

/** Trimmed copies of the shapes Ruff's sources have: `registry.rs`, `codes.rs` and rule files. */
const registry = `
#[derive(EnumIter, Debug, PartialEq, Eq, Clone, Hash, RuleNamespace)]
pub enum Linter {
    /// [Pyflakes](https://pypi.org/project/pyflakes/)
    #[prefix = "F"]
    Pyflakes,
    /// [pycodestyle](https://pypi.org/project/pycodestyle/)
    #[prefix = "E"]
    #[prefix = "W"]
    Pycodestyle,
    /// Ruff-specific rules
    #[prefix = "RUF"]
    Ruff,
}
`

const codes = `
    Some(match (linter, code) {
        (Pycodestyle, "E711") => rules::pycodestyle::rules::NoneComparison,
        (Pyflakes, "401") => rules::pyflakes::rules::UnusedImport,
        (Pyflakes, "401") => rules::pyflakes::rules::UnusedImport,
        #[cfg(any(feature = "test-rules", test))]
        (Ruff, "900") => rules::ruff::rules::StableTestRule,
        _ => return None,
    })
`

const unusedImport = `
/// ## What it does
/// Checks for unused
/// imports.
///
/// ## Why is this bad?
/// They cost time.
#[derive(ViolationMetadata)]
#[violation_metadata(stable_since = "v0.0.18")]
pub(crate) struct UnusedImport {
    name: String,
}

impl Violation for UnusedImport {
    const FIX_AVAILABILITY: FixAvailability = FixAvailability::Sometimes;
}
`

const noneComparison = `
/// ## What it does
/// Checks for comparisons to \`None\` which are not using the \`is\` operator.
#[derive(ViolationMetadata)]
#[violation_metadata(
    preview_since = "0.1.0"
)]
pub(crate) struct NoneComparison(EqCmpOp);

impl AlwaysFixableViolation for NoneComparison {
    fn message(&self) -> String { todo!() }
}
`

describe("kebabCase", () => {
  it("splits as heck does for Ruff's rule names", () => {
    expect(kebabCase("UnusedImport")).toBe("unused-import")
    expect(kebabCase("IOError")).toBe("io-error")
    expect(kebabCase("PEP8Naming")).toBe("pep8-naming")
    expect(kebabCase("NonPEP585Annotation")).toBe("non-pep585-annotation")
    expect(kebabCase("SysVersionSlice3")).toBe("sys-version-slice3")
    expect(kebabCase("BlanketNOQA")).toBe("blanket-noqa")
  })
})

describe("ruffRules", () => {
  const rules = ruffRules({ codes, registry, ruleSources: [unusedImport, noneComparison] })

  it("joins each code to its linter, status, summary and fix", () => {
    expect(rules).toEqual([
      {
        code: "E711",
        name: "none-comparison",
        linter: { variant: "Pycodestyle", name: "pycodestyle", prefixes: ["E", "W"] },
        status: "Preview",
        whatItDoes: "Checks for comparisons to `None` which are not using the `is` operator.",
        fix: "Always",
        safeFix: true
      },
      {
        code: "F401",
        name: "unused-import",
        linter: { variant: "Pyflakes", name: "Pyflakes", prefixes: ["F"] },
        status: "Stable",
        whatItDoes: "Checks for unused imports.",
        fix: "Sometimes",
        safeFix: true
      }
    ])
  })

  it("takes a fix for safe only without a fix safety section and without an unsafe fix in the rule's file", () => {
    const safety = (source: string) => ruffRules({ codes, registry, ruleSources: [unusedImport, source] })[0]?.safeFix
    expect(safety(noneComparison)).toBe(true)
    expect(safety(noneComparison.replace("/// ## What it does", "/// ## Fix safety\n/// Unsafe when a comment is inside.\n///\n/// ## What it does")))
      .toBe(false)
    expect(safety(`${noneComparison}\nfn fix() -> Fix { Fix::unsafe_edit(edit) }\n`)).toBe(false)
    expect(safety(`${noneComparison}\nfn fix() -> Fix { Fix::applicable_edit(edit, applicability) }\n`)).toBe(false)
    expect(safety(`${noneComparison}\nfn fix() -> Fix { Fix::safe_edit(edit) }\n`)).toBe(true)
    expect(safety(noneComparison.replace("impl AlwaysFixableViolation", "impl Violation"))).toBe(false)
  })

  it("stops on a code whose rule it cannot find, rather than leave it out silently", () => {
    expect(() => ruffRules({ codes, registry, ruleSources: [unusedImport] })).toThrow(
      expect.objectContaining({ _tag: "RuffSourceError", reason: "UndocumentedRule", name: "NoneComparison" })
    )
  })

  it("stops on one code mapped to two rules", () => {
    const conflicting = `${codes}\n        (Pyflakes, "401") => rules::pyflakes::rules::Other,\n`
    expect(() => ruffRules({ codes: conflicting, registry, ruleSources: [unusedImport, noneComparison] })).toThrow(
      expect.objectContaining({ reason: "DuplicateCode", name: "401" })
    )
  })
})

describe("sectionSummary and parseRedirects", () => {
  it("read the first paragraph of a section and the redirect pairs", () => {
    expect(sectionSummary("## What it does\nA\nB.\n\nC.", "What it does")).toBe("A B.")
    expect(sectionSummary("## Example\nx", "What it does")).toBeUndefined()
    expect([...parseRedirects('HashMap::from_iter([\n ("T001", "FIX001"),\n ("C9", "C90"),\n])')]).toEqual([
      ["T001", "FIX001"],
      ["C9", "C90"]
    ])
  })
})
