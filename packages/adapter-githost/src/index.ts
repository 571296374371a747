export * as HostCommitStatuses from "./HostCommitStatuses.js"
export * as StatusRequests from "./StatusRequests.js"
export * as DecorationRequests from "./DecorationRequests.js"
export * as HostPullRequestDecorations from "./HostPullRequestDecorations.js"
