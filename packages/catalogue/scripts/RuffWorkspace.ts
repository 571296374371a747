import { PositionEncoding, Workspace } from "@astral-sh/ruff-wasm-nodejs"
import { Schema } from "effect"

/**
 * What the installed Ruff (the WASM build Tidemark runs) says about rule codes. The build has no
 * rule listing, but it answers two questions reliably: whether a selection is accepted (removed
 * and unknown codes are refused, deprecated ones too once preview is on) and, through `RUF100`
 * (unused `noqa`), which of the codes named in a `# noqa:` comment are enabled — Ruff reports
 * each one as `unused` (enabled, nothing to suppress) or `non-enabled`.
 */

export type WasmRuleStatus = "Stable" | "Preview" | "Deprecated" | "Removed" | "Unknown"

export class RuffProbeError extends Schema.TaggedError<RuffProbeError>()("RuffProbeError", {
  reason: Schema.Literal("UnexpectedRefusal", "UnexpectedReport"),
  code: Schema.String,
  message: Schema.String
}) {}

export const installedRuffVersion = (): string => Workspace.version()

const Diagnostics = Schema.Array(Schema.Struct({ code: Schema.NullOr(Schema.String), message: Schema.String }))
export type Diagnostics = typeof Diagnostics.Type

/** Lints `source` with a Workspace built from Ruff's configuration `options`; the Workspace is freed. */
export const check = (options: object, source: string): Diagnostics => {
  const workspace = new Workspace(options, PositionEncoding.Utf16)
  try {
    return Schema.decodeUnknownSync(Diagnostics)(workspace.check(source))
  } finally {
    workspace.free()
  }
}

/** Whether Ruff builds a Workspace from `options`; the refusal message otherwise. */
export const refusal = (options: object): string | undefined => {
  try {
    new Workspace(options, PositionEncoding.Utf16).free()
    return undefined
  } catch (error) {
    return String(error)
  }
}

/** The codes in a `RUF100` message's `unused:` or `non-enabled:` list. */
const listed = (message: string, label: string): ReadonlyArray<string> => {
  const list = new RegExp(`${label}: ((?:\`[A-Z0-9]+\`(?:, )?)+)`).exec(message)?.[1] ?? ""
  return Array.from(list.matchAll(/`([A-Z0-9]+)`/g), (match) => match[1] ?? "")
}

/** `RUF102` reports the codes of a `noqa` comment that Ruff does not know, a run of them per report. */
const invalidCodes = (message: string): ReadonlyArray<string> =>
  /^Invalid rule codes? in `# noqa`: (.*)$/.exec(message)?.[1]?.split(", ") ?? []

/** The two rules the probe relies on; naming them in its own `noqa` would silence the probe. */
const probeRules = ["RUF100", "RUF102"] as const

/** Whether a probe rule is enabled, from whether it reports on a comment made for it. */
const probeRuleEnabled = (options: object, code: (typeof probeRules)[number]): boolean => {
  // RUF100 flags any `noqa` that suppresses nothing; RUF102 flags a code Ruff does not know.
  const comment = code === "RUF100" ? "# noqa: F401" : "# noqa: XYZ999"
  return check(options, `x = 1  ${comment}\n`).some((d) => d.code === code)
}

/**
 * The codes among `codes` that Ruff enables under `options` (to which `RUF100` and `RUF102` are
 * added). A code in neither the `non-enabled` list nor a `RUF102` report either is enabled with
 * nothing to suppress (`unused`) or suppressed a real diagnostic on the probe line: enabled both.
 */
export const enabledCodes = (options: { readonly lint?: object }, codes: ReadonlyArray<string>): ReadonlySet<string> => {
  const probe = { ...options, lint: { ...options.lint, "extend-select": [...probeRules] } }
  const probed = codes.filter((code) => !probeRules.some((rule) => rule === code))
  const diagnostics = check(probe, `x = 1  # noqa: ${probed.join(", ")}\n`)
  const notEnabled = new Set(
    diagnostics.flatMap((d) =>
      d.code === "RUF100" ? listed(d.message, "non-enabled") : d.code === "RUF102" ? invalidCodes(d.message) : []
    )
  )
  const enabledProbeRules = probeRules.filter((rule) => codes.includes(rule) && probeRuleEnabled(options, rule))
  return new Set([...probed.filter((code) => !notEnabled.has(code)), ...enabledProbeRules])
}

/** The status the installed Ruff gives a rule code, read from how it treats its selection. */
export const wasmRuleStatus = (code: string): WasmRuleStatus => {
  const refused = refusal({ lint: { select: [code] } })
  if (refused !== undefined) {
    if (refused.includes("was removed")) return "Removed"
    if (refused.includes("Unknown rule selector")) return "Unknown"
    throw new RuffProbeError({ reason: "UnexpectedRefusal", code, message: refused })
  }
  // Ruff only warns about a deprecated rule in stable mode; with preview on it refuses it.
  const refusedInPreview = refusal({ preview: true, lint: { select: [code] } })
  if (refusedInPreview !== undefined) {
    if (refusedInPreview.includes("deprecated")) return "Deprecated"
    throw new RuffProbeError({ reason: "UnexpectedRefusal", code, message: refusedInPreview })
  }
  // Without preview, a preview rule selected by its exact code is accepted but not enabled.
  return enabledCodes({ lint: { select: [code] } }, [code]).has(code) ? "Stable" : "Preview"
}

/**
 * The codes Ruff enables under `select = ["ALL"]` (stable rules, no preview) among every code
 * shaped like one of `codes`: same letters, same number of digits (`F401` → `F000`…`F999`).
 * This finds stable rules a source snapshot lacks, and old codes Ruff redirects to new ones.
 */
export const stableCodesShapedLike = (codes: ReadonlyArray<string>): ReadonlySet<string> => {
  const shapes = new Set(codes.map((code) => code.replace(/\d/g, "0")))
  const candidates = [...shapes].flatMap((shape) => {
    const digits = shape.length - shape.replace(/0+$/, "").length
    const stem = shape.slice(0, shape.length - digits)
    return Array.from({ length: 10 ** digits }, (_, n) => `${stem}${String(n).padStart(digits, "0")}`)
  })
  // Chunks keep each probe comment to a size Ruff reports in full.
  const chunk = 2000
  const enabled = new Set<string>()
  for (let start = 0; start < candidates.length; start += chunk) {
    for (const code of enabledCodes({ lint: { select: ["ALL"] } }, candidates.slice(start, start + chunk))) enabled.add(code)
  }
  return enabled
}
