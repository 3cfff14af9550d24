// `list --all --no-count`: the service is not asked for the total, and the document has
// none, as for one page. Shared by the list commands that take --no-count, and by
// `api <operation> --all --include-count false`.

export function withoutCount<T extends { totalCount?: number }>({ totalCount: _omitted, ...rest }: T): Omit<T, 'totalCount'> {
  return rest;
}

/** The stream's pages as they are; its tail without totalCount. */
export async function* tailWithoutCount<T, Tail extends { totalCount?: number }>(pages: AsyncGenerator<T, Tail, undefined>): AsyncGenerator<T, Omit<Tail, 'totalCount'>, undefined> {
  return withoutCount(yield* pages);
}
