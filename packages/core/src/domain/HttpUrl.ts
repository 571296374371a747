import { Schema } from "effect"

/** Whether `input` is an absolute `http://` or `https://` URL: what a server, an API or a page is reached at. */
export const isHttpUrl = (input: string): boolean => URL.canParse(input) && /^https?:$/.test(new URL(input).protocol)

/** An absolute http(s) URL. */
export const HttpUrl = Schema.String.pipe(Schema.filter(isHttpUrl, { message: () => "expected an http:// or https:// URL" }))
