import { HttpApi } from "@effect/platform"
import { AdminApi } from "./AdminApi.js"
import { AnalysisApi } from "./AnalysisApi.js"
import { GitHostWebhookApi } from "./GitHostWebhookApi.js"
import { IngestionApi } from "./IngestionApi.js"
import { ReporterApi } from "./ReporterApi.js"

/** Everything the bundled server serves; each part keeps its own OpenAPI document. */
export class TidemarkApi extends HttpApi.make("tidemark")
  .addHttpApi(AnalysisApi)
  .addHttpApi(AdminApi)
  .addHttpApi(IngestionApi)
  .addHttpApi(ReporterApi)
  .addHttpApi(GitHostWebhookApi)
{}
