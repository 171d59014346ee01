import { isSafeRpcMethod } from '@latch/frame'
import {
  createWalletClient,
  defineChain,
  http,
  isAddress,
  isHex,
  numberToHex,
  type Chain,
  type Hex,
  type TypedDataDefinition,
} from 'viem'
import type { PrivateKeyAccount } from 'viem/accounts'
import * as z from 'zod/mini'
import type { ApprovalField, Approver } from './approval.js'
import type { FrameChain } from './config.js'
import { frameMessages as m } from './messages.js'
import { typedDataFields, typedDataSchema } from './typed-data.js'

// RPC_REQUEST in the frame (SPEC §7 "Chain RPC"): reads pass through to the chain, through the
// Latch server's RPC proxy; what needs the key (signatures, transactions) waits for the
// visitor's approval in the frame's own UI, then is signed here with viem's local account.

/** EIP-1193's user rejection, worded so SPEC §8's 'user rejected' reading applies. */
export const USER_REJECTED = 'User rejected the request.'
/** SPEC §8: a request method that is not allowed. */
export const NOT_ALLOWED = 'Requested RPC call is not allowed'

type Json = z.output<ReturnType<typeof z.json>>
type Params = readonly Json[] | Record<string, Json> | undefined

/** What an RPC request needs from the frame. */
export interface RpcContext {
  /** The signed-in account, or a throw ('Session Expired'). */
  account(): Promise<PrivateKeyAccount>
  chain(): FrameChain
  /** Switches the frame's chain (wallet_switchEthereumChain). */
  switchChain(chainId: number): Promise<void>
  approve: Approver
  /** The JSON-RPC URL of a chain (the server's proxy). */
  rpcUrl(chainId: number): string
  fetch?: typeof fetch
}

const txSchema = z.object({
  from: z.optional(z.string()),
  to: z.optional(z.nullable(z.string().check(z.regex(/^0x[0-9a-fA-F]{40}$/)))),
  value: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))),
  data: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]*$/))),
  gas: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]+$/))),
  nonce: z.optional(z.string().check(z.regex(/^0x[0-9a-fA-F]+$/))),
})

function viemChain(chain: FrameChain, url: string): Chain {
  return defineChain({
    id: chain.id,
    name: chain.name,
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
    rpcUrls: { default: { http: [url] } },
  })
}

const list = (params: Params): readonly Json[] => (Array.isArray(params) ? params : [])

function sameAddress(account: PrivateKeyAccount, value: Json | undefined): void {
  if (typeof value === 'string' && value.toLowerCase() !== account.address.toLowerCase()) {
    throw new Error(`Account ${value} not found for connector Latch`)
  }
}

/** Forwards one read to the chain through the server's proxy. */
async function forward(context: RpcContext, method: string, params: Params): Promise<Json> {
  const fetchFn = context.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const response = await fetchFn(context.rpcUrl(context.chain().id), {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ jsonrpc: '2.0', id: 1, method, params: params ?? [] }),
  })
  const body = z.safeParse(
    z.object({
      result: z.optional(z.json()),
      error: z.optional(z.object({ message: z.string() })),
    }),
    await response.json().catch(() => undefined),
  )
  if (!body.success) throw new Error(`HTTP status code: ${response.status}`)
  if (body.data.error) throw new Error(body.data.error.message)
  return body.data.result ?? null
}

/** Answers one RPC_REQUEST. @throws Error with the text the host shows. */
export async function handleRpc(
  context: RpcContext,
  request: { method: string; params?: Params },
  meta: { id: string; signal: AbortSignal; notify: (approved: boolean | undefined) => void },
): Promise<Json> {
  const { method, params } = request
  const args = list(params)
  switch (method) {
    case 'eth_accounts':
    case 'eth_requestAccounts':
      return [(await context.account()).address]
    case 'eth_chainId':
      return numberToHex(context.chain().id)
    case 'wallet_switchEthereumChain': {
      const first = args[0]
      const hex =
        typeof first === 'object' && first !== null && !Array.isArray(first)
          ? first.chainId
          : undefined
      if (typeof hex !== 'string' || !isHex(hex)) throw new Error('Invalid chainId')
      await context.switchChain(Number(hex))
      return null
    }
  }
  if (isSafeRpcMethod(method)) return forward(context, method, params)

  const account = await context.account()
  const ask = async (
    title: string,
    what: { fields?: readonly ApprovalField[]; details?: ApprovalField },
  ) => {
    meta.notify(undefined)
    const approved = await context.approve({ id: meta.id, method, title, ...what }, meta.signal)
    meta.notify(approved)
    if (!approved) throw new Error(USER_REJECTED)
  }
  switch (method) {
    case 'personal_sign': {
      const [message, address] = args
      if (typeof message !== 'string') throw new Error('personal_sign needs a message')
      sameAddress(account, address)
      const readable = isHex(message) ? tryUtf8(message) : message
      await ask(m.title.personalSign, { details: { label: m.field.message, value: readable } })
      return account.signMessage({ message: isHex(message) ? { raw: message } : message })
    }
    case 'eth_signTypedData_v4': {
      const [address, data] = args
      sameAddress(account, address)
      const parsed = z.safeParse(typedDataSchema, typeof data === 'string' ? safeJson(data) : data)
      if (!parsed.success) throw new Error('eth_signTypedData_v4 needs typed data')
      await ask(m.title.signTypedData, {
        fields: typedDataFields(parsed.data, context.chain()),
        details: { label: m.field.message, value: JSON.stringify(parsed.data.message, null, 2) },
      })
      const typed: TypedDataDefinition<
        Record<string, readonly { name: string; type: string }[]>,
        string
      > = {
        domain: parsed.data.domain ?? {},
        types: parsed.data.types,
        primaryType: parsed.data.primaryType,
        message: parsed.data.message,
      }
      return account.signTypedData(typed)
    }
    case 'eth_sendTransaction': {
      const parsed = z.safeParse(txSchema, args[0])
      if (!parsed.success) throw new Error('eth_sendTransaction needs a transaction')
      const tx = parsed.data
      sameAddress(account, tx.from)
      const chain = context.chain()
      await ask(m.title.sendTransaction, {
        fields: [
          { label: m.field.network, value: chain.name },
          { label: m.field.to, value: tx.to ?? m.newContract },
          { label: m.field.value, value: String(BigInt(tx.value ?? '0x0')) },
        ],
        ...(tx.data && tx.data !== '0x'
          ? { details: { label: m.field.data, value: tx.data } }
          : {}),
      })
      const url = context.rpcUrl(chain.id)
      const client = createWalletClient({
        account,
        chain: viemChain(chain, url),
        transport: http(url, context.fetch ? { fetchFn: context.fetch } : {}),
      })
      return client.sendTransaction({
        to: tx.to && isAddress(tx.to) ? tx.to : null,
        value: BigInt(tx.value ?? '0x0'),
        ...(tx.data && isHex(tx.data) ? { data: tx.data } : {}),
        ...(tx.gas ? { gas: BigInt(tx.gas) } : {}),
        ...(tx.nonce ? { nonce: Number(tx.nonce) } : {}),
      })
    }
    default:
      throw new Error(NOT_ALLOWED)
  }
}

function tryUtf8(hex: Hex): string {
  try {
    const bytes = Uint8Array.from(hex.slice(2).match(/../g) ?? [], (byte) => parseInt(byte, 16))
    return new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    return hex
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text)
  } catch {
    return undefined
  }
}
