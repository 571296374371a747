export * as GitCli from "./GitCli.js"
