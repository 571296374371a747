// sloc ships no types; this declares the one call the line counter makes.
declare module "sloc" {
  interface SlocCounts {
    readonly total: number
    readonly source: number
    readonly comment: number
    readonly empty: number
  }
  const sloc: (code: string, extension: string) => SlocCounts
  export default sloc
}
