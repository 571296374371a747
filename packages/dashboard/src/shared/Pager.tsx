/** Keyset pages go forward only: back to the first page, or on to the next when there is one. */
export const Pager = ({ first, next }: { readonly first: string | undefined; readonly next: string | undefined }) => (
  <nav aria-label="Pages" class="pager">
    {first === undefined ? null : <a href={first}>First page</a>}
    {next === undefined ? null : <a href={next}>Next page</a>}
  </nav>
)
