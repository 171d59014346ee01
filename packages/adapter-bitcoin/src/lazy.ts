/**
 * A module loaded once, on first use: the first call starts the `import()`, every later one gets
 * the same promise. A failed load (a dropped connection) is forgotten, so the next call tries
 * again instead of failing forever.
 */
export function lazily<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | undefined
  return () =>
    (loading ??= load().catch((error: unknown) => {
      loading = undefined
      throw error
    }))
}
