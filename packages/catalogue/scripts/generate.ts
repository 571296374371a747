/**
 * Regenerates `src/data/*.json` from the rule metadata of the linters installed in this package
 * (`pnpm --filter @tidemark/catalogue generate`). Run it after bumping eslint, eslint8 or
 * @typescript-eslint/eslint-plugin; the test suite fails while the data is out of date.
 */
import { mkdirSync, writeFileSync } from "node:fs"
import { dirname, join } from "node:path"
import { fileURLToPath } from "node:url"
import { catalogueData, renderFiles } from "./EslintCatalogue.js"
import { installedEslint8, installedEslint9 } from "./RuleMetadata.js"

const packageDir = join(dirname(fileURLToPath(import.meta.url)), "..")

const data = catalogueData({ eslint9: installedEslint9(), eslint8: installedEslint8() })
for (const [path, contents] of renderFiles(data)) {
  const target = join(packageDir, path)
  mkdirSync(dirname(target), { recursive: true })
  writeFileSync(target, contents)
}
console.log(
  `ESLint9: ${data.eslint9.patterns.length} patterns, ESLint (v8): ${data.eslint8.patterns.length} patterns`
)
