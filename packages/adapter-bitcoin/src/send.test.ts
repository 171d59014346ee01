import './test/window.js'
import { bitcoinDevnetAccounts } from '@latch/bitcoin-devnet/browser'
import { isUserRejectedError, LatchError } from '@latch/core'
import { describe, expect, it } from 'vitest'
import { failure, mempool, satsOf, txOf, useStacks, type Stack } from './test/harness.js'

const start = useStacks()
const [first, second] = bitcoinDevnetAccounts()
/** The devnet's `/fee-estimates` rate for 6 blocks, the adapter's default target (sat/vB). */
const RATE_6_BLOCKS = 8

/** Sends, mines, and checks every sat: the fee is inputs − outputs, paid at the rate asked. */
async function sendAndCheck(
  stack: Stack,
  connectorId: string,
  { from, to, value }: { from: string; to: string; value: bigint },
) {
  const { adapter, devnet, network } = stack
  const before = { from: await satsOf(devnet, from), to: await satsOf(devnet, to) }
  const txid = await adapter.sendTransaction({ connectorId, network, from, to, value })
  expect(await mempool(devnet)).toEqual([txid])

  const tx = await txOf(devnet, txid)
  const inputs = tx.vin.reduce((sum, input) => sum + BigInt(input.prevout.value), 0n)
  const outputs = tx.vout.reduce((sum, output) => sum + BigInt(output.value), 0n)
  const fee = inputs - outputs
  expect(fee).toBe(BigInt(tx.fee))
  expect(tx.vin.every((input) => input.prevout.scriptpubkey_address === from)).toBe(true)
  expect(tx.vout.find((output) => output.scriptpubkey_address === to)?.value).toBe(Number(value))
  const vsize = Math.ceil(tx.weight / 4)
  expect(Number(fee)).toBeGreaterThanOrEqual(RATE_6_BLOCKS * vsize)

  await devnet.mine(1)
  expect((await txOf(devnet, txid)).status.confirmed).toBe(true)
  expect(await satsOf(devnet, from)).toBe(before.from - value - fee)
  expect(await satsOf(devnet, to)).toBe(before.to + value)
  const balance = await adapter.getBalance({ address: from, network })
  expect(balance.value).toBe(before.from - value - fee)
  return { txid, fee, vsize }
}

// Each way a send goes: the face, the sender's purpose, and the wallet method that signs it.
const sends = [
  {
    how: 'Wallet Standard: a PSBT the adapter builds from the payment coins, bitcoin:signTransaction',
    face: 'standard',
    from: 'payment',
    method: 'bitcoin:signTransaction',
  },
  {
    how: 'Wallet Standard: the same from a Taproot address (key path)',
    face: 'standard',
    from: 'ordinals',
    method: 'bitcoin:signTransaction',
  },
  {
    how: 'sats-connect: the wallet’s own sendTransfer, from the payment address',
    face: 'satsConnect',
    from: 'payment',
    method: 'sendTransfer',
  },
  {
    how: 'sats-connect: from the ordinals address (sendTransfer never spends it), a PSBT for signPsbt',
    face: 'satsConnect',
    from: 'ordinals',
    method: 'signPsbt',
  },
] as const

describe('sendTransaction', () => {
  it.each(sends.map((send) => [send.how, send] as const))(
    '%s: broadcast, mined, every sat accounted for',
    async (_how, send) => {
      const stack = await start()
      await stack.adapter.connect({ connectorId: stack.ids[send.face] })
      // Over 0.1 BTC: two of the ordinals address's coins (0.1 and 0.01 BTC), one payment coin.
      const { fee, vsize } = await sendAndCheck(stack, stack.ids[send.face], {
        from: first![send.from].address,
        to: second!.payment.address,
        value: 10_500_000n,
      })
      expect(stack.dev.control.requests().at(-1)).toMatchObject({
        method: send.method,
        outcome: 'approved',
      })
      if (send.method !== 'sendTransfer') {
        // The adapter's size estimate is within a few vbytes of the signed transaction's.
        expect(Number(fee)).toBeLessThanOrEqual(RATE_6_BLOCKS * (vsize + 3))
      }
    },
  )
})

describe.each(['standard', 'satsConnect'] as const)('refusals (%s face)', (face) => {
  /** A connected stack, and a send of 0.01 BTC from account 0's payment address to account 1's. */
  async function connected() {
    const stack = await start()
    await stack.adapter.connect({ connectorId: stack.ids[face] })
    const send = (change: Partial<{ from: string; to: string; value: bigint }> = {}) =>
      failure(
        stack.adapter.sendTransaction({
          connectorId: stack.ids[face],
          network: stack.network,
          from: first!.payment.address,
          to: second!.payment.address,
          value: 1_000_000n,
          ...change,
        }),
      )
    return { ...stack, send }
  }

  it('a rejection in the wallet is a user rejection core recognises, and nothing is sent', async () => {
    const { dev, devnet, send } = await connected()
    dev.control.setApproval('auto-reject')
    const before = await satsOf(devnet, first!.payment.address)
    const error = await send()
    expect(isUserRejectedError(error)).toBe(true)
    expect(dev.control.requests().at(-1)?.outcome).toBe('rejected')
    expect(await mempool(devnet)).toEqual([])
    expect(await satsOf(devnet, first!.payment.address)).toBe(before)
  })

  it('another network’s address, a non-address, dust or too much is refused before anything is asked', async () => {
    const { dev, devnet, network, send: sendTo } = await connected()
    const asked = dev.control.requests().length
    const send = (to: string, value = 1_000_000n) => sendTo({ to, value })

    const mainnet = await send('bc1qar0srrr7xfkvy5l643lydnw9re59gtzzwf5mdq')
    expect(mainnet).toBeInstanceOf(LatchError)
    expect(mainnet).toMatchObject({
      code: 'ADDRESS_ON_OTHER_NETWORK',
      message: `This is a Bitcoin mainnet address: it cannot receive on ${network.name}`,
      values: { addressNetwork: 'Bitcoin mainnet', network: network.name },
    })
    const testnet = await send('tb1qw508d6qejxtdg4y5r3zarvary0c5xw7kxpjzsx')
    expect(testnet).toMatchObject({
      code: 'ADDRESS_ON_OTHER_NETWORK',
      values: { addressNetwork: 'Bitcoin testnet' },
    })
    expect(await send('1BoatSLRHtKNngkdXEeobR76b53LETtpyT')).toMatchObject({
      code: 'ADDRESS_ON_OTHER_NETWORK',
      values: { addressNetwork: 'Bitcoin mainnet' },
    })
    expect(await send('bcrt1qnot-an-address')).toMatchObject({ code: 'INVALID_CAIP_ADDRESS' })
    // A regtest base58 shape whose checksum is wrong: caught when the output script is made.
    expect(await send('mipcBbFg9gMiCh81Kj8tqqdgoZub1ZJRfn'.replace('n', 'm'))).toMatchObject({
      code: 'INVALID_CAIP_ADDRESS',
    })
    expect(await send(second!.payment.address, 100n)).toMatchObject({ code: 'INVALID_AMOUNT' })
    expect(await send(second!.payment.address, 0n)).toMatchObject({ code: 'INVALID_AMOUNT' })
    if (face === 'standard') {
      // The adapter picks the coins: more than the address holds is refused before signing.
      expect(await send(second!.payment.address, 200_000_000n)).toMatchObject({
        code: 'INVALID_AMOUNT',
      })
    }

    expect(dev.control.requests()).toHaveLength(asked)
    expect(await mempool(devnet)).toEqual([])
  })

  it('refuses to send from an address the connection does not have', async () => {
    const { ids, send } = await connected()
    const error = await send({ from: second!.payment.address, to: first!.payment.address })
    expect(error.message).toBe(
      `Account ${second!.payment.address} not found for connector ${ids[face]}`,
    )
  })
})

describe('estimateGas', () => {
  it('is 0n: Bitcoin has no gas (SPEC §5)', async () => {
    const { adapter, ids, network } = await start()
    expect(
      await adapter.estimateGas({
        connectorId: ids.standard,
        network,
        from: first!.payment.address,
        to: second!.payment.address,
        value: 1n,
      }),
    ).toBe(0n)
  })
})
