import { type Organization, parseOrganization } from "../shared/Organization.js"

/** What the login screen asks once and the browser keeps: the API token and the organization. */
export interface Session {
  readonly token: string
  readonly organization: Organization
}

export const storageKey = "tidemark.session"

type KeyValueStore = Pick<Storage, "getItem" | "setItem" | "removeItem">

/**
 * Where a session may be kept. The tab's storage by default: the token, which reads the
 * organization's code measures, is gone when the tab closes; the device's only when the person
 * asks to be remembered there. Both are readable by any script of the page: the
 * Content-Security-Policy, which admits only the dashboard's own script, is what guards them.
 */
export interface SessionStores {
  /** `sessionStorage`. */
  readonly tab: KeyValueStore
  /** `localStorage`. */
  readonly device: KeyValueStore
}

/** The session one store holds, or undefined when there is none or it no longer reads. */
const read = (storage: KeyValueStore): Session | undefined => {
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

/** The kept session, the tab's before the device's, or undefined (then log in again). */
export const loadSession = (stores: SessionStores): Session | undefined => read(stores.tab) ?? read(stores.device)

/** Keeps the session in one store only: a session no longer remembered leaves nothing on the device. */
export const saveSession = (stores: SessionStores, session: Session, remember: boolean): void => {
  clearSession(stores)
  const text = JSON.stringify({ token: session.token, organization: `${session.organization.provider}/${session.organization.name}` })
  const store = remember ? stores.device : stores.tab
  store.setItem(storageKey, text)
}

/** Forgets the session wherever it was kept: on logging out, and when the server refuses the token. */
export const clearSession = (stores: SessionStores): void => {
  stores.tab.removeItem(storageKey)
  stores.device.removeItem(storageKey)
}
