import { describe, expect, it } from "@effect/vitest"
import { Effect } from "effect"
import { generateKeyPairSync } from "node:crypto"
import { maskSecret, scanSecrets, type SecretFinding } from "../../src/secrets/SecretScan.js"

/**
 * Fake secrets in the formats of secretlint's own rule fixtures, built at run time: this file then
 * holds no secret-shaped literal for a scanner (ours included, or a host's push protection) to report.
 */
const alphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789"
const fake = (length: number, seed: number) => {
  let state = seed
  let text = ""
  for (let i = 0; i < length; i++) {
    state = (state * 1103515245 + 12345) % 2147483648
    text += alphabet[state % alphabet.length]
  }
  return text
}
const awsSecret = `${fake(18, 1)}/${fake(21, 2)}`
const githubToken = ["gh", "p_", fake(36, 3)].join("")
const slackBotToken = ["xo", "xb-", "23984754863-2348975623103-", fake(24, 4)].join("")
const slackWebhook = ["https://hooks.slack", ".com/services/T0", fake(8, 5), "/B0", fake(8, 6), "/", fake(24, 7)].join("")
const npmToken = ["np", "m_", fake(36, 8)].join("")
const basicAuthUrl = ["https://deploy:", fake(12, 9), "@packages.example.com"].join("")
// A P-384 key in SEC1 form: the preset skips keys whose base64 body is shorter than 100 characters or
// does not start as a DER sequence of 128 bytes or more ("MI"), which excludes a P-256 SEC1 key.
const privateKey = (generateKeyPairSync("ec", { namedCurve: "secp384r1" }).privateKey.export({ type: "sec1", format: "pem" }) as string).trimEnd()

const scan = (files: Readonly<Record<string, string>>) =>
  scanSecrets(Object.entries(files).map(([path, content]) => ({ path, content })))

/** No field holds the secret, nor what its mask hides (all but its first 4 characters). */
const expectHidden = (findings: ReadonlyArray<SecretFinding>, secrets: ReadonlyArray<string>) => {
  for (const finding of findings) {
    for (const value of Object.values(finding)) {
      if (typeof value !== "string") continue
      for (const secret of secrets) {
        expect(value).not.toContain(secret)
        expect(value).not.toContain(secret.slice(4))
      }
    }
  }
}

const stars = (secret: string) => `${secret.slice(0, 4)}${"*".repeat(secret.length - 4)}`

describe("maskSecret", () => {
  it("keeps the first 4 characters of a long secret and stars the rest; a short one is all stars, at least 4", () => {
    expect(maskSecret("abcdefghijkl")).toBe("abcd********")
    expect(maskSecret("abcdefghi")).toBe("abcd*****")
    expect(maskSecret("abcdefgh")).toBe("********")
    expect(maskSecret("abc")).toBe("****")
  })
})

describe("scanSecrets", () => {
  it.effect("AWS: the secret access key is reported where it stands; the key id alone is not (the preset's default)", () =>
    Effect.gen(function*() {
      const content = ["[default]", "aws_access_key_id = AKIA" + fake(16, 10).toUpperCase(), `aws_secret_access_key = ${awsSecret}`, ""].join("\n")
      const findings = yield* scan({ "deploy/credentials": content })
      expect(findings.map((f) => [f.ruleId, f.line, f.preview, f.message])).toEqual([[
        "@secretlint/secretlint-rule-aws/AWSSecretAccessKey",
        3,
        // secretlint's range starts at the name with the key's length: the mask must start at the key.
        `aws_secret_access_key = ${stars(awsSecret)}`,
        `found AWS Secret Access Key: ${stars(awsSecret)}`
      ]])
      expectHidden(findings, [awsSecret])
    }))

  it.effect("GitHub, Slack, npm, a private key block and credentials in a URL: each with its rule, line and masked preview", () =>
    Effect.gen(function*() {
      const findings = yield* scan({
        "src/github.ts": `import { Octokit } from "octokit"\nexport const octokit = new Octokit({ auth: "${githubToken}" })\n`,
        "config/slack.yaml": `slack:\n  channel: "#deploys"\n  token: ${slackBotToken}\n  webhook: ${slackWebhook}\n`,
        ".npmrc": `registry=https://registry.npmjs.org/\n//registry.npmjs.org/:_authToken=${npmToken}\n`,
        "deploy/signing.pem": `# release signing key\n${privateKey}\n`,
        "setup.py": `index_url = "${basicAuthUrl}/simple"\n`
      })
      expect(findings.map((f) => [f.path, f.line, f.ruleId, f.preview])).toEqual([
        [".npmrc", 2, "@secretlint/secretlint-rule-npm/NPM_ACCESS_TOKEN", `//registry.npmjs.org/:_authToken=${stars(npmToken)}`],
        [".npmrc", 2, "@secretlint/secretlint-rule-npm/Npmrc_authToken", `//registry.npmjs.org/:_authToken=${stars(npmToken)}`],
        ["config/slack.yaml", 3, "@secretlint/secretlint-rule-slack/SLACK_TOKEN", `token: ${stars(slackBotToken)}`],
        ["config/slack.yaml", 4, "@secretlint/secretlint-rule-slack/IncomingWebhook", `webhook: ${stars(slackWebhook)}`],
        // The block is the secret: its first line and the lines after it are all mask, cut at 200.
        ["deploy/signing.pem", 2, "@secretlint/secretlint-rule-privatekey/PrivateKey", `----${"*".repeat(195)}…`],
        ["setup.py", 1, "@secretlint/secretlint-rule-basicauth/BasicAuth", `index_url = "${stars(basicAuthUrl)}/simple"`],
        ["src/github.ts", 2, "@secretlint/secretlint-rule-github/GITHUB_TOKEN", `export const octokit = new Octokit({ auth: "${stars(githubToken)}" })`]
      ])
      expect(findings.find((f) => f.path === "src/github.ts")?.message).toBe(
        `found GitHub Token(GitHub personal access tokens): ${stars(githubToken)}`)
      expectHidden(findings, [githubToken, slackBotToken, slackWebhook, npmToken, privateKey, basicAuthUrl])
    }))

  it.effect("two secrets on one line: each finding's preview and message mask both", () =>
    Effect.gen(function*() {
      const findings = yield* scan({ ".env": `AWS_SECRET_ACCESS_KEY=${awsSecret} GITHUB_TOKEN=${githubToken}\n` })
      expect(findings.map((f) => f.ruleId)).toEqual([
        "@secretlint/secretlint-rule-aws/AWSSecretAccessKey",
        "@secretlint/secretlint-rule-github/GITHUB_TOKEN"
      ])
      for (const finding of findings) {
        expect(finding.preview).toBe(`AWS_SECRET_ACCESS_KEY=${stars(awsSecret)} GITHUB_TOKEN=${stars(githubToken)}`)
      }
      expectHidden(findings, [awsSecret, githubToken])
    }))

  it.effect("reports nothing for the usual bait: documented example keys, environment lookups, ids, hashes, data URLs, placeholders", () =>
    Effect.gen(function*() {
      const findings = yield* scan({
        "docs/aws.md": [
          "Use the example pair from the AWS documentation:",
          "aws_access_key_id = AKIAIOSFODNN7EXAMPLE",
          "aws_secret_access_key = wJalrXUtnFEMI/K7MDENG/bPxRfiCYEXAMPLEKEY"
        ].join("\n"),
        "app/settings.py": [
          "import os",
          "password = os.environ[\"DB_PASSWORD\"]",
          "token = os.getenv(\"GITHUB_TOKEN\")",
          "REQUEST_ID = \"3f2b8c1e-6d4a-4f7e-9b2c-8a1d5e6f7a90\"",
          "FIXED_IN = \"9fceb02d0ae598e95dc970b74767f19372d61af8\"",
          "DSN = \"https://${USER}:${PASSWORD}@db.example.com/app\"",
          "GUIDE = \"https://username:password@example.com/api\""
        ].join("\n"),
        // requests' proxy documentation and URL-parsing tests: placeholder passwords.
        "docs/user/advanced.rst": "    'http': 'http://user:pass@10.10.1.10:3128/',\n    'https': 'http://alice:Secret@10.10.1.10:1080',\n",
        "web/index.html":
          "<img alt=\"dot\" src=\"data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==\">",
        "ci/.npmrc": "//registry.npmjs.org/:_authToken=${NPM_TOKEN}\n",
        "docs/keys.md": "```\n-----BEGIN PRIVATE KEY-----\n...\n-----END PRIVATE KEY-----\n```\n"
      })
      expect(findings).toEqual([])
    }))

  it.effect("honours secretlint's disable comments, the way a project marks a fixture", () =>
    Effect.gen(function*() {
      const findings = yield* scan({
        "test/fixtures.ts": `export const token = "${githubToken}" // secretlint-disable-line\n`
      })
      expect(findings).toEqual([])
    }))

  it.effect("the fingerprint is the secret's identity in its file: another file, another fingerprint; another line, the same", () =>
    Effect.gen(function*() {
      const line = `auth: "${githubToken}"\n`
      const [first, other, moved] = yield* Effect.all([
        scan({ "a.yaml": line }),
        scan({ "b.yaml": line }),
        scan({ "a.yaml": `# moved down\n\n\n${line}` })
      ])
      expect(first?.[0]?.line).toBe(1)
      expect(moved?.[0]?.line).toBe(4)
      expect(first?.[0]?.fingerprint).toMatch(/^[0-9a-f]{64}$/)
      expect(moved?.[0]?.fingerprint).toBe(first?.[0]?.fingerprint)
      expect(other?.[0]?.fingerprint).not.toBe(first?.[0]?.fingerprint)
    }))

  it.effect("skips lockfiles, minified bundles, source maps, PKCS#12 containers, files over 1 MiB and binary content", () =>
    Effect.gen(function*() {
      const line = `const token = "${githubToken}"\n`
      const findings = yield* scan({
        "package-lock.json": line,
        "web/yarn.lock": line,
        "pnpm-lock.yaml": line,
        "dist/app.min.js": line,
        "dist/app.js.map": line,
        "data/big.txt": line + "x".repeat(1024 * 1024),
        "assets/logo.bin": `\u0000\u0001${line}`,
        "certs/service.p12": line,
        "src/app.js": line
      })
      expect(findings.map((f) => f.path)).toEqual(["src/app.js"])
    }))

  it.effect("sorts by path, then line, then rule, whatever the order of the files", () =>
    Effect.gen(function*() {
      const findings = yield* scan({
        "z.env": `GITHUB_TOKEN=${githubToken}\n`,
        "a.env": `\n\nNPM=${npmToken}\nAWS_SECRET_ACCESS_KEY=${awsSecret} GITHUB_TOKEN=${githubToken}\n`
      })
      expect(findings.map((f) => `${f.path}:${f.line} ${f.ruleId.split("/")[1]}`)).toEqual([
        "a.env:3 secretlint-rule-npm",
        "a.env:4 secretlint-rule-aws",
        "a.env:4 secretlint-rule-github",
        "z.env:1 secretlint-rule-github"
      ])
    }))

  it.effect("leaves nothing behind in the process: no performance mark per rule and file, as secretlint's profiler would keep", () =>
    Effect.gen(function*() {
      const before = performance.getEntriesByType("mark").length
      const files = Object.fromEntries(Array.from({ length: 50 }, (_, i) => [`src/file${i}.env`, `NAME=value${i}\n`]))
      expect(yield* scan({ ...files, "a.env": `GITHUB_TOKEN=${githubToken}\n` })).toHaveLength(1)
      expect(performance.getEntriesByType("mark").length).toBe(before)
    }))
})
