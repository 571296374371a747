/**
 * Debian's Chromium driven by playwright-core, for the dashboard's end-to-end tests: the browser of
 * a suite, and pages that record what must never happen on them (uncaught errors, dialogs,
 * Content-Security-Policy violations).
 */
import { Effect } from "effect"
import { type Browser, chromium, type Page } from "playwright-core"

const chromiumPath = "/usr/bin/chromium"

/** The browser of a suite, closed with its scope. */
export const launch = Effect.acquireRelease(
  Effect.promise(() => chromium.launch({ executablePath: chromiumPath, headless: true, args: ["--no-sandbox"] })),
  (browser) => Effect.promise(() => browser.close())
)

export interface WatchedPage {
  readonly page: Page
  /** Uncaught errors of the page's scripts. */
  readonly errors: ReadonlyArray<string>
  /** The messages of alert, confirm and prompt dialogs (each dismissed). */
  readonly dialogs: ReadonlyArray<string>
  /** What the browser refused under the Content-Security-Policy: it reports each on the console. */
  readonly violations: ReadonlyArray<string>
}

/** A page in a context of its own (its own storage), closed with the scope. */
export const openPage = (browser: Browser) =>
  Effect.gen(function*() {
    const context = yield* Effect.acquireRelease(
      Effect.promise(() => browser.newContext({ viewport: { width: 1280, height: 900 } })),
      (context) => Effect.promise(() => context.close())
    )
    const page = yield* Effect.promise(() => context.newPage())
    const errors: Array<string> = []
    const dialogs: Array<string> = []
    const violations: Array<string> = []
    page.on("pageerror", (error) => errors.push(String(error)))
    page.on("dialog", (dialog) => {
      dialogs.push(dialog.message())
      void dialog.dismiss()
    })
    page.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) violations.push(message.text())
    })
    return { page, errors, dialogs, violations } satisfies WatchedPage
  })

/**
 * The little of the DOM the page functions of the tests use: they run in the browser, but the
 * tests are type-checked without the DOM library (the workspace's `lib` is ES2023 only).
 */
export interface DomElement {
  readonly id: string
  readonly textContent: string | null
  /** Of a checkbox. */
  readonly checked?: boolean
  querySelectorAll(selectors: string): Iterable<DomElement>
}
interface KeyValueStore {
  getItem(key: string): string | null
  setItem(key: string, value: string): void
}
export interface BrowserGlobals {
  readonly document: {
    readonly activeElement: DomElement | null
    querySelectorAll(selectors: string): { readonly length: number }
  }
  readonly localStorage: KeyValueStore
  readonly sessionStorage: KeyValueStore
}

/** The dashboard's kept session as each store holds it (see packages/dashboard/src/session/Session.ts). */
export const storedSession = (page: Page) =>
  page.evaluate(() => {
    const { localStorage, sessionStorage } = globalThis as unknown as BrowserGlobals
    return { tab: sessionStorage.getItem("tidemark.session"), device: localStorage.getItem("tidemark.session") }
  })
