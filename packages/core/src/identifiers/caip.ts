import { LatchError } from '../errors/latch-error.js'
import { displayValue } from './display-value.js'
import type { CaipAddress, CaipNetworkId, ChainNamespace } from './types.js'

// CAIP-2 / CAIP-10 grammar. No `g` or `y` flag: those make a RegExp stateful across calls.
const NAMESPACE = /^[-a-z0-9]{3,8}$/
const REFERENCE = /^[-_a-zA-Z0-9]{1,32}$/
const ACCOUNT_ADDRESS = /^[-.%a-zA-Z0-9]{1,128}$/
const CAIP2 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32})$/
const CAIP10 = /^([-a-z0-9]{3,8}):([-_a-zA-Z0-9]{1,32}):([-.%a-zA-Z0-9]{1,128})$/
// 8 + 1 + 32 and 41 + 1 + 128: longer input is rejected before any pattern runs.
const CAIP2_MAX_LENGTH = 41
const CAIP10_MAX_LENGTH = 170

/** A CAIP-2 network id split into its parts. */
export interface ParsedCaipNetworkId {
  chainNamespace: ChainNamespace
  chainReference: string
  caipNetworkId: CaipNetworkId
}

/** A CAIP-10 account id split into its parts. */
export interface ParsedCaipAddress extends ParsedCaipNetworkId {
  address: string
}

/** The two parts of a CAIP-2 network id, e.g. a {@link ParsedCaipNetworkId}. */
export interface CaipNetworkParts {
  chainNamespace: ChainNamespace
  chainReference: string
}

function invalidNetworkId(value: unknown): LatchError {
  return new LatchError('INVALID_CAIP2_NETWORK_ID', { values: { value: displayValue(value) } })
}

function invalidCaip10(value: unknown): LatchError {
  return new LatchError('INVALID_CAIP10_ADDRESS', { values: { value: displayValue(value) } })
}

function matchCaip2(value: unknown): RegExpExecArray | null {
  return typeof value === 'string' && value.length <= CAIP2_MAX_LENGTH ? CAIP2.exec(value) : null
}

function matchCaip10(value: unknown): RegExpExecArray | null {
  return typeof value === 'string' && value.length <= CAIP10_MAX_LENGTH ? CAIP10.exec(value) : null
}

/**
 * Parses a CAIP-2 network id (`namespace:reference`, e.g. `eip155:1`). Anything may be passed;
 * only a string matching the CAIP-2 grammar is accepted.
 * @throws LatchError `INVALID_CAIP2_NETWORK_ID`: 'Invalid CAIP-2 network id: {value}'.
 */
export function parseCaipNetworkId(value: unknown): ParsedCaipNetworkId {
  const match = matchCaip2(value)
  if (!match) throw invalidNetworkId(value)
  const [caipNetworkId, chainNamespace = '', chainReference = ''] = match
  return { chainNamespace, chainReference, caipNetworkId: caipNetworkId as CaipNetworkId }
}

/**
 * Parses a CAIP-10 account id (`namespace:reference:address`, e.g. `eip155:1:0xab…`). Only the
 * CAIP grammar is checked, not whether the address is valid for its chain; see
 * `isAddressForNamespace` for that.
 * @throws LatchError `INVALID_CAIP10_ADDRESS`: 'Invalid CAIP-10 address: {value}'.
 */
export function parseCaipAddress(value: unknown): ParsedCaipAddress {
  const match = matchCaip10(value)
  if (!match) throw invalidCaip10(value)
  const [, chainNamespace = '', chainReference = '', address = ''] = match
  return {
    chainNamespace,
    chainReference,
    caipNetworkId: `${chainNamespace}:${chainReference}`,
    address,
  }
}

/**
 * SPEC §5's shape check for a chain-qualified address: a string of three non-empty parts
 * separated by colons. Looser than {@link parseCaipAddress}, which also checks the grammar.
 * @returns the value itself, typed.
 * @throws LatchError `INVALID_CAIP_ADDRESS`: 'Invalid CAIP Address'.
 */
export function assertCaipAddress(value: unknown): CaipAddress {
  if (typeof value === 'string') {
    const parts = value.split(':', 4)
    if (parts.length === 3 && parts.every((part) => part.length > 0)) return value as CaipAddress
  }
  throw new LatchError('INVALID_CAIP_ADDRESS')
}

/** Whether `value` is a CAIP-2 network id. Never throws. */
/** A CAIP-2 namespace: 3 to 8 of lowercase letters, digits and hyphens (`eip155`, `solana`). */
export function isChainNamespace(value: unknown): value is ChainNamespace {
  return typeof value === 'string' && NAMESPACE.test(value)
}

export function isCaipNetworkId(value: unknown): value is CaipNetworkId {
  return matchCaip2(value) !== null
}

/** Whether `value` is a CAIP-10 account id. Never throws. */
export function isCaipAddress(value: unknown): value is CaipAddress {
  return matchCaip10(value) !== null
}

/**
 * The id built from two parts, or `undefined` when a part is invalid. Each part is checked on its
 * own, so a colon inside one part cannot pass as a separator. A number reference must be a plain
 * chain number: `String(NaN)` would otherwise make the valid-looking reference 'NaN'.
 */
function networkIdFromParts(namespace: unknown, reference: unknown): CaipNetworkId | undefined {
  const ref =
    typeof reference === 'number' && Number.isSafeInteger(reference) && reference >= 0
      ? String(reference)
      : reference
  if (typeof namespace !== 'string' || !NAMESPACE.test(namespace)) return undefined
  if (typeof ref !== 'string' || !REFERENCE.test(ref)) return undefined
  return `${namespace}:${ref}`
}

/**
 * Builds a CAIP-2 network id, e.g. `formatCaipNetworkId('eip155', 1)` → `'eip155:1'`.
 * @param reference a string, or a non-negative safe integer (a Network's numeric `id`).
 * @throws LatchError `INVALID_CAIP2_NETWORK_ID` naming the id that would have been built.
 */
export function formatCaipNetworkId(
  namespace: ChainNamespace,
  reference: string | number,
): CaipNetworkId {
  const id = networkIdFromParts(namespace, reference)
  if (id === undefined) {
    throw invalidNetworkId(`${displayValue(namespace)}:${displayValue(reference)}`)
  }
  return id
}

/**
 * Builds a CAIP-10 account id from a network (its CAIP-2 id, or its parts) and an address.
 * @example formatCaipAddress('eip155:1', '0xab…') → 'eip155:1:0xab…'
 * @throws LatchError `INVALID_CAIP10_ADDRESS` naming the id that would have been built.
 */
export function formatCaipAddress(
  network: CaipNetworkId | CaipNetworkParts,
  address: string,
): CaipAddress {
  let networkId: CaipNetworkId | undefined
  let shownNetwork: string
  if (typeof network === 'string') {
    networkId = isCaipNetworkId(network) ? network : undefined
    shownNetwork = network
  } else {
    const { chainNamespace, chainReference } = readParts(network)
    networkId = networkIdFromParts(chainNamespace, chainReference)
    shownNetwork = `${displayValue(chainNamespace)}:${displayValue(chainReference)}`
  }
  if (networkId === undefined || typeof address !== 'string' || !ACCOUNT_ADDRESS.test(address)) {
    throw invalidCaip10(`${displayValue(shownNetwork)}:${displayValue(address)}`)
  }
  return `${networkId}:${address}`
}

/** Reads the parts defensively: a JS caller may pass anything, even an object whose getters throw. */
function readParts(network: unknown): { chainNamespace?: unknown; chainReference?: unknown } {
  if (typeof network !== 'object' || network === null) return {}
  try {
    const { chainNamespace, chainReference } = network as Record<string, unknown>
    return { chainNamespace, chainReference }
  } catch {
    return {}
  }
}
