import { eventStoreContract } from "@tidemark/port-contracts"
import { Layer } from "effect"
import { Migrations, PgEventStore, ScratchDatabase } from "../src/index.js"

eventStoreContract("PostgreSQL", PgEventStore.layer.pipe(Layer.provide(Migrations.layer), Layer.provide(ScratchDatabase.layer)))
