import { CodingStandards } from "@tidemark/core"
import { Effect } from "effect"
import { answer, answerData, organizationAt, type RequestOf } from "../HandlerShapes.js"
import type * as Api from "./Api.js"

/** The admin group's operations on coding standards (see admin/Handlers.ts). */
export const adminHandlers = Effect.map(CodingStandards.CodingStandards, (standards) => ({
  createCodingStandard: ({ path, payload }: RequestOf<typeof Api.createCodingStandard>) =>
    answerData((caller) => standards.create(caller, organizationAt(path), payload)),
  listCodingStandards: ({ path }: RequestOf<typeof Api.listCodingStandards>) =>
    answerData((caller) => standards.list(caller, organizationAt(path))),
  getCodingStandard: ({ path }: RequestOf<typeof Api.getCodingStandard>) =>
    answerData((caller) => standards.get(caller, organizationAt(path), path.codingStandardId)),
  applyCodingStandard: ({ path }: RequestOf<typeof Api.applyCodingStandard>) =>
    answer((caller) => standards.apply(caller, organizationAt(path), path.codingStandardId, path.repositoryName)),
  unapplyCodingStandard: ({ path }: RequestOf<typeof Api.unapplyCodingStandard>) =>
    answer((caller) => standards.unapply(caller, organizationAt(path), path.codingStandardId, path.repositoryName))
}))
