import { cacheKey } from "../CacheKey.js"

// Bump when this package changes how a file is checked in a way the configuration does not show
// (how a finding is kept, how a configuration is made safe), so that older entries are never read again.
const checkstyleLintVersion = "tidemark-checkstyle-1"

/** What Checkstyle reports on a file depends on its version, the configuration it runs with (as written for it), and the file's path and content. */
export const checkstyleLintKey = (version: string, configuration: string, path: string, content: string): string =>
  cacheKey([checkstyleLintVersion, `checkstyle ${version}`, configuration, path], content)
