import { REVERTER_REASON, reverterAbi } from '@latch/devnet'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import {
  createWalletClient,
  encodeFunctionData,
  erc20Abi,
  http,
  parseEther,
  type Address,
  type Hash,
} from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import {
  connectDevWallet,
  DEV_WALLET_RDNS,
  startHarness,
  until,
  type Harness,
} from './test/devnet-harness.js'

let h: Harness
let from: Address
const to = () => h.devnet.accounts[7]!.address as Address
const contracts = () => h.devnet.contracts[31337]!

beforeAll(async () => {
  h = await startHarness()
  from = (await connectDevWallet(h)) as Address
})
afterAll(async () => {
  await h?.stop()
})

const tokenBalance = (owner: Address) =>
  h.chainA.readContract({
    address: contracts().testToken,
    abi: erc20Abi,
    functionName: 'balanceOf',
    args: [owner],
  })

describe('EVM adapter against the devnet: writes', () => {
  it('sends the native token: the receiver gets exactly the value', async () => {
    const before = await h.chainA.getBalance({ address: to() })
    const hash = await h.adapter.sendTransaction({
      connectorId: DEV_WALLET_RDNS,
      network: h.networks[0],
      from,
      to: to(),
      value: parseEther('1.5'),
    })
    const outcome = await h.adapter.waitForTransaction({ network: h.networks[0], hash })
    expect(outcome.status).toBe('confirmed')
    expect((await h.chainA.getBalance({ address: to() })) - before).toBe(parseEther('1.5'))
  })

  it('sends an ERC-20 transfer: both balances change by the amount', async () => {
    const [fromBefore, toBefore] = await Promise.all([tokenBalance(from), tokenBalance(to())])
    const hash = await h.adapter.sendErc20({
      connectorId: DEV_WALLET_RDNS,
      from,
      token: contracts().testToken,
      to: to(),
      amount: 42n,
    })
    await h.adapter.waitForTransaction({ network: h.networks[0], hash })
    expect(fromBefore - (await tokenBalance(from))).toBe(42n)
    expect((await tokenBalance(to())) - toBefore).toBe(42n)
  })

  it('estimates gas for a plain transfer', async () => {
    const gas = await h.adapter.estimateGas({
      connectorId: DEV_WALLET_RDNS,
      network: h.networks[0],
      from,
      to: to(),
      value: 1n,
    })
    expect(gas).toBe(21_000n)
  })

  it('signs a message that the chain tools verify', async () => {
    const signature = await h.adapter.signMessage({
      connectorId: DEV_WALLET_RDNS,
      address: from,
      message: 'Sign in to Latch',
    })
    expect(
      await h.chainA.verifyMessage({
        address: from,
        message: 'Sign in to Latch',
        signature: signature as Hash,
      }),
    ).toBe(true)
  })

  it('a reverted transaction throws its revert reason', async () => {
    const hash = await h.adapter.sendTransaction({
      connectorId: DEV_WALLET_RDNS,
      network: h.networks[0],
      from,
      to: contracts().reverter,
      value: 0n,
      data: encodeFunctionData({ abi: reverterAbi, functionName: 'revertWithReason' }),
    })
    await expect(h.adapter.waitForTransaction({ network: h.networks[0], hash })).rejects.toThrow(
      REVERTER_REASON,
    )
  })

  it("a revert without a reason throws 'unknown reason'", async () => {
    const hash = await h.adapter.sendTransaction({
      connectorId: DEV_WALLET_RDNS,
      network: h.networks[0],
      from,
      to: contracts().reverter,
      value: 0n,
      data: encodeFunctionData({ abi: reverterAbi, functionName: 'revertWithoutReason' }),
    })
    await expect(h.adapter.waitForTransaction({ network: h.networks[0], hash })).rejects.toThrow(
      /^unknown reason$/,
    )
  })

  it('a transaction replaced before it is mined is reported as replaced, with the reason', async () => {
    const rpc = h.devnet.chains[0]!.rpcUrl
    // Account 2 sends directly so the dev wallet's own nonce tracking stays out of the way.
    const account = privateKeyToAccount(h.devnet.accounts[2]!.privateKey)
    const direct = createWalletClient({ account, transport: http(rpc) })
    await h.chainA.request({ method: 'evm_setAutomine' as never, params: [false] as never })
    try {
      const nonce = await h.chainA.getTransactionCount({ address: account.address })
      const fees = { maxFeePerGas: 2_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
      const original = await direct.sendTransaction({
        chain: null,
        to: to(),
        value: 1n,
        nonce,
        gas: 21_000n,
        ...fees,
      })
      // The wait must see the original once: a replacement is recognised by its sender and nonce.
      const waiting = h.adapter.waitForTransaction({ network: h.networks[0], hash: original })
      await new Promise((resolve) => setTimeout(resolve, 250))
      const replacement = await direct.sendTransaction({
        chain: null,
        to: h.devnet.accounts[8]!.address as Address,
        value: 2n,
        nonce,
        gas: 21_000n,
        maxFeePerGas: 4_000_000_000n,
        maxPriorityFeePerGas: 3_000_000_000n,
      })
      await h.chainA.request({ method: 'evm_mine' as never })
      const outcome = await waiting
      expect(outcome).toMatchObject({ status: 'replaced', reason: 'replaced', replacement })
    } finally {
      await h.chainA.request({ method: 'evm_setAutomine' as never, params: [true] as never })
    }
  })

  it('a transaction that is never mined times out', async () => {
    await h.chainA.request({ method: 'evm_setAutomine' as never, params: [false] as never })
    try {
      const account = privateKeyToAccount(h.devnet.accounts[3]!.privateKey)
      const direct = createWalletClient({ account, transport: http(h.devnet.chains[0]!.rpcUrl) })
      const hash = await direct.sendTransaction({
        chain: null,
        to: to(),
        value: 1n,
        gas: 21_000n,
        maxFeePerGas: 2_000_000_000n,
        maxPriorityFeePerGas: 1n,
      })
      const outcome = await h.adapter.waitForTransaction({
        network: h.networks[0],
        hash,
        timeoutMs: 300,
      })
      expect(outcome).toEqual({ status: 'timedOut' })
    } finally {
      await h.chainA.request({ method: 'evm_setAutomine' as never, params: [true] as never })
      await h.chainA.request({ method: 'evm_mine' as never })
    }
  })

  it('wallet_sendCalls runs both calls; the status reports them confirmed', async () => {
    const [ethBefore, tokenBefore] = await Promise.all([
      h.chainA.getBalance({ address: to() }),
      tokenBalance(to()),
    ])
    const id = await h.adapter.sendCalls({
      connectorId: DEV_WALLET_RDNS,
      network: h.networks[0],
      from,
      calls: [
        { to: to(), value: 7n },
        {
          to: contracts().testToken,
          data: encodeFunctionData({ abi: erc20Abi, functionName: 'transfer', args: [to(), 9n] }),
        },
      ],
    })
    let status = await h.adapter.getCallsStatus({ connectorId: DEV_WALLET_RDNS, id })
    await until(
      async () =>
        (status = await h.adapter.getCallsStatus({ connectorId: DEV_WALLET_RDNS, id })).status ===
        200,
    )
    expect(status.receipts).toHaveLength(2)
    expect((await h.chainA.getBalance({ address: to() })) - ethBefore).toBe(7n)
    expect((await tokenBalance(to())) - tokenBefore).toBe(9n)
  })

  it('wallet_sendCalls refuses a call whose to does not start with 0x before asking the wallet', async () => {
    await expect(
      h.adapter.sendCalls({
        connectorId: DEV_WALLET_RDNS,
        network: h.networks[0],
        from,
        calls: [{ to: 'vitalik.eth' }],
      }),
    ).rejects.toThrow('Invalid call 0: `to` must start with 0x')
  })

  it('a user rejection comes back as the user-rejected error', async () => {
    h.wallet.setApproval('auto-reject')
    try {
      await expect(
        h.adapter.sendTransaction({
          connectorId: DEV_WALLET_RDNS,
          network: h.networks[0],
          from,
          to: to(),
          value: 1n,
        }),
      ).rejects.toMatchObject({ code: 'USER_REJECTED', message: 'User rejected the request.' })
    } finally {
      h.wallet.setApproval('auto-approve')
    }
  })
})
