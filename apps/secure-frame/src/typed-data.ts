import * as z from 'zod/mini'
import type { ApprovalField } from './approval.js'
import { frameMessages as m } from './messages.js'

// eth_signTypedData_v4 (EIP-712) in the approval UI. A typed-data signature is only as specific
// as its domain: the same message signed for another contract, or another chain, is another
// permission (a token allowance, an order). So the prompt shows the domain (name, version), the
// chain and the verifying contract, and the primary type, before the message.

type Json = z.output<ReturnType<typeof z.json>>

/**
 * Whether the domain's type, when the request gives one, lists exactly the domain's fields. The
 * signature covers the fields `EIP712Domain` lists (viem derives the type from the domain only
 * when it is absent): a type leaving out `verifyingContract` would sign for any contract while
 * the prompt shows one. What is shown must be what is signed, so such a request is refused.
 */
function domainTypeMatches(data: {
  domain?: Record<string, Json>
  types: Record<string, { name: string }[]>
}): boolean {
  const listed = data.types.EIP712Domain
  if (!listed) return true
  const names = listed.map((field) => field.name)
  const keys = Object.keys(data.domain ?? {})
  return (
    new Set(names).size === names.length &&
    names.length === keys.length &&
    keys.every((key) => names.includes(key))
  )
}

/** What eth_signTypedData_v4 signs, checked before anything is shown or signed. */
export const typedDataSchema = z
  .object({
    domain: z.optional(z.record(z.string(), z.json())),
    types: z.record(z.string(), z.array(z.object({ name: z.string(), type: z.string() }))),
    primaryType: z.string(),
    message: z.record(z.string(), z.json()),
  })
  .check(z.refine(domainTypeMatches, 'EIP712Domain must list the domain’s fields'))

export type TypedData = z.output<typeof typedDataSchema>

/** A domain value as text: strings as they are, anything else as JSON; absent, said so. */
const shown = (value: Json | undefined) =>
  value === undefined ? m.notGiven : typeof value === 'string' ? value : JSON.stringify(value)

/** EIP-712's chainId (a number, or a decimal or hex string), or undefined when it is none. */
function chainIdOf(value: Json | undefined): bigint | undefined {
  if (typeof value === 'number' && Number.isSafeInteger(value)) return BigInt(value)
  if (typeof value === 'string' && /^(0x[0-9a-f]+|[0-9]+)$/i.test(value)) return BigInt(value)
  return undefined
}

/** The domain's chain, with whether it is the frame's current network. */
function chainField(value: Json | undefined, current: { id: number; name: string }): string {
  if (value === undefined) return m.notGiven
  const id = chainIdOf(value)
  if (id === undefined) return shown(value)
  return id === BigInt(current.id)
    ? m.chainCurrent(String(id), current.name)
    : m.chainOther(String(id), current.name)
}

/** The rows of a typed-data prompt: type, domain name and version, chain, contract (and salt). */
export function typedDataFields(
  data: TypedData,
  current: { id: number; name: string },
): ApprovalField[] {
  const domain = data.domain ?? {}
  return [
    { label: m.field.primaryType, value: data.primaryType },
    { label: m.field.domainName, value: shown(domain.name) },
    { label: m.field.domainVersion, value: shown(domain.version) },
    { label: m.field.chain, value: chainField(domain.chainId, current) },
    { label: m.field.contract, value: shown(domain.verifyingContract) },
    ...(domain.salt === undefined ? [] : [{ label: m.field.salt, value: shown(domain.salt) }]),
  ]
}
