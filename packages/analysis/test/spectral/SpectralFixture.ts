import { catalogue } from "@tidemark/catalogue"
import { toolHeads } from "@tidemark/catalogue/ToolHeads"
import type { ToolDefinitions } from "@tidemark/core"
import type { EnabledRule } from "../../src/EnabledRule.js"

/** The catalogue's Spectral tool, without its patterns (they do not matter to a run). */
export const spectralDefinition: ToolDefinitions.ToolDefinition = (() => {
  const found = toolHeads.find((tool) => tool.name === "Spectral")
  if (found === undefined) throw new Error("the catalogue has no Spectral tool")
  return found
})()

/** The patterns a repository that never configured Spectral gets: the enabled ones. */
export const defaultRules: ReadonlyArray<EnabledRule> = (catalogue.find((tool) => tool.name === "Spectral")?.patterns ?? [])
  .filter((pattern) => pattern.definition.enabled)
  .map(({ definition }) => ({ patternId: definition.id, ruleId: definition.id.slice("Spectral_".length), severity: definition.severityLevel, parameters: [] }))

/**
 * An OpenAPI 3 document with a finding of each default rule family, each on a line of its own:
 * a path parameter the operation does not define and an operationId used twice (errors a client
 * generator trips on), an example of the wrong type, a `$ref` with siblings, a duplicated enum
 * value, a `<script>` in a description (Security), a component nothing uses (UnusedCode), and a
 * path and a server URL ending with a slash (CodeStyle).
 */
export const openapiDocument = [
  "openapi: 3.0.3",
  "info:",
  "  title: Pets",
  "  version: \"1.0\"",
  "servers:",
  "  - url: https://api.example.org/v1/",
  "paths:",
  "  /pets/{petId}:",
  "    get:",
  "      operationId: getPet",
  "      description: Returns a pet. <script>alert(1)</script>",
  "      responses:",
  "        \"200\":",
  "          description: The pet.",
  "          content:",
  "            application/json:",
  "              schema:",
  "                $ref: \"#/components/schemas/Pet\"",
  "  /owners/:",
  "    get:",
  "      operationId: getPet",
  "      responses:",
  "        \"200\":",
  "          description: The owners.",
  "components:",
  "  schemas:",
  "    Pet:",
  "      type: object",
  "      properties:",
  "        age:",
  "          type: integer",
  "          example: old",
  "        kind:",
  "          type: string",
  "          enum: [cat, dog, cat]",
  "        owner:",
  "          description: The owner.",
  "          $ref: \"#/components/schemas/Owner\"",
  "    Owner:",
  "      type: object",
  "    Unused:",
  "      type: string",
  ""
].join("\n")

/** An AsyncAPI 2 document: a channel ending with a slash, an operation without operationId, a schema nothing uses. */
export const asyncapiDocument = [
  "asyncapi: 2.6.0",
  "info:",
  "  title: Orders",
  "  version: 1.0.0",
  "servers:",
  "  production:",
  "    url: broker.example.org",
  "    protocol: kafka",
  "channels:",
  "  orders/:",
  "    subscribe:",
  "      message:",
  "        payload:",
  "          type: string",
  "components:",
  "  schemas:",
  "    Unused:",
  "      type: string",
  ""
].join("\n")

/** A Swagger 2.0 document in JSON without `host` and `schemes`, and a `oneOf`, which OpenAPI 2 does not have. */
export const swaggerDocument = JSON.stringify({
  swagger: "2.0",
  info: { title: "Legacy", version: "1" },
  paths: {
    "/items": {
      get: {
        operationId: "listItems",
        responses: { "200": { description: "The items.", schema: { oneOf: [{ type: "string" }, { type: "integer" }] } } }
      }
    }
  }
}, null, 2)
