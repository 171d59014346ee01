import type { TransactionRequest } from '../../adapter/contract.js'
import type { TokenBalance } from '../../balances/token-balance.js'
import { LatchError } from '../../errors/latch-error.js'
import { assertAddressOnNetwork } from '../../identifiers/address-network.js'
import { formatAmount, parseAmount } from '../../identifiers/amount.js'
import type { ChainNamespace } from '../../identifiers/types.js'
import type { Network } from '../../network/network.js'
import { encodeErc20Transfer } from './erc20-transfer.js'

/** SPEC §4 "Sending": the namespaces a send is routed to; any other is 'Unsupported chain'. */
export const SEND_NAMESPACES: readonly ChainNamespace[] = ['eip155', 'solana', 'bip122']

/** The account a send is made from: the current connection, on the active network. */
export interface SendAccount {
  connectorId: string
  address: string
  network: Network
}

/** What the visitor filled in (SPEC §3 Send state's form fields). */
export interface SendForm {
  token?: TokenBalance | undefined
  /** The amount as typed, in whole tokens. */
  sendTokenAmount?: string | undefined
  /** The receiver's address (a name, once resolved, is replaced by its address). */
  receiverAddress?: string | undefined
}

/** A checked send, ready for the adapter. */
export interface SendPlan {
  /** `erc20` sends a `transfer` call to the token contract; `native` sends the coin itself. */
  kind: 'native' | 'erc20'
  namespace: ChainNamespace
  /** Base units of the token sent. */
  amount: bigint
  request: TransactionRequest
}

const DECIMAL_TEXT = /^\s*([0-9]*)\.?([0-9]*)\s*$/

/**
 * The typed amount in base units. SPEC §5: a value that is not a number is treated as zero, so
 * junk, signs and exponents read as 0n (and then the amount counts as missing). Fraction digits
 * beyond the token's decimals are cut, never rounded up.
 */
export function readSendAmount(text: string | undefined, decimals: number): bigint {
  const match = DECIMAL_TEXT.exec(text ?? '')
  if (!match || !/[0-9]/.test(text ?? '')) return 0n
  const [, whole = '', fraction = ''] = match
  try {
    return parseAmount(`${whole || '0'}.${fraction.slice(0, decimals)}`, decimals)
  } catch {
    return 0n
  }
}

/** The token's contract address (the last part of its CAIP-10 address); undefined for the native token. */
export function tokenContract(token: TokenBalance | undefined): string | undefined {
  return token?.address?.split(':')[2]
}

/** The token's decimals as a number, else the network's native decimals. */
function decimalsOf(token: TokenBalance | undefined, network: Network): number {
  const decimals = Number(token?.quantity.decimals)
  return token && Number.isInteger(decimals) ? decimals : network.nativeCurrency.decimals
}

/** The held amount in base units, when the token says (a quantity that does not parse: unknown). */
function heldAmount(token: TokenBalance, decimals: number): bigint | undefined {
  try {
    return parseAmount(token.quantity.numeric, decimals)
  } catch {
    return undefined
  }
}

/**
 * Checks a send and builds the adapter's request, in the SPEC's order (§4, §5):
 * 1. a namespace outside {@link SEND_NAMESPACES}: 'Unsupported chain';
 * 2. EVM without a token (or with a token of another chain): 'A token is required';
 * 3. no amount (zero, or not a number) or no receiver: 'An amount and receiver address are required';
 * 4. a receiver that is not an address of the network (`assertAddressOnNetwork`, one rule);
 * 5. a token contract outside EVM (only the native coin is sent there, SPEC §1);
 * 6. more than the balance, less `fee` for the native token (when the balance is known).
 * @param fee the estimated network fee in native base units, when known.
 * @throws LatchError naming the first rule broken; nothing is sent.
 */
export function planSend(form: SendForm, account: SendAccount, fee?: bigint): SendPlan {
  const { network } = account
  const namespace = network.chainNamespace
  if (!SEND_NAMESPACES.includes(namespace)) throw new LatchError('UNSUPPORTED_CHAIN')
  const { token } = form
  const onNetwork = token?.chainId === network.caipNetworkId
  if (namespace === 'eip155' && !onNetwork) throw new LatchError('SEND_TOKEN_REQUIRED')
  const decimals = decimalsOf(token, network)
  const amount = readSendAmount(form.sendTokenAmount, decimals)
  const to = form.receiverAddress?.trim() ?? ''
  if (amount === 0n || !to) throw new LatchError('SEND_AMOUNT_AND_RECEIVER_REQUIRED')
  assertAddressOnNetwork(to, network)
  const contract = onNetwork ? tokenContract(token) : undefined
  if (contract && namespace !== 'eip155') {
    const values = { symbol: network.nativeCurrency.symbol, network: network.name }
    throw new LatchError('SEND_TOKEN_NOT_SUPPORTED', { values })
  }
  const held = token && onNetwork ? heldAmount(token, decimals) : undefined
  const cost = contract ? amount : amount + (fee ?? 0n)
  if (held !== undefined && cost > held) {
    throw new LatchError('SEND_INSUFFICIENT_BALANCE', { values: { symbol: token?.symbol ?? '' } })
  }
  const from = { connectorId: account.connectorId, network, from: account.address }
  const request: TransactionRequest = contract
    ? { ...from, to: contract, value: 0n, data: encodeErc20Transfer(to, amount) }
    : { ...from, to, value: amount }
  return { kind: contract ? 'erc20' : 'native', namespace, amount, request }
}

/** {@link planSend} as a check: the first broken rule's error, or undefined when it may be sent. */
export function sendProblem(
  form: SendForm,
  account: SendAccount | undefined,
  fee?: bigint,
): LatchError | undefined {
  if (!account) return new LatchError('NO_ACTIVE_CAIP_ADDRESS')
  try {
    planSend(form, account, fee)
    return undefined
  } catch (error) {
    return error instanceof LatchError ? error : new LatchError('UNKNOWN_ERROR', { cause: error })
  }
}

/** The network's native token among the balances (no contract address, on its chain). */
export function nativeTokenOf(
  tokenBalances: readonly TokenBalance[],
  network: Network,
): TokenBalance | undefined {
  return tokenBalances.find((t) => !t.address && t.chainId === network.caipNetworkId)
}

/** An estimated network fee, shown in the native token and in USD where a price exists (issue 15). */
export interface FeeDisplay {
  /** Exact decimal text in the native token. */
  amount: string
  symbol: string
  /** USD, when the native token's price is known. */
  usd?: number
}

/** Formats a fee in native base units for display, with its USD value when priced. */
export function feeDisplay(
  fee: bigint,
  network: Network,
  tokenBalances: readonly TokenBalance[],
): FeeDisplay {
  const { decimals, symbol } = network.nativeCurrency
  const amount = formatAmount(fee, decimals)
  const price = nativeTokenOf(tokenBalances, network)?.price
  return price === undefined ? { amount, symbol } : { amount, symbol, usd: Number(amount) * price }
}
