import { readFileSync } from "node:fs"

const fixtures = new URL("./fixtures/", import.meta.url)

/** A coverage report from test/fixtures/coverage (the README there says where each comes from). */
export const coverageFixture = (name: string): string => readFileSync(new URL(`coverage/${name}`, fixtures), "utf8")

/** A manifest from test/fixtures/stack (package.json is stored under another name: it is not a package). */
export const stackFixture = (name: string): string => readFileSync(new URL(`stack/${name}`, fixtures), "utf8")

/** A SARIF log from test/fixtures/sarif. */
export const sarifFixture = (name: string): string => readFileSync(new URL(`sarif/${name}`, fixtures), "utf8")
