import { encodeErc20Transfer, type FollowTransactionRequest, type Network } from '@latch/core'
import { REVERTER_REASON, reverterAbi } from '@latch/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  isHash,
  parseEther,
  type Address,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  connectDevWallet,
  DEV_WALLET_RDNS,
  startHarness,
  type Harness,
} from './test/devnet-harness.js'

let h: Harness
let from: string

beforeAll(async () => {
  h = await startHarness()
  from = await connectDevWallet(h)
})
afterAll(() => h?.stop())

const to = () => h.devnet.accounts[6]!.address
const contracts = () => h.devnet.contracts[31337]!
const network = (): Network => h.networks[0]

/** The follow request with the SPEC's page timeout, as core sends it. */
const follow = (hash: string, extra: Partial<FollowTransactionRequest> = {}) =>
  h.adapter.followTransaction({
    network: network(),
    hash,
    timeoutMs: 25_000,
    retryCount: 6,
    ...extra,
  })

const send = (tx: { to: Address; value?: bigint; data?: `0x${string}` }) =>
  h.adapter.sendTransaction({
    connectorId: DEV_WALLET_RDNS,
    network: network(),
    from,
    to: tx.to,
    value: tx.value ?? 0n,
    ...(tx.data ? { data: tx.data } : {}),
  })

/** A wallet client for a devnet account, sending directly (the dev wallet keeps out of the way). */
function direct(account: number) {
  return createWalletClient({
    account: privateKeyToAccount(h.devnet.accounts[account]!.privateKey),
    transport: http(h.devnet.chains[0]!.rpcUrl),
  })
}

/** Runs `send` with mining paused, from devnet account `account`; mines what is left after. */
async function withMiningPaused(
  account: number,
  send: (wallet: ReturnType<typeof direct>) => Promise<void>,
): Promise<void> {
  await h.chainA.request({ method: 'evm_setAutomine' as never, params: [false] as never })
  try {
    await send(direct(account))
  } finally {
    await h.chainA.request({ method: 'evm_setAutomine' as never, params: [true] as never })
    await h.chainA.request({ method: 'evm_mine' as never })
  }
}

/** A transfer with a tip of 1 wei: sent while mining is paused, it stays pending. */
const sendUnmined = (wallet: ReturnType<typeof direct>) =>
  wallet.sendTransaction({
    chain: null,
    to: to(),
    value: 1n,
    gas: 21_000n,
    maxFeePerGas: 2_000_000_000n,
    maxPriorityFeePerGas: 1n,
  })

describe('EVM adapter against the devnet: core send support', () => {
  it("core's ERC-20 transfer call data is viem's, and moves the tokens", async () => {
    const data = encodeErc20Transfer(to(), 7n)
    expect(data).toBe(
      encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to(), 7n] }),
    )
    const balance = () =>
      h.chainA.readContract({
        address: contracts().testToken,
        abi: erc20Abi,
        functionName: 'balanceOf',
        args: [to()],
      })
    const before = await balance()
    const hash = await send({ to: contracts().testToken, data })
    await expect(follow(hash)).resolves.toEqual({ status: 'confirmed' })
    expect((await balance()) - before).toBe(7n)
  })

  it('estimates a fee that covers what a native transfer really costs', async () => {
    const request = { connectorId: DEV_WALLET_RDNS, network: network(), from, to: to(), value: 1n }
    const fee = await h.adapter.estimateFee(request)
    const hash = await h.adapter.sendTransaction(request)
    await follow(hash)
    if (!isHash(hash)) throw new Error(`not a hash: ${hash}`)
    const receipt = await h.chainA.getTransactionReceipt({ hash })
    expect(fee).toBeGreaterThan(0n)
    expect(receipt.gasUsed * receipt.effectiveGasPrice).toBeLessThanOrEqual(fee)
  })

  it('a native send is followed to confirmed', async () => {
    const hash = await send({ to: to(), value: parseEther('0.01') })
    await expect(follow(hash)).resolves.toEqual({ status: 'confirmed' })
  })

  it('a revert is an outcome with its reason', async () => {
    const data = encodeFunctionData({ abi: reverterAbi, functionName: 'revertWithReason' })
    const hash = await send({ to: contracts().reverter, data })
    await expect(follow(hash)).resolves.toEqual({ status: 'reverted', reason: REVERTER_REASON })
  })

  it("a revert without a reason has an empty one (core shows 'unknown reason')", async () => {
    const data = encodeFunctionData({ abi: reverterAbi, functionName: 'revertWithoutReason' })
    const hash = await send({ to: contracts().reverter, data })
    await expect(follow(hash)).resolves.toEqual({ status: 'reverted', reason: '' })
  })

  it('a transaction replaced by a higher-fee one is reported replaced, with the reason', async () => {
    await withMiningPaused(4, async (wallet) => {
      const nonce = await h.chainA.getTransactionCount({ address: wallet.account.address })
      const base = { chain: null, nonce, gas: 21_000n } as const
      const original = await wallet.sendTransaction({
        ...base,
        to: to(),
        value: 1n,
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1_000_000_000n,
      })
      const waiting = follow(original)
      // The follow must have seen the original once: a replacement is known by sender and nonce.
      await new Promise((resolve) => setTimeout(resolve, 250))
      const replacement = await wallet.sendTransaction({
        ...base,
        to: h.devnet.accounts[8]!.address as Address,
        value: 2n,
        maxFeePerGas: 4_000_000_000n,
        maxPriorityFeePerGas: 3_000_000_000n,
      })
      await h.chainA.request({ method: 'evm_mine' as never })
      await expect(waiting).resolves.toEqual({
        status: 'replaced',
        reason: 'replaced',
        replacement,
      })
    })
  })

  it('a transaction never mined times out', async () => {
    await withMiningPaused(5, async (wallet) => {
      const hash = await sendUnmined(wallet)
      await expect(follow(hash, { timeoutMs: 300 })).resolves.toEqual({ status: 'timedOut' })
    })
  })

  it('an aborted follow stops at once and rejects', async () => {
    await withMiningPaused(5, async (wallet) => {
      const controller = new AbortController()
      const waiting = follow(await sendUnmined(wallet), { signal: controller.signal })
      controller.abort()
      await expect(waiting).rejects.toThrow()
    })
  })
})
