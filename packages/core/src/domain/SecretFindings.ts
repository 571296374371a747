import { Schema } from "effect"
import { SecurityFinding } from "./SecurityItems.js"

/**
 * Secrets committed in a repository's files, as the analysis reports them: never the secret, only
 * the rule that recognised it, where it is, a masked preview and a fingerprint (a hash of rule,
 * file and secret) that identifies it while it stays in that file.
 */
export class DetectedSecret extends Schema.Class<DetectedSecret>("DetectedSecret")({
  ruleId: Schema.String,
  path: Schema.String,
  line: Schema.Int,
  message: Schema.String,
  preview: Schema.String,
  fingerprint: Schema.String
}) {}

/** The category secrets are filed under. */
export const secretCategory = "Secrets"

/**
 * One finding per secret: High, whatever the kind (a credential in the history is usable until it
 * is revoked), filed as CWE-798 (use of hard-coded credentials).
 */
export const secretFindings = (secrets: ReadonlyArray<DetectedSecret>): ReadonlyArray<SecurityFinding> =>
  secrets.map((secret) =>
    SecurityFinding.make({
      key: `Secrets:${secret.fingerprint}`,
      scanType: "Secrets",
      title: secret.message,
      securityCategory: secretCategory,
      priority: "High",
      itemSourceId: secret.ruleId,
      filePath: secret.path,
      line: secret.line,
      cwe: "CWE-798",
      additionalInfo: secret.preview
    })
  )
