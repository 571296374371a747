import { readFileSync } from "node:fs"
import { join } from "node:path"
import { gzipSync } from "node:zlib"

export interface FirstLoad {
  /** The scripts `index.html` loads at once (entry and preloads), relative to the build's folder. */
  readonly scripts: ReadonlyArray<string>
  readonly rawBytes: number
  readonly gzippedBytes: number
}

/**
 * What a browser downloads of JavaScript on first load of a built dashboard: every module script
 * and module preload that `index.html` names (lazily imported chunks are not first load).
 */
export const measureFirstLoad = (distDir: string): FirstLoad => {
  const html = readFileSync(join(distDir, "index.html"), "utf8")
  const scripts = [
    ...html.matchAll(/<script[^>]*type="module"[^>]*src="([^"]+)"/g),
    ...html.matchAll(/<link[^>]*rel="modulepreload"[^>]*href="([^"]+)"/g)
  ].flatMap((match) => (match[1] === undefined ? [] : [match[1].replace(/^\.?\//, "")]))
  const bodies = scripts.map((script) => readFileSync(join(distDir, script)))
  return {
    scripts,
    rawBytes: bodies.reduce((sum, body) => sum + body.length, 0),
    gzippedBytes: bodies.reduce((sum, body) => sum + gzipSync(body, { level: 9 }).length, 0)
  }
}
