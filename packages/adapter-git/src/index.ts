export * as DnsNetworkAddresses from "./DnsNetworkAddresses.js"
export * as GitCli from "./GitCli.js"
