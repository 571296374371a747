export * as NatsEventQueue from "./NatsEventQueue.js"
export * as PrivateNatsServer from "./PrivateNatsServer.js"
