import { type Organization, parseOrganization } from "./Organization.js"

/** What the login screen asks once and the browser keeps: the API token and the organization. */
export interface Session {
  readonly token: string
  readonly organization: Organization
}

export const storageKey = "tidemark.session"

type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">

/** The stored session, or undefined when there is none or it no longer reads (then log in again). */
export const loadSession = (storage: KeyValueStore): Session | undefined => {
  const text = storage.getItem(storageKey)
  if (text === null) return undefined
  try {
    const value: unknown = JSON.parse(text)
    if (typeof value !== "object" || value === null) return undefined
    const token = "token" in value ? value.token : undefined
    const organization = "organization" in value ? value.organization : undefined
    if (typeof token !== "string" || token === "" || typeof organization !== "string") return undefined
    const parsed = parseOrganization(organization)
    return "error" in parsed ? undefined : { token, organization: parsed }
  } catch {
    // A value another version wrote, or edited by hand: asking for the token again is the remedy.
    return undefined
  }
}

export const saveSession = (storage: KeyValueStore, session: Session): void =>
  storage.setItem(
    storageKey,
    JSON.stringify({ token: session.token, organization: `${session.organization.provider}/${session.organization.name}` })
  )

export const clearSession = (storage: KeyValueStore): void => storage.removeItem(storageKey)
