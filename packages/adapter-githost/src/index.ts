export * as HostCommitStatuses from "./HostCommitStatuses.js"
export * as StatusRequests from "./StatusRequests.js"
