/**
 * Runs `body` with getters on browser globals that record every read, then restores them.
 * Resolves with the names that were touched.
 */
export async function touchedBrowserGlobals(
  names: readonly string[],
  body: () => unknown,
): Promise<string[]> {
  const touched: string[] = []
  const saved = names.map((name) => Object.getOwnPropertyDescriptor(globalThis, name))
  for (const name of names) {
    Object.defineProperty(globalThis, name, {
      configurable: true,
      get: () => void touched.push(name),
    })
  }
  try {
    await body()
    return touched
  } finally {
    names.forEach((name, i) => {
      const descriptor = saved[i]
      if (descriptor) Object.defineProperty(globalThis, name, descriptor)
      else delete (globalThis as Record<string, unknown>)[name]
    })
  }
}
