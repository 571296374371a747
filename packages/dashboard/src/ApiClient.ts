/**
 * The client gathering every call the dashboard makes to the server's APIs, each area's from its
 * own module, over one request function (the token, and a refused token reported once).
 */
import { changeCalls } from "./changes/ChangesApi.js"
import { deliveryCalls } from "./delivery/DeliveryApi.js"
import { dependencyCalls } from "./dependencies/DependenciesApi.js"
import { repositoryCalls } from "./repositories/RepositoriesApi.js"
import { resultCalls } from "./results/ResultsApi.js"
import { securityCalls } from "./security/SecurityApi.js"
import { type ApiClientOptions, makeRequest } from "./shared/ApiRequest.js"
import { toolCalls } from "./tools/ToolsApi.js"
import { triageCalls } from "./triage/TriageApi.js"

export const makeApiClient = (options: ApiClientOptions) => {
  const request = makeRequest(options)
  const org = options.organization
  return {
    organization: org,
    ...repositoryCalls(request, org),
    ...deliveryCalls(request, org),
    ...resultCalls(request, org),
    ...changeCalls(request, org),
    ...toolCalls(request),
    ...triageCalls(request, org),
    ...securityCalls(request, org),
    ...dependencyCalls(request, org)
  }
}

export type ApiClient = ReturnType<typeof makeApiClient>
