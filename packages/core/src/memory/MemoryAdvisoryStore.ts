import { Effect, Layer, Option } from "effect"
import { type Advisory, packageKeysOf } from "../domain/Advisory.js"
import { packageKeyText } from "../domain/Dependency.js"
import { AdvisoryStore, type AdvisoryImportStamp } from "../ports/AdvisoryStore.js"

export const make = Effect.sync(() => {
  const advisories = new Map<string, Advisory>()
  // Which advisories name each package, kept as advisories come and go.
  const byPackage = new Map<string, Set<string>>()
  let stamp: Option.Option<AdvisoryImportStamp> = Option.none()

  const remove = (id: string) => {
    const stored = advisories.get(id)
    if (stored === undefined) return false
    for (const key of packageKeysOf(stored)) byPackage.get(packageKeyText(key.ecosystem, key.name))?.delete(id)
    advisories.delete(id)
    return true
  }

  return AdvisoryStore.of({
    save: (incoming, withdrawn, at) =>
      Effect.sync(() => {
        let saved = 0
        let unchanged = 0
        let removed = 0
        for (const advisory of incoming) {
          const stored = advisories.get(advisory.id)
          if (stored !== undefined && stored.modified >= advisory.modified) {
            unchanged++
            continue
          }
          remove(advisory.id)
          advisories.set(advisory.id, advisory)
          for (const key of packageKeysOf(advisory)) {
            const ids = byPackage.get(packageKeyText(key.ecosystem, key.name)) ?? new Set<string>()
            ids.add(advisory.id)
            byPackage.set(packageKeyText(key.ecosystem, key.name), ids)
          }
          saved++
        }
        for (const id of withdrawn) if (remove(id)) removed++
        stamp = Option.some({ at, advisories: advisories.size })
        return { saved, unchanged, removed }
      }),
    forPackages: (packages) =>
      Effect.sync(() => {
        const ids = new Set(packages.flatMap((key) => [...(byPackage.get(packageKeyText(key.ecosystem, key.name)) ?? [])]))
        return [...ids].sort().map((id) => advisories.get(id)!)
      }),
    lastImport: Effect.sync(() => stamp)
  })
})

export const layer = Layer.effect(AdvisoryStore, make)
