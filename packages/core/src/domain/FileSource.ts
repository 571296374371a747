import { Schema } from "effect"

/** One line of a file at a commit, with who last changed it (as `git blame` tells). */
export class FileLine extends Schema.Class<FileLine>("FileLine")({
  /** 1-based, as issues and clones number lines. */
  number: Schema.Int,
  /** The line without its line break (`\n` or `\r\n`). */
  text: Schema.String,
  /** The author email of the commit that last changed the line; none when that commit has none. */
  authorEmail: Schema.optional(Schema.String)
}) {}

/** A file as of a commit, line by line: what getFileSource (our extension) answers. */
export class FileSource extends Schema.Class<FileSource>("FileSource")({
  commitSha: Schema.String,
  path: Schema.String,
  lines: Schema.Array(FileLine)
}) {}

/** One file of a commit that could not be read (not in the commit, or git failed on it). */
export class FileLinesError extends Schema.TaggedError<FileLinesError>()("FileLinesError", {
  url: Schema.String,
  commitSha: Schema.String,
  path: Schema.String,
  reason: Schema.String
}) {
  override get message() {
    return `cannot read ${this.path} at ${this.commitSha} of ${this.url}: ${this.reason}`
  }
}
