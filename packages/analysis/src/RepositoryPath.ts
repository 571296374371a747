/**
 * Paths as reports write them (absolute paths of the CI machine, `./` prefixes, Windows
 * separators, `file://` URIs) turned into paths relative to the repository root, so that they
 * match the paths the analysis reads from git.
 */

const posix = (path: string): string => path.replace(/\\/g, "/")

/** Drops `.` segments and resolves `..` ones; a leading `/` (or `C:/`) is kept. */
const normalise = (path: string): string => {
  const drive = /^[A-Za-z]:\//.exec(path)?.[0] ?? (path.startsWith("/") ? "/" : "")
  const segments: Array<string> = []
  for (const segment of path.slice(drive.length).split("/")) {
    if (segment === "" || segment === ".") continue
    if (segment === ".." && segments.length > 0 && segments[segments.length - 1] !== "..") segments.pop()
    else segments.push(segment)
  }
  return drive + segments.join("/")
}

const isAbsolute = (path: string): boolean => path.startsWith("/") || /^[A-Za-z]:\//.test(path)

// A `file:` URI carries its path percent-encoded (SARIF writes them so).
const fromFileUri = (uri: string): string => {
  const match = /^file:\/\/[^/]*(\/.*)$/i.exec(uri) ?? /^file:(.*)$/i.exec(uri)
  const path = match?.[1] ?? uri
  const decoded = safeDecode(path)
  // `file:///C:/x` has its drive after the slash.
  return /^\/[A-Za-z]:\//.test(decoded) ? decoded.slice(1) : decoded
}

const safeDecode = (text: string): string => {
  try {
    return decodeURIComponent(text)
  } catch {
    // A stray `%` is a literal character of the file name, not an encoding.
    return text
  }
}

/**
 * `path` relative to `root` (both may be absolute or relative, with either separator). A path
 * outside the root is returned normalised but otherwise as given: the caller decides whether a
 * file that is not in the repository counts.
 */
export const relativeToRoot = (path: string, root: string): string => {
  const file = normalise(posix(path.toLowerCase().startsWith("file:") ? fromFileUri(path) : path))
  const base = normalise(posix(root))
  if (!isAbsolute(file)) return file
  if (base === "") return file
  if (base === "/") return file.slice(1)
  return file.startsWith(`${base}/`) ? file.slice(base.length + 1) : file
}

/** Joins a base directory (e.g. a Cobertura `<source>`) and a path relative to it. */
export const joinPath = (base: string, path: string): string =>
  isAbsolute(posix(path)) ? posix(path) : normalise(`${posix(base)}/${posix(path)}`)

/** Whether a path from `relativeToRoot` lies inside the repository (relative, not climbing out). */
export const isInsideRoot = (path: string): boolean => !isAbsolute(path) && path !== ".." && !path.startsWith("../")

/** A URI reference (SARIF's `artifactLocation.uri`): percent-encoded, relative or `file:`. */
export const uriRelativeToRoot = (uri: string, root: string): string =>
  relativeToRoot(/^[a-z][a-z0-9+.-]*:/i.test(uri) ? uri : safeDecode(uri), root)
