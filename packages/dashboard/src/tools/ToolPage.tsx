import type { ApiClient } from "../ApiClient.js"
import { hrefOf } from "../Route.js"
import { Columns } from "../shared/Columns.js"
import { formatCount, formatText } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { Pager } from "../shared/Pager.js"
import { Loaded } from "../shared/Status.js"
import { installedText, type PatternDefinition, versionOf } from "./ToolsApi.js"

const PatternRow = ({ pattern }: { readonly pattern: PatternDefinition }) => (
  <tr>
    <th scope="row"><code>{pattern.id}</code></th>
    <td>{formatText(pattern.title)}</td>
    <td>{pattern.category}</td>
    <td>{pattern.level}</td>
    <td>{pattern.enabled ? "yes" : "no"}</td>
  </tr>
)

/** One tool: what runs here, and its patterns a page at a time, each with whether it is on by default. */
export const ToolPage = ({ api, uuid, cursor }: { readonly api: ApiClient; readonly uuid: string; readonly cursor: string | undefined }) => {
  const tool = useLoad(async (signal) => (await api.listToolRows(signal)).find((row) => row.uuid === uuid), [api, uuid])
  const patterns = useLoad((signal) => api.listToolPatterns(uuid, cursor, signal), [api, uuid, cursor])
  return (
    <section aria-labelledby="tool-title">
      <Loaded load={tool}>
        {(row) => row === undefined ? <h1 id="tool-title">No tool {uuid}</h1> : (
          <>
            <h1 id="tool-title">{row.name}</h1>
            <dl class="metrics">
              <div><dt>Version</dt><dd>{formatText(versionOf(row))}</dd></div>
              <div><dt>Languages</dt><dd>{formatText(row.languages.join(", "))}</dd></div>
              <div><dt>On this server</dt><dd>{installedText(row.installation)}</dd></div>
            </dl>
          </>
        )}
      </Loaded>
      <h2>Patterns</h2>
      <Loaded load={patterns}>
        {(page) => (
          <>
            <p class="total" role="status">
              {formatCount(page.pagination.total)} {page.pagination.total === 1 ? "pattern" : "patterns"}
              {cursor === undefined ? "" : " (a later page)"}.
            </p>
            <table class="patterns">
              <caption class="visually-hidden">The tool's patterns</caption>
              <Columns labels={["Pattern", "Title", "Category", "Severity", "On by default"]} />
              <tbody>
                {page.data.map((pattern) => <PatternRow key={pattern.id} pattern={pattern} />)}
              </tbody>
            </table>
            <Pager
              first={cursor === undefined ? undefined : hrefOf({ page: "tool", uuid })}
              next={page.pagination.cursor === undefined ? undefined : hrefOf({ page: "tool", uuid, cursor: page.pagination.cursor })}
            />
          </>
        )}
      </Loaded>
    </section>
  )
}
