import { Schema } from "effect"
import { Rfc3339 } from "../Rfc3339.js"

// Jira writes `2024-05-01T12:00:00.000+0000`; GitLab's hook times read `2021-04-28 21:50:00 +0200`.
const offsetWithoutColon = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2}(?:\.\d+)?) ?([+-]\d{2}):?(\d{2})$/
// GitLab's older hook times (pipelines, builds): `2016-08-12 15:23:28 UTC`.
const utcSuffix = /^(\d{4}-\d{2}-\d{2})[Tt ](\d{2}:\d{2}:\d{2}(?:\.\d+)?) UTC$/

/**
 * Rewrites the date-time spellings providers use into RFC 3339, keeping the instant and the
 * offset; a string already in RFC 3339 comes back unchanged, anything else is left for
 * `Rfc3339` to reject.
 */
export const toRfc3339 = (s: string): string =>
  s.replace(offsetWithoutColon, "$1T$2$3:$4").replace(utcSuffix, "$1T$2Z")

/** A provider's date-time, decoded to an RFC 3339 string that core's `Rfc3339` accepts. */
export const ProviderTimestamp = Schema.transform(Schema.String, Rfc3339, {
  strict: true,
  decode: toRfc3339,
  encode: (s) => s
}).annotations({ identifier: "ProviderTimestamp" })
