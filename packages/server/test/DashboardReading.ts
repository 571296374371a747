/** How the dashboard's end-to-end suite reads what a page shows, and keeps its pictures. */
import { mkdirSync } from "node:fs"
import { fileURLToPath } from "node:url"
import type { Page } from "playwright-core"
import type { BrowserGlobals, DomElement } from "./Browser.js"

export const screenshots = fileURLToPath(new URL("../../../docs/screenshots/", import.meta.url))

/** A full-page picture for the README, `docs/screenshots/<name>.png`. */
export const screenshot = (page: Page, name: string) => {
  mkdirSync(screenshots, { recursive: true })
  return page.screenshot({ path: `${screenshots}${name}.png`, fullPage: true })
}

/** The text of each cell (th or td) of each row the selector finds. */
export const cells = (page: Page, rows: string) =>
  page.locator(rows).evaluateAll((trs) =>
    (trs as ReadonlyArray<unknown> as ReadonlyArray<DomElement>).map((tr) =>
      Array.from(tr.querySelectorAll("th, td"), (cell) => (cell.textContent ?? "").trim())
    )
  )

/** The id, or else the text, of the element holding the keyboard focus. */
export const focused = (page: Page) =>
  page.evaluate(() => {
    const element = (globalThis as unknown as BrowserGlobals).document.activeElement
    return element === null ? "" : element.id !== "" ? `#${element.id}` : (element.textContent ?? "").trim()
  })

/** Each term of a definition list (the measures) with its value. */
export const terms = (page: Page, list: string) =>
  page.locator(`${list} > div`).evaluateAll((items) =>
    (items as ReadonlyArray<unknown> as ReadonlyArray<DomElement>).map((item) =>
      Array.from(item.querySelectorAll("dt, dd"), (part) => (part.textContent ?? "").trim())
    )
  )

/** The issues page's filters: each facet's title, and each value's label, count and whether it is ticked. */
export const facetsShown = (page: Page) =>
  page.locator("fieldset.facet").evaluateAll((sets) =>
    (sets as ReadonlyArray<unknown> as ReadonlyArray<DomElement>).map((set) => {
      const text = (element: DomElement, selector: string) =>
        Array.from(element.querySelectorAll(selector), (part) => (part.textContent ?? "").trim()).join("")
      return [
        text(set, "legend"),
        Array.from(set.querySelectorAll("label"), (label) => [
          text(label, ".facet-label"),
          text(label, ".facet-count"),
          Array.from(label.querySelectorAll("input"), (box) => box.checked === true).includes(true)
        ])
      ] as const
    })
  )

/** The file page's lines: each row's id, hits, whether it is marked duplicated, its code, and its issues' messages. */
export const sourceRows = (page: Page) =>
  page.locator("table.source tbody tr").evaluateAll((rows) =>
    (rows as ReadonlyArray<unknown> as ReadonlyArray<DomElement>).map((row) => {
      const texts = (selector: string) => Array.from(row.querySelectorAll(selector), (part) => part.textContent ?? "")
      return {
        id: row.id,
        hits: texts(".hits").join("").trim(),
        duplicated: texts(".clone-mark").join("").trim() !== "",
        code: texts("td.code > code").join(""),
        messages: texts(".line-issues .message")
      }
    })
  )

export interface LoginTarget {
  readonly url: string
  readonly organization: string
  readonly token: string
}

/** Logs in by the form, as a person would with a mouse. */
export const logIn = async (page: Page, { organization, token, url }: LoginTarget) => {
  await page.goto(`${url}/`)
  await page.getByLabel("Organization").fill(organization)
  await page.getByLabel("API token").fill(token)
  await page.getByRole("button", { name: "Log in" }).click()
  await page.getByRole("heading", { name: `Repositories of ${organization}` }).waitFor()
}

/** The little of the DOM's layout `issueLayout` reads (the tests are type-checked without the DOM library). */
interface LaidOut {
  readonly scrollWidth: number
  readonly clientWidth: number
  getBoundingClientRect(): { readonly top: number; readonly bottom: number; readonly right: number; readonly height: number }
  querySelector(selectors: string): LaidOut | null
  querySelectorAll(selectors: string): Iterable<LaidOut>
}
interface LayoutGlobals {
  readonly innerWidth: number
  readonly document: { readonly documentElement: LaidOut; querySelector(selectors: string): LaidOut | null }
  getComputedStyle(element: LaidOut): {
    readonly lineHeight: string
    readonly whiteSpace: string
    readonly textOverflow: string
    readonly fontFamily: string
  }
}

/**
 * How an issue table lays out at the page's width: whether it fits the page (no sideways scroll,
 * inside `main`), and per row how many lines its message and its pattern take, and how its line's
 * text shows (under the message, on one line cut by an ellipsis, in monospace).
 */
export const issueLayout = (page: Page, table: string) =>
  page.evaluate((selector) => {
    const g = globalThis as unknown as LayoutGlobals
    const lines = (element: LaidOut | null) =>
      element === null ? 0 : Math.round(element.getBoundingClientRect().height / Number.parseFloat(g.getComputedStyle(element).lineHeight))
    const shown = g.document.querySelector(selector)
    const main = g.document.querySelector("main")
    if (shown === null || main === null) throw new Error(`no ${selector} in main`)
    return {
      fits: g.document.documentElement.scrollWidth <= g.innerWidth && shown.getBoundingClientRect().right <= main.getBoundingClientRect().right + 0.5,
      rows: Array.from(shown.querySelectorAll("tbody tr"), (row) => {
        const message = row.querySelector(".issue-message")
        const line = row.querySelector(".line-text")
        const style = line === null ? undefined : g.getComputedStyle(line)
        return {
          messageLines: lines(message),
          patternLines: lines(row.querySelector(".pattern-title")),
          lineText: line === null || message === null || style === undefined ? undefined : {
            lines: lines(line),
            below: line.getBoundingClientRect().top >= message.getBoundingClientRect().bottom - 0.5,
            cut: style.whiteSpace === "pre" && style.textOverflow === "ellipsis",
            monospace: /monospace/.test(style.fontFamily)
          }
        }
      })
    }
  }, table)
