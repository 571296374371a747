import * as Worker from "@effect/platform/Worker"
import * as NodeWorker from "@effect/platform-node/NodeWorker"
import { Cause, Context, Effect, Layer, Pool, Schema } from "effect"
import { fileURLToPath } from "node:url"
import { Worker as Thread } from "node:worker_threads"
import type { EnabledRule, EslintFlavour } from "./EnabledRule.js"
import { analysisThreadLimits } from "./ThreadLimits.js"
import { type LintedTurnData, LintShare, LintThreadRequest, LintThreadStart } from "./LintThreadProtocol.js"
import { reasonOfThrow } from "./SkippedFile.js"
import type { SourceFile } from "./SourceTree.js"

/** The lint thread ended or broke: the analysis that needed its share fails (and its thread is replaced). */
export class LintHelperFailed extends Schema.TaggedError<LintHelperFailed>()("LintHelperFailed", {
  reason: Schema.String
}) {
  override get message() {
    return `the lint thread failed: ${this.reason}`
  }
}

/**
 * A second thread that lints a share of a tree while the analysis thread measures it: both take
 * the files' turns from `turns` (LintTurns). Only analysis threads have one; an analyzer in the
 * service's own thread lints alone.
 */
export class LintHelper extends Context.Tag("@tidemark/analysis/LintHelper")<LintHelper, {
  readonly lintShare: (
    root: string,
    files: ReadonlyArray<SourceFile>,
    rules: ReadonlyArray<EnabledRule>,
    flavour: EslintFlavour,
    turns: SharedArrayBuffer
  ) => Effect.Effect<ReadonlyArray<LintedTurnData>, LintHelperFailed>
}>() {}

/** Source and built modules both sit one folder below the package, beside `dist/`. */
export const lintThreadScript = fileURLToPath(new URL("../dist/LintThread.js", import.meta.url))

export interface LintHelperOptions {
  /** Where the lint thread keeps its cache of messages: its analysis thread's. */
  readonly cacheDirectory: string
  /** The memory of the clock the lint thread keeps its files' time on (FileClock), read by the service. */
  readonly clock: SharedArrayBuffer
}

const spawn = (options: LintHelperOptions) => () =>
  // Built modules, as the analysis thread itself: no flags of the parent's.
  new Thread(lintThreadScript, { execArgv: [], workerData: { clock: options.clock }, resourceLimits: analysisThreadLimits })

const failure = (cause: Cause.Cause<unknown>) => new LintHelperFailed({ reason: reasonOfThrow(Cause.squash(cause)) })

export const make = (options: LintHelperOptions) =>
  Effect.gen(function*() {
    const pool = yield* Worker.makePoolSerialized<LintThreadRequest>({
      size: 1,
      initialMessage: () => new LintThreadStart({ cacheDirectory: options.cacheDirectory })
    })
    return LintHelper.of({
      lintShare: (root, files, rules, flavour, turns) =>
        Effect.scoped(Effect.flatMap(pool.backing.get, (thread) =>
          thread.executeEffect(new LintShare({ root, files, rules, flavour, turns })).pipe(
            // Nothing but the thread itself fails a share: the next tree gets a new one.
            Effect.tapErrorCause((cause) => Cause.isInterruptedOnly(cause) ? Effect.void : Pool.invalidate(pool.backing, thread))
          ))).pipe(Effect.catchAllCause((cause) => Cause.isInterruptedOnly(cause) ? Effect.interrupt : Effect.fail(failure(cause))))
    })
  }).pipe(Effect.provide(NodeWorker.layer(spawn(options))))

export const layer = (options: LintHelperOptions): Layer.Layer<LintHelper> => Layer.scoped(LintHelper, Effect.orDie(make(options)))
