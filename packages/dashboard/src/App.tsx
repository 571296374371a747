import { useEffect, useMemo, useState } from "preact/hooks"
import { makeApiClient } from "./Api.js"
import { formatOrganization } from "./Organization.js"
import { DeliveryPage } from "./pages/DeliveryPage.js"
import { LoginPage } from "./pages/LoginPage.js"
import { OverviewPage } from "./pages/OverviewPage.js"
import { RepositoryPage } from "./pages/RepositoryPage.js"
import { hrefOf, parseRoute, type Route } from "./Route.js"
import { clearSession, loadSession, saveSession, type Session } from "./Session.js"

const useRoute = (): Route => {
  const [route, setRoute] = useState(() => parseRoute(window.location.hash))
  useEffect(() => {
    const onChange = () => setRoute(parseRoute(window.location.hash))
    window.addEventListener("hashchange", onChange)
    return () => window.removeEventListener("hashchange", onChange)
  }, [])
  return route
}

/** Moves keyboard and screen-reader focus to the new page's heading, as a page load would. */
const useFocusOnNavigation = (route: Route) => {
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>("main h1")
    if (heading === null) return
    heading.tabIndex = -1
    heading.focus()
  }, [route])
}

export const App = () => {
  const route = useRoute()
  const [session, setSession] = useState<Session | undefined>(() => loadSession(window.localStorage))
  const api = useMemo(() => (session === undefined ? undefined : makeApiClient(session)), [session])
  useFocusOnNavigation(route)

  const login = (next: Session) => {
    saveSession(window.localStorage, next)
    setSession(next)
    window.location.hash = hrefOf({ page: "overview" })
  }
  const logout = () => {
    clearSession(window.localStorage)
    setSession(undefined)
    window.location.hash = hrefOf({ page: "login" })
  }

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
              <a href={hrefOf({ page: "overview" })} aria-current={route.page === "overview" || route.page === "repository" ? "page" : undefined}>Repositories</a>
              <a href={hrefOf({ page: "delivery" })} aria-current={route.page === "delivery" ? "page" : undefined}>Delivery</a>
            </nav>
            <span class="org">{formatOrganization(session.organization)}</span>
            <button type="button" onClick={logout}>Log out</button>
          </>
        )}
      </header>
      <main id="main" tabIndex={-1}>
        <Page route={route} session={session} api={api} onLogin={login} />
      </main>
    </>
  )
}

const Page = ({ route, session, api, onLogin }: {
  readonly route: Route
  readonly session: Session | undefined
  readonly api: ReturnType<typeof makeApiClient> | undefined
  readonly onLogin: (session: Session) => void
}) => {
  if (api === undefined || route.page === "login") {
    return <LoginPage initialOrganization={session === undefined ? "" : formatOrganization(session.organization)} onLogin={onLogin} />
  }
  switch (route.page) {
    case "overview":
      return <OverviewPage api={api} cursor={route.cursor} />
    case "repository":
      return <RepositoryPage api={api} name={route.name} />
    case "delivery":
      return <DeliveryPage api={api} />
    case "notFound":
      return <p role="alert">No page at {route.hash}. <a href={hrefOf({ page: "overview" })}>Repositories</a></p>
  }
}
