import { MemoryEventQueue, MemoryEventStore, storageLayer } from "@tidemark/core/memory"
import { eventQueueContract, eventStoreContract, storageContracts } from "../src/index.js"

// `storageLayer` builds fresh maps each time a suite builds it.
storageContracts("memory", () => storageLayer)

eventStoreContract("memory", MemoryEventStore.layer)

eventQueueContract("memory", () => MemoryEventQueue.layer({ visibility: "1 second" }), {
  visibility: "1 second",
  concurrent: true
})
