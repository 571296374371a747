#!/usr/bin/env node
// First: V8 settings apply to what the process allocates from here on.
import "./RuntimeFlags.js"
import { NodeContext, NodeRuntime } from "@effect/platform-node"
import { Effect } from "effect"
import { run } from "./cli/Command.js"

// Failures are reported by the command itself (one line, no stack trace); runMain only sets the exit code.
run(process.argv).pipe(Effect.provide(NodeContext.layer), NodeRuntime.runMain({ disableErrorReporting: true }))
