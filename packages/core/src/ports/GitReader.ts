import { Context, type Effect, Schema } from "effect"

export class GitCommit extends Schema.Class<GitCommit>("GitCommit")({
  sha: Schema.String,
  authorName: Schema.String,
  authorEmail: Schema.String,
  /** Committer date, ISO 8601 with offset as git prints it (`%cI`). */
  commitTimestamp: Schema.String,
  /** Full message (subject and body), trailing newline removed. */
  message: Schema.String,
  parents: Schema.Array(Schema.String)
}) {}

export class GitBranch extends Schema.Class<GitBranch>("GitBranch")({
  name: Schema.String,
  head: GitCommit
}) {}

/** What reading a repository yields: its branches with their head commits and the default branch's files. */
export class GitSnapshot extends Schema.Class<GitSnapshot>("GitSnapshot")({
  defaultBranch: Schema.String,
  branches: Schema.NonEmptyArray(GitBranch),
  /** Paths of every file in the default branch's head tree, `/`-separated, relative to the root. */
  files: Schema.Array(Schema.String)
}) {}

export class GitReadError extends Schema.TaggedError<GitReadError>()("GitReadError", {
  url: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `cannot read git repository ${this.url}: ${this.reason}`
  }
}

/** Reads a git repository (local path, file:// or remote URL) without analysing it. */
export class GitReader extends Context.Tag("@tidemark/core/GitReader")<
  GitReader,
  {
    readonly read: (url: string) => Effect.Effect<GitSnapshot, GitReadError>
    /**
     * Removes what the adapter keeps of `url` (its mirror, what it remembers of its files), as a
     * deleted repository must leave nothing behind; nothing kept is no failure. A later read starts afresh.
     */
    readonly forget: (url: string) => Effect.Effect<void, GitReadError>
  }
>() {}
