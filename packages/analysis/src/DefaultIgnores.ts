/**
 * The paths every analysis leaves out unless the repository's configuration file includes them
 * again (`include_paths`): the original service's published list of regular expressions (its
 * "default ignored files", as revised in 2024: `docs/` is analysed again, designer-generated C# is
 * not). Each expression must match the whole path from the repository's root, as its file
 * collector matches them (Java's `String.matches`), so `.*dist/.*` also leaves out `predist/x.js`
 * and `.*d3\.js` leaves out `lib/vendored-d3.js`: the list is kept as published, quirks included,
 * so that a repository measures here as it does there.
 */
export const defaultIgnoredPathExpressions: ReadonlyArray<string> = [
  // Minified files: generated from sources the repository holds (or a library's).
  String.raw`.*[\.-]min\.css`,
  String.raw`.*[\.-]min\.js`,
  // Installed or copied-in dependencies.
  ".*node_modules/.*",
  ".*bower_components/.*",
  ".*vendor/.*",
  ".*third[_-]?[Pp]arty/.*",
  ".*external/.*",
  ".*libs/.*",
  // Examples, release artefacts and build output.
  ".*samples?/.*",
  ".*releases?/.*",
  ".*builds?/.*",
  ".*dist/.*",
  // Well-known libraries commonly copied into a project as single files.
  String.raw`.*d3\.js`,
  String.raw`.*angular(-resource|)?\.js`,
  String.raw`.*select2(-resource|)?\.js`,
  String.raw`.*-ace\.js`,
  String.raw`.*typeahead\.js`,
  String.raw`.*jquery-ui\.js`,
  String.raw`.*reveal\.js`,
  String.raw`.*three\.js`,
  String.raw`.*chart\.js`,
  String.raw`.*jquery\.js`,
  String.raw`.*underscore\.js`,
  String.raw`.*lodash\.js`,
  String.raw`.*bootstrap\.js`,
  String.raw`.*bootstrap\.css`,
  String.raw`.*font-awesome\.css`,
  // Code Visual Studio's designers generate.
  String.raw`.*\.[Dd]esigner\.cs`
]

// One alternation is one pass over the path instead of 28.
const defaultIgnored = new RegExp(`^(?:${defaultIgnoredPathExpressions.map((source) => `(?:${source})`).join("|")})$`)

/** True when a path (relative to the root, with `/`) is one of the defaults' ignored paths. */
export const isIgnoredByDefault = (path: string): boolean => defaultIgnored.test(path)
