#!/usr/bin/env node
// First: V8 settings apply to what the process allocates from here on.
import "./RuntimeFlags.js"
import { NodeContext, NodeRuntime } from "@effect/platform-node"
import { Effect } from "effect"
import { run } from "./cli/Command.js"
import { exitCodeOf } from "./cli/ExitCode.js"

// Failures are reported by the command itself (one line, no stack trace); runMain only sets the
// exit code, which a command may choose (`gate`).
run(process.argv).pipe(
  Effect.provide(NodeContext.layer),
  NodeRuntime.runMain({ disableErrorReporting: true, teardown: (exit, onExit) => onExit(exitCodeOf(exit)) })
)
