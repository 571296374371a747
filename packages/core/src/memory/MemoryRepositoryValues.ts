import { Effect, Option } from "effect"

/** One text per repository, in memory (a webhook secret, a badge token): saving replaces. */
export const repositoryValues = () => {
  const values = new Map<number, string>()
  return {
    save: (repositoryId: number, value: string) => Effect.sync(() => void values.set(repositoryId, value)),
    find: (repositoryId: number) => Effect.sync(() => Option.fromNullable(values.get(repositoryId)))
  }
}
