/** What a complexity measure finds in one file (Complexity.ts chooses the measure by language). */

export interface FunctionComplexity {
  readonly name: string
  /** 1-based line where the function starts. */
  readonly line: number
  readonly complexity: number
}

export interface FileComplexity {
  readonly functions: ReadonlyArray<FunctionComplexity>
  /** The sum over the file's functions (code outside any function counts for none). */
  readonly complexity: number
}
