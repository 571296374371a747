import { Schema } from "effect"

/**
 * Whether this server can run one catalogue tool. A tool that runs in process (ESLint, Ruff,
 * Stylelint) is always installed; an external analyser (ShellCheck) is when its program is found
 * on the search path with a version. A tool the server cannot run says why and what to install:
 * its languages are "not analysed" in a repository that enables it, never counted clean.
 */
export class ToolInstallation extends Schema.Class<ToolInstallation>("ToolInstallation")({
  toolUuid: Schema.String,
  name: Schema.String,
  installed: Schema.Boolean,
  /** The version that runs: the program's own for an external analyser, the library's otherwise. */
  version: Schema.optional(Schema.String),
  /** Why it cannot run (absent when installed). */
  reason: Schema.optional(Schema.String),
  /** What makes it run: `apt-get install shellcheck` (absent when installed). */
  install: Schema.optional(Schema.String)
}) {}
