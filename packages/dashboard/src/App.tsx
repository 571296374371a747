import { useEffect, useMemo, useState } from "preact/hooks"
import { makeApiClient } from "./ApiClient.js"
import { CommitsPage } from "./changes/CommitsPage.js"
import { PullRequestPage } from "./changes/PullRequestPage.js"
import { PullRequestsPage } from "./changes/PullRequestsPage.js"
import { DeliveryPage } from "./delivery/DeliveryPage.js"
import { DependenciesPage } from "./dependencies/DependenciesPage.js"
import { DependencyPage } from "./dependencies/DependencyPage.js"
import { OverviewPage } from "./repositories/OverviewPage.js"
import { RepositoryPage } from "./repositories/RepositoryPage.js"
import { FilePage } from "./results/FilePage.js"
import { FilesPage } from "./results/FilesPage.js"
import { IssuesPage } from "./results/IssuesPage.js"
import { hrefOf, parseRoute, type Route } from "./Route.js"
import { noSecurityFilters } from "./security/SecurityFilters.js"
import { SecurityPage } from "./security/SecurityPage.js"
import { LoginPage } from "./session/LoginPage.js"
import { clearSession, loadSession, saveSession, type Session, type SessionStores } from "./session/Session.js"
import { formatOrganization } from "./shared/Organization.js"
import { ToolPage } from "./tools/ToolPage.js"
import { ToolsPage } from "./tools/ToolsPage.js"
import { IgnoredPage } from "./triage/IgnoredPage.js"

const useRoute = (): Route => {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash))
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(window.location.hash))
    window.addEventListener("hashchange", onChange)
    return () => window.removeEventListener("hashchange", onChange)
  }, [])
  return route
}

/**
 * Moves keyboard and screen-reader focus to the new page's heading, as a page load would. A change
 * of the query alone (a filter ticked, a sort, a page, a line) stays on the same page: the focus
 * stays where the person is.
 */
const useFocusOnNavigation = (route: Route) => {
  const page = hrefOf(route).split("?")[0]
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>("main h1")
    if (heading === null) return
    heading.tabIndex = -1
    heading.focus()
  }, [page])
}

const stores = (): SessionStores => ({ tab: window.sessionStorage, device: window.localStorage })

const refusedNotice = "The server no longer accepts the token: log in again."

/** Why the login page shows again, when it is not a logout: the notice, and the organization to ask for. */
interface Refused {
  readonly notice: string
  readonly organization: string
}

export const App = () => {
  const route = useRoute()
  const [session, setSession] = useState<Session | undefined>(() => loadSession(stores()))
  const [refusal, setRefusal] = useState<Refused | undefined>(undefined)
  useFocusOnNavigation(route)

  const login = (next: Session, remember: boolean) => {
    saveSession(stores(), next, remember)
    setRefusal(undefined)
    setSession(next)
    window.location.hash = hrefOf({ page: "overview" })
  }
  const logout = (why?: Refused) => {
    clearSession(stores())
    setRefusal(why)
    setSession(undefined)
    window.location.hash = hrefOf({ page: "login" })
  }
  // A refused token fails every call alike: forget it at the first 401 rather than show each page's error.
  const api = useMemo(
    () => (session === undefined ? undefined : makeApiClient({
      ...session,
      onUnauthorized: () => logout({ notice: refusedNotice, organization: formatOrganization(session.organization) })
    })),
    [session]
  )

  return (
    <>
      <a class="skip" href="#main" onClick={(e) => { e.preventDefault(); document.getElementById("main")?.focus() }}>
        Skip to content
      </a>
      <header class="top">
        <span class="brand">Tidemark</span>
        {session === undefined ? null : (
          <>
            <nav aria-label="Main">
              <a href={hrefOf({ page: "overview" })} aria-current={route.page === "overview" || "name" in route ? "page" : undefined}>Repositories</a>
              <a href={hrefOf({ page: "delivery" })} aria-current={route.page === "delivery" ? "page" : undefined}>Delivery</a>
              <a href={hrefOf({ page: "tools" })} aria-current={route.page === "tools" || route.page === "tool" ? "page" : undefined}>Tools</a>
              <a href={hrefOf({ page: "security", filters: noSecurityFilters })} aria-current={route.page === "security" ? "page" : undefined}>Security</a>
              <a href={hrefOf({ page: "dependencies", search: "" })} aria-current={route.page === "dependencies" || route.page === "dependency" ? "page" : undefined}>
                Dependencies
              </a>
            </nav>
            <span class="org">{formatOrganization(session.organization)}</span>
            <button type="button" onClick={() => logout()}>Log out</button>
          </>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        <Page route={route} session={session} api={api} refusal={refusal} onLogin={login} />
      </main>
    </>
  )
}

const Page = ({ route, session, api, refusal, onLogin }: {
  readonly route: Route
  readonly session: Session | undefined
  readonly api: ReturnType<typeof makeApiClient> | undefined
  readonly refusal: Refused | undefined
  readonly onLogin: (session: Session, remember: boolean) => void
}) => {
  if (api === undefined || route.page === "login") {
    const organization = session === undefined ? refusal?.organization ?? "" : formatOrganization(session.organization)
    return <LoginPage initialOrganization={organization} notice={refusal?.notice} onLogin={onLogin} />
  }
  switch (route.page) {
    case "overview":
      return <OverviewPage api={api} cursor={route.cursor} />
    case "repository":
      return <RepositoryPage api={api} name={route.name} />
    case "issues":
      return <IssuesPage api={api} name={route.name} filters={route.filters} cursor={route.cursor} />
    case "ignored":
      return <IgnoredPage api={api} name={route.name} cursor={route.cursor} />
    case "files":
      return <FilesPage api={api} name={route.name} query={route.query} />
    case "file":
      return <FilePage api={api} name={route.name} fileId={route.fileId} line={route.line} />
    case "pullRequests":
      return <PullRequestsPage api={api} name={route.name} cursor={route.cursor} />
    case "pullRequest":
      return <PullRequestPage api={api} name={route.name} number={route.number} />
    case "commits":
      return <CommitsPage api={api} name={route.name} branch={route.branch} cursor={route.cursor} />
    case "delivery":
      return <DeliveryPage api={api} />
    case "tools":
      return <ToolsPage api={api} />
    case "tool":
      return <ToolPage api={api} uuid={route.uuid} cursor={route.cursor} />
    case "security":
      return <SecurityPage api={api} filters={route.filters} cursor={route.cursor} />
    case "dependencies":
      return <DependenciesPage api={api} search={route.search} cursor={route.cursor} />
    case "dependency":
      return <DependencyPage api={api} fullName={route.fullName} cursor={route.cursor} />
    case "notFound":
      return <p role="alert">No page at {route.hash}. <a href={hrefOf({ page: "overview" })}>Repositories</a></p>
  }
}
