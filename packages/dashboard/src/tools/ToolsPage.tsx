import type { ApiClient } from "../ApiClient.js"
import { hrefOf } from "../Route.js"
import { Columns } from "../shared/Columns.js"
import { formatText } from "../shared/Format.js"
import { useLoad } from "../shared/Load.js"
import { Loaded } from "../shared/Status.js"
import { installedText, type ToolRow, versionOf } from "./ToolsApi.js"

const Row = ({ row }: { readonly row: ToolRow }) => {
  const installed = row.installation?.installed === true
  return (
    <tr data-installed={installed ? "yes" : "no"}>
      <th scope="row"><a href={hrefOf({ page: "tool", uuid: row.uuid })}>{row.name}</a></th>
      <td>{formatText(versionOf(row))}</td>
      <td>{formatText(row.languages.join(", "))}</td>
      <td class={installed ? undefined : "not-installed"}>{installedText(row.installation)}</td>
      <td>{row.enabledByDefault ? "yes" : "no"}</td>
    </tr>
  )
}

/**
 * Every tool of the catalogue: its version, its languages, and whether this server can run it: a
 * tool it cannot run leaves its languages "not analysed" in a repository that enables it.
 */
export const ToolsPage = ({ api }: { readonly api: ApiClient }) => {
  const rows = useLoad((signal) => api.listToolRows(signal), [api])
  return (
    <section aria-labelledby="tools-title">
      <h1 id="tools-title">Analysis tools</h1>
      <Loaded load={rows}>
        {(value) => (
          <table class="catalogue-tools">
            <caption class="visually-hidden">The catalogue's tools and whether this server runs them</caption>
            <Columns labels={["Tool", "Version", "Languages", "On this server", "On by default"]} />
            <tbody>
              {value.map((row) => <Row key={row.uuid} row={row} />)}
            </tbody>
          </table>
        )}
      </Loaded>
    </section>
  )
}
