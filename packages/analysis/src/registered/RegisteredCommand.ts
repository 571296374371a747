import { argumentBatches } from "../external/ArgumentBatches.js"

/**
 * A registered tool's command as run: `{files}`, an argument of its own, stands for the files of
 * the tool's languages (relative to the checkout, which is the working folder); `{output}`, in any
 * argument, for the file its log is written to. A command without `{files}` is run once over the
 * whole checkout; with it, once per batch of files the system takes as arguments.
 */

export const filesPlaceholder = "{files}"
export const outputPlaceholder = "{output}"

export interface CommandLine {
  readonly program: string
  readonly args: ReadonlyArray<string>
}

export const namesFiles = (command: ReadonlyArray<string>): boolean => command.includes(filesPlaceholder)

export const writesOutputFile = (command: ReadonlyArray<string>): boolean => command.some((arg) => arg.includes(outputPlaceholder))

/** The command lines that run the tool over `files` (one over the checkout when it names none), the n-th writing to `outputOf(n)`. */
export const commandLines = (
  command: readonly [string, ...Array<string>],
  files: ReadonlyArray<string>,
  outputOf: (run: number) => string
): ReadonlyArray<CommandLine> => {
  const [program, ...template] = command
  const expand = (batch: ReadonlyArray<string>, output: string) =>
    template.flatMap((arg) => (arg === filesPlaceholder ? batch : [arg.replaceAll(outputPlaceholder, output)]))
  const batches = namesFiles(command) ? argumentBatches([program, ...template.filter((arg) => arg !== filesPlaceholder)], files) : [[]]
  return batches.map((batch, run) => ({ program, args: expand(batch, outputOf(run)) }))
}
