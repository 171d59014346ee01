/**
 * The regtest chain's state: every transaction seen, which outputs are spent and by whom, the
 * mempool and the block list. Transactions enter through {@link RegtestChain.submit}, which
 * checks them as bitcoind's `sendrawtransaction` does, or through the faucet; {@link
 * RegtestChain.mine} confirms the whole mempool in the next block.
 */
import { crypto, Transaction, type TxOutput } from 'bitcoinjs-lib'
import { hashOf, outpointKey, toHex, txidOf } from './bitcoin.js'
import { checkStandard, checkTransaction, decodeTransaction } from './checks.js'
import { BITCOIN_REGTEST_GENESIS_HASH, BITCOIN_REGTEST_GENESIS_TIME } from './network.js'
import { formatMoney, rejected, RPC_ERROR, TxRejection } from './rejection.js'
import { verifyInputs } from './verify.js'

/** A block: synthetic (no header, no proof of work), with a hash derived from its contents. */
export interface BlockRecord {
  readonly hash: string
  readonly height: number
  /** Unix seconds: the wall clock when mined, and always after the previous block. */
  readonly time: number
  readonly txids: readonly string[]
}

/** A transaction the chain holds, confirmed or in the mempool. */
export interface TxRecord {
  readonly txid: string
  readonly tx: Transaction
  /** The outputs its inputs spend; `undefined` for the faucet's coinbase-like input. */
  readonly prevouts: readonly (TxOutput | undefined)[]
  /** Inputs minus outputs, in sats (0 for a faucet transaction). */
  readonly fee: bigint
  /** Arrival order, for Esplora's newest-first histories. */
  readonly sequence: number
  /** The block that confirmed it; undefined while in the mempool. */
  block: BlockRecord | undefined
}

/** Chain-wide settings. */
export interface ChainPolicy {
  /** bitcoind's -minrelaytxfee, in sat/vB. */
  readonly minRelayFeeRate: number
}

// sendrawtransaction's default maxfeerate: 0.10 BTC/kvB, i.e. 10,000 sat/vB.
const MAX_FEE_RATE = 10_000n
const FAUCET_TAG = new TextEncoder().encode('latch-bitcoin-devnet faucet')

export class RegtestChain {
  private readonly blocks: BlockRecord[] = [
    {
      hash: BITCOIN_REGTEST_GENESIS_HASH,
      height: 0,
      time: BITCOIN_REGTEST_GENESIS_TIME,
      txids: [],
    },
  ]
  private readonly txs = new Map<string, TxRecord>()
  /** outpoint → the txid of the transaction (confirmed or in the mempool) that spends it. */
  private readonly spends = new Map<string, string>()
  /** Insertion-ordered, so parents always come before the children that spend them. */
  private readonly mempool = new Set<string>()
  /** output script (hex) → txids paying or spending it, in arrival order. */
  private readonly byScript = new Map<string, string[]>()
  private arrivals = 0
  private faucets = 0

  constructor(private readonly policy: ChainPolicy) {}

  /** The last block. */
  get tip(): BlockRecord {
    return this.blocks[this.blocks.length - 1]!
  }

  /** The block at a height, if the chain is that long. */
  blockAt(height: number): BlockRecord | undefined {
    return this.blocks[height]
  }

  transaction(txid: string): TxRecord | undefined {
    return this.txs.get(txid)
  }

  /** The txid of the transaction spending an output, if one does (confirmed or not). */
  spender(txid: string, vout: number): string | undefined {
    return this.spends.get(outpointKey(txid, vout))
  }

  /** Every transaction paying or spending an output script, oldest first. */
  history(scriptHex: string): TxRecord[] {
    return (this.byScript.get(scriptHex) ?? []).map((txid) => this.txs.get(txid)!)
  }

  /** The mempool's txids, oldest first. */
  mempoolTxids(): string[] {
    return [...this.mempool]
  }

  /**
   * Accepts a raw transaction into the mempool after bitcoind's checks: decoding, consensus,
   * standardness, conflicts, inputs, fees, then every signature. Resubmitting a transaction that
   * is already in the mempool answers its txid, as bitcoind does.
   * @returns its txid.
   * @throws TxRejection (with bitcoind's code and message), and then nothing has changed.
   */
  submit(hex: string): string {
    const tx = decodeTransaction(hex)
    checkTransaction(tx)
    const txid = tx.getId()
    const known = this.txs.get(txid)
    if (known !== undefined && known.block === undefined) return txid
    if (known !== undefined && tx.outs.some((_, vout) => this.spender(txid, vout) === undefined)) {
      throw new TxRejection(RPC_ERROR.alreadyInChain, 'Transaction outputs already in utxo set')
    }
    checkStandard(tx)
    const prevouts = this.prevoutsOf(tx)
    const valueIn = prevouts.reduce((sum, prevout) => sum + prevout.value, 0n)
    const valueOut = tx.outs.reduce((sum, output) => sum + output.value, 0n)
    if (valueIn < valueOut) {
      throw rejected(
        'bad-txns-in-belowout',
        `value in (${formatMoney(valueIn)}) < value out (${formatMoney(valueOut)})`,
      )
    }
    const fee = valueIn - valueOut
    const vsize = BigInt(tx.virtualSize())
    const required = BigInt(Math.ceil(this.policy.minRelayFeeRate * tx.virtualSize()))
    if (fee < required) throw rejected('min relay fee not met', `${fee} < ${required}`)
    verifyInputs(tx, prevouts)
    if (fee > vsize * MAX_FEE_RATE) {
      throw new TxRejection(
        RPC_ERROR.verify,
        'Fee exceeds maximum configured by user (e.g. -maxtxfee, maxfeerate)',
      )
    }
    this.accept(txid, tx, prevouts, fee)
    return txid
  }

  /**
   * Pays `sats` to an output script from nowhere: a coinbase-like transaction (one null input)
   * that goes into the mempool like any other, to be confirmed by the next block.
   */
  faucet(script: Uint8Array, sats: bigint): { txid: string; vout: number } {
    const tx = new Transaction()
    tx.version = 2
    const counter = new Uint8Array(4)
    new DataView(counter.buffer).setUint32(0, ++this.faucets, true)
    // A coinbase's scriptSig must be unique: the counter, then a tag saying where it came from.
    const scriptSig = Uint8Array.from([4, ...counter, FAUCET_TAG.length, ...FAUCET_TAG])
    tx.addInput(new Uint8Array(32), 0xffffffff, 0xffffffff, scriptSig)
    tx.addOutput(script, sats)
    const txid = tx.getId()
    this.accept(txid, tx, [undefined], 0n)
    return { txid, vout: 0 }
  }

  /** Mines `count` blocks; the first confirms the whole mempool. @returns the new blocks. */
  mine(count: number): BlockRecord[] {
    const mined: BlockRecord[] = []
    for (let index = 0; index < count; index++) {
      const txids = [...this.mempool]
      this.mempool.clear()
      const block = this.nextBlock(txids)
      this.blocks.push(block)
      for (const txid of txids) this.txs.get(txid)!.block = block
      mined.push(block)
    }
    return mined
  }

  /** The outputs a transaction spends, refusing conflicts and missing or spent ones. */
  private prevoutsOf(tx: Transaction): TxOutput[] {
    // bitcoind looks for mempool conflicts first: no replacement (RBF) here.
    for (const input of tx.ins) {
      const spender = this.spender(txidOf(input.hash), input.index)
      if (spender !== undefined && this.mempool.has(spender)) throw rejected('txn-mempool-conflict')
    }
    return tx.ins.map((input) => {
      const parent = this.txs.get(txidOf(input.hash))
      const output = parent?.tx.outs[input.index]
      if (output === undefined || this.spender(parent!.txid, input.index) !== undefined) {
        throw new TxRejection(RPC_ERROR.verify, 'bad-txns-inputs-missingorspent')
      }
      return output
    })
  }

  private accept(
    txid: string,
    tx: Transaction,
    prevouts: readonly (TxOutput | undefined)[],
    fee: bigint,
  ): void {
    this.txs.set(txid, { txid, tx, prevouts, fee, sequence: this.arrivals++, block: undefined })
    this.mempool.add(txid)
    tx.ins.forEach((input, index) => {
      if (prevouts[index] !== undefined) {
        this.spends.set(outpointKey(txidOf(input.hash), input.index), txid)
      }
    })
    const scripts = new Set([
      ...tx.outs.map((output) => toHex(output.script)),
      ...prevouts.flatMap((prevout) => (prevout ? [toHex(prevout.script)] : [])),
    ])
    for (const script of scripts) {
      const txids = this.byScript.get(script) ?? []
      txids.push(txid)
      this.byScript.set(script, txids)
    }
  }

  private nextBlock(txids: string[]): BlockRecord {
    const previous = this.tip
    const height = previous.height + 1
    // Deterministic from its parent, height and transactions, and shaped like a real hash
    // (double SHA-256, written in display order as txids are).
    const heightBytes = new Uint8Array(4)
    new DataView(heightBytes.buffer).setUint32(0, height, true)
    const preimage = Uint8Array.from([
      ...hashOf(previous.hash),
      ...heightBytes,
      ...txids.flatMap((txid) => [...hashOf(txid)]),
    ])
    return {
      hash: txidOf(crypto.hash256(preimage)),
      height,
      time: Math.max(previous.time + 1, Math.floor(Date.now() / 1000)),
      txids,
    }
  }
}
