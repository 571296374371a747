import { readFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { execFileSync } from "node:child_process"
import { Either } from "effect"
import { isLockfile, readLockfile } from "../../../packages/analysis/src/inventory/Lockfiles.js"

/**
 * A repository's dependency inventory as the lockfile readers see it: each lockfile of a git
 * checkout with how many packages it pins (direct, transitive) and a few of them, to read against
 * the lockfile itself.
 *
 *   pnpm --filter @tidemark/bench-analysis inventory flask=/tmp/real/flask jquery=/tmp/real/jquery
 */
for (const arg of process.argv.slice(2)) {
  const [name, root] = arg.split("=")
  if (name === undefined || root === undefined) throw new Error(`expected name=path, got ${arg}`)
  const files = execFileSync("git", ["ls-files"], { cwd: root, encoding: "utf8" }).split("\n").filter(isLockfile)
  console.log(`\n## ${name}`)
  for (const file of files) {
    const sibling = (other: string) => {
      try {
        return readFileSync(join(root, dirname(file), other), "utf8")
      } catch {
        return undefined
      }
    }
    const read = readLockfile(file, readFileSync(join(root, file), "utf8"), sibling)
    if (read === undefined) continue
    if (Either.isLeft(read)) {
      console.log(`${file}: cannot be read: ${read.left}`)
      continue
    }
    const direct = read.right.filter((e) => e.direct)
    console.log(`${file}: ${read.right.length} packages, ${direct.length} direct; e.g. ${direct.slice(0, 4).map((e) => e.purl).join(", ")}`)
  }
}
