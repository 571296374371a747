import { storageLayer } from "@tidemark/core/memory"
import { storageContracts } from "../src/index.js"

// `storageLayer` builds fresh maps each time a suite builds it.
storageContracts("memory", () => storageLayer)
