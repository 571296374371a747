import { describe, expect, it } from "vitest"
import { clearSession, loadSession, saveSession, storageKey } from "../src/Session.js"

const memoryStorage = () => {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key)
  }
}

describe("session", () => {
  it("keeps the token and organization until logout", () => {
    const storage = memoryStorage()
    expect(loadSession(storage)).toBeUndefined()
    saveSession(storage, { token: "tmt.1.secret", organization: { provider: "gl", name: "group/sub" } })
    expect(loadSession(storage)).toEqual({ token: "tmt.1.secret", organization: { provider: "gl", name: "group/sub" } })
    clearSession(storage)
    expect(loadSession(storage)).toBeUndefined()
  })

  it("asks again when the stored value does not read", () => {
    const storage = memoryStorage()
    for (const text of ["not json", "null", "{}", '{"token":"","organization":"gh/acme"}', '{"token":"t","organization":"xx/acme"}']) {
      storage.items.set(storageKey, text)
      expect(loadSession(storage)).toBeUndefined()
    }
  })
})
