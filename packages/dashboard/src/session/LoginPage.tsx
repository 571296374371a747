import { useState } from "preact/hooks"
import { makeApiClient } from "../ApiClient.js"
import { ApiError } from "../shared/ApiRequest.js"
import { parseOrganization } from "../shared/Organization.js"
import type { Session } from "./Session.js"

export interface LoginPageProps {
  readonly initialOrganization: string
  /** Why the person is asked again (the server refused the kept token), if that is why. */
  readonly notice: string | undefined
  /** `remember`: keep the session on this device rather than only in this tab (see Session). */
  readonly onLogin: (session: Session, remember: boolean) => void
}

/** Asks for the token and the organization once; checks them with one small read before keeping them. */
export const LoginPage = ({ initialOrganization, notice, onLogin }: LoginPageProps) => {
  const [token, setToken] = useState("")
  const [organization, setOrganization] = useState(initialOrganization)
  const [remember, setRemember] = useState(false)
  const [error, setError] = useState<string | undefined>(undefined)
  const [busy, setBusy] = useState(false)

  const submit = async (event: Event) => {
    event.preventDefault()
    const parsed = parseOrganization(organization)
    if ("error" in parsed) return setError(parsed.error)
    if (token.trim() === "") return setError("Enter an API token.")
    setBusy(true)
    setError(undefined)
    const session: Session = { token: token.trim(), organization: parsed }
    try {
      await makeApiClient(session).listRepositories({ limit: 1 })
      onLogin(session, remember)
    } catch (cause) {
      setError(cause instanceof ApiError ? cause.message : String(cause))
    } finally {
      setBusy(false)
    }
  }

  return (
    <section aria-labelledby="login-title" class="login">
      <h1 id="login-title">Log in to Tidemark</h1>
      {notice === undefined ? null : <p class="notice" role="status">{notice}</p>}
      <form onSubmit={submit} noValidate>
        <label for="organization">Organization</label>
        <input
          id="organization"
          name="organization"
          value={organization}
          onInput={(e) => setOrganization(e.currentTarget.value)}
          placeholder="gh/acme"
          aria-describedby="organization-help"
          autoComplete="organization"
          required
        />
        <p id="organization-help" class="help">Provider (gh, gl or bb) and organization name, e.g. gh/acme.</p>
        <label for="token">API token</label>
        <input
          id="token"
          name="token"
          type="password"
          value={token}
          onInput={(e) => setToken(e.currentTarget.value)}
          autoComplete="current-password"
          required
        />
        <label class="check" for="remember">
          <input id="remember" name="remember" type="checkbox" aria-describedby="remember-help"
            checked={remember} onChange={(e) => setRemember(e.currentTarget.checked)} />
          Remember me on this device
        </label>
        <p id="remember-help" class="help">Otherwise the token is forgotten when this tab closes.</p>
        {error === undefined ? null : <p class="error" role="alert">{error}</p>}
        <button type="submit" disabled={busy}>{busy ? "Checking…" : "Log in"}</button>
      </form>
    </section>
  )
}
