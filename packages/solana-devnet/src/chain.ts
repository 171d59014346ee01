/**
 * The chain: one LiteSVM (the real Solana runtime, in-process) plus what a validator adds around
 * it and LiteSVM leaves out: slots that advance, a window of recent blockhashes, signature
 * statuses, and events for the WebSocket subscriptions. It knows nothing of JSON-RPC.
 *
 * Every transaction that lands is processed in the current slot, which then closes: the slot
 * advances by one, the clock moves, and a new blockhash is issued. All commitments are the same
 * bank here, so a landed transaction is at once processed, confirmed and finalized.
 */
import {
  getBase58Decoder,
  lamports,
  type Address,
  type EncodedAccount,
  type Lamports,
  type Signature,
} from '@solana/kit'
import {
  EpochSchedule,
  FailedTransactionMetadata,
  LiteSVM,
  type TransactionMetadata,
} from 'litesvm'
import { messageFee } from './fees.js'
import { chargesFee, toUiTransactionError, type UiTransactionError } from './transaction-error.js'
import type { DecodedMessage, WireTransaction } from './wire.js'

/** A landed transaction's status: the slot it was processed in and its error, if it failed. */
export interface SignatureStatus {
  readonly slot: bigint
  readonly err: UiTransactionError | null
}

/** What a slotNotification carries. */
export interface SlotInfo {
  readonly slot: bigint
  readonly parent: bigint
  readonly root: bigint
}

/** The outcome of running a transaction without committing it (simulateTransaction, preflight). */
export interface Simulation {
  readonly err: UiTransactionError | null
  readonly logs: string[]
  readonly unitsConsumed: bigint
  readonly returnData: { programId: Address; data: Uint8Array } | null
  /** Per instruction index, the inner (CPI) instructions, as compiled by the runtime. */
  readonly innerInstructions: {
    index: number
    instructions: {
      programIdIndex: number
      accounts: number[]
      data: Uint8Array
      stackHeight: number
    }[]
  }[]
  /** The fee the transaction would pay, or null when it would not be loaded at all. */
  readonly fee: bigint | null
  /** Accounts as the transaction would leave them (only those it loaded). */
  readonly postAccounts: ReadonlyMap<Address, EncodedAccount>
}

/** What {@link SolanaChain.send} did with a transaction. */
export type SendOutcome =
  | { readonly kind: 'accepted'; readonly signature: string }
  | { readonly kind: 'rejected'; readonly simulation: Simulation }

/** How many slots a blockhash stays usable (solana's MAX_PROCESSING_AGE). */
export const BLOCKHASH_VALIDITY_SLOTS = 150n
/** Slots per epoch, as on mainnet; no warm-up, so the epoch is simply slot / this. */
export const SLOTS_PER_EPOCH = 432_000n
// Lamports LiteSVM's faucet starts with: enough for any airdrop (2^62, far below u64::MAX).
const FAUCET_LAMPORTS = 2n ** 62n
// Statuses kept for getSignatureStatuses; the oldest go first. A node keeps far fewer.
const MAX_STATUSES = 100_000
const SYSTEM_PROGRAM = '11111111111111111111111111111111'
// A nonce account's stored blockhash: after version (u32), state (u32) and authority (32 bytes).
const NONCE_VALUE_OFFSET = 40

type Listener<T> = (value: T) => void

/** A minimal typed event: listeners run in order; one that throws does not stop the others. */
class Signal<T> {
  readonly #listeners = new Set<Listener<T>>()
  on(listener: Listener<T>): () => void {
    this.#listeners.add(listener)
    return () => this.#listeners.delete(listener)
  }
  emit(value: T): void {
    for (const listener of [...this.#listeners]) {
      try {
        listener(value)
      } catch {
        // A subscriber's failure (a closed socket) is its own; the chain goes on.
      }
    }
  }
}

const base58 = getBase58Decoder()

export class SolanaChain {
  readonly svm: LiteSVM
  /** The first blockhash: the chain's genesis hash. */
  readonly genesisHash: string
  /** A slot closed: fired after every landed transaction (and every tick). */
  readonly slots = new Signal<SlotInfo>()
  /** A transaction landed, successfully or not. */
  readonly signatures = new Signal<{ signature: string; status: SignatureStatus }>()
  /** A transaction passed preflight and is about to run (signatureSubscribe's "received"). */
  readonly received = new Signal<string>()

  #slot = 0n
  #transactionCount = 0n
  readonly #blockhashes = new Map<string, bigint>()
  readonly #statuses = new Map<string, SignatureStatus>()

  constructor() {
    // The blockhash check is the chain's own (a window of recent ones, as on a node): LiteSVM
    // accepts only its latest blockhash, which changes every slot here.
    this.svm = new LiteSVM().withLamports(FAUCET_LAMPORTS).withBlockhashCheck(false)
    this.svm.setEpochSchedule(new EpochSchedule(SLOTS_PER_EPOCH, SLOTS_PER_EPOCH, false, 0n, 0n))
    this.#setClock()
    this.genesisHash = this.svm.latestBlockhash()
    this.#blockhashes.set(this.genesisHash, BLOCKHASH_VALIDITY_SLOTS)
  }

  /** The current slot. Every slot has a block here, so it is also the block height. */
  get slot(): bigint {
    return this.#slot
  }

  get transactionCount(): bigint {
    return this.#transactionCount
  }

  /** The newest blockhash and the last block height at which it is still accepted. */
  latestBlockhash(): { blockhash: string; lastValidBlockHeight: bigint } {
    const blockhash = this.svm.latestBlockhash()
    return { blockhash, lastValidBlockHeight: this.#blockhashes.get(blockhash)! }
  }

  /** Whether a transaction naming this lifetime (a blockhash, or a durable nonce) may still land. */
  isLifetimeValid(message: DecodedMessage): boolean {
    const lastValid = this.#blockhashes.get(message.lifetimeToken)
    if (lastValid !== undefined) return lastValid >= this.#slot
    const nonceAccount = durableNonceAccount(message)
    if (nonceAccount === undefined) return false
    const account = this.getAccount(nonceAccount)
    const stored = account?.data.subarray(NONCE_VALUE_OFFSET, NONCE_VALUE_OFFSET + 32)
    return stored?.length === 32 && base58.decode(stored) === message.lifetimeToken
  }

  /** An account, or null when it does not exist (a node purges accounts with no lamports). */
  getAccount(address: Address): (EncodedAccount & { data: Uint8Array }) | null {
    const account = this.svm.getAccount(address)
    if (!account.exists || account.lamports === 0n) return null
    return { ...account, data: Uint8Array.from(account.data) }
  }

  getBalance(address: Address): Lamports {
    return this.svm.getBalance(address) ?? lamports(0n)
  }

  getStatus(signature: string): SignatureStatus | null {
    return this.#statuses.get(signature) ?? null
  }

  /** Why the runtime would turn a transaction away before running it, if it would. */
  #admissionError(wire: WireTransaction, checkLifetime: boolean): UiTransactionError | null {
    if (checkLifetime && !this.isLifetimeValid(wire.message)) return 'BlockhashNotFound'
    if (this.#statuses.has(wire.signature)) return 'AlreadyProcessed'
    return null
  }

  /**
   * Runs a transaction against the current state without keeping its effects, as
   * simulateTransaction does. With `replaceRecentBlockhash` its blockhash is not checked.
   */
  simulate(
    wire: WireTransaction,
    options: { sigVerify: boolean; replaceRecentBlockhash: boolean },
  ): Simulation {
    const refused = this.#admissionError(wire, !options.replaceRecentBlockhash)
    if (refused !== null) return emptySimulation(refused)
    if (options.sigVerify && !wire.fullySigned) return emptySimulation('SignatureFailure')
    this.svm.withSigverify(options.sigVerify)
    let result
    try {
      result = this.svm.simulateTransaction(wire.transaction)
    } finally {
      this.svm.withSigverify(true)
    }
    if (result instanceof FailedTransactionMetadata) {
      const err = toUiTransactionError(result.err())
      return simulationOf(result.meta(), err, chargesFee(err) ? messageFee(wire.message) : null)
    }
    const postAccounts = new Map(result.postAccounts().map((account) => [account.address, account]))
    return { ...simulationOf(result.meta(), null, messageFee(wire.message)), postAccounts }
  }

  /**
   * Submits a transaction, as sendTransaction does. Unless `skipPreflight`, it is simulated
   * first (signatures verified) and turned away if that fails. It then runs, unless the runtime
   * would drop it unprocessed (bad signature, expired blockhash, already processed): then, as on
   * a node, it is accepted but never gets a status.
   */
  send(wire: WireTransaction, options: { skipPreflight: boolean }): SendOutcome {
    if (!options.skipPreflight) {
      const simulation = this.simulate(wire, { sigVerify: true, replaceRecentBlockhash: false })
      if (simulation.err !== null) return { kind: 'rejected', simulation }
    }
    this.received.emit(wire.signature)
    if (wire.fullySigned && this.#admissionError(wire, true) === null) {
      const result = this.svm.sendTransaction(wire.transaction)
      if (!(result instanceof FailedTransactionMetadata)) this.#land(wire.signature, null)
      else if (this.svm.getTransaction(wire.signature as Signature) !== null) {
        // It was loaded and charged its fee: a failed transaction that still lands in the block.
        this.#land(wire.signature, toUiTransactionError(result.err()))
      }
    }
    return { kind: 'accepted', signature: wire.signature }
  }

  /**
   * Sends lamports from LiteSVM's faucet in a real transaction, as requestAirdrop does.
   * @returns its signature once it landed (null if it never did), and its error if it failed.
   */
  airdrop(
    address: Address,
    amount: bigint,
  ): { signature: string | null; err: UiTransactionError | null } {
    const result = this.svm.airdrop(address, lamports(amount))
    if (result === null) return { signature: null, err: 'AccountNotFound' }
    if (result instanceof FailedTransactionMetadata) {
      const err = toUiTransactionError(result.err())
      const signature = base58.decode(result.meta().signature())
      if (this.svm.getTransaction(signature as Signature) === null) return { signature: null, err }
      this.#land(signature, err)
      return { signature, err }
    }
    const signature = base58.decode(result.signature())
    this.#land(signature, null)
    return { signature, err: null }
  }

  /** Closes the current slot with no transaction (for a devnet whose slots also advance with time). */
  tick(): void {
    this.#advanceSlot()
  }

  #land(signature: string, err: UiTransactionError | null): void {
    const status = { slot: this.#slot, err }
    this.#statuses.set(signature, status)
    if (this.#statuses.size > MAX_STATUSES) {
      this.#statuses.delete(this.#statuses.keys().next().value!)
    }
    this.#transactionCount++
    this.signatures.emit({ signature, status })
    this.#advanceSlot()
  }

  #advanceSlot(): void {
    const parent = this.#slot
    this.#slot++
    this.#setClock()
    this.svm.expireBlockhash()
    this.#blockhashes.set(this.svm.latestBlockhash(), this.#slot + BLOCKHASH_VALIDITY_SLOTS)
    for (const [blockhash, lastValid] of this.#blockhashes) {
      if (lastValid >= this.#slot) break
      this.#blockhashes.delete(blockhash)
    }
    this.slots.emit({ slot: this.#slot, parent, root: parent })
  }

  /** Moves LiteSVM's clock sysvar to the current slot, epoch and wall-clock time. */
  #setClock(): void {
    const clock = this.svm.getClock()
    clock.slot = this.#slot
    clock.epoch = this.#slot / SLOTS_PER_EPOCH
    clock.unixTimestamp = BigInt(Math.floor(Date.now() / 1000))
    this.svm.setClock(clock)
  }
}

function emptySimulation(err: UiTransactionError): Simulation {
  return {
    err,
    logs: [],
    unitsConsumed: 0n,
    returnData: null,
    innerInstructions: [],
    fee: null,
    postAccounts: new Map(),
  }
}

function simulationOf(
  meta: TransactionMetadata,
  err: UiTransactionError | null,
  fee: bigint | null,
): Simulation {
  const returned = meta.returnData()
  const data = returned.data()
  return {
    err,
    logs: meta.logs(),
    unitsConsumed: meta.computeUnitsConsumed(),
    returnData:
      data.length === 0
        ? null
        : { programId: base58.decode(returned.programId()) as Address, data },
    innerInstructions: meta
      .innerInstructions()
      .map((inner, index) => ({
        index,
        instructions: inner.map((entry) => {
          const compiled = entry.instruction()
          return {
            programIdIndex: compiled.programIdIndex(),
            accounts: [...compiled.accounts()],
            data: compiled.data(),
            stackHeight: entry.stackHeight(),
          }
        }),
      }))
      .filter((inner) => inner.instructions.length > 0),
    fee,
    postAccounts: new Map(),
  }
}

/**
 * The nonce account of a durable-nonce transaction: one whose first instruction is the System
 * program's AdvanceNonceAccount (instruction 4). Only legacy and v0 messages carry one.
 */
function durableNonceAccount(message: DecodedMessage): Address | undefined {
  if (message.version === 1) return undefined
  const first = message.instructions[0]
  if (first === undefined || message.staticAccounts[first.programAddressIndex] !== SYSTEM_PROGRAM) {
    return undefined
  }
  const data = first.data
  if (data?.length !== 4 || data[0] !== 4 || data[1] !== 0 || data[2] !== 0 || data[3] !== 0) {
    return undefined
  }
  const index = first.accountIndices?.[0]
  return index === undefined ? undefined : message.staticAccounts[index]
}
