export { catalogue, catalogueSource, ToolSource } from "./Catalogue.js"
export * as RuleOptionSchema from "./RuleOptionSchema.js"
