/** Where a tool's patterns were read from: the packages and their versions. */
export interface ToolSource {
  readonly tool: string
  readonly packages: Readonly<Record<string, string>>
}

/** A data file as the generator writes it: two-space JSON ending with a newline. */
export const json = (value: unknown): string => `${JSON.stringify(value, null, 2)}\n`

/** `src/data/source.json`, one entry per tool, in catalogue order. */
export const sourceFile = (sources: ReadonlyArray<ToolSource>): readonly [string, string] => [
  "src/data/source.json",
  json(sources)
]
