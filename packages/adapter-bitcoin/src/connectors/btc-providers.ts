import type { SatsConnectProvider } from './sats-connect-rpc.js'

/** One entry of `window.btc_providers`, with the provider object it names. */
export interface AnnouncedProvider {
  readonly id: string
  readonly name: string
  readonly icon: unknown
  readonly provider: SatsConnectProvider
  /** The methods the entry lists (WBIP-004), when it lists them. */
  readonly methods: readonly string[] | undefined
}

type Page = Record<string, unknown>

const isRecord = (value: unknown): value is Page => typeof value === 'object' && value !== null
const isProvider = (value: unknown): value is SatsConnectProvider =>
  isRecord(value) && typeof value.request === 'function'

/** The page's globals: `window` (a stand-in in Node tests), else `globalThis`. */
function page(): Page {
  const scope = globalThis as Page
  return isRecord(scope.window) ? scope.window : scope
}

/**
 * The object at a dotted path of the page (`XverseProviders.BitcoinProvider`), as sats-connect's
 * `getProviderById` reads it; own properties only, so `__proto__` or `constructor` lead nowhere.
 */
function atPath(root: Page, path: string): unknown {
  let current: unknown = root
  for (const part of path.split('.')) {
    if (!isRecord(current) || !Object.hasOwn(current, part)) return undefined
    current = current[part]
  }
  return current
}

/**
 * WBIP-004 discovery: each `window.btc_providers` entry `{ id, name, icon, methods }` whose
 * provider (at `window[id]`, or the entry itself when it carries `request`) answers `request()`.
 * The first entry of an id wins; malformed entries are skipped.
 */
export function satsConnectProviders(): AnnouncedProvider[] {
  const root = page()
  const entries = root.btc_providers
  if (!Array.isArray(entries)) return []
  const found = new Map<string, AnnouncedProvider>()
  for (const entry of entries as unknown[]) {
    if (!isRecord(entry) || typeof entry.id !== 'string' || typeof entry.name !== 'string') continue
    if (entry.id === '' || found.has(entry.id)) continue
    const provider = isProvider(entry) ? entry : atPath(root, entry.id)
    if (!isProvider(provider)) continue
    const methods = Array.isArray(entry.methods)
      ? entry.methods.filter((method): method is string => typeof method === 'string')
      : undefined
    found.set(entry.id, { id: entry.id, name: entry.name, icon: entry.icon, provider, methods })
  }
  return [...found.values()]
}
