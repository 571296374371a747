import type { Effect } from "effect"
import { type ProgramLookup, programOnPath } from "../external/ProgramOnPath.js"

/**
 * Checkstyle as installed on this server: its program (Debian's `checkstyle`, a shell script that
 * starts Java) and its version (`Checkstyle version: 8.36.1`), which the cache keys on. Looked up
 * as ProgramOnPath looks.
 */

/** How to install it, for the problem an analysis shows when it is missing. */
export const installHint = "install Checkstyle (apt-get install checkstyle, which brings Java; scripts/install-analysers.sh installs every analyser)"

/** The version in `checkstyle --version`'s answer. */
export const versionOf = (output: string): string | undefined => /^Checkstyle version:\s*(\d+\.\d+\S*)\s*$/m.exec(output)?.[1]

/**
 * The JVM's sizes, told through `JAVA_TOOL_OPTIONS` (which every JVM reads, whatever script starts
 * it). Left alone, a JVM reserves a quarter of the machine's memory for its heap and a gigabyte
 * for its classes, and will not start inside the fences' address-space limit; a heap of 512 MB (within the 1 GB a version query is given)
 * holds Checkstyle's tree of the longest source read (commons-lang's 9 000-line StringUtils), and
 * the client compiler alone starts it fastest (a run is seconds, never long enough for the other).
 */
export const jvmOptions: ReadonlyArray<string> = [
  "-Xmx512m",
  "-Xss4m",
  "-XX:+UseSerialGC",
  "-XX:TieredStopAtLevel=1",
  "-XX:ReservedCodeCacheSize=64m",
  "-XX:CompressedClassSpaceSize=64m",
  "-XX:MaxMetaspaceSize=256m",
  "-Djava.awt.headless=true",
  // No /tmp/hsperfdata_<user>/<pid> file: every JVM is pid 1 in its PID namespace, and would fight over one.
  "-XX:-UsePerfData",
  // The JVM's own warnings go to standard output unless told: they would break the report.
  "-Xlog:disable",
  "-Xlog:all=warning:stderr"
]

/**
 * The variables a run of Checkstyle gets beside the fences' own. glibc reserves 64 MB of address
 * space for each thread's memory arena (up to eight a core): two hold the JVM's threads, and keep a
 * run over 200 of commons-lang's sources at 1.0 GB of address space rather than 1.85 GB, where a
 * thread could no longer start inside the 2 GB limit (`pthread_create failed (EAGAIN)`).
 */
export const checkstyleEnvironment: Readonly<Record<string, string>> = { JAVA_TOOL_OPTIONS: jvmOptions.join(" "), MALLOC_ARENA_MAX: "2" }

/** The address space a run is given: the heap, the JVM's own reservations, and room for its threads. */
export const checkstyleMemoryMegabytes = 2048

/** Checkstyle on the search path (the service's PATH when none is given), or why it cannot be used. */
export const checkstyleOnPath = (searchPath?: string): Effect.Effect<ProgramLookup> =>
  programOnPath({ name: "checkstyle", versionArgs: ["--version"], versionOf, environment: checkstyleEnvironment }, searchPath)
