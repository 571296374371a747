/**
 * Repositories described as histories, which each suite of the git ports makes real in its own way:
 * a repository written with git, or what a fake is served.
 */
import { Context, type Effect, type Scope } from "effect"

/** One commit of a history the contract describes, built in order. */
export interface HistoryCommit {
  /** How the contract names the commit; the repository's fixture tells its sha. */
  readonly label: string
  /** The branch the commit becomes the head of (created when new). */
  readonly branch: string
  /** Labels of the parents, first parent first: none for a root commit, two for a merge. */
  readonly parents: ReadonlyArray<string>
  /** Without a trailing newline, as the reader reports it. */
  readonly message: string
  /** As git prints a committer date (`%cI`): strict ISO 8601 in the committer's own offset, never `Z`. */
  readonly committedAt: string
  /** The commit's whole tree: every file's path (`/`-separated) and content. */
  readonly files: Readonly<Record<string, string>>
  /** `historyAuthor` unless given. */
  readonly author?: Author
}

/** A repository's history: its commits, and the branch its HEAD names. */
export interface GitHistory {
  readonly defaultBranch: string
  readonly commits: ReadonlyArray<HistoryCommit>
}

export interface Author {
  readonly name: string
  readonly email: string
}

/** The author of a history's commits unless one names another. */
export const historyAuthor: Author = { name: "Ada Lovelace", email: "ada@example.org" }

/** Another author, for what tells authors apart. */
export const secondAuthor: Author = { name: "Grace Hopper", email: "grace@example.org" }

export const authorOf = (commit: HistoryCommit): Author => commit.author ?? historyAuthor

/** A history made readable by an adapter's fixture. */
export interface MadeRepository {
  readonly url: string
  /** The sha the reader reports for the commit `label`. */
  readonly sha: (label: string) => string
  /** Adds commits to the repository, as a push would. */
  readonly append: (commits: ReadonlyArray<HistoryCommit>) => Effect.Effect<void>
}

/** How a suite makes repositories its reader reads: a real git repository, or what a fake is served. */
export class GitRepositories extends Context.Tag("@tidemark/port-contracts/GitRepositories")<
  GitRepositories,
  {
    /** A repository holding `history` (none of its commits when it has none), for the scope. */
    readonly make: (history: GitHistory) => Effect.Effect<MadeRepository, never, Scope.Scope>
    /** A URL where no repository is. */
    readonly missing: Effect.Effect<string, never, Scope.Scope>
  }
>() {}

export const historyCommit = (
  label: string,
  branch: string,
  parents: ReadonlyArray<string>,
  committedAt: string,
  message: string,
  files: Record<string, string>,
  author?: Author
): HistoryCommit => ({ label, branch, parents, committedAt, message, files, ...(author === undefined ? {} : { author }) })
