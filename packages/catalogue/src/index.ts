export { catalogue, catalogueSource, ToolSource } from "./Catalogue.js"
