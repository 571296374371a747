#!/usr/bin/env node
// First: V8 settings apply to what the process allocates from here on.
import "./RuntimeFlags.js"
import * as NodeContext from "@effect/platform-node/NodeContext"
import * as NodeRuntime from "@effect/platform-node/NodeRuntime"
import { Effect } from "effect"
import { run } from "./cli/Command.js"
import { exitCodeOf } from "./cli/ExitCode.js"

// Failures are reported by the command itself (one line, no stack trace); runMain only sets the
// exit code, which a command may choose (`gate`). Its pretty logger is left out: it would print
// every log line a second time, unredacted (Redaction.redactingLogger is the one logger).
run(process.argv).pipe(
  Effect.provide(NodeContext.layer),
  NodeRuntime.runMain({ disableErrorReporting: true, disablePrettyLogger: true, teardown: (exit, onExit) => onExit(exitCodeOf(exit)) })
)
