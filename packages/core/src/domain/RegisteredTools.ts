import { Schema } from "effect"
import { Category, PatternDefinition, SeverityLevel } from "./Pattern.js"
import { CataloguePattern, ToolDefinition } from "./ToolDefinitions.js"

/**
 * A tool the installation's admin registered: a program that writes a SARIF 2.1.0 log, run over
 * each checkout of the repositories that enable it (golangci-lint, Semgrep, Trivy, ...). Its
 * patterns are not known in advance: they are the rules its logs name, as they appear.
 */
export class RegisteredTool extends Schema.Class<RegisteredTool>("RegisteredTool")({
  /** Derived from the name by whoever reads the registration: stable across restarts. */
  uuid: Schema.String,
  /** The tool's name in the catalogue, and its patterns' prefix (`name_`). */
  name: Schema.String.pipe(Schema.pattern(/^[A-Za-z][A-Za-z0-9.-]{0,63}$/)),
  /** The languages it analyses (Tidemark's names: `Go`, `Python`): it is given their files, and it is on by default where they are. */
  languages: Schema.NonEmptyArray(Schema.String),
  /**
   * The program and its arguments, run in the checkout: `{files}` as an argument stands for the
   * files of its languages (relative to the checkout), `{output}` for the file it writes its log to;
   * without `{output}` the log is read from its standard output.
   */
  command: Schema.NonEmptyArray(Schema.String),
  timeoutSeconds: Schema.Int.pipe(Schema.between(1, 86_400)),
  memoryMegabytes: Schema.Int.pipe(Schema.between(64, 65_536)),
  /** Variables its process gets (its environment is otherwise empty, as every analyser's is). */
  environment: Schema.Record({ key: Schema.String, value: Schema.String })
}) {}

/** A rule a registered tool's log named: becomes one of its patterns. */
export class DiscoveredRule extends Schema.Class<DiscoveredRule>("DiscoveredRule")({
  /** The tool's own rule id (`errcheck`), without the prefix. */
  id: Schema.String,
  title: Schema.optional(Schema.String),
  description: Schema.optional(Schema.String),
  level: SeverityLevel,
  category: Category
}) {}

/** The rules a registered tool's run named, by the tool. */
export const DiscoveredRules = Schema.Struct({
  toolUuid: Schema.String,
  rules: Schema.Array(DiscoveredRule)
})
export interface DiscoveredRules extends Schema.Schema.Type<typeof DiscoveredRules> {}

export const patternPrefixOf = (tool: RegisteredTool): string => `${tool.name}_`

/**
 * The catalogue's tool for a registration and the rules seen so far: every rule enabled (the
 * admin chose the command, and with it what runs), of the tool's languages; a registered tool
 * runs on the server and is on by default where its languages are.
 */
export const registeredToolDefinition = (tool: RegisteredTool, rules: ReadonlyArray<DiscoveredRule>): ToolDefinition =>
  new ToolDefinition({
    uuid: tool.uuid,
    name: tool.name,
    patternPrefix: patternPrefixOf(tool),
    family: `registered:${tool.name}`,
    isClientSide: false,
    languages: tool.languages,
    enabledByDefault: true,
    configurationFiles: [],
    readableConfigurationFiles: [],
    patterns: rules.map((rule) =>
      new CataloguePattern({
        definition: new PatternDefinition({
          id: `${patternPrefixOf(tool)}${rule.id}`,
          ...(rule.title === undefined ? {} : { title: rule.title }),
          ...(rule.description === undefined ? {} : { description: rule.description }),
          category: rule.category,
          level: rule.level,
          severityLevel: rule.level,
          enabled: true,
          languages: tool.languages,
          parameters: []
        }),
        recommended: true
      })
    )
  })
