import { describe, expect, it } from "vitest"
import { clearSession, loadSession, saveSession, type Session, type SessionStores, storageKey } from "../../src/session/Session.js"

const memoryStorage = () => {
  const items = new Map<string, string>()
  return {
    items,
    getItem: (key: string) => items.get(key) ?? null,
    setItem: (key: string, value: string) => void items.set(key, value),
    removeItem: (key: string) => void items.delete(key)
  }
}

const memoryStores = () => ({ tab: memoryStorage(), device: memoryStorage() }) satisfies SessionStores

const session: Session = { token: "tmt.1.secret", organization: { provider: "gl", name: "group/sub" } }

describe("session", () => {
  it("is kept in the tab only, unless remembered", () => {
    const stores = memoryStores()
    expect(loadSession(stores)).toBeUndefined()
    saveSession(stores, session, false)
    expect(loadSession(stores)).toEqual(session)
    expect(stores.tab.items.get(storageKey)).toContain(session.token)
    expect(stores.device.items.has(storageKey)).toBe(false)
  })

  it("is kept on the device when remembered, and read back from there by a new tab", () => {
    const stores = memoryStores()
    saveSession(stores, session, true)
    expect(stores.tab.items.has(storageKey)).toBe(false)
    expect(loadSession({ tab: memoryStorage(), device: stores.device })).toEqual(session)
  })

  it("is in one store only after logging in again, whichever was chosen before", () => {
    const stores = memoryStores()
    saveSession(stores, session, true)
    saveSession(stores, { ...session, token: "tmt.2.other" }, false)
    expect(stores.device.items.has(storageKey)).toBe(false)
    expect(loadSession(stores)?.token).toBe("tmt.2.other")
    saveSession(stores, session, true)
    expect(stores.tab.items.has(storageKey)).toBe(false)
    expect(loadSession(stores)).toEqual(session)
  })

  it("is cleared from both stores", () => {
    const stores = memoryStores()
    saveSession(stores, session, false)
    // A session remembered by another tab is forgotten too: logging out means this device.
    stores.device.items.set(storageKey, JSON.stringify({ token: "tmt.3.t", organization: "gh/acme" }))
    clearSession(stores)
    expect(stores.tab.items.size + stores.device.items.size).toBe(0)
    expect(loadSession(stores)).toBeUndefined()
  })

  it("prefers the tab's session to the device's", () => {
    const stores = memoryStores()
    saveSession(stores, session, true)
    stores.tab.items.set(storageKey, JSON.stringify({ token: "tmt.4.tab", organization: "gh/acme" }))
    expect(loadSession(stores)).toEqual({ token: "tmt.4.tab", organization: { provider: "gh", name: "acme" } })
  })

  it("asks again when the stored value does not read", () => {
    for (const text of ["not json", "null", "{}", '{"token":"","organization":"gh/acme"}', '{"token":"t","organization":"xx/acme"}']) {
      const stores = memoryStores()
      stores.tab.items.set(storageKey, text)
      stores.device.items.set(storageKey, text)
      expect(loadSession(stores)).toBeUndefined()
    }
  })
})
