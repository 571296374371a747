#!/usr/bin/env node
import { NodeRuntime } from "@effect/platform-node"
import { Effect, Layer } from "effect"
import { serverConfig } from "./ServerConfig.js"
import { serverLayer } from "./Server.js"

const serve = Effect.flatMap(serverConfig, (config) => Layer.launch(serverLayer(config)))

NodeRuntime.runMain(serve)
