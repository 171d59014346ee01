import { z } from 'zod'
import type { DappInfo } from './types.js'

/** Dapp metadata is untrusted input: anything malformed becomes an empty or placeholder value. */
const dappInfoSchema = z.object({
  name: z.string().catch('Unnamed dapp'),
  description: z.string().catch(''),
  url: z.string().catch(''),
  icons: z.array(z.string()).catch([]),
})

const UNKNOWN_DAPP: DappInfo = { name: 'Unnamed dapp', description: '', url: '', icons: [] }

/** How a dapp describes itself, from the metadata of its proposal or session. */
export function dappInfo(metadata: unknown): DappInfo {
  const result = dappInfoSchema.safeParse(metadata)
  return result.success ? result.data : { ...UNKNOWN_DAPP }
}
