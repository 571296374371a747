/**
 * Issue 16's browser side, in headless Chromium against a built server: the security headers of the
 * dashboard and of the APIs, and the page working under them; where the token is kept and when it
 * is forgotten; names a user chose that hold markup, shown as text.
 *
 * What a user names and the dashboard shows: a repository (its name), a branch (the git
 * repository's default branch), a commit (its message), a delivery system (the ingestion's
 * `system`), and the repository's own content: a file's path and the text of a line with an issue.
 * Patterns (their titles come from the catalogue) and coding standards are not a user's to name
 * on any page of the dashboard.
 */
import { describe, expect, layer } from "@effect/vitest"
import { SecurityHeaders } from "@tidemark/adapter-http"
import { Effect, Schedule } from "effect"
import type { Page } from "playwright-core"
import * as Chromium from "./Browser.js"
import type { BrowserGlobals } from "./Browser.js"
import { adminSecret, getJson, git, gitRepository, postOk, type RunningServer } from "./CliFixture.js"
import * as DashboardServer from "./DashboardServer.js"

const adminToken = "tma_dashboard-security-admin"
const organization = "gh/hostile"

/** Each would run a script if the dashboard ever inserted it as HTML. */
const names = {
  repository: "<img src=x onerror=alert(1)>",
  // A valid git branch name (no spaces): `/` separates the attributes as a space would.
  branch: "<img/src/onerror=alert(2)>",
  message: "<script>alert(3)</script><img src=x onerror=alert(3)>",
  system: "<svg onload=alert(4)>",
  file: "src/<img src=x onerror=alert(5)>.js",
  // An undefined name makes it a line with an issue: its text is shown as the analysis kept it.
  line: "export const markup = \"<script>alert(6)</script>\" + undefinedName"
} as const

const repositoriesPath = `/api/v3/analysis/organizations/${organization}/repositories?limit=25`

interface Listed {
  readonly data: ReadonlyArray<{ readonly lastAnalysedCommit?: unknown }>
}

/** Polls `path` until `ready` holds of its answer. */
const until = (server: RunningServer, path: string, token: string, ready: (body: unknown) => boolean) =>
  getJson(server, path, token).pipe(
    Effect.filterOrFail(({ status, body }) => status === 200 && ready(body)),
    Effect.retry(Schedule.spaced("100 millis").pipe(Schedule.upTo("60 seconds")))
  )

/** gh/hostile: one repository, analysed, and one deployment, all named with `names`. */
const seed: DashboardServer.Seed = (server, directory) =>
  Effect.gen(function*() {
    const repository = yield* gitRepository(directory, "hostile", { "src/index.ts": "export const answer = 42\n", [names.file]: `${names.line}\n` })
    yield* git(repository, ["branch", "--move", names.branch])
    yield* git(repository, ["commit", "--quiet", "--amend", "--message", names.message])
    yield* postOk(server, "/api/v3/repositories", {
      provider: "gh",
      repositoryFullPath: `hostile/${names.repository}`,
      gitUrl: repository
    }, adminToken)
    const admin = `/api/v3/admin/organizations/${organization}`
    const token = yield* adminSecret(server, adminToken, `${admin}/tokens`, { permission: "read" })
    const key = yield* adminSecret(server, adminToken, `${admin}/ingestion-keys`, {})
    // Yesterday: inside the delivery page's default range, so its charts have a point to draw.
    const time_created = new Date(Date.now() - 86_400_000).toISOString()
    yield* postOk(server, `/v1/ingestion/cli?${new URLSearchParams({ api_key: key, system: names.system })}`, {
      $type: "deployment",
      deploy_id: "d1",
      time_created,
      changes: []
    })
    yield* until(server, `/api/v3/organizations/${organization}/systems`, token, (body) =>
      JSON.stringify(body).includes(JSON.stringify(names.system)))
    // The commit's message shows once the analysis queued by adding the repository has run.
    yield* until(server, repositoriesPath, token, (body) => (body as Listed).data[0]?.lastAnalysedCommit !== undefined)
    return token
  })

const signIn = async (page: Page, token: string, remember: boolean) => {
  await page.getByRole("heading", { name: "Log in to Tidemark" }).waitFor()
  await page.getByLabel("Organization").fill(organization)
  await page.getByLabel("API token").fill(token)
  await page.getByLabel("Remember me on this device").setChecked(remember)
  await page.getByRole("button", { name: "Log in" }).click()
  await page.getByRole("heading", { name: `Repositories of ${organization}` }).waitFor()
}

/** Elements that a name inserted as HTML would have created (the page itself has none). */
const injected = (page: Page) =>
  page.evaluate(() =>
    (globalThis as unknown as BrowserGlobals).document.querySelectorAll("img, svg, iframe, object, script:not([src])").length
  )

describe("dashboard security (headless Chromium against a built server)", () => {
  layer(DashboardServer.layer(adminToken, seed), { excludeTestServices: true, timeout: "180 seconds" })((it) => {
    it.scoped("sends the security headers with the page and the API's answers; the dashboard runs under them", () =>
      Effect.gen(function*() {
        const { browser, server, token } = yield* DashboardServer.DashboardServer
        const { page, errors, violations } = yield* Chromium.openPage(browser)
        yield* Effect.promise(async () => {
          const document = await page.goto(`${server.url}/`)
          expect(document?.headers()).toMatchObject(SecurityHeaders.headers)
          expect(document?.headers()["content-security-policy"]).not.toMatch(/unsafe-inline|unsafe-eval/)
          const answer = page.waitForResponse((response) => response.url().includes("/api/v3/analysis/"))
          await signIn(page, token, false)
          const api = await answer
          expect(api.status()).toBe(200)
          expect(api.headers()).toMatchObject(SecurityHeaders.headers)

          // The charts (uPlot styles its elements) draw without the policy refusing anything.
          await page.getByRole("link", { name: "Delivery" }).click()
          await expect.poll(() => page.locator("figure.chart canvas").count()).toBe(4)
          expect(violations).toEqual([])

          // And the browser enforces it: an inline handler that reached the DOM does not run.
          await page.evaluate(() => {
            const html = "<img src=\"./missing.png\" onerror=\"globalThis.ran = true\">"
            const dom = (globalThis as unknown as { document: { body: { insertAdjacentHTML(at: string, html: string): void } } })
            dom.document.body.insertAdjacentHTML("beforeend", html)
          })
          await expect.poll(() => violations.length).toBeGreaterThan(0)
          expect(await page.evaluate(() => "ran" in globalThis)).toBe(false)
        })
        expect(errors).toEqual([])
      }), 60_000)

    it.scoped("keeps the token in the tab unless remembered; a refused token (401) or logging out forgets it", () =>
      Effect.gen(function*() {
        const { browser, server, token } = yield* DashboardServer.DashboardServer
        const { page, errors } = yield* Chromium.openPage(browser)
        const refused = JSON.stringify({ token: `${token}x`, organization })
        const expectSignedOutWithNothingKept = async (on: Page) => {
          await on.getByRole("heading", { name: "Log in to Tidemark" }).waitFor()
          expect(await Chromium.storedSession(on)).toEqual({ tab: null, device: null })
        }
        yield* Effect.promise(async () => {
          await page.goto(`${server.url}/`)
          await signIn(page, token, false)
          expect(await Chromium.storedSession(page)).toEqual({ tab: expect.stringContaining(token), device: null })
          // Another tab has its own sessionStorage: it asks again.
          const other = await page.context().newPage()
          await other.goto(`${server.url}/`)
          await other.getByRole("heading", { name: "Log in to Tidemark" }).waitFor()
          await other.close()

          // A token the server no longer accepts: the first 401 returns to the login page, the
          // organization kept in the form, the token in neither store.
          await page.evaluate((value) => (globalThis as unknown as BrowserGlobals).sessionStorage.setItem("tidemark.session", value), refused)
          await page.reload()
          await expectSignedOutWithNothingKept(page)
          await expect.poll(() => page.getByRole("status").textContent()).toContain("log in again")
          expect(await page.getByLabel("Organization").inputValue()).toBe(organization)

          // Remembered: on the device, so a new tab is signed in at once; refused there, forgotten everywhere.
          await signIn(page, token, true)
          expect(await Chromium.storedSession(page)).toEqual({ tab: null, device: expect.stringContaining(token) })
          const remembered = await page.context().newPage()
          await remembered.goto(`${server.url}/`)
          await remembered.getByRole("heading", { name: `Repositories of ${organization}` }).waitFor()
          await remembered.evaluate((value) => (globalThis as unknown as BrowserGlobals).localStorage.setItem("tidemark.session", value), refused)
          await remembered.reload()
          await expectSignedOutWithNothingKept(remembered)
          await remembered.close()

          // Logging out forgets a remembered session too.
          await page.goto(`${server.url}/#/login`)
          await signIn(page, token, true)
          await page.getByRole("button", { name: "Log out" }).click()
          await expectSignedOutWithNothingKept(page)
        })
        expect(errors).toEqual([])
      }), 60_000)

    it.scoped("shows a repository, branch, commit message, system name, file path and line holding markup as text", () =>
      Effect.gen(function*() {
        const { browser, server, token } = yield* DashboardServer.DashboardServer
        const { page, errors, dialogs } = yield* Chromium.openPage(browser)
        yield* Effect.promise(async () => {
          await page.goto(`${server.url}/`)
          await signIn(page, token, false)
          const link = page.locator("table.repositories tbody th a")
          expect(await link.textContent()).toBe(names.repository)
          expect(await injected(page)).toBe(0)

          await link.click()
          await page.getByRole("heading", { level: 1 }).filter({ hasText: names.repository }).waitFor()
          expect(await page.getByRole("heading", { level: 1 }).textContent()).toBe(names.repository)
          const branch = page.locator("dl.metrics div").filter({ has: page.getByText("Branch", { exact: true }) }).locator("dd")
          expect(await branch.textContent()).toBe(names.branch)
          await page.getByText(names.message, { exact: false }).waitFor()
          expect(await injected(page)).toBe(0)

          // The file's path and its line's text on the issues, files and file pages.
          await page.getByRole("navigation", { name: `Repository ${names.repository}` }).getByRole("link", { name: "Issues" }).click()
          const issueLink = page.locator("table.issues tbody td a")
          expect(await issueLink.textContent()).toBe(names.file)
          expect(await injected(page)).toBe(0)
          await page.getByRole("navigation", { name: `Repository ${names.repository}` }).getByRole("link", { name: "Files" }).click()
          await page.getByRole("link", { name: names.file }).waitFor()
          expect(await injected(page)).toBe(0)
          await page.getByRole("link", { name: names.file }).click()
          await page.getByRole("heading", { level: 1, name: names.file }).waitFor()
          expect(await page.locator("table.source td.code > code").allTextContents()).toEqual([names.line])
          expect(await injected(page)).toBe(0)

          await page.getByRole("link", { name: "Delivery" }).click()
          await expect.poll(() => page.locator("#system option").allTextContents()).toEqual(["All systems", names.system])
          expect(await injected(page)).toBe(0)
        })
        expect(dialogs).toEqual([])
        expect(errors).toEqual([])
      }), 60_000)
  })
})
