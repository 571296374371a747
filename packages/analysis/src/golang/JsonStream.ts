/**
 * The JSON values of a stream the go command writes one after the other, without separator (`go
 * list -json`, `go vet -json`'s per-package objects between `# package` lines): each top-level
 * object's text, found by counting braces outside strings. Text outside an object (a `#` line) is
 * skipped.
 */
export const jsonObjectsOf = (text: string): ReadonlyArray<string> => {
  const objects: Array<string> = []
  let depth = 0
  let start = -1
  let inString = false
  for (let index = 0; index < text.length; index++) {
    const char = text[index]
    if (inString) {
      if (char === "\\") index++
      else if (char === "\"") inString = false
    } else if (char === "\"" && depth > 0) inString = true
    else if (char === "{") {
      if (depth === 0) start = index
      depth++
    } else if (char === "}" && depth > 0) {
      depth--
      if (depth === 0) objects.push(text.slice(start, index + 1))
    }
  }
  return objects
}
