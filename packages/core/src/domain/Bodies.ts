import { Schema } from "effect"
import { ParameterValue, Text } from "./Common.js"
import { CoverageFormat } from "./CommitCoverage.js"

export class PatternChange extends Schema.Class<PatternChange>("PatternChange")({
  id: Schema.String,
  enabled: Schema.Boolean,
  parameters: Schema.optional(Schema.Array(ParameterValue))
}) {}

export class ConfigureToolBody extends Schema.Class<ConfigureToolBody>("ConfigureToolBody")({
  enabled: Schema.optional(Schema.Boolean),
  useConfigurationFile: Schema.optional(Schema.Boolean),
  patterns: Schema.optional(Schema.Array(PatternChange))
}) {}

export class UpdatePatternsBody extends Schema.Class<UpdatePatternsBody>("UpdatePatternsBody")({
  enabled: Schema.Boolean
}) {}

export class SearchOrganizationRepositoriesWithAnalysis extends Schema.Class<SearchOrganizationRepositoriesWithAnalysis>(
  "SearchOrganizationRepositoriesWithAnalysis"
)({
  names: Schema.Array(Text)
}) {}

/* Bodies of the admin surface (our extensions). */

/** The original service's addRepository body, plus where to clone from and the visibility. */
export class AddRepositoryBody extends Schema.Class<AddRepositoryBody>("AddRepositoryBody")({
  provider: Schema.Literal("gh", "gl", "bb"),
  repositoryFullPath: Text.pipe(Schema.minLength(3)),
  gitUrl: Schema.optional(Text.pipe(Schema.minLength(1))),
  visibility: Schema.optional(Schema.Literal("Public", "Private", "LoginPublic"))
}) {}

export class CreateCredentialBody extends Schema.Class<CreateCredentialBody>("CreateCredentialBody")({
  permission: Schema.optional(Schema.Literal("admin", "write", "read"))
}) {}

export class StandardPatternInput extends Schema.Class<StandardPatternInput>("StandardPatternInput")({
  id: Schema.String,
  enabled: Schema.optionalWith(Schema.Boolean, { default: () => true }),
  parameters: Schema.optionalWith(Schema.Array(ParameterValue), { default: () => [] })
}) {}

export class StandardToolInput extends Schema.Class<StandardToolInput>("StandardToolInput")({
  uuid: Schema.String,
  enabled: Schema.optionalWith(Schema.Boolean, { default: () => true }),
  patterns: Schema.optionalWith(Schema.Array(StandardPatternInput), { default: () => [] })
}) {}

/** A standard from an explicit list of tools and patterns, or from a repository's current configuration. */
export class CreateStandardBody extends Schema.Class<CreateStandardBody>("CreateStandardBody")({
  name: Text.pipe(Schema.minLength(1), Schema.maxLength(200)),
  tools: Schema.optional(Schema.Array(StandardToolInput)),
  fromRepository: Schema.optional(Text.pipe(Schema.minLength(1)))
}) {}

/** Our extension: a coverage report of one commit (the report's text travels inside the JSON body). */
export class CoverageUploadBody extends Schema.Class<CoverageUploadBody>("CoverageUploadBody")({
  /** The full id of the commit the tests ran on. */
  commitSha: Schema.String,
  format: CoverageFormat,
  /** The report as the coverage tool wrote it: an LCOV tracefile, or Cobertura XML. */
  report: Schema.String,
  /** The checkout's root on the machine that made the report: absolute paths are made relative to it. */
  root: Schema.optional(Schema.String)
}) {}

const Percentage = Schema.Int.pipe(Schema.between(0, 100, { message: () => "expected an integer from 0 to 100" }))
const Threshold = Schema.Int.pipe(Schema.between(0, 10_000, { message: () => "expected an integer from 0 to 10000" }))

/** Our extension: a repository's goals to change; fields left out keep their value. */
export class UpdateGoalsBody extends Schema.Class<UpdateGoalsBody>("UpdateGoalsBody")({
  maxIssuePercentage: Schema.optional(Percentage),
  maxDuplicatedFilesPercentage: Schema.optional(Percentage),
  minCoveragePercentage: Schema.optional(Percentage),
  maxComplexFilesPercentage: Schema.optional(Percentage),
  fileDuplicationBlockThreshold: Schema.optional(Threshold),
  fileComplexityValueThreshold: Schema.optional(Threshold)
}) {}

/** Our extension: a SARIF 2.1.0 log of client-side tools run on one commit (the log's text). */
export class SarifUploadBody extends Schema.Class<SarifUploadBody>("SarifUploadBody")({
  commitSha: Schema.String,
  sarif: Schema.String
}) {}

/** What an imported log counted, per tool. */
export class ImportedToolIssues extends Schema.Class<ImportedToolIssues>("ImportedToolIssues")({
  tool: Schema.String,
  issuesCount: Schema.Int
}) {}
