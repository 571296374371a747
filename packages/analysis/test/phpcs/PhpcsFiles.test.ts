import { describe, expect, it } from "vitest"
import { hasExtension, takesPhp } from "../../src/phpcs/PhpcsFiles.js"

describe("takesPhp", () => {
  it("takes PHP by its extension, less tests and shown source", () => {
    for (const path of ["a.php", "views/b.phtml", "old.php5", "app/View/x.ctp", "a.blade.php", "A.PHP"]) expect(takesPhp({ path, content: "" }), path).toBe(true)
    for (const path of ["t.phpt", "s.phps", "php", ".php", "a.inc", "bin/console"]) expect(takesPhp({ path, content: "" }), path).toBe(false)
  })

  it("matches a repository's extensions past a file's first dot as well as its last, as phpcs does", () => {
    const taken = hasExtension(["inc", "blade.php"])
    expect(["lib.inc", "x.blade.php", "y.tpl.inc"].map(taken)).toEqual([true, true, true])
    expect(["a.php", "inc", "b.incx"].map(taken)).toEqual([false, false, false])
  })
})
