import { Context, type Effect, type Option, Schema } from "effect"
import type { GitCommit, GitReadError } from "./GitReader.js"

/** How a change touches a file. */
export const FileChangeKind = Schema.Literal("added", "modified", "deleted", "renamed")
export type FileChangeKind = typeof FileChangeKind.Type

/** One file a change touches, with the lines it adds (numbered in the head's version of the file). */
export class ChangedFile extends Schema.Class<ChangedFile>("ChangedFile")({
  /** The path in the head (the path in the base for a deleted file). */
  path: Schema.String,
  /** The path in the base, for a renamed file. */
  previousPath: Schema.optional(Schema.String),
  kind: FileChangeKind,
  /** Added or changed lines of the head's file, ascending (none for a deleted or binary file). */
  addedLines: Schema.Array(Schema.Int),
  /** How many lines of the base's file the change removes. */
  removedLineCount: Schema.Int
}) {}

/** Git's empty tree: the base a repository's first commit is compared with (every repository has it). */
export const emptyTree = "4b825dc642cb6eb9a060e54bf8d69288fbee4904"

/** What git says about the changes between two commits of a repository (local path, file:// or remote URL). */
export class GitChanges extends Context.Tag("@tidemark/core/GitChanges")<
  GitChanges,
  {
    /** The best common ancestor of two commits; none when their histories are unrelated. */
    readonly mergeBase: (gitUrl: string, a: string, b: string) => Effect.Effect<Option.Option<string>, GitReadError>
    /** The files changed from `base` (a commit, or `emptyTree`) to `head` (renames detected), by path. */
    readonly changedFiles: (gitUrl: string, base: string, head: string) => Effect.Effect<ReadonlyArray<ChangedFile>, GitReadError>
    /** The unified diff from `base` (a commit, or `emptyTree`) to `head`, as `git diff --find-renames` prints it (paths prefixed `a/` and `b/`). */
    readonly diff: (gitUrl: string, base: string, head: string) => Effect.Effect<string, GitReadError>
    /** The commits reachable from `head` and not from `base`, newest first (`git log base..head`). */
    readonly commitsBetween: (gitUrl: string, base: string, head: string) => Effect.Effect<ReadonlyArray<GitCommit>, GitReadError>
    /** One commit, when the repository has it. */
    readonly commit: (gitUrl: string, sha: string) => Effect.Effect<Option.Option<GitCommit>, GitReadError>
  }
>() {}
