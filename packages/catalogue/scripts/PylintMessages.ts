import { execFileSync } from "node:child_process"
import { readFileSync } from "node:fs"

/**
 * Pylint's own listing of its messages (`pylint --list-msgs`): for each, its symbol, its id (the
 * letter is its kind: C convention, R refactor, W warning, E error, F fatal, I information), the
 * message's template and its description, and whether the interpreter Pylint runs on can emit it.
 * The listing of the release Tidemark runs is committed beside this script (`pylint-msgs.txt`), so
 * the catalogue is generated the same on a machine without Pylint; `generate --pylint` reads it
 * again from the installed Pylint.
 */

export interface PylintMessage {
  /** `W0102`. */
  readonly id: string
  /** `dangerous-default-value`. */
  readonly symbol: string
  readonly template: string
  /** The description's lines joined. */
  readonly description: string
  readonly emittable: boolean
}

export const messageListPath = new URL("pylint-msgs.txt", import.meta.url)

export const committedMessageList = (): string => readFileSync(messageListPath, "utf8")

export const installedMessageList = (): string => execFileSync("pylint", ["--list-msgs"], { encoding: "utf8" })

const heading = /^(Emittable|Non-emittable) messages with current interpreter:$/
const entry = /^:([a-z0-9-]+) \(([CRWEFI]\d{4})\):(?: \*(.*)\*)?$/

/** The messages in listing order; a line of another form is a listing this reader does not know. */
export const readMessageList = (text: string): ReadonlyArray<PylintMessage> => {
  const messages: Array<PylintMessage> = []
  let emittable = true
  let current: { id: string; symbol: string; template: string; lines: Array<string>; emittable: boolean } | undefined
  const close = () => {
    if (current !== undefined) {
      messages.push({ id: current.id, symbol: current.symbol, template: current.template, description: current.lines.join(" "), emittable: current.emittable })
    }
    current = undefined
  }
  for (const line of text.split("\n")) {
    const head = heading.exec(line)
    const found = entry.exec(line)
    if (head !== null) {
      close()
      emittable = head[1] === "Emittable"
    } else if (found !== null) {
      close()
      current = { symbol: found[1] ?? "", id: found[2] ?? "", template: found[3] ?? "", lines: [], emittable }
    } else if (line.startsWith("  ") && current !== undefined) {
      current.lines.push(line.trim())
    } else if (line.trim() !== "") {
      throw new Error(`pylint --list-msgs: a line this reader does not know: ${line}`)
    }
  }
  close()
  return messages
}
