export * as NatsEventQueue from "./NatsEventQueue.js"
