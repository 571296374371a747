import { Effect, Layer, Option } from "effect"
import { StandardRef } from "../domain/Common.js"
import { AppliedStandard, CodingStandard } from "../domain/Records.js"
import { StandardStore } from "../ports/StandardStore.js"

export const make = Effect.sync(() => {
  const standards = new Map<number, CodingStandard>()
  const applications = new Map<number, Array<{ standardId: number; appliedAt: string; sequence: number }>>()
  let nextId = 1
  let sequence = 0

  const appliedOf = (repositoryId: number) =>
    (applications.get(repositoryId) ?? []).flatMap((a) => {
      const standard = standards.get(a.standardId)
      return standard === undefined ? [] : [new AppliedStandard({ standard, appliedAt: a.appliedAt, sequence: a.sequence })]
    })

  return StandardStore.of({
    create: (organizationId, name, tools, now) =>
      Effect.sync(() => {
        const standard = new CodingStandard({ id: nextId++, organizationId, name, tools, createdAt: now })
        standards.set(standard.id, standard)
        return standard
      }),
    list: (organizationId) =>
      Effect.sync(() => [...standards.values()].filter((s) => s.organizationId === organizationId)),
    find: (organizationId, id) =>
      Effect.sync(() => Option.filter(Option.fromNullable(standards.get(id)), (s) => s.organizationId === organizationId)),
    apply: (standardId, repositoryId, now) =>
      Effect.sync(() => {
        const list = (applications.get(repositoryId) ?? []).filter((a) => a.standardId !== standardId)
        list.push({ standardId, appliedAt: now, sequence: ++sequence })
        applications.set(repositoryId, list)
      }),
    unapply: (standardId, repositoryId) =>
      Effect.sync(() => {
        applications.set(repositoryId, (applications.get(repositoryId) ?? []).filter((a) => a.standardId !== standardId))
      }),
    appliedTo: (repositoryId) => Effect.sync(() => appliedOf(repositoryId)),
    standardsOf: (repositoryIds) =>
      Effect.sync(() =>
        new Map(repositoryIds.map((id) => [
          id,
          appliedOf(id).map(({ standard }) => new StandardRef({ id: standard.id, name: standard.name }))
        ]))
      )
  })
})

export const layer = Layer.effect(StandardStore, make)
