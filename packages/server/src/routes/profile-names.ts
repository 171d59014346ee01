import {
  COIN_TYPE_FLAG,
  isBitcoinAddress,
  isSolanaAddress,
  type ProfileNameEntry,
} from '@latch/core/api'
import { and, asc, desc, eq, or } from 'drizzle-orm'
import { getAddress } from 'viem'
import { evmChainId } from '../account/chains.js'
import type { ServerConfig } from '../config/schema.js'
import type { Db } from '../db/database.js'
import { names, type NAME_NAMESPACES } from '../db/schema.js'

// The name service's reads (SPEC §7 `/v1/profile/*`) over the `names` table: a row becomes
// AppKit's `BlockchainApiLookupEnsName`, its address listed under every coin type it is good for.

/** The chains a name's address is for. */
export type NameNamespace = (typeof NAME_NAMESPACES)[number]

/** SLIP-44 coin types of the namespaces (ENSIP-9): what a client asks for when no chain's own. */
const GENERAL_COIN_TYPE: Readonly<Record<NameNamespace, string>> = {
  eip155: '60',
  solana: '501',
  bip122: '0',
}

/** The most names one reverse lookup lists (an address rarely holds more than a few). */
export const REVERSE_NAMES_MAX = 100

/** A `names` row as the service reads it. */
export interface NameRow {
  name: string
  address: string
  namespace: NameNamespace
  avatar: string | null
  createdAt: Date
}

const nameColumns = {
  name: names.name,
  address: names.address,
  namespace: names.namespace,
  avatar: names.avatar,
  createdAt: names.createdAt,
}

/**
 * The coin types a name's address is listed under, by namespace: 60 for EVM plus each configured
 * EVM chain's own (ENSIP-11, `COIN_TYPE_FLAG + chainId`, what core's `coinTypesOf` asks first),
 * 501 for Solana, 0 for Bitcoin.
 */
export function coinTypesByNamespace(config: ServerConfig): Record<NameNamespace, string[]> {
  const evmChains = config.chains.flatMap((chain) => {
    const chainId = evmChainId(chain.caipNetworkId)
    // ENSIP-11 has room for chain ids below the flag only; a larger one has no coin type.
    return chainId !== undefined && chainId < COIN_TYPE_FLAG
      ? [String(COIN_TYPE_FLAG + chainId)]
      : []
  })
  return {
    eip155: [GENERAL_COIN_TYPE.eip155, ...new Set(evmChains)],
    solana: [GENERAL_COIN_TYPE.solana],
    bip122: [GENERAL_COIN_TYPE.bip122],
  }
}

/**
 * How an address is stored in its namespace: EVM and segwit (bech32 is one case either way) in
 * lower case, base58 exactly as given, since its case is part of the address.
 */
export function storedAddress(namespace: NameNamespace, address: string): string {
  if (namespace === 'eip155') return address.toLowerCase()
  if (namespace === 'bip122' && /^(bc|tb|bcrt)1/i.test(address)) return address.toLowerCase()
  return address
}

/**
 * The rows an address given to the reverse lookup can match: one for an EVM address; for base58,
 * which may be a Solana key and a Bitcoin legacy address at once, one per namespace it fits.
 */
export function addressCandidates(
  address: string,
): { namespace: NameNamespace; address: string }[] {
  if (/^0x[0-9a-fA-F]{40}$/.test(address)) {
    return [{ namespace: 'eip155', address: storedAddress('eip155', address) }]
  }
  return [
    ...(isSolanaAddress(address) ? [{ namespace: 'solana' as const, address }] : []),
    ...(isBitcoinAddress(address)
      ? [{ namespace: 'bip122' as const, address: storedAddress('bip122', address) }]
      : []),
  ]
}

/** A row as the client reads it: its address under each coin type, times in unix seconds. */
export function nameEntry(
  row: NameRow,
  coinTypes: Record<NameNamespace, string[]>,
): ProfileNameEntry {
  const seconds = Math.floor(row.createdAt.getTime() / 1000)
  // EVM addresses are stored lower case; clients get the EIP-55 checksummed form.
  const address = row.namespace === 'eip155' ? getAddress(row.address) : row.address
  return {
    name: row.name,
    registered: seconds,
    // Names are not edited yet: the last update is the registration.
    updated: seconds,
    addresses: Object.fromEntries(
      coinTypes[row.namespace].map((coinType) => [coinType, { address, created: String(seconds) }]),
    ),
    attributes: row.avatar ? [{ avatar: row.avatar }] : [],
  }
}

/** The row of a normalised name (see `profileNameSchema`), or undefined. */
export async function findName(db: Db, name: string): Promise<NameRow | undefined> {
  const [row] = await db.select(nameColumns).from(names).where(eq(names.name, name)).limit(1)
  return row
}

/** The names of an address, newest first (by name on a tie, so pages are stable). */
export async function namesOfAddress(db: Db, address: string): Promise<NameRow[]> {
  const candidates = addressCandidates(address)
  if (candidates.length === 0) return []
  return db
    .select(nameColumns)
    .from(names)
    .where(
      or(
        ...candidates.map((candidate) =>
          and(eq(names.namespace, candidate.namespace), eq(names.address, candidate.address)),
        ),
      ),
    )
    .orderBy(desc(names.createdAt), asc(names.name))
    .limit(REVERSE_NAMES_MAX)
}
