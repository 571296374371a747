/** Keyset pages go forward only: back to the first page, or on to the next when there is one. */
export const Pager = ({ first, next }: { readonly first: string | undefined; readonly next: string | undefined }) => (
  <nav aria-label="Pages" class="pager">
    {first === undefined ? null : <a href={first}>First page</a>}
    {next === undefined ? null : <a href={next}>Next page</a>}
  </nav>
)

/**
 * The pager of a page addressed by its cursor: `hrefAt` links the page at a cursor (the first page
 * at none); a first-page link only away from the first page, a next one only when the API gave a cursor.
 */
export const CursorPager = ({ cursor, next, hrefAt }: {
  readonly cursor: string | undefined
  readonly next: string | undefined
  readonly hrefAt: (cursor: string | undefined) => string
}) => <Pager first={cursor === undefined ? undefined : hrefAt(undefined)} next={next === undefined ? undefined : hrefAt(next)} />
